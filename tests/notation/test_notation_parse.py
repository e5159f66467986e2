"""Parsing: the grammar, canonical printing, errors that name the column, the limits."""

from __future__ import annotations

import pytest

from tabletop_core import InvalidInput, TabletopError
from tabletop_core.notation import (
    Comparison,
    Dice,
    Explode,
    Expression,
    Limits,
    Negate,
    NotationError,
    Number,
    Product,
    Reroll,
    Select,
    Sum,
    parse,
)
from tabletop_core.notation.limits import MAX_DEPTH, MAX_DICE, MAX_LENGTH, MAX_SIDES


def body(text: str):
    return parse(text).body


def test_notation_error_is_invalid_input():
    assert issubclass(NotationError, InvalidInput)
    assert issubclass(NotationError, ValueError)
    assert issubclass(NotationError, TabletopError)


@pytest.mark.parametrize(
    ("text", "node"),
    [
        ("7", Number(7)),
        ("d20", Dice(1, 20)),
        ("1d20", Dice(1, 20)),
        ("3D6", Dice(3, 6)),
        ("d%", Dice(1, 100)),
        ("4dF", Dice(4, 3, fate=True)),
        ("4df", Dice(4, 3, fate=True)),
        ("4d6kh3", Dice(4, 6, select=Select("kh", 3))),
        ("2d20kl1", Dice(2, 20, select=Select("kl", 1))),
        ("4d6dl1", Dice(4, 6, select=Select("dl", 1))),
        ("4d6dh1", Dice(4, 6, select=Select("dh", 1))),
        ("2d20k", Dice(2, 20, select=Select("kh", 1))),
        ("2d20kh", Dice(2, 20, select=Select("kh", 1))),
        ("3d6!", Dice(3, 6, explode=Explode())),
        ("3d6!=6", Dice(3, 6, explode=Explode())),
        ("3d6!>=5", Dice(3, 6, explode=Explode(Comparison(">=", 5)))),
        ("2d6r<2", Dice(2, 6, reroll=Reroll(Comparison("<", 2)))),
        ("2d6r1", Dice(2, 6, reroll=Reroll(Comparison("=", 1)))),
        ("1d20ro<3", Dice(1, 20, reroll=Reroll(Comparison("<", 3), once=True))),
        ("5d10>=8", Dice(5, 10, success=Comparison(">=", 8))),
        ("5d10<=2", Dice(5, 10, success=Comparison("<=", 2))),
        ("5d10=10", Dice(5, 10, success=Comparison("=", 10))),
        ("10d10!=10>=8", Dice(10, 10, explode=Explode(), success=Comparison(">=", 8))),
        ("-1d4", Negate(Dice(1, 4))),
        ("1d20+5", Sum((Dice(1, 20), Number(5)), ("+",))),
        ("1+2-3", Sum((Number(1), Number(2), Number(3)), ("+", "-"))),
        ("2*3/4", Product((Number(2), Number(3), Number(4)), ("*", "/"))),
        ("1+2*3", Sum((Number(1), Product((Number(2), Number(3)), ("*",))), ("+",))),
        ("(1+2)*3", Product((Sum((Number(1), Number(2)), ("+",)), Number(3)), ("*",))),
        ("((1d6))", Dice(1, 6)),
    ],
)
def test_each_operator_parses(text, node):
    assert body(text) == node


def test_modifiers_in_any_order_mean_the_same():
    assert parse("4d6kh3r1") == parse("4d6r1kh3")
    assert str(parse("4d6kh3r1!")) == "4d6r1!kh3"


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("d20 + 5 [Attack]", "1d20+5 [Attack]"),
        (" 4 d 6 kh 3 ", "4d6kh3"),
        ("4D6KH3", "4d6kh3"),
        ("1d20+5[ to hit ]", "1d20+5 [to hit]"),
        ("1d20 []", "1d20"),
        ("d%", "1d100"),
        ("(1+2)*3", "(1+2)*3"),
        ("1+(2+3)", "1+(2+3)"),
        ("1-(2-3)", "1-(2-3)"),
        ("2*(3*4)", "2*(3*4)"),
        ("-(1+2)", "-(1+2)"),
        ("--1", "--1"),
        ("2*-1", "2*-1"),
        ("10d10!>=10>=8", "10d10!>=10>=8"),
        ("10d10!=10>=8", "10d10!=10>=8"),
        ("1d20ro=1", "1d20ro1"),
    ],
)
def test_canonical_text(text, canonical):
    expression = parse(text)
    assert str(expression) == canonical
    assert parse(str(expression)) == expression


def test_label_is_kept_and_stripped():
    expression = parse("1d20+5 [attack roll]")
    assert expression.label == "attack roll"
    assert parse("1d20").label is None


def test_parse_is_cached():
    assert parse("3d8+2") is parse("3d8+2")


@pytest.mark.parametrize(
    ("text", "message", "column"),
    [
        ("1d20+ [atk]", "1d20+ [atk]: expected a number or a die at column 6", 6),
        ("1d20+", "1d20+: expected a number or a die at column 6", 6),
        ("1d20+*3", "1d20+*3: expected a number or a die at column 6, found '*'", 6),
        ("", "empty expression '': expected a number or a die at column 1", 1),
        ("(1d6", "(1d6: expected ')' at column 5 to close the '(' at column 1", 5),
        ("1d6)", "1d6): unmatched ')' at column 4", 4),
        ("1d", "1d: expected the number of sides, '%' or 'F' after 'd' at column 3", 3),
        (
            "5>=3",
            "5>=3: a comparison counts the dice of the term right before it (8d10>=7); "
            "did you mean '5 vs 3' (a roll against a target)? at column 2",
            2,
        ),
        ("1d6 $", "1d6 $: unexpected character '$' at column 5", 5),
        ("1d20 [a", "1d20 [a: the label opened here is not closed with ']' at column 6", 6),
        ("1d20 [a] 1", "1d20 [a] 1: expected an operator or the end of the expression at column 9, found '1'", 9),
        ("1d6r>", "1d6r>: expected a number after '>' at column 6", 6),
        ("0d6", "0d6: a dice term needs at least 1 die, got 0 at column 1", 1),
        ("1d0", "1d0: a die needs at least 1 side, got 0 at column 3", 3),
        ("1d1!", "1d1!: d1! explodes on every face, so it would never stop at column 1", 1),
        ("1d6r<7", "1d6r<7: reroll r<7 matches every face of d6, so it would never stop at column 1", 1),
    ],
)
def test_syntax_errors_name_the_column(text, message, column):
    with pytest.raises(NotationError) as caught:
        parse(text)
    assert str(caught.value) == message
    assert caught.value.column == column


def test_reroll_once_may_match_every_face():
    assert str(parse("1d6ro<7")) == "1d6ro<7"


def test_wrong_types():
    with pytest.raises(TypeError):
        parse(20)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        parse("1d6", limits={"max_dice": 3})  # type: ignore[arg-type]


# -- limits at their edges ------------------------------------------------------


def test_length_limit_edge():
    at_limit = "1+" * ((MAX_LENGTH - 1) // 2) + "1"
    assert len(at_limit) <= MAX_LENGTH
    parse(at_limit)
    too_long = at_limit + "+1"
    assert len(too_long) > MAX_LENGTH
    with pytest.raises(NotationError, match=f"at most {MAX_LENGTH} characters"):
        parse(too_long)


def test_depth_limit_edge():
    parse("(" * MAX_DEPTH + "1" + ")" * MAX_DEPTH)
    parse("-" * MAX_DEPTH + "1")
    with pytest.raises(NotationError, match=f"deeper than {MAX_DEPTH}"):
        parse("(" * (MAX_DEPTH + 1) + "1" + ")" * (MAX_DEPTH + 1))
    with pytest.raises(NotationError, match=f"deeper than {MAX_DEPTH}"):
        parse("-" * (MAX_DEPTH + 1) + "1")


def test_dice_limit_edge():
    parse(f"{MAX_DICE}d6")
    parse(f"{MAX_DICE - 1}d6+1d6")
    with pytest.raises(NotationError, match=f"at most {MAX_DICE} dice, got {MAX_DICE + 1}"):
        parse(f"{MAX_DICE}d6+1d6")


def test_sides_limit_edge():
    parse(f"1d{MAX_SIDES}")
    with pytest.raises(NotationError, match=f"at most {MAX_SIDES} sides, got {MAX_SIDES + 1}"):
        parse(f"1d{MAX_SIDES + 1}")


def test_huge_dice_are_refused_at_once():
    with pytest.raises(NotationError, match="at most 1000 dice, got 99999999"):
        parse("99999999d99999999")


def test_limits_can_be_raised_and_lowered():
    parse("2000d6", limits=Limits(max_dice=2000))
    with pytest.raises(NotationError, match="at most 3 dice"):
        parse("4d6", limits=Limits(max_dice=3))
    with pytest.raises(NotationError, match="at most 3 characters"):
        parse("1d20", limits=Limits(max_length=3))
    with pytest.raises(InvalidInput):
        Limits(max_dice=0)


def test_hand_built_nodes_are_validated():
    with pytest.raises(NotationError):
        Dice(1, 6, reroll=Reroll(Comparison("<", 7)))
    with pytest.raises(NotationError):
        Comparison("~", 3)
    with pytest.raises(InvalidInput):
        Dice(0, 6)
    with pytest.raises(TypeError):
        Sum((Number(1), "2"), ("+",))  # type: ignore[arg-type]
    with pytest.raises(NotationError):
        Sum((Number(1), Number(2)), ("*",))
    with pytest.raises(NotationError):
        Expression(Number(1), "a]b")
    assert Dice(1, 6, explode=Explode(Comparison("=", 6))) == Dice(1, 6, explode=Explode())


def test_nodes_are_frozen():
    import attrs

    node = Dice(4, 6)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        node.count = 5  # type: ignore[misc]


def test_very_long_numbers_are_refused_cleanly():
    limits = Limits(max_length=10_000)
    with pytest.raises(NotationError, match="at most 1000 digits"):
        parse("9" * 5000, limits=limits)
    assert parse("9" * 1000, limits=limits).body == Number(int("9" * 1000))


def test_a_stray_keep_is_reported_as_typed():
    with pytest.raises(NotationError, match="found 'k'"):
        parse("1+k3")
