import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

import tabletop_core as tc
from tabletop_core.d20 import ContestResult, ContestRoll, Outcome, Side, resolve_contest, roll_contest
from tabletop_core.d20.contest import Decider


def test_higher_total_wins():
    result = resolve_contest(actor_total=16, target_total=12, actor_trait=0, target_trait=5)
    assert result.winner is Side.ACTOR
    assert result.outcome is Outcome.SUCCESS
    assert result.decided_by is Decider.TOTAL
    lost = resolve_contest(actor_total=11, target_total=12, actor_trait=5, target_trait=0)
    assert lost.winner is Side.TARGET
    assert lost.outcome is Outcome.FAILURE


def test_tie_goes_to_higher_governing_trait():
    result = resolve_contest(actor_total=14, target_total=14, actor_trait=3, target_trait=2)
    assert result.winner is Side.ACTOR
    assert result.decided_by is Decider.TRAIT
    result = resolve_contest(actor_total=14, target_total=14, actor_trait=1, target_trait=2)
    assert result.winner is Side.TARGET


def test_tie_on_trait_too_goes_to_target():
    result = resolve_contest(actor_total=14, target_total=14, actor_trait=2, target_trait=2)
    assert result.winner is Side.TARGET
    assert result.outcome is Outcome.FAILURE
    assert result.decided_by is Decider.TARGET_WINS_TIES
    assert str(result) == "Contest 14 vs 14, tie -> Trait 2 vs 2 tied -> Target wins ties -> target wins: Failure"


@given(a=st.integers(-30, 50), t=st.integers(-30, 50), at=st.integers(-5, 10), tt=st.integers(-5, 10))
def test_never_a_setback_and_winner_follows_the_rule(a, t, at, tt):
    result = resolve_contest(actor_total=a, target_total=t, actor_trait=at, target_trait=tt)
    assert result.outcome in (Outcome.SUCCESS, Outcome.FAILURE)
    expected = Side.ACTOR if (a, at) > (t, tt) else Side.TARGET
    assert result.winner is expected
    assert ContestResult.from_dict(json.loads(json.dumps(result.to_dict()))) == result


def test_roll_contest_draws_actor_then_target():
    contest = roll_contest(
        actor_modifier=3,
        target_modifier=2,
        actor_trait=1,
        target_trait=2,
        actor_fortune="target Off Guard",
        target_misfortune=True,
        rng=tc.ScriptedDice([10, 5, 16, 4]),
    )
    assert (contest.actor.flat_roll, contest.actor.fortune_die) == (10, 5)
    assert (contest.target.flat_roll, contest.target.fortune_die) == (16, 4)
    assert (contest.actor.total, contest.target.total) == (18, 14)
    assert contest.winner is Side.ACTOR
    assert contest.outcome is Outcome.SUCCESS
    assert ContestRoll.from_dict(json.loads(json.dumps(contest.to_dict()))) == contest
    assert str(contest).startswith("actor: Check 10 + 3 + d6(5) = 18")


def test_automatic_failure_in_a_contest():
    from tabletop_core.d20 import TestEffects

    contest = roll_contest(
        actor_trait=0,
        target_trait=0,
        actor_effects=TestEffects(automatic_failure=("Blinded",)),
        rng=tc.ScriptedDice([20, 1]),
    )
    assert contest.winner is Side.TARGET
    assert contest.result.decided_by is Decider.AUTOMATIC_FAILURE


def test_contest_records_check_their_fields():
    with pytest.raises(TypeError, match="actor_fails must be a bool, got int 1"):
        ContestResult(actor_total=1, target_total=1, actor_trait=0, target_trait=0, actor_fails=1)
    with pytest.raises(TypeError, match="actor must be a RolledTotal, got int 15"):
        ContestRoll(actor=15, target=15, actor_trait=0, target_trait=0)


def test_huge_modifier_sums_are_refused_before_the_dice():
    # Each Modifier may be up to 10**9; their sum may not, or the Contest's totals could not be judged.
    dice = tc.ScriptedDice([5, 5])
    with pytest.raises(tc.InvalidInput, match="Modifiers must add up to"):
        roll_contest(actor_modifier=[10**9] * 5, actor_trait=0, target_trait=0, rng=dice)
    assert dice.remaining == 2
    extreme = roll_contest(actor_modifier=[10**9], target_modifier=-(10**9), actor_trait=0, target_trait=0, rng=1)
    assert extreme.winner is Side.ACTOR


def test_bad_contest_input():
    with pytest.raises(TypeError, match="actor_total"):
        resolve_contest(actor_total=1.5, target_total=2, actor_trait=0, target_trait=0)
    with pytest.raises(TypeError, match="target_trait"):
        resolve_contest(actor_total=1, target_total=2, actor_trait=0, target_trait="2")
    dice = tc.ScriptedDice([5, 5])
    with pytest.raises(tc.InvalidInput, match="fatigue"):
        roll_contest(actor_trait=0, target_trait=0, target_fatigue=-2, rng=dice)
    assert dice.remaining == 2
