"""The d20 dialect's dice terms in the kernel's words: a ``D20Dice`` as a :class:`~.terms.TermRule`.

The d20 package draws every die of a term first, then applies each operator in the
order written to the dice still kept: ``k`` and ``p`` keep or drop by selector, ``rr``
rerolls the selected dice round after round until none is selected, ``ro`` once, ``ra``
adds one die for the first selected, ``e`` adds a die for each selected die and then for
each selected new one, ``mi``/``ma`` raise or lower the faces. Each operator is a stage
of the kernel's engine (:func:`stage_of`) working on its pool; a term the default dialect
reads alike (plain dice, one ``kh``/``kl``) is the kernel's own keep/drop.

When the roll is walked for exact odds (a :class:`~tabletop_core.notation._kernel.paths.PathSource`),
``rr`` by value draws straight from the faces it leaves, and ``rr`` by rank and ``e`` stop
after ``Limits.explode_depth`` rounds (``rr`` refusing the odds there).
"""

from __future__ import annotations

import functools
from collections.abc import Callable

from tabletop_core._frozen import frozen
from tabletop_core.notation._d20.select import clamp_of, faces_of, pick, picked, selects
from tabletop_core.notation._d20.tree import D20Dice, D20Op, D20Selector
from tabletop_core.notation._kernel.engine import Pool
from tabletop_core.notation._kernel.kept_ops import ADD, CLAMP, DROP, EXPLODE, KEEP, REROLL, KeptOp
from tabletop_core.notation._kernel.stages import explode_rounds
from tabletop_core.notation._kernel.terms import SelectRule, TermRule
from tabletop_core.notation.errors import NotationError

__all__ = ["TENS", "FaceIs", "default_alike", "stage_of", "term_rule"]

TENS = tuple(10 * i for i in range(10))
"""What ``d%`` shows for a d10 drawn as 1..10: 0, 10, ..., 90."""


@frozen
class FaceIs:
    """A d20 selector by value as the kernel tests a face: ``=6``, ``<3``, ``>4``."""

    op: str
    value: int

    @classmethod
    def of(cls, selector: D20Selector) -> FaceIs | None:
        """The test *selector* makes of one face, or ``None`` for a selector by rank (``h3``, ``l1``)."""
        if selector.kind in ("h", "l"):
            return None
        return cls("=" if selector.kind is None else selector.kind, selector.value)


def default_alike(node: D20Dice) -> bool:
    """Whether the default dialect reads *node* alike: plain dice, or one ``kh``/``kl`` with one selector."""
    if node.sides is None or node.sides == 0 or node.count == 0:
        return False
    if not node.ops:
        return True
    op = node.ops[0]
    return len(node.ops) == 1 and op.op == "k" and len(op.selectors) == 1 and op.selectors[0].kind in ("h", "l")


@functools.lru_cache(maxsize=2048)
def term_rule(node: D20Dice, extra: tuple[D20Op, ...] = (), notation: str | None = None) -> TermRule:
    """The kernel's rule for *node*, its operators then *extra* (a parenthesised keep/drop on its dice).

    *notation* names the record (``4d6`` for ``(4d6)kh3``, whose keep/drop acts on its dice).
    """
    ops = node.ops + extra
    sides = 10 if node.sides is None else max(node.sides, 1)
    record_sides = 100 if node.sides is None else node.sides
    faces = TENS if node.sides is None else None
    name = str(node) if notation is None else notation
    if not extra and default_alike(node):
        selects: tuple[SelectRule, ...] = ()
        if ops:
            selector = ops[0].selectors[0]
            selects = (SelectRule(True, selector.kind == "h", selector.value),)
        return TermRule(name, node.count, sides, record_sides, faces=faces, selects=selects)
    if not extra and len(ops) == 1 and ops[0].op == "e" and len(ops[0].selectors) == 1 and node.sides:
        explode = FaceIs.of(ops[0].selectors[0])
        if explode is not None:  # e by value, alone: the kernel's explosion, round after round
            return TermRule(
                name,
                node.count,
                sides,
                record_sides,
                faces=faces,
                per_die=False,
                explode="!",
                explode_test=explode,
                explode_rounds=True,
                marks_always=False,
            )
    return TermRule(
        name,
        node.count,
        sides,
        record_sides,
        faces=faces,
        per_die=False,
        stages=tuple(stage_of(op, node.sides) for op in ops),
        marks_always=False,
    )


def stage_of(op: D20Op, sides: int | None) -> KeptOp:
    """The engine's stage for one operator, as the d20 package applies it to the dice still kept."""
    name, selectors = op.op, op.selectors
    if name in ("mi", "ma"):
        clamp = clamp_of(op)

        def clamped(pool: Pool) -> None:
            for die in pool.kept_dice():
                pool.set_face(die, clamp(pool.face(die)))

        return KeptOp(CLAMP, clamped, clamp=clamp)
    choose = _picker(selectors)
    if name in ("k", "p"):
        keeps = name == "k"

        def kept(pool: Pool) -> None:
            faces, pos = pool.faces, pool.pos
            dice = pool.kept_dice()
            chosen = set(choose([faces[pos[die]] for die in dice], None))
            for index, die in enumerate(dice):
                if (index in chosen) != keeps:
                    pool.drop(die)

        face = FaceIs.of(selectors[0]) if len(selectors) == 1 else None
        return KeptOp(KEEP if keeps else DROP, kept, pick=choose, face=face)
    by_value = all(selector.kind in (None, "<", ">") for selector in selectors)
    if name == "rr" and by_value:
        draws = [n for n, face in enumerate(faces_of(sides), 1) if not any(selects(s, face) for s in selectors)]

        def rerolled(pool: Pool) -> None:
            if getattr(pool.source, "enumerates", False):
                # Walked for exact odds: each selected die ends on a face not selected, each equally likely.
                for die in _chosen(pool, op, None):
                    if not draws:
                        raise NotationError(f"{pool.budget.text}: {op} rerolls every face, so it would never stop")
                    pool.reroll(die, draws)
                return
            _rounds(pool, op)

        return KeptOp(REROLL, rerolled, pick=choose, face=FaceIs.of(selectors[0]) if len(selectors) == 1 else None)
    if name == "e" and by_value:
        explodes = _by_value(selectors)
        return KeptOp(EXPLODE, functools.partial(explode_rounds, explodes=explodes), test=explodes)
    return KeptOp(
        REROLL if name in ("rr", "ro") else ADD,
        functools.partial(_rounds, op=op),
        pick=choose,
        once=name in ("ro", "ra"),
        limit=1 if name == "ra" else None,
    )


def _picker(selectors: tuple[D20Selector, ...]) -> Callable[[list[int], int | None], list[int]]:
    """Which of the kept dice's faces an operator's *selectors* pick (indexes, first picked first, at most *limit*)."""
    if len(selectors) == 1:
        kind, value = selectors[0].kind, selectors[0].value

        def one(faces: list[int], limit: int | None) -> list[int]:
            found = pick(kind, value, range(len(faces)), faces)
            return found if limit is None else found[:limit]

        return one
    return lambda faces, limit: picked(selectors, range(len(faces)), faces, limit)


def _by_value(selectors: tuple[D20Selector, ...]) -> Callable[[int], bool]:
    """Whether a face is picked by selectors by value (``6``, ``<3``, ``>4``), each face's answer kept."""
    known: dict[int, bool] = {}

    def picks(face: int) -> bool:
        found = known.get(face)
        if found is None:
            found = known[face] = any(selects(selector, face) for selector in selectors)
        return found

    return picks


def _chosen(pool: Pool, op: D20Op, limit: int | None) -> list[int]:
    """The kept dice *op*'s selectors pick, first picked first."""
    faces, pos, kept = pool.faces, pool.pos, pool.kept
    dice = [die for die in pool.order if kept[die]]
    return [dice[i] for i in picked(op.selectors, range(len(dice)), [faces[pos[die]] for die in dice], limit)]


def _rounds(pool: Pool, op: D20Op) -> None:
    """``rr``, ``ro``, ``ra`` and ``e``: draw for the selected dice, round after round (``ro`` and ``ra`` once)."""
    name = op.op
    once = name in ("ro", "ra")
    cap = getattr(pool.source, "rounds", None)  # a walk for exact odds stops its loops
    done: set[int] = set()  # e: each die explodes at most once
    chosen = _chosen(pool, op, 1 if name == "ra" else None)
    rounds = 0
    while chosen:
        rounds += 1
        if cap is not None and rounds > cap:
            if name == "rr":
                raise NotationError(f"{pool.budget.text}: {op} may never stop (too many rounds to compute exactly)")
            break  # exact odds stop after explode_depth rounds, like the default dialect
        for die in chosen:
            if name in ("rr", "ro"):
                pool.reroll(die)
            else:  # ra, e: the die explodes into a new one
                pool.add_die(die)
                done.add(die)
        if once:
            break
        chosen = [die for die in _chosen(pool, op, None) if die not in done]
