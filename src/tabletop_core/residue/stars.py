"""The Success Table: how many stars (★) a natural Value is worth, and the Outcome.

RESIDUE reads every committed die on one table: a natural Value of 1-2 is no
star, 3-5 one, 6-8 two, 9-11 three and 12 four. Modifiers (``+★``, ``-★``, a
Skill bonus, Luck) change the number of stars, never the Value; the Outcome is
the final number of stars and is never below 0.

Examples:
    >>> stars(7)
    2
    >>> outcome(1, -1, +1)
    1
    >>> outcome(0, -1)
    0
"""

from __future__ import annotations

from tabletop_core._validate import as_int, check_int

__all__ = [
    "GLYPH_LIMIT",
    "MAX_VALUE",
    "MIN_VALUE",
    "STAR",
    "SUCCESS_TABLE",
    "outcome",
    "render_stars",
    "stars",
]

STAR = "★"
"""The star glyph used in every rendering."""

MIN_VALUE = 1
"""The lowest natural Value of any die."""

MAX_VALUE = 12
"""The highest Value the Success Table lists (the Max Value of a d12)."""

GLYPH_LIMIT = 20
"""The most stars :func:`render_stars` draws as glyphs; more are written as a number
(``"25★"``), so a chat line stays one line however large the count."""

SUCCESS_TABLE: tuple[tuple[int, int, int], ...] = (
    (1, 2, 0),
    (3, 5, 1),
    (6, 8, 2),
    (9, 11, 3),
    (12, 12, 4),
)
"""The Success Table as ``(lowest Value, highest Value, stars)`` rows."""

# One lookup per Value, built from the table above so the two cannot disagree.
_STARS_BY_VALUE: tuple[int, ...] = (
    0,  # no Value 0; keeps the index equal to the Value
    *(
        next(count for low, high, count in SUCCESS_TABLE if low <= value <= high)
        for value in range(MIN_VALUE, MAX_VALUE + 1)
    ),
)


def stars(value: int) -> int:
    """The number of stars the Success Table gives a natural Value.

    Args:
        value: The natural Value showing on the die, 1..12.

    Returns:
        0 for 1-2, 1 for 3-5, 2 for 6-8, 3 for 9-11, 4 for 12.

    Raises:
        TypeError: *value* is not an int.
        InvalidInput: *value* is not 1..12.

    Examples:
        >>> [stars(v) for v in (1, 2, 3, 5, 6, 8, 9, 11, 12)]
        [0, 0, 1, 1, 2, 2, 3, 3, 4]
    """
    if type(value) is not int or not MIN_VALUE <= value <= MAX_VALUE:  # the common case skips the full check
        value = check_int("value", value, low=MIN_VALUE, high=MAX_VALUE)
    return _STARS_BY_VALUE[value]


def outcome(base: int, *modifiers: int) -> int:
    """The Outcome: *base* stars plus every modifier, never below 0.

    ``+★`` is ``+1`` and ``-★`` is ``-1``. The floor of 0 applies to the final
    total, as a player adds up the stars on the table (a ``-★`` on 0 stars
    followed by a ``+★`` gives 0, not 1).

    Args:
        base: Stars from the Success Table (0 or more).
        *modifiers: Signed star modifiers.

    Raises:
        TypeError: an argument is not an int.
        InvalidInput: *base* is negative.
    """
    total = base if type(base) is int and base >= 0 else check_int("base", base, low=0)
    for position, modifier in enumerate(modifiers):
        total += modifier if type(modifier) is int else as_int(f"modifiers[{position}]", modifier)
    return max(0, total)


def render_stars(count: int) -> str:
    """``count`` stars as glyphs (``"★★"``); ``"0★"`` for none; ``"25★"`` above :data:`GLYPH_LIMIT`.

    Raises:
        TypeError: *count* is not an int.
        InvalidInput: *count* is negative or over 10**100.

    Examples:
        >>> render_stars(3), render_stars(0), render_stars(25)
        ('★★★', '0★', '25★')
    """
    count = check_int("count", count, low=0, high=10**100)  # a count that still prints
    return STAR * count if 0 < count <= GLYPH_LIMIT else f"{count}{STAR}"
