"""Exact odds by walking every path of draws: the way for what no shortcut covers.

A roll is a function of the faces it draws, and which die it draws next depends only on
the faces drawn before. :func:`walk_paths` runs the roll again and again on a
:class:`PathSource` that replays a path of faces and, at the first draw past it, asks for
one branch per face; each finished path has the probability ``1 / ways`` (the product of
the choices it met). A reroll that repeats until a face no longer matches draws, when
walked, straight from the faces it leaves (:meth:`PathSource.draw_from`: each equally
likely), so its paths end. The walk is charged, path by path, to the caller's budget.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable
from typing import TYPE_CHECKING, TypeVar

from tabletop_core.rng import DiceSource

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = ["Branch", "PathSource", "walk_paths"]

V = TypeVar("V", bound=Hashable)


class Branch(Exception):
    """The path ran out at a draw: one branch per face in *faces* (the numbers drawn)."""

    def __init__(self, faces: list[int]) -> None:
        super().__init__()
        self.faces = faces


class PathSource(DiceSource):
    """Replays a path of drawn numbers; raises :class:`Branch` at the first draw past it.

    Attributes:
        enumerates: ``True``: the engine and the wings' operators know they are walked
            (a reroll until a face no longer matches draws from the faces it leaves).
        rounds: How many rounds a loop without an end of its own may take (explosions,
            rerolls by rank): ``Limits.explode_depth``.
        ways: The path's probability is ``1 / ways``.
    """

    enumerates = True

    def __init__(self, path: list[int], rounds: int) -> None:
        self.path = path
        self.at = 0
        self.rounds = rounds
        self.ways = 1

    def _next(self, faces: list[int]) -> int:
        if self.at < len(self.path):
            face = self.path[self.at]
            self.at += 1
            self.ways *= len(faces)
            return face
        raise Branch(faces)

    def roll(self, sides: int) -> int:
        return self._next(list(range(1, sides + 1)))

    def draw_from(self, faces: list[int]) -> int:
        """One of *faces* (numbers drawn, as :meth:`roll` gives them), each equally likely."""
        return self._next(faces)

    def roll_many(self, sides: int, n: int) -> npt.NDArray[np.int64]:  # pragma: no cover - the engine rolls one by one
        import numpy as np

        return np.array([self.roll(sides) for _ in range(n)], dtype=np.int64)


def walk_paths(
    run: Callable[[PathSource], V],
    rounds: int,
    charge: Callable[[int], None],
    outcomes: Callable[[int], None],
) -> dict[V, int]:
    """The exact weights (value -> ways) of ``run(source)`` over every path of draws.

    Args:
        run: The roll, drawing from its source.
        rounds: The cap on loops without an end of their own (see :class:`PathSource`).
        charge: Called with the length of each path before it is run (the caller charges its cost).
        outcomes: Called with the number of distinct values found so far, after each path
            (it raises when there are too many).
    """
    paths: dict[tuple[V, int], int] = {}  # (value, the path's ways) -> how many such paths
    values: set[V] = set()
    stack: list[list[int]] = [[]]
    while stack:
        path = stack.pop()
        source = PathSource(path, rounds)
        charge(len(path))
        try:
            value = run(source)
        except Branch as branch:
            stack.extend([*path, face] for face in reversed(branch.faces))
            continue
        key = (value, source.ways)
        paths[key] = paths.get(key, 0) + 1
        if value not in values:
            values.add(value)
            outcomes(len(values))
    # Paths differ in length: over a common denominator (the lcm of their ways), each counts scale / ways.
    scale = math.lcm(*{ways for _value, ways in paths})
    weights: dict[V, int] = {}
    for (value, ways), count in paths.items():
        weights[value] = weights.get(value, 0) + count * (scale // ways)
    return weights
