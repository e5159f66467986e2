import importlib.util
import pathlib

SCRIPT = pathlib.Path(__file__).resolve().parents[2] / "docs" / "scripts" / "residue_journey_survival_chart.py"


def load():
    spec = importlib.util.spec_from_file_location("residue_journey_survival_chart", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_survival_chart_script_draws_an_svg(tmp_path):
    module = load()
    path = module.draw(tmp_path / "chart.svg", runs=3)
    text = path.read_text()
    assert text.startswith("<?xml")
    assert "<svg" in text
    assert "reaching the Hum" in text


def test_survival_table_has_a_share_per_supply_and_policy():
    table = load().survival(2)
    assert set(table) == {"cautious", "greedy"}
    assert all(len(shares) == 5 for shares in table.values())
    assert all(0 <= share <= 100 for shares in table.values() for share in shares)
