"""Exact odds of ``rdr``-dialect expressions: every total rpg-dice-roller's rule can give, with its probability.

Each dice term's values come first (:func:`term_weights`):

* where rolling it stage by stage gives the same value as rolling it die by die (no
  explosion together with a reroll, a clamp or a keep on single dice; no unique dice), the
  kernel's algebra computes it, keep/drop read as the cut rpg-dice-roller's ``slice``
  makes (``3d6kh4`` keeps the highest die);
* otherwise every path of draws of the term is walked (a reroll that repeats draws
  straight from the faces it leaves), within the work budget.

A roll group's value is the sum of its sub-expressions' when it has no modifier that
changes the total, else every path of its draws is walked. Then rpg-dice-roller's
arithmetic (:class:`~tabletop_core.notation._rdr.mathjs.Reader`) is applied to the
values' distributions: each operator combines two independent values. mathjs reads a
negative value as a minus before its magnitude, which changes how ``^`` and ``%`` bind,
so a value that may be negative is split by sign and each sign read as written. Each
total is rounded as rpg-dice-roller rounds it (2 decimals).

rpg-dice-roller stops an explosion after 1,000 dice and a reroll after 1,000 rounds; the
odds stop explosions after ``Limits.explode_depth`` (as the other dialects' odds do) and
let rerolls run until they stop (the chance of a 1,000th round is below 2^-1000 unless
every face rerolls, when the last face drawn stands, each equally likely).
"""

from __future__ import annotations

import itertools
import math
from collections import defaultdict
from collections.abc import Callable
from typing import Any

import attrs

from tabletop_core._validate import check_type
from tabletop_core.notation._kernel.budget import Budget
from tabletop_core.notation._kernel.distributions import Known, counted, odds_cache
from tabletop_core.notation._kernel.engine import finish_term, start_term
from tabletop_core.notation._kernel.paths import PathSource, walk_paths
from tabletop_core.notation._kernel.stages import js_slice
from tabletop_core.notation._kernel.term_odds import term_weights as kernel_term_weights
from tabletop_core.notation._kernel.terms import SelectRule, TermRule, count_matching
from tabletop_core.notation._kernel.weights import Calculator
from tabletop_core.notation._rdr.dice import term_rule
from tabletop_core.notation._rdr.mathjs import Complex, PastExactPower, Reader, round_total
from tabletop_core.notation._rdr.parser import as_rdr_expression
from tabletop_core.notation._rdr.roll import group_step
from tabletop_core.notation._rdr.tree import RdrDice, RdrExpression, RdrGroup, RdrToken, dice_of
from tabletop_core.notation.errors import NotationError, shown
from tabletop_core.notation.limits import DEFAULT_LIMITS, Limits
from tabletop_core.odds import Distribution

__all__ = ["ODDS", "distribution_rdr", "per_die_rule", "term_weights"]

ODDS = odds_cache()
"""The ``rdr`` dialect's answers and refusals, by ``(text, limits)``."""

Weights = dict[float, int]  # value -> ways
_MAX_SIGN_SPLITS = 12  # values that may be negative, each read as written: 2**12 readings at most
_PATH_STEP = 8  # the work of one draw of a walked path, in the calculator's steps


def distribution_rdr(expr: object, limits: Limits | None) -> Distribution[Any]:  # Any: ints and floats
    """Exact odds of an ``rdr``-dialect expression's total (see :func:`tabletop_core.notation.distribution`)."""
    checked = DEFAULT_LIMITS if limits is None else check_type("limits", limits, Limits)
    if type(expr) is str:
        known = ODDS.get((expr, checked))
        if known is not None:
            return known.result()
    expression, checked = as_rdr_expression(expr, checked)
    key = (expression.text, checked)
    known = ODDS.get(key)
    if known is None:
        try:
            known = _compute(expression, checked)
        except NotationError as error:
            known = Known.refused(error)
        ODDS.put(key, known, known.bits + 8 * 48 * len(expression.text))
    return known.result()


def _compute(expression: RdrExpression, limits: Limits) -> Known:
    calculator = Calculator(expression.text, limits)
    text = shown(expression.text)
    values = [_token_weights(calculator, token, text) for token in expression.tokens]
    totals: defaultdict[Any, int] = defaultdict(int)
    for value, weight in _arithmetic(calculator, values, text).items():
        totals[round_total(value, text)] += weight
    return counted(calculator, dict(totals))


def _token_weights(calculator: Calculator, token: RdrToken, text: str) -> Weights | str:
    if isinstance(token, RdrDice):
        return term_weights(calculator, token, text)
    if isinstance(token, RdrGroup):
        return _group_weights(calculator, token, text)
    if isinstance(token, float):
        return {token: 1}
    return token


# -- dice terms ---------------------------------------------------------------------------------


def _cut(select: SelectRule, count: int) -> tuple[int, int]:
    """How many of *count* dice a keep/drop of rpg-dice-roller drops from the bottom and from the top (by rank)."""
    q = select.count
    if select.keep:
        cut = js_slice(count, 0, count - q) if select.highest else js_slice(count, q, count)
    else:
        cut = js_slice(count, count - q, count) if select.highest else js_slice(count, 0, q)
    if not cut:
        return 0, 0
    return (len(cut), 0) if cut.start == 0 else (0, len(cut))


def per_die_rule(rule: TermRule) -> TermRule | None:
    """The die-by-die rule whose value has the same odds as *rule* rolled stage by stage, or ``None``.

    Stage by stage and die by die agree when no die's life depends on another's: no unique
    dice; an explosion with neither a reroll nor a clamp, and kept whole (a keep/drop on an
    exploding term judges each die alone unless they compound); a reroll without a clamp.
    The keep/drops' cuts (a bottom and a top, added up) must come to one keep/drop.
    """
    explodes, rerolls = rule.explode is not None, rule.reroll is not None
    clamps = rule.clamp_low is not None or rule.clamp_high is not None
    if rule.unique is not None or (explodes and (rerolls or clamps)) or (rerolls and clamps):
        return None
    if rule.faces is not None and sorted(rule.faces) != list(range(rule.low, rule.high + 1)):
        return None  # faces not equally likely (dF.1's blanks): walked
    every_face = rule.high - rule.low + 1
    if (
        rule.reroll is not None
        and not rule.reroll_once
        and count_matching(rule.reroll, rule.low, rule.high) == every_face
    ):
        return None  # every face rerolls: after 1,000 rounds the last face stands (walked)
    if explodes and rule.selects and "!!" not in (rule.explode or ""):
        return None
    bottom = top = 0
    for select in rule.selects:
        low, high = _cut(select, rule.count)
        bottom, top = max(bottom, low), max(top, high)
    selects: tuple[SelectRule, ...] = ()
    if bottom + top >= rule.count and (bottom or top):
        selects = (SelectRule(True, True, 0),)
    elif bottom and top:
        return None  # a middle range: walked
    elif bottom:
        selects = (SelectRule(False, False, bottom),)
    elif top:
        selects = (SelectRule(False, True, top),)
    return attrs.evolve(
        rule,
        per_die=True,
        selects=selects,
        rdr_selects=False,
        crit=False,
        crit_success=None,
        crit_failure=None,
        crit_dropped=False,
        sort=None,
        shown_order=False,
        reroll_cap=None,
    )


def term_weights(calculator: Calculator, dice: RdrDice, text: str) -> Weights:
    """The exact weights of one dice term's value, as rpg-dice-roller rolls it (see the module docstring)."""
    try:
        rule = term_rule(dice, calculator.limits.explode_depth)
    except NotationError as error:
        raise NotationError(f"{text}: {error}") from None
    alike = per_die_rule(rule)
    if alike is not None and not (alike.selects and alike.selects[0].count == 0):
        return {float(value): weight for value, weight in kernel_term_weights(calculator, alike).items()}
    if alike is not None:  # every die dropped
        return {0.0: 1}

    def run(source: PathSource) -> float:
        budget = Budget(calculator.limits.max_dice, text, calculator.limits.max_dice)
        value, _record = finish_term(start_term(rule, source, budget))
        return float(value)

    return _walk(calculator, run)


def _walk(calculator: Calculator, run: Callable[[PathSource], float]) -> Weights:
    """Every path of draws of *run*, charged draw by draw."""

    def charge(length: int) -> None:
        calculator.charge(_PATH_STEP * (length + 1))

    def outcomes(found: int) -> None:
        if found > calculator.max_outcomes:
            raise calculator.too_many()

    return walk_paths(run, calculator.limits.explode_depth, charge, outcomes)


# -- roll groups --------------------------------------------------------------------------------


def _group_weights(calculator: Calculator, group: RdrGroup, text: str) -> Weights:
    """A roll group's value: its sub-expressions summed, or every path of its draws when a modifier changes it."""
    if all(modifier.name == "sorting" for modifier in group.modifiers):
        total: Weights = {0.0: 1}
        for sub in group.expressions:
            values = [_token_weights(calculator, token, text) for token in sub]
            total = _combine(calculator, total, _arithmetic(calculator, values, text), lambda x, y: x + y)
        return total
    step = group_step(group, text, calculator.limits.explode_depth)
    cap = calculator.limits.max_dice + sum(dice.count for dice in dice_of((group,)))

    def run(source: PathSource) -> float:
        budget = Budget(cap, text, cap)
        budget.groups, budget.labels = [], []
        return float(step(source, [], budget))

    return _walk(calculator, run)


# -- the arithmetic -----------------------------------------------------------------------------


def _combine(
    calculator: Calculator, left: Weights, right: Weights, function: Callable[[float, float], float]
) -> Weights:
    calculator.charge(len(left) * len(right))
    out: defaultdict[float, int] = defaultdict(int)
    for a, wa in left.items():
        for b, wb in right.items():
            out[function(a, b)] += wa * wb
    if len(out) > calculator.max_outcomes:
        raise calculator.too_many()
    return dict(out)


class _Odds(Reader):
    """mathjs's reading over distributions: each step applied to every pair of outcomes."""

    def __init__(self, items: list[Any], calculator: Calculator) -> None:
        super().__init__(items)
        self.calculator = calculator

    def one(self, function: Callable[[float], float], value: Any) -> Any:
        self.calculator.charge(len(value))
        out: defaultdict[float, int] = defaultdict(int)
        for a, weight in value.items():
            out[function(a)] += weight
        return dict(out)

    def two(self, function: Callable[[float, float], float], left: Any, right: Any) -> Any:
        return _combine(self.calculator, left, right, function)


def _arithmetic(calculator: Calculator, values: list[Weights | str], text: str) -> Weights:
    """The weights of what mathjs makes of *values* (distributions and operators), each sign read as written."""
    if len(values) == 1 and not isinstance(values[0], str):
        return values[0]
    mixed = [i for i, value in enumerate(values) if not isinstance(value, str) and _mixed(value)]
    if len(mixed) > _MAX_SIGN_SPLITS:
        raise NotationError(f"{text}: too many values that may be negative to compute exact odds")
    total: defaultdict[float, int] = defaultdict(int)
    for signs in itertools.product((False, True), repeat=len(mixed)):
        parts: list[Any] = list(values)
        for index, negative in zip(mixed, signs, strict=True):
            part = {v: w for v, w in values[index].items() if (v < 0) == negative}  # type: ignore[union-attr]
            parts[index] = _Signed(part, negative)
        items: list[Any] = []
        for part in parts:
            if isinstance(part, str):
                items.append(part)
            elif isinstance(part, _Signed):
                items.extend(
                    ("-", {-v: w for v, w in part.weights.items()}) if part.negative else (_plus(part.weights),)
                )
            else:
                items.extend(_as_written(part))
        try:
            found = _Odds(items, calculator).add_subtract()
        except Complex:
            raise NotationError(f"{text}: a total can be a complex number, so there are no exact odds") from None
        except PastExactPower as error:
            raise NotationError(error.message(text)) from None
        for value, weight in found.items():
            if not math.isfinite(value):
                raise NotationError(f"{text}: a total can be {value}, not a finite number, so there are no exact odds")
            total[value] += weight
    return dict(total)


class _Signed:
    """The part of a value's distribution of one sign (see :func:`_arithmetic`)."""

    __slots__ = ("negative", "weights")

    def __init__(self, weights: Weights, negative: bool) -> None:
        self.weights = weights
        self.negative = negative


def _mixed(weights: Weights) -> bool:
    return any(v < 0 for v in weights) and any(v >= 0 for v in weights)


def _plus(weights: Weights) -> Weights:
    return {v + 0.0: w for v, w in weights.items()}  # -0 is written 0


def _as_written(weights: Weights) -> list[Any]:
    """A value of one sign as rpg-dice-roller writes it: a minus and the magnitudes when negative."""
    if any(v < 0 for v in weights):
        return ["-", {-v: w for v, w in weights.items()}]
    return [_plus(weights)]
