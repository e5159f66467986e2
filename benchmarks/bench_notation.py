"""Dice notation: rolls against the d20 package, exact odds against icepool.

Both sides cache what they parse or compute (d20 caches parse trees, icepool
caches dice and pool evaluations), so the warm lines compare like with like; the
"cold" line recomputes our distribution from the parsed tree every call.
"""

from __future__ import annotations

import tabletop_core as tc
from benchmarks._timing import compare
from tabletop_core.notation._default.odds import compute as _compute
from tabletop_core.notation.limits import DEFAULT_LIMITS

# Every construct both grammars have, each spelled as its own grammar spells it:
# keep/drop (kh kl, dh dl = ph pl), rerolls (r = rr, ro), explosions (! = e), clamps
# (mi ma), arithmetic, sets (groups), advantage.
SHARED: list[tuple[str, str]] = [
    ("1d20+5", "1d20+5"),
    ("8d6", "8d6"),
    ("4d6kh3", "4d6kh3"),
    ("2d20kl1", "2d20kl1"),
    ("4d6dl1", "4d6pl1"),
    ("4d6dh1", "4d6ph1"),
    ("d20 adv+5", "2d20kh1+5"),
    ("3d6r1", "3d6rr1"),
    ("4d6ro<3", "4d6ro<3"),
    ("4d6!", "4d6e6"),
    ("4d6!>=5", "4d6e>4"),
    ("8d6mi2", "8d6mi2"),
    ("8d6ma5", "8d6ma5"),
    ("1d20+1d4+3", "1d20+1d4+3"),
    ("(1d8+4)*2", "(1d8+4)*2"),
    ("1d6/2", "1d6//2"),
    ("{4d6, 3d8}kh1", "(4d6, 3d8)kh1"),
]
# d20 constructs the default dialect spells no other way (ra, total comparisons, % and
# exact division, bare-face selectors): timed under dialect="d20", the same text.
D20_ONLY: list[str] = [
    "1d20+5",
    "4d6kh3",
    "2d20kh1+1d4+3",
    "1d20ra1",
    "4d6e6",
    "4d6k>2",
    "1d20+5 >= 15",
    "1d100 % 7 + 2d6 / 3",
    "(1d4, 2+2, 3d6kl1)kh1",
]


def run() -> None:
    import icepool

    import d20 as d20_package  # the peer: the dice parser behind a large D&D bot

    roll = tc.notation.roll
    for ours_text, d20_text in SHARED:
        compare(
            f'roll("{ours_text}")',
            lambda expr=ours_text: roll(expr),
            f'd20.roll("{d20_text}")',
            lambda expr=d20_text: d20_package.roll(expr),
            target=">= 3x faster",
            number=5_000,
        )
    for expr in D20_ONLY:
        compare(
            f'roll("{expr}", dialect="d20")',
            lambda expr=expr: roll(expr, dialect="d20"),
            f'd20.roll("{expr}")',
            lambda expr=expr: d20_package.roll(expr),
            target=">= 3x faster (the same text, read the same way)",
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
