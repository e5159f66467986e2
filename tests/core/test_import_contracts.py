"""The import contracts of ``.importlinter`` hold, each ignore entry is still needed, and a break fails.

``lint-imports`` (import-linter, in the ``test`` extra) checks the layers and that no import
circle exists. These tests run it as CI does, then prove the contracts can fail: a copy of the
package with one upward import (or one new circle) breaks them, and every ignore entry (a debt
of today's code) is shown to be load-bearing, so an entry whose circle or upward import is gone
fails here and is deleted rather than left to hide the next one.
"""

from __future__ import annotations

import configparser
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

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


def test_every_ignore_entry_is_still_needed(tmp_path: Path) -> None:
    """One contract per entry, the same as ours without that entry: each must break.

    An entry that is no longer needed (its circle was broken another way, its module moved
    to the right layer) would let the same import come back unnoticed: delete it.
    """
    parser = _read()
    variants = configparser.ConfigParser()
    variants["importlinter"] = dict(parser["importlinter"])
    names: dict[str, str] = {}
    for section in parser.sections():
        if not section.startswith("importlinter:contract:"):
            continue
        entries = _entries(parser[section])
        for index, entry in enumerate(entries):
            name = f"without-{section.rpartition(':')[2]}-{index}"
            names[name] = entry
            variant = dict(parser[section])
            variant["name"] = name
            variant["ignore_imports"] = "\n" + "\n".join(e for e in entries if e != entry)
            variants[f"importlinter:contract:{name}"] = variant
    assert names, "no ignore entries: this test has nothing left to check, delete it with the last entry"
    path = tmp_path / "variants.ini"
    with path.open("w", encoding="utf-8") as file:
        variants.write(file)
    done = _lint(path)
    verdicts = _verdicts(done.stdout)
    assert set(verdicts) == set(names), done.stdout + done.stderr
    unneeded = [names[name] for name, verdict in verdicts.items() if verdict != "BROKEN"]
    assert unneeded == [], f"ignore entries no longer needed, delete them from .importlinter: {unneeded}"


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
