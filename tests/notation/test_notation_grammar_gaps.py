"""Gaps of the default dialect closed: modifiers on computed sides, ``uo``, labels inside
``floor``/``ceil``/``round``, where ``Nx`` and ``vs`` stand: fixed dice, brute force, round trips."""

from __future__ import annotations

import contextlib
import re
from fractions import Fraction

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from notation_brute import brute_outcomes
from test_notation_properties import dice_terms

from tabletop_core import ScriptedDice
from tabletop_core.notation import (
    Call,
    Comparison,
    ComputedDice,
    Dice,
    Explode,
    Expression,
    Labeled,
    Limits,
    NotationError,
    Number,
    RollResult,
    Select,
    Sum,
    distribution,
    parse,
    roll,
)
from tabletop_core.notation._default.nodes import COMPUTED_SIDES, may_be_fraction

SMALL = Limits(explode_depth=2)


def exact(expr: object, **options: object) -> dict[object, Fraction]:
    return dict(distribution(expr, **options).items())


# -- 1. computed sides take every modifier --------------------------------------------------------


def test_computed_sides_with_modifiers_and_fixed_dice():
    best = roll("2d(1d6+4)kh1", rng=ScriptedDice([2, 6, 1]))
    assert (best.total, best.rolls[1].notation) == (6, "2d6kh1")
    assert str(best) == "2d(1d6 (2) + 4): 2d6kh1 (6↑, ~1↓~) = 6"
    both = roll("(1d4)d(1d6+2)!", rng=ScriptedDice([2, 1, 3, 2, 1]))
    assert (both.total, both.rolls[2].notation) == (6, "2d3!")
    assert str(both) == "(1d4 (2))d(1d6 (1↓) + 2): 2d3! (3↑!, 2, 1↓) = 6"
    assert RollResult.from_dict(both.to_dict()) == both
    pool = roll("(@n)d(@s)>=5f1", variables={"n": 3, "s": 6}, rng=ScriptedDice([5, 1, 6]))
    assert (pool.total, pool.expression) == (1, "3d6>=5f1")


@pytest.mark.parametrize(
    "text",
    [
        "2d(1d3+1)kh1",
        "(1d2)d(1d3+1)!",
        "2d(1d3+1)ro1",
        "2d(1d3+1)>=3",
        "2d(1d3+1)>=3f1",
        "2d(1d3+1)mi2",
        "2d(1d3+1)ma2kl1",
        "2d(1d3+1)!!",
        "2d(1d3+1)!p",
        "(1d2)d(1d3+1)dl1sd",
        "2d(1d3+1)uo",
        "2d(1d3)!>=3",
        "2d(1d3+1)cs>=3",
    ],
)
def test_computed_sides_odds_are_the_mixture(text):
    assert exact(text, limits=SMALL) == brute_outcomes(text, limits=SMALL)
    expression = parse(text)
    assert parse(str(expression)) == expression
    assert isinstance(expression.body, ComputedDice)


@pytest.mark.parametrize(
    ("text", "plain"), [("2d(1d3+1)r1", "2d{}r1"), ("2d(1d2+2)u", "2d{}u"), ("3d(1d2+3)uokh2", "3d{}uokh2")]
)
def test_computed_sides_odds_are_each_size_equally_likely(text, plain):
    # Rerolls without end cannot be enumerated: the mixture of the plain terms' own odds is the check.
    sizes = sorted(exact(parse(text).body.sides))
    expected: dict[object, Fraction] = {}
    for size in sizes:
        for value, p in exact(plain.format(size)).items():
            expected[value] = expected.get(value, Fraction(0)) + p / len(sizes)
    assert exact(text) == expected


def test_computed_sides_modifiers_round_trip_and_read_as_plain_when_known():
    assert str(parse("2d(1d6+4)KH1")) == "2d(1d6+4)kh1"
    assert parse("2d(6)kh1") == parse("2d6kh1")
    assert parse("(1d4)d(6)!") == parse("(1d4)d6!")
    assert str(parse("(1d4-@m)d(@s)>=5", variables={"m": 1, "s": 8})) == "(1d4-1)d8>=5"
    assert parse("(@n)d(@s)>=5", variables={"n": 2, "s": 8}) == parse("2d8>=5")
    made = ComputedDice(Number(2), Sum((Dice(1, 6), Number(4)), ("+",)), Dice(1, 6, select=Select("kh", 1)))
    assert made.dice == Dice(1, COMPUTED_SIDES, select=Select("kh", 1))  # the template stands for any size
    assert made == parse("2d(1d6+4)kh1").body


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("2d(1d4+2) adv", "not one d20"),
        ("2d(1d4)!!>=1", "explodes on every face"),
        ("2d(1d4)r<=1r2", "reroll only once"),
    ],
)
def test_computed_sides_modifier_errors_at_parse(text, message):
    with pytest.raises(NotationError, match=re.escape(message)):
        parse(text)


def test_a_modifier_that_does_not_fit_the_size_rolled_is_a_clear_error():
    with pytest.raises(NotationError, match=re.escape("2d(1d2)r<3 came to 2d2: reroll r<3 matches every face")):
        roll("2d(1d2)r<3", rng=ScriptedDice([2]))
    with pytest.raises(NotationError, match="came to 2d1"):
        distribution("2d(1d2)r<2")  # possible, so the odds are refused before any work
    assert roll("2d(1d2)r<2", rng=ScriptedDice([2, 1, 2, 2])).total == 4
    with pytest.raises(NotationError, match="cannot be Fate dice"):
        ComputedDice(Number(2), Dice(1, 4), Dice(1, 3, fate=True))
    with pytest.raises(NotationError, match=re.escape("write them (!>=6)")):
        ComputedDice(Number(2), Dice(1, 4), Dice(1, 6, explode=Explode(), success=Comparison(">=", 3)))


@st.composite
def computed_terms(draw: st.DrawFn) -> ComputedDice:
    """Computed dice with a random template of modifiers (count, sides or both computed)."""
    count = draw(st.one_of(st.integers(1, 2).map(Number), st.builds(Dice, st.just(1), st.integers(1, 3))))
    sides = draw(
        st.one_of(
            st.integers(2, 4).map(Number),
            st.builds(lambda low, n: Sum((Dice(1, n), Number(low)), ("+",)), st.integers(0, 2), st.integers(1, 3)),
        )
    )
    assume_known = isinstance(count, Number) and isinstance(sides, Number)
    if assume_known:
        sides = Dice(1, 3)
    template = draw(dice_terms(max_count=1, max_sides=4).filter(lambda dice: not dice.fate))
    once = draw(st.booleans())
    try:
        if once:
            template = attrs.evolve(template, reroll=None, explode=None, unique_once=True)
        if template.explode is not None and template.explode.on is None and template.success is not None:
            template = attrs.evolve(template, success=None)
        if isinstance(sides, Number):
            template = attrs.evolve(template, sides=sides.value)
        return ComputedDice(count, sides, template)
    except NotationError:  # a modifier that fits no size here
        return ComputedDice(count, sides)


@settings(max_examples=80, deadline=None)
@given(computed_terms(), st.integers(0, 2**32))
def test_computed_terms_round_trip_and_roll_inside_their_odds(term, seed):
    expression = Expression(term)
    assert parse(str(expression)) == expression
    try:
        odds = exact(expression, limits=SMALL)
    except NotationError:
        return  # a modifier that does not fit a size the sides can come to
    result = roll(expression, rng=seed, limits=SMALL)
    assert result.total in odds
    assert RollResult.from_dict(result.to_dict()) == result


def test_computed_dice_modifiers_count_for_crit_flags_and_the_explosion_cap():
    from tabletop_core.notation._default.odds import explodes_anywhere

    assert roll("(1d2)d20cs>=19", rng=ScriptedDice([1, 19])).crit == "crit"
    assert roll("2d(1d4+16)cs>=19", rng=ScriptedDice([4, 19, 3])).crit == "crit"
    assert roll("2d(1d4+16)cs>=19", rng=ScriptedDice([4, 18, 3])).crit is None
    assert (explodes_anywhere("(1d2)d6!"), explodes_anywhere("2d(1d6)!p"), explodes_anywhere("2d(1d6)")) == (
        True,
        True,
        False,
    )
    assert explodes_anywhere("1d20 vs 1d6!")


def test_computed_sides_budgets_are_charged_before_work():
    with pytest.raises(NotationError, match="could roll 10000 dice"):
        distribution("(100d100)d(1d6)kh1")
    with pytest.raises(NotationError, match="rolled more than 10 dice"):
        roll("(1d1*20)d(1d6)!", limits=Limits(max_dice=10))
    with pytest.raises(NotationError, match="sides came to 0"):
        roll("2d(1d4-1)kh1", rng=ScriptedDice([1]))


# -- 2. uo: unique once ----------------------------------------------------------------------------


def test_unique_once_rolls_a_duplicate_again_once():
    result = roll("4d6uo", rng=ScriptedDice([3, 3, 3, 5, 1, 1]))
    # The second die shows 3 (taken): rolled again once, 3 again, and kept; then 5, then 1 (new).
    assert result.rolls[0].faces == (3, 3, 3, 5, 1)
    assert result.rolls[0].rerolled == (1,)
    assert result.total == 3 + 3 + 5 + 1
    assert str(result) == "4d6uo (3, ~3~, 3, 5, 1↓) = 12"
    assert roll("3d6uokh2", rng=ScriptedDice([6, 6, 2, 2, 4])).total == 6 + 4
    assert str(parse("4D6 UO KH3")) == "4d6uokh3"
    assert RollResult.from_dict(result.to_dict()) == result


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("2d6uo!", "unique once (uo) takes no u, clamp, reroll or explosion"),
        ("2d6mi2uo", "unique once (uo) takes no u, clamp, reroll or explosion"),
        ("2d6r1uo", "unique once (uo) takes no u, clamp, reroll or explosion"),
        ("2d6uuo", "unique only once (u or uo, not both)"),
        ("2d6uou", "unique only once (u or uo, not both)"),
    ],
)
def test_unique_once_errors(text, message):
    with pytest.raises(NotationError, match=re.escape(message)):
        parse(text)


@pytest.mark.parametrize(
    "text",
    ["2d4uo", "3d4uo", "3d4uokh2", "3d4uodl1", "3d5>=4uo", "3d5>=4f1uo", "3dFuo", "4d3uo", "2d1uo", "3d4uocs4sd"],
)
def test_unique_once_odds_match_brute_force(text):
    assert exact(text) == brute_outcomes(text)


@st.composite
def unique_once_terms(draw: st.DrawFn) -> Dice:
    sides = draw(st.integers(1, 5))
    count = draw(st.integers(1, 3))
    select = Select(draw(st.sampled_from(("kh", "kl", "dh", "dl"))), draw(st.integers(0, 3)))
    success = Comparison(draw(st.sampled_from((">=", "<=", ">", "<", "="))), draw(st.integers(0, sides + 1)))
    success = success if draw(st.booleans()) else None
    failure = Comparison("<=", draw(st.integers(0, 2))) if success is not None and draw(st.booleans()) else None
    return Dice(count, sides, select=select if draw(st.booleans()) else None, success=success, failure=failure,
                sort=draw(st.sampled_from((None, "a", "d"))), unique_once=True)  # fmt: skip


@settings(max_examples=40, deadline=None)
@given(unique_once_terms(), st.integers(0, 2**32))
def test_unique_once_round_trip_odds_and_rolls(term, seed):
    expression = Expression(term)
    assert parse(str(expression)) == expression
    odds = exact(expression)
    assert odds == brute_outcomes(expression)
    result = roll(expression, rng=seed)
    assert result.total in odds
    assert RollResult.from_dict(result.to_dict()) == result


@pytest.mark.parametrize(("text", "parts"), [("3d4uo+3d4uo", 2), ("3d4u+3d4u", 2), ("2d6uo-2d6u+2d6", 3)])
def test_unique_dice_in_a_sum_are_their_own_odds_added(text, parts):
    # A sum of dice groups has a fast path for independent dice; unique dice are not.
    terms = re.split(r"(?=[+-])", text)
    expected = {0: Fraction(1)}
    for term in terms:
        sign = -1 if term.startswith("-") else 1
        odds = exact(term.lstrip("+-"))
        added: dict[object, Fraction] = {}
        for total, p in expected.items():
            for value, q in odds.items():
                added[total + sign * value] = added.get(total + sign * value, Fraction(0)) + p * q
        expected = added
    assert len(terms) == parts
    assert exact(text) == expected


def test_unique_once_odds_budget_is_charged_before_work():
    with pytest.raises(NotationError, match="steps"):
        distribution("60d60uo")


# -- 3. labels inside floor, ceil and round --------------------------------------------------------


def test_a_label_inside_a_rounding_function():
    result = roll("floor(1d6 [fire] / 2) + ceil(1d4 [cold] / 2)", rng=ScriptedDice([5, 3]))
    assert result.total == 2 + 2
    assert [(one.label, one.value) for one in result.labels] == [("fire", 5), ("cold", 3)]
    assert str(result) == "floor(1d6 (5) [fire] / 2) + ceil(1d4 (3) [cold] / 2) = 4"
    assert RollResult.from_dict(result.to_dict()) == result
    text = "floor((1d6 [fire] + 1d4 [cold]) / 2)"
    assert str(parse(text)) == "floor((1d6 [fire]+1d4 [cold])/2)"
    assert parse(str(parse(text))) == parse(text)
    assert exact(text) == brute_outcomes(text)
    assert exact("round(1d6 [a] / 4) [half]") == exact("round(1d6/4)")


def test_a_label_on_a_fraction_inside_a_rounding_function_is_refused_with_a_hint():
    with pytest.raises(NotationError, match=re.escape("label a term without '/' (floor(1d6 [fire] / 2))")):
        parse("floor((1d6/2) [x])")
    with pytest.raises(NotationError, match="can be a fraction"):
        Call("ceil", (Labeled(Call("max", (parse("1d6/2").body, Number(1))), "x"),))
    assert parse("floor(floor(1d6/2) [x] / 2)").body == Call(
        "floor", (parse("floor(1d6/2) [x] / 2 + 0").body.operands[0],)
    )
    assert (may_be_fraction(parse("1d6/2").body), may_be_fraction(parse("floor(1d6/2)").body)) == (True, False)
    assert roll("max(1d6 [a] / 2, 1)", rng=ScriptedDice([5])).total == 2  # outside them, '/' rounds down


# -- the fuzz property, with the new operators -----------------------------------------------------

FUZZ = st.sampled_from(
    [*list("0123456789d+-*/()<>=[], #!"), "uo", "u", "kh", "floor(", "2d(", "1d6", "[a]", "vs", "6x", "mi", "r"]
)


@settings(max_examples=300, deadline=None)
@given(st.lists(FUZZ, max_size=25).map("".join), st.integers(0, 99))
def test_fuzzed_text_only_raises_notation_errors(text, seed):
    limits = Limits(explode_depth=2, max_odds_work=200_000)
    with contextlib.suppress(NotationError):
        distribution(text, limits=limits)
    with contextlib.suppress(NotationError):
        result = roll(text, rng=seed, limits=limits)
        assert isinstance(result.total, int)
        assert RollResult.from_dict(result.to_dict()) == result


# -- 4. where Nx, vs and labels stand; 5. what new users type --------------------------------------


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("6x 4d6kh3", "6x 4d6kh3"),
        ("6 x 4d6kh3", "6x 4d6kh3"),
        ("6X4d6kh3 [stats]", "6x 4d6kh3 [stats]"),
        ("2x 1d20+5 vs 15", "2x 1d20+5 vs 15"),
        ("1d20+5 VS DC 15", "1d20+5 vs 15"),
        ("1d20+5 vs dc15 # sneak", "1d20+5 vs 15 # sneak"),
        ("1d20+5 vs. AC 15", "1d20+5 vs 15"),
        ("1d20+5 [attack] vs 15", "1d20+5 vs 15 [attack]"),
        ("1d20 [fire] + 1d4 [cold] vs 15", "1d20 [fire]+1d4 [cold] vs 15"),
        ("4d6d1", "4d6dl1"),
        ("4D6D1+1", "4d6dl1+1"),
    ],
)
def test_what_players_type_reads_as_meant(text, canonical):
    expression = parse(text)
    assert str(expression) == canonical
    assert parse(canonical) == expression


def test_a_lone_label_before_vs_labels_the_roll():
    result = roll("1d20+5 [attack] vs 15", rng=ScriptedDice([12]))
    assert (result.label, result.labels, result.margin) == ("attack", (), 2)
    assert parse("1d20+5 [attack] vs 15") == Expression(parse("1d20+5").body, "attack", target=Number(15))
    assert Expression(Labeled(Number(0), "a"), target=Number(0)) == Expression(Number(0), "a", target=Number(0))


@pytest.mark.parametrize(
    ("text", "hint"),
    [
        ("4d6kh3 x6", "did you mean '6x 4d6kh3'?"),
        ("1d20 + 2 x3", "did you mean '3x 1d20 + 2'?"),
        ("6 4d6kh3", "did you mean '6x 4d6kh3' (roll it 6 times)?"),
        ("1d20+5 >= 15", "did you mean '1d20+5 vs 15' (a roll against a target)?"),
        ("(1d20+5) > 15", "to test a total against a target write 'vs'"),
        ("1d20+5 vs 15 vs 20", "write their count first (2x 1d20+5 vs 15)"),
        ("[attack] 1d20+5", "a label goes after what it labels: did you mean '1d20+5 [attack]'?"),
        ("2x [attack] 1d20+5", "did you mean '1d20+5 [attack]'?"),
        ("[attack]", "such as '1d20 [attack]'"),
        ("attack: 1d20+5", "did you mean '1d20+5 [attack]' (a label goes after what it labels)?"),
        ("1d8+2d6 fire", "unexpected word 'fire'; did you mean '1d8+2d6 # fire' (a comment)"),
        ("1d6 / 2 round", "did you mean 'round(1d6 / 2)'?"),
        ("1d20+5 dc15", "did you mean '1d20+5 vs 15'"),
        ("4d6kh3 6x", "did you mean '6x 4d6kh3'?"),
        ("4d6 drop lowest", "did you mean '4d6dl1' (keep or drop dice)?"),
        ("4d6 keep 3", "did you mean '4d6kh3'"),
        ("2d20 highest", "did you mean '2d20kh1'"),
        ("1d20, 1d20", "did you mean '{1d20, 1d20}' (their sum)?"),
    ],
)
def test_mistyped_notation_says_what_was_meant(text, hint):
    with pytest.raises(NotationError, match=re.escape(hint)):
        parse(text)
