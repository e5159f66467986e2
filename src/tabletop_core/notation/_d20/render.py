"""Render a d20-dialect roll and read its tree back: the expression with each term's dice, each node's value.

The breakdown writes the expression back with each dice term followed by its dice and
dropped set members struck through, as the d20 package's stringifier does. The rolled
tree is the :class:`~tabletop_core.notation.dialect_d20.D20Expression`'s nodes, each with
the package's value for it: keep/drop on a set or on parentheses is worked out again from
the members' values, as the roll did (see :mod:`._d20.roll`).
"""

from __future__ import annotations

from collections.abc import Iterator

from tabletop_core.notation._d20.parser import parse_d20
from tabletop_core.notation._d20.select import apply, group_record, keep_after
from tabletop_core.notation._d20.tree import (
    D20Annotated,
    D20Chain,
    D20Dice,
    D20Literal,
    D20Node,
    D20Paren,
    D20Set,
    D20Unary,
    Value,
)
from tabletop_core.notation._kernel.dice_records import DiceRoll, GroupRoll
from tabletop_core.notation._kernel.records import RolledNode, RollResult
from tabletop_core.notation._kernel.render import dice_text, strikes
from tabletop_core.notation.errors import NotationError
from tabletop_core.notation.limits import Limits

__all__ = ["breakdown_d20", "rolled_tree_d20"]

# A result may come from a call with raised limits; reading it back must not fail on them.
_READ_BACK = Limits(max_length=10**9, max_dice=10**12, max_sides=2**62)


def breakdown_d20(result: RollResult, *, markdown: bool) -> str:
    """The breakdown of a d20-dialect result: the expression with each dice term's dice."""
    try:
        expression = parse_d20(result.expression, limits=_READ_BACK)
    except NotationError:
        return " ".join(f"{r.notation} {dice_text(r, markdown=markdown)}" for r in result.rolls)
    rolls: Iterator[DiceRoll] = iter(result.rolls)
    groups: Iterator[GroupRoll] = iter(result.groups)
    strike = strikes(markdown=markdown)

    def text(node: D20Node) -> str:
        if isinstance(node, D20Literal):
            return str(node)
        if isinstance(node, D20Dice):
            roll = next(rolls, None)
            return str(node) if roll is None else f"{node} {strike.dice(roll)}"
        if isinstance(node, D20Annotated):
            return f"{text(node.inner)} " + "".join(f"[{note}]" for note in node.notes)
        if isinstance(node, D20Unary):
            return f"{node.op}{text(node.operand)}"
        if isinstance(node, D20Chain):
            parts = [text(node.operands[0])]
            for op, operand in zip(node.operators, node.operands[1:], strict=True):
                parts.append(f" {op} {text(operand)}")
            return "".join(parts)
        ops = "".join(map(str, node.ops))
        if isinstance(node, D20Paren):
            return f"({text(node.inner)}){ops}"
        items = [text(item) for item in node.items]
        group = next(groups, None) if node.ops else None  # after the sets inside it, as they are recorded
        if group is not None:
            for i in group.dropped:
                if i < len(items):
                    items[i] = strike.struck(items[i])
        return f"({', '.join(items)}{',' if len(node.items) == 1 else ''}){ops}"

    return strike.written(text(expression.body))


def rolled_tree_d20(result: RollResult) -> RolledNode:
    """The rolled tree of a d20-dialect result: each node of its :class:`D20Expression` with its value.

    The values are the d20 package's own (``/`` divides exactly: a value may be a float;
    the root's value truncated toward zero is the total). A set with keep/drop carries its
    :class:`GroupRoll`. A record that does not match its expression (edited by hand) gives
    the tree of its dice records under the total instead: the tree never raises.
    """
    try:
        return _TreeReader(result).node(parse_d20(result.expression, limits=_READ_BACK).body)
    except (NotationError, StopIteration):
        return RolledNode(
            result.expression, result.total, tuple(RolledNode(r.notation, r.value, (), r) for r in result.rolls)
        )


_Members = tuple[list[Value], list[bool]]  # what a keep/drop on parentheses acts on, and which are still kept


class _TreeReader:
    """Walks a d20 tree in the order it was rolled, taking the dice and group records as they come."""

    def __init__(self, result: RollResult) -> None:
        self.rolls = iter(result.rolls)
        self.groups = iter(result.groups)
        self.text = result.expression
        self.members: dict[int, _Members] = {}  # by id of a rolled set or parentheses

    def node(self, node: D20Node) -> RolledNode:
        if isinstance(node, D20Literal):
            return RolledNode(node, node.value)
        if isinstance(node, D20Dice):
            roll = next(self.rolls, None)
            if roll is None or roll.notation != str(node):
                raise NotationError(f"{self.text}: the dice records do not match the expression at {node}")
            return RolledNode(node, roll.value, (), roll)
        if isinstance(node, (D20Annotated, D20Unary)):
            inner = self.node(node.inner if isinstance(node, D20Annotated) else node.operand)
            negate = isinstance(node, D20Unary) and node.op == "-"
            return RolledNode(node, -inner.value if negate else inner.value, (inner,))
        if isinstance(node, D20Chain):
            children = [self.node(operand) for operand in node.operands]
            value: Value = children[0].value  # type: ignore[assignment]  # a d20 node's value is a Value
            for op, child in zip(node.operators, children[1:], strict=True):
                value = apply(op, value, child.value, self.text)  # type: ignore[arg-type]
            return RolledNode(node, value, tuple(children))
        if isinstance(node, D20Set):
            return self.set_node(node)
        return self.paren_node(node)

    def set_node(self, node: D20Set) -> RolledNode:
        items = tuple(self.node(item) for item in node.items)
        values: list[Value] = [item.value for item in items]  # type: ignore[misc]  # d20 values
        kept = [True] * len(values)
        group = None
        if node.ops:
            keep_after([(op.op == "k", op.selectors) for op in node.ops], values, kept)
            group = next(self.groups, None)  # None: a result saved before sets had records
            expected = group_record(str(node), values, kept)
            if group is not None and group != expected:
                raise NotationError(f"{self.text}: the group record {group} does not match its items: {expected}")
        rolled = RolledNode(node, sum(v for v, keep in zip(values, kept, strict=True) if keep), items, None, group)
        self.members[id(rolled)] = (values, kept)
        return rolled

    def paren_node(self, node: D20Paren) -> RolledNode:
        inner = self.node(node.inner)
        if not node.ops:
            return RolledNode(node, inner.value, (inner,))
        members = self.members_of(inner)
        if members is None:  # the dice inside: their record shows what the keep/drop did
            return RolledNode(node, inner.value, (inner,))
        values, kept = members
        keep_after([(op.op == "k", op.selectors) for op in node.ops], values, kept)
        rolled = RolledNode(node, sum(v for v, keep in zip(values, kept, strict=True) if keep), (inner,))
        self.members[id(rolled)] = members
        return rolled

    def members_of(self, rolled: RolledNode) -> _Members | None:
        """What a keep/drop on parentheses around *rolled* acts on (``None``: dice, already in their record)."""
        while isinstance(rolled.node, D20Annotated) or (isinstance(rolled.node, D20Paren) and not rolled.node.ops):
            rolled = rolled.children[0]
        if isinstance(rolled.node, D20Dice):
            return None
        if isinstance(rolled.node, (D20Set, D20Paren)):
            # A keep/drop on parentheses around dice is in the dice's record: nothing registered.
            return self.members.get(id(rolled))
        return [rolled.value], [True]  # type: ignore[list-item]  # a sum or a number: one member
