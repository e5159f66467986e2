import importlib.util
import pathlib

SCRIPT = pathlib.Path(__file__).resolve().parents[2] / "docs" / "scripts" / "residue_star_odds_chart.py"


def load():
    spec = importlib.util.spec_from_file_location("residue_star_odds_chart", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_chart_script_draws_an_svg(tmp_path):
    path = load().draw(tmp_path / "chart.svg")
    text = path.read_text()
    assert text.startswith("<?xml")
    assert "<svg" in text
    assert "Success Table" in text
