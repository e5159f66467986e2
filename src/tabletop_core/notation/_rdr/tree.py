"""rpg-dice-roller's expression as it reads it: a flat list of values and operators, dice and groups among them.

rpg-dice-roller's parser gives a list: numbers, operator strings (``+ - * / % ^``),
parentheses and function heads (``floor(``, ``,``, ``)``), dice terms and roll groups; a
roll writes each term's value into that list and has mathjs read it (see
:mod:`.mathjs`). The nodes here keep that list, and each dice term and group with its
modifiers as written. ``str()`` of an expression is its text as written (rpg-dice-roller
keeps the notation verbatim); ``parse(str(e), dialect="rdr") == e``.
"""

from __future__ import annotations

from typing import TypeAlias, Union

import attrs

from tabletop_core._frozen import frozen

__all__ = [
    "MODIFIER_ORDER",
    "RdrComparePoint",
    "RdrDice",
    "RdrExpression",
    "RdrGroup",
    "RdrModifier",
    "RdrToken",
    "dice_of",
]

MODIFIER_ORDER = {
    "min": 1,
    "max": 2,
    "explode": 3,
    "re-roll": 4,
    "unique": 5,
    "keep": 6,
    "drop": 7,
    "target": 8,
    "critical-success": 9,
    "critical-failure": 10,
    "sorting": 11,
}
"""The order rpg-dice-roller applies its modifiers in, whatever the order written."""


@frozen
class RdrComparePoint:
    """A compare point: ``>=8``, ``=6``, ``!=3``, ``<>3`` (not equal), ``<-1``.

    Args:
        op: One of ``!= <= >= = <> > <``.
        value: The number compared with (rpg-dice-roller's numbers are floats).
    """

    op: str
    value: float

    @property
    def test_op(self) -> str:
        """The comparison as the kernel tests a face: ``<>`` is ``!=``."""
        return "!=" if self.op == "<>" else self.op

    def matches(self, value: float) -> bool:
        """Whether *value* meets the compare point (rpg-dice-roller's ``compareNumbers``)."""
        op, bound = self.test_op, self.value
        if value != value or bound != bound:
            return False
        if op == "=":
            return value == bound
        if op == "!=":
            return value != bound
        if op == "<":
            return value < bound
        if op == ">":
            return value > bound
        if op == "<=":
            return value <= bound
        return value >= bound

    def __str__(self) -> str:
        from tabletop_core.notation._rdr.mathjs import js_text

        return f"{self.op}{js_text(self.value)}"


@frozen
class RdrModifier:
    """One modifier of a dice term or group, as written: ``kh3``, ``!!p>=5``, ``r<3``, ``min2``, ``>=8f<2``.

    Attributes:
        name: rpg-dice-roller's name for it: ``explode``, ``target``, ``keep``, ``drop``,
            ``re-roll``, ``unique``, ``critical-success``, ``critical-failure``, ``sorting``,
            ``max`` or ``min``.
        text: The modifier as written.
        point: Its compare point, or ``None`` (the default: an explosion on the highest face,
            a reroll on the lowest, crits on the highest and lowest).
        failure: A target's failure compare point (``f<2``), or ``None``.
        compound, penetrate: An explosion's ``!!`` and ``p``.
        once: ``ro`` and ``uo``.
        end: ``h`` or ``l`` for keep and drop; ``a`` or ``d`` for sorting.
        qty: Keep or drop how many.
        bound: The number of ``min`` and ``max``.
    """

    name: str
    text: str
    point: RdrComparePoint | None = None
    failure: RdrComparePoint | None = None
    compound: bool = False
    penetrate: bool = False
    once: bool = False
    end: str = ""
    qty: int = 0
    bound: float = 0.0

    @property
    def key(self) -> str:
        """The key rpg-dice-roller keeps it under: a later modifier of the same key replaces it."""
        return f"{self.name}-{self.end}" if self.name in ("keep", "drop") else self.name

    @property
    def order(self) -> int:
        """Where it comes in rpg-dice-roller's fixed order (:data:`MODIFIER_ORDER`)."""
        return MODIFIER_ORDER[self.name]

    def __str__(self) -> str:
        return self.text


def effective(modifiers: tuple[RdrModifier, ...]) -> tuple[RdrModifier, ...]:
    """The modifiers rpg-dice-roller applies, in the order it applies them.

    The last of each key is kept, in the place its key was first written (a JavaScript
    object's keys keep their first place), then sorted by :data:`MODIFIER_ORDER` (stably).
    """
    last: dict[str, RdrModifier] = {}
    for modifier in modifiers:
        last[modifier.key] = modifier  # a dict keeps the first place of a key, as a JavaScript object
    return tuple(sorted(last.values(), key=lambda modifier: modifier.order))


@frozen
class RdrDice:
    """A dice term: ``4d6kh3``, ``d%``, ``4dF``, ``dF.1``, ``(1+2)d6``, with its modifiers as written.

    Attributes:
        count: How many dice (1 to 999).
        sides: Faces: a number for standard dice, 100 for ``d%``, 3 for ``dF`` (``dF.2``), 6 for ``dF.1``.
        kind: ``"standard"``, ``"percentile"`` or ``"fudge"``.
        modifiers: The modifiers in the order written.
        text: The term as written (its description left out).
        description: The first description after it (``[fire]``, ``# fire``), or ``None``.
    """

    count: int
    sides: int
    kind: str
    modifiers: tuple[RdrModifier, ...]
    text: str
    description: str | None = None

    @property
    def applied(self) -> tuple[RdrModifier, ...]:
        """The modifiers rpg-dice-roller applies, in its order (see :func:`effective`)."""
        return effective(self.modifiers)

    @property
    def low(self) -> int:
        """The lowest face: 1, or -1 for Fudge dice."""
        return -1 if self.kind == "fudge" else 1

    @property
    def high(self) -> int:
        """The highest face: the sides, or +1 for Fudge dice."""
        return 1 if self.kind == "fudge" else self.sides

    def __str__(self) -> str:
        return self.text


@frozen
class RdrGroup:
    """A roll group ``{4d6, 3d8}k1``: its sub-expressions (each a list of tokens) and its modifiers.

    Attributes:
        expressions: Each sub-expression, a tuple of tokens.
        modifiers: The modifiers in the order written.
        text: The group as written (its description left out).
        description: The first description after it, or ``None``.
    """

    expressions: tuple[tuple[RdrToken, ...], ...]
    modifiers: tuple[RdrModifier, ...]
    text: str
    description: str | None = None

    @property
    def applied(self) -> tuple[RdrModifier, ...]:
        """The modifiers rpg-dice-roller applies, in its order (see :func:`effective`)."""
        return effective(self.modifiers)

    def __str__(self) -> str:
        return self.text


RdrToken: TypeAlias = Union[float, str, RdrDice, RdrGroup]  # noqa: UP007 - a runtime alias on Python 3.10
"""One item of rpg-dice-roller's list: a number, an operator or parenthesis or function head, a term."""


@frozen
class RdrExpression:
    """A whole expression of the ``rdr`` dialect: its text, and the list rpg-dice-roller reads it into.

    ``str()`` is the text as written; two expressions are equal when their texts are.
    """

    text: str
    tokens: tuple[RdrToken, ...] = attrs.field(eq=False, repr=False)

    @property
    def label(self) -> None:
        """The roll's label: rpg-dice-roller's descriptions label their terms, not the roll."""
        return None

    def __str__(self) -> str:
        return self.text


def dice_of(tokens: tuple[RdrToken, ...]) -> list[RdrDice]:
    """Every dice term of *tokens*, in the order rolled (those of a group in its sub-expressions' order)."""
    found: list[RdrDice] = []
    for token in tokens:
        if isinstance(token, RdrDice):
            found.append(token)
        elif isinstance(token, RdrGroup):
            for expression in token.expressions:
                found.extend(dice_of(expression))
    return found
