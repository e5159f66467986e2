"""The d20 dialect's expression tree: frozen nodes whose ``str()`` is canonical d20 notation."""

from __future__ import annotations

import decimal
from collections.abc import Iterator
from typing import TypeAlias, Union

from tabletop_core._frozen import frozen
from tabletop_core._validate import clip
from tabletop_core.notation.errors import NotationError

__all__ = [
    "ADDITIVE",
    "COMPARISONS",
    "DICE_OPERATORS",
    "DIGITS",
    "MULTIPLICATIVE",
    "SELECTOR_KINDS",
    "SET_OPERATORS",
    "WHITESPACE",
    "D20Annotated",
    "D20Chain",
    "D20Dice",
    "D20Expression",
    "D20Literal",
    "D20Node",
    "D20Op",
    "D20Paren",
    "D20Selector",
    "D20Set",
    "D20Unary",
    "Value",
    "dice_nodes",
    "walk",
]

Value: TypeAlias = Union[int, float]  # noqa: UP007 - a runtime alias on Python 3.10

WHITESPACE = " \t\f\r\n"
DIGITS = "0123456789"
COMPARISONS = ("==", "!=", ">=", "<=", ">", "<")
ADDITIVE = ("+", "-")
MULTIPLICATIVE = ("*", "//", "/", "%")
DICE_OPERATORS = ("rr", "ro", "ra", "e", "mi", "ma", "k", "p")
SET_OPERATORS = ("k", "p")
SELECTOR_KINDS = ("h", "l", "<", ">")


# -- the tree ---------------------------------------------------------------------------------


@frozen
class D20Selector:
    """Which members an operator acts on: ``h3`` (highest 3), ``l1``, ``<3``, ``>4`` or a bare face ``6``.

    Args:
        kind: ``"h"``, ``"l"``, ``"<"``, ``">"`` or ``None`` (the members equal to *value*).
        value: The number.
    """

    kind: str | None
    value: int

    def __attrs_post_init__(self) -> None:
        if self.kind is not None and self.kind not in SELECTOR_KINDS:
            raise NotationError(f"a selector kind must be one of h l < >, got {clip(self.kind)}")
        if type(self.value) is not int or self.value < 0:
            raise NotationError(f"a selector needs a whole number of at least 0, got {clip(self.value)}")

    def __str__(self) -> str:
        return f"{self.kind or ''}{self.value}"


@frozen
class D20Op:
    """One operator and its selectors (``k1k2`` is one keep with two selectors: kept if either selects)."""

    op: str
    selectors: tuple[D20Selector, ...]

    def __attrs_post_init__(self) -> None:
        if self.op not in DICE_OPERATORS:
            raise NotationError(f"a d20 operator must be one of {' '.join(DICE_OPERATORS)}, got {clip(self.op)}")
        if not self.selectors:
            raise NotationError("an operator needs at least one selector")

    def __str__(self) -> str:
        return "".join(f"{self.op}{selector}" for selector in self.selectors)


@frozen
class D20Literal:
    """A number written in the expression: an int, or a float for a decimal such as ``1.5``."""

    value: Value

    def __str__(self) -> str:
        if isinstance(self.value, int):
            return str(self.value)
        text = format(decimal.Decimal(repr(self.value)), "f")
        return text if "." in text else text + ".0"


@frozen
class D20Dice:
    """``NdS`` and its operators in the order written; ``sides=None`` is ``d%`` (0, 10, ..., 90)."""

    count: int
    sides: int | None
    ops: tuple[D20Op, ...] = ()

    def __str__(self) -> str:
        return f"{self.count}d{'%' if self.sides is None else self.sides}" + "".join(map(str, self.ops))


@frozen
class D20Set:
    """A set ``(a, b, c)`` with keep/drop operators acting on whole members."""

    items: tuple[D20Node, ...]
    ops: tuple[D20Op, ...] = ()

    def __str__(self) -> str:
        inner = ", ".join(map(str, self.items))
        if len(self.items) == 1:
            inner += ","
        return f"({inner})" + "".join(map(str, self.ops))


@frozen
class D20Paren:
    """Parentheses around one expression, with optional keep/drop acting on what is inside."""

    inner: D20Node
    ops: tuple[D20Op, ...] = ()

    def __str__(self) -> str:
        return f"({self.inner})" + "".join(map(str, self.ops))


@frozen
class D20Annotated:
    """A term followed by one or more ``[annotations]`` (the value is the term's)."""

    inner: D20Node
    notes: tuple[str, ...]

    def __str__(self) -> str:
        return f"{self.inner} " + "".join(f"[{note}]" for note in self.notes)


@frozen
class D20Unary:
    """Unary ``+`` or ``-``."""

    op: str
    operand: D20Node

    def __str__(self) -> str:
        return f"{self.op}{self.operand}"


@frozen
class D20Chain:
    """Operands of one precedence level, applied left to right: ``a + b - c``, ``a * b // c``, ``a >= b``."""

    operands: tuple[D20Node, ...]
    operators: tuple[str, ...]

    def __str__(self) -> str:
        parts = [str(self.operands[0])]
        for op, operand in zip(self.operators, self.operands[1:], strict=True):
            parts.append(f" {op} {operand}")
        return "".join(parts)


D20Node: TypeAlias = Union[D20Literal, D20Dice, D20Set, D20Paren, D20Annotated, D20Unary, D20Chain]  # noqa: UP007


@frozen
class D20Expression:
    """A whole expression of the d20 dialect and its trailing comment (``None`` when there is none).

    ``str()`` is canonical d20 notation, and ``parse(str(e), dialect="d20") == e``.
    """

    body: D20Node
    comment: str | None = None

    @property
    def label(self) -> str | None:
        """The comment, the label of the roll."""
        return self.comment

    def __str__(self) -> str:
        body = str(self.body)
        return f"{body} {self.comment}" if self.comment is not None else body


def walk(node: D20Node) -> Iterator[D20Node]:
    """*node* and every node under it (without recursion: a deep text cannot overflow the stack)."""
    stack: list[D20Node] = [node]
    while stack:
        item = stack.pop()
        yield item
        if isinstance(item, (D20Annotated, D20Paren)):
            stack.append(item.inner)
        elif isinstance(item, D20Unary):
            stack.append(item.operand)
        elif isinstance(item, D20Chain):
            stack.extend(item.operands)
        elif isinstance(item, D20Set):
            stack.extend(item.items)


def dice_nodes(node: D20Node) -> list[D20Dice]:
    """Every dice term under *node*."""
    return [item for item in walk(node) if isinstance(item, D20Dice)]
