"""The tabletop command when stdout cannot take its output, and with huge arguments.

A closed stdout (``tabletop roll 1d6 >&-``) or a full one (``>/dev/full``) gives
exit status 1 and one line on stderr, never a traceback; errors quoting a huge
argument stay short.
"""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from tabletop_core import cli

COMMANDS = [
    ["roll", "1d6"],
    ["roll", "1d6", "--json"],
    ["odds", "die", "d10000"],  # ~300 KB: more than any buffer
    ["--help"],
    ["--version"],
    ["roll", "--help"],
]


def _run(args: list[str], **options: object) -> subprocess.CompletedProcess[str]:
    return subprocess.run(  # type: ignore[call-overload, no-any-return]
        [sys.executable, "-m", "tabletop_core", *args], capture_output=False, text=True, check=False, **options
    )


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full on this platform")
@pytest.mark.parametrize("args", COMMANDS)
def test_a_full_stdout_is_one_line_and_status_1(args: list[str]) -> None:
    with open("/dev/full", "w") as full:
        done = _run(args, stdout=full, stderr=subprocess.PIPE)
    assert done.returncode == 1
    assert done.stderr == "tabletop: error: cannot write the output: No space left on device\n"


@pytest.mark.skipif(sys.platform == "win32", reason="closing a child's fd 1 is POSIX")
@pytest.mark.parametrize("args", COMMANDS)
def test_a_closed_stdout_is_one_line_and_status_1(args: list[str]) -> None:
    # Like the shell's '>&-': the child starts with file descriptor 1 closed.
    done = _run(args, stderr=subprocess.PIPE, preexec_fn=lambda: os.close(1))
    assert done.returncode == 1
    assert done.stderr == "tabletop: error: cannot write the output: standard output is closed\n"


def test_working_output_is_unchanged() -> None:
    done = _run(["roll", "1d6", "--seed", "1"], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert done.returncode == 0
    assert done.stderr == ""
    assert done.stdout.startswith("1d6 (")


@pytest.mark.parametrize(
    "args",
    [
        ["x" * 5000],
        ["roll", "1d6+" * 1250],
        ["roll", "[" + "y" * 5000],
        ["odds", "die", "d" + "9" * 5000],
        ["roll", "1d6", "--seed", "9" * 5000],
        ["roll", "1d6", "--dice", "1," * 2500],
    ],
)
def test_errors_do_not_echo_a_huge_argument(args: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(args) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    lines = captured.err.splitlines()
    assert len(lines) == 1
    assert len(lines[0]) <= cli.MAX_ERROR_LENGTH + len("tabletop: error: ")


def test_one_line_cuts_long_messages_in_the_middle() -> None:
    message = "start " + "z" * (2 * cli.MAX_ERROR_LENGTH) + " end"
    short = cli.one_line(message)
    assert len(short) <= cli.MAX_ERROR_LENGTH
    assert " ... " in short
    assert short.startswith("start ")
    assert short.endswith(" end")
    assert cli.one_line("a\nb") == "a\\nb"
