"""States that cannot lie: each record refuses a tampered field with an error naming it.

One test per rule, with the exact rule; fields left free on purpose are commented in
the record's validator.
"""

from __future__ import annotations

import attrs
import pytest

import tabletop_core as tc
from tabletop_core import residue as rs
from tabletop_core.residue import journey as jr


def _wanderer():
    return rs.Wanderer.new(
        hp=10, endurance_dice=["d6", "d8"], inventory="d6", luck="d6", strain_threshold=3, rng=tc.ScriptedDice([3, 2])
    )


@pytest.fixture(scope="module")
def simulation():
    return jr.simulate_journey(12, _wanderer(), jr.example_setup(), jr.CautiousPolicy(), rng=7, progress=False)


@pytest.fixture(scope="module")
def journey():
    return jr.start_journey(_wanderer(), jr.example_setup(max_days=5), rng=7)


def _tampered(record, **changes):
    return type(record).from_dict({**record.to_dict(), **changes})


# -- JourneySimulation ------------------------------------------------------------


def test_simulation_round_trips_and_holds_no_mutable_dict(simulation):
    assert _tampered(simulation) == simulation
    with pytest.raises(TypeError):
        simulation.defeats["HP"] = 0  # read-only mappings
    with pytest.raises(TypeError):
        simulation.days[1] = 0


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"runs": -1}, "runs"),
        ({"reached": -1}, "reached"),
        ({"out_of_time": -3}, "out_of_time"),
        ({"defeats": {"HP": -1}}, "defeats"),
        ({"defeats": {"GREMLINS": 1}}, "defeats"),
        ({"days": {"0": 12}}, "days"),
        ({"days": {"1": -1}}, "days"),
    ],
)
def test_simulation_refuses_a_value_out_of_range(simulation, changes, field):
    with pytest.raises(tc.InvalidInput, match=field):
        _tampered(simulation, **changes)


def test_simulation_runs_equal_every_way_a_journey_ends(simulation):
    # runs == reached + out_of_time + sum(defeats): "5/-1 journeys (-500.0%)" cannot be built.
    with pytest.raises(tc.InvalidInput, match="runs must equal"):
        _tampered(simulation, reached=simulation.reached + 1)
    with pytest.raises(tc.InvalidInput, match="runs must be an int >= 0"):
        jr.JourneySimulation(runs=-1, policy="x", reached=5, out_of_time=0, defeats={}, days={})


def test_simulation_days_count_every_run_once(simulation):
    days = {str(day): count for day, count in simulation.days.items()}
    first = next(iter(days))
    days[first] += 1
    with pytest.raises(tc.InvalidInput, match="days must count every run once"):
        _tampered(simulation, days=days)


def test_simulation_chunks_still_add(simulation):
    both = simulation + simulation
    assert both.runs == 2 * simulation.runs
    assert dict(both.days) == {day: 2 * count for day, count in simulation.days.items()}


# -- Journey ----------------------------------------------------------------------


def test_journey_round_trips(journey):
    assert _tampered(journey) == journey


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"day": 99}, "day"),  # past setup.max_days (5)
        ({"day": 0}, "day"),
        ({"steps": -1}, "steps"),
        ({"movement_next": -1}, "movement_next"),
        ({"movement_next": 10_000}, "movement_next"),
        ({"travel_stars": -2}, "travel_stars"),
        ({"retaliators": [0]}, "retaliators"),  # no encounter, no retaliator
        ({"trading": "Nobody"}, "trading"),
    ],
)
def test_journey_refuses_a_tampered_field(journey, changes, field):
    with pytest.raises(tc.InvalidInput, match=field):
        _tampered(journey, **changes)


def test_journey_outcome_exactly_when_over(journey):
    with pytest.raises(tc.InvalidInput, match="outcome must be given exactly when the phase is OVER"):
        attrs.evolve(journey, outcome=jr.JourneyOutcome.REACHED_HUM)
    with pytest.raises(tc.InvalidInput, match="outcome must be given exactly when the phase is OVER"):
        attrs.evolve(journey, phase=jr.Phase.OVER)


def test_journey_defeat_exactly_when_defeated_and_on_its_day(journey):
    over = {"phase": jr.Phase.OVER, "outcome": jr.JourneyOutcome.DEFEATED}
    with pytest.raises(tc.InvalidInput, match="defeat must be given exactly"):
        attrs.evolve(journey, **over)
    with pytest.raises(tc.InvalidInput, match=r"defeat\.day"):
        attrs.evolve(journey, **over, defeat=rs.Defeat(rs.DefeatCause.HP, day=journey.day + 1))
    ended = attrs.evolve(journey, **over, defeat=rs.Defeat(rs.DefeatCause.HP, day=journey.day))
    assert ended.is_over


@pytest.mark.parametrize("field", ["encounter", "wanderer", "setup", "position"])
def test_journey_fields_are_type_checked(journey, field):
    with pytest.raises(TypeError, match=f"Journey.{field} must be"):
        attrs.evolve(journey, **{field: "x"})


def test_setup_fields_are_type_checked():
    with pytest.raises(TypeError, match=r"JourneySetup.tokens\[0\] must be a Token"):
        attrs.evolve(jr.example_setup(), tokens=("d6",))
