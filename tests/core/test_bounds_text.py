"""The text check of the reading limits (`_bounds.text_within_bounds`) against a brute-force walk.

The text check clears most JSON text without walking its parsed value (about a quarter of the
time): it must never clear a value the walk refuses, and it must clear the ordinary text it is
there for (else the speed is lost and nothing shows it).
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tabletop_core as tc
from tabletop_core import _bounds
from tabletop_core._bounds import MAX_JSON_DEPTH, MAX_JSON_INT_DIGITS, parse_json_value, text_within_bounds


def _reference(value: Any, depth: int, digits: int) -> tuple[bool, int]:
    """Brute force, recursive: whether *value* keeps *depth* and *digits*, and how many values it holds."""
    count = 0

    def keeps(item: Any, level: int) -> bool:
        nonlocal count
        if isinstance(item, (dict, list)):
            if level > depth:
                return False
            children = list(item.values()) if isinstance(item, dict) else item
            count += len(children)
            return all(keeps(child, level + 1) for child in children)
        if type(item) is int:
            return len(str(abs(item))) <= digits
        return True

    return keeps(value, 1), count


# Strings full of what the text check must see through: quotes, backslashes, brackets, digits.
_TRICKY = st.text(st.sampled_from([*'"\\[]{},:0123456789 aé\n\u2028', "\ud800", "😀"]), max_size=8)
_PLAIN = st.text(st.sampled_from(list("abc xyz-é_")), max_size=6)
_SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(10**12), max_value=10**12),
    st.floats(allow_nan=False, allow_infinity=False),
    _TRICKY,
)
_VALUES = st.recursive(
    _SCALARS,
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(_TRICKY, inner, max_size=4)),
    max_leaves=30,
)
# No digits anywhere but in integers: here the text check must agree with the walk exactly.
_CLEAN = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(min_value=-(10**12), max_value=10**12), _PLAIN),
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(_PLAIN, inner, max_size=4)),
    max_leaves=30,
)


def _dumped(value: Any, ascii_only: bool, indent: int | None) -> bytes:
    return json.dumps(value, ensure_ascii=ascii_only, indent=indent).encode("utf-8", "surrogatepass")


@settings(max_examples=400, deadline=None)
@given(
    _VALUES,
    st.booleans(),
    st.sampled_from([None, 0, 2]),
    st.integers(min_value=1, max_value=6),
    st.integers(min_value=1, max_value=13),
)
def test_the_text_check_never_clears_what_the_walk_refuses(value, ascii_only, indent, depth, digits):
    raw = _dumped(value, ascii_only, indent)
    keeps, count = _reference(value, depth, digits)
    assert count <= len(raw)  # each value starts at a byte of its own: the values bound holds
    if text_within_bounds(raw, depth=depth, digits=digits):
        assert keeps


@settings(max_examples=400, deadline=None)
@given(
    _CLEAN,
    st.booleans(),
    st.sampled_from([None, 0, 2]),
    st.integers(min_value=1, max_value=6),
    st.integers(min_value=1, max_value=13),
)
def test_without_stray_digits_the_text_check_agrees_with_the_walk(value, ascii_only, indent, depth, digits):
    raw = _dumped(value, ascii_only, indent)
    assert text_within_bounds(raw, depth=depth, digits=digits) == _reference(value, depth, digits)[0]


@pytest.mark.parametrize(
    ("value", "depth", "cleared"),
    [
        (["]]]", "[[["], 1, True),  # brackets in strings are text
        (['"[', "\\"], 1, True),  # an escaped quote; an escaped backslash just before a closing quote
        ([["\\"], ["x"]], 1, False),  # after an escaped backslash the string still closes
        ([["\\\\"], '\\"]'], 2, True),  # two escaped backslashes; a backslash, a quote, a bracket
        ({"[": {"{": "}"}}, 2, True),
        ({"[": {"{": []}}, 2, False),
        ([[[]]], 3, True),
        ([[[]]], 2, False),
        ([[], [[]], []], 3, True),
        ([[], [[]], []], 2, False),
    ],
)
def test_escapes_and_brackets_inside_strings(value, depth, cleared):
    raw = json.dumps(value).encode()
    assert text_within_bounds(raw, depth=depth, digits=20) is cleared
    assert _reference(value, depth, 20)[0] is cleared


def test_the_limits_hold_through_parsing_whichever_check_decides():
    """Deep text, long integers and long digit runs that are no integers: refused or read as before."""
    at_limit = "[" * MAX_JSON_DEPTH + "]" * MAX_JSON_DEPTH
    assert text_within_bounds(at_limit.encode())
    parse_json_value(at_limit, "x")
    with pytest.raises(tc.InvalidInput, match=f"nested more than {MAX_JSON_DEPTH}"):
        parse_json_value("[" + at_limit + "]", "x")
    with pytest.raises(tc.InvalidInput, match=f"nested more than {MAX_JSON_DEPTH}"):
        parse_json_value(("[" + at_limit + "]").encode(), "x")
    longest = "9" * MAX_JSON_INT_DIGITS
    assert parse_json_value(f"[-{longest}]", "x") == [-int(longest)]
    with pytest.raises(tc.InvalidInput, match="MAX_JSON_INT_DIGITS"):
        parse_json_value(f"[{longest}9]", "x")
    # A string or a float with that many digits is no integer: the text check gives way to the walk.
    digits_in_text = json.dumps({"note": longest + "9", "ratio": float("0." + "1" * 30)})
    assert not text_within_bounds(digits_in_text.encode())
    assert parse_json_value(digits_in_text, "x")["note"] == longest + "9"


def test_too_many_values_are_still_counted(monkeypatch):
    monkeypatch.setattr(_bounds, "MAX_JSON_VALUES", 10)
    text = json.dumps(list(range(11)))
    assert not text_within_bounds(text.encode(), values=10)
    with pytest.raises(tc.InvalidInput, match="MAX_JSON_VALUES"):
        parse_json_value(text, "x")


def test_a_datasworn_shaped_text_is_cleared_without_the_walk(monkeypatch):
    """The ordinary case the check is for: strings with escapes and Markdown, rows, nested collections."""
    rows = [{"min": 1 + 5 * i, "max": 5 + 5 * i, "text": f'Row "{i}" \\ [link](id:x/y)'} for i in range(20)]
    data = {"oracles": {"core": {"contents": {"action": {"rows": rows, "dice": "1d100"}}}}, "text": "a\nb\tc"}

    def no_walk(value: object, what: str) -> None:
        raise AssertionError("walked")

    monkeypatch.setattr(_bounds, "check_bounds", no_walk)
    assert parse_json_value(json.dumps(data), "x") == data
    assert parse_json_value(json.dumps(data, ensure_ascii=False, indent=2).encode(), "x") == data


@pytest.mark.parametrize("size", [0, 1, 10, (1 << 20) - 1, 1 << 20, (1 << 20) + 1, 3 << 20])
@pytest.mark.parametrize("binary", [True, False])
def test_reading_at_most_a_limit_reads_what_one_read_would(size, binary):
    """A megabyte at a time (no 40 MB buffer for a short file): the same text as ``read(limit + 1)``."""
    import io

    text = ("é" if not binary else "7") * size
    for limit in (0, 5, size, size + 1, 2 << 20):
        handle = io.BytesIO(text.encode()) if binary else io.StringIO(text)
        expected = (io.BytesIO(text.encode()) if binary else io.StringIO(text)).read(limit + 1)
        assert _bounds.read_at_most(handle, limit) == expected


def test_a_file_longer_than_the_limit_is_refused_without_reading_it_all(tmp_path, monkeypatch):
    path = tmp_path / "long.json"
    path.write_text("[" + "1," * 600 + "1]", encoding="utf-8")
    monkeypatch.setattr(_bounds, "MAX_JSON_CHARS", 300)
    with pytest.raises(tc.InvalidInput, match="MAX_JSON_CHARS"):
        _bounds.read_json_file(path, "the file")
    with pytest.raises(tc.InvalidInput, match="MAX_JSON_CHARS"), path.open(encoding="utf-8") as handle:
        _bounds.read_json_file(handle, "the file")
