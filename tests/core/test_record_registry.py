"""The registry of record classes is built once: a tag is read with one lookup, not a walk of every class."""

from __future__ import annotations

import attrs
import pytest

from tabletop_core import _record_types, d20
from tabletop_core._record import Record
from tabletop_core.errors import InvalidInput
from tabletop_core.records import load


@pytest.fixture
def builds(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Counts each build of the registry from here on."""
    counted: list[int] = []
    build = _record_types._build

    def counting() -> dict[str, type[Record]]:
        counted.append(1)
        return build()

    monkeypatch.setattr(_record_types, "_build", counting)
    return counted


def test_loading_records_does_not_rebuild_the_registry(builds: list[int]) -> None:
    saved = d20.resolve_test(flat_roll=14, stakes="mid").to_dict()
    first = load(saved)  # may build it once (a class may have been defined since the last read)
    after_first = len(builds)
    assert after_first <= 1
    for _ in range(50):
        assert load(saved) == first
    assert len(builds) == after_first


def test_an_unknown_tag_does_not_rebuild_the_registry_each_time(builds: list[int]) -> None:
    with pytest.raises(InvalidInput, match="unknown record type"):
        load({"type": "d20.NoSuchRecord", "version": 1})
    after_first = len(builds)
    for _ in range(20):
        with pytest.raises(InvalidInput, match="unknown record type"):
            load({"type": "d20.NoSuchRecord", "version": 1})
    assert len(builds) == after_first


def test_a_record_class_defined_later_is_found_by_its_tag(builds: list[int]) -> None:
    @attrs.frozen
    class LateNote(Record):
        _type_tag = "tests.LateNote"
        text: str = ""

    assert load(LateNote("hi").to_dict()) == LateNote("hi")
    assert len(builds) == 1  # built again once, for the class defined since
    assert load(LateNote("again").to_dict()) == LateNote("again")
    assert len(builds) == 1
