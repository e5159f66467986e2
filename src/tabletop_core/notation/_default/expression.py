"""A whole expression of the default dialect: its body, its trailing label, comment, target and repeat."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import attrs

from tabletop_core._frozen import frozen
from tabletop_core._validate import clip, int_field
from tabletop_core.notation._default.nodes import (
    Call,
    ComputedDice,
    Group,
    Labeled,
    Negate,
    Node,
    Product,
    Sum,
    check_label_text,
    children_of,
    is_node,
    walk,
)
from tabletop_core.notation._default.terms import MAX_NUMBER, Dice
from tabletop_core.notation.errors import NotationError

__all__ = ["Expression", "dice_terms", "trailing_label", "with_children", "without_trailing_label"]


@frozen
class Expression:
    """A whole parsed expression: its body, its optional trailing ``[label]`` and what surrounds them.

    ``str()`` is canonical notation; ``parse(str(e)) == e``.

    Args:
        body: The expression tree.
        label: Text of the trailing label, stripped; an empty label is ``None``. Without
            ``vs``, an expression whose terms carry labels (:class:`Labeled`) has none of its
            own: a label at its end labels its last term. With ``vs``, a label after the target
            is always the roll's own, beside any labelled terms (``1d4 [fire]+2 vs 3 [hit]``),
            and a target ending in a labelled term prints in parentheses (``vs (1d4 [t])``).
            A lone label at the end of the body or the target (right before ``vs``, or at the
            very end) is the expression's label.
        comment: Free text after ``#`` at the end (``1d20+5 # sneak attack``), stripped, or ``None``.
        target: The number (or expression) after ``vs``: the roll succeeds when its total is at
            least the target's value (``1d20+5 vs 15``), or ``None``.
        repeat: How many independent results ``Nx`` asks for (``6x 4d6kh3``); 1 when not repeated.

    Raises:
        NotationError: a label or comment that is not one line of plain text, a label holding
            ``]``, a trailing label on an expression without ``vs`` whose terms are labelled, or a
            repeat below 1.
    """

    body: Node = attrs.field(validator=is_node)
    label: str | None = attrs.field(default=None)
    comment: str | None = attrs.field(default=None)
    target: Node | None = attrs.field(default=None, validator=attrs.validators.optional(is_node))
    repeat: int = int_field(low=1, high=MAX_NUMBER, default=1)

    @label.validator
    def _check_label(self, _attribute: Any, value: Any) -> None:  # Any: attrs callback
        if value is not None:
            check_label_text("label", value)

    @comment.validator
    def _check_comment(self, _attribute: Any, value: Any) -> None:  # Any: attrs callback
        if value is not None:
            check_label_text("comment", value, closing="")

    def __attrs_post_init__(self) -> None:
        if self.label is not None:
            stripped = self.label.strip()
            object.__setattr__(self, "label", stripped or None)
        if self.comment is not None:
            object.__setattr__(self, "comment", self.comment.strip() or None)
        last = self.target if self.target is not None else self.body
        labels = sum(isinstance(node, Labeled) for node in walk(self.body)) + (
            0 if self.target is None else sum(isinstance(node, Labeled) for node in walk(self.target))
        )
        if labels and self.label is not None and self.target is None:
            raise NotationError(
                f"an expression whose terms are labelled has no trailing label of its own (label its last term), "
                f"got label {clip(self.label)}"
            )
        if labels == 1 and self.target is not None and trailing_label(self.body) is not None:
            # One label, written right before 'vs' (1d20+5 [attack] vs 15), labels the roll too.
            last = self.body
        trailing = trailing_label(last)
        if labels == 1 and trailing is not None and self.label is None:
            # One label, written last, is the whole expression's label (as text reads it): one spelling.
            unwrapped = without_trailing_label(last)
            object.__setattr__(self, "label", trailing.label)
            object.__setattr__(self, "target" if last is self.target else "body", unwrapped)

    def __str__(self) -> str:
        text = str(self.body)
        if self.repeat != 1:
            text = f"{self.repeat}x {text}"
        if self.target is not None:
            # A label written last after the target is the roll's own: a target ending in a
            # labelled term prints in parentheses (vs (1d4 [t])).
            target = str(self.target)
            text += f" vs ({target})" if trailing_label(self.target) is not None else f" vs {target}"
        if self.label is not None:
            text += f" [{self.label}]"
        if self.comment is not None:
            text += f" # {self.comment}"
        return text


def trailing_label(node: Node) -> Labeled | None:
    """The label printed last in *node*'s notation, if the text ends with one."""
    while True:
        if isinstance(node, Labeled):
            return node
        if isinstance(node, (Sum, Product)):
            node = node.operands[-1]
        elif isinstance(node, Negate):
            node = node.operand
        else:
            return None


def without_trailing_label(node: Node) -> Node:
    """*node* with its trailing label (:func:`trailing_label`) taken off."""
    if isinstance(node, Labeled):
        return node.operand
    if isinstance(node, (Sum, Product)):
        return attrs.evolve(node, operands=(*node.operands[:-1], without_trailing_label(node.operands[-1])))
    assert isinstance(node, Negate)
    return Negate(without_trailing_label(node.operand))


def dice_terms(node: Node) -> Iterator[Dice]:
    """Every dice term under *node*, left to right (without recursion, so any depth is safe).

    Examples:
        >>> from tabletop_core.notation import parse
        >>> [str(d) for d in dice_terms(parse("1d20+2*(1d4-1d6)").body)]
        ['1d20', '1d4', '1d6']
    """
    stack: list[Node] = [node]
    while stack:
        item = stack.pop()
        if isinstance(item, Dice):
            yield item
        else:
            stack.extend(reversed(children_of(item)))


_CHILD_FIELDS = {Sum: "operands", Product: "operands", Group: "items", Call: "args"}


def with_children(node: Node, children: tuple[Node, ...]) -> Node:
    """*node* with its children (as :func:`children_of` gives them) replaced by *children*."""
    if isinstance(node, (Negate, Labeled)):
        return attrs.evolve(node, operand=children[0])
    if isinstance(node, ComputedDice):
        return attrs.evolve(node, count=children[0], sides=children[1])
    field = _CHILD_FIELDS.get(type(node))
    if field is None:
        return node  # a leaf
    changes: dict[str, Any] = {field: children}  # Any: attrs.evolve's keywords
    return attrs.evolve(node, **changes)
