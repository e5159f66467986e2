"""RESIDUE's Keywords and Entries: Entry Checks, Entry Limitations, Requires X.

* **Keyword**: a story or rules tag; **Gain Keyword** takes or records it,
  **Lose Keyword** removes it (``Wanderer.gain_keyword``, ``Wanderer.lose_keyword``,
  or an :class:`EntryCheck`'s *gain* and *lose*). A Keyword is held once.
* **Framework**: the character's background or role (``Wanderer.framework``).
* **Entry Checks**: check requirements from top to bottom and follow the first
  one that applies (:meth:`Entry.first_applicable`); a check with no requirement
  always applies (the "otherwise" line).
* **Entry Limitation**: an option requiring the listed Skill, Item, Keyword,
  Framework, Resource or Condition (:class:`Requirement`, :class:`EntryOption`);
  a limited option the Wanderer does not meet cannot be chosen.
* **Requires X**: an ability functions only while the requirement is met
  (:func:`requirements_met`; an Item that requires Battery is
  ``Requirement(RequirementKind.RESOURCE, "Battery")``).
* **You may continue your journey**: the current Entry ends and the Journey
  procedure goes on (:attr:`EntryOutcome.continue_journey`).
* **Commit Skill (+Skill)** and **Luck Tests**: a line or option may ask for one
  (:class:`EntryTest`); its *passed* or *failed* :class:`EntryEffect` follows.
  :func:`entry_line` gives the whole effect of following a line, and
  :func:`apply_entry_effect` applies the parts that touch the Wanderer (+X HP with
  Bleeding's roll, -X HP, Inventory steps, a Condition, Keywords). The Journey
  engine reads Entries with these (``JourneySetup.entry_texts``).

Reading the six kinds against a :class:`~tabletop_core.residue.wanderer.Wanderer`:
a Skill is one of its named ``skills``; an Item is a card of that name in one of
its slots; a Keyword is held; the Framework is equal; a Resource is an Inventory
(Food, Water, Battery, Gear, Resolve) above 0, or at least the die given; a
Condition is on the Wanderer. The Entries' text is the caller's data.

Examples:
    >>> from tabletop_core.residue.wanderer import Wanderer
    >>> w = Wanderer.new(hp=6, endurance_dice=["d6"], inventory="d6", luck="d6",
    ...                  strain_threshold=3, keywords=["Marked"], rng=1)
    >>> entry = Entry("Gate", checks=(
    ...     EntryCheck("The gate opens.", requires=(Requirement("keyword", "Key"),)),
    ...     EntryCheck("The guard nods.", requires=(Requirement("keyword", "Marked"),)),
    ...     EntryCheck("Nothing happens."),
    ... ))
    >>> entry.first_applicable(w).text
    'The guard nods.'
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import attrs

from tabletop_core._enum import Enum
from tabletop_core._fast import fast_replace as replace
from tabletop_core._names import parse_enum
from tabletop_core._record import Record
from tabletop_core._typed import check_fields
from tabletop_core._validate import check_int, check_one_line, check_type, clip, int_field, of_type, one_line
from tabletop_core.errors import InvalidInput, RuleError
from tabletop_core.residue.conditions import Condition
from tabletop_core.residue.healing import Healing, heal
from tabletop_core.residue.inventory import Inventory, InventoryKind
from tabletop_core.residue.luck import LuckTest
from tabletop_core.residue.requirements import (
    Requirement,
    RequirementKind,
    _requirements,
    requirements_met,
)
from tabletop_core.residue.wanderer import Wanderer
from tabletop_core.rng import RngLike

__all__ = [
    "Entry",
    "EntryCheck",
    "EntryEffect",
    "EntryEffectResult",
    "EntryOption",
    "EntryOutcome",
    "EntryTest",
    "EntryTestKind",
    "Requirement",
    "RequirementKind",
    "apply_entry_effect",
    "entry_line",
    "requirements_met",
]


def _keywords(values: Iterable[Any]) -> tuple[str, ...]:  # Any: raw input, each item checked below
    if isinstance(values, (str, bytes)) or not isinstance(values, Iterable):
        raise TypeError(f"keywords must be a sequence of str, got {type(values).__name__}")
    result = tuple(values)
    for index, value in enumerate(result):
        check_type(f"keywords[{index}]", value, str)
        if not value.strip():
            raise InvalidInput(f"keywords[{index}] must be a non-empty name, got {clip(value)}")
        check_one_line(f"keywords[{index}]", value)
    return result


def _inventory_steps(values: Iterable[Any]) -> tuple[tuple[InventoryKind, int], ...]:  # Any: raw input
    if isinstance(values, (str, bytes)) or not isinstance(values, Iterable):
        raise TypeError(f"inventory must be a sequence of (kind, steps), got {type(values).__name__}")
    result = []
    for index, pair in enumerate(values):
        if isinstance(pair, (str, bytes)) or not isinstance(pair, Iterable) or len(tuple(pair)) != 2:
            raise TypeError(f"inventory[{index}] must be a (kind, steps) pair, got {clip(pair)}")
        kind, steps = tuple(pair)
        result.append(
            (InventoryKind.parse(kind, name=f"inventory[{index}]"), check_int("steps", steps, low=-5, high=5))
        )
    return tuple(result)


def _condition(value: Any) -> Condition | None:  # Any: raw input, checked below
    return None if value is None else Condition.parse(value)


def _name(value: Any) -> str | None:  # Any: raw input, checked below
    if value is None:
        return None
    check_one_line("name", value)
    if not value.strip():
        raise InvalidInput("a name must not be blank")
    return str(value)


@attrs.frozen
class EntryEffect(Record):
    """What following an Entry's line or option does (the caller's reading of its text).

    Args:
        hp: +X HP (positive: recovered up to Max HP, Bleeding rolled) or -X HP (negative).
        inventory: Inventory ⇧ (positive steps) or ⇩ (negative) by kind.
        condition: A Condition gained (applied on the Wanderer at once).
        gain: Keywords gained (Gain Keyword).
        lose: Keywords lost (Lose Keyword).
        item: Gain Item X (from wherever it is): the player is offered to take it.
        shuffle: A deck the Entry lets the player shuffle (its name), offered as a choice.
        creature: A Creature of the bestiary to Face.
        go_to: The Entry to read next (``None``: none).
        continue_journey: "You may continue your journey": the Entry ends here.
    """

    hp: int = int_field(low=-1000, high=1000, default=0)
    inventory: tuple[tuple[InventoryKind, int], ...] = attrs.field(default=(), converter=_inventory_steps)
    condition: Condition | None = attrs.field(default=None, converter=_condition)
    gain: tuple[str, ...] = attrs.field(default=(), converter=_keywords)
    lose: tuple[str, ...] = attrs.field(default=(), converter=_keywords)
    item: str | None = attrs.field(default=None, converter=_name)
    shuffle: str | None = attrs.field(default=None, converter=_name)
    creature: str | None = attrs.field(default=None, converter=_name)
    go_to: str | None = attrs.field(default=None, converter=_name)
    continue_journey: bool = attrs.field(default=True, validator=of_type(bool))

    def __str__(self) -> str:
        parts = [f"{self.hp:+d} HP"] if self.hp else []
        parts += [f"{kind} {'⇧' if steps > 0 else '⇩'}{abs(steps)}" for kind, steps in self.inventory]
        parts += [f"gain {self.condition}"] if self.condition else []
        parts += [f"Gain Keyword {k}" for k in self.gain] + [f"Lose Keyword {k}" for k in self.lose]
        parts += [f"Gain Item {self.item}"] if self.item else []
        parts += [f"shuffle the {self.shuffle}"] if self.shuffle else []
        parts += [f"Face {self.creature}"] if self.creature else []
        parts += [f"go to Entry {self.go_to}"] if self.go_to else []
        parts += ["You may continue your journey"] if self.continue_journey and not self.go_to else []
        return ", ".join(parts) or "nothing happens"


class EntryTestKind(Enum):
    """The tests an Entry can ask for."""

    COMMIT_SKILL = "Commit Skill"
    LUCK_TEST = "Luck Test"

    def __str__(self) -> str:
        return self.value


def _test_kind(value: Any) -> EntryTestKind:  # Any: raw input, checked below
    return parse_enum(EntryTestKind, value, name="kind")


@attrs.frozen
class EntryTest(Record):
    """A test an Entry's line or option asks for, and what passing and failing do.

    Args:
        kind: Commit Skill or a Luck Test.
        skill_bonus: Commit Skill (+Skill): the listed bonus added to the Outcome.
        need: ★ the Entry asks for to pass a Commit Skill (the Entry's text gives it).
        passed: What happens on a pass.
        failed: What happens on a failure.
    """

    kind: EntryTestKind = attrs.field(converter=_test_kind)
    skill_bonus: int = int_field(low=-99, high=99, default=0)
    need: int = int_field(low=0, high=99, default=1)
    passed: EntryEffect = attrs.field(factory=EntryEffect, validator=of_type(EntryEffect))
    failed: EntryEffect = attrs.field(factory=EntryEffect, validator=of_type(EntryEffect))

    def __attrs_post_init__(self) -> None:
        if self.kind is EntryTestKind.LUCK_TEST and self.skill_bonus:
            raise InvalidInput("skill_bonus is for Commit Skill only, not a Luck Test")

    def passes(self, result: int | LuckTest) -> bool:
        """Whether *result* passes: the ★ of a Commit Skill (with its bonus) or a :class:`LuckTest`."""
        if self.kind is EntryTestKind.LUCK_TEST:
            return check_type("result", result, LuckTest).passed
        return check_int("result", result, low=0) >= self.need

    def __str__(self) -> str:
        if self.kind is EntryTestKind.LUCK_TEST:
            return "Luck Test"
        bonus = f" (+{self.skill_bonus} Skill)" if self.skill_bonus > 0 else ""
        return f"Commit Skill{bonus}: {'★' * self.need}+ to pass"


@attrs.frozen
class EntryCheck(Record):
    """One line of an Entry's checks: its requirements and what following it does.

    Args:
        text: What the line says (the caller's text).
        requires: Every requirement must be met for the line to apply (none: it always applies).
        gain: Keywords gained by following it (Gain Keyword).
        lose: Keywords lost by following it (Lose Keyword).
        continue_journey: "You may continue your journey": the Entry ends here and
            the Journey procedure goes on (``False``: the line leads on, for example
            to another Entry, which the caller follows).
        effect: What else following it does (HP, Inventory, a Condition, an Item, ...).
        test: A test it asks for first (its *passed* or *failed* effect follows).
    """

    text: str = attrs.field(validator=one_line())
    requires: tuple[Requirement, ...] = attrs.field(default=(), converter=_requirements)
    gain: tuple[str, ...] = attrs.field(default=(), converter=_keywords)
    lose: tuple[str, ...] = attrs.field(default=(), converter=_keywords)
    continue_journey: bool = attrs.field(default=True, validator=of_type(bool))
    # Defaults, so Entries saved before the engine read them still load.
    effect: EntryEffect = attrs.field(factory=EntryEffect, validator=of_type(EntryEffect))
    test: EntryTest | None = attrs.field(default=None, validator=attrs.validators.optional(of_type(EntryTest)))

    def applies(self, wanderer: Wanderer) -> bool:
        """Whether the line applies to *wanderer*."""
        return requirements_met(self.requires, wanderer)

    def __str__(self) -> str:
        need = " & ".join(map(str, self.requires)) or "otherwise"
        return f"[{need}] {self.text}"


@attrs.frozen
class EntryOption(Record):
    """An option an Entry offers, with its Entry Limitation.

    Args:
        text: The option (the caller's text).
        limitation: What choosing it requires (none: open to everyone).
        gain: Keywords gained by choosing it.
        lose: Keywords lost by choosing it.
        continue_journey: Choosing it ends the Entry ("You may continue your journey").
        effect: What else choosing it does (HP, Inventory, a Condition, an Item, ...).
        test: A test it asks for first (Commit Skill or a Luck Test).
    """

    text: str = attrs.field(validator=one_line())
    limitation: tuple[Requirement, ...] = attrs.field(default=(), converter=_requirements)
    gain: tuple[str, ...] = attrs.field(default=(), converter=_keywords)
    lose: tuple[str, ...] = attrs.field(default=(), converter=_keywords)
    continue_journey: bool = attrs.field(default=True, validator=of_type(bool))
    # Defaults, so Entries saved before the engine read them still load.
    effect: EntryEffect = attrs.field(factory=EntryEffect, validator=of_type(EntryEffect))
    test: EntryTest | None = attrs.field(default=None, validator=attrs.validators.optional(of_type(EntryTest)))

    def available(self, wanderer: Wanderer) -> bool:
        """Whether *wanderer* meets the Entry Limitation."""
        return requirements_met(self.limitation, wanderer)

    def __str__(self) -> str:
        need = f" (requires {', '.join(map(str, self.limitation))})" if self.limitation else ""
        return f"{self.text}{need}"


def _checks(values: Iterable[Any]) -> tuple[EntryCheck, ...]:  # Any: raw input, each item checked below
    if isinstance(values, (str, bytes, EntryCheck)) or not isinstance(values, Iterable):
        raise TypeError(f"checks must be a sequence of EntryCheck, got {type(values).__name__}")
    result = tuple(values)
    for index, value in enumerate(result):
        check_type(f"checks[{index}]", value, EntryCheck)
    return result


def _options(values: Iterable[Any]) -> tuple[EntryOption, ...]:  # Any: raw input, each item checked below
    if isinstance(values, (str, bytes, EntryOption)) or not isinstance(values, Iterable):
        raise TypeError(f"options must be a sequence of EntryOption, got {type(values).__name__}")
    result = tuple(values)
    for index, value in enumerate(result):
        check_type(f"options[{index}]", value, EntryOption)
    return result


@attrs.frozen
class EntryOutcome(Record):
    """What following an Entry's check or option did.

    Attributes:
        entry: The Entry's name.
        text: The line or option followed (``""``: no check applied).
        wanderer: The Wanderer after (Keywords gained and lost).
        continue_journey: The Entry has ended; continue the current Journey procedure.
    """

    entry: str
    text: str
    wanderer: Wanderer
    continue_journey: bool

    def __attrs_post_init__(self) -> None:
        check_fields(self)  # types from the annotations: a tampered save gets a TypeError naming the field

    def __str__(self) -> str:
        tail = " · You may continue your journey" if self.continue_journey else ""
        return f"{self.entry}: {self.text or 'no check applies'}{tail}"


def _follow(entry: str, line: EntryCheck | EntryOption, wanderer: Wanderer) -> EntryOutcome:
    for keyword in line.lose:
        wanderer = wanderer.lose_keyword(keyword)
    for keyword in line.gain:
        wanderer = wanderer.gain_keyword(keyword)
    return EntryOutcome(entry, line.text, wanderer, line.continue_journey)


@attrs.frozen
class Entry(Record):
    """An Entry: its checks (top to bottom) and the options it offers.

    Args:
        name: The Entry's name or number.
        checks: The Entry Checks, top first.
        options: The options, each with its Entry Limitation.
    """

    name: str = attrs.field(validator=one_line())
    checks: tuple[EntryCheck, ...] = attrs.field(default=(), converter=_checks)
    options: tuple[EntryOption, ...] = attrs.field(default=(), converter=_options)

    def first_applicable(self, wanderer: Wanderer) -> EntryCheck | None:
        """Entry Checks: the first check, from the top, that applies (``None``: none does)."""
        check_type("wanderer", wanderer, Wanderer)
        for line in self.checks:
            if line.applies(wanderer):
                return line
        return None

    def check(self, wanderer: Wanderer) -> EntryOutcome:
        """Follow the first check that applies: its Keywords are gained and lost.

        No check applying leaves the Wanderer as it was and the Entry ends.
        """
        line = self.first_applicable(wanderer)
        if line is None:
            return EntryOutcome(self.name, "", wanderer, True)
        return _follow(self.name, line, wanderer)

    def available_options(self, wanderer: Wanderer) -> tuple[int, ...]:
        """The options *wanderer* may choose (their positions): each Limitation met."""
        check_type("wanderer", wanderer, Wanderer)
        return tuple(i for i, option in enumerate(self.options) if option.available(wanderer))

    def choose(self, index: int, wanderer: Wanderer) -> EntryOutcome:
        """Choose option *index*.

        Raises:
            RuleError: the Wanderer does not meet its Entry Limitation.
            InvalidInput: there is no such option.
        """
        check_type("wanderer", wanderer, Wanderer)
        if not self.options:
            raise InvalidInput(f"Entry {clip(self.name)} offers no options")
        option = self.options[check_int("index", index, low=0, high=len(self.options) - 1)]
        if not option.available(wanderer):
            missing = ", ".join(str(r) for r in option.limitation if not r.met(wanderer))
            raise RuleError(f"{clip(option.text)} requires {missing}")
        return _follow(self.name, option, wanderer)

    def __str__(self) -> str:
        return f"Entry {self.name}: {len(self.checks)} checks, {len(self.options)} options"


def entry_line(line: EntryCheck | EntryOption, *, passed: bool | None = None) -> EntryEffect:
    """The whole effect of following *line*: its Keywords, its effect, and its test's result.

    Args:
        line: The check or option followed.
        passed: The result of its test (``None``: it has none).

    Raises:
        InvalidInput: *passed* given for a line without a test, or missing for one with a test.
    """
    if not isinstance(line, (EntryCheck, EntryOption)):
        raise TypeError(f"line must be an EntryCheck or an EntryOption, got {type(line).__name__}")
    if (line.test is None) != (passed is None):
        raise InvalidInput("passed must be given exactly when the line has a test")
    effect = line.effect
    if line.test is not None:
        result = line.test.passed if passed else line.test.failed
        effect = attrs.evolve(
            result,
            hp=effect.hp + result.hp,
            inventory=(*effect.inventory, *result.inventory),
            condition=result.condition or effect.condition,
            gain=(*effect.gain, *result.gain),
            lose=(*effect.lose, *result.lose),
            item=result.item or effect.item,
            shuffle=result.shuffle or effect.shuffle,
            creature=result.creature or effect.creature,
            go_to=result.go_to or effect.go_to,
            continue_journey=result.continue_journey and effect.continue_journey,
        )
    return attrs.evolve(
        effect,
        gain=(*line.gain, *effect.gain),
        lose=(*line.lose, *effect.lose),
        continue_journey=line.continue_journey and effect.continue_journey,
    )


@attrs.frozen
class EntryEffectResult(Record):
    """An :class:`EntryEffect` applied to the Wanderer (the parts that touch the sheet).

    Attributes:
        effect: The effect.
        healing: +X HP with Bleeding's roll (``None``: no +X HP).
        hp_lost: HP lost directly (-X HP).
        inventory: The Inventory before and after the steps (equal when none).
        refused: Steps that could not be taken (Resolve under Corruption).
        wanderer: The Wanderer after.
    """

    effect: EntryEffect
    healing: Healing | None
    hp_lost: int
    inventory: tuple[Inventory, Inventory]
    refused: tuple[str, ...]
    wanderer: Wanderer

    def __attrs_post_init__(self) -> None:
        check_fields(self)  # types from the annotations: a tampered save gets a TypeError naming the field

    def __str__(self) -> str:
        parts = [str(self.healing)] if self.healing is not None else []
        parts += [f"-{self.hp_lost} HP: {self.wanderer.health}"] if self.hp_lost else []
        before, after = self.inventory
        parts += [
            f"{kind} {before.die(kind)} -> {after.die(kind)}"
            for kind in InventoryKind
            if before.die(kind) is not after.die(kind)
        ]
        parts += [f"{self.effect.condition} gained"] if self.effect.condition else []
        parts += [f"Gain Keyword {k}" for k in self.effect.gain] + [f"Lose Keyword {k}" for k in self.effect.lose]
        parts += self.refused
        return "; ".join(parts) or "no change to the Wanderer"


def apply_entry_effect(wanderer: Wanderer, effect: EntryEffect, *, rng: RngLike = None) -> EntryEffectResult:
    """Apply the parts of *effect* that touch the Wanderer, in the order written.

    +X HP recovers HP and rolls Bleeding (:func:`~tabletop_core.residue.healing.heal`);
    -X HP is lost directly; Inventory steps (Resolve cannot normally be regained under
    Corruption: that step is refused and reported); the Condition is gained
    (:meth:`Wanderer.gain_condition`); Keywords lost, then gained. The Item, the
    shuffle, the Creature and the next Entry are the Journey's (they need its content).
    """
    check_type("wanderer", wanderer, Wanderer)
    check_type("effect", effect, EntryEffect)
    healing = None
    if effect.hp > 0:
        healing, wanderer = heal(wanderer, effect.hp, rng=rng)
    elif effect.hp < 0:
        wanderer = replace(wanderer, health=wanderer.health.lose(-effect.hp))
    before = inventory = wanderer.inventory
    refused = []
    for kind, steps in effect.inventory:
        for _ in range(abs(steps)):
            if steps < 0:
                inventory = inventory.step_down(kind)
            elif kind is InventoryKind.RESOLVE and inventory.corrupted:
                refused.append("Corruption: Resolve cannot normally be regained")
            else:
                inventory = inventory.step_up(kind)
    wanderer = wanderer.with_inventory(inventory)
    if effect.condition is not None:
        wanderer = wanderer.gain_condition(effect.condition)
    for keyword in effect.lose:
        wanderer = wanderer.lose_keyword(keyword)
    for keyword in effect.gain:
        wanderer = wanderer.gain_keyword(keyword)
    lost = -effect.hp if effect.hp < 0 else 0
    return EntryEffectResult(effect, healing, lost, (before, wanderer.inventory), tuple(refused), wanderer)
