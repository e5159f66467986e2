"""The whole character sheet: every vehicle and companion rolls, attached modules, options, clocks, counters, boxes.

On the invented mini ruleset (``docs/examples/mini-starforged.json``): the Longboat (a command
vehicle taking modules), the Skiff, the Clockwork Hound and the Ember Fox (companions), the
Sensor Mast (a module reading its vehicle's integrity), the Pilgrim (a linked stat, a clock, a counter).
"""

import itertools
import json
import pathlib

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from tabletop_core import InvalidInput, RuleError, ScriptedDice
from tabletop_core.action_roll import (
    AssetState,
    Clock,
    Impact,
    PlayerCharacter,
    Stats,
    make_move,
    move_options,
)
from tabletop_core.action_roll.datasworn import load

MINI = pathlib.Path(__file__).parents[2] / "docs" / "examples" / "mini-starforged.json"
RULES = load(MINI)
HERO = PlayerCharacter(Stats(edge=3, heart=2, iron=2, shadow=1, wits=1))


def _with(*names):
    hero = HERO
    for name in names:
        hero = hero.add_asset(RULES.asset(name))
    return hero


def _labels(move, hero):
    return [str(option) for option in move_options(RULES.move(move), hero)]


# -- every vehicle and companion rolls -------------------------------------------------------------------


def test_every_vehicle_gives_its_own_option_named_by_the_vehicle():
    """'Some assets have their own condition meters, such as a vehicle's integrity': each vehicle's."""
    hero = _with("Longboat", "Skiff")
    hero = hero.update_asset(hero.asset("Skiff").set_meter("integrity", 1))
    assert _labels("Brace the Hull", hero) == ["integrity (Longboat) (+5)", "integrity (Skiff) (+1)"]
    result = make_move(RULES.move("Brace the Hull"), hero, option="integrity (Skiff)", rng=ScriptedDice([4, 3, 8]))
    assert (result.option, result.action.stat) == ("integrity (Skiff)", 1)
    with pytest.raises(
        InvalidInput,
        match=r"matches several of the options of Brace the Hull \(0: integrity \(Longboat\) \(\+5\); 1:",
    ):
        make_move(RULES.move("Brace the Hull"), hero, option="integrity", rng=1)


def test_the_order_assets_are_taken_in_changes_no_option():
    forward = _with("Longboat", "Skiff")
    backward = _with("Skiff", "Longboat")
    assert sorted(_labels("Brace the Hull", forward)) == sorted(_labels("Brace the Hull", backward))


@given(st.permutations(["Longboat", "Skiff", "Clockwork Hound", "Ember Fox"]), st.integers(0, 5), st.integers(0, 2))
def test_each_option_reads_its_own_assets_meter_whatever_the_order(order, longboat, skiff):
    hero = _with(*order)
    hero = hero.update_asset(hero.asset("Longboat").set_meter("integrity", longboat))
    hero = hero.update_asset(hero.asset("Skiff").set_meter("integrity", skiff))
    options = {o.asset: o.value for o in move_options(RULES.move("Brace the Hull"), hero)}
    assert options == {"mini/assets/command_vehicle/longboat": longboat, "mini/assets/support_vehicle/skiff": skiff}
    companions = {o.label for o in move_options(RULES.move("Soothe the Hound"), hero)}
    assert companions == {"health (Clockwork Hound)", "health (Ember Fox)"}


def test_one_asset_answers_to_the_bare_label():
    hero = _with("Skiff")
    assert _labels("Brace the Hull", hero) == ["integrity (Skiff) (+2)"]
    assert (
        make_move(RULES.move("Brace the Hull"), hero, option="integrity", rng=ScriptedDice([1, 2, 3])).action.stat == 2
    )


def test_a_companion_out_of_action_gives_no_option():
    hero = _with("Clockwork Hound", "Ember Fox")
    hero = hero.update_asset(hero.asset("Ember Fox").mark("out of action"))
    assert _labels("Soothe the Hound", hero) == ["health (Clockwork Hound) (+3)"]
    alone = _with("Ember Fox")
    alone = alone.update_asset(alone.asset("Ember Fox").mark("out_of_action"))
    assert _labels("Soothe the Hound", alone) == ["health: Ember Fox is out of use (out_of_action)"]


def test_no_asset_at_all_says_so():
    assert _labels("Brace the Hull", HERO) == [
        "integrity: no asset of this character (*/assets/command_vehicle/*, */assets/support_vehicle/*) "
        "has a integrity meter to roll"
    ]


# -- attached modules ---------------------------------------------------------------------------------------


def test_an_attached_module_rolls_its_vehicles_integrity():
    """The Sensor Mast's 'roll +integrity' is the integrity of the vehicle it is attached to."""
    hero = _with("Longboat", "Skiff", "Sensor Mast")
    assert (
        _labels("Brace", hero)[-1] == "integrity (Sensor Mast): Sensor Mast is attached to no vehicle (attach it first)"
    )
    hero = hero.attach("Sensor Mast", "Longboat")
    hero = hero.update_asset(hero.asset("Longboat").set_meter("integrity", 4))
    assert _labels("Brace", hero)[-1] == "integrity (Sensor Mast on Longboat) (+4)"
    result = make_move(
        RULES.move("Brace"), hero, option="integrity (Sensor Mast on Longboat)", rng=ScriptedDice([2, 3, 9])
    )
    assert result.action.stat == 4
    with pytest.raises(RuleError, match="Skiff takes no Sensor Mast"):
        hero.attach("Sensor Mast", "Skiff")


def test_a_broken_module_or_a_vehicle_out_of_use_gives_no_option():
    hero = _with("Longboat", "Sensor Mast").attach("Sensor Mast", "Longboat")
    broken = hero.update_asset(hero.asset("Sensor Mast").mark("broken"))
    assert _labels("Brace", hero)[-1] == "integrity (Sensor Mast on Longboat) (+5)"
    assert _labels("Brace", broken) == ["highest of iron, health (+5)"]  # a broken module changes no move


def test_a_vehicle_takes_at_most_its_attachments():
    longboat = AssetState.from_asset(RULES.asset("Longboat"))
    hero = HERO.add_asset(attrs.evolve(longboat, attachments_max=1)).add_asset(RULES.asset("Sensor Mast"))
    hero = hero.add_asset(RULES.asset("Signal Kite")).attach("Sensor Mast", "Longboat")
    with pytest.raises(RuleError, match="Longboat takes 1 attached asset"):
        hero.attach("Signal Kite", "Longboat")
    assert hero.attach("Sensor Mast", "Longboat") == hero  # attaching again changes nothing


def test_a_character_file_edited_by_hand_holds_what_add_asset_and_attach_hold():
    """An asset held twice, a module on a vehicle not held or a vehicle over its attachments is
    refused on load, as the methods refuse it, not read into a sheet no play could reach."""
    longboat = attrs.evolve(AssetState.from_asset(RULES.asset("Longboat")), attachments_max=1)
    hero = HERO.add_asset(longboat).add_asset(RULES.asset("Sensor Mast")).add_asset(RULES.asset("Signal Kite"))
    saved = hero.attach("Sensor Mast", "Longboat").to_dict()
    assert PlayerCharacter.from_dict(saved) == hero.attach("Sensor Mast", "Longboat")
    twice = {**saved, "assets": [*saved["assets"], saved["assets"][0]]}
    with pytest.raises(InvalidInput, match="assets must be different: Longboat held more than once"):
        PlayerCharacter.from_dict(twice)
    elsewhere = json.loads(json.dumps(saved))
    elsewhere["assets"][1]["attached_to"] = "mini/assets/command_vehicle/nowhere"
    with pytest.raises(InvalidInput, match="Sensor Mast is attached to 'mini/assets/command_vehicle/nowhere', which"):
        PlayerCharacter.from_dict(elsewhere)
    crowded = json.loads(json.dumps(saved))
    crowded["assets"][2]["attached_to"] = crowded["assets"][0]["id"]
    with pytest.raises(InvalidInput, match="Longboat takes 1 attached asset\\(s\\), has Sensor Mast, Signal Kite"):
        PlayerCharacter.from_dict(crowded)


# -- options ------------------------------------------------------------------------------------------------


def test_a_linked_stat_is_rolled_once_written_in():
    """Devotant's 'roll +linked stat': the stat chosen on the card."""
    hero = _with("Pilgrim")
    assert _labels("Leap", hero)[-1] == "linked stat (Pilgrim): write in the linked stat of Pilgrim first (set_option)"
    hero = hero.update_asset(hero.asset("Pilgrim").set_option("linked stat", "Heart"))
    assert _labels("Leap", hero)[-1] == "linked stat (Pilgrim) (+2)"
    assert hero.asset("Pilgrim").option("linked_stat").value == "heart"
    with pytest.raises(InvalidInput, match="option 'linked_stat' must be one of edge, heart, wits, got 'iron'"):
        hero.asset("Pilgrim").set_option("linked_stat", "iron")
    with pytest.raises(InvalidInput, match=r"no option 'colour' \(its options: shrine, linked_stat\)"):
        hero.asset("Pilgrim").set_option("colour", "red")


def test_a_name_written_on_the_card_names_it():
    hero = _with("Longboat")
    hero = hero.update_asset(hero.asset("Longboat").set_option("name", "Wayfarer"))
    assert hero.asset("wayfarer").title == "Longboat 'Wayfarer'"
    assert _labels("Brace the Hull", hero) == ["integrity (Longboat 'Wayfarer') (+5)"]
    with pytest.raises(InvalidInput, match=r"no asset 'Dinghy' \(it has Longboat\)"):
        hero.asset("Dinghy")


# -- clocks, counters, abilities that change the card ---------------------------------------------------------


def test_an_asset_clock_fills_and_resets():
    pilgrim = AssetState.from_asset(RULES.asset("Pilgrim"))
    assert pilgrim.clock() == Clock("the road forgets you", 4)
    full = pilgrim.advance_clock(3).advance_clock()
    assert full.clock().is_full
    with pytest.raises(RuleError, match="is full: cannot fill 1 more"):
        full.advance_clock()
    assert full.reset_clock().clock().filled == 0
    assert str(full) == "Pilgrim (the road forgets you 4/4)"


def test_a_counter_tallies():
    pilgrim = AssetState.from_asset(RULES.asset("Pilgrim")).set_counter("shrines visited", 5)
    assert pilgrim.counter("shrines").value == 5
    with pytest.raises(InvalidInput, match=r"value of shrines must be 0\.\., got -1"):
        pilgrim.set_counter("shrines", -1)


def test_an_ability_that_changes_the_card_applies_once_marked():
    """'The fox gains power and has 3 health' (enhance_asset): the meter's max becomes 3, a full meter stays full."""
    fox = AssetState.from_asset(RULES.asset("Ember Fox"))
    assert str(fox.meter("health")) == "health 2/2"
    assert str(fox.mark_ability(2).meter("health")) == "health 3/3"
    hurt = fox.set_meter("health", 1).mark_ability(2)
    assert str(hurt.meter("health")) == "health 2/3"
    with pytest.raises(RuleError, match=r"Ember Fox's ability 3 of 3 \(index 2\) is already marked"):
        hurt.mark_ability(2)  # the player counts 1 to 3, as the card and the command line do


# -- boxes and impacts --------------------------------------------------------------------------------------------


def test_battered_on_the_card_is_a_vehicle_trouble_of_the_character():
    """'Vehicle troubles only count as an impact while you're piloting or aboard that vehicle.'"""
    hero = _with("Longboat")
    battered = hero.update_asset(hero.asset("Longboat").mark("battered"))
    assert battered.sheet.impacts.is_marked(Impact.BATTERED)
    assert battered.momentum.max_value == 10  # not aboard
    assert battered.sheet.board().momentum.max_value == 9
    repaired = battered.update_asset(battered.asset("Longboat").clear("battered"))
    assert not repaired.sheet.impacts.is_marked(Impact.BATTERED)


def test_battered_holds_integrity_down_and_cursed_is_permanent():
    """'battered ... cannot raise integrity until Repaired'; 'cursed ... permanent'."""
    longboat = AssetState.from_asset(RULES.asset("Longboat")).set_meter("integrity", 2).mark("battered")
    with pytest.raises(RuleError, match="cannot be raised until it is repaired"):
        longboat.set_meter("integrity", 3)
    assert longboat.set_meter("integrity", 1).meter("integrity").value == 1
    cursed = longboat.mark("cursed")
    with pytest.raises(RuleError, match="cursed is permanent"):
        cursed.clear("cursed")
    with pytest.raises(InvalidInput, match=r"no box 'scorched' \(its boxes: battered, cursed\)"):
        longboat.mark("scorched")
    with pytest.raises(RuleError, match="already marked"):
        longboat.mark("battered")


def test_a_second_battered_vehicle_keeps_the_impact_when_one_is_repaired():
    hero = _with("Longboat", "Skiff")
    hero = hero.update_asset(hero.asset("Longboat").mark("battered"))
    hero = hero.update_asset(hero.asset("Skiff").mark("battered"))
    hero = hero.update_asset(hero.asset("Longboat").clear("battered"))
    assert hero.sheet.impacts.is_marked(Impact.BATTERED)


# -- saving ------------------------------------------------------------------------------------------------------


def test_the_whole_sheet_round_trips_through_json():
    hero = _with("Longboat", "Sensor Mast", "Pilgrim", "Ember Fox").attach("Sensor Mast", "Longboat")
    hero = hero.update_asset(hero.asset("Pilgrim").set_option("linked_stat", "wits").advance_clock(2))
    hero = hero.update_asset(hero.asset("Pilgrim").set_counter("shrines", 3))
    hero = hero.update_asset(hero.asset("Longboat").mark("battered"))
    again = PlayerCharacter.from_json(hero.to_json())
    assert again == hero
    assert str(again) == str(hero)
    data = json.loads(hero.to_json())
    data["assets"][0]["marked"] = ["scorched"]
    with pytest.raises(InvalidInput, match="marked names a box Longboat does not have: scorched"):
        PlayerCharacter.from_dict(data)


def test_an_older_save_loads_and_reads_its_assets_again():
    """A card saved before options, boxes and clocks were kept: it loads, and refresh_assets fills them in."""
    old = json.loads(
        (pathlib.Path(__file__).parents[1] / "fixtures" / "format-1" / "action_roll.PlayerCharacter.json").read_text()
    )
    hero = PlayerCharacter.from_dict(old)
    (hound,) = hero.assets
    assert (hound.options, hound.boxes) == ((), ())
    fresh = hero.refresh_assets(RULES)
    assert [o.key for o in fresh.asset("Clockwork Hound").options] == ["name"]
    assert fresh.asset("Clockwork Hound").abilities == hound.abilities
    assert fresh.asset("Clockwork Hound").meters == hound.meters


def test_reading_an_older_card_again_keeps_a_full_meter_full():
    """'The fox ... has 3 health', marked on a card read before card changes were kept: read
    again, the maximum rises to 3 and the value with it, as marking the ability does."""
    fox = AssetState.from_asset(RULES.asset("Ember Fox"))
    old = attrs.evolve(fox, asset_enhancements=()).mark_ability(2)
    assert str(old.meter("health")) == "health 2/2"  # the old reading did not know the card change
    assert str(old.refreshed(RULES.asset("Ember Fox")).meter("health")) == "health 3/3"
    hurt = attrs.evolve(fox, asset_enhancements=()).set_meter("health", 1).mark_ability(2)
    assert str(hurt.refreshed(RULES.asset("Ember Fox")).meter("health")) == "health 2/3"
    current = fox.mark_ability(2).set_meter("health", 1)
    assert current.refreshed(RULES.asset("Ember Fox")) == current  # an up-to-date card reads the same


def test_every_pair_of_vehicles_offers_both():
    vehicles = ["Longboat", "Skiff"]
    for first, second in itertools.permutations(vehicles):
        assert len(_labels("Brace the Hull", _with(first, second))) == 2


# -- a crew's shared supply, a track's clock --------------------------------------------------------------------


def test_a_crew_shares_one_supply():
    """'If you are playing with allies, you share the same supply value ... each of you adjust your supply meter.'"""
    from tabletop_core.action_roll import Crew
    from tabletop_core.action_roll import Impact as ImpactKind

    crew = Crew.of(HERO, PlayerCharacter(Stats(1, 3, 2, 2, 1)), names=("Kira", "Jax"))
    spent = crew.sacrifice_resources(5)
    assert [m.party.supply.value for m in spent.members] == [0, 0]
    assert all(m.sheet.impacts.is_marked(ImpactKind.UNPREPARED) for m in spent.members)  # "shared with allies"
    with pytest.raises(RuleError, match="cannot be raised while unprepared"):
        spent.resupply(1)
    kira = crew.member("Kira")
    richer = crew.update(attrs.evolve(kira, party=kira.party.sacrifice_resources(2)))
    assert [m.party.supply.value for m in richer.members] == [3, 3]
    again = type(crew).from_json(richer.to_json())
    assert again == richer
    data = json.loads(richer.to_json())
    data["members"][1]["party"]["supply"]["value"] = 5
    with pytest.raises(InvalidInput, match="Jax must share the crew's supply"):
        type(crew).from_dict(data)
    with pytest.raises(InvalidInput, match="members of a crew need different names"):
        Crew.of(HERO, HERO)


def test_a_track_keeps_a_clock_beside_it():
    """A scene challenge's tension clock: filled as the scene turns against you."""
    from tabletop_core.action_roll import Rank, TrackKind

    hero = HERO.add_challenge(TrackKind.SCENE_CHALLENGE, "Hold the gate", Rank.FORMIDABLE, clock=4)
    hero = hero.advance_clock("Hold the gate", 3)
    assert str(hero.challenge("Hold the gate").clock) == "Hold the gate 3/4"
    with pytest.raises(RuleError, match="has 1 segments left: cannot fill 2 more"):
        hero.advance_clock("Hold the gate", 2)
    assert PlayerCharacter.from_json(hero.to_json()) == hero
    plain = HERO.add_challenge(TrackKind.VOW, "Oath", Rank.EPIC)
    with pytest.raises(RuleError, match="keeps no clock"):
        plain.advance_clock("Oath")


def test_moves_roll_the_tables_they_point_to():
    """Pay a Toll from the move whose miss says to; a move's own table; a table the outcome's text sets in."""
    from tabletop_core.action_roll import Outcome

    leap = RULES.move("Leap")
    assert [t.name for t in RULES.move_tables(leap, Outcome.MISS)] == ["Pay a Toll"]
    assert RULES.move_tables(leap, Outcome.STRONG_HIT) == ()
    assert [t.name for t in RULES.move_tables("Pay a Toll")] == ["Pay a Toll"]
    rolled = RULES.roll_move_table(leap, Outcome.MISS, rng=ScriptedDice([10]))
    assert rolled.text == "A coin to the ferryman"
    with pytest.raises(InvalidInput, match="Leap on a strong hit points to no oracle table"):
        RULES.roll_move_table(leap, Outcome.STRONG_HIT, rng=1)
    with pytest.raises(InvalidInput, match="table must be one of the tables of Pay a Toll"):
        RULES.roll_move_table("Pay a Toll", table="Omen", rng=1)
