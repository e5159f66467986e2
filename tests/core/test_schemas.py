"""The JSON Schemas shipped for every record type: fresh, valid, and in agreement with the loader.

The schemas (``src/tabletop_core/schemas``) are generated from the record classes by
``python -m tabletop_core._schema``; these tests check that the shipped files are what a fresh
generation writes, that every saved fixture and every generated record passes its schema, and
that a document the schema refuses is refused by ``records.load`` too.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any, ClassVar

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from jsonschema import Draft202012Validator

import tabletop_core as tc
from schema_support import problems, shipped
from tabletop_core import _schema
from tabletop_core._record import Record, record_type, type_name
from tabletop_core._validate import int_field, one_line
from tabletop_core.records import load
from tamper_support import OLDER_VERSION, RETIRED_TAGS, documents, instances, tampers

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
FILES = sorted(path for path in FIXTURES.glob("*/*.json") if path.stem != "core.Distribution")


def test_the_shipped_schemas_are_a_fresh_generation():
    """Regenerate with ``python -m tabletop_core._schema`` (see CONTRIBUTING.md) when this fails."""
    assert _schema.check() == []


def test_every_record_type_has_one_schema():
    tags = set(instances())
    files = set(shipped()) - {_schema.ANY_RECORD}
    assert files == {_schema.file_name(tag) for tag in tags}
    assert len(files) >= 200
    any_record = shipped()[_schema.ANY_RECORD]
    assert len(any_record["anyOf"]) == len(files)


@pytest.mark.parametrize("name", sorted(shipped()))
def test_every_schema_is_a_valid_2020_12_schema_of_the_saved_form(name):
    schema = shipped()[name]
    Draft202012Validator.check_schema(schema)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert schema["$id"] == _schema.BASE_URL + name
    if name != _schema.ANY_RECORD:
        cls = record_type(schema["title"])
        assert schema["properties"]["type"] == {"const": type_name(cls), "description": "The record type."}
        assert schema["properties"]["version"]["const"] == cls._version
        assert schema["additionalProperties"] is False
        optional = {cls._json_names.get(n, n) for n in cls._optional_keys}
        assert set(schema["properties"]) - set(schema["required"]) <= optional | {
            k for k in schema["properties"] if k.endswith("_label")
        }


def _all_current(data: Any) -> bool:
    """Whether *data* and every record inside it are tagged with a current type and version."""
    stack = [data]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            tag = item.get("type")
            if "version" in item or isinstance(tag, str):
                try:
                    version = record_type(tag)._version
                except (tc.TabletopError, TypeError):  # 0.1.0's Item: its own "type" (a kind of item)
                    return False
                if tag in RETIRED_TAGS or item.get("version") != version:
                    return False
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return isinstance(data, dict) and "type" in data


@pytest.mark.parametrize("path", FILES, ids=[f"{p.parent.name}/{p.stem}" for p in FILES])
def test_every_saved_fixture_passes_its_schema(path):
    """Files of the current format pass as they are; older formats (migrated on load) pass as they load."""
    data = json.loads(path.read_text(encoding="utf-8"))
    cls = record_type(path.stem)
    current = _all_current(data)
    if current:
        assert problems(data, path.stem) == []
    else:  # 0.1.0 (untagged), an older version, or a retired type: the schema is the current format's
        loaded = cls.from_dict(data)
        assert problems(json.loads(loaded.to_json())) == []
    assert current or path.parent.name != "format-2" or path.stem in RETIRED_TAGS


def test_the_newest_fixtures_are_all_of_the_current_format():
    newest = [p for p in FILES if p.parent.name == "format-2"]
    assert len(newest) == len(instances())
    for path in newest:
        data = json.loads(path.read_text(encoding="utf-8"))
        assert (data["type"], data["version"]) == (path.stem, record_type(path.stem)._version)


def _records_inside(value: Any, found: dict[str, list[Record]]) -> None:
    if isinstance(value, Record):
        found.setdefault(type_name(type(value)), []).append(value)
        for field in attrs.fields(type(value)):
            _records_inside(getattr(value, field.name), found)
    elif isinstance(value, (tuple, list, frozenset)):
        for item in value:
            _records_inside(item, found)


def test_every_record_of_every_fuzzer_example_passes_its_schema():
    """The fuzzer's example instances (every public class), and every record inside them."""
    from fuzz_support import INSTANCES

    found: dict[str, list[Record]] = {}
    for make in INSTANCES.values():
        _records_inside(make(), found)
    assert len(found) >= 150
    for tag, records in found.items():
        for record in records:
            assert problems(json.loads(record.to_json()), tag) == [], tag


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(state=__import__("test_json_shape").STATES | __import__("test_json_shape").RESULTS)
def test_generated_records_pass_their_schema(state):
    """Played Journeys (most RESIDUE types nest in them), d20 creatures, results of every system."""
    found: dict[str, list[Record]] = {}
    _records_inside(state, found)
    for tag, records in found.items():
        for record in records:
            assert problems(json.loads(record.to_json()), tag) == []


def _agreement_sample() -> list[Any]:
    rng = random.Random(2026)
    sample = []
    for tag in documents():
        if tag in RETIRED_TAGS:
            continue  # a retired shape: the loader reads it (migrated), the schemas describe the current one
        changes = [t for t in tampers(tag) if t.change not in OLDER_VERSION]
        sample += rng.sample(changes, min(4, len(changes)))
    return sample


AGREEMENT = _agreement_sample()


def test_what_the_schema_refuses_the_loader_refuses():
    """A tampered document of the current format that fails its schema is refused by records.load too."""
    refused_by_schema = accepted_by_loader = 0
    disagreements = []
    for tamper in AGREEMENT:
        if not problems(tamper.document):
            continue
        refused_by_schema += 1
        try:
            load(tamper.document)
        except (tc.TabletopError, TypeError):
            continue
        accepted_by_loader += 1
        disagreements.append(f"{tamper.describe()}: {problems(tamper.document)[0]}")
    assert refused_by_schema > len(AGREEMENT) // 2
    assert disagreements == []


def test_a_field_without_a_json_shape_is_a_generation_error():
    builder = _schema._Builder({})
    assert builder.hint(int | None, "x") == {"anyOf": [{"type": "integer"}, {"type": "null"}]}
    assert builder.hint(Any, "Fake.anything") == {}
    assert builder.hint(object, "Fake.thing") == {}
    assert len(builder.problems) == 2
    assert "Fake.anything" in builder.problems[0]
    assert "_json_schema" in builder.problems[0]


@attrs.frozen
class _Fake(Record):
    """A record defined outside the library, for the generator alone."""

    _type_tag = "tests.Fake"
    _derived: ClassVar[tuple[str, ...]] = ("total",)
    _json_schema: ClassVar[dict[str, Any]] = {"total": {"type": "integer", "minimum": 2}}

    count: int = int_field(low=1, high=6)
    label: str = attrs.field(default="", validator=one_line())

    @property
    def total(self) -> int:
        """Twice the count."""
        return 2 * self.count


def test_bounds_patterns_and_a_class_s_own_schema_go_into_the_schema():
    schema = _schema._Builder({}).record(_Fake)
    assert schema["title"] == "tests.Fake"
    assert schema["properties"]["count"] == {"type": "integer", "minimum": 1, "maximum": 6}
    assert schema["properties"]["label"]["pattern"].startswith("^[^")
    assert schema["properties"]["total"] == {"type": "integer", "minimum": 2}  # _json_schema replaces the answer's
    assert schema["required"] == ["type", "version", "count", "label", "total"]
    assert "tests.Fake" not in {s["title"] for s in _schema.generate().values()}  # only the library's own types


def test_the_schema_pages_of_the_docs_are_fresh():
    """Rewrite them with ``python docs/scripts/schema_pages.py`` when this fails."""
    import schema_pages

    for system in schema_pages.SYSTEMS:
        page = (schema_pages.PAGES / f"{system}.md").read_text(encoding="utf-8")
        assert page == schema_pages.page(system, schema_pages._load()) + "\n", system
    assert (schema_pages.ROOT / "docs" / "schemas").resolve() == _schema.SCHEMA_DIR  # the site publishes them
