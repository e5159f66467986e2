"""What a roll of dice notation produced: the result, its labelled terms, and the rolled tree.

A :class:`RollResult` keeps one :class:`~tabletop_core.notation.DiceRoll` per dice term, in
the order the terms appear, and every group's record; ``str()`` is one chat line,
``to_markdown()`` strikes dropped dice through and marks the highest and lowest faces,
``to_dict()`` round-trips through JSON. What depends on the grammar (the breakdown, the
tree, the replay that checks a loaded record, the warnings) is asked of the result's
dialect through :mod:`.registry`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import Any, ClassVar

import attrs

from tabletop_core._fast import fast_builder
from tabletop_core._frozen import frozen
from tabletop_core._record import Record
from tabletop_core._validate import clip
from tabletop_core.notation._kernel.dice_records import (
    DiceRoll,
    GroupRoll,
    Numeric,
    RolledDie,
    dice_words,
    number_schema,
)
from tabletop_core.notation._kernel.registry import wing

__all__ = ["RollResult", "RolledNode", "TermLabel", "new_roll_result"]


@frozen
class RolledNode:
    """One node of the expression tree with the value it rolled: the result as a tree.

    Attributes:
        node: The expression node (a :class:`~tabletop_core.notation.Dice`,
            :class:`~tabletop_core.notation.Sum`, ...; in the ``d20`` dialect a
            :class:`~tabletop_core.notation.dialect_d20.D20Dice`, ...; in the ``rdr`` dialect
            a :class:`~tabletop_core.notation.dialect_rdr.RdrDice`, ...; for a repeated roll,
            the :class:`~tabletop_core.notation.Expression` itself).
        value: What the node came to in this roll (in the ``d20`` dialect, a float where
            ``/`` divided exactly).
        children: The rolled operands of a sum, product or negation, in order.
        roll: For a dice term, its :class:`DiceRoll`; otherwise ``None``.
        group: For a group (``{...}``), its :class:`GroupRoll`; otherwise ``None``.
    """

    node: object
    value: int | Fraction | float
    children: tuple[RolledNode, ...] = ()
    roll: DiceRoll | None = None
    group: GroupRoll | None = None

    def __str__(self) -> str:
        return f"{self.node} = {self.value}"


@frozen
class TermLabel(Record):
    """A labelled term of a roll (``1d20 [fire] + 1d4 [cold]``): its label, notation and value.

    Attributes:
        label: The label's text.
        notation: The labelled term in canonical notation (without its label).
        value: What the term came to in this roll (in the ``rdr`` dialect a float where
            rpg-dice-roller's arithmetic gives one).
    """

    _json_schema: ClassVar[Mapping[str, Mapping[str, Any]]] = {  # Any: JSON Schema values
        "value": number_schema("What the term came to in this roll.")
    }

    label: str
    notation: str
    value: Numeric

    def __str__(self) -> str:
        return f"{self.label}: {self.value}"


@frozen
class RollResult(Record):
    """The result of :func:`~tabletop_core.notation.roll`.

    Attributes:
        expression: The expression in canonical notation, label included.
        total: The value of the whole expression (in the ``rdr`` dialect, rpg-dice-roller's total:
            a float rounded to 2 decimals where it is not whole).
        rolls: One :class:`DiceRoll` per dice term, left to right.
        label: The trailing label's text (in the ``d20`` dialect, the comment), or ``None``.
        crit: ``"crit"`` or ``"fumble"`` when the roll is a critical hit or failure (in the
            ``d20`` dialect: the leftmost term is a d20 kept alone showing 20 or 1), else ``None``.
        dialect: The dialect the expression is written in: ``"default"``, ``"d20"`` or ``"rdr"``.
        groups: One :class:`GroupRoll` per group (``{...}``; in the ``d20`` dialect, per set with
            keep/drop such as ``(1d6, 1d8)kh1``), in the order their closing bracket is written
            (an inner group before the group holding it).
        comment: The trailing ``# comment`` of the default dialect, or ``None``.
        target: The value of the target after ``vs`` (``1d20+5 vs 15``), or ``None``; see
            :attr:`success` and :attr:`margin`.
        labels: Each labelled term (``1d20 [fire]``) with its value, left to right (a term's
            label before those inside it; the target's after ``vs`` too, after the roll's); in the
            ``d20`` dialect, one per annotation, with the term's value when rolled, truncated toward zero.
        results: For a repeated roll (``6x 4d6kh3``), each result in order (its :attr:`total`
            is then the sum of theirs, and it holds no dice of its own); else empty.
    """

    _json_schema: ClassVar[Mapping[str, Mapping[str, Any]]] = {  # Any: JSON Schema values
        "total": number_schema("The value of the whole expression.")
    }

    expression: str
    total: Numeric = attrs.field()
    rolls: tuple[DiceRoll, ...] = ()
    label: str | None = None
    crit: str | None = attrs.field(default=None)
    dialect: str = attrs.field(default="default")
    groups: tuple[GroupRoll, ...] = ()

    comment: str | None = None
    target: int | None = None
    labels: tuple[TermLabel, ...] = ()
    results: tuple[RollResult, ...] = ()

    _optional_keys = ("groups", "comment", "target", "labels", "results")

    @property
    def margin(self) -> Numeric | None:
        """The total minus the target (``vs``), or ``None`` without a target."""
        return None if self.target is None else self.total - self.target

    @property
    def success(self) -> bool | None:
        """Whether the total met the target (``vs``), or ``None`` without a target."""
        return None if self.target is None else self.total >= self.target

    @property
    def totals(self) -> tuple[Numeric, ...]:
        """Each result's total for a repeated roll (``6x 4d6kh3``); ``(total,)`` otherwise."""
        return tuple(result.total for result in self.results) if self.results else (self.total,)

    @total.validator
    def _check_total(self, _attribute: object, value: object) -> None:
        if type(value) is float and self.dialect != "rdr":
            raise TypeError(f"total must be an int (a float only in the rdr dialect), got {value!r}")

    @crit.validator
    def _check_crit(self, _attribute: object, value: object) -> None:
        if value is not None and not isinstance(value, str):
            raise TypeError(f"crit must be None or a str, got {type(value).__name__}")
        if value is not None and value not in ("crit", "fumble"):
            from tabletop_core.errors import InvalidInput

            raise InvalidInput(f"crit must be None, 'crit' or 'fumble', got {clip(value)}")

    @dialect.validator
    def _check_dialect(self, _attribute: object, value: object) -> None:
        if not isinstance(value, str):  # before any comparison: an array would answer an array
            raise TypeError(f"dialect must be a str, got {type(value).__name__}")
        if value != "default" and value != "d20" and value != "rdr":
            from tabletop_core.notation.limits import check_dialect

            check_dialect(value)

    @property
    def dice(self) -> tuple[RolledDie, ...]:
        """Every die of every term, in the order rolled."""
        return tuple(die for roll in self.rolls for die in roll.dice)

    @property
    def tree(self) -> RolledNode:
        """The expression tree with every node's rolled value (every dice term with its dice).

        In the ``d20`` dialect the nodes are the d20 dialect's own (``D20Dice``, ``D20Set``, ...).

        Examples:
            >>> from tabletop_core import ScriptedDice
            >>> from tabletop_core.notation import roll
            >>> tree = roll("(2d6+1)*2", rng=ScriptedDice([3, 4])).tree
            >>> str(tree), [str(child) for child in tree.children]
            ('(2d6+1)*2 = 16', ['2d6+1 = 8', '2 = 2'])
        """
        return wing(self.dialect).rolled_tree(self)

    @property
    def breakdown(self) -> str:
        """The expression with each dice term followed by its dice (plain text)."""
        return wing(self.dialect).breakdowns(self, markdown=False)[0]

    def _rule(self) -> RollResult:
        return wing(self.dialect).checked(self)

    @property
    def warnings(self) -> tuple[str, ...]:
        """What the player should know about this roll, each in a sentence (empty when nothing).

        A success count or a threshold that no die can meet (``3d6>=12`` counts dice that never
        show 12), a keep or drop larger than the pool (``3d6kh4``): the roll is what the notation
        says, and ``str()`` adds these after it, so a bot shows them too.

        Examples:
            >>> from tabletop_core import ScriptedDice
            >>> from tabletop_core.notation import roll
            >>> roll("3d6>=12", rng=ScriptedDice([6, 6, 6])).warnings
            ('3d6>=12: no d6 shows 12 or more, so no die can count',)
        """
        return wing(self.dialect).warnings(self)

    def __str__(self) -> str:
        from tabletop_core.notation._kernel.render import render_text

        return render_text(self)

    def _caption(self) -> str:
        prefix = f"{self.label}: " if self.label else ""
        return f"{prefix}{self.expression} = {self.total}"

    def _rows(self) -> list[tuple[str, object]]:
        """The notebook table: each dice term with its dice in words (no strike-through markup), then the total."""
        rows: list[tuple[str, object]] = [("expression", self.expression)]
        for roll in self.rolls:
            rows.append((roll.notation, dice_words(roll)))
        for group in self.groups:
            rows.append((group.notation, group._words()))
        rows.append(("total", self.total))
        return rows

    def _user_text(self) -> list[str]:
        """What a player wrote into the roll: labels, comments, term labels (the chat renderer escapes these).

        The rest of a result's text is the library's own (canonical notation, dice, totals),
        so :func:`tabletop_core.chat.render` reads its strike-through marks as markup: a dropped
        group item ``~4d6kh3 (1, 1, 1, 2)~`` is struck as a whole, notation included.
        """
        found = [text for text in (self.label, self.comment) if text]
        found += [term.label for term in self.labels if term.label]
        for result in self.results:
            found += result._user_text()
        return found


new_roll_result: Callable[
    [
        str,
        Numeric,
        tuple[DiceRoll, ...],
        str | None,
        str | None,
        str,
        tuple[GroupRoll, ...],
        str | None,
        int | None,
        tuple[TermLabel, ...],
        tuple[RollResult, ...],
    ],
    RollResult,
] = fast_builder(RollResult)
"""Builds a result from values a roll computed, every field in order (see ``dice_records``)."""
