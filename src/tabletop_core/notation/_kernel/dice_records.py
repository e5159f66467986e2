"""The records of dice: every die of one term (:class:`DiceRoll`), its marks, and a group's items.

A :class:`DiceRoll` keeps every die rolled for one dice term (rerolled, exploded and
dropped dice too) in the order they were rolled; :class:`DiceMarks` says which were
dropped, rerolled, exploded, counted; :class:`GroupRoll` keeps the items' totals of a
group (``{4d6, 3d8}kh1``). Every dialect's terms record themselves in these.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, ClassVar

import attrs

from tabletop_core._fast import fast_builder
from tabletop_core._frozen import frozen
from tabletop_core._record import Record
from tabletop_core._record_codec import on_converter

__all__ = [
    "DiceMarks",
    "DiceRoll",
    "GroupRoll",
    "Numeric",
    "RolledDie",
    "dice_words",
    "new_dice_marks",
    "new_dice_roll",
    "new_group_roll",
    "number_schema",
]

Numeric = int | float
"""A value of a record: an int, or in the ``rdr`` dialect (rpg-dice-roller's arithmetic) a float."""


def number_schema(description: str) -> dict[str, Any]:  # Any: JSON Schema values
    """The JSON Schema of a :data:`Numeric` field: an integer, or (``rdr`` dialect) a non-whole number."""
    return {
        "anyOf": [{"type": "integer"}, {"type": "number", "not": {"multipleOf": 1}}],
        "description": f"{description} An integer, except in the rdr dialect, where rpg-dice-roller's arithmetic "
        "may give a number that is not whole.",
    }


def _structure_number(value: object, _cls: object) -> int | float:
    """An int, or a finite float that is not whole (a whole value is always an int); nothing else."""
    if isinstance(value, float):
        if value != value or value in (float("inf"), float("-inf")) or value == int(value):
            raise TypeError(f"expected an int or a finite fraction, got {value!r}")
        return value
    from tabletop_core._validate import as_int

    return as_int("value", value)


def _number_hooks(converter: object) -> None:
    converter.register_structure_hook_func(lambda kind: kind == Numeric, _structure_number)  # type: ignore[attr-defined]


on_converter(_number_hooks)


@frozen
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
        from tabletop_core.notation._kernel.render import face_text

        return face_text(self, markdown=False)


@frozen
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


@frozen
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
        from tabletop_core.notation._kernel.render import dice_text

        return f"{self.notation} {dice_text(self, markdown=False)}"

    def _caption(self) -> str:
        return f"{self.notation} = {self.value}"

    def _rows(self) -> list[tuple[str, object]]:
        """The notebook table: the term, its dice in words (no strike-through markup), its value."""
        return [("notation", self.notation), ("dice", dice_words(self)), ("value", self.value)]


@frozen
class GroupRoll(Record):
    """What one group (``{4d6, 3d8}kh1``) rolled: each item's total and which counted.

    Positions index :attr:`values`, one per item in the order written.

    Attributes:
        notation: The group in canonical notation, e.g. ``"{4d6, 3d8}kh1"``.
        values: Each item's total (in the ``rdr`` dialect a float where rpg-dice-roller's arithmetic gives one).
        value: The group's value: the sum of the kept totals, or successes less failures.
        dropped: Items dropped by keep/drop.
        successes: Items counted as successes, or ``None`` when the group sums.
        failures: Items counted as failures (``f``).
    """

    _json_schema: ClassVar[Mapping[str, Mapping[str, Any]]] = {  # Any: JSON Schema values
        "values": {"type": "array", "items": number_schema("An item's total."), "description": "Each item's total."},
        "value": number_schema("The group's value: the sum of the kept totals, or successes less failures."),
    }

    notation: str
    values: tuple[Numeric, ...]
    value: Numeric
    dropped: tuple[int, ...] = ()
    successes: tuple[int, ...] | None = None
    failures: tuple[int, ...] = ()

    def _rule(self) -> GroupRoll:
        kept = [v for i, v in enumerate(self.values) if i not in set(self.dropped)]
        value = sum(kept) if self.successes is None else len(self.successes) - len(self.failures)
        return self if value == self.value else attrs.evolve(self, value=value)

    def __str__(self) -> str:
        from tabletop_core.notation._kernel.render import group_text

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


def dice_words(roll: DiceRoll) -> str:
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


# Builders for the records a roll makes from values it computed, every field given in order.
# DiceRoll, DiceMarks and GroupRoll check nothing in their __init__, so these build the same
# records as the classes, in about half the time (a roll of a few dice costs little more than
# building its records). tests/notation/test_notation_fast_records.py checks every field.
new_dice_marks: Callable[..., DiceMarks] = fast_builder(DiceMarks)
new_dice_roll: Callable[[str, int, bool, tuple[int, ...], int, DiceMarks | None], DiceRoll] = fast_builder(DiceRoll)
new_group_roll: Callable[
    [str, tuple[int, ...], int, tuple[int, ...], tuple[int, ...] | None, tuple[int, ...]], GroupRoll
] = fast_builder(GroupRoll)
