# ruff: noqa: RUF002 -- the glossary's lines are quoted as written (its minus sign and en dash)
"""The glossary lines the Journey applies on content written from the glossary, each with scripted dice.

Every test's docstring quotes the glossary line(s) it checks (``/shared/rules/residue-glossary.txt``);
the content is hand-made for the line, never the example setup.
"""

from __future__ import annotations

import attrs
import pytest

import tabletop_core as tc
from tabletop_core.residue.combat import Creature, Encounter, Mutation
from tabletop_core.residue.conditions import Condition
from tabletop_core.residue.death import DefeatCause
from tabletop_core.residue.endurance import Endurance, EnduranceDie
from tabletop_core.residue.entries import Entry, EntryCheck, EntryEffect, EntryOption, EntryTest
from tabletop_core.residue.hexmap import Direction, Hex, HexMap, Region, Tile
from tabletop_core.residue.inventory import Inventory, InventoryKind
from tabletop_core.residue.items import Item, ItemType, Loadout, Vendor
from tabletop_core.residue.journey import (
    Act,
    AreaEntry,
    CautiousPolicy,
    Choice,
    GreedyPolicy,
    Journey,
    JourneyOutcome,
    JourneySetup,
    Phase,
    RegionRules,
    TradePhase,
    play_journey,
    start_journey,
)
from tabletop_core.residue.journey.phases import CheckStrainPhase, CombatPhase, EscapePhase, PayoffPhase, Trip
from tabletop_core.residue.step_die import StepDie
from tabletop_core.residue.tokens import Movement, Token, TokenKind
from tabletop_core.residue.wanderer import Wanderer

ASH = Region("Ash", ("Camp", "Crater", "Pit"))
GLASS = Region("Glass", ("Spire", "Lake"))
HUSK = Creature("Husk", hp=2, defense=0, damage=1)
WISP = Creature("Wisp", hp=1, defense=0, damage=1)
RING = tuple(Tile(Hex(0, 0).neighbour(d), region="Ash", area="Camp") for d in Direction)  # discovered around


def sheet(values=(8, 6, 4), *, dice=("d8", "d8", "d8"), inventory="d8", luck="d6", threshold=3, hp=6, **kw):
    return Wanderer.new(
        hp=hp,
        endurance_dice=dice,
        inventory=inventory,
        luck=luck,
        strain_threshold=threshold,
        rng=tc.ScriptedDice(values),
        **kw,
    )


def content(**changes) -> JourneySetup:
    base = JourneySetup(regions=(ASH,), start_region="Ash", start_area="Camp", bestiary=(HUSK, WISP))
    return attrs.evolve(base, **changes)


FAR = Hex(0, 9)


def journey(wanderer, *tokens, setup=None, tiles=RING, hum=FAR, regions=(ASH,), **changes) -> Journey:
    """A Journey on a hand-made map: the start (0,0) in Ash · Camp, the Hum where asked, *tokens* after it."""
    hexmap = HexMap(regions=regions, tiles=(Tile(Hex(0, 0), region="Ash", area="Camp"), *tiles)).set_ruin(hum)
    every = (Token(TokenKind.HUM, hum, name="the Hum"), *tokens)
    base = Journey(wanderer=wanderer, hexmap=hexmap, tokens=every, position=Hex(0, 0), setup=setup or content())
    return attrs.evolve(base, **changes)


def apply(j, choice, dice=()):
    """Apply *choice* with exactly *dice* (every scripted die must be used)."""
    source = tc.ScriptedDice(list(dice))
    step = j.apply(choice, rng=source)
    assert source.remaining == 0, f"{source.remaining} dice unused"
    return step


def pool(*values, die="d8"):
    return Endurance(pool=tuple(EnduranceDie(die=die, value=v) for v in values))


# -- No Dice Available: never stuck -------------------------------------------------------------


def test_an_entry_asking_for_commit_skill_when_no_die_may_be_committed_offers_no_dice_available():
    """No Dice Available: If you must Commit with no dice in your EP, gain 1 Strain to recover your committed dice.
    If there are no committed dice to recover, you are defeated.
    Fear: Starts d6. Only Commit dice with Value 6+.
    Starvation: Cannot gain Strain to reroll your EP.

    Fear forbids every die in the EP (none 6+), Food 0 forbids the Reroll, nothing is
    committed, and an NPC walks in (Token Movement) whose Entry asks for Commit Skill: the
    Journey offers the Commit Skill as No Dice Available, and it is the defeat the rules name.
    """
    bag = Inventory(food="0", water="d8", battery="d8", gear="d8", resolve="d8")
    w = attrs.evolve(sheet(), endurance=pool(5, 3, 2), inventory=bag).gain_condition("Fear")
    talk = Entry("Mara", options=(EntryOption("Argue", test=EntryTest("Commit Skill", need=1)),))
    mara = Token(TokenKind.NPC, Hex(0, 1), name="Mara", movement=Movement.TOWARD)
    j = journey(w, mara, setup=content(texts=(talk,)))
    met = apply(j, Choice(Act.END_TRAVEL)).journey  # Token Movement: Mara enters your Hex
    chosen = apply(met, Choice(Act.OPTION, target=0)).journey
    assert chosen.phase is Phase.ENTRY
    offered = chosen.choices()
    assert offered == (Choice(Act.COMMIT_SKILL, None),)  # not empty: No Dice Available
    assert "no die to Commit or recover (defeat)" in str(offered[0])
    end = apply(chosen, offered[0]).journey
    assert end.outcome is JourneyOutcome.DEFEATED
    assert end.defeat.cause is DefeatCause.NO_DICE


def test_no_dice_available_under_fear_recovers_the_committed_dice_then_the_commit_is_chosen():
    """No Dice Available: If you must Commit with no dice in your EP, gain 1 Strain to recover your committed dice.
    Fear: Starts d6. Only Commit dice with Value 6+.

    The EP holds dice, none showing 6+; a die is committed: Commit Skill recovers it for 1
    Strain (rolled: 7), and the Commit is then made with it.
    """
    bag = Inventory(food="0", water="d8", battery="d8", gear="d8", resolve="d8")
    w = attrs.evolve(sheet(), endurance=pool(5, 3).commit("move", 1), inventory=bag).gain_condition("Fear")
    talk = Entry("Mara", options=(EntryOption("Argue", test=EntryTest("Commit Skill", need=1)),))
    j = journey(w, Token(TokenKind.NPC, Hex(0, 1), name="Mara", movement=Movement.TOWARD), setup=content(texts=(talk,)))
    chosen = apply(apply(j, Choice(Act.END_TRAVEL)).journey, Choice(Act.OPTION, target=0)).journey
    assert chosen.choices() == (Choice(Act.COMMIT_SKILL, None), Choice(Act.RECOVER))
    recovered = apply(chosen, Choice(Act.COMMIT_SKILL, None), [7]).journey  # the committed d8 comes back: 7
    assert recovered.phase is Phase.COMMIT
    assert recovered.wanderer.strain == 1
    assert [c.die for c in recovered.choices() if c.act is Act.COMMIT_SKILL] == [1, 1]  # the 7, Luck or not
    done = apply(recovered, Choice(Act.COMMIT_SKILL, 1)).journey  # d8 7: ★★, passes
    assert done.phase is Phase.CHECK_STRAIN


@pytest.mark.parametrize("policy", [CautiousPolicy(), GreedyPolicy()], ids=["cautious", "greedy"])
@pytest.mark.parametrize("condition", ["Fear", "Fatigue"])
def test_the_shipped_policies_do_not_loop_on_day_1_when_no_die_may_be_committed(policy, condition):
    """Fear: Starts d6. Only Commit dice with Value 6+.
    Fatigue: Starts d6. Only Commit dice with Value 7−.
    Rest Phase: Resolve Token Movement, Check Strain, then Rest or return to the Travel Phase.

    Every die forbidden: a policy that went back to Travel would End Travel and come back
    to Check Strain on Day 1 for ever. The policies Rest instead, and the days go on.
    """
    values = (5, 3, 2) if condition == "Fear" else (8, 8, 8)
    w = attrs.evolve(sheet(), endurance=pool(*values)).gain_condition(condition)
    j = journey(w, setup=content(max_days=3))
    end, steps = play_journey(j, policy, rng=2026)
    assert end.outcome is not JourneyOutcome.OUT_OF_CHOICES
    assert any(step.choice.act is Act.REST for step in steps)
    assert end.day > 1 or end.outcome is JourneyOutcome.DEFEATED
    assert len(steps) < 100


# -- Exposed and the Hazard ------------------------------------------------------------------------


def test_exposed_from_a_rule_suffers_the_region_hazard_while_gear_is_above_0():
    """Exposed: Suffer the Region Hazard. Remove when Gear returns.
    Hazard: Applies while you have Exposed.
    Travelling: Each time you enter another Hex while Travelling, ⊙ Gear.

    Exposed gained from a rule with Gear d8: entering a Hex rolls Gear (5: no change) and
    costs the Region Hazard (2 HP); Gear ⇧ (a Recycle) removes Exposed, and the next Hex costs none.
    """
    kit = Loadout((Item("Rope"),), ())
    w = sheet(loadout=kit).gain_condition("Exposed")
    assert w.inventory.gear is StepDie.D8
    setup = content(region_rules=(RegionRules("Ash", hazard_hp=2),))
    j = apply(journey(w, setup=setup), Choice(Act.COMMIT_MOVE, 0)).journey  # d8 8: ★★
    step = apply(j, Choice(Act.MOVE, direction=Direction.S), [5])  # ⊙ Gear 5
    assert step.journey.wanderer.health.hp == 4
    assert "Exposed: the Region Hazard: loses 2 HP (HP 6 -> 4/6)" in str(step)
    recycled = apply(step.journey, Choice(Act.RECYCLE, item_slot=0)).journey  # Gear ⇧: Gear returns
    assert not recycled.wanderer.conditions.has(Condition.EXPOSED)
    on = apply(recycled, Choice(Act.MOVE, direction=Direction.S), [5, 2]).journey  # ⊙ Gear 5; Area die: Pit
    assert on.wanderer.health.hp == 4  # no Hazard


def test_gear_0_rolls_no_gear_and_suffers_the_hazard():
    """Gear 0: Do not roll Gear. You have Exposed and suffer the Region Hazard."""
    bag = Inventory(food="d8", water="d8", battery="d8", gear="0", resolve="d8")
    setup = content(region_rules=(RegionRules("Ash", hazard_hp=1),))
    j = apply(journey(sheet(inventory=bag), setup=setup), Choice(Act.COMMIT_MOVE, 0)).journey
    step = apply(j, Choice(Act.MOVE, direction=Direction.S), [])  # no Gear die
    assert step.journey.wanderer.health.hp == 5
    assert "Gear 0: Exposed, the Region Hazard" in str(step)


# -- Fear after each Creature defeated ------------------------------------------------------------


def test_fear_is_rolled_right_after_a_creature_is_defeated_not_when_the_combat_ends():
    """Fear: Starts d6. Only Commit dice with Value 6+. After defeating a Creature, roll Fear. On 1–2, Fear ⇩.

    Fear d4 and two enemies: the Attack that defeats the Wisp rolls Fear at once (1: Fear ⇩,
    gone), so the die showing 3 may be Committed against the Husk in the same Combat.
    """
    w = attrs.evolve(sheet(), endurance=pool(8, 3, 6)).gain_condition("Fear")
    w = attrs.evolve(w, conditions=attrs.evolve(w.conditions, fear=StepDie.D4))
    fight = journey(w, stage=CombatPhase(Encounter((WISP, HUSK)), then=Trip()))
    assert Choice(Act.ATTACK, 1, False, 0) not in fight.choices()  # the 3 is below 6
    hit = apply(fight, Choice(Act.ATTACK, 0, False, 0), [1])  # d8 8: ★★ defeats the Wisp; Fear d4 -> 1
    after = hit.journey
    assert not after.wanderer.conditions.has(Condition.FEAR)
    assert "Fear d4 → 1: Fear ⇩ 0 (removed)" in str(hit)
    blocked = apply(after, Choice(Act.NO_DEFENSE)).journey  # the Husk Retaliates: -1 HP
    assert Choice(Act.ATTACK, 0, False, 1) in blocked.choices()  # the 3 (now die 1) may be Committed now


# -- Tokens resolved when they enter your Hex -------------------------------------------------------


def test_a_vendor_token_movement_brings_onto_your_hex_offers_its_trade():
    """Resolve Token: Resolve a Token when you enter its Hex or when it enters your Hex.
    Resulting Encounter: If a Token enters your Hex, resolve it before continuing Token Movement.
    Raiders, Vendors & NPCs: Check their section to determine whether an Encounter is optional or mandatory.

    A mandatory Vendor that moves enters your Hex in Token Movement: its Trade is offered
    then (Barter, leave), and Token Movement goes on after it (Check Strain).
    """
    rope = Item("Rope")
    trader = Vendor("Trader", tradeable=(InventoryKind.FOOD,), goods=(rope,), prices=(1,))
    token = Token(TokenKind.VENDOR, Hex(0, 1), name="Trader", movement=Movement.TOWARD)
    w = sheet(loadout=Loadout((None,), ()))
    j = journey(w, token, setup=content(vendors=(trader,)), vendors=(trader,))
    met = apply(j, Choice(Act.END_TRAVEL))
    assert met.journey.phase is Phase.TRADE
    assert "Trader at (0,0) enters your Hex: resolve it" in str(met)
    paying = apply(met.journey, Choice(Act.BARTER, target=0)).journey
    bought = apply(paying, Choice(Act.BARTER_PAY, kind=InventoryKind.FOOD), [6]).journey
    assert bought.wanderer.loadout.item_slots == (rope,)
    left = apply(bought, Choice(Act.LEAVE))
    assert left.journey.phase is Phase.CHECK_STRAIN


def test_an_anomaly_token_movement_brings_onto_your_hex_is_discovered_and_its_effect_applied():
    """Resolve Token: Resolve a Token when you enter its Hex or when it enters your Hex.
    Anomaly Token: If Undiscovered, Discover Anomaly.
    """
    drift = Token(TokenKind.ANOMALY, Hex(0, 1), name="Drift", movement=Movement.TOWARD)
    setup = content(anomalies=(AreaEntry("Drift", inventory=((InventoryKind.WATER, 1),)),))
    w = sheet(inventory=Inventory(food="d8", water="d6", battery="d8", gear="d8", resolve="d8"))
    step = apply(journey(w, drift, setup=setup), Choice(Act.END_TRAVEL))
    after = step.journey
    assert after.tokens[1].discovered
    assert after.wanderer.inventory.water is StepDie.D8
    assert "Discover Anomaly Drift" in str(step)
    assert after.phase is Phase.CHECK_STRAIN


def test_the_hum_token_entering_your_hex_is_reached():
    """Resolve Token: Resolve a Token when you enter its Hex or when it enters your Hex.
    Hum Token: Remove the Hum Token and Discover Ruin.
    """
    j = journey(sheet(), hum=Hex(0, 1), tiles=())
    moving = attrs.evolve(j, tokens=(attrs.evolve(j.tokens[0], movement=Movement.TOWARD),))
    step = apply(moving, Choice(Act.END_TRAVEL))
    assert step.journey.outcome is JourneyOutcome.REACHED_HUM
    assert step.journey.hum is None


def test_an_optional_vendor_brought_onto_your_hex_is_offered_in_the_next_travel_phase():
    """Resolve Token: Resolve a Token when you enter its Hex or when it enters your Hex.
    Raiders, Vendors & NPCs: Check their section to determine whether an Encounter is optional or mandatory.
    """
    trader = Vendor("Trader", goods=())
    token = Token(TokenKind.VENDOR, Hex(0, 1), name="Trader", movement=Movement.TOWARD, mandatory=False)
    j = journey(sheet(), token, setup=content(vendors=(trader,)), vendors=(trader,))
    step = apply(j, Choice(Act.END_TRAVEL))
    assert "an optional Encounter, offered in the next Travel Phase" in str(step)
    back = apply(step.journey, Choice(Act.TRAVEL)).journey
    assert Choice(Act.MEET, target=1) in back.choices()


def test_a_portal_token_movement_brings_onto_your_hex_triggers_no_encounter():
    """Portal: Does not trigger an Encounter. May be used as a Fast Travel point."""
    gate = Token(TokenKind.PORTAL, Hex(0, 1), name="Gate", movement=Movement.TOWARD)
    step = apply(journey(sheet(), gate), Choice(Act.END_TRAVEL))
    assert step.journey.phase is Phase.CHECK_STRAIN
    assert "Token 2 (Portal Gate at (0,0)): no Encounter" in str(step)


# -- Mutations on Creature Tokens ------------------------------------------------------------------------


def test_a_creature_token_gets_the_mutation_of_the_region_it_is_first_drawn_in():
    """Mutation: Effect applied to Creatures in that Region.
    Region Mutation: Apply when the Creature is first drawn unless stated otherwise.

    The Husk Token stands on an Undiscovered Hex (no Region when the Journey starts); its
    Creature is drawn when its Encounter begins, there in Glass: it has Glass's Mutation.
    """
    token = Token(TokenKind.CREATURE, Hex(0, 1), name="Husk")
    setup = content(
        regions=(ASH, GLASS),
        region_rules=(RegionRules("Glass", mutation=Mutation("Glass Skin", hp=1, defense=1)),),
    )
    j = journey(sheet(), token, setup=setup, tiles=(), regions=(ASH, GLASS))
    assert j.tokens[1].foe is None  # not drawn yet
    j = apply(j, Choice(Act.COMMIT_MOVE, 0)).journey
    step = apply(j, Choice(Act.MOVE, direction=Direction.S), [5, 2, 1])  # Gear 5; Region 2: Glass; Area 1: Spire
    foe = step.journey.encounter.enemies[0]
    assert (foe.mutation.name, foe.hp, foe.max_hp, foe.defense) == ("Glass Skin", 3, 3, 1)


def test_a_mutation_changes_a_creature_it_never_defeats_it():
    """Mutation: Effect applied to Creatures in that Region.
    Creature HP: At 0 HP, the Creature is defeated.
    """
    frail = Creature("Mite", hp=1)
    assert frail.mutated(Mutation("Withered", hp=-1)).hp == 1
    assert Creature("Mite", hp=3).mutated(Mutation("Grown", hp=2)).hp == 5
    with pytest.raises(tc.InvalidInput, match="0 HP"):
        content(bestiary=(Creature("Ghost", hp=0),))


# -- The Hum's Hex -----------------------------------------------------------------------------------------


def test_a_creature_token_on_the_hums_hex_is_fought_before_the_hum_is_reached():
    """Resolve Hex: After entering a Hex, resolve its Discovery, Special Hex rules, and Tokens.
    Reach the Hum: Remove the Hum Token and read the Ruin Entry.
    """
    guard = Token(TokenKind.CREATURE, Hex(0, 1), name="Wisp")
    j = apply(journey(sheet(), guard, hum=Hex(0, 1), tiles=()), Choice(Act.COMMIT_MOVE, 0)).journey
    entered = apply(j, Choice(Act.MOVE, direction=Direction.S), [5]).journey  # ⊙ Gear; no Area on the Ruin
    assert entered.phase is Phase.COMBAT
    assert entered.hum == Hex(0, 1)
    won = apply(entered, Choice(Act.ATTACK, 0, False, 0))  # d8 6: ★★ defeats the Wisp
    assert won.journey.outcome is JourneyOutcome.REACHED_HUM
    assert "Reach the Hum" in str(won)


def test_the_ruin_entry_ends_the_journey_without_continuing_it():
    """You may continue your journey: The current Entry ends. Continue the current Journey procedure.
    Reach the Hum: Remove the Hum Token and read the Ruin Entry.

    After the Ruin Entry there is no Journey procedure to continue: the log says the Journey is over.
    """
    ruin = Entry("Ruin", options=(EntryOption("Listen", effect=EntryEffect(gain=("Heard",))),))
    j = journey(sheet(), hum=Hex(0, 1), tiles=(), setup=content(ruin_entry=ruin))
    j = apply(j, Choice(Act.COMMIT_MOVE, 0)).journey
    reading = apply(j, Choice(Act.MOVE, direction=Direction.S), [5]).journey
    end = apply(reading, Choice(Act.OPTION, target=0))
    assert end.journey.outcome is JourneyOutcome.REACHED_HUM
    assert "You may continue your journey" not in str(end)
    assert "Entry Ruin ends: the Journey is over" in str(end)


# -- Barter: the player pays ------------------------------------------------------------------------------


def test_barter_is_paid_with_the_tradeable_inventory_the_player_picks():
    """Barter: Pay the listed cost using Tradeable Inventory.
    Inventory Restriction: When you see ⊙ Inventory, use any Inventory. Do not use the same Inventory twice in a row
    unless it is your only available Inventory or a rule says otherwise.

    The library used to pay with the largest die (Food d12); the player picks Water d4.
    """
    knife = Item("Knife", ItemType.WEAPON)
    trader = Vendor("Trader", tradeable=(InventoryKind.FOOD, InventoryKind.WATER), goods=(knife,), prices=(2,))
    bag = Inventory(food="d12", water="d4", battery="d8", gear="d8", resolve="d8")
    w = sheet(inventory=bag, loadout=Loadout((None,), ()))
    j = journey(w, setup=content(vendors=(trader,)), vendors=(trader,), stage=TradePhase(vendor="Trader"))
    paying = apply(j, Choice(Act.BARTER, target=0)).journey
    pays = [str(c) for c in paying.choices() if c.act is Act.BARTER_PAY]
    assert pays == ["pay Trader for Knife: ⊙ Food d12 (1 of 2)", "pay Trader for Knife: ⊙ Water d4 (1 of 2)"]
    first = apply(paying, Choice(Act.BARTER_PAY, kind=InventoryKind.WATER), [3]).journey
    assert first.wanderer.inventory.water is StepDie.D4  # 3: no change
    assert [c.kind for c in first.choices() if c.act is Act.BARTER_PAY] == [InventoryKind.FOOD]  # not Water twice
    done = apply(first, Choice(Act.BARTER_PAY, kind=InventoryKind.FOOD), [1]).journey
    assert done.wanderer.inventory.food is StepDie.D10
    assert done.wanderer.loadout.item_slots == (knife,)


def test_a_failed_barter_gives_back_everything_spent_and_the_vendor_waits_for_rest():
    """Failed Barter: If you run out of Inventory, recover all Inventory spent. No trade is made. You must return
    after Rest to try again.
    """
    knife = Item("Knife")
    trader = Vendor("Trader", tradeable=(InventoryKind.WATER,), goods=(knife,), prices=(3,))
    bag = Inventory(food="d8", water="d4", battery="d8", gear="d8", resolve="d8")
    w = sheet(inventory=bag, loadout=Loadout((None,), ()))
    j = journey(w, setup=content(vendors=(trader,)), vendors=(trader,), stage=TradePhase(vendor="Trader"))
    paying = apply(j, Choice(Act.BARTER, target=0)).journey
    half = apply(paying, Choice(Act.BARTER_PAY, kind=InventoryKind.WATER), [4]).journey
    failed = apply(half, Choice(Act.BARTER_PAY, kind=InventoryKind.WATER), [2])  # d4 -> 0: out of Water
    after = failed.journey
    assert after.wanderer.inventory.water is StepDie.D4  # recovered
    assert after.vendor("Trader").wait_for_rest
    assert "Failed Barter" in str(failed)
    assert [c.act for c in after.choices() if c.act is not Act.REROLL] == [Act.LEAVE]


# -- Switch Items, between Travel ★ and during Strain Payoff --------------------------------------------


def test_switch_items_between_travel_stars_costs_1_strain_and_during_strain_payoff_is_free():
    """Switch Items: Free during Rest. Gain 1 Strain outside Rest or 2 Strain during Combat."""
    kit = Loadout((Item("Pipe", ItemType.WEAPON),), (None,))
    j = apply(journey(sheet(loadout=kit)), Choice(Act.COMMIT_MOVE, 0)).journey  # ★★: between Travel ★
    switch = Choice(Act.SWITCH, item_slot=0, weapon_slot=0)
    assert switch in j.choices()
    moved = apply(j, switch).journey
    assert moved.wanderer.strain == 1
    assert moved.phase is Phase.MOVE
    strained = attrs.evolve(j, wanderer=attrs.evolve(j.wanderer, endurance=j.wanderer.endurance.gain_strain(4)))
    paying = attrs.evolve(strained, stage=PayoffPhase())
    assert switch in paying.choices()
    free = apply(paying, switch).journey
    assert free.wanderer.strain == 4  # free during Rest
    assert free.phase is Phase.PAYOFF


# -- Escaping onto a Discovered Hex ------------------------------------------------------------------------


def test_escaping_onto_a_discovered_hex_does_not_say_undiscovered_hex():
    """Escape: Leave Combat and move to an adjacent Hex. ⊙ Gear.
    Undiscovered Hex: Entering an Undiscovered Hex always Ends Travel.
    """
    j = journey(sheet(), stage=EscapePhase(then=Trip(stars=2)))
    step = apply(j, Choice(Act.ESCAPE_TO, direction=Direction.S), [5])  # (0,1) is Ash · Camp: discovered
    assert "Undiscovered Hex" not in str(step)
    assert "Escape: Travel ends" in str(step)
    assert step.journey.phase is Phase.CHECK_STRAIN


# -- No die of fewer than 2 sides -------------------------------------------------------------------------


def test_a_one_region_map_asks_for_no_d1():
    """Undiscovered Region: The Hex has no Region and no Area. Determine both when you discover it.

    With one Region there is nothing to roll for (a d1): its Region is read, its Area rolled.
    """
    j = apply(journey(sheet(), tiles=()), Choice(Act.COMMIT_MOVE, 0)).journey
    step = apply(j, Choice(Act.MOVE, direction=Direction.S), [5, 2])  # ⊙ Gear 5; Area die over 2 Areas: 2nd
    assert "Ash, the only Region" in str(step)
    assert step.journey.hexmap.tile(Hex(0, 1)).area == "Pit"
    assert "d1" not in str(step)


def test_a_compass_of_one_face_is_read_not_rolled():
    """Place the Hum: Roll the Compass Die and 2d4+3. The Compass Die determines direction."""
    setup = content(compass=(Direction.S,))
    j = start_journey(sheet(), setup, rng=tc.ScriptedDice([2, 3]))  # only the 2d4
    assert j.hum == Hex(0, 8)


# -- Corruption cards keep their slot -------------------------------------------------------------------------


def test_a_corruption_card_whose_uses_step_down_from_d4_stays_in_its_slot():
    """Corruption (Replace): Occupies an Item or Weapon Slot and may only be replaced by another Corruption.
    dX Uses: Roll Uses when activated. (d4 ⇩: Return the card to its deck)
    """
    rot = Item("Rot", ItemType.CORRUPTION, uses="d4")
    j = journey(sheet(loadout=Loadout((rot,), ())))
    step = apply(j, Choice(Act.ACTIVATE, item_slot=0), [1])
    held = step.journey.wanderer.loadout.item_slots[0]
    assert (held.name, held.uses) == ("Rot", StepDie.ZERO)
    assert "stays in its slot" in str(step)
    assert Choice(Act.ACTIVATE, item_slot=0) not in step.journey.choices()


# -- Entries going round in a circle ---------------------------------------------------------------------------


def test_entries_whose_checks_go_to_each_other_in_a_circle_are_refused():
    """Entry Checks: Check requirements from top to bottom. Follow the first one that applies.

    Checks are followed without a choice: A's going to B and B's to A would be read for ever.
    A circle through an option is content the player can leave (each turn of it is a choice).
    """
    a = Entry("A", checks=(EntryCheck("on", continue_journey=False, effect=EntryEffect(go_to="B")),))
    b = Entry("B", checks=(EntryCheck("back", continue_journey=False, effect=EntryEffect(go_to="A")),))
    with pytest.raises(tc.InvalidInput, match="circle never end: 'A' -> 'B' -> 'A'"):
        content(texts=(a, b))
    loop = Entry("C", options=(EntryOption("again", effect=EntryEffect(go_to="C")), EntryOption("leave")))
    assert content(texts=(loop,)).text("C") is loop


def test_check_strain_follows_token_movement_and_its_encounters():
    """Check Strain: During the Rest Phase, after Token Movement and any resulting Encounters, compare your Strain
    to your ST.
    """
    husk = Token(TokenKind.CREATURE, Hex(0, 1), name="Husk", movement=Movement.TOWARD)
    step = apply(journey(sheet(), husk), Choice(Act.END_TRAVEL))
    assert step.journey.phase is Phase.COMBAT  # the Encounter first
    assert "Check Strain" not in str(step)
    assert isinstance(attrs.evolve(step.journey, stage=CheckStrainPhase()).stage, CheckStrainPhase)
