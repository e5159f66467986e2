"""Dice notation for bots and apps: ``4d6kh3``, ``1d20+5 [attack]``, ``10d10!>=8``.

Three calls cover it: :func:`parse` (a frozen expression whose ``str()`` is
canonical notation), :func:`roll` (every die kept, rendered for chat) and
:func:`distribution` (exact odds). Every input is bounded by :class:`Limits`, so
text typed by strangers cannot hang a bot.

Examples:
    >>> import tabletop_core as tc
    >>> result = tc.notation.roll("1d20+5 [attack]", rng=tc.ScriptedDice([17]))
    >>> print(result)
    attack: 1d20 (17) + 5 = 22
    >>> tc.notation.distribution("2d6").probability(7)
    Fraction(1, 6)
"""

from typing import TYPE_CHECKING

from tabletop_core._lazy import lazy_attributes
from tabletop_core.notation._default.expression import Expression
from tabletop_core.notation._default.functions import VsOutcome
from tabletop_core.notation._default.nodes import (
    Call,
    ComputedDice,
    Group,
    Labeled,
    Negate,
    Node,
    Product,
    Sum,
    Variable,
)
from tabletop_core.notation._default.terms import Clamp, Comparison, Crit, Dice, Explode, Number, Reroll, Select
from tabletop_core.notation._front import distribution, parse, roll
from tabletop_core.notation.errors import NotationError
from tabletop_core.notation.limits import Limits

if TYPE_CHECKING:
    from tabletop_core.notation import dialect_d20 as dialect_d20
    from tabletop_core.notation import dialect_rdr as dialect_rdr
    from tabletop_core.notation._kernel.dice_records import DiceMarks, DiceRoll, GroupRoll, RolledDie
    from tabletop_core.notation._kernel.records import RolledNode, RollResult, TermLabel

# The d20 and rdr dialects load on first use (``dialect="d20"``, or ``tc.notation.dialect_d20``),
# so bots on the default grammar never import them; the roll's records load with the first roll
# (or the first use of their names), so a process that only reads odds never loads the roller.
__getattr__, __dir__ = lazy_attributes(
    __name__,
    {
        "dialect_d20": ".dialect_d20",
        "dialect_rdr": ".dialect_rdr",
        **dict.fromkeys(("DiceMarks", "DiceRoll", "GroupRoll", "RolledDie"), "._kernel.dice_records"),
        **dict.fromkeys(("RolledNode", "RollResult", "TermLabel"), "._kernel.records"),
    },
)

__all__ = [
    "Call",
    "Clamp",
    "Comparison",
    "ComputedDice",
    "Crit",
    "Dice",
    "DiceMarks",
    "DiceRoll",
    "Explode",
    "Expression",
    "Group",
    "GroupRoll",
    "Labeled",
    "Limits",
    "Negate",
    "Node",
    "NotationError",
    "Number",
    "Product",
    "Reroll",
    "RollResult",
    "RolledDie",
    "RolledNode",
    "Select",
    "Sum",
    "TermLabel",
    "Variable",
    "VsOutcome",
    "distribution",
    "parse",
    "roll",
]
