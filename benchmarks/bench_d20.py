"""d20 Stakes system: scalar Tests against the d20 package, batches against bare numpy."""

from __future__ import annotations

import numpy as np

import tabletop_core as tc
from benchmarks._timing import compare
from tabletop_core import d20


def run() -> None:
    import d20 as d20_package  # the peer: the dice parser behind a large D&D bot

    source = tc.dice_source(1)
    compare(
        "one Test: roll_test(stakes=Stakes.MID, modifier=5, rng=source)",
        lambda: d20.roll_test(stakes=d20.Stakes.MID, modifier=5, rng=source),
        'd20.roll("1d20+5")',
        lambda: d20_package.roll("1d20+5"),
        target=">= 5x faster",
        number=20_000,
        repeat=15,
    )
    compare(
        "one Test with Fortune: roll_test(stakes=Stakes.MID, modifier=5, fortune=True, rng=source)",
        lambda: d20.roll_test(stakes=d20.Stakes.MID, modifier=5, fortune=True, rng=source),
        'd20.roll("1d20+1d6+5")',
        lambda: d20_package.roll("1d20+1d6+5"),
        target=">= 5x faster",
        number=20_000,
        repeat=15,
    )
    batch_source = tc.dice_source(np.random.default_rng(1))
    generator = np.random.default_rng(1)
    compare(
        "simulate_test(10**6, stakes=MID, modifier=5, fortune=True)",
        lambda: d20.simulate_test(10**6, stakes=d20.Stakes.MID, modifier=5, fortune=True, rng=batch_source),
        "numpy: 10**6 d20 + 10**6 d6 drawn",
        lambda: (
            generator.integers(1, 21, size=10**6, dtype=np.int64),
            generator.integers(1, 7, size=10**6, dtype=np.int64),
        ),
        target="within 2x, i.e. ratio >= 0.5",
        number=3,
        repeat=7,
    )
    compare(
        "simulate_test(10**6, stakes=MID, modifier=5)",
        lambda: d20.simulate_test(10**6, stakes=d20.Stakes.MID, modifier=5, rng=batch_source),
        "numpy: 10**6 d20 drawn",
        lambda: generator.integers(1, 21, size=10**6, dtype=np.int64),
        target="within 2x, i.e. ratio >= 0.5",
        number=3,
        repeat=7,
    )
