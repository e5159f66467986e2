"""JourneyPlay keeps each step's typed events and renders them to text only when asked (``lines``)."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tabletop_core as tc
from tabletop_core import residue as rs
from tabletop_core.residue import journey as jr


def _played(seed, policy=None, days=3):
    wanderer = rs.Wanderer.new(
        hp=6, endurance_dice=["d8", "d8", "d6", "d6"], inventory="d8", luck="d6", strain_threshold=3, rng=seed
    )
    start = jr.start_journey(wanderer, jr.example_setup(max_days=days), rng=seed + 1)
    end, steps = jr.play_journey(start, policy or jr.CautiousPolicy(), rng=seed + 2)
    return jr.JourneyPlay.of("cautious", start, end, steps), steps


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32 - 3), greedy=st.booleans())
def test_the_log_is_each_steps_events_and_its_lines_read_as_the_steps_do(seed, greedy):
    played, steps = _played(seed, jr.GreedyPolicy() if greedy else jr.CautiousPolicy())
    assert played.log == tuple(step.events for step in steps)
    assert played.lines == tuple(str(step) for step in steps)
    back = jr.JourneyPlay.from_dict(json.loads(json.dumps(played.to_dict())))
    assert back == played
    assert back.lines == played.lines


def test_the_events_keep_their_types_and_dice_through_json():
    played, _ = _played(11)
    data = json.loads(played.to_json())
    assert data["version"] == 2
    first = data["log"][0]
    assert first[0] == {"type": "residue.ChoiceMade", "version": 1, "choice": played.choices[0].to_dict()}
    back = jr.JourneyPlay.from_dict(data)
    kinds = {type(event) for events in back.log for event in events}
    assert {jr.ChoiceMade, jr.RuleApplied} <= kinds
    assert all(type(events[0]) is jr.ChoiceMade for events in back.log)
    assert back.lines[0].startswith(f"Day 1: {played.choices[0]}: ")


def test_the_day_of_each_line_follows_the_new_day_events():
    played, steps = _played(5, days=4)
    days = [step.journey.day for step in steps]
    assert days[-1] > 1  # the play crossed at least one Rest
    for line, day in zip(played.lines, days, strict=True):
        assert line.startswith(f"Day {day}: ")


def test_a_version_1_play_keeps_its_saved_lines():
    played, _ = _played(7)
    old = json.loads(played.to_json())
    old["version"] = 1
    old["log"] = list(played.lines)  # version 1 saved one rendered line per choice
    loaded = jr.JourneyPlay.from_dict(old)
    assert loaded.lines == played.lines
    assert all(len(events) == 1 and type(events[0]) is jr.Note for events in loaded.log)
    assert (loaded.choices, loaded.start, loaded.end) == (played.choices, played.start, played.end)
    assert jr.JourneyPlay.from_dict(loaded.to_dict()) == loaded


def test_a_bad_log_is_refused_with_a_library_error():
    played, _ = _played(3)
    with pytest.raises(TypeError, match="log must be a sequence of event sequences, got str"):
        jr.JourneyPlay(played.policy, played.start, played.choices, "lines", played.end)
    with pytest.raises(TypeError, match=r"log\[0\] must be a sequence of JourneyEvent, got str"):
        jr.JourneyPlay(played.policy, played.start, played.choices, ("a line",) * len(played.choices), played.end)
    with pytest.raises(TypeError, match=r"log\[0\]: an event must be a JourneyEvent"):
        jr.JourneyPlay(played.policy, played.start, played.choices, (("x",),) * len(played.choices), played.end)
    with pytest.raises(tc.InvalidInput, match=r"log: 0 steps for \d+ choices"):
        jr.JourneyPlay(played.policy, played.start, played.choices, (), played.end)
    data = played.to_dict()
    with pytest.raises(tc.InvalidInput):
        jr.JourneyPlay.from_dict({**data, "log": [["not an event"]] * len(played.choices)})
