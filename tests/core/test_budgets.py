"""Budgets on every path that can grow, checked before the work; Distribution copies and pickles.

Each refusal is an InvalidInput naming the limit and its value. No test here
measures time: the oversized calls would run for minutes or exhaust memory if a
check came after the work, so finishing at all is the proof.
"""

from __future__ import annotations

import copy
import pickle
from concurrent.futures import ProcessPoolExecutor
from fractions import Fraction

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import tabletop_core as tc
from tabletop_core import Distribution, d20, notation
from tabletop_core import action_roll as ar
from tabletop_core.dice import MAX_SIDES, d6
from tabletop_core.odds import MAX_COMBINATIONS, MAX_OUTCOMES, MAX_SAMPLE


def test_budget_constants() -> None:
    assert (MAX_OUTCOMES, MAX_COMBINATIONS, MAX_SAMPLE) == (100_000, 1_000_000, 1_000_000)
    assert MAX_SIDES == 2**62


def test_die_distribution_is_bounded_but_rolling_is_not() -> None:
    assert len(tc.Die(MAX_OUTCOMES).distribution()) == MAX_OUTCOMES
    refusal = r"^d100000000 has too many faces for exact odds: 100,000,000, at most 100,000$"
    with pytest.raises(tc.InvalidInput, match=refusal) as error:
        tc.Die(10**8).distribution()
    assert error.value.limit == "tabletop_core.odds.MAX_OUTCOMES"
    assert "MAX_OUTCOMES" not in str(error.value)  # the player reads the numbers, the developer the name
    assert 1 <= tc.Die(MAX_SIDES).roll(rng=1) <= MAX_SIDES


def test_construction_is_bounded() -> None:
    for build in (
        lambda: Distribution(dict.fromkeys(range(MAX_OUTCOMES + 1), 1)),
        lambda: Distribution((i, 1) for i in range(10**12)),  # an endless-looking generator stops early
        lambda: Distribution.uniform(range(10**18)),
        lambda: Distribution.uniform(iter(range(10**18))),
    ):
        with pytest.raises(tc.InvalidInput, match="100,000") as error:
            build()
        assert error.value.limit == "tabletop_core.odds.MAX_OUTCOMES"
    with pytest.raises(TypeError, match="mapping or"):
        Distribution(5)  # type: ignore[arg-type]


def test_from_function_checks_the_product_before_enumerating() -> None:
    calls = []

    def spy(*faces: int) -> int:
        calls.append(faces)
        return 0

    refusal = r"10,000,000,000, more than the 1,000,000 exact odds can handle"
    with pytest.raises(tc.InvalidInput, match=refusal) as error:
        Distribution.from_function(spy, 10**5, 10**5)
    assert error.value.limit == "tabletop_core.odds.MAX_COMBINATIONS"
    assert error.value.detail == "MAX_COMBINATIONS = 1,000,000 caps this work; it is checked before any is done"
    assert calls == []
    assert Distribution.from_function(spy, 1000, 1000) == Distribution({0: 1})  # exactly at the budget
    with pytest.raises(tc.InvalidInput, match="more than the 1,000,000"):
        Distribution.from_function(spy, 1000, 1001)


def test_combine_checks_before_work() -> None:
    with pytest.raises(TypeError, match="func must be callable"):
        Distribution({1: 1}).combine(2**62, "x")  # type: ignore[arg-type]
    with pytest.raises(tc.InvalidInput, match="4,611,686,018,427,387,904, more than the 1,000,000"):
        Distribution({1: 1}).combine(2**62, max)  # type: ignore[arg-type]
    big = tc.Die(MAX_OUTCOMES).distribution()
    with pytest.raises(tc.InvalidInput, match="more than the 1,000,000"):
        _ = big + big
    with pytest.raises(TypeError, match="func must be callable"):
        big.map(3)  # type: ignore[arg-type]


def test_sample_is_bounded() -> None:
    assert len(d6.distribution().sample(MAX_SAMPLE, rng=1)) == MAX_SAMPLE
    with pytest.raises(tc.InvalidInput, match="n must be an int from 0 to 1000000"):
        d6.distribution().sample(MAX_SAMPLE + 1, rng=1)
    with pytest.raises(tc.InvalidInput, match="too fine"):
        # Coprime denominators: the common one passes 2**62 early; it is not computed in full.
        Distribution(
            {i: Fraction(1, p) for i, p in enumerate([2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53])}
        ).sample(1)


weights = st.dictionaries(
    st.integers(-50, 50),
    st.integers(1, 1000) | st.fractions(min_value=Fraction(1, 1000), max_value=10),
    min_size=1,
    max_size=20,
)


@given(weights)
def test_fast_mean_variance_and_map_equal_the_fraction_sums(data: dict[int, int | Fraction]) -> None:
    dist = Distribution(data)
    mean = sum((o * p for o, p in dist.items()), Fraction(0))
    assert dist.mean() == mean
    assert dist.variance() == sum(((o - mean) ** 2 * p for o, p in dist.items()), Fraction(0))
    assert dist.map(lambda o: o % 3) == Distribution.from_function(lambda o: o % 3, dist)
    assert sum(dist.map(abs).probabilities) == 1


@given(weights)
def test_distribution_pickles_and_copies(data: dict[int, int | Fraction]) -> None:
    dist = Distribution(data)
    for clone in (pickle.loads(pickle.dumps(dist)), copy.copy(dist), copy.deepcopy(dist)):
        assert clone == dist
        assert clone.items() == dist.items()
        assert hash(clone) == hash(dist)


def _odds_in_worker(expr: str) -> Distribution[int]:
    return notation.distribution(expr)


@pytest.mark.filterwarnings("ignore:.*multi-threaded.*fork:DeprecationWarning")
def test_distributions_cross_process_boundaries() -> None:
    with ProcessPoolExecutor(max_workers=1) as pool:
        result = pool.submit(_odds_in_worker, "4d6kh3").result()
        sent_back = pool.submit(copy.deepcopy, notation.distribution("2d6")).result()
    assert result == notation.distribution("4d6kh3")
    assert sent_back == notation.distribution("2d6")
    assert pickle.loads(pickle.dumps(ar.action_odds(stat=2))) == ar.action_odds(stat=2)


def test_other_immutable_values_pickle() -> None:
    values: list[object] = [
        tc.Die(6),
        tc.ScriptedDice([1, 2, 3]),
        notation.parse("4d6kh3+-(1d4*2) [x]"),
        notation.roll("4d6kh3+2 [x]", rng=1),
        notation.Limits(max_dice=5),
        ar.action_roll(stat=2, rng=1),
        ar.Momentum(),
        ar.ProgressTrack(ar.Rank.EPIC, ticks=3, name="vow"),
        d20.roll_test(stakes="mid", modifier=2, fortune=True, rng=1),
    ]
    for value in values:
        clone = pickle.loads(pickle.dumps(value))
        if attrs.has(type(value)):
            assert clone == value
        assert repr(clone) == repr(value)
    source = tc.dice_source(5)
    clone = pickle.loads(pickle.dumps(source))
    assert [clone.roll(6) for _ in range(20)] == [source.roll(6) for _ in range(20)]
