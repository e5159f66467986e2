"""Draw the action roll odds chart for the docs: ``python docs/scripts/action_roll_odds_chart.py``.

Writes ``docs/img/action-roll-odds.svg``: the exact chance of a strong hit,
weak hit and miss for stat + adds from 0 to 7, computed by the library.
"""

from __future__ import annotations

import pathlib

from _charts import IMG, main, plt, save

from tabletop_core.action_roll import Outcome, action_odds

OUTPUT = IMG / "action-roll-odds.svg"
COLOURS = {Outcome.STRONG_HIT: "#2e7d32", Outcome.WEAK_HIT: "#f9a825", Outcome.MISS: "#c62828"}


def draw(path: pathlib.Path = OUTPUT, bonuses: range = range(8)) -> pathlib.Path:
    """Draw the stacked bar chart of exact odds into *path* (SVG) and return the path."""
    # Fixed metadata and hash salt keep the SVG byte-identical between runs.
    plt.rcParams["svg.hashsalt"] = "tabletop_core"
    figure, axes = plt.subplots(figsize=(7, 4))
    bottoms = [0.0] * len(bonuses)
    for outcome in Outcome:
        heights = [float(action_odds(stat=bonus).probability(outcome)) * 100 for bonus in bonuses]
        axes.bar([f"+{b}" for b in bonuses], heights, bottom=bottoms, label=str(outcome), color=COLOURS[outcome])
        bottoms = [low + height for low, height in zip(bottoms, heights, strict=True)]
    axes.set_xlabel("stat + adds")
    axes.set_ylabel("chance (%)")
    axes.set_ylim(0, 100)
    axes.set_title("Starforged action roll: exact odds (momentum 0)")
    axes.legend(loc="upper left", bbox_to_anchor=(1.0, 1.0))
    return save(figure, path)


if __name__ == "__main__":
    main(draw, OUTPUT)
