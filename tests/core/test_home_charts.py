"""The docs home's charts are drawn from the library's exact odds by a script that still runs."""

import importlib.util
import pathlib

ROOT = pathlib.Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "docs" / "scripts" / "home_charts.py"


def load():
    spec = importlib.util.spec_from_file_location("home_charts", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_home_charts_draw_svgs(tmp_path):
    module = load()
    d20 = module.draw_d20(tmp_path / "d20.svg").read_text()
    notation = module.draw_notation(tmp_path / "notation.svg").read_text()
    assert "<svg" in d20
    assert "<svg" in notation
    assert "Mid Stakes" in d20
    assert "4d6kh3" in notation


def test_the_home_page_shows_a_chart_and_a_notebook_per_system():
    home = (ROOT / "docs" / "index.md").read_text(encoding="utf-8")
    for image in [
        "action-roll-odds.svg",
        "d20-fortune-odds.svg",
        "residue-star-odds.svg",
        "notation-ability-scores.svg",
    ]:
        assert f"(img/{image})" in home
        assert (ROOT / "docs" / "img" / image).exists()
    for notebook in (ROOT / "docs" / "notebooks").glob("*.ipynb"):
        assert f"(notebooks/{notebook.name})" in home
