"""Syntax errors suggest notation that parses, rolls and means what was typed; Unicode signs read as ASCII."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop_core.notation import NotationError, parse, roll

_SUGGESTION = re.compile(r"'(.*?)'(?= \(|\?| or )")  # a quoted suggestion: an explanation, '?' or 'or' follows


def _suggestions(text: str) -> list[str]:
    """Every quoted suggestion of the error *text* raises (none when it parses)."""
    try:
        parse(text)
    except NotationError as error:
        message = str(error)
        return _SUGGESTION.findall(message[message.find("did you mean") :]) if "did you mean" in message else []
    return []


def _rolls(notation: str) -> None:
    names = re.findall(r"@([a-z_][a-z0-9_]*)", notation.lower())
    result = roll(notation, rng=7, variables=dict.fromkeys(names, 3) if names else None)
    assert isinstance(result.total, int)


@pytest.mark.parametrize(
    ("text", "suggested"),
    [
        ("roll 1d20", ["1d20"]),
        ("/roll 1d20+5", ["1d20+5"]),
        ("!roll 2d6", ["2d6"]),
        ("/r 1d20", ["1d20"]),
        ("!r 4d6kh3", ["4d6kh3"]),
        ("r 1d20", ["1d20"]),
        ("dice 3d6", ["3d6"]),
        ("3d6 reroll 1", ["3d6r1"]),
        ("3d6 reroll ones", ["3d6r1"]),
        ("3d6 reroll once 1", ["3d6ro1"]),
        ("3d6 reroll <3 + 2", ["3d6r<3 + 2"]),
        ("4d6 explode", ["4d6!"]),
        ("4d6 explode 6", ["4d6!=6"]),
        ("4d6 explode >=5", ["4d6!>=5"]),
        ("4d6 compound", ["4d6!!"]),
        ("4d6 penetrating", ["4d6!p"]),
        ("4d6 keep highest 3", ["4d6kh3"]),
        ("4d6 keep the highest 3", ["4d6kh3"]),
        ("4d6 drop lowest", ["4d6dl1"]),
        ("4d6 drop lowest 1 + 2", ["4d6dl1 + 2"]),
        ("4d6 drop highest", ["4d6dh1"]),
        ("2d20 keep lowest", ["2d20kl1"]),
        ("2d20 highest", ["2d20kh1"]),
        ("4d6 keep 3", ["4d6kh3"]),
        ("d20 advan", ["d20 adv"]),
        ("d20 disadvantage + 5", ["d20 dis + 5"]),
        ("1d20+str", ["@str"]),
        ("1d8+2d6 fire", ["1d8+2d6 # fire", "1d8+2d6 [fire]"]),
    ],
)
def test_a_hint_suggests_what_was_meant(text: str, suggested: list[str]) -> None:
    assert _suggestions(text) == suggested
    for notation in suggested:
        _rolls(notation)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("roll 1d20 fire", "the notation goes alone, without the command word 'roll'"),
        ("4d6 reroll", "'r' takes the faces to reroll"),
        ("advantage", "the shorthand is 'adv' (d20 adv is 2d20kh1)"),
        ("1d20!!q", "unexpected word 'q'"),
    ],
)
def test_no_suggestion_where_none_would_parse(text: str, message: str) -> None:
    with pytest.raises(NotationError, match=re.escape(message)) as caught:
        parse(text)
    assert "did you mean" not in str(caught.value)
    assert "@" not in str(caught.value)


WORDS = ("4d6", "1d20", "3", "+", "roll", "/r", "keep", "drop", "the", "highest", "lowest", "reroll", "once", "ones")
WORDS += ("explode", "compound", "!!p", ">=5", "advantage", "dis", "fire", "str", "x", "vs", "dc15", "round", "[a]")
WORDS += ("kh3", "(", ")", ",", "#", "attack:", "6x", "2", "versus", "best", "drop", "d20")


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(WORDS), min_size=1, max_size=6), st.sampled_from(["", " "]))
def test_every_suggestion_parses_and_rolls(words: list[str], glue: str) -> None:
    for notation in _suggestions(" ".join(words) if glue else "".join(words)):
        _rolls(notation)


# -- Unicode signs and spaces ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "ascii_text"),
    [
        ("1d20 \u2212 2", "1d20 - 2"),  # minus sign
        ("1d20 \u2013 2", "1d20 - 2"),  # en dash
        ("1d20 \u2012 2", "1d20 - 2"),  # figure dash
        ("\u22121d6", "-1d6"),
        ("2\u00d73d6", "2*3d6"),  # multiplication sign
        ("1d6\u00f72", "1d6/2"),  # division sign
        ("1d20\u00a0+\u00a05", "1d20 + 5"),  # no-break spaces
        ("1d20\u2009+\u202f5\u3000vs\u200515", "1d20 + 5 vs 15"),  # thin, narrow, ideographic, four-per-em
        ("4d6kh3 \u2212 1 [str \u2212 1]", "4d6kh3 - 1 [str \u2212 1]"),  # the label keeps what was written
        ("1d20 # \u22122 \u00d7 3", "1d20 # \u22122 \u00d7 3"),  # so does the comment
    ],
)
def test_unicode_signs_and_spaces_read_as_ascii(text: str, ascii_text: str) -> None:
    assert parse(text) == parse(ascii_text)
    assert roll(text, rng=3).total == roll(ascii_text, rng=3).total


@pytest.mark.parametrize(
    ("text", "ascii_text"),
    [("1d20 \u2212 \u00d7 2", "1d20 - * 2"), ("1d20\u00a0\u2212\u2009\u2212", "1d20 - -"), ("2\u00f7\u00f7", "2//")],
)
def test_unicode_signs_keep_their_columns_in_errors(text: str, ascii_text: str) -> None:
    with pytest.raises(NotationError) as unicode_error:
        parse(text)
    with pytest.raises(NotationError) as ascii_error:
        parse(ascii_text)
    assert unicode_error.value.column == ascii_error.value.column is not None
    assert str(unicode_error.value).replace(text, ascii_text) == str(ascii_error.value)


def test_the_d20_dialect_still_reads_them_as_the_d20_package_does() -> None:
    # The d20 package reads a minus sign and what follows as a comment: so does its dialect (unchanged).
    assert parse("1d20 \u2212 2", dialect="d20").comment == "\u2212 2"


_UNICODE_FOR = {
    "-": ("-", "\u2212", "\u2012", "\u2013"),
    "*": ("*", "\u00d7"),
    "/": ("/", "\u00f7"),
    " ": (" ", "\u00a0", "\u2009", "\u202f", "\u3000"),
}
_TERMS = ("1d6", "3", "4d6kh3", "(1d4+1)", "2d(1d6)", "floor(1d8/2)", "@str", "{1d6, 1d8}kh1", "d20 adv")


@st.composite
def _ascii_and_unicode(draw: st.DrawFn) -> tuple[str, str]:
    """An expression in ASCII, and the same with random Unicode signs and spaces for its ASCII ones."""
    ascii_text = draw(st.sampled_from(("", "-"))) + draw(st.sampled_from(_TERMS))
    for _ in range(draw(st.integers(0, 3))):
        space = draw(st.sampled_from(("", " ")))
        ascii_text += f"{space}{draw(st.sampled_from('+-*/'))}{space}{draw(st.sampled_from(_TERMS))}"
    ascii_text += draw(st.sampled_from(("", " vs 15", " [a - b]", " # x - y")))
    unicode_text, outside = "", True
    for char in ascii_text:
        outside = outside and char not in "[#"  # a label or a comment keeps what was written
        unicode_text += draw(st.sampled_from(_UNICODE_FOR[char])) if outside and char in _UNICODE_FOR else char
    return ascii_text, unicode_text


@settings(max_examples=300, deadline=None)
@given(_ascii_and_unicode())
def test_unicode_signs_mean_their_ascii_ones(texts: tuple[str, str]) -> None:
    ascii_text, unicode_text = texts
    assert _read(unicode_text) == _read(ascii_text), unicode_text


def _read(text: str) -> object:
    """The parsed expression, or the column of the error."""
    try:
        return parse(text)
    except NotationError as error:
        return error.column
