"""The encounter engine's other Actions: rising, rolls to end a Condition, Hide, Sneak, Search, and the GM's rulings."""

from __future__ import annotations

import attrs

from tabletop_core.d20._engine_base import _Base
from tabletop_core.d20.actions import (
    Dispatch,
    EndCondition,
    EscapeGrapple,
    Hide,
    KeepFocus,
    Move,
    Place,
    Revive,
    Rise,
    RollToEnd,
    Search,
    SetDetection,
    Sneak,
    TakeAction,
    UseMedicsKit,
)
from tabletop_core.d20.conditions import Condition
from tabletop_core.d20.detection import Detection, search_result
from tabletop_core.d20.events import Moved, TestMade
from tabletop_core.d20.space import Space
from tabletop_core.d20.stakes import Outcome, Stakes
from tabletop_core.d20.turn_rules import END_ROLL_AP
from tabletop_core.d20.turns import Creature
from tabletop_core.errors import InvalidInput, RuleError


class _Actions(_Base):
    """The Actions that are not an Effect: each checks the rules before it spends AP or dice."""

    def take_action(self, action: TakeAction) -> None:
        name = self.on_turn(action.name)
        self.spend(name, action.ap, action.name)

    def keep_focus(self, action: KeepFocus) -> None:
        name = self.on_turn("Keeping up Focus")
        mine = {e.id: e.effect for e in self.effects if e.effect.focus and e.effect.creator == name}
        if action.effect is not None:
            if action.effect not in mine:
                raise InvalidInput(f"{action.effect} is not an Effect {name} sustains by Focus")
            mine = {action.effect: mine[action.effect]}
        if not mine:
            raise RuleError(f"{name} has no Focus to keep up")
        effect_id, effect = next(iter(mine.items()))
        if effect_id in self.focus_kept:
            raise RuleError(f"{name} has already kept up its Focus on {effect.name} ({effect_id}) this Turn")
        self.spend(name, effect.focus_cost, f"keep up Focus on {effect.name} ({effect_id})")
        self.focus_kept.append(effect_id)

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
        givers = [self.giver(i) for i in creature.conditions.instances_of(action.condition)]
        if any(g is not None and g.effect.grapple for g in givers):
            raise RuleError(f"{name} is Restrained by a Grapple: it escapes it instead (EscapeGrapple)")
        if givers and all(g is not None and not g.effect.end_roll for g in givers):
            raise RuleError(f"the Effect that made {name} {action.condition} says no roll ends it")
        self.spend(name, 1, f"roll to end {action.condition}")
        attempt = self.creatures[name].roll_to_end(action.condition, modifier=action.modifier, rng=self.source)
        self.events.append(TestMade(creature=name, purpose=f"end {action.condition}", roll=attempt.roll))
        self.change(name, lambda _c: attempt.creature, f"roll to end {action.condition}")

    def escape_grapple(self, action: EscapeGrapple) -> None:
        name = self.on_turn("Escaping a Grapple")
        holds = [
            e for e in self.effects if e.target == name and e.effect.grapple and Condition.RESTRAINED not in e.ended
        ]
        if action.grapple is not None:
            holds = [e for e in holds if e.id == action.grapple]
            if not holds:
                raise InvalidInput(f"{action.grapple} is not a Grapple that holds {name} Restrained")
        if not holds:
            raise RuleError(f"{name} is not Restrained by a Grapple")
        if len(holds) > 1:
            ids = ", ".join(e.id for e in holds)
            raise InvalidInput(f"{name} is held by more than one Grapple ({ids}): name the one it escapes")
        hold = holds[0]
        if not hold.effect.end_roll:
            raise RuleError(f"{hold.effect.label} says {name} can't escape it by a roll")
        self.spend(name, END_ROLL_AP, f"escape {hold.effect.label}")
        purpose = f"escape {hold.effect.label}"
        if self.check(name, purpose, Stakes.MID, action.modifier, skill="Brawn") is Outcome.SUCCESS:
            self.end_effects_on(name, f"escapes the Grapple ({hold.effect.label})", hold.id)

    def move(self, action: Move) -> None:
        name = self.on_turn("The Move Action")
        if not self.has_map:
            raise RuleError("the encounter has no map: Move needs positions")
        creature = self.creatures[name]
        if not creature.conditions.can_move:
            raise RuleError(f"{name} is Immobilized: it can't Move")
        start = self.where(name)
        self.check_free(name, action.to)
        speed = self.combatant(name).speed
        steps = start.distance(action.to, metric=self.start.metric)
        if speed is not None and steps > speed:
            raise RuleError(f"{name} Moves {speed} Spaces at most: {action.to} is {steps} away")
        self.check_fear(name, start, action.to)
        crawl = Condition.PRONE in creature.conditions.active
        self.spend(name, action.ap, "Move (Crawl)" if crawl else "Move")
        self.positions[name] = action.to
        self.events.append(Moved(name=name, from_space=start, to=action.to, how="crawls" if crawl else "moves"))

    def check_free(self, name: str, to: Space) -> None:
        """Nobody moves into terrain or into another creature's Space."""
        if to in self.start.blocked or any(t.terrain and t.position == to for t in self.things.values()):
            raise RuleError(f"{to} is terrain: {name} can't be there")
        for other, at in self.positions.items():
            if other != name and at == to:
                raise RuleError(f"{other} stands in {to}")

    def check_fear(self, name: str, start: Space, to: Space) -> None:
        """Frightened: while you can see your source of fear, you can't willingly Move closer to it."""
        conditions = self.creatures[name].conditions
        if Condition.FRIGHTENED not in conditions.active or Condition.BLINDED in conditions.active:
            return
        view = self.view()
        for i in conditions.instances_of(Condition.FRIGHTENED):
            source = self.caused_by(i)
            if source in self.positions and source != name and view.sees(name, source):
                fear = self.where(source)
                metric = self.start.metric
                if fear.distance(to, metric=metric) < fear.distance(start, metric=metric):
                    raise RuleError(f"{name} is Frightened of {source}: it can't willingly Move closer to it")

    def place(self, action: Place) -> None:
        if not self.has_map:
            raise RuleError("the encounter has no map: give every creature and Object a position first")
        target = self.known_target(action.target)
        start = self.where(target)
        if target in self.creatures:
            self.check_free(target, action.at)
            self.positions[target] = action.at
        else:
            if action.at in self.start.blocked:
                raise RuleError(f"{action.at} is terrain: {target} can't be there")
            self.things[target] = attrs.evolve(self.things[target], position=action.at)
        self.events.append(Moved(name=target, from_space=start, to=action.at, how="is placed"))

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

    def use_medics_kit(self, action: UseMedicsKit) -> None:
        name = self.on_turn("Using a Medic's Kit")
        target = self.known(action.target, "target")
        self.creatures[target].stabilize(hours=1)  # the rule first: a refused call spends no AP or die
        self.spend(name, action.ap, f"Medic's Kit on {target}")
        hours = self.source.roll(4)

        def stabilize(c: Creature) -> Creature:
            return attrs.evolve(c, conditions=self.anchored(c.conditions, c.stabilize(hours=hours).conditions))

        self.change(target, stabilize, f"{name}'s Medic's Kit: Stable, wakes in {hours} hours")

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
