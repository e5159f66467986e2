"""Charts that answer questions: compare distributions, map odds over two parameters, survival.

matplotlib is optional (``pip install 'tabletop_core[plot]'``); without it these
functions raise :class:`~tabletop_core.errors.MissingExtra`. Each returns the
matplotlib ``Axes`` it drew on, titled and with labelled axes; pass ``ax=`` to
draw into a figure of your own, and ``title=`` to change the title.

Examples:
    >>> from tabletop_core import notation
    >>> from tabletop_core.plots import compare
    >>> ax = compare({"3d6": notation.distribution("3d6"), "4d6kh3": notation.distribution("4d6kh3")})
    >>> ax.get_title(), ax.get_xlabel(), ax.get_ylabel()
    ('3d6 vs 4d6kh3', 'outcome', 'probability')
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Protocol

from tabletop_core._charts import Survival
from tabletop_core._charts import axes_for as _axes
from tabletop_core._intervals import MAX_Z, wilson_interval  # noqa: F401  # MAX_Z: documented here before it moved
from tabletop_core._outcomes import label as _label
from tabletop_core._outcomes import stable_order as _stable_order
from tabletop_core._validate import clip
from tabletop_core.errors import InvalidInput
from tabletop_core.odds import Distribution

if TYPE_CHECKING:
    from matplotlib.axes import Axes

__all__ = ["Survival", "Tally", "compare", "heatmap", "survival", "survival_by_day", "wilson_interval"]

MAX_HEATMAP = 10_000
"""The most cells :func:`heatmap` computes."""


class Tally(Protocol):
    """Anything with ``reached`` successes out of ``runs``, such as a ``JourneySimulation``."""

    @property
    def reached(self) -> int:
        """Runs that succeeded."""

    @property
    def runs(self) -> int:
        """Runs played."""


def compare(
    distributions: Mapping[str, Distribution[Any]],
    *,
    ax: Axes | None = None,
    title: str | None = None,
    xlabel: str = "outcome",
) -> Axes:
    """Side-by-side bars of several distributions over their shared outcomes.

    Args:
        distributions: Name (the legend entry) -> distribution; at least one.
        ax: Axes to draw on; a new figure is made when omitted.
        title: The title (default: the names joined by ``" vs "``).
        xlabel: The x axis label.

    Returns:
        The axes drawn on: one bar group per outcome, one bar series per distribution.

    Raises:
        InvalidInput: no distributions.
        MissingExtra: matplotlib is missing.
        TypeError: a value is not a Distribution.
    """
    if not isinstance(distributions, Mapping) or not distributions:
        raise InvalidInput("compare needs at least one named distribution: {'3d6': ..., '4d6kh3': ...}")
    for name, distribution in distributions.items():
        if not isinstance(distribution, Distribution):
            raise TypeError(f"{name}: expected a Distribution, got {type(distribution).__name__}")
    ax = _axes(ax)
    seen: dict[Hashable, None] = {}
    for distribution in distributions.values():
        seen.update(dict.fromkeys(distribution.outcomes))
    outcomes = _stable_order(list(seen))
    width = 0.8 / len(distributions)
    for index, (name, distribution) in enumerate(distributions.items()):
        offsets = [position - 0.4 + width * (index + 0.5) for position in range(len(outcomes))]
        ax.bar(offsets, [float(distribution.probability(o)) for o in outcomes], width=width, label=str(name))
    ax.set_xticks(range(len(outcomes)))
    ax.set_xticklabels([_label(o) for o in outcomes])
    ax.set_xlabel(xlabel)
    ax.set_ylabel("probability")
    ax.set_title(" vs ".join(distributions) if title is None else title)
    ax.legend()
    return ax


def heatmap(
    odds: Callable[..., Distribution[Any]],
    event: Callable[[Any], bool] | Hashable,
    *,
    x: tuple[str, Iterable[Any]],
    y: tuple[str, Iterable[Any]],
    ax: Axes | None = None,
    title: str | None = None,
    fixed: Mapping[str, Any] | None = None,
    annotate: bool = True,
) -> Axes:
    """A heat map of the chance of *event* over two parameters of an odds function.

    Args:
        odds: An odds function taking keyword arguments (``action_odds``, ``stakes_odds``, ...).
        event: An outcome, or a predicate over outcomes (``lambda o: o is not Outcome.MISS``).
        x: ``(keyword, values)`` along the columns.
        y: ``(keyword, values)`` along the rows.
        ax: Axes to draw on; a new figure is made when omitted.
        title: The title (default: ``"P(<event>) by <y> and <x>"``).
        fixed: Other keywords passed to every call.
        annotate: Write the percent in each cell.

    Returns:
        The axes drawn on; the cell values (floats, rows = *y*) are
        ``ax.images[0].get_array()``.

    Raises:
        InvalidInput: a parameter has no values, or there are more than :data:`MAX_HEATMAP` cells.
        MissingExtra: matplotlib is missing.
        TypeError: *odds* is not callable, *x* / *y* is not a ``(keyword, values)`` pair,
            *fixed* is not a mapping of keywords or *annotate* not a bool.
    """
    if not callable(odds):
        raise TypeError(f"odds must be an odds function, got {type(odds).__name__}")
    if fixed is not None and not (isinstance(fixed, Mapping) and all(isinstance(key, str) for key in fixed)):
        raise TypeError(f"fixed must be a mapping of keyword names to values, got {type(fixed).__name__}")
    if not isinstance(annotate, bool):
        raise TypeError(f"annotate must be True or False, got {type(annotate).__name__}")
    axes_values = []
    for which, pair in (("x", x), ("y", y)):
        if not (isinstance(pair, tuple) and len(pair) == 2 and isinstance(pair[0], str)):
            raise TypeError(f"{which} must be a (keyword, values) pair, got {pair!r}")
        values = list(pair[1])
        if not values:
            raise InvalidInput(f"{which}: give at least one value of {pair[0]}")
        axes_values.append(values)
    xs, ys = axes_values
    if len(xs) * len(ys) > MAX_HEATMAP:
        raise InvalidInput(f"heatmap: {len(xs) * len(ys)} cells is more than {MAX_HEATMAP}")
    extra = dict(fixed or {})
    grid = [[float(odds(**extra, **{x[0]: xv, y[0]: yv}).probability(event)) for xv in xs] for yv in ys]
    ax = _axes(ax)
    image = ax.imshow(grid, origin="lower", aspect="auto", vmin=0.0, vmax=1.0, cmap="viridis")
    ax.figure.colorbar(image, ax=ax, label="probability")
    ax.set_xticks(range(len(xs)))
    ax.set_xticklabels([_label(v) for v in xs])
    ax.set_yticks(range(len(ys)))
    ax.set_yticklabels([_label(v) for v in ys])
    ax.set_xlabel(x[0])
    ax.set_ylabel(y[0])
    if annotate:
        for row, values in enumerate(grid):
            for column, value in enumerate(values):
                ax.text(column, row, f"{value:.0%}", ha="center", va="center", color="w" if value < 0.6 else "k")
    name = getattr(event, "__name__", None) if callable(event) else _label(event)
    event_name = "event" if name in (None, "<lambda>") else name
    ax.set_title(f"P({event_name}) by {y[0]} and {x[0]}" if title is None else title)
    return ax


def survival(
    curves: Mapping[str, Mapping[Any, Tally]],
    *,
    ax: Axes | None = None,
    title: str | None = None,
    xlabel: str = "starting supplies",
    ylabel: str = "reached the Hum",
) -> Axes:
    """The share of Journeys that reached the Hum, with its 95% interval band.

    Args:
        curves: Curve name (a policy) -> x value (a starting die) -> a simulation
            result with ``reached`` and ``runs`` (a ``JourneySimulation``).
        ax: Axes to draw on; a new figure is made when omitted.
        title: The title (default names the runs per point).
        xlabel: The x axis label.
        ylabel: The y axis label.

    Returns:
        The axes drawn on: one line per curve (y = share, 0..1) and one band per
        curve (the Wilson interval).

    Raises:
        InvalidInput: no curves, an empty curve, or a point with no runs.
        MissingExtra: matplotlib is missing.
    """
    if not isinstance(curves, Mapping) or not curves or not all(curves.values()):
        raise InvalidInput("survival needs at least one curve with at least one point: {'cautious': {'d6': result}}")
    for name, points in curves.items():
        if not isinstance(points, Mapping):  # each curve maps its x values to results
            raise TypeError(f"survival: curve {clip(name)} must be a mapping of points, got {type(points).__name__}")
    ax = _axes(ax)
    runs: set[int] = set()
    for name, points in curves.items():
        labels = [_label(key) for key in points]
        shares, lows, highs = [], [], []
        for key, tally in points.items():
            if tally.runs < 1:
                raise InvalidInput(f"{name}, {_label(key)}: a point needs at least one run")
            runs.add(tally.runs)
            shares.append(float(Fraction(tally.reached, tally.runs)))
            low, high = wilson_interval(tally.reached, tally.runs)
            lows.append(low)
            highs.append(high)
        positions = list(range(len(labels)))
        (line,) = ax.plot(positions, shares, marker="o", label=str(name))
        ax.fill_between(positions, lows, highs, alpha=0.2, color=line.get_color())
        ax.set_xticks(positions)
        ax.set_xticklabels(labels)
    ax.set_ylim(0, 1)
    ax.set_xlabel(xlabel)
    ax.set_ylabel(f"{ylabel} (share, 95% band)")
    per_point = ", ".join(str(r) for r in sorted(runs))
    ax.set_title(f"Journeys reaching the Hum ({per_point} runs per point)" if title is None else title)
    ax.legend()
    return ax


def survival_by_day(
    curves: Mapping[str, Survival],
    *,
    ax: Axes | None = None,
    title: str | None = None,
) -> Axes:
    """The share of Journeys not yet defeated, day by day, with its 95% interval band.

    The Journey's own chart, :func:`tabletop_core.residue.journey.chart.survival_by_day`
    (its arguments, result and errors); here beside the other charts.
    """
    # Imported when drawn: importing the charts does not import the Journey engine.
    from tabletop_core.residue.journey.chart import survival_by_day as journey_chart

    return journey_chart(curves, ax=ax, title=title)
