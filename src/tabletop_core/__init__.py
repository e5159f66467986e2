"""tabletop_core: resolve tabletop RPG dice exactly as their rules say.

One call gives the roll explained, the exact odds, and fast batch simulation.

Examples:
    >>> import tabletop_core as tc
    >>> from tabletop_core.dice import d20
    >>> d20.roll(rng=tc.ScriptedDice([17]))
    17
"""

from typing import TYPE_CHECKING

from tabletop_core._lazy import lazy_attributes
from tabletop_core.dice import Die, DieRoll
from tabletop_core.errors import DiceExhausted, InvalidInput, RuleError, TabletopError
from tabletop_core.odds import Distribution
from tabletop_core.rng import CallbackDice, DiceSource, GeneratorDice, ScriptedDice, dice_source

if TYPE_CHECKING:
    from tabletop_core import action_roll, d20, notation, residue
    from tabletop_core.chat import render

# The rule systems (and the chat door, which knows batches) are imported on first use (``tc.d20``,
# ``from tabletop_core import d20``, ``tc.render``), so ``import tabletop_core`` loads only the core.
__getattr__, __dir__ = lazy_attributes(
    __name__,
    {
        "action_roll": ".action_roll",
        "d20": ".d20",
        "notation": ".notation",
        "residue": ".residue",
        "render": ".chat",
    },
)

__version__ = "0.3.0"

__all__ = [
    "CallbackDice",
    "DiceExhausted",
    "DiceSource",
    "Die",
    "DieRoll",
    "Distribution",
    "GeneratorDice",
    "InvalidInput",
    "RuleError",
    "ScriptedDice",
    "TabletopError",
    "__version__",
    "action_roll",
    "d20",
    "dice_source",
    "notation",
    "render",
    "residue",
]
