"""How an outcome is named, written and ordered, the same in every table, batch, data frame and chart.

An outcome is whatever a rule gives: an int, an enum member (``Outcome.STRONG_HIT``), a
tuple of those, a string. Exact odds (:mod:`tabletop_core.odds`), batches, data frames
and charts all show and order outcomes through these few functions, so they live here,
below every one of them, and none of those modules needs another for it.

Examples:
    >>> import enum
    >>> class Hit(enum.Enum):
    ...     STRONG_HIT = 1
    ...     MISS = 2
    >>> label(Hit.STRONG_HIT), machine_value((Hit.MISS, 3)), label((Hit.MISS, 3))
    ('strong hit', ['miss', 3], 'miss, 3')
    >>> stable_order([Hit.MISS, Hit.STRONG_HIT]), stable_order([3, 1, 2]), stable_order([1, "a"])
    ([<Hit.STRONG_HIT: 1>, <Hit.MISS: 2>], [1, 2, 3], [1, 'a'])
"""

from __future__ import annotations

import enum
from typing import Any, TypeVar

from tabletop_core._names import enum_label, enum_value

__all__ = ["label", "machine_value", "sort_key", "stable_order"]

T = TypeVar("T")


def label(outcome: object) -> str:
    """An outcome as people read it: an enum member's name in lower case with spaces, a tuple's parts joined."""
    if isinstance(outcome, enum.Enum):
        return enum_label(outcome)
    if isinstance(outcome, tuple):
        return ", ".join(label(part) for part in outcome)
    return str(outcome)


def machine_value(outcome: object) -> Any:  # Any: a JSON value of the outcome's own kind
    """An outcome as a JSON value: enums by lower-case name, tuples as lists, numbers as they are."""
    if isinstance(outcome, enum.Enum):
        return enum_value(outcome)
    if isinstance(outcome, tuple):
        return [machine_value(part) for part in outcome]
    if isinstance(outcome, (bool, int, float, str)) or outcome is None:
        return outcome
    return str(outcome)


def sort_key(outcome: Any) -> Any:  # Any: outcomes of any type
    """The key outcomes are ordered by: enum members by definition order, tuples part by part, others as they are."""
    if isinstance(outcome, enum.Enum):
        return list(type(outcome)).index(outcome)
    if isinstance(outcome, tuple):
        return tuple(sort_key(part) for part in outcome)
    return outcome


def stable_order(outcomes: list[T]) -> list[T]:
    """*outcomes* in the order tables show them: sorted by :func:`sort_key`, or as first seen when unorderable."""
    try:
        return sorted(outcomes, key=sort_key)
    except TypeError:  # mixed or unorderable outcomes keep first-seen order
        return outcomes
