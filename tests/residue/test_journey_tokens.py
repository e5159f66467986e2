"""The Journey and the glossary's Tokens, NPCs, Portals and Item cards (Fast Travel, Anomalies,
optional and mandatory Encounters, Recycle, Corruption cards)."""

import json

import attrs
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_journey import own

import tabletop_core as tc
from tabletop_core.residue.combat import Creature
from tabletop_core.residue.conditions import Condition
from tabletop_core.residue.hexmap import Direction, Hex, HexMap, Region, Tile
from tabletop_core.residue.inventory import InventoryKind
from tabletop_core.residue.items import Item, ItemType, Loadout, Vendor
from tabletop_core.residue.journey import (
    Act,
    AreaEntry,
    CautiousPolicy,
    Choice,
    GreedyPolicy,
    Journey,
    JourneySetup,
    Phase,
    PortalRules,
    play_journey,
)
from tabletop_core.residue.journey.phases import CheckStrainPhase, MovePhase, PlacePhase, RecoverPhase
from tabletop_core.residue.step_die import StepDie
from tabletop_core.residue.tokens import Token, TokenKind
from tabletop_core.residue.wanderer import Wanderer

HUSK = Creature("Husk", hp=3, defense=0, damage=2)
RAIDER = Creature("Raider", hp=2, damage=1)
ASH = Region("Ash", ("Camp", "Crater", "Pit"))
PIPE = Item("Pipe", ItemType.WEAPON)
ROT = Item("Rot", ItemType.CORRUPTION)
SETUP = JourneySetup(
    regions=(ASH,),
    start_region="Ash",
    start_area="Camp",
    bestiary=(HUSK, RAIDER),
    anomalies=(AreaEntry("Hum Echo", hp=-1, inventory=((InventoryKind.WATER, 1),)),),
    npcs=(
        AreaEntry("Medic", hp=2),
        AreaEntry("Hermit", card=ROT),
        AreaEntry("Scav", card=PIPE),
        AreaEntry("Brute", creature="Husk"),
    ),
)
# A discovered ring around the start, so moving there rolls only Gear.
TILES = tuple(Tile(Hex(0, 0).neighbour(d), region="Ash", area="Camp") for d in Direction)


def sheet(*, values=(8, 6, 4), hp=4, loadout=None, inventory="d8"):
    return Wanderer.new(
        hp=hp,
        max_hp=6,
        endurance_dice=("d8", "d8", "d8"),
        inventory=inventory,
        luck="d6",
        strain_threshold=3,
        loadout=loadout,
        rng=tc.ScriptedDice(values),
    )


def journey(*tokens, wanderer=None, setup=SETUP, **changes):
    hexmap = HexMap(regions=(ASH,), tiles=(Tile(Hex(0, 0), region="Ash", area="Camp"), *TILES)).set_ruin(Hex(0, 9))
    every = (Token(TokenKind.HUM, Hex(0, 9), name="the Hum"), *tokens)
    every = tuple(
        attrs.evolve(t, foe={"Husk": HUSK, "Raider": RAIDER}[t.name])
        if t.kind in (TokenKind.CREATURE, TokenKind.RAIDERS)
        else t
        for t in every
    )
    base = Journey(wanderer=wanderer or sheet(), hexmap=hexmap, tokens=every, position=Hex(0, 0), setup=setup)
    return attrs.evolve(base, **changes)


def apply(j, choice, dice=()):
    source = tc.ScriptedDice(list(dice))
    step = j.apply(choice, rng=source)
    assert source.remaining == 0, f"{source.remaining} dice unused"
    return step


def move_south(j, gear=5):
    """Commit Move with the d8 showing 8 (★★), then one Travel ★ south to (0,1), ⊙ Gear."""
    j = apply(j, Choice(Act.COMMIT_MOVE, 0)).journey
    return apply(j, Choice(Act.MOVE, direction=Direction.S), [gear])


def round_trip(j):
    assert Journey.from_dict(json.loads(json.dumps(j.to_dict()))) == j


# -- Portal and Fast Travel ----------------------------------------------------------------


def test_portal_is_no_encounter_and_a_fast_travel_point():
    far = Token(TokenKind.PORTAL, Hex(1, 0), name="B")
    here = Token(TokenKind.PORTAL, Hex(0, 0), name="A")
    j = journey(here, far)
    assert Choice(Act.FAST_TRAVEL, target=2) in j.choices()  # from the Portal here to the other one
    assert Choice(Act.FAST_TRAVEL, target=1) not in j.choices()  # not to the Portal you stand on
    step = apply(j, Choice(Act.FAST_TRAVEL, target=2))  # free by default: no dice, no Gear roll
    after = step.journey
    assert after.position == Hex(1, 0)
    assert after.phase is Phase.TRAVEL  # began before Commit Move: back to the Travel Phase
    assert after.wanderer == j.wanderer
    assert "Token 3 (Portal B at (1,0)): no Encounter, a Fast Travel point" in str(step)
    assert Choice(Act.FAST_TRAVEL, target=1) in after.choices()  # and back again
    round_trip(after)


def test_fast_travel_follows_the_callers_portal_rules():
    tokens = (Token(TokenKind.PORTAL, Hex(0, 0)), Token(TokenKind.PORTAL, Hex(1, 0)))
    costly = attrs.evolve(SETUP, portal_rules=PortalRules(strain=1, inventory=InventoryKind.BATTERY, ends_travel=True))
    step = apply(journey(*tokens, setup=costly), Choice(Act.FAST_TRAVEL, target=2), [2])  # ⊙ Battery d8 -> 2: ⇩
    after = step.journey
    assert after.wanderer.strain == 1
    assert after.wanderer.inventory.battery is StepDie.D6
    assert after.phase is Phase.CHECK_STRAIN  # these Portal rules end Travel
    assert "Fast Travel to Token 3 (Portal at (1,0)); Fast Travel: +1 Strain (Strain 1)" in str(step)
    # No Portal rules, an Inactive Portal, or the Inventory the rules ask for at 0: no Fast Travel.
    assert Act.FAST_TRAVEL not in {
        c.act for c in journey(*tokens, setup=attrs.evolve(SETUP, portal_rules=None)).choices()
    }
    asleep = (tokens[0], tokens[1].deactivate())
    assert Act.FAST_TRAVEL not in {c.act for c in journey(*asleep).choices()}
    drained = sheet(inventory=tc.residue.Inventory(food="d8", water="d8", battery="0", gear="d8", resolve="d8"))
    assert Act.FAST_TRAVEL not in {c.act for c in journey(*tokens, wanderer=drained, setup=costly).choices()}
    with pytest.raises(tc.InvalidInput, match="strain"):
        PortalRules(strain=-1)


def test_fast_travel_between_travel_stars_keeps_them():
    tokens = (Token(TokenKind.PORTAL, Hex(0, 1)), Token(TokenKind.PORTAL, Hex(-1, 0)))
    step = move_south(journey(*tokens))
    assert step.journey.phase is Phase.MOVE
    assert Choice(Act.FAST_TRAVEL, target=2) in step.journey.choices()
    after = apply(step.journey, Choice(Act.FAST_TRAVEL, target=2)).journey
    assert (after.position, after.travel_stars, after.phase) == (Hex(-1, 0), 1, Phase.MOVE)


# -- Anomaly ----------------------------------------------------------------------------------


def test_an_undiscovered_anomaly_is_discovered_once_with_its_entry():
    anomaly = Token(TokenKind.ANOMALY, Hex(0, 1), name="Hum Echo")
    step = move_south(journey(anomaly))
    after = step.journey
    assert after.tokens[1].discovered
    assert "Discover Anomaly Hum Echo" in str(step)
    assert after.wanderer.health.hp == 3  # its entry: -1 HP
    assert after.wanderer.inventory.water is StepDie.D10  # and Water ⇧
    # Once Discovered, entering its Hex again does nothing.
    back = apply(after, Choice(Act.MOVE, direction=Direction.N), [5]).journey
    assert back.phase is Phase.CHECK_STRAIN  # the last Travel ★
    again = apply(apply(back, Choice(Act.TRAVEL)).journey, Choice(Act.COMMIT_MOVE, 1)).journey  # 6: ★★
    revisit = apply(again, Choice(Act.MOVE, direction=Direction.S), [5])
    assert revisit.journey.wanderer.health.hp == 3
    assert "Discover Anomaly" not in str(revisit)
    # An Anomaly the caller gives no entry for is only marked Discovered.
    plain = move_south(journey(Token(TokenKind.ANOMALY, Hex(0, 1), name="Glint"))).journey
    assert plain.tokens[1].discovered
    assert plain.wanderer.health.hp == 4


# -- NPCs, Raiders, Vendors: optional or mandatory --------------------------------------------


def test_a_mandatory_npc_entry_resolves_on_entering():
    medic = Token(TokenKind.NPC, Hex(0, 1), name="Medic")  # mandatory by default
    step = move_south(journey(medic))
    assert step.journey.wanderer.health.hp == 6  # +2 HP, up to Max HP 6
    assert "NPC Entry Medic" in str(step)
    assert step.journey.phase is Phase.MOVE


def test_an_optional_npc_is_offered_and_can_be_passed_by():
    medic = Token(TokenKind.NPC, Hex(0, 1), name="Medic", mandatory=False)
    arrived = move_south(journey(medic)).journey
    assert arrived.phase is Phase.MEET
    assert own(arrived.choices()) == (Choice(Act.MEET, target=1), Choice(Act.GO_ON))
    met = apply(arrived, Choice(Act.MEET, target=1)).journey
    assert met.wanderer.health.hp == 6
    assert met.phase is Phase.MOVE  # one Travel ★ left
    assert Act.MEET not in {c.act for c in met.choices()}  # met once on this Hex
    passed = apply(arrived, Choice(Act.GO_ON)).journey
    assert passed.wanderer.health.hp == 4
    assert passed.phase is Phase.MOVE
    round_trip(arrived)


def test_an_npc_entry_can_start_a_fight():
    brute = Token(TokenKind.NPC, Hex(0, 1), name="Brute")
    after = move_south(journey(brute)).journey
    assert after.phase is Phase.COMBAT
    assert after.encounter.enemies == (HUSK,)


def test_optional_raiders_fight_only_when_met():
    raiders = Token(TokenKind.RAIDERS, Hex(0, 1), name="Raider", mandatory=False)
    arrived = move_south(journey(raiders)).journey
    assert arrived.phase is Phase.MEET
    fight = apply(arrived, Choice(Act.MEET, target=1)).journey
    assert fight.phase is Phase.COMBAT
    assert fight.encounter.enemies == (RAIDER,)
    assert apply(arrived, Choice(Act.GO_ON)).journey.phase is Phase.MOVE


def test_optional_raiders_entering_your_hex_are_offered_in_the_next_travel_phase():
    raiders = Token(TokenKind.RAIDERS, Hex(0, 2), name="Raider", mandatory=False)
    rested = apply(journey(raiders, position=Hex(0, 1)), Choice(Act.END_TRAVEL)).journey
    assert rested.tokens[1].at == Hex(0, 1)  # Token Movement brought them here: no forced fight
    assert rested.phase is Phase.CHECK_STRAIN
    travel = apply(rested, Choice(Act.TRAVEL)).journey
    assert Choice(Act.MEET, target=1) in travel.choices()
    fight = apply(travel, Choice(Act.MEET, target=1)).journey
    assert fight.phase is Phase.COMBAT


def test_meeting_in_the_travel_phase_returns_to_it():
    medic = Token(TokenKind.NPC, Hex(0, 0), name="Medic", mandatory=False)
    j = journey(medic)
    assert Choice(Act.MEET, target=1) in j.choices()
    after = apply(j, Choice(Act.MEET, target=1)).journey
    assert (after.phase, after.wanderer.health.hp) == (Phase.TRAVEL, 6)
    assert Act.MEET not in {c.act for c in after.choices()}


# -- Item cards: gained cards, Corruption cards, Recycle ---------------------------------------


def test_a_gained_card_goes_into_a_slot_the_player_chooses():
    scav = Token(TokenKind.NPC, Hex(0, 1), name="Scav")
    kit = Loadout((None, Item("Rope")), (None,))
    arrived = move_south(journey(scav, wanderer=sheet(loadout=kit))).journey
    assert arrived.phase is Phase.PLACE
    assert own(arrived.choices()) == (
        Choice(Act.PLACE, item_slot=0),
        Choice(Act.PLACE, item_slot=1),
        Choice(Act.PLACE, weapon_slot=0),
        Choice(Act.DISCARD_CARD),
    )
    armed = apply(arrived, Choice(Act.PLACE, weapon_slot=0)).journey
    assert armed.wanderer.loadout.active_weapons == (PIPE,)
    assert (armed.wanderer.strain, armed.phase) == (0, Phase.MOVE)  # an empty slot: no switch
    swapped = apply(arrived, Choice(Act.PLACE, item_slot=1))
    assert swapped.journey.wanderer.loadout.item_slots == (None, PIPE)
    assert swapped.journey.wanderer.strain == 1  # replacing a card outside Rest costs a switch: 1 Strain
    assert "Rope [Item] discarded" in str(swapped)
    dropped = apply(arrived, Choice(Act.DISCARD_CARD)).journey
    assert dropped.wanderer.loadout == kit
    round_trip(arrived)


def test_a_corruption_card_takes_a_slot_and_is_permanent_corruption():
    hermit = Token(TokenKind.NPC, Hex(0, 1), name="Hermit")
    kit = Loadout((Item("Rope"),), (Item("Older Rot", ItemType.CORRUPTION),))
    arrived = move_south(journey(hermit, wanderer=sheet(loadout=kit))).journey
    # It may replace anything, another Corruption too, and cannot be declined while a slot can hold it.
    assert own(arrived.choices()) == (Choice(Act.PLACE, item_slot=0), Choice(Act.PLACE, weapon_slot=0))
    after = apply(arrived, Choice(Act.PLACE, item_slot=0)).journey
    assert after.wanderer.loadout.item_slots == (ROT,)
    assert after.wanderer.conditions.has(Condition.CORRUPTION)
    assert after.wanderer.inventory.corrupted
    # A Corruption card in a slot may only be replaced by another Corruption: an Item cannot go there.
    scav = attrs.evolve(after, gained=(PIPE,), stage=PlacePhase())
    assert own(scav.choices()) == (Choice(Act.DISCARD_CARD),)
    # A sheet with no slot at all cannot hold it: the only choice left is to discard it.
    bare = move_south(journey(hermit)).journey
    assert own(bare.choices()) == (Choice(Act.DISCARD_CARD),)


def test_recycle_an_item_for_gear_up_but_never_a_corruption_card():
    kit = Loadout((Item("Rope"),), (ROT,))
    worn = tc.residue.Inventory(food="d8", water="d8", battery="d8", gear="d4", resolve="d8")
    j = journey(wanderer=sheet(loadout=kit, inventory=worn))
    recycles = [c for c in j.choices() if c.act is Act.RECYCLE]
    assert recycles == [Choice(Act.RECYCLE, item_slot=0)]  # the Corruption card cannot be recycled
    step = apply(j, recycles[0])
    assert step.journey.wanderer.loadout.item_slots == (None,)
    assert step.journey.wanderer.inventory.gear is StepDie.D6  # Gear ⇧
    assert "Recycle Rope [Item]: Gear ⇧ d6" in str(step)
    exposed = tc.residue.Inventory(food="d8", water="d8", battery="d8", gear="0", resolve="d8")
    bare = apply(journey(wanderer=sheet(loadout=kit, inventory=exposed)), Choice(Act.RECYCLE, item_slot=0)).journey
    assert not bare.wanderer.conditions.has(Condition.EXPOSED)  # Gear returns: Exposed ends
    resting = attrs.evolve(j, stage=RecoverPhase())
    assert Choice(Act.RECYCLE, item_slot=0) in resting.choices()  # at Rest too
    assert Choice(Act.RECYCLE, item_slot=0) in attrs.evolve(j, stage=MovePhase(stars=1)).choices()  # between ★
    with pytest.raises(tc.RuleError):
        apply(attrs.evolve(j, stage=CheckStrainPhase()), Choice(Act.RECYCLE, item_slot=0))


@pytest.mark.parametrize("policy", [CautiousPolicy(), GreedyPolicy()])
@pytest.mark.parametrize("seed", range(6))
def test_policies_handle_the_new_choices(policy, seed):
    tokens = (
        Token(TokenKind.NPC, Hex(0, 1), name="Scav", mandatory=False),
        Token(TokenKind.NPC, Hex(1, 0), name="Hermit"),
        Token(TokenKind.RAIDERS, Hex(0, 2), name="Raider", mandatory=False),
        Token(TokenKind.ANOMALY, Hex(-1, 0), name="Hum Echo"),
        Token(TokenKind.PORTAL, Hex(0, 0)),
        Token(TokenKind.PORTAL, Hex(2, 2)),
    )
    start = journey(*tokens, wanderer=sheet(loadout=Loadout((None,), (None,))))
    end, _steps = play_journey(start, policy, rng=seed)
    assert end.is_over


class RandomPolicy:
    """Any offered choice, uniformly, from its own seeded stream (reaches every kind of choice)."""

    name = "random"

    def __init__(self, seed):
        self.rng = np.random.default_rng(seed)

    def choose(self, journey, choices):
        return choices[int(self.rng.integers(len(choices)))]


def busy_start(seed):
    tokens = (
        Token(TokenKind.NPC, Hex(0, 1), name="Scav", mandatory=False),
        Token(TokenKind.NPC, Hex(1, 0), name="Hermit"),
        Token(TokenKind.NPC, Hex(-1, 1), name="Medic", mandatory=False),
        Token(TokenKind.RAIDERS, Hex(0, 2), name="Raider", mandatory=False),
        Token(TokenKind.CREATURE, Hex(2, -2), name="Husk"),
        Token(TokenKind.ANOMALY, Hex(-1, 0), name="Hum Echo"),
        Token(TokenKind.PORTAL, Hex(0, 0)),
        Token(TokenKind.PORTAL, Hex(1, -1)),
        Token(TokenKind.PORTAL, Hex(3, 3)),
        Token(TokenKind.VENDOR, Hex(1, 1), name="Dealer", mandatory=False),
        Token(TokenKind.VENDOR, Hex(-1, -1), name="Dealer"),
    )
    kit = Loadout((Item("Rope"), Item("Medkit", uses="d6")), (None,))
    dealer = Vendor("Dealer", tradeable=(InventoryKind.FOOD, InventoryKind.WATER), goods=(PIPE, ROT), prices=(1, 2))
    setup = attrs.evolve(
        SETUP,
        portal_rules=PortalRules(strain=1),
        max_days=6,
        vendors=(dealer,),
        item_effects=(AreaEntry("Medkit", hp=1),),
    )
    return journey(*tokens, wanderer=sheet(loadout=kit), setup=setup, vendors=(dealer,))


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(0, 40))
def test_any_sequence_of_choices_keeps_the_rules_and_resumes_identically(seed, cut):
    j = busy_start(seed)
    policy = RandomPolicy(seed)
    source = tc.dice_source(seed)
    for _ in range(cut):
        if j.is_over:
            break
        j = j.apply(policy.choose(j, j.choices()), rng=source).journey
        assert 0 <= j.wanderer.health.hp <= j.wanderer.health.max_hp
    resumed = Journey.from_json(j.to_json())
    assert resumed == j
    a, steps = play_journey(j, RandomPolicy(seed + 1), rng=seed + 2)
    b, _ = play_journey(resumed, RandomPolicy(seed + 1), rng=seed + 2)
    assert a == b
    for before, step in zip((j, *(s.journey for s in steps)), steps, strict=False):
        health = step.journey.wanderer.health
        assert 0 <= health.hp <= health.max_hp
        # Strain is below ST when Recover HP begins (it may be gained again there: at any time).
        if step.journey.phase is Phase.RECOVER and before.phase in (Phase.PAYOFF, Phase.CHECK_STRAIN):
            assert step.journey.wanderer.strain < step.journey.wanderer.strain_threshold


def test_a_corruption_card_bartered_from_a_vendor_is_permanent_corruption_too():
    dealer = Vendor("Dealer", tradeable=(InventoryKind.FOOD,), goods=(ROT,), prices=(1,))
    token = Token(TokenKind.VENDOR, Hex(0, 1), name="Dealer")
    setup = attrs.evolve(SETUP, vendors=(dealer,))
    j = journey(token, wanderer=sheet(loadout=Loadout((None,), ())), setup=setup, vendors=(dealer,))
    trade = move_south(j).journey
    assert trade.phase is Phase.TRADE
    paying = apply(trade, Choice(Act.BARTER, target=0), []).journey
    bought = apply(paying, Choice(Act.BARTER_PAY, kind=InventoryKind.FOOD), [5]).journey  # ⊙ Food 5
    assert bought.wanderer.loadout.item_slots == (ROT,)
    assert bought.wanderer.conditions.has(Condition.CORRUPTION)


def test_activating_an_item_rolls_its_uses_and_a_d4_stepping_down_returns_it():
    kit_card = Item("Medkit", uses="d6")
    torch = Item("Torch", requires_battery=True, uses="d8")
    gun = Item("Flare Gun", ItemType.WEAPON, uses="d4")
    setup = attrs.evolve(SETUP, item_effects=(AreaEntry("Medkit", hp=2),))
    kit = Loadout((kit_card, torch, gun), (gun,))
    j = journey(wanderer=sheet(loadout=kit), setup=setup)
    activations = [c for c in j.choices() if c.act is Act.ACTIVATE]
    # The Weapon in an Item Slot is not offered: Weapon abilities function only in a Weapon Slot.
    assert activations == [
        Choice(Act.ACTIVATE, item_slot=0),
        Choice(Act.ACTIVATE, item_slot=1),
        Choice(Act.ACTIVATE, weapon_slot=0),
    ]
    step = apply(j, activations[0], [5])  # Uses d6 -> 5: no change; its effect: +2 HP
    assert step.journey.wanderer.health.hp == 6
    assert step.journey.wanderer.loadout.item_slots[0] == kit_card
    assert "activate Medkit; Uses d6 → 5: no change" in str(step)
    worn = apply(j, activations[0], [2]).journey  # 1-2: Uses ⇩
    assert worn.wanderer.loadout.item_slots[0].uses is StepDie.D4
    gone = apply(j, activations[2], [1]).journey  # a d4 stepping down returns the card to its deck
    assert gone.wanderer.loadout.weapon_slots == (None,)
    assert gone.wanderer.health.hp == 4  # no effect given for the Flare Gun
    # Requires Battery: not under Depletion.
    drained = tc.residue.Inventory(food="d8", water="d8", battery="0", gear="d8", resolve="d8")
    dark = journey(wanderer=sheet(loadout=kit, inventory=drained), setup=setup)
    assert Choice(Act.ACTIVATE, item_slot=1) not in dark.choices()
    assert Choice(Act.ACTIVATE, item_slot=0) in attrs.evolve(j, stage=RecoverPhase()).choices()  # at Rest too
    with pytest.raises(tc.InvalidInput, match="item_effects"):
        attrs.evolve(SETUP, item_effects=(AreaEntry("Medkit", creature="Husk"),))
    round_trip(worn)
