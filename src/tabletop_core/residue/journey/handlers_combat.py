"""Combat's choices, applied: Attack, Pass, Run, Retaliation and Defense, Escape; Strain for dice (any phase)."""

from __future__ import annotations

from tabletop_core._fast import fast_replace as replace
from tabletop_core.errors import InvalidInput
from tabletop_core.residue.actions import CommitResult
from tabletop_core.residue.combat import (
    Encounter,
    EncounterStatus,
    resolve_attack,
    resolve_pass,
    resolve_retaliation,
    resolve_run,
)
from tabletop_core.residue.conditions import Condition
from tabletop_core.residue.death import Defeat, DefeatCause
from tabletop_core.residue.endurance import ActionSlot, EnduranceStep, StrainCheck
from tabletop_core.residue.journey.choices import Act, Choice, CommitChoice, MoveChoice, PlainChoice, StrainChoice
from tabletop_core.residue.journey.events import Moved, Note, StrainChecked
from tabletop_core.residue.journey.flow import (
    _after_combat,
    _check_hp,
    _commit,
    _committing,
    _defeated,
    _resolve_hex,
    _roll_gear,
)
from tabletop_core.residue.journey.handlers_decisions import _offer_options
from tabletop_core.residue.journey.phases import (
    CheckStrainPhase,
    CombatPhase,
    EntryPhase,
    EscapePhase,
    TokenMovement,
    Trip,
)
from tabletop_core.residue.journey.state import Journey
from tabletop_core.rng import DiceSource


def _combat(journey: Journey) -> CombatPhase:
    stage = journey.stage
    assert type(stage) is CombatPhase  # offered only in Combat
    return stage


def _with_encounter(journey: Journey, encounter: Encounter) -> Journey:
    return replace(journey, stage=replace(_combat(journey), encounter=encounter))


def _finish_attack(
    journey: Journey, choice: Choice, result: CommitResult, source: DiceSource, events: list[object]
) -> Journey:
    assert choice.target is not None
    hit = resolve_attack(_combat(journey).encounter, target=choice.target, stars=result.stars)
    events.append(hit)
    journey = _with_encounter(journey, hit.after)
    wanderer = journey.wanderer
    if hit.killed and not wanderer.conditions.fear.is_zero:  # "After defeating a Creature, roll Fear."
        roll, conditions = wanderer.conditions.roll(Condition.FEAR, rng=source)
        events.append(roll)
        journey = replace(journey, wanderer=replace(wanderer, conditions=conditions))
    return _after_action(journey, hit.retaliators, source, events)


def _do_pass(journey: Journey, _choice: PlainChoice, source: DiceSource, events: list[object]) -> Journey:
    passed = resolve_pass(_combat(journey).encounter)
    events.append(passed)
    return _after_action(journey, passed.retaliators, source, events)


def _finish_run(
    journey: Journey, _choice: Choice, result: CommitResult, source: DiceSource, events: list[object]
) -> Journey:
    run = resolve_run(_combat(journey).encounter, stars=result.stars)
    events.append(run)
    return _after_action(_with_encounter(journey, run.after), run.retaliators, source, events)


_do_attack = _committing(ActionSlot.ATTACK, _finish_attack)
_do_run = _committing(ActionSlot.MOVE, _finish_run)


def _after_action(journey: Journey, retaliators: tuple[int, ...], source: DiceSource, events: list[object]) -> Journey:
    stage = _combat(journey)
    if stage.encounter.status is not EncounterStatus.FIGHTING:
        return _after_combat(journey, source, events)
    return replace(journey, stage=replace(stage, retaliators=retaliators))


def _do_defend(
    journey: Journey, choice: CommitChoice | PlainChoice, source: DiceSource, events: list[object]
) -> Journey:
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


def _do_escape(journey: Journey, choice: MoveChoice, source: DiceSource, events: list[object]) -> Journey:
    """Escape: move to the adjacent Hex chosen, ⊙ Gear, and resolve that Hex in full.

    Resolve Hex: its Discovery (the Area Entry), Special Hex rules and Tokens (Creatures,
    the Hum with the Ruin Entry, Anomalies, NPCs, a Vendor). From a Combat met in Travel,
    Travel is over once the Hex is resolved. From a Combat Token Movement caused, Token
    Movement goes on where it stopped once the Hex is resolved. NPC Entries still to read
    on the Hex left behind are not read: the Wanderer left.
    """
    assert choice.direction is not None
    stage = journey.stage
    assert type(stage) is EscapePhase
    then = stage.then
    target = journey.position.neighbour(choice.direction)
    new = journey.hexmap.tile(target).is_new
    events.append(Moved(to=target, direction=choice.direction, how="Escape"))
    journey = _roll_gear(replace(journey, position=target, met=()), source, events)
    if journey.is_over:
        return journey
    if type(then) is TokenMovement:
        return _resolve_hex(journey, new, replace(then, entries=()), source, events)
    events.append(Note("Escape: Travel ends once this Hex is resolved"))
    ended = Trip(stars=0, ends=True, begun=True)  # an Escape ends the Travel
    return _resolve_hex(journey, new, ended, source, events)


def _which(choice: Choice) -> tuple[int, ...] | None:
    """The dice a Reroll or Recover takes ("any or all"): ``None`` is all of them; none is refused."""
    if choice.dice is not None and not choice.dice:
        raise InvalidInput(f"dice must name at least one die for {choice.act} (or None for all), got none")
    return choice.dice


def _do_recover(journey: Journey, choice: StrainChoice, source: DiceSource, events: list[object]) -> Journey:
    """Recover with Strain: gain 1 Strain, the chosen committed dice roll into the pool."""
    wanderer = journey.wanderer
    step = wanderer.endurance.recover_with_strain(_which(choice), conditions=wanderer.conditions, rng=source)
    return _strain_gained(journey, step, source, events)


def _do_reroll(journey: Journey, choice: StrainChoice, source: DiceSource, events: list[object]) -> Journey:
    """Reroll Dice: gain 1 Strain, reroll the chosen dice of the pool."""
    wanderer = journey.wanderer
    step = wanderer.endurance.reroll(_which(choice), conditions=wanderer.conditions, rng=source)
    return _strain_gained(journey, step, source, events)


def _strain_gained(journey: Journey, step: EnduranceStep, source: DiceSource, events: list[object]) -> Journey:
    """The Wanderer after a Reroll or Recover (its dice, Strain and Delirium's roll); then :func:`_after_strain`."""
    events.append(step)
    wanderer = journey.wanderer
    conditions = step.conditions if step.conditions is not None else wanderer.conditions
    after = replace(journey, wanderer=replace(wanderer, endurance=step.after, conditions=conditions))
    return _after_strain(after, source, events)


def _after_strain(journey: Journey, source: DiceSource, events: list[object]) -> Journey:
    """Strain gained at any time: the phase and its pending data stay, with two exceptions.

    * During Check Strain the check sees the new Strain: at 3x ST it is defeat.
    * Choosing an Entry's option: when Delirium's roll took away the Condition the last
      option asked for, no option is left and the Entry ends (as one read with none).
    """
    stage = journey.stage
    if type(stage) is CheckStrainPhase:
        wanderer = journey.wanderer
        if wanderer.strain_check is StrainCheck.DEFEATED:
            events.append(StrainChecked(wanderer.strain, wanderer.strain_threshold, StrainCheck.DEFEATED))
            detail = f"Strain {wanderer.strain}, ST {wanderer.strain_threshold}"
            return _defeated(journey, Defeat(DefeatCause.STRAIN, detail), events)
    elif type(stage) is EntryPhase and stage.option is None and _choosing_option(stage):
        return _offer_options(journey, stage, source, events)
    return journey


def _choosing_option(stage: EntryPhase) -> bool:
    """The Entry waits for an option (no offer, draw or Commit Skill pending)."""
    return stage.item is None and stage.shuffle is None and stage.drawing is None
