"""Names inside groups, labels around ``vs``, and which d20 the crit flag reads (issue 16 audit 1, 2, 3)."""

from __future__ import annotations

import itertools
import json
import re
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from notation_brute import brute_outcomes

from tabletop_core import ScriptedDice
from tabletop_core.cli import main
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
    Product,
    RollResult,
    Select,
    Sum,
    TermLabel,
    Variable,
    distribution,
    parse,
    roll,
)
from tabletop_core.notation._default.nodes import walk

# -- @names inside groups and every other node -------------------------------------------------


@pytest.mark.parametrize(
    ("text", "bound"),
    [
        ("{@a, 1d6}kh1", "{3, 1d6}kh1"),
        ("{1d6+@a, 1d6}kh1", "{1d6+3, 1d6}kh1"),
        ("{@a, @a}", "{3, 3}"),
        ("{@b, 1d6}kh1", "{-2, 1d6}kh1"),
        ("{(@a)d6, 1d6}kh1", "{3d6, 1d6}kh1"),
        ("{{@a, 1d4}kh1, 2}>=3", "{{3, 1d4}kh1, 2}>=3"),
        ("max(@a, {@b, 1d4})", "max(3, {-2, 1d4})"),
        ("floor({@a, 1d4}/2)", "floor({3, 1d4}/2)"),
        ("2d({@a, 1d4}kh1)", "2d({3, 1d4}kh1)"),
        ("1d20 vs {@a, 10}kl1", "1d20 vs {3, 10}kl1"),
        ("2x {1d6, @a}kh1 [best]", "2x {1d6, 3}kh1 [best]"),
        ("{1d6 [x], @a [y]}kh1", "{1d6 [x], 3 [y]}kh1"),
    ],
)
def test_names_are_filled_inside_groups_and_every_node(text, bound):
    sheet = {"a": 3, "b": -2}
    expression = parse(text, variables=sheet)
    assert str(expression) == bound
    assert expression == parse(bound)
    assert roll(text, rng=7, variables=sheet) == roll(bound, rng=7)
    assert distribution(text, variables=sheet) == distribution(bound)


def test_a_name_in_a_group_rolls_exactly():
    sheet = {"a": 3}
    assert roll("{@a, 1d6}kh1", rng=ScriptedDice([2]), variables=sheet).total == 3
    assert roll("{@a, 1d6}kh1", rng=ScriptedDice([5]), variables=sheet).total == 5
    assert roll("{1d6+@a, 1d6}kh1", rng=ScriptedDice([1, 5]), variables=sheet).total == 5
    assert roll("{@a, @a}", variables=sheet).total == 6
    # {3, 1d6}kh1: 3 on faces 1..3, else the face.
    assert dict(distribution("{@a, 1d6}kh1", variables=sheet).items()) == {
        3: Fraction(1, 2),
        4: Fraction(1, 6),
        5: Fraction(1, 6),
        6: Fraction(1, 6),
    }
    brute = brute_outcomes("{1d6+3, 1d6}kh1")
    assert dict(distribution("{1d6+@a, 1d6}kh1", variables=sheet).items()) == brute


def test_an_unknown_name_in_a_group_is_a_clear_error():
    with pytest.raises(NotationError, match=re.escape("unknown name @b; known names: @a")):
        roll("{@a, @b}kh1", variables={"a": 1})


def test_the_cli_fills_a_name_in_a_group(capsys):
    assert main(["roll", "{@a, 1d6}kh1", "--var", "a=3", "--dice", "2", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert (data["expression"], data["total"]) == ("{3, 1d6}kh1", 3)


# -- labels around vs --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "canonical", "label", "terms"),
    [
        # A label written last, after the target, is the roll's own, with or without labelled terms.
        ("1d4+2 vs 3 [lbl]", "1d4+2 vs 3 [lbl]", "lbl", ()),
        ("1d4 [fire]+2 vs 3 [lbl]", "1d4 [fire]+2 vs 3 [lbl]", "lbl", ("fire",)),
        ("(1d6 [x]) vs 10 [l]", "1d6 [x] vs 10 [l]", "l", ("x",)),
        ("1d6-(1d6 [x]) vs 10 [l]", "1d6-1d6 [x] vs 10 [l]", "l", ("x",)),
        ("1d4 [fire]+2 vs 1d4 [t]", "1d4 [fire]+2 vs 1d4 [t]", "t", ("fire",)),
        # With a label after the target, one right before 'vs' labels its term.
        ("1d20+5 [a] vs 15 [b]", "1d20+5 [a] vs 15 [b]", "b", ("a",)),
        # Alone right before 'vs', it is the roll's label (printed last).
        ("1d20+5 [attack] vs 15", "1d20+5 vs 15 [attack]", "attack", ()),
        # A label on the target's last term is written in parentheses.
        ("1d20 [hit] vs (3 [t])", "1d20 [hit] vs (3 [t])", None, ("hit", "t")),
        ("1d4 [fire] vs (1d4 [t]) [l] # c", "1d4 [fire] vs (1d4 [t]) [l] # c", "l", ("fire", "t")),
        ("1d20 vs (3 [t])", "1d20 vs 3 [t]", "t", ()),  # the only label: the roll's, one spelling
        ("2x 1d20 [a] vs 15 [l]", "2x 1d20 [a] vs 15 [l]", "l", ()),
    ],
)
def test_labels_around_vs_read_one_way(text, canonical, label, terms):
    expression = parse(text)
    assert str(expression) == canonical
    assert parse(canonical) == expression
    assert expression.label == label
    result = roll(text, rng=3)
    assert result.label == label
    assert tuple(term.label for term in result.labels) == terms
    assert RollResult.from_dict(json.loads(json.dumps(result.to_dict()))) == result


def test_a_target_term_label_is_in_labels_and_replays():
    result = roll("1d4 [fire]+2 vs 1d4 [t] + 1 [l]", rng=ScriptedDice([3, 2]))
    assert (result.total, result.target, result.label) == (5, 3, "l")
    assert result.labels == (TermLabel("fire", "1d4", 3), TermLabel("t", "1d4", 2))
    assert str(result) == "l: 1d4 (3) [fire] + 2 = 5 vs 1d4 (2) [t] + 1 = 3: success by 2"
    hit = roll("1d20 [hit] vs (1d4 [t])", rng=ScriptedDice([12, 4]))
    assert str(hit) == "1d20 (12) [hit] = 12 vs (1d4 (4↑) [t]) = 4: success by 8"
    assert RollResult.from_dict(hit.to_dict()) == hit


def test_a_hand_built_target_label_prints_so_it_reads_back():
    expression = Expression(Labeled(Dice(1, 4), "fire"), target=Labeled(Number(3), "t"))
    assert str(expression) == "1d4 [fire] vs (3 [t])"
    assert parse(str(expression)) == expression
    labelled_roll = Expression(Labeled(Dice(1, 20), "a"), "l", target=Number(15))
    assert str(labelled_roll) == "1d20 [a] vs 15 [l]"
    assert parse(str(labelled_roll)) == labelled_roll
    with pytest.raises(NotationError, match="has no trailing label of its own"):
        Expression(Labeled(Dice(1, 20), "a"), "l")  # without vs, a label at the end labels the last term


LABEL_TEXT = st.sampled_from(["a", "fire", "to hit", "x y"])


def _term(draw: st.DrawFn) -> str:
    term = draw(st.sampled_from(["1d4", "2d6kh1", "3", "1d6!", "{1d4, 2}kh1", "-1d4", "floor(1d6/2)", "(1d4)d4"]))
    if draw(st.booleans()):
        term = f"({term}+1)" if draw(st.booleans()) else term
        term += f" [{draw(LABEL_TEXT)}]"
    return term


def _sum(draw: st.DrawFn) -> str:
    terms = [_term(draw) for _ in range(draw(st.integers(1, 3)))]
    text = terms[0]
    for term in terms[1:]:
        text += draw(st.sampled_from(["+", "-", "*"])) + term
    return f"({text})" if draw(st.booleans()) and len(terms) > 1 else text


@st.composite
def labelled_texts(draw: st.DrawFn) -> str:
    """Notation with labels on terms, before ``vs``, on the target and trailing, with and without vs."""
    text = _sum(draw)
    if draw(st.booleans()):
        if draw(st.booleans()):
            text += f" [{draw(LABEL_TEXT)}]"
        text += " vs " + _sum(draw)
    if draw(st.booleans()):
        text += f" [{draw(LABEL_TEXT)}]"
    if draw(st.booleans()):
        text = f"2x {text}"
    if draw(st.booleans()):
        text += " # note"
    return text


@settings(max_examples=300, deadline=None)
@given(labelled_texts(), st.integers(0, 2**16))
def test_labelled_texts_round_trip_through_parse_and_json(text, seed):
    expression = parse(text)  # every text of the strategy is valid notation
    assert parse(str(expression)) == expression
    assert str(parse(str(expression))) == str(expression)
    result = roll(text, rng=seed)
    assert result == roll(str(expression), rng=seed)
    assert RollResult.from_dict(json.loads(json.dumps(result.to_dict()))) == result
    for one in result.results or (result,):
        assert one.labels == RollResult.from_dict(one.to_dict()).labels


# -- the crit flag reads the first dice term rolled as a term ---------------------------------


@pytest.mark.parametrize(
    ("text", "dice", "crit"),
    [
        ("(1d20)d6", [1, 4], None),  # the d20 is only the count
        ("(1d20)d6", [20] + [6] * 20, None),
        ("2d(1d20)", [20, 4, 5], None),  # the d20 gives the sides
        ("2d(1d20)", [1, 1, 1], None),
        ("(1d20)d6+1d20", [1, 3, 20], None),  # the first term is the computed one
        ("1d20+(1d4)d6", [20, 1, 3], "crit"),
        ("1d20+(1d4)d6", [1, 1, 3], "fumble"),
        ("{(1d20)d6, 1d20}kh1", [1, 4, 20], None),
        ("{1d20, 1d20}kh1", [20, 3], "crit"),
        ("{1d20, 1d20}kh1", [3, 20], None),  # the first d20 is dropped
        ("max(1d20, 2)+(1d20)d1", [20, 1, 1], "crit"),
        ("1d20", [20], "crit"),
    ],
)
def test_the_crit_flag_reads_the_first_dice_term_rolled_as_a_term(text, dice, crit):
    result = roll(text, rng=ScriptedDice(dice))
    assert result.crit == crit
    assert RollResult.from_dict(result.to_dict()) == result


def test_a_bound_count_is_a_plain_term_again():
    # (@n)d20 with n = 1 is 1d20: a plain term, flagged as any 1d20 is.
    assert roll("(@n)d20", rng=ScriptedDice([20]), variables={"n": 1}).crit == "crit"


def test_groups_and_sums_built_by_hand_flag_as_parsed():
    tree = Expression(Sum((Group((Dice(1, 20), Negate(Number(1))), Select("kh", 1)), Number(2)), ("+",)))
    assert roll(tree, rng=ScriptedDice([20])).crit == "crit"


# -- a group of one roll, as Roll20 reads it ---------------------------------------------------


def _brute_keep(dice: int, sides: int, keep: int, highest: bool, add: int) -> dict[int, Fraction]:
    """Every way *dice* d*sides* fall, the *keep* highest (or lowest) summed, plus *add*: counted by hand."""
    counts: dict[int, int] = {}
    for faces in itertools.product(range(1, sides + 1), repeat=dice):
        kept = sorted(faces, reverse=highest)[:keep]
        counts[sum(kept) + add] = counts.get(sum(kept) + add, 0) + 1
    return {total: Fraction(count, sides**dice) for total, count in counts.items()}


@pytest.mark.parametrize(
    ("text", "same_as"),
    [
        ("{1d6}", "1d6"),
        ("{4d6+3d8}", "4d6+3d8"),
        ("{2d6} [fire]", "2d6 [fire]"),
        ("{4d6}kh3", "4d6kh3"),
        ("{4d6+3}kh3", "4d6kh3+3"),
        ("{3+4d6}dl1", "3+4d6dl1"),
        ("{-2d20}kl1", "-2d20kl1"),
        ("{2d6*2}dh1", "2d6dh1*2"),
        ("{3d6!}kh2", "3d6!kh2"),
        ("{2d20}kh1+5 vs 15", "2d20kh1+5 vs 15"),
        ("{{1d4, 1d6}kh1}", "{1d4, 1d6}kh1"),
    ],
)
def test_a_group_of_one_roll_keeps_among_its_dice(text, same_as):
    assert parse(text) == parse(same_as)
    assert roll(text, rng=11) == roll(same_as, rng=11)


def test_a_group_of_one_roll_has_exact_odds_by_brute_force():
    assert dict(distribution("{4d6+3}kh3").items()) == _brute_keep(4, 6, 3, True, 3)
    assert dict(distribution("{3d8-1}kl1").items()) == _brute_keep(3, 8, 1, False, -1)
    assert dict(distribution("{1d6}").items()) == _brute_keep(1, 6, 1, True, 0)
    assert roll("{4d6+3}kh3", rng=ScriptedDice([6, 2, 5, 4])).total == 18


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{4d6+3d8}kh1", "on a group of one roll ({4d6+3d8}), keep/drop applies to its dice"),
        ("{4d6kh3}kh2", "only for a roll of one dice term without keep/drop"),
        ("{3}kh1", "keep/drop applies to its dice"),
        ("{(1d4)d6}kh1", "keep/drop applies to its dice"),
        ("{1d6}>=3", "write it on a dice term to count dice (8d10>=3), or test the total with vs (1d6 vs 3)"),
        ("{2d6+1}>7f1", "or test the total with vs (2d6+1 vs 8)"),
        ("{2d6}<3", "write it on a dice term to count dice (8d10<3) at column 1"),
    ],
)
def test_a_group_of_one_roll_refuses_what_rollers_read_differently(text, message):
    with pytest.raises(NotationError, match=re.escape(message)):
        parse(text)


def test_a_target_filled_from_names_obeys_the_limits_as_the_body_does():
    for call in (parse, roll, distribution):
        with pytest.raises(NotationError, match="a die may have at most 10000 sides, got 1000000000"):
            call("1d20 vs 2d(@s)", variables={"s": 10**9})
        with pytest.raises(NotationError, match="at most 1000 dice, got 1000001"):
            call("1d20 vs (@n)d6", variables={"n": 10**6})
    assert roll("1d20 vs 2d(@s)", rng=ScriptedDice([10, 3, 4]), variables={"s": 4}).margin == 3


_LEAF = st.one_of(st.integers(0, 9).map(Number), st.builds(Dice, st.integers(1, 2), st.sampled_from([4, 6, 20])))
_TERM = st.one_of(_LEAF, st.builds(Labeled, _LEAF, LABEL_TEXT))
_PART = st.one_of(
    _TERM,
    st.builds(Labeled, st.builds(lambda a, b: Sum((a, b), ("+",)), _TERM, _TERM), LABEL_TEXT),
    st.builds(lambda a, b, op: Sum((a, b), (op,)), _TERM, _TERM, st.sampled_from("+-")),
    st.builds(Negate, _TERM),
)


@st.composite
def labelled_trees(draw: st.DrawFn) -> Expression:
    """Expressions built by hand with labels anywhere: on terms, on the target's terms and the roll's own."""
    body, target = draw(_PART), draw(st.one_of(st.none(), _PART))
    label = draw(st.one_of(st.none(), LABEL_TEXT))
    try:
        return Expression(body, label, None, target, draw(st.integers(1, 2)))
    except NotationError:  # a roll's own label beside labelled terms needs vs
        return Expression(body, None, None, target)


@settings(max_examples=300, deadline=None)
@given(labelled_trees(), st.integers(0, 2**16))
def test_labelled_trees_print_as_notation_that_reads_back(expression, seed):
    assert parse(str(expression)) == expression
    result = roll(expression, rng=seed)
    assert result == roll(str(expression), rng=seed)
    assert result.label == expression.label
    assert RollResult.from_dict(json.loads(json.dumps(result.to_dict()))) == result


_NAMED_LEAF = st.one_of(
    st.integers(0, 3).map(Number),
    st.builds(Dice, st.integers(1, 2), st.sampled_from([2, 4, 6])),
    st.sampled_from(["a", "b", "c"]).map(Variable),
)


def _named_nodes() -> st.SearchStrategy:
    """Trees with ``@names`` anywhere: group items, function values, computed counts and sides, labels."""
    return st.recursive(
        _NAMED_LEAF,
        lambda inner: st.one_of(
            st.builds(lambda a, b: Group((a, b), Select("kh", 1)), inner, inner),
            st.builds(lambda a, b: Sum((a, b), ("+",)), inner, inner),
            st.builds(lambda a, b: Product((a, b), ("*",)), inner, inner),
            st.builds(Negate, inner),
            st.builds(Labeled, inner, LABEL_TEXT),
            st.builds(lambda a, b: Call("max", (a, b)), inner, inner),
            st.builds(lambda a: Call("abs", (a,)), inner),
            st.builds(ComputedDice, st.sampled_from(["a", "c"]).map(Variable), st.sampled_from([4, 6]).map(Number)),
            st.builds(ComputedDice, st.just(Number(2)), st.just(Variable("c"))),
        ),
        max_leaves=5,
    )


@settings(max_examples=200, deadline=None)
@given(_named_nodes(), st.one_of(st.none(), _named_nodes()), st.integers(1, 2), st.integers(0, 2**16))
def test_names_bind_in_every_node_kind(body, target, repeat, seed):
    sheet = {"a": 2, "b": -3, "c": 3}
    try:
        expression = Expression(body, None, None, target, repeat)
    except NotationError:
        return  # a label inside floor() on a fraction, or nesting too deep
    bound = parse(str(expression), variables=sheet)
    assert not any(isinstance(node, Variable) for part in (bound.body, bound.target) if part for node in walk(part))
    assert parse(str(bound)) == bound
    small = Limits(max_dice=200, max_odds_work=50_000)
    try:
        result = roll(expression, rng=seed, variables=sheet, limits=small)
    except NotationError as error:
        assert "division by zero" in str(error) or "came to" in str(error), error  # noqa: PT017
        return
    assert result == roll(bound, rng=seed, limits=small)
    assert RollResult.from_dict(result.to_dict()) == result
