"""Stakes and Test Results: the three thresholds every Test is read against.

Core Rules "Low/Mid/High Stakes" and "Success/Setback/Failure": a Test Total at or
above the Stakes' Success threshold is a Success, at or above its Setback
threshold a Setback, anything lower a Failure.

Examples:
    >>> from tabletop_core.d20 import Stakes, classify
    >>> Stakes.MID.success_at, Stakes.MID.setback_at
    (15, 10)
    >>> classify(14, Stakes.MID), classify(15, Stakes.MID)
    (<Outcome.SETBACK: 'Setback'>, <Outcome.SUCCESS: 'Success'>)
"""

from __future__ import annotations

from tabletop_core._enum import Enum
from tabletop_core._names import parse_enum
from tabletop_core._validate import as_int

__all__ = ["Outcome", "Stakes", "classify"]


class Outcome(Enum):
    """A Test Result: Success, Setback or Failure (best first)."""

    SUCCESS = "Success"
    """You achieve your goal."""
    SETBACK = "Setback"
    """You achieve your goal but face a complication, or fail it but avoid one."""
    FAILURE = "Failure"
    """You don't achieve your goal."""

    def __str__(self) -> str:
        return self.value


class Stakes(Enum):
    """How difficult and risky an action is; each level sets two thresholds.

    ``success_at`` is the lowest Test Total that is a Success, ``setback_at`` the
    lowest that is a Setback; anything below ``setback_at`` is a Failure.
    """

    LOW = "Low"
    """Low difficulty and risk: Success 10+, Setback 5-9, Failure 4 or lower."""
    MID = "Mid"
    """Moderately difficult and risky: Success 15+, Setback 10-14, Failure 9 or lower."""
    HIGH = "High"
    """Highly difficult and risky: Success 20+, Setback 15-19, Failure 14 or lower."""

    @property
    def success_at(self) -> int:
        """The lowest Test Total that is a Success."""
        return _THRESHOLDS[self][0]

    @property
    def setback_at(self) -> int:
        """The lowest Test Total that is a Setback (one below it is a Failure)."""
        return _THRESHOLDS[self][1]

    @property
    def label(self) -> str:
        """``"Mid Stakes"`` and so on, as the rules write it."""
        return f"{self.value} Stakes"

    @classmethod
    def parse(cls, value: object, *, name: str | None = None) -> Stakes:
        """The Stakes *value* names, read as every enum reads one, "stakes" run on too (``"midstakes"``).

        Raises:
            InvalidInput: the name is not a Stakes level.
            TypeError: *value* is neither a Stakes nor a str.
        """
        # The one reading of the library's enums, with the one word a Stakes level may end with.
        return parse_enum(cls, value, name="stakes" if name is None else name, strip_suffix="stakes")

    def __str__(self) -> str:
        return self.label


_THRESHOLDS = {Stakes.LOW: (10, 5), Stakes.MID: (15, 10), Stakes.HIGH: (20, 15)}


def classify(total: int, stakes: Stakes | str) -> Outcome:
    """Read a Test Total against *stakes*.

    Args:
        total: The Test Total (any integer: modifiers can push it below 1 or above 20).
        stakes: The Stakes of the Test, a :class:`Stakes` or its name.

    Returns:
        Success at or above ``stakes.success_at``, Setback at or above
        ``stakes.setback_at``, otherwise Failure.

    Raises:
        TypeError: *total* is not an int, or *stakes* is not a Stakes.
        InvalidInput: *stakes* is a name that is not a Stakes level.

    Examples:
        >>> classify(4, "low"), classify(5, "low"), classify(20, "high")
        (<Outcome.FAILURE: 'Failure'>, <Outcome.SETBACK: 'Setback'>, <Outcome.SUCCESS: 'Success'>)
    """
    total = as_int("total", total)
    level = Stakes.parse(stakes)
    if total >= level.success_at:
        return Outcome.SUCCESS
    if total >= level.setback_at:
        return Outcome.SETBACK
    return Outcome.FAILURE
