"""The player's decisions added by issue 13: Luck after Delirium's reroll, Entries read by the engine.

The handlers follow the others' shape: ``(journey, choice, source, events) -> Journey``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs

from tabletop_core._fast import fast_replace as replace
from tabletop_core.residue.actions import CommitResult, luck_after_commit
from tabletop_core.residue.decks import gain_item
from tabletop_core.residue.endurance import ActionSlot
from tabletop_core.residue.entries import EntryTestKind, entry_line
from tabletop_core.residue.journey.choices import Act, Choice, CommitChoice, PickChoice, PlainChoice
from tabletop_core.residue.journey.events import Note
from tabletop_core.residue.journey.flow import _entry_stage, _follow, _luck_test, _next
from tabletop_core.residue.journey.handlers_combat import _finish_attack, _finish_defend, _finish_run
from tabletop_core.residue.journey.handlers_travel import _finish_commit_move
from tabletop_core.residue.journey.phases import (
    LuckPhase,
)
from tabletop_core.residue.journey.steps import _commit
from tabletop_core.rng import DiceSource

if TYPE_CHECKING:
    from tabletop_core.residue.journey.state import Journey

__all__: list[str] = []  # the engine's machinery: nothing public (the dispatch reaches it)


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


def _do_keep(journey: Journey, choice: PickChoice, source: DiceSource, events: list[object]) -> Journey:
    """Draw X. Choose Y.: keep one more of the cards drawn."""
    stage = _entry_stage(journey)
    return _next(journey, attrs.evolve(stage, kept=(*stage.kept, choice.target)), source, events)


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


_FINISH: dict[Act, Any] = {  # Any: each finisher takes its own kind of choice
    Act.COMMIT_MOVE: _finish_commit_move,
    Act.ATTACK: _finish_attack,
    Act.RUN: _finish_run,
    Act.DEFEND: _finish_defend,
    Act.COMMIT_SKILL: _finish_skill,
}
"""For each kind of Commit, what follows once its Action is resolved (after a Luck decision: :func:`_do_luck`)."""
