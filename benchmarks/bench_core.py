"""Core dice: scalar rolls against the standard library and d20, vector rolls against numpy."""

from __future__ import annotations

import random

import numpy as np

import tabletop_core as tc
from benchmarks._timing import compare
from tabletop_core.dice import d20


def run() -> None:
    import d20 as d20_package  # the peer: the dice parser behind a large D&D bot

    source = tc.dice_source(1)
    stdlib = random.Random(1)
    randint = stdlib.randint
    compare(
        "one scalar d20, reused source: source.roll(20)",
        lambda: source.roll(20),
        "random.Random.randint(1, 20)",
        lambda: randint(1, 20),
        target="within 2x, i.e. ratio >= 0.5",
        number=200_000,
    )
    compare(
        "one scalar d20, reused source: d20.roll(rng=source)",
        lambda: d20.roll(rng=source),
        "random.Random.randint(1, 20)",
        lambda: randint(1, 20),
        target="within 2x, i.e. ratio >= 0.5",
        number=200_000,
    )
    compare(
        "one scalar d20, reused source: d20.roll(rng=source)",
        lambda: d20.roll(rng=source),
        'd20.roll("1d20")',
        lambda: d20_package.roll("1d20"),
        target=">= 10x faster",
        number=20_000,
    )
    generator = np.random.default_rng(1)
    vector_source = tc.dice_source(np.random.default_rng(1))
    compare(
        "roll_many(10, 10**7)",
        lambda: vector_source.roll_many(10, 10**7),
        "Generator.integers(1, 11, 10**7)",
        lambda: generator.integers(1, 11, size=10**7, dtype=np.int64),
        target="within 1.5x, i.e. ratio >= 0.67",
        number=1,
        repeat=7,
    )
