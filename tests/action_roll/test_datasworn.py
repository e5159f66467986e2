"""The Datasworn reader and oracle tables, on an invented mini ruleset in the Datasworn format."""

import copy
import io
import itertools
import json
import pathlib
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop_core import DiceExhausted, InvalidInput, ScriptedDice
from tabletop_core.action_roll import Outcome, datasworn
from tabletop_core.action_roll.datasworn import (
    DataswornError,
    OracleRow,
    OracleTable,
    RollType,
    TableRoll,
    load,
    roll_table,
)

MINI = pathlib.Path(__file__).parents[2] / "docs" / "examples" / "mini-starforged.json"


@pytest.fixture(scope="module")
def raw():
    return json.loads(MINI.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def mini():
    return load(MINI)


def test_loads_from_path_file_and_parsed_json(raw):
    by_path = load(MINI)
    by_file = load(io.StringIO(MINI.read_text(encoding="utf-8")))
    by_data = load(raw)
    for ruleset in (by_path, by_file, by_data):
        assert ruleset.id == "mini"
        assert ruleset.datasworn_version == "0.0.10"
        # the invented data's patchy table, on purpose (see test_a_patchy_table_is_reported)
        assert ruleset.warnings == ("coverage: mini/oracles/sky/patchy: no row for 50-59; several rows for 80 (1d100)",)
        assert sorted(ruleset.moves) == sorted(by_path.moves)
        assert dict(ruleset.tables) == dict(by_data.tables)  # built on use from a file, at once from data
        assert ruleset.table("Omen") is ruleset.table("mini/oracles/sky/omen")
    assert str(by_path) == (
        "Mini Starforged (invented for the tabletop_core docs and tests) (Datasworn 0.0.10): "
        "10 moves, 15 oracle tables, 8 assets"
    )


def test_moves_are_read_with_roll_type_conditions_and_outcomes(mini):
    leap = mini.move("Leap")
    assert leap.id == "mini/moves/daring/leap"
    assert leap.roll_type is RollType.ACTION_ROLL
    assert [c.text for c in leap.conditions] == ["With grace", "With force"]
    assert [(o.using, o.key) for o in leap.options()] == [("stat", "edge"), ("stat", "iron")]
    strong = leap.outcome(Outcome.STRONG_HIT)
    assert strong.text_for(True).startswith("On a __strong hit__ with a match")
    assert strong.text_for(False) == "On a __strong hit__, you land it. Take +1 momentum."
    assert [o.outcome for o in leap.outcomes] == [Outcome.STRONG_HIT, Outcome.WEAK_HIT, Outcome.MISS]
    toll = mini.move("pay_a_toll")
    assert toll.roll_type is RollType.NO_ROLL
    assert toll.conditions == ()
    assert toll.outcomes == ()
    promise = mini.move("Keep a Promise")  # from a nested collection
    assert promise.track_category == "Vow"
    assert mini.move("look back").roll_type is RollType.SPECIAL_TRACK
    haggle = mini.move("Haggle")
    assert [o.value for o in haggle.options()] == [3, 1]
    assert haggle.conditions[1].automatic_outcome is Outcome.STRONG_HIT


def test_asset_abilities_controls_and_their_moves(mini):
    hound = mini.asset("Clockwork Hound")
    assert [a.enabled for a in hound.abilities] == [True, False]
    assert hound.abilities[1].moves == ("mini/assets/companion/clockwork_hound/abilities/1/moves/fetch",)
    assert mini.move("Fetch").roll_type is RollType.ACTION_ROLL  # asset moves are in ruleset.moves
    health = hound.control("health")
    assert (health.value, health.minimum, health.maximum, health.rollable) == (3, 0, 3, True)
    battered = mini.asset("skiff").control("battered")
    assert battered.field_type == "checkbox"
    assert battered.is_impact
    assert battered.value == 0
    assert hound.options == ("name",)


def test_oracle_collections_nest_and_tables_are_flat(mini):
    sky, crew, _moves = mini.collections
    assert crew.name == "Crew"
    assert sky.tables == (
        "mini/oracles/sky/omen",
        "mini/oracles/sky/color",
        "mini/oracles/sky/weather",
        "mini/oracles/sky/patchy",
    )
    assert [(c.name, c.kind, len(c.tables)) for c in sky.collections] == [("Star Names", "table_shared_text", 2)]
    assert mini.table("names/second").rows[0].text2 == "bright"
    assert mini.table("Weather").rows[-1].is_rollable is False


def test_lookup_errors_suggest_names(mini):
    with pytest.raises(InvalidInput, match="no move named 'Leep'; did you mean Leap"):
        mini.move("Leep")
    with pytest.raises(TypeError, match="key must be a str"):
        mini.table(3)


def test_unknown_fields_are_tolerated_and_other_versions_warned(raw):
    data = copy.deepcopy(raw)
    data["datasworn_version"] = "0.2.0"
    data["moves"]["daring"]["contents"]["leap"]["trigger"]["shiny_new_key"] = [1, 2]
    ruleset = load(data)
    assert ruleset.warnings[0] == (
        "Datasworn 0.2.0 is newer than the versions this reader was written for (0.0.10 and 0.1.x): "
        "fields it does not know are ignored"
    )
    assert ruleset.move("Leap").name == "Leap"


@pytest.mark.parametrize(
    ("edit", "path", "message"),
    [
        (lambda d: d.pop("datasworn_version"), "$.datasworn_version", "is required but missing"),
        (lambda d: d.update(datasworn_version="ten"), "$.datasworn_version", "expected a version like"),
        (
            lambda d: d["moves"]["daring"]["contents"]["leap"].update(roll_type="dance"),
            "$.moves.daring.contents.leap.roll_type",
            "must be one of action_roll",
        ),
        (
            lambda d: d["oracles"]["sky"]["contents"]["omen"]["rows"][2].update(min="71"),
            "$.oracles.sky.contents.omen.rows[2].min",
            "expected an integer, got a string '71'",
        ),
        (
            lambda d: d["oracles"]["sky"]["contents"]["omen"]["rows"][2].update(min=95),
            "$.oracles.sky.contents.omen.rows[2]",
            "min 95 is above max 90",
        ),
        (
            lambda d: d["oracles"]["sky"]["contents"]["color"].update(dice="d10"),
            "$.oracles.sky.contents.color.dice",
            "dice must be a dice expression",
        ),
        (
            lambda d: d["oracles"]["sky"]["collections"]["names"]["contents"]["first"].update(rows=[]),
            "$.oracles.sky.collections.names.contents.first.rows",
            "at least one row",
        ),
        (
            lambda d: d["assets"]["support_vehicle"]["contents"]["skiff"]["controls"]["integrity"].update(value=7),
            "$.assets.support_vehicle.contents.skiff.controls.integrity",
            "must be 0..2, got 7",
        ),
        (
            lambda d: d["moves"]["daring"]["contents"]["leap"]["outcomes"].pop("miss"),
            "$.moves.daring.contents.leap.outcomes.miss",
            "is required but missing",
        ),
        (lambda d: d.update(moves=[]), "$.moves", "expected an object, got an array"),
    ],
)
def test_malformed_data_names_the_json_path(raw, edit, path, message):
    data = copy.deepcopy(raw)
    edit(data)
    with pytest.raises(DataswornError, match=message) as caught:
        load(data)
    assert caught.value.path == path
    assert str(caught.value).startswith(f"Datasworn data at {path}: ")


def test_bad_sources(tmp_path):
    with pytest.raises(InvalidInput, match="cannot read Datasworn file"):
        load(tmp_path / "missing.json")
    broken = tmp_path / "broken.json"
    broken.write_text("{not json", encoding="utf-8")
    with pytest.raises(InvalidInput, match="is not JSON"):
        load(broken)
    with pytest.raises(TypeError, match="source must be a path"):
        load(42)
    with pytest.raises(DataswornError, match=r"Datasworn data at \$: expected an object, got an array"):
        load([])


def test_a_package_directory_is_read(tmp_path, raw):
    (tmp_path / "json").mkdir()
    (tmp_path / "json" / "mini.json").write_text(json.dumps(raw), encoding="utf-8")
    assert load(tmp_path).id == "mini"


# -- rolling tables ---------------------------------------------------------------------


def test_roll_a_row(mini):
    result = mini.roll("Omen", rng=ScriptedDice([55]))
    assert (result.total, result.text, result.is_match, result.followups) == (55, "A green moon", True, ())
    assert result.match_text == "On a match, the omen speaks to you alone."
    assert str(result) == "Omen (1d100): 55 -> A green moon (match: On a match, the omen speaks to you alone.)"


def test_a_reference_to_another_table_is_followed(mini):
    result = mini.roll("Omen", rng=ScriptedDice([80, 7]))
    assert [f.text for f in result.followups] == ["Gold"]
    assert str(result) == "Omen (1d100): 80 -> A Color comet [Color (1d10): 7 -> Gold]"


def test_roll_twice_rerolls_roll_twice_and_duplicates(mini):
    result = mini.roll("Omen", rng=ScriptedDice([95, 99, 10, 20, 60]))
    assert [f.total for f in result.followups] == [10, 60]
    assert [d.total for d in result.discarded] == [99, 20]  # roll twice again; a second falling star
    assert [r.text for r in result.results()] == ["A falling star", "A green moon"]


def test_without_the_ruleset_references_are_not_followed(mini):
    result = roll_table(mini.table("Omen"), rng=ScriptedDice([80]))
    assert result.followups == ()
    assert roll_table(mini.table("Omen"), rng=ScriptedDice([95]), follow=False).followups == ()


def test_two_dice_tables_sum_and_keep_each_die(mini):
    result = mini.roll("Weather", rng=ScriptedDice([6, 5]))
    assert (result.dice, result.total, result.text, result.is_match) == ((6, 5), 11, "Fog", False)
    assert str(result) == "Weather (2d6): 6 + 5 = 11 -> Fog"


def test_a_failed_roll_leaves_scripted_dice_unused(mini):
    dice = ScriptedDice([95, 10])
    with pytest.raises(DiceExhausted):
        mini.roll("Omen", rng=dice)
    assert dice.remaining == 2


def test_seeded_rolls_repeat(mini):
    assert mini.roll("Omen", rng=7) == mini.roll("Omen", rng=7)


def test_results_round_trip_and_refuse_tampering(mini):
    result = mini.roll("Omen", rng=ScriptedDice([95, 99, 10, 20, 60]))
    data = json.loads(result.to_json())
    assert TableRoll.from_dict(data) == result
    data["total"] = 96
    with pytest.raises(InvalidInput, match="total must be the dice plus modifier"):
        TableRoll.from_dict(data)
    data = result.to_dict()
    data["is_match"] = True
    with pytest.raises(InvalidInput, match="is_match"):
        TableRoll.from_dict(data)


def test_coverage_finds_gaps_and_overlaps(mini):
    coverage = mini.table("Patchy Table").coverage()
    assert (coverage.gaps, coverage.overlaps, coverage.is_complete) == (((50, 59),), (80,), False)
    assert str(coverage) == "mini/oracles/sky/patchy: no row for 50-59; several rows for 80"
    assert mini.table("Patchy Table").row_for(55) is None
    assert mini.table("Patchy Table").row_for(80).text == "Middle"  # the first row wins
    assert all(mini.table(t).coverage().is_complete for t in mini.tables if not t.endswith("patchy"))


def test_exact_odds_of_rows(mini):
    weather = mini.table("Weather")
    odds = weather.odds()
    assert [(row.text, p) for row, p in odds.items()] == [
        ("Storm", Fraction(6, 36)),
        ("Clear", Fraction(24, 36)),
        ("Fog", Fraction(6, 36)),
    ]
    patchy = mini.table("Patchy Table").odds()
    assert patchy.probability(None) == Fraction(10, 100)


@given(
    bounds=st.lists(st.integers(1, 99), max_size=8, unique=True).map(sorted),
    dice=st.sampled_from(["1d100", "1d20", "2d10", "1d6+2"]),
)
def test_row_odds_match_brute_force(bounds, dice):
    edges = [0, *bounds, 100]
    rows = [OracleRow(a + 1, b, f"row {i}") for i, (a, b) in enumerate(itertools.pairwise(edges)) if a < b]
    table = OracleTable.from_rows("t", rows, dice=dice)
    count, sides, modifier = {"1d100": (1, 100, 0), "1d20": (1, 20, 0), "2d10": (2, 10, 0), "1d6+2": (1, 6, 2)}[dice]
    faces = [[f] for f in range(1, sides + 1)]
    if count == 2:
        faces = [[a, b] for a in range(1, sides + 1) for b in range(1, sides + 1)]
    expected: dict = {}
    for combo in faces:
        total = sum(combo) + modifier
        row = next((r for r in rows if r.low <= total <= r.high), None)
        expected[row] = expected.get(row, 0) + Fraction(1, len(faces))
    assert dict(table.odds().items()) == expected
    assert sum(table.odds().probabilities) == 1


def test_tables_of_your_own(tmp_path):
    table = OracleTable.from_rows("Loot", [(1, 3, "Coins"), {"min": 4, "max": 6, "text": "A map"}], dice="1d6")
    assert str(roll_table(table, rng=ScriptedDice([5]))) == "Loot (1d6): 5 -> A map"
    path = tmp_path / "loot.csv"
    path.write_text("min,max,text\n1,3,Coins\n4,6,A map\n", encoding="utf-8")
    assert OracleTable.from_csv(path, name="Loot", dice="1d6") == table
    assert OracleTable.from_dict(table.to_dict()) == table
    assert OracleTable.from_json(table.to_json()).row_for(2).text == "Coins"


@pytest.mark.parametrize(
    ("call", "error", "message"),
    [
        (lambda: OracleTable.from_rows("x", [(1, 2)]), InvalidInput, r"rows\[0\] must be \(low, high, text\)"),
        (lambda: OracleTable.from_rows("x", [(5, 2, "a")]), InvalidInput, "rows.0.: low must not be above high"),
        (lambda: OracleTable.from_rows("x", [("1", 2, "a")]), TypeError, "low must be an int"),
        (lambda: OracleTable.from_rows("x", "abc"), TypeError, "rows must be an iterable"),
        (lambda: OracleTable.from_rows("x", []), InvalidInput, "at least one row"),
        (lambda: OracleTable.from_rows("x", [(1, 2, "a")], dice="1d0"), InvalidInput, "dice must be a dice expression"),
        (lambda: OracleTable.from_rows("x", [(1, 2, "a")], dice="20d6"), InvalidInput, "at most 10 dice"),
        (lambda: OracleTable.from_csv(io.StringIO("a,b\n1,2\n"), name="x"), InvalidInput, "missing max, min, text"),
        (lambda: OracleTable.from_csv(io.StringIO("min,max,text\nx,2,a\n"), name="x"), InvalidInput, "CSV line 2"),
        (lambda: OracleTable.from_csv("/nonexistent.csv", name="x"), InvalidInput, "cannot read CSV file"),
        (lambda: roll_table("table"), TypeError, "table must be a OracleTable"),
        (lambda: roll_table(OracleTable.from_rows("x", [(1, 100, "a")]), tables=3), TypeError, "tables must be"),
        (lambda: OracleTable.from_rows("x", [(1, 100, "a")]).row_for(0), InvalidInput, "roll must be an int from 1"),
    ],
)
def test_bad_tables_and_calls(call, error, message):
    with pytest.raises(error, match=message):
        call()


def test_plain_text():
    assert datasworn.plain_text("[Pay](id:x/y) the __price__") == "Pay the price"
    with pytest.raises(TypeError):
        datasworn.plain_text(None)


@given(value=st.integers(1, 100))
def test_a_roll_lands_on_the_row_for_its_value(value):
    table = load(MINI).table("Patchy Table")
    result = roll_table(table, rng=ScriptedDice([value]))
    assert (result.dice, result.total, result.row) == ((value,), value, table.row_for(value))


def test_seeded_rolls_use_the_same_draw_as_the_dice_source(mini):
    import tabletop_core as tc

    table = mini.table("Omen")
    for seed in range(20):
        expected = tc.dice_source(seed).roll(100)
        assert roll_table(table, rng=seed, follow=False).total == expected


def test_datasworn_0_1_shapes_load(raw):
    # Datasworn 0.1 writes a row's range as roll: {min, max} and a move's tables as an object.
    data = copy.deepcopy(raw)
    data["datasworn_version"] = "0.1.0-0"
    for row in data["oracles"]["sky"]["contents"]["color"]["rows"]:
        row["roll"] = {"min": row.pop("min"), "max": row.pop("max")}
    data["oracles"]["sky"]["contents"]["weather"]["rows"][3]["roll"] = None
    del data["oracles"]["sky"]["contents"]["weather"]["rows"][3]["min"]
    data["moves"]["daring"]["contents"]["leap"]["oracles"] = {
        "landing": {
            "_id": "mini/moves/daring/leap/landing",
            "name": "Landing",
            "rows": [{"roll": {"min": 1, "max": 100}, "text": "Soft"}],
        }
    }
    ruleset = load(data)
    assert not any("Datasworn 0.1" in warning for warning in ruleset.warnings)  # 0.1 is read without a note
    assert [(r.low, r.high) for r in ruleset.table("Color").rows] == [(1, 3), (4, 6), (7, 9), (10, 10)]
    assert ruleset.table("Weather").rows[3].is_rollable is False
    assert ruleset.move("Leap").oracles == ("mini/moves/daring/leap/landing",)
    assert ruleset.roll("mini/moves/daring/leap/landing", rng=5).text == "Soft"  # the move's own table
    data["oracles"]["sky"]["contents"]["color"]["rows"][0]["roll"] = {"min": "1", "max": 3}
    with pytest.raises(DataswornError) as caught:
        load(data)
    assert caught.value.path == "$.oracles.sky.contents.color.rows[0].roll.min"


@pytest.mark.parametrize(
    ("row", "path", "message"),
    [
        ({"min": 41, "max": 30, "text": "A green moon"}, "rows[1]", "min 41 is above max 30"),
        ({"min": "41", "max": 70, "text": "A green moon"}, "rows[1].min", "expected an integer"),
        ({"min": 41, "max": 70, "text": 7}, "rows[1].text", "expected a string"),
        ({"min": 41, "max": 70, "text": "x", "text2": 3}, "rows[1].text2", "expected a string"),
    ],
)
def test_a_file_is_checked_at_load_though_its_tables_are_built_later(raw, tmp_path, row, path, message):
    data = copy.deepcopy(raw)
    data["oracles"]["sky"]["contents"]["omen"]["rows"][1] = row
    file = tmp_path / "broken.json"
    file.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(DataswornError, match=message) as caught:
        load(file)
    assert caught.value.path == f"$.oracles.sky.contents.omen.{path}"


def test_a_file_s_assets_are_read_on_first_use_with_the_same_errors(raw, tmp_path):
    """Loading a file reads each asset's id and name; the rest is read, and checked, the first time the asset is
    used, with the same error at the same JSON path as reading it at once (``strict=True`` reads every one at
    load). Parsed JSON given to load is read at once."""
    data = copy.deepcopy(raw)
    data["assets"]["companion"]["contents"]["ember_fox"]["abilities"][0]["text"] = 7
    file = tmp_path / "broken.json"
    file.write_text(json.dumps(data), encoding="utf-8")
    where = "$.assets.companion.contents.ember_fox.abilities[0].text"
    with pytest.raises(DataswornError) as at_once:
        load(data)
    assert at_once.value.path == where
    ruleset = load(file)
    assert "mini/assets/companion/ember_fox" in ruleset.assets
    assert ruleset.asset("Clockwork Hound").name == "Clockwork Hound"
    with pytest.raises(DataswornError) as on_use:
        ruleset.asset("Ember Fox")
    assert on_use.value.path == where
    with pytest.raises(DataswornError) as strict:
        load(file, strict=True)
    assert strict.value.path == where
    fine = load(MINI)
    assert fine.asset("Ember Fox") is fine.asset("Ember Fox")  # read once
    assert fine.asset("Ember Fox") == load(raw).asset("Ember Fox")


# -- the inline reading of common rows agrees with the checked reading --------------------

_ROW_VALUES = st.one_of(
    st.integers(-2, 102), st.none(), st.text(max_size=3), st.booleans(), st.lists(st.integers(1, 5), max_size=2)
)
_SPANS = st.one_of(
    st.fixed_dictionaries({"min": _ROW_VALUES, "max": _ROW_VALUES}),
    st.fixed_dictionaries({"min": st.integers(1, 100), "max": st.integers(1, 100)}),
    st.dictionaries(st.sampled_from(["min", "max", "step"]), _ROW_VALUES, max_size=3),
    _ROW_VALUES,
)
_TEXTS = st.one_of(st.text(max_size=4), _ROW_VALUES)
_KEYS = st.sampled_from(["min", "max", "roll", "text", "text2", "_i18n", "icon"])
_PLAIN_0_1 = st.builds(
    lambda lo, span, text: {"roll": {"min": lo, "max": lo + span}, "text": text, "_id": "x"},
    st.integers(1, 60),
    st.integers(0, 40),
    st.text(max_size=4),
)
_ROWS = st.one_of(
    _PLAIN_0_1,
    st.builds(
        lambda lo, hi, text: {"min": lo, "max": hi, "text": text}, st.integers(1, 50), st.integers(1, 100), _TEXTS
    ),
    st.builds(lambda span, text: {"roll": span, "text": text, "_id": "x"}, _SPANS, _TEXTS),
    st.dictionaries(_KEYS, st.one_of(_ROW_VALUES, _SPANS), max_size=5),
    _ROW_VALUES,
)


def _checked(data, path):
    from tabletop_core.action_roll.datasworn.table_reader import read_row

    try:
        return [
            read_row(_data_obj(row, f"{path}.rows[{i}]"), f"{path}.rows[{i}]") for i, row in enumerate(data["rows"])
        ]
    except DataswornError as error:
        return ("error", error.path)


def _data_obj(value, path):
    from tabletop_core.action_roll.datasworn import _data

    return _data.obj(value, path)


_GOOD_ROLL = st.fixed_dictionaries(
    {},
    optional={
        "oracle": st.sampled_from([None, "starforged/oracles/core/action"]),
        "number_of_rolls": st.sampled_from([None, 1, 2, 3, 10]),
        "auto": st.sampled_from([None, True, False]),
        "duplicates": st.sampled_from([None, "reroll", "keep", "make_it_worse"]),
        "dice": st.just("1d6"),
    },
)
_GOOD_MORE = st.fixed_dictionaries(
    {
        "min": st.integers(1, 50),
        "max": st.integers(50, 100),
        "text": st.text(max_size=3),
        "oracle_rolls": st.lists(_GOOD_ROLL, min_size=1, max_size=3),
    },
    optional={"text2": st.sampled_from([None, "", "Corvette"]), "text3": st.sampled_from([None, "Light attack ship"])},
)
# One flaw at most per row, so each part of the inline check is what decides some of the examples.
_FLAWS = [
    ("text", 0),
    ("text2", 0),
    ("text3", []),
    ("template", {"text": "x"}),
    ("template", 5),
    ("oracle_rolls", "x"),
    ("oracle_rolls", None),
    ("oracle_rolls", []),
    ("oracle_rolls", [0]),
    ("roll", "number_of_rolls", 0),
    ("roll", "number_of_rolls", 11),
    ("roll", "number_of_rolls", True),
    ("roll", "auto", 1),
    ("roll", "duplicates", "x"),
    ("roll", "duplicates", ""),
    ("roll", "duplicates", []),
    ("roll", "oracle", 0),
]


@st.composite
def _rows_with_more(draw):
    """A row with more columns or rolls of other tables (read inline at load), with at most one flaw."""
    row = draw(_GOOD_MORE)
    flaw = draw(st.sampled_from([None, *_FLAWS]))
    if flaw is not None and flaw[0] == "roll":
        rolls = [dict(roll) for roll in row["oracle_rolls"]]
        rolls[draw(st.integers(0, len(rolls) - 1))][flaw[1]] = flaw[2]
        row["oracle_rolls"] = rolls
    elif flaw is not None:
        row[flaw[0]] = flaw[1]
    return row


@settings(max_examples=300)
@given(st.lists(_rows_with_more(), min_size=1, max_size=3))
def test_the_check_at_load_refuses_exactly_the_rows_the_checked_path_refuses(rows):
    """Rows with more columns and with rolls of other tables are checked inline at load, not built: the
    check must refuse what reading them would refuse, at the same JSON path, and nothing else."""
    from tabletop_core.action_roll.datasworn.table_reader import check_table, read_table

    data = {"_id": "t", "name": "T", "dice": "1d100", "rows": rows}
    expected = _checked(data, "$")
    try:
        check_table(data, "$")
        checked = None
    except DataswornError as error:
        checked = ("error", error.path)
    assert checked == (expected if isinstance(expected, tuple) else None)
    if checked is None:
        assert list(read_table(data, "$").rows) == expected


@given(st.lists(_ROWS, min_size=1, max_size=6))
def test_rows_read_inline_are_the_rows_the_checked_path_reads(rows):
    """Thousands of rows are read inline (0.0.10's min/max and 0.1's roll: {min, max}); every row, valid or
    not, reads as the checked path reads it, and the first bad one fails at the same JSON path, at load and
    when the table is built."""
    from tabletop_core.action_roll.datasworn.table_reader import check_table, read_table

    data = {"_id": "t", "name": "T", "dice": "1d100", "rows": rows}
    expected = _checked(data, "$")
    for read in (lambda: read_table(data, "$").rows, lambda: (check_table(data, "$"), read_table(data, "$").rows)[1]):
        try:
            got = list(read())
        except DataswornError as error:
            got = ("error", error.path)
        assert got == expected
