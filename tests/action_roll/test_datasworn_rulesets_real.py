"""Every published Ironsworn ruleset, when CI points ``TABLETOP_DATASWORN_PACKAGES`` at them.

``.ci/stages/31-datasworn-rulesets.sh`` fetches each ``@datasworn/*`` package at a pinned
version with ``npm pack`` into a cache folder (``<cache>/<name>-<version>/package/...``) and
runs this module. Without the variable the tests skip: the repository holds none of the data.

For each package and the merged rulesets: every move, table and asset loads; every table's
rows cover its dice (or the break is a known error of the data, listed here); every action
move resolves once for a sample character of that ruleset; the merged Sundered Isles rolls
Withstand Damage. The counts and what the data gets wrong are printed (``pytest -s``).
"""

import json
import os
import pathlib
from fractions import Fraction

import pytest

from tabletop_core.action_roll import Odds, Outcome, PlayerCharacter, Rank, Stats, make_move, move_options
from tabletop_core.action_roll.classic import (
    ClassicCharacter,
    ClassicTrackKind,
    Debility,
    make_classic_move,
    resolve_classic_oracle,
)
from tabletop_core.action_roll.datasworn import RollType, canonical, load
from tabletop_core.action_roll.delve import (
    DELVE_STATS,
    DelveMoves,
    DelveSite,
    Threat,
    advance_a_threat,
    delve_the_depths,
    delve_the_depths_odds,
    menace_marks,
    threat_advance_odds,
)
from tabletop_core.action_roll.next_move import NextMoveAdd, next_move_add
from tabletop_core.action_roll.sundered_isles import CurseBehavior, CursedDie, roll_cursed

ROOT = os.environ.get("TABLETOP_DATASWORN_PACKAGES")
pytestmark = pytest.mark.skipif(not ROOT, reason="set TABLETOP_DATASWORN_PACKAGES to the cache of npm-packed packages")

PACKAGES = {
    "starforged-0.0.10": "starforged.json",
    "starforged-0.1.0-0": "starforged.json",
    "ironsworn-classic-0.0.10": "classic.json",
    "ironsworn-classic-delve-0.0.10": "delve.json",
    "sundered-isles-0.1.0-0": "sundered_isles.json",
}
RULESETS = {
    "starforged 0.0.10": ("starforged-0.0.10",),
    "starforged 0.1.0-0": ("starforged-0.1.0-0",),
    "classic": ("ironsworn-classic-0.0.10",),
    "delve (alone)": ("ironsworn-classic-delve-0.0.10",),
    "classic + delve": ("ironsworn-classic-0.0.10", "ironsworn-classic-delve-0.0.10"),
    "sundered isles (alone)": ("sundered-isles-0.1.0-0",),
    "starforged 0.1.0-0 + sundered isles": ("starforged-0.1.0-0", "sundered-isles-0.1.0-0"),
    "starforged 0.0.10 + sundered isles": ("starforged-0.0.10", "sundered-isles-0.1.0-0"),
}

# Tables whose rows leave a gap, overlap or lie outside the dice: errors of the data itself.
KNOWN_COVERAGE_BREAKS = {
    "sundered-isles-0.1.0-0": {"oracle_rollable:sundered_isles/overland/region_landmarks/highlands"},
}


def _file(package: str) -> pathlib.Path:
    return pathlib.Path(ROOT) / package / "package" / "json" / PACKAGES[package]


@pytest.fixture(scope="module")
def raws():
    return {name: json.loads(_file(name).read_text(encoding="utf-8")) for name in PACKAGES}


@pytest.fixture(scope="module")
def rulesets():
    return {name: load(*(_file(p) for p in packages)) for name, packages in RULESETS.items()}


def _ids(node, kinds, found):
    if isinstance(node, dict):
        if isinstance(node.get("type"), str) and node["type"] in kinds and isinstance(node.get("_id"), str):
            found.add(node["_id"])
        for value in node.values():
            _ids(value, kinds, found)
    elif isinstance(node, list):
        for value in node:
            _ids(value, kinds, found)
    return found


def _truth_tables(raw):
    return {
        f"{truth['_id']}/{index}"
        for truth in raw.get("truths", {}).values()
        for index, option in enumerate(truth["options"])
        if "table" in option
    }


@pytest.mark.parametrize("package", sorted(PACKAGES))
def test_every_move_table_asset_truth_and_npc_loads(raws, package):
    raw = raws[package]
    ruleset = load(_file(package))
    assert set(ruleset.moves) == _ids(raw, {"move"}, set())
    assert set(ruleset.tables) == _ids(raw, {"oracle_rollable"}, set()) | _truth_tables(raw)
    assert set(ruleset.assets) == _ids(raw, {"asset"}, set())
    assert set(ruleset.npcs) == _ids(raw, {"npc"}, set())
    assert len(ruleset.truths) == len(raw.get("truths", {}))
    assert len(ruleset.delve_sites) == len(raw.get("delve_sites", {}))
    assert len(ruleset.site_themes) + len(ruleset.site_domains) == len(raw.get("site_themes", {})) + len(
        raw.get("site_domains", {})
    )
    assert len(ruleset.rarities) == len(raw.get("rarities", {}))
    (info,) = ruleset.packages
    assert info.datasworn_version == raw["datasworn_version"]
    print(
        f"\n{package} (Datasworn {info.datasworn_version}, {info.kind}): {len(ruleset.moves)} moves, "
        f"{len(ruleset.tables)} tables, {len(ruleset.assets)} assets, {len(ruleset.truths)} truths, "
        f"{len(ruleset.npcs)} NPCs, {len(ruleset.site_themes)} themes, {len(ruleset.site_domains)} domains, "
        f"{len(ruleset.delve_sites)} delve sites, {len(ruleset.rarities)} rarities, "
        f"{len(ruleset.cursed_versions)} cursed versions; rules: {ruleset.rules}"
    )


@pytest.mark.parametrize("package", sorted(PACKAGES))
def test_every_table_covers_its_dice_and_rolls(package):
    ruleset = load(_file(package))
    breaks = {table_id for table_id in ruleset.tables if not ruleset.tables[table_id].coverage().is_complete}
    assert breaks == KNOWN_COVERAGE_BREAKS.get(package, set())
    for index, table_id in enumerate(sorted(ruleset.tables)):
        result = ruleset.roll(table_id, rng=index)
        assert result == ruleset.roll(table_id, rng=index)


@pytest.mark.parametrize("name", sorted(RULESETS))
def test_what_the_data_gets_wrong_is_listed(rulesets, name):
    ruleset = rulesets[name]
    print(f"\n{name}: {ruleset}")
    for warning in ruleset.warnings:
        print(f"    {warning}")
    assert not [w for w in ruleset.warnings if w.startswith("Datasworn ")]  # 0.0.10 and 0.1 read without a note


def _starforged_hero(ruleset):
    hero = PlayerCharacter(Stats(edge=3, heart=2, iron=2, shadow=1, wits=1))
    for asset in ruleset.assets.values():
        if any(control.is_meter for control in asset.controls):
            hero = hero.add_asset(asset)
    return hero


def _resolve_all(ruleset, hero, make, view):
    resolved = 0
    for seed, move in enumerate(sorted(ruleset.moves.values(), key=lambda m: m.id)):
        if move.roll_type is not RollType.ACTION_ROLL:
            continue
        options = move_options(move, view)
        usable = [i for i, o in enumerate(options) if o.value is not None or o.label.startswith("automatic")]
        assert usable, f"{move.id}: no option this character can roll ({[str(o) for o in options]})"
        result = make(move, hero, option=usable[0], rng=seed)
        assert result.outcome in Outcome
        resolved += 1
    return resolved


@pytest.mark.parametrize(
    "name",
    [
        "starforged 0.0.10",
        "starforged 0.1.0-0",
        "starforged 0.1.0-0 + sundered isles",
        "starforged 0.0.10 + sundered isles",
    ],
)
def test_every_action_move_resolves_for_a_starforged_character(rulesets, name):
    ruleset = rulesets[name]
    hero = _starforged_hero(ruleset)
    print(f"\n{name}: {_resolve_all(ruleset, hero, make_move, hero)} action moves resolved")


@pytest.mark.parametrize("name", ["classic", "classic + delve"])
def test_every_action_move_resolves_for_a_classic_character(rulesets, name):
    ruleset = rulesets[name]
    hero = ClassicCharacter(Stats(edge=3, heart=2, iron=2, shadow=1, wits=1))
    for asset in ruleset.assets.values():
        if any(control.is_meter for control in asset.controls):
            hero = hero.add_asset(asset)
    print(f"\n{name}: {_resolve_all(ruleset, hero, make_classic_move, hero.for_rolls())} action moves resolved")
    for kind in ClassicTrackKind:
        hero = hero.add_challenge(kind, str(kind), Rank.DANGEROUS).mark_progress(str(kind), times=3)
    for move in ruleset.moves.values():
        if move.roll_type is RollType.PROGRESS_ROLL and move.track_category:
            assert make_classic_move(move, hero, rng=1).progress.progress_score == 6


@pytest.mark.parametrize("name", ["starforged 0.1.0-0 + sundered isles", "starforged 0.0.10 + sundered isles"])
def test_the_merged_sundered_isles_rolls_withstand_damage(rulesets, name):
    ruleset = rulesets[name]
    move = ruleset.move("Withstand Damage")
    assert move.id == "move:sundered_isles/suffer/withstand_damage"
    assert ruleset.move("move:starforged/suffer/withstand_damage") is move
    hero = (
        PlayerCharacter(Stats(3, 2, 2, 1, 1)).add_asset(ruleset.asset("Starship")).add_asset(ruleset.asset("Flagship"))
    )
    labels = [option.label for option in move_options(move, hero)]
    assert labels == ["integrity (Starship)", "integrity (Flagship)"]
    result = make_move(move, hero, option="integrity (Flagship)", rng=7)
    assert result.action is not None
    assert result.action.stat == 5
    print(f"\n{name}: {result}")


def _collection_ids(collections):
    for collection in collections:
        yield collection.id
        yield from _collection_ids(collection.collections)


def test_every_starforged_0_0_10_id_is_found_by_its_0_1_name(rulesets):
    """The table of renames (characters -> character, vaults -> precursor_vault, given -> given_name, ...) is
    checked on the two published editions: every table and collection of Starforged 0.0.10, renamed, is an id
    of 0.1.0-0, or its move's table there. Left: the tables inside truths (0.1 names them by a key 0.0.10 does
    not have) and 0.0.10's collection of move tables (0.1 keeps them in the moves)."""
    old, new = rulesets["starforged 0.0.10"], rulesets["starforged 0.1.0-0"]
    by_alias = {table_id: alias for alias, table_id in old.aliases.items()}
    found = {
        table_id: canonical(table_id) if table_id not in by_alias else by_alias[table_id] for table_id in old.tables
    }
    unmatched = {table_id for table_id, name in found.items() if name not in new.tables}
    assert unmatched == {table_id for table_id in old.tables if "/truths/" in table_id}
    new_collections = set(_collection_ids(new.collections))
    left = {c for c in _collection_ids(old.collections) if canonical(c) not in new_collections}
    assert left == {"starforged/collections/oracles/moves", "starforged/collections/oracles/moves/ask_the_oracle"}
    assert {canonical(m) for m in old.moves} == set(new.moves)
    assert {canonical(a) for a in old.assets} == set(new.assets)


def test_sundered_isles_merges_onto_starforged_0_0_10_as_onto_0_1(rulesets):
    """Every replace and enhance of Sundered Isles finds its target on the 0.0.10 base, and the merged
    rulesets hold the same tables (by their 0.1 names) whichever base edition is under them."""
    old, new = rulesets["starforged 0.0.10 + sundered isles"], rulesets["starforged 0.1.0-0 + sundered isles"]
    assert not [w for w in old.warnings if "which this ruleset does not have: kept" in w or " replaces " in w]
    by_alias = {table_id: alias for alias, table_id in old.aliases.items()}
    assert {by_alias.get(t, canonical(t)) for t in old.tables if "/truths/" not in t} == {
        t for t in new.tables if not t.startswith("truth.")
    }
    assert old.table("starforged/oracles/characters/role").id == "oracle_rollable:sundered_isles/character/roles"
    assert old.table("move.oracle_rollable:starforged/fate/ask_the_oracle.likely").id == (
        "starforged/oracles/moves/ask_the_oracle/likely"
    )


def test_the_classic_data_agrees_with_the_classic_rules(rulesets):
    ruleset = rulesets["classic"]
    from_data = {i.key: (i.prevents_recovery, i.permanent, i.shared) for i in ruleset.rules.impacts}
    assert from_data == {
        d.value: ((d.blocks.value,) if d.blocks else (), d.is_permanent, d.is_shared) for d in Debility
    }
    for odds in Odds:
        table = ruleset.table(f"classic/oracles/moves/ask_the_oracle/{odds.name.lower()}")
        for roll in range(1, 101):
            assert (table.row_for(roll).text == "Yes") is resolve_classic_oracle(odds=odds, roll=roll).answer


def test_the_one_shot_adds_of_the_moves(rulesets):
    """Every move of Classic and Delve that gives an add to the next move, as its text says: "make another move
    now (not a progress move), and add +1", Find an Opportunity's and Turn the Tide's "add +1 and take +1
    momentum on a hit", and the two that name the move (Fulfill Your Vow's Swear an Iron Vow, Compel's Gather
    Information). No other move's text gives one."""
    ruleset = rulesets["classic + delve"]
    found = {}
    for move in ruleset.moves.values():
        for outcome in (*Outcome, None):
            add = next_move_add(move, outcome)
            if add is not None:
                found.setdefault(move.name, (outcome, add))
    assert found == {
        "Secure an Advantage": (Outcome.STRONG_HIT, NextMoveAdd(1, "Secure an Advantage")),
        "Reach Your Destination": (Outcome.STRONG_HIT, NextMoveAdd(1, "Reach Your Destination")),
        "Locate Your Objective": (Outcome.STRONG_HIT, NextMoveAdd(1, "Locate Your Objective")),
        "Compel": (Outcome.STRONG_HIT, NextMoveAdd(1, "Compel", move="Gather Information")),
        "Fulfill Your Vow": (Outcome.WEAK_HIT, NextMoveAdd(1, "Fulfill Your Vow", move="Swear an Iron Vow")),
        "Turn the Tide": (None, NextMoveAdd(1, "Turn the Tide", momentum_on_hit=1)),
        "Find an Opportunity": (None, NextMoveAdd(1, "Find an Opportunity", momentum_on_hit=1)),
    }
    starforged = {m.name for m in rulesets["starforged 0.0.10"].moves.values() if next_move_add(m) is not None}
    assert starforged == {"Take a Break", "Secure an Advantage", "Gain Ground", "Secure an Advantage (Scene Challenge)"}


def test_delve_threats_advance_on_the_data_table(rulesets):
    """Advance a Threat, on Delve's own table: 1-30 may be prevented (else mark menace), 31-70 mark menace,
    71-100 mark menace twice; a formidable vow's threat fills its track in 10 marks."""
    moves = DelveMoves.from_ruleset(rulesets["classic + delve"])
    table = moves.advance
    assert table is not None
    assert [menace_marks(table.row_for(roll)) for roll in (1, 30, 31, 70, 71, 100)] == [
        (1, True), (1, True), (1, False), (1, False), (2, False), (2, False)
    ]  # fmt: skip
    threat = Threat("The Skulde", "Drive off the Skulde", Rank.FORMIDABLE)
    odds = threat_advance_odds(threat, table)
    assert dict(odds.items()) == {4: Fraction(70, 100), 8: Fraction(30, 100)}
    seed = 0
    while not threat.is_realized:
        threat = advance_a_threat(threat, table, rng=seed).threat
        seed += 1
    assert seed <= 10


def test_every_delve_site_explores(rulesets):
    ruleset = rulesets["classic + delve"]
    moves = DelveMoves.from_ruleset(ruleset)
    for theme in ruleset.site_themes.values():
        for domain in ruleset.site_domains.values():
            site = DelveSite.discover(f"{theme.name} {domain.name}", theme, domain, Rank.FORMIDABLE)
            assert site.features().coverage().is_complete, site.name
            assert site.dangers(moves.danger).coverage().is_complete, site.name
    explored = 0
    alva = DelveSite.from_data(ruleset.delve_site("Alva's Rest"), ruleset).denizen_table()
    assert [alva.row_for(roll).text for roll in (1, 28, 94)] == ["Raider", "Zealot", "Alva (Wight)"]
    for seed, data in enumerate(sorted(ruleset.delve_sites.values(), key=lambda s: s.id)):
        site = DelveSite.from_data(data, ruleset)
        assert site.denizen_table().coverage().is_complete, site.name
        assert not [d.text for d in site.denizens if "/npcs/" in d.text and d.npc in ruleset.npcs], site.name
        for stat in DELVE_STATS:
            delve_the_depths(site, moves, stat=stat, value=2, rng=seed, tables=ruleset)
            assert sum(delve_the_depths_odds(site, moves, stat=stat, value=2).probabilities) == 1
            explored += 1
    print(
        f"\nclassic + delve: {len(ruleset.site_themes)} x {len(ruleset.site_domains)} sites cover their dice; "
        f"{explored} Delve the Depths made on the {len(ruleset.delve_sites)} ready-made sites"
    )


def test_every_cursed_version_rolls(rulesets):
    ruleset = rulesets["starforged 0.1.0-0 + sundered isles"]
    versions = ruleset.cursed_versions
    assert len(versions) >= 50
    always = CursedDie(faces=tuple(range(1, 11)))
    for seed, (table_id, version) in enumerate(sorted(versions.items())):
        result = roll_cursed(ruleset, table_id, die=always, rng=seed)
        assert result.is_cursed
        assert result.cursed.table_id == version.cursed
        if version.behavior is CurseBehavior.REPLACE_RESULT:
            assert result.cursed.total == result.roll.total
    behaviors = sorted(str(v.behavior) for v in versions.values())
    print(
        f"\nsundered isles: {len(versions)} tables with a cursed version ({behaviors.count('add result')} add, "
        f"{behaviors.count('replace result')} replace)"
    )


def test_a_datasworn_0_1_asset_id_names_the_asset_in_use_and_on_the_command_line(rulesets, capsys):
    """0.1 ids hold a colon (``asset:starforged/companion/banshee``): ``use=`` and ``--use`` keep it
    as the asset, and ``--asset`` takes an id in the other format, as the ruleset does."""
    from tabletop_core import ScriptedDice
    from tabletop_core.action_roll import AssetState, PlayerCharacter, Stats, make_move, move_enhancements
    from tabletop_core.action_roll.use_spec import UseSpec
    from tabletop_core.cli import main

    ruleset = rulesets["starforged 0.1.0-0"]
    banshee = ruleset.asset("Banshee")
    assert UseSpec.parse(f"{banshee.id}:1") == UseSpec(banshee.id, 0, "")
    hero = PlayerCharacter(Stats(3, 2, 2, 1, 1)).add_asset(AssetState.from_asset(banshee))
    move = next(m for m in ruleset.moves.values() if move_enhancements(m, hero) and m.roll_type.value == "action_roll")
    option = move.options()[0].label
    by_id = make_move(move, hero, option=option, use=banshee.id, rng=ScriptedDice([3, 5, 9]))
    assert by_id == make_move(move, hero, option=option, use="Banshee", rng=ScriptedDice([3, 5, 9]))
    path = str(_file("starforged-0.1.0-0"))
    argv = ["move", "Face Danger", "--option", "edge", "--data", path, "--stats", "3,2,2,1,1", "--dice", "3,5,9"]
    assert main([*argv, "--asset", "starforged/assets/companion/banshee"]) == 0  # a 0.0.x id on 0.1 data
    assert "Face Danger (+edge)" in capsys.readouterr().out


def test_character_refresh_reads_the_base_and_its_expansions(tmp_path, capsys):
    """``refresh`` takes ``--data`` again and again, as ``move`` does: a character of Starforged and
    Sundered Isles assets is read from both."""
    from tabletop_core.action_roll import AssetState, PlayerCharacter, Stats
    from tabletop_core.cli import main

    both = load(_file("starforged-0.1.0-0"), _file("sundered-isles-0.1.0-0"))
    construct = next(a for a in both.assets.values() if "sundered_isles" in a.id)
    hero = PlayerCharacter(Stats(3, 2, 2, 1, 1)).add_asset(AssetState.from_asset(both.asset("Banshee")))
    hero = hero.add_asset(AssetState.from_asset(construct))
    saved = tmp_path / "hero.json"
    saved.write_text(hero.to_json(), encoding="utf-8")
    data = ["--data", str(_file("starforged-0.1.0-0")), "--data", str(_file("sundered-isles-0.1.0-0"))]
    assert main(["character", "refresh", str(saved), *data]) == 0
    assert PlayerCharacter.from_json(saved.read_text(encoding="utf-8")) == hero.refresh_assets(both)
    assert main(["character", "refresh", str(saved), *data[:2]]) == 2  # the base alone lacks the expansion's
    assert "which the data does not have" in capsys.readouterr().err
