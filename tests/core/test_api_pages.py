"""The API reference's maps (docs/api/*.md) list exactly the public names of each subpackage.

Each page opens with a table of links ``[`name`][tabletop_core.<module>.name]``; mkdocs --strict
fails on a link to a name that is not documented, and this test fails on a public name the
map forgets, so the maps follow ``__all__``.
"""

import importlib
import re
from pathlib import Path

import pytest

API = Path(__file__).resolve().parents[2] / "docs" / "api"
LINK = re.compile(r"\[`(?P<name>[A-Za-z_][A-Za-z0-9_]*)`\]\[(?P<target>tabletop_core(?:\.[A-Za-z_][A-Za-z0-9_]*)+)\]")

# page -> the modules whose __all__ the page documents
PAGES = {
    "core": [
        "tabletop_core.errors",
        "tabletop_core.rng",
        "tabletop_core.dice",
        "tabletop_core.odds",
        "tabletop_core.batch",
        "tabletop_core.chat",
        "tabletop_core.records",
        "tabletop_core.frames",
        "tabletop_core.plots",
    ],
    "notation": ["tabletop_core.notation"],
    "action_roll": ["tabletop_core.action_roll"],
    "datasworn": ["tabletop_core.action_roll.datasworn"],
    "classic": ["tabletop_core.action_roll.classic"],
    "delve": ["tabletop_core.action_roll.delve"],
    "sundered_isles": ["tabletop_core.action_roll.sundered_isles"],
    "d20": ["tabletop_core.d20"],
    "residue": ["tabletop_core.residue"],
    "journey": ["tabletop_core.residue.journey"],
}


def mapped(page: str) -> dict[str, str]:
    links = [(m["name"], m["target"]) for m in LINK.finditer((API / f"{page}.md").read_text(encoding="utf-8"))]
    names = [name for name, _ in links]
    assert len(names) == len(set(names)), f"{page}.md maps a name twice"
    return dict(links)


@pytest.mark.parametrize("page", sorted(PAGES))
def test_map_lists_exactly_the_public_names(page):
    modules = {name: importlib.import_module(name) for name in PAGES[page]}
    public = {name: module for module in modules for name in modules[module].__all__}
    links = mapped(page)
    assert sorted(set(public) - set(links)) == [], f"public names missing from docs/api/{page}.md"
    assert sorted(set(links) - set(public)) == [], f"docs/api/{page}.md maps names that are not public"
    for name, target in links.items():
        assert target == f"{public[name]}.{name}", f"{name} links to {target}"


def test_every_subpackage_has_a_page_and_the_top_level_names_are_mapped():
    import tabletop_core as tc

    subpackages = {name for name in tc.__all__ if name in {"action_roll", "d20", "notation", "residue"}}
    assert subpackages <= set(PAGES)
    assert {path.stem for path in API.glob("*.md")} == {*PAGES, "index"}
    core = mapped("core")
    top_level = set(tc.__all__) - subpackages - {"__version__"}
    assert sorted(top_level - set(core)) == []


def test_pages_document_the_subpackage_not_its_internal_modules():
    for page, modules in PAGES.items():
        text = (API / f"{page}.md").read_text(encoding="utf-8")
        documented = re.findall(r"^::: (\S+)", text, flags=re.MULTILINE)
        assert documented == modules, page
