"""The shape of ``tabletop_core.notation``: a kernel, one wing per dialect, a front, small modules.

The import contracts (``importlinter-notation.ini``) say the kernel imports no wing, the
wings import no other wing, and no import circle exists inside the package (imports under
``TYPE_CHECKING`` aside). The checks here add what import-linter does not: every module
stays under 600 lines, and no module imports a private name (``_name``) from another part
(the kernel, a wing, the front and the faces each keep their private names to themselves).
"""

from __future__ import annotations

import ast
import os
import pathlib
import subprocess
import sys

import pytest

import tabletop_core.notation

PACKAGE = pathlib.Path(tabletop_core.notation.__file__).parent
CONFIG = pathlib.Path(__file__).with_name("importlinter-notation.ini")
LINT = (  # lint-imports on one config file, without its cache
    "import sys, importlinter.cli as c; "
    "sys.exit(c.lint_imports(config_filename=sys.argv[1], no_cache=True, no_logo=True))"
)
WINGS = ("_default", "_d20", "_rdr")
MAX_LINES = 600


def _modules() -> list[pathlib.Path]:
    return sorted(PACKAGE.rglob("*.py"))


def _part(module: str) -> str:
    """Which part of the package *module* (dotted, under ``tabletop_core.notation``) belongs to."""
    rest = module.removeprefix("tabletop_core.notation").lstrip(".")
    return rest.split(".", 1)[0] if rest else "__init__"


def _dotted(path: pathlib.Path) -> str:
    relative = path.relative_to(PACKAGE.parent.parent).with_suffix("")
    parts = list(relative.parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def test_the_import_contracts_hold() -> None:
    """The kernel imports no wing, no wing another, and nothing in the package imports in a circle.

    In a process of its own: import-linter configures logging when it runs, which disables
    every logger that exists already (the docs' griffe extension logs under ``mkdocs``).
    """
    done = subprocess.run(
        [sys.executable, "-c", LINT, str(CONFIG)],
        capture_output=True,
        text=True,
        env={**os.environ, "COLUMNS": "250", "NO_COLOR": "1"},
    )
    assert done.returncode == 0, "an import contract of tabletop_core.notation is broken:\n" + done.stdout + done.stderr
    assert "Contracts: 3 kept, 0 broken." in done.stdout


@pytest.mark.parametrize("path", _modules(), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_every_module_is_small(path: pathlib.Path) -> None:
    """No module of the package is over 600 lines: split by idea before it grows past that."""
    lines = len(path.read_text(encoding="utf-8").splitlines())
    assert lines <= MAX_LINES, f"{path.relative_to(PACKAGE)} has {lines} lines (at most {MAX_LINES})"


def test_the_wings_are_there_and_the_kernel_is_theirs() -> None:
    """Every dialect has its wing, and the kernel is a package of its own (the contracts name them)."""
    assert (PACKAGE / "_kernel" / "__init__.py").exists()
    for wing in WINGS:
        assert (PACKAGE / wing / "__init__.py").exists(), wing


def test_no_private_name_crosses_parts() -> None:
    """No module imports a ``_private`` name from another part (kernel, a wing, the front, a face).

    A submodule whose name starts with ``_`` (``_kernel``) is a part, not a private name.
    """
    crossings: list[str] = []
    for path in _modules():
        importer = _dotted(path)
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not (
                isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("tabletop_core.notation")
            ):
                continue
            if _part(importer) == _part(node.module):
                continue
            for alias in node.names:
                target = PACKAGE.parent.parent.joinpath(*f"{node.module}.{alias.name}".split("."))
                is_module = target.with_suffix(".py").exists() or (target / "__init__.py").exists()
                if alias.name.startswith("_") and not alias.name.startswith("__") and not is_module:
                    crossings.append(f"{importer} imports {alias.name} from {node.module}")
    assert crossings == []


def test_the_check_sees_a_crossing() -> None:
    """The private-name check reads parts as meant: a wing and the kernel are different parts."""
    assert _part("tabletop_core.notation._default.roll") == "_default"
    assert _part("tabletop_core.notation._kernel.engine") == "_kernel"
    assert _part("tabletop_core.notation._d20.odds") != _part("tabletop_core.notation._default.odds")
    assert _part("tabletop_core.notation") == "__init__"
    assert set(WINGS) >= {"_default", "_d20"}
