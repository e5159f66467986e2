"""Tests: the Flat Roll, Modifiers, Fortune/Misfortune, Fatigue and the Test Total.

Core Rules "Test", "Check", "Save", "Flat Roll", "Modifier", "Fortune",
"Misfortune" and "Test Total": roll 1d20 (the Flat Roll), apply the relevant
Modifiers (a Skill for a Check; a Trait for a Save, an Attack or a Spell), add
one extra d6 for Fortune or subtract one for Misfortune, subtract Fatigue, and
read the Test Total against the Stakes.

Fortune and Misfortune never roll more than one d6, however many instances
there are, and any Fortune with any Misfortune cancel: no d6 is rolled. The rules
give no special effect to a natural 20 or 1, so there is none.

Examples:
    >>> from tabletop_core.d20 import Stakes, resolve_test
    >>> print(resolve_test(flat_roll=14, stakes=Stakes.MID, modifier=3, fortune="target Off Guard", fortune_die=4,
    ...                    kind="check"))
    Check 14 + 3 + d6(4) = 21 · Mid Stakes -> Success (Fortune: target Off Guard)
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from typing import Any, ClassVar, TypeVar

import attrs

from tabletop_core._enum import Enum
from tabletop_core._fast import BoundedCache
from tabletop_core._names import parse_enum
from tabletop_core._record import Record
from tabletop_core._validate import check_int, check_one_line, check_type, clip, int_field
from tabletop_core.d20.stakes import Outcome, Stakes, classify
from tabletop_core.errors import InvalidInput
from tabletop_core.rng import DiceSource, RngLike, dice_source

__all__ = [
    "FATIGUE_LIMIT",
    "GM",
    "MODIFIER_LIMIT",
    "AttackKind",
    "Modifier",
    "RolledTotal",
    "TestEffects",
    "TestKind",
    "TestRoll",
    "Trait",
    "attack_trait",
    "resolve_test",
    "roll_test",
]

MODIFIER_LIMIT = 10**9
"""Largest absolute value of one Modifier, and of the sum of a Test's Modifiers (keeps totals in range)."""

FATIGUE_LIMIT = 10
"""Fatigue at which a creature is Defeated; a Test takes Fatigue 0..10."""

MAX_INSTANCES = 1000
"""Most instances of Fortune, Misfortune or automatic failure one Test may list."""

E = TypeVar("E", bound=enum.Enum)
T = TypeVar("T")
R = TypeVar("R", bound="RolledTotal")

GM = "GM"
"""The reason recorded for Fortune or Misfortune given as ``True`` or a count: the GM's call."""


class Trait(Enum):
    """The three Traits: untrained capability, used by Saves, Attacks and Spells."""

    BODY = "Body"
    """Physical durability, stamina and resilience."""
    MIND = "Mind"
    """Applied knowledge, understanding and perception."""
    SOUL = "Soul"
    """Charisma, confidence, willpower and courage."""

    @classmethod
    def parse(cls, value: Trait | str) -> Trait:
        """Return *value* as a :class:`Trait`; accepts a member or its name (``"body"``).

        Raises:
            InvalidInput: the name is not a Trait.
            TypeError: *value* is neither a Trait nor a str.
        """
        return parse_enum(cls, value, name="trait")

    def __str__(self) -> str:
        return self.value


class AttackKind(Enum):
    """What an Attack or Spell is made with; it decides the Trait it uses."""

    MELEE = "Melee"
    """A Melee Attack: Body."""
    RANGED = "Ranged"
    """A Ranged Attack: Mind."""
    THROWN = "Thrown"
    """A Thrown Attack: Mind."""
    SPELL = "Spell"
    """A Spell: Soul."""


def attack_trait(kind: AttackKind | str) -> Trait:
    """The Trait an Attack or Spell uses (Core Rule "Check").

    Body for Melee Attacks, Mind for Ranged and Thrown Attacks, Soul for Spells.

    Examples:
        >>> attack_trait(AttackKind.MELEE), attack_trait("thrown"), attack_trait("spell")
        (<Trait.BODY: 'Body'>, <Trait.MIND: 'Mind'>, <Trait.SOUL: 'Soul'>)
    """
    kind = parse_enum(AttackKind, kind, name="kind")
    return {
        AttackKind.MELEE: Trait.BODY,
        AttackKind.RANGED: Trait.MIND,
        AttackKind.THROWN: Trait.MIND,
        AttackKind.SPELL: Trait.SOUL,
    }[kind]


class TestKind(Enum):
    """What kind of Test is made; it names the Test in the result and decides what Conditions do."""

    __test__ = False  # not a pytest test class

    TEST = "Test"
    """A Test the GM calls for, of no more specific kind."""
    CHECK = "Check"
    """A proactive action: d20 + Skill + Modifiers."""
    SAVE = "Save"
    """A reactive, automatic or forced action: d20 + Trait + Modifiers."""
    ATTACK = "Attack"
    """A Check to strike a foe, with a Trait (see :func:`attack_trait`)."""
    SPELL = "Spell"
    """A Check to Cast a Spell, with Soul."""
    INITIATIVE = "Initiative"
    """Which simultaneous, conflicting action goes first."""
    FLAT_ROLL = "Flat Roll"
    """The bare d20 against Stakes: no Modifiers, Fortune, Misfortune or Fatigue (the die before Modifiers)."""

    @classmethod
    def parse(cls, value: TestKind | str) -> TestKind:
        """Return *value* as a :class:`TestKind`; accepts a member or its name (``"check"``, ``"flat roll"``)."""
        return parse_enum(cls, value, name="kind")

    def __str__(self) -> str:
        return str(self.value)


def _source(value: object) -> str:
    return _label("source", value)


def _check_label(name: str, value: object) -> None:
    if not isinstance(value, str):
        raise TypeError(f"{name} must be a str, got {type(value).__name__} {clip(value)}")
    if not value.strip():
        raise InvalidInput(f"{name} must not be empty, got {clip(value)}")
    check_one_line(name, value)


def _label(name: str, value: object) -> str:
    _check_label(name, value)
    return str(value).strip()


def _tuple_of(name: str, kind: type[T], value: object) -> tuple[T, ...]:
    """Any iterable (not a str) of *kind* items, as a tuple; else a TypeError naming the item."""
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise TypeError(f"{name} must be an iterable of {kind.__name__}, got {type(value).__name__} {clip(value)}")
    return tuple(check_type(f"{name}[{i}]", item, kind) for i, item in enumerate(value))


@attrs.frozen(kw_only=True)
class Modifier(Record):
    """One bonus (positive) or penalty (negative) and the rule or source it comes from.

    Args:
        value: The bonus or penalty.
        source: What produced it, for example ``"Skill: Brawn"`` or ``"Trait: Body"``.

    Examples:
        >>> print(Modifier.skill("Brawn", 3))
        +3 (Skill: Brawn)
        >>> print(Modifier(value=-2, source="cover"))
        -2 (cover)
    """

    value: int = int_field(low=-MODIFIER_LIMIT, high=MODIFIER_LIMIT)
    source: str = attrs.field(default="Modifier", converter=_source)

    @classmethod
    def skill(cls, name: str, value: int) -> Modifier:
        """A Skill, the Modifier a Check applies (``Modifier.skill("Brawn", 3)``)."""
        return cls(value=value, source=f"Skill: {_label('skill', name)}")

    @classmethod
    def trait(cls, trait: Trait | str, value: int) -> Modifier:
        """A Trait, the Modifier a Save, Attack or Spell applies (``Modifier.trait("body", 2)``)."""
        return cls(value=value, source=f"Trait: {Trait.parse(trait).value}")

    @classmethod
    def proficiency(cls, value: int) -> Modifier:
        """Proficiency, which applies in certain circumstances."""
        return cls(value=value, source="Proficiency")

    def __str__(self) -> str:
        return f"{self.value:+d} ({self.source})"


def _reasons(name: str, value: object) -> tuple[str, ...]:
    """Normalise Fortune/Misfortune/automatic-failure instances to a tuple of reasons.

    ``False``/``True`` are no instance / one instance on the GM's call; an int counts
    instances; a str is one instance with that reason; an iterable of str lists them.
    """
    if isinstance(value, bool):
        return (GM,) if value else ()
    if isinstance(value, str):
        return (_label(name, value),)
    if hasattr(value, "__index__"):
        count = check_int(name, value, low=0, high=MAX_INSTANCES)
        return (GM,) * count
    if isinstance(value, Iterable):
        reasons = tuple(_label(f"{name}[{i}]", reason) for i, reason in enumerate(value))
        if len(reasons) > MAX_INSTANCES:
            raise InvalidInput(f"{name} lists {len(reasons)} instances, at most {MAX_INSTANCES} are allowed")
        return reasons
    raise TypeError(
        f"{name} must be a bool, a count, a reason or an iterable of reasons, got {type(value).__name__} {clip(value)}"
    )


def _modifiers(value: object) -> tuple[Modifier, ...]:
    """Normalise ``modifier=``: an int, a :class:`Modifier`, or an iterable of them."""
    if isinstance(value, Modifier):
        return (value,)
    if isinstance(value, (str, bytes)):
        raise TypeError(f"modifier must be an int, a Modifier or an iterable of them, got str {clip(value)}")
    if isinstance(value, bool) or hasattr(value, "__index__"):
        number = check_int("modifier", value, low=-MODIFIER_LIMIT, high=MODIFIER_LIMIT)
        return (Modifier(value=number),) if number else ()
    if isinstance(value, Iterable):
        items: list[Modifier] = []
        for i, item in enumerate(value):
            if isinstance(item, Modifier):
                items.append(item)
            else:
                number = check_int(f"modifier[{i}]", item, low=-MODIFIER_LIMIT, high=MODIFIER_LIMIT)
                items.append(Modifier(value=number))
        return tuple(items)
    raise TypeError(
        f"modifier must be an int, a Modifier or an iterable of them, got {type(value).__name__} {clip(value)}"
    )


def _fortune_reasons(value: object) -> tuple[str, ...]:
    return _reasons("fortune", value)


def _misfortune_reasons(value: object) -> tuple[str, ...]:
    return _reasons("misfortune", value)


def _failure_reasons(value: object) -> tuple[str, ...]:
    return _reasons("automatic_failure", value)


def _kind(value: object) -> TestKind:
    return parse_enum(TestKind, value, name="kind")


def _stakes(value: object) -> Stakes:
    return Stakes.parse(value)  # type: ignore[arg-type]  # parse raises TypeError for other types


def _fortune_die(value: object) -> int | None:
    return None if value is None else check_int("fortune_die", value, low=1, high=6)


@attrs.frozen(kw_only=True)
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
        notes = []
        if self.cancelled:
            notes.append(
                f"Fortune ({', '.join(self.fortune)}) and Misfortune ({', '.join(self.misfortune)}) cancel: no d6"
            )
        elif self.fortune:
            notes.append(f"Fortune: {', '.join(self.fortune)}")
        elif self.misfortune:
            notes.append(f"Misfortune: {', '.join(self.misfortune)}")
        if self.fatigue:
            notes.append(f"Fatigue {self.fatigue}")
        if self.automatic_failure:
            notes.append(f"fails automatically: {', '.join(self.automatic_failure)}")
        return notes

    def __str__(self) -> str:
        notes = self._notes()
        tail = f" ({'; '.join(notes)})" if notes else ""
        return f"{self.kind} {self._expression()}{tail}"

    def _markdown_rows(self) -> list[str]:
        rows = ["| part | value | rule |", "|:--|--:|:--|"]
        rows += [f"| {what} | {value:+d} | {rule} |" for what, value, rule in self.terms()]
        rows[2] = f"| d20 | {self.flat_roll} | Flat Roll |"
        rows.append(f"| **Test Total** | **{self.total}** | Test Total |")
        return rows

    def to_markdown(self) -> str:
        """A Markdown table of every part of the total and the rule behind it."""
        return self._markdown(f"**{self.kind}**")

    def _markdown(self, heading: str) -> str:
        lines = [heading, "", *self._markdown_rows()]
        notes = self._notes()
        if notes:
            lines += ["", "; ".join(notes)]
        return "\n".join(lines)

    def _rows(self) -> list[tuple[str, object]]:
        """The notebook table: each part of the Test Total with its rule, then the total."""
        rows: list[tuple[str, object]] = [("d20 (Flat Roll)", self.flat_roll)]
        rows += [(f"{what} ({rule})", f"{value:+d}") for what, value, rule in self.terms()[1:]]
        rows.append(("Test Total", self.total))
        rows += [("note", note) for note in self._notes()]
        return rows


def _signed(value: int) -> str:
    return f"+ {value}" if value >= 0 else f"- {-value}"


@attrs.frozen(kw_only=True)
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

    def to_markdown(self) -> str:
        """A Markdown table of every part of the total, then the Stakes and the Test Result."""
        return self._markdown(f"**{self.kind}** at {self.stakes}: **{self.outcome}**")


@attrs.frozen(kw_only=True)
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


def _merge(
    fortune: object, misfortune: object, fatigue: object, automatic_failure: object, effects: TestEffects | None
) -> dict[str, Any]:  # Any: reasons (tuples) and Fatigue (an int), by key
    merged: dict[str, Any] = {  # Any: as the return type
        "fortune": _reasons("fortune", fortune),
        "misfortune": _reasons("misfortune", misfortune),
        "fatigue": check_int("fatigue", fatigue, low=0, high=FATIGUE_LIMIT),
        "automatic_failure": _reasons("automatic_failure", automatic_failure),
    }
    if effects is None:
        return merged
    check_type("effects", effects, TestEffects)
    merged["fortune"] += effects.fortune
    merged["misfortune"] += effects.misfortune
    merged["automatic_failure"] += effects.automatic_failure
    merged["fatigue"] = check_int("fatigue", merged["fatigue"] + effects.fatigue, low=0, high=FATIGUE_LIMIT)
    return merged


def resolve_test(
    *,
    flat_roll: int,
    stakes: Stakes | str,
    modifier: int | Modifier | Iterable[int | Modifier] = 0,
    fortune: bool | int | str | Iterable[str] = False,
    misfortune: bool | int | str | Iterable[str] = False,
    fortune_die: int | None = None,
    fatigue: int = 0,
    kind: TestKind | str = TestKind.TEST,
    automatic_failure: bool | int | str | Iterable[str] = False,
    effects: TestEffects | None = None,
) -> TestRoll:
    """Judge a Test from dice already rolled (pure: no randomness).

    Args:
        flat_roll: The d20, 1..20.
        stakes: The Stakes (a :class:`Stakes` or its name).
        modifier: An int, a :class:`Modifier` (value with its source) or an
            iterable of them; all are added.
        fortune: ``True``, a count of instances, a reason, or reasons (one per
            instance). Several instances still roll one d6.
        misfortune: As *fortune*. Any Fortune and any Misfortune cancel.
        fortune_die: The extra d6, given exactly when Fortune and Misfortune do
            not cancel (one of them present); ``None`` otherwise.
        fatigue: The creature's Fatigue (0..10), subtracted from the Test Total.
        kind: The kind of Test (``"check"``, ``"save"``, ...), shown in the result.
        automatic_failure: Reasons the Test fails whatever the dice show.
        effects: A :class:`TestEffects` (from Conditions) added to the above.

    Returns:
        The :class:`TestRoll`, with its ``total`` and ``outcome``.

    Raises:
        InvalidInput: a value is out of range (a flat roll of 0 or 21, a negative
            Fatigue), or *fortune_die* is missing or given when it must not be.
        TypeError: a value has the wrong type.

    Examples:
        >>> resolve_test(flat_roll=9, stakes="mid", modifier=1).outcome
        <Outcome.SETBACK: 'Setback'>
        >>> resolve_test(flat_roll=9, stakes="mid", fortune=2, misfortune=True).fortune_die is None
        True
    """
    merged = _merge(fortune, misfortune, fatigue, automatic_failure, effects)
    return TestRoll(
        kind=kind,
        stakes=stakes,
        flat_roll=flat_roll,
        modifiers=modifier,  # the field converter accepts every form modifier= does
        fortune_die=fortune_die,
        **merged,
    )


def roll_test(
    *,
    stakes: Stakes | str,
    modifier: int | Modifier | Iterable[int | Modifier] = 0,
    fortune: bool | int | str | Iterable[str] = False,
    misfortune: bool | int | str | Iterable[str] = False,
    fatigue: int = 0,
    kind: TestKind | str = TestKind.TEST,
    automatic_failure: bool | int | str | Iterable[str] = False,
    effects: TestEffects | None = None,
    rng: RngLike = None,
) -> TestRoll:
    """Roll a Test: the d20 first, then one d6 when Fortune or Misfortune (not both) applies.

    A Test that fails automatically is still rolled, so the result keeps its
    usual shape; its Test Result is Failure whatever the dice show.

    Args:
        stakes: The Stakes (a :class:`Stakes` or its name).
        modifier: As for :func:`resolve_test`.
        fortune: As for :func:`resolve_test`.
        misfortune: As for :func:`resolve_test`.
        fatigue: As for :func:`resolve_test`.
        kind: As for :func:`resolve_test`.
        automatic_failure: As for :func:`resolve_test`.
        effects: As for :func:`resolve_test`.
        rng: Where the dice come from (see :func:`~tabletop_core.dice_source`).

    Returns:
        The :class:`TestRoll`.

    Raises:
        InvalidInput: a value is out of range.
        TypeError: a value has the wrong type.
        DiceExhausted: a :class:`~tabletop_core.ScriptedDice` ran out.

    Examples:
        >>> import tabletop_core as tc
        >>> print(roll_test(stakes="high", modifier=5, misfortune="Impaired", rng=tc.ScriptedDice([17, 2])))
        Test 17 + 5 - d6(2) = 20 · High Stakes -> Success (Misfortune: Impaired)
    """
    plan = _plan(stakes, modifier, fortune, misfortune, fatigue, kind, automatic_failure, effects)
    return plan.roll(dice_source(rng))


class _Plan:
    """A Test's checked arguments, and the result of each pair of dice rolled with them so far.

    Results are immutable values, so the same dice with the same arguments may share one:
    at most 20 x 6 of them per plan.
    """

    __slots__ = ("needs_d6", "results", "template")

    def __init__(self, template: TestRoll) -> None:
        self.template = template
        self.needs_d6 = template.needs_fortune_die
        self.results: dict[object, TestRoll] = {}  # by the d20, or by (d20, d6)

    def roll(self, source: DiceSource) -> TestRoll:
        """The Test with dice drawn from *source*: the d20 first, then the d6 when one is rolled."""
        if self.needs_d6:
            # roll_each: a ScriptedDice hands out both dice or neither, so a Test that fails on
            # its d6 leaves the player's dice unused.
            flat_roll, fortune_die = source.roll_each((20, 6))
            key: object = (flat_roll, fortune_die)
            plain = type(flat_roll) is int and type(fortune_die) is int
        else:
            flat_roll = key = source.roll(20)
            fortune_die = None
            plain = type(flat_roll) is int
        if not plain:  # another DiceSource's faces (numpy ints, floats): checked, not kept
            return self.template.with_dice(flat_roll, fortune_die)
        result = self.results.get(key)
        if result is None:  # checked as any Test is: a face that does not fit raises
            result = self.results[key] = self.template.with_dice(flat_roll, fortune_die)
        return result


_PLANS: BoundedCache[tuple[object, ...], _Plan] = BoundedCache(256)


def _plan(
    stakes: object,
    modifier: object,
    fortune: object,
    misfortune: object,
    fatigue: object,
    kind: object,
    automatic_failure: object,
    effects: TestEffects | None,
) -> _Plan:
    """A Test's arguments checked once (before any die is drawn), kept for the next equal call."""
    # The types of the numbers are part of the key, so 1, True and 1.0 never share a plan
    # (they do not mean the same). A tuple of modifiers could hide a True among ints, and
    # a list cannot be a key: those are checked on every call.
    key: tuple[object, ...] = (
        stakes,
        type(modifier),
        modifier,
        type(fortune),
        fortune,
        type(misfortune),
        misfortune,
        type(fatigue),
        fatigue,
        kind,
        automatic_failure,
        effects,
    )
    if type(modifier) is not tuple:
        try:
            return _PLANS[key]
        except KeyError:
            pass
        except TypeError:  # unhashable
            key = ()
    plan = _Plan(
        _template(
            stakes=stakes,
            modifier=modifier,
            fortune=fortune,
            misfortune=misfortune,
            fatigue=fatigue,
            kind=kind,
            automatic_failure=automatic_failure,
            effects=effects,
        )
    )
    return _PLANS.put(key, plan) if key and type(modifier) is not tuple else plan


def _template(
    *,
    stakes: object,
    modifier: object,
    fortune: object,
    misfortune: object,
    fatigue: object,
    kind: object = TestKind.TEST,
    automatic_failure: object = (),
    effects: TestEffects | None = None,
) -> TestRoll:
    """Validate and normalise a Test's arguments before any die is drawn (a bad call uses no dice).

    The result has a placeholder d20 (and d6, when one is needed); callers replace them.
    """
    merged = _merge(fortune, misfortune, fatigue, automatic_failure, effects)
    needs = bool(merged["fortune"]) != bool(merged["misfortune"])
    return TestRoll(
        kind=kind, stakes=stakes, flat_roll=1, modifiers=modifier, fortune_die=1 if needs else None, **merged
    )
