"""The Travel Phase's choices, applied: Commit Move, move, End Travel, Fast Travel, optional Encounters."""

from __future__ import annotations

from tabletop_core._fast import fast_build
from tabletop_core._fast import fast_replace as replace
from tabletop_core.residue.actions import CommitResult
from tabletop_core.residue.endurance import ActionSlot
from tabletop_core.residue.journey.choices import Choice, MoveChoice, PickChoice, PlainChoice
from tabletop_core.residue.journey.content import _FIGHTERS
from tabletop_core.residue.journey.events import Moved, Note
from tabletop_core.residue.journey.flow import (
    _committing,
    _continue_travel,
    _drawn,
    _gain_strain,
    _met_token,
    _resolve_hex,
    _rest_phase,
    _roll_gear,
    _start_combat,
    _token_entry,
)
from tabletop_core.residue.journey.phases import MeetPhase, MovePhase, TradePhase, Trip
from tabletop_core.residue.journey.state import Journey
from tabletop_core.residue.tokens import TokenKind
from tabletop_core.rng import DiceSource

_NOT_BEGUN = Trip(stars=0, ends=False, begun=False, entries=())  # the Travel Phase before Commit Move


def _trip(journey: Journey) -> Trip:
    """The Travel in progress: Travel ★ left after Commit Move, or the Travel Phase before it."""
    stage = journey.stage
    if type(stage) is MovePhase:
        return fast_build(Trip, stars=stage.stars, ends=False, begun=True, entries=())
    if type(stage) is MeetPhase:
        return stage.then
    return _NOT_BEGUN


def _finish_commit_move(
    journey: Journey, _choice: Choice, result: CommitResult, source: DiceSource, events: list[object]
) -> Journey:
    if result.stars == 0:
        return _continue_travel(journey, fast_build(Trip, stars=0, ends=False, begun=True, entries=()), source, events)
    return replace(journey, stage=fast_build(MovePhase, stars=result.stars))


_do_commit_move = _committing(ActionSlot.MOVE, _finish_commit_move)


def _do_move(journey: Journey, choice: MoveChoice, source: DiceSource, events: list[object]) -> Journey:
    assert choice.direction is not None
    stage = journey.stage
    assert type(stage) is MovePhase
    target = journey.position.neighbour(choice.direction)
    new = journey.hexmap.tile(target).is_new
    events.append(fast_build(Moved, to=target, direction=choice.direction, how="move"))
    journey = replace(journey, position=target, met=())
    journey = _roll_gear(journey, source, events)
    if journey.is_over:
        return journey
    trip = fast_build(Trip, stars=stage.stars - 1, ends=False, begun=True, entries=())
    return _resolve_hex(journey, new, trip, source, events)


def _do_end_travel(journey: Journey, _choice: PlainChoice, source: DiceSource, events: list[object]) -> Journey:
    stars = journey.travel_stars
    if stars:
        events.append(Note(f"lose {stars} Travel ★"))
    return _rest_phase(journey, source, events)


def _do_fast_travel(journey: Journey, choice: PickChoice, source: DiceSource, events: list[object]) -> Journey:
    rules = journey.setup.portal_rules
    assert rules is not None  # offered only with Portal rules
    assert choice.target is not None
    trip = _trip(journey)
    portal = journey.tokens[choice.target]
    events.append(Note(f"Fast Travel to Token {choice.target + 1} ({portal})"))
    wanderer = _gain_strain(journey.wanderer, rules.strain, source, events, "Fast Travel")
    if rules.inventory is not None:
        use = wanderer.inventory.roll(rules.inventory, rng=source)
        events.append(use)
        wanderer = wanderer.with_inventory(use.after.forget_last())
    new = journey.hexmap.tile(portal.at).is_new
    journey = replace(journey, wanderer=wanderer, position=portal.at, met=())
    if rules.ends_travel:
        events.append(Note("Fast Travel ends Travel (the Portal rules)"))
        trip = replace(trip, ends=True)
    return _resolve_hex(journey, new, trip, source, events)


def _do_meet(journey: Journey, choice: PickChoice, source: DiceSource, events: list[object]) -> Journey:
    assert choice.target is not None
    index = choice.target
    token = journey.tokens[index]
    trip = _trip(journey)
    journey = replace(journey, met=(*journey.met, index))
    events.append(Note(f"meet Token {index + 1} ({token})"))
    if token.kind in _FIGHTERS:
        return _start_combat(journey, [(_drawn(journey, index), index)], None, trip, events)
    if token.kind is TokenKind.VENDOR:
        return replace(journey, stage=fast_build(TradePhase, vendor=token.name, then=trip, paying=None, paid=()))
    if token.kind is TokenKind.NPC:  # its Entry, if given, is read by the engine after
        journey, found, npc, then = _met_token(journey, token, trip, source, events)
    else:
        journey, found, npc = _token_entry(journey, token, source, events)
        then = trip
    if journey.is_over:
        return journey
    if found is not None:
        return _start_combat(journey, [(found, None)], npc, then, events)
    return _continue_travel(journey, then, source, events)


def _do_go_on(journey: Journey, _choice: PlainChoice, source: DiceSource, events: list[object]) -> Journey:
    stage = journey.stage
    assert type(stage) is MeetPhase
    passed = journey.optional_here()
    events.append(Note("pass by " + ", ".join(f"Token {i + 1} ({journey.tokens[i]})" for i in passed)))
    return _continue_travel(replace(journey, met=(*journey.met, *passed)), stage.then, source, events)
