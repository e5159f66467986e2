"""Exact odds of d20-dialect terms that mean the same as default-dialect ones, by the kernel's fast algebra.

A d20 term the default dialect reads alike (numbers, plain and keep-highest/lowest dice,
signs, sums and products of them) has the same odds as there, so its odds come from the
kernel's fast exact convolution (``500d6+500d6``, ``300d6+300d8+100d10``) instead of the
d20 engine's pair-by-pair combination.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop_core.notation._d20.dice import default_alike, term_rule
from tabletop_core.notation._d20.tree import (
    D20Annotated,
    D20Chain,
    D20Dice,
    D20Literal,
    D20Node,
    D20Paren,
    D20Unary,
    Value,
    walk,
)
from tabletop_core.notation._kernel.term_odds import alike, sum_of_alike, term_weights
from tabletop_core.notation._kernel.terms import TermRule
from tabletop_core.notation._kernel.weights import Calculator

if TYPE_CHECKING:
    from tabletop_core.notation._d20.odds import Odds

__all__ = ["alike_weights", "readable", "regrouped"]


def readable(node: D20Node) -> bool:
    """Whether the default dialect reads *node* alike: its odds are the kernel's fast algebra's.

    That is an int, a dice term read alike (plain, or one ``kh``/``kl``), a sign, parentheses
    or an annotation around one, or a chain of ``+ -`` (or of ``*`` alone) of them.
    """
    if isinstance(node, D20Literal):
        return isinstance(node.value, int)
    if isinstance(node, D20Annotated) or (isinstance(node, D20Paren) and not node.ops):
        return readable(node.inner)
    if isinstance(node, D20Unary):
        return readable(node.operand)
    if isinstance(node, D20Dice):
        return default_alike(node)
    if isinstance(node, D20Chain):
        if not all(op in ("+", "-") for op in node.operators) and not all(op == "*" for op in node.operators):
            return False
        return all(readable(operand) for operand in node.operands)
    return False


def alike_weights(odds: Odds, node: D20Node) -> dict[Value, int] | None:
    """The weights (ways) of *node*'s value by the kernel's fast algebra, or ``None`` when it means something else.

    The work is charged to *odds*' budget: one budget for the whole expression.
    """
    if isinstance(node, (D20Literal, D20Dice)) or not readable(node):
        return None  # a number or one dice term: the d20 engine's own shortcuts are as fast
    calculator = Calculator(odds.text, odds.limits)
    calculator.work = odds.work
    weights = _weights(calculator, node)
    odds.work = calculator.work
    widened: dict[Value, int] = dict(weights.items())  # the same ways, keyed as the dialect keys values
    return widened


def _unwrapped(node: D20Node) -> D20Node:
    """*node* without the annotations, plain parentheses and ``+`` signs around it (its default equal has none)."""
    while True:
        if isinstance(node, D20Annotated) or (isinstance(node, D20Paren) and not node.ops):
            node = node.inner
        elif isinstance(node, D20Unary) and node.op == "+":
            node = node.operand
        else:
            return node


def _weights(calculator: Calculator, node: D20Node) -> dict[int, int]:
    """The weights of a readable node, as the default dialect's engine computes its equal."""
    node = _unwrapped(node)
    if isinstance(node, D20Literal):
        return {int(node.value): 1}
    if isinstance(node, D20Unary):
        inner = _weights(calculator, node.operand)
        return inner if node.op == "+" else {-value: weight for value, weight in inner.items()}
    if isinstance(node, D20Dice):
        return term_weights(calculator, term_rule(node))
    assert isinstance(node, D20Chain)
    if all(op in ("+", "-") for op in node.operators):
        grouped = _sum_of_alike(calculator, node)
        if grouped is not None:
            return grouped
    result = _weights(calculator, node.operands[0])
    for op, operand in zip(node.operators, node.operands[1:], strict=True):
        result = calculator.combine(result, _weights(calculator, operand), op)
    return result


def _sum_of_alike(calculator: Calculator, node: D20Chain) -> dict[int, int] | None:
    """Two or more dice terms of a sum in one pass (the default dialect's sum of groups), the rest added after."""
    rules: list[TermRule | None] = []
    for operand in node.operands:
        inner = _unwrapped(operand)
        rule = term_rule(inner) if isinstance(inner, D20Dice) else None
        rules.append(rule if rule is not None and alike(rule) else None)
    if sum(rule is not None for rule in rules) < 2:
        return None
    signed = [(op, rule) for op, rule in zip(("+", *node.operators), rules, strict=True) if rule is not None]
    result = sum_of_alike(calculator, signed)
    if result is None:
        return None
    for op, operand, rule in zip(("+", *node.operators), node.operands, rules, strict=True):
        if rule is None:
            result = calculator.combine(result, _weights(calculator, operand), op)
    return result


def regrouped(node: D20Chain) -> D20Chain:
    """*node* with the operands the default engine reads gathered into one first operand (the same odds).

    The d20 package applies a chain's operators left to right: a run of such operands at
    the start is one value it computes first. A sum whose every operand is an integer
    (no decimal, no ``/``) has the same odds in any order, so there every such operand
    joins the run, with its sign. The chain is unchanged when fewer than two join.
    """
    is_readable = [readable(operand) for operand in node.operands]
    run = 0
    while run < len(is_readable) and is_readable[run]:
        run += 1
    if run >= 2 and run < len(is_readable):
        head = D20Chain(node.operands[:run], node.operators[: run - 1])
        return D20Chain((head, *node.operands[run:]), node.operators[run - 1 :])
    additive = all(op in ("+", "-") for op in node.operators)
    if sum(is_readable) < 2 or not additive or not all(_integral(operand) for operand in node.operands):
        return node
    signed = list(zip(("+", *node.operators), node.operands, is_readable, strict=True))
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
