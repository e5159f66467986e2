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
from tabletop_core._frozen import frozen
from tabletop_core._names import parse_enum
from tabletop_core._record import Record
from tabletop_core._typed import check_fields
from tabletop_core._validate import check_int, check_type, clip, int_field, of_type, one_line, tuple_of
from tabletop_core.errors import InvalidInput, RuleError
from tabletop_core.residue.entry_effects import EntryEffect, EntryEffectResult, _keywords, apply_entry_effect
from tabletop_core.residue.luck import LuckTest
from tabletop_core.residue.requirements import (
    Requirement,
    RequirementKind,
    _requirements,
    requirements_met,
)
from tabletop_core.residue.wanderer import Wanderer

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


class EntryTestKind(Enum):
    """The tests an Entry can ask for."""

    COMMIT_SKILL = "Commit Skill"
    LUCK_TEST = "Luck Test"

    def __str__(self) -> str:
        return self.value


def _test_kind(value: Any) -> EntryTestKind:  # Any: raw input, checked below
    return parse_enum(EntryTestKind, value, name="kind")


@frozen
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


@frozen
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

    _optional_keys = ("effect", "test")  # added after format 1: its saves lack them

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


@frozen
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

    _optional_keys = ("effect", "test")  # added after format 1: its saves lack them

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
    return tuple_of("checks", values, EntryCheck)


def _options(values: Iterable[Any]) -> tuple[EntryOption, ...]:  # Any: raw input, each item checked below
    return tuple_of("options", values, EntryOption)


@frozen
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


@frozen
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
        drawn = result if result.draw or result.draw_type else effect  # the test's draw, else the line's
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
            draw=drawn.draw,
            keep=drawn.keep,
            draw_type=drawn.draw_type,
        )
    return attrs.evolve(
        effect,
        gain=(*line.gain, *effect.gain),
        lose=(*line.lose, *effect.lose),
        continue_journey=line.continue_journey and effect.continue_journey,
    )
