"""Draw the RESIDUE star odds chart for the docs: ``python docs/scripts/residue_star_odds_chart.py``.

Writes ``docs/img/residue-star-odds.svg``: the exact chance of each number of
stars from one roll of d4, d6, d8, d10 and d12 on the Success Table, computed
by the library (:func:`tabletop_core.residue.star_odds`).
"""

from __future__ import annotations

import pathlib

from _charts import IMG, main, plt, save

from tabletop_core.residue import StepDie, star_odds

OUTPUT = IMG / "residue-star-odds.svg"
DICE = (StepDie.D4, StepDie.D6, StepDie.D8, StepDie.D10, StepDie.D12)
COLOURS = ("#9e9e9e", "#90caf9", "#42a5f5", "#1565c0", "#0d1b5e")


def draw(path: pathlib.Path = OUTPUT) -> pathlib.Path:
    """Draw the stacked bar chart of exact star odds per die into *path* (SVG) and return the path."""
    # Fixed metadata and hash salt keep the SVG byte-identical between runs.
    plt.rcParams["svg.hashsalt"] = "tabletop_core"
    figure, axes = plt.subplots(figsize=(7, 4))
    labels = [str(die) for die in DICE]
    bottoms = [0.0] * len(DICE)
    for count, colour in zip(range(5), COLOURS, strict=True):
        heights = [float(star_odds(die).probability(count)) * 100 for die in DICE]
        name = "no star" if count == 0 else "★" * count
        axes.bar(labels, heights, bottom=bottoms, label=name, color=colour)
        bottoms = [low + height for low, height in zip(bottoms, heights, strict=True)]
    axes.set_xlabel("Endurance die")
    axes.set_ylabel("chance (%)")
    axes.set_ylim(0, 100)
    axes.set_title("RESIDUE Success Table: exact star odds per die")
    axes.legend(loc="upper left", bbox_to_anchor=(1.0, 1.0))
    return save(figure, path)


if __name__ == "__main__":
    main(draw, OUTPUT)
