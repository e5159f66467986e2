"""Render a roll for chat: plain text and Markdown.

Plain text (``str(result)``)::

    attack: 1d20 (20↑) + 5 = 25 (critical hit)
    4d6kh3 (6↑, ~2~, 5, 4) = 15

* a dropped or rerolled die is struck through: ``~2~`` (Markdown ``~~2~~``);
* the highest face is marked ``↑`` (Markdown **bold**), the lowest ``↓``
  (Markdown *italic*); Fate dice show ``+``, ``0``, ``-`` without marks;
* a die that exploded is followed by ``!``; a die counted as a success by ``✓``;
* a critical roll (``RollResult.crit``) ends with ``(critical hit)`` or ``(critical failure)``.
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction
from typing import cast

import attrs

from tabletop_core.notation.ast import (
    ROUNDING_FUNCTIONS,
    Call,
    ComputedDice,
    Dice,
    Expression,
    Group,
    Labeled,
    Negate,
    Node,
    Number,
    Product,
    Sum,
    Variable,
    _trailing_label,
)
from tabletop_core.notation.errors import NotationError
from tabletop_core.notation.expression_ops import (
    apply_function,
    check_computed,
    computed_notation,
    exact_division,
    unknown_name,
)
from tabletop_core.notation.limits import MAX_NESTING, Limits
from tabletop_core.notation.parser import parse
from tabletop_core.notation.result import (
    DiceRoll,
    GroupRoll,
    RolledDie,
    RolledNode,
    RollResult,
    TermLabel,
    _has_extra_marks,
)

__all__ = [
    "breakdown",
    "dice_text",
    "face_text",
    "group_text",
    "render_markdown",
    "render_text",
    "replay",
    "rolled_tree",
]

# A result may come from a call with raised limits; reading it back must not fail on them.
_READ_BACK = Limits(max_length=10**9, max_dice=10**12, max_sides=2**62, max_depth=MAX_NESTING)
_FATE = {-1: "-", 0: "0", 1: "+"}


def face_text(die: RolledDie, *, markdown: bool) -> str:
    """One die: its face with marks for highest/lowest, explosion, success, strike-through."""
    if die.fate:
        text = _FATE.get(die.value, str(die.value))
    elif die.is_max:
        text = f"**{die.value}**" if markdown else f"{die.value}↑"
    elif die.is_min:
        text = f"*{die.value}*" if markdown else f"{die.value}↓"
    else:
        text = str(die.value)
    if die.exploded:
        text += "!"
    if die.success and die.kept:
        text += "✓"
    if not die.kept:
        text = f"~~{text}~~" if markdown else f"~{text}~"
    return text


def dice_text(roll: DiceRoll, *, markdown: bool) -> str:
    """Every die of one term in parentheses, e.g. ``(6↑, ~2~, 5, 4)``; a counting term adds its count."""
    if roll.marks is not None and _has_extra_marks(roll.marks):
        faces = _extended_faces(roll, markdown=markdown)
    else:
        faces = ", ".join(face_text(die, markdown=markdown) for die in roll.dice)
    if roll.counts_successes:
        noun = "success" if roll.value == 1 else "successes"
        return f"({faces}: {roll.value} {noun})"
    return f"({faces})"


def _extended_face(die: RolledDie, *, markdown: bool) -> str:
    """One die of a term using the later operators.

    ``1→2`` (clamped or penetrating: drawn, then shown), ``✗`` after a failure,
    ``crit``/``fumble`` after a flagged die.
    """
    text = face_text(attrs.evolve(die, success=False), markdown=markdown)
    struck = text.startswith("~")
    if struck:
        text = text.strip("~")
    drawn = die.rolled if die.rolled is not None else die.value + 1 if die.penetrated else None
    if drawn is not None:
        text = f"{drawn}→{text}"
    if die.kept and not die.compounded:
        text += "✓" if die.success else ""
        text += "✗" if die.failure else ""
        text += " crit" if die.crit else ""
        text += " fumble" if die.fumble else ""
    if struck:
        text = f"~~{text}~~" if markdown else f"~{text}~"
    return text


def _extended_faces(roll: DiceRoll, *, markdown: bool) -> str:
    """The dice of a term using the later operators, in the order shown.

    A compounded die is shown as its parts and its total (``6!+6!+2=14``), its flags after the total.
    """
    shown: list[str] = []
    parts: list[RolledDie] = []

    def finish() -> None:
        if not parts:
            return
        if len(parts) == 1:
            shown.append(_extended_face(parts[0], markdown=markdown))
        else:
            head = parts[0]
            inner = "+".join(face_text(attrs.evolve(d, success=False), markdown=markdown) for d in parts)
            total = sum(d.value for d in parts if not d.rerolled)
            flags = "✓" * head.success + "✗" * head.failure + " crit" * head.crit + " fumble" * head.fumble
            text = f"{inner}={total}{flags if head.kept else ''}"
            shown.append(text if head.kept else (f"~~{text}~~" if markdown else f"~{text}~"))
        parts.clear()

    for die in roll.shown:
        if not die.compounded:
            finish()
        parts.append(die)
    finish()
    return ", ".join(shown)


def breakdown(result: RollResult, *, markdown: bool) -> str:
    """The expression with every dice term followed by its dice."""
    return _breakdowns(result, markdown)[0]


def _breakdowns(result: RollResult, markdown: bool) -> tuple[str, str | None]:
    """The breakdown of the body and of the target after ``vs`` (``None`` without one)."""
    if result.dialect == "d20":
        from tabletop_core.notation.dialect_d20 import render_d20

        return render_d20(result, markdown=markdown), None
    try:
        expression = parse(result.expression, limits=_READ_BACK)
        rolls = _Records(result)
        body = _node_text(expression.body, rolls, markdown)
        target = None if expression.target is None else _node_text(expression.target, rolls, markdown)
        if expression.target is not None and _trailing_label(expression.target) is not None:
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


def group_text(group: GroupRoll, *, markdown: bool) -> str:
    """The items' totals of a group in parentheses: dropped struck through, ``✓``/``✗`` for successes/failures."""
    dropped, failures = set(group.dropped), set(group.failures)
    successes = set(group.successes or ())
    shown = []
    for i, value in enumerate(group.values):
        text = str(value) + "✓" * (i in successes) + "✗" * (i in failures)
        if i in dropped:
            text = f"~~{text}~~" if markdown else f"~{text}~"
        shown.append(text)
    faces = ", ".join(shown)
    if group.successes is not None:
        noun = "success" if group.value == 1 else "successes"
        return f"({faces}: {group.value} {noun})"
    return f"({faces})"


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
    return parse(result.expression, limits=_READ_BACK)


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
    if result.dialect == "d20":
        from tabletop_core.notation.dialect_d20 import rolled_tree_d20

        return rolled_tree_d20(result)
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
        check_computed(str(node), count.value, sides.value, _READ_BACK)
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


def render_text(result: RollResult) -> str:
    """One plain-text chat line: ``label: breakdown = total``."""
    return _line(result, markdown=False)


def render_markdown(result: RollResult) -> str:
    """One Markdown chat line: like :func:`render_text`, dice marked up and the total in bold."""
    return _line(result, markdown=True)


def _line(result: RollResult, *, markdown: bool) -> str:
    prefix = f"{result.label}: " if result.label else ""
    total = f"**{result.total}**" if markdown else str(result.total)
    if result.results:
        each = "; ".join(_line(one, markdown=markdown) for one in result.results)
        text = f"{prefix}{each} (total {total})"
    else:
        body, target = _breakdowns(result, markdown)
        text = f"{prefix}{body} = {total}{_crit_text(result)}"
        if result.target is not None:
            shown = target if target is not None else str(result.target)
            if target is not None and shown != str(result.target):
                shown += f" = {result.target}"
            outcome = "success" if result.success else "failure"
            text += f" vs {shown}: {outcome} by {abs(result.total - result.target)}"
    return text + (f" # {result.comment}" if result.comment else "")


def _crit_text(result: RollResult) -> str:
    """The roll's flag after its total, in both dialects: `` (critical hit)`` or `` (critical failure)``."""
    if result.crit == "crit":
        return " (critical hit)"
    if result.crit == "fumble":
        return " (critical failure)"
    return ""
