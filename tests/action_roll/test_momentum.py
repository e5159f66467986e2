import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

import tabletop_core as tc
from tabletop_core import action_roll as ar
from tabletop_core.action_roll import Momentum, Outcome
from tabletop_core.action_roll.momentum import max_momentum, momentum_reset


def test_momentum_starts_at_plus_2_with_max_10_and_reset_2():
    momentum = Momentum()
    assert (momentum.value, momentum.impacts, momentum.max_value, momentum.reset_value) == (2, 0, 10, 2)


def test_momentum_ranges_from_minus_6_to_plus_10():
    assert Momentum(-6).value == -6
    assert Momentum(10).value == 10
    with pytest.raises(tc.InvalidInput, match="value must be an int from -6 to 10, got -7"):
        Momentum(-7)
    with pytest.raises(tc.InvalidInput):
        Momentum(11)
    with pytest.raises(TypeError):
        Momentum(2.5)  # type: ignore[arg-type]


def test_take_plus_x_momentum():
    assert Momentum(2).gain(2).value == 4
    assert Momentum(9).gain(3).value == 10  # clamps at max


def test_lose_momentum_minus_1_2_3():
    assert Momentum(2).lose(1).value == 1
    assert Momentum(2).lose(2).value == 0
    assert Momentum(2).lose(3).value == -1


def test_losing_past_minus_6_is_reported():
    after = Momentum(-5).lose(3)
    assert after.value == -6
    assert after.shortfall == 2
    assert "2 more could not be lost" in str(after)
    assert Momentum(-6).lose(1).shortfall == 1
    assert Momentum(-3).lose(3).shortfall == 0
    # the report belongs to the last operation only
    assert after.gain(1).shortfall == 0


def test_max_momentum_is_10_minus_one_per_impact():
    assert [Momentum(0, impacts=n).max_value for n in range(4)] == [10, 9, 8, 7]
    assert max_momentum(3) == 7
    assert Momentum(0, impacts=2).gain(20).value == 8


def test_reset_value_follows_the_impacts():
    assert [Momentum(0, impacts=n).reset_value for n in range(5)] == [2, 1, 0, 0, 0]
    assert [momentum_reset(n) for n in range(5)] == [2, 1, 0, 0, 0]


def test_momentum_above_max_is_refused():
    with pytest.raises(tc.InvalidInput, match="max momentum with 1 impacts"):
        Momentum(10, impacts=1)


def test_with_impacts_drops_momentum_to_the_new_max():
    assert Momentum(10).with_impacts(2) == Momentum(8, impacts=2)
    assert Momentum(3).with_impacts(1) == Momentum(3, impacts=1)


def test_burn_resets_momentum():
    assert Momentum(7).burn() == Momentum(2)
    assert Momentum(7, impacts=1).burn() == Momentum(1, impacts=1)
    assert Momentum(7, impacts=3).burn() == Momentum(0, impacts=3)


@pytest.mark.parametrize("value", [0, -1, -6])
def test_burn_needs_positive_momentum(value):
    momentum = Momentum(value)
    with pytest.raises(tc.RuleError, match="positive"):
        momentum.burn()
    assert momentum == Momentum(value)


def test_burn_momentum_replaces_the_score_and_rejudges_the_same_dice():
    result = ar.resolve_action(action_die=2, challenge_dice=(5, 8), stat=2)
    assert result.outcome is Outcome.MISS
    burned, after = ar.burn_momentum(result, Momentum(9))
    assert burned.action_score == 9
    assert burned.outcome is Outcome.STRONG_HIT
    assert burned.burned_momentum == 9
    assert burned.rolled_score == 4
    assert burned.rolled_outcome is Outcome.MISS
    assert burned.challenge_dice == (5, 8)
    assert after == Momentum(2)
    assert str(burned) == "Action 2 + 2 = 4 vs 5 · 8 -> miss; burned momentum +9 -> strong hit"
    assert burned.to_markdown().endswith("-> **strong hit**")


def test_burn_to_a_weak_hit_and_ties_still_go_to_the_dice():
    result = ar.resolve_action(action_die=1, challenge_dice=(6, 8), stat=1)
    burned, _ = ar.burn_momentum(result, Momentum(8))
    assert burned.outcome is Outcome.WEAK_HIT  # 8 ties the 8


def test_burn_with_impacts_resets_lower():
    result = ar.resolve_action(action_die=1, challenge_dice=(6, 8), stat=1)
    _, after = ar.burn_momentum(result, Momentum(7, impacts=2))
    assert after == Momentum(0, impacts=2)


def test_burn_momentum_needs_positive_momentum_and_changes_nothing():
    result = ar.resolve_action(action_die=2, challenge_dice=(5, 8), stat=2)
    momentum = Momentum(0)
    with pytest.raises(tc.RuleError):
        ar.burn_momentum(result, momentum)
    assert momentum == Momentum(0)
    assert result.burned_momentum is None


def test_momentum_cannot_be_burned_twice_on_one_roll():
    result = ar.resolve_action(action_die=2, challenge_dice=(5, 8), stat=2)
    burned, _ = ar.burn_momentum(result, Momentum(6))
    with pytest.raises(tc.RuleError, match="already burned"):
        ar.burn_momentum(burned, Momentum(9))


def test_burn_momentum_checks_types():
    result = ar.resolve_action(action_die=2, challenge_dice=(5, 8), stat=2)
    with pytest.raises(TypeError, match="momentum must be an int"):
        ar.burn_momentum(result, "9")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="result must be a ActionResult"):
        ar.burn_momentum("miss", Momentum(9))  # type: ignore[arg-type]


def test_burn_would_improve():
    miss = ar.resolve_action(action_die=2, challenge_dice=(5, 8), stat=2)
    assert ar.burn_would_improve(miss, Momentum(6))
    assert ar.burn_would_improve(miss, 9)
    assert not ar.burn_would_improve(miss, 5)  # ties go to the dice
    assert not ar.burn_would_improve(miss, -3)
    strong = ar.resolve_action(action_die=6, challenge_dice=(5, 8), stat=3)
    assert not ar.burn_would_improve(strong, 10)
    burned, _ = ar.burn_momentum(miss, Momentum(9))
    assert not ar.burn_would_improve(burned, 10)
    with pytest.raises(tc.InvalidInput):
        ar.burn_would_improve(miss, 11)


def test_burned_result_round_trips():
    result = ar.resolve_action(action_die=2, challenge_dice=(5, 5), stat=2)
    burned, _ = ar.burn_momentum(result, Momentum(9))
    assert ar.ActionResult.from_dict(json.loads(json.dumps(burned.to_dict()))) == burned
    assert str(burned).endswith("(match)")


def test_momentum_renders_and_round_trips():
    momentum = Momentum(-6, impacts=1).lose(4)
    assert str(momentum) == "momentum -6 (max +9, reset +1); 4 more could not be lost below -6"
    rebuilt = Momentum.from_dict(json.loads(json.dumps(momentum.to_dict())))
    assert rebuilt == momentum
    assert rebuilt.shortfall == 4
    assert str(Momentum(0)) == "momentum 0 (max +10, reset +2)"


@pytest.mark.parametrize("method", ["gain", "lose"])
def test_gain_and_lose_refuse_bad_amounts(method):
    momentum = Momentum(3)
    with pytest.raises(tc.InvalidInput, match="n must be an int >= 0"):
        getattr(momentum, method)(-1)
    with pytest.raises(TypeError):
        getattr(momentum, method)("1")
    assert momentum == Momentum(3)


moves = st.lists(st.tuples(st.sampled_from(["gain", "lose", "burn", "reset", "impacts"]), st.integers(0, 12)))


@given(impacts=st.integers(0, 10), steps=moves)
def test_momentum_always_stays_in_range(impacts, steps):
    momentum = Momentum(min(2, 10 - impacts), impacts=impacts)
    for name, amount in steps:
        before = momentum
        try:
            if name == "impacts":
                momentum = momentum.with_impacts(min(amount, 10))
            elif name in {"burn", "reset"}:
                momentum = getattr(momentum, name)()
            else:
                momentum = getattr(momentum, name)(amount)
        except tc.RuleError:
            assert momentum == before
            assert before.value <= 0
        assert -6 <= momentum.value <= momentum.max_value == 10 - momentum.impacts
        assert Momentum.from_dict(json.loads(momentum.to_json())) == momentum


@pytest.mark.parametrize(
    ("die", "dice", "stat", "momentum", "rolled"),
    [
        (6, (3, 4), 3, 5, Outcome.STRONG_HIT),  # a strong hit cannot be improved
        (2, (5, 8), 2, 5, Outcome.MISS),  # 5 ties the 5: still a miss
        (3, (4, 9), 2, 8, Outcome.WEAK_HIT),  # 8 beats the 4 but not the 9: still a weak hit
        (6, (3, 4), 3, 3, Outcome.STRONG_HIT),  # 3 would make the strong hit a miss
    ],
)
def test_a_burn_that_does_not_improve_is_carried_out_as_asked(die, dice, stat, momentum, rolled):
    # Players burn "to improve your result"; burn_would_improve says whether it would.
    # Asked anyway, the score becomes the momentum value and momentum resets.
    result = ar.resolve_action(action_die=die, challenge_dice=dice, stat=stat)
    assert result.outcome is rolled
    meter = Momentum(momentum)
    assert not ar.burn_would_improve(result, meter)
    burned, after = ar.burn_momentum(result, meter)
    assert burned.action_score == momentum
    assert not burned.outcome.is_better_than(rolled)
    assert after == Momentum(2)
    assert meter == Momentum(momentum)  # the caller's state is unchanged
    assert result.burned_momentum is None


@given(
    die=st.integers(1, 6),
    first=st.integers(1, 10),
    second=st.integers(1, 10),
    stat=st.integers(0, 5),
    momentum=st.integers(-6, 10),
)
def test_burn_momentum_rejudges_with_any_positive_momentum(die, first, second, stat, momentum):
    result = ar.resolve_action(action_die=die, challenge_dice=(first, second), stat=stat)
    if momentum > 0:
        burned, after = ar.burn_momentum(result, Momentum(momentum))
        assert burned.action_score == momentum
        assert burned.challenge_dice == (first, second)
        assert burned.outcome.is_better_than(result.outcome) == ar.burn_would_improve(result, momentum)
        assert after == Momentum(2)
    else:
        assert not ar.burn_would_improve(result, momentum)
        with pytest.raises(tc.RuleError):
            ar.burn_momentum(result, Momentum(momentum))


def test_burn_uses_the_momentum_the_roll_was_made_with():
    # A burn comes "after you make an action roll": momentum is the one the roll was made with.
    rolled = ar.resolve_action(action_die=2, challenge_dice=(5, 8), stat=2, momentum=9)
    burned, after = ar.burn_momentum(rolled, Momentum(9))
    assert (burned.outcome, after.value) == (Outcome.STRONG_HIT, 2)
    with pytest.raises(tc.InvalidInput, match=r"the momentum this roll was made with \(\+9\), got \+7"):
        ar.burn_momentum(rolled, Momentum(7))
    with pytest.raises(tc.InvalidInput, match="made with"):
        ar.burn_would_improve(rolled, 7)
    # the die was cancelled by momentum -4: that roll's momentum cannot be burned, nor swapped for another
    cancelled = ar.resolve_action(action_die=4, challenge_dice=(2, 9), stat=1, momentum=-4)
    assert not ar.burn_would_improve(cancelled, -4)
    with pytest.raises(tc.RuleError, match="positive"):
        ar.burn_momentum(cancelled, Momentum(-4))
    with pytest.raises(tc.InvalidInput, match=r"made with \(-4\), got \+9"):
        ar.burn_momentum(cancelled, Momentum(9))
