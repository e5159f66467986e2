"""Clocks: a circle of segments filled one by one (a threat closing in, a tension clock, an asset's clock).

Starforged draws clocks of 4, 6, 8 or 10 segments; assets carry their own
(Fugitive's four-segment clock, Marked's six-segment one). A progress track may
keep a clock beside it, as foundry-ironsworn's progress items do
(:attr:`~tabletop_core.action_roll.Challenge.clock`).

Examples:
    >>> from tabletop_core.action_roll import Clock
    >>> hunters = Clock("hunters", 4).advance()
    >>> str(hunters), hunters.is_full
    ('hunters 1/4', False)
    >>> hunters.advance(3).is_full
    True
"""

from __future__ import annotations

from typing import ClassVar

import attrs

from tabletop_core._frozen import frozen
from tabletop_core._record import Record
from tabletop_core._validate import check_int, int_field, of_type
from tabletop_core.errors import InvalidInput, RuleError

__all__ = ["MAX_SEGMENTS", "Clock"]

MAX_SEGMENTS = 12
"""The most segments a clock may have (Starforged draws 4, 6, 8 or 10; foundry-ironsworn allows 12)."""


@frozen
class Clock(Record):
    """A clock: *filled* of *segments* segments.

    Attributes:
        name: What it counts down to ("notable foe or force tracks you down").
        segments: Its segments, 1..12.
        filled: The segments filled, 0..segments.

    Raises:
        InvalidInput: *segments* or *filled* is out of range, or *name* is empty.
        TypeError: a field has the wrong type.
    """

    _derived: ClassVar[tuple[str, ...]] = ("is_full",)

    name: str = attrs.field(validator=of_type(str))
    segments: int = int_field(low=1, high=MAX_SEGMENTS)
    filled: int = int_field(low=0, default=0)

    def __attrs_post_init__(self) -> None:
        if not self.name.strip():
            raise InvalidInput("name of a clock must not be empty")
        if self.filled > self.segments:
            raise InvalidInput(
                f"filled must be 0..{self.segments} for a {self.segments}-segment clock, got {self.filled}"
            )

    @property
    def is_full(self) -> bool:
        """Whether every segment is filled."""
        return self.filled == self.segments

    def advance(self, n: int = 1) -> Clock:
        """Fill *n* more segments (1 or more).

        Raises:
            RuleError: the clock is full, or *n* would pass its last segment.
            InvalidInput: *n* is below 1.
        """
        n = check_int("n", n, low=1)
        if self.filled + n > self.segments:
            state = "is full" if self.is_full else f"has {self.segments - self.filled} segments left"
            raise RuleError(f"clock {self.name!r} {state}: cannot fill {n} more")
        return attrs.evolve(self, filled=self.filled + n)

    def reset(self) -> Clock:
        """The clock emptied ("reset the clock")."""
        return attrs.evolve(self, filled=0)

    def __str__(self) -> str:
        return f"{self.name} {self.filled}/{self.segments}"
