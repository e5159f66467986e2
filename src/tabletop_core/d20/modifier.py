"""What a Test is made of: its kind, the Traits and Attacks, and Modifiers (Core Rules "Check", "Save", "Modifier").

Checks apply Skills; Attacks and Spells apply Traits (Body for Melee, Mind for Ranged
and Thrown, Soul for Spells); Saves apply Traits. Re-exported by
:mod:`tabletop_core.d20.test`, where these names have always been imported from.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from typing import TypeVar

import attrs

from tabletop_core._enum import Enum
from tabletop_core._frozen import frozen
from tabletop_core._names import parse_enum
from tabletop_core._record import Record
from tabletop_core._validate import check_int, clip, int_field
from tabletop_core.d20._checks import MAX_LABEL_CHARS, checked_label
from tabletop_core.d20.stakes import Stakes
from tabletop_core.errors import InvalidInput

__all__ = [
    "FATIGUE_LIMIT",
    "GM",
    "MAX_LABEL_CHARS",
    "MODIFIER_LIMIT",
    "AttackKind",
    "Modifier",
    "TestKind",
    "Trait",
    "attack_trait",
]

MODIFIER_LIMIT = 10**9
"""Largest absolute value of one Modifier, and of the sum of a Test's Modifiers (keeps totals in range)."""

FATIGUE_LIMIT = 10
"""Fatigue at which a creature is Defeated; a Test takes Fatigue 0..10."""

MAX_INSTANCES = 1000
"""Most instances of Fortune, Misfortune or automatic failure one Test may list."""

E = TypeVar("E", bound=enum.Enum)
T = TypeVar("T")

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

    def __str__(self) -> str:
        return str(self.value)


def _source(value: object) -> str:
    return checked_label("source", value)


def present(parts: Iterable[tuple[object, str]]) -> list[str]:
    """The texts whose condition is true, in order: how a record lists what it holds in one line."""
    return [text for shown, text in parts if shown]


@frozen(kw_only=True)
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
        return cls(value=value, source=f"Skill: {checked_label('skill', name)}")

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
        return (checked_label(name, value),)
    if hasattr(value, "__index__"):
        count = check_int(name, value, low=0, high=MAX_INSTANCES)
        return (GM,) * count
    if isinstance(value, Iterable):
        reasons = tuple(checked_label(f"{name}[{i}]", reason) for i, reason in enumerate(value))
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
    return Stakes.parse(value)


def _fortune_die(value: object) -> int | None:
    return None if value is None else check_int("fortune_die", value, low=1, high=6)
