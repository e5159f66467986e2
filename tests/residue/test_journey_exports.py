"""The Journey package exports its choices, phases and typed events, and each record round-trips."""

import json

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from journey_strategies import journeys

import tabletop_core as tc
from fuzz_support import instance_of  # the fuzzer's example of each public class
from tabletop_core import residue as rs
from tabletop_core.residue import journey as jr
from tabletop_core.residue.journey import choices, events, phases

RECORDS = sorted(
    (getattr(jr, name) for name in jr.__all__ if attrs.has(getattr(jr, name))),
    key=lambda cls: cls.__name__,
)
PHASES = [cls for cls in RECORDS if issubclass(cls, jr.JourneyStage)]
EVENTS = [cls for cls in RECORDS if issubclass(cls, jr.JourneyEvent)]


def test_the_package_exports_every_phase_event_and_kind_of_choice():
    exported = set(jr.__all__)
    assert set(phases.__all__) <= exported
    assert set(events.__all__) <= exported
    assert {kind.__name__ for kind in choices.KINDS} <= exported
    # every concrete phase and event class of the modules (public or not) is exported
    defined = [v for v in [*vars(phases).values(), *vars(events).values()] if isinstance(v, type) and attrs.has(v)]
    assert {c for c in defined if issubclass(c, jr.JourneyStage)} == set(PHASES)
    assert {c for c in defined if issubclass(c, jr.JourneyEvent)} == set(EVENTS)
    assert (len(PHASES), len(EVENTS)) == (14, 16)
    for name in jr.__all__:
        assert getattr(jr, name).__doc__, name


def test_the_curated_top_level_keeps_the_phase_and_event_classes_in_the_journey_package():
    assert "DieRolled" not in rs.__all__
    assert "CombatPhase" not in rs.__all__
    assert rs.Journey is jr.Journey


@pytest.mark.parametrize("cls", [*PHASES, *EVENTS, jr.Trip, jr.TokenMovement], ids=lambda cls: cls.__name__)
def test_every_phase_and_event_round_trips_through_json(cls):
    record = instance_of(cls)
    assert type(record) is cls
    data = json.loads(json.dumps(record.to_dict()))
    assert data["type"] == f"residue.{cls.__name__}"
    assert cls.from_dict(data) == record
    base = jr.JourneyStage if cls in PHASES else jr.JourneyEvent if cls in EVENTS else cls
    assert base.from_dict(data) == record
    assert "\n" not in str(record)


def test_a_phase_is_not_read_as_an_event():
    with pytest.raises(tc.InvalidInput, match="JourneyEvent"):
        jr.JourneyEvent.from_dict(jr.MovePhase(stars=2).to_dict())
    with pytest.raises(tc.InvalidInput, match="JourneyStage"):
        jr.JourneyStage.from_dict(jr.NewDay(day=2).to_dict())


LINE = st.text(st.characters(blacklist_categories=("Cs", "Cc")), max_size=30)
SMALL = st.integers(0, 10**6)
HEXES = st.builds(rs.Hex, st.integers(-50, 50), st.integers(-50, 50))


@st.composite
def die_rolled(draw):
    sides = draw(st.integers(1, 10**6))
    return jr.DieRolled(rule=draw(LINE), sides=sides, face=draw(st.integers(1, sides)), result=draw(LINE))


@st.composite
def hp_changed(draw):
    max_hp = draw(st.integers(1, 10**6))
    before, after = draw(st.integers(0, max_hp)), draw(st.integers(0, max_hp))
    return jr.HPChanged(cause=draw(LINE), before=before, after=after, max_hp=max_hp)


EVENT_VALUES = st.one_of(
    die_rolled(),
    hp_changed(),
    st.builds(jr.StrainGained, cause=LINE, amount=SMALL, strain=SMALL),
    st.builds(jr.Moved, to=HEXES, direction=st.none() | st.sampled_from(list(rs.Direction)), how=LINE),
    st.builds(jr.TokenFound, token=SMALL, name=LINE, what=LINE),
    st.builds(jr.StrainChecked, strain=SMALL, threshold=SMALL, result=st.sampled_from(list(rs.StrainCheck))),
    st.builds(jr.PhaseBegan, st.sampled_from(list(jr.Phase))),
    st.builds(jr.NewDay, day=st.integers(1, 10**6)),
    st.builds(jr.ReachedHum, at=HEXES),
    st.builds(jr.JourneyEnded, outcome=st.sampled_from(list(jr.JourneyOutcome)), detail=LINE),
    st.builds(jr.Note, LINE),
    st.builds(jr.Defeated, defeat=st.builds(rs.Defeat, st.sampled_from(list(rs.DefeatCause)))),
)

PHASE_VALUES = st.one_of(
    st.builds(jr.MovePhase, stars=st.integers(1, 10**6)),
    st.builds(jr.RecoverPhase, healed=st.booleans()),
    st.builds(jr.EscapePhase, then=st.builds(jr.TokenMovement, next=st.none() | SMALL)),
    st.builds(jr.MeetPhase, then=st.builds(jr.Trip, stars=st.integers(0, 10**6), ends=st.booleans())),
    st.builds(jr.TradePhase, vendor=LINE.filter(bool)),
    st.builds(jr.EndedPhase, outcome=st.sampled_from([jr.JourneyOutcome.REACHED_HUM, jr.JourneyOutcome.OUT_OF_TIME])),
    st.builds(
        jr.EndedPhase,
        outcome=st.just(jr.JourneyOutcome.DEFEATED),
        defeat=st.builds(rs.Defeat, st.sampled_from(list(rs.DefeatCause))),
    ),
    st.sampled_from([jr.TravelPhase(), jr.CheckStrainPhase(), jr.PayoffPhase(), jr.PlacePhase()]),
)


@given(st.one_of(EVENT_VALUES, PHASE_VALUES))
def test_events_and_phases_round_trip_through_json_as_their_kind(record):
    base = jr.JourneyEvent if isinstance(record, jr.JourneyEvent) else jr.JourneyStage
    back = base.from_dict(json.loads(json.dumps(record.to_dict())))
    assert back == record
    assert type(back) is type(record)
    assert str(back) == str(record)
    assert "\n" not in str(record)


def test_a_combat_phase_refuses_malformed_tokens_with_library_errors():
    encounter = rs.Encounter((rs.Creature("Husk", hp=3, defense=0, damage=2),))
    with pytest.raises(TypeError, match="tokens must be a tuple"):
        jr.CombatPhase(encounter=encounter, tokens="xx")
    with pytest.raises(tc.InvalidInput, match=r"tokens: each an \(enemy, token\) pair, got \(0,\)"):
        jr.CombatPhase(encounter=encounter, tokens=((0,),))
    with pytest.raises(TypeError, match="retaliators must be a tuple"):
        jr.CombatPhase(encounter=encounter, retaliators=0)
    stage = jr.CombatPhase(encounter=encounter, tokens=((0, 3),))
    assert stage.token_of(0) == 3
    assert stage.token_of(1) is None
    with pytest.raises(TypeError, match="enemy must be an int"):
        stage.token_of("0")


def _records_in(value, found):
    """Every record class inside *value* (its fields, tuples of them), depth first."""
    if isinstance(value, tc.residue.Journey):
        return  # the whole state is exported, and every part of it is a part of some event too
    if attrs.has(type(value)):
        found.add(type(value))
        for field in attrs.fields(type(value)):
            _records_in(getattr(value, field.name), found)
    elif isinstance(value, tuple):
        for item in value:
            _records_in(item, found)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(journeys(), st.integers(0, 2**32))
def test_every_class_an_event_carries_is_importable_from_residue_or_its_journey(journey, seed):
    """A step's events, and every record inside them, are classes of ``tabletop_core.residue`` or ``.journey``."""
    import random

    faces = {getattr(rs, name) for name in rs.__all__} | {getattr(jr, name) for name in jr.__all__}
    pick = random.Random(seed)
    dice = tc.dice_source(seed)
    found: set[type] = set()
    for _ in range(200):
        if journey.is_over:
            break
        step = journey.apply(pick.choice(journey.choices()), rng=dice)
        for event in step.events:
            _records_in(event, found)
        journey = step.journey
    missing = sorted(cls.__name__ for cls in found if cls not in faces)
    assert not missing, f"event payloads not importable from residue or residue.journey: {missing}"
