"""Fuzz the ``tabletop`` command as a chat bot or a user at a shell would call it.

Random argv are built from the real sub-command paths and option names, mixed with junk
names and hostile values (negative, huge, floats, empty, unicode digits, long strings,
commas). The only allowed outcomes: status 0, or status 2 with exactly one line on stderr
that starts with ``tabletop`` and holds no traceback. A ``--json`` run that succeeds prints
valid JSON.

Long-running inputs are kept out on purpose: ``residue simulate`` and ``residue journey``
always end with a small ``--runs`` / ``--days`` (argparse keeps the last value, and a bad
earlier value is still rejected), so each example stays fast.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop_core.cli import build_parser, main

COMMANDS: tuple[tuple[str, ...], ...] = (
    ("demo",),
    ("roll",),
    ("action",),
    ("progress",),
    ("oracle",),
    ("move",),
    ("character",),
    ("character", "new"),
    ("character", "show"),
    ("character", "add-asset"),
    ("character", "refresh"),
    ("character", "mark"),
    ("character", "attach"),
    ("character", "set"),
    ("character", "vow"),
    ("character", "progress"),
    ("classic",),
    ("classic", "new"),
    ("classic", "show"),
    ("classic", "vow"),
    ("classic", "progress"),
    ("classic", "move"),
    ("classic", "hold"),
    ("classic", "debility"),
    ("classic", "set"),
    ("classic", "bond"),
    ("classic", "advance"),
    ("test",),
    ("contest",),
    ("condition",),
    ("encounter",),
    ("odds",),
    ("odds", "die"),
    ("odds", "roll"),
    ("odds", "action"),
    ("odds", "progress"),
    ("odds", "test"),
    ("odds", "contest"),
    ("odds", "residue"),
    ("residue",),
    ("residue", "stars"),
    ("residue", "luck"),
    ("residue", "inventory"),
    ("residue", "journey"),
    ("residue", "simulate"),
    (),
)

FLAGS = (
    "--json",
    "--fortune",
    "--misfortune",
    "--burn",
    "--action",
    "--dehydrated",
    "--actor-fortune",
    "--target-misfortune",
    "--version",
)
OPTIONS = (
    "--seed",
    "--dice",
    "--stat",
    "--adds",
    "--momentum",
    "--score",
    "--rank",
    "--ticks",
    "--odds",
    "--stakes",
    "--modifier",
    "--fatigue",
    "--kind",
    "--actor-modifier",
    "--target-modifier",
    "--actor-trait",
    "--target-trait",
    "--actor-fatigue",
    "--target-fatigue",
    "--slot",
    "--bonus",
    "--luck",
    "--policy",
    "--hp",
    "--endurance",
    "--inventory",
    "--threshold",
    "--days",
    "--runs",
    "--nope",
    "-x",
    "--",
)
WORDS = (
    "d4",
    "d6",
    "d8",
    "d10",
    "d12",
    "d20",
    "d100",
    "d%",
    "d0",
    "d10000",
    "d10001",
    "0",
    "food",
    "water",
    "gear",
    "likely",
    "almost certain",
    "small chance",
    "mid",
    "high",
    "low",
    "staggered",
    "off guard",
    "epic",
    "dangerous",
    "skill",
    "attack",
    "cautious",
    "greedy",
    "check",
    "flat roll",
    "4d6kh3",
    "2d6+3",
    "1d20+5 [attack]",
    "99999999d99999999",
    "1d6/(1d2-1)",
    "d8,d6",
    "3,4,8",
    "6,2,5,4",
)


def _numbers() -> st.SearchStrategy[str]:
    return st.one_of(
        st.integers(-20, 50).map(str),
        st.sampled_from(
            [
                "-1",
                "10**30",
                str(10**30),
                str(-(10**30)),
                str(2**64),
                "1.5",
                "-0.0",
                "nan",
                "inf",
                "1e9",
                "0x10",
                "²",
                "٣",
                "\uff11",
                "",
                " ",
                ",",
                ",,",
                "1,,2",
                "1, 2",
                "-1,-2",
                "٣,٤",
            ]
        ),
    )


VALUES = st.one_of(
    _numbers(),
    st.sampled_from(WORDS),
    st.text(max_size=12),
    st.text(alphabet="0123456789,-d ", max_size=40),
    st.just("9" * 400),
    st.just("d" + "9" * 60),
    st.just(",".join(["6"] * 300)),
)

ARG = st.one_of(
    st.sampled_from(FLAGS).map(lambda flag: [flag]),
    st.tuples(st.sampled_from(OPTIONS), VALUES).map(list),
    VALUES.map(lambda value: [value]),
)


def _options_by_command() -> dict[tuple[str, ...], tuple[str, ...]]:
    """Each sub-command path of the real parser with its own option names (so examples go deep)."""
    table: dict[tuple[str, ...], tuple[str, ...]] = {}

    def walk(parser: argparse.ArgumentParser, path: tuple[str, ...]) -> None:
        table[path] = tuple(name for action in parser._actions for name in action.option_strings if name != "-h")
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                for name, sub in action.choices.items():
                    walk(sub, (*path, name))

    walk(build_parser(), ())
    return table


OPTIONS_BY_COMMAND = _options_by_command()


@pytest.fixture(autouse=True, scope="module")
def _in_a_scratch_folder(tmp_path_factory: pytest.TempPathFactory) -> object:
    """``character new FILE`` writes files: fuzzed names land in a scratch folder, not the repository."""
    here = os.getcwd()
    os.chdir(tmp_path_factory.mktemp("fuzzed"))
    yield None
    os.chdir(here)


def test_the_fuzzed_commands_are_every_command() -> None:
    assert set(COMMANDS) == set(OPTIONS_BY_COMMAND)


@st.composite
def argvs(draw: st.DrawFn) -> list[str]:
    path = list(draw(st.sampled_from(COMMANDS)))
    own = OPTIONS_BY_COMMAND[tuple(path)] or ("--help",)
    # Mostly the command's own options (with hostile or plausible values), some junk.
    own_arg = st.one_of(
        st.sampled_from(own).map(lambda name: [name]), st.tuples(st.sampled_from(own), VALUES).map(list)
    )
    args = draw(st.lists(st.one_of(own_arg, own_arg, ARG), max_size=6))
    argv = path + [part for arg in args for part in arg]
    if path[-1:] == ["simulate"]:
        argv += ["--runs", "2", "--days", "3"]  # keep the example fast; earlier junk is still parsed
    elif path[-1:] == ["journey"]:
        argv += ["--days", "3"]
    return argv


def run(argv: list[str]) -> tuple[int, str, str]:
    """Run ``main(argv)`` and return (status, stdout, stderr), catching argparse's SystemExit."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            status = main(argv)
        except SystemExit as exit_:
            code = exit_.code
            status = 0 if code is None else code if isinstance(code, int) else 2
    return status, out.getvalue(), err.getvalue()


def check_outcome(argv: list[str], status: int, out: str, err: str) -> None:
    assert "Traceback" not in err, (argv, err)
    if status == 0:
        if "--json" in argv and not {"-h", "--help", "--version"} & set(argv):
            json.loads(out)  # valid JSON or the test fails
        return
    assert status == 2, (argv, status, err)
    assert err.endswith("\n"), (argv, err)
    assert err.count("\n") == 1, (argv, err)
    assert err.startswith("tabletop"), (argv, err)


@settings(max_examples=200)
@given(argvs())
def test_any_argv_exits_0_or_2_with_one_line(argv: list[str]) -> None:
    status, out, err = run(argv)
    check_outcome(argv, status, out, err)


@pytest.mark.parametrize(
    "argv",
    [
        ["roll", "d20", "--seed", "-1"],
        ["action", "--stat", "²"],
        ["residue", "simulate", "--runs", str(10**30)],
        ["nope"],
    ],
)
def test_as_a_process_errors_are_one_line(argv: list[str]) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "tabletop_core", *argv], capture_output=True, text=True, timeout=60, check=False
    )
    check_outcome(argv, done.returncode, done.stdout, done.stderr)
    assert done.returncode == 2


@pytest.mark.parametrize(
    ("argv", "error"),
    [
        # found by the fuzz test: a newline in a quoted argument made the error two lines
        (["roll", "d6", "x\ny"], "tabletop roll: error: unrecognized arguments: x\\ny\n"),
        (
            ["action", "--stat", "two\nlines"],
            "tabletop action: error: argument --stat: expected a whole number, got 'two\\nlines'\n",
        ),
        (["action", "--stat", "٣"], "tabletop action: error: argument --stat: expected a whole number, got '٣'\n"),
        (
            ["roll", "d6", "--seed", "-1"],
            "tabletop roll: error: argument --seed: expected a whole number at least 0, got -1\n",
        ),
        (
            ["roll", "d6", "--dice", "٣"],
            "tabletop roll: error: --dice must be comma-separated whole numbers, got '٣'\n",
        ),
        (
            ["residue", "simulate", "--runs", "100001"],
            "tabletop residue simulate: error: argument --runs: expected a whole number from 1 to 100000, got 100001\n",
        ),
    ],
)
def test_found_by_fuzzing(argv: list[str], error: str) -> None:
    assert run(argv) == (2, "", error)


def test_odds_of_a_huge_constant_prints_its_exact_mean() -> None:
    # found by the fuzz test: float(mean) overflowed into a traceback
    status, out, err = run(["odds", "roll", "9" * 400])
    assert (status, err) == (0, "")
    assert out.splitlines()[-1] == "mean " + "9" * 400


def test_help_and_version_return_0() -> None:
    for argv in (["--help"], ["--version"], ["residue", "simulate", "--help"]):
        status, out, err = run(argv)
        assert (status, err) == (0, "")
        assert out


ROLLING = [
    ["demo"],
    ["roll", "4d6kh3"],
    ["action", "--stat", "2"],
    ["progress", "--rank", "epic", "--ticks", "20"],
    ["oracle", "--odds", "likely"],
    ["test", "--stakes", "high", "--modifier", "3", "--fortune"],
    ["contest", "--actor-trait", "1", "--target-trait", "2"],
    ["residue", "stars", "d8", "--slot", "attack", "--luck", "d6"],
    ["residue", "luck", "d6", "--action"],
    ["residue", "inventory", "food", "d8"],
    ["residue", "journey"],
    ["residue", "simulate", "--runs", "5"],
]
EXACT = [
    ["condition", "staggered"],
    ["odds", "die", "d8"],
    ["odds", "roll", "2d6+3"],
    ["odds", "action", "--stat", "2", "--momentum", "6", "--burn"],
    ["odds", "progress", "--score", "7"],
    ["odds", "test", "--stakes", "high", "--modifier", "5", "--fortune"],
    ["odds", "contest", "--actor-trait", "1", "--target-trait", "1"],
    ["odds", "residue", "d10"],
]


@pytest.mark.parametrize("argv", ROLLING, ids=" ".join)
def test_every_rolling_command_repeats_with_a_seed_and_prints_json(argv: list[str]) -> None:
    text = run([*argv, "--seed", "11"])
    assert text[0] == 0
    assert run([*argv, "--seed", "11"]) == text
    status, out, _ = run([*argv, "--seed", "11", "--json"])
    assert status == 0
    assert json.loads(out)
    assert run([*argv, "--seed", "11", "--json"])[1] == out


@pytest.mark.parametrize("argv", EXACT, ids=" ".join)
def test_every_exact_command_prints_json(argv: list[str]) -> None:
    assert run(argv)[0] == 0
    status, out, _ = run([*argv, "--json"])
    assert status == 0
    assert json.loads(out)


def test_a_seed_repeats_across_processes() -> None:
    argv = [sys.executable, "-m", "tabletop_core", "action", "--stat", "2", "--seed", "5", "--json"]
    first, second = (subprocess.run(argv, capture_output=True, text=True, timeout=60, check=True) for _ in range(2))
    assert first.stdout == second.stdout
    assert json.loads(first.stdout)["type"] == "action_roll.ActionResult"


@pytest.mark.parametrize("argv", [["residue", "stars", "d8", "--dice", "7"], ["odds", "residue", "--help"]])
def test_an_ascii_only_stdout_gets_escapes_not_a_traceback(argv: list[str]) -> None:
    # found by hand: "★" and "→" on a stdout that cannot encode them raised UnicodeEncodeError
    env = {**os.environ, "PYTHONIOENCODING": "ascii"}
    done = subprocess.run(
        [sys.executable, "-m", "tabletop_core", *argv], capture_output=True, text=True, timeout=60, check=False, env=env
    )
    assert (done.returncode, done.stderr) == (0, "")
    assert "\\u2605" in done.stdout  # ★, escaped


def test_ctrl_c_is_one_line_and_status_130(monkeypatch: pytest.MonkeyPatch) -> None:
    import tabletop_core.action_roll.cli as action_cli

    def interrupted(**_: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(action_cli, "action_roll", interrupted)
    assert run(["action", "--stat", "2"]) == (130, "", "tabletop: interrupted\n")
