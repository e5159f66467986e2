"""Run the d20 package itself on the dice our d20 dialect drew: the reference of the differential tests.

The d20 package draws from the ``random`` module; :func:`d20_roll_with` swaps that
module, in the package only and only for one call, for a stand-in that hands out
given faces (and checks each draw asks for the same die ours did).
:func:`d20_distribution` walks every sequence of draws the package can make.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from fractions import Fraction

import numpy as np
import numpy.typing as npt
import pytest

from tabletop_core.rng import DiceSource, dice_source

d20 = pytest.importorskip("d20")
d20_expression = pytest.importorskip("d20.expression")


class Recorder(DiceSource):
    """A seeded source that remembers every (sides, face) it gave."""

    def __init__(self, seed: int) -> None:
        self.inner = dice_source(seed)
        self.draws: list[tuple[int, int]] = []

    def roll(self, sides: int) -> int:
        face = self.inner.roll(sides)
        self.draws.append((sides, face))
        return face

    def roll_many(self, sides: int, n: int) -> npt.NDArray[np.int64]:
        return np.array([self.roll(sides) for _ in range(n)], dtype=np.int64)


class OutOfFaces(Exception):
    """The package asked for a die past the given faces."""

    def __init__(self, sides: int) -> None:
        super().__init__(sides)
        self.sides = sides


class _Faces:
    """Stands in for ``random`` inside the d20 package: ``randrange`` from given faces."""

    def __init__(self, draws: list[tuple[int, int]], more: DiceSource | None = None) -> None:
        self.draws = draws
        self.at = 0
        self.more = more

    def randrange(self, start: int, stop: int | None = None, step: int = 1) -> int:
        if stop is None:
            sides, low, scale = start, 0, 1  # randrange(n): 0..n-1
        else:
            assert (start, stop, step) == (0, 100, 10), (start, stop, step)
            sides, low, scale = 10, 0, 10  # d%: 0, 10, ..., 90
        if self.at >= len(self.draws):
            if self.more is not None:
                return low + (self.more.roll(sides) - 1) * scale
            raise OutOfFaces(sides)
        wanted, face = self.draws[self.at]
        assert wanted == sides, f"draw {self.at}: d20 rolled a d{sides} where ours rolled a d{wanted}"
        self.at += 1
        return low + (face - 1) * scale


@contextlib.contextmanager
def _faces(draws: list[tuple[int, int]], more: DiceSource | None = None) -> Iterator[_Faces]:
    saved = d20_expression.random
    stand_in = _Faces(draws, more)
    d20_expression.random = stand_in  # type: ignore[assignment]
    try:
        yield stand_in
    finally:
        d20_expression.random = saved


def d20_roll_with(text: str, draws: list[tuple[int, int]], *, more: bool = False) -> tuple[int, str | None, str] | None:
    """``(total, comment, crit)`` of the d20 package on *draws*, or ``None`` when it raises its own error.

    With *more*, dice past *draws* come from a seeded source (the package rolls every
    die before it divides, so it may roll more than ours before the same error).
    """
    with _faces(draws, dice_source(0) if more else None) as stand_in:
        try:
            result = d20.roll(text, allow_comments=True)
            total = result.total
        except (d20.RollError, OverflowError, ValueError):
            return None
    assert more or stand_in.at == len(draws), f"d20 used {stand_in.at} of {len(draws)} dice"
    crit = {d20.CritType.CRIT: "crit", d20.CritType.FAIL: "fumble"}.get(result.crit)
    return total, result.comment, crit or ""


def d20_distribution(text: str, max_paths: int = 3_000, max_draws: int = 12) -> dict[int, Fraction] | None:
    """Exact odds of the d20 package's total by walking every sequence of draws; ``None`` when too many."""
    out: dict[int, Fraction] = {}
    stack: list[list[tuple[int, int]]] = [[]]
    paths = 0
    while stack:
        path = stack.pop()
        paths += 1
        if paths > max_paths or len(path) > max_draws:
            return None
        with _faces(path):
            try:
                total = d20.roll(text, allow_comments=True).total
            except OutOfFaces as need:
                stack.extend([*path, (need.sides, face)] for face in range(1, need.sides + 1))
                continue
            except (d20.RollError, OverflowError, ValueError):
                return None  # an error on some path: compared by the roll test instead
        weight = Fraction(1)
        for sides, _face in path:
            weight /= sides
        out[total] = out.get(total, Fraction(0)) + weight
    return out
