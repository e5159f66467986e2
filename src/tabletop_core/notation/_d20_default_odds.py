"""Exact odds of d20-dialect terms that mean the same as default-dialect ones, by the default engine.

A d20 term the roller hands to the default dialect (:func:`._d20_roller._to_default`: numbers,
plain and keep-highest/lowest dice, signs, sums and products of them) has the same odds there,
so its odds come from the default engine's fast exact convolution (``500d6+500d6``,
``300d6+300d8+100d10``) instead of the d20 engine's pair-by-pair combination.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop_core.notation._d20_tree import (
    D20Chain,
    D20Dice,
    D20Literal,
    D20Node,
    D20Unary,
    Value,
    walk,
)

if TYPE_CHECKING:
    from tabletop_core.notation._d20_odds import _Odds


def default_weights(odds: _Odds, node: D20Node) -> dict[Value, int] | None:
    """The weights (ways) of *node*'s value by the default engine, or ``None`` when it means something else.

    The work is charged to *odds*' budget: one budget for the whole expression.
    """
    from tabletop_core.notation._d20_roller import _to_default
    from tabletop_core.notation.odds import _Calculator

    if isinstance(node, (D20Literal, D20Dice)):
        return None  # a number or one dice term: the d20 engine's own shortcuts are as fast
    default = _to_default(node)
    if default is None:
        return None
    calculator = _Calculator(odds.text, odds.limits)
    calculator.work = odds.work
    weights = calculator.node(default)  # type: ignore[arg-type]
    odds.work = calculator.work
    widened: dict[Value, int] = dict(weights.items())  # the same ways, keyed as the dialect keys values
    return widened


def regrouped(node: D20Chain) -> D20Chain:
    """*node* with the operands the default engine reads gathered into one first operand (the same odds).

    The d20 package applies a chain's operators left to right: a run of such operands at
    the start is one value it computes first. A sum whose every operand is an integer
    (no decimal, no ``/``) has the same odds in any order, so there every such operand
    joins the run, with its sign. The chain is unchanged when fewer than two join.
    """
    from tabletop_core.notation._d20_roller import _to_default

    readable = [_to_default(operand) is not None for operand in node.operands]
    run = 0
    while run < len(readable) and readable[run]:
        run += 1
    if run >= 2 and run < len(readable):
        head = D20Chain(node.operands[:run], node.operators[: run - 1])
        return D20Chain((head, *node.operands[run:]), node.operators[run - 1 :])
    additive = all(op in ("+", "-") for op in node.operators)
    if sum(readable) < 2 or not additive or not all(_integral(operand) for operand in node.operands):
        return node
    signed = list(zip(("+", *node.operators), node.operands, readable, strict=True))
    first = [(op, operand) for op, operand, alike in signed if alike]
    rest = [(op, operand) for op, operand, alike in signed if not alike]
    if not rest:
        return node
    head_operands = tuple(D20Unary("-", operand) if op == "-" else operand for op, operand in first[:1])
    head = D20Chain((*head_operands, *(operand for _op, operand in first[1:])), tuple(op for op, _ in first[1:]))
    return D20Chain((head, *(operand for _op, operand in rest)), tuple(op for op, _ in rest))


def _integral(node: D20Node) -> bool:
    """Whether *node*'s value is always an int (no decimal and no ``/`` anywhere in it)."""
    return not any(
        (isinstance(item, D20Literal) and not isinstance(item.value, int))
        or (isinstance(item, D20Chain) and "/" in item.operators)
        for item in walk(node)
    )
