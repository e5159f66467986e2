"""Rolling ``rdr``-dialect expressions as rpg-dice-roller rolls them: compiled once into a plan.

rpg-dice-roller rolls each dice term and roll group left to right (a term's modifiers run
as soon as its dice are drawn), writes each value into the list of numbers and operators
it read, and has mathjs work that out (:mod:`.mathjs`); the total is rounded to 2 decimals.

A roll group ``{a, b, c}`` rolls its sub-expressions in order, each worked out alone, and
sums them. Its modifiers, in rpg-dice-roller's order:

* keep/drop: on the sub-expressions' values, or, when the group holds one
  sub-expression, on every die of its dice terms together (``{4d6+2d8}k3`` keeps three of
  the six dice), as :func:`~tabletop_core.notation._kernel.stages.rdr_kept` reads a term's;
* target: each sub-expression counts 1, -1 or 0, as a die does;
* sort: the sub-expressions by value, and the dice of each of its terms.

rpg-dice-roller fails with an internal error on any other modifier of a group, and on a
group inside a group; this library refuses them with a NotationError.
"""

from __future__ import annotations

import math
from typing import Any, Union

from tabletop_core.notation._kernel.budget import Budget
from tabletop_core.notation._kernel.dice_records import GroupRoll
from tabletop_core.notation._kernel.engine import Pool, Step, compile_term, finish_term, start_term
from tabletop_core.notation._kernel.plans import (
    PLAN_BYTES_PER_CHARACTER,
    PLAN_BYTES_PER_ENTRY,
    Plan,
    PlanCache,
    plan_size,
)
from tabletop_core.notation._kernel.records import RollResult, TermLabel, new_roll_result
from tabletop_core.notation._kernel.stages import js_slice, sort_units, unit_value, units_of
from tabletop_core.notation._rdr.dice import MAX_ITERATIONS, term_rule
from tabletop_core.notation._rdr.mathjs import Complex, PastExactPower, evaluate, js_text, round_total
from tabletop_core.notation._rdr.parser import as_rdr_expression
from tabletop_core.notation._rdr.tree import RdrDice, RdrExpression, RdrGroup, RdrModifier, RdrToken, dice_of
from tabletop_core.notation.errors import NotationError, shown
from tabletop_core.notation.limits import Limits
from tabletop_core.rng import DiceSource

__all__ = ["GROUP_MODIFIERS", "PLANS", "group_step", "number", "rdr_plan", "roll_rdr", "work_out"]

PLANS: PlanCache[RdrExpression] = PlanCache()
"""The ``rdr`` dialect's plans (see :class:`~tabletop_core.notation._kernel.plans.PlanCache`)."""

GROUP_MODIFIERS = ("keep", "drop", "target", "sorting")
"""The modifiers a roll group can take (rpg-dice-roller fails on any other)."""

Item = Union[float, str, Step]  # noqa: UP007 - a runtime alias on Python 3.10
"""One item of a compiled expression: a number, an operator (or parenthesis, or function), or a step."""


def roll_rdr(expr: object, source: DiceSource, limits: Limits | None) -> RollResult:
    """Roll an ``rdr``-dialect expression (see :func:`tabletop_core.notation.roll`)."""
    return rdr_plan(expr, limits)[0](source)


def rdr_plan(expr: object, limits: Limits | None) -> tuple[Plan, int]:
    """The plan rolling *expr* (text or an :class:`RdrExpression`) and its estimated size, cached."""
    if type(expr) is str:
        return PLANS.by_text.made((expr, limits), lambda: compile_plan(*as_rdr_expression(expr, limits)), plan_size)
    expression, checked = as_rdr_expression(expr, limits)
    return PLANS.by_tree.made((expression, checked), lambda: compile_plan(expression, checked), plan_size)


def number(value: float) -> int | float:
    """A value as a record keeps it: an int when whole, else the float."""
    return int(value) if value == int(value) else value


def work_out(values: list[float | str], text: str) -> float:
    """What mathjs makes of a list of values and operators (see :func:`.mathjs.evaluate`).

    Raises:
        NotationError: mathjs came to a complex number (``sqrt(-1)``): there is no real total;
            or a power past 2^53 (2^43 when fractional), whose last bits JavaScript rounds its own way.
    """
    try:
        return evaluate(values)
    except Complex:
        raise NotationError(f"{text}: the expression has no real value (a complex number)") from None
    except PastExactPower as error:
        raise NotationError(error.message(text)) from None


def compile_plan(expression: RdrExpression, limits: Limits) -> tuple[Plan, int]:
    """The plan of *expression* and its estimated size."""
    text = expression.text
    quoted = shown(text)
    items = [_item(token, quoted) for token in expression.tokens]
    spare = limits.max_dice - sum(dice.count for dice in dice_of(expression.tokens))
    max_dice = limits.max_dice
    single: Step | None = items[0] if len(items) == 1 and callable(items[0]) else None

    def run(source: DiceSource) -> RollResult:
        rolls: list[Any] = []
        budget = Budget(spare, quoted, max_dice)
        budget.groups, budget.labels = [], []
        if single is not None:  # one term alone: its value is the total
            value = single(source, rolls, budget)
            total = round_total(float(value), quoted) if type(value) is not int else value
        else:
            values = [item(source, rolls, budget) if callable(item) else item for item in items]
            total = round_total(work_out([float(v) if type(v) is int else v for v in values], quoted), quoted)
        groups, labels = tuple(budget.groups), tuple(budget.labels)
        return new_roll_result(text, total, tuple(rolls), None, None, "rdr", groups, None, None, labels, ())  # type: ignore[arg-type]  # the budget holds records

    return run, PLAN_BYTES_PER_CHARACTER * len(text) + PLAN_BYTES_PER_ENTRY


def _item(token: RdrToken, text: str) -> Item:
    """One token compiled: a dice term or group becomes its step, anything else stays as it is."""
    if isinstance(token, RdrDice):
        return _dice_step(token, text)
    if isinstance(token, RdrGroup):
        return group_step(token, text)
    return token


def _labelled(step: Step, description: str | None, notation: str) -> Step:
    """*step*, recording a label with its value when the term has a description."""
    if description is None:
        return step

    def run(source: DiceSource, rolls: list[Any], budget: Budget) -> Any:  # Any: the term's value
        at = len(budget.labels)
        value = step(source, rolls, budget)
        budget.labels.insert(at, TermLabel(description, notation, number(value)))
        return value

    return run


def _dice_step(dice: RdrDice, text: str, depth: int = MAX_ITERATIONS) -> Step:
    """A dice term: the kernel's engine on its rule (refused when rolled if rpg-dice-roller refuses it)."""
    try:
        rule = term_rule(dice, depth)
    except NotationError as error:
        message = f"{text}: {error}"

        def refuse(_source: DiceSource, _rolls: list[Any], _budget: Budget) -> int:
            raise NotationError(message)

        return refuse
    return _labelled(compile_term(rule), dice.description, dice.text)


# -- roll groups ------------------------------------------------------------------------------


def _refusal(group: RdrGroup, text: str) -> str | None:
    """Why rpg-dice-roller cannot roll *group* (a modifier a group does not take), or ``None``."""
    for modifier in group.modifiers:
        if modifier.name not in GROUP_MODIFIERS:
            return (
                f"{text}: {group.text}: a roll group takes keep, drop, a target and sorting only, "
                f"not {modifier} (rpg-dice-roller fails on it)"
            )
    return None


def group_step(group: RdrGroup, text: str, depth: int = MAX_ITERATIONS) -> Step:  # noqa: C901 - each modifier in turn
    """A roll group: its sub-expressions rolled in order, then its modifiers, then its record.

    *depth* caps each die's explosion (rpg-dice-roller's 1,000; exact odds: ``Limits.explode_depth``).
    """
    refusal = _refusal(group, text)
    if refusal is not None:

        def refuse(_source: DiceSource, _rolls: list[Any], _budget: Budget) -> int:
            raise NotationError(refusal)

        return refuse
    applied = group.applied
    selects = [modifier for modifier in applied if modifier.name in ("keep", "drop")]
    target = next((modifier for modifier in applied if modifier.name == "target"), None)
    sort = next((modifier.end for modifier in applied if modifier.name == "sorting"), None)
    on_dice = bool(selects) and len(group.expressions) == 1  # keep/drop on the dice of the one sub-expression
    pooled = on_dice or sort is not None  # the dice terms are started, then finished by the group
    subs: list[list[Any]] = []
    for expression in group.expressions:
        compiled: list[Any] = []
        for token in expression:
            if isinstance(token, RdrDice):
                compiled.append(_pooled(token, text, depth) if pooled else _dice_step(token, text, depth))
            else:
                compiled.append(token)
        subs.append(compiled)
    success = None if target is None or target.point is None else target.point.matches
    failure = None if target is None or target.failure is None else target.failure.matches
    descending = sort == "d"

    def run(source: DiceSource, rolls: list[Any], budget: Budget) -> int | float:  # noqa: C901 - in rdr's order
        at = len(budget.labels)
        drawn = [[item(source, budget) if isinstance(item, _Pooled) else item for item in sub] for sub in subs]
        if pooled:
            pools = [item for sub in drawn for item in sub if isinstance(item, _Started)]
            if on_dice:
                _keep_across([started.pool for started in pools], selects)
            if sort is not None:
                for started in pools:
                    sort_units(started.pool, descending)
            for started in pools:
                started.finish(rolls, budget)
        values: list[float] = []
        for sub in drawn:
            items: list[float | str] = []
            for item in sub:
                if isinstance(item, _Started):
                    item = item.value
                elif callable(item):
                    item = item(source, rolls, budget)
                items.append(float(item) if type(item) is int else item)
            values.append(work_out(items, text) if len(items) != 1 or type(items[0]) is not float else items[0])
        for value in values:
            if not math.isfinite(value):
                raise NotationError(f"{text}: {group.text}: a sub-expression is {js_text(value)}, not a finite number")
        kept = [True] * len(values)
        if selects and not on_dice:
            ranked = sorted(range(len(values)), key=values.__getitem__)  # stable, as JavaScript's sort
            for modifier in selects:
                for index in _cut(modifier, len(values)):
                    kept[ranked[index]] = False
        counts: list[float] = values
        successes: tuple[int, ...] | None = None
        failures: tuple[int, ...] = ()
        if target is not None:
            counts = [
                1.0 if success is not None and success(v) else -1.0 if failure is not None and failure(v) else 0.0
                for v in values
            ]
            successes = tuple(i for i, c in enumerate(counts) if kept[i] and c == 1.0)
            failures = tuple(i for i, c in enumerate(counts) if kept[i] and c == -1.0)
        order = list(range(len(values)))
        if sort is not None:
            order.sort(key=values.__getitem__, reverse=descending)  # stable both ways, as JavaScript's
        value = 0.0
        for i in order:
            if kept[i]:
                value += counts[i]
        dropped = tuple(i for i, keep in enumerate(kept) if not keep)
        record = GroupRoll(group.text, tuple(number(v) for v in values), number(value), dropped, successes, failures)
        budget.groups.append(record)
        if group.description is not None:
            budget.labels.insert(at, TermLabel(group.description, group.text, number(value)))
        return number(value)

    return run


def _cut(modifier: RdrModifier, count: int) -> range:
    """The ranks (lowest first) a keep or drop of rpg-dice-roller drops from *count* items."""
    q = modifier.qty
    if modifier.name == "keep":
        return js_slice(count, 0, count - q) if modifier.end == "h" else js_slice(count, q, count)
    return js_slice(count, count - q, count) if modifier.end == "h" else js_slice(count, 0, q)


def _keep_across(pools: list[Pool], selects: list[RdrModifier]) -> None:
    """Keep/drop over every die of several terms together, ranked by face (ties: the die shown first is lower)."""
    dice = [(pool, die) for pool in pools for die in units_of(pool)]
    ranked = sorted(dice, key=lambda item: unit_value(item[0], item[1]))  # stable, as JavaScript's sort
    for modifier in selects:
        for index in _cut(modifier, len(ranked)):
            pool, die = ranked[index]
            pool.kept[die] = False
            for other in pool.merged.get(die, ()):
                pool.kept[other] = False


class _Started:
    """A dice term of a group drawn and modified, waiting for the group's keep/drop and sort."""

    __slots__ = ("description", "notation", "pool", "value")

    def __init__(self, pool: Pool, description: str | None, notation: str) -> None:
        self.pool = pool
        self.description = description
        self.notation = notation
        self.value: int = 0

    def finish(self, rolls: list[Any], budget: Budget) -> None:
        value, record = finish_term(self.pool)
        rolls.append(record)
        if self.description is not None:
            budget.labels.append(TermLabel(self.description, self.notation, value))
        self.value = value


class _Pooled:
    """A dice term of a group whose keep/drop or sort acts on dice: drawn into a pool, finished later."""

    __slots__ = ("dice", "rule", "text")

    def __init__(self, dice: RdrDice, text: str, depth: int) -> None:
        self.dice = dice
        self.text = text
        self.rule = term_rule(dice, depth)

    def __call__(self, source: DiceSource, budget: Budget) -> _Started:
        return _Started(start_term(self.rule, source, budget), self.dice.description, self.dice.text)


def _pooled(dice: RdrDice, text: str, depth: int) -> _Pooled | Step:
    """A dice term of a group to start now and finish later, or the step refusing it."""
    try:
        return _Pooled(dice, text, depth)
    except NotationError:
        return _dice_step(dice, text, depth)
