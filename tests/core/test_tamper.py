"""The tamperer's quick profile (tests/tamper_support.py): every record type, its saved document changed.

Every tampered document that ``records.load`` is given is refused with a clear error, or reads as
exactly what it says; a record that loads renders, serialises and reads back. The long profile,
measured for time and memory too, runs in CI (``.ci/stages/20-long-fuzz.sh``).
"""

from __future__ import annotations

import json

import pytest

import tabletop_core as tc
from tabletop_core import action_roll as ar
from tabletop_core import residue as rs
from tabletop_core.records import load
from tamper_support import (
    MEGA,
    RETIRED_TAGS,
    Tamper,
    documents,
    instances,
    plain,
    refusal_problem,
    run,
    same_document,
    tampers,
    usability_problem,
    verdict,
)


def test_the_tamperer_covers_every_type_records_load_knows():
    assert set(documents()) == set(instances()) | set(RETIRED_TAGS)
    assert len(documents()) >= 216
    changes = {t.change for tag in documents() for t in tampers(tag)}
    assert {"str for list", "1 MB str for list", "dict for list", "True for int", "float for int"} <= changes
    assert {"deep list", "deep dict", "10**5000", "key deleted", "unknown key", "tag nested deep"} <= changes


def test_no_tampered_record_is_a_bare_exception_altered_or_unusable():
    report = run("quick")
    assert len(report.types) == len(documents())
    assert report.calls > 2000
    assert report.verdicts.get("refused", 0) > report.calls // 2
    found = {kind: items[:20] for kind, items in report.findings.items()}
    assert found == {}


# -- the cases the issue names ---------------------------------------------------------------


def test_a_string_where_a_list_belongs_is_refused_not_read_letter_by_letter():
    data = plain(tc.d20.actions.Hide(observers=("Bo", "Cy")).to_dict())
    with pytest.raises(tc.InvalidInput, match="observers"):
        load({**data, "observers": "Bo"})
    with pytest.raises(tc.InvalidInput, match="observers"):
        load({**data, "observers": {"Bo": 1}})


def test_a_deck_whose_cards_are_a_megabyte_string_is_refused_at_once():
    data = plain(rs.Deck((rs.Item("Rope"),)).to_dict())
    with pytest.raises(tc.InvalidInput, match=r"cards.*must be a list"):
        load({**data, "cards": MEGA})


def test_a_deleted_key_is_refused_unless_it_is_optional():
    data = plain(ar.Momentum(4).to_dict())
    with pytest.raises(tc.InvalidInput, match="'impacts' is missing"):
        load({k: v for k, v in data.items() if k != "impacts"})
    token = plain(instances()["residue.Token"].to_dict())
    assert "foe" not in token  # an optional key, written only when not None
    assert load(token) == instances()["residue.Token"]


def test_a_bool_or_a_float_where_an_int_belongs_is_refused():
    data = plain(ar.Momentum(4).to_dict())
    for wrong in (True, 4.0, "4"):
        with pytest.raises(tc.InvalidInput, match="value"):
            load({**data, "value": wrong})


def test_an_enum_spelled_otherwise_in_a_saved_record_is_refused():
    data = plain(ar.resolve_oracle(odds=ar.Odds.LIKELY, roll=20).to_dict())
    for spelling in ("LIKELY", "Likely", "likely "):
        with pytest.raises(tc.InvalidInput, match="Odds must be one of"):
            load({**data, "odds": spelling})
    assert ar.OracleAnswer.from_dict(
        {k: v for k, v in data.items() if k not in ("type", "version")} | {"odds": "LIKELY"}
    )


def test_a_value_a_converter_would_tidy_is_refused():
    effect = tc.d20.Effect(name="Net", creator="GM", conditions=["restrained"])
    data = plain(effect.to_dict())
    with pytest.raises(tc.InvalidInput, match=r"conditions: the record says .* which reads as"):
        load({**data, "conditions": ["restrained", "restrained"]})


def test_huge_ints_and_deep_nesting_are_refused_before_any_work():
    data = plain(ar.Momentum(4).to_dict())
    with pytest.raises(tc.InvalidInput, match="more than 1,000 digits"):
        load({**data, "value": 10**5000})
    with pytest.raises(tc.InvalidInput, match="more than 1,000 digits"):
        load(json.dumps(data).replace('"value": 4', '"value": ' + "9" * 1001))
    deep: object = "x"
    for _ in range(5000):
        deep = [deep]
    from tabletop_core.d20.events import Event

    for loader in (load, rs.journey.Choice.from_dict, Event.from_dict):
        with pytest.raises(tc.InvalidInput, match="nested more than 64 levels deep"):
            loader({"type": deep, "version": 1})


def test_a_version_1_document_in_the_version_2_shape_is_refused():
    data = plain(instances()["residue.JourneyStep"].to_dict())
    assert data["version"] == 2
    with pytest.raises(tc.InvalidInput, match="version 1"):
        load({**data, "version": 1})


# -- the judges can fail -----------------------------------------------------------------------


def test_the_judges_see_an_altered_document_a_bare_exception_and_an_unusable_record():
    data = plain(ar.Momentum(4).to_dict())
    assert same_document(data, dict(data))
    assert not same_document(data, {**data, "value": 5})
    assert not same_document({**data, "value": 1}, {**data, "value": True})
    assert not same_document(data, {k: v for k, v in data.items() if k != "impacts"})
    assert refusal_problem(tc.InvalidInput("one line")) is None
    assert refusal_problem(TypeError("one line")) is None
    assert "ValueError" in refusal_problem(ValueError("bare"))
    assert "multi-line" in refusal_problem(TypeError("two\nlines"))
    assert "characters" in refusal_problem(tc.InvalidInput("x" * 5000))
    broken = ar.Momentum(4)
    object.__setattr__(broken, "value", 10**5000)  # str() cannot print it
    assert "raised" in usability_problem(broken)
    assert usability_problem(ar.Momentum(4)) is None
    assert verdict(Tamper("action_roll.Momentum", ("value",), "+1", {**data, "value": 5})) == ("loaded", "")
