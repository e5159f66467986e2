"""Oracle rolls followed at any depth, templates filled, plain text, columns, several rolls, flipped and chosen rows.

On the invented mini ruleset (``docs/examples/mini-starforged.json``, its "Crew" collection);
``test_datasworn_real.py`` checks the same on the published Starforged data.
"""

import json
import pathlib

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tabletop_core import DiceExhausted, InvalidInput, RuleError, ScriptedDice
from tabletop_core.action_roll.datasworn import (
    OracleResults,
    OracleTable,
    TableRoll,
    choose_row,
    fill_template,
    flip_digits,
    flip_roll,
    load,
    plain_text,
    roll_table,
    roll_times,
)
from tabletop_core.action_roll.oracle import read_oracle_dice

MINI = pathlib.Path(__file__).parents[2] / "docs" / "examples" / "mini-starforged.json"


@pytest.fixture(scope="module")
def mini():
    return load(MINI)


def _round_trip(record):
    again = type(record).from_json(record.to_json())
    assert again == record
    assert str(again) == str(record)
    return json.loads(record.to_json())


# -- following ----------------------------------------------------------------------------------------


def test_roll_twice_follows_the_automatic_rolls_of_each_result(mini):
    """'Roll twice' (auto) on a row that itself rolls Drive + Fear: both are rolled, at the second depth."""
    result = mini.roll("Crew Role", rng=ScriptedDice([90, 70, 3, 8, 10]))
    first, second = result.followups
    assert first.text == "Drive + Fear"
    assert [f.text for f in first.followups] == ["Glory", "Silence"]
    assert second.text == "Pilot"
    assert [r.text for r in result.results()] == ["Drive + Fear", "Pilot"]
    assert str(result) == (
        "Crew Role (1d100): 90 -> Roll twice [Crew Role (1d100): 70 -> Drive + Fear "
        "[Drive (1d10): 3 -> Glory; Fear (1d10): 8 -> Silence]; Crew Role (1d100): 10 -> Pilot]"
    )
    _round_trip(result)


def test_roll_twice_again_is_thrown_away_without_following_it(mini):
    """Landing on 'roll twice' while rolling twice: discarded, and its own rolls are not made."""
    result = mini.roll("Crew Role", rng=ScriptedDice([95, 99, 5, 70, 1, 1]))
    assert [d.total for d in result.discarded] == [99]
    assert result.discarded[0].followups == ()
    assert [r.total for r in result.followups] == [5, 70]


def test_duplicates_reroll_compares_whole_results(mini):
    """'duplicates: reroll': the same row with the same rolls is rerolled; the same row rolling other results is not."""
    same = mini.roll("Crew Role", rng=ScriptedDice([90, 10, 20, 70, 1, 1]))
    assert [d.total for d in same.discarded] == [20]  # Pilot twice
    assert [f.text for f in same.followups] == ["Pilot", "Drive + Fear"]
    different = mini.roll("Crew Role", rng=ScriptedDice([90, 70, 1, 1, 75, 9, 9]))
    assert different.discarded == ()
    assert [[g.text for g in f.followups] for f in different.followups] == [["Glory", "The dark"], ["Debt", "Silence"]]
    repeat = mini.roll("Crew Role", rng=ScriptedDice([90, 70, 1, 1, 75, 2, 2, 10]))
    assert [d.total for d in repeat.discarded] == [75]  # Glory + The dark again


def test_a_scripted_roll_that_runs_out_uses_no_die(mini):
    source = ScriptedDice([90, 70, 3])
    with pytest.raises(DiceExhausted):
        mini.roll("Crew Role", rng=source)
    assert source.remaining == 3


# -- templates and plain text ----------------------------------------------------------------------------


def test_a_template_is_filled_with_the_rolls_it_names(mini):
    """The template row names two tables: each is rolled and its text takes its place."""
    result = mini.roll("Ship Name Template", rng=ScriptedDice([40, 10, 90]))
    assert result.text == "Wandering of the Tide"
    assert [f.table_name for f in result.followups] == ["Prefix", "Suffix"]
    assert str(result).startswith("Ship Name Template (1d100): 40 -> Wandering of the Tide [Prefix")
    data = _round_trip(result)
    assert data["text"] == "Wandering of the Tide"


def test_an_unfollowed_template_reads_as_the_rows_plain_text(mini):
    result = mini.roll("Ship Name Template", rng=ScriptedDice([40]), follow=False)
    assert result.text == "Prefix of the Suffix"


def test_fill_template_joins_several_rolls_and_refuses_none():
    legacy = OracleTable.from_rows("Legacy", [(1, 50, "Silver"), (51, 100, "Iron")], id="legacy")
    rolls = [roll_table(legacy, rng=ScriptedDice([v])) for v in (10, 90)]
    assert fill_template("{{text:legacy}} Hand", rolls) == "Silver; Iron Hand"
    assert fill_template("{{text>legacy}} Hand", rolls[:1]) == "Silver Hand"  # Datasworn 0.1 writes text>
    assert fill_template("{{text:other}} Hand", rolls) is None


_WORD = st.text(alphabet="abcdefghij ", min_size=1, max_size=8).map(str.strip).filter(bool)


@st.composite
def _markdown(draw):
    parts = []
    for word in draw(st.lists(_WORD, min_size=1, max_size=6)):
        kind = draw(st.sampled_from(["plain", "bold", "strong", "em", "link", "template"]))
        parts.append(
            {
                "plain": word,
                "bold": f"__{word}__",
                "strong": f"**{word}**",
                "em": f"*{word}*",
                "link": f"[{word}](id:starforged/oracles/core/{word.replace(' ', '_')})",
                "template": f"{word}{{{{text:x/y}}}}",
            }[kind]
        )
    return parts


@given(_markdown())
def test_plain_text_leaves_no_markdown(parts):
    """Links become their label, bold and emphasis lose their marks, templates go: the words stay, in order."""
    text = plain_text(" ".join(parts))
    for mark in ("*", "__", "](", "[", "{{"):
        assert mark not in text
    assert (
        text.split()
        == " ".join(
            p.split("](")[0].strip("*_[").split("{{")[0] if "](" in p or "{{" in p else p.strip("*_") for p in parts
        ).split()
    )


def test_plain_text_keeps_list_bullets_as_bullets_and_products():
    """A list stays a list, its Markdown marker a bullet; a product is not emphasis; a table loses its rule."""
    assert (
        plain_text("Choose one.\n\n  * Careful: add +2\n  * Reckless")
        == "Choose one.\n\n  • Careful: add +2\n  • Reckless"
    )
    assert plain_text("2*3*4") == "2*3*4"
    assert plain_text("A - B and 3 - 2, -1") == "A - B and 3 - 2, -1"  # a dash inside a line is text
    assert plain_text("Odds | Yes\n:---|---:\nLikely | 75") == "Odds | Yes\nLikely | 75"


def test_plain_text_of_a_long_run_of_dashes_answers():
    """Text a saved record or a data file holds: a run of dashes that is no table rule (``"-" * 80 + "x"``)
    is read in one pass. A rule pattern with a repeat inside a repeat took 11 s at 50 dashes, twice as
    long for each more; the child process is stopped (and the test fails) if it hangs."""
    import subprocess
    import sys

    code = "from tabletop_core.action_roll.datasworn import plain_text; print(len(plain_text('-' * 80 + 'x')))"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True)
    assert done.stdout.strip() == "81"


# -- columns ------------------------------------------------------------------------------------------------


def test_every_column_shows_with_its_label(mini):
    """A table's second column is in str(), Markdown and JSON, named by the table's column label."""
    table = mini.table("Ship Class")
    assert table.column_labels == ("Class", "Typical Role")
    result = mini.roll("Ship Class", rng=ScriptedDice([30]))
    assert result.columns == ("Cutter", "Fast courier")
    assert str(result) == "Ship Class (1d100): 30 -> Cutter (Typical Role: Fast courier)"
    assert result.to_markdown() == "**Ship Class** (1d100): 30 → Cutter (Typical Role: Fast courier)"
    assert str(table.rows[0]) == "1-50 Cutter · Fast courier"
    data = _round_trip(result)
    assert data["row"]["text2"] == "Fast courier"
    assert data["column_labels"] == ["Class", "Typical Role"]


def test_a_column_without_a_label_still_shows():
    table = OracleTable.from_datasworn(
        {"_id": "t", "name": "T", "rows": [{"min": 1, "max": 100, "text": "One", "text2": "Two", "text3": "Three"}]}
    )
    assert str(roll_table(table, rng=ScriptedDice([4]))) == "T (1d100): 4 -> One (Two; Three)"


# -- several rolls, collections --------------------------------------------------------------------------------


def test_recommended_rolls_roll_up_to_the_most_each_different(mini):
    """First Look recommends 1-2 rolls: by default two results, a repeat rolled over and kept aside."""
    table = mini.table("Crew First Look")
    assert table.recommended_rolls == (1, 2)
    results = mini.roll_times("Crew First Look", rng=ScriptedDice([10, 20, 60]))
    assert isinstance(results, OracleResults)
    assert results.texts == ("Scarred", "Quiet")
    assert [d.total for d in results.discarded] == [20]
    assert (
        str(results) == "Crew First Look: Crew First Look (1d100): 10 -> Scarred; Crew First Look (1d100): 60 -> Quiet"
    )
    assert mini.roll_times("Crew First Look", 1, rng=ScriptedDice([80])).texts == ("Loud",)
    _round_trip(results)
    with pytest.raises(InvalidInput, match=r"times must be 1\.\.2, as Crew First Look recommends, got 3"):
        mini.roll_times("Crew First Look", 3, rng=1)


def test_rolling_a_table_more_times_than_it_has_rows_is_refused():
    coin = OracleTable.from_rows("Coin", [(1, 50, "Heads"), (51, 100, "Tails")])
    with pytest.raises(InvalidInput, match="at most the 2 rows"):
        roll_times(coin, 3, rng=1)
    with pytest.raises(InvalidInput, match="times must be an int from 1 to 10, got 0"):
        roll_times(coin, 0, rng=1)


def test_a_whole_collection_rolls_as_one_result(mini):
    """A name collection (table_shared_rolls): every table in it, in order."""
    name = mini.roll_collection("Crew Name", rng=ScriptedDice([70, 20]))
    assert name.texts == ("Silent", "Star")
    assert name.source == "mini/collections/oracles/crew/name"
    assert name.to_markdown().splitlines() == [
        "**Crew Name**",
        "- **Prefix** (1d100): 70 → Silent",
        "- **Suffix** (1d100): 20 → Star",
    ]
    _round_trip(name)


def test_a_collection_of_alternatives_or_without_tables_is_refused(mini):
    with pytest.raises(InvalidInput, match=r"alternatives: roll one of First Part \(mini/oracles/sky/names/first\)"):
        mini.roll_collection("Star Names", rng=1)
    with pytest.raises(InvalidInput, match="no oracle collection named"):
        mini.roll_collection("Nowhere", rng=1)


# -- flipping ---------------------------------------------------------------------------------------------------------


def test_flip_digits_swaps_tens_and_units_as_two_d10_read():
    """'00 and 0 read as 100': flipping is reading the units die as tens and the tens die as units."""
    for tens in range(10):
        for units in range(10):
            roll = read_oracle_dice(tens, units)
            assert flip_digits("1d100", roll) == read_oracle_dice(units, tens)
            assert flip_digits("1d100", flip_digits("1d100", roll)) == roll
    with pytest.raises(InvalidInput, match="only a 1d100 roll"):
        flip_digits("1d10", 3)


def test_a_flipped_roll_keeps_its_dice_and_reads_the_other_row(mini):
    first = mini.roll("Ship Class", rng=ScriptedDice([17]))
    flipped = mini.flip(first)
    assert (flipped.dice, flipped.flipped_from, flipped.total, flipped.text) == ((17,), 17, 71, "Hauler")
    assert str(flipped) == "Ship Class (1d100): 17 flipped to 71 -> Hauler (Typical Role: Bulk cargo)"
    assert mini.flip(flipped) == first
    data = _round_trip(flipped)
    data["flipped_from"] = 18
    with pytest.raises(InvalidInput, match="flipped_from must be the dice's roll 17"):
        TableRoll.from_dict(data)


def test_flipping_follows_the_new_row(mini):
    first = mini.roll("Crew Role", rng=ScriptedDice([7]))  # 07 -> 70: Drive + Fear
    flipped = mini.flip(first, rng=ScriptedDice([2, 9]))
    assert [f.text for f in flipped.followups] == ["Glory", "Silence"]


def test_only_a_d100_roll_flips(mini):
    with pytest.raises(InvalidInput, match="this table rolls 1d10"):
        mini.flip(mini.roll("Drive", rng=ScriptedDice([3])))
    other = mini.roll("Drive", rng=ScriptedDice([3]))
    with pytest.raises(InvalidInput, match="result must be a roll of"):
        flip_roll(mini.table("Ship Class"), other)


# -- choosing ---------------------------------------------------------------------------------------------------------


def test_a_chosen_row_is_marked_and_has_no_dice(mini):
    chosen = mini.choose("Ship Class", "hauler")
    assert (chosen.chosen, chosen.dice, chosen.total, chosen.is_match) == (True, (), None, False)
    assert str(chosen) == "Ship Class (chosen): Hauler (Typical Role: Bulk cargo)"
    assert mini.choose("Ship Class", index=0).text == "Cutter"
    assert choose_row(mini.table("Ship Class"), mini.table("Ship Class").rows[1]) == chosen
    data = _round_trip(chosen)
    data["dice"] = [40]
    with pytest.raises(InvalidInput, match="chosen by hand has no dice"):
        TableRoll.from_dict(data)


def test_a_chosen_row_still_makes_the_rolls_it_asks_for(mini):
    chosen = mini.choose("Crew Role", "Roll twice", rng=ScriptedDice([10, 70, 6, 1]))
    assert [r.text for r in chosen.results()] == ["Pilot", "Drive + Fear"]
    assert chosen.followups[1].followups[0].text == "Debt"


def test_choosing_an_unknown_or_unrolled_row_is_refused(mini):
    with pytest.raises(
        InvalidInput, match=r"no row of Ship Class read 'frigate' \(give a row's text; rows: 1-50 Cutter"
    ):
        mini.choose("Ship Class", "frigate")
    many = OracleTable.from_datasworn(
        {
            "_id": "t/oracles/many",
            "name": "Many",
            "dice": "1d100",
            "rows": [{"min": n, "max": n, "text": f"Row number {n:03d}"} for n in range(1, 101)],
        }
    )
    with pytest.raises(InvalidInput, match=r"rows: 1 Row number 001; .*; 32 Row number 032; and 68 more\)$"):
        choose_row(many, "nothing")  # whole rows only, then how many more
    with pytest.raises(InvalidInput, match="the dice never give it"):
        mini.choose("Weather", "(see the Omen table for portents)")
    with pytest.raises(InvalidInput, match="either row"):
        mini.choose("Ship Class", "Cutter", index=1)
    with pytest.raises(TypeError):
        mini.choose("Ship Class", 3)


def test_a_failed_follow_changes_nothing(mini):
    source = ScriptedDice([10])
    with pytest.raises(DiceExhausted):
        mini.choose("Crew Role", "Roll twice", rng=source)
    assert source.remaining == 1


def test_every_result_thrown_away_is_a_rule_error():
    stuck = OracleTable.from_datasworn(
        {
            "_id": "stuck",
            "name": "Stuck",
            "dice": "1d2",
            "rows": [
                {"min": 1, "max": 1, "text": "Only"},
                {"min": 2, "max": 2, "text": "Twice", "oracle_rolls": [{"number_of_rolls": 2, "auto": True}]},
            ],
        }
    )
    with pytest.raises(RuleError, match="every roll was thrown away"):
        roll_table(stuck, rng=ScriptedDice([2] + [1] * 50))


def test_a_version_1_roll_of_a_row_with_a_list_loads_and_reads_its_text_again():
    """Version 1 wrote the row's text with ``*`` markers; version 2 reads them as bullets. The
    answer is computed from the row, so the old one is dropped, not held against the new rule."""
    table = OracleTable.from_datasworn(
        {
            "_id": "t/oracles/waypoint",
            "name": "Waypoint",
            "dice": "1d100",
            "rows": [{"min": 1, "max": 100, "text": "Choose one:\n\n  * Overland Details\n  * Sea"}],
        }
    )
    rolled = roll_table(table, rng=3)
    assert rolled.text == "Choose one:\n\n  • Overland Details\n  • Sea"
    written = rolled.to_dict()
    older = {key: value for key, value in written.items() if key != "columns"}
    older |= {"version": 1, "text": "Choose one:\n\n  * Overland Details\n  * Sea"}
    assert TableRoll.from_dict(older) == rolled
    with pytest.raises(InvalidInput, match=r"TableRoll\.text does not follow the rules"):
        TableRoll.from_dict({**written, "text": "Choose one: Sea"})  # version 2 is held to its answer
