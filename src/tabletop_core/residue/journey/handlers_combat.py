"""Combat's choices, applied: Attack, Pass, Run, Retaliation and Defense, Escape, Strain for dice."""

from __future__ import annotations

from tabletop_core._fast import fast_replace as replace
from tabletop_core.errors import InvalidInput
from tabletop_core.residue.actions import CommitResult
from tabletop_core.residue.combat import (
    EncounterStatus,
    resolve_attack,
    resolve_pass,
    resolve_retaliation,
    resolve_run,
)
from tabletop_core.residue.endurance import ActionSlot
from tabletop_core.residue.journey.choices import Act, Choice
from tabletop_core.residue.journey.flow import _after_combat, _check_hp, _commit, _resolve_hex, _roll_gear
from tabletop_core.residue.journey.state import Journey, Phase
from tabletop_core.rng import DiceSource


def _do_attack(journey: Journey, choice: Choice, source: DiceSource, events: list[object]) -> Journey:
    journey, result = _commit(journey, ActionSlot.ATTACK, choice, source, events)
    if result is None:
        return journey
    return _finish_attack(journey, choice, result, source, events)


def _finish_attack(
    journey: Journey, choice: Choice, result: CommitResult, source: DiceSource, events: list[object]
) -> Journey:
    assert journey.encounter is not None
    assert choice.target is not None
    hit = resolve_attack(journey.encounter, target=choice.target, stars=result.stars)
    events.append(hit)
    return _after_action(replace(journey, encounter=hit.after), hit.retaliators, source, events)


def _do_pass(journey: Journey, _choice: Choice, source: DiceSource, events: list[object]) -> Journey:
    assert journey.encounter is not None
    passed = resolve_pass(journey.encounter)
    events.append(passed)
    return _after_action(journey, passed.retaliators, source, events)


def _do_run(journey: Journey, choice: Choice, source: DiceSource, events: list[object]) -> Journey:
    journey, result = _commit(journey, ActionSlot.MOVE, choice, source, events)
    if result is None:
        return journey
    return _finish_run(journey, choice, result, source, events)


def _finish_run(
    journey: Journey, _choice: Choice, result: CommitResult, source: DiceSource, events: list[object]
) -> Journey:
    assert journey.encounter is not None
    run = resolve_run(journey.encounter, stars=result.stars)
    events.append(run)
    return _after_action(replace(journey, encounter=run.after), run.retaliators, source, events)


def _after_action(journey: Journey, retaliators: tuple[int, ...], source: DiceSource, events: list[object]) -> Journey:
    assert journey.encounter is not None
    if journey.encounter.status is not EncounterStatus.FIGHTING:
        return _after_combat(journey, source, events)
    if retaliators:
        return replace(journey, phase=Phase.DEFEND, retaliators=retaliators)
    return replace(journey, phase=Phase.COMBAT)


def _do_defend(journey: Journey, choice: Choice, source: DiceSource, events: list[object]) -> Journey:
    if choice.act is Act.DEFEND:
        journey, result = _commit(journey, ActionSlot.DEFENSE, choice, source, events)
        if result is None:
            return journey
        return _finish_defend(journey, choice, result, source, events)
    return _finish_defend(journey, choice, None, source, events)


def _finish_defend(
    journey: Journey, _choice: Choice, result: CommitResult | None, _source: DiceSource, events: list[object]
) -> Journey:
    blocked = 0 if result is None else result.stars
    assert journey.encounter is not None
    enemy, rest = journey.retaliators[0], journey.retaliators[1:]
    strike = resolve_retaliation(journey.encounter, enemy, journey.wanderer.health, blocked=blocked)
    events.append(strike)
    journey = replace(journey, wanderer=replace(journey.wanderer, health=strike.result.after), retaliators=rest)
    journey = _check_hp(journey, events, f"{strike.name} retaliates")
    if journey.is_over:
        return journey
    return replace(journey, phase=Phase.DEFEND if rest else Phase.COMBAT)


def _do_escape(journey: Journey, choice: Choice, source: DiceSource, events: list[object]) -> Journey:
    """Escape: move to the adjacent Hex chosen, ⊙ Gear, and resolve that Hex like any Hex entered.

    Its Discovery, Special Hex rules and Tokens (the Hum too: reaching it ends the
    Journey). Travel is over; Token Movement goes on where it stopped when the Combat
    came from it, else the Rest Phase begins.
    """
    assert choice.direction is not None
    target = journey.position.neighbour(choice.direction)
    new = journey.hexmap.tile(target).is_new
    events.append(f"Escape {choice.direction} to {target}")
    journey = _roll_gear(replace(journey, position=target, met=()), source, events)
    if journey.is_over:
        return journey
    if journey.after_combat is Phase.CHECK_STRAIN and journey.movement_next is None:
        journey = replace(journey, movement_next=len(journey.tokens))  # Token Movement had finished
    journey = replace(journey, travel_stars=0, travel_ends=False, back_to=Phase.MOVE)
    return _resolve_hex(journey, new, source, events)


def _which(choice: Choice) -> tuple[int, ...] | None:
    """The dice a Reroll or Recover takes ("any or all"): ``None`` is all of them; none is refused."""
    if choice.dice is not None and not choice.dice:
        raise InvalidInput(f"dice must name at least one die for {choice.act} (or None for all), got none")
    return choice.dice


def _do_recover(journey: Journey, choice: Choice, source: DiceSource, events: list[object]) -> Journey:
    """Recover with Strain: gain 1 Strain, the chosen committed dice roll into the pool."""
    wanderer = journey.wanderer
    step = wanderer.endurance.recover_with_strain(_which(choice), conditions=wanderer.conditions, rng=source)
    events.append(step)
    conditions = step.conditions if step.conditions is not None else wanderer.conditions
    return replace(journey, wanderer=replace(wanderer, endurance=step.after, conditions=conditions))


def _do_reroll(journey: Journey, choice: Choice, source: DiceSource, events: list[object]) -> Journey:
    """Reroll Dice: gain 1 Strain, reroll the chosen dice of the pool."""
    wanderer = journey.wanderer
    step = wanderer.endurance.reroll(_which(choice), conditions=wanderer.conditions, rng=source)
    events.append(step)
    conditions = step.conditions if step.conditions is not None else wanderer.conditions
    return replace(journey, wanderer=replace(wanderer, endurance=step.after, conditions=conditions))
