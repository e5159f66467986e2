"""Cold start: whole fresh processes, ours against the peers a bot or a CLI user would otherwise start.

A chat bot on a serverless platform pays the import on every cold start, a CLI user on
every command. Each line times whole processes from the outside (spawn to exit, the
interpreter's own start included on both sides), ours and the peer alternating, and
keeps the **median** of several runs of each; the ratio is ours over the peer (below 1:
ours starts faster). The ratio judged is of **CPU time** (the child's user and system
time, from ``getrusage``), as every other benchmark here: on a shared machine a 100 ms
process's wall-clock time also counts the scheduler's time for other jobs, so that two
runs of ``python -c pass`` differed by a third. The wall-clock ratio is printed too, for
information (where ``getrusage`` is missing, it is the one judged). Targets (issue 30):

* each rule system's import at most 2.5x ``import icepool``;
* import plus a first ``distribution("3d6")`` at most 1.5x icepool's import plus the
  same odds (``(3 @ icepool.d6).probabilities()``);
* ``tabletop roll 1d20`` (the installed console script) at most 1.2x
  ``python -c "import d20; print(d20.roll('1d20'))"``.

Every process reads compiled bytecode from a private cache folder warmed by one untimed
run of each command (as ``pip install`` leaves a package compiled), so neither side
compiles from source. The last column says whether the process loaded numpy (read in
one extra run).

``python -m benchmarks cold_start``; ``TABLETOP_BENCH_RUNS=31`` for more runs per line.
"""

from __future__ import annotations

import functools
import os
import pathlib
import statistics
import subprocess
import sys
import tempfile
import time

try:
    import resource
except ImportError:  # not on Windows: wall-clock time is judged there
    resource = None  # type: ignore[assignment]

RUNS = int(os.environ.get("TABLETOP_BENCH_RUNS", "15"))

_ICEPOOL_IMPORT = "import icepool"
_ICEPOOL_ODDS = "import icepool\n(3 @ icepool.d6).probabilities()"
_D20_ROLL = "import d20\nprint(d20.roll('1d20'))"

_SYSTEMS = ("tabletop_core", "notation", "action_roll", "d20", "residue", "residue.journey")


def _lines() -> list[tuple[str, list[str], list[str], float | None]]:
    """Each line: its label, our command, the peer's command, and the target (ours / peer at most this)."""
    python = sys.executable
    lines: list[tuple[str, list[str], list[str], float | None]] = [
        ("python -c pass (the interpreter alone)", [python, "-c", "pass"], [python, "-c", "pass"], None),
    ]
    for system in _SYSTEMS:
        module = system if system == "tabletop_core" else f"tabletop_core.{system}"
        target = None if system == "tabletop_core" else 2.5
        lines.append((f"import {module}", [python, "-c", f"import {module}"], [python, "-c", _ICEPOOL_IMPORT], target))
    lines.append(
        (
            'import + first distribution("3d6")',
            [python, "-c", "import tabletop_core.notation as n\nn.distribution('3d6')"],
            [python, "-c", _ICEPOOL_ODDS],
            1.5,
        )
    )
    lines.append(("tabletop roll 1d20", [*_tabletop(), "roll", "1d20"], [python, "-c", _D20_ROLL], 1.2))
    return lines


def _tabletop() -> list[str]:
    """The installed ``tabletop`` console script (what a user types), or ``python -m tabletop_core``."""
    script = pathlib.Path(sys.executable).with_name("tabletop")
    if script.exists():
        return [str(script)]
    return [sys.executable, "-m", "tabletop_core"]


@functools.cache
def _environment() -> dict[str, str]:
    """The processes' environment: bytecode written to and read from a private cache folder."""
    env = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPYCACHEPREFIX"] = tempfile.mkdtemp(prefix="tabletop-bench-cold-pyc-")
    return env


def _children_cpu() -> float:
    if resource is None:
        return 0.0
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def _once(command: list[str]) -> tuple[float, float]:
    """One whole process: its (CPU time, wall-clock time); CPU time is the wall clock's where unknown."""
    start, start_cpu = time.perf_counter(), _children_cpu()
    subprocess.run(command, check=True, env=_environment(), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    wall = time.perf_counter() - start
    return (_children_cpu() - start_cpu if resource is not None else wall), wall


def _loads_numpy(command: list[str]) -> bool:
    """Whether the process imports numpy: one more run, told by ``-X importtime`` on stderr."""
    if command[0] == sys.executable:
        probe = [sys.executable, "-X", "importtime", *command[1:]]
    else:  # the console script: run its code under the same interpreter
        probe = [sys.executable, "-X", "importtime", "-c", "from tabletop_core.cli import main; main()", *command[1:]]
    done = subprocess.run(probe, check=True, env=_environment(), capture_output=True, text=True)
    return any(line.rpartition("|")[2].strip() == "numpy" for line in done.stderr.splitlines())


def measure(ours: list[str], peer: list[str], runs: int = RUNS) -> tuple[tuple[float, float], tuple[float, float]]:
    """Median (CPU, wall-clock) times of *ours* and *peer*, run alternately, after one untimed warm-up each."""
    _once(ours)
    _once(peer)
    mine, theirs = [], []
    for _ in range(runs):
        mine.append(_once(ours))
        theirs.append(_once(peer))
    return _medians(mine), _medians(theirs)


def _medians(times: list[tuple[float, float]]) -> tuple[float, float]:
    return statistics.median(cpu for cpu, _ in times), statistics.median(wall for _, wall in times)


def run() -> None:
    judged = "CPU time" if resource is not None else "wall-clock time"
    print(
        f"median of {RUNS} fresh processes per side, alternating; ratio = ours / peer in {judged} (lower is better);"
        " wall: the wall-clock ratio, for information"
    )
    print(f"{'':42s} {'ours':>9s} {'peer':>9s} {'ratio':>7s}  {'target':>8s} {'':6s} {'wall':>6s}  numpy  peer")
    for label, ours, peer, target in _lines():
        (mine, mine_wall), (theirs, theirs_wall) = measure(ours, peer)
        ratio = mine / theirs
        verdict = "" if target is None else ("ok" if ratio <= target else "MISSED")
        wanted = "" if target is None else f"<= {target}x"
        peer_name = " ".join(peer[2:]).replace("\n", "; ") if peer[0] == sys.executable else " ".join(peer)
        numpy = "yes" if _loads_numpy(ours) else "no"
        print(
            f"{label:42s} {mine * 1e3:7.1f}ms {theirs * 1e3:7.1f}ms {ratio:6.2f}x  {wanted:>8s} {verdict:6s}"
            f" {mine_wall / theirs_wall:5.2f}x  {numpy:5s}  {peer_name}"
        )
