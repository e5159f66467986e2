"""tabletop_core: resolve tabletop RPG dice exactly as their rules say.

One call gives the roll explained, the exact odds, and fast batch simulation.

Examples:
    >>> import tabletop_core as tc
    >>> from tabletop_core.dice import d20
    >>> d20.roll(rng=tc.ScriptedDice([17]))
    17
"""

from typing import TYPE_CHECKING

from tabletop_core.dice import Die, DieRoll
from tabletop_core.errors import DiceExhausted, InvalidInput, RuleError, TabletopError
from tabletop_core.odds import Distribution
from tabletop_core.rng import DiceSource, GeneratorDice, ScriptedDice, dice_source

if TYPE_CHECKING:  # imported on first use (see __getattr__), so `import tabletop_core.notation` stays light
    from tabletop_core import action_roll, d20, notation, residue

__version__ = "0.2.0"

_SUBPACKAGES = frozenset({"action_roll", "d20", "notation", "residue"})

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


def __getattr__(name: str) -> object:
    """Import a rules package on first use: ``tc.d20``, ``tc.residue``, ``tc.action_roll``, ``tc.notation``."""
    if name in _SUBPACKAGES:
        import importlib

        return importlib.import_module(f"tabletop_core.{name}")
    raise AttributeError(f"module 'tabletop_core' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(set(globals()) | _SUBPACKAGES)
