"""Groups of rolls in the default dialect: ``{4d6, 3d8}kh1``, ``{...}dl1``, ``{...}>=15f<5``."""

from __future__ import annotations

import contextlib
import itertools
import re

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from tests.notation.test_notation_dice_ops import CRIT_SUFFIX

from tabletop_core import InvalidInput, ScriptedDice
from tabletop_core.notation import (
    Comparison,
    Dice,
    Expression,
    Group,
    GroupRoll,
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
from tabletop_core.notation._kernel.render import warnings_text

from .notation_brute import brute_distribution, draws_bound
from .test_notation_dice_ops import BRUTE_DRAWS, ops_terms, rolled


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("{4d6, 3d8}kh1", "{4d6, 3d8}kh1"),
        ("{ 4d6 , 3d8 } K", "{4d6, 3d8}kh1"),
        ("{4d6, 3d8, 2d10}dl1", "{4d6, 3d8, 2d10}dl1"),
        ("{1d20+5, 1d20+5}>=15", "{1d20+5, 1d20+5}>=15"),
        ("{1d20+5, 1d20+5}>=15f<5", "{1d20+5, 1d20+5}>=15f<5"),
        ("{1d6, 2}kh1>=4", "{1d6, 2}kh1>=4"),
        ("-{1d4,2}*2", "-{1d4, 2}*2"),
        ("{{1d6, 2}kh1, 3}+1 [wild]", "{{1d6, 2}kh1, 3}+1 [wild]"),
        ("{(1d6+1)*2, 3}", "{(1d6+1)*2, 3}"),
    ],
)
def test_canonical_text(text: str, canonical: str) -> None:
    expression = parse(text)
    assert str(expression) == canonical
    assert parse(canonical) == expression


def test_the_node() -> None:
    group = parse("{4d6, 3d8}kh1").body
    assert group == Group((Dice(4, 6), Dice(3, 8)), Select("kh", 1))
    assert group.value_of((14, 12)) == (14, (1,), None, ())
    counting = Group((Number(3), Number(9), Number(1)), None, Comparison(">=", 5), Comparison("<", 2))
    assert counting.value_of((3, 9, 1)) == (0, (), (1,), (2,))
    with pytest.raises(TypeError):
        group.value_of([14, 12])  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{4d6+3d8}kh1", "on a group of one roll ({4d6+3d8}), keep/drop applies to its dice"),
        ("{4d6}>3", "or test the total with vs (4d6 vs 4)"),
        ("{4d6, ", "expected a number or a die"),
        ("{4d6, 3d8", "expected ',' or '}' at column 10 to close the '{' at column 1"),
        ("{}", "expected a number or a die"),
        ("{1d6, 2}f1", "expected an operator"),
        ("4d6}", "expected an operator"),
        ("{1d6, 2}kh1kh1", "a group can keep or drop only once"),
    ],
)
def test_bad_groups_are_clear_errors(text: str, message: str) -> None:
    with pytest.raises(NotationError, match=re.escape(message)):
        parse(text)


def test_hand_built_errors() -> None:
    with pytest.raises(NotationError, match="only with a success count"):
        Group((Number(1), Number(2)), failure=Comparison("=", 1))
    with pytest.raises(InvalidInput):
        Group((Number(1),))
    with pytest.raises(TypeError):
        Group((Number(1), "2"))  # type: ignore[arg-type]


def test_nesting_is_limited() -> None:
    text = "{" * 60 + "1,2" + "}" * 60
    with pytest.raises(NotationError, match="nesting is deeper"):
        parse(text)


def test_keep_the_best_item() -> None:
    result = rolled("{4d6, 3d8}kh1", 1, 2, 3, 4, 8, 8, 1)
    assert result.total == 17
    assert result.groups == (GroupRoll("{4d6, 3d8}kh1", (10, 17), 17, (0,)),)
    assert str(result) == "{4d6 (1↓, 2, 3, 4), 3d8 (8↑, 8↑, 1↓)}kh1 (~10~, 17) = 17"
    assert result.to_markdown() == "{4d6 (1↓, 2, 3, 4), 3d8 (8↑, 8↑, 1↓)}kh1 (~~10~~, 17) = **17**"
    assert [roll_.notation for roll_ in result.rolls] == ["4d6", "3d8"]


def test_drop_the_lowest_item_and_ties_keep_the_first() -> None:
    result = rolled("{1d6, 1d6, 1d6}dl1", 4, 2, 4)
    assert result.total == 8
    assert result.groups[0].dropped == (1,)
    result = rolled("{1d6, 1d6}kh1", 4, 4)
    assert result.groups[0].dropped == (1,)


def test_wild_die_style() -> None:
    # Savage Worlds: the trait die and the wild die, both exploding, keep the better.
    result = rolled("{1d8!, 1d6!}kh1", 8, 3, 5)
    assert result.total == 11
    assert str(result) == "{1d8! (8↑!, 3), 1d6! (5)}kh1 (11, ~5~) = 11"


def test_success_counting_groups() -> None:
    result = rolled("{1d20+5, 1d20+5, 1d20+5}>=15f<8", 12, 1, 3)
    assert result.total == 0
    assert result.groups[0] == GroupRoll("{1d20+5, 1d20+5, 1d20+5}>=15f<8", (17, 6, 8), 0, (), (0,), (1,))
    assert str(result) == "{1d20 (12) + 5, 1d20 (1↓) + 5, 1d20 (3) + 5}>=15f<8 (17✓, 6✗, 8: 0 successes) = 0"
    assert rolled("{1d6, 1d6, 1d6}kh2>=4", 6, 5, 1).total == 2


def test_groups_inside_expressions_and_the_tree() -> None:
    result = rolled("{{1d6, 2}kh1, 1d4}kl1*2+1", 5, 3)
    assert result.total == 3 * 2 + 1
    assert [group.notation for group in result.groups] == ["{1d6, 2}kh1", "{{1d6, 2}kh1, 1d4}kl1"]
    tree = result.tree
    assert tree.value == result.total
    group_node = tree.children[0].children[0]
    assert group_node.group == result.groups[1]
    assert [child.value for child in group_node.children] == [5, 3]


def test_json_round_trip_and_a_tampered_group() -> None:
    result = rolled("{4d6, 3d8}kh1", 1, 2, 3, 4, 8, 8, 1)
    data = result.to_dict()
    assert RollResult.from_dict(data) == result
    assert data["groups"][0]["values"] == [10, 17]
    assert "groups" not in rolled("1d6", 3).to_dict()  # older shapes unchanged
    data["groups"][0]["dropped"] = [1]
    with pytest.raises(InvalidInput):
        RollResult.from_dict(data)


def test_crits_in_groups() -> None:
    # The first dice term, a bare d20, is flagged inside a group too ...
    assert rolled("{1d20, 1d20}kh1", 20, 3).crit == "crit"
    assert rolled("{1d20, 1d20}kl1", 1, 3).crit == "fumble"
    assert rolled("{1d20+5, 10}kh1", 20).crit == "crit"
    assert rolled("{1d20+5, 30}kh1", 20).crit == "crit"  # the item 1d20+5 is dropped, not the d20 itself
    assert rolled("{1d20+5, 30}kh1", 1).crit == "fumble"
    assert rolled("{{1d20, 4}kh1, 2}kh1", 20).crit == "crit"
    assert rolled("1d6 + {1d20, 1d20}kh1", 3, 20, 3).crit is None  # the first dice term is a d6
    # ... unless the group drops that very die, as the d20 package does for (1d20, 1d20)kh1.
    assert rolled("{1d20, 1d20}kh1", 3, 20).crit is None
    assert rolled("{1d20 [fire], 30}kh1", 20).crit is None
    assert rolled("{{1d20, 2}kh1, 9}kh1", 1).crit is None  # the inner group drops it
    assert rolled("{1d4, 1d20}kh1", 1, 1).crit is None  # not the first dice term
    # A crit range counts wherever it is.
    assert rolled("{1d20cs20, 1d20cs20}kh1", 20, 3).crit == "crit"
    assert rolled("{1d20cs20, 1d20cs20}kh1", 3, 20).crit == "crit"


CRIT_GROUPS = [
    ("{1d20, 1d20}kh1", "(1d20, 1d20)kh1"),
    ("{1d20, 1d20}kl1", "(1d20, 1d20)kl1"),
    ("{1d20+5, 1d20+5}kh1", "(1d20+5, 1d20+5)kh1"),
    ("{1d20, 12}kh1", "(1d20, 12)kh1"),
    ("{1d20, 12}kl1", "(1d20, 12)kl1"),
    ("{1d20 [fire], 1d20}kh1", "(1d20 [fire], 1d20)kh1"),
    ("{1d20, 10}dh1", "(1d20, 10)ph1"),
    ("{2d20kh1, 1d20}kh1", "(2d20kh1, 1d20)kh1"),
    ("{{1d20, 1d20}kh1, 15}kh1", "((1d20, 1d20)kh1, 15)kh1"),
    ("{1d20, 1d20}", "(1d20, 1d20)"),
]


@pytest.mark.parametrize(("ours", "theirs"), CRIT_GROUPS)
def test_crits_in_groups_as_the_d20_package(ours: str, theirs: str) -> None:
    """Both dialects flag a group's leading d20 as the d20 package does, on every way the dice fall."""
    from tests.notation.d20_reference import d20_roll_with

    from tabletop_core import ScriptedDice

    dice = sum(1 for _ in re.finditer("d20", ours)) + ours.count("2d20") * 1
    faces = [1, 2, 19, 20]
    for draws in itertools.product(faces, repeat=dice):
        reference = d20_roll_with(theirs, [(20, face) for face in draws])
        assert reference is not None
        default = roll(ours, rng=ScriptedDice(list(draws)))
        d20 = roll(theirs, rng=ScriptedDice(list(draws)), dialect="d20")
        assert (default.total, default.crit or "") == (reference[0], reference[2]), (ours, draws)
        assert (d20.total, d20.crit or "") == (reference[0], reference[2]), (theirs, draws)


DEPTH = Limits(explode_depth=2)

ODDS_CASES = [
    "{1d6, 1d4}kh1",
    "{2d4, 1d6+1, 3}dl1",
    "{1d4, 1d4, 1d4}kl2",
    "{1d6+1, 1d6, 1d8}>=5",
    "{1d6, 1d6, 1d8}>=4f1",
    "{1d6, 1d4}kh1>=3f1",
    "{{1d4, 1d4}kh1, 1d6}kl1*2-{1d3, 1}",
    "{1d4!!, 2d3mi2}kh1",
    "{1d4, 1d4}kh0",
    "{1d4, 1d4}dh5",
    "{1d6!, 1d4!}kh1",
]


@pytest.mark.parametrize("expr", ODDS_CASES)
def test_exact_odds_match_brute_force(expr: str) -> None:
    exact = dict(distribution(expr, limits=DEPTH).items())
    brute = {total: p for total, p in brute_distribution(expr, limits=DEPTH).items() if p}
    assert exact == brute


def test_odds_budget_is_checked_before_the_work() -> None:
    with pytest.raises(NotationError, match="exact odds would"):
        distribution("{10d10, 10d10, 10d10, 10d10, 10d10, 10d10}kh3", limits=Limits(max_odds_work=10**4))


def items() -> st.SearchStrategy:
    return st.one_of(st.integers(0, 6).map(Number), ops_terms(max_count=2, max_sides=4))


@st.composite
def groups(draw: st.DrawFn) -> Group:
    members = draw(st.lists(items(), min_size=2, max_size=3))
    if draw(st.booleans()):
        members[0] = Sum((members[0], Number(draw(st.integers(0, 3)))), ("+",))
    select = Select(draw(st.sampled_from(("kh", "kl", "dh", "dl"))), draw(st.integers(0, 3)))
    success = Comparison(draw(st.sampled_from((">=", "<=", ">", "<", "="))), draw(st.integers(0, 8)))
    success = success if draw(st.booleans()) else None
    failure = Comparison("<=", draw(st.integers(0, 3))) if success is not None and draw(st.booleans()) else None
    return Group(tuple(members), select if draw(st.booleans()) else None, success, failure)


@given(groups())
def test_round_trip(group: Group) -> None:
    expression = Expression(group)
    assert parse(str(expression)) == expression


@settings(max_examples=30, deadline=None)
@given(groups())
def test_odds_match_brute_force(group: Group) -> None:
    expression = Expression(group)
    small = Limits(explode_depth=1, max_dice=200)
    assume(draws_bound(expression, small.explode_depth) <= BRUTE_DRAWS)
    exact = dict(distribution(expression, limits=small).items())
    brute = {total: p for total, p in brute_distribution(str(expression), limits=small).items() if p}
    assert exact == brute


@settings(max_examples=60, deadline=None)
@given(groups(), st.integers(0, 2**32))
def test_rolls_lie_in_the_support_and_round_trip(group: Group, seed: int) -> None:
    expression = Expression(group)
    small = Limits(explode_depth=2, max_dice=200)
    result = roll(expression, rng=seed, limits=small)
    assert result.total in distribution(expression, limits=small)
    assert RollResult.from_dict(result.to_dict()) == result
    assert result.tree.value == result.total
    assert str(result).endswith(f"= {result.total}{CRIT_SUFFIX[result.crit]}{warnings_text(result.warnings)}")


ALPHABET = st.sampled_from([*list("0123456789dkhl{},!<>=f+-*()[] "), "{1d6", "2d4}", "kh1", "d6"])


@settings(max_examples=300, deadline=None)
@given(st.lists(ALPHABET, max_size=30).map("".join), st.integers(0, 99))
def test_fuzzed_text_only_raises_notation_errors(text: str, seed: int) -> None:
    with contextlib.suppress(NotationError):
        parse(text)
    with contextlib.suppress(NotationError):
        distribution(text, limits=Limits(max_odds_work=10**6))
    with contextlib.suppress(NotationError):
        result = roll(text, rng=seed)
        assert str(result).endswith(f"= {result.total}{CRIT_SUFFIX[result.crit]}{warnings_text(result.warnings)}")


@pytest.mark.parametrize(
    ("text", "dialect", "line"),
    [
        ("(4d6kh3, 3d8)kh1", "d20", "(~4d6kh3 (1↓, 1↓, 1↓, 2)~, 3d8 (8↑, 8↑, 8↑))kh1 = 24"),
        ("{4d6kh3, 3d8}kh1", "rdr", "{~4d6kh3 (1↓, 1↓, 1↓, 2)~, 3d8 (8↑, 8↑, 8↑)}kh1 = 24"),
        ("{4d6kh3, 3d8}kh1", "default", "{4d6kh3 (1↓, 1↓, ~1↓~, 2), 3d8 (8↑, 8↑, 8↑)}kh1 (~4~, 24) = 24"),
    ],
)
def test_a_dropped_item_is_struck_once_and_markdown_is_the_chat_render(text: str, dialect: str, line: str) -> None:
    """Chat markup does not nest ``~``: a dropped item holding dropped dice is struck once, as a whole.

    ``to_markdown()`` is ``chat.render(style="markdown")``: the same line, ``~~`` strikes, the total bold.
    """
    from tabletop_core.chat import render

    result = roll(text, rng=ScriptedDice([1, 1, 1, 2, 8, 8, 8]), dialect=dialect)
    assert str(result) == line
    assert "~~" not in str(result)
    markdown = result.to_markdown()
    assert markdown == render(result, style="markdown")
    assert markdown == line.replace("~", "~~").replace("= 24", "= **24**")
    assert "\\~" not in markdown  # every strike read as markup, none escaped


def test_markdown_escapes_what_the_player_wrote() -> None:
    """Labels and comments are the player's text: escaped in Markdown, the library's own marks are not."""
    result = roll("4d6kh3 [**STR** @everyone] + 1 # *hi*", rng=ScriptedDice([6, 2, 1, 4]))
    markdown = result.to_markdown()
    assert "\\*\\*STR\\*\\*" in markdown
    assert "@\u200beveryone" in markdown
    assert "~~1↓~~" in markdown
    assert "= **13**" in markdown
    assert "\\*hi\\*" in markdown
