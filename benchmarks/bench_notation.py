"""Dice notation: rolls against the d20 package, exact odds against icepool.

Both sides cache what they parse or compute (d20 caches parse trees, icepool
caches dice and pool evaluations), so the warm lines compare like with like; the
"cold" line recomputes our distribution from the parsed tree every call.
"""

from __future__ import annotations

import tabletop_core as tc
from benchmarks._timing import compare
from tabletop_core.notation.limits import DEFAULT_LIMITS
from tabletop_core.notation.odds import _compute


def run() -> None:
    import icepool

    import d20 as d20_package  # the peer: the dice parser behind a large D&D bot

    roll = tc.notation.roll
    # Constructs both grammars share, each spelled as its own grammar spells it.
    shared = [
        ("1d20+5", "1d20+5"),
        ("4d6kh3", "4d6kh3"),
        ("d20 adv+5", "2d20kh1+5"),
        ("8d6", "8d6"),
        ("3d6r1", "3d6rr1"),
        ("4d6ro<3", "4d6ro<3"),
        ("1d20+1d4+3", "1d20+1d4+3"),
        ("(1d8+4)*2", "(1d8+4)*2"),
    ]
    for ours_text, d20_text in shared:
        compare(
            f'roll("{ours_text}")',
            lambda expr=ours_text: roll(expr),
            f'd20.roll("{d20_text}")',
            lambda expr=d20_text: d20_package.roll(expr),
            target=">= 3x faster",
            number=5_000,
        )
    for expr in ("1d20+5", "4d6kh3", "2d20kh1+1d4+3", "4d6e6", "(1d4, 2+2, 3d6kl1)kh1"):
        compare(
            f'roll("{expr}", dialect="d20")',
            lambda expr=expr: roll(expr, dialect="d20"),
            f'd20.roll("{expr}")',
            lambda expr=expr: d20_package.roll(expr),
            target="for information (the same text, read the same way)",
            number=5_000,
        )

    distribution = tc.notation.distribution
    peers = {
        "4d6kh3": lambda: icepool.d(6).pool(4).highest(3).sum(),
        "10d10kh3": lambda: icepool.d(10).pool(10).highest(3).sum(),
    }
    for expr, peer in peers.items():
        compare(
            f'distribution("{expr}")',
            lambda expr=expr: distribution(expr),
            f"icepool {expr}",
            peer,
            target="no slower, i.e. ratio >= 1",
            number=200,
        )
    for expr, peer in peers.items():
        tree = tc.notation.parse(expr)
        compare(
            f'distribution("{expr}"), cold: recomputed every call',
            lambda tree=tree: _compute(tree, DEFAULT_LIMITS),
            f"icepool {expr} (its own caches warm)",
            peer,
            target="for information",
            number=50,
        )
