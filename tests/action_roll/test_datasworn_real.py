"""The real published Datasworn Starforged data, when CI points ``TABLETOP_DATASWORN`` at it.

``.ci/stages/30-datasworn.sh`` fetches ``@datasworn/starforged`` at a pinned version with
``npm pack`` into a cache folder and runs this module. Without the variable
the tests skip: the library and its repository hold none of the (CC-BY) text.
"""

import json
import os
import pathlib
from fractions import Fraction

import pytest

from tabletop_core import ScriptedDice
from tabletop_core.action_roll import (
    Outcome,
    PlayerCharacter,
    Stats,
    make_move,
    move_enhancements,
    move_odds_each,
    move_options,
)
from tabletop_core.action_roll.ability_play import before_roll_adds, bind
from tabletop_core.action_roll.character import AssetState
from tabletop_core.action_roll.datasworn import SUPPORTED_VERSION, RollType, flip_digits, load, plain_text
from tabletop_core.action_roll.datasworn.effects import EffectKind
from tabletop_core.action_roll.datasworn.readings import ability_readings
from tabletop_core.errors import InvalidInput, RuleError

DATA = os.environ.get("TABLETOP_DATASWORN")
pytestmark = pytest.mark.skipif(not DATA, reason="set TABLETOP_DATASWORN to the unpacked @datasworn/starforged package")

# 1d100 tables whose rows leave a gap or overlap in the pinned data (none in 0.0.10).
KNOWN_COVERAGE_BREAKS: dict[str, str] = {}

# Asset abilities whose enhance_moves name no move of their roll type in the pinned data:
# a move id in the wrong collection (diplomat, leader, sniper, trader) or a roll type the
# move does not have (oathbreaker, explorer, rover). The reader keeps them as written.
KNOWN_ENHANCEMENT_BREAKS = {
    "starforged/assets/deed/oathbreaker -> starforged/moves/quest/forsake_your_vow",
    "starforged/assets/path/diplomat -> starforged/moves/connection/sojourn",
    "starforged/assets/path/explorer -> starforged/moves/exploration/finish_an_expedition",
    "starforged/assets/path/leader -> starforged/moves/adventure/aid_your_ally",
    "starforged/assets/path/sniper -> starforged/moves/adventure/gain_ground",
    "starforged/assets/path/trader -> starforged/moves/recover/make_a_connection",
    "starforged/assets/support_vehicle/rover -> starforged/moves/exploration/finish_an_expedition",
}


@pytest.fixture(scope="module")
def raw():
    path = pathlib.Path(DATA)
    if path.is_dir():
        path = path / "json" / "starforged.json"
    assert path.is_file(), f"TABLETOP_DATASWORN={DATA} holds no starforged.json"
    return json.loads(path.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def ruleset(raw):
    return load(raw)


def _raw_ids(node, kinds, found):
    if isinstance(node, dict):
        if isinstance(node.get("type"), str) and node["type"] in kinds and isinstance(node.get("_id"), str):
            found.add(node["_id"])
        for value in node.values():
            _raw_ids(value, kinds, found)
    elif isinstance(node, list):
        for value in node:
            _raw_ids(value, kinds, found)
    return found


def test_the_pinned_version_loads_without_warnings(ruleset):
    assert ruleset.datasworn_version == SUPPORTED_VERSION
    # No note about the version; what the data itself gets wrong is checked in test_datasworn_rulesets_real.py.
    assert not [w for w in ruleset.warnings if not w.startswith(("broken reference:", "coverage:", "empty text:"))]
    print(f"\n{ruleset}")


def test_every_move_oracle_and_asset_loads(raw, ruleset):
    assert set(ruleset.moves) == _raw_ids(raw, {"move"}, set())
    # Every table, the ones moves, assets and truths hold included; a 0.0.10 truth's table has no id of its own.
    truth_tables = {
        f"{truth['_id']}/{index}"
        for truth in raw.get("truths", {}).values()
        for index, option in enumerate(truth["options"])
        if "table" in option
    }
    assert set(ruleset.tables) == _raw_ids(raw, {"oracle_rollable"}, set()) | truth_tables
    assert set(ruleset.assets) == _raw_ids(raw["assets"], {"asset"}, set())


def test_loading_the_file_builds_the_same_tables_on_use(ruleset):
    from_file = load(DATA)  # parsed by load itself: tables are built as they are used
    assert dict(from_file.tables) == dict(ruleset.tables)
    assert from_file.moves == ruleset.moves
    assert from_file.assets == ruleset.assets


def test_every_1d100_table_covers_1_to_100_once(ruleset):
    breaks = {}
    for table in ruleset.tables.values():
        if table.dice == "1d100":
            coverage = table.coverage()
            if not coverage.is_complete:
                breaks[table.id] = str(coverage)
    for line in breaks.values():
        print(f"\ncoverage: {line}")
    assert breaks == KNOWN_COVERAGE_BREAKS


def test_every_table_rolls_once_with_a_seed(ruleset):
    for index, table_id in enumerate(sorted(ruleset.tables)):
        result = ruleset.roll(table_id, rng=index)
        assert result.row is not None, str(result)
        assert result == ruleset.roll(table_id, rng=index)


def test_every_action_roll_move_resolves_for_a_sample_character(ruleset):
    hero = PlayerCharacter(
        Stats(edge=3, heart=2, iron=2, shadow=1, wits=1), sheet=PlayerCharacter(Stats(1, 1, 1, 1, 1)).sheet
    )
    for asset in ruleset.assets.values():
        if any(control.is_meter for control in asset.controls):
            hero = hero.add_asset(asset)  # every asset meter a move may roll
    resolved = 0
    for seed, move in enumerate(sorted(ruleset.moves.values(), key=lambda m: m.id)):
        if move.roll_type is not RollType.ACTION_ROLL:
            continue
        options = move_options(move, hero)
        usable = [
            i for i, option in enumerate(options) if option.value is not None or option.label.startswith("automatic")
        ]
        assert usable, f"{move.id}: no option this character can roll ({[str(o) for o in options]})"
        for index in usable:
            result = make_move(move, hero, option=index, rng=seed)
            assert result.outcome in Outcome
            assert result.outcome_text
            resolved += 1
    print(f"\nresolved {resolved} action-roll move options")


def _everything(ruleset):
    """A character holding every asset with every ability marked."""
    hero = PlayerCharacter(Stats(edge=3, heart=2, iron=2, shadow=1, wits=1))
    for asset in ruleset.assets.values():
        state = AssetState.from_asset(asset)
        for index, marked in enumerate(state.abilities):
            if not marked:
                state = state.mark_ability(index)
        hero = hero.add_asset(state)
    for module in [a for a in hero.assets if a.category == "Module"]:
        hero = hero.attach(module.id, "starforged/assets/command_vehicle/starship")
    for option in [a.option("linked_stat") for a in hero.assets]:
        if option is not None:
            hero = hero.update_asset(hero.asset("Devotant").set_option("linked_stat", "heart"))
    return hero


def test_asset_abilities_enhance_moves_that_exist(ruleset):
    enhancements = [e for a in ruleset.assets.values() for ability in a.abilities for e in ability.enhancements]
    assert len(enhancements) > 200
    moves = list(ruleset.moves.values())
    unmatched = {f"{e.asset} -> {', '.join(e.moves)}" for e in enhancements if not any(e.applies_to(m) for m in moves)}
    for line in sorted(unmatched):
        print(f"\nenhances no move of its roll type: {line}")
    assert unmatched == KNOWN_ENHANCEMENT_BREAKS
    with_adds = sum(e.adds > 0 for e in enhancements)
    rerolls = sum(e.reroll is not None for e in enhancements)
    options = sum(bool(c.method and c.options) for e in enhancements for c in e.conditions)
    automatic = sum(c.automatic_outcome is not None for e in enhancements for c in e.conditions)
    assert min(with_adds, rerolls, options, automatic) > 0
    print(
        f"\n{len(enhancements)} move enhancements: {with_adds} with adds, {rerolls} with a reroll, "
        f"{options} adding roll options, {automatic} automatic outcomes"
    )


def test_every_option_an_asset_adds_resolves_and_every_add_applies(ruleset):
    hero = _everything(ruleset)
    added = adds_used = 0
    for seed, move in enumerate(sorted(ruleset.moves.values(), key=lambda m: m.id)):
        if move.roll_type is not RollType.ACTION_ROLL:
            continue
        extra = move_enhancements(move, hero)
        for index, option in enumerate(move_options(move, hero)):
            if option.source is None or (option.value is None and not option.label.startswith("automatic")):
                continue
            result = make_move(move, hero, option=index, rng=seed)
            assert result.used[-1] == bind(extra[option.source], hero)
            added += 1
        for index, enhancement in enumerate(extra):
            adds = before_roll_adds(bind(enhancement, hero))
            if adds and not any(c.options for c in enhancement.conditions):
                plain = make_move(move, hero, option=0, rng=seed)
                boosted = make_move(move, hero, option=0, use=index, rng=seed)
                assert boosted.action.adds == min(10, plain.action.adds + adds)
                adds_used += 1
    assert added > 0
    assert adds_used > 0
    print(f"\n{added} asset-added options rolled, {adds_used} asset adds applied")


def test_continue_a_legacy_is_one_move_rolling_each_legacy_track(ruleset):
    move = ruleset.move("starforged/moves/legacy/continue_a_legacy")
    hero = PlayerCharacter(Stats(edge=3, heart=2, iron=2, shadow=1, wits=1))
    assert [o.label for o in move_options(move, hero)] == ["each of quests legacy, bonds legacy, discoveries legacy"]
    result = make_move(move, hero, rng=1)
    assert [part.option for part in result.parts] == ["quests legacy", "bonds legacy", "discoveries legacy"]
    assert all(part.outcome_text for part in result.parts)
    assert move_odds_each(move, hero).probability(lambda t: t == (Outcome.MISS,) * 3) == Fraction(1)


# -- oracle rolls followed, templates, plain text, columns, several rolls, flips, chosen rows ----------------


_MARKUP = ("*", "__", "](", "{{", "}}")


def _auto_rows(table):
    same = [r for r in table.rows if any(x.auto and x.oracle in (None, table.id) for x in r.rolls)]
    other = [r for r in table.rows if r.rolls and all(x.auto and x.oracle not in (None, table.id) for x in r.rolls)]
    plain = [r for r in table.rows if r.is_rollable and not r.rolls and r.template is None]
    return same, other, plain


def _lowest_rows(ruleset, row):
    """Dice landing on the first row of each table *row* rolls (rows that ask for nothing more)."""
    dice = []
    for request in row.rolls:
        target = ruleset.table(request.oracle)
        first = next(r for r in target.rows if r.is_rollable and not r.rolls)
        dice += [first.low] * request.times
    return dice


def test_every_roll_twice_follows_the_automatic_rolls_of_its_results(ruleset):
    """The 32 tables whose 'Roll twice' may land on a row rolling other tables: both depths are rolled."""
    checked = 0
    for table in ruleset.tables.values():
        same, other, plain = _auto_rows(table)
        if not (same and other and plain):
            continue
        twice, nested, simple = same[0], other[0], plain[0]
        dice = [twice.low, nested.low, *_lowest_rows(ruleset, nested), simple.low]
        request = next(r for r in twice.rolls if r.oracle in (None, table.id))
        extra = [p.low for p in plain[1 : request.times - 1]]
        result = ruleset.roll(table.id, rng=ScriptedDice(dice + extra))
        first = result.followups[0]
        assert first.row == nested, str(result)
        assert len(first.followups) == len(nested.rolls), str(result)
        assert all(f.row is not None for f in first.followups)
        checked += 1
    assert checked == 32
    print(f"\n{checked} tables: 'roll twice' followed through rows that roll other tables")


def test_every_template_row_is_filled(ruleset):
    rows = [(t, i, r) for t in ruleset.tables.values() for i, r in enumerate(t.rows) if r.template is not None]
    assert len(rows) == 4
    for seed, (table, index, row) in enumerate(rows):
        chosen = ruleset.choose(table.id, index=index, rng=seed)
        assert chosen.text
        assert not any(mark in chosen.text for mark in (*_MARKUP, "[")), chosen.text
        assert len(chosen.followups) == row.template.count("{{"), str(chosen)
    print(f"\n{len(rows)} template rows filled, e.g. {chosen.text!r}")


def test_no_roll_of_any_table_leaves_markdown_in_its_text(ruleset):
    """Every row of every table, chosen by hand and followed: plain text, every column, in str() too."""
    rows = 0
    for table in ruleset.tables.values():
        for index, row in enumerate(table.rows):
            if not row.is_rollable:
                continue
            result = ruleset.choose(table.id, index=index, rng=index)
            for text in (*result.columns, *(r.text for r in result.results())):
                assert not any(mark in text for mark in _MARKUP), f"{table.id} row {index}: {text!r}"
            rows += 1
    assert rows > 4000
    print(f"\n{rows} rows read as plain text")


def test_second_columns_show_in_every_rendering(ruleset):
    tables = [t for t in ruleset.tables.values() if any(r.text2 for r in t.rows)]
    assert len(tables) == 5
    for table in tables:
        row = next(r for r in table.rows if r.text2)
        result = ruleset.choose(table.id, row)
        label = table.column_labels[1]
        shown = f"{label}: {plain_text(row.text2)}"
        assert shown in str(result)
        assert shown in result.to_markdown().replace("\\", "")
    ship = ruleset.roll("starforged/oracles/starships/type", rng=ScriptedDice([5]))
    print(f"\n{ship}")


def test_every_recommended_roll_count_rolls(ruleset):
    tables = [t for t in ruleset.tables.values() if t.recommended_rolls is not None]
    assert len(tables) == 39
    for seed, table in enumerate(tables):
        least, most = table.recommended_rolls
        for times in range(least, most + 1):
            results = ruleset.roll_times(table.id, times, rng=seed)
            assert len(results.rolls) == times
            assert len({r.row for r in results.rolls}) == times or any(r.followups for r in results.rolls)


def test_the_name_collections_roll_whole(ruleset):
    name = ruleset.roll_collection("starforged/collections/oracles/characters/name", rng=7)
    assert [r.table_name for r in name.rolls] == ["Given Name", "Callsign", "Family Name"]
    sector = ruleset.roll_collection("starforged/collections/oracles/space/sector_name", rng=7)
    assert [r.table_name for r in sector.rolls] == ["Prefix", "Suffix"]
    print(f"\n{name}\n{sector}")


def test_every_1d100_roll_flips_to_the_row_of_its_digits_swapped(ruleset):
    for table in ruleset.tables.values():
        if table.dice != "1d100":
            continue
        for roll in (1, 10, 37, 100):
            result = ruleset.roll(table.id, rng=ScriptedDice([roll]), follow=False)
            flipped = ruleset.flip(result, follow=False)
            assert flipped.total == flip_digits("1d100", roll)
            assert flipped.row == table.row_for(flipped.total)
            assert ruleset.flip(flipped, follow=False) == result


# -- asset abilities: every one read, the docs table generated from the data -------------------------------


def test_the_docs_table_of_every_ability_is_what_the_library_does(ruleset):
    """docs/starforged-abilities.md is generated from this data (docs/scripts/starforged_abilities.py)."""
    import starforged_abilities

    readings = ability_readings(ruleset)
    assert len(readings) == sum(len(a.abilities) for a in ruleset.assets.values()) == 261
    assert len({r.asset_id for r in readings}) == 87
    page = starforged_abilities.PAGE.read_text(encoding="utf-8")
    assert starforged_abilities.table(DATA) in page, (
        "docs/starforged-abilities.md is out of date: "
        "run python docs/scripts/starforged_abilities.py $TABLETOP_DATASWORN"
    )
    applied = sum(bool(r.applied) for r in readings)
    print(
        f"\n{len(readings)} abilities: {applied} with something the library applies, "
        f"{len(readings) - applied} left whole to the player"
    )


def test_counts_of_each_kind_of_ability_effect(ruleset):
    from collections import Counter

    enhancements = [e for a in ruleset.assets.values() for ability in a.abilities for e in ability.enhancements]
    kinds = Counter()
    for enhancement in enhancements:
        for effect in enhancement.effects:
            key = str(effect.kind)
            if effect.kind is EffectKind.ADD:
                key += " of a value" if effect.value_of is not None else ""
                key += " with a reroll" if effect.with_reroll else ""
            if effect.kind is EffectKind.REROLL:
                key += " after an outcome" if effect.on else ""
                key += " below a meter or stat" if effect.below is not None else ""
                key += " of a face" if effect.faces else ""
            kinds[key] += 1
        for condition in enhancement.conditions:
            if condition.automatic_outcome is not None:
                kinds["automatic outcome"] += 1
            elif condition.method and condition.options:
                kinds["roll option"] += 1
    resets = sum(len(ability.effects) for a in ruleset.assets.values() for ability in a.abilities)
    changes = sum(ability.asset_enhancement is not None for a in ruleset.assets.values() for ability in a.abilities)
    assert kinds["add"] > 80
    assert kinds["add of a value"] >= 6  # Glowcat, Sprite (2), Symbiote, Bonded (+heart), Hoverbike
    assert kinds["reroll after an outcome"] >= 5  # Diplomat, Tech, Utility Bot, Bonded, Marked, Looper, ...
    assert kinds["reroll below a meter or stat"] + kinds["reroll after an outcome below a meter or stat"] >= 10
    assert kinds["count as"] >= 4
    assert resets == 2  # Veteran, Voidborn
    assert changes == 2  # Symbiote's health, the Rover's module
    print(
        f"\n{len(enhancements)} move enhancements; effects: " + ", ".join(f"{k} {v}" for k, v in sorted(kinds.items()))
    )
    print(f"momentum resets raised: {resets}; abilities changing their card: {changes}")


def test_the_issue_s_abilities_read_right(ruleset):
    """Kinetic +2 on Face Danger; Diplomat's and Tech's rerolls after an outcome; Symbiote's +health."""

    def effects(asset, ability, index=0):
        return [str(e) for e in ruleset.asset(asset).abilities[ability].enhancements[index].effects]

    assert effects("Kinetic", 0) == ["add +2"]
    assert effects("Diplomat", 1) == ["add +1", "on a miss: reroll all dice", "on a miss: add +2, with the reroll"]
    assert effects("Tech", 0) == [
        "add +1",
        "on a weak hit: reroll all dice",
        "on a weak hit: add +2 instead, with the reroll",
    ]
    assert effects("Utility Bot", 1) == ["add +1", "on a miss: reroll any dice"]
    assert effects("Tech", 1)[0] == "on a miss: reroll all dice"
    assert effects("Symbiote", 0) == ["add +health"]
    assert [str(e) for e in ruleset.asset("Veteran").abilities[0].effects] == ["momentum reset +1"]
    hero = PlayerCharacter(Stats(edge=3, heart=2, iron=2, shadow=1, wits=1)).add_asset(ruleset.asset("Kinetic"))
    danger = ruleset.move("starforged/moves/adventure/face_danger")
    assert make_move(danger, hero, option="edge", use="Kinetic", rng=1).action.adds == 2
    symbiote = PlayerCharacter(Stats(3, 2, 2, 1, 1)).add_asset(ruleset.asset("Symbiote"))
    assert make_move(danger, symbiote, option="edge", use="Symbiote", rng=1).action.adds == 2  # its health
    grown = symbiote.update_asset(symbiote.asset("Symbiote").mark_ability(2))
    assert str(grown.asset("Symbiote").meter("health")) == "health 3/3"
    assert make_move(danger, grown, option="edge", use="Symbiote", rng=1).action.adds == 3


def test_every_vehicle_companion_and_module_rolls_for_itself(ruleset):
    hero = PlayerCharacter(Stats(edge=3, heart=2, iron=2, shadow=1, wits=1))
    for name in ("Starship", "Rover", "Snub Fighter", "Banshee", "Rockhorn", "Overseer", "Sensor Array"):
        hero = hero.add_asset(ruleset.asset(name))
    with pytest.raises(RuleError, match="Rover takes no Sensor Array"):
        hero.attach("Sensor Array", "Rover")  # until its second ability is marked
    hero = hero.update_asset(hero.asset("Rover").mark_ability(1))
    hero = hero.attach("Overseer", "Starship").attach("Sensor Array", "Rover")
    withstand = [o.label for o in move_options(ruleset.move("Withstand Damage"), hero) if o.value is not None]
    assert {"integrity (Starship)", "integrity (Rover)", "integrity (Snub Fighter)"} <= set(withstand)
    hit = [o.label for o in move_options(ruleset.move("Companion Takes a Hit"), hero) if o.value is not None]
    assert {"health (Banshee)", "health (Rockhorn)"} <= set(hit)
    sharp = ruleset.move("starforged/moves/adventure/secure_an_advantage")
    assert "integrity (Overseer on Starship)" in [o.label for o in move_options(sharp, hero)]
    with pytest.raises(RuleError, match="takes 1 attached asset"):
        hero.add_asset(ruleset.asset("Engine Upgrade")).attach("Engine Upgrade", "Rover")
    print(f"\nWithstand Damage: {withstand}\nCompanion Takes a Hit: {hit}")


def test_the_command_line_on_the_real_data(capsys, tmp_path):
    """Ambiguous names answer with the candidates' ids; names roll without the word 'table'; a name rolls whole."""
    from tabletop_core.cli import main

    assert main(["oracle", "First Look", "--data", DATA]) == 2
    err = capsys.readouterr().err
    assert "is ambiguous: give one of the ids starforged/oracles/characters/first_look (First Look)" in err
    assert main(["move", "face_danger", "--data", DATA, "--stats", "3,2,2,1,1"]) == 2
    assert "starforged/moves/adventure/face_danger (Face Danger)" in capsys.readouterr().err
    assert main(["oracle", "Given Name", "--data", DATA, "--dice", "0"]) == 0
    assert capsys.readouterr().out.startswith("Given Name (1d100): 100 -> ")
    assert main(["oracle", "starforged/collections/oracles/characters/name", "--data", DATA, "--seed", "2"]) == 0
    assert capsys.readouterr().out.startswith("Character Name: Given Name (1d100): ")
    assert main(["move", "Pay the Price", "--data", DATA, "--table", "--dice", "4:2"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("Pay the Price (no roll): When you suffer the outcome of an action, choose one.")
    assert lines[-1].startswith("Pay the Price (1d100): 42 -> ")
    hero = str(tmp_path / "hero.json")
    assert main(["character", "new", hero, "--stats", "3,2,2,1,1"]) == 0
    for asset in ("Starship", "Rover"):
        assert main(["character", "add-asset", hero, asset, "--data", DATA]) == 0
    assert main(["character", "add-asset", hero, "Diplomat", "--data", DATA, "--mark", "2"]) == 0
    capsys.readouterr()
    argv = ["move", "Withstand Damage", "--data", DATA, "--character", hero]
    assert main([*argv, "--option", "integrity (Rover)", "--dice", "3,9,9", "--table", "--dice", "3,9,9,50"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Withstand Damage (+integrity (Rover)): Action 3 + 5 = 8 vs 9 · 9 -> miss (match)")
    assert "Withstand Damage (1d100): 50 -> " in out
    diplomat = ["move", "starforged/moves/adventure/compel", "--data", DATA, "--character", hero, "--option", "heart"]
    assert main([*diplomat, "--use", "Diplomat:2", "--reroll", "--dice", "1,9,9,6,1,1"]) == 0
    out = capsys.readouterr().out
    assert "Action 1 + 2 + 1 = 4 vs 9 · 9 -> miss (match); rerolled action 1 -> 6" in out
    assert "added +2 after the roll: Action 6 + 2 + 3 = 11, capped at 10 vs 1 · 1 -> strong hit (match)" in out


def test_a_move_rolls_the_table_of_a_linked_move_without_a_roll_only(ruleset):
    """ "On a miss, Pay the Price" rolls Pay the Price's table; "you must Withstand Damage" is a move
    to make, whose own table follows its own roll, so it gives the outcome no table."""
    from tabletop_core.action_roll import Outcome

    assert [t.name for t in ruleset.move_tables("Face Danger", Outcome.MISS)] == ["Pay the Price", "Story Complication"]
    rolled = ruleset.roll_move_table("Face Danger", Outcome.MISS, rng=ScriptedDice([50]))
    assert rolled.table_name == "Pay the Price"  # the one Pay the Price sets into its text
    linked_rolls = {"Ready Grappler": Outcome.MISS, "Gather Energy": Outcome.MISS, "Loop Back": Outcome.WEAK_HIT}
    for name, outcome in {**linked_rolls, "Raise Shields": Outcome.STRONG_HIT}.items():
        assert ruleset.move_tables(name, outcome) == (), name
    with pytest.raises(InvalidInput, match="Ask the Oracle points to 5 tables: give table, one of Small Chance"):
        ruleset.roll_move_table("Ask the Oracle", rng=ScriptedDice([40]))
    assert str(ruleset.roll_move_table("Ask the Oracle", table="50/50", rng=ScriptedDice([40]))).endswith("-> Yes")


def test_an_ambiguous_table_name_on_the_command_line_lists_every_candidate(capsys):
    """`tabletop oracle Terminus` answers with the ids of all the tables of that name, uncut."""
    from tabletop_core.cli import main

    assert main(["oracle", "Terminus", "--data", str(pathlib.Path(DATA))]) == 2
    error = capsys.readouterr().err.splitlines()[-1]
    ids = [part.split(" (")[0] for part in error.split("give one of the ids ")[1].split("), ")]
    assert len(ids) >= 10
    assert " ... " not in error
    assert all(id_.startswith("starforged/oracles/") and id_.endswith("/terminus") for id_ in ids), ids


def test_a_move_without_a_roll_prints_its_text_as_the_card_does(capsys):
    """Ask the Oracle on the command line: a line a paragraph, a bullet a list item, its odds a table
    without Markdown's rule line."""
    from tabletop_core.cli import main

    assert main(["move", "Ask the Oracle", "--data", str(pathlib.Path(DATA))]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("Ask the Oracle (no roll): When you seek to resolve questions")
    assert "• Draw a conclusion: Decide the answer based on the most interesting and obvious result." in lines
    assert "Small Chance | 10 or less" in lines
    assert not [line for line in lines if "---" in line or line.lstrip().startswith("* ")]


def test_an_enhancement_that_names_its_choice_is_that_choice_alone(ruleset):
    """Sensor Array: "Secure an Advantage ... (and choosing a manual scan)" and "Gather Information ...
    (and choosing an automated scan)": the data pairs each move with one choice of the list."""
    read = [(e.moves[0].rpartition("/")[2], e.choice) for e in ruleset.asset("Sensor Array").abilities[1].enhancements]
    assert read == [("secure_an_advantage", "Manual scan"), ("gather_information", "Automated scan")]


def test_what_an_outcome_says_on_a_match_counts_only_on_a_match(ruleset, capsys):
    """Explore a Waypoint: "On a miss, ... Pay the Price. On a miss with a match, you may instead
    Confront Chaos." Without a match the miss rolls Pay the Price; with one the player picks, and
    ``--table`` alone lists the tables beside the roll instead of losing it."""
    from tabletop_core.action_roll import Outcome
    from tabletop_core.cli import main

    move = ruleset.move("Explore a Waypoint")
    assert [t.name for t in ruleset.move_tables(move, Outcome.MISS, match=False)] == [
        "Pay the Price",
        "Story Complication",
    ]
    assert "Confront Chaos" in [t.name for t in ruleset.move_tables(move, Outcome.MISS, match=True)]
    assert ruleset.move_tables(move, Outcome.STRONG_HIT, match=False) == ()
    argv = ["move", "Explore a Waypoint", "--data", str(pathlib.Path(DATA)), "--stats", "1,1,1,1,1", "--table"]
    assert main([*argv, "--dice", "1,5,9,40"]) == 0
    assert capsys.readouterr().out.splitlines()[-1].startswith("Pay the Price (1d100): 40 -> ")
    assert main([*argv, "--dice", "1,9,9"]) == 0
    shown = capsys.readouterr().out.splitlines()
    assert shown[0].startswith("Explore a Waypoint (+wits): Action 1 + 1 = 2 vs 9 · 9 -> miss (match)")
    assert shown[-1].startswith("the miss points to 3 tables: Pay the Price (starforged/oracles/moves/pay_the_price);")
