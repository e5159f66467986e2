import importlib.util
import pathlib

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]


def load(name):
    spec = importlib.util.spec_from_file_location(name, ROOT / "docs" / "scripts" / f"{name}.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_implication_chart_script_draws(tmp_path):
    pytest.importorskip("matplotlib")
    module = load("d20_implications_chart")
    text = module.draw(tmp_path / "chart.svg").read_text()
    assert text.startswith("<?xml")
    assert "Petrified" in text
    assert "Unconscious" in text
    assert module.OUTPUT.name == "d20-implications.svg"
    assert module.OUTPUT.exists()
    assert module.level(module.Condition.STABLE) == 3


def test_page_tables_match_the_library(tmp_path):
    module = load("d20_tables")
    page = module.PAGE.read_text()
    for name, render in module.REGIONS.items():
        assert module.region(page, name) == render(), f"run python docs/scripts/d20_tables.py ({name})"
    copy = tmp_path / "d20.md"
    copy.write_text(page)
    assert module.update(copy).read_text() == page  # updating an up-to-date page changes nothing
    assert "| +5 | 30.0% | 25.0% | 45.0% | 47.5% | 25.0% | 27.5% |" in module.region(page, "d20-odds-tables")
