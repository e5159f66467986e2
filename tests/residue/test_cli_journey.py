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
    assert lines[0].startswith("Start: Day 1 at (0,0), Hum at")
    assert lines[-1].startswith("End: Day")
    assert any(line.startswith("Day 1: Commit Move") for line in lines)
    assert run(["residue", "journey", "--seed", "7"]).text == output.text
    json.dumps(output.data)
    greedy = run(["residue", "journey", "--seed", "7", "--policy", "greedy", "--hp", "8"])
    assert "HP" in greedy.text


def test_simulate_prints_the_survival_odds():
    output = run(["residue", "simulate", "--runs", "20", "--seed", "3"])
    assert "reached the Hum in" in output.text
    assert "| outcome | journeys | share |" in output.text
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
