"""Draw the RESIDUE journey survival chart: ``python docs/scripts/residue_journey_survival_chart.py``.

Writes ``docs/img/residue-journey-survival.svg``: the share of simulated
Journeys that reach the Hum, by the starting die of all five Inventories, under
the cautious and the greedy policy, on the invented
:func:`tabletop_core.residue.journey.example_setup` content. Each point is
:func:`tabletop_core.residue.simulate_journey` with a fixed seed, so the chart
is the same every time it is drawn.
"""

from __future__ import annotations

import pathlib

from _charts import IMG, main, plt, save

from tabletop_core.residue import Wanderer
from tabletop_core.residue.journey import CautiousPolicy, GreedyPolicy, example_setup, simulate_journey

OUTPUT = IMG / "residue-journey-survival.svg"
SUPPLIES = ("d4", "d6", "d8", "d10", "d12")
SEED = 2026


def survival(runs: int) -> dict[str, list[float]]:
    """The share of Journeys reaching the Hum per starting Inventory die, per policy."""
    table: dict[str, list[float]] = {}
    for policy in (CautiousPolicy(), GreedyPolicy()):
        shares = []
        for die in SUPPLIES:
            wanderer = Wanderer.new(
                hp=6, endurance_dice=["d8", "d8", "d6", "d6"], inventory=die, luck="d6", strain_threshold=3, rng=SEED
            )
            result = simulate_journey(runs, wanderer, example_setup(), policy, rng=SEED, progress=False)
            shares.append(float(result.reach_probability) * 100)
        table[policy.name] = shares
    return table


def draw(path: pathlib.Path = OUTPUT, *, runs: int = 400) -> pathlib.Path:
    """Simulate *runs* Journeys per point and draw the chart into *path* (SVG); return the path."""
    plt.rcParams["svg.hashsalt"] = "tabletop_core"  # byte-identical SVG between runs
    table = survival(runs)
    figure, axes = plt.subplots(figsize=(7, 4))
    for (name, shares), marker in zip(table.items(), ("o", "s"), strict=True):
        axes.plot(SUPPLIES, shares, marker=marker, label=f"{name} policy")
    axes.set_xlabel("starting die of every Inventory (Food, Water, Battery, Gear, Resolve)")
    axes.set_ylabel("reached the Hum (%)")
    top = max(max(shares) for shares in table.values())
    axes.set_ylim(0, max(25.0, top + 10.0))
    axes.set_title(f"RESIDUE journeys reaching the Hum ({runs} runs per point, example content)")
    axes.legend(loc="upper left")
    axes.grid(alpha=0.3)
    return save(figure, path)


if __name__ == "__main__":
    main(draw, OUTPUT)
