"""What a d20-dialect roll records: annotations, clamped faces, sets' group records, its tree.

And the crit flag in the text of both dialects.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tests.notation.test_notation_d20_differential import d20_texts

from tabletop_core import ScriptedDice
from tabletop_core.notation import GroupRoll, NotationError, RolledNode, RollResult, TermLabel, roll
from tabletop_core.notation.dialect_d20 import D20Dice, D20Paren, D20Set


def d20(text: str, *faces: int) -> RollResult:
    return roll(text, rng=ScriptedDice(list(faces)), dialect="d20")


def test_annotations_are_labels_with_their_terms_values():
    result = d20("1d20 [fire] + 1d4 [cold] to hit", 12, 3)
    assert result.labels == (TermLabel("fire", "1d20", 12), TermLabel("cold", "1d4", 3))
    assert str(result) == "to hit: 1d20 (12) [fire] + 1d4 (3) [cold] = 15"
    # Several annotations on one term: one label each; a term's labels before those inside it.
    assert d20("1d6 [a][b] + 2", 5).labels == (TermLabel("a", "1d6", 5), TermLabel("b", "1d6", 5))
    nested = d20("(1d6 [a] + 1) [b] * 2", 4)
    assert nested.labels == (TermLabel("b", "(1d6 [a] + 1)", 5), TermLabel("a", "1d6", 4))
    assert nested.total == 10
    # A value that is not whole is truncated toward zero, as the total is.
    assert d20("(1d6 / 4) [quarter]", 5).labels == (TermLabel("quarter", "(1d6 / 4)", 1),)


def test_clamped_dice_keep_the_face_drawn():
    result = d20("2d6mi3", 1, 6)
    marks = result.rolls[0].marks
    assert marks is not None
    assert (marks.clamped, marks.drawn) == ((0,), (1,))
    assert result.rolls[0].faces == (3, 6)
    assert [(die.value, die.rolled) for die in result.dice] == [(3, 1), (6, None)]
    assert str(result) == "2d6mi3 (1→3, 6↑) = 9"
    assert result.to_markdown() == "2d6mi3 (1→3, 6↑) = **9**"
    # Two clamps: the face drawn, then the face it counts as (the d20 package shows each step).
    assert str(d20("3d6mi3ma2", 1, 3, 2)) == "3d6mi3ma2 (1→2, 3→2, 2) = 6"
    # A die clamped, then rerolled: struck through as it was clamped.
    assert str(d20("2d6mi3rr3", 2, 5, 6)) == "2d6mi3rr3 (~2→3~, 5, 6↑) = 11"
    assert d20("2d6mi3", 4, 5).rolls[0].marks is None  # nothing changed


def test_a_set_with_keep_drop_has_a_group_record_and_strikes_what_it_dropped():
    result = d20("(1d6, 1d8)kh1", 2, 7)
    assert result.groups == (GroupRoll("(1d6, 1d8)kh1", (2, 7), 7, (0,)),)
    assert str(result) == "(~1d6 (2)~, 1d8 (7))kh1 = 7"
    assert result.to_markdown() == "(~~1d6 (2)~~, 1d8 (7))kh1 = **7**"
    nested = d20("((1d6, 1d8)kh1, 3)kh1", 1, 8)
    assert [group.notation for group in nested.groups] == ["(1d6, 1d8)kh1", "((1d6, 1d8)kh1, 3)kh1"]
    assert [group.dropped for group in nested.groups] == [(0,), (1,)]
    assert str(nested) == "((~1d6 (1↓)~, 1d8 (8↑))kh1, ~3~)kh1 = 8"
    assert d20("(1d6, 1d8)", 2, 7).groups == ()  # no keep/drop: a plain sum
    # A member that is not whole is recorded truncated toward zero.
    halves = d20("(1d6 / 2, 1.5)p1", 3)
    assert halves.groups == (GroupRoll("(1d6 / 2, 1.5)p1", (1, 1), 2, ()),)
    assert halves.total == 3


def test_dropping_the_leftmost_d20_in_a_set_is_no_crit():
    result = d20("(1d20, 5)kh1", 1)
    assert result.crit is None
    assert str(result) == "(~1d20 (1↓)~, 5)kh1 = 5"


def test_records_round_trip_through_json_with_optional_keys():
    result = d20("(1d6 [a], 1d8 [b])kh1 + 2d6mi3", 2, 7, 1, 4)
    data = json.loads(result.to_json())
    assert [label["label"] for label in data["labels"]] == ["a", "b"]
    assert data["groups"][0]["dropped"] == [0]
    assert data["rolls"][2]["marks"]["drawn"] == [1]
    assert RollResult.from_dict(data) == result
    plain = d20("1d6+1", 3).to_dict()
    assert "labels" not in plain  # written only when a roll has them
    assert "groups" not in plain


def test_the_tree_of_a_d20_roll():
    tree = d20("(1d6 [a], 1d8)kh1 + 3 / 2", 2, 7).tree
    assert str(tree) == "(1d6 [a], 1d8)kh1 + 3 / 2 = 8.5"
    kept, half = tree.children
    assert isinstance(kept.node, D20Set)
    assert kept.value == 7
    assert kept.group == GroupRoll("(1d6 [a], 1d8)kh1", (2, 7), 7, (0,))
    assert [str(child) for child in kept.children] == ["1d6 [a] = 2", "1d8 = 7"]
    assert half.value == 1.5
    dice = d20("(4d6)kh3", 1, 2, 3, 4).tree
    assert isinstance(dice.node, D20Paren)
    assert dice.value == 9
    assert isinstance(dice.children[0].node, D20Dice)
    assert dice.children[0].roll is not None
    # Keep/drop on parentheses around a set or a sum acts on its members, worked out again.
    assert d20("((1d6, 1d8, 1d10)kh2)p5", 3, 5, 7).tree.value == 7
    assert d20("(1d6 + 1)p5 + 1", 4).tree.value == 1


def test_a_tree_from_records_that_do_not_match_is_not_read_as_matching():
    """``.tree`` never raises (issue 27): records that do not match give their dice under the total."""
    data = d20("(1d6, 1d8)kh1", 2, 7).to_dict()
    data["groups"][0]["dropped"] = [1]
    data["groups"][0]["value"] = 2
    edited = RollResult.from_dict(data)  # the d20 dialect's total is not replayed on load
    tree = edited.tree
    assert tree.node == "(1d6, 1d8)kh1"  # not the expression's nodes: the records do not fit them
    assert (tree.value, [child.roll for child in tree.children]) == (7, list(edited.rolls))
    assert all(child.group is None for child in tree.children)
    del data["groups"]  # as a result saved before sets had records: its tree works them out
    old = RollResult.from_dict(data)
    assert old.tree.value == 7
    assert old.tree.group is None
    assert str(old) == "(1d6 (2), 1d8 (7))kh1 = 7"


def _dice_of(tree: RolledNode) -> list[object]:
    found = [] if tree.roll is None else [tree.roll]
    for child in tree.children:
        found.extend(_dice_of(child))
    return found


def _groups_of(tree: RolledNode) -> list[object]:
    found = []
    for child in tree.children:
        found.extend(_groups_of(child))
    return found + ([] if tree.group is None else [tree.group])


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=d20_texts, seed=st.integers(0, 2**32 - 1))
def test_every_d20_roll_has_a_tree_matching_its_records(text, seed):
    try:
        result = roll(text, rng=seed, dialect="d20")
    except NotationError:
        return
    assert RollResult.from_dict(result.to_dict()) == result
    tree = result.tree
    try:
        total = int(tree.value)
    except (OverflowError, ValueError):  # not finite: the roll itself refuses such a total
        pytest.fail(f"{text}: a roll with a total of {tree.value}")
    assert total == result.total
    assert _dice_of(tree) == list(result.rolls)
    assert _groups_of(tree) == list(result.groups)


@pytest.mark.parametrize(
    ("text", "dialect", "faces", "line"),
    [
        ("1d20+5", "default", [20], "1d20 (20↑) + 5 = 25 (critical hit)"),
        ("1d20+5", "default", [1], "1d20 (1↓) + 5 = 6 (critical failure)"),
        ("1d20+5", "d20", [20], "1d20 (20↑) + 5 = 25 (critical hit)"),
        ("1d20+5", "d20", [1], "1d20 (1↓) + 5 = 6 (critical failure)"),
        ("1d20cs>=19+5", "default", [19], "1d20cs>=19 (19 crit) + 5 = 24 (critical hit)"),
        ("1d20+5 vs 15", "default", [20], "1d20 (20↑) + 5 = 25 (critical hit) vs 15: success by 10"),
        ("1d20+5", "default", [7], "1d20 (7) + 5 = 12"),
    ],
)
def test_the_crit_flag_is_in_the_line_in_both_dialects(text, dialect, faces, line):
    result = roll(text, rng=ScriptedDice(faces), dialect=dialect)
    assert str(result) == line
    assert result.to_markdown().endswith(line.split(" = ")[-1].replace(str(result.total), f"**{result.total}**", 1))
