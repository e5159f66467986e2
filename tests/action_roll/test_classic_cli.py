"""`tabletop classic`: a Classic character file played through a vow, a delve and the next-move add.

The data is the invented docs/examples/mini-classic.json and mini-delve.json (the CI stage
31-datasworn-rulesets.sh plays the same session on the real data).
"""

import json
from pathlib import Path

import pytest

from tabletop_core.action_roll.classic import ClassicCharacter, Debility
from tabletop_core.cli import main

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples"
DATA = ["--data", str(EXAMPLES / "mini-classic.json"), "--data", str(EXAMPLES / "mini-delve.json")]


def _run(capsys, *argv):
    code = main(["classic", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def _hero(path):
    return ClassicCharacter.from_json(path.read_text(encoding="utf-8"))


def test_a_vow_from_oath_to_experience_and_advance(tmp_path, capsys):
    """Fulfill Your Vow's strong hit: "your quest is complete. Mark experience (... dangerous=2 ...)"; Advance:
    "spend 3 experience to add a new asset, or 2 experience to upgrade an asset"."""
    hero = tmp_path / "kira.json"
    assert _run(capsys, "new", str(hero), "--stats", "3,2,2,1,1", "--name", "Kira")[0] == 0
    assert _run(capsys, "vow", str(hero), "Avenge my kin", "--rank", "dangerous")[0] == 0
    assert _run(capsys, "progress", str(hero), "Avenge my kin", "--times", "4")[0] == 0
    code, out, _ = _run(capsys, "move", str(hero), "Fulfill Your Vow", *DATA, "--dice", "3,5")
    assert code == 0
    assert "Progress 8 vs 3 · 5 -> strong hit" in out
    assert "'Avenge my kin' is complete: +2 experience" in out
    assert (_hero(hero).experience.available, _hero(hero).challenges) == (2, ())
    code, _, err = _run(capsys, "advance", str(hero), "--asset")
    assert code == 2
    assert "needs 3 available, there are 2" in err
    assert _run(capsys, "advance", str(hero), "--upgrade")[0] == 0
    assert _hero(hero).experience.available == 0


def test_a_held_add_is_spent_by_the_next_action_roll(tmp_path, capsys):
    """Find an Opportunity: "When you do, add +1 and take +1 momentum on a hit"."""
    hero = tmp_path / "kira.json"
    _run(capsys, "new", str(hero), "--stats", "3,2,2,1,1")
    code, out, _ = _run(capsys, "hold", str(hero), "Find an Opportunity", *DATA)
    assert code == 0
    assert out.startswith("held: +1 on the next move (not a progress move), +1 momentum on a hit")
    code, out, _ = _run(capsys, "move", str(hero), "Face Danger", "--option", "edge", *DATA, "--dice", "4,3,7")
    assert code == 0
    assert "Action 4 + 3 + 1 = 8 vs 3 · 7 -> strong hit" in out
    assert (_hero(hero).next_move, _hero(hero).momentum.value) == (None, 3)
    code, _, err = _run(capsys, "hold", str(hero), "Face Danger", *DATA)
    assert code == 2
    assert "gives no add for the next move" in err


def test_debilities_block_their_meter_and_change_momentum(tmp_path, capsys):
    """ "If you are wounded, shaken, or unprepared, you cannot increase the associated track"; each debility
    lowers max momentum by one and the reset to +1 (0 with more)."""
    hero = tmp_path / "kira.json"
    _run(capsys, "new", str(hero), "--stats", "3,2,2,1,1")
    _run(capsys, "set", str(hero), "health", "3")
    assert _run(capsys, "debility", str(hero), "wounded")[0] == 0
    code, _, err = _run(capsys, "set", str(hero), "health", "5")
    assert code == 2
    assert "health cannot be raised while wounded is marked" in err
    assert _hero(hero).health.value == 3  # the file is unchanged
    assert (_hero(hero).max_momentum, _hero(hero).momentum_reset) == (9, 1)
    assert _run(capsys, "debility", str(hero), "wounded", "--clear")[0] == 0
    assert _run(capsys, "set", str(hero), "health", "5")[0] == 0
    _run(capsys, "debility", str(hero), "cursed")
    assert _run(capsys, "debility", str(hero), "cursed", "--clear")[0] == 2  # a burden: only its quest clears it
    assert _run(capsys, "debility", str(hero), "cursed", "--resolve")[0] == 0
    assert Debility.CURSED not in _hero(hero).debilities.marked
    assert _run(capsys, "bond", str(hero), "Arnskeld")[0] == 0
    assert _hero(hero).bonds.ticks == 1


def test_a_delve_site_is_a_track_of_the_character(tmp_path, capsys):
    """Locate Your Objective rolls the site's track; a strong hit gives no experience (a vow does)."""
    hero = tmp_path / "kira.json"
    _run(capsys, "new", str(hero), "--stats", "3,2,2,1,1")
    _run(capsys, "vow", str(hero), "Bat Cave", "--rank", "formidable", "--kind", "delve")
    _run(capsys, "progress", str(hero), "Bat Cave", "--times", "3")
    code, out, _ = _run(capsys, "move", str(hero), "Locate Your Objective", *DATA, "--dice", "1,2", "--json")
    assert code == 0
    assert json.loads(out)["challenges"] == []
    assert _hero(hero).experience.earned == 0


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["show", "missing.json"], "cannot read character file"),
        (["move", "{hero}", "Pay the Price", *DATA], "makes no roll"),
        (["move", "{hero}", "Face Danger", "--option", "edge", *DATA, "--dice", "4,3,7,1"], "dice"),
        (["set", "{hero}", "luck", "3"], "key must be one of"),
        (["advance", "{hero}"], "give --asset"),
        (["vow", "{hero}", "X", "--rank", "dangerous", "--kind", "connection"], "kind must be one of"),
    ],
)
def test_bad_commands_say_what_is_wrong_in_one_line(tmp_path, capsys, argv, message):
    hero = tmp_path / "kira.json"
    _run(capsys, "new", str(hero), "--stats", "3,2,2,1,1")
    code, _, err = _run(capsys, *[str(hero) if a == "{hero}" else a for a in argv])
    assert code == 2
    assert message in err
    assert len(err.strip().splitlines()) == 1


def test_every_action_prints_the_character_record_with_json(tmp_path, capsys):
    hero = tmp_path / "kira.json"
    runs = [
        ["new", str(hero), "--stats", "3,2,2,1,1"],
        ["show", str(hero)],
        ["vow", str(hero), "Oath", "--rank", "troublesome"],
        ["progress", str(hero), "Oath"],
        ["hold", str(hero), "Find an Opportunity", *DATA],
        ["move", str(hero), "Face Danger", "--option", "edge", *DATA, "--seed", "3"],
        ["debility", str(hero), "shaken"],
        ["set", str(hero), "supply", "4"],
        ["bond", str(hero), "Bo"],
        ["advance", str(hero), "--upgrade"],
    ]
    for argv in runs:
        code, out, _ = _run(capsys, *argv, "--json")
        if argv[0] == "advance":
            assert code == 2  # no experience yet
            continue
        assert code == 0, argv
        data = json.loads(out)
        assert data["type"] == "action_roll.ClassicCharacter"
        assert ClassicCharacter.from_dict(data) == _hero(hero)
