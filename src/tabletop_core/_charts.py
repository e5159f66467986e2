"""matplotlib, loaded on first use, and the one chart every odds table draws of itself.

:meth:`Distribution.plot <tabletop_core.odds.Distribution.plot>` is a thin door to
:func:`bar_chart`; the charts that compare and map odds (:mod:`tabletop_core.plots`) share
:func:`pyplot` and :func:`axes_for`. This module knows outcomes and probabilities only, not the
classes that hold them, so the odds can draw themselves without importing the charts above them.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Protocol

from tabletop_core._outcomes import label
from tabletop_core.errors import MissingExtra

if TYPE_CHECKING:
    from matplotlib.axes import Axes

__all__ = ["Survival", "axes_for", "bar_chart", "pyplot"]


class Survival(Protocol):
    """Anything with ``runs`` and a day-by-day ``survival()`` table, such as a ``JourneySimulation``.

    ``survival()`` maps each day to ``(share, low, high)``: the share of runs not yet defeated
    after that day and its interval (see
    :meth:`JourneySimulation.survival <tabletop_core.residue.journey.JourneySimulation.survival>`).
    """

    @property
    def runs(self) -> int:
        """Runs played."""

    def survival(self) -> Mapping[int, tuple[float, float, float]]:
        """Day -> ``(share, low, high)`` of the runs not yet defeated after that day."""


def pyplot() -> Any:  # Any: the pyplot module (matplotlib is optional)
    """``matplotlib.pyplot``, or a clear error naming the extra that installs it.

    Raises:
        MissingExtra: matplotlib is not installed (also an ``ImportError``).
    """
    try:
        import matplotlib.pyplot as plt
    except ImportError as error:
        raise MissingExtra("charts need matplotlib: pip install 'tabletop_core[plot]'") from error
    return plt


def axes_for(ax: Axes | None, *, draws_with: tuple[str, ...] = ("plot", "fill_between")) -> Axes:
    """*ax* after checking it has the drawing methods a chart calls, or a new figure's axes when ``None``.

    Raises:
        MissingExtra: a new figure is needed and matplotlib is missing.
        TypeError: *ax* is neither ``None`` nor something with every method of *draws_with*.
    """
    if ax is not None:
        if not all(callable(getattr(ax, name, None)) for name in draws_with):
            raise TypeError(f"ax must be a matplotlib Axes or None, got {type(ax).__name__}")
        return ax
    _figure, new = pyplot().subplots()
    return new  # type: ignore[no-any-return]  # pyplot is untyped


def bar_chart(
    pairs: Iterable[tuple[object, Fraction]],
    *,
    ax: Axes | None = None,
    **bar_options: Any,  # Any: passed to matplotlib's bar()
) -> Axes:
    """One bar per outcome, as high as its probability, labelled by outcome; the y axis says "probability"."""
    ax = axes_for(ax, draws_with=("bar",))
    pairs = list(pairs)
    ax.bar([label(o) for o, _p in pairs], [float(p) for _o, p in pairs], **bar_options)
    ax.set_ylabel("probability")
    return ax
