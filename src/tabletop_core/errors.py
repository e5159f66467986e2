"""The exceptions every public function of tabletop_core may raise.

One base, :class:`TabletopError`, so an app can catch everything the library
refuses with a single ``except``. A wrong *type* is a plain :class:`TypeError`
(as in the standard library); nothing else escapes a public function.
"""

from __future__ import annotations

__all__ = ["DiceExhausted", "InvalidInput", "MissingExtra", "RuleError", "TabletopError"]


class TabletopError(Exception):
    """Base class of every error tabletop_core raises on purpose."""


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
