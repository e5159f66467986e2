"""d20-dialect odds of terms the default dialect reads alike come from the default engine.

Sums of plain dice (``500d6+500d6``) are as fast as in the default dialect; the odds are
the same as the d20 engine's own (the hook switched off) and the d20 package's (every
sequence of its draws walked) on small expressions.
"""

from __future__ import annotations

from fractions import Fraction
from unittest import mock

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tests.notation.d20_reference import d20_distribution

from tabletop_core.notation import Limits, NotationError, distribution, parse
from tabletop_core.notation._d20 import odds as _d20_odds
from tabletop_core.notation._d20.alike import regrouped
from tabletop_core.notation._d20.tree import D20Chain


def _d20_engine_alone(text: str) -> dict[int, Fraction] | None:
    """The d20 engine's odds without the default engine (another Limits: not the cached answer)."""
    with (
        mock.patch.object(_d20_odds, "alike_weights", return_value=None),
        mock.patch.object(_d20_odds, "regrouped", side_effect=lambda node: node),
    ):
        try:
            odds = distribution(text, dialect="d20", limits=Limits(max_odds_work=5_000_001))
        except NotationError:
            return None
    return dict(odds.items())


def _odds(text: str) -> dict[int, Fraction] | None:
    try:
        return dict(distribution(text, dialect="d20").items())
    except NotationError:
        return None


ALIKE = ("1d4", "2d3", "d6", "3d4kh2", "3d4kl1", "2d6kh5", "3", "0", "-2", "(1d3)", "-1d4")
OTHER = ("1d4e4", "1d3ro1", "(1d2, 1)kh1", "1d4k2", "1.5", "2d3p1", "(1d4 / 2)", "1d3mi2", "(1d2 >= 2)")
operands = st.sampled_from(ALIKE + ALIKE + OTHER)


@st.composite
def chains(draw: st.DrawFn) -> str:
    text = draw(operands)
    ops = st.sampled_from(("+", "-", "+", "-", "*", ">="))
    for _ in range(draw(st.integers(1, 3))):
        text += f" {draw(ops)} {draw(operands)}"
    return text


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(chains())
def test_same_odds_as_the_d20_engine_alone(text: str) -> None:
    assert _odds(text) == _d20_engine_alone(text), text


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(chains())
def test_same_odds_as_the_d20_package(text: str) -> None:
    reference = d20_distribution(text, max_paths=2_000, max_draws=8)
    if reference is None:
        return  # too many paths to walk, or the package refuses a path: the engine test above
    assert _odds(text) == {total: p for total, p in reference.items() if p}, text


@pytest.mark.parametrize(
    "text",
    ["500d6+500d6", "300d6+300d8+100d10", "500d6 - 500d6 + 7", "2 * 3d6 * 2d4", "4d6kh3 + 100d6 + 100d8 + 3"],
)
def test_sums_of_plain_dice_equal_the_default_dialect(text: str) -> None:
    assert distribution(text, dialect="d20") == distribution(text)


def test_a_sum_of_plain_dice_under_a_comparison_or_in_a_set() -> None:
    sums = dict(distribution("300d6+300d8+100d10").items())
    assert _odds("300d6+300d8+100d10 >= 3000") == {
        0: sum(p for total, p in sums.items() if total < 3000),
        1: sum(p for total, p in sums.items() if total >= 3000),
    }
    kept = dict(distribution("{300d6+300d8, 1d6}kh1").items())
    assert _odds("(300d6+300d8, 1d6)kh1") == kept


def test_an_explosion_after_a_long_sum_is_added_last() -> None:
    sums = dict(distribution("100d6+100d8").items())
    explosion = dict(distribution("1d4!").items())  # the same capped explosion in both dialects
    expected: dict[int, Fraction] = {}
    for a, p in explosion.items():
        for b, q in sums.items():
            expected[a + b] = expected.get(a + b, Fraction(0)) + p * q
    assert _odds("1d4e4 + 100d6 + 100d8") == expected
    assert _odds("100d6 + 1d4e4 + 100d8") == expected


def test_regrouping_keeps_order_where_it_matters() -> None:
    def chain(text: str) -> D20Chain:
        body = parse(text, dialect="d20").body
        assert isinstance(body, D20Chain)
        return body

    # A run of such operands at the start becomes one operand.
    assert str(regrouped(chain("1d6 + 2d6 + 1d4e4 / 2"))) == "1d6 + 2d6 + 1d4e4 / 2"
    assert str(regrouped(chain("1d6 + 2d6 - 1d4e4 + 1.5"))) == "1d6 + 2d6 - 1d4e4 + 1.5"
    assert regrouped(chain("1d6 + 2d6 - 1d4e4 + 1.5")).operands[0] == chain("1d6 + 2d6")
    # A sum of integers is gathered whatever the order, signs kept.
    assert str(regrouped(chain("1d4e4 - 2d6 + 3d6"))) == "-2d6 + 3d6 + 1d4e4"
    # Decimals or '/' anywhere: the order stays.
    assert regrouped(chain("1d4e4 - 2d6 + 3d6 + 0.5")) == chain("1d4e4 - 2d6 + 3d6 + 0.5")
    assert regrouped(chain("(1d4e4 / 2) - 2d6 + 3d6")) == chain("(1d4e4 / 2) - 2d6 + 3d6")
    assert regrouped(chain("1d4e4 + 2d6")) == chain("1d4e4 + 2d6")  # one alike: nothing to gain
