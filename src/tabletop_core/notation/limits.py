"""Safety limits of dice notation: named, documented and overridable.

A chat bot reads notation typed by strangers, so every way an expression could
make the process work without end is capped. Each cap is a module constant
(the default) and a field of :class:`Limits`; pass ``limits=Limits(...)`` to
:func:`~tabletop_core.notation.parse`, :func:`~tabletop_core.notation.roll` or
:func:`~tabletop_core.notation.distribution` to raise or lower one.

Breaking a limit raises :class:`~tabletop_core.notation.NotationError`. Limits
that can be known from the text (length, depth, sides, dice written) are checked
when parsing, before any die is rolled; the dice budget for explosions and
rerolls is checked while rolling, and the odds limits before each step of an
exact computation. Where a computation's cost can be foreseen (a floor of the steps it
will charge: unique dice, explosion chains, keep/drop, paths of draws), it is refused
before the work, not after charging step by step up to the budget.
"""

from __future__ import annotations

import attrs

from tabletop_core._validate import int_field

__all__ = [
    "DEFAULT_LIMITS",
    "DIALECTS",
    "EXPLODE_DEPTH",
    "MAX_DEPTH",
    "MAX_DICE",
    "MAX_LENGTH",
    "MAX_NESTING",
    "MAX_ODDS_OUTCOMES",
    "MAX_ODDS_WORK",
    "MAX_SIDES",
    "ODDS_CACHE_BYTES",
    "PARSE_CACHE_BYTES",
    "PLAN_CACHE_BYTES",
    "Limits",
    "check_dialect",
]

MAX_LENGTH = 1000
"""Most characters in one expression, label included."""

MAX_DEPTH = 50
"""Deepest nesting of parentheses and unary minus signs (the default; at most :data:`MAX_NESTING`)."""

MAX_NESTING = 100
"""The deepest nesting any expression may have, whatever the limits: a hard cap.

Nodes built by hand check it when they are made (``Negate`` 3,000 deep is refused
at the 101st level), and ``Limits.max_depth`` cannot be raised above it, so
printing, hashing, comparing, rolling and reading back an expression never come
near Python's recursion limit (parsing takes about 7 stack frames per level).
"""

MAX_DICE = 1000
"""Most dice rolled for one expression, explosions and rerolls included.

The dice written (``4d6`` is 4) are checked when parsing; dice added by
exploding and rerolling are counted while rolling.
"""

MAX_SIDES = 10_000
"""Most sides of one die."""

EXPLODE_DEPTH = 20
"""Most times one die may explode (so a chain holds at most 21 dice).

The same cap applies to rolls and to exact odds, so every rolled total lies in
the support of :func:`~tabletop_core.notation.distribution`. A d6 explodes 20
times in a row with probability 6**-20, so the cap changes the odds of common
dice by less than one part in ten to the fifteenth; the odds are exact for
the capped rule.
"""

MAX_ODDS_OUTCOMES = 50_000
"""Most distinct outcomes an exact distribution (or any step of it) may have."""

MAX_ODDS_WORK = 5_000_000
"""Most elementary steps (pairs of outcomes combined) one exact computation may take.

A step is one product of two small weights (bigger weights and big-integer
convolutions count as many steps; turning the final weights into exact fractions
counts too). The budget is about a second of pure-Python
work on a desktop (a few seconds on a busy shared machine); larger expressions are
refused with a clear error instead of hanging.
"""


@attrs.frozen(cache_hash=True)  # a key of every cache: hashed on each call
class Limits:
    """The safety limits in force for one call; every field defaults to its constant.

    Examples:
        >>> from tabletop_core.notation import Limits, parse
        >>> strict = Limits(max_dice=10)
        >>> str(parse("10d6", limits=strict))
        '10d6'
    """

    max_length: int = int_field(low=1, default=MAX_LENGTH)
    max_depth: int = int_field(low=1, high=MAX_NESTING, default=MAX_DEPTH)
    max_dice: int = int_field(low=1, default=MAX_DICE)
    max_sides: int = int_field(low=1, high=2**62, default=MAX_SIDES)
    explode_depth: int = int_field(low=0, default=EXPLODE_DEPTH)
    max_odds_outcomes: int = int_field(low=1, default=MAX_ODDS_OUTCOMES)
    max_odds_work: int = int_field(low=1, default=MAX_ODDS_WORK)


DEFAULT_LIMITS = Limits()
"""The limits used when a call gives none."""


PARSE_CACHE_BYTES = 8 * 2**20
"""Memory each dialect's parse cache may hold (estimated): 8 MB, about 200 expressions of 1,000
characters or 25,000 short ones. The least recently parsed go first."""

PLAN_CACHE_BYTES = 8 * 2**20
"""Memory each of a dialect's three plan caches of :func:`~tabletop_core.notation.roll` may hold (estimated): 8 MB.

A plan is an expression compiled for rolling, with the results it shares; one for a
1,000-character expression holds about 150 KB, so each cache keeps about 50 of
those, or thousands of short ones. The three (texts rolled with the default
limits, texts with other limits, expressions built by hand) share their plans, so
all of them together hold at most 24 MB, whatever text strangers send.
"""

ODDS_CACHE_BYTES = 32 * 2**20
"""Memory the cache of :func:`~tabletop_core.notation.distribution` may hold (estimated): 32 MB of answers
and their keys."""


DIALECTS = ("default", "d20", "rdr")
"""The dialects :func:`~tabletop_core.notation.parse`, :func:`~tabletop_core.notation.roll` and
:func:`~tabletop_core.notation.distribution` read: ``"default"`` (Roll20-like), ``"d20"``
(the d20 package's grammar, read as it reads it) and ``"rdr"`` (rpg-dice-roller's, likewise)."""


def check_dialect(dialect: object) -> str:
    """Return *dialect* if it names a dialect of :data:`DIALECTS`.

    Raises:
        TypeError: *dialect* is not a string.
        NotationError: it names no dialect.
    """
    if type(dialect) is str and dialect in DIALECTS:
        return dialect
    from tabletop_core._validate import check_type, clip
    from tabletop_core.notation.errors import NotationError

    check_type("dialect", dialect, str)
    if dialect not in DIALECTS:
        raise NotationError(f"dialect must be one of {', '.join(DIALECTS)}, got {clip(dialect)}")
    return str(dialect)
