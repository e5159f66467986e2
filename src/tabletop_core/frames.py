"""Data frames and arrays from every result: the same columns in every rule system.

pandas is optional (``pip install 'tabletop_core[pandas]'``); without it the
``to_pandas`` methods raise :class:`~tabletop_core.errors.MissingExtra`, which
names the extra. The columns are the same everywhere:

* an odds table (:meth:`Distribution.to_pandas <tabletop_core.Distribution.to_pandas>`):
  ``outcome``, ``label``, ``probability`` (a float) and ``exact`` (the Fraction);
* a batch (:meth:`Batch.to_pandas <tabletop_core.batch.Batch.to_pandas>`):
  ``outcome``, ``label``, ``count`` and ``share``;
* odds over a grid of parameters (:func:`odds_frame`): one column per parameter,
  then the odds table's columns.

Examples:
    >>> from tabletop_core import action_roll as ar
    >>> from tabletop_core.frames import odds_frame
    >>> frame = odds_frame(ar.action_odds, stat=[1, 2], momentum=[0, 5])
    >>> list(frame.columns)
    ['stat', 'momentum', 'outcome', 'label', 'probability', 'exact']
    >>> len(frame)  # 2 stats x 2 momentum values x 3 outcomes
    12
    >>> str(frame.iloc[0]["exact"]), frame.iloc[0]["label"]
    ('91/600', 'strong hit')
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Any

from tabletop_core._outcomes import label
from tabletop_core.errors import InvalidInput, MissingExtra

if TYPE_CHECKING:
    from tabletop_core.odds import Distribution

__all__ = ["COUNT_COLUMNS", "ODDS_COLUMNS", "odds_frame", "require_pandas"]

ODDS_COLUMNS = ("outcome", "label", "probability", "exact")
"""The columns of every odds table's data frame."""

COUNT_COLUMNS = ("outcome", "label", "count", "share")
"""The columns of every batch's data frame."""

MAX_GRID = 100_000
"""The most parameter combinations :func:`odds_frame` evaluates in one call."""


def require_pandas() -> Any:  # Any: the pandas module (untyped here: pandas is optional)
    """The pandas module, or a clear error naming the extra that installs it.

    Raises:
        MissingExtra: pandas is not installed.
    """
    try:
        import pandas
    except ImportError as error:
        raise MissingExtra("data frames need pandas: pip install 'tabletop_core[pandas]'") from error
    return pandas


def odds_frame(odds: Callable[..., Distribution[Any]], **parameters: Iterable[Any]) -> Any:  # Any: a DataFrame
    """The odds of every combination of *parameters* as one long data frame.

    Args:
        odds: An odds function taking keyword arguments, such as
            :func:`tabletop_core.action_roll.action_odds` or
            :func:`tabletop_core.d20.stakes_odds`.
        **parameters: For each keyword, the values to try; every combination is
            evaluated (at most :data:`MAX_GRID` of them).

    Returns:
        A ``pandas.DataFrame``: one column per parameter, then ``outcome``,
        ``label``, ``probability`` and ``exact``; one row per combination and outcome.

    Raises:
        InvalidInput: no parameters, a parameter with no values, or too many combinations.
        MissingExtra: pandas is not installed.
        TypeError: *odds* is not callable.
    """
    pandas = require_pandas()
    if not callable(odds):
        raise TypeError(f"odds must be an odds function, got {type(odds).__name__}")
    if not parameters:
        raise InvalidInput("odds_frame needs at least one parameter to vary, e.g. stat=range(1, 4)")
    names = list(parameters)
    values = [list(parameters[name]) for name in names]
    size = 1
    for name, options in zip(names, values, strict=True):
        if not options:
            raise InvalidInput(f"{name}: give at least one value to try")
        size *= len(options)
    if size > MAX_GRID:
        raise InvalidInput(f"odds_frame: {size} combinations is more than {MAX_GRID}; vary fewer values")
    rows: list[tuple[Any, ...]] = []  # Any: parameter values and outcomes of any type
    for combination in itertools.product(*values):
        distribution = odds(**dict(zip(names, combination, strict=True)))
        rows.extend((*combination, *row) for row in odds_rows(distribution))
    return pandas.DataFrame(rows, columns=[*names, *ODDS_COLUMNS])


def odds_rows(distribution: Distribution[Any]) -> list[tuple[Any, str, float, Any]]:  # Any: outcomes, Fractions
    """``(outcome, label, probability, exact)`` rows of one distribution."""
    return [(o, label(o), float(p), p) for o, p in distribution.items()]


def count_rows(counts: Mapping[Any, int]) -> list[tuple[Any, str, int, float]]:  # Any: outcomes of any type
    """``(outcome, label, count, share)`` rows of a batch's counts."""
    total = sum(counts.values())
    return [(o, label(o), c, c / total if total else 0.0) for o, c in counts.items()]
