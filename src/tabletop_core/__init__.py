"""tabletop_core: resolve tabletop RPG dice exactly as their rules say.

One call gives the roll explained, the exact odds, and fast batch simulation.

Examples:
    >>> import tabletop_core as tc
    >>> from tabletop_core.dice import d20
    >>> d20.roll(rng=tc.ScriptedDice([17]))
    17
"""

from tabletop_core import action_roll, d20, notation, residue
from tabletop_core.dice import Die, DieRoll
from tabletop_core.errors import DiceExhausted, InvalidInput, RuleError, TabletopError
from tabletop_core.odds import Distribution
from tabletop_core.rng import DiceSource, GeneratorDice, ScriptedDice, dice_source

__version__ = "0.2.0"

__all__ = [
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
    "residue",
]
