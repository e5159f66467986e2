"""Which ``fast_build`` / ``fast_replace`` / ``fast_builder`` uses the benchmarks need, measured.

``python -m benchmarks.fast_paths [WORKLOAD ...]`` runs the calls the benchmarks time (a batch of
Journeys as ``bench_residue_journey`` plays them, ``action_roll`` as ``bench_action_roll``
rolls it, the loops of ``bench_residue``, notation rolls as ``bench_notation``), each three ways:

* as shipped (every fast path on);
* with every fast path replaced by the plain construction it stands for (``cls(**fields)``,
  ``attrs.evolve``, ``cls(*values)``), which re-runs the converters, validators and
  ``__attrs_post_init__`` the fast path skips;
* with the plain construction in one module at a time (the modules the workload calls).

and then counts the calls per call site (module, function) and times one recorded call of each
site both ways, so each site gets an estimated share of the workload. A site whose share is
below a percent or so is not on a hot path the benchmarks show: its fast path can go. The
best of ``REPEAT`` runs is kept for each timing; the machine should be quiet.

Issue 30 asks that ``fast_build``/``fast_replace`` stay only where this shows they are needed.
"""

from __future__ import annotations

import importlib
import os
import pkgutil
import sys
import time
import timeit
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from types import ModuleType
from typing import Any

import attrs

import tabletop_core
from tabletop_core import _fast

REPEAT = int(os.environ.get("BENCH_FAST_REPEAT", "5"))


def _plain_build(cls: type, **fields: object) -> object:
    return cls(**fields)


def _plain_replace(instance: Any, **changes: object) -> object:  # Any: an attrs instance
    return attrs.evolve(instance, **changes)


def _plain_positional(cls: type) -> Callable[..., object]:
    def build(*values: object) -> object:
        return cls(*values)

    return build


def _modules() -> list[ModuleType]:
    """Every module of the package, imported (the systems bind the fast doors at import)."""
    found = []
    for info in pkgutil.walk_packages(tabletop_core.__path__, "tabletop_core."):
        if info.name.endswith("__main__"):
            continue
        found.append(importlib.import_module(info.name))
    return found


def _fast_names(module: ModuleType) -> dict[str, Callable[..., Any]]:
    """The module's global names bound to a fast door, each with its plain stand-in."""
    positional = {builder: cls for cls, builder in _fast._TABLES["positional"].items()}
    plain: dict[str, Callable[..., Any]] = {}
    for name, value in vars(module).items():
        if value is _fast.fast_build:
            plain[name] = _plain_build
        elif value is _fast.fast_replace:
            plain[name] = _plain_replace
        elif callable(value) and value in positional:
            plain[name] = _plain_positional(positional[value])
    return plain


@contextmanager
def _patched(
    modules: list[ModuleType], replace: Callable[[Callable[..., Any], Callable[..., Any]], Any]
) -> Iterator[None]:
    """Each fast door bound in *modules* replaced by ``replace(door, plain)`` for the block."""
    saved = [
        (module, name, vars(module)[name], plain) for module in modules for name, plain in _fast_names(module).items()
    ]
    try:
        for module, name, door, plain in saved:
            setattr(module, name, replace(door, plain))
        yield
    finally:
        for module, name, door, _plain_door in saved:
            setattr(module, name, door)


def _plain(modules: list[ModuleType]) -> Any:  # Any: a context manager
    return _patched(modules, lambda _door, plain: plain)


# -- the workloads: what the benchmarks time --------------------------------------------------------


def _workloads() -> dict[str, Callable[[], object]]:
    from tabletop_core import action_roll as ar
    from tabletop_core import notation
    from tabletop_core import residue as rs
    from tabletop_core.residue.journey import CautiousPolicy, GreedyPolicy, example_setup, simulate_journey

    wanderer = rs.Wanderer.new(
        hp=6, endurance_dice=["d8", "d8", "d6", "d6"], inventory="d8", luck="d6", strain_threshold=3, rng=1
    )
    setup = example_setup()
    source = tabletop_core.dice_source(1)

    def journeys(policy: object) -> Callable[[], object]:
        return lambda: simulate_journey(40, wanderer, setup, policy, rng=2026, progress=False)

    return {
        "journey_cautious": journeys(CautiousPolicy()),
        "journey_greedy": journeys(GreedyPolicy()),
        "action_roll": lambda: [ar.action_roll(stat=2, rng=source) for _ in range(2_000)],
        "residue_resolve_action": lambda: [
            rs.resolve_action(slot="skill", die="d8", value=source.roll(8), luck="d6", luck_value=source.roll(6))
            for _ in range(5_000)
        ],
        "residue_resolve_inventory": lambda: [rs.resolve_inventory("d12", source.roll(12)) for _ in range(5_000)],
        "notation_roll": lambda: [
            notation.roll(expr, rng=source)
            for _ in range(300)
            for expr in ("1d20+5", "8d6", "4d6kh3", "{4d6, 3d8}kh1", "4d6!", "3d6r1")
        ],
    }


def _once(work: Callable[[], object]) -> float:
    start = time.perf_counter()
    work()
    return time.perf_counter() - start


def _pair(work: Callable[[], object], modules: list[ModuleType]) -> tuple[float, float]:
    """The best of ``REPEAT`` runs as shipped and with *modules* plain, run in turn (caches warm alike)."""
    fast, plain = [], []
    for _ in range(REPEAT):
        fast.append(_once(work))
        with _plain(modules):
            plain.append(_once(work))
    return min(fast), min(plain)


def _count_sites(modules: list[ModuleType], work: Callable[[], object]) -> dict[tuple[str, str], list[Any]]:
    """(module, function) -> [calls, door name, a recorded call (args, kwargs)] for every fast door called."""
    sites: dict[tuple[str, str], list[Any]] = {}

    def wrap(door: Callable[..., Any], _plain_door: Callable[..., Any]) -> Callable[..., Any]:
        def counted(*args: Any, **kwargs: Any) -> Any:
            frame = sys._getframe(1)
            code = frame.f_code
            key = (frame.f_globals["__name__"], getattr(code, "co_qualname", code.co_name))
            entry = sites.get(key)
            if entry is None:
                sites[key] = [1, door, (args, kwargs)]
            else:
                entry[0] += 1
            return door(*args, **kwargs)

        return counted

    with _patched(modules, wrap):
        work()
    return sites


def _per_call(door: Callable[..., Any], plain: Callable[..., Any], call: tuple[Any, Any]) -> tuple[float, float]:
    args, kwargs = call
    fast_time = min(timeit.repeat(lambda: door(*args, **kwargs), number=2_000, repeat=5)) / 2_000
    plain_time = min(timeit.repeat(lambda: plain(*args, **kwargs), number=2_000, repeat=5)) / 2_000
    return fast_time, plain_time


def _plain_of(door: Callable[..., Any]) -> Callable[..., Any]:
    if door is _fast.fast_build:
        return _plain_build
    if door is _fast.fast_replace:
        return _plain_replace
    cls = {builder: cls for cls, builder in _fast._TABLES["positional"].items()}[door]
    return _plain_positional(cls)


def run(names: list[str] | None = None) -> None:
    modules = [module for module in _modules() if _fast_names(module)]
    workloads = _workloads()
    for name, work in workloads.items():
        if names and not any(wanted in name for wanted in names):
            continue
        for _ in range(3):
            work()  # warm every cache and compile every builder
        sites = _count_sites(modules, work)
        touched = sorted({module for module, _function in sites})
        fast, plain = _pair(work, modules)
        print(
            f"== {name}: fast {fast * 1e3:.1f} ms, every fast path plain {plain * 1e3:.1f} ms "
            f"({plain / fast:.2f}x; the fast paths save {1 - fast / plain:.0%})"
        )
        by_module = {}
        for module_name in touched:
            by_module[module_name] = _pair(work, [sys.modules[module_name]])
        for module_name, (mine, theirs) in sorted(by_module.items(), key=lambda item: item[1][0] / item[1][1]):
            print(
                f"   plain in {module_name.removeprefix('tabletop_core.'):34s} {theirs * 1e3:8.1f} ms "
                f"vs {mine * 1e3:8.1f} ms ({theirs / mine - 1:+6.1%})"
            )
        print(f"   {'site (module, function)':58s} {'calls':>7s} {'fast':>8s} {'plain':>8s} {'share':>7s}")
        rows = []
        for (module_name, function), (calls, door, call) in sites.items():
            try:
                fast_call, plain_call = _per_call(door, _plain_of(door), call)
            except Exception as error:  # a plain construction refusing what the fast path built is a finding
                rows.append((float("inf"), module_name, function, calls, f"plain fails: {type(error).__name__}"))
                continue
            share = calls * (plain_call - fast_call) / plain
            rows.append((share, module_name, function, calls, f"{fast_call * 1e6:6.2f}us {plain_call * 1e6:6.2f}us"))
        for share, module_name, function, calls, timing in sorted(rows, key=lambda row: -row[0]):
            site = f"{module_name.removeprefix('tabletop_core.')}: {function}"
            shown = "" if share == float("inf") else f"{share:6.1%}"
            print(f"   {site:58s} {calls:7d} {timing:>17s} {shown:>7s}")
        print()


if __name__ == "__main__":
    run(sys.argv[1:])
