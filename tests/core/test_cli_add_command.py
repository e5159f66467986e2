"""The one shape of a ``tabletop`` command (issue 30): what :func:`add_command` gives every command built with it.

The ``tabletop`` parser is built with ``add_command`` watched in every module that imported
it, so the test sees each command a system registers through it, with the ``rolls=`` and
``dice=`` it asked for, and checks the parser it got: ``--json`` exactly once; when it rolls,
``--seed`` and (unless ``dice=False``) ``--dice`` once each, standing with ``--json`` in that
order after the command's own options; when it does not roll, neither.
"""

from __future__ import annotations

import argparse
import sys

import pytest

from tabletop_core import _cli_kit
from tabletop_core.cli import build_parser

ROLL_OPTIONS = ("--seed", "--dice", "--json")

CONVERTED = {
    # prog: rolls, dice: what each system's command asks add_command for (which commands roll is
    # part of the command line a user meets: `odds ...` computes, it does not roll)
    "tabletop test": (True, True),
    "tabletop contest": (True, True),
    "tabletop condition": (False, True),
    "tabletop odds test": (False, True),
    "tabletop odds contest": (False, True),
    "tabletop residue stars": (True, True),
    "tabletop residue luck": (True, True),
    "tabletop residue inventory": (True, True),
    "tabletop residue journey": (True, True),
    "tabletop residue simulate": (True, False),  # plays from a seed; no dice rolled at the table
    "tabletop odds residue": (False, True),
    "tabletop roll": (True, True),
    "tabletop odds roll": (False, True),
    "tabletop action": (True, True),
    "tabletop odds action": (False, True),
}


def _built_with_add_command(monkeypatch: pytest.MonkeyPatch) -> dict[str, tuple[argparse.ArgumentParser, bool, bool]]:
    """Build the ``tabletop`` parser; return every command made by ``add_command``, by prog."""
    build_parser()  # imports every system's cli module
    original = _cli_kit.add_command
    made: dict[str, tuple[argparse.ArgumentParser, bool, bool]] = {}

    def watched(*args: object, rolls: bool = False, dice: bool = True, **kwargs: object) -> argparse.ArgumentParser:
        parser = original(*args, rolls=rolls, dice=dice, **kwargs)  # type: ignore[arg-type]
        made[parser.prog] = (parser, rolls, dice)
        return parser

    users = [m for m in list(sys.modules.values()) if getattr(m, "add_command", None) is original]
    assert len(users) >= 5  # the kit's users are found (else the test would watch nothing)
    for module in users:
        monkeypatch.setattr(module, "add_command", watched)
    build_parser()
    return made


def _option_strings(parser: argparse.ArgumentParser) -> list[str]:
    return [option for action in parser._actions for option in action.option_strings]


def test_every_command_made_by_add_command_has_its_options_once(monkeypatch):
    made = _built_with_add_command(monkeypatch)
    assert len(made) >= 30
    for prog, (parser, rolls, dice) in made.items():
        options = _option_strings(parser)
        assert options.count("--json") == 1, prog
        wanted = {"--seed": int(rolls), "--dice": int(rolls and dice)}
        assert {name: options.count(name) for name in wanted} == wanted, prog
        if rolls:
            # the roll options stand together, in one order, whatever options come before or after
            together = [option for option in options if option in ROLL_OPTIONS]
            start = options.index("--seed")
            assert options[start : start + len(together)] == together, prog
            assert together == [option for option in ROLL_OPTIONS if dice or option != "--dice"], prog
        assert parser.get_default("handler") is not None, prog


def test_the_converted_commands_ask_for_what_they_do(monkeypatch):
    made = _built_with_add_command(monkeypatch)
    asked = {prog: (rolls, dice) for prog, (_parser, rolls, dice) in made.items() if prog in CONVERTED}
    assert asked == CONVERTED
