"""The typed events an encounter step reports: every change, with the dice that made it.

Each event is a frozen record with ``str()`` (one line for a chat message) and
``to_dict()``; the dict carries the ``"type"`` tag naming its class, so
:meth:`Event.from_dict` on the base class rebuilds the right kind.

Examples:
    >>> from tabletop_core.d20.events import Event, RoundStarted
    >>> data = RoundStarted(round=2).to_dict()
    >>> data
    {'type': 'd20.RoundStarted', 'version': 1, 'round': 2}
    >>> print(Event.from_dict(data))
    Round 2 begins
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

import attrs

from tabletop_core._frozen import frozen
from tabletop_core._record import Record
from tabletop_core._validate import check_int, int_field, of_type
from tabletop_core.d20._checks import checked_label, iterable_of
from tabletop_core.d20._fields import amount_field, name_field, optional_name_field, text_field
from tabletop_core.d20._members import member
from tabletop_core.d20._tagged import Tagged
from tabletop_core.d20.conditions import Condition, Duration
from tabletop_core.d20.detection import Detection
from tabletop_core.d20.effect import Effect
from tabletop_core.d20.space import Space
from tabletop_core.d20.test import (
    MODIFIER_LIMIT,
    RolledTotal,
    TestRoll,
)

if TYPE_CHECKING:
    pass

__all__ = [
    "APSpent",
    "CombatantAdded",
    "CombatantRemoved",
    "ConditionsChanged",
    "DamageTaken",
    "DetectionChanged",
    "DoomedCountedDown",
    "DoomedRolled",
    "EffectApplied",
    "EffectEnded",
    "Event",
    "Healed",
    "InitiativeEntry",
    "InitiativeRolled",
    "LongRestFinished",
    "Moved",
    "RoundEnded",
    "RoundStarted",
    "RoundsEnded",
    "TemporaryHPGained",
    "TestMade",
    "ThingDamaged",
    "TimePassed",
    "TurnEnded",
    "TurnSkipped",
    "TurnStarted",
    "Unaffected",
]

_BIG = 10**9


def _names(value: object) -> tuple[str, ...]:
    return tuple(checked_label(f"names[{i}]", item) for i, item in enumerate(iterable_of("names", str, value)))


def _conditions(value: object) -> tuple[Condition, ...]:
    if isinstance(value, (str, bytes)):
        raise TypeError(f"conditions must be a sequence of Conditions, got {type(value).__name__}")
    return tuple(member(Condition, "conditions", item) for item in iterable_of("conditions", object, value))


def _optional_int(value: object) -> int | None:
    return None if value is None else check_int("value", value, low=0, high=_BIG)


def _rolls(value: object) -> tuple[TestRoll, ...]:
    return iterable_of("rolls", TestRoll, value)


def _detection(value: object) -> Detection:
    return member(Detection, "state", value)


class Event(Tagged):
    """One change an encounter step made. Its dict's ``"type"`` names the kind."""

    __slots__ = ()
    _kinds: ClassVar[dict[str, type[Tagged]]] = {}


Event.register()


@frozen(kw_only=True)
class InitiativeEntry(Record):
    """One creature's Initiative Test and the Trait that breaks ties."""

    creature: str = name_field("creature")
    roll: RolledTotal = attrs.field(validator=of_type(RolledTotal))
    trait: int = int_field(low=-MODIFIER_LIMIT, high=MODIFIER_LIMIT, default=0)

    def __str__(self) -> str:
        return f"{self.creature} {self.roll.total} ({self.roll})"


def _entries(value: object) -> tuple[InitiativeEntry, ...]:
    return iterable_of("entries", InitiativeEntry, value)


@frozen(kw_only=True)
class InitiativeRolled(Event):
    """Every creature's Initiative Test and the Turn order they give."""

    entries: tuple[InitiativeEntry, ...] = attrs.field(converter=_entries)
    order: tuple[str, ...] = attrs.field(converter=_names)

    def __str__(self) -> str:
        rolls = ", ".join(f"{e.creature} {e.roll.total}" for e in self.entries)
        return f"Initiative: {rolls} -> order {', '.join(self.order)}"


@frozen(kw_only=True)
class RoundStarted(Event):
    """A Round begins."""

    round: int = int_field(low=1, high=_BIG)

    def __str__(self) -> str:
        return f"Round {self.round} begins"


@frozen(kw_only=True)
class RoundEnded(Event):
    """A Round ends: Doomed values count down, and Durations applied outside a Turn run 1 Round."""

    round: int = int_field(low=1, high=_BIG)

    def __str__(self) -> str:
        return f"Round {self.round} ends"


@frozen(kw_only=True)
class TurnStarted(Event):
    """A creature's Turn starts: its AP, and the Doomed roll when one was due."""

    creature: str = name_field("creature")
    ap: int = amount_field()
    doomed_d4: int | None = attrs.field(default=None, converter=_optional_int)
    doomed: int | None = attrs.field(default=None, converter=_optional_int)

    def __str__(self) -> str:
        text = f"{self.creature}'s Turn: {self.ap} AP"
        if self.doomed_d4 is not None:
            text += f"; Doomed d4({self.doomed_d4}) -> {self.doomed}"
        return text


@frozen(kw_only=True)
class TurnSkipped(Event):
    """A creature's Turn passes without it acting (it is Defeated)."""

    creature: str = name_field("creature")
    reason: str = text_field("reason")

    def __str__(self) -> str:
        return f"{self.creature}'s Turn is skipped: {self.reason}"


@frozen(kw_only=True)
class TurnEnded(Event):
    """A creature's Turn ends: Persistent Damage taken and its Flat Rolls."""

    creature: str = name_field("creature")
    damage: int = amount_field(default=0)
    energies: tuple[str, ...] = attrs.field(default=(), converter=_names)
    rolls: tuple[TestRoll, ...] = attrs.field(default=(), converter=_rolls)

    def __str__(self) -> str:
        text = f"{self.creature}'s Turn ends"
        if self.damage or self.rolls:
            text += f": {self.damage} Persistent Damage"
            text += "".join(
                f"; {energy} {roll.flat_roll} -> {roll.outcome}"
                for energy, roll in zip(self.energies, self.rolls, strict=False)
            )
        return text


@frozen(kw_only=True)
class APSpent(Event):
    """A creature spends Action Points on an Action."""

    creature: str = name_field("creature")
    ap: int = amount_field()
    left: int = amount_field()
    action: str = text_field("action")

    def __str__(self) -> str:
        return f"{self.creature} spends {self.ap} AP ({self.action}): {self.left} left"


@frozen(kw_only=True)
class EffectApplied(Event):
    """An Effect resolves on its Targets (an ongoing one gets an id for Dismiss)."""

    id: str = text_field("id")
    effect: Effect = attrs.field(validator=of_type(Effect))
    targets: tuple[str, ...] = attrs.field(converter=_names)

    def __str__(self) -> str:
        tag = f" ({self.id})" if self.id else ""
        return f"{self.effect.label}{tag} on {', '.join(self.targets)}: {'; '.join(self.effect._imposes()) or '—'}"


@frozen(kw_only=True)
class EffectEnded(Event):
    """An ongoing Effect ends on one Target."""

    id: str = text_field("id")
    name: str = text_field("name")
    target: str = name_field("target")
    reason: str = text_field("reason")

    def __str__(self) -> str:
        return f"{self.name} ({self.id}) ends on {self.target}: {self.reason}"


@frozen(kw_only=True)
class DamageTaken(Event):
    """A creature takes Damage (Temporary HP absorbs first)."""

    creature: str = name_field("creature")
    amount: int = amount_field()
    hp: int = amount_field()
    temp_hp: int = amount_field(default=0)
    energy: str | None = optional_name_field("energy")
    source: str = text_field("source", default="")

    def __str__(self) -> str:
        energy = f" {self.energy}" if self.energy else ""
        source = f" from {self.source}" if self.source else ""
        temp = f" (+{self.temp_hp} temp)" if self.temp_hp else ""
        return f"{self.creature} takes {self.amount}{energy} Damage{source}: HP {self.hp}{temp}"


@frozen(kw_only=True)
class Healed(Event):
    """A creature regains HP."""

    creature: str = name_field("creature")
    amount: int = amount_field()
    hp: int = amount_field()
    source: str = text_field("source", default="")

    def __str__(self) -> str:
        source = f" from {self.source}" if self.source else ""
        return f"{self.creature} regains {self.amount} HP{source}: HP {self.hp}"


@frozen(kw_only=True)
class TemporaryHPGained(Event):
    """A creature gains Temporary HP (the higher amount is kept)."""

    creature: str = name_field("creature")
    amount: int = amount_field()
    temp_hp: int = amount_field()

    def __str__(self) -> str:
        return f"{self.creature} gains {self.amount} Temporary HP: {self.temp_hp} temp"


@frozen(kw_only=True)
class ConditionsChanged(Event):
    """Conditions a creature gained and lost (given or implied), and why."""

    creature: str = name_field("creature")
    gained: tuple[Condition, ...] = attrs.field(default=(), converter=_conditions)
    ended: tuple[Condition, ...] = attrs.field(default=(), converter=_conditions)
    reason: str = text_field("reason", default="")

    def __str__(self) -> str:
        parts = []
        if self.gained:
            parts.append(f"gains {', '.join(str(c) for c in self.gained)}")
        if self.ended:
            parts.append(f"loses {', '.join(str(c) for c in self.ended)}")
        why = f" ({self.reason})" if self.reason else ""
        return f"{self.creature} {'; '.join(parts) or 'unchanged'}{why}"


@frozen(kw_only=True)
class TestMade(Event):
    """A creature makes a Test for the encounter (Hide, Sneak, Search, a roll to end a Condition)."""

    __test__ = False  # not a pytest test class

    creature: str = name_field("creature")
    purpose: str = text_field("purpose")
    roll: TestRoll = attrs.field(validator=of_type(TestRoll))

    def __str__(self) -> str:
        return f"{self.creature} ({self.purpose}): {self.roll}"


@frozen(kw_only=True)
class DetectionChanged(Event):
    """How one creature detects another changed."""

    observer: str = name_field("observer")
    subject: str = name_field("subject")
    before: Detection = attrs.field(converter=_detection)
    after: Detection = attrs.field(converter=_detection)
    reason: str = text_field("reason", default="")

    def __str__(self) -> str:
        why = f" ({self.reason})" if self.reason else ""
        return f"{self.subject}: {self.before} -> {self.after} to {self.observer}{why}"


def _optional_hp(value: object) -> int | None:
    return None if value is None else check_int("hp", value, low=0, high=_BIG)


def _optional_from(value: object) -> Space | None:
    if value is None or isinstance(value, Space):
        return value
    raise TypeError(f"from_space must be a Space or None, got {type(value).__name__} {value!r}")


@frozen(kw_only=True)
class Moved(Event):
    """A creature or an Object changed Space (a Move Action, a Crawl, or the GM placing it)."""

    name: str = name_field("name")
    from_space: Space | None = attrs.field(default=None, converter=_optional_from)
    to: Space = attrs.field(validator=of_type(Space))
    how: str = text_field("how", default="moves")

    def __str__(self) -> str:
        start = f" from {self.from_space}" if self.from_space is not None else ""
        return f"{self.name} {self.how}{start} to {self.to}"


@frozen(kw_only=True)
class ThingDamaged(Event):
    """An Object takes Damage: its HP when the GM tracks them (0: broken)."""

    thing: str = name_field("thing")
    amount: int = amount_field()
    hp: int | None = attrs.field(default=None, converter=_optional_hp)
    energy: str | None = optional_name_field("energy")
    source: str = text_field("source", default="")

    def __str__(self) -> str:
        energy = f" {self.energy}" if self.energy else ""
        source = f" from {self.source}" if self.source else ""
        state = "" if self.hp is None else (": broken" if self.hp == 0 else f": HP {self.hp}")
        return f"{self.thing} takes {self.amount}{energy} Damage{source}{state}"


@frozen(kw_only=True)
class Unaffected(Event):
    """Something did not reach a creature, and why: Immune through a Sense, Petrified HP, Defeated.

    Args:
        target: The creature.
        source: The Effect (or what dealt the Damage) that did not reach it.
        reason: Why (the Condition and its rule).
        part: What did not happen: ``""`` (all of it), ``"ongoing"`` (the ongoing Effect does
            not stay: a Defeated creature), or a part such as ``"5 Damage"``.
    """

    target: str = name_field("target")
    source: str = text_field("source", default="")
    reason: str = text_field("reason")
    part: str = text_field("part", default="")

    def __str__(self) -> str:
        if self.part == "ongoing":
            return f"{self.source} can't stay on {self.target}: {self.reason}"
        what = self.part or self.source
        if self.part and self.source:
            what = f"{self.part} from {self.source}"
        return f"{self.target} is unaffected by {what}: {self.reason}"


def _optional_total(value: object) -> int | None:
    return None if value is None else check_int("total", value, low=-(10**10), high=10**10)


def _optional_roll(value: object) -> RolledTotal | None:
    if value is None or isinstance(value, RolledTotal):
        return value
    raise TypeError(f"roll must be a RolledTotal or None, got {type(value).__name__}")


@frozen(kw_only=True)
class CombatantAdded(Event):
    """A creature joins the encounter: its Initiative (rolled or given) and the new Turn order."""

    name: str = name_field("name")
    roll: RolledTotal | None = attrs.field(default=None, converter=_optional_roll)
    total: int | None = attrs.field(default=None, converter=_optional_total)
    order: tuple[str, ...] = attrs.field(default=(), converter=_names)

    def __str__(self) -> str:
        if not self.order:
            return f"{self.name} joins the encounter"
        if self.roll is not None:
            initiative = f"Initiative {self.roll._expression()}"
        else:
            initiative = f"Initiative {self.total} (given)"
        return f"{self.name} joins: {initiative} -> order {', '.join(self.order)}"


@frozen(kw_only=True)
class CombatantRemoved(Event):
    """A creature leaves the encounter (flees, is dismissed, the GM removes it)."""

    name: str = name_field("name")
    reason: str = text_field("reason", default="")

    def __str__(self) -> str:
        return f"{self.name} leaves the encounter" + (f" ({self.reason})" if self.reason else "")


@frozen(kw_only=True)
class RoundsEnded(Event):
    """The GM stops tracking Rounds (the fight is over): time now passes in minutes, hours and days."""

    round: int = int_field(low=1, high=_BIG)
    reason: str = text_field("reason", default="")

    def __str__(self) -> str:
        return f"Round tracking ends after Round {self.round}" + (f" ({self.reason})" if self.reason else "")


@frozen(kw_only=True)
class TimePassed(Event):
    """Time passes outside Rounds (counted in Rounds: 1 minute is 10)."""

    rounds: int = int_field(low=0, high=10**12)

    def __str__(self) -> str:
        span = str(Duration(self.rounds))
        return f"{span} {'passes' if span.startswith('1 ') else 'pass'}"


@frozen(kw_only=True)
class DoomedRolled(Event):
    """The Doomed value of Staggered at 0 HP rolled while time passes outside Rounds (1d4 + Soul, minimum 1)."""

    creature: str = name_field("creature")
    d4: int = int_field(low=1, high=4)
    soul: int = int_field(low=-MODIFIER_LIMIT, high=MODIFIER_LIMIT, default=0)
    value: int = int_field(low=1, high=10**12)

    def __str__(self) -> str:
        return f"{self.creature}'s Doomed (Staggered at 0 HP): d4({self.d4}) + Soul {self.soul} = {self.value}"


@frozen(kw_only=True)
class DoomedCountedDown(Event):
    """A Doomed value counts down (the GM, when its Effect says so); at 0 it ends."""

    creature: str = name_field("creature")
    source: str = text_field("source")
    before: int = int_field(low=1, high=10**12)
    after: int = int_field(low=0, high=10**12)

    def __str__(self) -> str:
        text = f"{self.creature}'s Doomed ({self.source}): {self.before} -> {self.after}"
        if self.after == 0:
            text += ": Defeated" if self.source == "Staggered at 0 HP" else ": it ends (the Effect says what follows)"
        return text


@frozen(kw_only=True)
class LongRestFinished(Event):
    """Creatures finish a Long Rest (each removes 1 Fatigue)."""

    creatures: tuple[str, ...] = attrs.field(converter=_names)
    hours: int = int_field(low=1, high=10**6)

    def __str__(self) -> str:
        who = ", ".join(self.creatures) or "nobody"
        return f"{who} finish{'es' if len(self.creatures) == 1 else ''} a Long Rest ({self.hours} hours)"
