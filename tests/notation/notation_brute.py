"""Brute-force reference: enumerate every sequence of dice a roll can draw."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import numpy as np

from tabletop_core.notation import Limits, roll
from tabletop_core.rng import DiceSource


class _NeedDie(Exception):
    def __init__(self, sides: int) -> None:
        self.sides = sides


class _Replay(DiceSource):
    """Replays a prefix of faces; asks for a branch when it runs out."""

    def __init__(self, prefix: tuple[int, ...]) -> None:
        self.prefix = prefix
        self.position = 0
        self.probability = Fraction(1)

    def roll(self, sides: int) -> int:
        if self.position >= len(self.prefix):
            raise _NeedDie(sides)
        value = self.prefix[self.position]
        self.position += 1
        self.probability /= sides
        return value

    def roll_many(self, sides: int, n: int) -> np.ndarray:
        return np.array([self.roll(sides) for _ in range(n)], dtype=np.int64)


def brute_distribution(expr: str, limits: Limits | None = None) -> dict[int, Fraction]:
    """Every total the roller can produce, with its exact probability."""
    totals: Counter[int] = Counter()
    stack: list[tuple[int, ...]] = [()]
    while stack:
        prefix = stack.pop()
        source = _Replay(prefix)
        try:
            result = roll(expr, rng=source, limits=limits)
        except _NeedDie as need:
            stack.extend((*prefix, face) for face in range(1, need.sides + 1))
            continue
        totals[result.total] += source.probability
    return dict(totals)


def brute_outcomes(expr, outcome=lambda result: result.total, **options) -> dict[object, Fraction]:
    """Like :func:`brute_distribution`, for any outcome of the result (``vs``, labels) and any roll options."""
    found: Counter[object] = Counter()
    stack: list[tuple[int, ...]] = [()]
    while stack:
        prefix = stack.pop()
        source = _Replay(prefix)
        try:
            result = roll(expr, rng=source, **options)
        except _NeedDie as need:
            stack.extend((*prefix, face) for face in range(1, need.sides + 1))
            continue
        found[outcome(result)] += source.probability
    return dict(found)


def draws_bound(expression: object, explode_depth: int) -> int:
    """An upper bound on the sequences of dice :func:`brute_distribution` walks for *expression*.

    Each die may be drawn once, once more for a reroll once, and again for each explosion
    level; tests skip expressions whose bound is too large to enumerate in a moment.
    """
    from tabletop_core.notation._default.nodes import walk
    from tabletop_core.notation._default.terms import Dice

    bound = 1
    for node in walk(expression.body):  # type: ignore[attr-defined]
        if isinstance(node, Dice):
            per_die = (1 + (node.reroll is not None)) * (1 + (explode_depth if node.explode is not None else 0))
            bound *= node.sides ** (node.count * per_die)
    return bound
