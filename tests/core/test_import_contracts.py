"""The import contracts of ``.importlinter`` hold, with no ignore entry left, and a break fails.

``lint-imports`` (import-linter, in the ``test`` extra) checks the layers and that no import
circle exists. These tests run it as CI does, then prove the contracts can fail: a copy of the
package with one upward import (or one new circle) breaks them, and the contracts carry no
ignore entry and search every package (the debts they once listed are paid).
"""

from __future__ import annotations

import configparser
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
CONFIG = ROOT / ".importlinter"
PACKAGE = ROOT / "src" / "tabletop_core"


def _lint(config: Path, *, pythonpath: Path | None = None) -> subprocess.CompletedProcess[str]:
    """``lint-imports`` on *config*, without a cache, with the package found on *pythonpath* if given."""
    script = Path(sys.executable).with_name("lint-imports")
    command = [str(script)] if script.exists() else [sys.executable, "-m", "importlinter.cli"]
    env = {**os.environ, "COLUMNS": "250", "NO_COLOR": "1"}
    if pythonpath is not None:
        env["PYTHONPATH"] = os.pathsep.join([str(pythonpath), env.get("PYTHONPATH", "")])
    return subprocess.run(
        [*command, "--config", str(config), "--no-cache"], capture_output=True, text=True, env=env, cwd=config.parent
    )


def _read() -> configparser.ConfigParser:
    parser = configparser.ConfigParser()
    parser.read(CONFIG, encoding="utf-8")
    return parser


def _entries(section: configparser.SectionProxy) -> list[str]:
    return [line.strip() for line in section.get("ignore_imports", "").splitlines() if line.strip()]


def _verdicts(output: str) -> dict[str, str]:
    """Contract name -> ``KEPT`` or ``BROKEN`` from lint-imports' summary lines."""
    return dict(re.findall(r"^(\S+) (KEPT|BROKEN)", output, flags=re.MULTILINE))


def test_the_contracts_hold() -> None:
    done = _lint(CONFIG)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Contracts: 2 kept, 0 broken." in done.stdout


def test_the_contracts_carry_no_debts() -> None:
    """No ignore entry and no package left unsearched: every import circle and upward import is gone.

    The contracts once listed today's debts (issue 30's first wave); the second wave paid them
    all and the notation's redesign (issue 27) removed its circle. A new entry would hide the
    next circle: change the code instead (the shared idea goes into a third module).
    """
    parser = _read()
    contracts = [section for section in parser.sections() if section.startswith("importlinter:contract:")]
    assert len(contracts) == 2
    for section in contracts:
        assert _entries(parser[section]) == [], f"{section}: ignore entries are debts; pay them instead"
        assert not parser[section].get("skip_descendants", "").strip(), f"{section}: a package left unsearched"


def _copy_with(tmp_path: Path, module: str, extra: str) -> Path:
    """A copy of the package in *tmp_path* with *extra* appended to *module* (a path under the package)."""
    copy = tmp_path / "tabletop_core"
    shutil.copytree(PACKAGE, copy, ignore=shutil.ignore_patterns("__pycache__"))
    target = copy / module
    target.write_text(target.read_text(encoding="utf-8") + extra, encoding="utf-8")
    return tmp_path


@pytest.mark.parametrize(
    ("module", "extra", "broken"),
    [
        # the core reaching up into a rule system, inside a function (run-time imports count)
        (
            "dice.py",
            "\n\ndef _upward() -> object:\n    from tabletop_core.d20 import Stakes\n\n    return Stakes\n",
            "layers",
        ),
        # one rule system importing another
        ("d20/tiers.py", "\n\nfrom tabletop_core.residue import stars  # noqa: E402\n", "layers"),
        # a new circle in the core: odds importing the dice that build on it
        (
            "odds.py",
            "\n\ndef _circle() -> object:\n    from tabletop_core.dice import Die\n\n    return Die\n",
            "acyclic",
        ),
        # a new circle inside the notation: its limits importing the front that reads them
        (
            "notation/limits.py",
            "\n\ndef _circle() -> object:\n    from tabletop_core.notation._front import roll\n\n    return roll\n",
            "acyclic",
        ),
        # a new circle inside a system, between two of its modules
        (
            "d20/stakes.py",
            "\n\ndef _circle() -> object:\n    from tabletop_core.d20 import test\n\n    return test\n",
            "acyclic",
        ),
    ],
)
def test_a_new_upward_import_or_circle_breaks_a_contract(tmp_path: Path, module: str, extra: str, broken: str) -> None:
    where = _copy_with(tmp_path / "src", module, extra)
    config = tmp_path / ".importlinter"
    shutil.copy(CONFIG, config)
    done = _lint(config, pythonpath=where)
    assert done.returncode != 0, done.stdout
    names = {section.rpartition(":")[2]: _read()[section]["name"] for section in _read().sections() if ":" in section}
    assert f"{names[broken]} BROKEN" in " ".join(done.stdout.split()), done.stdout


# -- inside each system: its command line above its rules --------------------------------------------


def _is_command_line(module: str) -> bool:
    """``cli``, ``cli_*``, ``*_cli`` modules (and ``__main__``, the CLI kit and its examples)."""
    last = module.rpartition(".")[2]
    return last in ("cli", "__main__", "_cli_kit", "_cli_examples") or last.startswith("cli_") or last.endswith("_cli")


def _rules_importing_the_command_line(graph: Any) -> list[str]:  # Any: a grimp ImportGraph
    """Each import of a command-line module by another module (in functions too; TYPE_CHECKING aside)."""
    found = []
    for module in sorted(graph.modules):
        if _is_command_line(module):
            continue
        for imported in sorted(graph.find_modules_directly_imported_by(module)):
            if _is_command_line(imported):
                found.append(f"{module} -> {imported}")
    return found


def test_no_rule_module_imports_a_command_line_module() -> None:
    """The layers contract orders the packages; inside each system the command line is on top too:
    a rule (``d20.tiers``) never imports a command module (``d20.cli``), which may import every rule."""
    grimp = pytest.importorskip("grimp")  # import-linter's graph, installed with it
    graph = grimp.build_graph("tabletop_core", exclude_type_checking_imports=True)
    assert len([m for m in graph.modules if _is_command_line(m)]) >= 12
    assert _rules_importing_the_command_line(graph) == []
    graph.add_import(importer="tabletop_core.d20.tiers", imported="tabletop_core.d20.cli")
    assert _rules_importing_the_command_line(graph) == ["tabletop_core.d20.tiers -> tabletop_core.d20.cli"]
