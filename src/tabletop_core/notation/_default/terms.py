"""The dice terms of the default dialect: ``4d6kh3``, ``8d10>=7f1``, ``3d6!!>=5``, and their modifiers.

Frozen nodes with value equality; ``str()`` of each is canonical notation. A :class:`Dice`
term holds its count, its die and every modifier; the modifiers are nodes of their own
(:class:`Comparison`, :class:`Select`, :class:`Reroll`, :class:`Explode`, :class:`Clamp`,
:class:`Crit`). The rest of the tree (sums, groups, labels, functions) is in
:mod:`.nodes`, the whole expression in :mod:`.expression`.

Examples:
    >>> from tabletop_core.notation import parse
    >>> e = parse("4D6 kh3 + (2 - 1) [stats]")
    >>> str(e)
    '4d6kh3+(2-1) [stats]'
    >>> e.body.operands[0].select
    Select(kind='kh', count=3)
"""

from __future__ import annotations

from typing import Any

import attrs

from tabletop_core._frozen import frozen
from tabletop_core._validate import as_int, check_int, check_type, clip, int_field, of_type
from tabletop_core.notation.errors import NotationError

__all__ = [
    "COMPARISON_OPERATORS",
    "EXPLODE_KINDS",
    "MAX_DIE",
    "MAX_NUMBER",
    "SELECT_KINDS",
    "SORT_ORDERS",
    "Clamp",
    "Comparison",
    "Crit",
    "Dice",
    "Explode",
    "Number",
    "Reroll",
    "Select",
    "compare_text",
    "one_of",
]

COMPARISON_OPERATORS = (">=", "<=", ">", "<", "=", "!=")
"""The comparison operators, as written."""

SELECT_KINDS = ("kh", "kl", "dh", "dl")
"""Keep highest, keep lowest, drop highest, drop lowest."""

EXPLODE_KINDS = ("!", "!!", "!p", "!!p")
"""Explode (each extra die its own), compound (extra dice added into the one that exploded),
penetrate (each extra die shows one less than it rolled)."""

SORT_ORDERS = ("a", "d")
"""Sort the shown dice ascending or descending."""

MAX_NUMBER = 10**1000 - 1
"""The largest number a node holds (1,000 digits, as the parser reads at most)."""

MAX_DIE = 2**62  # the most sides or dice a term may hold (what a DiceSource can roll)


def one_of(options: tuple[str, ...]) -> Any:  # Any: an attrs validator
    """An attrs validator: the value is a str, one of *options* (else a NotationError naming them)."""

    def validate(_instance: Any, attribute: Any, value: Any) -> None:  # Any: attrs callback
        check_type(attribute.name, value, str)
        if value not in options:
            raise NotationError(f"{attribute.name} must be one of {', '.join(options)}, got {clip(value)}")

    return validate


def _optional(kind: type[Any]) -> Any:  # Any: an attrs validator for any class
    return attrs.validators.optional(of_type(kind))


@frozen
class Comparison:
    """A test of one die's face: ``>=5``, ``<3``, ``=6``, ``!=1`` (also written ``<>1``).

    Args:
        op: One of ``>= <= > < = !=``.
        value: The number compared with.
    """

    op: str = attrs.field(validator=one_of(COMPARISON_OPERATORS))
    value: int = int_field(low=-MAX_NUMBER, high=MAX_NUMBER)

    def count_in(self, low: int, high: int) -> int:
        """How many whole numbers in ``low..high`` meet this comparison (without listing them).

        Raises:
            TypeError: *low* or *high* is not an int.
        """
        low, high = as_int("low", low), as_int("high", high)
        op, value = self.op, self.value
        if op == ">=":
            first, last = max(low, value), high
        elif op == ">":
            first, last = max(low, value + 1), high
        elif op == "<=":
            first, last = low, min(high, value)
        elif op == "<":
            first, last = low, min(high, value - 1)
        elif op == "!=":
            return max(0, high - low + 1) - int(low <= value <= high)
        else:
            first, last = max(low, value), min(high, value)
        return max(0, last - first + 1)

    def matches(self, face: int) -> bool:
        """Whether a die showing *face* meets this comparison."""
        op = self.op
        if op == ">=":
            return face >= self.value
        if op == "<=":
            return face <= self.value
        if op == ">":
            return face > self.value
        if op == "<":
            return face < self.value
        if op == "!=":
            return face != self.value
        return face == self.value

    def __str__(self) -> str:
        # Not equal is written <> (rpg-dice-roller's other spelling): '!=' after a die reads as an explosion.
        return f"{'<>' if self.op == '!=' else self.op}{self.value}"


@frozen
class Number:
    """A whole number written in the expression (never negative: ``-3`` is :class:`Negate`)."""

    value: int = int_field(low=0, high=MAX_NUMBER)

    def __str__(self) -> str:
        return str(self.value)


@frozen
class Reroll:
    """Reroll dice meeting *condition*: repeatedly (``r<3``) or once (``ro<3``).

    A reroll happens before explosions and keep/drop; the rerolled die stays in
    the result, marked as rerolled.
    """

    condition: Comparison = attrs.field(validator=of_type(Comparison))
    once: bool = attrs.field(default=False, validator=of_type(bool))

    def __str__(self) -> str:
        return ("ro" if self.once else "r") + compare_text(self.condition)


@frozen
class Explode:
    """Roll one more die (added to the pool) for each die meeting *on*.

    ``on=None`` explodes on the die's highest face (``!``). Extra dice can explode
    in turn, up to :data:`~tabletop_core.notation.limits.EXPLODE_DEPTH` times per die.
    """

    on: Comparison | None = attrs.field(default=None, validator=_optional(Comparison))
    kind: str = attrs.field(default="!", validator=one_of(EXPLODE_KINDS))

    @property
    def compounds(self) -> bool:
        """``!!`` (``!!p``): the extra dice are added into the die that exploded, which stays one die."""
        return self.kind in ("!!", "!!p")

    @property
    def penetrates(self) -> bool:
        """``!p`` (``!!p``): every extra die shows one less than it rolled (it still explodes on what it rolled)."""
        return self.kind in ("!p", "!!p")


@frozen
class Select:
    """Keep or drop some dice by value: ``kh3`` keeps the highest 3, ``dl1`` drops the lowest.

    A count above the number of dice keeps (or drops) them all.
    """

    kind: str = attrs.field(validator=one_of(SELECT_KINDS))
    count: int = int_field(low=0, high=MAX_NUMBER)

    def __str__(self) -> str:
        return f"{self.kind}{self.count}"

    def choose(self, values: tuple[int, ...]) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """Which of *values* are kept and which dropped, as positions in order: ties keep the first.

        Raises:
            TypeError: *values* is not a tuple of ints.

        Examples:
            >>> Select("kh", 2).choose((3, 6, 3))
            ((0, 1), (2,))
        """
        check_type("values", values, tuple)
        values = tuple(as_int("value", value) for value in values)
        highest, keep = self.kept(len(values))
        order = sorted(range(len(values)), key=lambda i: (-values[i] if highest else values[i], i))
        chosen = set(order[:keep])
        return tuple(i for i in range(len(values)) if i in chosen), tuple(
            i for i in range(len(values)) if i not in chosen
        )

    def kept(self, pool: int) -> tuple[bool, int]:
        """How a pool of *pool* dice is cut: ``(keep_highest, how_many_kept)``."""
        pool = check_int("pool", pool, low=0)
        if self.kind == "kh":
            return True, min(self.count, pool)
        if self.kind == "kl":
            return False, min(self.count, pool)
        if self.kind == "dh":
            return False, max(pool - self.count, 0)
        return True, max(pool - self.count, 0)


def _optional_bound(value: Any) -> int | None:  # Any: attrs converter input
    return None if value is None else check_int("clamp bound", value, low=0, high=MAX_NUMBER)


@frozen
class Clamp:
    """Clamp every die's face: ``mi2`` shows a 1 as 2, ``ma5`` shows a 6 as 5.

    The clamp applies to each die as it is drawn (rerolled and exploded dice too),
    before anything else looks at the face.

    Args:
        low: The lowest face a die shows (``mi``), or ``None``.
        high: The highest face a die shows (``ma``), or ``None``.

    Raises:
        NotationError: neither bound is given, or *low* is above *high*.
    """

    low: int | None = attrs.field(default=None, converter=_optional_bound)
    high: int | None = attrs.field(default=None, converter=_optional_bound)

    def __attrs_post_init__(self) -> None:
        if self.low is None and self.high is None:
            raise NotationError("a clamp needs mi (minimum) or ma (maximum) or both")
        if self.low is not None and self.high is not None and self.low > self.high:
            raise NotationError(f"a clamp's minimum must not exceed its maximum, got mi{self.low}ma{self.high}")

    def apply(self, face: int) -> int:
        """The face a die shows after clamping *face*.

        Raises:
            TypeError: *face* is not an int.
        """
        face = as_int("face", face)
        if self.low is not None and face < self.low:
            return self.low
        if self.high is not None and face > self.high:
            return self.high
        return face

    def __str__(self) -> str:
        low = "" if self.low is None else f"mi{self.low}"
        high = "" if self.high is None else f"ma{self.high}"
        return low + high


def compare_text(condition: Comparison) -> str:
    """A comparison after a letter (``r1``, ``cs>=19``): a non-negative equality is the bare number."""
    return str(condition.value) if condition.op == "=" and condition.value >= 0 else str(condition)


@frozen
class Crit:
    """Which faces are flagged critical: ``cs>=19`` (success), ``cf<=2`` (failure).

    Flags change no total; they are carried in the result and its JSON. A range
    left out keeps its default: the highest face for success, the lowest for failure.

    Args:
        success: Faces flagged as critical successes, or ``None`` (the highest face).
        failure: Faces flagged as critical failures, or ``None`` (the lowest face).

    Raises:
        NotationError: neither range is given.
    """

    success: Comparison | None = attrs.field(default=None, validator=_optional(Comparison))
    failure: Comparison | None = attrs.field(default=None, validator=_optional(Comparison))

    def __attrs_post_init__(self) -> None:
        if self.success is None and self.failure is None:
            raise NotationError("a crit range needs cs (critical success) or cf (critical failure) or both")

    def __str__(self) -> str:
        success = "" if self.success is None else f"cs{compare_text(self.success)}"
        failure = "" if self.failure is None else f"cf{compare_text(self.failure)}"
        return success + failure


def _selects(_instance: object, attribute: Any, value: object) -> None:
    if not isinstance(value, tuple) or not all(isinstance(item, Select) for item in value):
        raise TypeError(f"{attribute.name} must be a tuple of Select, got {clip(value)}")


@frozen
class Dice:
    """A dice term: ``count`` dice with ``sides`` faces (or Fate dice) and their modifiers.

    Modifiers always apply in this order, however they were written: reroll,
    explode, keep/drop, then success counting. With *success* set the term's value
    is the number of dice meeting it instead of their sum.

    Several keep/drops (``3d6kh2dl1``, the first in *select*, the others in *also*) each
    judge every die, as rpg-dice-roller reads them: their drops add up.

    Args:
        count: How many dice, at least 1.
        sides: Faces per die (3 for Fate dice, which read -1, 0, +1; 6 for ``dF.1``, a d6
            reading -1 on 1, +1 on 6 and 0 otherwise).
        fate: Fate/Fudge dice (``dF``, also written ``dF.2``; ``dF.1`` with 6 sides).
        reroll: Optional :class:`Reroll`.
        explode: Optional :class:`Explode`.
        select: Optional :class:`Select` (keep/drop).
        success: Optional :class:`Comparison`: count dice meeting it.
        clamp: Optional :class:`Clamp` (``mi``/``ma``): applied to each die as it is
            drawn, before anything else looks at its face.
        failure: Optional :class:`Comparison` (``f``): with *success*, each die meeting
            it takes one success away.
        crit: Optional :class:`Crit` (``cs``/``cf``): faces flagged as critical.
        sort: ``"a"`` or ``"d"`` (``sa``/``sd``; ``s`` is ``sa``): the dice are shown sorted.
        unique: ``u``: a die showing a face an earlier die of the term shows is rolled again
            (the dice come out all different, as if drawn without replacement).
        unique_once: ``uo`` (rpg-dice-roller's "unique once"): a die showing a face an earlier
            die of the term shows is rolled again once, and keeps what it rolls then (it may
            still be a duplicate).
        also: More keep/drops after *select* (see above).
        unique_test: With ``u`` or ``uo``, only faces meeting it must be unique (``2d%u>80``
            rerolls a repeat above 80, as rpg-dice-roller reads it).

    Raises:
        NotationError: a reroll that matches every face (it would never stop),
            an explosion that matches every face, Fate dice without 3 sides, or
            failures without a success count, or unique dice (``u``) with a clamp, a
            reroll once, an explosion, or more dice than faces to show, or ``uo`` with a
            clamp, a reroll, an explosion or ``u``.
    """

    count: int = int_field(low=1, high=MAX_DIE)
    sides: int = int_field(low=1, high=MAX_DIE)
    fate: bool = attrs.field(default=False, validator=of_type(bool))
    reroll: Reroll | None = attrs.field(default=None, validator=_optional(Reroll))
    explode: Explode | None = attrs.field(default=None, validator=_optional(Explode))
    select: Select | None = attrs.field(default=None, validator=_optional(Select))
    success: Comparison | None = attrs.field(default=None, validator=_optional(Comparison))
    clamp: Clamp | None = attrs.field(default=None, validator=_optional(Clamp))
    failure: Comparison | None = attrs.field(default=None, validator=_optional(Comparison))
    crit: Crit | None = attrs.field(default=None, validator=_optional(Crit))
    sort: str | None = attrs.field(default=None, validator=attrs.validators.optional(one_of(SORT_ORDERS)))
    unique: bool = attrs.field(default=False, validator=of_type(bool))
    unique_once: bool = attrs.field(default=False, validator=of_type(bool))
    also: tuple[Select, ...] = attrs.field(default=(), validator=_selects)
    unique_test: Comparison | None = attrs.field(default=None, validator=_optional(Comparison))

    def __attrs_post_init__(self) -> None:
        if self.fate and self.sides not in (3, 6):
            raise NotationError(f"Fate dice have 3 sides (-1, 0, +1; dF.1: a d6), got sides={self.sides}")
        if self.also and self.select is None:
            raise NotationError("more keep/drops (also) need a first one (select)")
        if self.unique_test is not None and not (self.unique or self.unique_once):
            raise NotationError(f"a unique test ({self.unique_test}) needs u or uo")
        if self.failure is not None and self.success is None:
            raise NotationError(f"failures (f{compare_text(self.failure)}) are counted only with a success count")
        # Counted, not listed: a d1000000000 must not take a billion steps to check.
        low, high = self.shown_low, self.shown_high
        faces = high - low + 1
        if self.reroll is not None and not self.reroll.once and self.reroll.condition.count_in(low, high) == faces:
            raise NotationError(f"reroll {self.reroll} matches every face of {self.die}, so it would never stop")
        if self.explode is not None and self.explode.on is not None:
            on = self.explode.on
            if on.op == "=" and on.value == self.max_face:
                # '!=6' on a d6 is plain '!': one spelling, so parse(str(e)) == e.
                object.__setattr__(self, "explode", Explode(kind=self.explode.kind))
        if self.unique:
            self._check_unique(faces)
        if self.unique_once and (self.unique or self.clamp or self.explode or self.reroll):
            raise NotationError(f"{self.die}: unique once (uo) takes no u, clamp, reroll or explosion")
        if self.explode is not None and self._explode_count(low, high) == faces:
            raise NotationError(f"{self.die}{self._explode_text()} explodes on every face, so it would never stop")

    @property
    def die(self) -> str:
        """The die alone: ``d6``, ``dF``, ``dF.1``."""
        return ("dF" if self.sides == 3 else "dF.1") if self.fate else f"d{self.sides}"

    @property
    def selects(self) -> tuple[Select, ...]:
        """Every keep/drop, in the order written: *select*, then *also*."""
        return () if self.select is None else (self.select, *self.also)

    @property
    def min_face(self) -> int:
        """The lowest face: 1, or -1 for Fate dice."""
        return -1 if self.fate else 1

    @property
    def max_face(self) -> int:
        """The highest face: *sides*, or +1 for Fate dice."""
        return 1 if self.fate else self.sides

    @property
    def faces(self) -> range:
        """Every face, lowest first."""
        return range(self.min_face, self.max_face + 1)

    def _check_unique(self, faces: int) -> None:
        if self.clamp is not None or self.explode is not None or (self.reroll is not None and self.reroll.once):
            raise NotationError(f"{self.die}: unique dice (u) take no clamp, reroll once or explosion")
        if self.reroll is not None:
            faces -= self.reroll.condition.count_in(self.min_face, self.max_face)
        if self.unique_test is not None and self.unique_test.count_in(self.min_face, self.max_face) < faces:
            return  # a face that need not be unique can always be drawn
        if self.count > faces:
            raise NotationError(f"unique dice need at least as many faces as dice: {self.count} dice, {faces} faces")

    @property
    def shown_low(self) -> int:
        """The lowest face a die can show (after its clamp)."""
        return self.min_face if self.clamp is None else self.clamp.apply(self.min_face)

    @property
    def shown_high(self) -> int:
        """The highest face a die can show (after its clamp)."""
        return self.max_face if self.clamp is None else self.clamp.apply(self.max_face)

    @property
    def is_basic(self) -> bool:
        """Whether the term uses none of clamp, failures, crit ranges, sorting, unique or compounding/penetrating.

        Such a term rolls, renders and computes exactly as it did before those operators existed.
        """
        return (
            self.clamp is None
            and self.failure is None
            and self.crit is None
            and self.sort is None
            and not self.unique
            and not self.unique_once
            and not self.also
            and self.unique_test is None
            and (self.explode is None or self.explode.kind == "!")
            and not (self.fate and self.sides == 6)
        )

    def face_of(self, rolled: int) -> int:
        """The face a die shows when the source rolled *rolled* (1..sides): Fate dice read ``rolled - 2``.

        A ``dF.1`` reads -1 on 1, +1 on 6, 0 otherwise.
        """
        if self.fate and self.sides == 6:
            return -1 if rolled == 1 else 1 if rolled == 6 else 0
        return rolled - 2 if self.fate else rolled

    def explodes(self, face: int) -> bool:
        """Whether a die showing *face* adds another die."""
        if self.explode is None:
            return False
        on = self.explode.on
        return face == self.max_face if on is None else on.matches(face)

    def _explode_count(self, low: int, high: int) -> int:
        """How many faces in ``low..high`` explode."""
        if self.explode is None:
            return 0
        if self.explode.on is None:
            return int(low <= self.max_face <= high)
        return self.explode.on.count_in(low, high)

    def rerolls(self, face: int) -> bool:
        """Whether a die showing *face* is rerolled (ignoring once/repeat)."""
        return self.reroll is not None and self.reroll.condition.matches(face)

    def _explode_text(self) -> str:
        if self.explode is None:
            return ""
        on, kind = self.explode.on, self.explode.kind
        if on is None:
            # A success count right after a bare '!' would read as the explode condition.
            return f"{kind}={self.max_face}" if self.success is not None else kind
        return f"{kind}{on}"

    def __str__(self) -> str:
        parts = [f"{self.count}{self.die}"]
        if self.clamp is not None:
            parts.append(str(self.clamp))
        if self.reroll is not None:
            parts.append(str(self.reroll))
        # A plain u before a success count would read as a unique test (u>80): it goes after the count.
        late_unique = self.success is not None and self.unique_test is None
        unique = ("u" if self.unique else "uo" if self.unique_once else "") + (
            "" if self.unique_test is None else str(self.unique_test)
        )
        if not late_unique:
            parts.append(unique)
        parts.append(self._explode_text())
        parts.extend(str(select) for select in self.selects)
        if self.success is not None:
            parts.append(str(self.success))
        if self.failure is not None:
            parts.append(f"f{compare_text(self.failure)}")
        if late_unique:
            parts.append(unique)
        if self.crit is not None:
            parts.append(str(self.crit))
        if self.sort is not None:
            parts.append(f"s{self.sort}")
        return "".join(parts)
