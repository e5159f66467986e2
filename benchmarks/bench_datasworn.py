"""Datasworn: loading the Starforged file against json.load, rolling a table against random.choices.

The Starforged file is not in the repository: set ``TABLETOP_DATASWORN`` to
``starforged.json`` (or run ``.ci/stages/30-datasworn.sh`` once, which caches it). The
load comparison skips with a message when the file is not there; the table
comparison then uses an invented 1d100 table of 20 rows.
"""

from __future__ import annotations

import json
import os
import pathlib
import random
import time

import tabletop_core as tc
from benchmarks._timing import _format
from tabletop_core.action_roll import datasworn

_CACHED = pathlib.Path(os.environ.get("XDG_CACHE_HOME", pathlib.Path.home() / ".cache"))
_CACHED = _CACHED / "tabletop_core" / "datasworn" / "starforged-0.0.10" / "package" / "json" / "starforged.json"


def _data_file() -> pathlib.Path | None:
    given = os.environ.get("TABLETOP_DATASWORN")
    path = pathlib.Path(given) if given else _CACHED
    if path.is_dir():
        path = path / "json" / "starforged.json"
    return path if path.is_file() else None


def _interleaved(
    label: str, ours: object, peer_label: str, peer: object, *, target: str, rounds: int = 25, number: int = 1
) -> float:
    """Like ``compare``, but timing ours and the peer in turn, round after round, in CPU time.

    Loading takes tens of milliseconds, long enough for a shared machine's load to
    change between two back-to-back blocks of runs; alternating keeps both sides
    under the same conditions. Each side's time is its best of *rounds* in process CPU
    time (``time.process_time``): on a machine shared by many jobs, the wall-clock time
    of a 20 ms call also counts the time the scheduler gives to other processes, which
    says nothing of the work done (it swung this ratio from 0.38 to 0.63 in one minute).
    The wall-clock ratio is printed too, for information. A round times *number* calls
    of each side (a roll takes microseconds). Returns the CPU-time ratio.
    """
    ours_cpu, peer_cpu, ours_wall, peer_wall = [], [], [], []
    for _ in range(rounds):
        for func, cpu, wall in ((ours, ours_cpu, ours_wall), (peer, peer_cpu, peer_wall)):
            started, started_cpu = time.perf_counter(), time.process_time()
            for _ in range(number):
                func()  # type: ignore[operator]
            cpu.append((time.process_time() - started_cpu) / number)
            wall.append((time.perf_counter() - started) / number)
    ours_time, peer_time = min(ours_cpu), min(peer_cpu)
    print(label)
    print(f"    ours  {_format(ours_time)}   vs {peer_label}  {_format(peer_time)} (CPU time)")
    print(f"    ratio {peer_time / ours_time:6.2f}x faster (target: {target})")
    print(f"    wall-clock ratio {min(peer_wall) / min(ours_wall):6.2f}x (for information: the machine's load shows)")
    return peer_time / ours_time


def _json_load(path: pathlib.Path) -> object:
    with open(path, encoding="utf-8") as handle:
        return json.load(handle)


def run() -> None:
    path = _data_file()
    if path is None:
        print("loading Starforged: skipped (set TABLETOP_DATASWORN, or run .ci/stages/30-datasworn.sh once)")
        table = datasworn.OracleTable.from_rows("invented", [(5 * i + 1, 5 * i + 5, f"row {i}") for i in range(20)])
    else:
        _interleaved(
            f"datasworn.load({path.name}): parse, read the moves, check every table "
            "(tables built, assets, truths and NPCs read, on first use)",
            lambda: datasworn.load(path),
            "json.load of the same file",
            lambda: _json_load(path),
            target="at most 2x slower, i.e. ratio >= 0.5",
        )
        _interleaved(
            "datasworn.load, then build every oracle table as well",
            lambda: dict(datasworn.load(path).tables),
            "json.load of the same file",
            lambda: _json_load(path),
            target="for information",
        )
        table = datasworn.load(path).table("starforged/oracles/characters/role")
    rows = list(table.rows)
    weights = [row.high - row.low + 1 for row in rows]  # type: ignore[operator]
    chooser = random.Random(1)
    source = tc.dice_source(1)
    _interleaved(
        f"datasworn.roll_table({table.name}, rng=source, follow=False): dice, row, result record",
        lambda: datasworn.roll_table(table, rng=source, follow=False),
        "random.choices(rows, weights) on the same rows",
        lambda: chooser.choices(rows, weights),
        target="no slower, i.e. ratio >= 1",
        rounds=15,
        number=2_000,
    )


if __name__ == "__main__":
    run()
