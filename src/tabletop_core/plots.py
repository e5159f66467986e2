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

import math
import numbers
from collections.abc import Callable, Hashable, Iterable, Mapping
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Protocol

from tabletop_core._validate import clip
from tabletop_core.errors import InvalidInput, MissingExtra
from tabletop_core.odds import Distribution, _label, _stable_order

if TYPE_CHECKING:
    from matplotlib.axes import Axes

    from tabletop_core.residue.journey import JourneySimulation

__all__ = ["Tally", "compare", "heatmap", "survival", "survival_by_day", "wilson_interval"]

MAX_HEATMAP = 10_000
"""The most cells :func:`heatmap` computes."""

MAX_Z = 10.0
"""The widest interval :func:`wilson_interval` draws: *z* = 10 standard errors (1.96 is 95%)."""


class Tally(Protocol):
    """Anything with ``reached`` successes out of ``runs``, such as a ``JourneySimulation``."""

    @property
    def reached(self) -> int:
        """Runs that succeeded."""

    @property
    def runs(self) -> int:
        """Runs played."""


def _pyplot() -> Any:  # Any: the pyplot module (matplotlib is optional)
    try:
        import matplotlib.pyplot as plt
    except ImportError as error:
        raise MissingExtra("charts need matplotlib: pip install 'tabletop_core[plot]'") from error
    return plt


def _axes(ax: Axes | None) -> Axes:
    if ax is not None:
        if not callable(getattr(ax, "plot", None)) or not callable(getattr(ax, "fill_between", None)):
            raise TypeError(f"ax must be a matplotlib Axes or None, got {type(ax).__name__}")
        return ax
    _figure, new = _pyplot().subplots()
    return new  # type: ignore[no-any-return]  # pyplot is untyped


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
        TypeError: *odds* is not callable, or *x* / *y* is not a ``(keyword, values)`` pair.
    """
    if not callable(odds):
        raise TypeError(f"odds must be an odds function, got {type(odds).__name__}")
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


def wilson_interval(successes: int, runs: int, *, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a share (95% by default).

    Examples:
        >>> low, high = wilson_interval(50, 100)
        >>> round(low, 4), round(high, 4)
        (0.4038, 0.5962)

    Raises:
        InvalidInput: *runs* < 1, *successes* outside ``0..runs``, or *z* not a number above 0 (at most 10).
        TypeError: *z* is not a real number.
    """
    if isinstance(z, bool) or not isinstance(z, numbers.Real):
        raise TypeError(f"z must be a number (1.96 for 95%), got {type(z).__name__}")
    if not 0 < z <= MAX_Z:  # also refuses NaN
        raise InvalidInput(f"z must be above 0 and at most {MAX_Z} (1.96 for 95%), got {clip(z)}")
    z = float(z)
    if runs < 1 or not 0 <= successes <= runs:
        raise InvalidInput(f"wilson_interval needs 0 <= successes <= runs and runs >= 1, got {successes}/{runs}")
    share = successes / runs
    denominator = 1 + z * z / runs
    centre = (share + z * z / (2 * runs)) / denominator
    half = z * math.sqrt(share * (1 - share) / runs + z * z / (4 * runs * runs)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


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
    curves: Mapping[str, JourneySimulation],
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
