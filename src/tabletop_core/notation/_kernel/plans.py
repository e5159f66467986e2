"""Plans: an expression compiled for rolling, the caches that keep them, and results shared between rolls.

A wing compiles each expression once into a *plan*, ``plan(source) -> RollResult``, and
keeps it in a :class:`PlanCache`. Bots roll the same few expressions all day, so the
commonest rolls also share their results: a roll of one die and numbers (``1d20+5``) makes
each face's result once (:func:`shared_per_face`), and a roll of a few dice that can fall
only a few hundred ways keeps each way's result in a tree of draws (:func:`shared_by_draws`).
Results are immutable, so sharing them is safe; only true faces are kept, so a source that
breaks the DiceSource contract cannot put its value into the results others get.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Generic, TypeVar

from tabletop_core.notation._kernel.cache import SizedCache
from tabletop_core.notation.limits import PLAN_CACHE_BYTES
from tabletop_core.rng import DiceSource, GeneratorDice, _default_source, dice_source

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from tabletop_core.notation._kernel.records import RollResult
    from tabletop_core.rng import RngLike

__all__ = [
    "MEMO_LEAVES",
    "PLAN_BYTES_PER_CHARACTER",
    "PLAN_BYTES_PER_ENTRY",
    "PLAN_BYTES_PER_FACE",
    "PLAN_BYTES_PER_RECORD",
    "OneFace",
    "Plan",
    "PlanCache",
    "Replay",
    "plan_size",
    "run_plan",
    "shared_by_draws",
    "shared_per_face",
]

Plan = Callable[[DiceSource], "RollResult"]
"""A compiled roll: ``plan(source)`` draws the dice and builds the result."""

# Measured with tracemalloc: a compiled plan holds up to about 210 bytes per character of
# its text (the parsed tree included), plus about 2 KB, plus about 400 bytes for each
# one-die result it shares.
PLAN_BYTES_PER_CHARACTER = 224
PLAN_BYTES_PER_ENTRY = 2048
PLAN_BYTES_PER_FACE = 512
PLAN_BYTES_PER_RECORD = 256  # a one-die term's record of one face, shared (see engine._plain_step)

K = TypeVar("K")
T = TypeVar("T")


class PlanCache(Generic[T]):
    """One dialect's plans: a plain dictionary for texts rolled with the default limits, two LRU caches behind it.

    The dictionary is the cheapest lookup there is (bots roll the same few texts all day);
    it is emptied whenever its plans' estimated size passes :data:`~tabletop_core.notation.limits.PLAN_CACHE_BYTES`.
    The LRU caches keep texts with other limits, and expressions built by hand, each bounded
    by the same memory.

    Attributes:
        hot: Plans of texts rolled with the default limits, by text.
        hot_size: Their estimated size in bytes.
        by_text: ``(text, limits) -> (plan, size)``.
        by_tree: ``(expression, limits) -> (plan, size)``.
    """

    def __init__(self) -> None:
        self.hot: dict[str, Plan] = {}
        self.hot_size = 0
        self.by_text: SizedCache[tuple[str, object], tuple[Plan, int]] = SizedCache(PLAN_CACHE_BYTES)
        self.by_tree: SizedCache[tuple[object, object], tuple[Plan, int]] = SizedCache(PLAN_CACHE_BYTES)

    def keep_hot(self, text: str, plan: Plan, size: int) -> None:
        """Keep *plan* for *text* in the dictionary (emptied first when it would pass its budget)."""
        if self.hot_size + size > PLAN_CACHE_BYTES:
            self.hot.clear()  # crude but bounded; the LRU caches still hold recent plans
            self.hot_size = 0
        self.hot[text] = plan
        self.hot_size += size

    def clear(self) -> None:
        """Drop every plan."""
        self.hot.clear()
        self.hot_size = 0
        self.by_text.clear()
        self.by_tree.clear()


def plan_size(entry: tuple[Plan, int]) -> int:
    """The estimated size of a ``(plan, size)`` cache entry: its second item."""
    return entry[1]


def run_plan(plan: Plan, rng: RngLike) -> RollResult:
    """Roll *plan* with dice from *rng*; a roll that fails (dice ran out mid-way) leaves a ScriptedDice unused."""
    source = _default_source() if rng is None else dice_source(rng)
    if type(source) is GeneratorDice:
        return plan(source)  # fresh dice: nothing to give back on failure, skip the context
    with source.atomic():
        return plan(source)


MEMO_LEAVES = 400  # share results of rolls of a few dice that can fall at most this many ways (2d20, 1d20ra1)


class _Draws:
    """One node of :func:`shared_by_draws`' tree: the die drawn next, and what each face leads to."""

    __slots__ = ("next", "sides")

    def __init__(self, sides: int) -> None:
        self.sides = sides
        self.next: list[_Draws | RollResult | None] = [None] * (sides + 1)


def shared_by_draws(run: Plan, leaves: int) -> Plan:
    """*run* for a roll of a few dice, the result of each way they fall made once (at most *leaves* of them).

    A roll's result is decided by the faces it draws, and which die it draws next by
    the faces drawn before; so its results hang in a tree of draws. A roll walks the
    tree, drawing each die as it goes, and stops at a result made before; else it is
    rolled on the faces drawn (and those it still needs) and its result kept. As in
    :func:`shared_per_face`, only true faces are kept, and the results live in the plan.
    """
    root: list[_Draws | None] = [None]
    made = [0]

    def run_shared(source: DiceSource) -> RollResult:
        node = root[0]
        drawn: list[int] = []
        while node is not None:
            sides = node.sides
            face = source.roll(sides)
            drawn.append(face)
            if type(face) is not int or not 1 <= face <= sides:
                return run(Replay(drawn, source))
            found = node.next[face]
            if type(found) is not _Draws:
                if found is not None:
                    return found  # type: ignore[return-value]
                break
            node = found
        replay = Replay(drawn, source)
        result = run(replay)
        if made[0] < leaves and replay.fair:
            _keep(root, replay.log, result)
            made[0] += 1
        return result

    return run_shared


def _keep(root: list[_Draws | None], log: list[tuple[int, int]], result: RollResult) -> None:
    """Hang *result* in the tree at the path of draws *log* (``(sides, face)`` pairs)."""
    if not log:
        return  # no dice: nothing to key the result by
    node = root[0]
    if node is None:
        node = root[0] = _Draws(log[0][0])
    for (sides, face), following in zip(log, [*log[1:], None], strict=True):
        if node.sides != sides:  # pragma: no cover - a roll draws the same dice after the same faces
            return
        if following is None:
            node.next[face] = result
            return
        found = node.next[face]
        if type(found) is not _Draws:
            found = node.next[face] = _Draws(following[0])
        node = found


class Replay(DiceSource):
    """The faces already drawn, then more from *source*; it logs every ``(sides, face)`` it hands out."""

    __slots__ = ("_drawn", "_source", "fair", "log")

    def __init__(self, drawn: list[int], source: DiceSource) -> None:
        self._drawn = drawn
        self._source = source
        self.log: list[tuple[int, int]] = []
        self.fair = True  # every face a true face of its die

    def roll(self, sides: int) -> int:
        at = len(self.log)
        face = self._drawn[at] if at < len(self._drawn) else self._source.roll(sides)
        if type(face) is not int or not 1 <= face <= sides:
            self.fair = False
        self.log.append((sides, face))
        return face

    def roll_many(self, sides: int, n: int) -> npt.NDArray[np.int64]:
        import numpy as np

        return np.array([self.roll(sides) for _ in range(n)], dtype=np.int64)


def shared_per_face(run: Plan, sides: int) -> Plan:
    """*run* for a roll decided by one die of *sides* faces, each face's result made once.

    The commonest bot roll is one die plus fixed numbers (1d20+5): its result is
    decided by one face, and results are immutable, so each face's result is built
    once and shared, like small ints. Only true faces (Python ints in 1..sides) are
    kept, so a source that breaks the DiceSource contract (a numpy int, a 0) cannot
    put its value into the results other sources get. The results live in the plan
    (at most one per face, counted in its size), so they go when the plan goes.
    """
    memo: list[RollResult | None] = [None] * (sides + 1)

    def run_single(source: DiceSource) -> RollResult:
        face = source.roll(sides)
        if type(face) is not int or not 1 <= face <= sides:
            return run(OneFace(face))
        result = memo[face]
        if result is None:
            result = memo[face] = run(OneFace(face))
        return result

    return run_single


class OneFace(DiceSource):
    """A source that gives back one face already drawn."""

    __slots__ = ("_face",)

    def __init__(self, face: int) -> None:
        self._face = face

    def roll(self, sides: int) -> int:  # noqa: ARG002 - the face was drawn for this very die
        return self._face

    def roll_many(self, sides: int, n: int) -> npt.NDArray[np.int64]:  # pragma: no cover - one die only
        raise NotImplementedError
