"""``tabletop move`` and ``tabletop oracle table`` on the invented mini ruleset."""

import json
import pathlib
import re

import attrs
import pytest

from tabletop_core.action_roll import AssetState, MoveResult, PlayerCharacter, Stats
from tabletop_core.action_roll.datasworn import TableRoll, load
from tabletop_core.cli import main
from tabletop_core.errors import InvalidInput

MINI = str(pathlib.Path(__file__).parents[2] / "docs" / "examples" / "mini-starforged.json")


def run(capsys, *argv):
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_move_with_table_dice(capsys):
    status, out, _ = run(
        capsys, "move", "Leap", "--data", MINI, "--stats", "3,2,2,1,1", "--option", "iron", "--dice", "4,3,8"
    )
    assert status == 0
    assert out.strip() == "Leap (+iron): Action 4 + 2 = 6 vs 3 · 8 -> weak hit. On a weak hit, you land badly."


def test_move_says_when_a_burn_would_help(capsys):
    argv = [
        "move",
        "leap",
        "--data",
        MINI,
        "--stats",
        "3,2,2,1,1",
        "--option",
        "0",
        "--momentum",
        "8",
        "--dice",
        "1,9,4",
    ]
    _, out, _ = run(capsys, *argv)
    assert out.splitlines()[1] == "burning momentum +8 would make it a weak hit (add --burn)"


def test_move_json_round_trips(capsys, tmp_path):
    hero = tmp_path / "hero.json"
    hero.write_text(PlayerCharacter(Stats(1, 1, 3, 1, 1)).to_json(), encoding="utf-8")
    _, out, _ = run(capsys, "move", "Brace", "--data", MINI, "--character", str(hero), "--seed", "4", "--json")
    result = MoveResult.from_dict(json.loads(out))  # the record itself, as every --json prints
    assert result.option == "highest of iron, health"
    assert result.action.stat == 5


def test_progress_move(capsys):
    _, out, _ = run(
        capsys, "move", "Keep a Promise", "--data", MINI, "--stats", "3,2,2,1,1", "--progress", "6", "--dice", "3,9"
    )
    assert out.startswith("Keep a Promise (progress track): Progress 6 vs 3 · 9 -> weak hit.")


def test_list_moves_and_tables(capsys):
    _, out, _ = run(capsys, "move", "--data", MINI)
    assert "Leap (action roll): mini/moves/daring/leap" in out.splitlines()
    _, out, _ = run(capsys, "oracle", "table", "--data", MINI)
    assert "  Omen: mini/oracles/sky/omen" in out.splitlines()
    assert "Sky (tables): mini/collections/oracles/sky" in out.splitlines()


def test_oracle_table(capsys):
    status, out, _ = run(capsys, "oracle", "table", "Omen", "--data", MINI, "--dice", "80,7")
    assert (status, out.strip()) == (0, "Omen (1d100): 80 -> A Color comet [Color (1d10): 7 -> Gold]")
    _, out, _ = run(capsys, "oracle", "table", "Omen", "--data", MINI, "--seed", "3", "--json")
    assert TableRoll.from_dict(json.loads(out)).table_id == "mini/oracles/sky/omen"
    _, out, _ = run(capsys, "oracle", "--odds", "likely", "--dice", "42")
    assert out.strip() == "Ask the Oracle (likely, yes on 75 or under): 42 -> yes"


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["move", "Leap", "--stats", "3,2,2,1,1"], "--data must give the path"),
        (["move", "Leap", "--data", MINI, "--stats", "3,2,2,1,1"], "option must name one of the options of Leap"),
        (["move", "Leap", "--data", MINI, "--stats", "3,2"], "--stats must give edge, heart"),
        (
            ["move", "Leap", "--data", MINI, "--option", "0", "--stats", "3,2,2,1,1", "--dice", "1,2,3,4"],
            "--dice gave 4 values",
        ),
        (["move", "Leap", "--data", "/nonexistent.json", "--stats", "3,2,2,1,1"], "cannot read Datasworn file"),
        (["oracle", "table", "Nope", "--data", MINI], "no oracle table named 'Nope'"),
        (["oracle", "Omen"], "to roll a table, write"),
        (["oracle", "table", "Omen", "--data", MINI, "--odds", "likely"], "--odds is for a yes/no question"),
    ],
)
def test_errors_are_one_line(capsys, argv, message):
    status, out, err = run(capsys, *argv)
    assert (status, out) == (2, "")
    assert re.match(r"tabletop( \w+)?: error: ", err)  # one prefix: the program, or the command
    assert message in err
    assert err.count("\n") == 1


# -- oracle tables by name, collections, several rolls, flips, picks, dice as a player reads them --------------


def test_an_oracle_table_by_name_without_the_word_table(capsys):
    status, out, _ = run(capsys, "oracle", "Crew Role", "--data", MINI, "--dice", "90,70,3,8,10")
    assert status == 0
    assert out.strip().startswith("Crew Role (1d100): 90 -> Roll twice [Crew Role (1d100): 70 -> Drive + Fear [Drive")


def test_a_collection_by_name_rolls_every_table(capsys):
    _, out, _ = run(capsys, "oracle", "Crew Name", "--data", MINI, "--dice", "70,20")
    assert out.strip() == "Crew Name: Prefix (1d100): 70 -> Silent; Suffix (1d100): 20 -> Star"


def test_times_flip_and_pick(capsys):
    _, out, _ = run(capsys, "oracle", "Crew First Look", "--data", MINI, "--times", "--dice", "10,60")
    assert (
        out.strip() == "Crew First Look: Crew First Look (1d100): 10 -> Scarred; Crew First Look (1d100): 60 -> Quiet"
    )
    _, out, _ = run(capsys, "oracle", "Ship Class", "--data", MINI, "--flip", "--dice", "17")
    assert out.strip() == "Ship Class (1d100): 17 flipped to 71 -> Hauler (Typical Role: Bulk cargo)"
    _, out, _ = run(capsys, "oracle", "Ship Class", "--data", MINI, "--pick", "cutter", "--json")
    assert TableRoll.from_dict(json.loads(out)).chosen


@pytest.mark.parametrize(
    "flags", [["--flip", "--pick", "cutter"], ["--flip", "--times"], ["--pick", "cutter", "--times", "2"]]
)
def test_flip_pick_and_times_one_at_a_time(capsys, flags):
    """Each reads the table its own way: two together are refused, neither is quietly dropped."""
    code, out, err = run(capsys, "oracle", "Ship Class", "--data", MINI, *flags)
    assert (code, out) == (2, "")
    assert "give one of --flip, --pick and --times, not " in err


@pytest.mark.parametrize(
    ("table", "dice", "shown"),
    [
        ("Ship Class", "0", ": 100 -> Hauler"),
        ("Ship Class", "00", ": 100 -> Hauler"),
        ("Ship Class", "4:2", ": 42 -> Cutter"),
        ("Ship Class", "0:7", ": 7 -> Cutter"),
        ("Drive", "0", "Drive (1d10): 10 -> Debt"),
    ],
)
def test_table_dice_read_as_a_player_reads_them(capsys, table, dice, shown):
    """'00 and 0 read as 100'; tens and units as T:U; a d10's 0 face is 10."""
    status, out, err = run(capsys, "oracle", table, "--data", MINI, "--dice", dice)
    # The only line on stderr: the invented data's patchy table, summed up (see docs/rulesets.md).
    assert (status, [line for line in err.splitlines() if ": warning: the data has" not in line]) == (0, [])
    assert shown in out


def test_oracle_list_is_grouped_by_collection_with_a_filter(capsys):
    _, out, _ = run(capsys, "oracle", "list", "--data", MINI, "--filter", "name")
    lines = out.splitlines()
    assert "Crew / Crew Name (table shared rolls): mini/collections/oracles/crew/name" in lines
    assert "  Ship Name Template: mini/oracles/crew/ship_name" in lines
    assert "  Omen: mini/oracles/sky/omen" not in lines
    status, _, err = run(capsys, "oracle", "list", "--data", MINI, "--filter", "zzz")
    assert status == 2
    assert "no oracle table or collection matches 'zzz'" in err


# -- moves: abilities used, rerolls, burns, tables -------------------------------------------------------------------


def test_use_an_ability_and_take_its_reroll(capsys):
    argv = ["move", "Leap", "--data", MINI, "--stats", "3,2,2,1,1", "--asset", "Negotiator", "--option", "edge"]
    _, out, _ = run(capsys, *argv, "--use", "Negotiator:1", "--dice", "1,9,9")
    assert "the abilities used let you reroll action, challenge_1, challenge_2 (add --reroll)" in out
    status, out, _ = run(capsys, *argv, "--use", "Negotiator", "--reroll", "--dice", "1,9,9,6,2,3")
    assert status == 0
    assert "rerolled action 1 -> 6, challenge_1 9 -> 2, challenge_2 9 -> 3" in out
    assert "added +1 after the roll" in out


def test_burn_momentum_with_a_raised_reset(capsys, tmp_path):
    hero = tmp_path / "hero.json"
    assert run(capsys, "character", "new", str(hero), "--stats", "3,2,2,1,1")[0] == 0
    run(capsys, "character", "add-asset", str(hero), "Negotiator", "--data", MINI, "--mark", "2")
    run(capsys, "character", "set", str(hero), "momentum", "8")
    argv = ["move", "Leap", "--data", MINI, "--character", str(hero), "--option", "edge", "--dice", "1,9,4"]
    _, out, _ = run(capsys, *argv, "--burn", "--use", "Negotiator:2")
    assert out.splitlines()[-2:] == ["momentum resets to +3", f"(to keep it: tabletop character set {hero} momentum 3)"]
    _, out, _ = run(capsys, *argv, "--burn")
    assert "momentum resets to +2" in out
    _, shown, _ = run(capsys, "character", "show", str(hero))
    assert "momentum +8" in shown  # a move reads the file and never writes it: the line above says how


def test_table_on_an_outcome_without_one_keeps_the_roll(capsys):
    """A bot may pass --table on every move: a hit that points to no table still prints its roll."""
    code, out, _ = run(
        capsys, "move", "Leap", "--data", MINI, "--stats", "3,2,2,1,1", "--option", "edge", "--dice", "6,1,1", "--table"
    )
    assert code == 0
    assert out.splitlines()[0].startswith("Leap (+edge): Action 6 + 3 = 9 vs 1 · 1 -> strong hit")
    assert out.splitlines()[-1] == "the strong hit points to no table"


def test_a_miss_rolls_the_table_its_text_points_to(capsys):
    argv = ["move", "Leap", "--data", MINI, "--stats", "3,2,2,1,1", "--option", "edge"]
    _, out, _ = run(capsys, *argv, "--dice", "1,9,9")
    assert out.splitlines()[-1] == "the miss points to Pay a Toll (add --table)"
    _, out, _ = run(capsys, *argv, "--table", "--dice", "1,9,9,70")
    assert out.splitlines()[-1] == "Pay a Toll (1d100): 70 -> A name you will not speak again"


def test_a_move_without_a_roll_prints_its_text_and_tables(capsys):
    status, out, _ = run(capsys, "move", "Pay a Toll", "--data", MINI)
    assert status == 0
    assert out.splitlines()[0].startswith("Pay a Toll (no roll): When a move tells you to pay a toll, choose a cost")
    assert "tables: Pay a Toll (mini/oracles/moves/pay_a_toll)" in out
    _, out, _ = run(capsys, "move", "Pay a Toll", "--data", MINI, "--table", "--dice", "0")
    assert out.splitlines()[-1] == "Pay a Toll (1d100): 100 -> A name you will not speak again (match)"


def test_every_vehicle_is_an_option_on_the_command_line(capsys):
    argv = ["move", "Brace the Hull", "--data", MINI, "--stats", "3,2,2,1,1", "--asset", "Longboat", "--asset", "Skiff"]
    status, _, err = run(capsys, *argv)
    assert status == 2
    assert "0: integrity (Longboat) (+5); 1: integrity (Skiff) (+2)" in err
    _, out, _ = run(capsys, *argv, "--option", "integrity (Skiff)", "--dice", "4,3,8")
    assert out.startswith("Brace the Hull (+integrity (Skiff)): Action 4 + 2 = 6 vs 3 · 8 -> weak hit")


# -- tabletop character -------------------------------------------------------------------------------------------


def test_a_character_file_made_and_changed_on_the_command_line(capsys, tmp_path):
    hero = str(tmp_path / "hero.json")
    assert run(capsys, "character", "new", hero, "--stats", "3,2,2,1,1", "--name", "Kira")[0] == 0
    assert run(capsys, "character", "new", hero, "--stats", "3,2,2,1,1")[0] == 2  # exists: --force to replace
    for argv in (
        ("add-asset", hero, "Longboat", "--data", MINI),
        ("add-asset", hero, "Sensor Mast", "--data", MINI),
        ("add-asset", hero, "Pilgrim", "--data", MINI, "--mark", "2"),
        ("attach", hero, "Sensor Mast", "Longboat"),
        ("set", hero, "Longboat:name", "Wayfarer"),
        ("set", hero, "Longboat:integrity", "3"),
        ("set", hero, "Longboat:battered", "yes"),
        ("set", hero, "Pilgrim:linked stat", "heart"),
        ("set", hero, "Pilgrim:clock", "2"),
        ("set", hero, "health", "3"),
        ("vow", hero, "Find the fleet", "--rank", "dangerous"),
        ("progress", hero, "Find the fleet", "--times", "2"),
    ):
        status, _, err = run(capsys, "character", *argv)
        assert (status, err) == (0, ""), argv
    _, out, _ = run(capsys, "character", "show", hero)
    assert "Longboat 'Wayfarer' (integrity 3/5, battered)" in out
    assert "Pilgrim (the road forgets you 2/4, linked stat: heart)" in out
    assert "vow 'Find the fleet' 4/10" in out
    loaded = PlayerCharacter.from_json(pathlib.Path(hero).read_text(encoding="utf-8"))
    assert loaded.asset("Sensor Mast").attached_to == "mini/assets/command_vehicle/longboat"
    assert loaded.sheet.health.value == 3
    status, _, err = run(capsys, "character", "set", hero, "Longboat:integrity", "5")
    assert status == 2
    assert "battered: its integrity cannot be raised until it is repaired" in err
    _, out, _ = run(
        capsys, "move", "Brace", "--data", MINI, "--character", hero, "--option", "integrity", "--dice", "2,3,9"
    )
    assert "Brace (+integrity (Sensor Mast on Longboat 'Wayfarer'))" in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["set", "HERO", "luck", "3"], "key must be one of momentum"),
        (["set", "HERO", "health", "x"], "health takes one whole number, got 'x'"),
        (["set", "HERO", "momentum", "1,2"], "momentum takes one whole number, got '1,2'"),
        (["new", "OTHER", "--stats", "a,b,c,d,e"], "--stats must be comma-separated whole numbers"),
        (["set", "HERO", "Nowhere:integrity", "3"], "the character has no asset 'Nowhere'"),
        (["mark", "HERO", "Skiff", "4"], "expected a whole number from 1 to 3"),
        (["show", "/nonexistent/hero.json"], "cannot read character file"),
        (["add-asset", "HERO", "Skiff"], "--data must give the path"),
    ],
)
def test_character_errors_are_one_line(capsys, tmp_path, argv, message):
    hero = str(tmp_path / "hero.json")
    run(capsys, "character", "new", hero, "--stats", "3,2,2,1,1")
    named = {"HERO": hero, "OTHER": str(tmp_path / "other.json")}
    status, out, err = run(capsys, "character", *[named.get(part, part) for part in argv])
    assert (status, out) == (2, "")
    assert message in err
    assert err.count("\n") == 1


def test_every_character_action_prints_the_character_record(capsys, tmp_path):
    """``--json`` of every ``character`` action is the PlayerCharacter record, as the file holds it."""
    hero = str(tmp_path / "hero.json")
    actions = [
        ("new", hero, "--stats", "3,2,2,1,1"),
        ("add-asset", hero, "Longboat", "--data", MINI),
        ("add-asset", hero, "Sensor Mast", "--data", MINI),
        ("add-asset", hero, "Ember Fox", "--data", MINI),
        ("mark", hero, "Ember Fox", "3"),
        ("attach", hero, "Sensor Mast", "Longboat"),
        ("set", hero, "spirit", "4"),
        ("vow", hero, "Oath", "--rank", "epic"),
        ("progress", hero, "Oath"),
        ("show", hero),
    ]
    for argv in actions:
        status, out, _ = run(capsys, "character", *argv, "--json")
        assert status == 0, argv
        record = PlayerCharacter.from_dict(json.loads(out))
        assert record == PlayerCharacter.from_json(pathlib.Path(hero).read_text(encoding="utf-8"))
    assert str(record.asset("Ember Fox").meter("health")) == "health 3/3"


def test_character_refresh_brings_an_older_save_up_to_date(capsys, tmp_path):
    """A file saved before options were kept: `set` has nothing to set until `refresh` reads the
    assets again from the data; a move reads them again by itself."""
    old = json.loads(
        (pathlib.Path(__file__).parents[1] / "fixtures" / "format-1" / "action_roll.PlayerCharacter.json").read_text()
    )
    hero = tmp_path / "old.json"
    hero.write_text(json.dumps(old), encoding="utf-8")
    code, _, err = run(capsys, "character", "set", str(hero), "Clockwork Hound:name", "Bolt")
    assert code == 2
    assert "Clockwork Hound has no 'name' (it has health)" in err
    assert run(capsys, "character", "refresh", str(hero), "--data", MINI)[0] == 0
    assert run(capsys, "character", "set", str(hero), "Clockwork Hound:name", "Bolt")[0] == 0
    assert "Bolt" in run(capsys, "character", "show", str(hero))[1]


def test_a_move_refuses_a_character_holding_an_asset_the_data_lacks(capsys, tmp_path):
    hero = tmp_path / "hero.json"
    saved = json.loads((pathlib.Path(__file__).parents[2] / "docs" / "examples" / "kira.json").read_text())
    saved["assets"][0]["id"] = "mini/assets/command_vehicle/nowhere"
    hero.write_text(json.dumps(saved), encoding="utf-8")
    code, out, err = run(capsys, "move", "Brace the Hull", "--data", MINI, "--character", str(hero))
    assert (code, out) == (2, "")
    assert "the character holds 'Longboat' ('mini/assets/command_vehicle/nowhere'), which the data does not have" in err


def test_a_module_given_with_asset_rides_the_one_vehicle_that_takes_it(capsys):
    """The Sensor Mast goes on the Longboat (the Skiff takes none), so its option rolls the Longboat's integrity."""
    argv = ["move", "Brace", "--data", MINI, "--stats", "3,2,2,1,1", "--asset", "Longboat", "--asset", "Skiff"]
    code, out, _ = run(
        capsys, *argv, "--asset", "Sensor Mast", "--option", "integrity (Sensor Mast on Longboat)", "--dice", "2,3,9"
    )
    assert code == 0
    assert out.startswith("Brace (+integrity (Sensor Mast on Longboat)): Action 2 + 5 = 7 vs 3 · 9 -> weak hit")
    _, _, err = run(capsys, "move", "Brace", "--data", MINI, "--stats", "3,2,2,1,1", "--asset", "Sensor Mast")
    assert "integrity (Sensor Mast): Sensor Mast is attached to no vehicle" in err  # no vehicle: nothing to attach to


def test_oracle_json_holds_every_column_as_plain_text(capsys):
    """`--json` gives what `str()` shows: every column in plain text (``columns``), beside the raw row."""
    _, out, _ = run(capsys, "oracle", "Ship Class", "--data", MINI, "--dice", "17", "--json")
    data = json.loads(out)
    assert (data["version"], data["text"], data["columns"]) == (2, "Cutter", ["Cutter", "Fast courier"])
    tampered = {**data, "columns": ["Cutter", "Slow barge"]}
    with pytest.raises(InvalidInput, match=r"TableRoll\.columns does not follow the rules"):
        TableRoll.from_dict(tampered)
    older = {key: value for key, value in data.items() if key != "columns"} | {"version": 1}
    assert TableRoll.from_dict(older) == TableRoll.from_dict(data)  # version 1 wrote no columns: computed


def test_a_module_stays_off_a_vehicle_that_has_as_many_as_it_takes():
    """`--asset` attaches a module to the one vehicle that takes it, unless that one is full: the
    move is then made with the module off, not refused."""
    from tabletop_core.action_roll.cli_datasworn import _attach_alone

    rules = load(MINI)
    longboat = AssetState.from_asset(rules.asset("Longboat"))
    mast = AssetState.from_asset(rules.asset("Sensor Mast"))
    hero = PlayerCharacter(Stats(3, 2, 2, 1, 1)).add_asset(longboat).add_asset(mast)
    assert _attach_alone(hero, mast).asset("Sensor Mast").attached_to == longboat.id
    full = PlayerCharacter(Stats(3, 2, 2, 1, 1)).add_asset(attrs.evolve(longboat, attachments_max=0)).add_asset(mast)
    assert _attach_alone(full, mast) == full
