"""The fuzz and tamper profiles, measured: every target a CI failure when missed.

Run by ``.ci/stages/20-long-fuzz.sh`` (``python tests/fuzz_run.py --profile long``); the default
``pytest`` run takes the quick samples of the same calls (tests/test_fuzz_public.py,
tests/core/test_tamper.py) and checks the counts, never the clock.

Two runs, each call measured:

* the **fuzzer** (tests/fuzz_support.py): every public callable of the surface the docs' API
  pages define, one or two arguments swapped for hostile values (deep nesting, huge ints,
  strings where containers belong, ...); a record a call returns is also rendered, serialised
  and read back;
* the **tamperer** (tests/tamper_support.py): every record type ``records.load`` knows, its saved
  document changed one node at a time.

Targets (each one a failure of this script when missed):

1. 0 bare exceptions (anything but a ``TabletopError`` or a one-line ``TypeError``; messages of at
   most 1,000 characters);
2. 0 records loaded altered (a tampered document that loads writes back exactly what it said);
3. 0 loaded-then-unusable records (each record a loader accepts renders, serialises and reads
   back equal; records that constructors build from wrong Python values are counted apart);
4. every hostile input answered within :data:`MAX_SECONDS` and :data:`MAX_BYTES` at the default
   limits. Time is wall time (a call over the limit is timed twice more and its best kept, so a
   burst of load elsewhere does not fail the run); memory is the growth of the process's peak
   resident size during the call, and a call whose growth might pass the limit is measured again
   with ``tracemalloc``.

``--break TARGET`` makes one call miss TARGET on purpose (``bare``, ``altered``, ``unusable``,
``slow``, ``memory``), to watch the run fail.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import resource
import sys
import time
import tracemalloc
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import fuzz_support
import tamper_support
from tabletop_core._record import Record

MAX_SECONDS = 1.0
MAX_BYTES = 100 * 2**20
_PAGE = os.sysconf("SC_PAGE_SIZE")


def _rss() -> int:
    with open("/proc/self/statm", encoding="ascii") as statm:
        return int(statm.read().split()[1]) * _PAGE


def _peak() -> int:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024  # Linux: kilobytes


@dataclass
class Measured:
    """The figures of one run (fuzz or tamper)."""

    name: str
    calls: int = 0
    subjects: set[str] = field(default_factory=set)
    counts: dict[str, int] = field(default_factory=lambda: dict.fromkeys(TARGETS, 0))
    examples: dict[str, list[str]] = field(default_factory=dict)
    built_unusable: list[str] = field(default_factory=list)  # reported, not a target: see _loads
    slowest: tuple[float, str] = (0.0, "")
    largest: tuple[int, str] = (0, "")

    def miss(self, target: str, what: str) -> None:
        self.counts[target] += 1
        self.examples.setdefault(target, [])
        if len(self.examples[target]) < 20:
            self.examples[target].append(what)


TARGETS = ("bare", "altered", "unusable", "slow", "memory")


def measure(run: Measured, label: str, call: Callable[[], Any]) -> tuple[Any, BaseException | None]:
    """Call *call*, timing it and watching the process's memory; returns its result or error."""
    before, peak = _rss(), _peak()
    start = time.perf_counter()
    result: Any = None
    error: BaseException | None = None
    try:
        result = call()
    except Exception as caught:
        error = caught
    seconds = time.perf_counter() - start
    after = _peak()
    grown = after - before if after > peak else 0  # a new peak: reached during this call
    if grown > MAX_BYTES // 2 or peak - before > MAX_BYTES // 2:  # might have passed the limit: measure exactly
        grown = _traced(call)
    if seconds > MAX_SECONDS:
        seconds = min([seconds, *(_timed(call) for _ in range(2))])
    if seconds > run.slowest[0]:
        run.slowest = (seconds, label)
    if grown > run.largest[0]:
        run.largest = (grown, label)
    if seconds > MAX_SECONDS:
        run.miss("slow", f"{label}: {seconds:.2f} s")
    if grown > MAX_BYTES:
        run.miss("memory", f"{label}: {grown / 2**20:.0f} MB")
    return result, error


def _timed(call: Callable[[], Any]) -> float:
    start = time.perf_counter()
    with contextlib.suppress(Exception):
        call()
    return time.perf_counter() - start


def _traced(call: Callable[[], Any]) -> int:
    tracemalloc.start()
    try:
        with contextlib.suppress(Exception):
            call()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


# -- the two runs -----------------------------------------------------------------------

LOADERS = ("from_dict", "from_json", "from_datasworn", "from_rows", "from_csv", "load")


def _loads(target: fuzz_support.Target) -> bool:
    """Whether *target* reads data (a loader): a record it accepts must be usable (target 3).

    A record a constructor builds from wrong Python values (``RolledDie(sides=6, value="abc")``)
    is counted and listed as "built unusable", a figure for the record's owners, not a target.
    """
    return target.name.rsplit(".", 1)[-1] in LOADERS


def fuzz(profile: str, broken: str | None, shard: tuple[int, int] = (0, 1)) -> Measured:
    """Every public callable with hostile arguments; records it returns are checked for use.

    *shard* ``(k, n)``: only the callables whose position in the list is k modulo n (CI runs
    the shards side by side, one process per core).
    """
    run = Measured("fuzz" if shard[1] == 1 else f"fuzz {shard[0] + 1} of {shard[1]}")
    chosen = [target for index, target in enumerate(fuzz_support.targets()) if index % shard[1] == shard[0]]
    for target in chosen:
        try:
            valid = fuzz_support.valid_call(target)
        except LookupError:
            continue  # reported by test_every_public_callable_has_a_valid_call
        calls = fuzz_support.select(list(fuzz_support.adversarial_calls(target, valid)), profile)
        if profile == "long":
            calls.extend(fuzz_support.long_calls(target, valid))
        run.subjects.add(target.name)
        for call in calls:
            run.calls += 1
            label = call.describe()
            result, error = measure(
                run, label, lambda call=call: fuzz_support.invoke(call.target, call.args, call.kwargs)
            )
            reason = fuzz_support.judge(error)
            if reason is not None and not (error is not None and fuzz_support.known_issue(error)):
                run.miss("bare", f"{label}: {reason}")
            if isinstance(result, Record):
                problem = tamper_support.usability_problem(result)
                if problem and _loads(target):
                    run.miss("unusable", f"{label} loaded a record whose {problem}")
                elif problem:
                    run.built_unusable.append(f"{label}: {problem}")
    _sabotage(run, broken)
    return run


def tamper(profile: str, broken: str | None) -> Measured:
    """Every record type's saved document, one hostile change at a time, read by records.load."""
    run = Measured("tamper")
    for tag in tamper_support.documents():
        run.subjects.add(tag)
        for change in tamper_support.sample(list(tamper_support.tampers(tag, profile)), profile):
            run.calls += 1
            outcome, error = measure(run, change.describe(), lambda change=change: tamper_support.verdict(change))
            verdict, detail = outcome if error is None else ("bare", f"the tamperer raised {error!r}")
            if verdict in ("bare", "altered", "unusable"):
                run.miss(verdict, f"{change.describe()}: {detail}")
    _sabotage(run, broken)
    return run


def _sabotage(run: Measured, broken: str | None) -> None:
    """Make one call miss *broken* on purpose (``--break``), through the same measurement."""
    if broken is None:
        return
    if broken == "slow":
        measure(run, "a call that sleeps (--break slow)", lambda: time.sleep(MAX_SECONDS * 1.2))
    elif broken == "memory":
        measure(run, "a call that holds 150 MB (--break memory)", lambda: len(bytearray(150 * 2**20)))
    else:
        run.miss(broken, f"(--break {broken}) a finding put here on purpose")


# -- the report ---------------------------------------------------------------------------


def report(runs: list[Measured]) -> Iterator[str]:
    for run in runs:
        kind = "callables" if run.name.startswith("fuzz") else "record types"
        yield f"{run.name}: {run.calls:,} calls over {len(run.subjects):,} {kind}"
        for target in TARGETS:
            yield f"    {target:9} {run.counts[target]:>6,}"
        yield f"    slowest   {run.slowest[0]:.3f} s  ({run.slowest[1][:100]})"
        yield f"    largest   {run.largest[0] / 2**20:.1f} MB  ({run.largest[1][:100]})"
        if run.name.startswith("fuzz"):
            classes = sorted({item.split("(", 1)[0] for item in run.built_unusable})
            yield f"    built unusable (not a target): {len(run.built_unusable):,} calls of {len(classes)} callables"
            yield from (f"      {name}" for name in classes[:40])
        for target, examples in run.examples.items():
            yield f"  {target}:"
            yield from (f"    {example[:300]}" for example in examples)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--profile", choices=("quick", "long"), default="long")
    parser.add_argument("--only", choices=("fuzz", "tamper"))
    parser.add_argument("--break", dest="broken", choices=TARGETS, help="miss one target on purpose")
    parser.add_argument(
        "--shard", default="1/1", help="K/N: fuzz only every N-th callable, starting at the K-th (1 <= K <= N)"
    )
    args = parser.parse_args(argv)
    part, _slash, parts = args.shard.partition("/")
    if not (part.isdigit() and parts.isdigit() and 1 <= int(part) <= int(parts)):
        parser.error(f"--shard must be K/N with 1 <= K <= N, got {args.shard!r}")
    shard = (int(part) - 1, int(parts))
    started = time.perf_counter()
    runs = []
    if args.only in (None, "fuzz"):
        runs.append(fuzz(args.profile, args.broken, shard))
    if args.only in (None, "tamper"):
        runs.append(tamper(args.profile, args.broken))
    for line in report(runs):
        print(line)
    missed = {target: sum(run.counts[target] for run in runs) for target in TARGETS}
    print(f"{sum(run.calls for run in runs):,} calls in {time.perf_counter() - started:.0f} s")
    if any(missed.values()):
        print("MISSED: " + ", ".join(f"{t} {n}" for t, n in missed.items() if n))
        return 1
    print("every target met: 0 bare, 0 altered, 0 unusable, every call within 1 s and 100 MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
