"""Statistics helpers for tests: batch simulation against exact odds."""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from fractions import Fraction

from scipy import stats

from tabletop_core import Distribution

# With fixed seeds these tests cannot flake; the tiny alpha only guards against a
# seed that happens to land in the tail when someone changes it.
ALPHA = 1e-4


def chi_square_pvalue(counts: Mapping[Hashable, int], expected: Distribution[Hashable]) -> float:
    """P-value of observed *counts* against an exact distribution (chi-square test)."""
    unknown = set(counts) - set(expected.outcomes)
    assert not unknown or all(counts[o] == 0 for o in unknown), f"outcomes outside the support: {unknown}"
    n = sum(counts.values())
    observed = [counts.get(outcome, 0) for outcome in expected.outcomes]
    wanted = [float(p * n) for p in expected.probabilities]
    if len(observed) == 1:
        return 1.0
    return float(stats.chisquare(observed, wanted).pvalue)


def assert_fits(counts: Mapping[Hashable, int], expected: Distribution[Hashable]) -> None:
    """Assert that *counts* are a plausible sample of *expected*."""
    pvalue = chi_square_pvalue(counts, expected)
    assert pvalue > ALPHA, f"sample does not fit the exact odds (p = {pvalue:.3g}): {dict(counts)}"


def exact(numerator: int, denominator: int) -> Fraction:
    """Shorthand for a Fraction in expected values."""
    return Fraction(numerator, denominator)


def round_trip(value):
    """Rebuild a record from its ``to_dict()`` data after a trip through JSON text."""
    import json

    return type(value).from_dict(json.loads(json.dumps(value.to_dict())))
