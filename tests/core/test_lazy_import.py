"""`import tabletop_core` loads only the core; rule systems and the Datasworn reader load on first use."""

import subprocess
import sys

import pytest

import tabletop_core as tc
from tabletop_core import action_roll as ar

HEAVY = (
    "tabletop_core.action_roll",
    "tabletop_core.action_roll.datasworn",
    "tabletop_core.action_roll.datasworn.tables",
    "tabletop_core.d20",
    "tabletop_core.notation",
    "tabletop_core.residue",
)


def _loaded_after(code: str) -> set[str]:
    script = f"import sys\n{code}\nprint('\\n'.join(sorted(sys.modules)))"
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True).stdout
    return set(out.split())


def test_import_tabletop_core_loads_no_rule_system() -> None:
    loaded = _loaded_after("import tabletop_core")
    assert loaded.isdisjoint(HEAVY), sorted(loaded & set(HEAVY))


def test_action_roll_does_not_load_the_reader_or_oracle_tables() -> None:
    loaded = _loaded_after("from tabletop_core import action_roll")
    assert "tabletop_core.action_roll" in loaded
    assert "tabletop_core.action_roll.datasworn.reader" not in loaded
    assert "tabletop_core.action_roll.datasworn.tables" not in loaded


def test_lazy_names_resolve_to_the_real_objects() -> None:
    from tabletop_core.action_roll.datasworn.reader import load

    assert tc.action_roll is ar
    assert ar.datasworn.load is load
    assert "d20" in dir(tc)
    assert "datasworn" in dir(ar)
    assert "Ruleset" in dir(ar.datasworn)
    for name in tc.__all__:
        assert getattr(tc, name) is not None
    for name in ar.datasworn.__all__:
        assert getattr(ar.datasworn, name) is not None


@pytest.mark.parametrize("module", [tc, ar, ar.datasworn])
def test_unknown_attribute_is_an_attribute_error(module: object) -> None:
    with pytest.raises(AttributeError, match="no attribute 'nope'"):
        module.nope  # type: ignore[attr-defined]  # noqa: B018


# -- dice notation: what a bot on the default grammar never loads (issue 16, cold start) ------------

D20_DIALECT = (
    "tabletop_core.notation._d20",
    "tabletop_core.notation._d20.tree",
    "tabletop_core.notation._d20.parser",
    "tabletop_core.notation._d20.roll",
    "tabletop_core.notation._d20.odds",
)
NOT_FOR_NOTATION = (
    *D20_DIALECT,
    "tabletop_core.notation.dialect_d20",
    "cattrs",
    "numpy",
    "tabletop_core.action_roll",
    "tabletop_core.d20",
    "tabletop_core.residue",
    "tabletop_core.cli",
    "tabletop_core.batch",
    "tabletop_core.frames",
    "tabletop_core.plots",
    "matplotlib",
    "pandas",
)


def _run(code: str) -> tuple[list[str], set[str]]:
    """Run *code* in a fresh interpreter: the lines it printed, and the modules loaded at the end."""
    script = f"import sys\n{code}\nprint('--modules--')\nprint('\\n'.join(sorted(sys.modules)))"
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True).stdout
    printed, _, modules = out.partition("--modules--\n")
    return printed.splitlines(), set(modules.split())


def test_default_notation_loads_no_dialect_no_cattrs_no_rule_system() -> None:
    printed, loaded = _run(
        "import tabletop_core.notation as n\n"
        "from tabletop_core import ScriptedDice\n"
        "print(n.roll('4d6kh3 [str]', rng=ScriptedDice([6, 2, 5, 4])))\n"
        "print(n.roll('2d20kh1+5', rng=ScriptedDice([3, 17])).to_markdown() != '')\n"
        "print(n.distribution('3d6').probability(10))\n"
        "print(n.parse('{4d6, 3d8}kh1 vs 15'))\n"
    )
    assert printed == ["str: 4d6kh3 (6↑, ~2~, 5, 4) = 15", "True", "1/8", "{4d6, 3d8}kh1 vs 15"]
    assert "tabletop_core.notation._default.roll" in loaded
    assert sorted(loaded & set(NOT_FOR_NOTATION)) == []


def test_numpy_loads_with_the_first_random_dice_and_gives_the_same_dice() -> None:
    import tabletop_core.notation as n

    printed, loaded = _run(
        "import tabletop_core.notation as n\n"
        "print(n.roll('10d6+1d20', rng=7).total, 'numpy' in sys.modules)\n"
        "print(n.roll('1d20').total in range(1, 21), n.distribution('2d6').sample(3, rng=1).tolist())\n"
    )
    expected = n.distribution("2d6").sample(3, rng=1).tolist()
    assert printed == [f"{n.roll('10d6+1d20', rng=7).total} True", f"True {expected}"]
    assert "numpy" in loaded


def test_the_d20_dialect_loads_on_first_use_and_works() -> None:
    printed, loaded = _run(
        "import tabletop_core.notation as n\n"
        "from tabletop_core import ScriptedDice\n"
        "print(any(m.startswith('tabletop_core.notation._d20') for m in sys.modules))\n"
        "print(n.roll('4d6k3', dialect='d20', rng=ScriptedDice([3, 6, 3, 1])).total)\n"
        "print(n.distribution('2d6 >= 7', dialect='d20').probability(1))\n"
        "print(n.parse('(1d4, 2+2)kh1', dialect='d20'))\n"
    )
    assert printed == ["False", "6", "7/12", "(1d4, 2 + 2)kh1"]
    assert set(D20_DIALECT) <= loaded


def test_the_dialect_module_is_an_attribute_of_the_package_before_and_after_it_loads() -> None:
    printed, loaded = _run(
        "import tabletop_core.notation as n\n"
        "print('dialect_d20' in dir(n), 'tabletop_core.notation.dialect_d20' in sys.modules)\n"
        "from tabletop_core.notation.dialect_d20 import parse_d20\n"
        "module = sys.modules['tabletop_core.notation.dialect_d20']\n"
        "print(n.dialect_d20.parse_d20 is parse_d20, n.dialect_d20 is module)\n"
    )
    assert printed == ["True False", "True True"]
    assert "cattrs" not in loaded


def test_cattrs_loads_on_the_first_to_dict_and_records_round_trip() -> None:
    printed, loaded = _run(
        "import tabletop_core.notation as n\n"
        "result = n.roll('2d6+1 [dmg]', rng=3)\n"
        "print('cattrs' in sys.modules)\n"
        "data = result.to_dict()\n"
        "print('cattrs' in sys.modules, type(result).from_dict(data) == result, data['type'])\n"
        "from tabletop_core import _record\n"
        "print(_record.converter is _record.shared_converter())\n"
    )
    assert printed == ["False", "True True notation.RollResult", "True"]
    assert "cattrs" in loaded


def test_the_shared_converter_is_one_object_with_the_hooks_of_every_system() -> None:
    from tabletop_core import _record
    from tabletop_core._record import converter
    from tabletop_core.d20.events import Event  # registers its hooks on the shared converter

    assert converter is _record.converter is _record.shared_converter()
    assert converter.unstructure(Event) is not None  # a plain class unstructures to itself


def test_hooks_wait_for_the_converter_and_rule_systems_load_no_cattrs() -> None:
    printed, loaded = _run(
        "from tabletop_core import _record\n"
        "import tabletop_core.d20, tabletop_core.residue.journey\n"
        "calls = []\n"
        "_record.on_converter(calls.append)\n"
        "print(calls, 'cattrs' in sys.modules)\n"
        "made = _record.shared_converter()\n"
        "_record.on_converter(calls.append)\n"
        "print(calls == [made, made], _record.converter is made)\n"
    )
    assert printed == ["[] False", "True True"]
    assert "cattrs" in loaded


def test_a_rule_system_loaded_after_the_converter_registers_its_hooks_at_once() -> None:
    printed, _ = _run(
        "import tabletop_core.notation as n\n"
        "n.roll('1d6', rng=1).to_dict()\n"
        "from tabletop_core.residue.rest_log import RestNote\n"
        "from tabletop_core._record import converter, Record\n"
        "note = converter.unstructure(RestNote('camp'), unstructure_as=Record)\n"
        "print(note['type'], converter.structure(note, Record) == RestNote('camp'))\n"
    )
    assert printed == ["residue.RestNote True"]


def test_names_built_on_first_use_are_listed_before_it() -> None:
    printed, loaded = _run(
        "from tabletop_core import _record, rng\n"
        "print('RngLike' in dir(rng), 'converter' in dir(_record), 'numpy' in sys.modules, 'cattrs' in sys.modules)\n"
        "from tabletop_core.rng import *\n"
        "print(RngLike == rng.RngLike, sorted(set(rng.__all__) - set(dir(rng))))\n"
    )
    assert printed == ["True True False False", "True []"]
    assert "numpy" in loaded


def test_roll_command_loads_only_the_notation() -> None:
    printed, loaded = _run(
        "from tabletop_core.cli import main\nstatus = main(['roll', '1d20+5', '--dice', '12'])\nprint(status)\n"
    )
    assert printed == ["1d20 (12) + 5 = 17", "0"]
    assert sorted(loaded & {"tabletop_core.action_roll", "tabletop_core.d20", "tabletop_core.residue", "cattrs"}) == []
    assert sorted(loaded & set(D20_DIALECT)) == []


def _registered(module: str) -> tuple[set[str], set[str]]:
    """The commands and ``odds`` kinds *module* adds to the ``tabletop`` command."""
    import argparse
    import importlib

    commands = argparse.ArgumentParser().add_subparsers()
    odds = argparse.ArgumentParser().add_subparsers()
    importlib.import_module(module).register(commands, odds)
    return set(commands.choices), set(odds.choices)


def test_each_command_is_routed_to_the_extension_that_adds_it() -> None:
    from tabletop_core import cli

    for module in cli.EXTENSIONS:
        commands, odds = _registered(module)
        assert commands == {name for name, home in cli._HOMES.items() if home == module}, module
        assert odds == {name for name, home in cli._ODDS_HOMES.items() if home == module}, module
    assert set(cli._HOMES.values()) | (set(cli._ODDS_HOMES.values()) - {None}) == set(cli.EXTENSIONS)


def test_a_routed_command_line_gets_the_same_parser_for_its_command() -> None:
    from tabletop_core import cli

    full = {command.prog: command.format_help() for command in cli._commands(cli.build_parser())}
    routed_lines = [[name] for name in cli._HOMES] + [["odds", kind] for kind in cli._ODDS_HOMES]
    for argv in routed_lines:
        parser = cli._build_parser(cli._needed(argv))
        mine = {command.prog: command.format_help() for command in cli._commands(parser)}
        prog = "tabletop " + " ".join(argv)
        assert mine[prog] == full[prog], prog
        below = {name: text for name, text in full.items() if name.startswith(prog + " ")}
        assert {name: mine[name] for name in below} == below, prog
    for argv in ([], ["--help"], ["demo"], ["odds"], ["odds", "--help"], ["rol"], ["roll "]):
        assert cli._needed(argv) == cli.EXTENSIONS, argv
