"""Dialects with fixed dice and brute-force odds: ``dialect="d20"``, and the default dialect's new shorthands."""

from __future__ import annotations

import contextlib
from collections import Counter
from fractions import Fraction
from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_notation_expression_ops import FUZZ_WORDS

from tabletop_core import ScriptedDice
from tabletop_core.notation import Limits, NotationError, RollResult, distribution, parse, roll


def d20_total(text: str, dice: list[int]) -> int:
    return roll(text, rng=ScriptedDice(dice), dialect="d20").total


@pytest.mark.parametrize(
    ("text", "dice", "total"),
    [
        ("4d6k3", [3, 5, 3, 1], 6),  # a bare number keeps that face
        ("4d6kh3", [3, 5, 3, 1], 11),
        ("4d6kl1", [3, 5, 3, 1], 1),
        ("4d6k>3", [3, 5, 3, 1], 5),
        ("4d6k<4", [3, 5, 3, 1], 7),
        ("4d6p1", [3, 5, 1, 1], 8),
        ("4d6ph1", [3, 5, 1, 1], 5),
        ("3d6k1k3", [1, 3, 5], 4),  # two selectors of one keep: kept if either selects
        ("3d6rr1", [1, 4, 5, 1, 6], 15),
        ("3d6ro<3", [1, 2, 6, 1, 3], 10),
        ("2d6ra6", [6, 6, 2], 14),  # one extra die at most
        ("2d6e6", [6, 3, 6, 1], 16),
        ("4d6e6kh3", [6, 2, 2, 1, 5], 13),  # the exploded die joins the pool kept from
        ("2d6mi3", [1, 5], 8),
        ("2d6ma4", [1, 5], 5),
        ("(1d4, 2+2, 3d6kl1)kh1", [3, 2, 5, 6], 4),
        ("(1d4, 2+2, 3d6kl1)p<4", [3, 2, 5, 6], 4),
        ("(3d6)kh1", [2, 5, 4], 5),  # parentheses around dice keep their dice
        ("2d6 >= 7", [3, 5], 1),
        ("2d6 < 7 == 0", [3, 5], 1),
        ("7 // 2", [], 3),
        ("7 % 3", [], 1),
        ("7 / 2", [], 3),
        ("-7 / 2", [], -3),  # truncated toward zero, as int() does
        ("1.5 * 3", [], 4),
        ("d%", [5], 40),  # a tens die
        ("1d20 [fire] + 1d4 [cold] to hit", [12, 3], 15),
        ("-(1d4)+--2", [3], -1),
        ("0d6 + ()", [], 0),
        ("1D6", [], 1),  # case matters: '1' and the comment 'D6'
        ("1d20 *grins*", [7], 7),
    ],
)
def test_d20_dialect_with_fixed_dice(text: str, dice: list[int], total: int) -> None:
    assert d20_total(text, dice) == total


def test_d20_dialect_comments_labels_and_crits() -> None:
    result = roll("1d20 [fire] + 1d4 to hit", rng=ScriptedDice([20, 3]), dialect="d20")
    assert (result.total, result.label, result.crit, result.dialect) == (23, "to hit", "crit", "d20")
    assert str(result) == "to hit: 1d20 (20↑) [fire] + 1d4 (3) = 23 (critical hit)"
    assert roll("2d20kh1+3", rng=ScriptedDice([1, 1]), dialect="d20").crit == "fumble"
    assert roll("5+1d20", rng=ScriptedDice([20]), dialect="d20").crit is None  # the leftmost term only
    assert roll("2d20", rng=ScriptedDice([20, 20]), dialect="d20").crit is None  # two dice kept
    again = RollResult.from_dict(result.to_dict())
    assert again == result
    assert str(again) == str(result)


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("d20+5 to hit", "1d20 + 5 to hit"),
        ("4d6k1k2", "4d6k1k2"),
        ("(1,)", "(1,)"),
        ("(1d6 , 2 ,)kh1", "(1d6, 2)kh1"),
        ("1.50+.5", "1.5 + 0.5"),
        ("1d6[a] [b]*2", "1d6 [a][b] * 2"),
        ("3 ==3", "3 == 3"),
    ],
)
def test_d20_dialect_canonical_text(text: str, canonical: str) -> None:
    expression = parse(text, dialect="d20")
    assert str(expression) == canonical
    assert parse(canonical, dialect="d20") == expression


@pytest.mark.parametrize(
    ("text", "column"),
    [(" 1d6", 1), ("1d20+", 6), ("1d6kh", 6), ("(1, 2", 6), ("1d6mi<2", 4), ("1d20 * x", 8)],
)
def test_d20_dialect_syntax_errors_name_the_column(text: str, column: int) -> None:
    with pytest.raises(NotationError) as caught:
        parse(text, dialect="d20")
    assert caught.value.column == column


@pytest.mark.parametrize("text", ["1d6rr<7", "1/0", "1d0", "1d6e<7"])
def test_d20_dialect_errors_when_rolling(text: str) -> None:
    with pytest.raises(NotationError):
        roll(text, rng=1, dialect="d20")


def brute(sides: list[int], value: object) -> dict[int, Fraction]:
    counts: Counter[int] = Counter()
    for faces in product(*(range(1, s + 1) for s in sides)):
        counts[value(faces)] += 1  # type: ignore[operator]
    total = sum(counts.values())
    return {k: Fraction(v, total) for k, v in counts.items()}


@pytest.mark.parametrize(
    ("text", "sides", "value"),
    [
        ("2d6mi3", [6, 6], lambda f: sum(max(x, 3) for x in f)),
        ("3d4ma2", [4, 4, 4], lambda f: sum(min(x, 2) for x in f)),
        ("3d6k3", [6, 6, 6], lambda f: sum(x for x in f if x == 3)),
        ("3d6p>4", [6, 6, 6], lambda f: sum(x for x in f if x <= 4)),
        ("(1d4, 1d6)kh1", [4, 6], max),
        ("(1d4, 1d6)pl1 - 1", [4, 6], lambda f: max(f) - 1),
        ("2d6 >= 7", [6, 6], lambda f: int(sum(f) >= 7)),
        ("1d6 / 4", [6], lambda f: int(f[0] / 4)),
        ("1d10 % 3 * 2", [10], lambda f: f[0] % 3 * 2),
        ("2d4kh1mi2", [4, 4], lambda f: max(max(f), 2)),
    ],
)
def test_d20_dialect_odds_by_brute_force(text: str, sides: list[int], value: object) -> None:
    assert dict(distribution(text, dialect="d20").items()) == brute(sides, value)


def test_d20_dialect_percentile_and_reroll_odds() -> None:
    assert dict(distribution("d%", dialect="d20").items()) == {10 * i: Fraction(1, 10) for i in range(10)}
    # rr1 on a d6: the last face is any of 2..6, equally likely
    assert dict(distribution("1d6rr1", dialect="d20").items()) == {f: Fraction(1, 5) for f in range(2, 7)}
    # ro on a d4 below 3: a second chance, once
    expected = brute([4, 4], lambda f: f[1] if f[0] < 3 else f[0])
    assert dict(distribution("1d4ro<3", dialect="d20").items()) == expected


def test_dialect_argument_is_checked() -> None:
    with pytest.raises(NotationError, match="dialect"):
        parse("1d6", dialect="roll20")
    with pytest.raises(TypeError):
        roll("1d6", dialect=None)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        distribution(parse("1d6"), dialect="d20")


# -- the default dialect's shorthands and flags -----------------------------------------------


@pytest.mark.parametrize(
    ("text", "canonical"),
    [("d20 adv", "2d20kh1"), ("d20dis+5", "2d20kl1+5"), ("1d20 ADV + 2 [atk]", "2d20kh1+2 [atk]")],
)
def test_advantage_shorthand(text: str, canonical: str) -> None:
    assert str(parse(text)) == canonical
    assert parse(text) == parse(canonical)


@pytest.mark.parametrize(
    ("text", "hint"),
    [
        ("d20 advan", "did you mean 'd20 adv'"),
        ("d20 disadv", "did you mean 'd20 dis'"),
        ("2d6+5 adv", "not one d20"),  # a trailing adv: avrae's, on the first d20
        ("2d20 adv", "not one d20"),
    ],
)
def test_a_near_miss_gets_a_hint(text: str, hint: str) -> None:
    with pytest.raises(NotationError, match=hint):
        parse(text)


def test_advantage_odds_by_brute_force() -> None:
    assert dict(distribution("d20 adv").items()) == brute([20, 20], max)
    assert dict(distribution("d20 dis").items()) == brute([20, 20], min)


@pytest.mark.parametrize(
    ("text", "dice", "crit"),
    [
        ("1d20+5", [20], "crit"),
        ("d20 adv", [1, 20], "crit"),
        ("d20 dis", [1, 20], "fumble"),
        ("1d20", [2], None),
        ("3d20kh2", [20, 20, 1], None),  # two dice kept: no flag
        ("1d6+1d20", [6, 20], None),  # the first dice term decides
    ],
)
def test_default_dialect_flags_a_d20s_20_and_1(text: str, dice: list[int], crit: str | None) -> None:
    result = roll(text, rng=ScriptedDice(dice))
    assert result.crit == crit
    assert result.to_dict()["crit"] == crit


_ALPHABET = "0123456789dDkhlpermia%()[],.+-*/=<>! x\t{}@#fsucv"
_WORDS = (*FUZZ_WORDS, "adv", "dis", "@a", "@zz", " DC ", "!!", "!p", "uo")
_TEXTS = st.lists(st.one_of(st.sampled_from(_ALPHABET), st.sampled_from(_WORDS)), max_size=24).map("".join)
_SHEET = {"a": 3, "b": -2, "str": 3}


@settings(max_examples=300, deadline=None)
@given(_TEXTS, st.sampled_from(["default", "d20"]), st.booleans())
def test_any_text_raises_only_notation_errors_in_both_dialects(text: str, dialect: str, sheet: bool) -> None:
    small = Limits(max_odds_work=50_000, max_dice=200)
    variables = _SHEET if sheet and dialect == "default" else None
    with contextlib.suppress(NotationError):
        parse(text, dialect=dialect, variables=variables)
    with contextlib.suppress(NotationError):
        distribution(text, dialect=dialect, limits=small, variables=variables)
    try:
        result = roll(text, rng=1, dialect=dialect, limits=small, variables=variables)
    except NotationError:
        return
    assert isinstance(result.total, int)
    assert str(result)
    assert result.to_markdown()
    assert RollResult.from_dict(result.to_dict()) == result
