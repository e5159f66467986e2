"""Rolling d20-dialect expressions: compiled to the default dialect's fast steps where they mean the same."""

from __future__ import annotations

from collections.abc import Callable

from tabletop_core.notation import lexer
from tabletop_core.notation._d20_eval import _OPS, _crit, _Evaluator, _Rolling, _truncate
from tabletop_core.notation._d20_parser import as_d20_expression
from tabletop_core.notation._d20_tree import (
    D20Annotated,
    D20Chain,
    D20Dice,
    D20Expression,
    D20Literal,
    D20Node,
    D20Paren,
    D20Unary,
    Value,
)
from tabletop_core.notation.errors import NotationError
from tabletop_core.notation.limits import Limits
from tabletop_core.notation.result import DiceRoll, RollResult
from tabletop_core.rng import DiceSource

_Plan = Callable[[DiceSource], RollResult]
_PLANS: dict[str | tuple[str, Limits], _Plan] = {}
_MAX_PLANS = 4096


def roll_d20(expr: object, source: DiceSource, limits: Limits | None) -> RollResult:
    """Roll a d20-dialect expression (see :func:`tabletop_core.notation.roll`)."""
    if type(expr) is str:
        key = expr if limits is None else (expr, limits)
        plan = _PLANS.get(key)
        if plan is None:
            expression, checked = as_d20_expression(expr, limits)
            plan = _plan(expression, checked)
            if len(_PLANS) >= _MAX_PLANS:
                _PLANS.clear()  # crude but bounded
            _PLANS[key] = plan
        return plan(source)
    expression, checked = as_d20_expression(expr, limits)
    return _plan(expression, checked)(source)


def _plan(expression: D20Expression, limits: Limits) -> _Plan:
    """A roll of *expression*: compiled to the default dialect's fast steps when it means the same there."""
    fast = _fast_plan(expression, limits)
    if fast is not None:
        return fast
    return lambda source: _roll_slow(expression, source, limits)


def _to_default(node: D20Node) -> object | None:
    """The default dialect's node that rolls the same dice in the same order to the same value, or ``None``."""
    from tabletop_core.notation.ast import Dice, Negate, Number, Product, Select, Sum

    if isinstance(node, D20Literal):
        return Number(node.value) if isinstance(node.value, int) else None
    if isinstance(node, D20Annotated) or (isinstance(node, D20Paren) and not node.ops):
        return _to_default(node.inner)
    if isinstance(node, D20Unary):
        inner = _to_default(node.operand)
        return None if inner is None else (inner if node.op == "+" else Negate(inner))  # type: ignore[arg-type]
    if isinstance(node, D20Dice):
        if node.sides is None or node.sides == 0 or node.count == 0:
            return None
        if not node.ops:
            return Dice(node.count, node.sides)
        if len(node.ops) == 1 and node.ops[0].op == "k" and len(node.ops[0].selectors) == 1:
            selector = node.ops[0].selectors[0]
            if selector.kind in ("h", "l"):
                return Dice(node.count, node.sides, select=Select("k" + selector.kind, selector.value))
        return None
    if isinstance(node, D20Chain):
        operands = [_to_default(operand) for operand in node.operands]
        if any(operand is None for operand in operands):
            return None
        if all(op in ("+", "-") for op in node.operators):
            return Sum(tuple(operands), node.operators)  # type: ignore[arg-type]
        if all(op == "*" for op in node.operators):
            return Product(tuple(operands), node.operators)  # type: ignore[arg-type]
    return None


def _fast_plan(expression: D20Expression, limits: Limits) -> _Plan | None:
    """A compiled roll of *expression* when every dice term means the same in the default dialect.

    Dice terms become the default dialect's fast steps; numbers, signs and the d20
    operators between them (``/`` exact, ``//``, ``%``, comparisons worth 0 or 1) are
    applied as the evaluator applies them, left to right, so the dice are drawn in the
    same order and the total is the same. A one-die roll (``1d20+5``) shares one result
    per face, as the default dialect's plans do.
    """
    from tabletop_core.notation.roller import _MEMO_SIDES, _shared_per_face, _single_die

    text = str(expression)
    try:
        step = _mixed_step(expression.body, text, lexer.shown(text), limits)
    except NotationError:  # pragma: no cover - a node the default dialect refuses: roll it the long way
        return None
    if step is None:
        return None
    comment = expression.comment
    crit_from = _crit_term(expression.body)
    spare = [limits.max_dice]  # the written dice are within it, checked when parsing
    shown = lexer.shown(text)

    def run(source: DiceSource) -> RollResult:
        rolls: list[DiceRoll] = []
        total = _truncate(step(source, rolls, list(spare)), shown)
        crit = None
        if crit_from is not None and rolls:
            value = rolls[crit_from].value
            crit = "crit" if value == 20 else "fumble" if value == 1 else None
        return RollResult(text, total, tuple(rolls), comment, crit, "d20")

    body = _to_default(expression.body)
    single = None if body is None else _single_die(body)  # type: ignore[arg-type]
    if single is None or single.sides > _MEMO_SIDES:
        return run
    return _shared_per_face(run, single.sides)


_Step = Callable[[DiceSource, list[DiceRoll], list[int]], Value]


def _mixed_step(node: D20Node, text: str, shown: str, limits: Limits) -> _Step | None:
    """A rolling step for *node*: default-dialect steps for its dice, d20 arithmetic between them; else ``None``."""
    from tabletop_core.notation.roller import _compile

    default = _to_default(node)
    if default is not None:
        return _compile(default, text, limits)  # type: ignore[arg-type]
    if isinstance(node, D20Literal):
        value = node.value
        return lambda _source, _rolls, _budget: value
    if isinstance(node, D20Annotated) or (isinstance(node, D20Paren) and not node.ops):
        return _mixed_step(node.inner, text, shown, limits)
    if isinstance(node, D20Unary):
        inner = _mixed_step(node.operand, text, shown, limits)
        if inner is None or node.op == "+":
            return inner
        negated = inner
        return lambda source, rolls, budget: -negated(source, rolls, budget)
    if not isinstance(node, D20Chain):
        return None
    steps = [_mixed_step(operand, text, shown, limits) for operand in node.operands]
    if any(step is None for step in steps):
        return None
    first = steps[0]
    rest = [(_OPS[op], step) for op, step in zip(node.operators, steps[1:], strict=True)]

    def run(source: DiceSource, rolls: list[DiceRoll], budget: list[int]) -> Value:
        value = first(source, rolls, budget)  # type: ignore[misc]
        for apply, step in rest:
            right = step(source, rolls, budget)  # type: ignore[misc]
            try:
                value = apply(value, right)
            except ZeroDivisionError:
                raise NotationError(f"{shown}: division by zero") from None
        return value

    return run


def _crit_term(node: D20Node) -> int | None:
    """For a fast-path tree: the index of the leftmost term's roll when it is a d20 kept alone, else ``None``."""
    while True:
        if isinstance(node, D20Dice):
            break
        if isinstance(node, (D20Annotated, D20Paren)):
            node = node.inner
        elif isinstance(node, D20Unary):
            node = node.operand
        elif isinstance(node, D20Chain):
            node = node.operands[0]
        else:
            return None
    if node.sides != 20:
        return None
    kept = node.count
    if node.ops:
        kept = min(node.ops[0].selectors[0].value, node.count)  # a single kh/kl on the fast path
    return 0 if kept == 1 else None  # the leftmost term is the first rolled


def _roll_slow(expression: D20Expression, source: DiceSource, checked: Limits) -> RollResult:
    text = str(expression)
    evaluator = _Evaluator(_Rolling(source, checked.max_dice, lexer.shown(text)), lexer.shown(text))
    root = evaluator.node(expression.body)
    total = _truncate(root.total(), lexer.shown(text))
    return RollResult(
        text,
        total,
        tuple(dice.record() for dice in evaluator.dice),
        expression.comment,
        crit=_crit(root),
        dialect="d20",
    )
