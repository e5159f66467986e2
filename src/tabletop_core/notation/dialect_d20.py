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
from tabletop_core.notation.result import DiceRoll, RollResult

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


def render_d20(result: RollResult, *, markdown: bool) -> str:
    """The breakdown of a d20-dialect result: the expression with each dice term's dice."""
    from tabletop_core.notation.render import dice_text

    try:
        expression = parse_d20(result.expression, limits=Limits(max_length=10**9, max_dice=10**12, max_sides=2**62))
    except NotationError:
        return " ".join(f"{r.notation} {dice_text(r, markdown=markdown)}" for r in result.rolls)
    rolls: Iterator[DiceRoll] = iter(result.rolls)

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
        inner = ", ".join(text(item) for item in node.items)
        return f"({inner}{',' if len(node.items) == 1 else ''}){ops}"

    return text(expression.body)
