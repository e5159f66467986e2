import json

import pytest

from tabletop_core.cli import main
from tabletop_core.residue.actions import ActionResult
from tabletop_core.residue.cli import demo
from tabletop_core.residue.inventory import InventoryRoll
from tabletop_core.residue.luck import LuckForAction, LuckTest


def run(capsys, *argv):
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_stars(capsys):
    assert run(capsys, "residue", "stars", "d8", "--dice", "7") == (0, "d8 → 7: ★★\n", "")
    assert run(capsys, "residue", "stars", "d4", "--dice", "1") == (0, "d4 → 1: 0★\n", "")
    first = run(capsys, "residue", "stars", "d12", "--seed", "4")
    assert run(capsys, "residue", "stars", "d12", "--seed", "4") == first
    _status, out, _ = run(capsys, "residue", "stars", "d12", "--dice", "12", "--json")
    assert json.loads(out) == {"type": "residue.StarsRoll", "version": 1, "die": "d12", "value": 12, "stars": 4}


def test_stars_as_an_action(capsys):
    status, out, _ = run(capsys, "residue", "stars", "d8", "--slot", "attack", "--luck", "d6", "--dice", "7,5")
    assert (status, out) == (0, "Commit Attack d8 → 7: ★★ +★ luck (d6 → 5) = ★★★\n")
    status, out, _ = run(capsys, "residue", "stars", "d6", "--bonus", "1", "--dehydrated", "--dice", "6", "--json")
    result = ActionResult.from_dict(json.loads(out))
    assert result.stars == 2


def test_luck(capsys):
    assert run(capsys, "residue", "luck", "d6", "--dice", "6")[1] == "Luck test d6 → 6: pass, Luck ⇧ d8\n"
    _status, out, _ = run(capsys, "residue", "luck", "d6", "--dice", "2", "--json")
    assert LuckTest.from_dict(json.loads(out)).passed is False
    _status, out, _ = run(capsys, "residue", "luck", "d8", "--action", "--dice", "5", "--json")
    assert LuckForAction.from_dict(json.loads(out)).bonus_stars == 1


def test_inventory(capsys):
    assert run(capsys, "residue", "inventory", "food", "d8", "--dice", "2")[1] == "⊙ Food d8 → 2: Food ⇩ d6\n"
    _status, out, _ = run(capsys, "residue", "inventory", "water", "d4", "--dice", "1", "--json")
    assert InventoryRoll.from_dict(json.loads(out)).after.sides == 0


def test_odds(capsys):
    status, out, _ = run(capsys, "odds", "residue", "d10")
    assert status == 0
    assert out.startswith("stars from d10, mean 3/2")
    status, out, _ = run(capsys, "odds", "residue", "d6", "--luck", "d6", "--json")
    assert json.loads(out)["probabilities"] == ["1/9", "7/18", "7/18", "1/9"]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (("residue", "luck", "0"), "tabletop residue luck: error: Luck is at 0 and cannot be rolled\n"),
        (
            ("odds", "residue", "d7"),
            "tabletop odds residue: error: die must be a step die (0, d4, d6, d8, d10, d12), got 'd7'\n",
        ),
        (
            ("residue", "stars", "d6", "--dice", "7"),
            "tabletop residue stars: error: --dice value 7 (value #1) does not fit a d6: expected 1..6\n",
        ),
        (
            ("residue", "inventory", "ammo", "d8"),
            "tabletop residue inventory: error: kind must be one of food, water, battery, gear, resolve, got 'ammo'\n",
        ),
        (
            ("residue", "inventory", "gear", "0", "--dice", "1"),
            "tabletop residue inventory: error: Gear is at 0 and cannot be rolled\n",
        ),
        (
            ("residue", "stars", "d8", "--bonus", "99999999999999999999", "--dice", "3"),
            "tabletop residue stars: error: skill_bonus must be an int from -99 to 99, got 99999999999999999999\n",
        ),
        (
            ("odds", "residue", "d8", "--bonus", "100"),
            "tabletop odds residue: error: skill_bonus must be an int from -99 to 99, got 100\n",
        ),
        (
            ("residue", "stars", "d7"),
            "tabletop residue stars: error: die must be a step die (0, d4, d6, d8, d10, d12), got 'd7'\n",
        ),
        (
            ("residue", "stars", "d8", "--dice", "3,4"),
            "tabletop residue stars: error: --dice gave 2 values, this roll uses 1: the die\n",
        ),
        (
            ("residue", "stars", "d8", "--luck", "d6", "--dice", "3,4,5"),
            "tabletop residue stars: error: --dice gave 3 values, this roll uses 2: the die, then Luck\n",
        ),
        (
            ("residue", "luck", "d6", "--dice", "1,2"),
            "tabletop residue luck: error: --dice gave 2 values, this roll uses 1: the Luck die\n",
        ),
        (
            ("residue", "inventory", "food", "d6", "--dice", "1,2"),
            "tabletop residue inventory: error: --dice gave 2 values, this roll uses 1: the Inventory die\n",
        ),
        (("residue", "stars", "d0"), "tabletop residue stars: error: die is at 0 and cannot be rolled\n"),
        (
            ("residue", "luck", "d8", "--dice", "9"),
            "tabletop residue luck: error: --dice value 9 (value #1) does not fit a d8: expected 1..8\n",
        ),
    ],
)
def test_errors_are_one_line_and_exit_2(capsys, argv, message):
    assert run(capsys, *argv) == (2, "", message)


def test_demo_is_seeded():
    text = demo(2026)
    assert text == demo(2026)
    assert text.startswith("-- RESIDUE --")
    assert "Commit Attack" in text


def test_demo_luck_test_uses_the_luck_die_the_commit_left():
    for seed in (1, 3):  # with seed 3 Luck for the Attack steps the d6 down to d4
        lines = demo(seed).splitlines()
        commit = next(line for line in lines if line.startswith("Commit Attack"))
        test = next(line for line in lines if line.startswith("Luck test"))
        after = commit.split("Luck ⇩ ")[-1].split()[0] if "Luck ⇩" in commit else None
        after = commit.split("Luck ⇧ ")[-1].split()[0] if "Luck ⇧" in commit else after
        assert test.startswith(f"Luck test {after or 'd6'} →")
