"""The encounter engine's working state: changing creatures, Conditions events, detection, AP.

An action's work runs on a private, mutable copy of the :class:`~tabletop_core.d20.Encounter`
(:class:`Work`; the functions of ``_engine_*`` carry out each kind of action on it, and
:mod:`tabletop_core.d20._engine` picks the one for an action); a refused action raises before the copy is frozen,
so nothing is half-applied.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import attrs

from tabletop_core._validate import clip
from tabletop_core.d20._trusted import assemble, replaced
from tabletop_core.d20.combatant import ActiveEffect, Combatant, HeldAP
from tabletop_core.d20.conditions import Condition, ConditionInstance, Conditions
from tabletop_core.d20.detection import Detection, Sighting, detection_of, on_becoming_invisible
from tabletop_core.d20.effect import applying
from tabletop_core.d20.events import (
    APSpent,
    ConditionsChanged,
    DetectionChanged,
    EffectEnded,
    Event,
    TestMade,
)
from tabletop_core.d20.space import Space
from tabletop_core.d20.stakes import Outcome
from tabletop_core.d20.test import (
    Modifier,
    TestKind,
    roll_test,
)
from tabletop_core.d20.turns import Creature
from tabletop_core.errors import InvalidInput, RuleError
from tabletop_core.rng import DiceSource

if TYPE_CHECKING:
    from tabletop_core.d20.encounter import Encounter

__all__ = ["INVISIBLE_HIDDEN", "Work"]


INVISIBLE_HIDDEN = "Invisible"
"""The source of the Hidden gained on becoming Invisible while Observed (it ends with the Invisibility)."""


# -- the engine --------------------------------------------------------------------


class Work:
    """One action's work on a private, mutable copy of the state: what every kind of action uses."""

    def __init__(self, encounter: Encounter, source: DiceSource) -> None:
        self.start = encounter
        self.roster = list(encounter.combatants)
        self.creatures = {c.name: c.creature for c in encounter.combatants}
        self.things = {t.name: t for t in encounter.things}
        self.positions = {c.name: c.position for c in encounter.combatants}
        self.effects = list(encounter.effects)
        self.sightings = {(s.observer, s.subject): s.state for s in encounter.sightings}
        self.start_sightings = dict(self.sightings)
        self.order = encounter.order
        self.totals = encounter.totals
        self.round = encounter.round
        self.turn = encounter.turn
        self.ap = encounter.ap
        self.next_id = encounter.next_id
        self.responses = list(encounter.responses)
        self.held = {h.creature: h.ap for h in encounter.held}
        self.start_held = dict(self.held)
        self.focus_kept = list(encounter.focus_kept)
        self.source = source
        self.events: list[Event] = []

    # -- the state as it stands ------------------------------------------------------

    def snapshot(self) -> Encounter:
        combatants = tuple(
            c
            if c.creature is self.creatures[c.name] and c.position == self.positions[c.name]
            else replaced(c, creature=self.creatures[c.name], position=self.positions[c.name])
            for c in self.roster
        )
        start = self.start
        if self.sightings == self.start_sightings:
            sightings = start.sightings
        else:
            sightings = tuple(
                Sighting(observer=o, subject=s, state=state) for (o, s), state in sorted(self.sightings.items())
            )
        if self.held == self.start_held:
            held = start.held
        else:
            held = tuple(HeldAP(creature=n, ap=self.held[n]) for n in self.creatures if self.held.get(n))
        return assemble(
            type(start),
            combatants=combatants,
            effects=tuple(self.effects),
            sightings=sightings,
            order=self.order,
            totals=self.totals,
            round=self.round,
            turn=self.turn,
            ap=self.ap,
            next_id=self.next_id,
            responses=tuple(self.responses),
            things=tuple(self.things[t.name] for t in start.things),
            blocked=start.blocked,
            metric=start.metric,
            held=held,
            focus_kept=tuple(self.focus_kept),
        )

    def view(self) -> Encounter:
        """The state as it stands, to read (the start itself until something has happened: no copy then)."""
        return self.start if not self.events else self.snapshot()

    def known(self, name: str, what: str = "creature") -> str:
        if name not in self.creatures:
            raise InvalidInput(
                f"{what} {clip(name)} is not in the encounter (there are {clip(', '.join(self.creatures))})"
            )
        return name

    def known_target(self, name: str) -> str:
        """*name* is a creature or an Object of the encounter."""
        if name not in self.creatures and name not in self.things:
            there = ", ".join([*self.creatures, *self.things])
            raise InvalidInput(f"target {clip(name)} is not in the encounter (there are {clip(there)})")
        return name

    @property
    def has_map(self) -> bool:
        return self.start.has_map

    def where(self, name: str) -> Space:
        """The Space of a creature or an Object, on a map."""
        at = self.positions[name] if name in self.positions else self.things[name].position
        assert at is not None  # check_map: on a map everyone has a position
        return at

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
        if Condition.UNFOCUSED in new and Condition.UNFOCUSED not in old:
            self.end_focus(name, f"{name} is Unfocused (your Focus ends)")

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
        for e in ending:
            self.events.append(EffectEnded(id=e.id, name=e.effect.name, target=name, reason=reason))
        if name in self.creatures:  # an Object has no Conditions to bring up to date
            self.after_change(name, self.creatures[name], reason)

    def anchored(self, before: Conditions, after: Conditions) -> Conditions:
        """*after*, its instances gained now with a Duration of their own counted from the current Turn."""
        now = self.current
        if now is None:
            return after
        old = set(before.instances)
        return attrs.evolve(
            after,
            instances=tuple(
                attrs.evolve(i, anchor=now)
                if i not in old and i.effect is None and i.anchor is None and i.duration.is_limited
                else i
                for i in after.instances
            ),
        )

    def end_effect(self, effect_id: str, reason: str) -> None:
        """End the ongoing Effect *effect_id* on every Target."""
        for target in dict.fromkeys(e.target for e in self.effects if e.id == effect_id):
            self.end_effects_on(target, reason, effect_id)

    def end_focus(self, creator: str, reason: str) -> None:
        """*creator*'s Focus ends, and the Effects it sustains with it (on every Target)."""
        for effect_id in dict.fromkeys(e.id for e in self.effects if e.effect.focus and e.effect.creator == creator):
            self.end_effect(effect_id, reason)
        self.focus_kept = [i for i in self.focus_kept if any(e.id == i for e in self.effects)]

    # -- detection ---------------------------------------------------------------------

    def detection(self, observer: str, subject: str) -> Detection:
        return detection_of(self.creatures[subject].conditions, self.sightings.get((observer, subject)))

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
        charmed = [i for i in creature.conditions.instances_of(Condition.CHARMED) if self.caused_by(i) == actor]
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

    def giver(self, instance: ConditionInstance) -> ActiveEffect | None:
        """The ongoing Effect that gives this Condition instance, if one does."""
        return next((e for e in self.effects if e.id == instance.effect and e.target in self.creatures), None)

    def combatant(self, name: str) -> Combatant:
        return next(c for c in self.roster if c.name == name)

    def caused_by(self, instance: ConditionInstance) -> str:
        """Who gave a Condition: the creator of the Effect behind it, else its source (a charmer, a fear)."""
        if instance.effect is not None:
            for e in self.effects:
                if e.id == instance.effect:
                    return e.effect.creator
        return instance.source

    # -- AP ------------------------------------------------------------------------------

    def on_turn(self, what: str) -> str:
        name = self.current
        if name is None:
            raise RuleError(f"{what} is taken on a Turn, and no Rounds are tracked: roll Initiative first")
        return name

    def pool(self, name: str) -> int:
        """The AP *name* can spend now: the Turn's, or those it kept from its last Turn."""
        return self.ap if name == self.current else self.held.get(name, 0)

    def check_spend(self, name: str, ap: int, what: str) -> None:
        """Refuse *name* spending *ap* on *what* (Defeated, Incapacitated, too few AP), changing nothing."""
        creature = self.creatures[name]
        if creature.is_defeated:
            raise RuleError(f"{name} is Defeated: it is out of the fight ({what})")
        if not creature.conditions.can_act:
            raise RuleError(f"{name} is Incapacitated: it can't take Actions or spend AP ({what})")
        have = self.pool(name)
        if ap > have:
            raise RuleError(f"{what} costs {ap} AP; {name} has {have} left")

    def spend(self, name: str, ap: int, what: str) -> None:
        """*name* spends *ap* on *what*: the Turn's AP, or off its Turn the AP it kept."""
        self.check_spend(name, ap, what)
        if name == self.current:
            self.ap -= ap
            left = self.ap
        else:
            left = self.held[name] = self.held.get(name, 0) - ap
        self.events.append(APSpent(creature=name, ap=ap, left=left, action=what))
        self.acts(name, what)

    def check(
        self, name: str, purpose: str, stakes: Any, modifier: int, target: str | None = None, skill: str | None = None
    ) -> Outcome:
        ctx = self.view().test_context(name, kind=TestKind.CHECK, target=target, skill=skill)
        named = Modifier.skill(skill, modifier) if skill is not None else Modifier(value=modifier, source=purpose)
        roll = roll_test(
            stakes=stakes,
            modifier=[named, *ctx.modifiers],
            kind=TestKind.CHECK,
            effects=ctx.effects,
            rng=self.source,
        )
        self.events.append(TestMade(creature=name, purpose=purpose, roll=roll))
        return roll.outcome
