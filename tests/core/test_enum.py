"""Every public enum: a lookup by a wrong value is InvalidInput or TypeError, never a bare ValueError."""

from __future__ import annotations

import enum

import pytest

import tabletop_core as tc
from fuzz_support import targets
from tabletop_core import d20
from tabletop_core import residue as rs
from tabletop_core._enum import Enum

PUBLIC_ENUMS = sorted(
    {t.func for t in targets() if isinstance(t.func, type) and issubclass(t.func, enum.Enum)}, key=lambda c: c.__name__
)


def test_every_public_enum_uses_the_shared_base():
    assert len(PUBLIC_ENUMS) >= 35
    assert [cls.__name__ for cls in PUBLIC_ENUMS if not issubclass(cls, Enum)] == []


@pytest.mark.parametrize("cls", PUBLIC_ENUMS, ids=lambda c: f"{c.__module__}.{c.__name__}")
@pytest.mark.parametrize(
    "value", ["x" * 10_000, -1, None, 10**4300, float("nan"), "٣"], ids=["long", "-1", "None", "huge", "nan", "digit"]
)
def test_an_unknown_value_is_invalid_input_with_a_short_message(cls, value):
    with pytest.raises(tc.InvalidInput, match=f"{cls.__name__} has no member with value") as caught:
        cls(value)
    assert "x" * 41 not in str(caught.value)  # the caller's value is cut; the values listed are our own
    assert "\n" not in str(caught.value)


@pytest.mark.parametrize("value", [[1], {}, {"a": 1}])
def test_an_unhashable_value_is_a_type_error(value):
    with pytest.raises(TypeError, match="Stakes must be looked up by a value, got a"):
        d20.Stakes(value)


def test_members_still_look_up_by_value_and_by_themselves():
    assert d20.Stakes("Mid") is d20.Stakes.MID
    assert rs.StepDie(6) is rs.StepDie.D6
    assert rs.StepDie(rs.StepDie.D4) is rs.StepDie.D4
    assert rs.Direction((0, -1)) is rs.Direction.N


def test_an_unknown_value_names_the_values():
    with pytest.raises(tc.InvalidInput, match="values: 'Low', 'Mid', 'High'"):
        d20.Stakes("Medium")


@pytest.mark.parametrize("name", ["a\nb", "x" * 101, "\u2028", 3])
def test_a_parse_name_must_be_a_short_one_line_label(name):
    with pytest.raises((TypeError, tc.InvalidInput), match="name"):
        rs.StepDie.parse("d7", name=name)
    with pytest.raises((TypeError, tc.InvalidInput), match="name"):
        rs.Condition.parse("fear", name=name)


def test_an_enum_with_members_cannot_be_extended_through_a_lookup():
    deep: list = []
    for _ in range(3000):
        deep = [deep]
    with pytest.raises(TypeError, match="Stakes cannot be extended"):
        d20.Stakes("x", deep)
    assert d20.Stakes("Mid", None) is d20.Stakes.MID
