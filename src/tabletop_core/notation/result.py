"""What a roll of dice notation produced: every die, the total, the label.

A :class:`RollResult` keeps one :class:`DiceRoll` per dice term, in the order the
terms appear; each keeps every die rolled for that term (rerolled, exploded and
dropped dice too) in the order they were rolled. ``str()`` is one chat line;
``to_markdown()`` strikes dropped dice through and marks the highest and lowest
faces; ``to_dict()`` round-trips through JSON.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import TYPE_CHECKING

import attrs

from tabletop_core._fast import fast_builder
from tabletop_core._record import Record
from tabletop_core._validate import clip

if TYPE_CHECKING:
    from tabletop_core.notation._d20_tree import D20Node
    from tabletop_core.notation.ast import Node

__all__ = ["DiceMarks", "DiceRoll", "GroupRoll", "RollResult", "RolledDie", "RolledNode", "TermLabel"]


@attrs.frozen
class RolledDie(Record):
    """One die of a :class:`DiceRoll`, as a view with named flags.

    Attributes:
        sides: Faces of the die (3 for a Fate die).
        value: The face shown (-1, 0 or +1 for a Fate die).
        fate: Whether it is a Fate die.
        kept: Whether it counts toward the term (not dropped, not rerolled).
        dropped: Dropped by keep/drop.
        rerolled: Replaced by a reroll (a later die took its place).
        exploded: It met the explode condition and added the next die.
        success: It met the success condition of a counting term.
        failure: It met the failure condition (``f``) of a counting term: one success less.
        compounded: It was added into the die before it (``!!``): the two show as one die.
        penetrated: It was rolled by a penetrating explosion (``!p``): *value* is one less than rolled.
        rolled: The face drawn before a clamp (``mi``/``ma``) changed it, else ``None``.
        crit: It falls in the term's critical-success range (``cs``).
        fumble: It falls in the term's critical-failure range (``cf``).
    """

    sides: int
    value: int
    fate: bool = False
    dropped: bool = False
    rerolled: bool = False
    exploded: bool = False
    success: bool = False
    failure: bool = False
    compounded: bool = False
    penetrated: bool = False
    rolled: int | None = None
    crit: bool = False
    fumble: bool = False

    _optional_keys = ("failure", "compounded", "penetrated", "rolled", "crit", "fumble")

    @property
    def clamped(self) -> bool:
        """Whether a clamp (``mi``/``ma``) changed the face drawn."""
        return self.rolled is not None

    @property
    def kept(self) -> bool:
        """Whether the die counts toward its term."""
        return not (self.dropped or self.rerolled)

    @property
    def is_max(self) -> bool:
        """Whether the die shows its highest face."""
        return self.value == (1 if self.fate else self.sides)

    @property
    def is_min(self) -> bool:
        """Whether the die shows its lowest face."""
        return self.value == (-1 if self.fate else 1)

    def __str__(self) -> str:
        from tabletop_core.notation.render import face_text

        return face_text(self, markdown=False)


@attrs.frozen
class DiceMarks(Record):
    """Which dice of a :class:`DiceRoll` were dropped, rerolled, exploded or counted.

    Only terms with modifiers carry marks; each field holds positions in
    :attr:`DiceRoll.faces`.

    Attributes:
        dropped: Positions dropped by keep/drop.
        rerolled: Positions replaced by a reroll.
        exploded: Positions that exploded (added the next die).
        successes: Positions counted as successes, or ``None`` when the term sums.
        failures: Positions counted as failures (``f``), each taking one success away.
        clamped: Positions of the dice a clamp (``mi``/``ma``) changed; :attr:`DiceRoll.faces`
            holds the face shown.
        drawn: The face each of those dice showed before the clamp, in the same order.
        compounded: Positions added into the die before them (``!!``).
        penetrated: Positions rolled by a penetrating explosion (``!p``), shown one less than rolled.
        crits: Positions in the term's critical-success range (``cs``).
        fumbles: Positions in the term's critical-failure range (``cf``).
        order: Every position in the order the dice are shown (``s``/``sa``/``sd``), or
            ``()`` for the order rolled.
    """

    dropped: tuple[int, ...] = ()
    rerolled: tuple[int, ...] = ()
    exploded: tuple[int, ...] = ()
    successes: tuple[int, ...] | None = None
    failures: tuple[int, ...] = ()
    clamped: tuple[int, ...] = ()
    drawn: tuple[int, ...] = ()
    compounded: tuple[int, ...] = ()
    penetrated: tuple[int, ...] = ()
    crits: tuple[int, ...] = ()
    fumbles: tuple[int, ...] = ()
    order: tuple[int, ...] = ()

    _optional_keys = ("failures", "clamped", "drawn", "compounded", "penetrated", "crits", "fumbles", "order")

    def __str__(self) -> str:
        """The marked positions in words: ``"positions dropped 1"`` (``"no marks"`` when none)."""
        groups = [("dropped", self.dropped), ("rerolled", self.rerolled), ("exploded", self.exploded)]
        if self.successes is not None:
            groups.append(("counted as successes", self.successes))
        groups += [
            ("counted as failures", self.failures),
            ("clamped", self.clamped),
            ("compounded", self.compounded),
            ("penetrated", self.penetrated),
            ("critical", self.crits),
            ("fumbled", self.fumbles),
        ]
        parts = [f"{what} {', '.join(map(str, where))}" for what, where in groups if where]
        if self.order:
            parts.append(f"shown in the order {', '.join(map(str, self.order))}")
        return f"positions {'; '.join(parts)}" if parts else "no marks"


@attrs.frozen
class DiceRoll(Record):
    """Every die rolled for one dice term, and the term's value.

    Positions index :attr:`faces`, in the order the dice were rolled (a reroll or
    an explosion comes right after the die that caused it).

    Attributes:
        notation: The term in canonical notation, e.g. ``"4d6kh3"``.
        sides: Faces per die (3 for Fate dice).
        fate: Fate dice (faces -1, 0, +1).
        faces: Every face rolled.
        value: The term's value: the sum of the counted dice, or the number of
            successes when the term counts successes.
        marks: Dropped, rerolled, exploded and success positions (``None``: a
            plain term, every die counted).
    """

    notation: str
    sides: int
    fate: bool
    faces: tuple[int, ...]
    value: int
    marks: DiceMarks | None = None

    @property
    def dropped(self) -> tuple[int, ...]:
        """Positions dropped by keep/drop."""
        return () if self.marks is None else self.marks.dropped

    @property
    def rerolled(self) -> tuple[int, ...]:
        """Positions replaced by a reroll."""
        return () if self.marks is None else self.marks.rerolled

    @property
    def exploded(self) -> tuple[int, ...]:
        """Positions that exploded (each added the next die)."""
        return () if self.marks is None else self.marks.exploded

    @property
    def successes(self) -> tuple[int, ...] | None:
        """Positions counted as successes, or ``None`` when the term sums."""
        return None if self.marks is None else self.marks.successes

    @property
    def dice(self) -> tuple[RolledDie, ...]:
        """Every die as a :class:`RolledDie`, in the order rolled."""
        dropped, rerolled, exploded = set(self.dropped), set(self.rerolled), set(self.exploded)
        successes = set(self.successes or ())
        marks = self.marks if self.marks is not None else DiceMarks()
        failures, compounded, penetrated = set(marks.failures), set(marks.compounded), set(marks.penetrated)
        crits, fumbles = set(marks.crits), set(marks.fumbles)
        rolled = dict(zip(marks.clamped, marks.drawn, strict=False))
        return tuple(
            RolledDie(
                self.sides,
                face,
                self.fate,
                i in dropped,
                i in rerolled,
                i in exploded,
                i in successes,
                i in failures,
                i in compounded,
                i in penetrated,
                rolled.get(i),
                i in crits,
                i in fumbles,
            )
            for i, face in enumerate(self.faces)
        )

    @property
    def shown(self) -> tuple[RolledDie, ...]:
        """Every die as a :class:`RolledDie`, in the order shown: sorted for a term with ``s``/``sa``/``sd``."""
        dice = self.dice
        if self.marks is None or not self.marks.order:
            return dice
        return tuple(dice[i] for i in self.marks.order)

    @property
    def kept(self) -> tuple[int, ...]:
        """The faces that count toward the term, in the order rolled."""
        skip = set(self.dropped) | set(self.rerolled)
        return tuple(face for i, face in enumerate(self.faces) if i not in skip)

    @property
    def counts_successes(self) -> bool:
        """Whether the term counts successes instead of summing."""
        return self.successes is not None

    def _rule(self) -> DiceRoll:
        failures = 0 if self.marks is None else len(self.marks.failures)
        value = len(self.successes) - failures if self.successes is not None else sum(self.kept)
        return self if value == self.value else attrs.evolve(self, value=value)

    def __str__(self) -> str:
        from tabletop_core.notation.render import dice_text

        return f"{self.notation} {dice_text(self, markdown=False)}"

    def _caption(self) -> str:
        return f"{self.notation} = {self.value}"

    def _rows(self) -> list[tuple[str, object]]:
        """The notebook table: the term, its dice in words (no strike-through markup), its value."""
        return [("notation", self.notation), ("dice", _dice_words(self)), ("value", self.value)]


def _has_extra_marks(marks: DiceMarks) -> bool:
    """Whether *marks* uses any mark beyond dropped, rerolled, exploded and successes."""
    return bool(
        marks.failures
        or marks.clamped
        or marks.compounded
        or marks.penetrated
        or marks.crits
        or marks.fumbles
        or marks.order
    )


@attrs.frozen
class GroupRoll(Record):
    """What one group (``{4d6, 3d8}kh1``) rolled: each item's total and which counted.

    Positions index :attr:`values`, one per item in the order written.

    Attributes:
        notation: The group in canonical notation, e.g. ``"{4d6, 3d8}kh1"``.
        values: Each item's total.
        value: The group's value: the sum of the kept totals, or successes less failures.
        dropped: Items dropped by keep/drop.
        successes: Items counted as successes, or ``None`` when the group sums.
        failures: Items counted as failures (``f``).
    """

    notation: str
    values: tuple[int, ...]
    value: int
    dropped: tuple[int, ...] = ()
    successes: tuple[int, ...] | None = None
    failures: tuple[int, ...] = ()

    def _rule(self) -> GroupRoll:
        kept = [v for i, v in enumerate(self.values) if i not in set(self.dropped)]
        value = sum(kept) if self.successes is None else len(self.successes) - len(self.failures)
        return self if value == self.value else attrs.evolve(self, value=value)

    def __str__(self) -> str:
        from tabletop_core.notation.render import group_text

        return f"{self.notation} {group_text(self, markdown=False)}"

    def _caption(self) -> str:
        return f"{self.notation} = {self.value}"

    def _words(self) -> str:
        """The items' totals in words, without strike-through markup: ``12 = 12 (dropped 10)``."""
        dropped = set(self.dropped)
        kept = ", ".join(str(v) for i, v in enumerate(self.values) if i not in dropped) or "no item counted"
        if self.successes is not None:
            noun = "success" if self.value == 1 else "successes"
            text = f"{kept} -> {self.value} {noun}"
        else:
            text = f"{kept} = {self.value}"
        if self.dropped:
            text += " (dropped " + ", ".join(str(self.values[i]) for i in self.dropped) + ")"
        return text

    def _rows(self) -> list[tuple[str, object]]:
        """The notebook table: the group, its items' totals in words, its value."""
        return [("notation", self.notation), ("items", self._words()), ("value", self.value)]


@attrs.frozen
class RolledNode:
    """One node of the expression tree with the value it rolled: the result as a tree.

    Attributes:
        node: The expression node (a :class:`~tabletop_core.notation.ast.Dice`,
            :class:`~tabletop_core.notation.ast.Sum`, ...; in the ``d20`` dialect a
            :class:`~tabletop_core.notation.dialect_d20.D20Dice`, ...).
        value: What the node came to in this roll (in the ``d20`` dialect, a float where
            ``/`` divided exactly).
        children: The rolled operands of a sum, product or negation, in order.
        roll: For a dice term, its :class:`DiceRoll`; otherwise ``None``.
        group: For a group (``{...}``), its :class:`GroupRoll`; otherwise ``None``.
    """

    node: Node | D20Node
    value: int | Fraction | float
    children: tuple[RolledNode, ...] = ()
    roll: DiceRoll | None = None
    group: GroupRoll | None = None

    def __str__(self) -> str:
        return f"{self.node} = {self.value}"


@attrs.frozen
class TermLabel(Record):
    """A labelled term of a roll (``1d20 [fire] + 1d4 [cold]``): its label, notation and value.

    Attributes:
        label: The label's text.
        notation: The labelled term in canonical notation (without its label).
        value: What the term came to in this roll.
    """

    label: str
    notation: str
    value: int

    def __str__(self) -> str:
        return f"{self.label}: {self.value}"


@attrs.frozen
class RollResult(Record):
    """The result of :func:`~tabletop_core.notation.roll`.

    Attributes:
        expression: The expression in canonical notation, label included.
        total: The value of the whole expression.
        rolls: One :class:`DiceRoll` per dice term, left to right.
        label: The trailing label's text (in the ``d20`` dialect, the comment), or ``None``.
        crit: ``"crit"`` or ``"fumble"`` when the roll is a critical hit or failure (in the
            ``d20`` dialect: the leftmost term is a d20 kept alone showing 20 or 1), else ``None``.
        dialect: The dialect the expression is written in: ``"default"`` or ``"d20"``.
        groups: One :class:`GroupRoll` per group (``{...}``; in the ``d20`` dialect, per set with
            keep/drop such as ``(1d6, 1d8)kh1``), in the order their closing bracket is written
            (an inner group before the group holding it).
        comment: The trailing ``# comment`` of the default dialect, or ``None``.
        target: The value of the target after ``vs`` (``1d20+5 vs 15``), or ``None``; see
            :attr:`success` and :attr:`margin`.
        labels: Each labelled term (``1d20 [fire]``) with its value, left to right (a term's
            label before those inside it; the target's after ``vs`` too, after the roll's); in the
            ``d20`` dialect, one per annotation, with the term's value when rolled, truncated toward zero.
        results: For a repeated roll (``6x 4d6kh3``), each result in order (its :attr:`total`
            is then the sum of theirs, and it holds no dice of its own); else empty.
    """

    expression: str
    total: int
    rolls: tuple[DiceRoll, ...] = ()
    label: str | None = None
    crit: str | None = attrs.field(default=None)
    dialect: str = attrs.field(default="default")
    groups: tuple[GroupRoll, ...] = ()

    comment: str | None = None
    target: int | None = None
    labels: tuple[TermLabel, ...] = ()
    results: tuple[RollResult, ...] = ()

    _optional_keys = ("groups", "comment", "target", "labels", "results")

    @property
    def margin(self) -> int | None:
        """The total minus the target (``vs``), or ``None`` without a target."""
        return None if self.target is None else self.total - self.target

    @property
    def success(self) -> bool | None:
        """Whether the total met the target (``vs``), or ``None`` without a target."""
        return None if self.target is None else self.total >= self.target

    @property
    def totals(self) -> tuple[int, ...]:
        """Each result's total for a repeated roll (``6x 4d6kh3``); ``(total,)`` otherwise."""
        return tuple(result.total for result in self.results) if self.results else (self.total,)

    @crit.validator
    def _check_crit(self, _attribute: object, value: object) -> None:
        if value is not None and not isinstance(value, str):
            raise TypeError(f"crit must be None or a str, got {type(value).__name__}")
        if value is not None and value not in ("crit", "fumble"):
            from tabletop_core.errors import InvalidInput

            raise InvalidInput(f"crit must be None, 'crit' or 'fumble', got {clip(value)}")

    @dialect.validator
    def _check_dialect(self, _attribute: object, value: object) -> None:
        if not isinstance(value, str):  # before any comparison: an array would answer an array
            raise TypeError(f"dialect must be a str, got {type(value).__name__}")
        if value != "default" and value != "d20":
            from tabletop_core.notation.limits import check_dialect

            check_dialect(value)

    @property
    def dice(self) -> tuple[RolledDie, ...]:
        """Every die of every term, in the order rolled."""
        return tuple(die for roll in self.rolls for die in roll.dice)

    @property
    def tree(self) -> RolledNode:
        """The expression tree with every node's rolled value (every dice term with its dice).

        In the ``d20`` dialect the nodes are the d20 dialect's own (``D20Dice``, ``D20Set``, ...).

        Examples:
            >>> from tabletop_core import ScriptedDice
            >>> from tabletop_core.notation import roll
            >>> tree = roll("(2d6+1)*2", rng=ScriptedDice([3, 4])).tree
            >>> str(tree), [str(child) for child in tree.children]
            ('(2d6+1)*2 = 16', ['2d6+1 = 8', '2 = 2'])
        """
        from tabletop_core.notation.render import rolled_tree

        return rolled_tree(self)

    @property
    def breakdown(self) -> str:
        """The expression with each dice term followed by its dice (plain text)."""
        from tabletop_core.notation.render import breakdown

        return breakdown(self, markdown=False)

    def _rule(self) -> RollResult:

        if self.dialect != "default":
            return self  # the d20 dialect's terms are checked one by one (DiceRoll); the total is not replayed
        if self.results:
            total = sum(result.total for result in self.results)
            return self if total == self.total else attrs.evolve(self, total=total)
        from tabletop_core.notation.render import replay

        total, target, labels = replay(self)
        if (total, target, labels) == (self.total, self.target, self.labels):
            return self
        return attrs.evolve(self, total=total, target=target, labels=labels)

    def __str__(self) -> str:
        from tabletop_core.notation.render import render_text

        return render_text(self)

    def _caption(self) -> str:
        prefix = f"{self.label}: " if self.label else ""
        return f"{prefix}{self.expression} = {self.total}"

    def _rows(self) -> list[tuple[str, object]]:
        """The notebook table: each dice term with its dice in words (no strike-through markup), then the total."""
        rows: list[tuple[str, object]] = [("expression", self.expression)]
        for roll in self.rolls:
            rows.append((roll.notation, _dice_words(roll)))
        for group in self.groups:
            rows.append((group.notation, group._words()))
        rows.append(("total", self.total))
        return rows

    def to_markdown(self) -> str:
        """One line of Markdown: dropped dice struck through, highest faces bold, lowest italic."""
        from tabletop_core.notation.render import render_markdown

        return render_markdown(self)


def _dice_words(roll: DiceRoll) -> str:
    """One dice term's dice as plain words: ``6, 5, 4 = 15 (dropped 2)``."""
    faces = roll.faces
    counted = [str(faces[i]) for i in range(len(faces)) if i not in set(roll.dropped) | set(roll.rerolled)]
    text = ", ".join(counted) or "no die counted"
    if roll.counts_successes:
        text += f" -> {roll.value} " + ("success" if roll.value == 1 else "successes")
    else:
        text += f" = {roll.value}"
    notes = []
    if roll.dropped:
        notes.append("dropped " + ", ".join(str(faces[i]) for i in roll.dropped))
    if roll.rerolled:
        notes.append("rerolled " + ", ".join(str(faces[i]) for i in roll.rerolled))
    if roll.exploded:
        notes.append("exploded " + ", ".join(str(faces[i]) for i in roll.exploded))
    return text + (f" ({'; '.join(notes)})" if notes else "")


# The roller's constructors for the records it builds from values it computed, every field
# given in order. DiceRoll, DiceMarks and GroupRoll check nothing in their __init__, and the roller's crit and dialect
# are valid by construction, so they build the same records as the classes, in about half
# the time (a roll of a few dice costs little more than building its records).
# tests/notation/test_notation_fast_records.py checks every field against the classes' own.
_new_dice_marks: Callable[..., DiceMarks] = fast_builder(DiceMarks)  # DiceMarks checks nothing either
_new_dice_roll: Callable[[str, int, bool, tuple[int, ...], int, DiceMarks | None], DiceRoll] = fast_builder(DiceRoll)
_new_group_roll: Callable[
    [str, tuple[int, ...], int, tuple[int, ...], tuple[int, ...] | None, tuple[int, ...]], GroupRoll
] = fast_builder(GroupRoll)
_new_roll_result: Callable[
    [
        str,
        int,
        tuple[DiceRoll, ...],
        str | None,
        str | None,
        str,
        tuple[GroupRoll, ...],
        str | None,
        int | None,
        tuple[TermLabel, ...],
        tuple[RollResult, ...],
    ],
    RollResult,
] = fast_builder(RollResult)
