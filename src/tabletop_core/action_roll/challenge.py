"""The two challenge dice of an action or progress roll, read and checked at the edge.

Both kinds of roll (and the delve and character code that feed them dice) take
their challenge dice through :func:`challenge_pair`, so every roll refuses the
same bad input with the same message.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs

from tabletop_core._validate import check_int, clip
from tabletop_core.errors import InvalidInput

__all__ = ["challenge_pair", "pair_field"]


def challenge_pair(value: Any, name: str = "challenge_dice") -> tuple[int, int]:  # Any: raw input
    """Validate two challenge dice (each 1..10) and return them as a tuple of ints.

    Raises:
        TypeError: *value* is not a sequence of two ints.
        InvalidInput: it does not hold exactly two dice, or a die is not 1..10.
    """
    if type(value) is tuple and len(value) == 2:
        first, second = value
        if type(first) is int and type(second) is int and 1 <= first <= 10 and 1 <= second <= 10:
            return first, second  # the common case, already fine
    if isinstance(value, (str, bytes)) or not isinstance(value, Sequence):
        raise TypeError(f"{name} must be a sequence of two ints, got {type(value).__name__} {clip(value)}")
    if len(value) != 2:
        raise InvalidInput(f"{name} must hold exactly two d10 values, got {len(value)}: {clip(list(value))}")
    return (
        check_int(f"{name}[0]", value[0], low=1, high=10),
        check_int(f"{name}[1]", value[1], low=1, high=10),
    )


def pair_field() -> Any:  # Any: attrs.field's own type
    """An attrs field holding two challenge dice, validated by :func:`challenge_pair`."""
    return attrs.field(converter=challenge_pair)
