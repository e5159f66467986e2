"""One dice term's pool while it is rolled: faces in the order drawn, and each die's state.

The engine (:mod:`.engine`) and its stages (:mod:`.stages`) work on a :class:`Pool`; a
wing's own operators (``TermRule.stages``) work on it through its methods.
"""

from __future__ import annotations

from typing import Any

from tabletop_core.notation._kernel.budget import Budget
from tabletop_core.notation._kernel.terms import TermRule
from tabletop_core.rng import DiceSource, GeneratorDice

__all__ = ["Pool", "draw_faces"]

_BULK = 8  # from this many dice a term draws them in one vectorised call


def draw_faces(source: DiceSource, sides: int, count: int) -> list[int]:
    """*count* faces of a die of *sides*, in the order :meth:`DiceSource.roll` would give them.

    Fresh random dice come in one slice of the source's block; other sources roll die by
    die, or in one vectorised call from a few dice.
    """
    if type(source) is GeneratorDice:
        return source._take(sides, count)
    if count < _BULK:
        roll_one = source.roll
        return [roll_one(sides) for _ in range(count)]
    faces: list[int] = source.roll_many(sides, count).tolist()
    return faces


class Pool:
    """One term's dice while they are rolled stage by stage: faces in the order drawn, and each die's state.

    A die is an index into the per-die lists (``pos``: where its current face is; ``kept``);
    ``order`` lists the dice in play in the order shown. A die a compounding explosion added
    into another is in ``merged`` (under that die) and in ``inner``; a pool of the default
    dialect's dice knows each die's keep/drop ``group``. A wing's operator
    (``TermRule.stages``) works through :meth:`kept_dice`, :meth:`face`, :meth:`set_face`,
    :meth:`reroll`, :meth:`add_die` and :meth:`drop`.
    """

    __slots__ = (
        "budget",
        "clamped",
        "exploded",
        "faces",
        "group",
        "history",
        "inner",
        "kept",
        "merged",
        "order",
        "penetrated",
        "pos",
        "rerolled",
        "rule",
        "shown",
        "source",
    )

    def __init__(self, rule: TermRule, source: DiceSource, budget: Budget, faces: list[int] | None = None) -> None:
        self.rule = rule
        self.source = source
        self.budget = budget
        self.shown = rule.faces
        self.faces: list[int] = [] if faces is None else faces
        count = len(self.faces)
        self.pos: list[int] = list(range(count))  # each die's current face
        self.kept: list[bool] = [True] * count
        self.order: list[int] = list(range(count))  # the dice in play, in the order shown
        self.group: list[int] | None = None  # the keep/drop group of each die (a pool of the default dialect's dice)
        self.merged: dict[int, list[int]] = {}  # a die: the dice a compounding explosion added into it
        self.inner: set[int] = set()  # the dice added into another
        self.history: dict[int, list[int]] = {}  # a die's faces replaced by rerolls, in order
        self.rerolled: list[int] = []
        self.exploded: list[int] = []  # dice, not positions: a die exploded on the face it shows at the end
        self.clamped: dict[int, int] = {}  # position: the face drawn there, when a clamp changed it
        self.penetrated: list[int] = []

    # -- drawing ----------------------------------------------------------------------

    def draw(self, allowed: list[int] | None = None) -> int:
        """One more face from the source, as the die shows it (not yet clamped); appended to ``faces``.

        *allowed*, when the pool is walked for exact odds (a :class:`~.paths.PathSource`), lists
        the numbers a reroll that repeats until it stops matching can end on: it draws one of
        them straight away (each equally likely), so the walk's paths end.
        """
        drawn: int
        if allowed is not None and getattr(self.source, "enumerates", False):
            drawn = int(self.source.draw_from(allowed))  # type: ignore[attr-defined]  # a PathSource
        else:
            drawn = self.source.roll(self.rule.draw_sides)
        face = drawn if self.shown is None else self.shown[drawn - 1]
        self.faces.append(face)
        return face

    def new_die(self, into: int = -1, after: int | None = None) -> int:
        """A new die on the face drawn last, added into die *into* (a compounding explosion) or a die of its own.

        It is shown after die *after* (its chain's last die), else at the end.
        """
        die = len(self.pos)
        self.pos.append(len(self.faces) - 1)
        self.kept.append(True)
        if into >= 0:
            self.merged.setdefault(into, []).append(die)
            self.inner.add(die)
        if after is None or after == self.order[-1]:
            self.order.append(die)
        else:
            self.order.insert(self.order.index(after) + 1, die)
        return die

    def take_life(self, life: tuple[Any, ...]) -> None:
        """Hold the dice of a term rolled die by die (:func:`~.stages.liver`): each chain a keep/drop group."""
        faces, alive, chains, rerolled, exploded, clamped, penetrated = life
        if chains is None:
            chains = [[position] for position in (range(len(faces)) if alive is None else alive)]
        compounds = self.rule.explode is not None and "!!" in self.rule.explode
        self.faces, self.pos, self.kept, self.order, group = faces, [], [], [], []
        die_at: dict[int, int] = {}
        for chain in chains:
            first = len(self.pos)
            for position in chain:
                die = len(self.pos)
                self.pos.append(position)
                self.kept.append(True)
                group.append(first)
                self.order.append(die)
                if compounds and die != first:
                    self.merged.setdefault(first, []).append(die)
                    self.inner.add(die)
                die_at[position] = die
        self.group = group
        self.rerolled = list(rerolled)
        self.exploded = [die_at[position] for position in exploded]
        self.clamped = dict(clamped)
        self.penetrated = list(penetrated)

    # -- what a wing's operator works with ----------------------------------------------

    def kept_dice(self) -> list[int]:
        """The dice still kept, in the order shown."""
        kept = self.kept
        return [die for die in self.order if kept[die]]

    def face(self, die: int) -> int:
        """The face *die* shows now."""
        return self.faces[self.pos[die]]

    def set_face(self, die: int, face: int) -> None:
        """Show *face* on *die* (a clamp): the face drawn there is kept in the record, unless it shows again."""
        at = self.pos[die]
        if face == self.faces[at]:
            return
        drawn = self.clamped.get(at, self.faces[at])
        self.faces[at] = face
        if face == drawn:
            del self.clamped[at]
        else:
            self.clamped[at] = drawn

    def reroll(self, die: int, allowed: list[int] | None = None) -> int:
        """Roll *die* again (one die of the budget): its face is replaced, and kept in the record.

        *allowed*: see :meth:`draw` (a walk for exact odds draws the face a repeated reroll ends on).
        """
        self.budget.spend()
        old = self.pos[die]
        self.rerolled.append(old)
        self.history.setdefault(die, []).append(old)
        self.draw(allowed)
        self.pos[die] = len(self.faces) - 1
        return self.faces[-1]

    def add_die(self, exploding: int) -> int:
        """*exploding* explodes: one more die (one die of the budget), shown last; the new die."""
        self.budget.spend()
        self.exploded.append(exploding)
        self.draw()
        return self.new_die()

    def drop(self, die: int) -> None:
        """Drop *die*: it no longer counts."""
        self.kept[die] = False
