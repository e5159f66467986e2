"""Issue 11 item 5, library side: burn_momentum takes an int, Rank is ordered, meters name their range."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import tabletop_core as tc
from tabletop_core import action_roll as ar

MISS = ar.resolve_action(action_die=2, challenge_dice=(5, 8), stat=2)


@given(value=st.integers(-6, 10))
def test_burn_momentum_takes_an_int_as_burn_would_improve_does(value):
    if value <= 0:
        for momentum in (value, ar.Momentum(value)):
            with pytest.raises(tc.RuleError, match="only be burned when it is positive"):
                ar.burn_momentum(MISS, momentum)
        assert not ar.burn_would_improve(MISS, value)
    else:
        assert ar.burn_momentum(MISS, value) == ar.burn_momentum(MISS, ar.Momentum(value))
        burned, after = ar.burn_momentum(MISS, value)
        assert burned.burned_momentum == burned.action_score == value
        assert after == ar.Momentum(value).burn()
        assert ar.burn_would_improve(MISS, value) == burned.outcome.is_better_than(MISS.outcome)


def test_burn_momentum_int_is_checked_like_burn_would_improve():
    for bad in (11, -7):
        with pytest.raises(tc.InvalidInput, match="momentum must be an int from -6 to 10"):
            ar.burn_momentum(MISS, bad)
        with pytest.raises(tc.InvalidInput, match="momentum must be an int from -6 to 10"):
            ar.burn_would_improve(MISS, bad)
    for wrong in ("8", 8.0, True):
        with pytest.raises(TypeError):
            ar.burn_momentum(MISS, wrong)
    made_with_five = ar.resolve_action(action_die=2, challenge_dice=(5, 8), stat=2, momentum=5)
    with pytest.raises(tc.InvalidInput, match=r"momentum this roll was made with \(\+5\), got \+8"):
        ar.burn_momentum(made_with_five, 8)


def test_rank_is_ordered_by_difficulty():
    order = [ar.Rank.TROUBLESOME, ar.Rank.DANGEROUS, ar.Rank.FORMIDABLE, ar.Rank.EXTREME, ar.Rank.EPIC]
    assert sorted([order[2], order[4], order[0], order[3], order[1]]) == order
    assert ar.Rank.EPIC > ar.Rank.TROUBLESOME
    assert ar.Rank.DANGEROUS <= ar.Rank.DANGEROUS < ar.Rank.FORMIDABLE
    assert ar.Rank.EXTREME >= ar.Rank.FORMIDABLE
    assert max(ar.Rank) is ar.Rank.EPIC
    # Harder ranks fill fewer ticks per mark: the order is the rules' order.
    assert [r.ticks_per_mark for r in order] == [12, 8, 4, 2, 1]
    assert [r.difficulty for r in order] == [0, 1, 2, 3, 4]
    with pytest.raises(TypeError):
        _ = ar.Rank.EPIC < 3
    assert ar.Rank.parse("Formidable") is ar.Rank.FORMIDABLE


@pytest.mark.parametrize("kind", [ar.Meter.HEALTH, ar.Meter.SPIRIT, ar.Meter.SUPPLY])
@pytest.mark.parametrize("value", [-1, 6, 10, 11])
def test_character_meters_name_their_own_range(kind, value):
    with pytest.raises(tc.InvalidInput, match=rf"^{kind} meter value must be an int from 0 to 5, got {value}$"):
        ar.ConditionMeter(kind, value)


def test_asset_meter_names_its_maximum():
    with pytest.raises(tc.InvalidInput, match=r"^integrity meter value must be an int from 0 to 3, got 4$"):
        ar.ConditionMeter(ar.Meter.INTEGRITY, 4, 3)
    with pytest.raises(TypeError, match="value must be an int"):
        ar.ConditionMeter(ar.Meter.SPIRIT, "3")
