"""The Travel Phase's choices, applied: Commit Move, move, End Travel, Fast Travel, optional Encounters."""

from __future__ import annotations

from tabletop_core._fast import fast_replace as replace
from tabletop_core.residue.endurance import ActionSlot
from tabletop_core.residue.journey.choices import Choice
from tabletop_core.residue.journey.content import _FIGHTERS
from tabletop_core.residue.journey.flow import (
    _commit,
    _continue_travel,
    _gain_strain,
    _resolve_hex,
    _rest_phase,
    _roll_gear,
    _start_combat,
    _token_entry,
)
from tabletop_core.residue.journey.state import Journey, Phase
from tabletop_core.residue.tokens import TokenKind
from tabletop_core.rng import DiceSource


def _do_commit_move(journey: Journey, choice: Choice, source: DiceSource, events: list[object]) -> Journey:
    journey, result = _commit(journey, ActionSlot.MOVE, choice, source, events)
    if result is None:
        return journey
    journey = replace(journey, travel_stars=result.stars, travel_ends=False, back_to=Phase.MOVE)
    return _continue_travel(journey, events) if result.stars == 0 else replace(journey, phase=Phase.MOVE)


def _do_move(journey: Journey, choice: Choice, source: DiceSource, events: list[object]) -> Journey:
    assert choice.direction is not None
    target = journey.position.neighbour(choice.direction)
    new = journey.hexmap.tile(target).is_new
    events.append(f"move {choice.direction} to {target}")
    journey = replace(journey, position=target, travel_stars=journey.travel_stars - 1, met=())
    journey = _roll_gear(journey, source, events)
    if journey.is_over:
        return journey
    return _resolve_hex(journey, new, source, events)


def _do_end_travel(journey: Journey, _choice: Choice, _source: DiceSource, events: list[object]) -> Journey:
    if journey.travel_stars:
        events.append(f"lose {journey.travel_stars} Travel ★")
    return _rest_phase(replace(journey, travel_stars=0, travel_ends=False), events)


def _do_fast_travel(journey: Journey, choice: Choice, source: DiceSource, events: list[object]) -> Journey:
    rules = journey.setup.portal_rules
    assert rules is not None  # offered only with Portal rules
    assert choice.target is not None
    back = Phase.TRAVEL if journey.phase is Phase.TRAVEL else Phase.MOVE
    portal = journey.tokens[choice.target]
    events.append(f"{rules} to {portal}")
    wanderer = _gain_strain(journey.wanderer, rules.strain, source, events)
    if rules.inventory is not None:
        use = wanderer.inventory.roll(rules.inventory, rng=source)
        events.append(use)
        wanderer = wanderer.with_inventory(use.after.forget_last())
    new = journey.hexmap.tile(portal.at).is_new
    journey = replace(journey, wanderer=wanderer, position=portal.at, met=(), back_to=back)
    if rules.ends_travel:
        journey = replace(journey, travel_ends=True)
    return _resolve_hex(journey, new, source, events)


def _do_meet(journey: Journey, choice: Choice, _source: DiceSource, events: list[object]) -> Journey:
    assert choice.target is not None
    index = choice.target
    token = journey.tokens[index]
    if journey.phase is Phase.TRAVEL:
        journey = replace(journey, back_to=Phase.TRAVEL)
    journey = replace(journey, met=(*journey.met, index), phase=Phase.MOVE)
    events.append(f"meet {token}")
    foe = journey.foes[index]
    if token.kind in _FIGHTERS and foe is not None:
        return _start_combat(journey, [(foe, index)], None, Phase.MOVE, events)
    if token.kind is TokenKind.VENDOR:
        return replace(journey, phase=Phase.TRADE, trading=token.name)
    journey, found, npc = _token_entry(journey, token, events)
    if journey.is_over:
        return journey
    if found is not None:
        return _start_combat(journey, [(found, None)], npc, Phase.MOVE, events)
    return _continue_travel(journey, events)


def _do_go_on(journey: Journey, _choice: Choice, _source: DiceSource, events: list[object]) -> Journey:
    passed = journey.optional_here()
    events.append("pass by " + ", ".join(str(journey.tokens[i]) for i in passed))
    return _continue_travel(replace(journey, met=(*journey.met, *passed)), events)
