"""The exceptions every public function of tabletop_core may raise.

One base, :class:`TabletopError`, so an app can catch everything the library
refuses with a single ``except``. A wrong *type* is a plain :class:`TypeError`
(as in the standard library); nothing else escapes a public function.

The message (``str(error)``) is for the person who typed the input: a bot may post it
as it is. What only a developer can act on is kept on the exception instead:
:attr:`TabletopError.limit`, the name of the budget that refused the work, and
:attr:`TabletopError.detail`, what to change in code to allow it.

Examples:
    >>> import tabletop_core as tc
    >>> try:
    ...     tc.Die(10**8).distribution()
    ... except tc.InvalidInput as error:
    ...     print(error)
    ...     print(error.limit)
    d100000000 has too many faces for exact odds: 100,000,000, at most 100,000
    tabletop_core.odds.MAX_OUTCOMES
"""

from __future__ import annotations

__all__ = ["DiceExhausted", "InvalidInput", "MissingExtra", "RuleError", "TabletopError"]


class TabletopError(Exception):
    """Base class of every error tabletop_core raises on purpose.

    Args:
        *args: The message (and anything else :class:`Exception` takes).
        detail: For the developer: what to change in code to allow the refused input
            (``"raise Limits(max_dice=...)"``); never part of the message.
        limit: The name of the budget that refused the work
            (``"tabletop_core.odds.MAX_OUTCOMES"``), or ``None``.
    """

    detail: str | None
    """What a developer can do about the error (the message speaks to the player); ``None`` if nothing."""
    limit: str | None
    """The full name of the limit that refused the work, or ``None`` when no limit did."""

    def __init__(self, *args: object, detail: str | None = None, limit: str | None = None) -> None:
        super().__init__(*args)
        self.detail = detail
        self.limit = limit

    def __reduce__(self) -> tuple[object, ...]:
        # Exception pickles as cls(*args): keep the keyword attributes too (errors cross process pools).
        return (type(self), self.args, self.__dict__)


class InvalidInput(TabletopError, ValueError):
    """A value the rules do not allow: a challenge die of 11, a d7 as a step die.

    Also a :class:`ValueError`, so code that already catches ``ValueError``
    keeps working.
    """


class RuleError(TabletopError):
    """A legal value used against the rules.

    For example burning momentum that is not positive, or rolling a step die
    that has dropped to 0. The state the call was given is left unchanged.
    """


class DiceExhausted(TabletopError):
    """A :class:`~tabletop_core.rng.ScriptedDice` was asked for more dice than it holds."""


class MissingExtra(TabletopError, ImportError):
    """An optional package is not installed; the message names the extra that installs it.

    Also an :class:`ImportError`, so ``except ImportError`` keeps working.
    """
