import json

import pytest

from tabletop_core import d20
from tabletop_core.cli import main
from tabletop_core.d20 import cli as d20_cli


def run(capsys, *argv):
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_test_with_table_dice(capsys):
    status, out, _ = run(capsys, "test", "--stakes", "mid", "--modifier", "3", "--fortune", "--dice", "14,4")
    assert status == 0
    assert out.strip() == "Test 14 + 3 + d6(4) = 21 · Mid Stakes -> Success (Fortune: GM)"


def test_test_fortune_and_misfortune_cancel(capsys):
    _, out, _ = run(capsys, "test", "--fortune", "--fortune", "--misfortune", "--kind", "check", "--dice", "9")
    assert out.strip() == "Check 9 = 9 · Mid Stakes -> Failure (Fortune (GM, GM) and Misfortune (GM) cancel: no d6)"


def test_test_fatigue_and_json(capsys):
    _, out, _ = run(capsys, "test", "--stakes", "high", "--modifier", "5", "--fatigue", "2", "--seed", "4", "--json")
    data = json.loads(out)
    roll = d20.TestRoll.from_dict(data)
    assert roll == d20.roll_test(stakes="high", modifier=5, fatigue=2, rng=4)
    assert data == json.loads(roll.to_json())
    assert data["total"] == roll.total
    assert (data["outcome"], data["outcome_label"]) == (roll.outcome.name.lower(), roll.outcome.name.lower())


def test_contest(capsys):
    status, out, _ = run(
        capsys,
        "contest",
        "--actor-modifier", "3", "--target-modifier", "2", "--actor-trait", "1", "--target-trait", "2",
        "--dice", "12,13",
    )  # fmt: skip
    assert status == 0
    assert out.splitlines() == [
        "actor:  Check 12 + 3 = 15",
        "target: Test 13 + 2 = 15",
        "Contest 15 vs 15, tie -> Trait 1 vs 2 -> target wins: Failure",
    ]
    _, out, _ = run(capsys, "contest", "--actor-trait", "0", "--target-trait", "0", "--seed", "3", "--json")
    data = json.loads(out)
    assert d20.ContestRoll.from_dict(data).winner.name.lower() == data["winner"]


def test_condition(capsys):
    _, out, _ = run(capsys, "condition", "petrified")
    assert out.splitlines() == [
        "Petrified: gives Paralyzed",
        "with everything those give: Immobilized, Incapacitated, Off Guard, Paralyzed",
    ]
    _, out, _ = run(capsys, "condition", "blinded", "--json")
    assert json.loads(out) == {
        "type": "d20.ConditionImplications",
        "version": 1,
        "condition": "blinded",
        "gives": [],
        "implied": [],
    }


def test_odds_test(capsys):
    _, out, _ = run(capsys, "odds", "test", "--stakes", "high", "--modifier", "5", "--fortune")
    lines = out.splitlines()
    assert lines[0] == "Test at High Stakes, modifier +5, Fortune"
    assert "success        19/40   47.50%" in lines
    _, out, _ = run(capsys, "odds", "test", "--stakes", "low", "--json")
    data = json.loads(out)
    assert data == d20.stakes_odds(stakes="low").to_dict(title="Test at Low Stakes, modifier +0")


def test_odds_contest(capsys):
    _, out, _ = run(capsys, "odds", "contest", "--actor-trait", "1", "--target-trait", "1", "--json")
    data = json.loads(out)
    assert (data["outcomes"], data["probabilities"]) == (["actor", "target"], ["19/40", "21/40"])
    assert data["title"] == "Contest, ties to the higher Trait, then the Target"


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["test", "--dice", "0"], "does not fit a d20"),
        (["test", "--dice", "21"], "does not fit a d20"),
        (["test", "--stakes", "huge"], "stakes must be one of low, mid, high"),
        (["test", "--fatigue", "-1", "--seed", "1"], "--fatigue: expected a whole number from 0 to 10, got -1"),
        (["test", "--fortune", "--dice", "10"], "--dice gave 1 value, this roll needs at least 2"),
        (["condition", "dazed"], "condition must be one of"),
        (["odds", "test", "--fatigue", "11"], "fatigue"),
        # Values --dice gives but the roll does not use are refused, not silently dropped.
        (
            ["test", "--fortune", "--misfortune", "--dice", "14,4"],
            "--dice gave 2 values, this roll uses 1: the d20 (no d6 is rolled)",
        ),
        (["test", "--dice", "14,4,3"], "--dice gave 3 values, this roll uses 1: the d20 (no d6 is rolled)"),
        (["test", "--fortune", "--dice", "14,4,3"], "--dice gave 3 values, this roll uses 2: the d20, then the d6"),
        (
            ["contest", "--actor-trait", "0", "--target-trait", "0", "--dice", "5,6,7"],
            "--dice gave 3 values, this roll uses 2: each side",
        ),
        (["test", "--stakes", "extreme"], "stakes must be one of low, mid, high, got 'extreme'"),
    ],
)
def test_errors_are_one_line_exit_2(capsys, argv, message):
    status, out, err = run(capsys, *argv)
    assert status == 2
    assert out == ""
    assert message in err
    assert len(err.strip().splitlines()) == 1


def test_demo_section_is_seeded():
    text = d20_cli.demo(7)
    assert text == d20_cli.demo(7)
    assert text.startswith("-- d20: Stakes, Fortune and Conditions --")
    assert "Fortune: target Off Guard (from Prone)" in text


def test_argparse_type_errors_are_one_line_exit_2(capsys):
    assert main(["test", "--modifier", "1.5"]) == 2
    _, err = capsys.readouterr()
    assert err.strip().splitlines() == ["tabletop test: error: argument --modifier: expected a whole number, got '1.5'"]
