import importlib.util
import pathlib

import pytest

SCRIPT = pathlib.Path(__file__).resolve().parents[2] / "docs" / "scripts" / "action_roll_odds_chart.py"


def test_chart_script_draws_the_committed_chart(tmp_path):
    pytest.importorskip("matplotlib")
    spec = importlib.util.spec_from_file_location("action_roll_odds_chart", SCRIPT)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    path = module.draw(tmp_path / "chart.svg")
    text = path.read_text()
    assert text.startswith("<?xml")
    assert "stat + adds" in text
    assert module.OUTPUT.name == "action-roll-odds.svg"
    assert module.OUTPUT.exists()
