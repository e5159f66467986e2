"""A ruleset is a base package and its expansions: loading, merging, versions, sections and the data checks.

The packages are invented (docs/examples/mini-*.json), in both Datasworn formats, so the
tests run without the real data (tests/action_roll/test_datasworn_rulesets_real.py has it).
"""

import copy
import json
import pathlib

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tabletop_core import ScriptedDice
from tabletop_core.action_roll import PlayerCharacter, Rank, Stats, make_move, move_options
from tabletop_core.action_roll.datasworn import (
    DataswornError,
    DataswornProblems,
    Ruleset,
    Truth,
    canonical,
    load,
    matches,
)
from tabletop_core.cli import main
from tabletop_core.errors import InvalidInput

EXAMPLES = pathlib.Path(__file__).resolve().parents[2] / "docs" / "examples"
MINI = EXAMPLES / "mini-starforged.json"
ISLES = EXAMPLES / "mini-isles.json"
CLASSIC = EXAMPLES / "mini-classic.json"
DELVE = EXAMPLES / "mini-delve.json"


def _json(path):
    return json.loads(path.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def isles():
    return load(MINI, ISLES)


@pytest.fixture(scope="module")
def classic():
    return load(CLASSIC, DELVE)


# -- ids ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("starforged/moves/adventure/face_danger", "move:starforged/adventure/face_danger"),
        ("starforged/assets/command_vehicle/starship", "asset:starforged/command_vehicle/starship"),
        ("starforged/oracles/characters/name/given", "oracle_rollable:starforged/character/name/given_name"),
        ("classic/collections/oracles/moves", "oracle_collection:classic/moves"),
        ("classic/collections/moves/adventure", "move_category:classic/adventure"),
        ("classic/collections/assets/companion", "asset_collection:classic/companion"),
        ("classic/npcs/ironlanders/broken", "npc:classic/ironlanders/broken"),
        ("classic/truths/old_world", "truth:classic/old_world"),
        ("delve/site_themes/ancient", "delve_site_theme:delve/ancient"),
        ("delve/site_domains/barrow", "delve_site_domain:delve/barrow"),
        ("delve/delve_sites/alvas_rest", "delve_site:delve/alvas_rest"),
        ("delve/rarities/ayethins_journal", "rarity:delve/ayethins_journal"),
        (
            "starforged/assets/deed/vanguard/abilities/0/moves/seek_safe_haven",
            "asset.ability.move:starforged/deed/vanguard.0.seek_safe_haven",
        ),
        ("move:sundered_isles/suffer/withstand_damage", "move:sundered_isles/suffer/withstand_damage"),
        ("homebrew", "homebrew"),
    ],
)
def test_an_id_of_0_0_10_is_written_as_0_1_writes_it(old, new):
    """Datasworn 0.1 moves the kind of an id into a prefix; the reader matches ids across the two."""
    assert canonical(old) == new


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("starforged/collections/oracles/characters", "oracle_collection:starforged/character"),
        ("starforged/oracles/characters/role", "oracle_rollable:starforged/character/role"),
        ("starforged/oracles/creatures/basic_form/air", "oracle_rollable:starforged/creature/basic_form/air"),
        ("starforged/oracles/derelicts/zones/starship", "oracle_rollable:starforged/derelict/zone/starship"),
        ("starforged/collections/oracles/derelicts/zones", "oracle_collection:starforged/derelict/zone"),
        ("starforged/oracles/factions/name/template", "oracle_rollable:starforged/faction/name/template"),
        ("starforged/oracles/location_themes/chaotic/peril", "oracle_rollable:starforged/location_theme/chaotic/peril"),
        ("starforged/oracles/settlements/population", "oracle_rollable:starforged/settlement/population"),
        ("starforged/oracles/starships/mission/planetside", "oracle_rollable:starforged/starship/mission/planetside"),
        ("starforged/oracles/vaults/interior/feature", "oracle_rollable:starforged/precursor_vault/interior/feature"),
        # A planet keeps its "settlements" (the data renames the planets, not their settlements).
        (
            "starforged/oracles/planets/desert/settlements/terminus",
            "oracle_rollable:starforged/planet/desert/settlements/terminus",
        ),
        (
            "starforged/collections/oracles/planets/desert/settlements",
            "oracle_collection:starforged/planet/desert/settlements",
        ),
        # Only Starforged's own ids: another package keeps its keys.
        ("homebrew/oracles/characters/role", "oracle_rollable:homebrew/characters/role"),
        ("starforged/moves/adventure/face_danger", "move:starforged/adventure/face_danger"),
        ("oracle_rollable:starforged/characters/role", "oracle_rollable:starforged/characters/role"),
    ],
)
def test_the_keys_starforged_renamed_in_0_1_are_renamed(old, new):
    """Datasworn 0.1 renamed Starforged's oracle collections (``characters`` -> ``character``, ``vaults`` ->
    ``precursor_vault``, ...; the table of renames is read off @datasworn/starforged 0.0.10 and 0.1.0-0), so an
    expansion written in 0.1 finds the tables of a 0.0.10 base."""
    assert canonical(old) == new


@pytest.mark.parametrize(
    ("item", "pattern", "expected"),
    [
        ("asset:starforged/command_vehicle/starship", "asset:*/command_vehicle/*", True),
        ("starforged/assets/command_vehicle/starship", "asset:*/command_vehicle/*", True),
        ("asset:starforged/command_vehicle/starship", "*/assets/command_vehicle/*", True),
        ("asset:starforged/support_vehicle/rover", "asset:*/command_vehicle/*", False),
        ("move:starforged/combat/strike", "move:starforged/*/strike", True),
        ("move:starforged/combat/strike", "oracle_rollable:starforged/*/strike", False),
        ("oracle_rollable:starforged/core/peril/sea", "oracle_rollable:*/**/peril/**", True),
        ("oracle_rollable:starforged/peril", "oracle_rollable:*/**/peril", True),
        ("oracle_rollable:starforged/core/sea", "oracle_rollable:*/**/peril/**", False),
        ("oracle_rollable:a/b/c", "oracle_rollable:a/*", False),
        ("classic/assets/ritual/augur/abilities/0/moves/augur", "*/assets/ritual/*/abilities/*/moves/*", True),
    ],
)
def test_patterns_match_one_key_per_star_and_any_keys_per_globstar(item, pattern, expected):
    """`*` stands for any one key of an id and `**` for any number of keys, as Datasworn defines them."""
    assert matches(item, pattern) is expected


_KEY = st.text(alphabet="abc_", min_size=1, max_size=3)


def _reference_fits(keys, pattern):
    """A brute-force reference: expand each ** into 0..n stars, then compare key by key."""
    import itertools

    globs = [i for i, part in enumerate(pattern) if part == "**"]
    for counts in itertools.product(range(len(keys) + 1), repeat=len(globs)):
        expanded = []
        for i, part in enumerate(pattern):
            expanded += ["*"] * counts[globs.index(i)] if part == "**" else [part]
        if len(expanded) == len(keys) and all(p in ("*", k) for p, k in zip(expanded, keys, strict=True)):
            return True
    return False


@given(st.lists(_KEY, min_size=1, max_size=5), st.data())
def test_a_pattern_matches_exactly_what_a_brute_force_reference_says(keys, data):
    """Replace keys by * or ** at random (and add some): the match agrees with the brute-force reference."""
    pattern = [data.draw(st.sampled_from([key, "*", "**", "x"])) for key in keys]
    pattern += data.draw(st.lists(st.sampled_from(["*", "**", "a"]), max_size=2))
    assert matches("move:" + "/".join(keys), "move:" + "/".join(pattern)) is _reference_fits(keys, pattern)


@given(st.lists(_KEY, min_size=1, max_size=5))
def test_every_id_matches_itself_and_a_pattern_of_stars(keys):
    item = "asset:" + "/".join(keys)
    assert matches(item, item)
    assert matches(item, "asset:" + "/".join("*" for _ in keys))
    assert matches(item, "asset:**")
    assert not matches(item, "move:" + "/".join(keys))


# -- merging ---------------------------------------------------------------------------


def test_an_expansion_merges_onto_its_base_and_each_package_keeps_its_version(isles):
    """A ruleset = a base package plus expansions; Datasworn 0.0.10 and 0.1 both read, the version reported."""
    assert [(p.id, p.kind, p.ruleset, p.datasworn_version) for p in isles.packages] == [
        ("mini", "ruleset", None, "0.0.10"),
        ("mini_isles", "expansion", "mini", "0.1.0"),
    ]
    assert [p.format for p in isles.packages] == ["0.0.10", "0.1"]
    assert isles.id == "mini"
    assert isles.datasworn_version == "0.0.10"
    assert "mini (ruleset, Datasworn 0.0.10) + mini_isles (expansion of mini, Datasworn 0.1.0)" in str(isles)


def test_an_item_that_replaces_one_of_the_base_takes_its_place_and_its_id(isles):
    """`replaces`: "References to the replaced object can be considered equivalent to this object"."""
    assert "mini/moves/daring/brace_the_hull" not in isles.moves
    replacement = isles.moves["move:mini_isles/daring/brace_the_hull"]
    assert isles.move("mini/moves/daring/brace_the_hull") is replacement
    assert isles.move("move:mini/daring/brace_the_hull") is replacement  # the old id, written in 0.1
    assert isles.replaced["mini/moves/daring/brace_the_hull"] == replacement.id
    assert isles.table("mini/oracles/sky/names/first").id == "oracle_rollable:mini_isles/names/first"


def test_a_collection_that_replaces_one_takes_its_place_with_its_tables(isles):
    sky = next(c for c in isles.collections if c.id == "mini/collections/oracles/sky")
    assert [c.id for c in sky.collections] == ["oracle_collection:mini_isles/names"]
    assert "mini/oracles/sky/names/second" not in isles.tables  # not listed again by the expansion: gone
    assert isles.replaced["mini/collections/oracles/sky/names"] == "oracle_collection:mini_isles/names"


def test_a_collection_that_enhances_one_adds_its_contents(classic):
    moves = next(c for c in classic.collections if c.id == "miniclassic/collections/oracles/moves")
    assert "minidelve/oracles/moves/find_an_opportunity" in moves.tables
    assert [c.id for c in moves.collections] == [
        "miniclassic/collections/oracles/moves/ask_the_oracle",
        "minidelve/collections/oracles/moves/delve_the_depths",
    ]
    assert "minidelve/collections/oracles/moves" not in {c.id for c in classic.collections}


def test_an_alternative_in_its_own_package_keeps_both(classic):
    """Delve's "Reveal a Danger (alternate version)" replaces Reveal a Danger of its own package: both stay."""
    assert "minidelve/moves/delve/reveal_a_danger" in classic.moves
    assert "minidelve/moves/delve/reveal_a_danger_alt" in classic.moves
    assert classic.replacements["minidelve/moves/delve/reveal_a_danger_alt"] == (
        "minidelve/moves/delve/reveal_a_danger",
    )
    assert classic.replaced == {}


def test_a_0_1_pattern_finds_the_assets_of_a_0_0_10_base(isles):
    """`asset:*/support_vehicle/*` (0.1) finds mini's skiff (`mini/assets/support_vehicle/skiff`, 0.0.10)."""
    hero = PlayerCharacter(Stats(3, 2, 2, 1, 1)).add_asset(isles.asset("Skiff")).add_asset(isles.asset("Sloop"))
    brace = isles.move("Brace the Hull")
    assert [str(option) for option in move_options(brace, hero)] == ["integrity (Skiff) (+2)", "integrity (Sloop) (+4)"]
    result = make_move(brace, hero, option="integrity (Sloop)", rng=ScriptedDice([2, 3, 9]))
    assert str(result.action) == "Action 2 + 4 = 6 vs 3 · 9 -> weak hit"


def test_tables_that_moves_assets_and_truths_hold_are_tables_of_the_ruleset(isles, classic):
    assert isles.table("Damage").id == "move.oracle_rollable:mini_isles/daring/brace_the_hull.damage"
    assert isles.table("Squawk").id == "asset.ability.oracle_rollable:mini_isles/companion/parrot.0.squawk"
    assert isles.truth("The Curse").options[1].tables == ("truth.option.oracle_rollable:mini_isles/curse.1.origin",)
    # Datasworn 0.0.10 gives a truth option's table no id: it gets the one its text names.
    assert classic.truth("The Old World").options[0].tables == ("miniclassic/truths/old_world/0",)
    assert [row.text for row in classic.table("miniclassic/truths/old_world/0").rows] == [
        "The harbors",
        "The mountains",
    ]


def test_a_truth_rolls_its_options_then_the_tables_of_the_option():
    """Truths "read and rollable where they hold tables"."""
    ruleset = load(CLASSIC)
    rolled = ruleset.roll_truth("The Old World", rng=ScriptedDice([20, 76]))
    assert str(rolled) == "The Old World: 20 -> A plague drove us out. [The Old World 1 (1d100): 76 -> The mountains]"
    assert rolled.option is not None
    assert rolled.option.quest_starter == "Find a cure."
    assert type(rolled).from_json(rolled.to_json()) == rolled
    assert str(ruleset.roll_truth("The Old World", rng=ScriptedDice([51]))) == "The Old World: 51 -> War drove us out."
    assert isinstance(ruleset.truth("old_world"), Truth)
    assert [str(row) for row in ruleset.truth("The Old World").table().rows] == [
        "1-50 A plague drove us out.",
        "51-100 War drove us out.",
    ]


def test_npcs_and_rules_are_read_and_merged(classic):
    troll = classic.npc("Troll")
    assert (troll.rank, troll.nature, troll.features, troll.drives, troll.tactics) == (
        Rank.FORMIDABLE,
        "Beast",
        ("Huge", "Slow"),
        ("Eat",),
        ("Smash",),
    )
    assert [(v.name, v.rank) for v in troll.variants] == [("Cave troll", Rank.EXTREME)]
    assert classic.npc("Cave Bat").rank is Rank.TROUBLESOME  # Delve's NPC collection enhances Classic's
    rules = classic.rules
    assert [s.key for s in rules.stats] == ["edge", "heart", "iron", "shadow", "wits"]
    assert [(m.key, m.maximum, m.value, m.shared) for m in rules.condition_meters] == [
        ("health", 5, 5, False),
        ("spirit", 5, 5, False),
        ("supply", 5, 5, True),
    ]
    assert [(i.key, i.category, i.prevents_recovery, i.permanent) for i in rules.impacts][:2] == [
        ("wounded", "conditions", ("health",), False),
        ("shaken", "conditions", ("spirit",), False),
    ]
    assert [t.key for t in rules.special_tracks] == ["bonds", "failure_track"]  # Delve adds its failure track


def test_delve_content_is_read(classic):
    site = classic.delve_site("Bat Cave")
    assert (site.theme, site.domain, site.rank) == (
        "minidelve/site_themes/ancient",
        "minidelve/site_domains/cavern",
        Rank.DANGEROUS,
    )
    assert [(d.low, d.high, str(d.frequency), d.text) for d in site.denizens][:2] == [
        (1, 27, "very common", "minidelve/npcs/beasts/cave_bat"),
        (28, 55, "common", "miniclassic/npcs/beasts/troll"),
    ]
    assert [str(row) for row in classic.site_theme("Ancient").dangers] == [
        "1-15 Ancient trap",
        "16-30 Ancient evil resurgent",
    ]
    assert classic.site_domain("Cavern").name_oracle == "miniclassic/oracles/sky/omen"
    assert (classic.rarity("Bat Amulet").xp_cost, classic.rarity("Bat Amulet").asset) == (
        4,
        "miniclassic/assets/companion/hawk",
    )


def test_a_folder_holds_the_base_and_its_expansions(tmp_path):
    """From files or from a folder; the base goes first wherever it is; other JSON files are skipped, noted."""
    (tmp_path / "b-delve.json").write_text(DELVE.read_text(encoding="utf-8"), encoding="utf-8")
    (tmp_path / "a-classic.json").write_text(CLASSIC.read_text(encoding="utf-8"), encoding="utf-8")
    (tmp_path / "notes.json").write_text("{}", encoding="utf-8")
    (tmp_path / "package.json").write_text('{"name": "x"}', encoding="utf-8")
    ruleset = load(tmp_path)
    assert [p.id for p in ruleset.packages] == ["miniclassic", "minidelve"]
    assert "skipped notes.json: not a Datasworn package (no datasworn_version)" in ruleset.warnings
    assert [p.id for p in load(DELVE, CLASSIC).packages] == ["miniclassic", "minidelve"]


def test_npm_package_folders_in_a_folder(tmp_path):
    for name, source in (("classic", CLASSIC), ("delve", DELVE)):
        folder = tmp_path / name / "package" / "json"
        folder.mkdir(parents=True)
        (folder / f"{name}.json").write_text(source.read_text(encoding="utf-8"), encoding="utf-8")
    assert [p.id for p in load(tmp_path).packages] == ["miniclassic", "minidelve"]
    assert [p.id for p in load(tmp_path / "classic" / "package", tmp_path / "delve" / "package").packages] == [
        "miniclassic",
        "minidelve",
    ]


def test_an_expansion_alone_loads_with_one_note():
    delve = load(DELVE)
    assert delve.warnings == (
        "minidelve is an expansion of 'miniclassic', loaded without it: "
        "what it says of that ruleset's moves, tables and assets finds nothing",
    )
    assert delve.id == "minidelve"


def test_an_expansion_of_another_ruleset_is_merged_with_a_note():
    data = _json(DELVE)
    data["ruleset"] = "starforged"
    assert "minidelve is an expansion of 'starforged', merged onto 'miniclassic'" in load(CLASSIC, data).warnings


def _table(table_id, name, text):
    return {"_id": table_id, "type": "oracle_rollable", "name": name, "dice": "1d100",
            "rows": [{"min": 1, "max": 100, "text": text}]}  # fmt: skip


def _tiny_starforged_0_0_10():
    """A base written as @datasworn/starforged 0.0.10 writes its ids (invented content)."""
    return {
        "_id": "starforged", "datasworn_version": "0.0.10", "type": "ruleset", "title": "Tiny Starforged",
        "oracles": {
            "characters": {
                "_id": "starforged/collections/oracles/characters", "name": "Characters", "oracle_type": "tables",
                "contents": {"role": _table("starforged/oracles/characters/role", "Role", "Pilot")},
                "collections": {"name": {
                    "_id": "starforged/collections/oracles/characters/name", "name": "Name",
                    "contents": {"given": _table("starforged/oracles/characters/name/given", "Given Name", "Ash")},
                }},
            },
            "moves": {
                "_id": "starforged/collections/oracles/moves", "name": "Move Oracles",
                "contents": {"pay_the_price": _table("starforged/oracles/moves/pay_the_price", "Pay the Price", "Ow")},
            },
        },
        "moves": {"fate": {
            "_id": "starforged/collections/moves/fate", "name": "Fate",
            "contents": {"pay_the_price": {
                "_id": "starforged/moves/fate/pay_the_price", "name": "Pay the Price", "roll_type": "no_roll",
                "trigger": {"text": "When you suffer..."}, "text": "Roll on the table.",
                "oracles": ["starforged/oracles/moves/pay_the_price"],
            }},
        }},
    }  # fmt: skip


_PRICE = "move.oracle_rollable:starforged/fate/pay_the_price.pay_the_price"


def _tiny_expansion_0_1():
    """An expansion written in 0.1 that names the base's tables by their 0.1 ids, as Sundered Isles does."""
    return {
        "_id": "isles", "datasworn_version": "0.1.0", "type": "expansion", "ruleset": "starforged", "title": "Isles",
        "oracles": {"character": {
            "_id": "oracle_collection:isles/character", "type": "oracle_collection", "name": "Characters",
            "oracle_type": "tables", "replaces": ["oracle_collection:starforged/character"],
            "contents": {
                "roles": {**_table("oracle_rollable:isles/character/roles", "Roles", "Sailor"),
                          "replaces": ["oracle_rollable:starforged/character/role"]},
                "given_name": {**_table("oracle_rollable:isles/character/given_name", "Given Name", "Wren"),
                               "replaces": ["oracle_rollable:starforged/character/name/given_name"]},
                "omen": _table("oracle_rollable:isles/character/omen", "Omen", f"[Pay the Price](datasworn:{_PRICE})"),
            },
        }},
    }  # fmt: skip


def test_an_expansion_in_0_1_replaces_what_starforged_0_0_10_named_otherwise():
    """Sundered Isles (0.1) replaces ``oracle_collection:starforged/character`` and
    ``oracle_rollable:starforged/character/name/given_name``, which Starforged 0.0.10 calls
    ``starforged/collections/oracles/characters`` and ``.../characters/name/given``: both are found and replaced,
    and a 0.1 link to a move's table (``move.oracle_rollable:starforged/fate/pay_the_price.pay_the_price``) finds
    the table the 0.0.10 move lists."""
    ruleset = load(_tiny_starforged_0_0_10(), _tiny_expansion_0_1())
    assert not [w for w in ruleset.warnings if "does not have" in w], ruleset.warnings
    assert "starforged/oracles/characters/role" not in ruleset.tables
    assert "starforged/oracles/characters/name/given" not in ruleset.tables
    assert ruleset.table("starforged/oracles/characters/role").name == "Roles"
    assert ruleset.table("oracle_rollable:starforged/character/name/given_name").name == "Given Name"
    assert [c.id for c in ruleset.collections] == [
        "oracle_collection:isles/character",
        "starforged/collections/oracles/moves",
    ]
    price = ruleset.table("move.oracle_rollable:starforged/fate/pay_the_price.pay_the_price")
    assert price.id == "starforged/oracles/moves/pay_the_price"


@pytest.mark.parametrize(
    ("sources", "message"),
    [
        ((CLASSIC, MINI), "a ruleset is one base package and its expansions; got 2 bases: miniclassic, mini"),
        ((CLASSIC, CLASSIC), "the package 'miniclassic' is given twice"),
    ],
)
def test_two_bases_or_one_package_twice_are_refused(sources, message):
    with pytest.raises(InvalidInput, match=message):
        load(*sources)


def test_an_id_two_packages_both_define_is_refused():
    data = _json(DELVE)
    data["site_themes"]["ancient"]["_id"] = "miniclassic/truths/old_world"
    data["truths"] = {
        "old": {"_id": "miniclassic/truths/old_world", "name": "Old", "options": [{"min": 1, "max": 100}]}
    }
    with pytest.raises(
        InvalidInput, match="minidelve has 'miniclassic/truths/old_world', which an earlier package has"
    ):
        load(CLASSIC, data)


def test_a_replacement_that_finds_nothing_is_noted():
    data = _json(ISLES)
    data["moves"]["daring"]["contents"]["brace_the_hull"]["replaces"] = ["move:mini/daring/no_such_move"]
    warnings = load(MINI, data).warnings
    assert (
        "move:mini_isles/daring/brace_the_hull replaces move:mini/daring/no_such_move, which this ruleset does not have"
    ) in warnings


@pytest.mark.parametrize(
    ("edit", "path"),
    [
        (lambda d: d.update(type="supplement"), "$.type"),
        (lambda d: d.pop("ruleset"), "$.ruleset"),
        (lambda d: d["site_themes"]["ancient"].update(features=[{"min": 5, "max": 1, "text": "x"}]), "features[0]"),
        (lambda d: d["delve_sites"]["bat_cave"].update(rank=6), "$.delve_sites.bat_cave.rank"),
        (lambda d: d["delve_sites"]["bat_cave"]["denizens"][0].update(frequency="often"), "denizens[0].frequency"),
        (lambda d: d["rarities"]["bat_amulet"].update(xp_cost=-1), "$.rarities.bat_amulet.xp_cost"),
        (lambda d: d["npcs"]["beasts"]["contents"]["cave_bat"].update(rank="high"), "cave_bat.rank"),
        (lambda d: d["npcs"]["beasts"]["contents"]["cave_bat"].update(features="wings"), "cave_bat.features"),
        (lambda d: d["rules"]["special_tracks"]["failure_track"].update(optional="yes"), "failure_track.optional"),
    ],
)
def test_bad_package_data_names_its_json_path(edit, path):
    data = _json(DELVE)
    edit(data)
    with pytest.raises(DataswornError) as caught:
        load(CLASSIC, data)
    assert path in caught.value.path or path in str(caught.value)


def test_bad_truths_name_their_json_path():
    data = _json(CLASSIC)
    data["truths"]["old_world"]["options"][0]["min"] = 60
    with pytest.raises(DataswornError, match=r"truths.old_world.options\[0\]: min 60 is above max 50"):
        load(data)
    data = _json(CLASSIC)
    data["truths"]["old_world"]["options"] = []
    with pytest.raises(DataswornError, match="a truth needs at least one option"):
        load(data)


def test_load_refuses_what_is_not_a_source():
    with pytest.raises(TypeError, match="source must be a path"):
        load(CLASSIC, 3)
    with pytest.raises(TypeError, match="strict must be a bool"):
        load(CLASSIC, strict="yes")


def test_an_empty_folder_is_refused(tmp_path):
    with pytest.raises(InvalidInput, match="holds no Datasworn package"):
        load(tmp_path)


# -- the data checks (issue 29, deliverable 4) -------------------------------------------------


def _with_table_rows(rows, **table):
    data = _json(CLASSIC)
    data["oracles"]["sky"]["contents"]["omen"]["rows"] = rows
    data["oracles"]["sky"]["contents"]["omen"].update(table)
    return data


@pytest.mark.parametrize(
    ("rows", "dice", "expected"),
    [
        ([{"min": 1, "max": 50, "text": "a"}, {"min": 61, "max": 100, "text": "b"}], "1d100", "no row for 51-60"),
        ([{"min": 1, "max": 60, "text": "a"}, {"min": 50, "max": 100, "text": "b"}], "1d100", "several rows for 50-60"),
        (
            [{"min": 1, "max": 6, "text": "a"}, {"min": 7, "max": 8, "text": "b"}],
            "1d6",
            "rows out of the dice's range: 1",
        ),
    ],
)
def test_gaps_overlaps_and_rows_outside_the_dice_are_warned(rows, dice, expected):
    ruleset = load(_with_table_rows(rows, dice=dice))
    found = [w for w in ruleset.warnings if w.startswith("coverage: miniclassic/oracles/sky/omen")]
    assert len(found) == 1
    assert expected in found[0]


def test_a_row_without_text_is_warned():
    ruleset = load(_with_table_rows([{"min": 1, "max": 50, "text": "a"}, {"min": 51, "max": 100, "text": "  "}]))
    assert "empty text: miniclassic/oracles/sky/omen row 1 (51-100) says nothing" in ruleset.warnings


@pytest.mark.parametrize(
    ("edit", "expected"),
    [
        (
            lambda d: d["moves"]["adventure"]["contents"]["face_danger"].update(
                text="[Gone](id:miniclassic/moves/gone)"
            ),
            "broken reference: miniclassic/moves/adventure/face_danger links to miniclassic/moves/gone",
        ),
        (
            lambda d: d["oracles"]["sky"]["contents"]["omen"]["rows"][0].update(
                oracle_rolls=[{"oracle": "miniclassic/oracles/sky/gone", "auto": True, "number_of_rolls": 1}]
            ),
            "broken reference: miniclassic/oracles/sky/omen rolls on miniclassic/oracles/sky/gone",
        ),
        (
            lambda d: d["oracles"]["sky"]["contents"]["omen"]["rows"][1].update(text="{{table>oracle_rollable:x/y}}"),
            "broken reference: miniclassic/oracles/sky/omen uses the template of oracle_rollable:x/y",
        ),
        (
            lambda d: d["oracles"]["sky"]["contents"]["omen"]["rows"][1].update(
                suggestions={"oracles": ["miniclassic/no"]}
            ),
            "broken reference: miniclassic/oracles/sky/omen suggests miniclassic/no",
        ),
        (
            lambda d: d["moves"]["adventure"]["contents"]["face_danger"]["trigger"]["conditions"][0].update(
                roll_options=[{"using": "asset_control", "control": "health", "assets": ["*/assets/ship/*"]}]
            ),
            "broken reference: miniclassic/moves/adventure/face_danger rolls +health of */assets/ship/*",
        ),
        (
            lambda d: d["assets"]["companion"]["contents"]["hawk"]["abilities"][0].update(
                enhance_moves=[{"roll_type": "action_roll", "enhances": ["miniclassic/moves/adventure/fly"]}]
            ),
            "broken reference: miniclassic/assets/companion/hawk/abilities/0 enhances miniclassic/moves/adventure/fly, "
            "which names no move of roll type action roll",
        ),
    ],
)
def test_broken_references_are_warned(edit, expected):
    data = _json(CLASSIC)
    edit(data)
    assert any(w.startswith(expected) for w in load(data).warnings), load(data).warnings


def test_a_link_to_a_collection_by_a_tables_path_is_no_broken_reference():
    """Starforged 0.0.10 links "[Starship Mission](id:starforged/oracles/starships/mission)", a collection:
    for the reader, a link to it by a table's path is whole."""
    data = _json(CLASSIC)
    data["moves"]["adventure"]["contents"]["face_danger"].update(text="See [the sky](id:miniclassic/oracles/sky).")
    assert not [w for w in load(data).warnings if "miniclassic/oracles/sky" in w]
    data["moves"]["adventure"]["contents"]["face_danger"].update(text="See [the sea](id:miniclassic/oracles/sea).")
    assert [w for w in load(data).warnings if "links to miniclassic/oracles/sea" in w]  # the check still sees


def test_a_template_reference_read_beside_its_table_says_so():
    """The Faction Name Template fills factions/legacy from factions/name/legacy: still a broken
    reference of the data, and the warning says which table is read. A plain link is read by no one."""
    data = _json(CLASSIC)
    data["oracles"]["sky"]["contents"]["omen"]["rows"][0].update(text="The {{text:miniclassic/oracles/omen}}")
    data["oracles"]["sky"]["contents"]["omen"]["rows"][1].update(text="[Lost](id:miniclassic/oracles/lost)")
    warned = [w for w in load(data).warnings if "miniclassic/oracles/omen" in w or "oracles/lost" in w]
    assert sorted(warned) == [
        "broken reference: miniclassic/oracles/sky/omen links to miniclassic/oracles/lost, which this ruleset does "
        "not have",
        "broken reference: miniclassic/oracles/sky/omen uses the template of miniclassic/oracles/omen, which this "
        "ruleset does not have; read as miniclassic/oracles/sky/omen, beside it",
    ]


def test_broken_delve_references_are_warned():
    data = _json(DELVE)
    site = data["delve_sites"]["bat_cave"]
    site["theme"] = "minidelve/site_themes/haunted"
    site["denizens"][0]["npc"] = "minidelve/npcs/beasts/owl"
    data["rarities"]["bat_amulet"]["asset"] = "miniclassic/assets/companion/owl"
    data["site_domains"]["cavern"]["name_oracle"] = "miniclassic/oracles/names/cave"
    warnings = load(CLASSIC, data).warnings
    for expected in (
        "broken reference: minidelve/delve_sites/bat_cave has the theme minidelve/site_themes/haunted",
        "broken reference: minidelve/delve_sites/bat_cave has the denizen minidelve/npcs/beasts/owl",
        "broken reference: minidelve/rarities/bat_amulet augments miniclassic/assets/companion/owl",
        "broken reference: minidelve/site_domains/cavern names sites with miniclassic/oracles/names/cave",
    ):
        assert any(w.startswith(expected) for w in warnings), expected


def test_a_sound_ruleset_has_no_warnings_and_strict_mode_loads_it(classic):
    assert classic.warnings == ()
    assert load(CLASSIC, DELVE, strict=True).packages == classic.packages


def test_strict_mode_refuses_data_with_problems():
    data = _with_table_rows([{"min": 1, "max": 50, "text": "a"}])
    with pytest.raises(DataswornProblems) as caught:
        load(data, strict=True)
    assert caught.value.problems == ("coverage: miniclassic/oracles/sky/omen: no row for 51-100 (1d100)",)
    assert "1 problem in strict mode: coverage" in str(caught.value)
    assert isinstance(caught.value, InvalidInput)


def test_the_checks_run_when_warnings_are_first_read():
    ruleset = load(MINI)
    assert ruleset._found == {}
    assert ruleset.warnings == ruleset.warnings  # computed once, kept
    assert "checks" in ruleset._found


def test_a_ruleset_built_by_hand_has_no_checks():
    base = load(CLASSIC)
    bare = Ruleset("x", "X", "0.0.10", None, base.moves, base.tables, base.collections, base.assets, warnings=("a",))
    assert bare.warnings == ("a",)
    assert bare.truths == {}


# -- the command line ------------------------------------------------------------------------


def test_the_cli_takes_several_data_files(capsys):
    status = main(["oracle", "table", "Tide", "--data", str(MINI), "--data", str(ISLES), "--dice", "70"])
    captured = capsys.readouterr()
    assert status == 0
    assert captured.out == "Tide (1d100): 70 -> A racing tide\n"
    assert captured.err.startswith("tabletop oracle: warning: the data has 2 problems (first: the packages mix")


def test_the_cli_lists_every_warning_and_strict_refuses(capsys):
    assert (
        main(["oracle", "table", "Tide", "--data", str(MINI), "--data", str(ISLES), "--dice", "70", "--warnings"]) == 0
    )
    err = capsys.readouterr().err.splitlines()
    assert err == [
        "tabletop oracle: warning: the packages mix Datasworn formats (mini 0.0.10, mini_isles 0.1.0): "
        "ids are matched across the two",
        "tabletop oracle: warning: coverage: mini/oracles/sky/patchy: no row for 50-59; several rows for 80 (1d100)",
    ]
    assert main(["oracle", "table", "Tide", "--data", str(MINI), "--strict", "--dice", "70"]) == 2
    assert "1 problem in strict mode" in capsys.readouterr().err
    assert (
        main(["oracle", "table", "Omen", "--data", str(CLASSIC), "--data", str(DELVE), "--strict", "--dice", "70"]) == 0
    )
    assert capsys.readouterr() == ("Omen (1d100): 70 -> A storm\n", "")


def test_the_cli_rolls_with_the_cursed_die(capsys):
    assert (
        main(["oracle", "table", "Tide", "--data", str(MINI), "--data", str(ISLES), "--cursed", "--dice", "70,10"]) == 0
    )
    out = capsys.readouterr().out
    assert out == (
        "Tide (1d100): 70 -> A racing tide; cursed die 10: cursed (replace result) -> "
        "Cursed Tide (1d100): 70 -> A tide of black blood\n"
    )


def test_deep_copies_load_the_same(isles):
    again = load(copy.deepcopy(_json(MINI)), copy.deepcopy(_json(ISLES)))
    assert dict(again.tables) == dict(isles.tables)
    assert again.moves == isles.moves
    assert again.cursed_versions == isles.cursed_versions


def test_an_npc_that_holds_tables_gives_them_to_the_ruleset():
    """NPC sections "read and rollable where they hold tables"."""
    data = _json(CLASSIC)
    troll = data["npcs"]["beasts"]["contents"]["troll"]
    troll["oracles"] = {
        "mood": {
            "_id": "miniclassic/npcs/beasts/troll/mood",
            "name": "Troll Mood",
            "rows": [{"min": 1, "max": 50, "text": "Hungry"}, {"min": 51, "max": 100, "text": "Sleepy"}],
        }
    }
    ruleset = load(data)
    assert ruleset.npc("Troll").tables == ("miniclassic/npcs/beasts/troll/mood",)
    assert str(ruleset.roll("Troll Mood", rng=ScriptedDice([60]))) == "Troll Mood (1d100): 60 -> Sleepy"
