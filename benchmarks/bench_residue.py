"""RESIDUE: batches against a Python loop of the pure rules, exact odds against icepool.

No target is set by the issue; these lines show what vectorising buys and that
exact odds by enumeration are cheap next to a general-purpose dice library.
"""

from __future__ import annotations

import tabletop_core as tc
from benchmarks._timing import compare
from tabletop_core import residue as rs


def run() -> None:
    import icepool  # the peer: exact dice probabilities

    n = 100_000
    source = tc.dice_source(1)

    def loop_stars() -> list[int]:
        return [
            rs.resolve_action(slot="skill", die="d8", value=source.roll(8), luck="d6", luck_value=source.roll(6)).stars
            for _ in range(n)
        ]

    compare(
        f"simulate_stars(d8, {n:,}, luck=d6)",
        lambda: rs.simulate_stars("d8", n, luck="d6", rng=source),
        "a Python loop of resolve_action",
        loop_stars,
        target="none set (vectorised vs loop)",
        number=1,
        repeat=3,
    )

    def loop_inventory() -> list[int]:
        return [rs.resolve_inventory("d12", source.roll(12)).after.sides for _ in range(n)]

    compare(
        f"simulate_inventory(d12, {n:,}, rolls=1)",
        lambda: rs.simulate_inventory("d12", n, rolls=1, rng=source),
        "a Python loop of resolve_inventory",
        loop_inventory,
        target="none set (vectorised vs loop)",
        number=1,
        repeat=3,
    )

    table = {1: 0, 2: 0, 3: 1, 4: 1, 5: 1, 6: 2, 7: 2, 8: 2, 9: 3, 10: 3, 11: 3, 12: 4}
    compare(
        "star_odds(d12) with Luck d6: action_odds('d12', luck='d6')",
        lambda: rs.action_odds("d12", luck="d6"),
        "icepool: d12.map(table) + (d6 >= 3)",
        lambda: (icepool.d12.map(table) + (icepool.d6 >= 3)).probabilities(),
        target="none set (exact odds)",
        number=20,
    )
