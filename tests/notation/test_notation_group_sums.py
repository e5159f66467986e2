"""Sums of differently-sided groups in one recurrence: checked against brute force and pairwise convolution."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop_core.notation import NotationError, distribution, parse
from tabletop_core.notation._default.odds import Calculator as _Calculator
from tabletop_core.notation.limits import Limits
from tabletop_core.odds import Distribution

groups = st.lists(
    st.tuples(st.sampled_from(["+", "-"]), st.integers(1, 3), st.sampled_from([1, 2, 3, 4, 6])), min_size=2, max_size=3
)


@settings(max_examples=80, deadline=None)
@given(groups, st.integers(-3, 3))
def test_sum_of_groups_matches_brute_force(terms: list[tuple[str, int, int]], constant: int) -> None:
    text = "".join(f"{op}{n}d{s}" for op, n, s in terms).lstrip("+") + f"+{constant}".replace("+-", "-")
    dice = [(1 if op == "+" else -1, s) for op, n, s in terms for _ in range(n)]
    counts: Counter[int] = Counter()
    for faces in product(*(range(1, s + 1) for _sign, s in dice)):
        counts[sum(sign * f for (sign, _s), f in zip(dice, faces, strict=True)) + constant] += 1
    total = sum(counts.values())
    assert dict(distribution(text).items()) == {k: Fraction(v, total) for k, v in counts.items()}


@pytest.mark.parametrize("text", ["20d6+10d8", "30d6-20d10+5", "4d6!+3d8", "10d6>=5+3d6+2d4", "6d6r1+5d8ro<2"])
def test_sum_of_groups_matches_pairwise_convolution(text: str) -> None:
    body = parse(text).body
    calculator = _Calculator(text, Limits(max_odds_work=10**10))
    pairwise = calculator.node(body.operands[0])  # type: ignore[union-attr]
    for op, operand in zip(body.operators, body.operands[1:], strict=True):  # type: ignore[union-attr]
        pairwise = calculator.combine(pairwise, calculator.node(operand), op)
    assert distribution(text) == Distribution(pairwise)


def test_large_sums_of_groups_within_the_default_limits() -> None:
    odds = distribution("500d6+500d6")
    assert odds == distribution("1000d6")
    assert len(odds) == 5001
    assert odds.mean() == 3500
    mixed = distribution("300d6+300d8+100d10")
    assert mixed.mean() == Fraction(300 * 7, 2) + Fraction(300 * 9, 2) + Fraction(100 * 11, 2)
    assert len(mixed) == 4501


def test_budget_is_checked_before_the_work() -> None:
    with pytest.raises(NotationError, match="more than 10000 steps") as caught:
        distribution("500d6+500d6", limits=Limits(max_odds_work=10_000))
    assert caught.value.limit == "tabletop_core.notation.Limits.max_odds_work"


@pytest.mark.parametrize("text", ["1d1+1d2", "1d2+1d1", "2d1-1d3+1d1"])
def test_sum_of_groups_with_a_one_sided_die(text: str) -> None:
    # A d1 is a constant group: its term of G is all zeros and as long as F (an IndexError once).
    expression = parse(text)
    calculator = _Calculator(text, Limits(max_odds_work=10**10))
    body = expression.body
    pairwise = calculator.node(body.operands[0])  # type: ignore[union-attr]
    for op, operand in zip(body.operators, body.operands[1:], strict=True):  # type: ignore[union-attr]
        pairwise = calculator.combine(pairwise, calculator.node(operand), op)
    assert distribution(text) == Distribution(pairwise)
