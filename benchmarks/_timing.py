"""Timing helpers: best-of-N per-call times and ratio lines against a peer.

Speed is measured here, never asserted in unit tests: machines are shared and
noisy, so each line compares two things timed side by side in the same run.
"""

from __future__ import annotations

import time
import timeit
from collections.abc import Callable

SLICES = 4
"""How many rounds :func:`compare` cuts each of its *repeat* runs into, ours and the peer's in turn."""


def per_call(func: Callable[[], object], *, number: int, repeat: int = 5) -> float:
    """Best time per call in seconds over *repeat* runs of *number* calls."""
    return min(timeit.repeat(func, number=number, repeat=repeat)) / number


def _format(seconds: float) -> str:
    for unit, scale in (("s", 1.0), ("ms", 1e-3), ("us", 1e-6)):
        if seconds >= scale:
            return f"{seconds / scale:8.2f} {unit}"
    return f"{seconds / 1e-9:8.1f} ns"


def compare(
    label: str,
    ours: Callable[[], object],
    peer_label: str,
    peer: Callable[[], object],
    *,
    target: str,
    number: int,
    repeat: int = 5,
) -> float:
    """Time *ours* and *peer* side by side, print both and the ratio; return peer/ours.

    The ratio is how many times faster ours is (below 1: slower). *target* says
    what the issue asked for, for example ``">= 10x faster"``.

    The two sides are timed in turn, round after round: ``repeat * SLICES`` rounds, each
    of ``number // SLICES`` calls of ours, then as many of the peer (as many calls in all
    as *repeat* runs of *number*). Each side's time is its best round, in process CPU
    time (``time.process_time``). On a shared machine one side timed in a block of its
    own, then the other, saw different loads: ours swung from 3.6 to 6.5 us between two
    blocks seconds apart while the ratio's target is tight. Alternating short rounds
    lets both sides see the same conditions, and CPU time leaves out the time the
    scheduler gives to other processes.
    """
    calls = max(1, number // SLICES)
    timers = (timeit.Timer(ours, timer=time.process_time), timeit.Timer(peer, timer=time.process_time))
    ours_best = peer_best = float("inf")
    for _ in range(repeat * SLICES):
        ours_best = min(ours_best, timers[0].timeit(calls))
        peer_best = min(peer_best, timers[1].timeit(calls))
    ours_time, peer_time = ours_best / calls, peer_best / calls
    speedup = peer_time / ours_time
    print(f"{label}")
    print(f"    ours  {_format(ours_time)}   vs {peer_label}  {_format(peer_time)}")
    print(f"    ratio {speedup:6.2f}x faster (target: {target})")
    return speedup
