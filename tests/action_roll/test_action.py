import itertools
import json
from collections import Counter

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import tabletop_core as tc
from tabletop_core import action_roll as ar
from tabletop_core.action_roll import Outcome
from tabletop_core.action_roll.action import MAX_ADDS, MAX_STAT

STRONG, WEAK, MISS = Outcome.STRONG_HIT, Outcome.WEAK_HIT, Outcome.MISS

d6s = st.integers(1, 6)
d10s = st.integers(1, 10)
stats = st.integers(0, MAX_STAT)
adds_values = st.integers(0, MAX_ADDS)
momenta = st.integers(-6, 10)


def roll(die, first, second, stat, adds=0, momentum=0):
    return ar.resolve_action(action_die=die, challenge_dice=(first, second), stat=stat, adds=adds, momentum=momentum)


def test_action_score_is_die_plus_stat_plus_adds():
    result = roll(4, 3, 8, stat=2, adds=1)
    assert result.action_score == 7
    assert (result.action_die, result.challenge_dice, result.stat, result.adds) == (4, (3, 8), 2, 1)
    assert result.outcome is WEAK
    assert not result.action_die_cancelled


def test_action_score_is_never_greater_than_10():
    result = roll(6, 9, 9, stat=4, adds=3)
    assert result.action_score == 10
    assert result.outcome is STRONG
    assert "13, capped at 10" in str(result)


def test_strong_hit_beats_both_challenge_dice():
    assert roll(5, 3, 6, stat=2).outcome is STRONG


def test_weak_hit_beats_only_one():
    assert roll(5, 3, 7, stat=2).outcome is WEAK
    assert roll(5, 9, 2, stat=2).outcome is WEAK


def test_miss_beats_neither():
    assert roll(1, 3, 7, stat=1).outcome is MISS


def test_ties_go_to_the_challenge_dice():
    assert roll(4, 6, 6, stat=2).outcome is MISS
    assert roll(4, 5, 6, stat=2).outcome is WEAK
    assert roll(4, 6, 3, stat=2).outcome is WEAK


def test_a_10_on_a_challenge_die_is_never_beaten():
    for die, stat, adds in itertools.product(range(1, 7), range(11), range(11)):
        assert roll(die, 10, 1, stat=stat, adds=adds).outcome is not STRONG
        assert roll(die, 10, 10, stat=stat, adds=adds).outcome is MISS


def test_matches_are_equal_challenge_dice():
    assert roll(6, 4, 4, stat=3).is_match
    assert roll(6, 4, 4, stat=3).outcome is STRONG
    assert roll(1, 9, 9, stat=1).is_match
    assert roll(1, 9, 9, stat=1).outcome is MISS
    assert not roll(1, 9, 8, stat=1).is_match
    assert "(match)" in str(roll(1, 10, 10, stat=1))


def test_a_match_is_never_a_weak_hit():
    for die, face, stat in itertools.product(range(1, 7), range(1, 11), range(6)):
        assert roll(die, face, face, stat=stat).outcome is not WEAK


def test_condition_meter_in_place_of_a_stat():
    # "roll +health" with health 5: the meter is passed as the stat.
    result = roll(3, 7, 6, stat=5)
    assert result.action_score == 8
    assert result.outcome is STRONG
    assert roll(3, 2, 8, stat=0).outcome is WEAK  # a meter at 0 is a legal stat
    supply = ar.ConditionMeter(ar.Meter.SUPPLY, 4)
    by_meter = ar.action_roll(stat=supply, rng=tc.ScriptedDice([3, 7, 6]))
    assert by_meter == roll(3, 7, 6, stat=4)
    integrity = ar.ConditionMeter(ar.Meter.INTEGRITY, 3, maximum=5)
    assert ar.resolve_action(action_die=1, challenge_dice=(2, 5), stat=integrity).action_score == 4


def test_negative_momentum_equal_to_the_action_die_cancels_it():
    result = roll(4, 2, 9, stat=1, momentum=-4)
    assert result.action_die_cancelled
    assert result.action_die == 4  # the die is kept, only counted as 0
    assert result.action_score == 1
    assert result.outcome is MISS
    assert str(result) == "Action 4 cancelled by momentum -4 to 0 + 1 = 1 vs 2 · 9 -> miss"


def test_negative_momentum_not_equal_to_the_die_does_not_cancel():
    assert not roll(4, 2, 9, stat=1, momentum=-3).action_die_cancelled
    assert roll(4, 2, 9, stat=1, momentum=-3).action_score == 5


def test_positive_momentum_equal_to_the_die_does_not_cancel():
    assert not roll(4, 2, 9, stat=1, momentum=4).action_die_cancelled


def test_cancel_with_adds_scores_stat_plus_adds():
    result = roll(6, 2, 3, stat=2, adds=1, momentum=-6)
    assert result.action_die_cancelled
    assert result.action_score == 3
    assert result.outcome is WEAK


def test_chat_line_from_the_design():
    assert str(roll(4, 3, 8, stat=2)) == "Action 4 + 2 = 6 vs 3 · 8 -> weak hit"
    assert str(roll(4, 3, 8, stat=2, adds=1)) == "Action 4 + 2 + 1 = 7 vs 3 · 8 -> weak hit"
    assert roll(4, 3, 8, stat=2).to_markdown() == "Action 4 + 2 = 6 vs 3 · 8 -> **weak hit**"
    page = roll(4, 3, 8, stat=2)._repr_html_()
    assert page.startswith('<table class="tabletop-record"><caption style="text-align:left">')
    assert "Action 4 + 2 = 6 vs 3 · 8 -&gt; weak hit</caption>" in page
    assert '<th style="text-align:left">outcome</th><td style="text-align:left">weak hit</td>' in page


def test_check_numbers_for_plus_2_over_all_600_dice():
    counts = Counter(
        roll(a, c1, c2, stat=2).outcome for a, c1, c2 in itertools.product(range(1, 7), range(1, 11), range(1, 11))
    )
    assert counts == {STRONG: 139, WEAK: 262, MISS: 199}
    # stat + adds is what counts
    split = Counter(
        roll(a, c1, c2, stat=1, adds=1).outcome
        for a, c1, c2 in itertools.product(range(1, 7), range(1, 11), range(1, 11))
    )
    assert split == counts


def test_action_roll_draws_the_d6_first_then_two_d10():
    dice = tc.ScriptedDice([4, 3, 8])
    result = ar.action_roll(stat=2, rng=dice)
    assert result == roll(4, 3, 8, stat=2)
    assert dice.remaining == 0


def test_action_roll_checks_the_d6_is_a_d6():
    with pytest.raises(tc.InvalidInput, match="d6"):
        ar.action_roll(stat=2, rng=tc.ScriptedDice([7, 3, 8]))


def test_action_roll_with_a_seed_repeats():
    assert ar.action_roll(stat=2, rng=5) == ar.action_roll(stat=2, rng=5)
    assert ar.action_roll(stat=2, momentum=ar.Momentum(-3), rng=5).momentum == -3


def test_action_roll_checks_arguments_before_drawing():
    dice = tc.ScriptedDice([4, 3, 8])
    with pytest.raises(tc.InvalidInput, match="stat"):
        ar.action_roll(stat=-1, rng=dice)
    assert dice.remaining == 3


def test_results_are_python_ints():
    result = ar.action_roll(stat=2, rng=1)
    assert type(result.action_die) is int
    assert all(type(d) is int for d in result.challenge_dice)
    assert type(result.action_score) is int


@pytest.mark.parametrize(
    ("kwargs", "error", "match"),
    [
        ({"stat": -1}, tc.InvalidInput, "stat must be an int from 0 to 10, got -1"),
        ({"stat": 11}, tc.InvalidInput, "stat"),
        ({"stat": 2.0}, TypeError, "stat must be an int"),
        ({"stat": "2"}, TypeError, "stat must be an int"),
        ({"stat": True}, TypeError, "stat"),
        ({"stat": 2, "adds": -1}, tc.InvalidInput, "adds"),
        ({"stat": 2, "momentum": -7}, tc.InvalidInput, "momentum must be an int from -6 to 10, got -7"),
        ({"stat": 2, "momentum": 11}, tc.InvalidInput, "momentum"),
        ({"stat": 2, "action_die": 0}, tc.InvalidInput, "action_die must be an int from 1 to 6, got 0"),
        ({"stat": 2, "action_die": 7}, tc.InvalidInput, "action_die"),
        ({"stat": 2, "challenge_dice": (0, 5)}, tc.InvalidInput, r"challenge_dice\[0\]"),
        ({"stat": 2, "challenge_dice": (5, 11)}, tc.InvalidInput, r"challenge_dice\[1\] must be an int from 1 to 10"),
        ({"stat": 2, "challenge_dice": (5,)}, tc.InvalidInput, "exactly two"),
        ({"stat": 2, "challenge_dice": (5, 5, 5)}, tc.InvalidInput, "exactly two"),
        ({"stat": 2, "challenge_dice": 55}, TypeError, "challenge_dice"),
        ({"stat": 2, "challenge_dice": "55"}, TypeError, "challenge_dice"),
        ({"stat": 2, "challenge_dice": (5.0, 5)}, TypeError, r"challenge_dice\[0\]"),
    ],
)
def test_bad_input_is_refused_clearly(kwargs, error, match):
    arguments = {"action_die": 4, "challenge_dice": (3, 8), **kwargs}
    with pytest.raises(error, match=match):
        ar.resolve_action(**arguments)


def test_resolve_action_is_keyword_only():
    with pytest.raises(TypeError):
        ar.resolve_action(4, (3, 8), 2)  # type: ignore[misc]


def test_json_round_trip():
    result = roll(4, 4, 4, stat=2, adds=1, momentum=-4)
    data = json.loads(json.dumps(result.to_dict()))
    assert data["type"] == "action_roll.ActionResult"
    assert data["version"] == 1
    assert (data["outcome"], data["outcome_label"]) == ("miss", "miss")
    assert data["challenge_dice"] == [4, 4]
    assert data["action_score"] == 3
    assert data["burn_outcome"] is None
    assert ar.ActionResult.from_dict(data) == result
    assert ar.ActionResult.from_json(result.to_json()) == result


def test_from_dict_refuses_results_that_break_the_rules():
    data = roll(4, 3, 8, stat=2).to_dict()
    data["outcome"] = "strong_hit"
    with pytest.raises(tc.InvalidInput, match="does not follow the rules"):
        ar.ActionResult.from_dict(data)
    data = roll(4, 3, 8, stat=2).to_dict()
    data["outcome_label"] = "strong hit"
    with pytest.raises(tc.InvalidInput, match="outcome_label does not follow the rules"):
        ar.ActionResult.from_dict(data)
    data = roll(4, 3, 8, stat=2).to_dict()
    data["challenge_dice"] = [3, 11]
    with pytest.raises(tc.InvalidInput):
        ar.ActionResult.from_dict(data)


@given(die=d6s, first=d10s, second=d10s, stat=stats, adds=adds_values, momentum=momenta)
def test_properties_of_every_roll(die, first, second, stat, adds, momentum):
    result = roll(die, first, second, stat=stat, adds=adds, momentum=momentum)
    assert 0 <= result.action_score <= 10
    beaten = (result.action_score > first) + (result.action_score > second)
    assert result.outcome is {2: STRONG, 1: WEAK, 0: MISS}[beaten]
    assert result.is_match == (first == second)
    assert result.action_die_cancelled == (momentum == -die)
    assert result.action_score == min(10, (0 if result.action_die_cancelled else die) + stat + adds)
    assert ar.ActionResult.from_dict(json.loads(json.dumps(result.to_dict()))) == result
    assert "\n" not in str(result)


@given(stat=st.one_of(st.integers(-100, -1), st.integers(11, 100)), momentum=st.integers(-100, 100))
def test_bad_stat_raises_a_tabletop_error(stat, momentum):
    with pytest.raises(tc.InvalidInput):
        ar.resolve_action(action_die=3, challenge_dice=(1, 2), stat=stat, momentum=momentum)


def test_exactly_the_three_outcomes_over_all_dice():
    every_die = itertools.product(range(1, 7), range(1, 11), range(1, 11))
    outcomes = {roll(a, c1, c2, stat=3).outcome for a, c1, c2 in every_die}
    assert outcomes == {STRONG, WEAK, MISS}


class _LoadedDice(tc.DiceSource):
    """A user's own dice source that hands out whatever it is given."""

    def __init__(self, values):
        self.values = list(values)

    def roll(self, sides):
        return self.values.pop(0)

    def roll_many(self, sides, n):
        raise NotImplementedError


def test_a_custom_dice_source_is_checked_like_table_dice():
    assert ar.action_roll(stat=2, rng=_LoadedDice([4, 3, 8])) == roll(4, 3, 8, stat=2)
    with pytest.raises(tc.InvalidInput, match="action_die"):
        ar.action_roll(stat=2, rng=_LoadedDice([9, 3, 8]))
    with pytest.raises(tc.InvalidInput, match=r"challenge_dice\[1\]"):
        ar.action_roll(stat=2, rng=_LoadedDice([4, 3, 0]))


@given(die=d6s, first=d10s, second=d10s, stat=stats, adds=adds_values, momentum=momenta)
def test_fast_results_equal_fully_checked_construction(die, first, second, stat, adds, momentum):
    fast = ar.action_roll(stat=stat, adds=adds, momentum=momentum, rng=tc.ScriptedDice([die, first, second]))
    checked = ar.ActionResult(**{field.name: getattr(fast, field.name) for field in attrs.fields(ar.ActionResult)})
    assert fast == checked
    assert hash(fast) == hash(checked)


def test_from_dict_refuses_a_burn_the_rules_do_not_allow():
    miss = ar.resolve_action(action_die=2, challenge_dice=(5, 8), stat=2, momentum=9)
    burned, _ = ar.burn_momentum(miss, ar.Momentum(9))
    data = burned.to_dict()
    assert ar.ActionResult.from_dict(data) == burned
    swapped = {**data, "burned_momentum": 10, "action_score": 10}  # not the momentum rolled with
    with pytest.raises(tc.InvalidInput, match="the momentum the roll was made with"):
        ar.ActionResult.from_dict(swapped)
    strong = roll(6, 3, 4, stat=3).to_dict()
    lied = {**strong, "burned_momentum": 3, "action_score": 3, "outcome": "strong_hit"}  # 3 vs 3 · 4 is a miss
    with pytest.raises(tc.InvalidInput):
        ar.ActionResult.from_dict(lied)
    worse = {**strong, "burned_momentum": 3, "action_score": 3, "outcome": "miss", "outcome_label": "miss"}  # legal
    assert ar.ActionResult.from_dict(worse).outcome is Outcome.MISS
