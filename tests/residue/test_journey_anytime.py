"""Gain Strain at any time (issue 13, item 2): Reroll or Recover in every phase with a decision.

"Gain Strain: At any time, gain 1 Strain to Reroll or Recover dice." Each phase keeps
its stage and pending data; only the dice and the Strain change. ScriptedDice throughout.
"""

import attrs
import pytest
from test_journey import apply, journey, own, sheet
from test_journey_decisions import committed, fighting, refused

import tabletop_core as tc
from tabletop_core.residue.death import DefeatCause
from tabletop_core.residue.decks import Deck
from tabletop_core.residue.entries import Entry, EntryEffect, EntryOption, Requirement
from tabletop_core.residue.inventory import InventoryKind
from tabletop_core.residue.items import Item, Vendor
from tabletop_core.residue.journey import Act, Choice, JourneyOutcome, Phase
from tabletop_core.residue.journey.phases import (
    CheckStrainPhase,
    EntryPhase,
    EscapePhase,
    LuckPhase,
    MeetPhase,
    PayoffPhase,
    PlacePhase,
    RecoverPhase,
    TradePhase,
    Trip,
)
from tabletop_core.residue.step_die import StepDie

DEALER = Vendor("Dealer", tradeable=(InventoryKind.FOOD,), goods=(Item("Pipe"),), prices=(1,))
CRATER = Entry("Crater", options=(EntryOption("Walk around"), EntryOption("Climb down")))
DECK = Deck(cards=(Item("Flare"), Item("Rope"), Item("Lamp")))


def _in(stage, *, strain=0, **changes):
    """Pool d8(6) d8(4), the d8 showing 8 committed, Strain *strain*, in *stage*."""
    w = sheet()
    j = committed(journey(attrs.evolve(w, endurance=w.endurance.with_strain(strain))), 0)
    return attrs.evolve(j, stage=stage, **changes)


PHASES = {
    "meet": lambda: _in(MeetPhase(then=Trip(stars=2))),
    "escape": lambda: _in(EscapePhase(then=Trip(stars=0, ends=True, begun=True))),
    "trade": lambda: _in(TradePhase(vendor="Dealer"), vendors=(DEALER,)),
    "payoff": lambda: _in(PayoffPhase(), strain=4),
    "place": lambda: _in(PlacePhase(then=Trip(stars=1)), gained=(Item("Rope"),)),
    "check strain": lambda: _in(CheckStrainPhase(), strain=1),
    "recover hp": lambda: _in(RecoverPhase(healed=True)),
    "entry option": lambda: _in(EntryPhase(entry=CRATER, then=Trip(stars=1))),
    "entry gain item": lambda: _in(EntryPhase(entry=CRATER, item="Rope"), item_deck=DECK),
    "entry shuffle": lambda: _in(EntryPhase(entry=CRATER, shuffle="Item Deck"), item_deck=DECK),
    "entry keep card": lambda: _in(EntryPhase(entry=CRATER, drawing=EntryEffect(draw=2, keep=1)), item_deck=DECK),
}


def _all_but_the_dice(after, before):
    """*after* with *before*'s Endurance and step count: equal to *before* when nothing else changed."""
    return attrs.evolve(after, wanderer=attrs.evolve(after.wanderer, endurance=before.wanderer.endurance), steps=0)


@pytest.mark.parametrize("name", sorted(PHASES))
def test_strain_is_offered_in_the_phase_and_keeps_its_stage(name):
    j = PHASES[name]()
    phase, strain = j.phase, j.wanderer.strain
    offered = j.choices()
    assert Choice(Act.REROLL) in offered
    assert Choice(Act.RECOVER) in offered
    assert own(offered)  # the phase's own choices stay offered too

    rerolled = apply(j, Choice(Act.REROLL, dice=(1,)), [1]).journey  # only the d8 showing 4 -> 1
    endurance = rerolled.wanderer.endurance
    assert [d.value for d in endurance.pool] == [6, 1]
    assert [c.die.value for c in endurance.committed] == [8]
    assert endurance.strain == strain + 1
    assert rerolled.phase is phase
    assert rerolled.stage == j.stage  # its pending data exactly as they were
    assert _all_but_the_dice(rerolled, j) == attrs.evolve(j, steps=0)

    recovered = apply(j, Choice(Act.RECOVER, dice=(0,)), [2]).journey  # the committed 8 rolls in: 2
    endurance = recovered.wanderer.endurance
    assert [d.value for d in endurance.pool] == [6, 4, 2]  # the pool dice are not rerolled
    assert endurance.committed == ()
    assert endurance.strain == strain + 1
    assert recovered.stage == j.stage
    assert _all_but_the_dice(recovered, j) == attrs.evolve(j, steps=0)


@pytest.mark.parametrize("name", sorted(PHASES))
def test_a_bad_subset_is_refused_in_the_phase_and_changes_nothing(name):
    j = PHASES[name]()
    refused(j, Choice(Act.REROLL, dice=()), tc.InvalidInput)
    refused(j, Choice(Act.REROLL, dice=(2,)), tc.InvalidInput)  # the pool holds two dice
    refused(j, Choice(Act.REROLL, dice=(0, 0)), tc.InvalidInput)
    refused(j, Choice(Act.RECOVER, dice=(1,)), tc.InvalidInput)  # one die is committed
    refused(j, Choice(Act.RECOVER, dice=()), tc.InvalidInput)


def test_strain_is_not_offered_once_the_journey_is_over():
    j = _in(CheckStrainPhase(), strain=8)
    over = apply(j, Choice(Act.REROLL, dice=(0,)), [5]).journey
    assert over.is_over
    assert over.choices() == ()


def test_starvation_forbids_the_reroll_in_the_new_phases_too():
    w = sheet().gain_condition("Starvation")
    j = attrs.evolve(committed(journey(w), 0), stage=MeetPhase())
    assert Choice(Act.REROLL) not in j.choices()
    assert Choice(Act.RECOVER) in j.choices()
    refused(j, Choice(Act.REROLL, dice=(0,)))


def test_strain_during_luck_keeps_the_pending_roll():
    w = sheet().gain_condition("Delirium")  # pool d8(8) d8(6) d8(4), Luck d6
    j = fighting(journey(w))
    waiting = apply(j, Choice(Act.ATTACK, 2, target=0), [2]).journey  # the 4 committed, Delirium reroll: 2
    assert type(waiting.stage) is LuckPhase
    assert own(waiting.choices()) == (Choice(Act.LUCK), Choice(Act.NO_LUCK))
    assert Choice(Act.REROLL) in waiting.choices()
    assert Choice(Act.RECOVER) in waiting.choices()
    # Gaining Strain rolls Delirium first (d6 -> 5, no change); then the d8 showing 6 is rerolled: 3.
    rerolled = apply(waiting, Choice(Act.REROLL, dice=(1,)), [5, 3]).journey
    assert rerolled.stage == waiting.stage  # the pending Commit, its choice and the Combat kept
    assert [d.value for d in rerolled.wanderer.endurance.pool] == [8, 3]
    assert rerolled.wanderer.strain == 1
    assert rerolled.wanderer.conditions.delirium is StepDie.D6
    # Luck d6 -> 6 then resolves the pending Attack as it would have: +★, 1 damage to the Husk (3 HP).
    lucky = apply(rerolled, Choice(Act.LUCK), [6]).journey
    assert lucky.encounter.enemies[0].hp == 2
    # Recovering the committed die (rerolled to 7) does not change the Action already committed.
    recovered = apply(waiting, Choice(Act.RECOVER, dice=(0,)), [5, 7]).journey
    assert recovered.stage == waiting.stage
    assert [d.value for d in recovered.wanderer.endurance.pool] == [8, 6, 7]
    assert recovered.wanderer.endurance.committed == ()
    assert apply(recovered, Choice(Act.NO_LUCK), []).journey.encounter.enemies[0].hp == 3  # 0★ still misses


def test_check_strain_sees_the_new_strain():
    j = _in(CheckStrainPhase(), strain=2)  # ST 3: below it, Travel or Rest
    assert own(j.choices()) == (Choice(Act.TRAVEL), Choice(Act.REST))
    at_threshold = apply(j, Choice(Act.REROLL, dice=(0,)), [5]).journey  # Strain 3
    assert at_threshold.phase is Phase.CHECK_STRAIN
    assert own(at_threshold.choices()) == (Choice(Act.REST),)


def test_strain_reaching_3x_st_during_check_strain_is_defeat():
    j = _in(CheckStrainPhase(), strain=8)  # ST 3: 9 is defeat
    step = apply(j, Choice(Act.RECOVER, dice=(0,)), [5])
    assert step.journey.outcome is JourneyOutcome.DEFEATED
    assert step.journey.stage.defeat.cause is DefeatCause.STRAIN
    assert any("Strain 9" in line for line in step.lines)


def test_strain_during_payoff_is_paid_like_any_strain():
    j = _in(PayoffPhase(), strain=3)
    more = apply(j, Choice(Act.REROLL, dice=(0,)), [5]).journey
    assert more.wanderer.strain == 4
    assert more.phase is Phase.PAYOFF
    assert Choice(Act.STOP_PAYING) not in more.choices()  # still at or above ST: pay on


def test_an_entry_left_with_no_option_after_delirium_steps_down_ends():
    rave = EntryOption("Rave", limitation=(Requirement("condition", "Delirium"),))
    entry = Entry("Crater", options=(rave,))
    w = sheet().gain_condition("Delirium")
    j = attrs.evolve(journey(w), stage=EntryPhase(entry=entry, then=Trip(stars=1)))
    assert own(j.choices()) == (Choice(Act.OPTION, target=0),)
    once = apply(j, Choice(Act.REROLL, dice=(0,)), [1, 5]).journey  # Delirium 1: d6 -> d4; the d8 -> 5
    assert once.stage == j.stage
    twice = apply(once, Choice(Act.REROLL, dice=(0,)), [2, 5]).journey  # Delirium 2: d4 -> 0, no option left
    assert twice.wanderer.conditions.delirium is StepDie.ZERO
    assert twice.phase is not Phase.ENTRY  # the Entry ended: You may continue your journey
    assert twice.phase is Phase.MOVE
