"""The docs build in CI can fail: no ``mkdocs build`` in .ci/run or a stage hides its warnings.

mkdocs 1.6 exits 0 with ``--strict --quiet`` on warnings that ``--strict`` alone fails on, so a
build with ``-q``/``--quiet`` is a check that cannot fail.
"""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SCRIPTS = [ROOT / ".ci" / "run", *sorted((ROOT / ".ci" / "stages").glob("*.sh"))]


def builds(path):
    return [line for line in path.read_text(encoding="utf-8").splitlines() if re.search(r"\bmkdocs\s+build\b", line)]


def test_every_docs_build_in_ci_is_strict_and_not_quiet():
    found = {path.name: builds(path) for path in SCRIPTS}
    assert found["run"], "the main CI script builds the docs"
    for name, lines in found.items():
        for line in lines:
            command = line.split("#", 1)[0]
            assert "--strict" in command, f"{name}: {line}"
            assert not re.search(r"(^|\s)(-q|--quiet)(\s|$)", command), f"{name} hides the build's warnings: {line}"


def test_every_readme_command_ci_runs_is_in_the_readme_verbatim():
    """.ci/run refuses at run time a command the README no longer shows; this says so before CI does."""
    commands = re.findall(r"^readme_command '(.+)'$", (ROOT / ".ci" / "run").read_text(encoding="utf-8"), re.MULTILINE)
    readme = (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
    assert len(commands) >= 3
    assert [command for command in commands if command not in readme] == []
