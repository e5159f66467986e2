"""The player's decisions added by issue 13: Luck after Delirium's reroll, Entries read by the engine.

The handlers follow the others' shape: ``(journey, choice, source, events) -> Journey``.
"""

from __future__ import annotations

import attrs

from tabletop_core._fast import fast_replace as replace
from tabletop_core.errors import TabletopError
from tabletop_core.residue.actions import CommitResult, luck_after_commit
from tabletop_core.residue.decks import gain_item
from tabletop_core.residue.endurance import ActionSlot
from tabletop_core.residue.entries import Entry, EntryEffect, EntryTest, EntryTestKind, apply_entry_effect, entry_line
from tabletop_core.residue.journey.choices import Act, Choice, CommitChoice, PickChoice, PlainChoice
from tabletop_core.residue.journey.events import Note
from tabletop_core.residue.journey.flow import (
    _FINISH,
    _check_hp,
    _commit,
    _continue_travel,
    _resolve_hex,
    _start_combat,
)
from tabletop_core.residue.journey.phases import (
    EndedPhase,
    EntryNext,
    EntryPhase,
    JourneyOutcome,
    JourneyStage,
    LuckPhase,
    MovePhase,
    PlacePhase,
    TokenMovement,
    TravelPhase,
    Trip,
)
from tabletop_core.residue.journey.state import Journey
from tabletop_core.residue.luck import luck_test
from tabletop_core.rng import DiceSource


def _do_luck(journey: Journey, choice: PlainChoice, source: DiceSource, events: list[object]) -> Journey:
    """Luck for an Action, decided with Delirium's reroll seen: ⊙ Luck once, or not; then resolve the Action."""
    stage = journey.stage
    assert type(stage) is LuckPhase  # LUCK and NO_LUCK are offered only there
    result = stage.pending
    wanderer = journey.wanderer
    if choice.act is Act.LUCK:
        result = luck_after_commit(result, wanderer.luck, rng=source)
        assert result.luck_after is not None  # Luck was rolled
        wanderer = replace(wanderer, luck=result.luck_after)
        events.append(result)
    else:
        events.append(Note("no Luck for the Action"))
    journey = replace(journey, wanderer=wanderer, stage=stage.before)
    return _FINISH[stage.choice.act](journey, stage.choice, result, source, events)  # type: ignore[no-any-return]


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


def _do_keep(journey: Journey, choice: PickChoice, source: DiceSource, events: list[object]) -> Journey:
    """Draw X. Choose Y.: keep one more of the cards drawn."""
    stage = _entry_stage(journey)
    return _next(journey, attrs.evolve(stage, kept=(*stage.kept, choice.target)), source, events)


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


def _do_option(journey: Journey, choice: PickChoice, source: DiceSource, events: list[object]) -> Journey:
    """Choose an Entry's option (its Limitation met): a Commit Skill waits for its die, a Luck Test is rolled."""
    stage = _entry_stage(journey)
    assert choice.target is not None
    option = stage.entry.options[choice.target]
    events.append(Note(f"choose: {option}"))
    if option.test is not None and option.test.kind is EntryTestKind.COMMIT_SKILL:
        return replace(journey, stage=attrs.evolve(stage, option=choice.target))
    journey, passed = _luck_test(journey, option.test, source, events)
    return _follow(journey, stage, entry_line(option, passed=passed), False, source, events)


def _do_commit_skill(journey: Journey, choice: CommitChoice, source: DiceSource, events: list[object]) -> Journey:
    """Commit Skill (+Skill) for the chosen option: its Outcome against the ★ the Entry asks."""
    stage = _entry_stage(journey)
    assert stage.option is not None
    test = stage.entry.options[stage.option].test
    assert test is not None
    journey, result = _commit(journey, ActionSlot.SKILL, choice, source, events, skill_bonus=test.skill_bonus)
    if result is None:
        return journey
    return _finish_skill(journey, choice, result, source, events)


def _finish_skill(
    journey: Journey, _choice: Choice, result: CommitResult, source: DiceSource, events: list[object]
) -> Journey:
    stage = _entry_stage(journey)
    assert stage.option is not None
    option = stage.entry.options[stage.option]
    assert option.test is not None
    passed = option.test.passes(result.stars)
    events.append(Note(f"{option.test}: {'passed' if passed else 'failed'}"))
    return _follow(journey, stage, entry_line(option, passed=passed), False, source, events)


def _do_offer(journey: Journey, choice: PlainChoice, source: DiceSource, events: list[object]) -> Journey:
    """Gain Item X (from wherever it is) or leave it; shuffle the deck or leave it."""
    stage = _entry_stage(journey)
    deck = journey.item_deck
    assert deck is not None  # both offers need the Item Deck
    if choice.act is Act.GAIN_ITEM:
        assert stage.item is not None
        gained = gain_item(stage.item, deck=deck, loadout=journey.wanderer.loadout, vendors=journey.vendors)
        events.append(gained)
        wanderer = replace(journey.wanderer, loadout=gained.loadout)
        gained_cards = (*journey.gained, gained.item)
        journey = replace(
            journey, wanderer=wanderer, item_deck=gained.deck, vendors=gained.vendors, gained=gained_cards
        )
    elif choice.act is Act.SHUFFLE:
        journey = replace(journey, item_deck=deck.shuffled(rng=source))
        events.append(Note(f"shuffle the {deck.name}"))
    else:
        events.append(Note(str(choice.act)))
    if choice.act in (Act.GAIN_ITEM, Act.LEAVE_ITEM):
        stage = attrs.evolve(stage, item=None)
    else:
        stage = attrs.evolve(stage, shuffle=None)
    return _next(journey, stage, source, events)
