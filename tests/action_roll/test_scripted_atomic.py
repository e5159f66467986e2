"""A roll that fails on its second or third die uses none of a player's scripted dice."""

import pytest

import tabletop_core as tc
from tabletop_core import action_roll as ar


@pytest.mark.parametrize("values", [[4, 3], [4, 3, 11], [4, 11, 3], [7, 3, 8]])
def test_action_roll_takes_all_three_dice_or_none(values):
    dice = tc.ScriptedDice(values)
    with pytest.raises(tc.TabletopError):
        ar.action_roll(stat=2, rng=dice)
    assert dice.remaining == len(values)


@pytest.mark.parametrize("values", [[3], [3, 11], [0, 5]])
def test_progress_roll_takes_both_dice_or_none(values):
    dice = tc.ScriptedDice(values)
    with pytest.raises(tc.TabletopError):
        ar.progress_roll(5, rng=dice)
    assert dice.remaining == len(values)


def test_good_scripted_dice_still_roll():
    assert str(ar.action_roll(stat=2, rng=tc.ScriptedDice([4, 3, 8]))) == "Action 4 + 2 = 6 vs 3 · 8 -> weak hit"
    assert ar.progress_roll(5, rng=tc.ScriptedDice([3, 8])).challenge_dice == (3, 8)
