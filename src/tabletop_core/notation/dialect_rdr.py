"""The ``rdr`` dialect's face: rpg-dice-roller's notation (5.5.x), read and rolled exactly as it does.

``parse(text, dialect="rdr")``, ``roll(text, dialect="rdr")`` and
``distribution(text, dialect="rdr")`` use this module. A JavaScript app and a Python
bot that share notation (a Foundry module, a Discord bot) get the same totals from the
same dice. rpg-dice-roller reads text its own way, and so does this dialect:

* modifiers run in one fixed order, whatever the order written: ``min``, ``max``,
  explode, reroll, unique, keep, drop, target, ``cs``, ``cf``, sort; a modifier written
  twice keeps the last one;
* an explosion's dice are shown right after the die that exploded (``2d6!`` on 6, 6, 2, 3
  shows ``[6!, 2, 6!, 3]``: each die's chain in turn, after all dice were drawn);
* keep and drop sort every die by face and cut with JavaScript's ``slice``: ``3d6kh4``
  keeps one die, ``3d6kh5`` two; a group of one sub-expression keeps or drops the dice of
  all its terms together (``{4d6+2d8}k3``);
* the arithmetic is mathjs's on floats: ``/`` divides exactly, ``%`` before a minus is a
  percentage (``5 % -2`` is ``5% - 2``, -1.95), ``-2^2`` is -4; the total is rounded to
  2 decimals (a float where it is not whole);
* ``r`` and ``u`` need no compare point (``r`` rerolls the lowest face), ``r1`` is not
  notation (write ``r=1``); ``<>`` is not equal; descriptions (``[fire]``, ``# fire``,
  ``/* */``) may follow a dice term or group only; no space may lead the text.

Where rpg-dice-roller gives a value this library cannot keep exactly it refuses the
text with a NotationError: a total that is not a finite number (``1/0``, ``0/0``), a
complex one (``sqrt(-1)``), a die with fractional sides or a fractional ``min``/``max``,
and a modifier a roll group does not take. The dialect's full list of readings is on
the dialects page of the docs.

Examples:
    >>> from tabletop_core import ScriptedDice
    >>> from tabletop_core.notation import roll
    >>> roll("2d6!", rng=ScriptedDice([6, 6, 2, 3]), dialect="rdr").total
    17
    >>> roll("3d6kh4", rng=ScriptedDice([2, 5, 4]), dialect="rdr").total
    5
    >>> roll("1d6/2", rng=ScriptedDice([3]), dialect="rdr").total
    1.5
"""

from __future__ import annotations

from tabletop_core.notation._rdr.parser import parse_rdr
from tabletop_core.notation._rdr.tree import RdrComparePoint, RdrDice, RdrExpression, RdrGroup, RdrModifier

__all__ = ["RdrComparePoint", "RdrDice", "RdrExpression", "RdrGroup", "RdrModifier", "parse_rdr"]
