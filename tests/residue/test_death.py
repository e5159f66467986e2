import json

import pytest

import tabletop_core as tc
from tabletop_core.residue.death import Defeat, DefeatCause, check_defeat


def test_four_ways_to_be_defeated_each_with_its_cause():
    assert check_defeat(hp=0).cause is DefeatCause.HP
    assert check_defeat(must_commit=True, dice_available=0, dice_committed=0).cause is DefeatCause.NO_DICE
    assert check_defeat(strain=9, strain_threshold=3).cause is DefeatCause.STRAIN
    assert check_defeat(dice_unbanished=0).cause is DefeatCause.BANISHED
    assert len(DefeatCause) == 4


def test_no_defeat_when_nothing_applies():
    assert check_defeat(hp=1) is None
    assert check_defeat(must_commit=True, dice_available=0, dice_committed=1) is None
    assert check_defeat(must_commit=True, dice_available=1, dice_committed=0) is None
    assert check_defeat(must_commit=False, dice_available=0, dice_committed=0) is None
    assert check_defeat(strain=8, strain_threshold=3) is None
    assert check_defeat(dice_unbanished=1) is None
    assert check_defeat() is None


def test_strain_past_the_exact_multiple_is_defeat():
    assert check_defeat(strain=10, strain_threshold=3).cause is DefeatCause.STRAIN
    assert check_defeat(strain=12, strain_threshold=4).detail == "Strain 12 >= 3 x 4"


def test_first_cause_in_glossary_order():
    assert check_defeat(hp=0, dice_unbanished=0).cause is DefeatCause.HP


def test_rendering_and_round_trip():
    defeat = Defeat(DefeatCause.BANISHED, "Strain Payoff with no Inventory and no die to banish", day=4)
    assert str(defeat) == (
        "Defeated on day 4: all Endurance dice banished (Strain Payoff with no Inventory and no die to banish)"
    )
    assert str(Defeat(DefeatCause.HP)) == "Defeated: HP reached 0"
    assert Defeat.from_dict(json.loads(json.dumps(defeat.to_dict()))) == defeat


def test_bad_input():
    with pytest.raises(tc.InvalidInput, match="hp"):
        check_defeat(hp=-1)
    with pytest.raises(TypeError, match="together"):
        check_defeat(strain=3)
    with pytest.raises(tc.InvalidInput, match="strain_threshold"):
        check_defeat(strain=3, strain_threshold=0)
    with pytest.raises(TypeError, match="must_commit"):
        check_defeat(must_commit=1)
    with pytest.raises(TypeError):
        Defeat("HP")
