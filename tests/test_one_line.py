"""Chat-safe text: ``str()`` of every result that carries caller text is one line, for any accepted input.

Caller text (a notation label, a reason, a name) is either refused with a
``TabletopError``/``TypeError`` or ends up in a result whose ``str()`` is one
line with no control characters and no bidirectional overrides, so a chat
message cannot be given a forged second line or be reordered.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from hypothesis import given
from hypothesis import strategies as st

import tabletop_core as tc
from tabletop_core import action_roll as ar
from tabletop_core import d20, notation
from tabletop_core._validate import check_one_line, unsafe_character
from tabletop_core.residue.actions import StarModifier
from tabletop_core.residue.combat import Creature

HOSTILE = [
    "\n", "\r", "\u2028", "\u2029", "\x0b", "\x0c", "\x1c", "\x1d", "\x1e", "\x85", "\x00", "\t", "\x7f",
    "\u202a", "\u202b", "\u202c", "\u202d", "\u202e", "\u2066", "\u2067", "\u2068", "\u2069",
]  # fmt: skip

# Text that mixes the hostile characters into ordinary and odd unicode.
texts = st.text(st.sampled_from(HOSTILE) | st.characters(codec="utf-8"), max_size=20)


def assert_one_line(text: str) -> None:
    assert len(f"a{text}b".splitlines()) == 1, repr(text)
    assert unsafe_character(text) is None, repr(text)


def accepted(build: Callable[[], object]) -> object | None:
    """What *build* returns, or None when it refuses the input as the library promises."""
    try:
        return build()
    except (tc.TabletopError, TypeError) as error:
        assert_one_line(str(error))
        return None


@pytest.mark.parametrize("character", HOSTILE)
def test_every_hostile_character_is_refused_in_a_label(character: str) -> None:
    with pytest.raises(notation.NotationError, match="one line of plain text") as caught:
        notation.roll(f"1d20 [a{character}b]", rng=1)
    assert caught.value.column == 8  # the column of the character itself
    with pytest.raises(notation.NotationError, match="one line of plain text"):
        notation.Expression(notation.Number(1), f"x{character}")
    with pytest.raises(tc.InvalidInput, match="one line of plain text"):
        check_one_line("name", character)


@given(texts)
def test_notation_results_are_one_line(label: str) -> None:
    result = accepted(lambda: notation.roll(f"2d6+1 [{label}]", rng=1))
    if result is not None:
        assert isinstance(result, notation.RollResult)
        for text in (str(result), result.to_markdown(), result.breakdown, result.expression):
            assert_one_line(text)
    expression = accepted(lambda: notation.Expression(notation.parse("1d4"), label))
    if expression is not None:
        assert_one_line(str(expression))


@given(texts, texts)
def test_d20_results_are_one_line(reason: str, source: str) -> None:
    test = accepted(lambda: d20.resolve_test(flat_roll=12, stakes="mid", fortune=reason, fortune_die=3))
    if test is not None:
        assert_one_line(str(test))
    instance = accepted(lambda: d20.ConditionInstance(condition=d20.Condition.FRIGHTENED, value=1, source=source))
    if instance is not None:
        assert_one_line(str(instance))


@given(texts)
def test_action_roll_results_are_one_line(name: str) -> None:
    track = accepted(lambda: ar.ProgressTrack(ar.Rank.DANGEROUS, name=name))
    if track is not None:
        assert_one_line(str(track))


@given(texts)
def test_residue_results_are_one_line(name: str) -> None:
    modifier = accepted(lambda: StarModifier(stars=1, reason=name))
    if modifier is not None:
        assert_one_line(str(modifier))
    creature = accepted(lambda: Creature(name=name, hp=3))
    if creature is not None:
        assert_one_line(str(creature))


def test_chat_markup_one_line_turns_exactly_unicodes_control_and_separator_characters_into_spaces() -> None:
    """The markup's one-line pattern holds every character of category Cc, Zl or Zp, and no other."""
    import sys
    import unicodedata

    from tabletop_core._chat_markup import one_line

    every = "".join(chr(code) for code in range(sys.maxunicode + 1) if not 0xD800 <= code <= 0xDFFF)
    expected = "".join(" " if unicodedata.category(c) in ("Cc", "Zl", "Zp") else c for c in every)
    assert one_line(every) == " ".join(expected.split())
    assert one_line("a\u2028b\x85c\x00\x00d") == "a b c d"
