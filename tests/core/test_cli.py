"""The core ``tabletop`` command: roll (any dice notation), odds die, odds roll, demo."""

from __future__ import annotations

import json

import pytest

from tabletop_core.cli import main
from tabletop_core.notation import RollResult, distribution


def run(capsys, *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_roll_one_die_still_works(capsys):
    assert run(capsys, "roll", "d20", "--dice", "17") == (0, "1d20 (17) = 17\n", "")
    assert run(capsys, "roll", "d6", "--dice", "6") == (0, "1d6 (6↑) = 6\n", "")


def test_roll_notation_with_dice(capsys):
    status, out, _ = run(capsys, "roll", "4d6kh3", "--dice", "6,2,5,4")
    assert status == 0
    assert out == "4d6kh3 (6↑, ~2~, 5, 4) = 15\n"


def test_roll_with_label(capsys):
    status, out, _ = run(capsys, "roll", "1d20+5 [attack]", "--dice", "12")
    assert (status, out) == (0, "attack: 1d20 (12) + 5 = 17\n")


def test_roll_seed_repeats(capsys):
    first = run(capsys, "roll", "4d6kh3", "--seed", "9")
    assert run(capsys, "roll", "4d6kh3", "--seed", "9") == first


def test_roll_json_round_trips(capsys):
    status, out, _ = run(capsys, "roll", "4d6kh3", "--dice", "6,2,5,4", "--json")
    assert status == 0
    result = RollResult.from_dict(json.loads(out))
    assert result.total == 15
    assert result.rolls[0].dropped == (1,)


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (("roll", "1d20+ [atk]"), "tabletop roll: error: 1d20+ [atk]: expected a number or a die at column 6\n"),
        (
            ("roll", "d6", "--dice", "7"),
            "tabletop roll: error: --dice value 7 (value #1) does not fit a d6: expected 1..6\n",
        ),
        (
            ("roll", "99999999d99999999"),
            "tabletop roll: error: 99999999d99999999: an expression may roll at most 1000 dice, "
            "got 99999999 at column 1\n",
        ),
        (
            ("roll", "2d6", "--dice", "x"),
            "tabletop roll: error: --dice must be comma-separated whole numbers, got 'x'\n",
        ),
        (
            ("odds", "roll", "1d6/(1d2-1)"),
            "tabletop odds roll: error: 1d6/(1d2-1): the divisor can be 0, so the expression has no exact odds\n",
        ),
    ],
)
def test_errors_are_one_line_with_status_2(capsys, argv, message):
    assert run(capsys, *argv) == (2, "", message)


def test_odds_roll_prints_the_exact_table(capsys):
    status, out, _ = run(capsys, "odds", "roll", "2d6+3")
    assert status == 0
    lines = out.splitlines()
    assert lines[0] == "2d6+3"
    assert "10               1/6   16.67%" in lines
    assert lines[-1] == "mean 10"


def test_odds_roll_json(capsys):
    status, out, _ = run(capsys, "odds", "roll", "4d6kh3", "--json")
    assert status == 0
    data = json.loads(out)
    assert data == distribution("4d6kh3").to_dict(title="4d6kh3")


@pytest.mark.parametrize(
    ("expr", "dialect", "capped"),
    [("1d6!", "default", True), ("1d6e6", "d20", True), ("4d6kh3", "d20", False), ("1d6rr1", "d20", False)],
)
def test_odds_roll_says_when_explosions_are_capped(capsys, expr, dialect, capped):
    _, out, _ = run(capsys, "odds", "roll", expr, "--dialect", dialect)
    assert out.splitlines()[-1].startswith("exploding dice stop after 20 explosions per die") is capped
    _, out, _ = run(capsys, "odds", "roll", expr, "--dialect", dialect, "--json")
    assert ("(exploding dice stop after 20 explosions per die" in json.loads(out)["title"]) is capped


def test_odds_die(capsys):
    status, out, _ = run(capsys, "odds", "die", "d4")
    assert status == 0
    assert "1/4" in out
    status, out, _ = run(capsys, "odds", "die", "d4", "--json")
    assert json.loads(out) == {
        "type": "core.Distribution",
        "version": 1,
        "title": "one d4",
        "outcomes": [1, 2, 3, 4],
        "labels": ["1", "2", "3", "4"],
        "probabilities": ["1/4"] * 4,
        "floats": [0.25] * 4,
    }


def test_odds_die_bad_input(capsys):
    assert run(capsys, "odds", "die", "dx") == (
        2,
        "",
        "tabletop odds die: error: expected a die such as d20, got 'dx'\n",
    )


def test_demo_is_seeded(capsys):
    status, first, _ = run(capsys, "demo", "--seed", "5")
    assert status == 0
    assert "-- Dice notation --" in first
    assert "Exact odds of 4d6kh3: mean 15869/1296" in first
    assert run(capsys, "demo", "--seed", "5")[1] == first


def test_odds_die_refuses_odd_digits_and_huge_dice(capsys):
    # "²" passes str.isdigit but not int(); a huge die would tabulate forever.
    assert run(capsys, "odds", "die", "d²")[0] == 2
    status, _, err = run(capsys, "odds", "die", "d10001")
    assert status == 2
    assert "at most 10000 sides" in err
    assert run(capsys, "odds", "die", "d10000")[0] == 0


def test_a_closed_pipe_ends_quietly():
    import subprocess
    import sys

    # `tabletop ... | head -1`: the reader leaves early; no BrokenPipeError traceback.
    command = [sys.executable, "-m", "tabletop_core", "odds", "die", "d10000"]  # ~300 KB, beyond a pipe buffer
    with subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE) as process:
        assert process.stdout is not None
        process.stdout.readline()
        process.stdout.close()
        _, err = process.communicate()
    assert b"Traceback" not in err


def test_roll_refuses_dice_it_did_not_use(capsys):
    # Extra --dice values used to be dropped without a word.
    assert run(capsys, "roll", "1d6", "--dice", "3,4") == (
        2,
        "",
        "tabletop roll: error: --dice gave 2 values, this roll uses 1: 1d6\n",
    )
    status, _, err = run(capsys, "roll", "1d6!", "--dice", ",".join(["6"] * 22))
    assert (status, err) == (2, "tabletop roll: error: --dice gave 22 values, this roll uses 21: 1d6!\n")
    assert run(capsys, "roll", "1d6!", "--dice", "6,6,2")[0] == 0
