import json

import pytest

from tabletop_core import action_roll as ar
from tabletop_core.action_roll import cli as action_cli
from tabletop_core.cli import main


def run(capsys, *argv):
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_action_with_table_dice(capsys):
    status, out, _ = run(capsys, "action", "--stat", "2", "--dice", "4,3,8")
    assert status == 0
    assert out.strip() == "Action 4 + 2 = 6 vs 3 · 8 -> weak hit"


def test_action_with_adds_and_negative_momentum(capsys):
    _, out, _ = run(capsys, "action", "--stat", "2", "--adds", "1", "--momentum", "-4", "--dice", "4,3,8")
    assert out.strip() == "Action 4 cancelled by momentum -4 to 0 + 2 + 1 = 3 vs 3 · 8 -> miss"


def test_action_says_when_a_burn_would_help(capsys):
    _, out, _ = run(capsys, "action", "--stat", "2", "--momentum", "7", "--dice", "1,3,8")
    assert out.splitlines() == [
        "Action 1 + 2 = 3 vs 3 · 8 -> miss",
        "burning momentum +7 would make it a weak hit (momentum then resets)",
    ]


def test_action_json_round_trips(capsys):
    _, out, _ = run(capsys, "action", "--stat", "3", "--seed", "11", "--json")
    data = json.loads(out)
    result = ar.ActionResult.from_dict(data)
    assert result == ar.action_roll(stat=3, rng=11)
    assert data == json.loads(result.to_json())
    assert data["burn_outcome"] is None


def test_action_json_says_what_a_burn_would_give(capsys):
    _, out, _ = run(capsys, "action", "--stat", "2", "--momentum", "7", "--dice", "1,3,8", "--json")
    data = json.loads(out)
    assert (data["outcome"], data["burn_outcome"], data["burn_outcome_label"]) == ("miss", "weak_hit", "weak hit")
    assert ar.ActionResult.from_dict(data).burn_outcome is ar.Outcome.WEAK_HIT


def test_action_seed_repeats(capsys):
    first = run(capsys, "action", "--stat", "1", "--seed", "5")[1]
    assert run(capsys, "action", "--stat", "1", "--seed", "5")[1] == first


def test_progress_by_score_and_by_track(capsys):
    _, out, _ = run(capsys, "progress", "--score", "7", "--dice", "3,8")
    assert out.strip() == "Progress 7 vs 3 · 8 -> weak hit"
    _, out, _ = run(capsys, "progress", "--rank", "dangerous", "--ticks", "20", "--dice", "3,8")
    assert out.splitlines() == [
        "dangerous track: [■■■■■·····] 20/40 ticks, progress score 5",
        "Progress 5 vs 3 · 8 -> weak hit",
    ]


def test_oracle(capsys):
    _, out, _ = run(capsys, "oracle", "--odds", "likely", "--dice", "77")
    assert out.strip() == "Ask the Oracle (likely, yes on 75 or under): 77 -> no (match: an extreme result or a twist)"
    _, out, _ = run(capsys, "oracle", "--dice", "50", "--json")
    assert json.loads(out) == {
        "type": "action_roll.OracleAnswer",
        "version": 1,
        "odds": "fifty_fifty",
        "roll": 50,
        "answer": True,
        "is_match": False,
    }


def test_oracle_with_two_d10_from_the_table(capsys):
    out = run(capsys, "oracle", "--dice", "0,0")[1]
    assert out.strip().endswith(": 100 -> no (match: an extreme result or a twist)")
    assert run(capsys, "oracle", "--odds", "unlikely", "--dice", "2,4")[1].strip().endswith(": 24 -> yes")
    status, _, err = run(capsys, "oracle", "--dice", "11,2")
    assert status == 2
    assert "tens must be an int from 0 to 10, got 11" in err
    assert run(capsys, "oracle", "--dice", "a,b")[0] == 2


def test_an_oracle_roll_reads_0_and_00_as_100_and_takes_tens_and_units():
    """'00 and 0 read as 100': a single 0 or 00 is the roll 100; 4:2 is the tens and units dice."""
    from tabletop_core.cli import main as run_main

    for dice in ("0", "00", "0:0", "10:10"):
        assert run_main(["oracle", "--dice", dice, "--json"]) == 0
    import contextlib
    import io

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        run_main(["oracle", "--odds", "unlikely", "--dice", "0:7"])
        run_main(["oracle", "--dice", "00"])
    first, second = out.getvalue().splitlines()
    assert first.endswith(": 7 -> yes")
    assert second.endswith(": 100 -> no (match: an extreme result or a twist)")


def test_odds_action_prints_the_exact_table(capsys):
    _, out, _ = run(capsys, "odds", "action", "--stat", "2")
    assert "139/600" in out
    assert "131/300" in out
    assert "199/600" in out
    assert "miss, match" in out
    assert "strong hit, no match" in out
    assert "True" not in out
    _, out, _ = run(capsys, "odds", "action", "--stat", "2", "--momentum", "6", "--burn", "--json")
    data = json.loads(out)
    expected = ar.action_odds(stat=2, momentum=6, burn=True)
    assert data == expected.to_dict(title=data["title"])
    assert data["title"] == "action roll +2, momentum +6, burning momentum whenever it improves the result"


def test_odds_progress(capsys):
    _, out, _ = run(capsys, "odds", "progress", "--score", "7")
    assert "9/25" in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["action", "--stat", "-1"], "argument --stat: expected a whole number from 0 to 10, got -1"),
        (["action", "--stat", "2", "--momentum", "-7"], "momentum"),
        (["action", "--stat", "2", "--dice", "7,3,3"], "does not fit a d6"),
        (
            ["action", "--stat", "2", "--dice", "4,3"],
            "tabletop action: error: --dice gave 2 values, this roll needs at least 3",
        ),
        (["progress", "--score", "3", "--rank", "epic"], "not both"),
        (["progress"], "give --score"),
        (["progress", "--rank", "epic", "--ticks", "41"], "ticks"),
        (["oracle", "--odds", "maybe"], "odds must be one of"),
        (["oracle", "--dice", "101"], "does not fit a d100"),
        (["oracle", "--dice", "4:12"], "units must be an int from 0 to 10, got 12"),
        (["oracle", "--dice", "42,7:3"], "--dice gave 2 values, this roll uses 1"),
        (["odds", "action", "--stat", "11"], "stat"),
        (["action", "--stat", "2", "--dice", "x"], "--dice must be comma-separated whole numbers"),
        # dice typed in but not used would be silently dropped: refused instead
        (
            ["action", "--stat", "2", "--dice", "4,3,8,9"],
            "--dice gave 4 values, this roll uses 3: the d6 action die, then the two d10 challenge dice",
        ),
        (
            ["progress", "--score", "3", "--dice", "3,8,9"],
            "--dice gave 3 values, this roll uses 2: the two challenge dice",
        ),
        (
            ["oracle", "--dice", "5,5,5"],
            "--dice gave 3 values, this roll uses 1 or 2: the roll 1..100, or two d10 (tens, units)",
        ),
    ],
)
def test_errors_are_one_line_with_status_2(capsys, argv, message):
    status, out, err = run(capsys, *argv)
    assert status == 2
    assert out == ""
    assert message in err
    assert err.count("\n") == 1


def test_argparse_errors_exit_2(capsys):
    assert main(["action", "--stat", "two"]) == 2
    assert capsys.readouterr().err == "tabletop action: error: argument --stat: expected a whole number, got 'two'\n"


def test_demo_section_is_seeded(capsys):
    text = action_cli.demo(2026)
    assert text == action_cli.demo(2026)
    assert text.startswith("-- Ironsworn: Starforged: action roll --")
    assert "burned momentum +8" in text
    assert "| +2 | 23.2% | 43.7% | 33.2% |" in text
    status, out, _ = run(capsys, "demo")
    assert status == 0
    assert "Ironsworn: Starforged" in out
