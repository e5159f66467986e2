"""The real published Datasworn Starforged data, when CI points ``TABLETOP_DATASWORN`` at it.

``.ci/stages/30-datasworn.sh`` fetches ``@datasworn/starforged`` at a pinned version with
``npm pack`` into a cache folder and runs this module. Without the variable
the tests skip: the library and its repository hold none of the (CC-BY) text.
"""

import json
import os
import pathlib

import pytest

from tabletop_core.action_roll import Outcome, PlayerCharacter, Stats, make_move, move_options
from tabletop_core.action_roll.datasworn import SUPPORTED_VERSION, RollType, load

DATA = os.environ.get("TABLETOP_DATASWORN")
pytestmark = pytest.mark.skipif(not DATA, reason="set TABLETOP_DATASWORN to the unpacked @datasworn/starforged package")

# 1d100 tables whose rows leave a gap or overlap in the pinned data (none in 0.0.10).
KNOWN_COVERAGE_BREAKS: dict[str, str] = {}


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
    assert ruleset.warnings == ()
    print(f"\n{ruleset}")


def test_every_move_oracle_and_asset_loads(raw, ruleset):
    assert set(ruleset.moves) == _raw_ids(raw, {"move"}, set())
    assert set(ruleset.tables) == _raw_ids(raw["oracles"], {"oracle_rollable"}, set())
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
