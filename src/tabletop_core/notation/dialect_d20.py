"""The ``d20`` dialect: the notation of the d20 package (Avrae's roller), read as it reads it.

``parse(text, dialect="d20")``, ``roll(text, dialect="d20")`` and
``distribution(text, dialect="d20")`` use this module. It is a separate grammar,
not a variant of the default one, because the same text means different things:

* ``4d6k3`` keeps the dice showing 3 (a bare number selects that face), not the
  highest 3; ``kh3`` keeps the highest 3, ``k>4`` the dice above 4;
* ``2d6 >= 7`` compares the total with 7 and is worth 1 or 0 (comparisons are
  the loosest operators, then ``+ -``, then ``* / // %``, then unary ``+ -``);
* ``/`` divides exactly (decimals are allowed: ``1.5 * 2``) and the total is
  truncated toward zero at the end; ``//`` floors and ``%`` is the remainder;
* ``d%`` is a tens die: 0, 10, ..., 90;
* dice operators apply in the order written, to the dice still kept:
  ``k p`` (keep, drop), ``rr`` (reroll until no longer selected), ``ro``
  (reroll once), ``ra`` (one extra die for the first selected), ``e``
  (explode: an extra die per selected die, repeatedly), ``mi``/``ma``
  (raise/lower faces to at least/at most a number); selectors are ``hN``,
  ``lN``, ``<N``, ``>N`` or a bare face ``N``;
* sets ``(1d4, 2+2, 3d6kl1)kh1`` keep or drop whole members; a parenthesised
  dice term ``(4d6)kh3`` keeps its dice;
* ``[annotations]`` follow any term; text after a complete expression is a
  comment (``1d20+5 to hit``) unless it starts with what the package's lexer
  reads as a token there (``,``, ``)``, an operator, a dice operator after a
  die, selector or set): ``1d20+5, 1d8`` is refused, as the package refuses
  it. A leading ``d20`` kept alone is a critical hit on 20 and a critical
  failure on 1.

The text is matched case-sensitively (``1D6`` is ``1`` with the comment ``D6``),
no whitespace may lead it, and no whitespace may sit inside a dice term, exactly
as in the d20 package. The default limits apply (1,000 dice rolled, rerolls
included, as the d20 package's own roll budget; 10,000 sides).

Examples:
    >>> from tabletop_core import ScriptedDice
    >>> from tabletop_core.notation import roll
    >>> roll("4d6k3", rng=ScriptedDice([3, 5, 3, 1]), dialect="d20").total
    6
    >>> roll("2d6 >= 7 hits", rng=ScriptedDice([3, 5]), dialect="d20").total
    1
"""

from __future__ import annotations

from collections.abc import Iterator

from tabletop_core.notation._d20_eval import _apply, group_record, keep_after

# The dialect lives in five modules along its ideas; these names keep their old home here.
from tabletop_core.notation._d20_odds import distribution_d20 as distribution_d20
from tabletop_core.notation._d20_parser import PARSE_CACHE_BYTES as PARSE_CACHE_BYTES
from tabletop_core.notation._d20_parser import as_d20_expression as as_d20_expression
from tabletop_core.notation._d20_parser import parse_d20
from tabletop_core.notation._d20_roller import roll_d20 as roll_d20
from tabletop_core.notation._d20_tree import COMPARISONS as COMPARISONS
from tabletop_core.notation._d20_tree import DICE_OPERATORS as DICE_OPERATORS
from tabletop_core.notation._d20_tree import SET_OPERATORS as SET_OPERATORS
from tabletop_core.notation._d20_tree import (
    D20Annotated,
    D20Chain,
    D20Dice,
    D20Expression,
    D20Literal,
    D20Node,
    D20Op,
    D20Paren,
    D20Selector,
    D20Set,
    D20Unary,
)
from tabletop_core.notation._d20_tree import Value as Value
from tabletop_core.notation.errors import NotationError
from tabletop_core.notation.limits import Limits
from tabletop_core.notation.result import DiceRoll, GroupRoll, RolledNode, RollResult

__all__ = [
    "D20Annotated",
    "D20Chain",
    "D20Dice",
    "D20Expression",
    "D20Literal",
    "D20Op",
    "D20Paren",
    "D20Selector",
    "D20Set",
    "D20Unary",
    "parse_d20",
]


# A result may come from a call with raised limits; reading it back must not fail on them.
_READ_BACK = Limits(max_length=10**9, max_dice=10**12, max_sides=2**62)


def render_d20(result: RollResult, *, markdown: bool) -> str:
    """The breakdown of a d20-dialect result: the expression with each dice term's dice."""
    from tabletop_core.notation.render import dice_text

    try:
        expression = parse_d20(result.expression, limits=_READ_BACK)
    except NotationError:
        return " ".join(f"{r.notation} {dice_text(r, markdown=markdown)}" for r in result.rolls)
    rolls: Iterator[DiceRoll] = iter(result.rolls)
    groups: Iterator[GroupRoll] = iter(result.groups)

    def text(node: D20Node) -> str:
        if isinstance(node, D20Literal):
            return str(node)
        if isinstance(node, D20Dice):
            roll = next(rolls, None)
            return str(node) if roll is None else f"{node} {dice_text(roll, markdown=markdown)}"
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
                    items[i] = f"~~{items[i]}~~" if markdown else f"~{items[i]}~"
        return f"({', '.join(items)}{',' if len(node.items) == 1 else ''}){ops}"

    return text(expression.body)


def rolled_tree_d20(result: RollResult) -> RolledNode:
    """The rolled tree of a d20-dialect result: each node of its :class:`D20Expression` with its value.

    The values are the d20 package's own (``/`` divides exactly: a value may be a float;
    the root's value truncated toward zero is the total). A set with keep/drop carries
    its :class:`GroupRoll`; keep/drop on a parenthesised set or sum is worked out again
    from its members' values, as the roll did.

    Raises:
        NotationError: the expression cannot be read back, or the records do not match it
            (a hand-edited record).
    """
    return _TreeReader(result).node(parse_d20(result.expression, limits=_READ_BACK).body)


class _TreeReader:
    """Walks a d20 tree in the order it was rolled, taking the dice and group records as they come."""

    def __init__(self, result: RollResult) -> None:
        self.rolls = iter(result.rolls)
        self.groups = iter(result.groups)
        self.text = result.expression
        # Members a parenthesised keep/drop acts on: a set's items, with whether each is still kept.
        self.members: dict[int, tuple[list[Value], list[bool]]] = {}

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
                value = _apply(op, value, child.value, self.text)  # type: ignore[arg-type]
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

    def members_of(self, rolled: RolledNode) -> tuple[list[Value], list[bool]] | None:
        """What a keep/drop on parentheses around *rolled* acts on (``None``: dice, already in their record)."""
        while isinstance(rolled.node, D20Annotated) or (isinstance(rolled.node, D20Paren) and not rolled.node.ops):
            rolled = rolled.children[0]
        if isinstance(rolled.node, D20Dice):
            return None
        if isinstance(rolled.node, (D20Set, D20Paren)):
            return self.members[id(rolled)]
        return [rolled.value], [True]  # type: ignore[list-item]  # a sum or a number: one member
