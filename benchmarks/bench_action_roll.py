"""Action roll: single rolls against the d20 package, batches against bare numpy, exact odds against icepool."""

from __future__ import annotations

import numpy as np

import tabletop_core as tc
from benchmarks._timing import compare
from tabletop_core import action_roll as ar


def _icepool_outcome(action_die: int, first: int, second: int) -> str:
    # The same rules written for icepool: score capped at 10, each die must be beaten.
    score = min(action_die + 2, 10)
    return ("miss", "weak hit", "strong hit")[(score > first) + (score > second)]


def run() -> None:
    import icepool  # the peer: a dice probability library

    import d20 as d20_package  # the peer: the dice parser behind a large D&D bot

    source = tc.dice_source(1)
    compare(
        "one action roll, reused source: ar.action_roll(stat=2, rng=source)",
        lambda: ar.action_roll(stat=2, rng=source),
        'd20.roll("1d6+2") and d20.roll("2d10") (no rules)',
        lambda: (d20_package.roll("1d6+2"), d20_package.roll("2d10")),
        target=">= 5x faster",
        number=5_000,
    )

    generator = np.random.default_rng(1)
    batch_source = tc.dice_source(np.random.default_rng(1))
    compare(
        "ar.simulate_action(10**6, stat=2)",
        lambda: ar.simulate_action(10**6, stat=2, rng=batch_source),
        "numpy drawing 10**6 d6 and 2 * 10**6 d10",
        lambda: (generator.integers(1, 7, size=10**6), generator.integers(1, 11, size=(10**6, 2))),
        target="within 2x, i.e. ratio >= 0.5",
        number=3,
        repeat=7,
    )

    ours = ar.action_odds(stat=2)
    theirs = icepool.map(_icepool_outcome, icepool.d6, icepool.d10, icepool.d10)
    assert [int(ours.probability(o) * 600) for o in ar.Outcome] == [theirs.quantity(str(o)) for o in ar.Outcome]
    compare(
        "ar.action_odds(stat=2), from scratch (nothing cached)",
        lambda: ar.action_odds(stat=2),
        "icepool.map(outcome, d6, d10, d10)",
        lambda: icepool.map(_icepool_outcome, icepool.d6, icepool.d10, icepool.d10),
        target=">= 10x faster",
        number=200,
    )


if __name__ == "__main__":
    run()
