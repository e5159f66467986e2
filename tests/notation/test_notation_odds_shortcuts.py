"""The shortcuts of exact odds give what the full path gives: the text read without the parser
(``3d6``, ``1d20+5 vs 15``), a few plain dice by a running window sum, and d20-dialect odds in
integer ways. Each answer and each refusal is compared with the full path's, and with brute force."""

from __future__ import annotations

from fractions import Fraction
from unittest import mock

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from notation_brute import brute_distribution, brute_outcomes

from tabletop_core.notation import Dice, Limits, NotationError, VsOutcome, distribution, parse
from tabletop_core.notation._d20.odds import ODDS as _ODDS
from tabletop_core.notation._default import odds
from tabletop_core.notation._default.lowering import term_rule
from tabletop_core.notation._kernel import term_odds
from tabletop_core.notation.limits import DEFAULT_LIMITS


def _answer(text: str, limits: Limits | None, *, shortcut: bool) -> object:
    """distribution(text) as data (its items, or the refusal), from an empty cache."""
    odds.CACHE.clear()
    with mock.patch.object(odds, "_simple", odds._simple if shortcut else lambda _text, _limits: None):
        try:
            return distribution(text, limits=limits).items()
        except NotationError as error:
            return ("refused", str(error))


@st.composite
def simple_texts(draw: st.DrawFn) -> str:
    count = draw(st.sampled_from(["", *map(str, range(1, 40))]))
    text = f"{count}d{draw(st.integers(1, 60))}"
    if draw(st.booleans()):
        space = draw(st.sampled_from(["", " "]))
        text += f"{space}{draw(st.sampled_from(['>=', '<=', '>', '<', '=']))}{space}{draw(st.integers(1, 70))}"
    if draw(st.booleans()):
        space = draw(st.sampled_from(["", " "]))
        text += f"{space}{draw(st.sampled_from('+-'))}{space}{draw(st.integers(0, 30))}"
    if draw(st.booleans()):
        text += f" vs {draw(st.integers(0, 40))}"
    return text


_LIMITS = st.one_of(
    st.none(),
    st.builds(
        Limits,
        max_length=st.integers(1, 20),
        max_dice=st.integers(1, 40),
        max_sides=st.integers(1, 60),
        max_odds_outcomes=st.integers(1, 300),
        max_odds_work=st.integers(1, 20_000),
    ),
)


@settings(max_examples=300, deadline=None)
@given(simple_texts(), _LIMITS)
def test_the_text_shortcut_answers_and_refuses_as_the_full_path(text, limits):
    assert _answer(text, limits, shortcut=True) == _answer(text, limits, shortcut=False)


@pytest.mark.parametrize(
    "text", ["3d6", "d20", "1d20+5", "1d20 + 5 vs 15", "2d4-1 vs 3", "10d6", "1d1", "8d10>=7", "5d6 = 6 + 1 vs 2"]
)
def test_the_text_shortcut_takes_the_commonest_rolls(text):
    simple = odds._simple(text, DEFAULT_LIMITS)
    assert simple is not None
    assert simple[1] == str(parse(text))  # its canonical text, under which its tree finds it


@pytest.mark.parametrize(
    "text",
    [
        *["3d6+1d4", "0d6", "3d0", "03d6", "3D6", "3d6 ", "4d6kh3", "1d20+5 vs -1", "300d6", "1d20+5vs15", "2x 1d6"],
        *["8d10>=11", "8d10>=1", "1d10>=7", "8d10>=7f1", "8d10=>7"],
    ],
)
def test_the_text_shortcut_leaves_everything_else_to_the_parser(text):
    assert odds._simple(text, DEFAULT_LIMITS) is None


@pytest.mark.parametrize("text", ["2d4+1", "3d3-2", "d6 vs 4", "2d3 + 1 vs 5", "1d1+0 vs 0", "3d4>=3", "3d6<2+1 vs 1"])
def test_the_text_shortcut_against_brute_force(text):
    if " vs " in text:
        expected = brute_outcomes(text, lambda result: VsOutcome(result.margin))
    else:
        expected = brute_distribution(text)
    assert dict(distribution(text).items()) == expected


def test_a_vs_answer_is_ordered_by_margin_with_its_probabilities():
    hit = distribution("d20+5 vs 15")
    assert [outcome.margin for outcome in hit.outcomes] == list(range(-9, 11))
    assert hit.probability(lambda outcome: outcome.success) == Fraction(11, 20)
    assert hit == distribution("1d20+5-15 vs 0")  # the full path: the same outcomes and odds


@pytest.mark.parametrize("count", range(1, 12))
@pytest.mark.parametrize("sides", [1, 2, 3, 6, 20])
def test_a_few_plain_dice_by_window_sums_match_the_power_series(count, sides):
    for fate in [False, True] if sides == 3 else [False]:
        rule = term_rule(Dice(count, sides, fate), DEFAULT_LIMITS.explode_depth)
        calculator = odds.Calculator("x", DEFAULT_LIMITS)
        by_window = term_odds.small_plain(calculator, rule)
        faces = term_odds.face_weights(calculator, rule)
        assert by_window == calculator.power(faces, count)


@pytest.mark.parametrize(
    "text",
    [
        "1d20 + 5 >= 15",
        "(2d4, 1d6)kh1",
        "(1d4, 2+2, 2d3kl1)kh1",
        "2d6 / 2",
        "1d4ro1 + 1",
        "(2d4, 1d6)pl1",
        "3d4k>2",
        "1d6ro1 * 2 - 1d4",
        "(1d4, 1d6, 1d3)kh2",
    ],
)
def test_d20_odds_in_ways_against_the_d20_package_enumerated(text):
    from d20_reference import d20_distribution  # the d20 package's own draws, every sequence

    _ODDS.clear()
    expected = d20_distribution(text)
    assert expected is not None
    assert dict(distribution(text, dialect="d20").items()) == expected


# -- repeats: the odds of each result (docs/notation.md, "Repeats") ------------------------------


@pytest.mark.parametrize(
    ("text", "once"),
    [("3x 2d3+1", "2d3+1"), ("2x 3d4kh1", "3d4kh1"), ("2x 1d4! - 1", "1d4!-1"), ("3x 1d3>=2 + 1d2", "1d3>=2+1d2")],
)
def test_a_repeat_is_independent_alike_results_each_with_the_odds_given(text, once):
    """Every sequence of dice the roll can draw: each result has distribution(text), all independent."""
    limits = Limits(explode_depth=2)  # an exploding d4 enumerated to a small depth
    joint = brute_outcomes(text, lambda result: result.totals, limits=limits)
    each = distribution(text, limits=limits)
    assert each == distribution(once, limits=limits)
    for totals, p in joint.items():  # the joint odds are the product of each result's
        expected = Fraction(1)
        for total in totals:
            expected *= each.probability(total)
        assert p == expected
    assert sum(joint.values()) == 1
    # The sum of the results (result.total) has the odds of the body written out that many times.
    count = len(next(iter(joint)))
    summed = distribution("+".join([f"({once})"] * count), limits=limits)
    total_odds: dict[int, Fraction] = {}
    for totals, p in joint.items():
        total_odds[sum(totals)] = total_odds.get(sum(totals), Fraction(0)) + p
    assert dict(summed.items()) == total_odds


def test_a_repeat_against_a_target_gives_each_outcome():
    joint = brute_outcomes("2x 1d4+1 vs 3", lambda result: tuple(VsOutcome(r.margin) for r in result.results))
    each = distribution("2x 1d4+1 vs 3")
    assert each == distribution("1d4+1 vs 3")
    for (first, second), p in joint.items():
        assert p == each.probability(first) * each.probability(second)


# -- the d20 dialect's text shortcut ------------------------------------------------------------


def _d20_answer(text: str, limits: Limits | None, *, shortcut: bool) -> object:
    from tabletop_core.notation._d20 import odds as _d20_odds

    _ODDS.clear()
    with mock.patch.object(_d20_odds, "_simple", _d20_odds._simple if shortcut else lambda _text, _limits: None):
        try:
            return distribution(text, limits=limits, dialect="d20").items()
        except NotationError as error:
            return ("refused", str(error))


@st.composite
def simple_d20_texts(draw: st.DrawFn) -> str:
    count = draw(st.sampled_from(["", *map(str, range(1, 40))]))
    text = f"{count}d{draw(st.integers(1, 60))}"
    space = draw(st.sampled_from(["", " "]))
    if draw(st.booleans()):
        text += f"{space}{draw(st.sampled_from('+-'))}{space}{draw(st.integers(0, 30))}"
    if draw(st.booleans()):
        text += f"{space}{draw(st.sampled_from(['==', '!=', '>=', '<=', '>', '<']))}{space}{draw(st.integers(0, 90))}"
    return text


@settings(max_examples=300, deadline=None)
@given(simple_d20_texts(), _LIMITS)
def test_the_d20_text_shortcut_answers_and_refuses_as_the_full_path(text, limits):
    assert _d20_answer(text, limits, shortcut=True) == _d20_answer(text, limits, shortcut=False)


@pytest.mark.parametrize(
    ("text", "taken"),
    [
        *[("1d20 + 5 >= 15", True), ("d20+5", True), ("3d6 == 10", True), ("2d4 - 1 != 3", True)],
        *[
            ("1d20 + 5 vs 15", False),
            ("4d6kh3", False),
            ("1d20 [fire]", False),
            ("d%", False),
            ("1d20 >= 15 + 1", False),
        ],
    ],
)
def test_the_d20_text_shortcut_takes_only_the_commonest_rolls(text, taken):
    from tabletop_core.notation._d20 import odds as _d20_odds

    assert (_d20_odds._simple(text, DEFAULT_LIMITS) is not None) == taken


@pytest.mark.parametrize("text", ["1d20 + 5 >= 15", "2d4-1 != 3", "d6 < 4", "3d3 + 2"])
def test_the_d20_text_shortcut_against_the_d20_package_enumerated(text):
    from d20_reference import d20_distribution

    _ODDS.clear()
    assert dict(distribution(text, dialect="d20").items()) == d20_distribution(text)
