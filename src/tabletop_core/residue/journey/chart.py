"""The Journey's chart: the share of Journeys not yet defeated, day by day (matplotlib: the plot extra).

:func:`tabletop_core.plots.survival_by_day` draws with this (the charts on top may import a
system); :meth:`JourneySimulation.plot <tabletop_core.residue.journey.JourneySimulation.plot>`
too, without reaching up into :mod:`tabletop_core.plots`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from tabletop_core._charts import Survival
from tabletop_core._charts import axes_for as _axes
from tabletop_core.errors import InvalidInput

if TYPE_CHECKING:
    from matplotlib.axes import Axes

__all__ = ["survival_by_day"]


def survival_by_day(
    curves: Mapping[str, Survival],
    *,
    ax: Axes | None = None,
    title: str | None = None,
) -> Axes:
    """The share of Journeys not yet defeated, day by day, with its 95% interval band.

    Args:
        curves: Curve name (a policy, a sheet) -> a ``JourneySimulation`` (its
            :meth:`~tabletop_core.residue.journey.JourneySimulation.survival`).
        ax: Axes to draw on; a new figure is made when omitted.
        title: The title (default names the runs of each curve).

    Returns:
        The axes drawn on: one step line per curve from day 0 (every Journey
        alive), the share after day *d* drawn from *d* to *d* + 1 and the last
        share held to the right edge (every Journey has ended by then), and one
        band per curve (the Wilson interval of each day).

    Raises:
        InvalidInput: no curves, or a simulation with no runs or no defeat days.
        MissingExtra: matplotlib is missing.

    Examples:
        >>> from tabletop_core.residue import Wanderer
        >>> from tabletop_core.residue.journey import CautiousPolicy, example_setup, simulate_journey
        >>> w = Wanderer.new(hp=6, endurance_dice=["d8", "d8", "d6"], inventory="d8", luck="d6",
        ...                  strain_threshold=3, rng=1)
        >>> ax = survival_by_day({"cautious": simulate_journey(10, w, example_setup(), CautiousPolicy(), rng=3)})
        >>> ax.get_xlabel(), ax.get_ylabel()
        ('day', 'not defeated (share, 95% band)')
    """
    if not isinstance(curves, Mapping) or not curves:
        raise InvalidInput("survival_by_day needs at least one curve: {'cautious': simulate_journey(...)}")
    if title is not None and not isinstance(title, str):
        raise TypeError(f"title must be a str or None, got {type(title).__name__}")
    tables = {}
    for name, result in curves.items():
        survival_of = getattr(result, "survival", None)
        if not callable(survival_of):
            raise TypeError(f"survival_by_day: {name!r} must be a JourneySimulation, got {type(result).__name__}")
        tables[name] = (survival_of(), result.runs)
    ax = _axes(ax)
    last = max(max(table) for table, _runs in tables.values()) + 1
    for name, (table, _runs) in tables.items():
        # Every Journey of a curve has ended by its last day: its share holds from there to the chart's edge.
        end = table[max(table)]
        days = [0, *table, last]
        shares = [1.0, *(share for share, _low, _high in table.values()), end[0]]
        lows = [1.0, *(low for _share, low, _high in table.values()), end[1]]
        highs = [1.0, *(high for _share, _low, high in table.values()), end[2]]
        (line,) = ax.step(days, shares, where="post", label=str(name))
        ax.fill_between(days, lows, highs, step="post", alpha=0.2, color=line.get_color())
    ax.set_ylim(0, 1.02)
    ax.set_xlabel("day")
    ax.set_ylabel("not defeated (share, 95% band)")
    counts = ", ".join(f"{name} {runs}" for name, (_table, runs) in tables.items())
    ax.set_title(f"Journeys not yet defeated, by day (runs: {counts})" if title is None else title)
    ax.legend()
    return ax
