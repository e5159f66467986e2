"""Dice notation, cold: exact odds in a fresh process (nothing cached), ours against icepool.

Each line starts a new Python process per side and per repeat, imports the
library (not timed: the import is shown once at the end), then times the first
computation of one expression. The best of three processes is kept.
"""

from __future__ import annotations

import subprocess
import sys

# expression (ours), dialect, the same odds written for icepool
SUITE: list[tuple[str, str, str]] = [
    ("3d6", "default", "3 @ icepool.d6"),
    ("4d6kh3", "default", "icepool.d6.pool(4).highest(3).sum()"),
    ("8d10>=7", "default", "8 @ (icepool.d10 >= 7)"),
    ("3d6!", "default", "3 @ icepool.d6.explode(depth=20)"),
    ("10d10kh3", "default", "icepool.d10.pool(10).highest(3).sum()"),
    ("20d6kh10", "default", "icepool.d6.pool(20).highest(10).sum()"),
    ("50d10kh5", "default", "icepool.d10.pool(50).highest(5).sum()"),
    ("100d6", "default", "100 @ icepool.d6"),
    ("300d6", "default", "300 @ icepool.d6"),
    ("500d6+500d6", "default", "500 @ icepool.d6 + 500 @ icepool.d6"),
    ("300d6+300d8+100d10", "default", "300 @ icepool.d6 + 300 @ icepool.d8 + 100 @ icepool.d10"),
    ("{4d6, 3d8}kh1", "default", "icepool.highest(4 @ icepool.d6, 3 @ icepool.d8)"),
    ("1d20+5 vs 15", "default", "icepool.d20 + 5 - 15"),  # ours: success or failure and the margin
    ("(4d6, 3d8)kh1", "d20", "icepool.highest(4 @ icepool.d6, 3 @ icepool.d8)"),
    ("1d20 + 5 >= 15", "d20", "icepool.d20 + 5 >= 15"),
    ("d20 adv + 5", "default", "icepool.d20.pool(2).highest(1).sum() + 5"),
]

_OURS = """
import time
import tabletop_core.notation as n
t = time.perf_counter()
n.distribution({expr!r}, dialect={dialect!r})
print(time.perf_counter() - t)
"""
_PEER = """
import time
import icepool
t = time.perf_counter()
d = {peer}
d.probabilities()
print(time.perf_counter() - t)
"""
_IMPORT = "import time; t = time.perf_counter(); import {module}; print(time.perf_counter() - t)"


def _best(code: str, repeat: int = 3) -> float:
    times = []
    for _ in range(repeat):
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
        times.append(float(out.stdout.strip().splitlines()[-1]))
    return min(times)


def run() -> None:
    print(f"{'expression':28s} {'ours':>10s} {'icepool':>10s} {'ratio':>8s}   (target: >= 2x, cold, fresh process)")
    for expr, dialect, peer in SUITE:
        ours = _best(_OURS.format(expr=expr, dialect=dialect))
        theirs = _best(_PEER.format(peer=peer))
        shown = expr if dialect == "default" else f"{expr} (d20)"
        print(f"{shown:28s} {ours * 1e3:8.2f}ms {theirs * 1e3:8.2f}ms {theirs / ours:7.1f}x")
    ours_import = _best(_IMPORT.format(module="tabletop_core.notation"))
    peer_import = _best(_IMPORT.format(module="icepool"))
    print(f"{'import (not counted above)':28s} {ours_import * 1e3:8.2f}ms {peer_import * 1e3:8.2f}ms")
