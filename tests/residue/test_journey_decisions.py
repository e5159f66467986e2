"""Every decision the glossary gives the player, offered by the Journey (issue 13, item 2).

One test per decision, named ``test_decision_<what>``, with ScriptedDice and the
glossary's numbers. ``apply`` checks every scripted die is used.
"""

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_journey import HUSK, SETUP, apply, journey, own, sheet

import tabletop_core as tc
from tabletop_core.residue.combat import Encounter
from tabletop_core.residue.conditions import Condition
from tabletop_core.residue.decks import Deck
from tabletop_core.residue.endurance import ActionSlot
from tabletop_core.residue.entries import Entry, EntryCheck, EntryEffect, EntryOption, EntryTest, Requirement
from tabletop_core.residue.hexmap import Direction, Hex
from tabletop_core.residue.items import Item, Loadout
from tabletop_core.residue.journey import (
    Act,
    AreaEntry,
    CautiousPolicy,
    Choice,
    GreedyPolicy,
    Journey,
    JourneyOutcome,
    Phase,
    example_setup,
    play_journey,
    start_journey,
)
from tabletop_core.residue.journey.phases import CombatPhase, CommitPhase, LuckPhase, MovePhase, RecoverPhase, Trip
from tabletop_core.residue.step_die import StepDie
from tabletop_core.residue.tokens import Token, TokenKind


def fighting(j, *, enemy=HUSK, retaliators=()):
    return attrs.evolve(j, stage=CombatPhase(Encounter((enemy,)), retaliators=retaliators, then=Trip()))


def committed(j, *positions):
    """Commit the pool dice at *positions* to Attack (as earlier Actions would have)."""
    endurance = j.wanderer.endurance
    for index in sorted(positions, reverse=True):
        endurance = endurance.commit(ActionSlot.ATTACK, index)
    return attrs.evolve(j, wanderer=attrs.evolve(j.wanderer, endurance=endurance))


def refused(j, choice, error=tc.RuleError):
    before = j.to_dict()
    with pytest.raises(error):
        j.apply(choice, rng=tc.ScriptedDice([1, 1, 1, 1]))
    assert j.to_dict() == before


# -- Gain Strain at any time: Reroll or Recover any or all dice ----------------------


def test_decision_reroll_any_subset_of_the_pool_for_1_strain():
    j = journey()  # pool d8(8) d8(6) d8(4)
    assert Choice(Act.REROLL) in j.choices()
    step = apply(j, Choice(Act.REROLL, dice=(2,)), [7])  # only the d8 showing 4
    pool = step.journey.wanderer.endurance.pool
    assert [d.value for d in pool] == [8, 6, 7]
    assert step.journey.wanderer.strain == 1
    both = apply(j, Choice(Act.REROLL, dice=(0, 2)), [3, 5]).journey
    assert [d.value for d in both.wanderer.endurance.pool] == [3, 6, 5]
    every = apply(j, Choice(Act.REROLL), [1, 2, 3]).journey  # dice=None: all of them
    assert [d.value for d in every.wanderer.endurance.pool] == [1, 2, 3]
    assert "dice #3" in str(Choice(Act.REROLL, dice=(2,)))


def test_decision_recover_any_subset_of_committed_dice_for_1_strain():
    j = committed(journey(), 0, 1)  # d8(8) and d8(6) committed, d8(4) in the pool
    assert Choice(Act.RECOVER) in j.choices()
    step = apply(j, Choice(Act.RECOVER, dice=(1,)), [5])  # recover one; the pool die is not rerolled
    endurance = step.journey.wanderer.endurance
    assert [d.value for d in endurance.pool] == [4, 5]
    assert len(endurance.committed) == 1
    assert endurance.strain == 1


def test_decision_strain_before_a_defense_commit_when_a_creature_retaliates():
    j = fighting(journey(), retaliators=(0,))
    offered = j.choices()
    assert Choice(Act.REROLL) in offered
    assert offered[-1] == Choice(Act.NO_DEFENSE)
    rerolled = apply(j, Choice(Act.REROLL, dice=(2,)), [8]).journey  # the 4 becomes 8
    assert rerolled.phase is Phase.DEFEND
    block = apply(rerolled, Choice(Act.DEFEND, 2), [])  # d8 showing 8: ★★ blocks the Husk's 2
    assert block.journey.wanderer.health.hp == 6


def test_decision_recover_with_an_empty_pool_before_defense():
    j = committed(fighting(journey(), retaliators=(0,)), 0, 1, 2)
    offered = j.choices()
    # No Reroll: the pool is empty. Recover all three, or each alone (any other subset: with_dice).
    assert offered == (
        Choice(Act.RECOVER),
        *(Choice(Act.RECOVER, dice=(i,)) for i in range(3)),
        Choice(Act.NO_DEFENSE),
    )
    back = apply(j, Choice(Act.RECOVER, dice=(0,)), [7]).journey
    assert Choice(Act.DEFEND, 0) in back.choices()


def test_decision_strain_between_travel_stars_in_the_move_phase():
    j = attrs.evolve(journey(), stage=MovePhase(stars=1))
    assert Choice(Act.REROLL) in j.choices()
    assert apply(j, Choice(Act.REROLL, dice=(1,)), [2]).journey.phase is Phase.MOVE


def test_starvation_forbids_the_reroll_but_not_the_recover():
    w = sheet().gain_condition("Starvation")
    j = committed(journey(w), 0)
    assert Choice(Act.REROLL) not in j.choices()
    assert Choice(Act.RECOVER) in j.choices()
    refused(j, Choice(Act.REROLL, dice=(0,)))


def test_delirium_is_rolled_when_strain_is_gained_for_a_reroll():
    w = sheet().gain_condition("Delirium")
    step = apply(journey(w), Choice(Act.REROLL, dice=(0,)), [1, 2])  # Delirium d6 -> 1 (d4), then the d8 -> 2
    assert step.journey.wanderer.conditions.delirium is StepDie.D4


def test_a_subset_naming_no_die_or_a_missing_die_is_refused_and_changes_nothing():
    j = journey()
    refused(j, Choice(Act.REROLL, dice=()), tc.InvalidInput)
    refused(j, Choice(Act.REROLL, dice=(3,)), tc.InvalidInput)
    refused(j, Choice(Act.REROLL, dice=(0, 0)), tc.InvalidInput)
    refused(j, Choice(Act.RECOVER, dice=(0,)))  # nothing committed: Recover is not offered


# -- Items in Combat -------------------------------------------------------------


def test_decision_item_activation_in_combat():
    kit = Loadout((Item("Medkit", uses="d6"),), ())
    setup = attrs.evolve(SETUP, item_effects=(AreaEntry("Medkit", hp=2),))
    j = fighting(journey(_hurt(attrs.evolve(sheet(), loadout=kit), 3), setup=setup))
    choice = Choice(Act.ACTIVATE, item_slot=0)
    assert choice in j.choices()
    step = apply(j, choice, [4])  # Uses d6 -> 4: no change; +2 HP
    assert step.journey.phase is Phase.COMBAT
    assert step.journey.wanderer.health.hp == 5


def _hurt(wanderer, hp):
    return attrs.evolve(wanderer, health=attrs.evolve(wanderer.health, hp=hp))


# -- Bleeding and Conditions from Entries -------------------------------------------


def test_decision_bleeding_rolled_when_an_item_heals():
    kit = Loadout((Item("Medkit", uses="d6"),), ())
    setup = attrs.evolve(SETUP, item_effects=(AreaEntry("Medkit", hp=2),))
    w = _hurt(attrs.evolve(sheet(), loadout=kit), 3).gain_condition("Bleeding")
    step = apply(journey(w, setup=setup), Choice(Act.ACTIVATE, item_slot=0), [4, 2])  # Uses 4; Bleeding d6 -> 2
    after = step.journey.wanderer
    assert after.health.hp == 5
    assert after.conditions.bleeding is StepDie.D4
    assert "Bleeding d6 → 2: Bleeding ⇩ d4" in str(step)


def test_decision_bleeding_rolled_when_an_area_entry_heals():
    setup = attrs.evolve(SETUP, entries=(AreaEntry("Crater", hp=3),))
    w = _hurt(sheet(), 2).gain_condition("Bleeding").gain_condition("Bleeding")  # Bleeding d8
    j = apply(journey(w, setup=setup), Choice(Act.COMMIT_MOVE, 2), []).journey  # d8 showing 4: ★
    # ⊙ Gear 5, (Ash, the only Region), Area roll 1 (Crater), Bleeding d8 -> 8: no change
    step = apply(j, Choice(Act.MOVE, direction=Direction.N), [5, 1, 8])
    assert step.journey.wanderer.health.hp == 4  # 2, -1 HP for Bleeding on the Commit, +3 HP
    assert step.journey.wanderer.conditions.bleeding is StepDie.D8


def test_decision_condition_from_an_area_entry_is_applied_and_the_next_attack_gets_minus_one_star():
    setup = attrs.evolve(SETUP, entries=(AreaEntry("Crater", condition=Condition.DEHYDRATION),))
    j = apply(journey(setup=setup), Choice(Act.COMMIT_MOVE, 2), []).journey
    entered = apply(j, Choice(Act.MOVE, direction=Direction.N), [5, 1]).journey
    assert entered.wanderer.conditions.has(Condition.DEHYDRATION)  # Water is d8: from the rule, kept
    fight = fighting(entered)
    hit = apply(fight, Choice(Act.ATTACK, 0, target=0), [])  # d8 showing 8: ★★, Dehydration -1 star
    assert hit.journey.encounter.enemies[0].hp == 2


# -- bad input and policies ---------------------------------------------------------


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**16), policy=st.sampled_from([CautiousPolicy(), GreedyPolicy()]))
def test_policies_still_finish_journeys_with_every_new_choice_offered(seed, policy):
    w = sheet(values=(8, 6, 4))
    end, steps = play_journey(start_journey(w, example_setup(), rng=seed), policy, rng=seed)
    assert end.is_over
    assert Journey.from_json(end.to_json()) == end
    assert len(steps) == end.steps


def test_choices_offered_in_any_phase_keep_the_state_valid():
    j = start_journey(sheet(), example_setup(), rng=7)
    source = tc.dice_source(7)
    for _ in range(200):
        if j.is_over:
            break
        offered = j.choices()
        choice = offered[source.roll(len(offered)) - 1]
        j = j.apply(choice, rng=source).journey
        assert Journey.from_dict(j.to_dict()) == j


# -- Escape onto a Hex resolves it ------------------------------------------------------


def _escaping(j):
    run = apply(fighting(j), Choice(Act.RUN, 0), [])  # d12 showing 12: ★★★★, Escape
    assert run.journey.phase is Phase.ESCAPE
    return run.journey


def test_decision_escape_onto_the_hum_reaches_it_and_ends_the_journey():
    w = sheet(values=(12, 8, 4), dice=("d12", "d8", "d8"))
    j = _escaping(journey(w, hum=Hex(0, -1)))
    step = apply(j, Choice(Act.ESCAPE_TO, direction=Direction.N), [4])  # ⊙ Gear 4; (Region Ash); the Hum
    assert step.journey.is_over
    assert step.journey.outcome is JourneyOutcome.REACHED_HUM
    assert step.journey.hum is None
    assert "Reach the Hum" in str(step)


def test_decision_escape_onto_an_undiscovered_hex_resolves_its_area_entry():
    w = sheet(values=(12, 8, 4), dice=("d12", "d8", "d8"))
    j = _escaping(journey(w))
    # ⊙ Gear 4; Region Ash (the only one); Area Pit (2): its Area Entry, -2 HP
    step = apply(j, Choice(Act.ESCAPE_TO, direction=Direction.N), [4, 2])
    after = step.journey
    assert after.hexmap.tile(Hex(0, -1)).area == "Pit"
    assert after.wanderer.health.hp == 4


# -- Luck for an Action, and No Dice Available -------------------------------------------


def test_decision_luck_decided_after_the_delirium_reroll():
    w = sheet().gain_condition("Delirium")  # pool d8(8) d8(6) d8(4), Luck d6
    j = fighting(journey(w))
    attacks = [c for c in j.choices() if c.act is Act.ATTACK]
    assert attacks
    assert not any(c.luck for c in attacks)  # Luck is not decided before the reroll is seen
    committed = apply(j, Choice(Act.ATTACK, 2, target=0), [2])  # the d8 showing 4 is rerolled: 2, no ★
    waiting = committed.journey
    assert waiting.phase is Phase.LUCK
    assert type(waiting.stage) is LuckPhase
    assert waiting.stage.pending.stars == 0
    assert own(waiting.choices()) == (Choice(Act.LUCK), Choice(Act.NO_LUCK))
    assert waiting.stage.before.encounter.enemies[0].hp == 3  # nothing resolved yet
    lucky = apply(waiting, Choice(Act.LUCK), [6])  # Luck d6 -> 6: +★ and Luck ⇧ d8
    after = lucky.journey
    assert after.wanderer.luck is StepDie.D8
    assert after.encounter.enemies[0].hp == 2  # ★: 1 Damage to the Husk (Defense 0)
    assert after.phase is Phase.DEFEND
    plain = apply(waiting, Choice(Act.NO_LUCK), []).journey
    assert plain.encounter.enemies[0].hp == 3
    assert plain.wanderer.luck is StepDie.D6


def test_without_delirium_luck_is_chosen_with_the_commit_and_no_luck_phase():
    j = fighting(journey())
    assert Choice(Act.ATTACK, 2, True, 0) in j.choices()
    step = apply(j, Choice(Act.ATTACK, 2, True, 0), [5])  # d8 showing 4: ★; Luck d6 -> 5: +★
    assert step.journey.encounter.enemies[0].hp == 1


def test_decision_no_dice_available_commit_chooses_the_die_and_luck():
    j = committed(fighting(journey()), 0, 1, 2)  # every die committed
    nda = Choice(Act.ATTACK, None, False, 0)
    assert j.choices()[0] == nda
    recovered = apply(j, nda, [2, 7, 5]).journey  # gain 1 Strain, recover all three: 2, 7, 5
    assert recovered.wanderer.strain == 1
    assert type(recovered.stage) is CommitPhase
    offered = recovered.choices()
    assert Choice(Act.ATTACK, 1, True, 0) in offered
    assert Choice(Act.PASS) not in offered  # the Commit the rules demanded comes now
    hit = apply(recovered, Choice(Act.ATTACK, 2, True, 0), [6])  # d8 showing 5: ★; Luck 6: +★, Luck ⇧
    assert hit.journey.encounter.enemies[0].hp == 1
    assert hit.journey.wanderer.luck is StepDie.D8
    assert type(hit.journey.stage) is CombatPhase


def test_no_dice_available_with_only_dice_fear_forbids_lets_the_player_reroll():
    w = sheet().gain_condition("Fear")
    j = committed(fighting(journey(w)), 0, 1, 2)
    recovered = apply(j, Choice(Act.ATTACK, None, False, 0), [2, 3, 4]).journey  # all below 6
    assert type(recovered.stage) is CombatPhase
    assert "no recovered die may be Committed" in str(
        j.apply(Choice(Act.ATTACK, None, False, 0), rng=tc.ScriptedDice([2, 3, 4]))
    )
    assert Choice(Act.REROLL) in recovered.choices()


def test_a_luck_choice_outside_the_luck_phase_is_refused():
    refused(fighting(journey()), Choice(Act.LUCK))
    w = sheet().gain_condition("Delirium")
    refused(fighting(journey(w)), Choice(Act.ATTACK, 2, True, 0))  # Luck with the Commit under Delirium


# -- Entries read by the engine ----------------------------------------------------------


def _entering_crater(texts, *, wanderer=None, **setup_changes):
    """Commit Move and step onto the Undiscovered Hex north: Region Ash (the only one), Area Crater (1)."""
    setup = attrs.evolve(SETUP, entries=(), texts=texts, **setup_changes)
    start = journey(wanderer, setup=setup, item_deck=setup.item_deck)
    j = apply(start, Choice(Act.COMMIT_MOVE, 2), []).journey  # d8 showing 4: ★
    return apply(j, Choice(Act.MOVE, direction=Direction.N), [5, 1])  # ⊙ Gear 5, Area


def test_decision_entry_checks_top_to_bottom_the_first_that_applies():
    text = Entry(
        "Crater",
        checks=(
            EntryCheck("a key fits", requires=(Requirement("keyword", "Key"),), effect=EntryEffect(hp=-3)),
            EntryCheck("you climb out", requires=(Requirement("skill", "Climb"),), gain=("Climbed",)),
            EntryCheck("otherwise", effect=EntryEffect(hp=-1)),
        ),
    )
    w = attrs.evolve(sheet(), skills=("Climb",))
    step = _entering_crater((text,), wanderer=w)
    after = step.journey
    assert after.wanderer.keywords == ("Climbed",)
    assert after.wanderer.health.hp == 6  # neither the first nor the third line was followed
    assert after.phase is Phase.CHECK_STRAIN  # You may continue your journey: the Hex, then End Travel
    assert "Entry Crater: You may continue your journey" in str(step)


def test_decision_entry_option_limitations_and_commit_skill_plus_skill():
    climb = EntryOption(
        "Climb the wall",
        limitation=(Requirement("skill", "Climb"),),
        test=EntryTest(
            "Commit Skill", skill_bonus=1, need=2, passed=EntryEffect(gain=("Over",)), failed=EntryEffect(hp=-1)
        ),
    )
    text = Entry("Crater", options=(climb, EntryOption("Walk around")))
    assert own(_entering_crater((text,)).journey.choices()) == (Choice(Act.OPTION, target=1),)  # no Climb skill
    j = _entering_crater((text,), wanderer=attrs.evolve(sheet(), skills=("Climb",))).journey
    assert j.phase is Phase.ENTRY
    assert own(j.choices()) == (Choice(Act.OPTION, target=0), Choice(Act.OPTION, target=1))
    skill = apply(j, Choice(Act.OPTION, target=0), []).journey
    assert Choice(Act.COMMIT_SKILL, 1, True) in skill.choices()
    # d8 showing 6: ★★, +1 Skill: ★★★ against the ★★ asked: passed
    done = apply(skill, Choice(Act.COMMIT_SKILL, 1), [])
    assert done.journey.wanderer.keywords == ("Over",)
    assert "Commit Skill (+1 Skill): ★★+ to pass: passed" in str(done)


def test_decision_entry_luck_test_fail_steps_luck_down():
    dare = EntryOption(
        "Reach in", test=EntryTest("Luck Test", passed=EntryEffect(gain=("Lucky",)), failed=EntryEffect(hp=-2))
    )
    j = _entering_crater((Entry("Crater", options=(dare,)),)).journey
    step = apply(j, Choice(Act.OPTION, target=0), [2])  # Luck d6 -> 2: fail, Luck ⇩ d4
    assert step.journey.wanderer.luck is StepDie.D4
    assert step.journey.wanderer.health.hp == 4
    passed = apply(j, Choice(Act.OPTION, target=0), [6]).journey  # Max Value: pass, Luck ⇧ d8
    assert passed.wanderer.keywords == ("Lucky",)
    assert passed.wanderer.luck is StepDie.D8


def test_decision_gain_keyword_lose_keyword_and_continue_or_go_on_to_options():
    text = Entry(
        "Crater",
        checks=(EntryCheck("the mark burns", lose=("Marked",), gain=("Burnt",), continue_journey=False),),
        options=(EntryOption("Rest a while", effect=EntryEffect(hp=1)),),
    )
    w = attrs.evolve(sheet(hp=6), keywords=("Marked",))
    j = _entering_crater((text,), wanderer=w).journey
    assert j.wanderer.keywords == ("Burnt",)
    assert j.phase is Phase.ENTRY  # the check did not end the Entry: its options follow
    assert own(j.choices()) == (Choice(Act.OPTION, target=0),)


def test_decision_gain_item_x_and_shuffle_the_deck_as_choices():
    deck = Deck(cards=(Item("Flare"), Item("Rope")))
    text = Entry("Crater", checks=(EntryCheck("a cache", effect=EntryEffect(item="Rope", shuffle="Item Deck")),))
    j = _entering_crater((text,), item_deck=deck).journey
    assert own(j.choices()) == (Choice(Act.GAIN_ITEM), Choice(Act.LEAVE_ITEM))
    taken = apply(j, Choice(Act.GAIN_ITEM), []).journey
    assert taken.gained == (Item("Rope"),)
    assert taken.item_deck.cards == (Item("Flare"),)
    assert own(taken.choices()) == (Choice(Act.SHUFFLE), Choice(Act.NO_SHUFFLE))
    placed = apply(taken, Choice(Act.NO_SHUFFLE), []).journey
    assert placed.phase is Phase.PLACE  # the gained card goes into a slot the player chooses
    left = apply(j, Choice(Act.LEAVE_ITEM), []).journey
    shuffled = apply(left, Choice(Act.SHUFFLE), [1]).journey  # Fisher-Yates: one die for two cards
    assert shuffled.item_deck.cards == (Item("Rope"), Item("Flare"))


def test_decision_ruin_entry_read_on_reaching_the_hum():
    ruin = Entry("Ruin", options=(EntryOption("Listen to the Hum", effect=EntryEffect(gain=("Heard",))),))
    setup = attrs.evolve(SETUP, ruin_entry=ruin)
    j = apply(journey(hum=Hex(0, 1), setup=setup), Choice(Act.COMMIT_MOVE, 0), []).journey
    reading = apply(j, Choice(Act.MOVE, direction=Direction.S), [5]).journey  # Gear; the Hum
    assert reading.phase is Phase.ENTRY
    assert reading.hum is None
    end = apply(reading, Choice(Act.OPTION, target=0), []).journey
    assert end.outcome is JourneyOutcome.REACHED_HUM
    assert end.wanderer.keywords == ("Heard",)


def test_decision_npc_entry_read_when_met():
    mara = Token(TokenKind.NPC, Hex(0, 0), name="Mara", mandatory=False)
    text = Entry("Mara", options=(EntryOption("Trade stories", effect=EntryEffect(gain=("Friend",))),))
    setup = attrs.evolve(SETUP, texts=(text,))
    j = journey(tokens=(mara,), setup=setup)
    assert Choice(Act.MEET, target=1) in j.choices()
    met = apply(j, Choice(Act.MEET, target=1), []).journey
    assert met.phase is Phase.ENTRY
    after = apply(met, Choice(Act.OPTION, target=0), []).journey
    assert after.wanderer.keywords == ("Friend",)
    assert after.phase is Phase.TRAVEL  # back to the Travel Phase it came from


def test_an_entry_option_not_offered_is_refused_and_a_setup_naming_an_unknown_creature_too():
    climb = EntryOption("Climb", limitation=(Requirement("skill", "Climb"),))
    j = _entering_crater((Entry("Crater", options=(climb, EntryOption("Walk"))),)).journey
    refused(j, Choice(Act.OPTION, target=0))
    refused(j, Choice(Act.OPTION, target=5))
    bad = Entry("Crater", options=(EntryOption("Wake it", effect=EntryEffect(creature="Dragon")),))
    with pytest.raises(tc.InvalidInput, match="Dragon"):
        attrs.evolve(SETUP, texts=(bad,))


def test_an_entry_round_trips_through_json_mid_reading():
    text = Entry("Crater", options=(EntryOption("Climb", test=EntryTest("Commit Skill")),))
    j = _entering_crater((text,)).journey
    skill = apply(j, Choice(Act.OPTION, target=0), []).journey
    assert Journey.from_json(skill.to_json()) == skill


# -- properties over whole Journeys with every decision in play -----------------------------


def _rich_setup():
    """The example content with Entries to read, an Item Deck and a Ruin Entry."""
    dare = EntryTest(
        "Luck Test", passed=EntryEffect(hp=2, item="Rope"), failed=EntryEffect(hp=-1, condition="Bleeding")
    )
    climb = EntryTest(
        "Commit Skill", skill_bonus=1, need=2, passed=EntryEffect(gain=("Climbed",)), failed=EntryEffect(hp=-1)
    )
    texts = (
        Entry("Old Road", options=(EntryOption("Search the carts", test=dare), EntryOption("Walk on"))),
        Entry(
            "Hollow",
            checks=(
                EntryCheck("you know the way", requires=(Requirement("keyword", "Climbed"),), effect=EntryEffect(hp=1)),
                EntryCheck("a wall blocks the way", continue_journey=False),
            ),
            options=(EntryOption("Climb", test=climb), EntryOption("Turn back", effect=EntryEffect(go_to="Spire"))),
        ),
        Entry(
            "Spire", checks=(EntryCheck("a cache", effect=EntryEffect(shuffle="Item Deck", condition="Dehydration")),)
        ),
    )
    setup = example_setup()
    entries = tuple(e for e in setup.entries if e.area not in {"Old Road", "Hollow", "Spire"})
    ruin = Entry("Ruin", options=(EntryOption("Listen", effect=EntryEffect(gain=("Heard",))),))
    deck = Deck(cards=(Item("Flare"), Item("Rope"), Item("Medkit", uses="d6")))
    return attrs.evolve(setup, entries=entries, texts=texts, ruin_entry=ruin, item_deck=deck)


RICH = _rich_setup()


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**16), policy=st.sampled_from([CautiousPolicy(), GreedyPolicy()]))
def test_policies_finish_journeys_with_entries_and_every_decision(seed, policy):
    w = sheet(values=(8, 6, 4)).gain_condition("Delirium")
    end, _steps = play_journey(start_journey(w, RICH, rng=seed), policy, rng=seed)
    assert end.is_over
    assert Journey.from_json(end.to_json()) == end


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**16), picks=st.lists(st.integers(0, 10**6), min_size=60, max_size=60))
def test_any_sequence_of_offered_choices_keeps_the_state_valid_and_round_trips(seed, picks):
    j = start_journey(sheet().gain_condition("Delirium"), RICH, rng=seed)
    source = tc.dice_source(seed)
    for pick in picks:
        if j.is_over:
            break
        offered = j.choices()
        choice = offered[pick % len(offered)]
        if choice.act in (Act.REROLL, Act.RECOVER):  # any non-empty subset of the dice
            size = len(j.wanderer.endurance.pool if choice.act is Act.REROLL else j.wanderer.endurance.committed)
            subset = tuple(i for i in range(size) if (pick >> i) & 1) or (0,)
            choice = attrs.evolve(choice, dice=subset)
        j = j.apply(choice, rng=source).journey
        assert Journey.from_dict(j.to_dict()) == j
        assert 0 <= j.wanderer.health.hp <= j.wanderer.health.max_hp


def test_a_check_asking_for_commit_skill_is_refused_by_the_setup():
    check = EntryCheck("climb", test=EntryTest("Commit Skill"))
    with pytest.raises(tc.InvalidInput, match="Luck Test"):
        attrs.evolve(SETUP, texts=(Entry("Crater", checks=(check,)),))


def test_a_journey_out_of_time_keeps_its_last_day_and_reloads():
    setup = attrs.evolve(SETUP, max_days=1)
    j = journey(setup=setup, stage=RecoverPhase())
    end = apply(j, Choice(Act.END_REST), [3, 8, 6, 4]).journey  # Check Luck 3; Start Day: three d8
    assert end.outcome is JourneyOutcome.OUT_OF_TIME
    assert end.day == 1
    assert Journey.from_json(end.to_json()) == end
