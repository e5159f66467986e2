"""Timing helpers: best-of-N per-call times and ratio lines against a peer.

Speed is measured here, never asserted in unit tests: machines are shared and
noisy, so each line compares two things timed side by side in the same run.
"""

from __future__ import annotations

import timeit
from collections.abc import Callable


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
    """
    ours_time = per_call(ours, number=number, repeat=repeat)
    peer_time = per_call(peer, number=number, repeat=repeat)
    speedup = peer_time / ours_time
    print(f"{label}")
    print(f"    ours  {_format(ours_time)}   vs {peer_label}  {_format(peer_time)}")
    print(f"    ratio {speedup:6.2f}x faster (target: {target})")
    return speedup
