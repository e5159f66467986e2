import pytest
from hypothesis import given
from hypothesis import strategies as st

import tabletop_core as tc
from tabletop_core import d20
from tabletop_core.d20 import Outcome, Stakes, classify

S, B, F = Outcome.SUCCESS, Outcome.SETBACK, Outcome.FAILURE


@pytest.mark.parametrize(
    ("stakes", "success_at", "setback_at"),
    [(Stakes.LOW, 10, 5), (Stakes.MID, 15, 10), (Stakes.HIGH, 20, 15)],
)
def test_thresholds_are_the_core_rules(stakes, success_at, setback_at):
    assert stakes.success_at == success_at
    assert stakes.setback_at == setback_at


@pytest.mark.parametrize(
    ("total", "stakes", "outcome"),
    [
        # Low Stakes: Success 10 or higher, Setback 5-9, Failure 4 or lower.
        (4, Stakes.LOW, F),
        (5, Stakes.LOW, B),
        (9, Stakes.LOW, B),
        (10, Stakes.LOW, S),
        # Mid Stakes: Success 15 or higher, Setback 10-14, Failure 9 or lower.
        (9, Stakes.MID, F),
        (10, Stakes.MID, B),
        (14, Stakes.MID, B),
        (15, Stakes.MID, S),
        # High Stakes: Success 20 or higher, Setback 15-19, Failure 14 or lower.
        (14, Stakes.HIGH, F),
        (15, Stakes.HIGH, B),
        (19, Stakes.HIGH, B),
        (20, Stakes.HIGH, S),
        # Totals beyond the die's faces still read against the same thresholds.
        (-3, Stakes.LOW, F),
        (31, Stakes.HIGH, S),
    ],
)
def test_classify_at_every_edge(total, stakes, outcome):
    assert classify(total, stakes) is outcome


@given(total=st.integers(-100, 100), stakes=st.sampled_from(Stakes))
def test_classify_is_monotone_and_matches_thresholds(total, stakes):
    outcome = classify(total, stakes)
    assert (outcome is S) == (total >= stakes.success_at)
    assert (outcome is F) == (total < stakes.setback_at)
    order = list(Outcome)
    assert order.index(classify(total + 1, stakes)) <= order.index(outcome)


@pytest.mark.parametrize("name", ["mid", "MID", "Mid Stakes", " mid stakes "])
def test_stakes_by_name(name):
    assert Stakes.parse(name) is Stakes.MID
    assert classify(15, name) is S


def test_bad_stakes_and_totals():
    with pytest.raises(tc.InvalidInput, match="stakes must be one of low, mid, high, got 'extreme'"):
        classify(10, "extreme")
    with pytest.raises(TypeError, match="stakes"):
        classify(10, 2)
    with pytest.raises(TypeError, match="total"):
        classify(10.0, Stakes.MID)
    with pytest.raises(TypeError, match="total"):
        classify(True, Stakes.MID)


def test_rendering_of_levels():
    assert str(Stakes.HIGH) == "High Stakes"
    assert str(Outcome.SETBACK) == "Setback"
    assert d20.Stakes is Stakes
