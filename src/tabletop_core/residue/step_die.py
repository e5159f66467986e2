"""Step dice: the Dice Chain 0 -> d4 -> d6 -> d8 -> d10 -> d12.

Inventory, Luck, Condition Dice and Uses all move on this chain. ⇧ (:meth:`StepDie.up`)
from d12 stays d12; ⇩ (:meth:`StepDie.down`) from d4 is 0; a die at 0 cannot be
rolled (:class:`~tabletop_core.errors.RuleError`).

Examples:
    >>> StepDie.D4.up(), StepDie.D12.up(), StepDie.D4.down()
    (<StepDie.D6: 6>, <StepDie.D12: 12>, <StepDie.ZERO: 0>)
    >>> StepDie.parse("d8").max_value
    8
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, TypeAlias

import attrs

from tabletop_core._enum import Enum
from tabletop_core._frozen import frozen
from tabletop_core._names import check_name
from tabletop_core._record import Record
from tabletop_core._validate import as_int, check_int, clip
from tabletop_core.errors import InvalidInput, RuleError
from tabletop_core.rng import dice_source

if TYPE_CHECKING:
    from tabletop_core.rng import RngLike

__all__ = [
    "STEP_DOWN_AT_MOST",
    "DieLike",
    "StarsRoll",
    "StepDie",
    "check_value",
    "roll_step_die",
    "rollable",
    "step_after",
    "to_step_die",
]

STEP_DOWN_AT_MOST = 2
"""A roll of this or less steps the die down: the "1-2 ⇩" row of the Inventory, Uses,
Condition Die and Luck tables."""

DieLike: TypeAlias = "StepDie | int | str"
"""What a ``die=`` argument accepts: a :class:`StepDie`, a number of sides, or ``"d8"``."""


class StepDie(Enum):
    """A die on the Dice Chain; the value is its number of sides (0 for no die)."""

    ZERO = 0
    D4 = 4
    D6 = 6
    D8 = 8
    D10 = 10
    D12 = 12

    @property
    def sides(self) -> int:
        """Number of faces (0 for :attr:`ZERO`)."""
        return self._value_  # the int value itself: .value goes through a slower descriptor (hot)

    @property
    def is_zero(self) -> bool:
        """Whether the die has stepped down to 0 (it cannot be rolled)."""
        return self is StepDie.ZERO

    @property
    def max_value(self) -> int:
        """Max Value: the highest natural Value, the number of faces (0 for :attr:`ZERO`)."""
        return self.sides

    @property
    def min_value(self) -> int:
        """Min Value: the lowest natural Value, 1 (0 for :attr:`ZERO`, which shows nothing)."""
        return 0 if self.is_zero else 1

    def up(self) -> StepDie:
        """⇧: one step up the chain; d12 stays d12."""
        return _CHAIN[min(_CHAIN.index(self) + 1, len(_CHAIN) - 1)]

    def down(self) -> StepDie:
        """⇩: one step down the chain; d4 becomes 0 and 0 stays 0."""
        return _CHAIN[max(_CHAIN.index(self) - 1, 0)]

    def step(self, steps: int) -> StepDie:
        """Move *steps* steps (negative: down), stopping at either end of the chain."""
        steps = as_int("steps", steps)
        index = min(max(_CHAIN.index(self) + steps, 0), len(_CHAIN) - 1)
        return _CHAIN[index]

    def roll(self, *, rng: RngLike = None) -> int:
        """Roll the die once (see :func:`roll_step_die`)."""
        return roll_step_die(self, rng=rng)

    @classmethod
    def parse(cls, die: DieLike, *, name: str = "die") -> StepDie:  # type: ignore[override]  # reads sides too (8, "d8"), not only a name
        """Read a step die from a :class:`StepDie`, a number of sides or text.

        Accepted: ``StepDie.D8``, ``8``, ``"d8"``, ``"D8"``, ``"8"``, and ``0`` or
        ``"0"`` for the empty step.

        Raises:
            TypeError: *die* is not a StepDie, an int or a str.
            InvalidInput: it is not on the chain (a d7, a d20).
        """
        if type(die) is StepDie:  # a die: nothing to read and no message to write (the hot case)
            return die
        name = check_name(name)
        if isinstance(die, str):
            text = die.strip().lower()
            body = text[1:] if text.startswith("d") else text
            # Length first: int() refuses texts over 4,300 digits with a bare ValueError.
            if not (body.isascii() and body.isdigit() and len(body) <= 3):
                raise InvalidInput(f"{name} must be a step die (0, d4, d6, d8, d10, d12), got {clip(die)}")
            sides = int(body)
        else:
            try:
                sides = as_int(name, die)
            except TypeError:
                raise TypeError(
                    f"{name} must be a StepDie, a number of sides or text such as 'd8', "
                    f"got {type(die).__name__} {clip(die)}"
                ) from None
        try:
            return cls(sides)
        except ValueError:
            raise InvalidInput(f"{name} must be a step die (0, d4, d6, d8, d10, d12), got {clip(die)}") from None

    def __str__(self) -> str:
        return "0" if self.is_zero else f"d{self.sides}"


_CHAIN: tuple[StepDie, ...] = tuple(StepDie)


def rollable(die: DieLike, *, name: str = "die", label: str | None = None) -> StepDie:
    """Read a step die that is about to be rolled: it must not be at 0.

    Args:
        die: The die (see :meth:`StepDie.parse`).
        name: The parameter name, for errors about the value itself.
        label: What the die is, for the "at 0" error (*name* when omitted).

    Raises:
        RuleError: the die is at 0 ("cannot be rolled").
        InvalidInput: *die* is not on the chain.
    """
    step = StepDie.parse(die, name=name)
    if step.is_zero:
        raise RuleError(f"{label or name} is at 0 and cannot be rolled")
    return step


def step_after(die: StepDie, value: int) -> StepDie:
    """The die after a roll of *value* on the "1-2 ⇩, 3+ no change" table (Inventory, Uses, Condition Dice).

    Examples:
        >>> step_after(StepDie.D6, 2), step_after(StepDie.D6, 3), step_after(StepDie.D4, 1)
        (<StepDie.D4: 4>, <StepDie.D6: 6>, <StepDie.ZERO: 0>)
    """
    return die.down() if value <= STEP_DOWN_AT_MOST else die


def roll_step_die(die: DieLike, *, rng: RngLike = None, name: str = "die") -> int:
    """Roll a step die and return its natural Value.

    Raises:
        RuleError: the die is at 0 ("cannot be rolled").
        InvalidInput: *die* is not on the chain.
    """
    return dice_source(rng).roll(rollable(die, name=name).sides)


def check_value(die: StepDie, value: int, *, name: str = "value") -> int:
    """Check that *value* is a natural Value the (non-zero) *die* can show.

    Raises:
        RuleError: *die* is at 0 (it shows no Value).
        InvalidInput: *value* is not 1..sides.
    """
    if die.is_zero:
        raise RuleError(f"a die at 0 cannot be rolled, so it has no {name}")
    if type(value) is int and 1 <= value <= die.sides:  # the common case skips the full check
        return value
    return check_int(name, value, low=1, high=die.sides)


def to_step_die(value: DieLike) -> StepDie:
    """An attrs converter: ``StepDie.parse`` for a field (``"d8"`` and ``8`` become ``StepDie.D8``)."""
    return value if type(value) is StepDie else StepDie.parse(value)  # a die already: the hot case


@frozen
class StarsRoll(Record):
    """One natural roll of a step die read on the Success Table (no Action, no modifiers).

    What ``tabletop residue stars d8`` rolls; an Action is a
    :class:`~tabletop_core.residue.actions.ActionResult`.

    Attributes:
        die: The step die rolled.
        value: The natural Value, 1..the die's sides.

    ``StarsRoll("d8", 7)`` reads ``d8 → 7: ★★`` and has ``stars == 2``.
    """

    _derived: ClassVar[tuple[str, ...]] = ("stars",)

    die: StepDie = attrs.field(converter=to_step_die)
    value: int = attrs.field()

    def __attrs_post_init__(self) -> None:
        if self.die is StepDie.ZERO:
            raise InvalidInput("die must be a step die d4..d12 to roll, got 0")
        check_int("value", self.value, low=1, high=self.die.sides)

    @property
    def stars(self) -> int:
        """The stars the Success Table gives the Value."""
        from tabletop_core.residue.stars import stars  # here: that module's package imports this one

        return stars(self.value)

    def __str__(self) -> str:
        from tabletop_core.residue.stars import render_stars

        return f"{self.die} → {self.value}: {render_stars(self.stars)}"
