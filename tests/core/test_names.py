"""The one enum-name parser every system uses (issue 11, item 4)."""

from __future__ import annotations

import enum

import pytest
from hypothesis import given
from hypothesis import strategies as st

import tabletop_core as tc
from tabletop_core import action_roll as ar
from tabletop_core import d20
from tabletop_core import residue as rs
from tabletop_core._names import name_key, parse_enum
from tabletop_core._record import converter

# Every enum a user may name in text, with the parse it is read through.
PARSERS = [
    (d20.Stakes, d20.Stakes.parse),
    (d20.Trait, d20.Trait.parse),
    (d20.TestKind, d20.TestKind.parse),
    (d20.Condition, d20.Condition.parse),
    (ar.Odds, ar.Odds.parse),
    (rs.ActionSlot, rs.ActionSlot.parse),
    (rs.InventoryKind, rs.InventoryKind.parse),
    (rs.Condition, rs.Condition.parse),
]


def _spellings(member: enum.Enum) -> list[str]:
    name = member.name
    words = name.split("_")
    spellings = [name, name.lower(), " ".join(words).title(), "-".join(words).lower(), f"  {' '.join(words)}  "]
    if isinstance(member.value, str):
        spellings.append(member.value)
    spellings.append(str(member))
    return spellings


@pytest.mark.parametrize(("cls", "parse"), PARSERS, ids=lambda x: getattr(x, "__qualname__", str(x)))
def test_every_spelling_of_every_member_is_read(cls, parse):
    for member in cls:
        for text in _spellings(member):
            assert parse(text) is member, text
        assert parse(member) is member
        # the converter reads enums through the same parser outside a saved record (the short
        # form and hand-typed data too); a saved record holds the machine name exactly
        assert converter.structure(text, cls) is member


@pytest.mark.parametrize(("cls", "parse"), PARSERS, ids=lambda x: getattr(x, "__qualname__", str(x)))
def test_unknown_name_lists_every_accepted_name(cls, parse):
    with pytest.raises(tc.InvalidInput, match=r" must be one of .*, got 'no such thing'$") as raised:
        parse("no such thing")
    for member in cls:
        assert member.name.lower().replace("_", " ") in str(raised.value)


@pytest.mark.parametrize(("cls", "parse"), PARSERS, ids=lambda x: getattr(x, "__qualname__", str(x)))
def test_wrong_type_is_a_type_error(cls, parse):
    with pytest.raises(TypeError, match=cls.__name__):
        parse(3)


def test_error_names_the_parameter():
    with pytest.raises(tc.InvalidInput, match=r"^stakes must be one of low, mid, high, got 'huge'$"):
        d20.Stakes.parse("huge")
    with pytest.raises(tc.InvalidInput, match=r"^odds must be one of almost certain, likely, fifty fifty, "):
        ar.Odds.parse("maybe")
    with pytest.raises(tc.InvalidInput, match=r"^luck must be one of "):
        parse_enum(rs.InventoryKind, "ammo", name="luck")


def test_stakes_suffix_and_separators():
    assert d20.Stakes.parse("Mid Stakes") is d20.Stakes.MID
    assert d20.Stakes.parse("high-stakes") is d20.Stakes.HIGH
    assert d20.TestKind.parse("flat_roll") is d20.TestKind.FLAT_ROLL
    assert d20.Condition.parse("Off-Guard") is d20.Condition.OFF_GUARD


@given(st.text(max_size=20))
def test_name_key_is_idempotent_and_separator_blind(text):
    key = name_key(text)
    assert name_key(key) == key
    assert name_key(text.replace("-", " ")) == name_key(text.replace("-", "_"))
