"""Every fast path a real workload takes builds what the plain construction builds (issue 30).

``fast_build`` / ``fast_replace`` / ``fast_builder`` skip the converters and validators of a
class. Each use is only sound if the plain construction, given the same values, would accept
them and build an equal value. ``tests/core/test_fast.py`` checks the core's own uses class by
class; this test records every call of a fast door while Journeys, actions, inventories and
notation rolls are played (the workloads of ``benchmarks/fast_paths.py``) and replays each
recorded call the plain way: same type, every field equal and of the same type.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any

import pytest

import fast_check
import tabletop_core

PER_SITE = 5  # calls kept per call site


def _play() -> None:
    from tabletop_core import action_roll as ar
    from tabletop_core import notation
    from tabletop_core import residue as rs
    from tabletop_core.residue.journey import CautiousPolicy, GreedyPolicy, example_setup, simulate_journey

    source = tabletop_core.dice_source(7)
    wanderer = rs.Wanderer.new(
        hp=6, endurance_dice=["d8", "d8", "d6", "d6"], inventory="d8", luck="d6", strain_threshold=3, rng=1
    )
    for policy in (CautiousPolicy(), GreedyPolicy()):
        simulate_journey(6, wanderer, example_setup(), policy, rng=11, progress=False)
    for _ in range(20):
        ar.action_roll(stat=2, adds=1, momentum=-2, rng=source)
        rs.resolve_action(slot="skill", die="d8", value=source.roll(8), luck="d6", luck_value=source.roll(6))
        rs.resolve_inventory("d12", source.roll(12))
    for expr in ("1d20+5", "8d6", "4d6kh3", "{4d6, 3d8}kh1", "4d6!", "3d6r1", "4d6>=5", "2d20kl1 [save]"):
        notation.roll(expr, rng=source)


@pytest.fixture(scope="module")
def recorded() -> dict[tuple[str, str], list[tuple[Callable[..., Any], tuple[Any, ...], dict[str, Any], Any]]]:
    from tabletop_core.action_roll import action

    action._judged.cache_clear()  # the action roll's fast path hides behind a cache
    calls: dict[tuple[str, str], list[tuple[Callable[..., Any], tuple[Any, ...], dict[str, Any], Any]]] = {}
    found = fast_check.doors()
    before = [(module, name, getattr(module, name)) for module, name, _door, _plain in found]

    def recorder(door: Callable[..., Any], plain: Callable[..., Any]) -> Callable[..., Any]:
        def record(*args: Any, **kwargs: Any) -> Any:
            made = door(*args, **kwargs)
            frame = sys._getframe(1)
            key = (frame.f_globals["__name__"], getattr(frame.f_code, "co_qualname", frame.f_code.co_name))
            kept = calls.setdefault(key, [])
            if len(kept) < PER_SITE:
                kept.append((plain, args, kwargs, made))
            return made

        return record

    try:
        for module, name, door, plain in found:
            setattr(module, name, recorder(door, plain))
        _play()
    finally:
        for module, name, value in before:
            setattr(module, name, value)
    return calls


def test_the_workloads_reach_the_fast_paths_of_every_area(recorded: dict[tuple[str, str], list[Any]]) -> None:
    modules = {module for module, _function in recorded}
    assert len(recorded) >= 60, sorted(recorded)  # call sites; about 70 when written
    for expected in ("residue.journey.flow", "residue.journey.state", "residue.actions", "notation._kernel.engine"):
        assert f"tabletop_core.{expected}" in modules


def test_every_recorded_fast_call_equals_the_plain_construction(recorded: dict[tuple[str, str], list[Any]]) -> None:
    disagreements = [
        f"{module}.{function}: {found}"
        for (module, function), kept in sorted(recorded.items())
        for plain, args, kwargs, made in kept
        if (found := fast_check.disagreement(plain, args, kwargs, made)) is not None
    ]
    assert disagreements == []


def test_the_sites_read_from_the_source_are_the_ones_the_workloads_reach() -> None:
    """The static list that ``TABLETOP_FAST_CHECK=1`` holds the whole suite to (CI stage
    ``25-fast-paths.sh``) names the functions a workload reaches, not fewer, not others."""
    sites = fast_check.static_sites()
    assert len(sites) >= 60
    with fast_check.checking() as reached:
        _play()
    assert reached <= sites, sorted(reached - sites)


def test_a_checking_door_refuses_what_the_plain_construction_refuses() -> None:
    """The check can fail: a fast build the class's own validator refuses raises at once."""
    from tabletop_core.residue.journey import state

    door = state.fast_build
    with (
        fast_check.checking() as reached,
        pytest.raises(fast_check.FastPathDisagrees, match="must be a JourneyOutcome"),
    ):
        state.fast_build(state.EndedPhase, outcome="nonsense", defeat=None)
    assert reached == {(__name__, "test_a_checking_door_refuses_what_the_plain_construction_refuses")}
    assert state.fast_build is door  # put back after the block


def test_a_transition_that_returns_an_invalid_journey_fails_the_check() -> None:
    """Mid-transition states are tolerated where listed; the state a transition returns never is."""
    from tabletop_core import _fast
    from tabletop_core import residue as rs
    from tabletop_core.residue.journey import example_setup, start_journey

    wanderer = rs.Wanderer.new(
        hp=6, endurance_dice=["d8", "d8", "d6", "d6"], inventory="d8", luck="d6", strain_threshold=3, rng=1
    )
    journey = start_journey(wanderer, example_setup(), rng=3)
    invalid = _fast.fast_replace(journey, steps=-1)
    assert fast_check._checked_advance(lambda _journey, *args: journey)(journey) is journey
    with pytest.raises(fast_check.FastPathDisagrees, match="steps must be an int >= 0"):
        fast_check._checked_advance(lambda _journey, *args: invalid)(journey)
