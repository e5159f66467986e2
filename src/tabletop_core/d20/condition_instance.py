"""One instance of a Condition on a creature (its value, Energy, source, Effect and Duration), and a suppression.

Core Rule "Condition": the same Condition from the same place keeps the longest
Duration; Conditions with different values are different Conditions (only the highest
applies, each Duration tracked apart). :func:`_stronger` and :func:`_same_slot` say
which instances are "the same". Re-exported by :mod:`tabletop_core.d20.conditions`.
"""

from __future__ import annotations

from typing import ClassVar

import attrs

from tabletop_core._frozen import frozen
from tabletop_core._record import Record
from tabletop_core._validate import check_int, check_one_line, clip, of_type
from tabletop_core.d20._checks import checked_label
from tabletop_core.d20.condition_kinds import (
    Condition,
    _condition,
)
from tabletop_core.d20.durations import (
    MAX_ROUNDS,
    Duration,
    _duration,
)
from tabletop_core.d20.energy import energy_name
from tabletop_core.d20.test import (
    FATIGUE_LIMIT,
)
from tabletop_core.errors import InvalidInput

__all__ = ["ConditionInstance", "Suppression"]


def _optional_value(value: object) -> int | None:
    return None if value is None else check_int("value", value, low=0, high=MAX_ROUNDS)


def _optional_label(value: object) -> str | None:
    return None if value is None else energy_name(value)


def _optional_effect(value: object) -> str | None:
    return None if value is None else checked_label("effect", value)


def _optional_anchor(value: object) -> str | None:
    return None if value is None else checked_label("anchor", value)


def _source(value: object) -> str:
    if not isinstance(value, str):
        raise TypeError(f"source must be a str, got {type(value).__name__} {clip(value)}")
    return check_one_line("source", value).strip()


@frozen(kw_only=True)
class ConditionInstance(Record):
    """One instance of a Condition on a creature.

    Args:
        condition: The Condition.
        duration: Time left (Rounds), or until removed.
        value: Fatigue and Persistent Damage values; the Doomed value (``None``
            while still to be rolled, as at 0 HP before your next Turn). Other
            Conditions take no value.
        source: What imposed it (Doomed is tracked per source).
        energy: The Energy of Persistent Damage (required for it, refused for others).
        easier_end: After a Setback on a roll to end it (Persistent Damage, Sickened),
            the next roll to end it is Low Stakes.
        effect: The id of the ongoing Effect that imposes this instance (it ends when that
            Effect ends or is Dismissed); ``None`` for a Condition caused and left behind.
            Instances of different Effects are tracked apart, so ending one leaves the other.
        anchor: In an encounter, the creature at the start of whose Turn this instance's own
            Duration counts down: the Turn it was gained in (Persistent Damage's minute,
            Stable's hours count from then). ``None``: it counts down at the end of each
            Round (gained outside Rounds), or it has no Duration of its own.
    """

    _optional_keys: ClassVar[tuple[str, ...]] = ("anchor",)

    condition: Condition = attrs.field(converter=_condition)
    duration: Duration = attrs.field(default=Duration(None), converter=_duration)
    value: int | None = attrs.field(default=None, converter=_optional_value)
    source: str = attrs.field(default="", converter=_source)
    energy: str | None = attrs.field(default=None, converter=_optional_label)
    easier_end: bool = attrs.field(default=False, validator=of_type(bool))
    effect: str | None = attrs.field(default=None, converter=_optional_effect)
    anchor: str | None = attrs.field(default=None, converter=_optional_anchor)

    def __attrs_post_init__(self) -> None:
        c = self.condition
        if c in (Condition.FATIGUE, Condition.PERSISTENT_DAMAGE) and not self.value:
            raise InvalidInput(f"{c} needs a value of at least 1, got {clip(self.value)}")
        if c is Condition.DOOMED and self.value == 0:
            # "Reducing a Condition's value to 0 ends it": a Doomed 0 is no Doomed at all.
            raise InvalidInput("a Doomed value must be at least 1 (None: still to roll), got 0")
        if not c.has_value and self.value is not None:
            raise InvalidInput(f"{c} takes no value, got {clip(self.value)}")
        if (c is Condition.PERSISTENT_DAMAGE) != (self.energy is not None):
            raise InvalidInput(
                f"{c} needs an Energy" if self.energy is None else f"only Persistent Damage has an Energy, not {c}"
            )
        if c is Condition.FATIGUE and self.value is not None and self.value > FATIGUE_LIMIT:
            raise InvalidInput(f"Fatigue must be at most {FATIGUE_LIMIT}, got {clip(self.value)}")

    def __str__(self) -> str:
        name = str(self.condition)
        if self.condition is Condition.PERSISTENT_DAMAGE:
            name = f"{name} {self.value} {self.energy}"
        elif self.condition is Condition.DOOMED:
            name = f"{name} {'(to roll)' if self.value is None else self.value}"
        elif self.value is not None:
            name = f"{name} {self.value}"
        if self.source:
            name = f"{name} from {self.source}"
        if self.condition is not Condition.FATIGUE:
            name = f"{name} ({self.duration})"
        if self.easier_end:
            name = f"{name} [next roll to end it: Low Stakes]"
        return name


@frozen(kw_only=True)
class Suppression(Record):
    """One Condition suppressing another: the suppressed one has no effect while *by* is present.

    Args:
        condition: The suppressed Condition.
        by: The Condition suppressing it.
    """

    condition: Condition = attrs.field(converter=_condition)
    by: Condition = attrs.field(converter=_condition)

    def __str__(self) -> str:
        return f"{self.condition} suppressed by {self.by}"


_LIMITS = {
    Condition.BLINDED: "you fail Tests that need Sight; Immune to visual Effects; all terrain is Difficult Terrain",
    Condition.CHARMED: "you can't Target your charmer with harmful Effects; ends when your charmer harms you",
    Condition.DEAFENED: "you fail Tests that need Hearing; Immune to auditory Effects",
    Condition.DEFEATED: "ongoing Effects end; no Healing; can't be Willing; you function as an Object",
    Condition.FRIGHTENED: "while you see your source of fear you can't willingly Move closer to it",
    Condition.HELPLESS: "you can't make Body Saves; you can be the Target of a Dispatch",
    Condition.HIDDEN: "ends when you do anything except Hide or Sneak",
    Condition.IMMOBILIZED: "you can't Move or otherwise move under your own power",
    Condition.INCAPACITATED: "you can't take Actions or spend AP",
    Condition.OFF_GUARD: "Attacks against you gain Fortune",
    Condition.PETRIFIED: "you can't gain or lose HP, sense anything or age; your weight doubles",
    Condition.PRONE: "you can only Move by Crawling; ends when you use the Move Action to rise",
    Condition.SICKENED: "you can't willingly ingest anything",
    Condition.SILENCED: "sound can't pass between you and the world; you're Inaudible",
    Condition.STUNNED: "you can't communicate coherently",
    Condition.UNCONSCIOUS: "you drop anything you're holding; can't be Willing",
    Condition.UNFOCUSED: "your Focus ends; you can't start to Focus",
}


def _which(source: str | None, energy: str | None) -> str:
    if source is not None:
        return f" from {clip(source)}"
    if energy is not None:
        return f" of Energy {clip(energy)}"
    return ""


def _same_slot(old: ConditionInstance, new: ConditionInstance) -> bool:
    """Whether two instances are "the same Effect" that does not stack with itself."""
    if old.effect != new.effect:
        return False  # imposed by different ongoing Effects: each ends with its own Effect
    if new.condition is Condition.DOOMED:
        return old.source == new.source  # tracked per source
    if new.condition is Condition.PERSISTENT_DAMAGE:
        return old.energy == new.energy and old.value == new.value  # each value keeps its own Duration
    return True


def _stronger(old: ConditionInstance, new: ConditionInstance) -> ConditionInstance:
    """The instance to keep of two of the same slot: the strongest, then the longest Duration."""
    if new.condition is Condition.DOOMED and old.value != new.value:
        if old.value is None or new.value is None:
            return new if new.value is not None else old
        return old if old.value < new.value else new  # a lower Doomed value is closer to its end
    longest = old.duration.longest(new.duration)
    keep = old if old.duration._key() >= new.duration._key() else new
    return attrs.evolve(keep, duration=longest, easier_end=old.easier_end and new.easier_end)
