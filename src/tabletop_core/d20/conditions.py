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

import functools
from collections.abc import Callable

import attrs

from tabletop_core._frozen import frozen
from tabletop_core._record import Record
from tabletop_core._validate import check_int, check_type, clip
from tabletop_core.d20._checks import iterable_of
from tabletop_core.d20.condition_instance import (
    _LIMITS,
    ConditionInstance,
    Suppression,
    _same_slot,
    _source,
    _stronger,
    _which,
)
from tabletop_core.d20.condition_kinds import (
    _ENDED_BY_ROLL_WITH_SETBACK,
    Condition,
    ConditionImplications,
    _closure,
    direct_implications,
    implied_conditions,
)
from tabletop_core.d20.durations import (
    HOURS_PER_DAY,
    MINUTES_PER_HOUR,
    ROUNDS_PER_MINUTE,
    Duration,
    _duration,
    _to_rounds,
)
from tabletop_core.d20.durations import (  # importable from here, as they always were
    MAX_ROUNDS as MAX_ROUNDS,
)
from tabletop_core.d20.durations import (
    ROUNDS_PER_HOUR as ROUNDS_PER_HOUR,
)
from tabletop_core.d20.energy import energy_name
from tabletop_core.d20.test import (
    FATIGUE_LIMIT,
)
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


def _instances(value: object) -> tuple[ConditionInstance, ...]:
    return iterable_of("instances", ConditionInstance, value)


def _suppressions(value: object) -> tuple[Suppression, ...]:
    return iterable_of("suppressions", Suppression, value)


DEFEATED_PRONE_SOURCE = "Defeated: Fall Prone"
"""The source of the Prone gained when Defeated ("While Defeated: You Fall Prone")."""

STAGGERED_SOURCE = "Staggered at 0 HP"
"""The source of the Doomed gained with Staggered at 0 HP."""


@frozen(kw_only=True)
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

    # The state is frozen: what it reads once stays true (attrs keeps these in slots of their own).

    @functools.cached_property
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

    @functools.cached_property
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

    def _run_time(self, rounds: int, anchor: str | None) -> tuple[Conditions, tuple[ConditionInstance, ...]]:
        """As :meth:`advance_report`, for the instances whose own Duration counts from *anchor*'s Turn only.

        The encounter's clock: instances imposed by an ongoing Effect follow that Effect (they
        are left alone here); *anchor* ``None`` are those counted at the end of each Round.
        """
        paused = self.effects_paused
        kept: list[ConditionInstance] = []
        ended: list[ConditionInstance] = []
        for i in self.instances:
            if i.effect is not None or i.anchor != anchor or not i.duration.is_limited:
                kept.append(i)
                continue
            if paused and i.condition is not Condition.PETRIFIED:
                kept.append(i)
                continue
            after = attrs.evolve(i, duration=i.duration.after(rounds))
            (ended if after.duration.rounds == 0 else kept).append(after)
        if not ended and kept == list(self.instances):
            return self, ()
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
