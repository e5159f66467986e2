"""One CLI manner in every command (issue 11 item 5): help, error prefix, --dice wording, --burn, odds progress."""

from __future__ import annotations

import json

import pytest

from tabletop_core import action_roll as ar
from tabletop_core.cli import _commands, build_parser, main

COMMANDS = _commands(build_parser())
LEAVES = [
    parser for parser in COMMANDS if not any(a.__class__.__name__ == "_SubParsersAction" for a in parser._actions)
]


def run(capsys, *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def _path(parser) -> list[str]:
    return parser.prog.split()[1:]


def test_the_walk_finds_every_command():
    progs = {parser.prog for parser in COMMANDS}
    for expected in ("tabletop action", "tabletop odds progress", "tabletop residue journey", "tabletop contest"):
        assert expected in progs
    assert len(LEAVES) >= 20


@pytest.mark.parametrize("parser", COMMANDS, ids=lambda p: p.prog)
def test_every_help_text(capsys, parser):
    status, out, err = run(capsys, *_path(parser), "--help")
    assert (status, err) == (0, "")
    assert out.startswith(f"usage: {parser.prog} ")
    for action in parser._actions:
        if action.dest in ("help", "version") or action.__class__.__name__ == "_SubParsersAction":
            continue  # a sub-command's own help is checked with its parser
        assert action.help, f"{parser.prog} {action.option_strings or action.dest} has no help"
        assert action.help.strip()
        if getattr(action.type, "__name__", "") == "whole number":
            # An option that takes a number says so, in its help or its metavar.
            text = f"{action.help} {action.metavar or ''}"
            assert "number" in text or any(ch.isdigit() for ch in text) or action.metavar == "N", action


@pytest.mark.parametrize("parser", LEAVES, ids=lambda p: p.prog)
def test_argparse_errors_name_the_command(capsys, parser):
    status, out, err = run(capsys, *_path(parser), "--no-such-option")
    assert (status, out) == (2, "")
    assert err.startswith(f"{parser.prog}: error: ")
    assert err.count("\n") == 1


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (
            ("action", "--stat", "2", "--dice", "4,3"),
            "tabletop action: error: --dice gave 2 values, this roll needs at least 3\n",
        ),
        (
            ("progress", "--score", "3", "--dice", "4"),
            "tabletop progress: error: --dice gave 1 value, this roll needs at least 2\n",
        ),
        (
            ("test", "--misfortune", "--dice", "12"),
            "tabletop test: error: --dice gave 1 value, this roll needs at least 2\n",
        ),
        (
            ("contest", "--actor-trait", "1", "--target-trait", "2", "--dice", "3"),
            "tabletop contest: error: --dice gave 1 value, this roll needs at least 2\n",
        ),
        (("roll", "3d6", "--dice", "1,2"), "tabletop roll: error: --dice gave 2 values, this roll needs at least 3\n"),
        (
            ("residue", "stars", "d8", "--luck", "d6", "--dice", "3"),
            "tabletop residue stars: error: --dice gave 1 value, this roll needs at least 2\n",
        ),
        (
            ("roll", "d6", "--dice", "7"),
            "tabletop roll: error: --dice value 7 (value #1) does not fit a d6: expected 1..6\n",
        ),
        (("odds", "die", "dx"), "tabletop odds die: error: expected a die such as d20, got 'dx'\n"),
        (
            ("action", "--stat", "2", "--burn"),
            "tabletop action: error: momentum can only be burned when it is positive, it is 0\n",
        ),
        (
            ("odds", "progress", "--rank", "legendary"),
            "tabletop odds progress: error: rank must be one of troublesome, dangerous, formidable, extreme, epic, "
            "got 'legendary'\n",
        ),
        (
            ("odds", "progress", "--score", "3", "--rank", "epic"),
            "tabletop odds progress: error: give either --score or --rank with --ticks, not both\n",
        ),
        (("odds", "progress"), "tabletop odds progress: error: give --score N, or --rank RANK with --ticks N\n"),
    ],
)
def test_errors_have_one_prefix_and_name_the_option(capsys, argv, message):
    assert run(capsys, *argv) == (2, "", message)


def test_burn_when_it_improves(capsys):
    status, out, _ = run(capsys, "action", "--stat", "2", "--momentum", "9", "--burn", "--dice", "2,5,8")
    assert status == 0
    assert out == "Action 2 + 2 = 4 vs 5 · 8 -> miss; burned momentum +9 -> strong hit\nmomentum resets to +2\n"
    status, out, _ = run(capsys, "action", "--stat", "2", "--momentum", "9", "--burn", "--dice", "2,5,8", "--json")
    data = json.loads(out)  # the burned roll's own record
    assert data["burned_momentum"] == 9
    expected, _ = ar.burn_momentum(ar.resolve_action(action_die=2, challenge_dice=(5, 8), stat=2, momentum=9), 9)
    assert ar.ActionResult.from_dict(data) == expected


def test_burn_that_would_not_help_keeps_momentum(capsys):
    status, out, _ = run(capsys, "action", "--stat", "2", "--momentum", "3", "--burn", "--dice", "6,1,1")
    assert status == 0
    assert out == (
        "Action 6 + 2 = 8 vs 1 · 1 -> strong hit (match)\nburning momentum +3 would not improve it: momentum kept\n"
    )


def test_without_burn_the_offer_stays(capsys):
    _, out, _ = run(capsys, "action", "--stat", "2", "--momentum", "9", "--dice", "2,5,8")
    assert out.endswith("burning momentum +9 would make it a strong hit (momentum then resets)\n")


def test_odds_progress_takes_a_track(capsys):
    status, by_track, _ = run(capsys, "odds", "progress", "--rank", "Dangerous", "--ticks", "21", "--json")
    assert status == 0
    _, by_score, _ = run(capsys, "odds", "progress", "--score", "5", "--json")
    track, score = json.loads(by_track), json.loads(by_score)
    assert track.pop("title").startswith("progress roll, dangerous track: ")
    assert score.pop("title") == "progress roll, progress score 5"
    expected = ar.progress_odds(5).to_dict()
    del expected["title"]
    assert track == score == expected
    _, text, _ = run(capsys, "odds", "progress", "--rank", "epic")
    assert text.startswith("progress roll, epic track: ")


def test_contest_trait_help_says_number(capsys):
    _, out, _ = run(capsys, "contest", "--help")
    assert "--actor-trait N" in out
    assert "whole number" in out
