"""How sure a share is: the Wilson score interval of *successes* out of *runs*.

The journeys' survival tables, their summaries and the survival charts of
:mod:`tabletop_core.plots` all give a share with its band; the band is computed here, below
the charts and the rule systems alike, so a system's summary needs no chart to give it.
"""

from __future__ import annotations

import math
import numbers

from tabletop_core._validate import check_int, clip
from tabletop_core.errors import InvalidInput

__all__ = ["MAX_Z", "wilson_interval"]

MAX_Z = 10.0
"""The widest interval :func:`wilson_interval` draws: *z* = 10 standard errors (1.96 is 95%)."""


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
    successes, runs = check_int("successes", successes), check_int("runs", runs)
    if runs < 1 or not 0 <= successes <= runs:
        raise InvalidInput(f"wilson_interval needs 0 <= successes <= runs and runs >= 1, got {successes}/{runs}")
    share = successes / runs
    denominator = 1 + z * z / runs
    centre = (share + z * z / (2 * runs)) / denominator
    half = z * math.sqrt(share * (1 - share) / runs + z * z / (4 * runs * runs)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)
