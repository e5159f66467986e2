import itertools
from collections import Counter
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tabletop_core as tc
from support import assert_fits
from tabletop_core.d20 import (
    Outcome,
    Side,
    Stakes,
    TestEffects,
    contest_odds,
    resolve_test,
    simulate_test,
    stakes_odds,
    total_odds,
)
from tabletop_core.d20.odds import actor_win_chance


def brute_force_outcomes(stakes, modifier, fortune, misfortune, fatigue):
    """Count outcomes over every face by hand, straight from the thresholds (not via the library)."""
    sign = 1 if fortune and not misfortune else -1 if misfortune and not fortune else 0
    dice = range(1, 7) if sign else [0]
    counts = Counter()
    for d20, d6 in itertools.product(range(1, 21), dice):
        total = d20 + modifier + sign * d6 - fatigue
        counts[
            Outcome.SUCCESS
            if total >= stakes.success_at
            else Outcome.SETBACK
            if total >= stakes.setback_at
            else Outcome.FAILURE
        ] += 1
    n = sum(counts.values())
    return {o: Fraction(c, n) for o, c in counts.items()}


@given(
    stakes=st.sampled_from(Stakes),
    modifier=st.integers(-25, 25),
    fortune=st.integers(0, 3),
    misfortune=st.integers(0, 3),
    fatigue=st.integers(0, 10),
)
@settings(max_examples=60)
def test_stakes_odds_match_brute_force(stakes, modifier, fortune, misfortune, fatigue):
    odds = stakes_odds(stakes=stakes, modifier=modifier, fortune=fortune, misfortune=misfortune, fatigue=fatigue)
    assert dict(odds.items()) == brute_force_outcomes(stakes, modifier, fortune, misfortune, fatigue)
    assert sum(odds.probabilities) == 1


def test_known_numbers():
    # Mid Stakes +3: Success needs 12+ on the d20 (9/20), Failure 6 or lower (6/20).
    odds = stakes_odds(stakes=Stakes.MID, modifier=3)
    assert odds.probability(Outcome.SUCCESS) == Fraction(9, 20)
    assert odds.probability(Outcome.SETBACK) == Fraction(5, 20)
    assert odds.probability(Outcome.FAILURE) == Fraction(6, 20)
    # High Stakes +5 with Fortune: d20 + d6 >= 15 in 57 of 120.
    assert stakes_odds(stakes="high", modifier=5, fortune=True).probability(Outcome.SUCCESS) == Fraction(57, 120)
    # Fortune and Misfortune cancel: the same as neither.
    assert stakes_odds(stakes="mid", fortune=2, misfortune=1) == stakes_odds(stakes="mid")
    # Effects count like the arguments they stand for.
    assert stakes_odds(stakes="mid", effects=TestEffects(fortune=("Off Guard",), fatigue=2)) == stakes_odds(
        stakes="mid", fortune=True, fatigue=2
    )
    assert stakes_odds(stakes="low", effects=TestEffects(automatic_failure=("Blinded",))).items() == [
        (Outcome.FAILURE, 1)
    ]


def test_total_odds():
    assert total_odds().mean() == Fraction(21, 2)
    assert total_odds(fortune=True).mean() == 14
    assert total_odds(misfortune=True, modifier=2, fatigue=1).mean() == Fraction(21, 2) + 2 - Fraction(7, 2) - 1
    assert total_odds(fortune=True).probability(26) == Fraction(1, 120)


def brute_force_contest(am, tm, at, tt, af=False, tf=False):
    def totals(mod, fortune):
        return [d20 + mod + d6 for d20 in range(1, 21) for d6 in (range(1, 7) if fortune else [0])]

    wins = n = 0
    for a in totals(am, af):
        for t in totals(tm, tf):
            n += 1
            wins += a > t or (a == t and at > tt)
    return Fraction(wins, n)


@pytest.mark.parametrize(
    ("am", "tm", "at", "tt", "af", "tf"),
    [(0, 0, 1, 1, False, False), (0, 0, 2, 1, False, False), (3, 1, 0, 4, True, False), (-2, 5, 3, 3, False, True)],
)
def test_contest_odds_match_brute_force(am, tm, at, tt, af, tf):
    chance = actor_win_chance(
        actor_modifier=am, target_modifier=tm, actor_trait=at, target_trait=tt, actor_fortune=af, target_fortune=tf
    )
    assert chance == brute_force_contest(am, tm, at, tt, af, tf)
    odds = contest_odds(
        actor_modifier=am, target_modifier=tm, actor_trait=at, target_trait=tt, actor_fortune=af, target_fortune=tf
    )
    assert odds.probability(Side.ACTOR) + odds.probability(Side.TARGET) == 1


def test_equal_contest_favours_target():
    # Equal everything: ties (1/20) go to the Target, so the actor wins (1 - 1/20) / 2.
    assert actor_win_chance(actor_trait=0, target_trait=0) == Fraction(19, 40)
    assert actor_win_chance(actor_trait=1, target_trait=0) == Fraction(21, 40)


# -- batches ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "kwargs",
    [
        {"stakes": Stakes.MID, "modifier": 3},
        {"stakes": Stakes.HIGH, "modifier": 5, "fortune": True},
        {"stakes": Stakes.LOW, "modifier": -2, "misfortune": 2, "fatigue": 3},
        {"stakes": Stakes.MID, "fortune": True, "misfortune": True},
    ],
)
def test_batch_agrees_with_pure_function_on_every_pair_of_dice(kwargs):
    needs_d6 = bool(kwargs.get("fortune")) != bool(kwargs.get("misfortune"))
    pairs = list(itertools.product(range(1, 21), range(1, 7) if needs_d6 else [None]))
    d20s = [a for a, _ in pairs]
    d6s = [b for _, b in pairs if b is not None]
    batch = simulate_test(len(pairs), **kwargs, rng=tc.ScriptedDice(d20s + d6s))
    for i, (a, b) in enumerate(pairs):
        pure = resolve_test(flat_roll=a, fortune_die=b, **kwargs)
        assert int(batch.totals[i]) == pure.total
        assert batch.outcome(i) is pure.outcome
        assert batch.result(i) == pure
    assert batch.fortune_dice is None or list(batch.fortune_dice) == d6s


@pytest.mark.parametrize(
    "kwargs",
    [
        {"stakes": Stakes.MID, "modifier": 3},
        {"stakes": Stakes.HIGH, "modifier": 5, "fortune": True},
        {"stakes": Stakes.LOW, "modifier": 1, "misfortune": True, "fatigue": 2},
    ],
)
def test_batch_fits_exact_odds(kwargs):
    batch = simulate_test(200_000, **kwargs, rng=2026)
    assert_fits(batch.counts(), stakes_odds(**kwargs))


def test_batch_same_seed_same_dice_and_shapes():
    a = simulate_test(1000, stakes="mid", fortune=True, rng=5)
    b = simulate_test(1000, stakes="mid", fortune=True, rng=5)
    assert np.array_equal(a.totals, b.totals)
    assert a.flat_rolls.dtype == np.int64
    assert len(a) == 1000
    assert sum(a.counts().values()) == 1000
    empty = simulate_test(0, stakes="low")
    assert empty.counts() == {Outcome.SUCCESS: 0, Outcome.SETBACK: 0, Outcome.FAILURE: 0}
    assert str(empty) == "0 Tests at Low Stakes: Success 0, Setback 0, Failure 0"
    assert str(a).startswith("1000 Tests at Mid Stakes: Success ")


def test_batch_automatic_failure_and_bad_input():
    batch = simulate_test(50, stakes="low", effects=TestEffects(automatic_failure=("Blinded",)), rng=1)
    assert batch.counts()[Outcome.FAILURE] == 50
    with pytest.raises(tc.InvalidInput, match="n must be"):
        simulate_test(-1, stakes="mid")
    with pytest.raises(TypeError, match="n must be an int"):
        simulate_test(1.5, stakes="mid")
    with pytest.raises(tc.InvalidInput, match="index"):
        batch.result(50)


@pytest.mark.parametrize("modifier", [-(10**9), -300, -30, 30, 300, 10**9])
@pytest.mark.parametrize("fortune", [False, True])
def test_batch_with_extreme_modifiers_matches_exact_odds(modifier, fortune):
    # The batch compares small dice sums with clipped thresholds; far-out modifiers must still read right.
    batch = simulate_test(2000, stakes="mid", modifier=modifier, fortune=fortune, rng=11)
    odds = stakes_odds(stakes="mid", modifier=modifier, fortune=fortune)
    assert {o for o, c in batch.counts().items() if c} == set(odds.outcomes)
    assert int(batch.totals[0]) == batch.result(0).total


def test_empty_batch_with_fortune():
    batch = simulate_test(0, stakes="high", misfortune=True, rng=1)
    assert len(batch) == 0
    assert batch.totals.shape == (0,)
    assert sum(batch.counts().values()) == 0


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        ({"modifiers": "35"}, TypeError, "modifiers must be an iterable of ints"),
        ({"modifiers": b"3"}, TypeError, "modifiers must be an iterable of ints"),
        ({"modifiers": 3}, TypeError, "modifiers must be an iterable of ints"),
        ({"modifiers": [1, 1.5]}, TypeError, r"modifiers\[1\] must be an int"),
        ({"modifiers": [True]}, TypeError, r"modifiers\[0\] must be an int"),
        ({"modifiers": [10**10]}, tc.InvalidInput, r"modifiers\[0\] must be an int from"),
        ({"modifiers": range(10**12)}, tc.InvalidInput, "at most 1000 rows"),
        ({"modifiers": [], "fatigue": -1}, tc.InvalidInput, "fatigue must be an int from 0 to 10, got -1"),
    ],
)
def test_odds_table_bad_input(kwargs, error, message):
    from tabletop_core.d20 import odds_table

    with pytest.raises(error, match=message):
        odds_table("mid", **kwargs)
