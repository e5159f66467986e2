"""Exact odds of dice notation: :func:`distribution`.

Every step works on integer weights (counts of equally likely ways), so the
result is exact; :class:`~tabletop_core.odds.Distribution` normalises them into
fractions at the end. Nothing here enumerates every combination of faces:

* a sum of *n* alike dice (or a count of successes) is the *n*-th power of one
  die's polynomial, by a power series recurrence (a few big-integer-by-small-int
  products per outcome, so ``1000d6`` is quick) or, for a few dice with many
  faces, by repeated squaring of big-integer convolutions;
* keep/drop walks the faces from best to worst and counts, with binomial
  coefficients, how many of the *n* dice show each face (order statistics), so
  ``10d10kh3`` takes a few thousand steps instead of 10**10;
* an exploding die is a chain computed level by level down to
  :data:`~tabletop_core.notation.limits.EXPLODE_DEPTH`, the same cap rolls use;
* a reroll changes the weights of one die's faces (``r``: the faces left, each
  equally likely; ``ro``: one second chance).

Every step is charged against :class:`~tabletop_core.notation.limits.Limits`
(``max_odds_work``, ``max_odds_outcomes``); an expression too large to compute
raises :class:`~tabletop_core.notation.NotationError` instead of hanging.
"""

from __future__ import annotations

import functools
import random
import re
from collections import defaultdict
from collections.abc import Mapping
from math import comb, gcd
from typing import TYPE_CHECKING, Any

import attrs

from tabletop_core.notation._cache import SizedCache
from tabletop_core.notation.ast import (
    ROUNDING_FUNCTIONS,
    Call,
    ComputedDice,
    Dice,
    Expression,
    Group,
    Labeled,
    Negate,
    Node,
    Number,
    Product,
    Sum,
    Variable,
    dice_terms,
)
from tabletop_core.notation.errors import NotationError
from tabletop_core.notation.expression_ops import (
    EXPRESSION_NODES,
    VsOutcome,
    bind,
    check_variables,
    computed_dice_weights,
    computed_templates,
    exact_division,
    function_weights,
    unknown_name,
)
from tabletop_core.notation.limits import DEFAULT_LIMITS, Limits, check_dialect
from tabletop_core.notation.parser import as_expression, is_d20_expression
from tabletop_core.odds import MAX_OUTCOMES, Distribution

if TYPE_CHECKING:
    from tabletop_core.notation._d20_tree import D20Expression

__all__ = ["ODDS_CACHE_BYTES", "distribution", "explodes_anywhere"]

_Weights = dict[int, int]


def distribution(
    expr: str | Expression | D20Expression,
    *,
    limits: Limits | None = None,
    dialect: str = "default",
    variables: Mapping[str, int] | None = None,
) -> Distribution[Any]:  # Any: ints, or VsOutcome for a roll against a target
    """The exact distribution of an expression's total.

    Exploding dice explode at most ``limits.explode_depth`` times per die (20 by
    default), exactly as :func:`~tabletop_core.notation.roll` does, so the odds are
    exact for that capped rule and every rolled total lies in the support. Results
    are cached per expression (the cache is bounded by memory, :data:`ODDS_CACHE_BYTES`), and so are refusals.

    Args:
        expr: Notation such as ``"2d6+3"``, or a parsed expression.
        limits: Safety limits; the defaults when omitted.
        dialect: ``"default"`` or ``"d20"`` (the d20 package's grammar; its rerolls and
            explosions also stop after ``limits.explode_depth`` rounds in exact odds).
        variables: Named values for ``@name`` (as :func:`~tabletop_core.notation.roll` takes them).

    Returns:
        A :class:`~tabletop_core.odds.Distribution` of ints with exact probabilities. For a roll
        against a target (``1d20+5 vs 15``) its outcomes are
        :class:`~tabletop_core.notation.VsOutcome` (success or failure, and the margin). For a
        repeated roll (``6x 4d6kh3``) it is the distribution of each one of the results (they are
        independent and alike), not of their sum.

    Raises:
        NotationError: a syntax error or broken limit; the distribution would have
            more than ``limits.max_odds_outcomes`` outcomes or take more than
            ``limits.max_odds_work`` steps; or a divisor that can be 0.
        TypeError: *expr* is not notation or an expression.

    Examples:
        >>> distribution("4d6kh3").probability(18)
        Fraction(7, 432)
        >>> distribution("1d20+5").at_least(20)
        Fraction(3, 10)
    """
    if type(dialect) is not str or dialect != "default" or (type(expr) is not str and is_d20_expression(expr)):
        if check_dialect(dialect) == "default" or isinstance(expr, Expression):
            raise TypeError("a D20Expression needs dialect='d20', and an Expression the default dialect")
        if variables is not None and check_variables(variables):
            raise NotationError("named values (variables=) are read in the default dialect only")
        from tabletop_core.notation._d20_odds import distribution_d20  # the dialect loads on first use

        return distribution_d20(expr, limits)
    if variables is not None:
        sheet = check_variables(variables)
        bound, checked = as_expression(expr, limits)
        expr, limits = bind(bound, sheet), checked
    # Bots ask for the same few expressions all day: look the text up before parsing it.
    text_key = None
    if type(expr) is str and (limits is None or type(limits) is Limits):
        text_key = (expr, DEFAULT_LIMITS if limits is None else limits)
        known = _CACHE.get(text_key)
        if known is not None:
            return known.result()
        simple = _simple(*text_key)
        if simple is not None:
            known, canonical = simple
            _CACHE.put(text_key, known, known.bits + 8 * len(expr))
            if canonical != expr:  # the tree of this text, asked for later, finds the answer by its str()
                _CACHE.put((canonical, text_key[1]), known, known.bits + 8 * len(canonical))
            return known.result()
    expression, checked = as_expression(expr, limits)
    key = (expression, checked)
    known = _CACHE.get(key)
    text = str(expression)
    # The keys count too: an expression tree of 1,000 characters holds about 40 KB,
    # far more than the refusal it may be the key of.
    key_bits = 8 * _KEY_BYTES_PER_CHARACTER * len(text)
    if known is None:
        known = _CACHE.get((text, checked))  # asked as text before (read without a tree, see _simple)
        if known is None:
            try:
                known = _compute(expression, checked)
            except NotationError as error:
                # A refusal is remembered too, so asking again does not redo the work it refused.
                known = _Known(None, str(error))
        _CACHE.put(key, known, known.bits + key_bits)
    if text_key is not None:
        _CACHE.put(text_key, known, known.bits + 8 * len(str(expr)) + key_bits)  # the text, and the answer it shares
    return known.result()


def explodes_anywhere(expr: str | Expression, *, limits: Limits | None = None) -> bool:
    """Whether any dice term of *expr* explodes (so its odds use the explosion cap)."""
    expression, _limits = as_expression(expr, limits)
    nodes = [expression.body] if expression.target is None else [expression.body, expression.target]
    return any(dice.explode is not None for node in nodes for dice in (*dice_terms(node), *computed_templates(node)))


def _compute(expression: Expression, limits: Limits) -> _Known:
    """The exact distribution of *expression*, uncached (of one result when it is repeated)."""
    calculator = _Calculator(expression, limits)
    calculator.answer = _answer_term(expression)
    weights = calculator.node(expression.body)
    if expression.target is not None:
        weights = calculator.combine(weights, calculator.node(expression.target), "-")
    if len(weights) > MAX_OUTCOMES:
        raise calculator.too_many()
    # Reducing every weight to an exact Fraction (a gcd with the total each) is
    # often the largest part of the work for many dice: charge it before doing it.
    calculator.charge(len(weights) * _normalise_cost(_bits(weights)))
    # The weights are the calculator's own positive ints: the distribution skips the checks of
    # Distribution(weights), and a margin becomes a VsOutcome once its place in the order is known.
    values = sorted(value for value, weight in weights.items() if weight)
    counts = [weights[value] for value in values]
    outcomes: list[Any] = values if expression.target is None else [VsOutcome(margin) for margin in values]
    # Memory held: about a numerator and a denominator per outcome (a reduced Fraction is no larger).
    bits = sum(count.bit_length() for count in counts) + len(counts) * (sum(counts).bit_length() + 1024)
    return _Known(Distribution._of_counts(outcomes, counts), None, bits)


def _answer_term(expression: Expression) -> Node | None:
    """The dice term whose weights are the answer's but for a shift, or ``None``.

    That is the body itself, labelled or negated, or with numbers added and taken away,
    against no target or a number: every step after the term keeps its outcomes and weights.
    """
    if expression.target is not None and not isinstance(expression.target, Number):
        return None
    node = expression.body
    while True:
        if isinstance(node, (Labeled, Negate)):
            node = node.operand
        elif isinstance(node, Sum):
            others = [operand for operand in node.operands if not isinstance(operand, Number)]
            if len(others) != 1:
                return None
            node = others[0]
        else:
            return node if isinstance(node, Dice) else None


@attrs.frozen
class _Known:
    """A cached answer: a distribution, or the message of the NotationError that refused it."""

    distribution: Distribution[Any] | None  # Any: ints or VsOutcome
    refusal: str | None
    known_bits: int | None = None  # the size, when the computation already knows it

    def result(self) -> Distribution[Any]:  # Any: ints or VsOutcome
        if self.distribution is None:
            raise NotationError(str(self.refusal))
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


ODDS_CACHE_BYTES = 32 * 2**20
"""Memory the cache of :func:`distribution` may hold (estimated): 32 MB of answers and their keys."""

_KEY_BYTES_PER_CHARACTER = 48  # a parsed expression, per character of its text (measured, as for parse)
# Sized in bits (what _Known.bits estimates): one SizedCache serves parses, plans and odds.
_CACHE: SizedCache[object, _Known] = SizedCache(8 * ODDS_CACHE_BYTES)


class _Calculator:
    """One exact computation, with its work and size budget."""

    def __init__(self, source: str | Expression, limits: Limits) -> None:
        self._source = source
        self.limits = limits
        self.work = 0
        # The dice term whose table is the answer's, but for a shift (``8d100!``, ``3d6+2``): its
        # last step foresees the fractions the answer is made into (see _answer_term).
        self.answer: Node | None = None
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
                "(too many dice or outcomes to compute); raise Limits.max_odds_work to allow more"
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
                "the most a Distribution holds (tabletop_core.odds.MAX_OUTCOMES)"
            )
        return NotationError(
            f"{self.text}: exact odds would have more than {self.limits.max_odds_outcomes} outcomes; "
            "raise Limits.max_odds_outcomes to allow more"
        )

    # -- combining ------------------------------------------------------------

    def combine(self, left: _Weights, right: _Weights, op: str) -> _Weights:
        if len(right) == 1 and op in ("+", "-"):
            # Adding a number (``1d20+5``, ``vs 15``) moves every outcome: nothing to multiply out.
            ((b, times),) = right.items()
            self.charge(len(left))
            shift = b if op == "+" else -b
            return {a + shift: weight * times for a, weight in left.items()}
        bits = max(_bits(left), _bits(right))
        if op in ("+", "-"):
            # Know the size before doing the work: a sum spans at most both ranges.
            span = (max(left) - min(left)) + (max(right) - min(right)) + 1
            if min(span, len(left) * len(right)) > self.max_outcomes:
                raise self.too_many()
        if op == "+" and _dense(left) and _dense(right):
            span = (max(left) - min(left)) + (max(right) - min(right)) + 2
            self.charge(_convolution_cost(span, bits))
            return self.checked(_convolve_dense(left, right))
        # Products and quotients make big keys (6**40 for forty d6): about twice a sum's step.
        self.charge(len(left) * len(right) * _mul_cost(bits) * (2 if op in ("*", "/", "/e") else 1))
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
                    value = exact_division(a, b, self.text)  # type: ignore[assignment]  # a Fraction inside floor()
                else:
                    value = a // b
                result[value] += wa * wb
            if len(result) > self.max_outcomes:
                self.checked(result)
        return self.checked(dict(result))

    def power(self, weights: _Weights, n: int, *, answer: bool = False) -> _Weights:
        """The sum of *n* independent copies of *weights*.

        Both ways are exact; the one estimated cheaper runs, and its size and cost
        are checked before it starts. A power series recurrence (:func:`_power_by_recurrence`)
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
        step = _gcd_of_gaps(weights)
        outcomes = n * (high - low) // step + 1
        if outcomes > self.max_outcomes:
            raise self.too_many()
        bits = n * sum(weights.values()).bit_length()  # the largest weight of the result is below this
        recurrence = _recurrence_terms(weights, low, step)
        by_recurrence = 10 * len(weights) + outcomes * (len(recurrence[1]) + 1) * _term_cost(bits)
        if by_recurrence <= self.squaring_cost(high - low, _bits(weights), n):
            if answer:
                # The answer's outcomes: a sum of n copies of len(weights) values takes at least
                # n (len - 1) + 1; its largest weight is at least the mean, total**n / outcomes.
                least = n * (len(weights) - 1) + 1
                mean_bits = n * (sum(weights.values()).bit_length() - 1) + 1 - outcomes.bit_length()
                self.expect(by_recurrence + least * _normalise_cost(max(mean_bits, 1)))
            self.charge(by_recurrence)
            return _power_by_recurrence(weights, n, low, step, recurrence, outcomes)
        return self.squaring(weights, n)

    def binomial(self, weights: _Weights, n: int) -> _Weights:
        """*n* copies of a two-outcome table (a success count, ``8d10>=7``): ``comb(n, k) a**(n-k) b**k`` ways."""
        (low, a), (high, b) = sorted(weights.items())
        if n + 1 > self.max_outcomes:
            raise self.too_many()
        self.charge((n + 1) * (2 + 3 * _mul_cost(n * max(a, b).bit_length())))
        step = high - low
        return {n * low + k * step: comb(n, k) * a ** (n - k) * b**k for k in range(n + 1)}

    def squaring_cost(self, width: int, bits: int, n: int) -> int:
        """About what :meth:`squaring` would charge (every product as one big-integer convolution)."""
        cost, copies = 0, 1
        while copies < n:
            copies *= 2
            cost += _convolution_cost(copies * width + 1, copies * bits)
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

    # -- nodes ----------------------------------------------------------------

    def node(self, node: Node, exact: bool = False) -> _Weights:
        """Weights of *node*'s value; with *exact* (inside ``floor ceil round``) ``/`` divides exactly."""
        if isinstance(node, Number):
            return {node.value: 1}
        if isinstance(node, Dice):
            return self.dice(node)
        if isinstance(node, Negate):
            return {-value: weight for value, weight in self.node(node.operand, exact).items()}
        if isinstance(node, Group):
            from tabletop_core.notation._groups import group_odds

            return group_odds(self, node)
        if isinstance(node, EXPRESSION_NODES):
            return self.expression_node(node, exact)
        assert isinstance(node, (Sum, Product))
        if isinstance(node, Sum):
            grouped = self.sum_of_groups(node)
            if grouped is not None:
                return grouped
        result = self.node(node.operands[0], exact)
        for op, operand in zip(node.operators, node.operands[1:], strict=True):
            result = self.combine(result, self.node(operand, exact), "/e" if exact and op == "/" else op)
        return result

    def expression_node(self, node: Node, exact: bool) -> _Weights:
        """Weights of a label, a math function, a computed dice term (a name must be bound first)."""
        if isinstance(node, Variable):
            raise unknown_name(node.name, None)
        if isinstance(node, Labeled):
            return self.node(node.operand, exact)
        if isinstance(node, Call):
            inside = exact or node.name in ROUNDING_FUNCTIONS
            args = [self.node(arg, inside) for arg in node.args]
            return self.checked(function_weights(node.name, args, self.charge))
        assert isinstance(node, ComputedDice)
        count, sides = self.node(node.count), self.node(node.sides)
        return self.checked(computed_dice_weights(node, count, sides, self.limits, self.dice, self.charge, self.expect))

    def sum_of_groups(self, node: Sum) -> _Weights | None:
        """A sum of two or more groups of alike dice (``300d6+300d8+100d10``) in one pass, else ``None``.

        Each group is a power of one die's polynomial; the sum is their product ``P``,
        computed by one recurrence (below) instead of a power per group and a
        convolution per pair. Other terms of the sum are added afterwards.
        """
        groups: list[tuple[_Weights, int]] = []
        rest: list[tuple[str, Node]] = []
        plain = [
            isinstance(operand, Dice)
            and (operand.select is None or operand.select.kept(operand.count)[1] == operand.count)
            and not operand.unique  # unique dice depend on each other: not a power of one die
            and not operand.unique_once
            for operand in node.operands
        ]
        if sum(plain) < 2:
            return None  # one group of dice or none: nothing to gain (and no die's units worked out twice)
        for op, operand, alike in zip(("+", *node.operators), node.operands, plain, strict=True):
            if alike and isinstance(operand, Dice):
                units = self.units(operand)
                merged: defaultdict[int, int] = defaultdict(int)
                for contributions in units.values():
                    for value, weight in contributions.items():
                        merged[value if op == "+" else -value] += weight
                groups.append(({v: w for v, w in merged.items() if w}, operand.count))
            else:
                rest.append((op, operand))
        width = sum(max(w) - min(w) + 1 for w, _n in groups)
        if len(groups) < 2 or width > _MAX_GROUP_WIDTH:
            return None
        result = self.powers(groups)
        for op, operand in rest:
            result = self.combine(result, self.node(operand), op)
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
            big_f = _poly_mul(big_f, f)
        # G has degree below F's, but a constant group (a d1) contributes an all-zero term as long as F.
        big_g: list[int] = [0] * len(big_f)
        for i, (f, n) in enumerate(polys):
            term = [n * k * f[k] for k in range(1, len(f))] or [0]
            for j, (other, _m) in enumerate(polys):
                if j != i:
                    term = _poly_mul(term, other)
            for k, c in enumerate(term):
                big_g[k] += c
        f_terms = [(k, c) for k, c in enumerate(big_f) if k and c]
        g_terms = [(k, c) for k, c in enumerate(big_g) if c]
        self.charge(outcomes * (len(f_terms) + len(g_terms) + 1) * _term_cost(bits))
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

    def dice(self, dice: Dice) -> _Weights:
        if dice.unique:
            return self.unique_dice(dice)
        if dice.unique_once:
            return self.unique_once_dice(dice)
        if dice.count * dice.sides <= _SMALL_PLAIN and _plain(dice):
            return self.small_plain(dice)
        units = self.units(dice)
        if dice.select is not None:
            highest, keep = dice.select.kept(dice.count)
            if keep < dice.count:
                return self.keep(units, dice.count, keep, highest)
        merged: defaultdict[int, int] = defaultdict(int)
        for contributions in units.values():
            for value, weight in contributions.items():
                merged[value] += weight
        return self.power(dict(merged), dice.count, answer=dice is self.answer)

    def small_plain(self, dice: Dice) -> _Weights:
        """A few plain dice (``3d6``, ``1d20``, ``4dF``): each die added by a running window sum.

        The sum of one more die at ``t`` is the sum of the ways so far over the window of
        ``sides`` totals ending at ``t``; a few dice take fewer steps this way than by
        :meth:`power`, and the same exact ways come out.
        """
        sides, count = dice.sides, dice.count
        if count * (sides - 1) + 1 > self.max_outcomes:
            raise self.too_many()
        self.charge(sides + count * (count * sides))
        low = count * dice.min_face
        return {low + t: weight for t, weight in enumerate(_window_sums(count, sides))}

    def faces(self, dice: Dice) -> _Weights:
        """Weights of the face one die finally shows, rerolls included."""
        faces = dice.faces
        low, high = dice.min_face, dice.max_face
        matching = 0 if dice.reroll is None else dice.reroll.condition.count_in(low, high)
        # Know the size of the face table before building it (counted, not listed): a
        # d100000000 allowed by raised limits must be refused here, not after 5 GB.
        kept = len(faces) if dice.reroll is None or dice.reroll.once else len(faces) - matching
        if kept > self.max_outcomes:
            raise self.too_many()
        self.charge(len(faces))
        if dice.clamp is not None:
            return self.clamped_faces(dice)
        if dice.reroll is None:
            return dict.fromkeys(faces, 1)
        if dice.reroll.once:
            # P(face) = [not rerolled]/S + (matching/S) * (1/S), scaled by S*S.
            sides = len(faces)
            return {face: (0 if dice.rerolls(face) else sides) + matching for face in faces}
        # Rerolling until the die stops matching leaves the other faces equally likely.
        return {face: 1 for face in faces if not dice.rerolls(face)}

    def units(self, dice: Dice) -> dict[int, _Weights]:
        """What one die (with its explosion chain) adds: sort key -> {contribution: weight}.

        The key is the chain's total (what keep/drop compares); the contribution is
        that total, or the number of its dice meeting the success condition.
        """
        if dice.failure is not None or (dice.explode is not None and dice.explode.kind != "!"):
            return self.extended_units(dice)
        faces = self.faces(dice)
        success = dice.success

        def scored(face: int) -> int:
            if success is None:
                return face
            return 1 if success.matches(face) else 0

        if dice.explode is None:
            # Without an explosion each face is its own key, seen once.
            return {face: {scored(face): weight} for face, weight in faces.items()}
        # chain[(total, successes)] for a die that may explode `depth` more times.
        total_weight = sum(faces.values())
        chain: dict[tuple[int, int], int] = {}
        for face, weight in faces.items():
            key = (face, int(success is not None and success.matches(face)))
            chain[key] = chain.get(key, 0) + weight
        exploding = {face: w for face, w in faces.items() if dice.explodes(face)}
        stopping = {face: w for face, w in faces.items() if not dice.explodes(face)}
        scale = total_weight
        depth = self.limits.explode_depth
        self.expect(self.chain_floor(len(exploding), len(stopping), len(chain), 1, total_weight, depth))
        for level in range(depth):
            self.chain_level(len(exploding), len(stopping), chain, scale, total_weight, depth - 1 - level)
            deeper: defaultdict[tuple[int, int], int] = defaultdict(int)
            for face, weight in stopping.items():
                deeper[(face, int(success is not None and success.matches(face)))] += weight * scale
            for face, weight in exploding.items():
                hit = int(success is not None and success.matches(face))
                for (total, hits), chain_weight in chain.items():
                    deeper[(face + total, hits + hit)] += weight * chain_weight
            chain = dict(deeper)
            scale *= total_weight
            if len(chain) > self.max_outcomes:
                raise self.too_many()
        units: dict[int, _Weights] = {}
        for (total, hits), weight in chain.items():
            contribution = total if success is None else hits
            units.setdefault(total, {})
            units[total][contribution] = units[total].get(contribution, 0) + weight
        return units

    def chain_level(
        self, exploding: int, stopping: int, chain: Mapping[Any, int], scale: int, total_weight: int, levels_left: int
    ) -> None:
        """Charge one level of an explosion chain, then refuse now if the levels left would break the budget.

        *chain* is the chain so far, *scale* the weight its stopping dice get at this level.
        """
        self.charge(_SLOW_LOOP * (exploding * len(chain) + stopping) * _mul_cost(max(chain.values()).bit_length()))
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
            total += _SLOW_LOOP * (exploding * (size + level * (exploding - 1)) + stopping) * _mul_cost(bits)
            if total > enough:
                break
            bits += grow_bits
        return total

    def unique_dice(self, dice: Dice) -> _Weights:
        """Unique dice (``u``): every set of different faces equally likely, as drawn without replacement.

        Walk the faces best first (for keep/drop) counting, for each number of faces chosen
        so far, the ways each kept sum (or success score) can stand; the kept dice are the
        first chosen. Size and work are charged before each face.
        """
        faces = [face for face in self.faces(dice) if not dice.rerolls(face)]
        n = dice.count
        highest, keep = dice.select.kept(n) if dice.select is not None else (True, n)
        faces.sort(reverse=highest)
        success, failure = dice.success, dice.failure

        def score(face: int) -> int:
            if success is None:
                return face
            return int(success.matches(face)) - int(failure is not None and failure.matches(face))

        states: list[dict[int, int]] = [{0: 1}] + [{} for _ in range(n)]
        for face in faces:
            self.charge(_SLOW_LOOP * sum(len(table) for table in states))
            value = score(face)
            for chosen in range(n - 1, -1, -1):
                target = states[chosen + 1]
                added = value if chosen < keep else 0
                for total, ways in states[chosen].items():
                    target[total + added] = target.get(total + added, 0) + ways
            if len(states[n]) > self.max_outcomes:
                raise self.too_many()
        return self.checked(states[n])

    def unique_once_dice(self, dice: Dice) -> _Weights:
        """Unique once (``uo``): a die showing a face an earlier one shows is rolled again once.

        A die's face depends on the faces before it. Without keep/drop the walk keeps, for each
        set of faces seen so far, the ways each score can stand; with keep/drop it keeps every
        multiset of faces drawn (``C(sides + k - 1, k)`` after *k* dice; the whole walk is charged
        before it starts, see :func:`_multiset_walk_cost`).
        Weights are out of ``sides**2`` per die; each step is charged before it is taken.
        """
        faces = list(self.faces(dice))
        sides, n = len(faces), dice.count
        if dice.select is None or dice.select.kept(n)[1] == n:
            return self.unique_once_scores(dice, faces)
        self.charge(_multiset_walk_cost(sides, n, self.limits.max_odds_work))
        states: dict[tuple[int, ...], int] = {(): 1}
        for _ in range(n):
            grown: defaultdict[tuple[int, ...], int] = defaultdict(int)
            for drawn, weight in states.items():
                seen = set(drawn)
                again = len(seen)  # the first draw hits a face taken: rolled again, any face
                for face in faces:
                    ways = (0 if face in seen else sides) + again
                    grown[tuple(sorted((*drawn, face)))] += weight * ways
            states = dict(grown)
        result: defaultdict[int, int] = defaultdict(int)
        for drawn, weight in states.items():
            result[_value_of_faces(dice, drawn)] += weight
        return self.checked(dict(result))

    def unique_once_scores(self, dice: Dice, faces: list[int]) -> _Weights:
        """``uo`` with every die kept: states are (faces seen, as bits; score so far).

        The states never get fewer from one die to the next (see :func:`_unique_once_floor`), so
        the walk is refused before it starts when its floor breaks the budget, and at the first
        die whose cost, times the dice left, would.
        """
        sides = len(faces)
        scores = [_value_of_faces(dice, (face,)) for face in faces]
        per_state = _SLOW_LOOP * sides * _mask_cost(sides)
        budget = self.limits.max_odds_work
        self.expect(per_state * _unique_once_floor(scores, dice.count, budget // per_state + 1))
        # Python hashes an int modulo 2**61 - 1, so sets of more than 61 faces as bits collide
        # in a dict by the thousand. For those, the score shares its int with a fingerprint of the
        # set (a fixed word per face, added up; below _SPREAD), which spreads the keys; the set
        # itself in the key keeps it exact.
        wide = sides > 61
        spread = _SPREAD if wide else 1
        new_face = [value * spread + (_fingerprints(sides)[i] if wide else 0) for i, value in enumerate(scores)]
        repeat = [value * spread for value in scores]
        states: dict[tuple[int, int], int] = {(0, 0): 1}
        for die in range(dice.count):
            self.charge_ahead(per_state * len(states), dice.count - 1 - die)
            grown: defaultdict[tuple[int, int], int] = defaultdict(int)
            for (seen, key), weight in states.items():
                again = seen.bit_count()
                for i in range(sides):
                    bit = 1 << i
                    if seen & bit:
                        grown[(seen, key + repeat[i])] += weight * again
                    else:
                        grown[(seen | bit, key + new_face[i])] += weight * (sides + again)
            states = dict(grown)
        result: defaultdict[int, int] = defaultdict(int)
        for (_seen, key), weight in states.items():
            result[key // spread] += weight
        return self.checked(dict(result))

    def clamped_faces(self, dice: Dice) -> _Weights:
        """Weights of the face one clamped die shows (``mi``/``ma``), its reroll applied to the clamped face."""
        low, high = dice.shown_low, dice.shown_high
        if low == high:
            weights = {low: dice.sides}
        else:
            weights = dict.fromkeys(range(low, high + 1), 1)
            weights[low] = low - dice.min_face + 1  # every face at or below the clamp shows it
            weights[high] = dice.max_face - high + 1
        if dice.reroll is None:
            return weights
        condition = dice.reroll.condition
        if not dice.reroll.once:
            return {face: weight for face, weight in weights.items() if not condition.matches(face)}
        # P(face) = w/W [not rerolled] + (M/W)(w/W), scaled by W*W.
        total = sum(weights.values())
        matching = sum(weight for face, weight in weights.items() if condition.matches(face))
        return {
            face: weight * ((0 if condition.matches(face) else total) + matching) for face, weight in weights.items()
        }

    def extended_units(self, dice: Dice) -> dict[int, _Weights]:  # noqa: C901 - one die's whole chain
        """:meth:`units` for failures (``f``) or a compounding (``!!``) or penetrating (``!p``) explosion.

        Sort key (the chain's total) -> {contribution: weight}.

        The chain is built from the deepest die allowed (``explode_depth``) up to the first; a
        penetrating extra die shows one less than it rolled and explodes on what it rolled; a
        compounded chain is one die, so successes and failures look at its total.
        """
        faces = self.faces(dice)
        success, failure = dice.success, dice.failure
        explode = dice.explode
        compounds = explode is not None and explode.compounds
        penetrates = explode is not None and explode.penetrates

        def score(shown: int) -> int:
            if success is None:
                return 0
            return int(success.matches(shown)) - int(failure is not None and failure.matches(shown))

        def contribution(total: int, hits: int) -> int:
            if success is None:
                return total
            return score(total) if compounds else hits

        units: dict[int, _Weights] = {}
        if explode is None:
            for face, weight in faces.items():
                bucket = units.setdefault(face, {})
                bucket[contribution(face, score(face))] = bucket.get(contribution(face, score(face)), 0) + weight
            return units
        depth = self.limits.explode_depth

        def shift(level: int) -> int:
            return -1 if penetrates and level > 0 else 0

        def die_score(shown: int) -> int:
            return 0 if compounds else score(shown)

        chain: defaultdict[tuple[int, int], int] = defaultdict(int)
        for face, weight in faces.items():
            shown = face + shift(depth)
            chain[(shown, die_score(shown))] += weight
        total_weight = sum(faces.values())
        exploding = {face: w for face, w in faces.items() if dice.explodes(face)}
        stopping = {face: w for face, w in faces.items() if not dice.explodes(face)}
        scale = total_weight
        self.expect(self.chain_floor(len(exploding), len(stopping), len(chain), 1, total_weight, depth))
        for level in range(depth - 1, -1, -1):
            self.chain_level(len(exploding), len(stopping), chain, scale, total_weight, level)
            deeper: defaultdict[tuple[int, int], int] = defaultdict(int)
            offset = shift(level)
            for face, weight in stopping.items():
                shown = face + offset
                deeper[(shown, die_score(shown))] += weight * scale
            for face, weight in exploding.items():
                shown = face + offset
                hit = die_score(shown)
                for (total, hits), chain_weight in chain.items():
                    deeper[(shown + total, hits + hit)] += weight * chain_weight
            chain = deeper
            scale *= total_weight
            if len(chain) > self.max_outcomes:
                raise self.too_many()
        for (total, hits), weight in chain.items():
            bucket = units.setdefault(total, {})
            value = contribution(total, hits)
            bucket[value] = bucket.get(value, 0) + weight
        return units

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
        big = _mul_cost(n * remaining.bit_length() + n)  # the size of the largest weights here
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
                self.charge(most * _mul_cost(most * value_weight.bit_length()))
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
                self.charge_ahead(_SLOW_LOOP * work * big, len(order) - 1 - index)
            else:
                self.charge(_SLOW_LOOP * work * big)
            new_states: dict[int, defaultdict[int, int]] = {}
            for placed, sums in states.items():
                left = n - placed
                need = keep - placed
                if rest:
                    for i in range(min(need, left + 1)):
                        target = new_states.setdefault(placed + i, defaultdict(int))
                        _accumulate(target, sums, powers[i], comb(left, i))
                if left >= need:
                    if rest:
                        # sum(comb(left, i) * weight**(i - need) * rest**(left - i) for i >= need), by the
                        # binomial theorem: the whole expansion less its first `need` terms, divided exactly.
                        short = sum(comb(left, i) * weight**i * rest ** (left - i) for i in range(need))
                        scalar = ((weight + rest) ** left - short) // weight**need
                    else:
                        scalar = weight ** (left - need)
                    _accumulate(finished, sums, powers[need], scalar)
            states = {placed: dict(sums) for placed, sums in new_states.items()}
            remaining = rest
            if not states:
                break
        return self.checked(dict(finished))


_SLOW_LOOP = 4
"""Steps charged per pair in the keep/drop and explosion loops: each updates a dict with a
computed key, about four times the cost of a step elsewhere (measured, ``6d1000kh3``, ``2d10000!``)."""
_SPREAD = 2**80  # above any sum of fingerprints (under 2**60 each; a table holds at most 100,000 faces)


@functools.cache
def _fingerprints(sides: int) -> tuple[int, ...]:
    """A fixed pseudo-random word under 2**60 per face: sums of them spread sets of faces in a dict."""
    words = random.Random(sides)  # a private generator, seeded: the same words every run
    return tuple(words.getrandbits(60) for _ in range(sides))


_MAX_GROUP_WIDTH = 400  # wider dice (d1000s) convolve faster group by group
_SMALL_PLAIN = 256  # dice x sides up to which plain dice are added one by one (Calculator.small_plain)


def _window_sums(count: int, sides: int) -> list[int]:
    """The ways *count* dice of *sides* faces make each total, lowest first (see ``Calculator.small_plain``)."""
    ways = [1] * sides
    for _die in range(count - 1):
        window = 0
        more = []
        for t in range(len(ways) + sides - 1):
            if t < len(ways):
                window += ways[t]
            if t >= sides:
                window -= ways[t - sides]
            more.append(window)
        ways = more
    return ways


# The commonest rolls a bot is asked for, as the parser reads them: a few plain dice or a
# success count, a number added or taken away, a target (``3d6``, ``d20``, ``1d20+5``,
# ``8d10>=7``, ``1d20 + 5 vs 15``).
_SIMPLE = re.compile(
    r"(?P<count>[1-9][0-9]{0,3})?d(?P<sides>[1-9][0-9]{0,3})"
    r"(?: ?(?P<compare>>=|<=|>|<|=) ?(?P<face>[1-9][0-9]{0,3}))?"
    r"(?: ?(?P<sign>[+-]) ?(?P<number>0|[1-9][0-9]{0,5}))?"
    r"(?: +vs +(?P<target>0|[1-9][0-9]{0,5}))?",
    re.ASCII,
)


def _simple(text: str, limits: Limits) -> tuple[_Known, str] | None:
    """The odds of the commonest rolls (:data:`_SIMPLE`) read straight from the text, or ``None``.

    The answer is the one the full path gives (the same ways, tested against it); anything
    else, and anything near a limit (where the full path decides what to refuse), goes the
    full way. A bot's first question spares the parser, the tree and the calculator.

    Returns:
        The answer, and the canonical text of the roll (``str(parse(text))``).
    """
    match = _SIMPLE.fullmatch(text)
    if match is None:
        return None
    count_text, sides_text, compare, face, sign, number, target = match.groups()
    count, sides = int(count_text or 1), int(sides_text)
    if len(text) > limits.max_length or count > limits.max_dice or sides > limits.max_sides:
        return None
    if compare is None:
        if count * sides > _SMALL_PLAIN:
            return None
        ways = _window_sums(count, sides)
        low = count
        # At least what the full path charges for the dice.
        work = sides + count * count * sides
    else:
        # A success count: each die meets the comparison on `hits` of its faces.
        value = int(face)
        at_least = {">=": value, ">": value + 1}.get(compare, 1)
        at_most = {"<=": value, "<": value - 1}.get(compare, sides)
        if compare == "=":
            at_least = at_most = value
        hits = max(0, min(at_most, sides) - max(at_least, 1) + 1)
        misses = sides - hits
        if not hits or not misses or count == 1:
            return None  # one outcome, or one die: the full path's own ways
        ways = [comb(count, k) * misses ** (count - k) * hits**k for k in range(count + 1)]
        low = 0
        work = sides + (count + 1) * (2 + 3 * _mul_cost(count * sides.bit_length()))
    outcomes = len(ways)
    # ... and for two shifts and the fractions.
    work += 2 * outcomes + outcomes * _normalise_cost(max(ways).bit_length())
    # One die's faces are a step of the full path too (a success count has fewer outcomes).
    if max(outcomes, sides) > limits.max_odds_outcomes or work > limits.max_odds_work:
        return None
    low += 0 if sign is None else int(number) if sign == "+" else -int(number)
    if target is not None:
        low -= int(target)
    values: list[Any] = list(range(low, low + outcomes))
    if target is not None:
        values = [VsOutcome(margin) for margin in values]
    bits = sum(w.bit_length() for w in ways) + outcomes * (sum(ways).bit_length() + 1024)
    canonical = (
        f"{count}d{sides}"
        + (f"{compare}{face}" if compare else "")
        + (f"{sign}{number}" if sign else "")
        + (f" vs {target}" if target else "")
    )
    return _Known(Distribution._of_counts(values, ways), None, bits), canonical


def _plain(dice: Dice) -> bool:
    """Whether every die of *dice* just shows its face and all of them count (no modifier changes the sum)."""
    return (
        dice.reroll is None
        and dice.explode is None
        and dice.success is None
        and dice.clamp is None
        and (dice.select is None or dice.select.kept(dice.count)[1] == dice.count)
    )


def _value_of_faces(dice: Dice, faces: tuple[int, ...]) -> int:
    """The value of a plain term (keep/drop, success and failure counts) showing *faces*."""
    kept = faces
    if dice.select is not None:
        kept = tuple(faces[i] for i in dice.select.choose(faces)[0])
    if dice.success is None:
        return sum(kept)
    failure = dice.failure
    return sum(int(dice.success.matches(face)) - int(failure is not None and failure.matches(face)) for face in kept)


def _poly_mul(a: list[int], b: list[int]) -> list[int]:
    out = [0] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        if x:
            for j, y in enumerate(b):
                out[i + j] += x * y
    return out


def _accumulate(target: defaultdict[int, int], sums: _Weights, added: _Weights, factor: int) -> None:
    """Add ``factor * (sums convolved with added)`` into *target*."""
    for total, weight in sums.items():
        scaled = weight * factor
        for value, added_weight in added.items():
            target[total + value] += scaled * added_weight


def _bits(weights: _Weights) -> int:
    return max(weights.values()).bit_length()


def _convolution_cost(span: int, bits: int) -> int:
    """Steps of one Kronecker convolution giving *span* outcomes of *bits*-bit weights.

    One big-integer product (Karatsuba, about digits**1.585 digit steps) does the
    whole convolution; a step of the other paths is about 50 digit steps.
    """
    digits = span * (2 * bits + span.bit_length()) // 30 + 1
    return 1 + int(digits**1.585) // 50


def _normalise_cost(bits: int) -> int:
    """Steps :class:`~tabletop_core.odds.Distribution` takes per outcome to make *bits*-bit weights Fractions.

    Measured: about 55 steps for small weights (Fraction overhead), growing a little
    faster than linearly with the size of the gcd.
    """
    return 55 + int(45 * (bits / 1000) ** 1.45)


def _term_cost(bits: int) -> int:
    """Steps of one term of the power series recurrence on weights of up to *bits* bits.

    Measured: a term (a big weight times a small int, added up) costs about two
    steps, plus one per 600 bits of the weight (the product is linear in its digits).
    """
    return 2 + bits // 600


def _gcd_of_gaps(weights: _Weights) -> int:
    """The largest step every outcome sits on from the lowest (1 for a plain die, 2 for {0, 2, 4})."""
    low = min(weights)
    return functools.reduce(gcd, (value - low for value in weights), 0) or 1


_Terms = tuple[int, tuple[tuple[int, int, int], ...]]


def _recurrence_terms(weights: _Weights, low: int, step: int) -> _Terms:
    """The recurrence of the power series ``f**n``, where ``f`` is one copy as a polynomial.

    Writing ``f = A / B`` gives ``P' A B = n P (A' B - A B')`` for ``P = f**n``.
    Comparing coefficients of ``x**(t-1)``::

        t * C[0] * p[t] = sum over i >= 1 of (n * D[i-1] - (t - i) * C[i]) * p[t-i]

    with ``C = A B`` and ``D = A' B - A B'``. ``B = 1`` gives J. C. P. Miller's
    recurrence (one term per face); ``B = 1 - x`` needs only two terms per run of
    equal weights (four for a plain die, however many sides). The sparser wins.

    Returns:
        ``(C[0], ((i, D[i-1], C[i]), ...))`` over the nonzero terms.
    """
    f = [0] * ((max(weights) - low) // step + 1)
    for value, weight in weights.items():
        f[(value - low) // step] = weight
    # B = 1: C = f, D = f'.
    plain = tuple((i, i * f[i], f[i]) for i in range(1, len(f)) if f[i])
    # B = 1 - x: A = f (1 - x), C = A (1 - x), D = A' (1 - x) + A, each term written out.
    a = [f[k] - (f[k - 1] if k else 0) for k in range(len(f))] + [-f[-1]]
    c = [a[k] - (a[k - 1] if k else 0) for k in range(len(a))] + [-a[-1]]
    d = [(k + 1) * (a[k + 1] if k + 1 < len(a) else 0) - (k - 1) * a[k] for k in range(len(a))]
    runs = tuple(
        (i, d[i - 1] if i - 1 < len(d) else 0, c[i]) for i in range(1, len(c)) if c[i] or (i - 1 < len(d) and d[i - 1])
    )
    return (f[0], plain) if len(plain) <= len(runs) else (c[0], runs)


def _power_by_recurrence(weights: _Weights, n: int, low: int, step: int, terms: _Terms, outcomes: int) -> _Weights:
    """``f**n`` from :func:`_recurrence_terms`: exact, every division leaves no remainder."""
    c0, pairs = terms
    scaled = tuple((i, n * d, c) for i, d, c in pairs)
    p = [weights[low] ** n]
    for t in range(1, outcomes):
        total = 0
        for i, nd, c in scaled:
            if i > t:
                break
            total += (nd - (t - i) * c) * p[t - i]
        p.append(total // (t * c0))
    base = n * low
    return {base + k * step: weight for k, weight in enumerate(p) if weight}


def _mask_cost(sides: int) -> int:
    """Steps one state of a ``uo`` walk costs per face, relative to a small one.

    Its set of faces seen is a *sides*-bit int, combined and hashed at every step (measured, ``2d1000uo``).
    """
    return 1 + sides // _MASK_BITS


_MASK_BITS = 256


def _unique_once_floor(scores: list[int], count: int, enough: int) -> int:
    """At least how many states :meth:`_Calculator.unique_once_scores` walks, summed over its dice.

    There is one state before the first die. After *k* dice every set of *j* faces
    (``1 <= j <= k``) has been seen, each with every score its dice can make: when
    the faces score differently, the ``k - j`` repeats add a ``(k - j)``-fold sum of
    the set's scores, and such a sum of *j* distinct integers takes at least
    ``(k - j)(j - 1) + 1`` values. The states never get fewer from one die to the next:
    adding a die that repeats a fixed face of the set maps them one to one. Stops
    counting once past *enough*.
    """
    sides = len(scores)
    distinct = len(set(scores)) == sides
    total = 1
    for k in range(1, count):
        ways = 1  # comb(sides, j), built up
        for j in range(1, min(k, sides) + 1):
            ways = ways * (sides - j + 1) // j
            total += ways * ((k - j) * (j - 1) + 1 if distinct else 1)
            if total > enough:
                return total
    return total


def _multiset_walk_cost(sides: int, count: int, enough: int) -> int:
    """The steps of the ``uo`` walk over multisets (with keep/drop), known before it starts.

    After *k* dice the walk holds every multiset of *k* faces, ``C(sides + k - 1, k)`` of them;
    each meets every face, and building and hashing its sorted tuple of ``k + 1`` faces costs
    more the longer it is (measured, ``300d2uokh1``, ``8d12uokh1``); at the end each multiset
    of *count* faces is valued once. Stops counting once past *enough*.
    """
    total = 0
    multisets = 1  # C(sides + k - 1, k), built up
    for k in range(count + 1):
        if k:
            multisets = multisets * (sides + k - 1) // k
        total += _SLOW_LOOP * multisets * (sides if k < count else 1) * (2 + k // 32)
        if total > enough:
            break
    return total


def _mul_cost(bits: int) -> int:
    """Steps one multiplication of *bits*-bit weights costs (a 1,000-bit product is about 7 small ones)."""
    return 1 + int(7 * (bits / 1000) ** 1.585)


def _dense(weights: _Weights) -> bool:
    # Only whole outcomes pack into slots (inside floor/ceil/round a quotient can be a Fraction).
    return (
        len(weights) > 8
        and (max(weights) - min(weights)) < 2 * len(weights)
        and all(type(value) is int for value in weights)
    )


def _convolve_dense(left: _Weights, right: _Weights) -> _Weights:
    """Convolve two dense weight tables with one big-integer product (Kronecker substitution).

    Each table becomes one integer with a fixed-width slot per outcome; the product's
    slots are the convolution, since no slot can overflow into the next.
    """
    low_a, low_b = min(left), min(right)
    a = [0] * (max(left) - low_a + 1)
    for value, weight in left.items():
        a[value - low_a] = weight
    b = [0] * (max(right) - low_b + 1)
    for value, weight in right.items():
        b[value - low_b] = weight
    bound = max(a) * max(b) * min(len(a), len(b))
    width = (bound.bit_length() + 8) // 8
    packed_a = int.from_bytes(b"".join(x.to_bytes(width, "little") for x in a), "little")
    packed_b = packed_a if a == b else int.from_bytes(b"".join(x.to_bytes(width, "little") for x in b), "little")
    size = len(a) + len(b) - 1
    raw = (packed_a * packed_b).to_bytes(width * size, "little")
    low = low_a + low_b
    result: _Weights = {}
    for i in range(size):
        weight = int.from_bytes(raw[i * width : (i + 1) * width], "little")
        if weight:
            result[low + i] = weight
    return result
