"""Advantage in the d20 dialect: the d20 package's ``advantage=`` (``ast_adv_copy``), refusing what it would ignore.

The leftmost node is found as the package finds it (the first operand, inside parentheses,
sets, annotations and signs); when it is one d20, it rolls two and ``kh1`` (``kl1``) is put
before its other operators, as the package puts it.
"""

from __future__ import annotations

import attrs

from tabletop_core.notation._advantage import not_a_d20
from tabletop_core.notation._d20.tree import (
    D20Annotated,
    D20Chain,
    D20Dice,
    D20Expression,
    D20Node,
    D20Op,
    D20Paren,
    D20Selector,
    D20Set,
    D20Unary,
)

__all__ = ["with_advantage"]


def with_advantage(expression: D20Expression, kind: str) -> D20Expression:
    """*expression* with its leftmost one d20 made ``2d20kh1`` (``kind="adv"``) or ``2d20kl1``.

    Raises:
        NotationError: the leftmost term is not one d20 (the d20 package would roll it unchanged).
    """
    return attrs.evolve(expression, body=_leftmost(expression.body, kind, expression))


def _leftmost(node: D20Node, kind: str, expression: D20Expression) -> D20Node:
    if isinstance(node, D20Chain):
        return attrs.evolve(node, operands=(_leftmost(node.operands[0], kind, expression), *node.operands[1:]))
    if isinstance(node, (D20Annotated, D20Paren)):
        return attrs.evolve(node, inner=_leftmost(node.inner, kind, expression))
    if isinstance(node, D20Unary):
        return attrs.evolve(node, operand=_leftmost(node.operand, kind, expression))
    if isinstance(node, D20Set) and node.items:
        return attrs.evolve(node, items=(_leftmost(node.items[0], kind, expression), *node.items[1:]))
    if isinstance(node, D20Dice) and node.count == 1 and node.sides == 20:
        keep = D20Op("k", (D20Selector("h" if kind == "adv" else "l", 1),))
        return attrs.evolve(node, count=2, ops=(keep, *node.ops))
    raise not_a_d20(str(expression), kind, str(node))
