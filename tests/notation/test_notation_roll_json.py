"""A bot renders a roll from its JSON alone: every die, every mark, every flag is there.

Each test walks ``json.loads(result.to_json())`` the way docs/roll-json.md tells a bot
to, and checks what it reads against the objects (``result.dice``, ``result.groups``,
``result.labels``) and against the arithmetic of the term.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop_core.notation import RollResult, roll

# One expression per operator of the default dialect (and a few together).
EXPRESSIONS = [
    "1d20+5",
    "4d6kh3",
    "2d20kl1 [dis]",
    "4d6dl1 + 4d6dh1",
    "3d6r1",
    "4d6ro<3kh3",
    "3d6!",
    "5d10!>=9",
    "3d6!!",
    "3d6!p",
    "8d6mi2ma5",
    "4d6mi2kh3",
    "6d10>=7",
    "8d10>=7f1",
    "1d20cs>=19cf<=2",
    "4d6s",
    "4d6sd",
    "6d10u",
    "4dF+1",
    "{4d6, 3d8}kh1",
    "{1d20+5, 1d20+5}>=15",
    "1d20 [fire] + 1d4 [cold] # to hit",
    "1d20+5 vs 15",
    "3x 1d6+1",
    "(1d4+1)d6",
    "floor(1d6/2) + max(1d4, 1d8)",
    "d20 adv + 5",
]
MARKS = ("dropped", "rerolled", "exploded", "compounded", "penetrated", "clamped", "failures", "crits", "fumbles")
FLAGS = {
    "dropped": "dropped",
    "rerolled": "rerolled",
    "exploded": "exploded",
    "compounded": "compounded",
    "penetrated": "penetrated",
    "failures": "failure",
    "crits": "crit",
    "fumbles": "fumble",
}


def walk_term(term: dict) -> list[dict]:
    """What a bot reads for each die of one dice term: its face and the names of its marks."""
    assert term["type"] == "notation.DiceRoll"
    marks = term["marks"] or {}
    faces = term["faces"]
    for name in (*MARKS, "successes", "order"):
        for position in marks.get(name) or []:
            assert 0 <= position < len(faces), (name, position, faces)
    drawn = dict(zip(marks.get("clamped", []), marks.get("drawn", []), strict=True))
    dice = []
    for position, face in enumerate(faces):
        flags = {name for name in MARKS if position in marks.get(name, [])}
        if position in (marks.get("successes") or []):
            flags.add("successes")
        dice.append({"face": face, "flags": flags, "drawn": drawn.get(position)})
    if marks.get("order"):
        assert sorted(marks["order"]) == list(range(len(faces)))
    return dice


def walk(data: dict) -> list[dict]:
    """Every die of a roll's JSON, repeats included, in the order of ``result.dice``."""
    assert data["type"] == "notation.RollResult"
    dice = [die for term in data["rolls"] for die in walk_term(term)]
    for one in data.get("results", []):
        dice += walk(one)
    return dice


def check(result: RollResult) -> None:
    data = json.loads(result.to_json())
    assert RollResult.from_dict(data) == result
    read = walk(data)
    objects = (
        [die for one in (result.results or (result,)) for die in one.dice] if result.results else list(result.dice)
    )
    assert len(read) == len(objects)
    for got, die in zip(read, objects, strict=True):
        assert got["face"] == die.value
        for mark, attribute in FLAGS.items():
            assert (mark in got["flags"]) == getattr(die, attribute), (mark, got, die)
        assert ("successes" in got["flags"]) == die.success
        assert ("clamped" in got["flags"]) == die.clamped
        assert got["drawn"] == die.rolled
    for term in data["rolls"]:
        marks = term["marks"] or {}
        if marks.get("successes") is not None:
            assert term["value"] == len(marks["successes"]) - len(marks.get("failures", []))
        elif not marks.get("compounded") and not marks.get("penetrated"):
            skipped = set(marks.get("dropped", [])) | set(marks.get("rerolled", []))
            counted = [face for position, face in enumerate(term["faces"]) if position not in skipped]
            assert term["value"] == sum(counted)
    for group, shown in zip(data.get("groups", []), result.groups, strict=True):
        assert group["type"] == "notation.GroupRoll"
        assert (group["values"], group["value"]) == (list(shown.values), shown.value)
        kept = [value for i, value in enumerate(group["values"]) if i not in group["dropped"]]
        if group["successes"] is None:
            assert group["value"] == sum(kept)
    for label, shown in zip(data.get("labels", []), result.labels, strict=True):
        assert (label["label"], label["notation"], label["value"]) == (shown.label, shown.notation, shown.value)
    if "target" in data:
        assert result.success == (data["total"] >= data["target"])
        assert result.margin == data["total"] - data["target"]
    assert data["crit"] in (None, "crit", "fumble")


@pytest.mark.parametrize("expr", EXPRESSIONS)
@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_a_bot_reads_every_die_and_flag_from_json(expr, seed):
    check(roll(expr, rng=seed))


def test_the_walk_sees_each_kind_of_mark():
    """Fixed dice: each mark the walk reads, at the position the dice put it."""
    from tabletop_core import ScriptedDice

    def marks_of(expr: str, *faces: int) -> list[tuple[int, set[str]]]:
        data = json.loads(roll(expr, rng=ScriptedDice(faces)).to_json())
        return [(die["face"], die["flags"]) for die in walk(data)]

    assert marks_of("4d6r1kh3", 1, 6, 2, 5, 4) == [
        (1, {"rerolled"}),
        (6, set()),
        (2, {"dropped"}),
        (5, set()),
        (4, set()),
    ]
    assert marks_of("2d6!", 6, 3, 2) == [(6, {"exploded"}), (3, set()), (2, set())]
    assert marks_of("1d6!!", 6, 4) == [(6, {"exploded"}), (4, {"compounded"})]
    assert marks_of("1d6!p", 6, 4) == [(6, {"exploded"}), (3, {"penetrated"})]
    assert marks_of("2d6mi3", 1, 5) == [(3, {"clamped"}), (5, set())]
    assert marks_of("3d10>=7f1", 9, 1, 3) == [(9, {"successes"}), (1, {"failures"}), (3, set())]
    assert marks_of("1d20cs>=19", 19) == [(19, {"crits"})]
    assert marks_of("1d20cf<=2", 2) == [(2, {"fumbles"})]
    sorted_roll = json.loads(roll("3d6sd", rng=ScriptedDice([2, 6, 4])).to_json())
    assert sorted_roll["rolls"][0]["marks"]["order"] == [1, 2, 0]
