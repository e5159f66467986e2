import io
import json

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tabletop_core as tc
from tabletop_core.residue.combat import Creature, Encounter
from tabletop_core.residue.conditions import Condition
from tabletop_core.residue.death import DefeatCause
from tabletop_core.residue.endurance import ActionSlot, Endurance, EnduranceDie
from tabletop_core.residue.hexmap import Direction, Hex, HexMap, Region, Tile
from tabletop_core.residue.hp import Health
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
    JourneySimulation,
    JourneyStep,
    Phase,
    RegionRules,
    example_setup,
    play_journey,
    simulate_journey,
    start_journey,
)
from tabletop_core.residue.journey.events import StrainGained
from tabletop_core.residue.journey.phases import (
    CheckStrainPhase,
    CombatPhase,
    RecoverPhase,
    TokenMovement,
    TravelPhase,
    Trip,
)
from tabletop_core.residue.rest import RestChoices
from tabletop_core.residue.step_die import StepDie
from tabletop_core.residue.tokens import Token, TokenKind
from tabletop_core.residue.wanderer import Wanderer

HUSK = Creature("Husk", hp=3, defense=0, damage=2)
HUM_AT = Hex(0, 6)
ASH = Region("Ash", ("Camp", "Crater", "Pit"))
SETUP = JourneySetup(
    regions=(ASH,),
    start_region="Ash",
    start_area="Camp",
    bestiary=(HUSK,),
    entries=(AreaEntry("Crater", creature="Husk"), AreaEntry("Pit", hp=-2)),
    region_rules=(RegionRules("Ash", hazard_hp=1),),
)


def sheet(*, hp=6, values=(8, 6, 4), dice=("d8", "d8", "d8"), inventory="d8", luck="d6", threshold=3):
    return Wanderer.new(
        hp=hp,
        endurance_dice=dice,
        inventory=inventory,
        luck=luck,
        strain_threshold=threshold,
        rng=tc.ScriptedDice(values),
    )


def journey(wanderer=None, *, tiles=(), tokens=(), hum=HUM_AT, **changes):
    """A Journey on a hand-made map: start (0,0) discovered, the Hum where asked."""
    hexmap = HexMap(regions=(ASH,), tiles=(Tile(Hex(0, 0), region="Ash", area="Camp"), *tiles)).set_ruin(hum)
    all_tokens = (Token(TokenKind.HUM, hum, name="the Hum"), *tokens)
    all_tokens = tuple(attrs.evolve(t, foe=HUSK) if t.kind is TokenKind.CREATURE else t for t in all_tokens)
    base = Journey(
        wanderer=wanderer or sheet(),
        hexmap=hexmap,
        tokens=all_tokens,
        position=Hex(0, 0),
        setup=SETUP,
    )
    return attrs.evolve(base, **changes)


_STRAIN = (Act.REROLL, Act.RECOVER)


def own(choices):
    """The choices of the phase itself: without Gain Strain (Reroll, Recover), offered in every phase."""
    return tuple(c for c in choices if c.act not in _STRAIN)


def apply(j, choice, dice):
    source = tc.ScriptedDice(dice)
    step = j.apply(choice, rng=source)
    assert source.remaining == 0, f"{source.remaining} dice unused"
    return step


def test_start_journey_places_the_hum_5_to_11_hexes_away_and_discovers_the_start():
    w = sheet()
    j = start_journey(w, SETUP, rng=tc.ScriptedDice([4, 2, 3]))
    assert j.hum == Hex(0, 8)
    assert j.hexmap.tile(Hex(0, 8)).ruin
    assert j.hexmap.tile(Hex(0, 0)).area == "Camp"
    assert j.phase is Phase.TRAVEL
    assert j.day == 1
    assert "Hum at (0,8)" in str(j)


def test_travel_choices_name_every_die_and_the_luck_option():
    choices = journey().choices()
    commits = [c for c in choices if c.act is Act.COMMIT_MOVE]
    assert len(commits) == 6  # 3 dice x with/without Luck
    assert Choice(Act.END_TRAVEL) in choices
    assert Choice(Act.REROLL) in choices
    assert Choice(Act.RECOVER) not in choices  # nothing committed
    no_luck = journey(sheet(luck="0")).choices()
    assert len([c for c in no_luck if c.act is Act.COMMIT_MOVE]) == 3


def test_fear_forbids_dice_below_6_in_the_choices():
    w = sheet(values=(8, 6, 4))
    w = attrs.evolve(w, conditions=w.conditions.gain(Condition.FEAR))
    commits = [c for c in journey(w).choices() if c.act is Act.COMMIT_MOVE]
    assert sorted({c.die for c in commits}) == [0, 1]


def test_a_choice_not_offered_is_refused_and_changes_nothing():
    j = journey()
    with pytest.raises(tc.RuleError, match="not a choice now"):
        j.apply(Choice(Act.ATTACK, 0, target=0), rng=1)
    with pytest.raises(TypeError, match="choice must be a Choice"):
        j.apply("move", rng=1)
    assert j == journey()


def test_commit_move_gives_travel_stars_each_moving_one_hex_with_gear_rolled():
    tiles = (Tile(Hex(0, 1), region="Ash", area="Pit"), Tile(Hex(0, 2), region="Ash", area="Crater"))
    j = journey(tiles=tiles)
    step = apply(j, Choice(Act.COMMIT_MOVE, 0), [])  # d8 showing 8: ★★
    assert step.journey.travel_stars == 2
    assert step.journey.phase is Phase.MOVE
    step = apply(step.journey, Choice(Act.MOVE, direction=Direction.S), [5])  # ⊙ Gear d8 -> 5
    assert step.journey.position == Hex(0, 1)
    assert step.journey.travel_stars == 1
    assert step.journey.phase is Phase.MOVE  # a Discovered Hex does not end Travel
    assert "⊙ Gear d8 → 5: no change" in str(step)
    assert isinstance(step, JourneyStep)
    # End Travel loses the remaining Travel ★ and goes to the Rest Phase.
    ended = apply(step.journey, Choice(Act.END_TRAVEL), [])
    assert ended.journey.travel_stars == 0
    assert ended.journey.phase is Phase.CHECK_STRAIN
    assert "lose 1 Travel ★" in str(ended)


def test_luck_for_the_move():
    j = journey(sheet(values=(4, 6, 4)))
    step = apply(j, Choice(Act.COMMIT_MOVE, 0, luck=True), [6])  # ★ + luck d6 -> 6: +★, Luck ⇧
    assert step.journey.travel_stars == 2
    assert step.journey.wanderer.luck is StepDie.D8


def test_an_undiscovered_hex_ends_travel_after_discovery():
    j = journey()
    j = apply(j, Choice(Act.COMMIT_MOVE, 0), []).journey  # ★★
    # ⊙ Gear 5; the only Region, Ash (no die); Area die over (Crater, Pit): 2 -> Pit: -2 HP
    step = apply(j, Choice(Act.MOVE, direction=Direction.N), [5, 2])
    after = step.journey
    assert after.hexmap.tile(Hex(0, -1)).area == "Pit"
    assert after.wanderer.health.hp == 4
    assert after.travel_stars == 0
    assert after.phase is Phase.CHECK_STRAIN
    assert "Undiscovered Hex: End Travel" in str(step)


def test_exposed_suffers_the_region_hazard_instead_of_rolling_gear():
    bag = Inventory(food="d8", water="d8", battery="d8", gear="0", resolve="d8")
    tiles = (Tile(Hex(0, 1), region="Ash", area="Crater"),)
    j = apply(journey(sheet(inventory=bag), tiles=tiles), Choice(Act.COMMIT_MOVE, 0), []).journey
    step = apply(j, Choice(Act.MOVE, direction=Direction.S), [])
    assert step.journey.wanderer.health.hp == 5
    assert "Exposed" in str(step)


def test_combat_attack_retaliation_and_defense():
    j = journey(
        tokens=(Token(TokenKind.CREATURE, Hex(0, 1), name="Husk"),),
        tiles=(Tile(Hex(0, 1), region="Ash", area="Crater"),),
    )
    j = apply(j, Choice(Act.COMMIT_MOVE, 2), []).journey  # d8 showing 4: ★
    step = apply(j, Choice(Act.MOVE, direction=Direction.S), [5])
    fight = step.journey
    assert fight.phase is Phase.COMBAT
    assert fight.encounter.enemies == (HUSK,)
    step = apply(fight, Choice(Act.ATTACK, 1, target=0), [])  # d8 showing 6: ★★ -> Husk 1/3
    assert step.journey.encounter.enemies[0].hp == 1
    assert step.journey.phase is Phase.DEFEND
    defend_choices = step.journey.choices()
    assert Choice(Act.NO_DEFENSE) in defend_choices
    assert Choice(Act.DEFEND, 0) in defend_choices
    blow = apply(step.journey, Choice(Act.DEFEND, 0), [])  # d8 showing 8: ★★ blocks both
    assert blow.journey.wanderer.health.hp == 6
    assert blow.journey.phase is Phase.COMBAT
    # No dice left: the Attack choice is "No Dice Available" first (gain 1 Strain, recover all).
    attack = [c for c in blow.journey.choices() if c.act is Act.ATTACK]
    assert attack == [Choice(Act.ATTACK, None, False, 0)]
    recovered = apply(blow.journey, attack[0], [8, 3, 3]).journey
    # The player now chooses the recovered die (and Luck) for the Attack it must make.
    assert Choice(Act.ATTACK, 0, True, 0) in recovered.choices()
    assert Choice(Act.PASS) not in recovered.choices()
    won = apply(recovered, Choice(Act.ATTACK, 0, False, 0), [])  # d8 showing 8: ★★
    assert won.journey.encounter is None
    assert won.journey.wanderer.strain == 1
    assert all(t.kind is not TokenKind.CREATURE for t in won.journey.tokens)
    assert won.journey.phase is Phase.CHECK_STRAIN


def test_surprised_creature_strikes_first_and_hp_zero_is_defeat():
    entry_setup = attrs.evolve(SETUP, entries=(AreaEntry("Crater", creature="Husk", surprised=True),))
    j = journey(sheet(hp=2), setup=entry_setup)
    j = apply(j, Choice(Act.COMMIT_MOVE, 0), []).journey
    step = apply(j, Choice(Act.MOVE, direction=Direction.N), [5, 1])  # Gear; (Region Ash, the only one) Area Crater
    assert step.journey.phase is Phase.DEFEND
    assert "Surprised" in str(step)
    dead = apply(step.journey, Choice(Act.NO_DEFENSE), [])
    assert dead.journey.is_over
    assert dead.journey.outcome is JourneyOutcome.DEFEATED
    assert dead.journey.defeat.cause is DefeatCause.HP
    assert dead.journey.choices() == ()


def test_run_escapes_to_an_adjacent_hex_keeping_the_enemy_hurt():
    hurt = Creature("Husk", hp=1, max_hp=3, defense=0, damage=2)
    j = journey(sheet(values=(12, 8, 4), dice=("d12", "d8", "d8")))
    j = attrs.evolve(j, stage=CombatPhase(Encounter((hurt,)), then=Trip()))
    run = apply(j, Choice(Act.RUN, 0), [])  # d12 showing 12: ★★★★
    assert run.journey.phase is Phase.ESCAPE
    # ⊙ Gear 4; the new Hex is resolved: Region Ash (the only one), Area Pit (2): -2 HP
    escaped = apply(run.journey, Choice(Act.ESCAPE_TO, direction=Direction.NE), [4, 2])
    after = escaped.journey
    assert after.position == Hex(1, -1)
    creature_tokens = [i for i, t in enumerate(after.tokens) if t.kind is TokenKind.CREATURE]
    assert len(creature_tokens) == 1
    assert after.foes[creature_tokens[0]].hp == 1  # Damage persists after Escape
    # The Hex escaped to is resolved (now in the Ash Region): Token Movement brings the Husk after you.
    assert after.phase is Phase.COMBAT
    assert after.encounter.enemies[0].hp == 1


def test_failed_run_triggers_retaliation():
    j = journey(sheet(values=(4, 8, 4)))
    j = attrs.evolve(j, stage=CombatPhase(Encounter((HUSK,))))
    run = apply(j, Choice(Act.RUN, 1), [])  # ★★: fail
    assert run.journey.phase is Phase.DEFEND
    assert run.journey.stage.retaliators == (0,)


def test_token_movement_encounter_resolves_before_check_strain():
    token = Token(TokenKind.CREATURE, Hex(0, 1), name="Husk")
    j = journey(tokens=(token,), tiles=(Tile(Hex(0, 1), region="Ash", area="Pit"),))
    step = apply(j, Choice(Act.END_TRAVEL), [])
    assert step.journey.phase is Phase.COMBAT
    assert step.journey.stage.then == TokenMovement(next=None)
    assert "enters your Hex" in str(step) or "Token Movement" in str(step)


def test_check_strain_at_three_times_the_threshold_is_defeat():
    w = sheet()
    w = attrs.evolve(w, endurance=w.endurance.with_strain(9))
    step = apply(journey(w), Choice(Act.END_TRAVEL), [])
    assert step.journey.defeat.cause is DefeatCause.STRAIN
    assert "Strain 9, ST 3" in str(step)


def test_at_or_above_the_threshold_only_rest_is_offered_and_below_travel_too():
    w = sheet()
    high = attrs.evolve(w, endurance=w.endurance.with_strain(3))
    assert own(apply(journey(high), Choice(Act.END_TRAVEL), []).journey.choices()) == (Choice(Act.REST),)
    assert own(apply(journey(w), Choice(Act.END_TRAVEL), []).journey.choices()) == (
        Choice(Act.TRAVEL),
        Choice(Act.REST),
    )
    back = apply(apply(journey(w), Choice(Act.END_TRAVEL), []).journey, Choice(Act.TRAVEL), [])
    assert back.journey.phase is Phase.TRAVEL


def test_rest_starts_a_new_day_and_resets_creature_hp():
    hurt = Creature("Husk", hp=1, max_hp=3, damage=2)
    token = Token(TokenKind.CREATURE, Hex(5, -5), name="Husk")
    j = journey(tokens=(token,))
    j = attrs.evolve(j, tokens=(j.tokens[0], attrs.evolve(j.tokens[1], foe=hurt)), stage=CheckStrainPhase())
    step = j.apply(Choice(Act.REST, rest=RestChoices()), rng=3)
    assert step.journey.day == 2
    assert step.journey.tokens[1].foe.hp == 3
    assert step.journey.phase is Phase.TRAVEL


def test_rest_defeat_all_dice_banished():
    bag = Inventory(food="0", water="0", battery="0", gear="0", resolve="0")
    w = sheet(dice=("d6",), values=(4,), inventory=bag)
    w = attrs.evolve(w, endurance=w.endurance.with_strain(3))
    step = journey(w, stage=CheckStrainPhase()).apply(Choice(Act.REST, rest=RestChoices()), rng=1)
    assert step.journey.defeat.cause is DefeatCause.BANISHED
    stepwise = journey(w, stage=CheckStrainPhase()).apply(Choice(Act.REST), rng=1).journey
    assert stepwise.phase is Phase.PAYOFF
    assert stepwise.choices() == (Choice(Act.BANISH, banish=StepDie.D6),)
    last = stepwise.apply(stepwise.choices()[0], rng=1).journey
    assert last.defeat.cause is DefeatCause.BANISHED


def test_no_dice_available_with_nothing_to_recover_is_defeat():
    w = sheet(dice=("d6",), values=(4,))
    w = attrs.evolve(w, endurance=Endurance(exhausted=(StepDie.D6,)))
    j = journey(w, stage=CombatPhase(Encounter((HUSK,))))
    assert Choice(Act.ATTACK, None, False, 0) not in j.choices()  # nothing committed to recover
    j2 = journey(attrs.evolve(w, endurance=Endurance(committed=())), stage=TravelPhase())
    assert [c for c in j2.choices() if c.act is Act.COMMIT_MOVE] == []
    committed = Endurance(pool=(EnduranceDie("d6", 4),)).commit(ActionSlot.MOVE, 0)
    w3 = attrs.evolve(w, endurance=committed)
    step = journey(w3).apply(Choice(Act.COMMIT_MOVE, None), rng=tc.ScriptedDice([5]))
    assert step.journey.wanderer.strain == 1
    assert step.journey.stage.must == Choice(Act.COMMIT_MOVE, None)  # the die is chosen next
    moved = step.journey.apply(Choice(Act.COMMIT_MOVE, 0), rng=tc.ScriptedDice([]))
    assert moved.journey.travel_stars == 1


def test_reaching_the_hum_ends_the_journey():
    j = journey(hum=Hex(0, 1))
    j = apply(j, Choice(Act.COMMIT_MOVE, 0), []).journey
    step = apply(j, Choice(Act.MOVE, direction=Direction.S), [5])  # Gear (Ash, the only Region); no Area on the Ruin
    assert step.journey.outcome is JourneyOutcome.REACHED_HUM
    assert step.journey.hum is None
    assert step.journey.hexmap.tile(Hex(0, 1)).area is None
    assert "Reach the Hum" in str(step)


def test_policies_play_whole_journeys_to_an_end():
    w = sheet()
    for policy in (CautiousPolicy(), GreedyPolicy()):
        for seed in range(5):
            end, steps = play_journey(start_journey(w, example_setup(), rng=seed), policy, rng=seed)
            assert end.is_over
            assert steps[-1].journey == end
            assert end.outcome in set(JourneyOutcome)
            assert all(str(s) for s in steps)


def test_journey_json_round_trip():
    w = sheet()
    j = start_journey(w, example_setup(), rng=5)
    end, steps = play_journey(j, CautiousPolicy(), rng=5)
    for state in (j, end, *(s.journey for s in steps[:12])):
        assert Journey.from_dict(json.loads(json.dumps(state.to_dict()))) == state
    assert JourneyStep.from_json(steps[0].to_json()) == steps[0]


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(0, 30), st.integers(0, 2**32 - 1))
def test_a_saved_and_resumed_journey_continues_identically_under_the_same_seed(seed, cut, later):
    j = start_journey(sheet(), example_setup(), rng=seed)
    source = tc.dice_source(seed)
    policy = CautiousPolicy()
    for _ in range(cut):
        if j.is_over:
            break
        j = j.apply(policy.choose(j, j.choices()), rng=source).journey
    saved = j.to_json()
    resumed = Journey.from_json(saved)
    assert resumed == j
    a, _ = play_journey(j, policy, rng=later)
    b, _ = play_journey(resumed, policy, rng=later)
    assert a == b


def test_simulation_counts_every_run_and_is_independent_of_chunking():
    w = sheet()
    whole = simulate_journey(12, w, example_setup(), CautiousPolicy(), rng=99)
    assert whole.runs == 12
    assert whole.reached + whole.out_of_time + sum(whole.defeats.values()) == 12
    assert sum(whole.days.values()) == 12
    first = simulate_journey(5, w, example_setup(), CautiousPolicy(), rng=99)
    second = simulate_journey(7, w, example_setup(), CautiousPolicy(), rng=99, first_run=5)
    assert first + second == whole
    assert simulate_journey(12, w, example_setup(), CautiousPolicy(), rng=99) == whole
    assert JourneySimulation.from_json(whole.to_json()) == whole
    assert "journeys" in str(whole)
    assert "| reached the Hum |" in whole.to_markdown()
    with pytest.raises(tc.InvalidInput, match="cannot add simulations of policies"):
        whole + simulate_journey(1, w, example_setup(), GreedyPolicy(), rng=1)


def test_simulation_progress_bar_only_when_asked_or_on_a_terminal():
    w = sheet()
    stream = io.StringIO()
    simulate_journey(3, w, example_setup(), GreedyPolicy(), rng=1, progress=True, stream=stream)
    assert "3/3" in stream.getvalue()
    quiet = io.StringIO()
    simulate_journey(3, w, example_setup(), GreedyPolicy(), rng=1, stream=quiet)
    assert quiet.getvalue() == ""


def test_simulation_rng_forms_and_errors():
    w = sheet()
    import numpy as np

    a = simulate_journey(3, w, example_setup(), GreedyPolicy(), rng=np.random.SeedSequence(4))
    b = simulate_journey(3, w, example_setup(), GreedyPolicy(), rng=np.random.SeedSequence(4))
    assert a == b
    assert simulate_journey(2, w, example_setup(), GreedyPolicy(), rng=np.random.default_rng(3)).runs == 2
    assert simulate_journey(0, w, example_setup(), GreedyPolicy(), rng=1).runs == 0
    with pytest.raises(tc.InvalidInput, match="n must be"):
        simulate_journey(-1, w, example_setup(), GreedyPolicy(), rng=1)
    with pytest.raises(TypeError, match="policy"):
        simulate_journey(1, w, example_setup(), "greedy", rng=1)
    with pytest.raises(TypeError, match="rng"):
        simulate_journey(1, w, example_setup(), GreedyPolicy(), rng=1.5)
    with pytest.raises(TypeError, match="map_setup"):
        simulate_journey(1, w, {}, GreedyPolicy(), rng=1)


def test_setup_validation():
    with pytest.raises(tc.InvalidInput, match="start_region"):
        JourneySetup(regions=(ASH,), start_region="Nowhere", start_area="Camp")
    with pytest.raises(tc.InvalidInput, match="at least one Region"):
        JourneySetup(regions=(), start_region="Ash", start_area="Camp")
    with pytest.raises(tc.InvalidInput, match="not in the bestiary"):
        JourneySetup(regions=(ASH,), start_region="Ash", start_area="Camp", entries=(AreaEntry("Pit", creature="X"),))
    with pytest.raises(tc.InvalidInput, match="not in the bestiary"):
        JourneySetup(
            regions=(ASH,),
            start_region="Ash",
            start_area="Camp",
            tokens=(Token(TokenKind.CREATURE, Hex(1, 1), name="X"),),
        )
    glass = example_setup().creature("Glass Hound", "Glass Wastes")
    assert glass.defense == 2
    assert glass.mutation.name == "Glass Skin"
    assert example_setup().creature("Husk", "Ash Flats").mutation is None
    assert InventoryKind.FOOD


def test_exposed_on_an_undiscovered_hex_discovers_its_region_first_for_the_hazard():
    bag = Inventory(food="d8", water="d8", battery="d8", gear="0", resolve="d8")
    j = apply(journey(sheet(inventory=bag)), Choice(Act.COMMIT_MOVE, 0), []).journey
    step = apply(j, Choice(Act.MOVE, direction=Direction.N), [1])  # (the only Region) Area die: Crater
    assert step.journey.wanderer.health.hp == 5
    text = str(step)
    assert text.index("Undiscovered Region") < text.index("the Region Hazard: loses 1 HP")


def test_a_policy_choosing_what_is_not_offered_is_refused():
    class Stubborn:
        name = "stubborn"

        def choose(self, journey, choices):
            return Choice(Act.REST)

    with pytest.raises(tc.RuleError, match="not a choice now"):
        play_journey(journey(), Stubborn(), rng=1)
    with pytest.raises(tc.RuleError, match="not a choice now"):
        simulate_journey(1, sheet(), SETUP, Stubborn(), rng=1)


def _choice_or_none(**details):
    """A Choice built from free details, or None when its kind refuses them (per-kind checks)."""
    try:
        return Choice(**details)
    except tc.InvalidInput:
        return None


choices_strategy = st.builds(
    _choice_or_none,
    act=st.sampled_from(list(Act)),
    die=st.none() | st.integers(-1, 5),
    luck=st.booleans(),
    target=st.none() | st.integers(-1, 3),
    direction=st.none() | st.sampled_from(list(Direction)),
).filter(lambda choice: choice is not None)


@settings(max_examples=60, deadline=None)
@given(choices_strategy, st.integers(0, 12), st.integers(0, 2**16))
def test_any_choice_is_applied_or_refused_with_a_rule_error_leaving_the_journey_unchanged(choice, cut, seed):
    j = start_journey(sheet(), example_setup(), rng=seed)
    policy = CautiousPolicy()
    for _ in range(cut):
        if j.is_over:
            break
        j = j.apply(policy.choose(j, j.choices()), rng=seed).journey
    before = j.to_json()
    if choice._offered() in j.choices():
        assert j.apply(choice, rng=seed).journey.steps == j.steps + 1
    else:
        with pytest.raises(tc.RuleError):
            j.apply(choice, rng=seed)
    assert j.to_json() == before


def test_inconsistent_journey_data_is_refused():
    j = journey()
    with pytest.raises(TypeError, match="encounter"):
        CombatPhase(None)
    data = j.to_dict()
    data["tokens"][0]["foe"] = "Husk"
    with pytest.raises(tc.InvalidInput, match="foe"):
        Journey.from_dict(data)
    data = j.to_dict()
    data["day"] = 0
    with pytest.raises(tc.InvalidInput):
        Journey.from_dict(data)
    with pytest.raises(tc.InvalidInput):
        Journey.from_json("{not json")


def test_rest_one_choice_at_a_time():
    w = attrs.evolve(sheet(hp=6), health=Health(4, 6))
    w = attrs.evolve(w, endurance=w.endurance.commit(ActionSlot.MOVE, 0).with_strain(3))
    j = journey(w, stage=CheckStrainPhase())
    # Before Resting (+1 Strain, recover the d8: 5), Wear & Tear (five d8: all 3s).
    step = apply(j, Choice(Act.REST), [5, 3, 3, 3, 3, 3])
    payoff = step.journey
    assert payoff.phase is Phase.PAYOFF
    assert payoff.wanderer.strain == 4
    kinds = [c.kind for c in payoff.choices() if c.act is Act.PAY]
    assert kinds == list(InventoryKind)
    assert Choice(Act.STOP_PAYING) not in payoff.choices()  # Strain 4 is at or above the ST of 3
    paid = apply(payoff, Choice(Act.PAY, kind=InventoryKind.GEAR), [4]).journey
    assert InventoryKind.GEAR not in [c.kind for c in paid.choices()]  # not twice in a row
    paid = apply(paid, Choice(Act.PAY, kind=InventoryKind.FOOD), [4]).journey
    assert paid.wanderer.strain == 2
    assert Choice(Act.STOP_PAYING) in paid.choices()
    recover = apply(paid, Choice(Act.STOP_PAYING), []).journey
    assert recover.phase is Phase.RECOVER
    heal = [c for c in recover.choices() if c.act is Act.HEAL]
    assert [c.kind for c in heal] == [InventoryKind.FOOD, InventoryKind.WATER]
    healed = apply(recover, Choice(Act.HEAL, kind=InventoryKind.WATER), [6]).journey
    assert healed.wanderer.health == Health(5, 6)
    assert healed.stage.healed
    # Check Luck (d6: 4), Start Day (three d8).
    day = apply(healed, Choice(Act.END_REST), [4, 1, 2, 3])
    assert day.journey.day == 2
    assert day.journey.phase is Phase.TRAVEL
    assert "New Day 2" in str(day)
    assert Journey.from_json(healed.to_json()) == healed


def test_rest_with_panic_offers_the_alternative():
    w = sheet()
    w = attrs.evolve(w, conditions=w.conditions.gain(Condition.PANIC))
    j = apply(journey(w, stage=CheckStrainPhase()), Choice(Act.REST), [3, 3, 3, 3, 3]).journey
    assert j.phase is Phase.RECOVER  # no Strain: straight to Recover HP
    panic = [c for c in j.choices() if c.act is Act.PANIC_ROLL]
    assert len(panic) == 5
    after = apply(j, Choice(Act.PANIC_ROLL, kind=InventoryKind.GEAR), [5, 2]).journey
    assert after.wanderer.conditions.panic is StepDie.D4
    assert not after.stage.healed


def test_switch_items_costs_1_strain_in_travel_2_in_combat_and_nothing_at_rest():
    pipe = Item("Pipe", ItemType.WEAPON)
    rot = Item("Rot", ItemType.CORRUPTION)
    w = attrs.evolve(sheet(), loadout=Loadout((pipe, rot), (None,)))
    j = journey(w)
    switches = [c for c in j.choices() if c.act is Act.SWITCH]
    assert switches == [Choice(Act.SWITCH, item_slot=0, weapon_slot=0)]  # the Corruption card stays put
    moved = apply(j, switches[0], [])
    travel = moved.journey
    assert travel.wanderer.strain == 1
    assert StrainGained("Switch Items", 1, 1) in moved.events
    assert travel.wanderer.loadout.active_weapons == (pipe,)
    fight = attrs.evolve(j, stage=CombatPhase(Encounter((HUSK,))))
    assert apply(fight, switches[0], []).journey.wanderer.strain == 2
    resting = attrs.evolve(j, stage=RecoverPhase())
    step = apply(resting, switches[0], [])
    assert step.journey.wanderer.strain == 0
    assert "Switch Items during Rest" in str(step)
    assert not any(isinstance(e, StrainGained) for e in step.events)  # no Strain at Rest: no Strain event


def test_raiders_with_stats_fight_when_they_reach_you():
    raider = Creature("Raider", hp=2, damage=1)
    setup = attrs.evolve(SETUP, bestiary=(HUSK, raider))
    token = Token(TokenKind.RAIDERS, Hex(2, 0), name="Raider")
    j = journey(tokens=(token,), setup=setup)
    j = attrs.evolve(j, tokens=(j.tokens[0], attrs.evolve(j.tokens[1], foe=raider)))
    first = apply(j, Choice(Act.END_TRAVEL), [])
    assert first.journey.tokens[1].at == Hex(1, 0)  # Raiders move toward you anywhere
    assert first.journey.phase is Phase.CHECK_STRAIN
    again = apply(attrs.evolve(first.journey, stage=TravelPhase()), Choice(Act.END_TRAVEL), [])
    assert again.journey.phase is Phase.COMBAT
    assert again.journey.encounter.enemies == (raider,)
    with pytest.raises(tc.InvalidInput, match="Raiders token 'Nobody'"):
        attrs.evolve(SETUP, tokens=(Token(TokenKind.RAIDERS, Hex(1, 1), name="Nobody"),))


def test_vendor_barter_inside_the_journey_and_failed_barter_waits_for_rest():
    pipe = Item("Pipe", ItemType.WEAPON)
    dealer = Vendor("Dealer", tradeable=(InventoryKind.FOOD, InventoryKind.WATER), goods=(pipe,), prices=(2,))
    setup = attrs.evolve(SETUP, vendors=(dealer,))
    token = Token(TokenKind.VENDOR, Hex(0, 1), name="Dealer")
    tiles = (Tile(Hex(0, 1), region="Ash", area="Pit"),)
    w = attrs.evolve(sheet(), loadout=Loadout((None,), (None,)))
    j = attrs.evolve(journey(w, tokens=(token,), tiles=tiles, setup=setup), vendors=(dealer,))
    j = apply(j, Choice(Act.COMMIT_MOVE, 0), []).journey
    trade = apply(j, Choice(Act.MOVE, direction=Direction.S), [5]).journey
    assert trade.phase is Phase.TRADE
    assert own(trade.choices()) == (Choice(Act.BARTER, target=0), Choice(Act.LEAVE))
    paying = apply(trade, Choice(Act.BARTER, target=0), []).journey  # the player picks each ⊙
    assert own(paying.choices()) == (
        Choice(Act.BARTER_PAY, kind=InventoryKind.FOOD),
        Choice(Act.BARTER_PAY, kind=InventoryKind.WATER),
    )
    half = apply(paying, Choice(Act.BARTER_PAY, kind=InventoryKind.FOOD), [4]).journey
    assert own(half.choices()) == (Choice(Act.BARTER_PAY, kind=InventoryKind.WATER),)  # the Inventory Restriction
    bought = apply(half, Choice(Act.BARTER_PAY, kind=InventoryKind.WATER), [4]).journey
    assert bought.wanderer.loadout.item_slots == (pipe,)
    assert bought.vendor("Dealer").goods == ()
    assert own(bought.choices()) == (Choice(Act.LEAVE),)
    left = apply(bought, Choice(Act.LEAVE), []).journey
    assert left.phase is Phase.MOVE  # one Travel ★ left and the Hex was discovered
    poor = Inventory(food="0", water="d4", battery="d8", gear="d8", resolve="d8")
    broke = attrs.evolve(trade, wanderer=trade.wanderer.with_inventory(poor))
    paying = apply(broke, Choice(Act.BARTER, target=0), []).journey
    failed = apply(paying, Choice(Act.BARTER_PAY, kind=InventoryKind.WATER), [1]).journey  # Water 0: out of Inventory
    assert failed.wanderer.inventory == poor
    assert failed.vendor("Dealer").wait_for_rest
    assert own(failed.choices()) == (Choice(Act.LEAVE),)
    rested = attrs.evolve(failed, stage=CheckStrainPhase()).apply(Choice(Act.REST, rest=RestChoices()), rng=4)
    assert not rested.journey.vendor("Dealer").wait_for_rest
    with pytest.raises(tc.InvalidInput, match="Vendor token 'Nobody'"):
        attrs.evolve(SETUP, tokens=(Token(TokenKind.VENDOR, Hex(1, 1), name="Nobody"),))


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 2**32 - 1), st.sampled_from(["cautious", "greedy"]))
def test_whole_journeys_keep_hp_within_max_and_strain_below_the_st_after_each_rest(seed, name):
    policy = CautiousPolicy() if name == "cautious" else GreedyPolicy()
    end, steps = play_journey(start_journey(sheet(), example_setup(), rng=seed), policy, rng=seed)
    for step in steps:
        state = step.journey
        assert 0 <= state.wanderer.health.hp <= state.wanderer.health.max_hp
        if step.choice.act is Act.END_REST or (step.choice.act is Act.STOP_PAYING):
            assert state.wanderer.strain < state.wanderer.strain_threshold or state.is_over
    assert end.is_over
    assert (end.outcome is JourneyOutcome.DEFEATED) == (end.defeat is not None)
