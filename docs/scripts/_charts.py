"""What every chart script shares: headless matplotlib, and one way to save a chart.

The scripts import it by name (``from _charts import ...``): run as
``python docs/scripts/<name>.py`` their own folder is on ``sys.path``, and the
tests put it there through pytest's ``pythonpath``.
"""

from __future__ import annotations

import pathlib
import sys
from collections.abc import Callable
from typing import Any

import matplotlib

matplotlib.use("Agg")  # no display needed: charts are written to files

import matplotlib.pyplot as plt

IMG = pathlib.Path(__file__).resolve().parents[1] / "img"
"""Where the docs keep their committed images."""

__all__ = ["IMG", "main", "plt", "save"]


def save(figure: Any, path: pathlib.Path) -> pathlib.Path:
    """Lay out *figure*, write it to *path* as a reproducible SVG (no date stamp), close it."""
    figure.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    figure.savefig(path, format="svg", metadata={"Date": None})
    plt.close(figure)
    return path


def main(draw: Callable[[pathlib.Path], pathlib.Path], default: pathlib.Path) -> None:
    """Command-line entry: draw to the path given as the first argument, else to *default*."""
    print(draw(pathlib.Path(sys.argv[1]) if len(sys.argv) > 1 else default))
