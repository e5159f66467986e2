"""What a dice term does, written down once for every dialect: a :class:`TermRule`.

A wing lowers each of its dice terms into a rule: how many dice, what die is drawn and
what each drawn number shows, and the modifiers in the kernel's own words (a clamp, a
reroll, unique faces, an explosion, keep/drop, a success count, crit ranges, sorting).
The engine (:mod:`.engine`) rolls a rule; the exact-odds code (:mod:`.term_odds`) computes
its odds. Two schedules cover the dialects:

* *die by die* (``per_die=True``, the default dialect): each die lives its whole life
  (drawn, clamped, rerolled, exploded) before the next is drawn;
* *stage by stage* (``per_die=False``, rpg-dice-roller and the d20 package): every die is
  drawn first, then each modifier runs over the whole pool in turn.

A test of a face (:class:`FaceTest`) is anything with a comparison ``op`` and a ``value``.
"""

from __future__ import annotations

import functools
import operator
from collections.abc import Callable
from typing import Any, Protocol

import attrs

from tabletop_core._frozen import frozen

__all__ = ["FaceTest", "SelectRule", "TermRule", "count_matching", "explodes_on", "failing", "predicate"]


class FaceTest(Protocol):
    """A test of one die's face: ``op`` is one of ``>= <= > < = !=``, ``value`` a number."""

    @property
    def op(self) -> str: ...

    @property
    def value(self) -> int | float: ...


_COMPARE = {
    ">=": operator.le,  # partial(le, 6)(face) is 6 <= face
    "<=": operator.ge,
    ">": operator.lt,
    "<": operator.gt,
    "=": operator.eq,
    "!=": operator.ne,
}


@functools.lru_cache(maxsize=1024)
def _predicate(op: str, value: int | float) -> Callable[[int], bool]:
    return functools.partial(_COMPARE[op], value)


def predicate(test: FaceTest) -> Callable[[int], bool]:
    """*test* as a fast function of one face (``>=6`` is ``partial(operator.le, 6)``)."""
    return _predicate(test.op, test.value)


def explodes_on(rule: TermRule) -> Callable[[int], bool]:
    """Whether a die of *rule* that rolled a face adds another, as a fast function of the face."""
    test = rule.explode_test
    if rule.explode is None:
        return _never
    return functools.partial(operator.eq, rule.high) if test is None else predicate(test)


def _never(_face: int) -> bool:
    return False


def failing(rule: TermRule) -> Callable[[int], bool] | None:
    """Whether a die showing a face counts as a failure (``None``: the rule counts no failure).

    With ``failure_exclusive`` a face meeting the success is no failure.
    """
    if rule.failure is None:
        return None
    fails = predicate(rule.failure)
    if not rule.failure_exclusive or rule.success is None:
        return fails
    meets = predicate(rule.success)
    return lambda face: fails(face) and not meets(face)


def count_matching(test: FaceTest, low: int, high: int) -> int:
    """How many whole numbers in ``low..high`` meet *test*, counted without listing them."""
    op, value = test.op, test.value
    if op == "!=":
        inside = low <= value <= high and value == int(value)
        return high - low + 1 - int(inside)
    if op == "=":
        return int(low <= value <= high and value == int(value))
    import math

    if op == ">=":
        first, last = max(low, math.ceil(value)), high
    elif op == ">":
        first, last = max(low, math.floor(value) + 1), high
    elif op == "<=":
        first, last = low, min(high, math.floor(value))
    else:
        first, last = low, min(high, math.ceil(value) - 1)
    return max(0, last - first + 1)


@frozen
class SelectRule:
    """One keep or drop: ``kh3`` is ``SelectRule(keep=True, highest=True, count=3)``."""

    keep: bool
    highest: bool
    count: int

    def kept(self, pool: int) -> tuple[bool, int]:
        """How a pool of *pool* dice is cut, read as the default dialect reads it: ``(keep_highest, kept)``.

        A count above the pool keeps (or drops) every die.
        """
        if self.keep:
            return self.highest, min(self.count, pool)
        return not self.highest, max(pool - self.count, 0)


def _positive(_instance: object, attribute: Any, value: int) -> None:  # Any: attrs attribute
    if value < 1:
        raise ValueError(f"{attribute.name} must be at least 1, got {value}")


@frozen
class TermRule:
    """One dice term in the kernel's words: what the engine rolls and the odds code computes.

    Attributes:
        notation: The term as its record names it (``4d6kh3``).
        count: Dice written (0 or more).
        draw_sides: The die drawn from the source (``source.roll(draw_sides)``).
        record_sides: The sides the record shows (100 for the d20 dialect's ``d%``, drawn as a d10).
        fate: Whether the dice are Fate dice (records show ``+ 0 -``).
        faces: What each drawn number shows (``faces[n - 1]``), or ``None``: the number itself.
        per_die: The schedule: each die's whole life before the next (``True``), or each
            modifier over the whole pool in turn (``False``).
        clamp_low, clamp_high: A die showing less (more) shows this instead (``mi``/``ma``,
            ``min``/``max``); die by die every die drawn is clamped, stage by stage the dice
            drawn first, low bound first.
        reroll, reroll_once: Reroll a die meeting *reroll*: again while it does, or once.
        unique: ``"u"``: a die showing a face an earlier die shows is rolled again while it
            does; ``"uo"``: once. *unique_test*, when given, limits it to the faces meeting it.
        explode: ``None``, or the kind (``"!" "!!" "!p" "!!p"``): a die meeting *explode_test*
            (``None``: the highest face) adds a die, at most *explode_depth* times in a row;
            ``!!`` adds the new dice into the one that exploded, ``p`` shows each new die one
            less than it rolled (it explodes on what it rolled).
        explode_rounds: Stage by stage, explode round after round over every die, the new
            dice drawn and shown after all the others (the d20 package's ``e``), until no
            die explodes (a walk for exact odds stops after its rounds); else each die's
            whole chain in turn, shown right after it (rpg-dice-roller).
        reroll_cap: The most rounds a reroll or unique loop takes before it stops as it is
            (rpg-dice-roller's 1,000); ``None``: until the dice budget runs out.
        selects: Keep/drop, by the totals of each die and what its explosion added (die by die)
            or each die alone (stage by stage). Die by die a rule has at most one.
        rdr_selects: Read *selects* as rpg-dice-roller does (several, each over every die,
            ties dropping the die written first, its counts past the pool); else as the default dialect.
        success, failure: Count dice meeting *success*, less those meeting *failure*, instead of summing.
        failure_exclusive: A die meeting both counts as a success only (rpg-dice-roller); else
            it counts both, 1 - 1 (see :func:`failing`).
        crit, crit_success, crit_failure: Flag critical faces (``None`` tests: the highest,
            the lowest face); *crit_dropped* flags dropped dice too.
        sort: ``"a"`` or ``"d"``: show the dice sorted.
        stages: A wing's own operators, run in order over the drawn pool (the d20 dialect's).
        marks_always: Record marks even when no die is marked (``False``: then none).
        shown_order: Record the order the dice are shown when it is not the order drawn.
    """

    notation: str
    count: int
    draw_sides: int = attrs.field(validator=_positive)
    record_sides: int
    fate: bool = False
    faces: tuple[int, ...] | None = None
    per_die: bool = True
    clamp_low: int | None = None
    clamp_high: int | None = None
    reroll: FaceTest | None = None
    reroll_once: bool = False
    unique: str | None = None
    unique_test: FaceTest | None = None
    explode: str | None = None
    explode_test: FaceTest | None = None
    explode_depth: int = 20
    explode_rounds: bool = False
    reroll_cap: int | None = None
    selects: tuple[SelectRule, ...] = ()
    rdr_selects: bool = False
    success: FaceTest | None = None
    failure: FaceTest | None = None
    failure_exclusive: bool = False
    crit: bool = False
    crit_success: FaceTest | None = None
    crit_failure: FaceTest | None = None
    crit_dropped: bool = False
    sort: str | None = None
    stages: tuple[Callable[..., None], ...] = ()
    marks_always: bool = True
    shown_order: bool = False

    @property
    def low(self) -> int:
        """The lowest face a die shows before any clamp."""
        return min(self.faces) if self.faces is not None else 1

    @property
    def high(self) -> int:
        """The highest face a die shows before any clamp."""
        return max(self.faces) if self.faces is not None else self.draw_sides

    @property
    def plain(self) -> bool:
        """Whether the term has no modifier at all: every die drawn once and summed."""
        return (
            self.clamp_low is None
            and self.clamp_high is None
            and self.reroll is None
            and self.unique is None
            and self.explode is None
            and not self.selects
            and self.success is None
            and not self.crit
            and self.sort is None
            and not self.stages
        )

    def clamped(self, face: int) -> int:
        """The face a die drawn as *face* shows after the clamp (low bound first)."""
        if self.clamp_low is not None and face < self.clamp_low:
            face = self.clamp_low
        if self.clamp_high is not None and face > self.clamp_high:
            face = self.clamp_high
        return face

    def explodes(self, face: int) -> bool:
        """Whether a die that rolled *face* adds another (before a penetrating die's shift)."""
        if self.explode is None:
            return False
        test = self.explode_test
        return face == self.high if test is None else predicate(test)(face)

    def rerolls(self, face: int) -> bool:
        """Whether a die showing *face* meets the reroll (once or not)."""
        return self.reroll is not None and predicate(self.reroll)(face)
