import itertools
from collections import Counter
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import tabletop_core as tc
from support import assert_fits
from tabletop_core import Distribution
from tabletop_core.dice import Die, d4, d6, d20

dice_sizes = st.lists(st.integers(1, 8), min_size=1, max_size=3)


def brute_force(func, *sizes):
    counts = Counter(func(*faces) for faces in itertools.product(*(range(1, s + 1) for s in sizes)))
    total = sum(counts.values())
    return {outcome: Fraction(count, total) for outcome, count in counts.items()}


@given(sizes=dice_sizes)
def test_from_function_matches_brute_force_and_sums_to_one(sizes):
    distribution = Distribution.from_function(lambda *faces: sum(faces), *sizes)
    assert dict(distribution.items()) == brute_force(lambda *faces: sum(faces), *sizes)
    assert sum(distribution.probabilities) == 1


@given(sizes=dice_sizes)
def test_nested_distributions_enumerate_like_dice(sizes):
    # A Distribution passed as a die weights its faces exactly.
    inner = Distribution.from_function(lambda *faces: sum(faces), *sizes)
    outer = Distribution.from_function(lambda total, extra: total + extra, inner, d4)
    assert dict(outer.items()) == brute_force(lambda *faces: sum(faces), *sizes, 4)


def test_two_d6_numbers():
    two_d6 = Distribution.from_function(lambda a, b: a + b, d6, d6)
    assert two_d6.probability(7) == Fraction(6, 36)
    assert two_d6.probability(2) == Fraction(1, 36)
    assert two_d6.probability(13) == 0
    assert two_d6.probability(lambda t: t % 2 == 0) == Fraction(1, 2)
    assert two_d6.mean() == 7
    assert two_d6.variance() == Fraction(35, 6)
    assert two_d6.at_least(11) == Fraction(3, 36)
    assert two_d6.at_most(3) == Fraction(3, 36)
    assert two_d6 == d6.distribution() + d6.distribution()


def test_items_are_in_a_stable_order():
    assert [o for o, _ in Distribution({3: 1, 1: 1, 2: 1}).items()] == [1, 2, 3]
    assert Distribution.uniform(["b", "a"]).outcomes == ("a", "b")
    mixed = Distribution.uniform([3, "a"])  # unorderable: first seen order
    assert mixed.outcomes == (3, "a")


def test_enum_outcomes_follow_definition_order():
    import enum

    class Result(enum.Enum):
        WIN = "win"
        DRAW = "draw"
        LOSS = "loss"

    distribution = Distribution({Result.LOSS: 1, Result.WIN: 2, Result.DRAW: 1})
    assert distribution.outcomes == (Result.WIN, Result.DRAW, Result.LOSS)
    assert "win" in str(distribution)
    joint = Distribution({(Result.LOSS, True): 1, (Result.WIN, False): 1})
    assert joint.outcomes[0] == (Result.WIN, False)


def test_map_merges_equal_outcomes():
    parity = d20.distribution().map(lambda face: face % 2)
    assert parity.items() == [(0, Fraction(1, 2)), (1, Fraction(1, 2))]


def test_equality_and_hash():
    assert Distribution({1: 1, 2: 1}) == Distribution({2: Fraction(1, 2), 1: Fraction(1, 2)})
    assert hash(Distribution({1: 1, 2: 1})) == hash(Distribution({1: 5, 2: 5}))
    assert Distribution({1: 1}) != Distribution({1: 1, 2: 1})
    assert Distribution({1: 1}) != "not a distribution"


def test_immutable():
    distribution = d6.distribution()
    with pytest.raises(AttributeError):
        distribution._outcomes = ()  # type: ignore[misc]


@pytest.mark.parametrize(
    ("weights", "error"),
    [({1: -1}, tc.InvalidInput), ({1: 0}, tc.InvalidInput), ({}, tc.InvalidInput), ({1: 0.5}, TypeError)],
)
def test_bad_weights(weights, error):
    with pytest.raises(error):
        Distribution(weights)


def test_from_function_rejects_non_dice():
    with pytest.raises(TypeError, match=r"dice\[1\]"):
        Distribution.from_function(max, d6, "d6")


def test_mean_needs_numbers():
    with pytest.raises(TypeError, match="numeric"):
        Distribution.uniform(["a", "b"]).mean()


def test_sample_matches_the_exact_distribution():
    two_d6 = Distribution.from_function(lambda a, b: a + b, d6, d6)
    sample = two_d6.sample(60_000, rng=12345)
    assert sample.dtype == np.int64
    assert_fits(Counter(sample.tolist()), two_d6)


def test_sample_of_non_numeric_outcomes():
    coin = Distribution({"heads": 1, "tails": 3})
    sample = coin.sample(40_000, rng=8)
    assert sample.dtype == object
    assert_fits(Counter(sample.tolist()), coin)


def test_sample_is_reproducible_and_validates_n():
    assert d6.distribution().sample(20, rng=1).tolist() == d6.distribution().sample(20, rng=1).tolist()
    with pytest.raises(tc.InvalidInput):
        d6.distribution().sample(-1)


@pytest.mark.parametrize("sides", [2, 6, 20, 100])
def test_roll_many_conforms_to_the_exact_distribution(sides):
    values = tc.dice_source(2026 + sides).roll_many(sides, 200_000)
    assert_fits(Counter(values.tolist()), Die(sides).distribution())


def test_scalar_rolls_conform_to_the_exact_distribution():
    source = tc.dice_source(77)
    counts = Counter(source.roll(20) for _ in range(100_000))
    assert_fits(counts, d20.distribution())


def test_renderings():
    coin = Distribution({"heads": 1, "tails": 1})
    assert str(coin).splitlines()[0].split() == ["outcome", "probability", "percent"]
    assert "| heads | 1/2 | 50.00% |" in coin.to_markdown()
    assert "<td>heads</td>" in coin._repr_html_()
    assert coin.to_dict(title="a coin") == {
        "type": "core.Distribution",
        "version": 1,
        "title": "a coin",
        "outcomes": ["heads", "tails"],
        "labels": ["heads", "tails"],
        "probabilities": ["1/2", "1/2"],
        "floats": [0.5, 0.5],
    }
    assert coin.to_dict()["title"] == "odds"
    assert repr(coin) == "Distribution({'heads': 1/2, 'tails': 1/2})"


def test_plot_draws_bars():
    matplotlib = pytest.importorskip("matplotlib")
    matplotlib.use("Agg")
    ax = d6.distribution().plot()
    assert len(ax.patches) == 6
    import matplotlib.pyplot as plt

    plt.close("all")


def test_tables_abbreviate_fractions_too_long_to_read_but_data_stays_exact():
    tiny = Fraction(1, 3**100)
    distribution = Distribution({"rare": tiny, "common": 1 - tiny})
    text = str(distribution)
    assert "≈1.94e-48" in text
    assert "<0.01%" in text
    assert str(3**100) not in text
    assert distribution.probability("rare") == tiny
    assert distribution.to_dict()["probabilities"][1] == str(tiny)
    # short fractions are printed exactly
    assert "| 1/6 |" in d6.distribution().to_markdown()


@pytest.mark.parametrize(
    ("value", "text"),
    [(Fraction(99999, 10**35), "≈1.00e-30"), (Fraction(123, 10**40), "≈1.23e-38"), (Fraction(1, 7**40), "≈1.57e-34")],
)
def test_scientific_approximation(value, text):
    from tabletop_core._odds_table import fraction_text

    assert fraction_text(value) == text
    assert float(text[1:]) == pytest.approx(float(value), rel=5e-3)
