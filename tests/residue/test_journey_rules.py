"""Issue 13, item 2, the decisions finished last: NPC Entries (mandatory ones too) read by the
engine's one Entry reader, an Escape during Token Movement resolving the Hex in full, and Item
cards that grant Gain Item X or a deck shuffle (in and out of Combat).

One test per decision, named ``test_decision_<what>``, with ScriptedDice and the glossary's
numbers; ``apply`` checks every scripted die is used. Bad input is refused with a library error
and changes nothing.
"""

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_journey import HUSK, SETUP, apply, journey, own, sheet
from test_journey_decisions import RICH, fighting, refused

import tabletop_core as tc
from tabletop_core.residue.combat import Creature, Encounter
from tabletop_core.residue.decks import Deck
from tabletop_core.residue.entries import Entry, EntryCheck, EntryEffect, EntryOption, EntryTest, Requirement
from tabletop_core.residue.hexmap import Direction, Hex, Tile
from tabletop_core.residue.items import Item, ItemType, Loadout
from tabletop_core.residue.journey import (
    Act,
    AreaEntry,
    CautiousPolicy,
    Choice,
    GreedyPolicy,
    Journey,
    JourneyOutcome,
    Phase,
    play_journey,
    start_journey,
)
from tabletop_core.residue.journey.phases import (
    CombatPhase,
    EntryNext,
    EntryPhase,
    PlacePhase,
    RecoverPhase,
    TokenMovement,
    TravelPhase,
    Trip,
)
from tabletop_core.residue.step_die import StepDie
from tabletop_core.residue.tokens import Movement, Token, TokenKind

# -- NPC Entries: the one Entry machinery, for optional and mandatory NPCs ------------------

BLOCKS = Entry(
    "Mara",
    checks=(
        EntryCheck("she knows you", requires=(Requirement("keyword", "Friend"),), effect=EntryEffect(hp=1)),
        EntryCheck("she blocks the road", continue_journey=False),
    ),
    options=(
        EntryOption(
            "Climb past",
            limitation=(Requirement("skill", "Climb"),),
            test=EntryTest(
                "Commit Skill", skill_bonus=1, need=2, passed=EntryEffect(gain=("Past",)), failed=EntryEffect(hp=-1)
            ),
        ),
        EntryOption(
            "Bribe her",
            test=EntryTest("Luck Test", passed=EntryEffect(gain=("Friend",)), failed=EntryEffect(hp=-2)),
        ),
    ),
)
SOUTH = Tile(Hex(0, 1), region="Ash", area="Camp")  # discovered: no Discovery rolls


MARA_AT = Hex(0, 1)
FAR = Hex(0, 6)


def _mara(*, at=MARA_AT, mandatory=True, **token):
    return Token(TokenKind.NPC, at, name="Mara", mandatory=mandatory, **token)


def _onto_mara(wanderer=None, *, tokens=None, texts=(BLOCKS,)):
    """Commit Move (d8 showing 8: ★★), then step South onto Mara's Hex (⊙ Gear 5)."""
    setup = attrs.evolve(SETUP, texts=texts)
    j = journey(wanderer, tiles=(SOUTH,), tokens=tokens or (_mara(),), setup=setup)
    moving = apply(j, Choice(Act.COMMIT_MOVE, 0), []).journey
    return apply(moving, Choice(Act.MOVE, direction=Direction.S), [5])


def test_decision_mandatory_npc_entry_read_on_entering_its_hex_checks_then_options():
    step = _onto_mara()
    j = step.journey
    assert type(j.stage) is EntryPhase
    assert j.stage.entry == BLOCKS  # the full Entry, read by the engine
    assert "Entry Check: [otherwise] she blocks the road" in str(step)  # the first check that applies
    assert own(j.choices()) == (Choice(Act.OPTION, target=1),)  # Climb past needs the Climb Skill
    bribe = apply(j, Choice(Act.OPTION, target=1), [2]).journey  # Luck Test d6 -> 2: fail, Luck ⇩ d4; -2 HP
    assert bribe.wanderer.luck is StepDie.D4
    assert bribe.wanderer.health.hp == 4
    assert bribe.phase is Phase.MOVE  # You may continue your journey: 1 Travel ★ left
    assert bribe.travel_stars == 1


def test_decision_mandatory_npc_entry_commit_skill_plus_skill_and_keywords():
    climber = attrs.evolve(sheet(), skills=("Climb",))
    j = _onto_mara(climber).journey
    assert own(j.choices()) == (Choice(Act.OPTION, target=0), Choice(Act.OPTION, target=1))
    waiting = apply(j, Choice(Act.OPTION, target=0), []).journey
    assert Choice(Act.COMMIT_SKILL, 1, True) in waiting.choices()
    # d8 showing 6: ★★, +1 Skill: ★★★ against ★★: passed, Gain Keyword Past
    done = apply(waiting, Choice(Act.COMMIT_SKILL, 1), [])
    assert done.journey.wanderer.keywords == ("Past",)
    assert "Commit Skill (+1 Skill): ★★+ to pass: passed" in str(done)
    assert done.journey.phase is Phase.MOVE


def test_decision_mandatory_npc_entry_first_check_that_applies_ends_it():
    friend = attrs.evolve(sheet(hp=6), keywords=("Friend",))
    hurt = attrs.evolve(friend, health=attrs.evolve(friend.health, hp=3))
    step = _onto_mara(hurt)
    assert step.journey.wanderer.health.hp == 4  # "she knows you": +1 HP; the Entry ends there
    assert step.journey.phase is Phase.MOVE


def test_decision_npc_entry_read_after_the_hexs_combat():
    husk = Token(TokenKind.CREATURE, Hex(0, 1), name="Husk")
    step = _onto_mara(tokens=(husk, _mara()))
    j = step.journey
    assert type(j.stage) is CombatPhase  # Creatures first: one Combat with the Hex's Creatures
    assert j.stage.then == Trip(stars=1, entries=("Mara",))
    rat = attrs.evolve(j, stage=attrs.evolve(j.stage, encounter=Encounter((Creature("Rat", hp=1, damage=1),))))
    won = apply(rat, Choice(Act.ATTACK, 1, target=0), []).journey  # d8 showing 6: ★★, the Rat falls
    assert type(won.stage) is EntryPhase  # then Mara's Entry
    assert won.stage.entry.name == "Mara"
    assert won.stage.then == Trip(stars=1)


def test_decision_mandatory_npc_entry_read_when_it_enters_your_hex_in_token_movement():
    walker = _mara(movement=Movement.TOWARD)
    setup = attrs.evolve(SETUP, texts=(BLOCKS,))
    j = journey(tiles=(SOUTH,), tokens=(walker,), setup=setup)
    moved = apply(j, Choice(Act.END_TRAVEL), []).journey  # Token Movement: Mara walks onto the Wanderer
    assert type(moved.stage) is EntryPhase
    assert moved.stage.then == TokenMovement(next=None)
    assert moved.tokens[1].at == Hex(0, 0)
    after = apply(moved, Choice(Act.OPTION, target=1), [4]).journey  # Luck Test 4: pass, Gain Keyword Friend
    assert after.wanderer.keywords == ("Friend",)
    assert after.phase is Phase.CHECK_STRAIN  # Token Movement went on, then Check Strain


def test_decision_optional_npc_entry_still_read_when_met():
    setup = attrs.evolve(SETUP, texts=(BLOCKS,))
    j = journey(tokens=(_mara(at=Hex(0, 0), mandatory=False),), setup=setup)
    met = apply(j, Choice(Act.MEET, target=1), []).journey
    assert type(met.stage) is EntryPhase
    assert met.stage.then == Trip(begun=False)


def test_decision_area_entry_creature_faced_with_the_hexs_own_creatures():
    wake = Entry("Crater", checks=(EntryCheck("it wakes", effect=EntryEffect(creature="Husk")),))
    setup = attrs.evolve(SETUP, entries=(), texts=(wake,))
    husk = Token(TokenKind.CREATURE, Hex(0, -1), name="Husk")
    j = apply(journey(tokens=(husk,), setup=setup), Choice(Act.COMMIT_MOVE, 2), []).journey  # d8 4: ★
    step = apply(j, Choice(Act.MOVE, direction=Direction.N), [5, 1])  # ⊙ Gear 5; (Region Ash); Area Crater
    stage = step.journey.stage
    assert type(stage) is CombatPhase
    assert [e.name for e in stage.encounter.enemies] == ["Husk", "Husk"]  # the Entry's and the Token's
    assert stage.tokens == ((1, 1),)


def test_npc_entry_choices_not_offered_are_refused_and_change_nothing():
    j = _onto_mara().journey
    refused(j, Choice(Act.OPTION, target=0))  # Climb past: its Limitation is not met
    refused(j, Choice(Act.GAIN_ITEM))
    refused(j, Choice(Act.COMMIT_SKILL, 0))


# -- Escape during Token Movement resolves the Hex escaped to in full ------------------------

NORTH = Tile(Hex(0, -1), region="Ash", area="Camp")


def _escaping_in_token_movement(tokens=(), *, tiles=(NORTH,), hum=FAR, setup=SETUP, then=None):
    """A Combat Token Movement caused; Run with the d12 showing 12 (★★★★): Escape."""
    w = sheet(values=(12, 8, 4), dice=("d12", "d8", "d8"))
    j = journey(w, tiles=tiles, tokens=tokens, hum=hum, setup=setup)
    stage = CombatPhase(Encounter((HUSK,)), then=then or TokenMovement(next=None))
    ran = apply(attrs.evolve(j, stage=stage), Choice(Act.RUN, 0), [])
    assert ran.journey.phase is Phase.ESCAPE
    return ran.journey


def test_decision_escape_in_token_movement_onto_a_creature_starts_its_encounter():
    husk = Token(TokenKind.CREATURE, Hex(0, -1), name="Husk")
    j = _escaping_in_token_movement((husk,), then=TokenMovement(next=2))
    step = apply(j, Choice(Act.ESCAPE_TO, direction=Direction.N), [4])  # ⊙ Gear d8 -> 4
    stage = step.journey.stage
    assert type(stage) is CombatPhase  # the Creature Token on the Hex is resolved: an Encounter
    assert stage.tokens == ((0, 1),)
    assert stage.then == TokenMovement(next=2)  # Token Movement goes on after it


def test_decision_escape_in_token_movement_onto_an_npc_reads_its_entry_then_movement_goes_on():
    setup = attrs.evolve(SETUP, texts=(BLOCKS,))
    j = _escaping_in_token_movement((_mara(at=Hex(0, -1)),), setup=setup)
    reading = apply(j, Choice(Act.ESCAPE_TO, direction=Direction.N), [4]).journey
    assert type(reading.stage) is EntryPhase
    assert reading.stage.then == TokenMovement(next=None)
    after = apply(reading, Choice(Act.OPTION, target=1), [6]).journey  # Luck Test 6: pass, Luck ⇧ d8
    assert after.wanderer.luck is StepDie.D8
    assert after.phase is Phase.CHECK_STRAIN


def test_decision_escape_in_token_movement_onto_the_hum_reads_the_ruin_entry():
    ruin = Entry("Ruin", options=(EntryOption("Listen", effect=EntryEffect(gain=("Heard",))),))
    j = _escaping_in_token_movement(tiles=(), hum=Hex(0, -1), setup=attrs.evolve(SETUP, ruin_entry=ruin))
    reading = apply(j, Choice(Act.ESCAPE_TO, direction=Direction.N), [4]).journey  # Gear 4; (Region Ash)
    assert reading.phase is Phase.ENTRY
    assert reading.hum is None
    end = apply(reading, Choice(Act.OPTION, target=0), []).journey
    assert end.outcome is JourneyOutcome.REACHED_HUM
    assert end.wanderer.keywords == ("Heard",)


def test_decision_escape_in_token_movement_onto_an_undiscovered_hex_reads_its_area_entry():
    pit = Entry("Pit", checks=(EntryCheck("you fall", effect=EntryEffect(hp=-2)),))
    j = _escaping_in_token_movement(tiles=(), setup=attrs.evolve(SETUP, entries=(), texts=(pit,)))
    # ⊙ Gear 4; Region Ash (1); Area Pit (2 of Crater, Pit): its Entry, -2 HP; Token Movement goes on
    after = apply(j, Choice(Act.ESCAPE_TO, direction=Direction.N), [4, 2]).journey
    assert after.hexmap.tile(Hex(0, -1)).area == "Pit"
    assert after.wanderer.health.hp == 4
    assert after.phase is Phase.CHECK_STRAIN


# -- Item cards that grant Gain Item X or a deck shuffle ------------------------------------

BEACON = Item("Beacon", uses="d6")
CALLS = Entry("Beacon", checks=(EntryCheck("it calls", effect=EntryEffect(item="Rope", shuffle="Item Deck")),))
DECK = Deck((Item("Flare"), Item("Rope")))


def _with_beacon(*, stage=None, hp=6, texts=(CALLS,)):
    setup = attrs.evolve(SETUP, item_texts=texts, item_deck=DECK)
    w = attrs.evolve(sheet(), loadout=Loadout((BEACON, None), ()))
    w = attrs.evolve(w, health=attrs.evolve(w.health, hp=hp))
    j = journey(w, setup=setup, item_deck=DECK)
    return j if stage is None else attrs.evolve(j, stage=stage)


def test_decision_item_grants_gain_item_x_and_a_shuffle_in_the_travel_phase():
    j = _with_beacon()
    activated = apply(j, Choice(Act.ACTIVATE, item_slot=0), [4]).journey  # Uses d6 -> 4: no change
    assert type(activated.stage) is EntryPhase
    assert activated.stage.next is EntryNext.ITEM
    assert own(activated.choices()) == (Choice(Act.GAIN_ITEM), Choice(Act.LEAVE_ITEM))
    taken = apply(activated, Choice(Act.GAIN_ITEM), []).journey
    assert taken.item_deck.cards == (Item("Flare"),)  # Rope taken from the deck, wherever it was
    assert own(taken.choices()) == (Choice(Act.SHUFFLE), Choice(Act.NO_SHUFFLE))
    placing = apply(taken, Choice(Act.NO_SHUFFLE), []).journey
    assert type(placing.stage) is PlacePhase  # the gained card into a slot, then back to Travel
    placed = apply(placing, Choice(Act.PLACE, item_slot=1), []).journey
    assert placed.wanderer.loadout.item_slots == (BEACON, Item("Rope"))
    assert type(placed.stage) is TravelPhase


def test_decision_item_shuffle_of_the_deck():
    j = apply(_with_beacon(), Choice(Act.ACTIVATE, item_slot=0), [1]).journey  # Uses d6 -> 1: Uses ⇩ d4
    assert j.wanderer.loadout.item_slots[0].uses is StepDie.D4
    left = apply(j, Choice(Act.LEAVE_ITEM), []).journey
    shuffled = apply(left, Choice(Act.SHUFFLE), [1]).journey  # Fisher-Yates: one d2 for two cards
    assert shuffled.item_deck.cards == (Item("Rope"), Item("Flare"))
    assert type(shuffled.stage) is TravelPhase


def test_decision_item_grants_gain_item_x_in_combat_and_the_card_waits_for_the_combat_end():
    rat = Creature("Rat", hp=1, defense=0, damage=1)
    j = fighting(_with_beacon(), enemy=rat)
    activated = apply(j, Choice(Act.ACTIVATE, item_slot=0), [5]).journey
    assert activated.stage.before == j.stage
    taken = apply(activated, Choice(Act.GAIN_ITEM), []).journey
    fight = apply(taken, Choice(Act.NO_SHUFFLE), []).journey
    assert fight.stage == j.stage  # back in the Combat, as it was
    assert fight.gained == (Item("Rope"),)
    won = apply(fight, Choice(Act.ATTACK, 1, target=0), []).journey  # d8 showing 6: ★★, the Rat falls
    assert type(won.stage) is PlacePhase  # the card goes into a slot once the Combat is over


def test_decision_item_grants_gain_item_x_in_recover_hp_and_the_card_is_placed_at_the_new_day():
    j = _with_beacon(stage=RecoverPhase())
    taken = apply(apply(j, Choice(Act.ACTIVATE, item_slot=0), [3]).journey, Choice(Act.GAIN_ITEM), []).journey
    resting = apply(taken, Choice(Act.NO_SHUFFLE), []).journey
    assert type(resting.stage) is RecoverPhase
    day = apply(resting, Choice(Act.END_REST), [3, 8, 6, 4]).journey  # Check Luck 3; Start Day: three d8
    assert type(day.stage) is PlacePhase
    assert day.day == 2


def test_decision_item_entry_with_options_limitations_and_a_luck_test():
    pray = Entry(
        "Beacon",
        options=(
            EntryOption("Call for help", test=EntryTest("Luck Test", passed=EntryEffect(item="Rope"))),
            EntryOption("Signal the Marked", limitation=(Requirement("keyword", "Marked"),), effect=EntryEffect(hp=1)),
        ),
    )
    j = apply(_with_beacon(texts=(pray,)), Choice(Act.ACTIVATE, item_slot=0), [4]).journey
    assert own(j.choices()) == (Choice(Act.OPTION, target=0),)
    passed = apply(j, Choice(Act.OPTION, target=0), [3]).journey  # Luck Test 3: pass, Gain Item Rope offered
    assert own(passed.choices()) == (Choice(Act.GAIN_ITEM), Choice(Act.LEAVE_ITEM))
    failed = apply(j, Choice(Act.OPTION, target=0), [1]).journey  # 1: fail, Luck ⇩; back to Travel
    assert type(failed.stage) is TravelPhase


def test_an_item_that_grants_an_item_nowhere_in_play_offers_nothing():
    gone = Entry("Beacon", checks=(EntryCheck("it calls", effect=EntryEffect(item="Lantern")),))
    after = apply(_with_beacon(texts=(gone,)), Choice(Act.ACTIVATE, item_slot=0), [4]).journey
    assert type(after.stage) is TravelPhase


def test_bad_item_entries_are_refused_by_the_setup_and_offers_not_made_are_refused():
    wakes = Entry("Beacon", checks=(EntryCheck("it wakes", effect=EntryEffect(creature="Husk")),))
    with pytest.raises(tc.InvalidInput, match="bestiary"):
        attrs.evolve(SETUP, item_texts=(wakes,))
    leads = Entry("Beacon", options=(EntryOption("follow", effect=EntryEffect(go_to="Mara")),))
    with pytest.raises(tc.InvalidInput, match="goes to no other Entry"):
        attrs.evolve(SETUP, item_texts=(leads,))
    refused(_with_beacon(), Choice(Act.GAIN_ITEM))
    refused(_with_beacon(), Choice(Act.SHUFFLE))
    with pytest.raises(tc.InvalidInput, match="before must be given exactly"):
        EntryPhase(CALLS, next=EntryNext.ITEM)
    with pytest.raises(TypeError, match="activated in"):
        EntryPhase(CALLS, next=EntryNext.ITEM, before=PlacePhase())
    with pytest.raises(TypeError, match="entries"):
        Trip(entries="Mara")


def test_a_journey_mid_item_entry_in_combat_round_trips_through_json():
    j = apply(fighting(_with_beacon()), Choice(Act.ACTIVATE, item_slot=0), [4]).journey
    assert Journey.from_json(j.to_json()) == j
    moved = _onto_mara(tokens=(Token(TokenKind.CREATURE, Hex(0, 1), name="Husk"), _mara())).journey
    assert Journey.from_json(moved.to_json()) == moved


# -- policies finish Journeys with these decisions in play ----------------------------------


def _richest_setup():
    """RICH (Entries, an Item Deck, a Ruin Entry) with NPCs whose Entries are read and an Item's Entry."""
    mara = Entry(
        "Mara",
        checks=(EntryCheck("she blocks the road", continue_journey=False),),
        options=(
            EntryOption("Bribe her", test=EntryTest("Luck Test", passed=EntryEffect(item="Flare", draw=2, keep=1))),
            EntryOption("Walk on", effect=EntryEffect(hp=-1)),
        ),
    )
    hums = EntryEffect(hp=1, shuffle="Item Deck", draw_type="Item")
    beacon = Entry("Medkit", checks=(EntryCheck("it hums", effect=hums),))
    npcs = (
        Token(TokenKind.NPC, Hex(0, 2), name="Mara", movement=Movement.TOWARD),
        Token(TokenKind.NPC, Hex(1, 0), name="Mara"),
    )
    return attrs.evolve(RICH, texts=(*RICH.texts, mara), item_texts=(beacon,), tokens=(*RICH.tokens, *npcs))


RICHEST = _richest_setup()


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**16), policy=st.sampled_from([CautiousPolicy(), GreedyPolicy()]))
def test_policies_finish_journeys_with_npc_and_item_entries(seed, policy):
    w = sheet(values=(8, 6, 4))
    w = attrs.evolve(w, loadout=Loadout((Item("Medkit", uses="d6"), None), ()))
    end, _steps = play_journey(start_journey(w, RICHEST, rng=seed), policy, rng=seed)
    assert end.is_over
    assert Journey.from_json(end.to_json()) == end


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**16), picks=st.lists(st.integers(0, 10**6), min_size=60, max_size=60))
def test_any_offered_choice_keeps_the_state_valid_with_npc_and_item_entries(seed, picks):
    w = attrs.evolve(sheet(), loadout=Loadout((Item("Medkit", uses="d6"), None), ()))
    j = start_journey(w, RICHEST, rng=seed)
    source = tc.dice_source(seed)
    for pick in picks:
        if j.is_over:
            break
        offered = j.choices()
        j = j.apply(offered[pick % len(offered)], rng=source).journey
        assert Journey.from_dict(j.to_dict()) == j


# -- looking through deliverable 2 once more, as a player at the table ----------------------


def test_decision_npc_entry_limitations_of_every_kind_filter_the_options():
    kinds = (
        ("skill", "Climb"),
        ("item", "Beacon"),
        ("keyword", "Friend"),
        ("framework", "Scout"),
        ("resource", "Battery"),
        ("condition", "Bleeding"),
    )
    options = tuple(EntryOption(f"needs {name}", limitation=(Requirement(kind, name),)) for kind, name in kinds)
    text = Entry("Mara", options=(*options, EntryOption("Walk on")))
    w = attrs.evolve(sheet(inventory="d8"), skills=("Climb",), framework="Scout")  # Battery d8: a Resource
    w = attrs.evolve(w, loadout=Loadout((BEACON,), ())).gain_condition("Bleeding")
    offered = own(_onto_mara(w, texts=(text,)).journey.choices())
    # every option but the one asking for the Keyword Friend, which the Wanderer lacks
    assert offered == tuple(Choice(Act.OPTION, target=i) for i in (0, 1, 3, 4, 5, 6))
    plain = own(_onto_mara(sheet(inventory="d8"), texts=(text,)).journey.choices())
    assert plain == (Choice(Act.OPTION, target=4), Choice(Act.OPTION, target=6))  # Battery, and Walk on


def test_decision_luck_after_delirium_reroll_in_an_entrys_commit_skill():
    j = _onto_mara(attrs.evolve(sheet(), skills=("Climb",))).journey
    j = attrs.evolve(j, wanderer=j.wanderer.gain_condition("Delirium"))
    waiting = apply(j, Choice(Act.OPTION, target=0), []).journey
    assert Choice(Act.COMMIT_SKILL, 1, True) not in waiting.choices()  # Luck waits for the reroll
    rerolled = apply(waiting, Choice(Act.COMMIT_SKILL, 1), [5]).journey  # Delirium: the d8 rerolled, 5: ★
    assert rerolled.phase is Phase.LUCK
    lucky = apply(rerolled, Choice(Act.LUCK), [4])  # Luck d6 -> 4: +★; ★ +1 Skill +★ = ★★★: passed
    assert lucky.journey.wanderer.keywords == ("Past",)


def test_decision_anomaly_entry_read_when_it_is_discovered_and_only_once():
    obelisk = Entry("Obelisk", options=(EntryOption("Touch it", effect=EntryEffect(gain=("Touched",))),))
    anomaly = Token(TokenKind.ANOMALY, MARA_AT, name="Obelisk")
    step = _onto_mara(tokens=(anomaly,), texts=(obelisk,))
    reading = step.journey
    assert type(reading.stage) is EntryPhase
    assert reading.tokens[1].discovered
    after = apply(reading, Choice(Act.OPTION, target=0), []).journey
    assert after.wanderer.keywords == ("Touched",)
    assert after.phase is Phase.MOVE
    known = attrs.evolve(anomaly, discovered=True)  # Discovered already: nothing more happens
    assert _onto_mara(tokens=(known,), texts=(obelisk,)).journey.phase is Phase.MOVE


# -- Draw X. Choose Y. and Draw by Type, from an Entry or an Item card -------------------------

TOOL, WEAPON = ItemType.TOOL, ItemType.WEAPON
TOOLS = Deck((Item("Rope"), Item("Lamp", TOOL), Item("Pipe", WEAPON), Item("Saw", TOOL), Item("Flare")))


def _drawing(effect, *, texts=None):
    setup = attrs.evolve(SETUP, item_texts=texts or (Entry("Beacon", checks=(EntryCheck("it calls", effect=effect),)),))
    w = attrs.evolve(sheet(), loadout=Loadout((BEACON, None, None), ()))
    j = attrs.evolve(journey(w, setup=setup), item_deck=TOOLS)
    return apply(j, Choice(Act.ACTIVATE, item_slot=0), [4])  # Uses d6 -> 4: no change


def test_decision_draw_x_choose_y_keeps_the_cards_the_player_picks():
    step = _drawing(EntryEffect(draw=3, keep=2))
    j = step.journey
    assert "Draw 3: Rope, Lamp, Pipe" in str(step)
    assert own(j.choices()) == tuple(Choice(Act.KEEP_CARD, target=i) for i in range(3))
    assert str(Choice(Act.KEEP_CARD, target=2)) == "keep a drawn card (Draw X. Choose Y.) card 3"
    one = apply(j, Choice(Act.KEEP_CARD, target=2), []).journey  # keep the Pipe
    assert own(one.choices()) == (Choice(Act.KEEP_CARD, target=0), Choice(Act.KEEP_CARD, target=1))
    two = apply(one, Choice(Act.KEEP_CARD, target=0), []).journey  # and the Rope
    assert [c.name for c in two.gained] == ["Pipe", "Rope"]
    assert [c.name for c in two.item_deck.cards] == ["Saw", "Flare", "Lamp"]  # the unkept Lamp to the bottom
    assert type(two.stage) is PlacePhase


def test_decision_draw_x_matching_cards_choose_y():
    j = _drawing(EntryEffect(draw=2, keep=1, draw_type="Tool")).journey
    assert own(j.choices()) == (Choice(Act.KEEP_CARD, target=0), Choice(Act.KEEP_CARD, target=1))  # Lamp, Saw
    kept = apply(j, Choice(Act.KEEP_CARD, target=1), []).journey
    assert [c.name for c in kept.gained] == ["Saw"]
    # revealed cards of another type and the unkept Lamp go to the bottom, in the order revealed
    assert [c.name for c in kept.item_deck.cards] == ["Flare", "Rope", "Lamp", "Pipe"]


def test_decision_draw_by_type_reveals_until_the_type_and_keeps_it():
    j = _drawing(EntryEffect(draw_type="Weapon")).journey
    assert [c.name for c in j.gained] == ["Pipe"]
    assert [c.name for c in j.item_deck.cards] == ["Saw", "Flare", "Rope", "Lamp"]
    assert type(j.stage) is PlacePhase


def test_a_draw_keep_not_offered_is_refused_and_a_draw_keeping_more_than_drawn_too():
    j = _drawing(EntryEffect(draw=2, keep=1)).journey
    refused(j, Choice(Act.KEEP_CARD, target=2))
    refused(apply(j, Choice(Act.KEEP_CARD, target=0), []).journey, Choice(Act.KEEP_CARD, target=0))
    with pytest.raises(tc.InvalidInput, match="keep must be at most draw"):
        EntryEffect(draw=1, keep=2)
    with pytest.raises(tc.InvalidInput):
        EntryEffect(draw_type="Spoon")
    assert Journey.from_json(j.to_json()) == j


def test_decision_a_card_an_npc_gives_in_token_movement_is_placed_before_movement_goes_on():
    walker = _mara(movement=Movement.TOWARD)
    setup = attrs.evolve(SETUP, npcs=(AreaEntry("Mara", card=Item("Rope")),))
    w = attrs.evolve(sheet(), loadout=Loadout((None,), ()))
    moved = apply(journey(w, tiles=(SOUTH,), tokens=(walker,), setup=setup), Choice(Act.END_TRAVEL), []).journey
    assert type(moved.stage) is PlacePhase
    assert moved.stage.then == TokenMovement(next=None)
    placed = apply(moved, Choice(Act.PLACE, item_slot=0), []).journey
    assert placed.wanderer.loadout.item_slots == (Item("Rope"),)
    assert placed.phase is Phase.CHECK_STRAIN
