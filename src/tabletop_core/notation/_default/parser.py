"""Reading default-dialect text into its tree: :func:`parse_default` (cached) and the checks of a tree built by hand.

The grammar (EBNF; see the docs page for the full description)::

    notation   = expression [ label ] ;
    expression = term { ( "+" | "-" ) term } ;
    term       = factor { ( "*" | "/" ) factor } ;
    factor     = "-" factor | primary ;
    primary    = integer | dice | "(" expression ")" ;
    dice       = [ integer ] "d" ( integer | "%" | "F" ) { modifier } [ compare ] ;
    modifier   = ( "kh" | "kl" | "dh" | "dl" | "k" ) [ integer ]
               | ( "r" | "ro" ) ( compare | integer )
               | "!" [ compare ] ;
    compare    = ( ">=" | "<=" | ">" | "<" | "=" ) integer ;
    label      = "[" { any character but "]" } "]" ;

The expression-level grammar (labels on terms, ``@names``, functions, computed dice,
``vs``, ``Nx`` and ``# comment``) is described on the docs page, section "Labels, names,
functions, vs and repeats".

Only parentheses and unary minus recurse, and each level counts against
:data:`~tabletop_core.notation.limits.MAX_DEPTH`; chains such as ``1+1+1+...``
are read in a loop into one flat node, so no input can exhaust the stack.
"""

from __future__ import annotations

from collections.abc import Mapping

from tabletop_core._validate import check_type
from tabletop_core.notation._default import hints
from tabletop_core.notation._default.expression import Expression
from tabletop_core.notation._default.grammar import Reader
from tabletop_core.notation._default.nodes import (
    NODE_TYPES,
    Call,
    ComputedDice,
    Group,
    Labeled,
    Negate,
    Node,
    Product,
    Sum,
    Variable,
    children_of,
    nesting,
)
from tabletop_core.notation._default.terms import Comparison, Dice, Number
from tabletop_core.notation._kernel.cache import SizedCache
from tabletop_core.notation.errors import NotationError, over_limit, shown
from tabletop_core.notation.limits import DEFAULT_LIMITS, PARSE_CACHE_BYTES, Limits

__all__ = ["PARSE_BYTES_PER_CHARACTER", "PARSE_BYTES_PER_ENTRY", "as_expression", "check_limits", "parse_default"]

# Measured with tracemalloc: a parsed expression holds up to about 40 bytes per
# character of its text (a 1,000-character one about 40 KB), plus about 1 KB for the entry.
PARSE_BYTES_PER_CHARACTER = 48
PARSE_BYTES_PER_ENTRY = 1024
PARSED: SizedCache[tuple[str, Limits], Expression] = SizedCache(PARSE_CACHE_BYTES)


def parse_default(expr: str, limits: Limits, variables: Mapping[str, int] | None = None) -> Expression:
    """Parse default-dialect text (cached): see :func:`tabletop_core.notation.parse`.

    With *variables*, every ``@name`` is filled in.
    """
    if variables is not None:
        from tabletop_core.notation._default.functions import bind, check_variables

        return as_expression(bind(parse_cached(expr, limits), check_variables(variables)), limits)[0]
    return parse_cached(expr, limits)


def parse_cached(expr: str, limits: Limits) -> Expression:
    """The expression of *expr*, from the cache or parsed now (the length checked first)."""
    key = (expr, limits)
    known = PARSED.get(key)
    if known is not None:
        return known
    if len(expr) > limits.max_length:
        raise NotationError(
            f"{shown(expr)}: an expression may have at most {limits.max_length} characters, got {len(expr)}",
            column=limits.max_length + 1,
            **over_limit("max_length"),
        )
    expression = Reader(expr, limits).parse()
    PARSED.put(key, expression, PARSE_BYTES_PER_CHARACTER * len(expr) + PARSE_BYTES_PER_ENTRY)
    return expression


hints.set_reader(lambda text: parse_cached(text, DEFAULT_LIMITS))


def check_limits(limits: Limits | None) -> Limits:
    """The limits a call gives, or the defaults; anything else is a TypeError."""
    return DEFAULT_LIMITS if limits is None else check_type("limits", limits, Limits)


def as_expression(expr: object, limits: Limits | None) -> tuple[Expression, Limits]:
    """Accept text, an :class:`Expression` or a bare node; check it against *limits*.

    Text is parsed (and cached); a tree built by hand is walked, without
    recursion, for the limits parsing would have checked.

    Raises:
        NotationError: a syntax error or a broken limit.
        TypeError: *expr* is none of those, or *limits* is not a :class:`Limits`.
    """
    limits = check_limits(limits)
    if isinstance(expr, str):
        return parse_cached(expr, limits), limits
    if isinstance(expr, NODE_TYPES):
        expr = Expression(expr)
    if not isinstance(expr, Expression):
        raise TypeError(f"expr must be dice notation (a str) or an Expression, got {type(expr).__name__}")
    check_tree(expr, limits)
    return expr, limits


def check_tree(expression: Expression, limits: Limits) -> None:
    dice = 0
    # A tree built by hand obeys the limits text does: its notation must fit in
    # max_length characters (counted from the nodes, without building the text).
    length = len(expression.label) + 3 if expression.label is not None else 0
    length += len(expression.comment) + 3 if expression.comment is not None else 0
    if nesting(expression.body) > limits.max_depth:  # every node knows its nesting: no walk needed
        raise NotationError(
            f"the expression: nesting is deeper than {limits.max_depth} levels", **over_limit("max_depth")
        )
    if expression.target is not None and nesting(expression.target) > limits.max_depth:
        raise NotationError(f"the target: nesting is deeper than {limits.max_depth} levels", **over_limit("max_depth"))
    # The target obeys the same limits as the body (a named value can make its dice: vs 2d(@s)).
    stack: list[Node] = [expression.body] if expression.target is None else [expression.body, expression.target]
    while stack:
        node = stack.pop()
        length += _length_of(node)
        if length > limits.max_length:
            raise NotationError(
                f"the expression: an expression may have at most {limits.max_length} characters",
                **over_limit("max_length"),
            )
        if isinstance(node, Dice):
            dice += node.count
            if node.sides > limits.max_sides:
                raise NotationError(
                    f"{node}: a die may have at most {limits.max_sides} sides, got {node.sides}",
                    **over_limit("max_sides"),
                )
        else:
            stack.extend(children_of(node))
    dice *= expression.repeat
    if dice > limits.max_dice:
        raise NotationError(
            f"an expression may roll at most {limits.max_dice} dice, got {dice}", **over_limit("max_dice")
        )


def _length_of(node: Node) -> int:
    """The characters *node* adds to its notation, children not included (an estimate from below)."""
    if isinstance(node, Number):
        return _digits(node.value)
    if isinstance(node, Dice):
        extra = sum(
            _digits(abs(part.value)) + 2 if isinstance(part, Comparison) else 3
            for part in (node.reroll, node.select, node.success)
            if part is not None
        )
        return _digits(node.count) + _digits(node.sides) + 1 + extra + (node.explode is not None)
    if isinstance(node, Negate):
        return 1 + 2 * isinstance(node.operand, (Sum, Product))
    if isinstance(node, Variable):
        return 1 + len(node.name)
    if isinstance(node, Labeled):
        return 3 + len(node.label)
    if isinstance(node, Call):
        return len(node.name) + 1 + len(node.args)
    if isinstance(node, ComputedDice):
        return 3
    if isinstance(node, Group):
        return 1 + len(node.items) + len(node.modifier_text)  # the braces and commas, and its modifiers
    # The operators, and the parentheses of operands that print in them.
    return len(node.operators) + 2 * sum(isinstance(operand, (Sum, Product)) for operand in node.operands)


def _digits(number: int) -> int:
    return max(1, int(number.bit_length() * 0.30102999566398120))  # log10(2): never more than the digits
