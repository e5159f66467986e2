"""A rolled Test as a record: its dice, Modifiers, Fortune and Misfortune, Fatigue and Test Total.

:class:`RolledTotal` is a Test Total with every die; :class:`TestRoll` adds the Stakes
and the Test Result; :class:`TestEffects` is what Conditions and Effects do to one
Test, each with its reason. Re-exported by :mod:`tabletop_core.d20.test`.
"""

from __future__ import annotations

from typing import ClassVar, TypeVar

import attrs

from tabletop_core._frozen import frozen
from tabletop_core._record import Record
from tabletop_core._validate import clip, int_field
from tabletop_core.d20.modifier import (
    FATIGUE_LIMIT,
    MODIFIER_LIMIT,
    Modifier,
    TestKind,
    _failure_reasons,
    _fortune_die,
    _fortune_reasons,
    _kind,
    _misfortune_reasons,
    _modifiers,
    _stakes,
    present,
)
from tabletop_core.d20.stakes import Outcome, Stakes, classify
from tabletop_core.errors import InvalidInput
from tabletop_core.rng import DiceSource

__all__ = ["RolledTotal", "TestEffects", "TestRoll"]

R = TypeVar("R", bound="RolledTotal")


@frozen(kw_only=True)
class RolledTotal(Record):
    """The dice and Modifiers of one Test, and its Test Total (no Stakes: a Contest reads totals).

    :class:`TestRoll` adds the Stakes and the Test Result. Every die and Modifier is
    kept, each with the rule that produced it (see :meth:`terms`).

    Args:
        kind: The kind of Test (Check, Save, ...); names it in the result.
        flat_roll: The d20, 1..20.
        modifiers: Every Modifier applied, each with its source.
        fortune: One reason per instance of Fortune (``True`` means one, the GM's call).
        misfortune: One reason per instance of Misfortune.
        fortune_die: The extra d6, 1..6: given exactly when Fortune and Misfortune
            do not cancel (one side has instances, the other none).
        fatigue: The creature's Fatigue, 0..10, subtracted from the Test Total.
        automatic_failure: Reasons the Test fails whatever the dice show
            (Blinded on a Test that needs Sight, Helpless on a Body Save).

    Raises:
        InvalidInput: a value is out of range, the d6 is missing or not allowed,
            or a Flat Roll Test is given Modifiers, Fortune, Misfortune or Fatigue.
        TypeError: a value has the wrong type.
    """

    _derived: ClassVar[tuple[str, ...]] = ("modifier", "total")

    kind: TestKind = attrs.field(default=TestKind.TEST, converter=_kind)
    flat_roll: int = int_field(low=1, high=20)
    modifiers: tuple[Modifier, ...] = attrs.field(default=(), converter=_modifiers)
    fortune: tuple[str, ...] = attrs.field(default=(), converter=_fortune_reasons)
    misfortune: tuple[str, ...] = attrs.field(default=(), converter=_misfortune_reasons)
    fortune_die: int | None = attrs.field(default=None, converter=_fortune_die)
    fatigue: int = int_field(low=0, high=FATIGUE_LIMIT, default=0)
    automatic_failure: tuple[str, ...] = attrs.field(default=(), converter=_failure_reasons)

    def __attrs_post_init__(self) -> None:
        if not -MODIFIER_LIMIT <= self.modifier <= MODIFIER_LIMIT:
            # Each Modifier is bounded; their sum is too, so totals stay in the range Contests and batches take.
            raise InvalidInput(
                f"the Modifiers must add up to an int from {-MODIFIER_LIMIT} to {MODIFIER_LIMIT}, "
                f"got {clip(self.modifier)}"
            )
        if self.needs_fortune_die and self.fortune_die is None:
            side = "Fortune" if self.fortune else "Misfortune"
            raise InvalidInput(f"fortune_die must be given (1..6): {side} without its opposite rolls one extra d6")
        if not self.needs_fortune_die and self.fortune_die is not None:
            why = "Fortune and Misfortune cancel" if self.cancelled else "there is no Fortune or Misfortune"
            raise InvalidInput(f"fortune_die must be None: {why}, so no d6 is rolled; got {clip(self.fortune_die)}")
        if self.kind is TestKind.FLAT_ROLL and (self.modifiers or self.fatigue or self.fortune or self.misfortune):
            # The Flat Roll is "the number on the twenty-sided die before any Modifiers apply", and
            # Fortune and Misfortune are Modifiers; Fatigue comes off a Test Total, which a Flat Roll is not.
            raise InvalidInput(
                "a Flat Roll Test reads the bare d20: it takes no Modifiers (Fortune and Misfortune are "
                f"Modifiers) and no Fatigue, got modifiers {[m.value for m in self.modifiers]}, "
                f"{len(self.fortune)} Fortune, {len(self.misfortune)} Misfortune and fatigue {self.fatigue}"
            )

    # -- the same Test with dice -----------------------------------------------

    def with_dice(self: R, flat_roll: int, fortune_die: int | None = None) -> R:
        """This Test with other dice, checked as when it was built (the d6 exactly when one is rolled).

        The one place a Test's arguments meet its dice: rolls, exact odds and batches all use it.

        Examples:
            >>> from tabletop_core.d20 import resolve_test
            >>> template = resolve_test(flat_roll=1, stakes="mid", modifier=3, misfortune="Impaired", fortune_die=1)
            >>> print(template.with_dice(14, 4))
            Test 14 + 3 - d6(4) = 13 · Mid Stakes -> Setback (Misfortune: Impaired)
        """
        return attrs.evolve(self, flat_roll=flat_roll, fortune_die=fortune_die)

    def _roll_dice(self: R, source: DiceSource) -> R:
        """This Test with dice drawn from *source*: the d20 first, then the d6 when one is rolled."""
        if self.needs_fortune_die:
            # roll_each: a ScriptedDice hands out both dice or neither, so a Test that fails on
            # its d6 leaves the player's dice unused.
            flat_roll, fortune_die = source.roll_each((20, 6))
            return self.with_dice(flat_roll, fortune_die)
        return self.with_dice(source.roll(20), None)

    # -- derived values -------------------------------------------------------

    @property
    def needs_fortune_die(self) -> bool:
        """Whether one extra d6 is rolled: Fortune or Misfortune, but not both."""
        return bool(self.fortune) != bool(self.misfortune)

    @property
    def cancelled(self) -> bool:
        """Whether Fortune and Misfortune cancelled each other (no d6 rolled)."""
        return bool(self.fortune) and bool(self.misfortune)

    @property
    def fortune_value(self) -> int:
        """What the extra d6 adds to the Flat Roll: +d6, -d6 or 0."""
        if self.fortune_die is None:
            return 0
        return self.fortune_die if self.fortune else -self.fortune_die

    @property
    def modifier(self) -> int:
        """The sum of the Modifiers (not the d6, not Fatigue)."""
        return sum(m.value for m in self.modifiers)

    @property
    def total(self) -> int:
        """The Test Total: Flat Roll + Modifiers +/- the d6 - Fatigue."""
        return self.flat_roll + self.modifier + self.fortune_value - self.fatigue

    @property
    def fails_automatically(self) -> bool:
        """Whether a Condition makes this Test fail whatever the dice show."""
        return bool(self.automatic_failure)

    def terms(self) -> list[tuple[str, int, str]]:
        """Each part of the Test Total as ``(what, value, rule that produced it)``."""
        rows = [("d20", self.flat_roll, "Flat Roll")]
        rows += [(m.source, m.value, "Modifier") for m in self.modifiers]
        if self.fortune_die is not None:
            name = "Fortune" if self.fortune else "Misfortune"
            reasons = ", ".join(self.fortune or self.misfortune)
            rows.append((f"d6 ({reasons})", self.fortune_value, name))
        if self.fatigue:
            rows.append(("Fatigue", -self.fatigue, "Fatigue"))
        return rows

    # -- rendering ------------------------------------------------------------

    def _expression(self) -> str:
        parts = [str(self.flat_roll)]
        parts += [_signed(m.value) for m in self.modifiers]
        if self.fortune_die is not None:
            parts.append(f"{'+' if self.fortune else '-'} d6({clip(self.fortune_die)})")
        if self.fatigue:
            parts.append(f"- {self.fatigue}")
        return f"{' '.join(parts)} = {self.total}"

    def _notes(self) -> list[str]:
        fortune, misfortune = ", ".join(self.fortune), ", ".join(self.misfortune)
        return present(
            [
                (self.cancelled, f"Fortune ({fortune}) and Misfortune ({misfortune}) cancel: no d6"),
                (self.fortune and not self.cancelled, f"Fortune: {fortune}"),
                (self.misfortune and not self.cancelled, f"Misfortune: {misfortune}"),
                (self.fatigue, f"Fatigue {self.fatigue}"),
                (self.automatic_failure, f"fails automatically: {', '.join(self.automatic_failure)}"),
            ]
        )

    def __str__(self) -> str:
        notes = self._notes()
        tail = f" ({'; '.join(notes)})" if notes else ""
        return f"{self.kind} {self._expression()}{tail}"

    def _rows(self) -> list[tuple[str, object]]:
        """The notebook table: each part of the Test Total with its rule, then the total."""
        rows: list[tuple[str, object]] = [("d20 (Flat Roll)", self.flat_roll)]
        rows += [(f"{what} ({rule})", f"{value:+d}") for what, value, rule in self.terms()[1:]]
        rows.append(("Test Total", self.total))
        rows += [("note", note) for note in self._notes()]
        return rows


def _signed(value: int) -> str:
    return f"+ {value}" if value >= 0 else f"- {-value}"


@frozen(kw_only=True)
class TestRoll(RolledTotal):
    """A Test read against its Stakes: every die, every Modifier, the Test Total and the Test Result.

    Build one with :func:`resolve_test` (dice given) or :func:`roll_test` (dice rolled).
    See :class:`RolledTotal` for the other fields.

    Args:
        stakes: The Stakes the Test Total is read against.
    """

    _derived: ClassVar[tuple[str, ...]] = ("modifier", "total", "outcome")

    __test__ = False  # not a pytest test class

    stakes: Stakes = attrs.field(converter=_stakes)

    @property
    def outcome(self) -> Outcome:
        """The Test Result: the total read against the Stakes, or Failure if the Test fails automatically."""
        if self.automatic_failure:
            return Outcome.FAILURE
        return classify(self.total, self.stakes)

    def __str__(self) -> str:
        notes = self._notes()
        tail = f" ({'; '.join(notes)})" if notes else ""
        return f"{self.kind} {self._expression()} · {self.stakes} -> {self.outcome}{tail}"

    def _rows(self) -> list[tuple[str, object]]:
        rows = super()._rows()
        at = rows.index(("Test Total", self.total)) + 1
        return [*rows[:at], ("Stakes", self.stakes), ("Test Result", self.outcome), *rows[at:]]


@frozen(kw_only=True)
class TestEffects(Record):
    """What applies to one Test besides the dice and Modifiers: usually derived from Conditions.

    Pass it to :func:`roll_test` or :func:`resolve_test` as ``effects=``; its
    instances are added to any given directly.

    Args:
        fortune: One reason per instance of Fortune.
        misfortune: One reason per instance of Misfortune.
        automatic_failure: Reasons the Test fails whatever the dice show.
        fatigue: The Fatigue to subtract from the Test Total.
    """

    __test__ = False  # not a pytest test class

    fortune: tuple[str, ...] = attrs.field(default=(), converter=_fortune_reasons)
    misfortune: tuple[str, ...] = attrs.field(default=(), converter=_misfortune_reasons)
    automatic_failure: tuple[str, ...] = attrs.field(default=(), converter=_failure_reasons)
    fatigue: int = int_field(low=0, high=FATIGUE_LIMIT, default=0)

    def __str__(self) -> str:
        parts = []
        if self.fortune:
            parts.append(f"Fortune ({', '.join(self.fortune)})")
        if self.misfortune:
            parts.append(f"Misfortune ({', '.join(self.misfortune)})")
        if self.fortune and self.misfortune:
            parts.append("they cancel: no d6")
        if self.automatic_failure:
            parts.append(f"fails automatically ({', '.join(self.automatic_failure)})")
        if self.fatigue:
            parts.append(f"Fatigue -{self.fatigue}")
        return "; ".join(parts) if parts else "no effect on the Test"
