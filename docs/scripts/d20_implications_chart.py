"""Draw the d20 Condition implication graph for the docs: ``python docs/scripts/d20_implications_chart.py``.

Writes ``docs/img/d20-implications.svg``: an arrow from each Condition to every
Condition its rule says you gain (Paralyzed -> Immobilized, ...), read from the
library's :func:`tabletop_core.d20.conditions.direct_implications`. Conditions that imply
more sit higher.
"""

from __future__ import annotations

import functools
import pathlib

from _charts import IMG, main, plt, save

from tabletop_core.d20 import Condition
from tabletop_core.d20.conditions import direct_implications

OUTPUT = IMG / "d20-implications.svg"


@functools.cache
def level(condition: Condition) -> int:
    """0 for a Condition that implies nothing, else one more than the highest it implies."""
    implied = direct_implications(condition)
    return 1 + max(level(c) for c in implied) if implied else 0


def layout() -> dict[Condition, tuple[float, float]]:
    """Positions: one row per level, Conditions spread evenly in definition order."""
    involved = {c for c in Condition if direct_implications(c)}
    involved |= {i for c in Condition for i in direct_implications(c)}
    rows: dict[int, list[Condition]] = {}
    for condition in Condition:
        if condition in involved:
            rows.setdefault(level(condition), []).append(condition)
    positions = {}
    for row, members in rows.items():
        for i, condition in enumerate(members):
            positions[condition] = ((i + 1) / (len(members) + 1), float(row))
    return positions


def draw(path: pathlib.Path = OUTPUT) -> pathlib.Path:
    """Draw the graph into *path* (SVG) and return the path."""
    # Fixed metadata and hash salt keep the SVG byte-identical between runs.
    plt.rcParams["svg.hashsalt"] = "tabletop_core"
    positions = layout()
    figure, axes = plt.subplots(figsize=(11, 5.5))
    for condition, (x, y) in positions.items():
        for implied in sorted(direct_implications(condition), key=list(Condition).index):
            tx, ty = positions[implied]
            axes.annotate(
                "",
                xy=(tx, ty + 0.12),
                xytext=(x, y - 0.12),
                arrowprops={"arrowstyle": "->", "color": "#7e57c2", "alpha": 0.6, "shrinkA": 0, "shrinkB": 0},
            )
    for condition, (x, y) in positions.items():
        axes.text(
            x,
            y,
            str(condition),
            ha="center",
            va="center",
            fontsize=9,
            bbox={"boxstyle": "round", "facecolor": "#ede7f6", "edgecolor": "#5e35b1"},
        )
    top = max(y for _, y in positions.values())
    axes.set_xlim(0, 1)
    axes.set_ylim(-0.5, top + 0.5)
    axes.axis("off")
    axes.set_title("d20 Conditions: an arrow means 'you also gain'")
    return save(figure, path)


if __name__ == "__main__":
    main(draw, OUTPUT)
