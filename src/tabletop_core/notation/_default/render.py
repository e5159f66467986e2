"""Render a default-dialect roll: the expression with each term's dice, and its rolled tree read back.

The pieces every dialect shares (a die, a term's dice, the chat line) are the kernel's
(:mod:`tabletop_core.notation._kernel.render`); here the expression is written back with
each dice term followed by its dice (``1d20 (17) + 5``), and :func:`replay` and
:func:`rolled_tree` rebuild a result's tree from its expression and dice, so a record
loaded from JSON is checked against the rule.
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction
from typing import cast

from tabletop_core.notation._default.expression import Expression, trailing_label
from tabletop_core.notation._default.functions import (
    apply_function,
    check_computed,
    computed_notation,
    unknown_name,
)
from tabletop_core.notation._default.nodes import (
    ROUNDING_FUNCTIONS,
    Call,
    ComputedDice,
    Group,
    Labeled,
    Negate,
    Node,
    Product,
    Sum,
    Variable,
)
from tabletop_core.notation._default.parser import parse_cached
from tabletop_core.notation._default.terms import Dice, Number
from tabletop_core.notation._kernel.dice_records import DiceRoll, GroupRoll
from tabletop_core.notation._kernel.records import RolledNode, RollResult, TermLabel
from tabletop_core.notation._kernel.render import dice_text, group_text
from tabletop_core.notation._kernel.weights import exact_division
from tabletop_core.notation.errors import NotationError
from tabletop_core.notation.limits import MAX_NESTING, Limits

__all__ = ["READ_BACK", "breakdown", "breakdowns", "replay", "rolled_tree", "term_labels"]

# A result may come from a call with raised limits; reading it back must not fail on them.
READ_BACK = Limits(max_length=10**9, max_dice=10**12, max_sides=2**62, max_depth=MAX_NESTING)


def breakdown(result: RollResult, *, markdown: bool) -> str:
    """The expression with every dice term followed by its dice."""
    return breakdowns(result, markdown=markdown)[0]


def breakdowns(result: RollResult, *, markdown: bool) -> tuple[str, str | None]:
    """The breakdown of the body and of the target after ``vs`` (``None`` without one)."""
    try:
        expression = parse_cached(result.expression, READ_BACK)
        rolls = _Records(result)
        body = _node_text(expression.body, rolls, markdown)
        target = None if expression.target is None else _node_text(expression.target, rolls, markdown)
        if expression.target is not None and trailing_label(expression.target) is not None:
            target = f"({target})"  # as the notation prints it: a label after the target is the roll's
    except NotationError:  # a hand-edited record: fall back to listing the dice
        return " ".join(f"{roll.notation} {dice_text(roll, markdown=markdown)}" for roll in result.rolls), None
    return body, target


class _Records(Iterator[DiceRoll]):
    """A result's dice records in order, carrying its group records (in order) alongside."""

    def __init__(self, result: RollResult) -> None:
        self.rolls = iter(result.rolls)
        self.groups = iter(result.groups)

    def __next__(self) -> DiceRoll:
        return next(self.rolls)


def _group_node_text(node: Group, rolls: _Records, markdown: bool) -> str:
    items = [_node_text(item, rolls, markdown) for item in node.items]
    group = next(rolls.groups, None)
    text = "{" + ", ".join(items) + "}" + node.modifier_text
    return text if group is None else f"{text} {group_text(group, markdown=markdown)}"


def _node_text(node: Node, rolls: Iterator[DiceRoll], markdown: bool) -> str:
    if isinstance(node, Number):
        return str(node.value)
    if isinstance(node, Dice):
        roll = next(rolls, None)
        if roll is None:
            return str(node)
        return f"{roll.notation} {dice_text(roll, markdown=markdown)}"
    if isinstance(node, Group):
        return _group_node_text(node, rolls, markdown)  # type: ignore[arg-type]
    if isinstance(node, Negate):
        inner = _node_text(node.operand, rolls, markdown)
        return f"-({inner})" if isinstance(node.operand, (Sum, Product)) else f"-{inner}"
    if isinstance(node, Labeled):
        inner = _node_text(node.operand, rolls, markdown)
        return (
            f"({inner}) [{node.label}]"
            if isinstance(node.operand, (Sum, Product, Negate, Labeled))
            else f"{inner} [{node.label}]"
        )
    if isinstance(node, Call):
        return f"{node.name}({', '.join(_node_text(arg, rolls, markdown) for arg in node.args)})"
    if isinstance(node, ComputedDice):
        count = _node_text(node.count, rolls, markdown)
        sides = _node_text(node.sides, rolls, markdown)
        count = f"({count})" if node.count_in_parentheses else count
        written = f"{count}d" + (sides if isinstance(node.sides, Number) else f"({sides})")
        roll = next(rolls, None)
        return written if roll is None else f"{written}: {roll.notation} {dice_text(roll, markdown=markdown)}"
    if isinstance(node, Variable):
        return str(node)
    nested = (Sum,) if isinstance(node, Sum) else (Sum, Product)
    parts = []
    for i, operand in enumerate(node.operands):
        text = _node_text(operand, rolls, markdown)
        if isinstance(operand, nested):
            text = f"({text})"
        parts.append(text if i == 0 else f"{node.operators[i - 1]} {text}")
    return " ".join(parts)


def _read(result: RollResult) -> Expression:
    if result.dialect != "default":
        raise NotationError(f"a roll is replayed in the default dialect only, not {result.dialect!r}")
    if result.results:
        raise NotationError("a repeated roll has one tree per result: see each of its .results")
    return parse_cached(result.expression, READ_BACK)


def rolled_tree(result: RollResult) -> RolledNode:
    """Rebuild the rolled expression tree of *result* from its expression and dice.

    For a roll against a target (``vs``) this is the tree of the roll itself, not of the target.

    A ``d20``-dialect result's tree is made of the d20 dialect's nodes (``D20Dice``,
    ``D20Set``, ...), each with the d20 package's value for it.

    Raises:
        NotationError: the result's expression cannot be read back or its records do not
            match it (a hand-edited record), or it is a repeated roll (each of its results
            has a tree).
    """
    return _rolled(_read(result).body, _Records(result), False)


def replay(result: RollResult) -> tuple[int, int | None, tuple[TermLabel, ...]]:
    """The total, the target's value and the labelled terms that *result*'s dice give.

    Raises:
        NotationError: as :func:`rolled_tree`.
    """
    expression = _read(result)
    rolls = _Records(result)
    body = _rolled(expression.body, rolls, False)
    target = None if expression.target is None else _rolled(expression.target, rolls, False)
    labels = term_labels(body) + (() if target is None else term_labels(target))
    return int(body.value), None if target is None else int(target.value), labels


def term_labels(tree: RolledNode) -> tuple[TermLabel, ...]:
    """Every labelled term of a rolled tree with its value, left to right."""
    found: list[TermLabel] = []
    stack = [tree]
    while stack:
        item = stack.pop()
        if isinstance(item.node, Labeled):
            found.append(TermLabel(item.node.label, str(item.node.operand), int(item.value)))
        stack.extend(reversed(item.children))
    return tuple(found)


def _rolled(node: Node, rolls: Iterator[DiceRoll], exact: bool) -> RolledNode:
    if isinstance(node, Number):
        return RolledNode(node, node.value)
    if isinstance(node, Dice):
        roll = next(rolls, None)
        if roll is None:
            raise NotationError(f"the result holds fewer dice terms than its expression {node}")
        return RolledNode(node, roll.value, (), roll)
    if isinstance(node, Negate):
        inner = _rolled(node.operand, rolls, exact)
        return RolledNode(node, -inner.value, (inner,))
    if isinstance(node, Group):
        return _rolled_group(node, rolls)
    if isinstance(node, (Labeled, Call, ComputedDice, Variable)):
        return _rolled_expression_node(node, rolls, exact)
    children = tuple(_rolled(operand, rolls, exact) for operand in node.operands)
    values = [_exact(child) for child in children]
    value = values[0]
    for op, operand in zip(node.operators, values[1:], strict=True):
        if op == "+":
            value += operand
        elif op == "-":
            value -= operand
        elif op == "*":
            value *= operand
        elif exact:
            value = exact_division(value, operand, str(node))
        elif operand == 0:
            raise NotationError(f"{node}: division by zero")
        else:
            value //= operand
    return RolledNode(node, value, children)


def _exact(rolled: RolledNode) -> int | Fraction:
    """A default-dialect node's value (only the d20 dialect's nodes hold floats)."""
    return cast("int | Fraction", rolled.value)


def _rolled_expression_node(
    node: Labeled | Call | ComputedDice | Variable, rolls: Iterator[DiceRoll], exact: bool
) -> RolledNode:
    if isinstance(node, Labeled):
        inner = _rolled(node.operand, rolls, exact)
        return RolledNode(node, inner.value, (inner,))
    if isinstance(node, Call):
        inside = exact or node.name in ROUNDING_FUNCTIONS
        args = tuple(_rolled(arg, rolls, inside) for arg in node.args)
        return RolledNode(node, apply_function(node.name, [_exact(arg) for arg in args]), args)
    if isinstance(node, ComputedDice):
        count, sides = _rolled(node.count, rolls, False), _rolled(node.sides, rolls, False)
        roll = next(rolls, None)
        if roll is None:
            raise NotationError(f"the result holds fewer dice terms than its expression {node}")
        check_computed(str(node), count.value, sides.value, READ_BACK)
        expected = computed_notation(node, int(count.value), int(sides.value))
        if roll.notation != expected:
            raise NotationError(f"{node}: the dice rolled ({roll.notation}) are not the {expected} it came to")
        return RolledNode(node, roll.value, (count, sides), roll)
    raise unknown_name(node.name, None)


def _rolled_group(node: Group, rolls: Iterator[DiceRoll]) -> RolledNode:
    """A group's node: its items rolled, its value recomputed from theirs (so a record cannot disagree)."""
    items = tuple(_rolled(item, rolls, False) for item in node.items)
    values = tuple(int(item.value) for item in items)  # an item is a whole expression: its '/' rounds down
    value, dropped, successes, failures = node.value_of(values)
    group = next(rolls.groups, None) if isinstance(rolls, _Records) else None
    if group is None:
        raise NotationError(f"the result holds fewer groups than its expression {node}")
    expected = GroupRoll(str(node), values, value, dropped, successes, failures)
    if group != expected:
        raise NotationError(f"the group record {group} does not match its items: the rule gives {expected}")
    return RolledNode(node, value, items, None, group)
