"""Error messages quote caller values through ``clip``: short, one line, never an exception of their own."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

import tabletop_core as tc
from tabletop_core._validate import CLIP_LENGTH, clip
from tabletop_core.action_roll import Momentum


def test_clip_shortens_long_strings_and_keeps_short_ones() -> None:
    assert clip("abc") == "'abc'"
    assert clip(42) == "42"
    long = clip("x" * 5000)
    assert len(long) <= CLIP_LENGTH
    assert long.startswith("'xxx")
    assert "..." in long


def test_clip_describes_huge_ints_by_their_digits() -> None:
    # Python itself refuses str() of ints over 4,300 digits: clip never calls it.
    assert clip(10**5000) == "<an int of about 5,001 digits>"
    assert clip(-(10**5000)) == "-<an int of about 5,001 digits>"
    assert clip(10**59) == str(10**59)


def test_clip_stops_at_nesting_and_survives_bad_reprs() -> None:
    deep: list[object] = []
    for _ in range(100_000):
        deep = [deep]
    assert clip(deep) == "[[[[...]]]]"

    class Broken:
        def __repr__(self) -> str:
            raise RuntimeError("no")

    class TwoLines:
        def __repr__(self) -> str:
            return "a\nb\u2028c"

    assert clip(Broken()).startswith("<")
    assert clip(TwoLines()) == "a\\nb\\u2028c"
    assert "Fraction" in clip(Fraction(10**5000, 3))


@given(
    st.recursive(
        st.none() | st.integers() | st.text() | st.floats(),
        lambda inner: st.lists(inner) | st.dictionaries(st.text(), inner),
    )
)
def test_clip_is_always_one_short_line(value: object) -> None:
    text = clip(value)
    assert len(text) <= CLIP_LENGTH
    assert len(f"a{text}b".splitlines()) == 1


def test_huge_int_gives_a_clipped_library_error() -> None:
    with pytest.raises(
        tc.InvalidInput, match=r"sides must be an int from 1 to \d+, got <an int of about 4,301 digits>$"
    ):
        tc.Die(10**4300)
    with pytest.raises(tc.InvalidInput, match="about 4,301 digits") as caught:
        Momentum.from_dict({"value": 10**4300})
    assert len(str(caught.value)) < 1000


def test_long_string_in_a_type_error_is_clipped() -> None:
    with pytest.raises(TypeError) as caught:
        tc.Die("9" * 5000)  # type: ignore[arg-type]
    assert len(str(caught.value)) < 200
