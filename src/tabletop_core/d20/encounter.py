"""An encounter a virtual tabletop or a GM's bot can drive: creatures, Effects, Initiative, Rounds and AP.

:class:`Encounter` is a frozen state. :meth:`Encounter.apply` takes one
:mod:`action <tabletop_core.d20.actions>` and returns an :class:`EncounterStep`:
the new state and the typed :mod:`events <tabletop_core.d20.events>` (each with
its dice). A refused action raises and changes nothing, and with
:class:`~tabletop_core.ScriptedDice` it uses none of the dice. The state and the
step round-trip through JSON, so a bot can save after every step and resume.

What the encounter does for you (the rules text's Core Rules):

* **Initiative** (:class:`~tabletop_core.d20.actions.RollInitiative`): each
  creature makes an Initiative Test (d20 + its Initiative Modifier; Surprised
  gives Misfortune, Fatigue subtracts). Higher totals go first; a tie goes to the
  higher governing Trait, as Core Rule "Contest" breaks ties; still tied, the
  creature listed first goes first (a reading: the Contest rule's "the Target wins"
  has no Target here).
* **Rounds and Turns**: at the start of a Turn, Surprised ends, the Doomed value of
  Staggered at 0 HP is rolled when due and the creature gains its AP (the base is the
  creature's ``base_action_points``, default 3, an assumption; Slowed 2, Hasted +1,
  Incapacitated 0). At the end of a Turn it takes its Persistent Damage and rolls to
  end it. At the end of a Round every Doomed value counts down and every Duration
  runs 1 Round. A Defeated creature's Turn is skipped (a reading: Defeated "takes
  you out of the fight").
* **Action Points**: each Action spends AP from the Turn's ledger; an Action that
  costs more than is left, or any Action while Incapacitated, is refused.
* **Effects** (:class:`~tabletop_core.d20.Effect`): applied with the Stacking rule;
  Willing checked; Dismiss by the creator ends it on every Target and leaves what it
  caused; ongoing Effects on a Defeated creature end; Durations count in Rounds.
* **"Ends when"**: Charmed ends when the charmer harms you; Hidden ends when you do
  anything except Hide or Sneak; Prone ends when you rise; Surprised when your next
  Turn starts; a harmful act by a creature you have not detected Surprises you.
* **Detection per observer**: Observed, Hidden or Undetected for each pair of
  creatures (:mod:`tabletop_core.d20.detection`).

Examples:
    >>> import tabletop_core as tc
    >>> from tabletop_core import d20
    >>> from tabletop_core.d20 import actions
    >>> fight = d20.Encounter.of(
    ...     d20.Combatant(name="Ana", creature=d20.Creature(max_hp=12), initiative=3),
    ...     d20.Combatant(name="Ogre", creature=d20.Creature(max_hp=20), initiative=1),
    ... )
    >>> step = fight.apply(actions.RollInitiative(), rng=tc.ScriptedDice([9, 15]))
    >>> for event in step.events:
    ...     print(event)
    Initiative: Ana 12, Ogre 16 -> order Ogre, Ana
    Round 1 begins
    Ogre's Turn: 3 AP
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

import attrs

from tabletop_core._record import Record, clip
from tabletop_core._validate import check_type, int_field, of_type
from tabletop_core.d20.actions import (
    Action,
    Attack,
    Damage,
    Dismiss,
    Dispatch,
    EndCondition,
    EndTurn,
    Heal,
    Hide,
    PassTime,
    Revive,
    Rise,
    RollInitiative,
    RollToEnd,
    Search,
    SetDetection,
    Sneak,
    TakeAction,
    UseEffect,
    UseMedicsKit,
)
from tabletop_core.d20.conditions import Condition, ConditionInstance, Conditions, Duration, _to_rounds
from tabletop_core.d20.contest import Side
from tabletop_core.d20.detection import Detection, Sighting, on_becoming_invisible, search_result
from tabletop_core.d20.effect import Effect, TargetKind, applying
from tabletop_core.d20.effects import CHECK_KINDS, combine_effects, effects_on_test
from tabletop_core.d20.energy import energy_name
from tabletop_core.d20.events import (
    APSpent,
    ConditionsChanged,
    DamageTaken,
    DetectionChanged,
    EffectApplied,
    EffectEnded,
    Event,
    Healed,
    InitiativeEntry,
    InitiativeRolled,
    RoundEnded,
    RoundStarted,
    TemporaryHPGained,
    TestMade,
    TurnEnded,
    TurnSkipped,
    TurnStarted,
)
from tabletop_core.d20.stakes import Outcome
from tabletop_core.d20.test import (
    MODIFIER_LIMIT,
    AttackKind,
    Modifier,
    RolledTotal,
    TestEffects,
    TestKind,
    Trait,
    _label,
    _merge,
    _tuple_of,
    roll_test,
)
from tabletop_core.d20.turns import Creature
from tabletop_core.errors import InvalidInput, RuleError
from tabletop_core.rng import DiceSource, RngLike, dice_source

__all__ = ["ActiveEffect", "Combatant", "Encounter", "EncounterStep", "Response", "TestContext"]

_BIG = 10**9
MAX_COMBATANTS = 1000
"""The most creatures one encounter holds."""
INVISIBLE_HIDDEN = "Invisible"
"""The source of the Hidden gained on becoming Invisible while Observed (it ends with the Invisibility)."""


def _name(value: object) -> str:
    return _label("name", value)


def _side_name(value: object) -> str:
    if not isinstance(value, str):
        raise TypeError(f"side must be a str, got {type(value).__name__} {value!r}")
    return value.strip()


@attrs.frozen(kw_only=True)
class Combatant(Record):
    """One creature in an encounter.

    Args:
        name: Its unique name in the encounter.
        creature: Its HP, Soul, Conditions and base AP.
        initiative: Its Initiative Modifier (added to the Initiative Test).
        trait: The governing Trait that breaks Initiative ties.
        side: Its side (allies share one); the encounter is over when every creature
            still standing is on one side.
    """

    name: str = attrs.field(converter=_name)
    creature: Creature = attrs.field(validator=of_type(Creature))
    initiative: int = int_field(low=-MODIFIER_LIMIT, high=MODIFIER_LIMIT, default=0)
    trait: int = int_field(low=-MODIFIER_LIMIT, high=MODIFIER_LIMIT, default=0)
    side: str = attrs.field(default="", converter=_side_name)

    def __str__(self) -> str:
        return f"{self.name}: {self.creature}"


def _effect_id(value: object) -> str:
    return _label("id", value)


def _target(value: object) -> str:
    return _label("target", value)


def _left(value: object) -> Duration:
    return check_type("left", value, Duration)


def _ended(value: object) -> tuple[Condition, ...]:
    return _tuple_of("ended", Condition, value)


@attrs.frozen(kw_only=True)
class ActiveEffect(Record):
    """An ongoing Effect on one of its Targets.

    Args:
        id: The Effect's id in the encounter (the same on every Target).
        effect: The Effect.
        target: The Target's name.
        left: Duration left.
        ended: Conditions of the Effect that ended on this Target by their own
            "ends when" (Prone after rising, Charmed after the charmer harms you);
            the rest of the Effect goes on.
    """

    id: str = attrs.field(converter=_effect_id)
    effect: Effect = attrs.field(validator=of_type(Effect))
    target: str = attrs.field(converter=_target)
    left: Duration = attrs.field(converter=_left)
    ended: tuple[Condition, ...] = attrs.field(default=(), converter=_ended)

    def __attrs_post_init__(self) -> None:
        if self.effect.is_instant:
            raise InvalidInput(f"an Instant Effect ends as soon as it resolves: {self.effect.name} can't be ongoing")
        if self.left.rounds == 0:
            raise InvalidInput(f"an ongoing Effect with no Duration left has ended: {self.id}")

    def __str__(self) -> str:
        return f"{self.effect.label} ({self.id}) on {self.target}, {self.left} left"


def _trigger_name(value: object) -> str:
    return _label("trigger", value)


def _creature_name(value: object) -> str:
    return _label("creature", value)


@attrs.frozen(kw_only=True)
class Response(Record):
    """A creature has used its one Action in response to one occurrence of a Trigger this Round.

    Args:
        creature: Who responded.
        trigger: The occurrence it answered.
    """

    creature: str = attrs.field(converter=_creature_name)
    trigger: str = attrs.field(converter=_trigger_name)

    def __str__(self) -> str:
        return f"{self.creature} responded to {self.trigger}"


def _responses(value: object) -> tuple[Response, ...]:
    return _tuple_of("responses", Response, value)


def _combatants(value: object) -> tuple[Combatant, ...]:
    items = _tuple_of("combatants", Combatant, value)
    if not 1 <= len(items) <= MAX_COMBATANTS:
        raise InvalidInput(f"combatants must hold 1 to {MAX_COMBATANTS} creatures, got {len(items)}")
    return items


def _effects(value: object) -> tuple[ActiveEffect, ...]:
    return _tuple_of("effects", ActiveEffect, value)


def _sightings(value: object) -> tuple[Sighting, ...]:
    return _tuple_of("sightings", Sighting, value)


def _order(value: object) -> tuple[str, ...]:
    return tuple(_label(f"order[{i}]", item) for i, item in enumerate(_tuple_of("order", str, value)))


def _modifier_tuple(value: object) -> tuple[Modifier, ...]:
    return _tuple_of("modifiers", Modifier, value)


def _source_tuple(value: object) -> tuple[str, ...]:
    return _tuple_of("sources", str, value)


@attrs.frozen(kw_only=True)
class TestContext(Record):
    """What applies to one Test in the encounter, and why.

    Args:
        effects: Fortune, Misfortune, automatic failure and Fatigue, each with its
            reason (Conditions, detection and Effects).
        modifiers: Modifiers from Effects, each naming its Effect.
        sources: Which Effect gave each Condition that counted (``"Prone on Bo: Shove by Ogre (e2)"``).
    """

    __test__ = False  # not a pytest test class

    effects: TestEffects = attrs.field(factory=TestEffects, validator=of_type(TestEffects))
    modifiers: tuple[Modifier, ...] = attrs.field(default=(), converter=_modifier_tuple)
    sources: tuple[str, ...] = attrs.field(default=(), converter=_source_tuple)

    def __str__(self) -> str:
        parts = [str(self.effects)]
        parts += [str(m) for m in self.modifiers]
        if self.sources:
            parts.append(f"from {', '.join(self.sources)}")
        return "; ".join(parts)


@attrs.frozen(kw_only=True)
class Encounter(Record):
    """A frozen encounter: its creatures, ongoing Effects, detection, Turn order, Round and AP.

    Build one with :meth:`of`, then :meth:`apply` actions. The fields are the saved
    state; read them through the properties and queries.

    Args:
        combatants: The creatures, in the order listed (which breaks final Initiative ties).
        effects: Ongoing Effects, one record per Target.
        sightings: Detection states that differ from what Conditions give.
        order: The Turn order (set by Initiative; empty before).
        round: The Round (0 before Initiative).
        turn: The index in *order* of the creature whose Turn it is.
        ap: AP left in the current Turn.
        next_id: The number of the next ongoing Effect's id (``e1``, ``e2``...).
        responses: The responses to Triggers made this Round (one Action per Trigger).
    """

    _derived: ClassVar[tuple[str, ...]] = ("current", "is_over")

    combatants: tuple[Combatant, ...] = attrs.field(converter=_combatants)
    effects: tuple[ActiveEffect, ...] = attrs.field(default=(), converter=_effects)
    sightings: tuple[Sighting, ...] = attrs.field(default=(), converter=_sightings)
    order: tuple[str, ...] = attrs.field(default=(), converter=_order)
    round: int = int_field(low=0, high=_BIG, default=0)
    turn: int = int_field(low=0, high=MAX_COMBATANTS, default=0)
    ap: int = int_field(low=0, high=_BIG, default=0)
    next_id: int = int_field(low=1, high=_BIG, default=1)
    responses: tuple[Response, ...] = attrs.field(default=(), converter=_responses)

    def __attrs_post_init__(self) -> None:
        names = [c.name for c in self.combatants]
        if len(set(names)) != len(names):
            raise InvalidInput(f"combatants must have distinct names, got {names}")
        known = set(names)
        if self.round == 0 and (self.order or self.turn or self.ap):
            raise InvalidInput("before Initiative (round 0) there is no order, turn or AP")
        if self.round > 0:
            if sorted(self.order) != sorted(names):
                raise InvalidInput(f"order must list every combatant once, got {list(self.order)}")
            if self.turn >= len(self.order):
                raise InvalidInput(f"turn must be an index into order (0..{len(self.order) - 1}), got {self.turn}")
        for e in self.effects:
            if e.target not in known:
                raise InvalidInput(f"effect {e.id} targets {e.target!r}, which is not in the encounter")
        for r in self.responses:
            if r.creature not in known:
                raise InvalidInput(f"a response names {r.creature!r}, which is not in the encounter")
        pairs = set()
        for s in self.sightings:
            if s.observer not in known or s.subject not in known or s.observer == s.subject:
                raise InvalidInput(f"a sighting needs two different creatures of the encounter, got {s}")
            if (s.observer, s.subject) in pairs:
                raise InvalidInput(f"one sighting per pair of creatures, got {s.observer} -> {s.subject} twice")
            pairs.add((s.observer, s.subject))

    @classmethod
    def of(cls, *combatants: Combatant) -> Encounter:
        """A new encounter of these creatures, before Initiative.

        Raises:
            InvalidInput: no creature, or two with the same name.
            TypeError: an argument is not a :class:`Combatant`.
        """
        return cls(combatants=combatants)

    # -- reading -------------------------------------------------------------------

    @property
    def names(self) -> tuple[str, ...]:
        """The creatures' names, in the order listed."""
        return tuple(c.name for c in self.combatants)

    def combatant(self, name: str) -> Combatant:
        """The creature called *name*.

        Raises:
            InvalidInput: no creature of that name.
            TypeError: *name* is not a str.
        """
        check_type("name", name, str)
        for c in self.combatants:
            if c.name == name:
                return c
        raise InvalidInput(f"no creature named {clip(name)} in the encounter (there are {clip(', '.join(self.names))})")

    def creature(self, name: str) -> Creature:
        """The :class:`~tabletop_core.d20.Creature` state of the creature called *name*."""
        return self.combatant(name).creature

    @property
    def current(self) -> str | None:
        """The name of the creature whose Turn it is (``None`` before Initiative)."""
        return self.order[self.turn] if self.round else None

    @property
    def is_over(self) -> bool:
        """Whether every creature still standing (not Defeated) is on one side."""
        sides = {c.side for c in self.combatants if not c.creature.is_defeated}
        return len(sides) <= 1

    def effects_on(self, target: str) -> tuple[ActiveEffect, ...]:
        """The ongoing Effects on *target* (including those Stacking leaves without effect)."""
        self.combatant(target)
        return tuple(e for e in self.effects if e.target == target)

    def applying_on(self, target: str) -> tuple[ActiveEffect, ...]:
        """The ongoing Effects that apply on *target* after Stacking (the same Effect: the strongest)."""
        mine = self.effects_on(target)
        chosen = set(applying((e.effect, e.left, e.id) for e in mine))
        return tuple(e for e in mine if e.id in chosen)

    def detection(self, observer: str, subject: str) -> Detection:
        """How *observer* detects *subject*.

        A recorded :class:`~tabletop_core.d20.Sighting` wins; otherwise an Invisible
        subject is Undetected, a Hidden one Hidden, any other Observed.

        Raises:
            InvalidInput: an unknown name, or the same creature twice.
        """
        self.combatant(observer)
        conditions = self.creature(subject).conditions
        if observer == subject:
            raise InvalidInput(f"a creature does not detect itself: {observer!r}")
        for s in self.sightings:
            if s.observer == observer and s.subject == subject:
                return s.state
        if conditions.has(Condition.INVISIBLE):
            return Detection.UNDETECTED
        if conditions.has(Condition.HIDDEN):
            return Detection.HIDDEN
        return Detection.OBSERVED

    def charmers(self, name: str) -> frozenset[str]:
        """Who has charmed the creature called *name* (the source or Effect creator of its Charmed)."""
        conditions = self.creature(name).conditions
        found = set()
        for i in conditions.instances_of(Condition.CHARMED):
            found.add(self._effect_creator(i) or i.source)
        return frozenset(f for f in found if f)

    def _effect_creator(self, instance: ConditionInstance) -> str | None:
        if instance.effect is None:
            return None
        for e in self.effects:
            if e.id == instance.effect:
                return e.effect.creator
        return None

    def test_context(
        self,
        actor: str,
        *,
        kind: TestKind | str,
        target: str | None = None,
        skill: str | None = None,
        trait: Trait | str | None = None,
        attack: AttackKind | str | None = None,
        needs_sight: bool = False,
        needs_hearing: bool = False,
        sees_fear_source: bool = True,
        social: bool = False,
    ) -> TestContext:
        """What applies to a Test *actor* makes (against *target*), and why.

        Reads both creatures' Conditions as :func:`~tabletop_core.d20.effects_on_test`
        does, with Hidden and Invisible taken per observer (the Target's detection of
        the actor, the actor's of the Target), plus the Modifiers, Fortune and Misfortune
        of the Effects that apply after Stacking; each reason names its Effect.

        Args:
            actor: Who makes the Test.
            kind: The kind of Test.
            target: Whom it is made against, if anyone.
            skill: As for :func:`~tabletop_core.d20.effects_on_test`.
            trait: As for :func:`~tabletop_core.d20.effects_on_test`.
            attack: As for :func:`~tabletop_core.d20.effects_on_test`.
            needs_sight: As for :func:`~tabletop_core.d20.effects_on_test`.
            needs_hearing: As for :func:`~tabletop_core.d20.effects_on_test`.
            sees_fear_source: As for :func:`~tabletop_core.d20.effects_on_test`.
            social: A Check to interact socially with the Target (Fortune if the
                Target is Charmed by the actor).

        Raises:
            InvalidInput: an unknown creature, kind, Trait or attack; *target* the same as *actor*.
            TypeError: a wrong type.

        Examples:
            >>> from tabletop_core import d20
            >>> fight = d20.Encounter.of(
            ...     d20.Combatant(name="Ana", creature=d20.Creature(max_hp=12)),
            ...     d20.Combatant(name="Bo", creature=d20.Creature(max_hp=12)))
            >>> bless = d20.Effect(name="Bless", creator="GM", modifiers=1, duration=d20.Duration.of(minutes=1))
            >>> fight = fight.apply(d20.actions.UseEffect(effect=bless, targets=["Ana"])).encounter
            >>> print(fight.test_context("Ana", kind="attack", target="Bo"))
            no effect on the Test; +1 (Bless by GM (e1))
        """
        kind = TestKind.parse(kind)
        check_type("social", social, bool)
        check_type("actor", actor, str)
        if target is not None:
            check_type("target", target, str)
        mine = self.creature(actor).conditions
        if target is not None and target == actor:
            raise InvalidInput(f"target must be another creature than the actor, got {target!r} twice")
        theirs = self.creature(target).conditions if target is not None else None
        sources: list[str] = []

        def view(conditions: Conditions, hidden: bool) -> Conditions:
            # Hidden counts only against those the creature hides from.
            plain = conditions.remove(Condition.HIDDEN)
            return plain.add(Condition.HIDDEN) if hidden else plain

        actor_observed = target_observed = False
        if target is not None and theirs is not None:
            seen_by_target = self.detection(target, actor)
            seen_by_actor = self.detection(actor, target)
            mine = view(mine, seen_by_target is Detection.HIDDEN)
            theirs = view(theirs, seen_by_actor is Detection.HIDDEN)
            actor_observed = seen_by_target is Detection.OBSERVED
            target_observed = seen_by_actor is Detection.OBSERVED
        mine_effects = effects_on_test(
            mine,
            kind=kind,
            side=Side.ACTOR,
            skill=skill,
            trait=trait,
            attack=attack,
            needs_sight=needs_sight,
            needs_hearing=needs_hearing,
            sees_fear_source=sees_fear_source,
            observed=actor_observed,
        )
        parts = [mine_effects]
        if target is not None and theirs is not None:
            by_charmer = social and kind in CHECK_KINDS and actor in self.charmers(target)
            parts.append(
                effects_on_test(
                    theirs,
                    kind=kind,
                    side=Side.TARGET,
                    skill=skill,
                    trait=trait,
                    attack=attack,
                    observed=target_observed,
                    social_by_charmer=by_charmer,
                )
            )
        modifiers: list[Modifier] = []
        fortune: list[str] = []
        misfortune: list[str] = []
        holders = [(actor, Side.ACTOR)] + ([(target, Side.TARGET)] if target is not None else [])
        for holder, side in holders:
            for e in self.applying_on(holder):
                label = f"{e.effect.label} ({e.id})"
                for i in self.creature(holder).conditions.instances:
                    if i.effect == e.id:
                        sources.append(f"{i.condition} on {holder}: {label}")
                if e.effect.side is not side or not e.effect.covers(kind) or kind is TestKind.FLAT_ROLL:
                    continue
                whose = "" if side is Side.ACTOR else f" on {holder}"
                if e.effect.modifiers:
                    modifiers.append(Modifier(value=e.effect.modifiers, source=f"{label}{whose}"))
                if e.effect.fortune:
                    fortune.append(f"{label}{whose}")
                if e.effect.misfortune:
                    misfortune.append(f"{label}{whose}")
        parts.append(TestEffects(fortune=tuple(fortune), misfortune=tuple(misfortune)))
        combined = attrs.evolve(combine_effects(*parts), fatigue=mine_effects.fatigue)
        return TestContext(effects=combined, modifiers=tuple(modifiers), sources=tuple(sources))

    def choices(self) -> list[Action]:
        """The actions that need no further arguments and are legal now.

        Before Initiative: :class:`~tabletop_core.d20.actions.RollInitiative`. In a Turn:
        :class:`~tabletop_core.d20.actions.EndTurn`, rising from Prone and rolling to end
        Sickened or Restrained when the AP allow, and Dismissing each ongoing Effect.
        Actions that need arguments (using an Effect, Damage, Hide, Search...) are
        always available to build; :meth:`apply` checks them.
        """
        if self.round == 0:
            found: list[Action] = [RollInitiative()]
        else:
            found = [EndTurn()]
            name = self.current
            assert name is not None
            creature = self.creature(name)
            if creature.conditions.can_act:
                if Condition.PRONE in creature.conditions.present and creature.conditions.can_move and self.ap >= 1:
                    found.append(Rise())
                if self.ap >= 1:
                    for condition in (Condition.SICKENED, Condition.RESTRAINED):
                        if creature.conditions.instances_of(condition):
                            found.append(RollToEnd(condition=condition))
        seen = set()
        for e in self.effects:
            if e.id not in seen and e.effect.dismissable:
                seen.add(e.id)
                found.append(Dismiss(effect=e.id, by=e.effect.creator))
        return found

    # -- acting --------------------------------------------------------------------

    def apply(self, action: Action, *, rng: RngLike = None) -> EncounterStep:
        """Carry out one action and return the new state with its events.

        Args:
            action: The action (see :mod:`tabletop_core.d20.actions`).
            rng: Where any dice come from (Initiative, the Doomed d4, Persistent Damage's
                Flat Rolls, Hide/Sneak/Search Checks, rolls to end a Condition).

        Returns:
            The :class:`EncounterStep`.

        Raises:
            RuleError: the rules forbid it now (not your Turn, too few AP, Incapacitated,
                an Unwilling Target, Dismissing someone else's Effect...).
            InvalidInput: an unknown creature or Effect id, or a bad value.
            TypeError: *action* is not an action.
            DiceExhausted: a :class:`~tabletop_core.ScriptedDice` ran out (none of its dice are used).
        """
        check_type("action", action, Action)
        source = dice_source(rng)
        with source.atomic():
            run = _Run(self, source)
            run.do(action)
            return run.step()

    def __str__(self) -> str:
        if self.round == 0:
            head = "before Initiative"
        else:
            head = f"Round {self.round}, {self.current}'s Turn ({self.ap} AP left)"
        lines = [head] + [f"  {c}" for c in self.combatants] + [f"  {e}" for e in self.effects]
        return "\n".join(lines)

    def to_markdown(self) -> str:
        """A Markdown table of the creatures, then the ongoing Effects."""
        head = "before Initiative" if self.round == 0 else f"Round {self.round}, **{self.current}**'s Turn"
        rows = [head, "", "| creature | HP | Conditions |", "|:--|--:|:--|"]
        rows += [
            f"| {c.name} | {c.creature.hp}/{c.creature.max_hp} | {c.creature.conditions} |" for c in self.combatants
        ]
        if self.effects:
            rows += ["", *[f"- {e}" for e in self.effects]]
        return "\n".join(rows)


def _events(value: object) -> tuple[Event, ...]:
    return _tuple_of("events", Event, value)


@attrs.frozen(kw_only=True)
class EncounterStep(Record):
    """One applied action: the encounter after it and what happened, in order.

    Args:
        encounter: The new state.
        events: The typed events, each with ``str()`` and ``to_dict()``.
    """

    encounter: Encounter = attrs.field(validator=of_type(Encounter))
    events: tuple[Event, ...] = attrs.field(default=(), converter=_events)

    def __str__(self) -> str:
        return "\n".join(str(e) for e in self.events) or "nothing happened"


# -- the engine --------------------------------------------------------------------


class _Run:
    """One action's work on a private, mutable copy of the state; :meth:`step` freezes it."""

    def __init__(self, encounter: Encounter, source: DiceSource) -> None:
        self.start = encounter
        self.creatures = {c.name: c.creature for c in encounter.combatants}
        self.effects = list(encounter.effects)
        self.sightings = {(s.observer, s.subject): s.state for s in encounter.sightings}
        self.order = encounter.order
        self.round = encounter.round
        self.turn = encounter.turn
        self.ap = encounter.ap
        self.next_id = encounter.next_id
        self.responses = list(encounter.responses)
        self.source = source
        self.events: list[Event] = []

    # -- the state as it stands ------------------------------------------------------

    def snapshot(self) -> Encounter:
        combatants = tuple(attrs.evolve(c, creature=self.creatures[c.name]) for c in self.start.combatants)
        sightings = tuple(
            Sighting(observer=o, subject=s, state=state) for (o, s), state in sorted(self.sightings.items())
        )
        return Encounter(
            combatants=combatants,
            effects=tuple(self.effects),
            sightings=sightings,
            order=self.order,
            round=self.round,
            turn=self.turn,
            ap=self.ap,
            next_id=self.next_id,
            responses=tuple(self.responses),
        )

    def step(self) -> EncounterStep:
        return EncounterStep(encounter=self.snapshot(), events=tuple(self.events))

    def known(self, name: str, what: str = "creature") -> str:
        if name not in self.creatures:
            raise InvalidInput(
                f"{what} {clip(name)} is not in the encounter (there are {clip(', '.join(self.creatures))})"
            )
        return name

    @property
    def current(self) -> str | None:
        return self.order[self.turn] if self.round else None

    # -- changing a creature, with the Conditions events -------------------------------

    def change(
        self,
        name: str,
        how: Callable[[Creature], Creature],
        reason: str,
        first: Callable[[Creature], Event] | None = None,
    ) -> Creature:
        """Change one creature; *first* makes the event to report before the Conditions it changed."""
        before = self.creatures[name]
        after = how(before)
        self.creatures[name] = after
        if first is not None:
            self.events.append(first(after))
        self.note_ended_by_rule(name, before, after)
        self.after_change(name, before, reason)
        return after

    def note_ended_by_rule(self, name: str, before: Creature, after: Creature) -> None:
        """An Effect's Condition a rule removed (rising, a roll to end it) stays ended for that Effect."""
        had = {(i.effect, i.condition) for i in before.conditions.instances if i.effect}
        has = {(i.effect, i.condition) for i in after.conditions.instances if i.effect}
        gone = had - has
        if not gone:
            return
        for k, e in enumerate(self.effects):
            if e.target != name:
                continue
            lost = tuple(c for (eid, c) in gone if eid == e.id and c not in e.ended)
            if lost:
                self.effects[k] = attrs.evolve(e, ended=tuple(sorted({*e.ended, *lost}, key=lambda c: c.name)))

    def after_change(self, name: str, before: Creature, reason: str) -> None:
        self.sync(name)
        after = self.creatures[name]
        old, new = before.conditions.active, after.conditions.active
        gained = tuple(c for c in Condition if c in new - old)
        ended = tuple(c for c in Condition if c in old - new)
        if gained or ended:
            self.events.append(ConditionsChanged(creature=name, gained=gained, ended=ended, reason=reason))
        if Condition.INVISIBLE in new and Condition.INVISIBLE not in old:
            self.became_invisible(name)
        if Condition.INVISIBLE in old and Condition.INVISIBLE not in new:
            for key in [k for k in self.sightings if k[1] == name]:
                del self.sightings[key]  # back to what Conditions give
            # The Hidden gained "instead" of Undetected on becoming Invisible ends with the Invisibility.
            creature = self.creatures[name]
            if any(i.source == INVISIBLE_HIDDEN for i in creature.conditions.instances_of(Condition.HIDDEN)):
                keep = tuple(
                    i
                    for i in creature.conditions.instances
                    if not (i.condition is Condition.HIDDEN and i.source == INVISIBLE_HIDDEN)
                )
                self.creatures[name] = attrs.evolve(
                    creature, conditions=attrs.evolve(creature.conditions, instances=keep)
                )
                if Condition.HIDDEN in old and not self.creatures[name].conditions.has(Condition.HIDDEN):
                    self.events.append(
                        ConditionsChanged(creature=name, ended=(Condition.HIDDEN,), reason="Invisible ended")
                    )
        if Condition.HIDDEN in old and Condition.HIDDEN not in new:
            self.hidden_ended(name)
        if after.is_defeated and not before.is_defeated:
            self.end_effects_on(name, "Defeated: ongoing Effects on you end")

    def sync(self, name: str) -> None:
        """Rewrite the creature's Conditions imposed by ongoing Effects from the Effects that apply."""
        creature = self.creatures[name]
        mine = [e for e in self.effects if e.target == name]
        chosen = set(applying((e.effect, e.left, e.id) for e in mine))
        kept = tuple(i for i in creature.conditions.instances if i.effect is None)
        imposed = tuple(
            ConditionInstance(condition=c, duration=e.left, source=e.effect.label, effect=e.id)
            for e in mine
            if e.id in chosen
            for c in e.effect.conditions
            if c not in e.ended
        )
        conditions = attrs.evolve(creature.conditions, instances=kept + imposed)
        self.creatures[name] = attrs.evolve(creature, conditions=conditions)

    def end_effects_on(self, name: str, reason: str, only: str | None = None) -> None:
        """End the ongoing Effects on *name* (only the one with id *only*, if given)."""
        ending = [e for e in self.effects if e.target == name and (only is None or e.id == only)]
        if not ending:
            return
        self.effects = [e for e in self.effects if e not in ending]
        before = self.creatures[name]
        for e in ending:
            self.events.append(EffectEnded(id=e.id, name=e.effect.name, target=name, reason=reason))
        self.after_change(name, before, reason)

    # -- detection ---------------------------------------------------------------------

    def detection(self, observer: str, subject: str) -> Detection:
        state = self.sightings.get((observer, subject))
        if state is not None:
            return state
        conditions = self.creatures[subject].conditions
        if conditions.has(Condition.INVISIBLE):
            return Detection.UNDETECTED
        if conditions.has(Condition.HIDDEN):
            return Detection.HIDDEN
        return Detection.OBSERVED

    def see(self, observer: str, subject: str, state: Detection, reason: str, before: Detection | None = None) -> None:
        old = before if before is not None else self.detection(observer, subject)
        self.sightings[(observer, subject)] = state
        if old is not state:
            self.events.append(
                DetectionChanged(observer=observer, subject=subject, before=old, after=state, reason=reason)
            )

    def became_invisible(self, name: str) -> None:
        # Detection just before: what the sightings said, or Observed (Invisible is what just changed).
        was_hidden = Condition.HIDDEN in self.creatures[name].conditions.present
        fallback = Detection.HIDDEN if was_hidden else Detection.OBSERVED
        for observer in self.creatures:
            if observer == name:
                continue
            before = self.sightings.get((observer, name), fallback)
            self.see(observer, name, on_becoming_invisible(before), "became Invisible", before)
        if any(self.sightings.get((o, name)) is Detection.HIDDEN for o in self.creatures if o != name):
            creature = self.creatures[name]
            if Condition.HIDDEN not in creature.conditions.present:
                self.creatures[name] = attrs.evolve(
                    creature, conditions=creature.conditions.add(Condition.HIDDEN, source=INVISIBLE_HIDDEN)
                )

    def hidden_ended(self, name: str) -> None:
        invisible = self.creatures[name].conditions.has(Condition.INVISIBLE)
        for (observer, subject), state in list(self.sightings.items()):
            if subject == name and state is Detection.HIDDEN and not invisible:
                self.see(observer, name, Detection.OBSERVED, "Hidden ended", Detection.HIDDEN)

    def acts(self, name: str, what: str) -> None:
        """*name* does something: Hidden ends unless it is a Hide or Sneak."""
        if what in ("Hide", "Sneak"):
            return
        creature = self.creatures[name]
        if Condition.HIDDEN in creature.conditions.present:
            self.change(
                name,
                lambda c: attrs.evolve(c, conditions=c.conditions.remove(Condition.HIDDEN)),
                f"{what}: Hidden ends",
            )

    def harms(self, actor: str | None, target: str) -> None:
        """*actor* harms *target*: Charmed by it ends; an undetected actor Surprises it."""
        if actor is None or actor not in self.creatures or actor == target:
            return
        creature = self.creatures[target]
        charmed = [i for i in creature.conditions.instances_of(Condition.CHARMED) if self.charmer(i) == actor]
        if charmed:

            def uncharm(c: Creature) -> Creature:
                keep = tuple(i for i in c.conditions.instances if i not in charmed)
                return attrs.evolve(c, conditions=attrs.evolve(c.conditions, instances=keep))

            self.change(target, uncharm, f"its charmer {actor} harms it: Charmed ends")
        self.surprise(actor, target)

    def surprise(self, actor: str, target: str) -> None:
        """*actor* acts against *target*: if *target* has not detected it, *target* is Surprised."""
        if self.detection(target, actor) is Detection.UNDETECTED and not self.creatures[target].is_defeated:
            self.change(
                target,
                lambda c: attrs.evolve(c, conditions=c.conditions.add(Condition.SURPRISED, source=actor)),
                f"{actor}, undetected, acts against it",
            )

    def charmer(self, instance: ConditionInstance) -> str:
        if instance.effect is not None:
            for e in self.effects:
                if e.id == instance.effect:
                    return e.effect.creator
        return instance.source

    # -- AP ------------------------------------------------------------------------------

    def on_turn(self, what: str) -> str:
        name = self.current
        if name is None:
            raise RuleError(f"{what} is taken on a Turn: roll Initiative first")
        return name

    def spend(self, name: str, ap: int, what: str) -> None:
        creature = self.creatures[name]
        if creature.is_defeated:
            raise RuleError(f"{name} is Defeated: it is out of the fight ({what})")
        if not creature.conditions.can_act:
            raise RuleError(f"{name} is Incapacitated: it can't take Actions or spend AP ({what})")
        if ap > self.ap:
            raise RuleError(f"{what} costs {ap} AP; {name} has {self.ap} left")
        self.ap -= ap
        self.events.append(APSpent(creature=name, ap=ap, left=self.ap, action=what))
        self.acts(name, what)

    # -- actions -------------------------------------------------------------------------

    def do(self, action: Action) -> None:
        handler = _HANDLERS.get(type(action))
        if handler is None:  # pragma: no cover - every Action kind has a handler
            raise TypeError(f"unknown action {type(action).__name__}")
        handler(self, action)

    def roll_initiative(self, _action: RollInitiative) -> None:
        if self.round:
            raise RuleError(f"Initiative is already rolled (Round {self.round})")
        enc = self.start
        templates = []
        for c in enc.combatants:
            ctx = enc.test_context(c.name, kind=TestKind.INITIATIVE)
            merged = _merge(False, False, 0, (), ctx.effects)
            needs = bool(merged["fortune"]) != bool(merged["misfortune"])
            modifiers = [Modifier(value=c.initiative, source="Initiative"), *ctx.modifiers]
            template = RolledTotal(
                kind=TestKind.INITIATIVE,
                flat_roll=20,
                modifiers=modifiers,
                fortune_die=1 if needs else None,
                **merged,
            )
            templates.append((c, template))
        entries = [
            InitiativeEntry(creature=c.name, roll=t._roll_dice(self.source), trait=c.trait) for c, t in templates
        ]
        listed = {name: i for i, name in enumerate(enc.names)}
        ranked = sorted(entries, key=lambda e: (-e.roll.total, -e.trait, listed[e.creature]))
        self.order = tuple(e.creature for e in ranked)
        self.events.append(InitiativeRolled(entries=tuple(entries), order=self.order))
        self.round = 1
        self.events.append(RoundStarted(round=1))
        self.turn = 0
        self.begin_turn()

    def begin_turn(self) -> None:
        """Start the Turn at self.turn, skipping Defeated creatures (one lap at most)."""
        for _ in range(len(self.order)):
            name = self.order[self.turn]
            creature = self.creatures[name]
            if not creature.is_defeated:
                before = creature
                start = creature.start_turn(rng=self.source)
                self.creatures[name] = start.creature
                self.after_change(name, before, "Turn starts")
                self.ap = self.creatures[name].action_points
                self.events.append(
                    TurnStarted(creature=name, ap=self.ap, doomed_d4=start.doomed_d4, doomed=start.creature.doomed)
                )
                return
            self.events.append(TurnSkipped(creature=name, reason="Defeated"))
            self.ap = 0
            if self.turn + 1 < len(self.order):
                self.turn += 1
            else:
                self.end_round()
                self.turn = 0
        self.ap = 0  # everyone is Defeated: the Turn stays with no AP

    def end_turn(self, _action: EndTurn) -> None:
        name = self.on_turn("ending a Turn")
        before = self.creatures[name]
        end = before.end_turn(rng=self.source)
        self.creatures[name] = end.creature
        if end.damage:
            after = end.creature
            self.events.append(
                DamageTaken(
                    creature=name, amount=end.damage, hp=after.hp, temp_hp=after.temp_hp, source="Persistent Damage"
                )
            )
        self.events.append(TurnEnded(creature=name, damage=end.damage, energies=end.energies, rolls=end.rolls))
        self.after_change(name, before, "Turn ends")
        self.ap = 0
        if self.turn + 1 < len(self.order):
            self.turn += 1
        else:
            self.end_round()
            self.turn = 0
        self.begin_turn()

    def end_round(self) -> None:
        self.events.append(RoundEnded(round=self.round))
        for name in self.order:
            before = self.creatures[name]
            self.creatures[name] = before.end_round()
            self.count_down(name, 1, before.conditions.effects_paused)
            self.after_change(name, before, "Round ends")
        self.responses = []  # one Action per Trigger: the record of responses lasts the Round
        self.round += 1
        self.events.append(RoundStarted(round=self.round))

    def count_down(self, name: str, rounds: int, paused: bool) -> None:
        """Ongoing Effects on *name* run *rounds*; while it is Petrified (*paused*) they pause (not Petrified's own)."""
        ended = []
        for k, e in enumerate(self.effects):
            if e.target != name or (paused and Condition.PETRIFIED not in e.effect.conditions):
                continue
            left = e.left.after(rounds)
            if left.rounds == 0:
                ended.append(e)
            else:
                self.effects[k] = attrs.evolve(e, left=left)
        if ended:
            self.effects = [e for e in self.effects if e not in ended]
            for e in ended:
                self.events.append(EffectEnded(id=e.id, name=e.effect.name, target=name, reason="its Duration ran out"))

    def take_action(self, action: TakeAction) -> None:
        name = self.on_turn(action.name)
        self.spend(name, action.ap, action.name)

    def use_effect(self, action: UseEffect) -> None:
        effect = action.effect
        targets = action.targets
        self.check_targets(action)
        creator = effect.creator
        if action.responding_to is not None:
            if effect.on_use:
                raise InvalidInput(f"responding_to is for a Triggered Effect; {effect.name} is On Use")
            answered = Response(creature=creator, trigger=action.responding_to)
            if answered in self.responses:
                raise RuleError(f"{creator} has already used an Action in response to {action.responding_to}")
        self.check_willing(effect, targets, action.willing)
        self.check_target_kind(effect, targets)
        if creator in self.creatures:
            self.check_charmer(creator, effect, targets)
            me = self.creatures[creator].conditions
            if self.round and effect.on_use:
                if self.current != creator:
                    raise RuleError(
                        f"{effect.name} is On Use: {creator} uses it on its own Turn (it is {self.current}'s)"
                    )
                self.spend(creator, effect.cost, effect.name)
            elif self.creatures[creator].is_defeated:
                raise RuleError(f"{creator} is Defeated: it is out of the fight")
            elif not me.can_act:
                raise RuleError(f"{creator} is Incapacitated: it can't take Actions")
            else:
                self.acts(creator, effect.name)
        if action.responding_to is not None:
            self.responses.append(Response(creature=creator, trigger=action.responding_to))
        effect_id = ""
        if not effect.is_instant:
            effect_id = f"e{self.next_id}"
            self.next_id += 1
        self.events.append(EffectApplied(id=effect_id, effect=effect, targets=targets))
        for t in targets:
            self.resolve_on(effect, effect_id, t)

    def check_targets(self, action: UseEffect) -> None:
        targets = action.targets
        if not targets:
            raise InvalidInput("targets must name at least one creature")
        if len(set(targets)) != len(targets):
            raise InvalidInput(f"targets must name each creature once, got {list(targets)}")
        for t in (*targets, *action.willing):
            self.known(t, "target")
        extra = set(action.willing) - set(targets)
        if extra:
            raise InvalidInput(f"willing must name Targets of the Effect, got {sorted(extra)}")

    def check_willing(self, effect: Effect, targets: tuple[str, ...], willing: tuple[str, ...]) -> None:
        """Core Rule "Willing", and no Healing for a Defeated creature."""
        for t in targets:
            if effect.needs_willing and not self.creatures[t].conditions.can_be_willing:
                raise RuleError(
                    f"{effect.name} needs a Willing Target: {t} is Unconscious or Defeated and can't be Willing"
                )
            if effect.needs_willing and t not in willing:
                raise RuleError(f"{effect.name} needs a Willing Target: {t} is Unwilling")
            if effect.healing and self.creatures[t].is_defeated:
                raise RuleError(f"{t} is Defeated: it can't receive Healing")

    def check_charmer(self, creator: str, effect: Effect, targets: tuple[str, ...]) -> None:
        """Charmed: you can't Target your charmer with harmful Effects."""
        if not effect.is_harmful:
            return
        charmed_by = {self.charmer(i) for i in self.creatures[creator].conditions.instances_of(Condition.CHARMED)}
        for t in targets:
            if t in charmed_by:
                raise RuleError(f"{creator} is Charmed by {t}: it can't Target its charmer with harmful Effects")

    def check_target_kind(self, effect: Effect, targets: tuple[str, ...]) -> None:
        """Core Rules "Creature" and "Object": a Defeated or Petrified creature is an Object, except for restoration."""
        for t in targets:
            is_object = self.creatures[t].conditions.is_object
            if effect.target_kind is TargetKind.CREATURE and is_object and not effect.healing:
                raise RuleError(f"{effect.name} targets Creatures: {t} is Defeated or Petrified, treated as an Object")
            if effect.target_kind is TargetKind.OBJECT and not is_object:
                raise RuleError(f"{effect.name} targets Objects: {t} is a Creature")

    def resolve_on(self, effect: Effect, effect_id: str, target: str) -> None:
        label = effect.label
        creator = effect.creator if effect.creator in self.creatures else None
        if effect.is_harmful:
            self.harms(creator, target)
        if effect.damage:
            self.damage(target, effect.damage, effect.energy, label)
        if effect.healing:
            self.heal(target, effect.healing, label)
        if effect.temporary_hp:
            self.change(
                target,
                lambda c: c.gain_temporary_hp(effect.temporary_hp),
                label,
                lambda after: TemporaryHPGained(creature=target, amount=effect.temporary_hp, temp_hp=after.temp_hp),
            )
        caused = self.creatures[target].conditions
        if effect.persistent_damage:
            caused = caused.add(
                Condition.PERSISTENT_DAMAGE,
                value=effect.persistent_damage,
                energy=effect.persistent_energy,
                source=label,
            )
        if effect.fatigue:
            caused = caused.add(Condition.FATIGUE, value=effect.fatigue, source=label)
        if effect.doomed:
            caused = caused.add(Condition.DOOMED, value=effect.doomed, source=label)
        if effect.is_instant:
            for c in effect.conditions:
                caused = caused.add(c, source=label)  # what an Instant Effect causes stays
        if caused is not self.creatures[target].conditions:
            final = caused
            self.change(target, lambda c: attrs.evolve(c, conditions=final), label)
        if not effect.is_instant and not self.creatures[target].is_defeated:
            assert effect.duration is not None
            self.effects.append(ActiveEffect(id=effect_id, effect=effect, target=target, left=effect.duration))
            before = self.creatures[target]
            self.after_change(target, before, label)

    def damage(self, target: str, amount: int, energy: str | None, source: str) -> None:
        def report(after: Creature) -> Event:
            return DamageTaken(
                creature=target, amount=amount, hp=after.hp, temp_hp=after.temp_hp, energy=energy, source=source
            )

        self.change(target, lambda c: c.take_damage(amount), source or "Damage", report)

    def heal(self, target: str, amount: int, source: str) -> None:
        def report(after: Creature) -> Event:
            return Healed(creature=target, amount=amount, hp=after.hp, source=source)

        self.change(target, lambda c: c.heal(amount), source or "Healing", report)

    def do_damage(self, action: Damage) -> None:
        target = self.known(action.target, "target")
        energy = None if action.energy is None else energy_name(action.energy)
        if action.by is not None:
            self.known(action.by, "by")
        self.harms(action.by, target)
        self.damage(target, action.amount, energy, action.source)

    def do_heal(self, action: Heal) -> None:
        target = self.known(action.target, "target")
        if self.creatures[target].is_defeated:
            raise RuleError(f"{target} is Defeated: it can't receive Healing")
        self.heal(target, action.amount, action.source)

    def dismiss(self, action: Dismiss) -> None:
        mine = [e for e in self.effects if e.id == action.effect]
        if not mine:
            ids = sorted({e.id for e in self.effects})
            raise InvalidInput(f"no ongoing Effect {clip(action.effect)} (ongoing: {clip(', '.join(ids) or 'none')})")
        effect = mine[0].effect
        if action.by != effect.creator:
            raise RuleError(f"only {effect.creator}, its creator, can Dismiss {effect.name} ({action.effect})")
        if not effect.dismissable:
            raise RuleError(f"{effect.name} says it can't be Dismissed")
        for e in mine:
            self.end_effects_on(e.target, f"Dismissed by {action.by}", action.effect)

    def rise(self, action: Rise) -> None:
        name = self.on_turn("Rising")
        creature = self.creatures[name]
        if Condition.PRONE not in creature.conditions.present:
            raise RuleError(f"{name} is not Prone")
        if not creature.conditions.can_move:
            raise RuleError(f"{name} is Immobilized: it can't use the Move Action to rise")
        self.spend(name, action.ap, "Move: rise")
        self.change(
            name, lambda c: attrs.evolve(c, conditions=c.conditions.remove(Condition.PRONE)), "rises: Prone ends"
        )

    def roll_to_end(self, action: RollToEnd) -> None:
        name = self.on_turn("A roll to end a Condition")
        creature = self.creatures[name]
        creature.end_roll_kind(action.condition)  # refuses before any AP or die is spent
        self.spend(name, 1, f"roll to end {action.condition}")
        attempt = self.creatures[name].roll_to_end(action.condition, modifier=action.modifier, rng=self.source)
        self.events.append(TestMade(creature=name, purpose=f"end {action.condition}", roll=attempt.roll))
        self.change(name, lambda _c: attempt.creature, f"roll to end {action.condition}")

    def check(self, name: str, purpose: str, stakes: Any, modifier: int, target: str | None = None) -> Outcome:
        ctx = self.snapshot().test_context(name, kind=TestKind.CHECK, target=target)
        roll = roll_test(
            stakes=stakes,
            modifier=[Modifier(value=modifier, source=purpose), *ctx.modifiers],
            kind=TestKind.CHECK,
            effects=ctx.effects,
            rng=self.source,
        )
        self.events.append(TestMade(creature=name, purpose=purpose, roll=roll))
        return roll.outcome

    def hide(self, action: Hide) -> None:
        name = self.on_turn("Hide")
        observers = action.observers
        if not observers:
            raise InvalidInput("observers must name at least one creature")
        for o in observers:
            self.known(o, "observer")
            if o == name:
                raise InvalidInput(f"{name} can't hide from itself")
        self.spend(name, action.ap, "Hide")
        if self.check(name, "Hide", action.stakes, action.modifier) is Outcome.SUCCESS:
            for o in observers:
                self.see(o, name, Detection.HIDDEN, "Hide succeeded")
            for o in self.creatures:
                if o != name and o not in observers and (o, name) not in self.sightings:
                    self.sightings[(o, name)] = Detection.OBSERVED  # still seen by the others
            self.change(
                name, lambda c: attrs.evolve(c, conditions=c.conditions.add(Condition.HIDDEN)), "Hide succeeded"
            )

    def sneak(self, action: Sneak) -> None:
        name = self.on_turn("Sneak")
        if Condition.HIDDEN not in self.creatures[name].conditions.present:
            raise RuleError(f"{name} can Sneak only while Hidden")
        self.spend(name, action.ap, "Sneak")
        if self.check(name, "Sneak", action.stakes, action.modifier) is Outcome.SUCCESS:
            for o in self.creatures:
                if o != name and self.detection(o, name) is Detection.HIDDEN:
                    self.see(o, name, Detection.UNDETECTED, "Sneak succeeded")

    def search(self, action: Search) -> None:
        name = self.on_turn("Search")
        subject = self.known(action.subject, "subject")
        if subject == name:
            raise InvalidInput(f"{name} can't Search for itself")
        self.spend(name, action.ap, "Search")
        before = self.detection(name, subject)
        outcome = self.check(name, f"Search for {subject}", action.stakes, action.modifier)
        after = search_result(outcome, perceives=action.perceives, before=before)
        if after is not before:
            self.see(name, subject, after, f"Search: {outcome}", before)

    def attack(self, action: Attack) -> None:
        name = self.on_turn("An Attack")
        effect = action.effect
        target = self.known(action.target, "target")
        if effect.creator != name:
            raise RuleError(f"{name} attacks with its own Effects: {effect.name} was created by {effect.creator}")
        if target == name:
            raise InvalidInput(f"{name} can't attack itself")
        if effect.needs_willing:
            raise RuleError(f"{effect.name} needs a Willing Target: it can't be an Attack's Effect")
        self.check_charmer(name, attrs.evolve(effect, harmful=True), (target,))  # an Attack harms
        if effect.healing and self.creatures[target].is_defeated:
            raise RuleError(f"{target} is Defeated: it can't receive Healing")
        self.check_target_kind(effect, (target,))
        # The Attack is made as things stand (Hidden still counts), then acting ends Hidden.
        ctx = self.snapshot().test_context(name, kind=TestKind.ATTACK, target=target, attack=action.attack)
        self.spend(name, effect.cost, f"Attack: {effect.name}")
        self.surprise(name, target)
        roll = roll_test(
            stakes=action.stakes,
            modifier=[Modifier(value=action.modifier, source=f"Attack: {action.attack}"), *ctx.modifiers],
            kind=TestKind.ATTACK,
            effects=ctx.effects,
            rng=self.source,
        )
        self.events.append(TestMade(creature=name, purpose=f"Attack {target} with {effect.name}", roll=roll))
        hit = roll.outcome is Outcome.SUCCESS or (roll.outcome is Outcome.SETBACK and action.hit_on_setback)
        if not hit:
            return
        effect_id = ""
        if not effect.is_instant:
            effect_id = f"e{self.next_id}"
            self.next_id += 1
        self.events.append(EffectApplied(id=effect_id, effect=effect, targets=(target,)))
        self.resolve_on(effect, effect_id, target)

    def use_medics_kit(self, action: UseMedicsKit) -> None:
        name = self.on_turn("Using a Medic's Kit")
        target = self.known(action.target, "target")
        self.creatures[target].stabilize(hours=1)  # the rule first: a refused call spends no AP or die
        self.spend(name, action.ap, f"Medic's Kit on {target}")
        hours = self.source.roll(4)
        self.change(target, lambda c: c.stabilize(hours=hours), f"{name}'s Medic's Kit: Stable, wakes in {hours} hours")

    def dispatch(self, action: Dispatch) -> None:
        name = self.on_turn("A Dispatch")
        target = self.known(action.target, "target")
        if target == name:
            raise InvalidInput(f"{name} can't Dispatch itself")
        self.creatures[target].dispatch()  # Helpless at 0 HP, or RuleError before any AP is spent
        self.spend(name, action.ap, f"Dispatch {target}")
        self.surprise(name, target)
        self.change(target, lambda c: c.dispatch(), f"{name}'s Dispatch succeeds")

    def revive(self, action: Revive) -> None:
        target = self.known(action.target, "target")
        self.change(target, lambda c: c.revive(action.hp), f"revived with {action.hp} HP")

    def set_detection(self, action: SetDetection) -> None:
        observer = self.known(action.observer, "observer")
        subject = self.known(action.subject, "subject")
        if observer == subject:
            raise InvalidInput(f"a creature does not detect itself: {observer!r}")
        self.see(observer, subject, action.state, "the GM says so")

    def end_condition(self, action: EndCondition) -> None:
        target = self.known(action.target, "target")
        if action.condition not in self.creatures[target].conditions.present:
            raise RuleError(f"{target} does not have {action.condition} (an implied Condition ends with what gives it)")
        self.change(
            target,
            lambda c: attrs.evolve(c, conditions=c.conditions.remove(action.condition)),
            f"the GM ends {action.condition}",
        )

    def pass_time(self, action: PassTime) -> None:
        if self.round:
            raise RuleError("while the GM tracks Rounds, time passes by ending Turns and Rounds")
        rounds = _to_rounds(rounds=action.rounds, minutes=action.minutes, hours=action.hours)
        for name in list(self.creatures):
            before = self.creatures[name]
            self.creatures[name] = before.pass_time(rounds=rounds)
            self.count_down(name, rounds, before.conditions.effects_paused)
            self.after_change(name, before, f"{rounds} Rounds pass")


_HANDLERS: dict[type[Action], Callable[[_Run, Any], None]] = {
    RollInitiative: _Run.roll_initiative,
    EndTurn: _Run.end_turn,
    TakeAction: _Run.take_action,
    UseEffect: _Run.use_effect,
    Dismiss: _Run.dismiss,
    Damage: _Run.do_damage,
    Heal: _Run.do_heal,
    Rise: _Run.rise,
    RollToEnd: _Run.roll_to_end,
    Hide: _Run.hide,
    Sneak: _Run.sneak,
    Search: _Run.search,
    EndCondition: _Run.end_condition,
    PassTime: _Run.pass_time,
    Attack: _Run.attack,
    SetDetection: _Run.set_detection,
    UseMedicsKit: _Run.use_medics_kit,
    Dispatch: _Run.dispatch,
    Revive: _Run.revive,
}
