"""Differential tests of ``dialect="d20"`` against the d20 package itself.

A hypothesis strategy writes expressions of the d20 package's grammar (dice with
every operator and selector, sets, parentheses, unary signs, the four levels of
binary operators, decimals, annotations, whitespace and trailing comments). Each
is rolled by us from a seed, the package is handed the very same faces, and the
totals, comments and critical flags must agree; small ones must also agree on the
exact distribution (every sequence of the package's draws walked).
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from tests.notation.d20_reference import Recorder, d20, d20_distribution, d20_roll_with

from tabletop_core.notation import Limits, NotationError, distribution, parse, roll

SIDES = ("1", "2", "3", "4", "6", "8", "10", "12", "20", "%")
SELECTOR_KINDS = ("", "h", "l", "<", ">")
DICE_OPS = ("k", "p", "rr", "ro", "ra", "e", "mi", "ma")
BINARY = ("+", "-", "*", "/", "//", "%", "==", "!=", ">=", "<=", ">", "<")
SPACE = st.sampled_from(["", "", " ", "  "])


@st.composite
def selectors(draw: st.DrawFn, op: str) -> str:
    kind = "" if op in ("mi", "ma") else draw(st.sampled_from(SELECTOR_KINDS))
    return kind + str(draw(st.integers(0, 12)))


@st.composite
def dice(draw: st.DrawFn) -> str:
    count = draw(st.sampled_from(["", "0", "1", "2", "3", "4"]))
    text = f"{count}d{draw(st.sampled_from(SIDES))}"
    for _ in range(draw(st.integers(0, 3))):
        op = draw(st.sampled_from(DICE_OPS))
        text += op + draw(selectors(op))
    return text


literals = st.one_of(
    st.integers(0, 30).map(str),
    st.sampled_from(["1.5", "0.5", ".25", "2.", "10.75"]),
)
annotations = st.sampled_from(["", "", "", " [fire]", "[cold] [x]", " [a b]"])


def terms(inner: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    set_ops = st.lists(
        st.tuples(st.sampled_from(("k", "p")), st.sampled_from(SELECTOR_KINDS), st.integers(0, 4)), max_size=2
    ).map(lambda ops: "".join(f"{op}{kind}{n}" for op, kind, n in ops))
    group = st.tuples(st.lists(inner, min_size=0, max_size=3), st.booleans(), set_ops).map(
        lambda parts: "(" + ", ".join(parts[0]) + ("," if parts[1] and parts[0] else "") + ")" + parts[2]
    )
    return st.one_of(dice(), literals, group)


@st.composite
def expressions(draw: st.DrawFn, inner: st.SearchStrategy[str]) -> str:
    def operand() -> str:
        sign = draw(st.sampled_from(["", "", "", "-", "+", "- ", "--"]))
        return sign + draw(terms(inner)) + draw(annotations)

    text = operand()
    for _ in range(draw(st.integers(0, 3))):
        text += draw(SPACE) + draw(st.sampled_from(BINARY)) + draw(SPACE) + operand()
    return text


d20_texts = st.recursive(
    expressions(st.just("1")),
    lambda inner: expressions(inner),
    max_leaves=8,
)
# A trailing adv/dis is avrae's advantage, not a comment (test_notation_habits checks it against the
# package's advantage=): the comments here end in other words.
comments = st.sampled_from(["", "", "", " to hit", " advance", " *grins*", "**bold**", " keep the dragon grappled"])


def ours(text: str, seed: int) -> tuple[tuple[int, str | None, str] | None, list[tuple[int, int]]]:
    source = Recorder(seed)
    try:
        result = roll(text, rng=source, dialect="d20")
    except NotationError:
        return None, source.draws
    return (result.total, result.label, result.crit or ""), source.draws


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(d20_texts, comments, st.integers(0, 2**32 - 1))
def test_same_totals_as_the_d20_package_on_the_same_dice(body: str, comment: str, seed: int) -> None:
    assert_same_total(body + comment, seed)


def assert_same_total(text: str, seed: int) -> None:
    """Ours and the package give the same total, comment and crit on the same dice, or both refuse."""
    mine, draws = ours(text, seed)
    theirs = d20_roll_with(text, draws, more=mine is None)
    if mine is None:
        # Ours refuses only what the package refuses (division by zero, endless rerolls, bad mi/ma).
        assert theirs is None, (text, theirs)
        return
    assert theirs == mine, text


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(d20_texts)
def test_same_exact_odds_as_the_d20_package(text: str) -> None:
    reference = d20_distribution(text)
    assume(reference is not None)
    assert reference is not None
    try:
        exact = distribution(text, dialect="d20")
    except NotationError:
        assume(False)
        return
    assert dict(exact.items()) == {k: Fraction(v) for k, v in reference.items() if v}, text


@settings(max_examples=500, deadline=None)
@given(d20_texts, comments)
def test_canonical_text_round_trips(body: str, comment: str) -> None:
    try:
        expression = parse(body + comment, dialect="d20")
    except NotationError:
        return
    assert parse(str(expression), dialect="d20") == expression


# -- where a comment may start, and arbitrary text ----------------------------------------------

# Comments glued to the roll or starting with a character the d20 package's lexer may read
# as a token of the roll: ',' ')' '(' digits, operators, dice and set operators, letters.
glued_comments = st.sampled_from(
    [
        ", 1d8",
        ",",
        " , x",
        ")",
        " ) oops",
        "(",
        " (x)",
        "5",
        " 5 fire",
        "e",
        "e1",
        "ra",
        "rx",
        "k",
        "kh1",
        " kh1",
        "mi2",
        "d",
        "d6",
        "x",
        "fire",
        " !x",
        "=x",
        "!",
        "]",
        " [x",
        "*",
        " *grins",
        "h",
        "%",
        ".",
        "..",
    ]
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(d20_texts, glued_comments, st.integers(0, 2**32 - 1))
def test_same_reading_of_comments_that_start_with_a_token(body: str, comment: str, seed: int) -> None:
    text = body + comment
    if not _d20_parses(text):
        with pytest.raises(NotationError):
            parse(text, dialect="d20")
        return
    assert_same_total(text, seed)


def _d20_parses(text: str) -> bool:
    try:
        d20.parse(text, allow_comments=True)
    except d20.RollSyntaxError:
        return False
    return True


# One line of printable text: a comment holding a line break or a control character is
# refused by us on purpose (annotations and comments are shown in one line of output).
TEXT_ALPHABET = "0123456789d%.()[],+-*/<>=! kphlroaemixf"
WIDE = Limits(max_dice=10**9, max_sides=2**62)
# Pieces of the grammar glued at random: far more of these texts read as a roll.
PIECES = ("1", "2", "4", "0", ".5", "d", "d6", "d%", "(", ")", ",", "+", "-", "*", "//", "%", "==", "<", ">")
PIECES += ("k", "p", "h", "l", "rr", "ro", "ra", "e", "mi", "ma", " ", "[a]", "x", "!", "=", "[", "]")
short_texts = st.one_of(
    st.text(TEXT_ALPHABET, max_size=12),
    st.lists(st.sampled_from(PIECES), max_size=8).map("".join),
)


@settings(max_examples=2000, deadline=None)
@given(short_texts)
def test_any_short_text_is_refused_exactly_when_the_d20_package_refuses_it(text: str) -> None:
    column: int | None = 0
    try:
        parse(text, dialect="d20", limits=WIDE)
    except NotationError as error:
        column = error.column
    refused = column != 0
    assert refused == (not _d20_parses(text)), text
    assert column is not None, text  # a syntax error names its column


@settings(max_examples=500, deadline=None)
@given(st.lists(st.sampled_from(PIECES), max_size=8).map("".join), st.integers(0, 2**32 - 1))
def test_any_short_text_rolls_the_same_total_as_the_d20_package(text: str, seed: int) -> None:
    try:
        parse(text, dialect="d20")
    except NotationError:
        return  # refused exactly when the package refuses it: the test above
    assert_same_total(text, seed)
