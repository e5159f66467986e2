"""Every fast path a real workload takes builds what the plain construction builds (issue 30).

``fast_build`` / ``fast_replace`` / ``fast_builder`` skip the converters and validators of a
class. Each use is only sound if the plain construction, given the same values, would accept
them and build an equal value. ``tests/core/test_fast.py`` checks the core's own uses class by
class; this test records every call of a fast door while Journeys, actions, inventories and
notation rolls are played (the workloads of ``benchmarks/fast_paths.py``) and replays each
recorded call the plain way: same type, every field equal and of the same type.
"""

from __future__ import annotations

import importlib
import pkgutil
import sys
from collections.abc import Callable
from typing import Any

import attrs
import pytest

import tabletop_core
from tabletop_core import _fast

PER_SITE = 5  # calls kept per call site


def _doors() -> list[tuple[Any, str, Callable[..., Any], Callable[..., Any]]]:
    """(module, name, fast door, its plain stand-in) for every module-level name bound to a fast door."""
    for info in pkgutil.walk_packages(tabletop_core.__path__, "tabletop_core."):
        if not info.name.endswith("__main__"):
            importlib.import_module(info.name)
    positional = {builder: cls for cls, builder in _fast._TABLES["positional"].items()}
    found = []
    for name, module in sorted(sys.modules.items()):
        if not name.startswith("tabletop_core.") or name == "tabletop_core._fast":
            continue
        for attribute, value in vars(module).items():
            if value is _fast.fast_build:
                found.append((module, attribute, value, lambda cls, **fields: cls(**fields)))
            elif value is _fast.fast_replace:
                found.append((module, attribute, value, attrs.evolve))
            elif callable(value) and value in positional:
                cls = positional[value]
                found.append((module, attribute, value, lambda *values, cls=cls: cls(*values)))
    return found


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
    doors = _doors()

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
        for module, name, door, plain in doors:
            setattr(module, name, recorder(door, plain))
        _play()
    finally:
        for module, name, door, _plain in doors:
            setattr(module, name, door)
    return calls


def test_the_workloads_reach_the_fast_paths_of_every_area(recorded: dict[tuple[str, str], list[Any]]) -> None:
    modules = {module for module, _function in recorded}
    assert len(recorded) >= 60, sorted(recorded)  # call sites; about 70 when written
    for expected in ("residue.journey.flow", "residue.journey.state", "residue.actions", "notation._kernel.engine"):
        assert f"tabletop_core.{expected}" in modules


def test_every_recorded_fast_call_equals_the_plain_construction(recorded: dict[tuple[str, str], list[Any]]) -> None:
    disagreements = []
    for (module, function), kept in sorted(recorded.items()):
        for plain, args, kwargs, made in kept:
            try:
                expected = plain(*args, **kwargs)
            except Exception as error:  # the class itself refuses what the fast path built: a finding
                disagreements.append(f"{module}.{function}: the plain construction raises {error!r}")
                continue
            if type(made) is not type(expected) or made != expected:
                disagreements.append(f"{module}.{function}: {made!r} != {expected!r}")
                continue
            for field in attrs.fields(type(expected)):
                a, b = getattr(made, field.name), getattr(expected, field.name)
                if a != b or type(a) is not type(b):
                    disagreements.append(f"{module}.{function}: field {field.name}: {a!r} vs {b!r}")
    assert disagreements == []
