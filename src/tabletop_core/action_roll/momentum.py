"""Momentum: a meter from -6 up to max momentum, starting at +2.

Max momentum is 10 minus one per marked impact; the reset value (what
momentum becomes after a burn) is +2 with no impact, +1 with one and 0 with
more than one. :class:`Momentum` is a frozen value: every operation returns a
new one.

Examples:
    >>> from tabletop_core.action_roll import Momentum
    >>> momentum = Momentum()
    >>> str(momentum)
    'momentum +2 (max +10, reset +2)'
    >>> str(momentum.gain(3).lose(1))
    'momentum +4 (max +10, reset +2)'
    >>> Momentum(value=7, impacts=1).burn()
    Momentum(value=1, impacts=1, shortfall=0)
"""

from __future__ import annotations

from typing import ClassVar

from tabletop_core._frozen import frozen
from tabletop_core._record import Record
from tabletop_core._validate import check_int, int_field
from tabletop_core.errors import InvalidInput, RuleError

__all__ = [
    "MAX_IMPACTS",
    "MAX_MOMENTUM",
    "MIN_MOMENTUM",
    "START_MOMENTUM",
    "Momentum",
    "max_momentum",
    "momentum_reset",
]

MIN_MOMENTUM = -6
"""The bottom of the momentum meter."""
MAX_MOMENTUM = 10
"""The top of the momentum meter with no impact marked."""
START_MOMENTUM = 2
"""Momentum a new character starts with (also the reset with no impact)."""
MAX_IMPACTS = 10
"""The impacts a character can have marked at once: the rules list ten."""


def _max(impacts: int) -> int:
    # The one place the rule lives; callers have checked *impacts*.
    return MAX_MOMENTUM - impacts


def _reset(impacts: int) -> int:
    # The one place the rule lives; callers have checked *impacts*.
    return START_MOMENTUM - min(impacts, 2)


def max_momentum(impacts: int) -> int:
    """Max momentum with *impacts* marked: 10 minus one per impact.

    Raises:
        InvalidInput: *impacts* is outside 0..10.
        TypeError: *impacts* is not an int.
    """
    return _max(check_int("impacts", impacts, low=0, high=MAX_IMPACTS))


def momentum_reset(impacts: int) -> int:
    """The momentum reset value: +2 with no impact, +1 with one, 0 with more.

    Raises:
        InvalidInput: *impacts* is outside 0..10.
        TypeError: *impacts* is not an int.
    """
    return _reset(check_int("impacts", impacts, low=0, high=MAX_IMPACTS))


def signed(value: int) -> str:
    """Format a meter value for chat: ``+2``, ``0``, ``-3``."""
    return f"{value:+d}" if value else "0"


@frozen
class Momentum(Record):
    """A character's momentum meter.

    Attributes:
        value: Current momentum, -6..max momentum. Defaults to the starting +2.
        impacts: How many impacts count against momentum now (0..10); each
            lowers max momentum by 1 and they lower the reset value.
        shortfall: Momentum that the last :meth:`lose` could not take because
            the meter was already at -6. It is reported so an app can apply
            whatever the move says instead (it is never silently dropped). It
            does not take part in equality.

    Raises:
        InvalidInput: a value is outside its range (momentum above max
            momentum for the impacts given, too).
        TypeError: a value is not an int.
    """

    _derived: ClassVar[tuple[str, ...]] = ("max_value", "reset_value")

    value: int = int_field(low=MIN_MOMENTUM, high=MAX_MOMENTUM, default=START_MOMENTUM)
    impacts: int = int_field(low=0, high=MAX_IMPACTS, default=0)
    shortfall: int = int_field(low=0, default=0, eq=False)

    def __attrs_post_init__(self) -> None:
        if self.value > self.max_value:
            raise InvalidInput(
                f"value must be an int from {MIN_MOMENTUM} to {self.max_value} "
                f"(max momentum with {self.impacts} impacts), got {self.value}"
            )
        if self.shortfall and self.value != MIN_MOMENTUM:
            raise InvalidInput(
                f"shortfall is only left when momentum stopped at {MIN_MOMENTUM}, got value {self.value}"
            )

    @property
    def max_value(self) -> int:
        """Max momentum: 10 minus one per impact."""
        return _max(self.impacts)

    @property
    def reset_value(self) -> int:
        """Momentum after a burn: +2, +1 with one impact, 0 with more."""
        return _reset(self.impacts)

    @property
    def can_burn(self) -> bool:
        """Whether momentum may be burned: only when it is positive."""
        return self.value > 0

    def gain(self, n: int) -> Momentum:
        """Take +n momentum, stopping at max momentum.

        Raises:
            InvalidInput: *n* is negative (use :meth:`lose`).
            TypeError: *n* is not an int.
        """
        n = check_int("n", n, low=0)
        return Momentum(value=min(self.value + n, self.max_value), impacts=self.impacts)

    def lose(self, n: int) -> Momentum:
        """Lose Momentum (-n), stopping at -6; what could not be lost goes to :attr:`shortfall`.

        Raises:
            InvalidInput: *n* is negative (use :meth:`gain`).
            TypeError: *n* is not an int.
        """
        n = check_int("n", n, low=0)
        wanted = self.value - n
        if wanted < MIN_MOMENTUM:
            return Momentum(value=MIN_MOMENTUM, impacts=self.impacts, shortfall=MIN_MOMENTUM - wanted)
        return Momentum(value=wanted, impacts=self.impacts)

    def burn(self) -> Momentum:
        """Burn momentum: return the meter set to its reset value.

        Raises:
            RuleError: momentum is not positive (the meter is left as it was).
        """
        if self.value <= 0:
            raise RuleError(f"momentum can only be burned when it is positive, it is {signed(self.value)}")
        return self.reset()

    def reset(self) -> Momentum:
        """Return the meter set to its reset value."""
        return Momentum(value=self.reset_value, impacts=self.impacts)

    def with_impacts(self, impacts: int) -> Momentum:
        """Return the meter with a new count of impacts; momentum above the new max drops to it.

        Raises:
            InvalidInput: *impacts* is outside 0..10.
            TypeError: *impacts* is not an int.
        """
        impacts = check_int("impacts", impacts, low=0, high=MAX_IMPACTS)
        return Momentum(value=min(self.value, _max(impacts)), impacts=impacts)

    def __str__(self) -> str:
        line = f"momentum {signed(self.value)} (max {signed(self.max_value)}, reset {signed(self.reset_value)})"
        if self.shortfall:
            line += f"; {self.shortfall} more could not be lost below {MIN_MOMENTUM}"
        return line
