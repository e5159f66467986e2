"""The notebook gallery: valid notebooks, each in the docs nav, with stored outputs and no errors.

Running them is CI's job (.ci/stages/40-notebooks.sh), which keeps pytest fast.
"""

from __future__ import annotations

import pathlib
import re

import nbformat
import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
NOTEBOOKS = sorted((ROOT / "docs" / "notebooks").glob("*.ipynb"))


def test_there_is_a_gallery():
    assert len(NOTEBOOKS) >= 4


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_notebook_is_valid_and_executed_without_errors(path):
    notebook = nbformat.read(path, as_version=4)
    nbformat.validate(notebook)
    code = [cell for cell in notebook.cells if cell.cell_type == "code"]
    assert code, "a notebook without code"
    assert all(cell.execution_count for cell in code), "commit the notebook executed (build_notebooks.py --execute)"
    outputs = [output for cell in code for output in cell.outputs]
    assert not [o for o in outputs if o.output_type == "error"]
    assert any("image/png" in o.get("data", {}) for o in outputs), "every story shows a chart"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_notebook_is_in_the_docs_nav_and_linked_from_a_page(path):
    nav = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    assert f"notebooks/{path.name}" in nav
    pages = "".join(page.read_text(encoding="utf-8") for page in (ROOT / "docs").glob("*.md"))
    assert re.search(rf"\(notebooks/{re.escape(path.name)}\)", pages), f"no docs page links {path.name}"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_notebook_shows_tables_as_html(path):
    notebook = nbformat.read(path, as_version=4)
    pages = [
        o["data"]["text/html"]
        for c in notebook.cells
        if c.cell_type == "code"
        for o in c.outputs
        if "text/html" in o.get("data", {})
    ]
    assert pages, "a notebook shows at least one table"
    assert all("<table" in page and "</table>" in page for page in pages)
