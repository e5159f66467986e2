"""What the d20 package does to values, written once for rolls, odds and the rolled tree.

Its selectors (``h3 l1 <3 >4 6``) and the order they pick in (:func:`pick`, :func:`picked`),
keep/drop on whole members (:func:`keep_after`), ``mi``/``ma`` (:func:`clamp_of`), the
arithmetic of its operators, comparisons worth 1 or 0 (:func:`apply`), and how a value is
recorded (:func:`whole`, :func:`group_record`).
"""

from __future__ import annotations

import functools
import math
import operator
from collections.abc import Callable, Sequence

from tabletop_core.notation._d20.tree import D20Op, D20Selector, Value
from tabletop_core.notation._kernel.dice_records import GroupRoll, new_group_roll
from tabletop_core.notation.errors import NotationError

__all__ = [
    "OPERATORS",
    "apply",
    "clamp_of",
    "faces_of",
    "group_record",
    "keep_after",
    "pick",
    "picked",
    "selects",
    "truncate",
    "whole",
]


@functools.lru_cache(maxsize=256)
def clamp_of(op: D20Op) -> Callable[[int], int]:
    """What ``mi``/``ma`` do to one face: raise it to at least (lower it to at most) the op's bound."""
    bound = op.selectors[-1].value  # as the d20 package reads it: the last selector's number
    return functools.partial(max, bound) if op.op == "mi" else functools.partial(min, bound)


def pick(kind: str | None, n: int, pool: Sequence[int], values: Sequence[Value]) -> list[int]:
    """The positions of *pool* that a selector (``kind``, ``n``) picks, comparing ``values[position]``.

    ``h``/``l`` pick the *n* highest/lowest (ties: the earlier position first), ``<``/``>``
    those below/above *n*, and a bare selector (``kind=None``) those equal to *n*.
    """
    if kind == "h":
        return sorted(pool, key=values.__getitem__, reverse=True)[:n]
    if kind == "l":
        return sorted(pool, key=values.__getitem__)[:n]
    if kind == "<":
        return [i for i in pool if values[i] < n]
    if kind == ">":
        return [i for i in pool if values[i] > n]
    return [i for i in pool if values[i] == n]


def selects(selector: D20Selector, value: Value) -> bool:
    """Whether *selector* picks a member showing *value* on its own (a selector by value: ``<3 >4 6``)."""
    return bool(pick(selector.kind, selector.value, [0], [value]))


def picked(
    selectors: tuple[D20Selector, ...], pool: Sequence[int], values: Sequence[Value], limit: int | None
) -> list[int]:
    """The positions an operator's *selectors* pick together, first picked first, at most *limit* of them."""
    if len(selectors) == 1 and limit is None:
        return pick(selectors[0].kind, selectors[0].value, pool, values)
    out: dict[int, None] = {}
    for selector in selectors:
        batch = pick(selector.kind, selector.value, pool, values)
        if limit is not None:
            room = limit - len(out)
            if room <= 0:
                break
            batch = batch[:room]
        for position in batch:
            out.setdefault(position, None)
    return list(out)


def keep_after(ops: list[tuple[bool, tuple[D20Selector, ...]]], values: Sequence[Value], kept: list[bool]) -> None:
    """Apply keep/drop operators (``(keeps, selectors)``, in order) to whole members, in place.

    Each acts on the members still kept: a keep drops those it does not select, a drop
    those it selects, as the d20 package does to a set's members.
    """
    every = range(len(values))
    for keeps, selectors in ops:
        pool = [i for i in every if kept[i]]
        chosen = picked(selectors, pool, values, None)
        if keeps:
            for i in set(pool).difference(chosen):
                kept[i] = False
        else:
            for i in chosen:
                kept[i] = False


def faces_of(sides: int | None) -> list[int]:
    """Every face of a die: ``1..sides``, or 0, 10, ..., 90 for ``d%``."""
    return [10 * i for i in range(10)] if sides is None else list(range(1, sides + 1))


OPERATORS: dict[str, Callable[[Value, Value], Value]] = {
    "+": operator.add,
    "-": operator.sub,
    "*": operator.mul,
    "/": operator.truediv,
    "//": operator.floordiv,
    "%": operator.mod,
    "==": lambda a, b: int(a == b),
    "!=": lambda a, b: int(a != b),
    ">=": lambda a, b: int(a >= b),
    "<=": lambda a, b: int(a <= b),
    ">": lambda a, b: int(a > b),
    "<": lambda a, b: int(a < b),
}
"""Each binary operator of the d20 package, as it computes it (a comparison is 1 or 0)."""


def apply(op: str, left: Value, right: Value, text: str) -> Value:
    """``left op right`` as the d20 package computes it; a division by zero or an overflow is a NotationError."""
    try:
        return OPERATORS[op](left, right)
    except ZeroDivisionError:
        raise NotationError(f"{text}: division by zero") from None
    except OverflowError:
        raise NotationError(f"{text}: a number grew too large") from None


def whole(value: Value) -> int:
    """*value* as a record holds it: truncated toward zero (as the total is), 0 when not finite."""
    if type(value) is int:
        return value
    return int(value) if math.isfinite(value) else 0


def truncate(value: Value, text: str) -> int:
    """The total the d20 package gives for *value*: truncated toward zero."""
    try:
        return int(value)
    except (OverflowError, ValueError):
        raise NotationError(f"{text}: the total is not a finite number") from None


def group_record(notation: str, values: list[Value], kept: list[bool]) -> GroupRoll:
    """The record of a set with keep/drop: each member's value (truncated when not whole), which were dropped."""
    numbers = tuple([value if type(value) is int else whole(value) for value in values])
    dropped = tuple([i for i, keep in enumerate(kept) if not keep])
    total = sum([number for number, keep in zip(numbers, kept) if keep])  # noqa: B905 - as long by construction
    return new_group_roll(notation, numbers, total, dropped, None, ())
