"""Durations and Core Rule "Time": Rounds, minutes, hours and days.

When the GM tracks Rounds, Durations count in Rounds: 1 minute lasts 10 Rounds;
otherwise the GM tracks time in minutes, hours and days (converted here to Rounds,
so one count serves both). :class:`Duration` is re-exported by
:mod:`tabletop_core.d20.conditions`, where it has always been imported from.

Examples:
    >>> from tabletop_core.d20 import Duration
    >>> Duration.of(minutes=1).rounds
    10
"""

from __future__ import annotations

from typing import ClassVar

import attrs

from tabletop_core._frozen import frozen
from tabletop_core._record import Record
from tabletop_core._validate import check_int, check_type, clip
from tabletop_core.errors import InvalidInput

__all__ = ["HOURS_PER_DAY", "MAX_ROUNDS", "MINUTES_PER_HOUR", "ROUNDS_PER_HOUR", "ROUNDS_PER_MINUTE", "Duration"]

ROUNDS_PER_MINUTE = 10
"""Core Rule "Time": 1 minute lasts 10 Rounds."""
MINUTES_PER_HOUR = 60
"""Minutes in an hour."""
HOURS_PER_DAY = 24
"""Hours in a day."""
ROUNDS_PER_HOUR = ROUNDS_PER_MINUTE * MINUTES_PER_HOUR
MAX_ROUNDS = 10**12
"""The longest Duration, in Rounds (about 190,000 years)."""


def _rounds(value: object) -> int | None:
    return None if value is None else check_int("rounds", value, low=0, high=MAX_ROUNDS)


@frozen
class Duration(Record):
    """How long an Effect lasts, counted in Rounds; ``None`` lasts until removed.

    Build one with :meth:`~tabletop_core.d20.Duration.of` (Rounds, minutes, hours, days) or use
    :data:`~tabletop_core.d20.Duration.UNTIL_REMOVED`.

    Args:
        rounds: Rounds left (0..10**12), or ``None`` for no time limit.
    """

    rounds: int | None = attrs.field(default=None, converter=_rounds)

    UNTIL_REMOVED: ClassVar[Duration]
    """No time limit: lasts until removed."""

    @classmethod
    def of(cls, *, rounds: int = 0, minutes: int = 0, hours: int = 0, days: int = 0) -> Duration:
        """A Duration from Rounds, minutes, hours and days (1 minute = 10 Rounds).

        Examples:
            >>> Duration.of(minutes=1).rounds, Duration.of(hours=2).rounds
            (10, 1200)
        """
        return cls(_to_rounds(rounds=rounds, minutes=minutes, hours=hours, days=days))

    @property
    def is_limited(self) -> bool:
        """Whether the Duration runs out with time."""
        return self.rounds is not None

    def after(self, rounds: int) -> Duration:
        """The Duration left after *rounds* pass (never below 0).

        Raises:
            InvalidInput: *rounds* is negative (time does not run backwards).
            TypeError: *rounds* is not an int.
        """
        rounds = check_int("rounds", rounds, low=0)
        if self.rounds is None:
            return self
        return Duration(max(0, self.rounds - rounds))

    def longest(self, other: Duration) -> Duration:
        """The longer of two Durations (no time limit is longest).

        Raises:
            TypeError: *other* is not a Duration.
        """
        check_type("other", other, Duration)
        if self.rounds is None or other.rounds is None:
            return Duration(None)
        return self if self.rounds >= other.rounds else other

    def _key(self) -> float:
        return float("inf") if self.rounds is None else self.rounds

    def __str__(self) -> str:
        if self.rounds is None:
            return "until removed"
        rounds = self.rounds
        if rounds and rounds % ROUNDS_PER_HOUR == 0:
            hours = rounds // ROUNDS_PER_HOUR
            return f"{hours} hour{'s' * (hours != 1)}"
        if rounds and rounds % ROUNDS_PER_MINUTE == 0:
            minutes = rounds // ROUNDS_PER_MINUTE
            return f"{minutes} minute{'s' * (minutes != 1)}"
        return f"{rounds} round{'s' * (rounds != 1)}"


Duration.UNTIL_REMOVED = Duration(None)  # a class constant of the class's own type: set once it exists


def _to_rounds(*, rounds: int = 0, minutes: int = 0, hours: int = 0, days: int = 0) -> int:
    total = (
        check_int("rounds", rounds, low=0)
        + check_int("minutes", minutes, low=0) * ROUNDS_PER_MINUTE
        + check_int("hours", hours, low=0) * ROUNDS_PER_HOUR
        + check_int("days", days, low=0) * ROUNDS_PER_HOUR * HOURS_PER_DAY
    )
    if total > MAX_ROUNDS:
        raise InvalidInput(f"a Duration must be at most {MAX_ROUNDS} rounds, got {clip(total)}")
    return total


def _duration(value: object) -> Duration:
    if value is None:
        return Duration(None)
    if isinstance(value, Duration):
        return value
    raise TypeError(f"duration must be a Duration or None, got {type(value).__name__} {clip(value)}")
