"""The exact-odds algebra: one computation's budget and the operations on its weights.

A :class:`Calculator` holds one exact computation's work budget
(:attr:`~tabletop_core.notation.Limits.max_odds_work`) and outcome cap, and combines
weight tables: sums, differences, products and quotients of independent parts
(:meth:`~Calculator.combine`), sums of many alike parts (:meth:`~Calculator.power`,
:meth:`~Calculator.powers`), the best of several dice (:meth:`~Calculator.keep`, by order
statistics) and explosion chains (:meth:`~Calculator.chain_level`). Every step is charged
before it is taken; one too large for the budget raises
:class:`~tabletop_core.notation.NotationError` instead of hanging.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Mapping
from fractions import Fraction
from math import comb
from typing import Any, TypeVar

from tabletop_core.notation._kernel.polynomials import (
    SLOW_LOOP,
    Weights,
    accumulate,
    bits_of,
    convolution_cost,
    convolve_dense,
    dense,
    gcd_of_gaps,
    mul_cost,
    normalise_cost,
    poly_mul,
    power_by_recurrence,
    recurrence_terms,
    term_cost,
)
from tabletop_core.notation.errors import NotationError, over_limit
from tabletop_core.notation.limits import Limits
from tabletop_core.odds import MAX_OUTCOMES

__all__ = ["Calculator", "exact_division", "extreme"]

V = TypeVar("V", bound=float)  # a total: an int, or a d20 set's fraction
W = TypeVar("W")

_Weights = Weights


def exact_division(left: int | Fraction, right: int | Fraction, text: str) -> int | Fraction:
    """*left* / *right* exactly (an int when it divides evenly).

    Raises:
        NotationError: *right* is 0 (the message names *text*).
    """
    if right == 0:
        raise NotationError(f"{text}: division by zero")
    value = Fraction(left) / right
    return value.numerator if value.denominator == 1 else value


class Calculator:
    """One exact computation, with its work and size budget."""

    def __init__(self, source: object, limits: Limits) -> None:
        self._source = source
        self.limits = limits
        self.work = 0
        # The dice term whose table is the answer's, but for a shift (``8d100!``, ``3d6+2``): its
        # last step foresees the fractions the answer is made into (see _answer_term).
        self.answer: object = None
        # A Distribution holds at most MAX_OUTCOMES outcomes, however far the caller raises the limit.
        self.max_outcomes = min(limits.max_odds_outcomes, MAX_OUTCOMES)

    @property
    def text(self) -> str:
        """The expression as messages show it (written out only when a message needs it)."""
        if type(self._source) is not str:
            self._source = str(self._source)
        return self._source

    # -- budget ---------------------------------------------------------------

    def charge(self, steps: int) -> None:
        self.work += steps
        if self.work > self.limits.max_odds_work:
            raise NotationError(
                f"{self.text}: exact odds would take more than {self.limits.max_odds_work} steps "
                "(too many dice or outcomes to compute)",
                **over_limit("max_odds_work"),
            )

    def expect(self, steps: int) -> None:
        """Refuse now if *steps* more steps are sure to come and would break the budget.

        *steps* is a floor on what the work ahead will charge (never more than it charges),
        so nothing that the whole computation would finish is refused; nothing is charged.
        """
        if self.work + steps > self.limits.max_odds_work:
            self.charge(steps)

    def charge_ahead(self, step: int, steps_left: int) -> None:
        """Charge one step of a loop whose *steps_left* later steps each cost at least *step*.

        The loop's callers know their steps never get cheaper, so the whole rest of the
        loop is foreseen at once: a loop the budget cannot finish is refused at this step,
        not at the step that runs out.
        """
        self.expect(step * (steps_left + 1))
        self.charge(step)

    def checked(self, weights: _Weights) -> _Weights:
        if len(weights) > self.max_outcomes:
            raise self.too_many()
        return weights

    def too_many(self) -> NotationError:
        if self.max_outcomes < self.limits.max_odds_outcomes:
            return NotationError(
                f"{self.text}: exact odds would have more than {self.max_outcomes} outcomes, "
                "the most a Distribution holds",
                limit="tabletop_core.odds.MAX_OUTCOMES",
                detail=f"a Distribution holds at most MAX_OUTCOMES = {MAX_OUTCOMES:,} outcomes",
            )
        return NotationError(
            f"{self.text}: exact odds would have more than {self.limits.max_odds_outcomes} outcomes",
            **over_limit("max_odds_outcomes"),
        )

    # -- combining ------------------------------------------------------------

    def combine(self, left: _Weights, right: _Weights, op: str) -> _Weights:
        if len(right) == 1 and op in ("+", "-"):
            # Adding a number (``1d20+5``, ``vs 15``) moves every outcome: nothing to multiply out.
            ((b, times),) = right.items()
            self.charge(len(left))
            shift = b if op == "+" else -b
            return {a + shift: weight * times for a, weight in left.items()}
        bits = max(bits_of(left), bits_of(right))
        if op in ("+", "-"):
            # Know the size before doing the work: a sum spans at most both ranges.
            span = (max(left) - min(left)) + (max(right) - min(right)) + 1
            if min(span, len(left) * len(right)) > self.max_outcomes:
                raise self.too_many()
        if op == "+" and dense(left) and dense(right):
            span = (max(left) - min(left)) + (max(right) - min(right)) + 2
            self.charge(convolution_cost(span, bits))
            return self.checked(convolve_dense(left, right))
        # Products and quotients make big keys (6**40 for forty d6): about twice a sum's step.
        self.charge(len(left) * len(right) * mul_cost(bits) * (2 if op in ("*", "/", "/e") else 1))
        if op in ("/", "/e") and 0 in right:
            raise NotationError(f"{self.text}: the divisor can be 0, so the expression has no exact odds")
        result: defaultdict[int, int] = defaultdict(int)
        for a, wa in left.items():
            for b, wb in right.items():
                if op == "+":
                    value = a + b
                elif op == "-":
                    value = a - b
                elif op == "*":
                    value = a * b
                elif op == "/e":
                    value = exact_division(a, b, self.text)  # type: ignore[assignment]  # a Fraction (floor(1d6/2))
                else:
                    value = a // b
                result[value] += wa * wb
            if len(result) > self.max_outcomes:
                self.checked(result)
        return self.checked(dict(result))

    def power(self, weights: _Weights, n: int, *, answer: bool = False) -> _Weights:
        """The sum of *n* independent copies of *weights*.

        Both ways are exact; the one estimated cheaper runs, and its size and cost
        are checked before it starts. A power series recurrence (:func:`power_by_recurrence`)
        takes a few big-integer-by-small-integer products per outcome, so
        ``1000d6`` or a 1,000-die success count is quick; repeated squaring (one
        big-integer product per squaring) wins for a few dice with many faces.
        """
        if n == 1:
            return weights
        # A zero weight at the lowest outcome would leave the recurrence nothing to divide by.
        weights = {value: weight for value, weight in weights.items() if weight}
        if len(weights) == 2:
            return self.binomial(weights, n)
        low, high = min(weights), max(weights)
        step = gcd_of_gaps(weights)
        outcomes = n * (high - low) // step + 1
        if outcomes > self.max_outcomes:
            raise self.too_many()
        bits = n * sum(weights.values()).bit_length()  # the largest weight of the result is below this
        recurrence = recurrence_terms(weights, low, step)
        by_recurrence = 10 * len(weights) + outcomes * (len(recurrence[1]) + 1) * term_cost(bits)
        if by_recurrence <= self.squaring_cost(high - low, bits_of(weights), n):
            if answer:
                # The answer's outcomes: a sum of n copies of len(weights) values takes at least
                # n (len - 1) + 1; its largest weight is at least the mean, total**n / outcomes.
                least = n * (len(weights) - 1) + 1
                mean_bits = n * (sum(weights.values()).bit_length() - 1) + 1 - outcomes.bit_length()
                self.expect(by_recurrence + least * normalise_cost(max(mean_bits, 1)))
            self.charge(by_recurrence)
            return power_by_recurrence(weights, n, low, step, recurrence, outcomes)
        return self.squaring(weights, n)

    def binomial(self, weights: _Weights, n: int) -> _Weights:
        """*n* copies of a two-outcome table (a success count, ``8d10>=7``): ``comb(n, k) a**(n-k) b**k`` ways."""
        (low, a), (high, b) = sorted(weights.items())
        if n + 1 > self.max_outcomes:
            raise self.too_many()
        self.charge((n + 1) * (2 + 3 * mul_cost(n * max(a, b).bit_length())))
        step = high - low
        return {n * low + k * step: comb(n, k) * a ** (n - k) * b**k for k in range(n + 1)}

    def squaring_cost(self, width: int, bits: int, n: int) -> int:
        """About what :meth:`squaring` would charge (every product as one big-integer convolution)."""
        cost, copies = 0, 1
        while copies < n:
            copies *= 2
            cost += convolution_cost(copies * width + 1, copies * bits)
        return cost

    def squaring(self, weights: _Weights, n: int) -> _Weights:
        """The sum of *n* independent copies by repeated squaring."""
        result: _Weights = {0: 1}
        square = weights
        while n:
            if n & 1:
                result = self.combine(result, square, "+")
            n >>= 1
            if n:
                square = self.combine(square, square, "+")
        return result

    def powers(self, groups: list[tuple[_Weights, int]]) -> _Weights:
        """The product ``P = f1**n1 * f2**n2 * ...`` of the groups' polynomials, exactly.

        With ``F = f1 f2 ...`` and ``G = sum of ni fi' (F / fi)``, ``P' F = P G``;
        comparing coefficients of ``x**(t-1)``::

            F[0] t p[t] = sum over k >= 0 of G[k] p[t-1-k] - sum over k >= 1 of F[k] (t-k) p[t-k]

        (J. C. P. Miller's recurrence for one power, generalised). ``P`` has integer
        coefficients and ``F[0] != 0``, so every division is exact.
        """
        polys: list[tuple[list[int], int]] = []
        base = 0
        for weights, n in groups:
            low = min(weights)
            base += n * low
            f = [0] * (max(weights) - low + 1)
            for value, weight in weights.items():
                f[value - low] = weight
            polys.append((f, n))
        outcomes = sum(n * (len(f) - 1) for f, n in polys) + 1
        if outcomes > self.max_outcomes:
            raise self.too_many()
        bits = sum(n * sum(f).bit_length() for f, n in polys)
        big_f = [1]
        for f, _n in polys:
            big_f = poly_mul(big_f, f)
        # G has degree below F's, but a constant group (a d1) contributes an all-zero term as long as F.
        big_g: list[int] = [0] * len(big_f)
        for i, (f, n) in enumerate(polys):
            term = [n * k * f[k] for k in range(1, len(f))] or [0]
            for j, (other, _m) in enumerate(polys):
                if j != i:
                    term = poly_mul(term, other)
            for k, c in enumerate(term):
                big_g[k] += c
        f_terms = [(k, c) for k, c in enumerate(big_f) if k and c]
        g_terms = [(k, c) for k, c in enumerate(big_g) if c]
        self.charge(outcomes * (len(f_terms) + len(g_terms) + 1) * term_cost(bits))
        c0 = big_f[0]
        p = [1]
        for f, n in polys:
            p[0] *= f[0] ** n
        for t in range(1, outcomes):
            total = 0
            for k, c in g_terms:
                if k > t - 1:
                    break
                total += c * p[t - 1 - k]
            for k, c in f_terms:
                if k > t:
                    break
                total -= c * (t - k) * p[t - k]
            p.append(total // (t * c0))
        return self.checked({base + k: weight for k, weight in enumerate(p) if weight})

    def chain_level(
        self, exploding: int, stopping: int, chain: Mapping[Any, int], scale: int, total_weight: int, levels_left: int
    ) -> None:
        """Charge one level of an explosion chain, then refuse now if the levels left would break the budget.

        *chain* is the chain so far, *scale* the weight its stopping dice get at this level.
        """
        self.charge(SLOW_LOOP * (exploding * len(chain) + stopping) * mul_cost(max(chain.values()).bit_length()))
        self.expect(self.chain_floor(exploding, stopping, len(chain) + exploding - 1, scale, total_weight, levels_left))

    def chain_floor(self, exploding: int, stopping: int, size: int, weight: int, total_weight: int, levels: int) -> int:
        """At least what *levels* more levels of an explosion chain charge (see :meth:`chain_level`).

        The first of them starts from a chain of *size* (total, score) keys whose largest weight is
        at least *weight*. Each level adds every exploding face to every key, a sum of sets of
        ``exploding`` and ``size`` keys in a torsion-free group, so the chain grows by at least
        ``exploding - 1`` keys a level (Cauchy-Davenport); its stopping dice get the weight scaled
        by *total_weight* once more each level. Stops counting once past the budget.
        """
        enough = self.limits.max_odds_work
        total = 0
        bits = weight.bit_length()
        grow_bits = max(total_weight.bit_length() - 1, 0)
        for level in range(levels):
            total += SLOW_LOOP * (exploding * (size + level * (exploding - 1)) + stopping) * mul_cost(bits)
            if total > enough:
                break
            bits += grow_bits
        return total

    def keep(self, units: dict[int, _Weights], n: int, keep: int, highest: bool) -> _Weights:
        """The sum of the best *keep* of *n* independent dice, by order statistics.

        Walk the sort keys from best to worst. A state is (dice placed so far ->
        {sum of kept contributions: weight}), always with fewer than *keep* kept.
        At each key, ``i`` of the ``r`` remaining dice show it (``comb(r, i)`` ways):
        while ``i`` leaves the pool short of *keep* the state moves on; every larger
        ``i`` fills the pool, after which the other dice may show any worse key, so
        those cases fold into one scalar weight and finish at once. The work is about
        keys x keep x keep table merges, whatever the number of dice.
        """
        if keep == 0:
            return {0: 1}
        order = sorted(units, reverse=highest)
        key_weights = {key: sum(units[key].values()) for key in order}
        remaining = sum(key_weights.values())
        big = mul_cost(n * remaining.bit_length() + n)  # the size of the largest weights here
        finished: defaultdict[int, int] = defaultdict(int)
        states: dict[int, _Weights] = {0: {0: 1}}
        # With one contribution a key, the states only grow from key to key (a state not filled
        # moves on with nothing added), so no key costs less than the one before: the keys left
        # are foreseen at each key.
        growing = all(len(contributions) == 1 for contributions in units.values())
        for index, key in enumerate(order):
            weight = key_weights[key]
            rest = remaining - weight
            contributions = units[key]
            powers: list[_Weights] = [{0: 1}]
            if len(contributions) == 1:  # the usual case: a die's key is its contribution
                ((value, value_weight),) = contributions.items()
                most = min(keep, n)
                self.charge(most * mul_cost(most * value_weight.bit_length()))
                power = 1
                for t in range(1, most + 1):
                    power *= value_weight
                    powers.append({value * t: power})
            while len(powers) <= min(keep, n):
                powers.append(self.combine(powers[-1], contributions, "+"))
            # The work of this key, known before doing it: one merge per (state, i), plus the scalar sums.
            work = 0
            for placed, sums in states.items():
                left, need = n - placed, keep - placed
                work += sum(len(sums) * len(powers[i]) for i in range(min(need, left) + 1)) + need
            if growing:
                self.charge_ahead(SLOW_LOOP * work * big, len(order) - 1 - index)
            else:
                self.charge(SLOW_LOOP * work * big)
            new_states: dict[int, defaultdict[int, int]] = {}
            for placed, sums in states.items():
                left = n - placed
                need = keep - placed
                if rest:
                    for i in range(min(need, left + 1)):
                        target = new_states.setdefault(placed + i, defaultdict(int))
                        accumulate(target, sums, powers[i], comb(left, i))
                if left >= need:
                    if rest:
                        # sum(comb(left, i) * weight**(i - need) * rest**(left - i) for i >= need), by the
                        # binomial theorem: the whole expansion less its first `need` terms, divided exactly.
                        short = sum(comb(left, i) * weight**i * rest ** (left - i) for i in range(need))
                        scalar = ((weight + rest) ** left - short) // weight**need
                    else:
                        scalar = weight ** (left - need)
                    accumulate(finished, sums, powers[need], scalar)
            states = {placed: dict(sums) for placed, sums in new_states.items()}
            remaining = rest
            if not states:
                break
        return self.checked(dict(finished))

    def keep_range(self, units: dict[int, _Weights], n: int, skip: int, keep: int) -> _Weights:
        """The sum of the dice ranked ``skip + 1`` to ``skip + keep`` (best first) of *n* independent dice.

        Several keep/drops (``4d6dh1dl1``) keep such a middle range. Walk the sort keys from
        best to worst; a state is (dice placed so far -> {sum of kept contributions: weight}).
        At each key ``i`` of the ``r`` dice left show it (``comb(r, i)`` ways); those ranked in
        the range add their contributions; once the range is filled the dice left show any
        worse key, folded into one scalar. Each key's work is charged before it is done.
        """
        end = skip + keep
        order = sorted(units, reverse=True)
        key_weights = {key: sum(units[key].values()) for key in order}
        remaining = sum(key_weights.values())
        finished: defaultdict[int, int] = defaultdict(int)
        states: dict[int, _Weights] = {0: {0: 1}}
        for key in order:
            weight = key_weights[key]
            rest = remaining - weight
            powers: list[_Weights] = [{0: 1}]
            while len(powers) <= min(keep, n):
                powers.append(self.combine(powers[-1], units[key], "+"))
            self.charge(
                SLOW_LOOP * sum(len(sums) * (n - placed + 1) * len(powers[-1]) for placed, sums in states.items())
            )
            new_states: dict[int, defaultdict[int, int]] = {}
            for placed, sums in states.items():
                left = n - placed
                for i in range(left + 1):
                    counted = max(0, min(placed + i, end) - max(placed, skip))
                    ways = comb(left, i) * weight ** (i - counted)
                    if placed + i >= end:
                        accumulate(finished, sums, powers[counted], ways * rest ** (left - i))
                    elif rest:
                        accumulate(new_states.setdefault(placed + i, defaultdict(int)), sums, powers[counted], ways)
            states = {placed: dict(sums) for placed, sums in new_states.items()}
            remaining = rest
            if not states:
                break
        return self.checked(dict(finished))


def extreme(items: list[dict[V, int]], *, highest: bool, score: Callable[[V], W]) -> dict[W, int]:
    """The weights of the largest (or smallest) of independent items' totals, each then scored.

    Every dialect's keep-one-of-a-set odds use it (a default-dialect group, a d20 set whose
    values may be fractions, scored as they stand).
    The ways for the largest to be at most *v* are the product of each item's ways to be
    at most *v*; the ways for it to be exactly *v* are the step from the value below.
    """
    values = sorted({value for weights in items for value in weights}, reverse=not highest)
    cumulative = [0] * len(items)
    out: defaultdict[W, int] = defaultdict(int)
    below = 0
    for value in values:
        at_most = 1
        for i, weights in enumerate(items):
            cumulative[i] += weights.get(value, 0)
            at_most *= cumulative[i]
        if at_most != below:
            out[score(value)] += at_most - below
        below = at_most
    return dict(out)
