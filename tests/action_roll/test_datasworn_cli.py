"""``tabletop move`` and ``tabletop oracle table`` on the invented mini ruleset."""

import json
import pathlib
import re

import pytest

from tabletop_core.action_roll import MoveResult, PlayerCharacter, Stats
from tabletop_core.action_roll.datasworn import TableRoll
from tabletop_core.cli import main

MINI = str(pathlib.Path(__file__).parents[2] / "docs" / "examples" / "mini-starforged.json")


def run(capsys, *argv):
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_move_with_table_dice(capsys):
    status, out, _ = run(
        capsys, "move", "Leap", "--data", MINI, "--stats", "3,2,2,1,1", "--option", "iron", "--dice", "4,3,8"
    )
    assert status == 0
    assert out.strip() == "Leap (+iron): Action 4 + 2 = 6 vs 3 · 8 -> weak hit. On a weak hit, you land badly."


def test_move_says_when_a_burn_would_help(capsys):
    argv = [
        "move",
        "leap",
        "--data",
        MINI,
        "--stats",
        "3,2,2,1,1",
        "--option",
        "0",
        "--momentum",
        "8",
        "--dice",
        "1,9,4",
    ]
    _, out, _ = run(capsys, *argv)
    assert out.splitlines()[1] == "burning momentum +8 would make it a weak hit"


def test_move_json_round_trips(capsys, tmp_path):
    hero = tmp_path / "hero.json"
    hero.write_text(PlayerCharacter(Stats(1, 1, 3, 1, 1)).to_json(), encoding="utf-8")
    _, out, _ = run(capsys, "move", "Brace", "--data", MINI, "--character", str(hero), "--seed", "4", "--json")
    result = MoveResult.from_dict(json.loads(out))  # the record itself, as every --json prints
    assert result.option == "highest of iron, health"
    assert result.action.stat == 5


def test_progress_move(capsys):
    _, out, _ = run(
        capsys, "move", "Keep a Promise", "--data", MINI, "--stats", "3,2,2,1,1", "--progress", "6", "--dice", "3,9"
    )
    assert out.startswith("Keep a Promise (progress track): Progress 6 vs 3 · 9 -> weak hit.")


def test_list_moves_and_tables(capsys):
    _, out, _ = run(capsys, "move", "--data", MINI)
    assert "Leap (action roll)" in out.splitlines()
    _, out, _ = run(capsys, "oracle", "table", "--data", MINI)
    assert "mini/oracles/sky/omen (Omen)" in out.splitlines()


def test_oracle_table(capsys):
    status, out, _ = run(capsys, "oracle", "table", "Omen", "--data", MINI, "--dice", "80,7")
    assert (status, out.strip()) == (0, "Omen (1d100): 80 -> A Color comet [Color (1d10): 7 -> Gold]")
    _, out, _ = run(capsys, "oracle", "table", "Omen", "--data", MINI, "--seed", "3", "--json")
    assert TableRoll.from_dict(json.loads(out)).table_id == "mini/oracles/sky/omen"
    _, out, _ = run(capsys, "oracle", "--odds", "likely", "--dice", "42")
    assert out.strip() == "Ask the Oracle (likely, yes on 75 or under): 42 -> yes"


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["move", "Leap", "--stats", "3,2,2,1,1"], "--data must give the path"),
        (["move", "Leap", "--data", MINI, "--stats", "3,2,2,1,1"], "option must name one of the options of Leap"),
        (["move", "Leap", "--data", MINI, "--stats", "3,2"], "--stats must give edge, heart"),
        (
            ["move", "Leap", "--data", MINI, "--option", "0", "--stats", "3,2,2,1,1", "--dice", "1,2,3,4"],
            "--dice gave 4 values",
        ),
        (["move", "Leap", "--data", "/nonexistent.json", "--stats", "3,2,2,1,1"], "cannot read Datasworn file"),
        (["oracle", "table", "Nope", "--data", MINI], "no oracle table named 'Nope'"),
        (["oracle", "--data", MINI], "to roll a table, write"),
        (["oracle", "table", "Omen", "--data", MINI, "--odds", "likely"], "--odds is for a yes/no question"),
    ],
)
def test_errors_are_one_line(capsys, argv, message):
    status, out, err = run(capsys, *argv)
    assert (status, out) == (2, "")
    assert re.match(r"tabletop( \w+)?: error: ", err)  # one prefix: the program, or the command
    assert message in err
    assert err.count("\n") == 1
