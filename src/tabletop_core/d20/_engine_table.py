"""The encounter engine's table: creatures joining and leaving, and the end of Round tracking."""

from __future__ import annotations

import attrs

from tabletop_core.d20._engine_rounds import begin_turn, end_round
from tabletop_core.d20._engine_state import Work
from tabletop_core.d20.actions import AddCombatant, EndEncounter, RemoveCombatant
from tabletop_core.d20.effects import effects_on_test
from tabletop_core.d20.events import CombatantAdded, CombatantRemoved, EffectEnded, RoundsEnded
from tabletop_core.d20.test import Modifier, RolledTotal, TestKind, _merge
from tabletop_core.errors import InvalidInput, RuleError

__all__ = ["add_combatant", "end_encounter", "join", "place_in_order", "reanchor", "remove_combatant"]


def add_combatant(work: Work, action: AddCombatant) -> None:
    newcomer = action.combatant
    name = newcomer.name
    if name in work.creatures or name in work.things:
        there = ", ".join([*work.creatures, *work.things])
        raise InvalidInput(f"creatures and Objects must have distinct names: {name} is taken (there are {there})")
    if not work.round:
        if action.initiative is not None:
            raise InvalidInput(
                "initiative is for a fight under way: before Initiative the newcomer rolls with everyone"
            )
        join(work, newcomer)
        work.events.append(CombatantAdded(name=name))
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
        roll = template._roll_dice(work.source)
        total = roll.total
    else:
        total = action.initiative
    join(work, newcomer)
    place = place_in_order(work, total, newcomer.trait)
    work.order = (*work.order[:place], name, *work.order[place:])
    if work.totals:
        work.totals = (*work.totals[:place], total, *work.totals[place:])
    if place <= work.turn:
        work.turn += 1  # it joins before the current creature: its first Turn is next Round
    work.events.append(CombatantAdded(name=name, roll=roll, total=total, order=work.order))


def join(work: Work, newcomer: object) -> None:
    from tabletop_core.d20.combatant import Combatant

    assert isinstance(newcomer, Combatant)
    work.roster.append(newcomer)
    work.creatures[newcomer.name] = newcomer.creature
    work.positions[newcomer.name] = newcomer.position


def place_in_order(work: Work, total: int, trait: int) -> int:
    """Where a newcomer with this total and Trait goes: after higher totals, higher Traits, and ties."""
    if not work.totals:
        return len(work.order)  # a state saved without totals: the newcomer goes last
    traits = {c.name: c.trait for c in work.roster}
    for place, (name, there) in enumerate(zip(work.order, work.totals, strict=True)):
        if (total, trait) > (there, traits[name]):
            return place
    return len(work.order)


def remove_combatant(work: Work, action: RemoveCombatant) -> None:
    name = work.known(action.name)
    if len(work.creatures) == 1:
        raise RuleError(f"{name} is the last creature of the encounter: end the encounter instead")
    work.end_focus(name, f"its creator {name} left the encounter")
    leaving = [e for e in work.effects if e.target == name]
    work.effects = [e for e in work.effects if e.target != name]
    for e in leaving:
        work.events.append(EffectEnded(id=e.id, name=e.effect.name, target=name, reason="it left the encounter"))
    current = work.current == name
    if work.round:
        reanchor(work, name, current)
    work.roster = [c for c in work.roster if c.name != name]
    del work.creatures[name]
    del work.positions[name]
    work.sightings = {k: v for k, v in work.sightings.items() if name not in k}
    work.responses = [r for r in work.responses if r.creature != name]
    work.held.pop(name, None)
    work.events.append(CombatantRemoved(name=name, reason=action.reason))
    if not work.round:
        return
    place = work.order.index(name)
    work.order = (*work.order[:place], *work.order[place + 1 :])
    if work.totals:
        work.totals = (*work.totals[:place], *work.totals[place + 1 :])
    if place < work.turn:
        work.turn -= 1
    elif current:
        # The Turn passes on without its end-of-Turn rules: the next creature stands where it stood.
        work.ap = 0
        work.focus_kept = []
        if work.turn >= len(work.order):
            end_round(work)
            work.turn = 0
        begin_turn(work)


def reanchor(work: Work, name: str, current: bool) -> None:
    """Durations counted from *name*'s Turn count from the next creature's, where *name*'s Turn would start.

    When *name* is taking its Turn, the next creature's Turn starts at once, one start
    early: those Durations get that Round back.
    """
    place = work.order.index(name)
    successor = work.order[(place + 1) % len(work.order)]
    extra = 1 if current else 0

    def moved(left: object) -> object:
        from tabletop_core.d20.durations import Duration

        assert isinstance(left, Duration)
        return left if left.rounds is None else Duration(left.rounds + extra)

    work.effects = [
        attrs.evolve(e, anchor=successor, left=moved(e.left)) if e.anchor == name else e for e in work.effects
    ]
    for who, creature in work.creatures.items():
        instances = creature.conditions.instances
        if any(i.anchor == name for i in instances):
            moved_instances = tuple(
                attrs.evolve(i, anchor=successor, duration=moved(i.duration)) if i.anchor == name else i
                for i in instances
            )
            conditions = attrs.evolve(creature.conditions, instances=moved_instances)
            work.creatures[who] = attrs.evolve(creature, conditions=conditions)


def end_encounter(work: Work, action: EndEncounter) -> None:
    if not work.round:
        raise RuleError("no Rounds are tracked: there is no encounter under way to end")
    work.events.append(RoundsEnded(round=work.round, reason=action.reason))
    work.round = work.turn = work.ap = 0
    work.order = work.totals = ()
    work.held = {}
    work.focus_kept = []
    work.responses = []
    # Durations keep the Rounds they have left; outside Rounds they count from now, not from a Turn.
    work.effects = [attrs.evolve(e, anchor=None) if e.anchor is not None else e for e in work.effects]
    for who, creature in work.creatures.items():
        instances = creature.conditions.instances
        if any(i.anchor is not None for i in instances):
            plain = tuple(attrs.evolve(i, anchor=None) if i.anchor is not None else i for i in instances)
            work.creatures[who] = attrs.evolve(creature, conditions=attrs.evolve(creature.conditions, instances=plain))
