"""Combat's choices, applied: Attack, Pass, Run, Retaliation and Defense, Escape, Strain for dice."""

from __future__ import annotations

from tabletop_core._fast import fast_replace as replace
from tabletop_core.residue.combat import (
    Encounter,
    EncounterStatus,
    resolve_attack,
    resolve_pass,
    resolve_retaliation,
    resolve_run,
)
from tabletop_core.residue.endurance import ActionSlot
from tabletop_core.residue.journey.choices import Act, Choice
from tabletop_core.residue.journey.events import Moved
from tabletop_core.residue.journey.flow import _after_combat, _check_hp, _commit, _rest_phase, _resume, _roll_gear
from tabletop_core.residue.journey.phases import CombatPhase, EscapePhase, TokenMovement
from tabletop_core.residue.journey.state import Journey
from tabletop_core.rng import DiceSource


def _combat(journey: Journey) -> CombatPhase:
    stage = journey.stage
    assert type(stage) is CombatPhase  # offered only in Combat
    return stage


def _with_encounter(journey: Journey, encounter: Encounter) -> Journey:
    return replace(journey, stage=replace(_combat(journey), encounter=encounter))


def _do_attack(journey: Journey, choice: Choice, source: DiceSource, events: list[object]) -> Journey:
    journey, result = _commit(journey, ActionSlot.ATTACK, choice, source, events)
    if result is None:
        return journey
    assert choice.target is not None
    hit = resolve_attack(_combat(journey).encounter, target=choice.target, stars=result.stars)
    events.append(hit)
    return _after_action(_with_encounter(journey, hit.after), hit.retaliators, source, events)


def _do_pass(journey: Journey, _choice: Choice, source: DiceSource, events: list[object]) -> Journey:
    passed = resolve_pass(_combat(journey).encounter)
    events.append(passed)
    return _after_action(journey, passed.retaliators, source, events)


def _do_run(journey: Journey, choice: Choice, source: DiceSource, events: list[object]) -> Journey:
    journey, result = _commit(journey, ActionSlot.MOVE, choice, source, events)
    if result is None:
        return journey
    run = resolve_run(_combat(journey).encounter, stars=result.stars)
    events.append(run)
    return _after_action(_with_encounter(journey, run.after), run.retaliators, source, events)


def _after_action(journey: Journey, retaliators: tuple[int, ...], source: DiceSource, events: list[object]) -> Journey:
    stage = _combat(journey)
    if stage.encounter.status is not EncounterStatus.FIGHTING:
        return _after_combat(journey, source, events)
    return replace(journey, stage=replace(stage, retaliators=retaliators))


def _do_defend(journey: Journey, choice: Choice, source: DiceSource, events: list[object]) -> Journey:
    blocked = 0
    if choice.act is Act.DEFEND:
        journey, result = _commit(journey, ActionSlot.DEFENSE, choice, source, events)
        if result is None:
            return journey
        blocked = result.stars
    stage = _combat(journey)
    enemy, rest = stage.retaliators[0], stage.retaliators[1:]
    strike = resolve_retaliation(stage.encounter, enemy, journey.wanderer.health, blocked=blocked)
    events.append(strike)
    wanderer = replace(journey.wanderer, health=strike.result.after)
    journey = replace(journey, wanderer=wanderer, stage=replace(stage, retaliators=rest))
    journey = _check_hp(journey, events, f"{strike.name} retaliates")
    if journey.is_over:
        return journey
    return journey


def _do_escape(journey: Journey, choice: Choice, source: DiceSource, events: list[object]) -> Journey:
    assert choice.direction is not None
    stage = journey.stage
    assert type(stage) is EscapePhase
    then = stage.then
    target = journey.position.neighbour(choice.direction)
    events.append(Moved(to=target, direction=choice.direction, how="Escape"))
    journey = _roll_gear(replace(journey, position=target, met=()), source, events)
    if journey.is_over:
        return journey
    if type(then) is TokenMovement:
        return _resume(journey, then, events)
    return _rest_phase(journey, events)


def _do_recover(journey: Journey, _choice: Choice, source: DiceSource, events: list[object]) -> Journey:
    wanderer = journey.wanderer
    step = wanderer.endurance.recover_with_strain(conditions=wanderer.conditions, rng=source)
    events.append(step)
    conditions = step.conditions if step.conditions is not None else wanderer.conditions
    return replace(journey, wanderer=replace(wanderer, endurance=step.after, conditions=conditions))


def _do_reroll(journey: Journey, _choice: Choice, source: DiceSource, events: list[object]) -> Journey:
    wanderer = journey.wanderer
    step = wanderer.endurance.reroll(conditions=wanderer.conditions, rng=source)
    events.append(step)
    conditions = step.conditions if step.conditions is not None else wanderer.conditions
    return replace(journey, wanderer=replace(wanderer, endurance=step.after, conditions=conditions))
