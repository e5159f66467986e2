"""Dice notation, cold: exact odds in a fresh process (nothing cached), ours against icepool.

Each line starts a new Python process per side and per repeat, imports the
library (not timed: the imports are shown at the end), then times the first
computation of one expression. The best of three processes is kept. The d20
dialect loads on first use; a d20 line imports it with the library (untimed), as a
bot reading that grammar does at start-up.

Every process runs with compiled bytecode cached (as ``pip install`` leaves a
package), in a private cache folder warmed by one untimed run: without it our
modules would be compiled from source in every process (``PYTHONDONTWRITEBYTECODE``)
while the peer's are read compiled.

The import lines at the end are for information (no target): ``import
tabletop_core.notation`` against ``import icepool``, best of five fresh processes,
then each library's import and first ``3d6`` together, ours with a first random roll
(which loads numpy) and the d20 dialect's own import.
"""

from __future__ import annotations

import functools
import os
import subprocess
import sys
import tempfile

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
{preload}
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
_COLD_OURS = """
import time
t = time.perf_counter()
import tabletop_core.notation as n
n.distribution("3d6")
print(time.perf_counter() - t)
"""
_COLD_ROLL = """
import time
t = time.perf_counter()
import tabletop_core.notation as n
n.roll("1d20")
print(time.perf_counter() - t)
"""
_COLD_PEER = """
import time
t = time.perf_counter()
import icepool
(3 @ icepool.d6).probabilities()
print(time.perf_counter() - t)
"""
_D20_MODULE = "tabletop_core.notation.dialect_d20"
_D20_DIALECT = f"import {_D20_MODULE}"


@functools.cache
def _environment() -> dict[str, str]:
    """The processes' environment: bytecode written to and read from a private cache folder."""
    env = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPYCACHEPREFIX"] = tempfile.mkdtemp(prefix="tabletop-bench-pyc-")
    return env


def _best(code: str, repeat: int = 3) -> float:
    times = []
    for attempt in range(repeat + 1):
        out = subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, check=True, env=_environment()
        )
        if attempt:  # the first run writes the bytecode cache; it is not counted
            times.append(float(out.stdout.strip().splitlines()[-1]))
    return min(times)


def run() -> None:
    print(f"{'expression':28s} {'ours':>10s} {'icepool':>10s} {'ratio':>8s}   (target: >= 2x, cold, fresh process)")
    for expr, dialect, peer in SUITE:
        preload = _D20_DIALECT if dialect == "d20" else ""
        ours = _best(_OURS.format(expr=expr, dialect=dialect, preload=preload))
        theirs = _best(_PEER.format(peer=peer))
        shown = expr if dialect == "default" else f"{expr} (d20)"
        print(f"{shown:28s} {ours * 1e3:8.2f}ms {theirs * 1e3:8.2f}ms {theirs / ours:7.1f}x")
    print("for information, not counted above (best of 5 fresh processes):")
    peer_import = _best(_IMPORT.format(module="icepool"), repeat=5)
    ours_import = _best(_IMPORT.format(module="tabletop_core.notation"), repeat=5)
    dialect_import = _best("import tabletop_core.notation\n" + _IMPORT.format(module=_D20_MODULE), repeat=5)
    ours_cold = _best(_COLD_OURS, repeat=5)
    peer_cold = _best(_COLD_PEER, repeat=5)
    roll_cold = _best(_COLD_ROLL, repeat=5)
    for label, ours, theirs in (
        ("import", ours_import, peer_import),
        ("import + first 3d6", ours_cold, peer_cold),
    ):
        print(f"{label:28s} {ours * 1e3:8.2f}ms {theirs * 1e3:8.2f}ms {theirs / ours:7.1f}x")
    print(f"{'import + first roll 1d20':28s} {roll_cold * 1e3:8.2f}ms {'':>10s} {'':>8s}   (numpy loads here)")
    print(f"{'then the d20 dialect':28s} {dialect_import * 1e3:8.2f}ms {'':>10s} {'':>8s}   (on first use)")
