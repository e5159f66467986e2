"""The ``d20`` dialect's face: the notation of the d20 package (Avrae's roller), read as it reads it.

``parse(text, dialect="d20")``, ``roll(text, dialect="d20")`` and
``distribution(text, dialect="d20")`` use this module. It is a separate grammar,
not a variant of the default one, because the same text means different things:

* ``4d6k3`` keeps the dice showing 3 (a bare number selects that face), not the
  highest 3; ``kh3`` keeps the highest 3, ``k>4`` the dice above 4;
* ``2d6 >= 7`` compares the total with 7 and is worth 1 or 0 (comparisons are
  the loosest operators, then ``+ -``, then ``* / // %``, then unary ``+ -``);
* ``/`` divides exactly (decimals are allowed: ``1.5 * 2``) and the total is
  truncated toward zero at the end; ``//`` floors and ``%`` is the remainder;
* ``d%`` is a tens die: 0, 10, ..., 90;
* dice operators apply in the order written, to the dice still kept:
  ``k p`` (keep, drop), ``rr`` (reroll until no longer selected), ``ro``
  (reroll once), ``ra`` (one extra die for the first selected), ``e``
  (explode: an extra die per selected die, repeatedly), ``mi``/``ma``
  (raise/lower faces to at least/at most a number); selectors are ``hN``,
  ``lN``, ``<N``, ``>N`` or a bare face ``N``;
* sets ``(1d4, 2+2, 3d6kl1)kh1`` keep or drop whole members; a parenthesised
  dice term ``(4d6)kh3`` keeps its dice;
* ``[annotations]`` follow any term; text after a complete expression is a
  comment (``1d20+5 to hit``) unless it starts with what the package's lexer
  reads as a token there (``,``, ``)``, an operator, a dice operator after a
  die, selector or set): ``1d20+5, 1d8`` is refused, as the package refuses
  it. A leading ``d20`` kept alone is a critical hit on 20 and a critical
  failure on 1.

The text is matched case-sensitively (``1D6`` is ``1`` with the comment ``D6``),
no whitespace may lead it, and no whitespace may sit inside a dice term, exactly
as in the d20 package. The default limits apply (1,000 dice rolled, rerolls
included, as the d20 package's own roll budget; 10,000 sides).

Examples:
    >>> from tabletop_core import ScriptedDice
    >>> from tabletop_core.notation import roll
    >>> roll("4d6k3", rng=ScriptedDice([3, 5, 3, 1]), dialect="d20").total
    6
    >>> roll("2d6 >= 7 hits", rng=ScriptedDice([3, 5]), dialect="d20").total
    1
"""

from __future__ import annotations

from tabletop_core.notation._d20.odds import distribution_d20 as distribution_d20
from tabletop_core.notation._d20.parser import as_d20_expression as as_d20_expression
from tabletop_core.notation._d20.parser import parse_d20
from tabletop_core.notation._d20.render import rolled_tree_d20 as rolled_tree_d20
from tabletop_core.notation._d20.roll import roll_d20 as roll_d20
from tabletop_core.notation._d20.tree import COMPARISONS as COMPARISONS
from tabletop_core.notation._d20.tree import DICE_OPERATORS as DICE_OPERATORS
from tabletop_core.notation._d20.tree import SET_OPERATORS as SET_OPERATORS
from tabletop_core.notation._d20.tree import (
    D20Annotated,
    D20Chain,
    D20Dice,
    D20Expression,
    D20Literal,
    D20Op,
    D20Paren,
    D20Selector,
    D20Set,
    D20Unary,
)
from tabletop_core.notation._d20.tree import Value as Value

__all__ = [
    "D20Annotated",
    "D20Chain",
    "D20Dice",
    "D20Expression",
    "D20Literal",
    "D20Op",
    "D20Paren",
    "D20Selector",
    "D20Set",
    "D20Unary",
    "parse_d20",
]
