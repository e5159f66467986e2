"""Expression-level features of the default dialect: names, labels, comments, functions,
computed dice, ``vs`` and ``Nx``: fixed dice, brute-force odds, round trips, budgets, fuzz."""

from __future__ import annotations

import contextlib
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from notation_brute import brute_outcomes
from test_notation_properties import nodes

from tabletop_core import ScriptedDice
from tabletop_core.notation import (
    Call,
    ComputedDice,
    Dice,
    Expression,
    Group,
    Labeled,
    Limits,
    Negate,
    NotationError,
    Number,
    RollResult,
    Select,
    Sum,
    TermLabel,
    Variable,
    VsOutcome,
    distribution,
    parse,
    roll,
)


def exact(expr: str, **options: object) -> dict[object, Fraction]:
    return dict(distribution(expr, **options).items())


# -- named values --------------------------------------------------------------------------------


def test_a_named_value_is_filled_from_variables():
    result = roll("1d20+@str", rng=ScriptedDice([12]), variables={"str": 3})
    assert (result.total, result.expression) == (15, "1d20+3")
    assert str(parse("1d20+@str", variables={"STR": -2})) == "1d20-2"
    assert str(parse("(@level)d6 + @bonus", variables={"level": 5, "bonus": 0})) == "5d6+0"
    assert str(parse("1d20+@str")) == "1d20+@str"  # kept as a name until filled


def test_a_name_used_for_the_count_of_dice():
    result = roll("(@level)d6", rng=ScriptedDice([1, 2, 3, 4]), variables={"level": 4})
    assert (result.total, result.expression) == (10, "4d6")
    assert exact("(@level)d6", variables={"level": 2}) == exact("2d6")


def test_an_unknown_name_is_named_with_the_known_ones():
    with pytest.raises(NotationError, match=r"unknown name @dex; known names: @con, @str"):
        roll("1d20+@dex", variables={"str": 1, "con": 2})
    with pytest.raises(NotationError, match=r"unknown name @dex: no variables were given"):
        roll("1d20+@dex")
    with pytest.raises(NotationError, match=r"unknown name @dex"):
        distribution("1d20+@dex")
    with pytest.raises(NotationError, match=r"unknown name @dex; known names: @str"):
        parse("1d20+@dex", variables={"str": 1})


@pytest.mark.parametrize("bad", [{"str": 1.5}, {"str": "3"}, {"str": True}, {3: 1}, [("str", 1)]])
def test_variables_of_the_wrong_type_are_type_errors(bad):
    with pytest.raises(TypeError):
        roll("1d20+@str", variables=bad)
    with pytest.raises(TypeError):
        distribution("1d20+@str", variables=bad)


def test_caches_follow_the_variables():
    # The same text with another sheet: the parse, roll and odds caches must not mix them up.
    for value in (1, 5, -3, 1):
        assert roll("1d20+@str", rng=ScriptedDice([10]), variables={"str": value}).total == 10 + value
        assert distribution("1d20+@str", variables={"str": value}).mean() == Fraction(21, 2) + value
        assert str(parse("@str", variables={"str": value})) == (str(value) if value >= 0 else f"-{-value}")


def test_variables_belong_to_the_default_dialect():
    with pytest.raises(NotationError, match="default dialect only"):
        roll("1d20", dialect="d20", variables={"str": 1})


def test_a_name_is_a_name():
    with pytest.raises(NotationError):
        Variable("1abc")
    with pytest.raises(NotationError, match="expected a name after '@'"):
        parse("1d20+@")
    with pytest.raises(NotationError, match="twice"):
        roll("@str", variables={"str": 1, "STR": 2})


# -- labels on terms and comments ----------------------------------------------------------------


def test_labels_on_terms_are_carried_in_the_result_and_its_json():
    result = roll("1d20 [fire] + 1d4 [cold]", rng=ScriptedDice([14, 2]))
    assert str(result) == "1d20 (14) [fire] + 1d4 (2) [cold] = 16"
    assert result.labels == (TermLabel("fire", "1d20", 14), TermLabel("cold", "1d4", 2))
    assert result.label is None
    data = result.to_dict()
    assert [(item["label"], item["value"]) for item in data["labels"]] == [("fire", 14), ("cold", 2)]
    assert RollResult.from_dict(data) == result


def test_one_label_at_the_end_still_labels_the_whole_roll():
    expression = parse("1d20+5 [attack]")
    assert expression.label == "attack"
    assert not any(isinstance(node, Labeled) for node in expression.body.operands)
    # Built by hand, one trailing term label is the same expression.
    assert Expression(Sum((Dice(1, 20), Labeled(Number(5), "attack")), ("+", "+")[:1])) == expression


def test_a_labelled_expression_has_no_trailing_label_of_its_own():
    with pytest.raises(NotationError, match="labelled"):
        Expression(Labeled(Dice(1, 20), "fire"), label="all")  # two labels: text could not tell them apart
    assert parse("(1d6+2) [fire] + 1d4 [cold]").body.operands[0] == Labeled(
        Sum((Dice(1, 6), Number(2)), ("+",)), "fire"
    )


def test_a_comment_follows_the_roll():
    result = roll("1d20+5 [attack] # sneak attack on the goblin", rng=ScriptedDice([17]))
    assert (result.total, result.label, result.comment) == (22, "attack", "sneak attack on the goblin")
    assert str(result) == "attack: 1d20 (17) + 5 = 22 # sneak attack on the goblin"
    assert RollResult.from_dict(result.to_dict()) == result
    with pytest.raises(NotationError, match="one line"):
        parse("1d20 # two\nlines")


def test_labels_and_comments_do_not_change_the_odds():
    assert exact("1d6 [a] + 1d4 [b] # c") == exact("1d6+1d4")


# -- math functions ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "total"),
    [
        ("floor(7/2)", 3),
        ("ceil(7/2)", 4),
        ("round(7/2)", 4),
        ("round(5/2)", 3),
        ("round(-5/2)", -2),
        ("round(7/3)", 2),
        ("ceil(-7/2)", -3),
        ("floor(-7/2)", -4),
        ("abs(2-9)", 7),
        ("min(4, 2, 9)", 2),
        ("max(1, -3)", 1),
        ("ceil(1/3 + 1/3)", 1),
        ("ceil(7/2)*2", 8),
        ("7/2", 3),  # outside the rounding functions '/' still rounds down
        ("abs(7/2)", 3),
    ],
)
def test_functions_with_fixed_numbers(text, total):
    assert roll(text).total == total
    assert exact(text) == {total: 1}


def test_functions_with_fixed_dice():
    result = roll("ceil(1d6/2) + max(1d6, 3)", rng=ScriptedDice([5, 1]))
    assert result.total == 6
    assert str(result) == "ceil(1d6 (5) / 2) + max(1d6 (1↓), 3) = 6"
    assert result.tree.children[0].value == 3


@pytest.mark.parametrize(
    "text",
    [
        "ceil(1d6/2)",
        "round(1d6/4)",
        "floor(2d4/3)",
        "abs(1d6-1d6)",
        "max(1d6, 3)",
        "min(1d4, 1d4, 2)",
        "round(1d4/2+1d4/3)",
    ],
)
def test_function_odds_match_brute_force(text):
    assert exact(text) == brute_outcomes(text)


def test_function_arity_and_names():
    with pytest.raises(NotationError, match=r"max\(\) takes two or more"):
        parse("max(1d6)")
    with pytest.raises(NotationError, match=r"floor\(\) takes one"):
        parse("floor(1, 2)")
    with pytest.raises(NotationError, match=r"did you mean ceil\(\)"):
        parse("ceiling(1d6/2)")
    with pytest.raises(NotationError):
        Call("sqrt", (Number(4),))
    with pytest.raises(NotationError, match="label"):
        parse("floor((1d6/4) [x] + 1)")


# -- computed dice -------------------------------------------------------------------------------


def test_computed_dice_with_fixed_dice():
    result = roll("(1d4+1)d6", rng=ScriptedDice([2, 1, 2, 3]))
    assert result.total == 6
    assert str(result) == "(1d4 (2) + 1)d6: 3d6 (1↓, 2, 3) = 6"
    assert [roll.notation for roll in result.rolls] == ["1d4", "3d6"]
    assert RollResult.from_dict(result.to_dict()) == result
    sides = roll("2d(1d6+4)", rng=ScriptedDice([2, 6, 1]))
    assert (sides.total, sides.rolls[1].notation) == (7, "2d6")


@pytest.mark.parametrize("text", ["(1d4)d6", "(1d3+1)d4", "2d(1d4+1)", "(1d2)d(1d3+1)", "(1d3-1)d4", "d(1d4)"])
def test_computed_dice_odds_are_the_mixture(text):
    assert exact(text) == brute_outcomes(text)


def test_computed_dice_budgets_are_checked_before_work():
    with pytest.raises(NotationError, match="could roll 10000 dice"):
        distribution("(100d100)d6")
    with pytest.raises(NotationError, match="rolled more than 10 dice"):
        roll("(1d1*20)d6", limits=Limits(max_dice=10))
    with pytest.raises(NotationError, match="must be a whole number, at least 0"):
        distribution("(1d4-2)d6")
    with pytest.raises(NotationError, match="must be a whole number, at least 0"):
        roll("(1d4-5)d6", rng=ScriptedDice([1]))
    with pytest.raises(NotationError, match="sides came to 0"):
        roll("2d(1d4-1)", rng=ScriptedDice([1]))
    assert roll("(1d4-1)d6", rng=ScriptedDice([1])).total == 0


def test_a_plain_computed_term_is_plain_dice():
    assert parse("(2)d6") == parse("2d6")
    assert parse("2d(6)") == parse("2d6")
    with pytest.raises(NotationError, match="plain dice term"):
        ComputedDice(Number(2), Number(6))
    assert parse("(2)d6kh1") == parse("2d6kh1")
    assert parse("2d(6)kh1") == parse("2d6kh1")
    with pytest.raises(NotationError, match="one die with its sides"):
        ComputedDice(Variable("n"), Number(6), Dice(2, 6))


def test_a_computed_count_takes_every_modifier():
    pool = roll("(@pool)d10>=8", variables={"pool": 4}, rng=ScriptedDice([8, 2, 9, 10]))
    assert (pool.total, pool.expression) == (3, "4d10>=8")
    result = roll("(1d3)d6!kh1", rng=ScriptedDice([2, 6, 3, 4]))
    assert result.total == 9
    assert str(result) == "(1d3 (2))d6: 2d6!kh1 (6↑!, 3, ~4~) = 9"
    assert RollResult.from_dict(result.to_dict()) == result
    assert str(parse("(@pool)d10>=8")) == "(@pool)d10>=8"


@pytest.mark.parametrize("text", ["(1d3)d4kh1", "(1d3)d3!", "(1d3-1)d4>=3", "(1d2)dF", "(1d2)d3ro1", "(1d3)d4dl1"])
def test_a_computed_count_with_modifiers_matches_brute_force(text):
    assert exact(text) == brute_outcomes(text)


# -- vs ------------------------------------------------------------------------------------------


def test_vs_with_fixed_dice():
    hit = roll("1d20+5 vs 15", rng=ScriptedDice([10]))
    assert (hit.total, hit.target, hit.success, hit.margin) == (15, 15, True, 0)
    assert str(hit) == "1d20 (10) + 5 = 15 vs 15: success by 0"
    miss = roll("1d20+5 vs 15 [attack]", rng=ScriptedDice([3]))
    assert (miss.success, miss.margin, miss.label) == (False, -7, "attack")
    opposed = roll("1d20+2 vs 1d20", rng=ScriptedDice([8, 12]))
    assert (opposed.total, opposed.target, opposed.success) == (10, 12, False)
    assert str(opposed) == "1d20 (8) + 2 = 10 vs 1d20 (12) = 12: failure by 2"
    assert RollResult.from_dict(opposed.to_dict()) == opposed
    plain = roll("1d20")
    assert (plain.target, plain.success, plain.margin) == (None, None, None)


@pytest.mark.parametrize("text", ["1d20+5 vs 15", "2d6 vs 7", "1d8 vs 1d6", "ceil(1d6/2) vs 2"])
def test_vs_odds_are_outcomes_matching_brute_force(text):
    odds = exact(text)
    assert all(isinstance(outcome, VsOutcome) for outcome in odds)
    assert odds == brute_outcomes(text, outcome=lambda result: VsOutcome(result.margin))
    assert distribution("1d20+5 vs 15").probability(lambda outcome: outcome.success) == Fraction(11, 20)
    assert str(VsOutcome(-3)) == "failure by 3"


# -- Nx repeat -----------------------------------------------------------------------------------


def test_a_repeat_holds_its_results():
    result = roll("3x 2d6 [damage]", rng=ScriptedDice([1, 2, 3, 4, 5, 6]))
    assert result.totals == (3, 7, 11)
    assert result.total == 21
    assert [one.expression for one in result.results] == ["2d6", "2d6", "2d6"]
    assert str(result) == "damage: 2d6 (1↓, 2) = 3; 2d6 (3, 4) = 7; 2d6 (5, 6↑) = 11 (total 21)"
    assert RollResult.from_dict(result.to_dict()) == result
    # Its tree (which never raises, issue 27) holds each result's tree, in order.
    tree = result.tree
    assert (str(tree.node), tree.value) == ("3x 2d6 [damage]", 21)
    assert [child.value for child in tree.children] == [3, 7, 11]
    assert list(tree.children) == [one.tree for one in result.results]


def test_a_repeat_draws_the_same_dice_as_rolling_one_at_a_time():
    together = roll("6x 4d6kh3", rng=42)
    from tabletop_core import dice_source

    source = dice_source(42)
    assert together.totals == tuple(roll("4d6kh3", rng=source).total for _ in range(6))


def test_the_odds_of_a_repeat_are_those_of_each_result():
    assert distribution("6x 4d6kh3") == distribution("4d6kh3")
    assert exact("2x 1d6 vs 4") == exact("1d6 vs 4")


def test_a_repeat_shares_one_dice_budget():
    # Each roll alone fits 100 dice; ten of them do not: the budget counts across the repeat.
    with pytest.raises(NotationError, match="rolled more than 100 dice"):
        roll("10x (1d1*20)d1", limits=Limits(max_dice=100))
    assert roll("4x (1d1*20)d1", limits=Limits(max_dice=100)).totals == (20, 20, 20, 20)
    with pytest.raises(NotationError, match="rolled more than 30 dice"):
        roll("10x 3d2!", rng=ScriptedDice([2, 1] * 30), limits=Limits(max_dice=30))


def test_repeat_budgets():
    with pytest.raises(NotationError, match="at most 1000 dice, got 1200"):
        parse("300x 4d6")
    with pytest.raises(NotationError, match="repeated 1 to"):
        parse("0x 1d6")
    with pytest.raises(NotationError, match=r"did you mean '6x 4d6kh3'|write its count first"):
        parse("4d6kh3 x6")


# -- with the dice operators of the default dialect (groups) --------------------------------------


@pytest.mark.parametrize(
    "text", ["{1d6+1, 1d4}kh1 vs 4", "max({1d4, 1d4}kh1, 2)", "{1d3 [a], 1d3 [b]}kh1", "floor({1d6, 1d4}kh1/4)"]
)
def test_groups_inside_the_expression_level_grammar(text):
    outcome = (lambda result: VsOutcome(result.margin)) if " vs " in text else (lambda result: result.total)
    assert exact(text) == brute_outcomes(text, outcome=outcome)


def test_a_group_with_labels_against_a_target():
    result = roll("{1d20 [a], 1d20 [b]}kh1 + 5 vs 15 # adv", rng=ScriptedDice([3, 17]))
    assert str(result) == "{1d20 (3) [a], 1d20 (17) [b]}kh1 (~3~, 17) + 5 = 22 vs 15: success by 7 # adv"
    assert [term.value for term in result.labels] == [3, 17]
    assert RollResult.from_dict(result.to_dict()) == result


# -- suggestions ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "hint"),
    [
        ("d20 advan", "2d20kh1"),
        ("d20 disadv", "2d20kl1"),
        ("1d20+5 attack", "did you mean '1d20+5 # attack' (a comment) or '1d20+5 [attack]' (a label)?"),
        ("1d20+5 versus 15", "did you mean '1d20+5 vs 15'"),
        ("1d20+str", "did you mean '@str'"),
        ("sqrt(9)", "the functions are floor, ceil, round, abs, min, max"),
        ("flor(1d6/2)", "did you mean floor()"),
    ],
)
def test_syntax_errors_suggest_the_likely_notation(text, hint):
    with pytest.raises(NotationError) as caught:
        parse(text)
    assert hint in str(caught.value)
    assert caught.value.column is not None


# -- nothing old changes meaning -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("4D6 kh3 + (2 - 1) [stats]", "4d6kh3+(2-1) [stats]"),
        ("d20 adv + 5", "2d20kh1+5"),
        ("3d6!>=6 + 2d10r<2 + 4dF - 1", "3d6!>=6+2d10r<2+4dF-1"),
        ("1d20+5 [a b c]", "1d20+5 [a b c]"),
        ("10d10>=7", "10d10>=7"),
        ("2d6*3/2", "2d6*3/2"),
    ],
)
def test_what_parsed_before_means_what_it_meant(text, canonical):
    expression = parse(text)
    assert str(expression) == canonical
    assert (expression.comment, expression.target, expression.repeat) == (None, None, 1)


# -- properties ----------------------------------------------------------------------------------

LABELS = st.text(st.characters(codec="ascii", categories=("L", "N")), min_size=1, max_size=6)


def grown(max_leaves: int = 3) -> st.SearchStrategy:
    """Nodes of the old grammar wrapped in the new ones (labels, functions, computed dice, names)."""
    old = nodes(max_leaves=max_leaves)
    small = st.one_of(st.integers(0, 3).map(Number), st.builds(Dice, st.integers(1, 2), st.integers(1, 4)))
    return st.one_of(
        old,
        st.builds(Labeled, old, LABELS),
        st.builds(lambda name, arg: Call(name, (arg,)), st.sampled_from(("floor", "ceil", "round", "abs")), old),
        st.builds(lambda name, a, b: Call(name, (a, b)), st.sampled_from(("min", "max")), old, old),
        st.builds(ComputedDice, st.builds(Dice, st.just(1), st.integers(1, 3)), st.integers(1, 4).map(Number)),
        st.builds(
            lambda count, sides, keep: ComputedDice(count, Number(sides), Dice(1, sides, select=Select("kh", keep))),
            st.builds(Dice, st.just(1), st.integers(1, 3)),
            st.integers(1, 4),
            st.integers(0, 2),
        ),
        st.builds(ComputedDice, st.integers(1, 2).map(Number), small.filter(lambda n: not isinstance(n, Number))),
        st.sampled_from(("str", "dex", "level")).map(Variable),
        st.builds(lambda a, b: Group((a, b), Select("kh", 1)), old, old),
    )


def grown_expressions() -> st.SearchStrategy:
    body = st.one_of(
        grown(), st.lists(grown(), min_size=2, max_size=3).map(lambda xs: Sum(tuple(xs), ("+",) * (len(xs) - 1)))
    )
    return st.builds(
        Expression,
        body,
        st.none(),
        st.one_of(st.none(), st.text(st.characters(codec="ascii", categories=("L", "N", "Zs")), max_size=8)),
        st.one_of(st.none(), st.integers(0, 20).map(Number), st.just(Negate(Number(2)))),
        st.integers(1, 3),
    )


@settings(max_examples=200)
@given(grown_expressions())
def test_printing_and_parsing_round_trip_with_the_new_grammar(expression):
    assert parse(str(expression)) == expression


SHEET = {"str": 2, "dex": -1, "level": 2}
SMALL = Limits(explode_depth=2, max_dice=200)


@settings(max_examples=80)
@given(grown_expressions(), st.integers(0, 2**32))
def test_rolls_lie_in_the_exact_support_and_round_trip_json(expression, seed):
    try:
        odds = distribution(expression, limits=SMALL, variables=SHEET)
    except NotationError:
        return  # a divisor that can be 0, or too large
    result = roll(expression, rng=seed, limits=SMALL, variables=SHEET)
    for one in result.results or (result,):
        outcome = one.total if one.target is None else VsOutcome(one.total - one.target)
        assert outcome in odds
        assert one.tree.value == one.total
    assert RollResult.from_dict(result.to_dict()) == result


FUZZ_WORDS = ("vs", "floor(", "ceil(", "round(", "abs(", "min(", "max(", "@str", "d6", "kh", "6x")
"""Whole words for fuzzed notation (the any-text property of test_notation_dialects takes them too)."""
FUZZ = st.sampled_from([*list("0123456789d+-*/()<>=[], \t#@xX"), *FUZZ_WORDS])


@settings(max_examples=300)
@given(st.lists(FUZZ, max_size=30).map("".join), st.integers(0, 99))
def test_fuzzed_text_only_raises_notation_errors(text, seed):
    for call in (parse, distribution):
        with contextlib.suppress(NotationError):
            call(text, variables={"str": 3})
    with contextlib.suppress(NotationError):
        result = roll(text, rng=seed, variables={"str": 3})
        assert isinstance(result.total, int)
        assert RollResult.from_dict(result.to_dict()) == result
