"""Exact answers and their cache: weights made a :class:`~tabletop_core.odds.Distribution`, refusals remembered.

Bots ask for the same few distributions all day, and a refusal (odds too large to
compute) costs as much work as an answer, so both are cached (:class:`Known`), in a cache
bounded by the memory they hold (:data:`~tabletop_core.notation.limits.ODDS_CACHE_BYTES`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from tabletop_core._frozen import frozen
from tabletop_core.notation._kernel.cache import SizedCache
from tabletop_core.notation._kernel.polynomials import bits_of, normalise_cost
from tabletop_core.notation._kernel.weights import Calculator
from tabletop_core.notation.errors import NotationError
from tabletop_core.notation.limits import ODDS_CACHE_BYTES
from tabletop_core.odds import MAX_OUTCOMES, Distribution

__all__ = ["KEY_BYTES_PER_CHARACTER", "Known", "counted", "odds_cache"]

KEY_BYTES_PER_CHARACTER = 48
"""Memory a parsed expression holds per character of its text (measured, as for the parse cache)."""


@frozen
class Known:
    """A cached answer: a distribution, or the message of the NotationError that refused it."""

    distribution: Distribution[Any] | None  # Any: a dialect's outcomes (ints, VsOutcome, floats)
    refusal: str | None
    known_bits: int | None = None  # the size, when the computation already knows it
    limit: str | None = None  # the refusal's limit and detail (NotationError.limit, .detail)
    detail: str | None = None

    @classmethod
    def refused(cls, error: NotationError) -> Known:
        """The refusal *error*, remembered (its message, limit and detail; not its traceback)."""
        return cls(None, str(error), None, error.limit, error.detail)

    def result(self) -> Distribution[Any]:  # Any: as distribution
        """The distribution, or the refusal raised again."""
        if self.distribution is None:
            raise NotationError(str(self.refusal), limit=self.limit, detail=self.detail)
        return self.distribution

    @property
    def bits(self) -> int:
        """About how much memory the answer holds, in bits (numerators, denominators, overhead)."""
        if self.known_bits is not None:
            return self.known_bits
        if self.distribution is None:
            return 8 * len(str(self.refusal)) + 1024
        return sum(
            p.numerator.bit_length() + p.denominator.bit_length() + 1024 for _outcome, p in self.distribution.items()
        )


def odds_cache() -> SizedCache[object, Known]:
    """A cache of answers, sized in bits (what :attr:`Known.bits` estimates)."""
    return SizedCache(8 * ODDS_CACHE_BYTES)


def counted(
    calculator: Calculator,
    weights: dict[Any, int],
    outcome: Callable[[Sequence[Any]], Sequence[Any]] | None = None,
) -> Known:
    """The answer of an exact computation's final *weights* (value -> ways), charged before it is made.

    Reducing every weight to an exact Fraction (a gcd with the total each) is often the
    largest part of the work for many dice: it is charged first. *outcome*, when given, maps
    the sorted values to the distribution's outcomes (a margin to a ``VsOutcome``).

    Raises:
        NotationError: more outcomes than a Distribution holds, or past the work budget.
    """
    if len(weights) > MAX_OUTCOMES:
        raise calculator.too_many()
    calculator.charge(len(weights) * normalise_cost(bits_of(weights)))
    # The weights are the calculator's own positive ints: the distribution skips the checks of
    # Distribution(weights).
    values = sorted(value for value, weight in weights.items() if weight)
    counts = [weights[value] for value in values]
    outcomes: Sequence[Any] = values if outcome is None else outcome(values)
    # Memory held: about a numerator and a denominator per outcome (a reduced Fraction is no larger).
    bits = sum(count.bit_length() for count in counts) + len(counts) * (sum(counts).bit_length() + 1024)
    return Known(Distribution._of_counts(outcomes, counts), None, bits)
