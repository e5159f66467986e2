"""Sums of many alike dice: the power series recurrence against the general paths.

:func:`~tabletop_core.notation.distribution` adds *n* alike dice either by a
power series recurrence (fast for many dice) or by repeated squaring of
convolutions; both must give the very same integer weights, and both must agree
with dice-by-dice enumeration.
"""

from __future__ import annotations

from collections import Counter
from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from notation_brute import brute_distribution

from tabletop_core import Distribution
from tabletop_core.notation import Limits, NotationError, distribution, parse
from tabletop_core.notation._default.odds import Calculator as _Calculator
from tabletop_core.notation._kernel.polynomials import gcd_of_gaps as _gcd_of_gaps
from tabletop_core.notation._kernel.polynomials import power_by_recurrence as _power_by_recurrence
from tabletop_core.notation._kernel.polynomials import recurrence_terms as _recurrence_terms

UNLIMITED = Limits(max_odds_work=10**12, max_odds_outcomes=10**7)

weight_tables = st.dictionaries(
    st.integers(-8, 30),
    st.one_of(st.integers(1, 3), st.integers(1, 2**70)),
    min_size=1,
    max_size=9,
)


def _naive_power(weights: dict[int, int], n: int) -> dict[int, int]:
    total: Counter[int] = Counter({0: 1})
    for _ in range(n):
        step: Counter[int] = Counter()
        for a, wa in total.items():
            for b, wb in weights.items():
                step[a + b] += wa * wb
        total = step
    return dict(total)


def _by_recurrence(weights: dict[int, int], n: int) -> dict[int, int]:
    low, step = min(weights), _gcd_of_gaps(weights)
    outcomes = n * (max(weights) - low) // step + 1
    return _power_by_recurrence(weights, n, low, step, _recurrence_terms(weights, low, step), outcomes)


@settings(max_examples=200)
@given(weight_tables, st.integers(1, 25))
def test_recurrence_equals_squaring_and_naive_convolution(weights, n):
    # Gaps, negative outcomes, runs of equal weights and huge weights all included.
    expected = _naive_power(weights, n)
    assert _by_recurrence(weights, n) == expected
    assert _Calculator("x", UNLIMITED).squaring(weights, n) == expected
    assert _Calculator("x", UNLIMITED).power(weights, n) == expected


def test_uniform_dice_use_a_short_recurrence():
    # A plain die of any size needs four terms per outcome (B = 1 - x), not one per face.
    faces = dict.fromkeys(range(1, 101), 1)
    _c0, terms = _recurrence_terms(faces, 1, 1)
    assert len(terms) <= 4
    assert _by_recurrence(faces, 3) == _naive_power(faces, 3)


# Brute force cannot enumerate 'r' (reroll until it stops): it is checked below against its rule.
SUFFIXES = ["", ">=3", "<=2", "=4", "ro1", "ro<3", "ro>=4>=3", "ro=4<=1"]


@settings(max_examples=60)
@given(st.integers(1, 4), st.integers(1, 4), st.sampled_from(SUFFIXES), st.booleans())
def test_sums_and_counts_against_brute_force(count, sides, suffix, fate):
    text = f"{count}dF{suffix}" if fate else f"{count}d{sides}{suffix}"
    try:
        parse(text)
    except NotationError:  # a reroll of every face (r1 on a d1) never stops: refused by every call
        with pytest.raises(NotationError, match="never stop"):
            distribution(text)
        return
    assert distribution(text) == Distribution(brute_distribution(text))


def test_many_plain_dice_against_die_by_die_counting():
    for count, sides in [(40, 6), (25, 20), (300, 2), (3, 1000)]:
        faces = dict.fromkeys(range(1, sides + 1), 1)
        assert distribution(f"{count}d{sides}") == Distribution(_naive_power(faces, count))


def test_fate_dice_sum_against_enumeration():
    counts = Counter(sum(faces) for faces in product((-1, 0, 1), repeat=6))
    assert distribution("6dF") == Distribution(dict(counts))


def test_many_dice_rerolled_until_they_stop():
    # Rerolling 1s until the die shows something else leaves 2..6 equally likely.
    assert distribution("30d6r1") == Distribution(_naive_power(dict.fromkeys(range(2, 7), 1), 30))
    assert distribution("12d10r<=3>=9") == Distribution(_naive_power({0: 5, 1: 2}, 12))


def test_zero_weights_and_single_faces():
    calculator = _Calculator("x", UNLIMITED)
    assert calculator.power({0: 0, 1: 1, 2: 1}, 3) == _naive_power({1: 1, 2: 1}, 3)
    assert distribution("1000d1").outcomes == (1000,)
    assert distribution("5d1>=1").outcomes == (5,)
