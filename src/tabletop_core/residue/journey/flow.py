"""The Journey procedure going on: a Hex resolved, an Entry read, the Travel continued, the Rest Phase.

These call each other (an Entry read while a Hex is resolved ends by resolving the rest of the
Hex, or by travelling on), so they live together; the single steps they take are in
:mod:`~tabletop_core.residue.journey.steps`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from tabletop_core._fast import fast_build
from tabletop_core._fast import fast_replace as replace
from tabletop_core.errors import TabletopError
from tabletop_core.residue.combat import (
    Creature,
    EncounterStatus,
)
from tabletop_core.residue.death import Defeat, DefeatCause
from tabletop_core.residue.decks import gain_item
from tabletop_core.residue.endurance import StrainCheck
from tabletop_core.residue.entries import Entry, EntryEffect, EntryTest, apply_entry_effect, entry_line
from tabletop_core.residue.journey.content import _FIGHTERS, AreaEntry
from tabletop_core.residue.journey.events import (
    Note,
    ReachedHum,
    StrainChecked,
    TokenFound,
)
from tabletop_core.residue.journey.phases import (
    CheckStrainPhase,
    CombatPhase,
    EndedPhase,
    EntryNext,
    EntryPhase,
    EscapePhase,
    JourneyOutcome,
    JourneyStage,
    MeetPhase,
    MovePhase,
    PlacePhase,
    TokenMovement,
    TradePhase,
    TravelPhase,
    Trip,
)
from tabletop_core.residue.journey.steps import (
    _check_hp,
    _defeated,
    _discover,
    _drawn,
    _end_combat,
    _hex_tokens,
    _hum_here,
    _meet_or_discover,
    _moved_past,
    _start_combat,
)
from tabletop_core.residue.luck import luck_test
from tabletop_core.residue.tokens import TokenKind, TokenResolution, move_tokens, token_resolution
from tabletop_core.rng import DiceSource

if TYPE_CHECKING:
    from tabletop_core.residue.journey.state import Journey

__all__: list[str] = []  # the engine's machinery: nothing public

_TRAVEL = TravelPhase()
_CHECK_STRAIN = CheckStrainPhase()


def _resolve_hex(
    journey: Journey,
    new: bool,
    trip: Trip | TokenMovement,
    source: DiceSource,
    events: list[object],
    foe: Creature | None = None,
) -> Journey:
    """Resolve the Hex entered: Discovery, Special Hex rules, Tokens; then where the procedure goes.

    *trip*: the Travel, or the Token Movement an Escape interrupted (it goes on after).
    *foe*: a Creature the Area Entry named, Faced with the Hex's. NPC Entries are read
    once the Hex's Combat or Vendor is over (``trip.entries``); the Hum is reached once
    every other Token of its Hex is resolved (:func:`_continue_travel`).
    """
    creature: Creature | None = foe
    entry: AreaEntry | None = None
    if new:
        journey, creature, entry = _discover(journey, source, events)
        if journey.is_over:
            return journey
        if type(trip) is Trip and not trip.ends:  # "Entering an Undiscovered Hex always Ends Travel."
            events.append(Note("Undiscovered Hex: End Travel once it is resolved"))
            trip = replace(trip, ends=True)
        area = journey.hexmap.tile(journey.position).area
        text = None if area is None or creature is not None else journey.setup.text(area)
        if text is not None:  # the Area Entry first; Special Hex rules and Tokens when it ends
            return _read_entry(journey, text, trip, EntryNext.HEX, source, events)
    tile = journey.hexmap.tile(journey.position)
    if tile.special:
        events.append(f"Special Hex: {tile.special}")
    enemies: list[tuple[Creature, int | None]] = [(creature, None)] if creature is not None else []
    journey, trip, vendor, met = _hex_tokens(journey, trip, enemies, source, events)
    if journey.is_over:
        return journey
    if enemies:
        return _start_combat(journey, enemies, entry or met, trip, events)
    if vendor is not None:
        events.append(f"Vendor {vendor}: Barter or leave")
        return replace(journey, stage=fast_build(TradePhase, vendor=vendor, then=trip, paying=None, paid=()))
    return _continue_travel(journey, trip, source, events)


def _reach_hum(
    journey: Journey, index: int, then: Trip | TokenMovement, source: DiceSource, events: list[object]
) -> Journey:
    """Reach the Hum: remove the Hum Token and read the Ruin Entry (the Journey ends when it does)."""
    events.append(ReachedHum(journey.position))
    kept = tuple(t for i, t in enumerate(journey.tokens) if i != index)
    met = tuple(i - (i > index) for i in journey.met if i != index)
    journey = replace(journey, tokens=kept, met=met)
    ruin = journey.setup.ruin_entry
    if ruin is not None:
        then = _moved_past(then, {index})
        return _read_entry(journey, ruin, then, EntryNext.RUIN, source, events)
    return replace(journey, stage=fast_build(EndedPhase, outcome=JourneyOutcome.REACHED_HUM, defeat=None))


def _read_next_entry(journey: Journey, then: Trip | TokenMovement, source: DiceSource, events: list[object]) -> Journey:
    """Read the first NPC Entry queued in *then*; the procedure goes on from *then* when it ends."""
    name, rest = then.entries[0], then.entries[1:]
    text = journey.setup.text(name)
    assert text is not None  # queued only when given
    return _read_entry(journey, text, replace(then, entries=rest), EntryNext.TRAVEL, source, events)


def _continue_travel(journey: Journey, trip: Trip | TokenMovement, source: DiceSource, events: list[object]) -> Journey:
    """Go on after a Hex (or an Encounter) is resolved.

    NPC Entries still to read first, then a gained card, then the Hum if it is on this Hex
    (reached once the Hex's other Tokens are resolved), then optional Encounters; then
    Resume Move while Travel ★ remain and the Hex did not end Travel (or back to the
    Travel Phase it came from); else the Rest Phase. Given a Token Movement, it goes on.
    """
    if trip.entries:
        return _read_next_entry(journey, trip, source, events)
    if journey.gained:
        return replace(journey, stage=fast_build(PlacePhase, then=trip))
    hum = _hum_here(journey)
    if hum is not None:
        return _reach_hum(journey, hum, trip, source, events)
    if isinstance(trip, TokenMovement):
        return _rest_phase(journey, source, events, len(journey.tokens) if trip.next is None else trip.next)
    if journey.optional_here():
        return replace(journey, stage=fast_build(MeetPhase, then=trip))
    if not trip.ends:
        if not trip.begun:
            return replace(journey, stage=_TRAVEL)
        if trip.stars > 0:
            return replace(journey, stage=fast_build(MovePhase, stars=trip.stars))
    else:
        events.append("End Travel")
    return _rest_phase(journey, source, events)


def _rest_phase(journey: Journey, source: DiceSource, events: list[object], start: int = 0) -> Journey:
    """Token Movement (stopping at a Token that enters your Hex, resolved first), then Check Strain."""
    while True:
        step = move_tokens(journey.hexmap, journey.tokens, journey.position, start=start)
        if step.moves:
            events.append(step)
        journey = replace(journey, tokens=step.tokens)
        if step.encounter is not None:
            journey, stopped = _arrival(journey, step.encounter, step.next_index, source, events)
            if stopped:
                return journey
        if step.finished:
            break
        start = step.next_index or 0
    check = journey.wanderer.strain_check
    events.append(StrainChecked(journey.wanderer.strain, journey.wanderer.strain_threshold, check))
    if check is StrainCheck.DEFEATED:
        detail = f"Strain {journey.wanderer.strain}, ST {journey.wanderer.strain_threshold}"
        return _defeated(journey, Defeat(DefeatCause.STRAIN, detail), events)
    return replace(journey, stage=_CHECK_STRAIN)


def _arrival(
    journey: Journey, index: int, following: int | None, source: DiceSource, events: list[object]
) -> tuple[Journey, bool]:
    """A Token Token Movement brought onto the Wanderer's Hex: "Resolve a Token ... when it enters your Hex".

    The Hum is reached; an undiscovered Anomaly is Discovered; a Creature, mandatory Raiders,
    a mandatory NPC or a mandatory Vendor is met now (its Combat, Entry or Trade), and Token
    Movement goes on after. An optional Encounter is offered in the next Travel Phase; a
    Portal triggers none. Returns the state and whether the procedure stopped there (a
    Combat, an Entry, a Trade, a card to place, the end); else Token Movement goes on.
    """
    token = journey.tokens[index]
    resolution = token_resolution(token)
    then: Trip | TokenMovement = fast_build(TokenMovement, next=following, entries=())
    if resolution is TokenResolution.REACH_HUM:
        return _reach_hum(journey, index, then, source, events), True
    if resolution is TokenResolution.OPTIONAL_ENCOUNTER:
        events.append(TokenFound(index, str(token), "an optional Encounter, offered in the next Travel Phase"))
        return journey, False
    if resolution is TokenResolution.NOTHING:
        events.append(TokenFound(index, str(token), "no Encounter"))
        return journey, False
    if token.kind in _FIGHTERS:
        return _start_combat(journey, [(_drawn(journey, index), index)], None, then, events), True
    if token.kind is TokenKind.VENDOR:
        events.append(f"Vendor {token.name}: Barter or leave")
        trade = fast_build(TradePhase, vendor=token.name, then=then, paying=None, paid=())
        return replace(journey, stage=trade), True
    journey, found, given, then = _meet_or_discover(journey, index, then, source, events)  # an NPC, an Anomaly
    if journey.is_over:
        return journey, True
    if found is not None:
        return _start_combat(journey, [(found, None)], given, then, events), True
    if then.entries or journey.gained:  # its Entry read, its card placed; then Token Movement goes on
        return _continue_travel(journey, then, source, events), True
    return journey, False


def _after_combat(journey: Journey, source: DiceSource, events: list[object]) -> Journey:
    """The Combat is over (won or escaped): tidy the Tokens and go on."""
    stage = journey.stage
    assert type(stage) is CombatPhase
    escaped = stage.encounter.status is EncounterStatus.ESCAPED
    removed = {token for enemy, token in stage.tokens if stage.encounter.enemies[enemy].is_defeated}
    then = _moved_past(stage.then, removed)
    journey = _end_combat(journey, stage)
    if escaped:
        return replace(journey, stage=fast_build(EscapePhase, then=then))
    return _resume(journey, then, source, events)


_resume = _continue_travel  # after a Combat: the Travel or the Token Movement it interrupted goes on


# -- Entries read by the engine ---------------------------------------------------------


def _read_entry(
    journey: Journey,
    entry: Entry,
    then: Trip | TokenMovement,
    next_: EntryNext,
    source: DiceSource,
    events: list[object],
    before: JourneyStage | None = None,
) -> Journey:
    """Read an Entry: Entry Checks top to bottom, the first that applies is followed; else its options.

    The one reader of every Entry: an Area's, an NPC's, the Ruin Entry, an Item's (*before*:
    the stage it was activated in), one an Entry goes to. A check's Luck Test is rolled
    at once (Luck 0: it cannot be made, and fails). Options with a Limitation the
    Wanderer does not meet are not offered; no option left ends it.
    """
    events.append(Note(f"read Entry {entry.name}"))
    stage = EntryPhase(entry=entry, then=then, next=next_, before=before)
    line = entry.first_applicable(journey.wanderer)
    if line is None:
        return _offer_options(journey, stage, source, events)
    journey, passed = _luck_test(journey, line.test, source, events)
    events.append(Note(f"Entry Check: {line}"))
    return _follow(journey, stage, entry_line(line, passed=passed), True, source, events)


def _luck_test(
    journey: Journey, test: EntryTest | None, source: DiceSource, events: list[object]
) -> tuple[Journey, bool | None]:
    """A Luck Test an Entry asks for (``None``: no test asked)."""
    if test is None:
        return journey, None
    wanderer = journey.wanderer
    if wanderer.luck.is_zero:
        events.append(Note("Luck 0: the Luck Test cannot be made (fails)"))
        return journey, False
    roll = luck_test(wanderer.luck, rng=source)
    events.append(roll)
    return replace(journey, wanderer=replace(wanderer, luck=roll.after)), test.passes(roll)


def _offer_options(journey: Journey, stage: EntryPhase, source: DiceSource, events: list[object]) -> Journey:
    if stage.entry.available_options(journey.wanderer):
        return replace(journey, stage=stage)
    return _end_entry(journey, stage, source, events)


def _follow(
    journey: Journey,
    stage: EntryPhase,
    effect: EntryEffect,
    from_check: bool,
    source: DiceSource,
    events: list[object],
) -> Journey:
    """Apply a followed line's effect; then what it offers (Gain Item X, a shuffle), then the Entry goes on."""
    done = apply_entry_effect(journey.wanderer, effect, rng=source)
    events.append(done)
    journey = _check_hp(replace(journey, wanderer=done.wanderer), events, f"Entry {stage.entry.name}")
    if journey.is_over:
        return journey
    item = effect.item if effect.item is not None and _findable(journey, effect.item) else None
    deck = journey.item_deck
    shuffle = effect.shuffle if deck is not None and effect.shuffle == deck.name else None
    options_next = from_check and not effect.continue_journey and effect.go_to is None
    draws = (effect.draw or effect.draw_type) and deck is not None
    stage = attrs.evolve(
        stage,
        option=None,
        item=item,
        shuffle=shuffle,
        creature=effect.creature,
        go_to=effect.go_to,
        options_next=options_next,
        drawing=effect if draws else None,
        kept=(),
    )
    return _next(journey, stage, source, events)


def _findable(journey: Journey, name: str) -> bool:
    """Gain Item X is offered only when the unique Item is somewhere to take it from."""
    if journey.item_deck is None:
        return False
    try:
        gain_item(name, deck=journey.item_deck, loadout=journey.wanderer.loadout, vendors=journey.vendors)
    except TabletopError:
        return False
    return True


def _next(journey: Journey, stage: EntryPhase, source: DiceSource, events: list[object]) -> Journey:
    """The Entry goes on: an offer still to decide, the options, the next Entry, or its end."""
    if stage.item is not None or stage.shuffle is not None:
        return replace(journey, stage=stage)
    if stage.drawing is not None:
        journey, stage = _draw(journey, stage, events)
        if stage.drawing is not None:  # Draw X. Choose Y.: the player keeps the cards one at a time
            return replace(journey, stage=stage)
    if stage.options_next:
        return _offer_options(journey, attrs.evolve(stage, options_next=False), source, events)
    return _end_entry(journey, stage, source, events)


def _draw(journey: Journey, stage: EntryPhase, events: list[object]) -> tuple[Journey, EntryPhase]:
    """Draw by Type, or Draw X. Choose Y. once the Y cards are kept; the cards kept wait for a slot."""
    effect, deck = stage.drawing, journey.item_deck
    assert effect is not None
    assert deck is not None  # drawing is set only with an Item Deck
    if not effect.draw:
        assert effect.draw_type is not None
        done = deck.draw_by_type(effect.draw_type)
    else:
        shown = deck.draw_choose(effect.draw, effect.draw, matching=effect.draw_type)
        if len(stage.kept) < min(effect.keep, len(shown.kept)):
            if not stage.kept:
                events.append(Note(f"Draw {effect.draw}: {', '.join(c.name for c in shown.kept) or 'nothing'}"))
            return journey, stage
        done = deck.draw_choose(effect.draw, effect.keep, matching=effect.draw_type, keep=stage.kept)
    events.append(done)
    journey = replace(journey, item_deck=done.deck, gained=(*journey.gained, *done.kept))
    return journey, attrs.evolve(stage, drawing=None, kept=())


def _end_entry(journey: Journey, stage: EntryPhase, source: DiceSource, events: list[object]) -> Journey:
    """You may continue your journey: the Entry ends and the Journey procedure goes on."""
    if stage.go_to is not None:
        text = journey.setup.text(stage.go_to)
        if text is not None:
            return _read_entry(journey, text, stage.then, stage.next, source, events, stage.before)
        events.append(Note(f"Entry {stage.go_to} is not given: the Entry ends"))
    if stage.next is EntryNext.RUIN:  # the Ruin Entry is the last: no journey to continue
        events.append(Note(f"Entry {stage.entry.name} ends: the Journey is over"))
        return replace(journey, stage=EndedPhase(outcome=JourneyOutcome.REACHED_HUM))
    events.append(Note(f"Entry {stage.entry.name}: You may continue your journey"))
    if stage.next is EntryNext.ITEM:
        assert stage.before is not None  # an Item's Entry names no Creature (JourneySetup checks)
        return _back_to(journey, stage.before, events)
    foe = None
    if stage.creature is not None:
        foe = journey.setup.creature(stage.creature, journey.hexmap.region_of(journey.position))
    if stage.next is EntryNext.HEX:  # the Area Entry's Creature is Faced with the Hex's own
        return _resolve_hex(journey, False, stage.then, source, events, foe)
    if foe is not None:
        return _start_combat(journey, [(foe, None)], None, stage.then, events)
    return _continue_travel(journey, stage.then, source, events)


def _back_to(journey: Journey, before: JourneyStage, events: list[object]) -> Journey:
    """An Item's Entry ended: back to the stage the Item was activated in.

    A card it gained is put in a slot at once in the Travel Phase (before Commit Move or
    between Travel ★); in a Combat it waits for the Combat's end, in a Rest for the Travel
    Phase of the new day.
    """
    if journey.gained and type(before) is TravelPhase:
        events.append(Note("put the gained card in a slot"))
        return replace(journey, stage=PlacePhase(then=Trip(begun=False)))
    if journey.gained and type(before) is MovePhase:
        events.append(Note("put the gained card in a slot"))
        return replace(journey, stage=PlacePhase(then=Trip(stars=before.stars, begun=True)))
    return replace(journey, stage=before)


def _entry_stage(journey: Journey) -> EntryPhase:
    stage = journey.stage
    assert type(stage) is EntryPhase  # the Entry's choices are offered only there
    return stage
