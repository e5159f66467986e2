"""The encounter engine's other Actions: rising, rolls to end a Condition, Hide, Sneak, Search, and the GM's rulings."""

from __future__ import annotations

import attrs

from tabletop_core.d20._engine_base import _Base
from tabletop_core.d20.actions import (
    Dispatch,
    EndCondition,
    Hide,
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
from tabletop_core.d20.events import (
    TestMade,
)
from tabletop_core.d20.stakes import Outcome
from tabletop_core.errors import InvalidInput, RuleError


class _Actions(_Base):
    """The Actions that are not an Effect: each checks the rules before it spends AP or dice."""

    def take_action(self, action: TakeAction) -> None:
        name = self.on_turn(action.name)
        self.spend(name, action.ap, action.name)

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
