"""Draw the docs home's two exact-odds charts: ``python docs/scripts/home_charts.py``.

Writes ``docs/img/d20-fortune-odds.svg`` (a +3 Test against Mid Stakes with
Misfortune, plain and with Fortune) and ``docs/img/notation-ability-scores.svg``
(3d6 against 4d6kh3), both drawn by :func:`tabletop_core.plots.compare` from the
library's exact odds.
"""

from __future__ import annotations

import pathlib

from _charts import IMG, plt, save

from tabletop_core import d20, notation
from tabletop_core.plots import compare

D20 = IMG / "d20-fortune-odds.svg"
NOTATION = IMG / "notation-ability-scores.svg"


def draw_d20(path: pathlib.Path = D20) -> pathlib.Path:
    """Fortune and Misfortune at +3 against Mid Stakes, exact, into *path* (SVG)."""
    plt.rcParams["svg.hashsalt"] = "tabletop_core"
    figure, axes = plt.subplots(figsize=(7, 3.5))
    odds = {
        "Misfortune": d20.stakes_odds(stakes="mid", modifier=3, misfortune=True),
        "plain": d20.stakes_odds(stakes="mid", modifier=3),
        "Fortune": d20.stakes_odds(stakes="mid", modifier=3, fortune=True),
    }
    compare(odds, ax=axes, title="d20: a +3 Test against Mid Stakes (exact odds)", xlabel="Test Result")
    return save(figure, path)


def draw_notation(path: pathlib.Path = NOTATION) -> pathlib.Path:
    """3d6 against 4d6kh3, exact, into *path* (SVG)."""
    plt.rcParams["svg.hashsalt"] = "tabletop_core"
    figure, axes = plt.subplots(figsize=(7, 3.5))
    odds = {"3d6": notation.distribution("3d6"), "4d6kh3": notation.distribution("4d6kh3")}
    compare(odds, ax=axes, title="Ability scores: 3d6 or 4d6kh3 (exact odds)", xlabel="score")
    return save(figure, path)


if __name__ == "__main__":
    print(draw_d20())
    print(draw_notation())
