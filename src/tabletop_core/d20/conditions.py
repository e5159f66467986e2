"""Conditions: every Condition of the rules text, what each implies, and one creature's state.

Core Rules "Condition", "Effect", "Stacking", "Duration" and "Time", and each
Condition's own rule:

* the same Condition imposed again keeps only the longest Duration;
* Conditions with values follow their own stacking: Fatigue is cumulative
  (each gain adds 1; at 10 the creature is Defeated), Doomed is tracked per
  source, Persistent Damage applies only the highest value per Energy (each
  value keeps its own Duration);
* reducing a value to 0 ends the Condition; removing a Condition ends every instance;
* a suppressed Condition has no effect, but its Duration still counts down;
* Durations count in Rounds; 1 minute lasts 10 Rounds (hours and days in minutes).

Examples:
    >>> from tabletop_core.d20 import Condition, Conditions, Duration, implied_conditions
    >>> sorted(c.value for c in implied_conditions(Condition.PETRIFIED))
    ['Immobilized', 'Incapacitated', 'Off Guard', 'Paralyzed']
    >>> state = Conditions().add(Condition.PRONE).add("frightened", duration=Duration.of(rounds=3))
    >>> print(state)
    Prone (until removed), Frightened (3 rounds); also Off Guard
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import ClassVar

import attrs

from tabletop_core._enum import Enum
from tabletop_core._names import parse_enum
from tabletop_core._record import Record
from tabletop_core._validate import check_int, check_one_line, check_type, clip, of_type
from tabletop_core.d20.energy import energy_name
from tabletop_core.d20.test import FATIGUE_LIMIT, _label, _tuple_of
from tabletop_core.errors import InvalidInput, RuleError

__all__ = [
    "HOURS_PER_DAY",
    "MINUTES_PER_HOUR",
    "ROUNDS_PER_MINUTE",
    "Condition",
    "ConditionImplications",
    "ConditionInstance",
    "Conditions",
    "Duration",
    "Suppression",
    "direct_implications",
    "implied_conditions",
]

ROUNDS_PER_MINUTE = 10
"""Core Rule "Time": 1 minute lasts 10 Rounds."""
MINUTES_PER_HOUR = 60
"""Minutes in an hour."""
HOURS_PER_DAY = 24
"""Hours in a day."""
ROUNDS_PER_HOUR = ROUNDS_PER_MINUTE * MINUTES_PER_HOUR
MAX_ROUNDS = 10**12
"""The longest Duration, in Rounds (about 190,000 years)."""


class Condition(Enum):
    """Every Condition the rules text defines."""

    BLINDED = "Blinded"
    CHARMED = "Charmed"
    CLUMSY = "Clumsy"
    DEAFENED = "Deafened"
    DEFEATED = "Defeated"
    DOOMED = "Doomed"
    FATIGUE = "Fatigue"
    FRIGHTENED = "Frightened"
    HASTED = "Hasted"
    HELPLESS = "Helpless"
    HIDDEN = "Hidden"
    IMMOBILIZED = "Immobilized"
    IMPAIRED = "Impaired"
    INCAPACITATED = "Incapacitated"
    INVISIBLE = "Invisible"
    OFF_GUARD = "Off Guard"
    PARALYZED = "Paralyzed"
    PERSISTENT_DAMAGE = "Persistent Damage"
    PETRIFIED = "Petrified"
    PRONE = "Prone"
    RESTRAINED = "Restrained"
    SICKENED = "Sickened"
    SILENCED = "Silenced"
    SLOWED = "Slowed"
    STABLE = "Stable"
    STAGGERED = "Staggered"
    STUNNED = "Stunned"
    SURPRISED = "Surprised"
    UNCONSCIOUS = "Unconscious"
    UNFOCUSED = "Unfocused"

    @classmethod
    def parse(cls, value: Condition | str) -> Condition:
        """Return *value* as a :class:`Condition`; accepts a member or its name (``"off guard"``).

        Raises:
            InvalidInput: the name is not a Condition of the rules text.
            TypeError: *value* is neither a Condition nor a str.
        """
        return parse_enum(cls, value, name="condition")

    @property
    def has_value(self) -> bool:
        """Whether the Condition carries a value (Fatigue, Doomed, Persistent Damage)."""
        return self in _VALUED

    def __str__(self) -> str:
        return str(self.value)


_VALUED = frozenset({Condition.FATIGUE, Condition.DOOMED, Condition.PERSISTENT_DAMAGE})
_ENDED_BY_ROLL_WITH_SETBACK = frozenset({Condition.PERSISTENT_DAMAGE, Condition.SICKENED})

C = Condition
_IMPLIES: dict[Condition, frozenset[Condition]] = {
    # "While Defeated: You Fall Prone."
    C.DEFEATED: frozenset({C.PRONE}),
    C.PARALYZED: frozenset({C.IMMOBILIZED, C.INCAPACITATED, C.OFF_GUARD}),
    C.PETRIFIED: frozenset({C.PARALYZED}),
    C.PRONE: frozenset({C.OFF_GUARD}),
    C.RESTRAINED: frozenset({C.IMMOBILIZED, C.HELPLESS, C.OFF_GUARD}),
    C.SICKENED: frozenset({C.IMPAIRED}),
    C.SILENCED: frozenset({C.DEAFENED}),
    C.STABLE: frozenset({C.UNCONSCIOUS}),
    C.STAGGERED: frozenset({C.IMPAIRED, C.HELPLESS, C.OFF_GUARD, C.SLOWED, C.UNFOCUSED}),
    C.STUNNED: frozenset({C.IMMOBILIZED, C.OFF_GUARD, C.UNFOCUSED}),
    C.UNCONSCIOUS: frozenset({C.PRONE, C.BLINDED, C.HELPLESS, C.INCAPACITATED, C.UNFOCUSED}),
}
del C


def direct_implications(condition: Condition | str) -> frozenset[Condition]:
    """The Conditions a Condition's own rule says you gain (one step, not transitive).

    Examples:
        >>> sorted(c.value for c in direct_implications("petrified"))
        ['Paralyzed']
    """
    return _IMPLIES.get(Condition.parse(condition), frozenset())


def implied_conditions(condition: Condition | str) -> frozenset[Condition]:
    """Every Condition a Condition brings with it, transitively (not the Condition itself).

    Petrified gives Paralyzed, which gives Immobilized, Incapacitated and Off Guard.

    Raises:
        InvalidInput: the name is not a Condition.
        TypeError: *condition* is neither a Condition nor a str.

    Examples:
        >>> sorted(c.value for c in implied_conditions(Condition.STAGGERED))
        ['Helpless', 'Impaired', 'Off Guard', 'Slowed', 'Unfocused']
    """
    start = Condition.parse(condition)
    found: set[Condition] = set()
    frontier = [start]
    while frontier:
        for implied in _IMPLIES.get(frontier.pop(), ()):
            if implied not in found and implied is not start:
                found.add(implied)
                frontier.append(implied)
    return frozenset(found)


def _closure(conditions: Iterable[Condition]) -> frozenset[Condition]:
    result: set[Condition] = set()
    for condition in conditions:
        result.add(condition)
        result |= implied_conditions(condition)
    return frozenset(result)


# -- Durations --------------------------------------------------------------------


def _rounds(value: object) -> int | None:
    return None if value is None else check_int("rounds", value, low=0, high=MAX_ROUNDS)


@attrs.frozen
class Duration(Record):
    """How long an Effect lasts, counted in Rounds; ``None`` lasts until removed.

    Build one with :meth:`of` (Rounds, minutes, hours, days) or use
    :data:`Duration.UNTIL_REMOVED`.

    Args:
        rounds: Rounds left (0..10**12), or ``None`` for no time limit.
    """

    rounds: int | None = attrs.field(default=None, converter=_rounds)

    UNTIL_REMOVED: ClassVar[Duration]
    """No time limit: lasts until removed."""

    @classmethod
    def of(cls, *, rounds: int = 0, minutes: int = 0, hours: int = 0, days: int = 0) -> Duration:
        """A Duration from Rounds, minutes, hours and days (1 minute = 10 Rounds).

        Examples:
            >>> Duration.of(minutes=1).rounds, Duration.of(hours=2).rounds
            (10, 1200)
        """
        return cls(_to_rounds(rounds=rounds, minutes=minutes, hours=hours, days=days))

    @property
    def is_limited(self) -> bool:
        """Whether the Duration runs out with time."""
        return self.rounds is not None

    def after(self, rounds: int) -> Duration:
        """The Duration left after *rounds* pass (never below 0).

        Raises:
            InvalidInput: *rounds* is negative (time does not run backwards).
            TypeError: *rounds* is not an int.
        """
        rounds = check_int("rounds", rounds, low=0)
        if self.rounds is None:
            return self
        return Duration(max(0, self.rounds - rounds))

    def longest(self, other: Duration) -> Duration:
        """The longer of two Durations (no time limit is longest).

        Raises:
            TypeError: *other* is not a Duration.
        """
        check_type("other", other, Duration)
        if self.rounds is None or other.rounds is None:
            return Duration(None)
        return self if self.rounds >= other.rounds else other

    def _key(self) -> float:
        return float("inf") if self.rounds is None else self.rounds

    def __str__(self) -> str:
        if self.rounds is None:
            return "until removed"
        rounds = self.rounds
        if rounds and rounds % ROUNDS_PER_HOUR == 0:
            hours = rounds // ROUNDS_PER_HOUR
            return f"{hours} hour{'s' * (hours != 1)}"
        if rounds and rounds % ROUNDS_PER_MINUTE == 0:
            minutes = rounds // ROUNDS_PER_MINUTE
            return f"{minutes} minute{'s' * (minutes != 1)}"
        return f"{rounds} round{'s' * (rounds != 1)}"


Duration.UNTIL_REMOVED = Duration(None)  # a class constant of the class's own type: set once it exists


def _to_rounds(*, rounds: int = 0, minutes: int = 0, hours: int = 0, days: int = 0) -> int:
    total = (
        check_int("rounds", rounds, low=0)
        + check_int("minutes", minutes, low=0) * ROUNDS_PER_MINUTE
        + check_int("hours", hours, low=0) * ROUNDS_PER_HOUR
        + check_int("days", days, low=0) * ROUNDS_PER_HOUR * HOURS_PER_DAY
    )
    if total > MAX_ROUNDS:
        raise InvalidInput(f"a Duration must be at most {MAX_ROUNDS} rounds, got {clip(total)}")
    return total


def _duration(value: object) -> Duration:
    if value is None:
        return Duration(None)
    if isinstance(value, Duration):
        return value
    raise TypeError(f"duration must be a Duration or None, got {type(value).__name__} {clip(value)}")


def _condition(value: object) -> Condition:
    return Condition.parse(value)  # type: ignore[arg-type]  # parse raises TypeError for other types


@attrs.frozen
class ConditionImplications(Record):
    """What a Condition brings with it: the record ``tabletop condition NAME --json`` prints.

    Attributes:
        condition: The Condition.

    Examples:
        >>> facts = ConditionImplications("petrified")
        >>> [c.value for c in facts.gives], [c.value for c in facts.implied]
        (['Paralyzed'], ['Immobilized', 'Incapacitated', 'Off Guard', 'Paralyzed'])
        >>> facts.to_dict()["implied"]
        ['immobilized', 'incapacitated', 'off_guard', 'paralyzed']
    """

    _derived: ClassVar[tuple[str, ...]] = ("gives", "implied")

    condition: Condition = attrs.field(converter=_condition)

    @property
    def gives(self) -> tuple[Condition, ...]:
        """The Conditions its own rule gives (one step), by name."""
        return tuple(sorted(direct_implications(self.condition), key=lambda c: c.name))

    @property
    def implied(self) -> tuple[Condition, ...]:
        """Every Condition it brings with it, transitively, by name."""
        return tuple(sorted(implied_conditions(self.condition), key=lambda c: c.name))

    def __str__(self) -> str:
        direct = ", ".join(str(c) for c in self.gives) or "no other Condition"
        text = f"{self.condition}: gives {direct}"
        extra = [str(c) for c in self.implied if c not in self.gives]
        return text + (f"; through them also {', '.join(extra)}" if extra else "")


def _optional_value(value: object) -> int | None:
    return None if value is None else check_int("value", value, low=0, high=MAX_ROUNDS)


def _optional_label(value: object) -> str | None:
    return None if value is None else energy_name(value)


def _optional_effect(value: object) -> str | None:
    return None if value is None else _label("effect", value)


def _source(value: object) -> str:
    if not isinstance(value, str):
        raise TypeError(f"source must be a str, got {type(value).__name__} {clip(value)}")
    return check_one_line("source", value).strip()


@attrs.frozen(kw_only=True)
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
    """

    condition: Condition = attrs.field(converter=_condition)
    duration: Duration = attrs.field(default=Duration(None), converter=_duration)
    value: int | None = attrs.field(default=None, converter=_optional_value)
    source: str = attrs.field(default="", converter=_source)
    energy: str | None = attrs.field(default=None, converter=_optional_label)
    easier_end: bool = attrs.field(default=False, validator=of_type(bool))
    effect: str | None = attrs.field(default=None, converter=_optional_effect)

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


@attrs.frozen(kw_only=True)
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


def _instances(value: object) -> tuple[ConditionInstance, ...]:
    return _tuple_of("instances", ConditionInstance, value)


def _suppressions(value: object) -> tuple[Suppression, ...]:
    return _tuple_of("suppressions", Suppression, value)


DEFEATED_PRONE_SOURCE = "Defeated: Fall Prone"
"""The source of the Prone gained when Defeated ("While Defeated: You Fall Prone")."""

STAGGERED_SOURCE = "Staggered at 0 HP"
"""The source of the Doomed gained with Staggered at 0 HP."""


@attrs.frozen(kw_only=True)
class Conditions(Record):
    """The Conditions on one creature: a frozen state; every change returns a new one.

    Args:
        instances: The Condition instances the creature has been given.
        suppressions: Which Conditions suppress which.

    Examples:
        >>> state = Conditions().add("fatigue").add("fatigue").add("fatigue")
        >>> state.fatigue
        3
        >>> state.add("off guard", duration=Duration.of(rounds=2)).advance(rounds=2).has("off guard")
        False
    """

    instances: tuple[ConditionInstance, ...] = attrs.field(default=(), converter=_instances)
    suppressions: tuple[Suppression, ...] = attrs.field(default=(), converter=_suppressions)

    # -- reading -------------------------------------------------------------------

    @property
    def present(self) -> frozenset[Condition]:
        """The Conditions given directly (suppressed ones included; implied ones not)."""
        return frozenset(i.condition for i in self.instances)

    def _suppressed(self) -> frozenset[Condition]:
        if not self.suppressions:
            return frozenset()
        # A suppressor counts whether given or implied (Unconscious through Stable, say).
        given = _closure(self.present)
        return frozenset(s.condition for s in self.suppressions if s.by in given)

    def is_suppressed(self, condition: Condition | str) -> bool:
        """Whether a Condition is suppressed by another Condition the creature has (given or implied)."""
        return Condition.parse(condition) in self._suppressed()

    @property
    def active(self) -> frozenset[Condition]:
        """Every Condition in effect: given or implied, minus suppressed ones."""
        suppressed = self._suppressed()
        roots = self.present - suppressed
        return _closure(roots) - suppressed

    def has(self, condition: Condition | str) -> bool:
        """Whether a Condition is in effect (given or implied, and not suppressed)."""
        return Condition.parse(condition) in self.active

    def instances_of(self, condition: Condition | str) -> tuple[ConditionInstance, ...]:
        """Every instance of one Condition."""
        condition = Condition.parse(condition)
        return tuple(i for i in self.instances if i.condition is condition)

    @property
    def fatigue(self) -> int:
        """The Fatigue value, 0..10 (0 when suppressed or absent)."""
        if not self.has(Condition.FATIGUE):
            return 0
        return max((i.value or 0 for i in self.instances_of(Condition.FATIGUE)), default=0)

    @property
    def effects_paused(self) -> bool:
        """Whether ongoing Effects on the creature pause: it is Petrified (and that is not suppressed)."""
        return Condition.PETRIFIED in self.present and not self.is_suppressed(Condition.PETRIFIED)

    @property
    def persistent_damage(self) -> dict[str, int]:
        """The Persistent Damage that applies: the highest value per Energy (none while Petrified pauses it)."""
        if not self.has(Condition.PERSISTENT_DAMAGE) or self.effects_paused:
            return {}
        highest: dict[str, int] = {}
        for i in self.instances_of(Condition.PERSISTENT_DAMAGE):
            energy, value = i.energy or "", i.value or 0  # both always set: ConditionInstance checks
            highest[energy] = max(highest.get(energy, 0), value)
        return dict(sorted(highest.items()))

    @property
    def doomed(self) -> dict[str, int | None]:
        """Each Doomed, by source: its value (``None`` while still to be rolled)."""
        return {i.source: i.value for i in self.instances_of(Condition.DOOMED)}

    # -- what the creature can do ------------------------------------------------

    @property
    def can_act(self) -> bool:
        """Whether the creature can take Actions and spend AP (not Incapacitated)."""
        return Condition.INCAPACITATED not in self.active

    @property
    def can_move(self) -> bool:
        """Whether the creature can Move under its own power (not Immobilized)."""
        return Condition.IMMOBILIZED not in self.active

    @property
    def can_focus(self) -> bool:
        """Whether the creature can start or keep up Focus (not Unfocused)."""
        return Condition.UNFOCUSED not in self.active

    @property
    def can_be_willing(self) -> bool:
        """Whether the creature can be Willing (Unconscious and Defeated creatures can't)."""
        return not self.active & {Condition.UNCONSCIOUS, Condition.DEFEATED}

    @property
    def is_object(self) -> bool:
        """Whether the creature is treated as an Object (Defeated or Petrified), except for restoration."""
        return bool(self.active & {Condition.DEFEATED, Condition.PETRIFIED})

    def restrictions(self) -> list[str]:
        """The rules text's other limits that apply now, one line per Condition in effect.

        Examples:
            >>> for line in Conditions().add("stunned").restrictions():
            ...     print(line)
            Immobilized: you can't Move or otherwise move under your own power
            Off Guard: Attacks against you gain Fortune
            Stunned: you can't communicate coherently
            Unfocused: your Focus ends; you can't start to Focus
        """
        return [f"{c}: {_LIMITS[c]}" for c in Condition if c in self.active and c in _LIMITS]

    # -- changing ------------------------------------------------------------------

    def add(
        self,
        condition: Condition | str,
        *,
        duration: Duration | None = None,
        value: int | None = None,
        source: str = "",
        energy: str | None = None,
    ) -> Conditions:
        """Impose a Condition and return the new state.

        * Most Conditions: the same Condition again keeps only the longest Duration.
        * Fatigue: cumulative; adds *value* (default 1). At 10 you gain Defeated.
        * Doomed: tracked per *source*; the same source again keeps the stronger
          (lower) value, then the longest Duration. A value of ``None`` means
          "to be rolled" (Staggered at 0 HP rolls it at the start of your next Turn).
        * Persistent Damage: needs *value* (the Damage, which never adds a caster's
          Soul: pass the listed Damage) and *energy*; each value
          keeps its own Duration (1 minute, when it ends, or shorter if given), and only the
          highest value per Energy applies.
        * Defeated: ongoing Effects end, so every other Condition except Fatigue is removed;
          you Fall Prone: a Prone instance is added, which stays when Defeated ends
          (until you rise).
        * Stable: you are no longer Staggered (and its Doomed ends).
        * Staggered: gaining it (not already Staggered) also gains 1 Fatigue.

        Args:
            condition: The Condition (a member or its name).
            duration: How long it lasts; ``None`` until removed.
            value: For Fatigue (amount gained), Doomed and Persistent Damage.
            source: What imposed it.
            energy: Persistent Damage's Energy.

        Raises:
            InvalidInput: an unknown Condition, or a value/energy the Condition does not take.
            TypeError: a wrong type.
        """
        condition = Condition.parse(condition)
        source = _source(source)
        duration = _duration(duration)
        if condition is Condition.FATIGUE:
            if duration.is_limited:
                raise InvalidInput(f"Fatigue has no Duration (a Long Rest removes 1), got {clip(duration)}")
            return self._gain_fatigue(1 if value is None else check_int("value", value, low=1, high=FATIGUE_LIMIT))
        if condition is Condition.PERSISTENT_DAMAGE:
            # "Ends when: 1 minute passes." A shorter Duration may still be given.
            duration = Duration.of(minutes=1) if duration.rounds is None else duration.longest(Duration(0))
            duration = duration if (duration.rounds or 0) <= ROUNDS_PER_MINUTE else Duration.of(minutes=1)
        new = ConditionInstance(condition=condition, duration=duration, value=value, source=source, energy=energy)
        kept: list[ConditionInstance] = []
        merged = new
        for old in self.instances:
            if old.condition is condition and _same_slot(old, new):
                merged = _stronger(old, merged)
            else:
                kept.append(old)
        state = attrs.evolve(self, instances=(*kept, merged))
        if condition is Condition.DEFEATED:
            # "While Defeated: You Fall Prone. Ongoing Effects on you end." Falling Prone leaves
            # you Prone, a Condition of its own that outlasts Defeated until you rise.
            kept_now = tuple(i for i in state.instances if i.condition in (Condition.DEFEATED, Condition.FATIGUE))
            prone = ConditionInstance(condition=Condition.PRONE, source=DEFEATED_PRONE_SOURCE)
            state = attrs.evolve(state, instances=(*kept_now, prone))
        if condition is Condition.STABLE:
            state = state._without(
                lambda i: (
                    i.condition is Condition.STAGGERED
                    or (i.condition is Condition.DOOMED and i.source == STAGGERED_SOURCE)
                )
            )
        if condition is Condition.STAGGERED and Condition.STAGGERED not in self.present:
            # Fatigue, "Gained when: You gain Staggered" (whatever the cause; not when already Staggered).
            state = state._gain_fatigue(1)
        return state

    def _gain_fatigue(self, amount: int) -> Conditions:
        total = min(FATIGUE_LIMIT, (max((i.value or 0 for i in self.instances_of("fatigue")), default=0)) + amount)
        state = self._without(lambda i: i.condition is Condition.FATIGUE)
        state = attrs.evolve(
            state, instances=(*state.instances, ConditionInstance(condition=Condition.FATIGUE, value=total))
        )
        if total >= FATIGUE_LIMIT:  # "If your Fatigue reaches 10, you gain Defeated."
            state = state.add(Condition.DEFEATED, source="Fatigue 10")
        return state

    def _without(self, drop: Callable[[ConditionInstance], bool]) -> Conditions:
        return attrs.evolve(self, instances=tuple(i for i in self.instances if not drop(i)))

    def remove(self, condition: Condition | str) -> Conditions:
        """End every instance of a Condition (Conditions it implied end with it unless given otherwise).

        Removing a Condition that is only implied by another has no effect on it:
        remove the one that implies it.
        """
        condition = Condition.parse(condition)
        return self._without(lambda i: i.condition is condition)

    def reduce(
        self, condition: Condition | str, by: int = 1, *, source: str | None = None, energy: str | None = None
    ) -> Conditions:
        """Reduce a Condition's value by *by*; at 0 it ends.

        Fatigue: a Long Rest removes 1. Doomed: give *source* when several are
        tracked. Persistent Damage: give *energy* to reduce one Energy only.

        Raises:
            RuleError: the Condition is not present, has no value, or its value is still to be rolled.
            InvalidInput: *by* is below 1, or the Condition never has a value.
        """
        condition = Condition.parse(condition)
        by = check_int("by", by, low=1)
        if source is not None:
            source = _source(source)
        if energy is not None:
            energy = energy_name(energy)
        if not condition.has_value:
            raise InvalidInput(f"{condition} has no value to reduce")
        targets = [
            i
            for i in self.instances_of(condition)
            if (source is None or i.source == source) and (energy is None or i.energy == energy)
        ]
        if not targets:
            raise RuleError(f"cannot reduce {condition}: the creature does not have it{_which(source, energy)}")
        if any(i.value is None for i in targets):
            raise RuleError(f"cannot reduce {condition}: its value has not been rolled yet")
        instances: list[ConditionInstance] = []
        for i in self.instances:
            if i in targets:
                assert i.value is not None
                if i.value - by > 0:
                    instances.append(attrs.evolve(i, value=i.value - by))
            else:
                instances.append(i)
        state = attrs.evolve(self, instances=tuple(instances))
        return state._defeat_if_doom_ended(self)

    def set_doomed(self, value: int, *, source: str) -> Conditions:
        """Set the value of the Doomed from *source* (for example the rolled 1d4 + Soul); 0 ends it.

        Raises:
            RuleError: there is no Doomed from that source.
        """
        value = check_int("value", value, low=0)
        source = _source(source)
        targets = [i for i in self.instances_of(Condition.DOOMED) if i.source == source]
        if not targets:
            raise RuleError(f"cannot set Doomed: the creature has no Doomed from {clip(source)}")
        kept = tuple(i for i in self.instances if i not in targets)
        if value == 0:
            return attrs.evolve(self, instances=kept)._defeat_if_doom_ended(self)
        return attrs.evolve(self, instances=(*kept, attrs.evolve(targets[0], value=value)))

    def _defeat_if_doom_ended(self, before: Conditions) -> Conditions:
        """Defeated, "Gained when: Your Doomed value reaches 0 while Staggered" (the Doomed of Staggered at 0 HP)."""
        ended = STAGGERED_SOURCE in before.doomed and STAGGERED_SOURCE not in self.doomed
        if ended and Condition.STAGGERED in self.present:
            return self.add(Condition.DEFEATED, source="Doomed reached 0")
        return self

    def mark_easier_end(
        self, condition: Condition | str, *, energy: str | None = None, easier: bool = True
    ) -> Conditions:
        """After a Setback on a roll to end it, make the next roll to end *condition* Low Stakes.

        "Your next roll to end it becomes Low Stakes": only the next one. After that
        roll fails, ``easier=False`` puts the roll after it back to Mid Stakes.
        """
        condition = Condition.parse(condition)
        check_type("easier", easier, bool)
        if condition not in _ENDED_BY_ROLL_WITH_SETBACK:
            raise InvalidInput(
                f"only Persistent Damage and Sickened have a roll whose Setback makes the next one Low Stakes, "
                f"not {condition}"
            )
        if energy is not None:
            energy = energy_name(energy)
        targets = [i for i in self.instances_of(condition) if energy is None or i.energy == energy]
        if not targets:
            raise RuleError(f"cannot mark {condition}: the creature does not have it{_which(None, energy)}")
        return attrs.evolve(
            self,
            instances=tuple(attrs.evolve(i, easier_end=easier) if i in targets else i for i in self.instances),
        )

    def suppress(self, condition: Condition | str, *, by: Condition | str) -> Conditions:
        """Suppress *condition* while *by* is present: no effect, but its Duration still counts down."""
        suppression = Suppression(condition=condition, by=by)
        if suppression.condition is suppression.by:
            raise InvalidInput(f"a Condition cannot suppress itself: {suppression.condition}")
        if suppression in self.suppressions:
            return self
        return attrs.evolve(self, suppressions=(*self.suppressions, suppression))

    def unsuppress(self, condition: Condition | str, *, by: Condition | str) -> Conditions:
        """Lift a suppression added with :meth:`suppress`."""
        suppression = Suppression(condition=condition, by=by)
        return attrs.evolve(self, suppressions=tuple(s for s in self.suppressions if s != suppression))

    def advance(self, *, rounds: int = 0, minutes: int = 0, hours: int = 0, days: int = 0) -> Conditions:
        """Let time pass: every limited Duration counts down; those that reach 0 end.

        Suppressed Conditions count down too. While Petrified, other ongoing
        Effects pause: only Petrified's own Duration counts down.
        """
        return self.advance_report(rounds=rounds, minutes=minutes, hours=hours, days=days)[0]

    def advance_report(
        self, *, rounds: int = 0, minutes: int = 0, hours: int = 0, days: int = 0
    ) -> tuple[Conditions, tuple[ConditionInstance, ...]]:
        """As :meth:`advance`, also returning the instances that ended."""
        elapsed = _to_rounds(rounds=rounds, minutes=minutes, hours=hours, days=days)
        paused = self.effects_paused
        kept: list[ConditionInstance] = []
        ended: list[ConditionInstance] = []
        for i in self.instances:
            if paused and i.condition is not Condition.PETRIFIED:
                kept.append(i)
                continue
            after = attrs.evolve(i, duration=i.duration.after(elapsed))
            (ended if after.duration.rounds == 0 else kept).append(after)
        return attrs.evolve(self, instances=tuple(kept)), tuple(ended)

    # -- rendering -----------------------------------------------------------------

    def __str__(self) -> str:
        if not self.instances:
            return "no Conditions"
        parts = []
        for i in self.instances:
            text = str(i)
            if self.is_suppressed(i.condition):
                by = ", ".join(str(s.by) for s in self.suppressions if s.condition is i.condition)
                text = f"{text} [suppressed by {by}]"
            parts.append(text)
        implied = [str(c) for c in Condition if c in self.active - self.present]
        tail = f"; also {', '.join(implied)}" if implied else ""
        return ", ".join(parts) + tail

    def to_markdown(self) -> str:
        """A Markdown list of the instances and the implied Conditions."""
        if not self.instances:
            return "*no Conditions*"
        lines = [f"- {i}" for i in self.instances]
        implied = [str(c) for c in Condition if c in self.active - self.present]
        if implied:
            lines.append(f"- implied: {', '.join(implied)}")
        return "\n".join(lines)


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
