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
  end it, and its Focus ends unless it kept it up. At the end of a Round every Doomed
  value counts down. A Defeated creature's Turn is skipped (a reading: Defeated "takes
  you out of the fight").
* **Durations** count from the Turn an Effect was applied in: an N-Round Effect ends at
  the start of that Turn N Rounds later; one applied outside a Turn counts at each
  Round's end (see ``docs/d20-encounters.md``, "Durations").
* **Action Points**: each Action spends AP from the Turn's ledger; an Action that
  costs more than is left, or any Action while Incapacitated, is refused. AP left when
  a Turn ends stay with the creature for Triggered Effects until its next Turn starts.
* **The GM's table**: creatures join and leave, Round tracking ends, time passes in
  minutes, hours and days (:mod:`tabletop_core.d20.gm_actions`).
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

import functools
from typing import TYPE_CHECKING, ClassVar, TypeVar

import attrs

from tabletop_core._frozen import frozen
from tabletop_core._record import Record
from tabletop_core._validate import check_int, check_type, clip, int_field, of_type
from tabletop_core.d20._checks import checked_label, iterable_of
from tabletop_core.d20._engine import run
from tabletop_core.d20.actions import (
    Action,
)
from tabletop_core.d20.choices import legal_actions
from tabletop_core.d20.combatant import (
    MAX_COMBATANTS,
    ActiveEffect,
    Combatant,
    HeldAP,
    Response,
    Thing,
    _held,
    _responses,
    check_map,
    find_named,
)
from tabletop_core.d20.conditions import Condition, ConditionInstance
from tabletop_core.d20.context import TestContext, context_for
from tabletop_core.d20.detection import Detection, Sighting, detection_of
from tabletop_core.d20.effect import applying
from tabletop_core.d20.events import (
    Event,
)
from tabletop_core.d20.space import Metric, Space
from tabletop_core.d20.test import (
    Modifier,
)
from tabletop_core.d20.turns import Creature
from tabletop_core.errors import InvalidInput, RuleError
from tabletop_core.rng import dice_source

if TYPE_CHECKING:
    from tabletop_core.rng import RngLike  # read by the type checker only: at run time the alias imports numpy

__all__ = ["ActiveEffect", "Combatant", "Encounter", "EncounterStep", "Response", "TestContext", "Thing"]

_BIG = 10**9


def _combatants(value: object) -> tuple[Combatant, ...]:
    items = iterable_of("combatants", Combatant, value)
    if not 1 <= len(items) <= MAX_COMBATANTS:
        raise InvalidInput(f"combatants must hold 1 to {MAX_COMBATANTS} creatures, got {len(items)}")
    return items


def _effects(value: object) -> tuple[ActiveEffect, ...]:
    return iterable_of("effects", ActiveEffect, value)


def _sightings(value: object) -> tuple[Sighting, ...]:
    return iterable_of("sightings", Sighting, value)


def _order(value: object) -> tuple[str, ...]:
    return tuple(checked_label(f"order[{i}]", item) for i, item in enumerate(iterable_of("order", str, value)))


def _things(value: object) -> tuple[Thing, ...]:
    return iterable_of("things", Thing, value)


N = TypeVar("N", Combatant, Thing)


def _named(items: tuple[N, ...], name: str, what: str) -> N:
    """The creature or Object called *name*, or a clear error listing those there are."""
    return find_named(
        items, name, lambda there: f"no {what} named {clip(name)} in the encounter (there are {clip(there)})"
    )


def _metric(value: object) -> Metric:
    return Metric.parse(value)


def _blocked(value: object) -> tuple[Space, ...]:
    return tuple(sorted(set(iterable_of("blocked", Space, value)), key=lambda s: (s.x, s.y, s.z)))


def _modifier_tuple(value: object) -> tuple[Modifier, ...]:
    return iterable_of("modifiers", Modifier, value)


def _source_tuple(value: object) -> tuple[str, ...]:
    return iterable_of("sources", str, value)


def _totals(value: object) -> tuple[int, ...]:
    return tuple(
        check_int(f"totals[{i}]", item, low=-_BIG * 10, high=_BIG * 10)
        for i, item in enumerate(iterable_of("totals", int, value))
    )


def _focus_kept(value: object) -> tuple[str, ...]:
    return tuple(
        checked_label(f"focus_kept[{i}]", item) for i, item in enumerate(iterable_of("focus_kept", str, value))
    )


def _check_turn_ledger(encounter: Encounter, known: set[str]) -> None:
    """The AP others hold and the Focus kept this Turn exist only while Rounds are tracked."""
    if not encounter.round and (encounter.held or encounter.focus_kept):
        raise InvalidInput("before Initiative (round 0) nobody holds AP and no Focus is kept up")
    holders = [h.creature for h in encounter.held]
    if len(set(holders)) != len(holders):
        raise InvalidInput(f"held lists each creature once, got {holders}")
    for h in encounter.held:
        if h.creature not in known:
            raise InvalidInput(f"held names {h.creature!r}, which is not in the encounter")
        if h.creature == encounter.current:
            raise InvalidInput(f"{h.creature} is taking its Turn: its AP are the encounter's ap, not held")


def _check_anchors(
    round_: int, known: set[str], effects: tuple[ActiveEffect, ...], combatants: tuple[Combatant, ...]
) -> None:
    """Durations count from a creature's Turn only while Rounds are tracked, and from one of the encounter."""
    anchors = [(f"effect {e.id} on {e.target}", e.anchor) for e in effects]
    anchors += [(f"{i.condition} on {c.name}", i.anchor) for c in combatants for i in c.creature.conditions.instances]
    for what, anchor in anchors:
        if anchor is None:
            continue
        if not round_:
            raise InvalidInput(f"{what} counts its Duration from {anchor!r}'s Turn, but no Rounds are tracked")
        if anchor not in known:
            raise InvalidInput(f"{what} counts its Duration from {anchor!r}'s Turn, who is not in the encounter")


@frozen(kw_only=True)
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
        totals: The Initiative total of each place in *order* (where a newcomer joins).
        held: The AP other creatures kept from their last Turn (for Triggered Effects).
        focus_kept: The Focus Effects the current creature has kept up this Turn.
        next_id: The number of the next ongoing Effect's id (``e1``, ``e2``...).
        responses: The responses to Triggers made this Round (one Action per Trigger).
        things: The Objects in the encounter (:class:`~tabletop_core.d20.Thing`), Targets of Effects.
        blocked: Spaces of terrain: nothing moves into them and they obstruct Effect Lines.
        metric: How distances are counted in Spaces (see :class:`~tabletop_core.d20.space.Metric`).

    The encounter has a map when its creatures have positions: then every creature and
    Object has one, and Reach is checked (see :mod:`tabletop_core.d20.space`).
    """

    # saves from before the map lack them
    _optional_keys: ClassVar[tuple[str, ...]] = ("things", "blocked", "metric", "held", "focus_kept", "totals")

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
    things: tuple[Thing, ...] = attrs.field(default=(), converter=_things)
    blocked: tuple[Space, ...] = attrs.field(default=(), converter=_blocked)
    metric: Metric = attrs.field(default=Metric.CHEBYSHEV, converter=_metric)
    held: tuple[HeldAP, ...] = attrs.field(default=(), converter=_held)
    focus_kept: tuple[str, ...] = attrs.field(default=(), converter=_focus_kept)
    totals: tuple[int, ...] = attrs.field(default=(), converter=_totals)

    def __attrs_post_init__(self) -> None:
        names = [c.name for c in self.combatants]
        if len(set(names)) != len(names):
            raise InvalidInput(f"combatants must have distinct names, got {names}")
        check_map(self.combatants, self.things, self.blocked)
        known = set(names)
        if self.round == 0 and (self.order or self.turn or self.ap):
            raise InvalidInput("before Initiative (round 0) there is no order, turn or AP")
        if self.round > 0:
            if sorted(self.order) != sorted(names):
                raise InvalidInput(f"order must list every combatant once, got {list(self.order)}")
            if self.turn >= len(self.order):
                raise InvalidInput(f"turn must be an index into order (0..{len(self.order) - 1}), got {self.turn}")
        if self.totals and len(self.totals) != len(self.order):
            raise InvalidInput(f"totals holds one Initiative total per place in order, got {len(self.totals)}")
        for e in self.effects:
            if e.target not in known and not any(t.name == e.target for t in self.things):
                raise InvalidInput(f"effect {e.id} targets {e.target!r}, which is not in the encounter")
        _check_anchors(self.round, known, self.effects, self.combatants)
        for r in self.responses:
            if r.creature not in known:
                raise InvalidInput(f"a response names {r.creature!r}, which is not in the encounter")
        _check_turn_ledger(self, known)
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

    @functools.cached_property
    def names(self) -> tuple[str, ...]:
        """The creatures' names, in the order listed."""
        return tuple(c.name for c in self.combatants)

    def combatant(self, name: str) -> Combatant:
        """The creature called *name*.

        Raises:
            InvalidInput: no creature of that name.
            TypeError: *name* is not a str.
        """
        found = self._by_name.get(name) if isinstance(name, str) else None
        return found if found is not None else _named(self.combatants, name, "creature")

    @functools.cached_property
    def _by_name(self) -> dict[str, Combatant]:
        # The state is frozen: its creatures by name, looked up once.
        return {c.name: c for c in self.combatants}

    def creature(self, name: str) -> Creature:
        """The :class:`~tabletop_core.d20.Creature` state of the creature called *name*."""
        return self.combatant(name).creature

    def thing(self, name: str) -> Thing:
        """The Object called *name*.

        Raises:
            InvalidInput: no Object of that name.
            TypeError: *name* is not a str.
        """
        return _named(self.things, name, "Object")

    @property
    def has_map(self) -> bool:
        """Whether the creatures have positions (then Reach is checked)."""
        return self.combatants[0].position is not None

    def distance(self, a: str, b: str) -> int:
        """How many Spaces lie between two creatures or Objects (by the encounter's metric).

        Raises:
            RuleError: the encounter has no map.
            InvalidInput: an unknown name.
        """
        return self.position(a).distance(self.position(b), metric=self.metric)

    def position(self, name: str) -> Space:
        """The Space of the creature or Object called *name*.

        Raises:
            RuleError: the encounter has no map.
            InvalidInput: an unknown name.
        """
        check_type("name", name, str)
        found = [c.position for c in self.combatants if c.name == name] or [self.thing(name).position]
        if found[0] is None:
            raise RuleError("the encounter has no map: give every creature and Object a position")
        return found[0]

    @property
    def current(self) -> str | None:
        """The name of the creature whose Turn it is (``None`` before Initiative)."""
        return self.order[self.turn] if self.round else None

    def held_ap(self, name: str) -> int:
        """The AP *name* can spend now: the Turn's for the creature whose Turn it is, else what it kept.

        The AP a creature has left when its Turn ends stay with it, for Triggered Effects,
        until its next Turn starts (a reading: the text says only what a Turn gains).

        Raises:
            InvalidInput: no creature of that name.
        """
        self.combatant(name)
        if name == self.current:
            return self.ap
        return next((h.ap for h in self.held if h.creature == name), 0)

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
        recorded = next((s.state for s in self.sightings if s.observer == observer and s.subject == subject), None)
        return detection_of(conditions, recorded)

    def charmers(self, name: str) -> frozenset[str]:
        """Who has charmed the creature called *name* (the source or Effect creator of its Charmed)."""
        conditions = self.creature(name).conditions
        found = set()
        for i in conditions.instances_of(Condition.CHARMED):
            found.add(self._effect_creator(i) or i.source)
        return frozenset(f for f in found if f)

    def fear_sources(self, name: str) -> frozenset[str]:
        """Who Frightened the creature called *name*: each Effect's creator, or the instance's source."""
        conditions = self.creature(name).conditions
        return frozenset(
            self._effect_creator(i) or i.source or "" for i in conditions.instances_of(Condition.FRIGHTENED)
        )

    def sees(self, observer: str, subject: str) -> bool:
        """Whether *observer* can see *subject*: it has Observed it, and it is not Blinded or Petrified.

        Raises:
            InvalidInput: an unknown name, or the same creature twice.
        """
        if self.detection(observer, subject) is not Detection.OBSERVED:
            return False
        return not self.creature(observer).conditions.active & {Condition.BLINDED, Condition.PETRIFIED}

    def sees_fear_source(self, name: str) -> bool:
        """Core Rule "Frightened": whether *name* can see a source of its fear.

        A source that is a creature of the encounter is seen when *name* :meth:`sees` it
        (Observed, not Blinded); a source outside it (the GM's fear, a roar's echo) is taken
        as seen (a reading: the text gives nothing to decide it). Not Frightened: ``False``.
        """
        others = set(self.names) - {name}
        for source in self.fear_sources(name):
            if source not in others:
                if source != name and not self.creature(name).conditions.active & {Condition.BLINDED}:
                    return True
            elif self.sees(name, source):
                return True
        return False

    def _effect_creator(self, instance: ConditionInstance) -> str | None:
        if instance.effect is None:
            return None
        for e in self.effects:
            if e.id == instance.effect:
                return e.effect.creator
        return None

    test_context = context_for  # the query lives with TestContext (d20.context); here it is a method

    def choices(self) -> list[Action]:
        """Every action legal now, each with its legal Targets (see :mod:`tabletop_core.d20.choices`).

        Before Initiative: :class:`~tabletop_core.d20.actions.RollInitiative` and the creatures'
        Effects. In a Turn: :class:`~tabletop_core.d20.actions.EndTurn`, and for the creature whose
        Turn it is each Attack it holds against each creature in Reach, each of its Effects on
        each Target, rising, rolls to end Sickened or Restrained, escaping a Grapple, keeping up
        its Focus, Dispatch, a Medic's Kit, Hide, Sneak, Search and (on a map, with a ``speed``)
        each Move; then Dismissing each ongoing Effect and the other creatures' Triggered
        Effects. Each listed action applies without being refused.
        """
        return legal_actions(self)

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
            encounter, events = run(self, action, source)
            return EncounterStep(encounter=encounter, events=events)

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
    return iterable_of("events", Event, value)


@frozen(kw_only=True)
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
