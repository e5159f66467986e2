import itertools
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

import tabletop_core as tc
from tabletop_core import action_roll as ar
from tabletop_core.action_roll import Momentum, Odds, Outcome
from tabletop_core.action_roll.outcome import action_score, judge, judge_action

ALL_DICE = list(itertools.product(range(1, 7), range(1, 11), range(1, 11)))


def brute_force(stat, adds=0, momentum=0, *, burn=False, match=False):
    """Every one of the 600 dice through resolve_action (and burn_momentum when it helps)."""
    counts = Counter()
    for die, first, second in ALL_DICE:
        result = ar.resolve_action(
            action_die=die, challenge_dice=(first, second), stat=stat, adds=adds, momentum=momentum
        )
        if burn and ar.burn_would_improve(result, momentum):
            result, _ = ar.burn_momentum(result, Momentum(momentum))
        counts[(result.outcome, result.is_match) if match else result.outcome] += 1
    return {key: Fraction(count, 600) for key, count in counts.items()}


def test_check_numbers_plus_2():
    odds = ar.action_odds(stat=2)
    assert odds.probability(Outcome.STRONG_HIT) == Fraction(139, 600)
    assert odds.probability(Outcome.WEAK_HIT) == Fraction(262, 600)
    assert odds.probability(Outcome.MISS) == Fraction(199, 600)
    assert ar.action_odds(stat=1, adds=1) == odds
    assert odds.outcomes == (Outcome.STRONG_HIT, Outcome.WEAK_HIT, Outcome.MISS)


@pytest.mark.parametrize("momentum", [-6, -4, -1, 0, 3])
@pytest.mark.parametrize("bonus", [0, 2, 5, 9])
def test_action_odds_match_brute_force(bonus, momentum):
    assert dict(ar.action_odds(stat=bonus, momentum=momentum).items()) == brute_force(bonus, momentum=momentum)
    assert dict(ar.action_match_odds(stat=bonus, momentum=momentum).items()) == brute_force(
        bonus, momentum=momentum, match=True
    )


def test_negative_momentum_lowers_the_odds():
    plain = ar.action_odds(stat=2)
    cancelled = ar.action_odds(stat=2, momentum=-5)
    assert cancelled.probability(Outcome.MISS) > plain.probability(Outcome.MISS)
    assert cancelled != plain


@pytest.mark.parametrize("momentum", [1, 4, 6, 8, 10])
@pytest.mark.parametrize(("stat", "adds"), [(0, 0), (2, 0), (3, 1), (5, 3)])
def test_burn_policy_odds_match_brute_force(stat, adds, momentum):
    assert dict(ar.action_odds(stat=stat, adds=adds, momentum=momentum, burn=True).items()) == brute_force(
        stat, adds, momentum, burn=True
    )
    assert dict(ar.action_match_odds(stat=stat, adds=adds, momentum=momentum, burn=True).items()) == brute_force(
        stat, adds, momentum, burn=True, match=True
    )


def test_burning_never_hurts_and_nonpositive_momentum_cannot_burn():
    for momentum in (-3, 0):
        assert ar.action_odds(stat=2, momentum=momentum, burn=True) == ar.action_odds(stat=2, momentum=momentum)
    burn = ar.action_odds(stat=2, momentum=7, burn=True)
    plain = ar.action_odds(stat=2, momentum=7)
    assert burn.probability(Outcome.MISS) < plain.probability(Outcome.MISS)


def test_progress_odds_match_brute_force():
    for score in range(11):
        counts = Counter()
        joint = Counter()
        for first, second in itertools.product(range(1, 11), repeat=2):
            result = ar.resolve_progress(progress_score=score, challenge_dice=(first, second))
            counts[result.outcome] += 1
            joint[(result.outcome, result.is_match)] += 1
        assert dict(ar.progress_odds(score).items()) == {k: Fraction(v, 100) for k, v in counts.items()}
        assert dict(ar.progress_match_odds(score).items()) == {k: Fraction(v, 100) for k, v in joint.items()}
    assert ar.progress_odds(0).probability(Outcome.MISS) == 1
    assert ar.progress_odds(10).probability(Outcome.STRONG_HIT) == Fraction(81, 100)


def test_oracle_odds():
    for odds in Odds:
        distribution = ar.oracle_odds(odds)
        assert distribution.probability(lambda pair: pair[0]) == Fraction(odds.threshold, 100)
        assert distribution.probability(lambda pair: pair[1]) == Fraction(10, 100)


def test_the_light_scoring_functions_agree_with_resolve_action():
    # action_odds enumerates action_score/judge; resolve_action must use exactly the same rules.
    for (die, first, second), bonus, momentum in itertools.product(ALL_DICE, [0, 3, 7], [-6, -2, 0, 5]):
        result = ar.resolve_action(action_die=die, challenge_dice=(first, second), stat=bonus, momentum=momentum)
        score, cancelled = action_score(die, bonus, momentum)
        assert (result.action_score, result.action_die_cancelled) == (score, cancelled)
        assert result.outcome is judge(score, first, second) is judge_action(die, first, second, bonus, momentum)


def test_odds_table_renders_each_bonus():
    table = ar.odds_table(range(8))
    lines = table.splitlines()
    assert len(lines) == 10
    assert lines[4] == "| +2 | 23.2% | 43.7% | 33.2% |"
    with pytest.raises(tc.InvalidInput):
        ar.odds_table([11])


@pytest.mark.parametrize(
    ("kwargs", "error"),
    [
        ({"stat": -1}, tc.InvalidInput),
        ({"stat": "2"}, TypeError),
        ({"stat": 2, "momentum": 11}, tc.InvalidInput),
        ({"stat": 2, "burn": 1}, TypeError),
        ({"stat": 2, "adds": 11}, tc.InvalidInput),
    ],
)
def test_odds_bad_input(kwargs, error):
    with pytest.raises(error):
        ar.action_odds(**kwargs)
    with pytest.raises(error):
        ar.action_match_odds(**kwargs)


def test_progress_and_oracle_odds_bad_input():
    with pytest.raises(tc.InvalidInput):
        ar.progress_odds(11)
    with pytest.raises(TypeError):
        ar.progress_match_odds(2.0)
    with pytest.raises(TypeError):
        ar.oracle_odds("likely")


@given(stat=st.integers(0, 10), adds=st.integers(0, 10), momentum=st.integers(-6, 10), burn=st.booleans())
def test_odds_sum_to_one_and_joint_agrees(stat, adds, momentum, burn):
    odds = ar.action_odds(stat=stat, adds=adds, momentum=momentum, burn=burn)
    assert sum(odds.probabilities) == 1
    joint = ar.action_match_odds(stat=stat, adds=adds, momentum=momentum, burn=burn)
    assert joint.map(lambda pair: pair[0]) == odds
    assert joint.probability(lambda pair: pair[1]) == Fraction(1, 10)
    assert joint.probability((Outcome.WEAK_HIT, True)) == 0  # a match is never a weak hit


def test_outcome_codes_are_checked():
    assert [Outcome.from_code(code) for code in range(3)] == list(Outcome)
    for code in (-1, 3, 10**30):
        with pytest.raises(tc.InvalidInput, match="code must be an int from 0 to 2"):
            Outcome.from_code(code)
    with pytest.raises(TypeError, match="code must be an int"):
        Outcome.from_code(True)


def test_odds_table_and_experience_name_a_non_iterable():
    with pytest.raises(TypeError, match="bonuses must be an iterable of ints, got int 3"):
        ar.odds_table(3)
    with pytest.raises(TypeError, match="bonuses must be an iterable"):
        ar.odds_table("234")
    with pytest.raises(TypeError, match="tracks must be an iterable of LegacyTrack"):
        ar.experience(None)


def test_odds_and_batches_take_a_meter_and_momentum_like_a_roll():
    # One check serves resolve_action, the exact odds and the batches: a condition meter
    # stands in for the stat and a Momentum gives its value everywhere.
    supply = ar.ConditionMeter(ar.Meter.SUPPLY, 3)
    assert ar.action_odds(stat=supply, momentum=Momentum(-2)) == ar.action_odds(stat=3, momentum=-2)
    assert ar.action_match_odds(stat=supply, momentum=Momentum(6), burn=True) == ar.action_match_odds(
        stat=3, momentum=6, burn=True
    )
    by_meter = ar.simulate_action(50, stat=supply, momentum=Momentum(-2), rng=5)
    by_int = ar.simulate_action(50, stat=3, momentum=-2, rng=5)
    assert (by_meter.stat, by_meter.momentum) == (3, -2)
    assert (by_meter.outcomes == by_int.outcomes).all()
    for call in (ar.action_odds, lambda **kw: ar.simulate_action(1, rng=1, **kw)):
        with pytest.raises(tc.InvalidInput, match="stat must be an int from 0 to 10, got 11"):
            call(stat=11)
        with pytest.raises(tc.InvalidInput, match="momentum must be an int from -6 to 10, got -7"):
            call(stat=2, momentum=-7)


def _by_the_text(bonus, momentum, burn):
    """Outcome counts over the 600 dice, written straight from the rules text (no library code)."""
    counts = Counter()
    for die, first, second in ALL_DICE:
        counted = 0 if momentum < 0 and -momentum == die else die  # negative momentum cancels an equal die
        score = min(10, counted + bonus)  # never greater than 10
        hits = (score > first) + (score > second)  # must beat, ties go to the dice
        if burn and momentum > 0:
            hits = max(hits, (momentum > first) + (momentum > second))  # burn only to improve
        counts[("miss", "weak hit", "strong hit")[hits]] += 1
    return counts


def test_exact_odds_agree_with_the_rules_text_for_every_bonus_and_momentum():
    for bonus, momentum, burn in itertools.product(range(11), range(-6, 11), (False, True)):
        odds = ar.action_odds(stat=bonus, momentum=momentum, burn=burn)
        expected = _by_the_text(bonus, momentum, burn)
        assert {str(o): int(p * 600) for o, p in odds.items()} == {k: v for k, v in expected.items() if v}


def test_negative_momentum_odds_by_hand():
    # stat +2, momentum -3: the die's faces give scores 3, 4, 2 (the 3 is cancelled), 6, 7, 8;
    # a score s misses when neither d10 is below it: (11 - s)**2 of the 100 pairs.
    misses = sum((11 - s) ** 2 for s in (3, 4, 2, 6, 7, 8))
    assert misses == 244
    assert ar.action_odds(stat=2, momentum=-3).probability(Outcome.MISS) == Fraction(244, 600)
