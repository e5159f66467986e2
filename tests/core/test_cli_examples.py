"""Every ``tabletop`` command's ``--help`` ends with examples, and every example runs.

The examples live in one table (``tabletop_core._cli_examples.EXAMPLES``); a command a system
adds without a line there fails here, so does an example that no longer runs, and so does a
line for a command that no longer exists.
"""

import shlex
import shutil
from pathlib import Path

import pytest

from tabletop_core import cli
from tabletop_core._cli_examples import EXAMPLES, SAMPLE_FILES

ROOT = Path(__file__).resolve().parents[2]
COMMANDS = {command.prog.removeprefix("tabletop "): command for command in cli._commands(cli.build_parser())}
EVERY_EXAMPLE = sorted({line for lines in EXAMPLES.values() for line in lines} | set(cli.build_parser().examples))


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_every_command_shows_examples_of_itself_in_its_help(name, capsys):
    assert cli.main([*name.split(), "--help"]) == 0
    text = capsys.readouterr().out
    assert "\nexamples:\n" in text, f"tabletop {name} --help shows no example: add it to _cli_examples.EXAMPLES"
    shown = [line.strip() for line in text.split("\nexamples:\n", 1)[1].splitlines() if line.strip()]
    assert shown, name
    assert all(line.startswith(f"tabletop {name}") or name in ("odds", "residue") for line in shown), shown
    assert shown == list(EXAMPLES[name])


def test_the_top_level_help_shows_examples(capsys):
    assert cli.main(["--help"]) == 0
    assert "\nexamples:\n  tabletop roll" in capsys.readouterr().out


def test_the_table_names_only_real_commands():
    assert sorted(set(EXAMPLES) - set(COMMANDS)) == []


def _argv(line, folder):
    """*line*'s arguments, each sample file a fresh copy in *folder* (an example may change it)."""
    words = shlex.split(line)
    assert words[0] == "tabletop"
    for word in words:
        if word in SAMPLE_FILES:
            shutil.copyfile(ROOT / SAMPLE_FILES[word], folder / word)
    return words[1:]


@pytest.mark.parametrize("line", EVERY_EXAMPLE)
def test_every_example_runs(line, capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # a file an example writes (`character new ana.json`) lands here
    status = cli.main(_argv(line, tmp_path))
    captured = capsys.readouterr()
    assert status == 0, f"{line}: {captured.err}"
    assert captured.out.strip(), line


def test_a_command_without_examples_is_caught(monkeypatch, capsys):
    monkeypatch.setattr(cli, "EXAMPLES", {k: v for k, v in EXAMPLES.items() if k != "condition"})
    assert cli.main(["condition", "--help"]) == 0
    assert "examples:" not in capsys.readouterr().out
