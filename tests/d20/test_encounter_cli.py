"""``tabletop encounter FILE``: a scripted or seeded fight from JSON."""

import json

import pytest

from tabletop_core import d20
from tabletop_core.cli import main
from tabletop_core.d20.encounter_cli import run_file_data

FIGHT = {
    "combatants": [
        {
            "name": "Ana",
            "max_hp": 12,
            "initiative": 3,
            "side": "heroes",
            "attack": {"name": "Sword", "damage": 5, "energy": "Physical", "cost": 2},
            "attack_modifier": 3,
        },
        {
            "name": "Ogre",
            "max_hp": 9,
            "initiative": 1,
            "side": "monsters",
            "conditions": ["prone"],
            "attack": {"name": "Club", "damage": 6, "cost": 3},
            "attack_modifier": 2,
        },
    ],
    "effects": [
        {"effect": {"name": "Bless", "creator": "GM", "modifiers": 1, "duration": {"rounds": 10}}, "targets": ["Ana"]}
    ],
}


def run(capsys, tmp_path, data, *argv):
    path = tmp_path / "fight.json"
    path.write_text(json.dumps(data) if not isinstance(data, str) else data)
    status = main(["encounter", str(path), *argv])
    out, err = capsys.readouterr()
    return status, out, err


def test_scripted_fight_prints_the_events(capsys, tmp_path):
    script = {**FIGHT, "actions": [{"type": "RollInitiative"}, {"type": "Rise"}, {"type": "EndTurn"}]}
    status, out, _ = run(capsys, tmp_path, script, "--dice", "5,15")
    assert status == 0
    lines = out.splitlines()
    assert lines[:6] == [
        "Bless by GM (e1) on Ana: +1 on Tests",
        "Initiative: Ana 9, Ogre 16 -> order Ogre, Ana",  # Bless: +1 on Ana's Initiative too
        "Round 1 begins",
        "Ogre's Turn: 3 AP",
        "Ogre spends 1 AP (Move: rise): 2 left",
        "Ogre loses Off Guard, Prone (rises: Prone ends)",
    ]
    assert lines[6:8] == ["Ogre's Turn ends", "Ana's Turn: 3 AP"]


def test_self_running_fight_attacks_until_one_side_is_left(capsys, tmp_path):
    # Initiative: Ana 12 + 3 + 1 (Bless) = 16, Ogre 2 + 1 = 3. The Ogre is Prone: Off Guard, so Ana's Attack
    # gains Fortune (d6 4). Her 1 AP left can't pay a second Sword (2 AP). On its Turn the Ogre rises first
    # (1 AP): its 2 AP left can't pay its Club (3 AP). Round 2: Ana hits (14 + 3 + 1 = 18) and, the Ogre down
    # at 0 HP, Dispatches it with her last AP.
    status, out, _ = run(capsys, tmp_path, FIGHT, "--dice", "12,2,10,4,14")
    assert status == 0, out
    lines = out.splitlines()
    assert lines[4:15] == [
        "Ana spends 2 AP (Attack: Sword): 1 left",
        "Ana (Attack Ogre with Sword): Attack 10 + 3 + 1 + d6(4) = 18 · Mid Stakes -> Success "
        "(Fortune: target Off Guard (from Prone))",
        "Sword by Ana on Ogre: 5 physical Damage",
        "Ogre takes 5 physical Damage from Sword by Ana: HP 4",
        "Ana's Turn ends",
        "Ogre's Turn: 3 AP",
        "Ogre spends 1 AP (Move: rise): 2 left",
        "Ogre loses Off Guard, Prone (rises: Prone ends)",
        "Ogre's Turn ends",
        "Round 1 ends",
        "Round 2 begins",
    ]
    assert "Ana spends 1 AP (Dispatch Ogre): 0 left" in lines
    assert lines[lines.index("--") + 1] == "Round 2, Ana's Turn (0 AP left)"


def test_a_refused_scripted_action_is_named_after_the_events_before_it(capsys, tmp_path):
    status, out, err = run(capsys, tmp_path, {**FIGHT, "actions": [{"type": "Rise"}]}, "--json")
    assert status == 2
    assert [e["type"] for e in json.loads(out)["events"]] == ["d20.EffectApplied"]  # the Bless, before the Rise
    assert err.strip() == (
        "tabletop encounter: error: actions[0] (rise from Prone): Rising is taken on a Turn, and no Rounds are "
        "tracked: roll Initiative first"
    )


def test_a_refused_rule_is_named_too(capsys, tmp_path):
    script = {**FIGHT, "actions": [{"type": "RollInitiative"}, {"type": "Rise"}]}
    status, out, err = run(capsys, tmp_path, script, "--dice", "15,5")
    assert status == 2
    assert "Round 1 begins" in out
    assert err.strip() == "tabletop encounter: error: actions[1] (rise from Prone): Ana is not Prone"


def test_policies_from_the_file_or_the_option(capsys, tmp_path):
    weakest = {**FIGHT, "policies": {"heroes": "weakest"}}
    assert run(capsys, tmp_path, weakest, "--seed", "3")[0] == 0
    status, _, err = run(capsys, tmp_path, {**FIGHT, "policies": {"elves": "weakest"}})
    assert (status, "no combatant is on" in err) == (2, True)
    status, _, err = run(capsys, tmp_path, {**FIGHT, "policies": "berserk"})
    assert (status, "policy must be one of weakest, focus_fire, nearest" in err) == (2, True)
    status, out, _ = run(capsys, tmp_path, FIGHT, "--seed", "3", "--policy", "nearest")
    assert status == 0
    assert "--" in out


# -- tabletop encounter simulate FILE ---------------------------------------------------------------


def simulate(capsys, tmp_path, data, *argv):
    path = tmp_path / "fight.json"
    path.write_text(json.dumps(data))
    status = main(["encounter", "simulate", str(path), *argv])
    out, err = capsys.readouterr()
    return status, out, err


def test_simulate_prints_the_odds_and_the_same_with_workers(capsys, tmp_path):
    status, out, _ = simulate(capsys, tmp_path, FIGHT, "--runs", "30", "--seed", "5")
    assert status == 0
    first = out.splitlines()[0]
    assert first.startswith("30 fights (focus fire): heroes win ")
    assert "| side | fights won | share | 95% interval |" in out
    status, serial, _ = simulate(capsys, tmp_path, FIGHT, "--runs", "30", "--seed", "5", "--json")
    assert status == 0
    result = d20.EncounterSimulation.from_dict(json.loads(serial))
    assert result.runs == 30
    status, parallel, _ = simulate(capsys, tmp_path, FIGHT, "--runs", "30", "--seed", "5", "--json", "--workers", "2")
    assert status == 0
    assert json.loads(parallel) == json.loads(serial)


@pytest.mark.parametrize(
    ("argv", "data", "message"),
    [
        (["encounter", "simulate"], None, "needs the FILE"),
        (["encounter", "FILE", "--runs", "3"], FIGHT, "--runs is for `tabletop encounter simulate FILE`"),
        (["encounter", "simulate", "FILE", "--dice", "1,2"], FIGHT, "--dice is for one fight"),
        (["encounter", "simulate", "FILE"], {**FIGHT, "actions": []}, "remove the file's actions"),
        (["encounter", "FILE", "extra"], FIGHT, "unrecognized argument 'extra'"),
        (["encounter", "simulate", "FILE"], {"combatants": [{"name": "A", "max_hp": 3}]}, "two sides"),
    ],
)
def test_simulate_refusals(capsys, tmp_path, argv, data, message):
    path = tmp_path / "fight.json"
    if data is not None:
        path.write_text(json.dumps(data))
    status = main([str(path) if a == "FILE" else a for a in argv])
    _, err = capsys.readouterr()
    assert status == 2
    assert message in err
    assert len(err.strip().splitlines()) == 1


def test_dice_left_over_are_refused(capsys, tmp_path):
    status, _, err = run(capsys, tmp_path, FIGHT, "--dice", "12,2,10,4,14,6")
    assert status == 2
    assert "--dice gave 6 values, this roll uses 5" in err


def test_seeded_fight_json_round_trips(capsys, tmp_path):
    status, out, _ = run(capsys, tmp_path, FIGHT, "--seed", "7", "--json")
    assert status == 0
    data = json.loads(out)
    encounter = d20.Encounter.from_dict(data["encounter"])
    events = [d20.events.Event.from_dict(e) for e in data["events"]]
    again, replay = run_file_data(FIGHT, rng=7)
    assert encounter == again
    assert events == replay
    assert encounter.is_over or encounter.round > 10


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ("not json", "is not JSON"),
        ({"combatants": []}, "combatants must hold 1"),
        ({"combatants": [{"name": "A", "max_hp": 5, "colour": "red"}]}, "unknown keys ['colour']"),
        ({"combatants": [{"name": "A", "max_hp": 5}], "extra": 1}, "unknown keys ['extra']"),
        ({"combatants": [{"name": "A", "max_hp": 5}], "actions": [{"type": "Fly"}]}, "needs 'type'"),
        ({"combatants": [{"name": "A", "max_hp": 5}], "actions": [{"type": "Rise"}]}, "roll Initiative first"),
        ({"combatants": "A"}, "combatants must be a JSON list"),
    ],
)
def test_bad_files_are_one_line_errors(capsys, tmp_path, data, message):
    status, out, err = run(capsys, tmp_path, data)
    assert status == 2
    assert out == ""
    assert message in err
    assert len(err.strip().splitlines()) == 1


def test_missing_file(capsys, tmp_path):
    status = main(["encounter", str(tmp_path / "nope.json")])
    _, err = capsys.readouterr()
    assert status == 2
    assert "cannot read" in err


MAP_FIGHT = {
    "combatants": [
        {"name": "Ana", "max_hp": 6, "initiative": 5, "side": "a", "position": [0, 0], "speed": 2,
         "attack": {"name": "Sword", "damage": 6, "cost": 2}, "attack_modifier": 5},
        {"name": "Rat", "max_hp": 3, "side": "b", "position": [4, 0], "swarm": 20},
    ],
    "blocked": [[9, 9]],
    "things": [{"name": "Crate", "position": [2, 2], "hp": 3}],
}  # fmt: skip


def test_a_fight_on_a_map_moves_into_reach_before_attacking():
    import tabletop_core as tc

    encounter, events = run_file_data(MAP_FIGHT, rounds=2, rng=tc.ScriptedDice([10, 10, 12, 1]))
    assert [str(e) for e in events[3:7]] == [
        "Ana spends 1 AP (Move): 2 left",
        "Ana moves from (0, 0) to (2, 0)",
        "Ana spends 1 AP (Move): 1 left",
        "Ana moves from (2, 0) to (3, 0)",
    ]
    assert "Ana (Attack Rat with Sword): Attack 12 + 5 = 17 · Mid Stakes -> Success" in [str(e) for e in events]
    assert encounter.position("Ana") == d20.Space(3, 0)
    assert encounter.combatant("Rat").swarm == 20
    assert encounter.thing("Crate").hp == 3
    with pytest.raises(tc.InvalidInput, match="must be \\[x, y\\]"):
        run_file_data({**MAP_FIGHT, "blocked": [[1]]})
