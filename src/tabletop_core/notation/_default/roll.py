"""Rolling default-dialect expressions: each compiled once into a plan of small steps.

A plan draws its dice from one :class:`~tabletop_core.rng.DiceSource`, left to right;
every dice term is a step of the kernel's engine (:func:`~tabletop_core.notation._kernel.engine.compile_term`),
so for one term a reroll or an explosion is drawn right after the die that caused it,
before the next die of the term. Plans are kept in a :class:`~tabletop_core.notation._kernel.plans.PlanCache`;
the commonest rolls share their results (see :mod:`~tabletop_core.notation._kernel.plans`).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import Any, cast

import attrs

from tabletop_core.notation._default.expression import Expression, dice_terms
from tabletop_core.notation._default.functions import (
    EXPRESSION_NODES,
    compile_expression_node,
    computed_templates,
    exact_product,
    has_computed_dice,
)
from tabletop_core.notation._default.groups import group_step, has_group
from tabletop_core.notation._default.lowering import term_rule
from tabletop_core.notation._default.nodes import (
    ComputedDice,
    Group,
    Labeled,
    Negate,
    Node,
    Product,
    Sum,
    children_of,
    walk,
)
from tabletop_core.notation._default.parser import as_expression
from tabletop_core.notation._default.plans import PLANS
from tabletop_core.notation._default.terms import Dice, Number
from tabletop_core.notation._kernel.budget import Budget
from tabletop_core.notation._kernel.dice_records import DiceRoll, GroupRoll
from tabletop_core.notation._kernel.engine import MEMO_SIDES, Step, compile_term
from tabletop_core.notation._kernel.plans import (
    MEMO_LEAVES,
    PLAN_BYTES_PER_CHARACTER,
    PLAN_BYTES_PER_ENTRY,
    PLAN_BYTES_PER_FACE,
    PLAN_BYTES_PER_RECORD,
    Plan,
    plan_size,
    shared_by_draws,
    shared_per_face,
)
from tabletop_core.notation._kernel.records import RollResult, new_roll_result
from tabletop_core.notation.errors import NotationError
from tabletop_core.notation.limits import Limits
from tabletop_core.rng import DiceSource

__all__ = ["PLANS", "compile_node", "crit_of", "first_term", "plan_for", "single_die"]


def plan_for(expr: object, limits: Limits | None) -> tuple[Plan, int]:
    """The plan of *expr* (text or an expression) and its estimated size, cached."""
    if type(expr) is str and (limits is None or type(limits) is Limits):
        return PLANS.by_text.made((expr, limits), lambda: _plan_for_tree(*as_expression(expr, limits)), plan_size)
    return _plan_for_tree(*as_expression(expr, limits))


def _plan_for_tree(expression: Expression, limits: Limits) -> tuple[Plan, int]:
    return PLANS.by_tree.made((expression, limits), lambda: compile_plan(expression, limits), plan_size)


def compile_plan(expression: Expression, limits: Limits, *, shared: bool = False) -> tuple[Plan, int]:
    """The plan of *expression* and its estimated size.

    With *shared*, the plan's run takes the dice budget as a second argument (a repeat
    shares one budget among its rolls) and no results are shared between rolls.
    """
    text = str(expression)
    size = PLAN_BYTES_PER_CHARACTER * len(text) + PLAN_BYTES_PER_ENTRY
    size += PLAN_BYTES_PER_RECORD * _one_die_records(expression.body, expression.target)
    if expression.repeat > 1:
        return _repeat_plan(expression, limits, size)
    label = expression.label
    dice_written = sum(dice.count for dice in dice_terms(expression.body))
    step = compile_node(expression.body, text, limits)
    spare = limits.max_dice - dice_written
    max_dice = limits.max_dice
    explicit_crit = any(dice.crit is not None for dice in dice_terms(expression.body)) or any(
        dice.crit is not None for dice in computed_templates(expression.body)
    )
    grouped = has_group(expression.body) or (expression.target is not None and has_group(expression.target))
    flags_crit = not explicit_crit and _flags_crit(expression.body)
    crit_group = _crit_group(expression.body) if flags_crit and grouped else None
    target = None if expression.target is None else compile_node(expression.target, text, limits)
    if expression.target is not None:
        spare -= sum(dice.count for dice in dice_terms(expression.target))
    labelled = any(isinstance(node, Labeled) for node in walk(expression.body)) or (
        expression.target is not None and any(isinstance(node, Labeled) for node in walk(expression.target))
    )
    comment = expression.comment
    special = grouped or target is not None or comment is not None or labelled or has_computed_dice(expression.body)

    def run(source: DiceSource, budget: Budget | None = None) -> RollResult:
        rolls: list[Any] = []
        if budget is None:
            budget = Budget(spare, text, max_dice)
        total = step(source, rolls, budget)
        aimed = None if target is None else target(source, rolls, budget)
        groups: tuple[GroupRoll, ...] = ()
        if grouped:
            # A group's record goes in among the dice records: take them apart.
            groups = tuple([record for record in rolls if type(record) is GroupRoll])
            rolls = [record for record in rolls if type(record) is DiceRoll]
        crit = None
        if flags_crit:
            kept = rolls[0].value
            crit = "crit" if kept == 20 else "fumble" if kept == 1 else None
            if crit_group is not None and crit_group[1] in groups[crit_group[0]].dropped:
                crit = None  # its group dropped the d20 itself: it does not count, as in the d20 package
        elif explicit_crit:
            crit = crit_of(rolls)
        if not special:
            return RollResult(text, total, tuple(rolls), label, crit)
        result = RollResult(text, total, tuple(rolls), label, crit, comment=comment, target=aimed, groups=groups)
        if labelled:
            from tabletop_core.notation._default.render import replay

            result = attrs.evolve(result, labels=replay(result)[2])  # the target's labelled terms too
        return result

    rolled: Callable[..., RollResult] = run
    if not special and not explicit_crit:
        rolled = _plain_run(step, spare, text, label, flags_crit, max_dice)
    if shared:
        return rolled, size
    single = None if special else single_die(expression.body)
    if single is None or single.sides > MEMO_SIDES:
        parts = (expression.body,) if expression.target is None else (expression.body, expression.target)
        leaves = _outcomes_bound(parts)
        if leaves is not None:
            terms = sum(1 for part in parts for _ in dice_terms(part))
            return shared_by_draws(rolled, leaves), size + PLAN_BYTES_PER_FACE * terms * leaves
        return rolled, size
    return shared_per_face(rolled, single.sides), size + PLAN_BYTES_PER_FACE * single.sides


def _one_die_records(*nodes: Node | None) -> int:
    """How many one-die records the plain ``1dN`` terms of *nodes* may share (see the engine's plain step)."""
    return sum(
        dice.sides
        for node in nodes
        if node is not None
        for dice in dice_terms(node)
        if dice.count == 1 and dice.is_basic and not dice.fate and dice.sides <= MEMO_SIDES
    )


def _outcomes_bound(nodes: tuple[Node, ...]) -> int | None:
    """How many ways the dice of a roll of *nodes* can fall, when they are few (see :func:`shared_by_draws`).

    ``None`` when a term may draw a varying number of dice (rerolls, explosions, computed
    counts, later operators) or the ways are more than :data:`MEMO_LEAVES`.
    """
    if any(has_computed_dice(node) for node in nodes):
        return None
    ways = 1
    for dice in (dice for node in nodes for dice in dice_terms(node)):
        if not dice.is_basic or dice.reroll is not None or dice.explode is not None:
            return None
        ways *= dice.sides**dice.count
        if ways > MEMO_LEAVES:
            return None
    return ways


def _plain_run(
    step: Step, spare: int, text: str, label: str | None, flags_crit: bool, max_dice: int
) -> Callable[..., RollResult]:
    """The run of a plan with nothing but dice and numbers (the commonest): what ``run`` does, in fewer steps."""

    def run(source: DiceSource, budget: Budget | None = None) -> RollResult:
        rolls: list[DiceRoll] = []
        total = step(source, rolls, Budget(spare, text, max_dice) if budget is None else budget)
        crit = None
        if flags_crit:
            kept = rolls[0].value
            crit = "crit" if kept == 20 else "fumble" if kept == 1 else None
        return new_roll_result(text, total, tuple(rolls), label, crit, "default", (), None, None, (), ())

    return run


def _repeat_plan(expression: Expression, limits: Limits, size: int) -> tuple[Plan, int]:
    """``Nx expr``: the roll made N times, each an independent result, held in one result."""
    times = expression.repeat
    inner = attrs.evolve(expression, repeat=1, label=None, comment=None)
    once = cast("Callable[[DiceSource, Budget], RollResult]", compile_plan(inner, limits, shared=True)[0])
    written = sum(dice.count for dice in dice_terms(inner.body))
    if inner.target is not None:
        written += sum(dice.count for dice in dice_terms(inner.target))
    spare = limits.max_dice - times * written
    text, label, comment = str(expression), expression.label, expression.comment
    inner_text, max_dice = str(inner), limits.max_dice

    def run(source: DiceSource) -> RollResult:
        budget = Budget(spare, inner_text, max_dice)  # one budget for every roll: explosions count across them all
        results = tuple(once(source, budget) for _ in range(times))
        total = sum(result.total for result in results)
        return RollResult(text, total, (), label, comment=comment, results=results)

    return run, size


def first_term(node: Node) -> Dice | ComputedDice | None:
    """The first dice term rolled as a term of *node*, left to right, or ``None`` without one.

    The dice that give a computed term its count or sides (the ``1d20`` of ``(1d20)d6`` or
    ``2d(1d20)``) are not terms of the roll: the computed term itself is the term there.
    """
    stack: list[Node] = [node]
    while stack:
        item = stack.pop()
        if isinstance(item, (Dice, ComputedDice)):
            return item
        stack.extend(reversed(children_of(item)))
    return None


def _flags_crit(node: Node) -> bool:
    """Whether the first dice term is a d20 with one die kept (``1d20``, ``2d20kh1``): its 20 and 1 are flagged.

    Its record is then the roll's first: nothing is rolled before the first term but the dice
    of a computed count or sides, and a computed term is never flagged (``(1d20)d6`` is no crit).
    """
    first = first_term(node)
    if not isinstance(first, Dice):
        return False
    if first.sides != 20 or first.fate or first.success is not None or first.explode is not None:
        return False
    kept = first.count if first.select is None else first.select.kept(first.count)[1]
    return kept == 1


def _crit_group(node: Node) -> tuple[int, int] | None:
    """Where the first dice term is an item of a group: ``(the group's record, the item)``, else ``None``.

    The group's record is its place among the roll's :class:`GroupRoll` records, which come in
    the order the groups' ``}`` are written (a group after the groups inside it).
    """
    first = first_term(node)
    records: list[Group] = []  # the groups in the order their records come
    stack: list[tuple[Node, bool]] = [(node, False)]
    while stack:
        item, done = stack.pop()
        if done:
            records.append(item)  # type: ignore[arg-type]
            continue
        if isinstance(item, Group):
            stack.append((item, True))
        stack.extend((child, False) for child in reversed(children_of(item)))
    for place, group in enumerate(records):
        for index, member in enumerate(group.items):
            while isinstance(member, Labeled):
                member = member.operand
            if member is first:
                return place, index
    return None


def crit_of(rolls: list[DiceRoll]) -> str | None:
    """A roll's flag from its crit-range terms.

    ``"crit"`` when any counted die is a critical success, else ``"fumble"`` when any is a
    critical failure, else ``None``.
    """
    rolls = [roll for roll in rolls if isinstance(roll, DiceRoll)]  # group records stand among them
    if any(roll.marks is not None and roll.marks.crits for roll in rolls):
        return "crit"
    if any(roll.marks is not None and roll.marks.fumbles for roll in rolls):
        return "fumble"
    return None


def single_die(node: Node) -> Dice | None:
    """The one plain, non-Fate die of an expression of that die and numbers, else None."""
    found = list(itertools.islice(dice_terms(node), 2))
    if len(found) != 1:
        return None
    die = found[0]
    plain = die.reroll is None and die.explode is None and die.select is None and die.success is None
    plain = plain and die.is_basic
    return die if plain and die.count == 1 and not die.fate else None


def compile_node(node: Node, text: str, limits: Limits, exact: bool = False) -> Step:
    """Turn a node into a function of (source, rolls so far, the roll's dice budget).

    With *exact* (inside ``floor``, ``ceil`` or ``round``) ``/`` divides exactly, giving a Fraction.
    """
    if isinstance(node, EXPRESSION_NODES):
        return compile_expression_node(node, text, limits, exact, compile_node)
    if isinstance(node, Number):
        value = node.value
        return lambda _source, _rolls, _budget: value
    if isinstance(node, Dice):
        return compile_term(term_rule(node, limits.explode_depth))
    if isinstance(node, Negate):
        inner = compile_node(node.operand, text, limits, exact)
        return lambda source, rolls, budget: -inner(source, rolls, budget)
    if isinstance(node, Group):
        return group_step(node, [compile_node(item, text, limits) for item in node.items])
    assert isinstance(node, (Sum, Product))
    steps = [compile_node(operand, text, limits, exact) for operand in node.operands]
    if isinstance(node, Sum):
        return _sum(steps, node.operators)
    return _product(steps, node.operators, text, exact)


def _sum(steps: list[Step], operators: tuple[str, ...]) -> Step:
    first, rest = steps[0], list(zip(operators, steps[1:], strict=True))
    if len(rest) == 1 and rest[0][0] == "+":
        second = rest[0][1]
        return lambda source, rolls, budget: first(source, rolls, budget) + second(source, rolls, budget)
    if len(rest) == 2 and operators == ("+", "+"):  # 2d20kh1+1d4+3
        second, third = rest[0][1], rest[1][1]
        return lambda source, rolls, budget: (
            first(source, rolls, budget) + second(source, rolls, budget) + third(source, rolls, budget)
        )

    def run(source: DiceSource, rolls: list[Any], budget: Budget) -> int:
        total = first(source, rolls, budget)
        for op, step in rest:
            if op == "+":
                total += step(source, rolls, budget)
            else:
                total -= step(source, rolls, budget)
        return total  # type: ignore[no-any-return]

    return run


def _product(steps: list[Step], operators: tuple[str, ...], text: str, exact: bool = False) -> Step:
    first, rest = steps[0], list(zip(operators, steps[1:], strict=True))
    if exact:
        return exact_product(steps, operators, text)

    def run(source: DiceSource, rolls: list[Any], budget: Budget) -> int:
        total = first(source, rolls, budget)
        for op, step in rest:
            value = step(source, rolls, budget)
            if op == "*":
                total *= value
            elif value == 0:
                raise NotationError(f"{text}: division by zero")
            else:
                total //= value  # integer division rounds down, as tables do
        return total  # type: ignore[no-any-return]

    return run
