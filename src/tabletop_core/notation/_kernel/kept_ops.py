"""Operators over the dice still kept, stage by stage, that the engine can run on plain lists.

The d20 package draws every die of a term first, then applies each operator in the
order written to the dice still kept: keep or drop the dice a selector picks, raise or
lower every face, reroll the picked dice round after round (or once), add a die for
each picked one. A wing says which dice its selectors pick (``pick``: rule code); the
kernel runs the loop. Each :class:`KeptOp` also carries the wing's own stage on a
:class:`~.pool.Pool` (``on_pool``), which stays the reference: a pool runs it when the
roll is walked for exact odds, or when more operators follow on more than the term
(a keep/drop on parentheses). A term whose every operator is a :class:`KeptOp` is rolled
by :func:`flat_roller` on a few lists instead of a pool: the same dice drawn in the same
order, the same marks (a property test holds the two to each other).
"""

from __future__ import annotations

from collections.abc import Callable

from tabletop_core._frozen import frozen
from tabletop_core.notation._kernel.budget import Budget
from tabletop_core.notation._kernel.finish import CLAMPED_NONE, POSITIONS_NONE
from tabletop_core.notation._kernel.pool import Pool, draw_faces
from tabletop_core.notation._kernel.terms import FaceTest, TermRule, predicate
from tabletop_core.rng import DiceSource, GeneratorDice

__all__ = ["ADD", "CLAMP", "DROP", "EXPLODE", "KEEP", "REROLL", "Flat", "KeptOp", "flat_roller", "is_flat"]

KEEP, DROP, CLAMP, REROLL, ADD, EXPLODE = "keep", "drop", "clamp", "reroll", "add", "explode"

Pick = Callable[[list[int], int | None], list[int]]
"""``pick(faces, limit)``: which of the kept dice's *faces* an operator picks (indexes, first picked first)."""

Flat = tuple[list[int], list[int] | None, list[int], list[int], list[int], list[tuple[int, int]]]
"""A term rolled on lists: ``(faces, live, dropped, rerolled, exploded, clamped)``, as the finisher takes them.

*live* holds each die's position, in the order shown (``None``: every face, in order); *dropped*
indexes of *live*; *rerolled* and *exploded* positions; *clamped* each clamped position with the
face drawn there.
"""


@frozen(eq=False)  # hashed by identity, as the closures it stands for: a rule holding it is cached
class KeptOp:
    """One operator over the dice still kept, in the kernel's words, with the wing's stage on a pool.

    Attributes:
        kind: :data:`KEEP` or :data:`DROP` the picked dice (the others stay as they are),
            :data:`CLAMP` every kept face, :data:`REROLL` the picked dice or :data:`ADD` a die
            for each (round after round until none is picked, a die adding at most once;
            or one round, *once*), :data:`EXPLODE`: each kept die in turn, and each die
            added, adds a die when its face meets *test*.
        on_pool: The same operator on a pool (the reference; see the module docstring).
        pick: Which dice it picks (keep, drop, reroll, add).
        clamp: What it makes of a face (clamp).
        test: Whether a face adds a die (explode).
        once: One round only (reroll, add).
        limit: At most this many picked in the first round (add: the d20 package's ``ra``).
        face: For a keep, drop or reroll whose *pick* picks the faces meeting one test (``>2``,
            ``<3``, ``=6``), that test: the engine applies it to each face in its own loop.
    """

    kind: str
    on_pool: Callable[[Pool], None]
    pick: Pick | None = None
    clamp: Callable[[int], int] | None = None
    test: Callable[[int], bool] | None = None
    once: bool = False
    limit: int | None = None
    face: FaceTest | None = None

    def __call__(self, pool: Pool) -> None:
        self.on_pool(pool)


def is_flat(rule: TermRule) -> bool:
    """Whether *rule* is rolled by :func:`flat_roller`: drawn at once, then only operators over the kept dice."""
    return (
        bool(rule.stages)
        and all(type(stage) is KeptOp for stage in rule.stages)
        and not rule.per_die
        and rule.clamp_low is None
        and rule.clamp_high is None
        and rule.explode is None
        and rule.reroll is None
        and rule.unique is None
        and not rule.selects
        and rule.sort is None
        and not rule.shown_order
    )


def flat_roller(rule: TermRule) -> Callable[[DiceSource, Budget], Flat]:  # noqa: C901 - one loop, each kind
    """How a term of *rule* (see :func:`is_flat`) is rolled on lists: what a pool running its stages would hold.

    A die is an index of *live* (dice added are shown last, so the order shown is the order
    made), *live* holds where its face is now; every extra die spends one of the budget.
    """
    count, sides, shown = rule.count, rule.draw_sides, rule.faces
    ops: tuple[KeptOp, ...] = rule.stages  # type: ignore[assignment]  # see is_flat
    single = ops[0] if len(ops) == 1 and ops[0].kind in (KEEP, DROP) else None
    test = None if single is None else single.face
    # Each operator with the test of one face it picks by, when it picks by one (a reroll by value).
    tests = [(op, None if op.face is None else predicate(op.face)) for op in ops]

    def draw(source: DiceSource, faces: list[int]) -> None:
        drawn = source.roll(sides)
        faces.append(drawn if shown is None else shown[drawn - 1])

    def roll(source: DiceSource, budget: Budget) -> Flat:  # noqa: C901 - as above
        faces = source._take(sides, count) if type(source) is GeneratorDice else draw_faces(source, sides, count)
        if shown is not None:
            faces = [shown[face - 1] for face in faces]
        if single is not None:  # the commonest: one keep or drop, every die kept before it (live: every face)
            if test is not None:
                dropped = _meeting(faces, test, single.kind == DROP)
                return faces, None, dropped, POSITIONS_NONE, POSITIONS_NONE, CLAMPED_NONE
            chosen = single.pick(faces, None)  # type: ignore[misc]  # keep and drop pick
            if single.kind == KEEP:
                picked = set(chosen)
                dropped = [die for die in range(count) if die not in picked]
            else:
                dropped = sorted(set(chosen))
            return faces, None, dropped, POSITIONS_NONE, POSITIONS_NONE, CLAMPED_NONE
        live = list(range(count))
        kept = [True] * count
        rerolled: list[int] = []
        exploded: list[int] = []  # dice, not positions
        clamped: dict[int, int] = {}
        for op, meets in tests:
            kind = op.kind
            dice = [die for die, keep in enumerate(kept) if keep]
            if kind == CLAMP:
                clamp = op.clamp
                for die in dice:
                    at = live[die]
                    face = faces[at]
                    new = clamp(face)  # type: ignore[misc]  # a clamp has one
                    if new != face:
                        drawn = clamped.get(at, face)
                        faces[at] = new
                        if new == drawn:
                            del clamped[at]
                        else:
                            clamped[at] = drawn
                continue
            if kind == EXPLODE:
                explodes = op.test
                at = 0
                while at < len(dice):
                    die = dice[at]
                    at += 1
                    if explodes(faces[live[die]]):  # type: ignore[misc]  # an explosion has one
                        budget.spend()
                        exploded.append(die)
                        draw(source, faces)
                        dice.append(len(live))
                        live.append(len(faces) - 1)
                        kept.append(True)
                continue
            if meets is not None and kind == REROLL:
                # Picked by its face alone: a die not picked stays so, and each round picks again
                # among the dice it rerolled, in the order shown.
                rolling = [die for die in dice if meets(faces[live[die]])]
                while rolling:
                    for die in rolling:
                        budget.spend()
                        rerolled.append(live[die])
                        draw(source, faces)
                        live[die] = len(faces) - 1
                    if op.once:
                        break
                    rolling = [die for die in rolling if meets(faces[live[die]])]
                continue
            pick = op.pick
            chosen = pick([faces[live[die]] for die in dice], op.limit if kind == ADD else None)  # type: ignore[misc]
            if kind in (KEEP, DROP):
                picked = set(chosen)
                keeps = kind == KEEP
                for index, die in enumerate(dice):
                    if (index in picked) != keeps:
                        kept[die] = False
                continue
            rolling = [dice[index] for index in chosen]
            done: set[int] = set()  # add: each die adds at most once
            while rolling:
                for die in rolling:
                    budget.spend()
                    if kind == REROLL:
                        rerolled.append(live[die])
                        draw(source, faces)
                        live[die] = len(faces) - 1
                    else:
                        exploded.append(die)
                        draw(source, faces)
                        live.append(len(faces) - 1)
                        kept.append(True)
                        done.add(die)
                if op.once:
                    break
                dice = [die for die, keep in enumerate(kept) if keep]
                again = pick([faces[live[die]] for die in dice], None)  # type: ignore[misc]
                rolling = [dice[index] for index in again if dice[index] not in done]
        dropped = [die for die, keep in enumerate(kept) if not keep]
        shown_exploded = [live[die] for die in dict.fromkeys(exploded)] if exploded else POSITIONS_NONE
        return faces, live, dropped, rerolled, shown_exploded, list(clamped.items()) if clamped else CLAMPED_NONE

    return roll


def _meeting(faces: list[int], test: FaceTest, meets: bool) -> list[int]:
    """The positions of the faces that meet *test* (``>``, ``<``, ``=``), or (*meets* false) that do not.

    A loop per test, not a predicate called per face: this is the commonest keep or drop.
    """
    op, value = test.op, test.value
    found: list[int] = []
    at = 0
    if op == ">":
        for face in faces:
            if (face > value) is meets:
                found.append(at)
            at += 1
    elif op == "<":
        for face in faces:
            if (face < value) is meets:
                found.append(at)
            at += 1
    elif op == "=":
        for face in faces:
            if (face == value) is meets:
                found.append(at)
            at += 1
    else:
        tested = predicate(test)
        found = [position for position, face in enumerate(faces) if tested(face) is meets]
    return found
