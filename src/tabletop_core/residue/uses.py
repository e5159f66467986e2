"""dX Uses: roll the Uses die when the Item is activated; 1-2 steps it down.

A d4 Uses die that steps down returns the card to its deck.

Examples:
    >>> from tabletop_core import ScriptedDice
    >>> print(roll_uses("d6", rng=ScriptedDice([2])))
    Uses d6 → 2: Uses ⇩ d4
    >>> roll_uses("d4", rng=ScriptedDice([1])).returned
    True
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

import attrs

from tabletop_core._frozen import frozen
from tabletop_core._record import Record
from tabletop_core.errors import InvalidInput, RuleError
from tabletop_core.residue.step_die import DieLike, StepDie, check_value, step_after, to_step_die
from tabletop_core.rng import dice_source

if TYPE_CHECKING:
    from tabletop_core.rng import RngLike

__all__ = ["UsesRoll", "resolve_uses", "roll_uses"]


@frozen
class UsesRoll(Record):
    """A roll of an Item's Uses die.

    Attributes:
        die: The Uses die rolled.
        value: Its natural Value.
        after: The Uses die after (one step down on 1-2).
    """

    _derived: ClassVar[tuple[str, ...]] = ("returned",)

    die: StepDie = attrs.field(converter=to_step_die)
    value: int = attrs.field()
    after: StepDie = attrs.field(converter=to_step_die)

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "value", check_value(self.die, self.value))
        expected = step_after(self.die, self.value)
        if self.after is not expected:
            raise InvalidInput(f"after must be {expected} for Uses {self.die} showing {self.value}, got {self.after}")

    @property
    def returned(self) -> bool:
        """d4 ⇩: the card returns to its deck."""
        return self.after.is_zero

    def __str__(self) -> str:
        head = f"Uses {self.die} → {self.value}"
        if self.after is self.die:
            return f"{head}: no change"
        if self.returned:
            return f"{head}: Uses ⇩, return the card to its deck"
        return f"{head}: Uses ⇩ {self.after}"


def _rollable_uses(die: DieLike) -> StepDie:
    step = StepDie.parse(die)
    if step.is_zero:
        raise RuleError("the Uses die is at 0: the card has returned to its deck")
    return step


def resolve_uses(die: DieLike, value: int) -> UsesRoll:
    """Read a Uses roll: 1-2 Uses ⇩ (a d4 returns the card), 3+ no change.

    Raises:
        RuleError: the Uses die is 0 (the card has already gone back).
        InvalidInput: *value* does not fit.
    """
    step = _rollable_uses(die)
    value = check_value(step, value)
    return UsesRoll(die=step, value=value, after=step_after(step, value))


def roll_uses(die: DieLike, *, rng: RngLike = None) -> UsesRoll:
    """Roll Uses when the Item is activated."""
    step = _rollable_uses(die)
    return resolve_uses(step, dice_source(rng).roll(step.sides))
