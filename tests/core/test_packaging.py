"""The release facts a stranger meets: one version everywhere, a changelog entry for it, the README's commands.

These read the project's files, not the installed metadata (an editable install made before
a version bump keeps the old one); .ci/run checks the built wheel's metadata.
"""

import re
from pathlib import Path

import tabletop_core as tc
from tabletop_core import cli

ROOT = Path(__file__).resolve().parents[2]


def test_the_version_lives_in_one_place():
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert re.search(r"^version\s*=", pyproject, flags=re.MULTILINE) is None
    assert 'dynamic = ["version"]' in pyproject
    assert "[tool.hatch.version]\n" in pyproject
    assert 'path = "src/tabletop_core/__init__.py"' in pyproject
    source = (ROOT / "src" / "tabletop_core" / "__init__.py").read_text(encoding="utf-8")
    assert re.findall(r"^__version__ = \"(.+)\"$", source, flags=re.MULTILINE) == [tc.__version__]
    assert re.fullmatch(r"\d+\.\d+\.\d+", tc.__version__)


def test_tabletop_version_prints_the_package_version(capsys):
    assert cli.main(["--version"]) == 0
    assert capsys.readouterr().out == f"tabletop_core {tc.__version__}\n"


def test_the_changelog_has_a_dated_section_for_this_version_below_unreleased():
    text = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    headings = re.findall(r"^## \[([^\]]+)\](?: - (\d{4}-\d{2}-\d{2}))?$", text, flags=re.MULTILINE)
    assert headings[0] == ("Unreleased", "")
    assert headings[1][0] == tc.__version__
    assert headings[1][1]


def test_the_metadata_names_pythons_license_and_urls():
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    classifiers = set(re.findall(r'^    "([^"]+ :: [^"]+)",$', pyproject, flags=re.MULTILINE))
    for python in ("3.10", "3.11", "3.12", "3.13"):
        assert f"Programming Language :: Python :: {python}" in classifiers
    assert "License :: OSI Approved :: MIT License" in classifiers
    assert "Operating System :: OS Independent" in classifiers
    assert 'requires-python = ">=3.10"' in pyproject
    urls = pyproject.split("[project.urls]\n", 1)[1].split("\n\n", 1)[0]
    names = {line.split(" = ", 1)[0] for line in urls.splitlines()}
    assert {"Documentation", "Changelog", "Source"} <= names
    assert "example.com" not in urls


def test_the_readme_shows_the_two_commands_ci_runs_and_only_absolute_links():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    lines = readme.splitlines()
    assert "pip install -e . && tabletop demo" in lines
    assert 'pip install -e ".[test]" && pytest' in lines
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert "readme_command 'pip install -e . && tabletop demo'" in ci
    assert "readme_command 'pip install -e \".[test]\" && pytest'" in ci
    targets = re.findall(r"\]\(([^)]+)\)", readme)
    assert targets
    assert [t for t in targets if not t.startswith("https://")] == []


def _sections(text):
    """The changelog's sections: heading ("Unreleased", "0.2.0") -> its text."""
    parts = re.split(r"^## \[([^\]]+)\].*$", text, flags=re.MULTILINE)
    return dict(zip(parts[1::2], parts[2::2], strict=True))


def test_the_version_the_changelog_and_the_save_formats_move_together():
    """A save format a release writes is announced in that release's section, and the code writes it.

    ``tests/fixtures/format-N`` holds what format version N writes. The newest N must be the
    highest ``_version`` of any record type, and must be announced under ``[Unreleased]`` (not
    released yet) or under ``__version__``'s own section (released with it): a release that
    writes a new format without a new version, or a changelog that announces it under an older
    release, fails here.
    """
    import importlib
    import pkgutil

    from tabletop_core._record import Record

    for info in pkgutil.walk_packages(tc.__path__, "tabletop_core."):  # every record class of every system
        if not info.name.endswith("__main__"):
            importlib.import_module(info.name)
    sections = _sections((ROOT / "CHANGELOG.md").read_text(encoding="utf-8"))
    formats = sorted(
        (int(p.name.split("-")[1]) for p in (ROOT / "tests" / "fixtures").glob("format-*") if p.is_dir()),
    )
    newest = formats[-1]
    pending = [Record]
    versions = set()
    while pending:
        for sub in pending.pop().__subclasses__():
            pending.append(sub)
            if "__attrs_attrs__" in sub.__dict__:
                versions.add(sub._version)
    assert max(versions) == newest, "the newest fixtures directory is not the newest format the code writes"
    announced = [heading for heading, text in sections.items() if f"format-{newest}" in text]
    assert announced, f"the CHANGELOG never announces tests/fixtures/format-{newest}"
    assert announced[0] in ("Unreleased", tc.__version__), (
        f"format-{newest} is announced under {announced[0]}, but tabletop_core says it is {tc.__version__}"
    )
