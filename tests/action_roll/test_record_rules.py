"""States that cannot lie in action_roll: what a shortfall may say."""

from __future__ import annotations

import pytest

import tabletop_core as tc
from tabletop_core import action_roll as ar


def test_momentum_shortfall_only_at_the_floor():
    floor = ar.Momentum(-5).lose(3)
    assert (floor.value, floor.shortfall) == (-6, 2)
    assert ar.Momentum.from_dict(floor.to_dict()).shortfall == 2
    with pytest.raises(tc.InvalidInput, match="shortfall is only left when momentum stopped at -6"):
        ar.Momentum.from_dict({**ar.Momentum(4).to_dict(), "shortfall": 1_000_000})


def test_meter_shortfall_only_at_zero():
    empty = ar.ConditionMeter(ar.Meter.HEALTH, 1).suffer(3)
    assert (empty.value, empty.shortfall) == (0, 2)
    with pytest.raises(tc.InvalidInput, match="shortfall is only left when the meter stopped at 0"):
        ar.ConditionMeter.from_dict({**ar.ConditionMeter(ar.Meter.HEALTH, 3).to_dict(), "shortfall": 1})
