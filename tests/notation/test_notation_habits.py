"""The habits bot users bring: avrae's trailing ``adv``/``dis``, ``advantage=``, warnings, ``vs`` odds, hints.

The d20 package's own ``ast_adv_copy`` (what avrae's ``advantage=`` does) is the reference for
where advantage goes: the same texts give the same expressions.
"""

from __future__ import annotations

import subprocess
import sys
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st
from tests.notation.d20_reference import d20

from tabletop_core import ScriptedDice
from tabletop_core.notation import NotationError, VsOutcome, distribution, parse, roll


@pytest.mark.parametrize("word", ["adv", "advantage", "ADV", "Advantage"])
def test_a_trailing_adv_rolls_the_first_d20_twice(word: str) -> None:
    """avrae's ``!r 1d20+5 adv``: the first d20 is rolled twice, the higher kept."""
    assert str(parse(f"1d20+5 {word}")) == "2d20kh1+5"
    assert roll(f"1d20+5 {word}", rng=ScriptedDice([3, 17])).total == 22


@pytest.mark.parametrize("word", ["dis", "disadvantage", "DIS"])
def test_a_trailing_dis_keeps_the_lower(word: str) -> None:
    """``dis``: the lower of two d20s."""
    assert roll(f"1d20+5 {word}", rng=ScriptedDice([3, 17])).total == 8


@pytest.mark.parametrize(
    "text", ["1d20+5", "d20+5", "(1d20+5)", "1d20ro1+5", "1d20 [atk] + 5", "-1d20", "(1d20, 5)kh1", "1d20kh1+3"]
)
@pytest.mark.parametrize("kind", [d20.AdvType.ADV, d20.AdvType.DIS])
def test_the_d20_dialect_puts_it_where_the_d20_package_does(text: str, kind: d20.AdvType) -> None:
    """``advantage=`` in the d20 dialect gives the expression the d20 package's ``ast_adv_copy`` gives."""
    theirs = str(d20.utils.ast_adv_copy(d20.parse(text), kind))
    word = "adv" if kind == d20.AdvType.ADV else "dis"
    assert str(parse(text, dialect="d20", advantage=word)) == theirs
    assert str(parse(f"{text} {word}", dialect="d20")) == theirs  # the trailing word, as avrae reads it


def test_the_d20_dialect_no_longer_reads_the_word_as_a_comment() -> None:
    """``1d20+5 to hit adv`` keeps its comment and rolls with advantage (it was a comment ending in adv)."""
    expression = parse("1d20+5 to hit adv", dialect="d20")
    assert str(expression) == "2d20kh1 + 5 to hit"
    assert roll("1d20+5 to hit adv", rng=ScriptedDice([3, 17]), dialect="d20").total == 22


def test_advantage_argument_on_every_call() -> None:
    """``advantage=`` on roll, parse and distribution, as the d20 package's roll has it."""
    assert roll("1d20+5", rng=ScriptedDice([3, 17]), advantage="adv").total == 22
    assert roll("1d20+5", rng=ScriptedDice([3, 17]), advantage="dis", dialect="d20").total == 8
    assert distribution("1d20", advantage="adv") == distribution("2d20kh1")
    assert distribution("1d20 dis") == distribution("2d20kl1")
    assert parse("1d20+@str", variables={"str": 3}, advantage="adv") == parse("2d20kh1+3")


def test_advantage_needs_a_d20_first() -> None:
    """A roll that does not start with one d20 is refused, saying so (the d20 package would ignore it)."""
    for text in ("2d6+3 adv", "2d20 adv"):
        with pytest.raises(NotationError, match="not one d20"):
            roll(text, rng=1)
    with pytest.raises(NotationError, match="starts with 5, not one d20"):
        roll("5+1d20 adv", rng=1, dialect="d20")
    # The default dialect's own shorthand reads a word right after a die: 5+1d20 adv is 5+2d20kh1.
    assert str(parse("5+1d20 adv")) == "5+2d20kh1"
    with pytest.raises(NotationError, match="asks for adv and advantage= for dis"):
        roll("1d20 adv", rng=1, advantage="dis")
    with pytest.raises(NotationError, match="advantage must be"):
        roll("1d20", rng=1, advantage="double")
    with pytest.raises(TypeError, match="advantage must be"):
        roll("1d20", rng=1, advantage=True)  # type: ignore[arg-type]
    with pytest.raises(NotationError, match="rpg-dice-roller has none"):
        roll("1d20", rng=1, advantage="adv", dialect="rdr")


def test_a_comment_keeps_its_words() -> None:
    """In the default dialect a ``# comment`` ending in adv is a comment."""
    assert str(parse("1d20 # roll with adv")) == "1d20 # roll with adv"


@given(st.integers(-20, 20), st.sampled_from(["adv", "dis"]))
def test_advantage_is_two_d20s_kept(modifier: int, word: str) -> None:
    """For any modifier, ``1d20+m adv`` has the odds of ``2d20kh1+m`` (``dis``: ``kl1``)."""
    sign = "+" if modifier >= 0 else "-"
    text = f"1d20{sign}{abs(modifier)}"
    keep = "kh1" if word == "adv" else "kl1"
    assert distribution(f"{text} {word}") == distribution(f"2d20{keep}{sign}{abs(modifier)}")


# -- warnings -------------------------------------------------------------------------------------


def test_warnings_are_shown_by_str_and_the_cli() -> None:
    """``3d6>=12`` counts dice that never reach 12: the result says so, in str() and on the command line."""
    result = roll("3d6>=12", rng=ScriptedDice([6, 6, 6]))
    assert result.warnings == ("3d6>=12: no d6 shows 12 or more, so no die can count",)
    assert str(result).endswith("(warning: 3d6>=12: no d6 shows 12 or more, so no die can count)")
    out = subprocess.run(
        [sys.executable, "-m", "tabletop_core", "roll", "3d6>=12", "--seed", "1"], capture_output=True, text=True
    )
    assert "warning: 3d6>=12: no d6 shows 12 or more" in out.stdout


def test_a_keep_larger_than_the_pool_warns() -> None:
    """``3d6kh4`` keeps every die: the roll is what it says, with a warning."""
    assert roll("3d6kh4", rng=ScriptedDice([1, 2, 3])).warnings
    assert roll("3d6kh4", rng=ScriptedDice([1, 2, 3]), dialect="rdr").warnings  # rdr: it keeps one die
    assert roll("3d6kh3", rng=ScriptedDice([1, 2, 3])).warnings == ()


# -- vs ---------------------------------------------------------------------------------------------


def test_vs_odds_answer_success_and_the_mean_margin() -> None:
    """``distribution("1d20+5 vs 15")``: ``.probability(VsOutcome.success)`` and ``.mean()`` (the margin's)."""
    odds = distribution("1d20+5 vs 15")
    assert odds.probability(VsOutcome.success) == Fraction(11, 20)
    assert odds.mean() == Fraction(1, 2)  # margins -9..10, each 1 in 20
    assert odds.variance() == distribution("1d20").variance()
    assert VsOutcome(0).success is True
    assert VsOutcome(-1).success is False
    assert int(VsOutcome(3)) == 3


# -- hints ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "hint", "meant"),
    [
        ("3d6 // fire", "'3d6 # fire'", "3d6 # fire"),
        ("1d20+5 2d6+3", "roll '1d20+5' and '2d6+3' one at a time", "2d6+3"),
    ],
)
def test_hints_say_what_was_meant_and_parse(text: str, hint: str, meant: str) -> None:
    """A hint names notation that parses and means the likely intent."""
    with pytest.raises(NotationError) as error:
        parse(text)
    assert hint in str(error.value)
    parse(meant)


def test_no_hint_where_none_fits() -> None:
    """``1d20 4`` is more likely a missing operator than two rolls: no two-rolls hint."""
    with pytest.raises(NotationError) as error:
        parse("1d20 4")
    assert "two rolls" not in str(error.value)


def test_min_is_read_not_hinted() -> None:
    """``2d6min3`` was told to be a comment; it clamps (rpg-dice-roller's spelling of mi)."""
    assert roll("2d6min3", rng=ScriptedDice([1, 5])).total == 8
