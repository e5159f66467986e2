"""RESIDUE Journeys per second per core, against the engine as it was before issue 13.

Issue 13 asks for at least 2x the per-core rate measured before it (about 160
Journeys a second under the cautious policy on the example content, on an idle
machine) and a parallel efficiency of at least 0.8 with 2 worker processes.

Rates are Journeys per CPU second of the process (``time.process_time``): one
core's work, so other sessions on a shared machine count less against it than
in wall-clock time (printed alongside). A rate says little on its own, so the
baseline is measured in the same run: the library's source at the commit before the issue
(``BASELINE_COMMIT``) is extracted with ``git archive`` into a temporary folder
and timed in its own process with the same script, the same Wanderer, the same
example content and the same seed as today's code. Baseline and current runs
alternate (best of ``REPEAT`` each) so that a burst of load from elsewhere hits
both. Outside a git checkout the baseline falls back to the stated figure of
160/s, and the line says so.

Parallel efficiency: ``RUNS_PARALLEL`` Journeys through ``simulate_journey(...,
executor=ProcessPoolExecutor(k))`` with k = 1 and k = 2 (pools started and warmed
before timing); efficiency = rate(2) / (2 x rate(1)). It needs 2 idle cores: on a
machine shared with other work the figure is a lower bound.
"""

from __future__ import annotations

import os
import pathlib
import subprocess
import sys
import tarfile
import tempfile
import time

BASELINE_COMMIT = "6ae0d4f"  # main just before issue 13 (RESIDUE Journey v2)
STATED_BASELINE = {"cautious": 160.0, "greedy": None}  # Journeys/s per core, the figure
RUNS = int(os.environ.get("BENCH_JOURNEY_RUNS", "400"))
RUNS_PARALLEL = int(os.environ.get("BENCH_JOURNEY_RUNS_PARALLEL", "1000"))
REPEAT = 3
ROOT = pathlib.Path(__file__).resolve().parents[1]

# The same script for both engines: only names both of them have (simulate_journey, example_setup, the policies).
_RATE = """
import sys, time
from tabletop_core.residue import Wanderer
from tabletop_core.residue.journey import CautiousPolicy, GreedyPolicy, example_setup, simulate_journey
policy = {{"cautious": CautiousPolicy(), "greedy": GreedyPolicy()}}[{policy!r}]
wanderer = Wanderer.new(hp=6, endurance_dice=["d8", "d8", "d6", "d6"], inventory="d8", luck="d6",
                        strain_threshold=3, rng=1)
setup = example_setup()
simulate_journey(20, wanderer, setup, policy, rng=99, progress=False)  # warm up
cpu, wall = time.process_time(), time.perf_counter()
result = simulate_journey({runs}, wanderer, setup, policy, rng=2026, progress=False)
cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
print(result.reached, {runs} / cpu, {runs} / wall)
"""


def _rate(src: pathlib.Path, policy: str, runs: int) -> tuple[int, float, float]:
    """Reached, Journeys per CPU second and per wall second of the library in *src*, in a fresh process."""
    env = {**os.environ, "PYTHONPATH": str(src)}
    code = _RATE.format(policy=policy, runs=runs)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, env=env, cwd=src)
    reached, cpu, wall = out.stdout.split()
    return int(reached), float(cpu), float(wall)


def _baseline_source(folder: pathlib.Path) -> pathlib.Path | None:
    """The library at ``BASELINE_COMMIT``, extracted into *folder* (``None`` outside a git checkout)."""
    archive = folder / "baseline.tar"
    try:
        subprocess.run(
            [
                "git",
                "-C",
                str(ROOT),
                "archive",
                "--format=tar",
                "-o",
                str(archive),
                BASELINE_COMMIT,
                "src/tabletop_core",
            ],
            check=True,
            capture_output=True,
        )
    except (OSError, subprocess.CalledProcessError):
        return None
    with tarfile.open(archive) as tar:
        tar.extractall(folder, filter="data") if sys.version_info >= (3, 12) else tar.extractall(folder)
    return folder / "src"


def _efficiency() -> None:
    from concurrent.futures import ProcessPoolExecutor

    from tabletop_core.residue import Wanderer
    from tabletop_core.residue.journey import CautiousPolicy, example_setup, simulate_journey

    wanderer = Wanderer.new(
        hp=6, endurance_dice=["d8", "d8", "d6", "d6"], inventory="d8", luck="d6", strain_threshold=3, rng=1
    )
    setup = example_setup()
    rates = {}
    results = {}
    for workers in (1, 2):
        with ProcessPoolExecutor(workers) as pool:
            simulate_journey(40, wanderer, setup, CautiousPolicy(), rng=99, progress=False, executor=pool)  # warm up
            best = 0.0
            for _ in range(2):
                start = time.perf_counter()
                results[workers] = simulate_journey(
                    RUNS_PARALLEL, wanderer, setup, CautiousPolicy(), rng=2026, progress=False, executor=pool
                )
                best = max(best, RUNS_PARALLEL / (time.perf_counter() - start))
            rates[workers] = best
    assert results[1] == results[2], "1 and 2 workers disagree"
    efficiency = rates[2] / (2 * rates[1])
    print(
        f"cautious, {RUNS_PARALLEL} Journeys through ProcessPoolExecutor: 1 worker {rates[1]:7.1f}/s, "
        f"2 workers {rates[2]:7.1f}/s, efficiency {efficiency:.2f} (target: >= 0.8; same results: yes)"
    )
    print(f"    os.cpu_count() = {os.cpu_count()}, load average {', '.join(f'{x:.2f}' for x in os.getloadavg())}")


def run() -> None:
    current = ROOT / "src"
    with tempfile.TemporaryDirectory() as tmp:
        baseline = _baseline_source(pathlib.Path(tmp))
        where = f"commit {BASELINE_COMMIT}, timed in this run" if baseline else "the issue's stated figure"
        print(f"Journeys per CPU second (per core), {RUNS} Journeys each, best of {REPEAT} (baseline: {where})")
        for policy in ("cautious", "greedy"):
            ours = [0.0, 0.0]
            theirs = [STATED_BASELINE[policy] or float("nan")] * 2
            reached = reached_before = None
            for repeat in range(REPEAT):
                if baseline is not None:
                    reached_before, cpu, wall = _rate(baseline, policy, RUNS)
                    theirs = [cpu, wall] if repeat == 0 else [max(theirs[0], cpu), max(theirs[1], wall)]
                reached, cpu, wall = _rate(current, policy, RUNS)
                ours = [max(ours[0], cpu), max(ours[1], wall)]
            print(
                f"{policy:9s} ours {ours[0]:7.1f}/s   before {theirs[0]:7.1f}/s   ratio {ours[0] / theirs[0]:5.2f}x "
                f"(target: >= 2x)   [wall clock: {ours[1]:.1f}/s vs {theirs[1]:.1f}/s; "
                f"reached the Hum {reached} vs {reached_before}/{RUNS}]"
            )
    _efficiency()
