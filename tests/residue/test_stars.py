import pytest
from hypothesis import given
from hypothesis import strategies as st

from tabletop_core import InvalidInput
from tabletop_core import residue as rs
from tabletop_core.residue.stars import outcome, render_stars


@pytest.mark.parametrize(
    ("value", "expected"),
    [(1, 0), (2, 0), (3, 1), (4, 1), (5, 1), (6, 2), (7, 2), (8, 2), (9, 3), (10, 3), (11, 3), (12, 4)],
)
def test_success_table(value, expected):
    assert rs.stars(value) == expected


@pytest.mark.parametrize("value", [0, -1, 13, 20])
def test_values_outside_the_table_are_invalid(value):
    with pytest.raises(InvalidInput, match="value"):
        rs.stars(value)


@pytest.mark.parametrize("value", [True, 2.0, "3", None])
def test_wrong_type_is_a_type_error(value):
    with pytest.raises(TypeError, match="value"):
        rs.stars(value)


def test_plus_and_minus_star_with_a_floor_of_zero():
    assert outcome(2, +1) == 3
    assert outcome(2, -1) == 1
    assert outcome(0, -1) == 0  # "Minimum 0"
    assert outcome(1, -1, -1, -1) == 0
    assert outcome(0, -1, +1) == 0  # the floor applies to the final total


@given(st.integers(0, 4), st.lists(st.integers(-3, 3), max_size=5))
def test_outcome_is_never_negative_and_adds_up(base, modifiers):
    assert outcome(base, *modifiers) == max(0, base + sum(modifiers))


def test_render_stars():
    assert render_stars(3) == "★★★"
    assert render_stars(0) == "0★"
    with pytest.raises(InvalidInput):
        render_stars(-1)


def test_render_stars_writes_large_counts_as_a_number():
    assert render_stars(20) == "★" * 20
    assert render_stars(21) == "21★"
    assert render_stars(10**30) == f"{10**30}★"
    with pytest.raises(TypeError):
        render_stars(2.0)


def test_numpy_integers_are_read_as_ints():
    import numpy as np

    assert rs.stars(np.int64(12)) == 4
    assert type(rs.stars(np.int64(12))) is int
    assert outcome(np.int64(2), np.int64(-1)) == 1
    assert type(outcome(np.int64(2), np.int64(-1))) is int
