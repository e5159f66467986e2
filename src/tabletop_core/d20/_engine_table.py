"""The encounter engine's table: creatures joining and leaving, and the end of Round tracking."""

from __future__ import annotations

import attrs

from tabletop_core.d20._engine_rounds import _Rounds
from tabletop_core.d20.actions import AddCombatant, EndEncounter, RemoveCombatant
from tabletop_core.d20.effects import effects_on_test
from tabletop_core.d20.events import CombatantAdded, CombatantRemoved, EffectEnded, RoundsEnded
from tabletop_core.d20.test import Modifier, RolledTotal, TestKind, _merge
from tabletop_core.errors import InvalidInput, RuleError


class _Table(_Rounds):
    """Who is in the fight, and whether Rounds are tracked at all."""

    def add_combatant(self, action: AddCombatant) -> None:
        newcomer = action.combatant
        name = newcomer.name
        if name in self.creatures or name in self.things:
            there = ", ".join([*self.creatures, *self.things])
            raise InvalidInput(f"creatures and Objects must have distinct names: {name} is taken (there are {there})")
        if not self.round:
            if action.initiative is not None:
                raise InvalidInput(
                    "initiative is for a fight under way: before Initiative the newcomer rolls with everyone"
                )
            self.join(newcomer)
            self.events.append(CombatantAdded(name=name))
            return
        roll = None
        if action.initiative is None:
            effects = effects_on_test(newcomer.creature.conditions, kind=TestKind.INITIATIVE)
            merged = _merge(False, False, 0, (), effects)
            needs = bool(merged["fortune"]) != bool(merged["misfortune"])
            template = RolledTotal(
                kind=TestKind.INITIATIVE,
                flat_roll=20,
                modifiers=[Modifier(value=newcomer.initiative, source="Initiative")],
                fortune_die=1 if needs else None,
                **merged,
            )
            roll = template._roll_dice(self.source)
            total = roll.total
        else:
            total = action.initiative
        self.join(newcomer)
        place = self.place_in_order(total, newcomer.trait)
        self.order = (*self.order[:place], name, *self.order[place:])
        if self.totals:
            self.totals = (*self.totals[:place], total, *self.totals[place:])
        if place <= self.turn:
            self.turn += 1  # it joins before the current creature: its first Turn is next Round
        self.events.append(CombatantAdded(name=name, roll=roll, total=total, order=self.order))

    def join(self, newcomer: object) -> None:
        from tabletop_core.d20.combatant import Combatant

        assert isinstance(newcomer, Combatant)
        self.roster.append(newcomer)
        self.creatures[newcomer.name] = newcomer.creature
        self.positions[newcomer.name] = newcomer.position

    def place_in_order(self, total: int, trait: int) -> int:
        """Where a newcomer with this total and Trait goes: after higher totals, higher Traits, and ties."""
        if not self.totals:
            return len(self.order)  # a state saved without totals: the newcomer goes last
        traits = {c.name: c.trait for c in self.roster}
        for place, (name, there) in enumerate(zip(self.order, self.totals, strict=True)):
            if (total, trait) > (there, traits[name]):
                return place
        return len(self.order)

    def remove_combatant(self, action: RemoveCombatant) -> None:
        name = self.known(action.name)
        if len(self.creatures) == 1:
            raise RuleError(f"{name} is the last creature of the encounter: end the encounter instead")
        self.end_focus(name, f"its creator {name} left the encounter")
        leaving = [e for e in self.effects if e.target == name]
        self.effects = [e for e in self.effects if e.target != name]
        for e in leaving:
            self.events.append(EffectEnded(id=e.id, name=e.effect.name, target=name, reason="it left the encounter"))
        current = self.current == name
        if self.round:
            self.reanchor(name, current)
        self.roster = [c for c in self.roster if c.name != name]
        del self.creatures[name]
        del self.positions[name]
        self.sightings = {k: v for k, v in self.sightings.items() if name not in k}
        self.responses = [r for r in self.responses if r.creature != name]
        self.held.pop(name, None)
        self.events.append(CombatantRemoved(name=name, reason=action.reason))
        if not self.round:
            return
        place = self.order.index(name)
        self.order = (*self.order[:place], *self.order[place + 1 :])
        if self.totals:
            self.totals = (*self.totals[:place], *self.totals[place + 1 :])
        if place < self.turn:
            self.turn -= 1
        elif current:
            # The Turn passes on without its end-of-Turn rules: the next creature stands where it stood.
            self.ap = 0
            self.focus_kept = []
            if self.turn >= len(self.order):
                self.end_round()
                self.turn = 0
            self.begin_turn()

    def reanchor(self, name: str, current: bool) -> None:
        """Durations counted from *name*'s Turn count from the next creature's, where *name*'s Turn would start.

        When *name* is taking its Turn, the next creature's Turn starts at once, one start
        early: those Durations get that Round back.
        """
        place = self.order.index(name)
        successor = self.order[(place + 1) % len(self.order)]
        extra = 1 if current else 0

        def moved(left: object) -> object:
            from tabletop_core.d20.durations import Duration

            assert isinstance(left, Duration)
            return left if left.rounds is None else Duration(left.rounds + extra)

        self.effects = [
            attrs.evolve(e, anchor=successor, left=moved(e.left)) if e.anchor == name else e for e in self.effects
        ]
        for who, creature in self.creatures.items():
            instances = creature.conditions.instances
            if any(i.anchor == name for i in instances):
                moved_instances = tuple(
                    attrs.evolve(i, anchor=successor, duration=moved(i.duration)) if i.anchor == name else i
                    for i in instances
                )
                conditions = attrs.evolve(creature.conditions, instances=moved_instances)
                self.creatures[who] = attrs.evolve(creature, conditions=conditions)

    def end_encounter(self, action: EndEncounter) -> None:
        if not self.round:
            raise RuleError("no Rounds are tracked: there is no encounter under way to end")
        self.events.append(RoundsEnded(round=self.round, reason=action.reason))
        self.round = self.turn = self.ap = 0
        self.order = self.totals = ()
        self.held = {}
        self.focus_kept = []
        self.responses = []
        # Durations keep the Rounds they have left; outside Rounds they count from now, not from a Turn.
        self.effects = [attrs.evolve(e, anchor=None) if e.anchor is not None else e for e in self.effects]
        for who, creature in self.creatures.items():
            instances = creature.conditions.instances
            if any(i.anchor is not None for i in instances):
                plain = tuple(attrs.evolve(i, anchor=None) if i.anchor is not None else i for i in instances)
                self.creatures[who] = attrs.evolve(
                    creature, conditions=attrs.evolve(creature.conditions, instances=plain)
                )
