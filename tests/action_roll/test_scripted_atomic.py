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


def test_shared_results_equal_freshly_built_ones_on_every_dice_combination():
    # Rolls share one frozen result per (dice, stat, adds, momentum): each must equal the
    # result built through the full, validating constructor path, in every rendering.
    import itertools

    from tabletop_core.action_roll.action import ActionResult

    for die, first, second in itertools.product(range(1, 7), range(1, 11), range(1, 11)):
        for momentum in (-6, -die, 0, 4):
            rolled = ar.action_roll(stat=2, adds=1, momentum=momentum, rng=tc.ScriptedDice([die, first, second]))
            again = ar.action_roll(stat=2, adds=1, momentum=momentum, rng=tc.ScriptedDice([die, first, second]))
            fresh = ActionResult.from_dict(rolled.to_dict())
            assert rolled == fresh
            assert again is rolled
            assert str(rolled) == str(fresh)
            assert rolled.to_markdown() == fresh.to_markdown()
