"""Bad input raises a TabletopError or TypeError and leaves every state as it was."""

import copy

import pytest
from hypothesis import given
from hypothesis import strategies as st

import tabletop_core as tc
from tabletop_core.action_roll import (
    Character,
    ConditionMeter,
    Impact,
    Impacts,
    Legacy,
    LegacyTrack,
    Meter,
    Momentum,
    Party,
    ProgressTrack,
    Rank,
)

junk = st.one_of(st.integers(-50, -1), st.floats(allow_nan=False), st.text(max_size=3), st.none(), st.booleans())

STATES = [
    (lambda: ProgressTrack(Rank.EXTREME, ticks=9), ["mark", "mark_ticks"]),
    (lambda: LegacyTrack(Legacy.BONDS, ticks=5), ["mark", "reward"]),
    (lambda: Momentum(3, impacts=1), ["gain", "lose", "with_impacts"]),
    (lambda: ConditionMeter(Meter.HEALTH, 2), ["suffer", "recover"]),
    (lambda: Party(), ["sacrifice_resources", "resupply"]),
    (lambda: Character(), ["gain_momentum", "lose_momentum", "mark_impact", "clear_impact", "resolve_burden"]),
    (lambda: Impacts([Impact.WOUNDED]), ["mark", "clear", "resolve_burden", "blocks"]),
]


@pytest.mark.parametrize(("make", "methods"), STATES, ids=lambda v: getattr(v, "__name__", None))
@given(bad=junk)
def test_bad_input_raises_and_changes_nothing(make, methods, bad):
    for method in methods:
        state = make()
        before = copy.deepcopy(state)
        with pytest.raises((tc.TabletopError, TypeError)):
            getattr(state, method)(bad)
        assert state == before
        assert state.to_dict() == before.to_dict()


def test_states_are_frozen():
    for make, _ in STATES:
        state = make()
        field = next(iter(state.to_dict()))
        with pytest.raises(AttributeError):
            setattr(state, field, 1)
