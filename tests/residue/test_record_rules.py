"""States that cannot lie: each record refuses a tampered field with an error naming it.

One test per rule, with the exact rule; fields left free on purpose are commented in
the record's validator.
"""

from __future__ import annotations

import attrs
import pytest

import tabletop_core as tc
from tabletop_core import residue as rs
from tabletop_core._record import record_type
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
    with pytest.raises(tc.InvalidInput, match="runs must equal reached"):
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


def _stage(kind, **fields):
    """A saved stage of *kind*: every key the saved form holds (its defaults), then *fields*."""
    try:
        base = record_type(f"residue.{kind}")().to_dict()
    except (tc.TabletopError, TypeError):  # an unknown kind, or one without defaults for every field
        base = {"type": f"residue.{kind}", "version": 1}
    return {**base, **fields}


_HUSK = {
    "type": "residue.Creature",
    "version": 1,
    "name": "Husk",
    "hp": 3,
    "defense": 0,
    "damage": 2,
    "max_hp": 3,
    "mutation": None,
    "is_defeated": False,
}
_FIGHT = {
    "type": "residue.Encounter",
    "version": 1,
    "enemies": [_HUSK],
    "surprised": False,
    "surprise_attack": False,
    "attacks": 0,
    "opened": False,
    "escaped": False,
}


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"day": 99}, "day"),  # past setup.max_days (5)
        ({"day": 0}, "day"),
        ({"steps": -1}, "steps"),
        ({"stage": _stage("EscapePhase", then=_stage("TokenMovement", next=-1))}, "next"),
        ({"stage": _stage("EscapePhase", then=_stage("TokenMovement", next=10_000))}, "then.next"),
        ({"stage": _stage("MovePhase", stars=-2)}, "stars"),
        ({"stage": _stage("MovePhase", stars=0)}, "stars"),
        (
            {"stage": _stage("CombatPhase", encounter=_FIGHT, tokens=[], retaliators=[1], then=_stage("Trip"))},
            "retaliators",
        ),
        (
            {"stage": _stage("CombatPhase", encounter=_FIGHT, tokens=[[0, 99]], retaliators=[], then=_stage("Trip"))},
            "stage.tokens",
        ),
        ({"stage": _stage("TradePhase", vendor="Nobody", then=_stage("Trip"))}, "trading"),
        ({"stage": _stage("EndedPhase", outcome="reached_hum", defeat={"cause": "hp"})}, "defeat"),
        ({"stage": _stage("EndedPhase", outcome="defeated", defeat=None)}, "defeat"),
        ({"stage": _stage("PlacePhase", then=_stage("Trip"))}, "gained"),
        ({"stage": _stage("Ended", outcome="defeated")}, "type"),
        ({"stage": _stage("Trip")}, "type"),
    ],
)
def test_journey_refuses_a_tampered_field(journey, changes, field):
    with pytest.raises(tc.InvalidInput, match=field):
        _tampered(journey, **changes)


def test_journey_stage_is_a_tagged_union(journey):
    from tabletop_core.residue.journey import phases as ph

    assert journey.stage == ph.TravelPhase()
    assert journey.phase is jr.Phase.TRAVEL
    fight = attrs.evolve(journey, stage=ph.CombatPhase(rs.Encounter((rs.Creature("Husk", hp=3),)), retaliators=(0,)))
    assert fight.phase is jr.Phase.DEFEND
    assert fight.encounter == fight.stage.encounter
    assert _tampered(fight) == fight
    with pytest.raises(TypeError, match="stage"):
        attrs.evolve(journey, stage=jr.Phase.TRAVEL)


def test_journey_defeat_exactly_when_defeated_and_on_its_day(journey):
    from tabletop_core.residue.journey import phases as ph

    with pytest.raises(tc.InvalidInput, match="defeat must be given exactly"):
        ph.EndedPhase(jr.JourneyOutcome.DEFEATED)
    with pytest.raises(tc.InvalidInput, match="defeat must be given exactly"):
        ph.EndedPhase(jr.JourneyOutcome.REACHED_HUM, rs.Defeat(rs.DefeatCause.HP, day=1))
    late = ph.EndedPhase(jr.JourneyOutcome.DEFEATED, rs.Defeat(rs.DefeatCause.HP, day=journey.day + 1))
    with pytest.raises(tc.InvalidInput, match=r"defeat\.day"):
        attrs.evolve(journey, stage=late)
    ended = attrs.evolve(journey, stage=attrs.evolve(late, defeat=rs.Defeat(rs.DefeatCause.HP, day=journey.day)))
    assert ended.is_over
    assert ended.outcome is jr.JourneyOutcome.DEFEATED


@pytest.mark.parametrize("field", ["stage", "wanderer", "setup", "position"])
def test_journey_fields_are_type_checked(journey, field):
    with pytest.raises(TypeError, match=f"Journey.{field} must be"):
        attrs.evolve(journey, **{field: "x"})


def test_setup_fields_are_type_checked():
    with pytest.raises(TypeError, match=r"JourneySetup.tokens\[0\] must be a Token"):
        attrs.evolve(jr.example_setup(), tokens=("d6",))


# -- the other records with cross-field rules ------------------------------------


def test_damage_result_lost_and_after_follow_from_damage_and_defense():
    result = rs.resolve_damage(rs.Health(6, 10), damage=3, blocked=1)
    assert _tampered(result) == result
    with pytest.raises(tc.InvalidInput, match="lost must be 2"):
        _tampered(result, lost=5)
    with pytest.raises(tc.InvalidInput, match="after must be"):
        _tampered(result, after=rs.Health(6, 10).to_dict())
    with pytest.raises(tc.InvalidInput, match="blocked"):
        _tampered(result, blocked=-1)


def test_hum_placement_distance_target_and_landing_follow_from_the_dice(journey):
    placed = rs.resolve_hum_placement(journey.hexmap, rs.Hex(0, 0), compass_roll=1, distance_dice=(2, 3))
    assert _tampered(placed) == placed
    with pytest.raises(tc.InvalidInput, match="distance must be 2d4"):
        _tampered(placed, distance=placed.distance + 1)
    with pytest.raises(tc.InvalidInput, match="distance_dice"):
        _tampered(placed, distance_dice=[5, 0], distance=8)
    with pytest.raises(tc.InvalidInput, match="target must be"):
        _tampered(placed, target=rs.Hex(0, 0).to_dict())
    with pytest.raises(tc.InvalidInput, match="at must be the target"):
        _tampered(placed, at=rs.Hex(1, 1).to_dict())
    with pytest.raises(tc.InvalidInput, match="given together"):
        _tampered(placed, redirect_roll=2)


def test_turn_start_action_points_are_the_creatures():
    from tabletop_core import d20

    start = d20.Creature(max_hp=10).resolve_start_turn()
    assert _tampered(start) == start
    with pytest.raises(tc.InvalidInput, match="action_points must be the creature's 3"):
        _tampered(start, action_points=1_000_000)


def test_endurance_step_strain_gained_is_the_strain_added():
    endurance = rs.Endurance.start(["d6"], rng=tc.ScriptedDice([3])).commit("skill", 0)
    step = endurance.recover_with_strain(rng=tc.ScriptedDice([5]))
    assert step.strain_gained == step.after.strain - step.before.strain
    assert _tampered(step) == step
    with pytest.raises(tc.InvalidInput, match="strain_gained must be the Strain added"):
        _tampered(step, strain_gained=step.strain_gained + 1)


def test_commit_result_loses_at_most_bleedings_hp():
    result = rs.commit_action(rs.Endurance.start(["d6"], rng=tc.ScriptedDice([3])), "skill", 0, rng=7)
    with pytest.raises(tc.InvalidInput, match="hp_lost"):
        _tampered(result, hp_lost=1_000_000)


def test_a_choice_with_a_negative_position_is_refused_when_built_and_one_past_the_end_by_the_journey(journey):
    # Each kind of Choice checks its positions count from 0; apply() refuses one the Journey does not offer.
    with pytest.raises(tc.InvalidInput, match="die is a position counted from 0, got -1"):
        jr.Choice(jr.Act.COMMIT_MOVE, die=-1)
    with pytest.raises(tc.RuleError):
        journey.apply(jr.Choice(jr.Act.COMMIT_MOVE, die=99), rng=1)


def test_result_records_check_their_field_types():
    with pytest.raises(TypeError, match=r"DeckDraw\.kept\[0\] must be an Item"):
        attrs.evolve(rs.Deck((rs.Item("Rope"),)).draw(1), kept=("Rope",))
    with pytest.raises(TypeError, match=r"AreaEntry\.surprised must be a bool"):
        jr.AreaEntry("Crater", surprised="yes")


def _fight():
    return rs.Encounter((rs.Creature("Husk", hp=3, defense=1, damage=2), rs.Creature("Raider", hp=4, damage=2)))


def test_attack_result_follows_from_encounter_target_and_stars():
    result = rs.resolve_attack(_fight(), target=0, stars=3)
    assert (result.damage, result.retaliators) == (2, (0, 1))
    assert _tampered(result) == result
    with pytest.raises(tc.InvalidInput, match="damage must be 2: it follows"):
        _tampered(result, damage=3)
    with pytest.raises(tc.InvalidInput, match="retaliators must be"):
        _tampered(result, retaliators=[1])
    with pytest.raises(tc.InvalidInput, match="after must be"):
        _tampered(result, after=result.before.to_dict())
    with pytest.raises(tc.InvalidInput, match="target"):
        _tampered(result, target=7)
    passed = rs.resolve_pass(_fight())
    assert _tampered(passed) == passed
    with pytest.raises(tc.InvalidInput, match="stars must be 0 for a Pass"):
        _tampered(passed, stars=2)


def test_run_result_escapes_exactly_at_three_stars():
    failed = rs.resolve_run(_fight(), stars=2)
    assert _tampered(failed) == failed
    with pytest.raises(tc.InvalidInput, match="after must be the Encounter unchanged"):
        _tampered(failed, after={**failed.before.to_dict(), "escaped": True})
    with pytest.raises(tc.InvalidInput, match="after must be the Encounter escaped"):
        _tampered(failed, stars=3)
    escaped = rs.resolve_run(_fight(), stars=3)
    with pytest.raises(tc.InvalidInput, match="retaliators"):
        _tampered(escaped, retaliators=[0])
