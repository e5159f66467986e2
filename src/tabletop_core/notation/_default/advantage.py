"""Advantage in the default dialect: the leftmost term, one d20, rolled twice with one kept (see the front)."""

from __future__ import annotations

import attrs

from tabletop_core.notation._advantage import not_a_d20
from tabletop_core.notation._default.expression import Expression
from tabletop_core.notation._default.nodes import Labeled, Negate, Node, Product, Sum
from tabletop_core.notation._default.terms import Dice, Select

__all__ = ["with_advantage"]


def with_advantage(expression: Expression, kind: str) -> Expression:
    """*expression* with its leftmost term, one d20, made ``2d20kh1`` (``kind="adv"``) or ``2d20kl1``.

    Raises:
        NotationError: the leftmost term is not one d20 without a keep or drop.
    """
    return attrs.evolve(expression, body=_leftmost(expression.body, kind, expression))


def _leftmost(node: Node, kind: str, expression: Expression) -> Node:
    if isinstance(node, (Sum, Product)):
        first = _leftmost(node.operands[0], kind, expression)
        return attrs.evolve(node, operands=(first, *node.operands[1:]))
    if isinstance(node, (Negate, Labeled)):
        return attrs.evolve(node, operand=_leftmost(node.operand, kind, expression))
    if isinstance(node, Dice) and node.count == 1 and node.sides == 20 and not node.fate and node.select is None:
        return attrs.evolve(node, count=2, select=Select("kh" if kind == "adv" else "kl", 1))
    raise not_a_d20(str(expression), kind, str(node))
