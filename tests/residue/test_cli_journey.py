import json

import pytest

import tabletop_core as tc
from tabletop_core.cli import _Parser
from tabletop_core.residue import cli_journey


def parser():
    top = _Parser(prog="tabletop")
    commands = top.add_subparsers(dest="command", required=True)
    residue = commands.add_parser("residue")
    sub = residue.add_subparsers(dest="residue_command", required=True)
    odds = commands.add_parser("odds").add_subparsers(dest="odds_command")
    cli_journey.register(sub, odds)
    return top


def run(argv):
    args = parser().parse_args(argv)
    return args.handler(args)


def test_journey_prints_a_log_one_line_per_choice():
    output = run(["residue", "journey", "--seed", "7"])
    lines = output.text.splitlines()
    assert lines[0] == cli_journey.EXAMPLE_NOTE  # said once, first
    assert output.text.count("Example content") == 1
    assert lines[1].startswith("Start: Day 1 at (0,0), Hum at")
    assert lines[-1].startswith("End: Day")
    assert any(line.startswith("Day 1: Commit Move") for line in lines)
    assert run(["residue", "journey", "--seed", "7"]).text == output.text
    json.dumps(output.data)
    greedy = run(["residue", "journey", "--seed", "7", "--policy", "greedy", "--hp", "8"])
    assert "HP" in greedy.text


def test_simulate_prints_the_survival_odds():
    output = run(["residue", "simulate", "--runs", "20", "--seed", "3"])
    assert output.text.splitlines()[0] == cli_journey.EXAMPLE_NOTE
    assert output.text.count("Example content") == 1
    assert "reached the Hum in" in output.text
    assert "| outcome | journeys | share | 95% interval |" in output.text
    assert output.data["runs"] == 20
    assert run(["residue", "simulate", "--runs", "20", "--seed", "3"]).text == output.text


def test_bad_options_raise_clear_errors():
    with pytest.raises(tc.InvalidInput, match="strain_threshold"):
        run(["residue", "simulate", "--runs", "2", "--seed", "1", "--threshold", "0"])
    with pytest.raises(SystemExit):
        parser().parse_args(["residue", "journey", "--policy", "reckless"])


def test_demo_line():
    text = cli_journey.demo(2026)
    assert text.startswith("residue simulate --runs 50 --seed 2026: cautious: reached the Hum in")


# -- through the real `tabletop` command (residue/cli.py wires these in) --------------------


def main_run(capsys, *argv):
    from tabletop_core.cli import main

    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_tabletop_residue_journey_is_wired_in(capsys):
    status, out, err = main_run(capsys, "residue", "journey", "--seed", "3")
    assert (status, err) == (0, "")
    lines = out.splitlines()
    assert lines[0].startswith("Example content: the map, creatures, Area Entries and cards are invented")
    assert lines[1].startswith("Start: Day 1 at (0,0), Hum at")
    assert lines[-1].startswith("End: Day")
    assert main_run(capsys, "residue", "journey", "--seed", "3")[1] == out  # same seed, same log
    status, out, _ = main_run(capsys, "residue", "journey", "--seed", "3", "--json")
    data = json.loads(out)
    assert status == 0
    assert set(data) == {
        "type",
        "version",
        "policy",
        "start",
        "choices",
        "log",
        "end",
        "outcome",
        "outcome_label",
        "days",
    }
    assert data["type"] == "residue.JourneyPlay"
    assert len(data["log"]) == len(data["choices"]) == len(lines) - 3  # the lines between Start and End
    assert tc.residue.journey.Journey.from_dict(data["end"]).is_over


def test_tabletop_residue_simulate_is_wired_in(capsys):
    status, out, err = main_run(capsys, "residue", "simulate", "--runs", "30", "--seed", "1")
    assert (status, err) == (0, "")  # no progress bar when stderr is not a terminal
    assert "reached the Hum in" in out
    assert "days survived" in out
    status, out, _ = main_run(capsys, "residue", "simulate", "--runs", "30", "--seed", "1", "--json")
    data = json.loads(out)
    assert status == 0
    assert data["runs"] == 30
    assert data["reached"] + data["out_of_time"] + sum(data["defeats"].values()) == 30


@pytest.mark.parametrize(
    "argv",
    [
        ("residue", "simulate", "--runs", "-3", "--seed", "1"),
        ("residue", "simulate", "--runs", "abc"),
        ("residue", "journey", "--hp", "0", "--seed", "1"),
        ("residue", "journey", "--endurance", "d7", "--seed", "1"),
        ("residue", "journey", "--inventory", "x", "--seed", "1"),
        ("residue", "journey", "--days", "0", "--seed", "1"),
        ("residue", "journey", "--threshold", "0", "--seed", "1"),
        ("residue", "journey", "--dice", "5,3"),
        ("residue", "journey", "--policy", "reckless"),
    ],
)
def test_bad_input_is_one_line_and_status_2(capsys, argv):
    from tabletop_core.cli import main

    try:  # argparse errors exit; errors from the rules come back as the status
        status = main(list(argv))
    except SystemExit as stop:
        status = stop.code
    _out, err = capsys.readouterr()
    assert status == 2
    assert err.count("\n") == 1
    assert "error:" in err
    assert "Traceback" not in err


def test_tabletop_demo_has_the_journey_line():
    from tabletop_core.residue.cli import demo

    assert "residue simulate --runs 50 --seed 5: cautious: reached the Hum in" in demo(5)


def test_simulate_on_worker_processes_prints_the_same(capsys):
    serial = main_run(capsys, "residue", "simulate", "--runs", "12", "--seed", "4")
    parallel = main_run(capsys, "residue", "simulate", "--runs", "12", "--seed", "4", "--workers", "2")
    assert parallel == serial
    assert "not defeated by the end of day (day: share): 1: " in serial[1]
    status, _out, err = main_run(capsys, "residue", "simulate", "--runs", "2", "--workers", "0")
    assert status == 2
    assert "--workers" in err
