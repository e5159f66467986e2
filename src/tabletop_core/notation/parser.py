"""A hand-written recursive-descent parser for dice notation, with a depth cap.

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

Only parentheses and unary minus recurse, and each level counts against
:data:`~tabletop_core.notation.limits.MAX_DEPTH`; chains such as ``1+1+1+...``
are read in a loop into one flat node, so no input can exhaust the stack.
"""

from __future__ import annotations

from collections.abc import Callable

from tabletop_core._validate import check_type, clip, unsafe_character
from tabletop_core.notation import lexer
from tabletop_core.notation._cache import SizedCache
from tabletop_core.notation.ast import (
    Comparison,
    Dice,
    Explode,
    Expression,
    Negate,
    Node,
    Number,
    Product,
    Reroll,
    Select,
    Sum,
    nesting,
)
from tabletop_core.notation.errors import NotationError
from tabletop_core.notation.lexer import Token
from tabletop_core.notation.limits import DEFAULT_LIMITS, Limits

__all__ = ["PARSE_CACHE_BYTES", "as_expression", "parse"]

_START = "a number or a die"
_MAX_DIGITS = 1000

PARSE_CACHE_BYTES = 8 * 2**20
"""Memory the parse cache may hold (estimated): 8 MB, about 200 expressions of 1,000 characters
or 25,000 short ones. The least recently parsed go first."""

# Measured with tracemalloc: a parsed expression holds up to about 40 bytes per
# character of its text (a 1,000-character one about 40 KB), plus about 1 KB for the entry.
PARSE_BYTES_PER_CHARACTER = 48
PARSE_BYTES_PER_ENTRY = 1024
_PARSED: SizedCache[tuple[str, Limits], Expression] = SizedCache(PARSE_CACHE_BYTES)


def parse(expr: str, *, limits: Limits | None = None) -> Expression:
    """Parse dice notation into a frozen :class:`~tabletop_core.notation.ast.Expression`.

    Results are cached (in a cache bounded by memory, :data:`PARSE_CACHE_BYTES`):
    parsing the same text again costs a dictionary lookup.

    Args:
        expr: Notation such as ``"4d6kh3"`` or ``"1d20+5 [attack]"``.
        limits: Safety limits; :data:`~tabletop_core.notation.limits.DEFAULT_LIMITS` when omitted.

    Returns:
        The expression; ``str()`` of it is canonical notation and parses back to an equal one.

    Raises:
        NotationError: a syntax error (naming the column and what was expected there)
            or a broken limit.
        TypeError: *expr* is not a string.

    Examples:
        >>> str(parse("d20 + 5 [Attack]"))
        '1d20+5 [Attack]'
        >>> parse("1d20+ [atk]")
        Traceback (most recent call last):
        ...
        tabletop_core.notation.errors.NotationError: 1d20+ [atk]: expected a number or a die at column 6
    """
    check_type("expr", expr, str)
    return _parse_cached(expr, _limits(limits))


def _parse_cached(expr: str, limits: Limits) -> Expression:
    key = (expr, limits)
    known = _PARSED.get(key)
    if known is not None:
        return known
    if len(expr) > limits.max_length:
        raise NotationError(
            f"{lexer.shown(expr)}: an expression may have at most {limits.max_length} characters, got {len(expr)}",
            column=limits.max_length + 1,
        )
    expression = _Parser(expr, limits).parse()
    _PARSED.put(key, expression, PARSE_BYTES_PER_CHARACTER * len(expr) + PARSE_BYTES_PER_ENTRY)
    return expression


class _Parser:
    """One parse of one string: a token cursor plus the running dice count."""

    def __init__(self, text: str, limits: Limits) -> None:
        self.text = text
        self.limits = limits
        self.tokens = lexer.tokenize(text)
        self.position = 0
        self.dice_written = 0

    # -- cursor ---------------------------------------------------------------

    @property
    def peek(self) -> Token:
        return self.tokens[self.position]

    def advance(self) -> Token:
        token = self.tokens[self.position]
        self.position += 1
        return token

    @property
    def column(self) -> int:
        """Where the next thing should start: just after the last token read."""
        if self.position == 0:
            return self.tokens[0].start if self.tokens[0].kind != lexer.END else 1
        return self.tokens[self.position - 1].end + 1

    def error(self, message: str, column: int | None = None, suffix: str = "") -> NotationError:
        column = self.column if column is None else column
        return NotationError(f"{lexer.shown(self.text)}: {message} at column {column}{suffix}", column=column)

    def expected(self, what: str, why: str = "") -> NotationError:
        token = self.peek
        found = "" if token.kind in (lexer.END, lexer.LABEL) else f", found {clip(token.text)}"
        return self.error(f"expected {what}", suffix=f"{why}{found}")

    def integer(self, what: str) -> tuple[int, Token]:
        if self.peek.kind != lexer.NUMBER:
            raise self.expected(what)
        token = self.advance()
        return self.number(token), token

    def number(self, token: Token) -> int:
        # Python refuses to read integers of more than 4,300 digits; no dice need them.
        if len(token.text) > _MAX_DIGITS:
            raise self.error(f"a number may have at most {_MAX_DIGITS} digits", token.start)
        return int(token.text)

    # -- grammar ------------------------------------------------------------

    def parse(self) -> Expression:
        body = self.expression(0)
        label: str | None = None
        token = self.peek
        if token.kind == lexer.LABEL:
            label = token.text
            index = unsafe_character(label)
            if index is not None:
                # A chat line must stay one line, in the order it was written.
                raise self.error(
                    f"a label must be one line of plain text, found {label[index]!a}", token.start + 1 + index
                )
        elif token.kind == lexer.CLOSE:
            raise self.error("unmatched ')'", token.start)
        elif token.kind != lexer.END:
            raise self.expected("an operator or the end of the expression")
        return Expression(body, label)

    def expression(self, depth: int) -> Node:
        return self.chain(self.term, (lexer.PLUS, lexer.MINUS), Sum, depth)

    def term(self, depth: int) -> Node:
        return self.chain(self.factor, (lexer.TIMES, lexer.DIVIDE), Product, depth)

    def chain(
        self, operand: Callable[[int], Node], kinds: tuple[str, ...], build: type[Sum | Product], depth: int
    ) -> Node:
        """Operands joined by operators of one precedence level, read in a loop into one flat node."""
        operands = [operand(depth)]
        operators: list[str] = []
        while self.peek.kind in kinds:
            operators.append(self.advance().kind)
            operands.append(operand(depth))
        return operands[0] if not operators else build(tuple(operands), tuple(operators))

    def deeper(self, depth: int, token: Token) -> int:
        if depth + 1 > self.limits.max_depth:
            raise self.error(f"nesting is deeper than {self.limits.max_depth} levels", token.start)
        return depth + 1

    def factor(self, depth: int) -> Node:
        token = self.peek
        if token.kind == lexer.MINUS:
            self.advance()
            return Negate(self.factor(self.deeper(depth, token)))
        return self.primary(depth)

    def primary(self, depth: int) -> Node:
        token = self.peek
        if token.kind == lexer.OPEN:
            self.advance()
            inner = self.expression(self.deeper(depth, token))
            if self.peek.kind != lexer.CLOSE:
                raise self.expected("')'", f" to close the '(' at column {token.start}")
            self.advance()
            return inner
        if token.kind == lexer.NUMBER:
            self.advance()
            if self.peek.kind == lexer.DIE:
                return self.dice(self.number(token), token)
            return Number(self.number(token))
        if token.kind == lexer.DIE:
            return self.dice(1, token)
        raise self.expected(_START)

    def dice(self, count: int, start: Token) -> Dice:
        self.advance()  # the 'd'
        if count < 1:
            raise self.error("a dice term needs at least 1 die, got 0", start.start)
        self.dice_written += count
        if self.dice_written > self.limits.max_dice:
            raise self.error(
                f"an expression may roll at most {self.limits.max_dice} dice, got {self.dice_written}", start.start
            )
        fate = False
        token = self.peek
        if token.kind == lexer.PERCENT:
            self.advance()
            sides = 100
        elif token.kind == lexer.FATE:
            self.advance()
            sides, fate = 3, True
        else:
            sides, token = self.integer("the number of sides, '%' or 'F' after 'd'")
        if sides < 1:
            raise self.error("a die needs at least 1 side, got 0", token.start)
        if sides > self.limits.max_sides:
            raise self.error(f"a die may have at most {self.limits.max_sides} sides, got {sides}", token.start)
        reroll: Reroll | None = None
        explode: Explode | None = None
        select: Select | None = None
        while self.peek.kind in (lexer.SELECT, lexer.REROLL, lexer.EXPLODE):
            token = self.advance()
            if token.kind == lexer.SELECT:
                if select is not None:
                    raise self.error("a dice term can keep or drop only once", token.start)
                amount = self.integer("a count")[0] if self.peek.kind == lexer.NUMBER else 1
                select = Select("kh" if token.text == "k" else token.text, amount)
            elif token.kind == lexer.REROLL:
                if reroll is not None:
                    raise self.error("a dice term can reroll only once (use r or ro, not both)", token.start)
                if self.peek.kind == lexer.NUMBER:
                    condition = Comparison("=", self.integer("a number")[0])
                else:
                    condition = self.comparison(f"a comparison such as <3 after '{token.text}'")
                reroll = Reroll(condition, once=token.text == "ro")
            else:
                if explode is not None:
                    raise self.error("a dice term can explode only once", token.start)
                on = self.comparison("") if self.peek.kind == lexer.COMPARE else None
                explode = Explode(on)
        success = self.comparison("") if self.peek.kind == lexer.COMPARE else None
        try:
            return Dice(count, sides, fate, reroll, explode, select, success)
        except NotationError as error:
            raise self.error(str(error), start.start) from None

    def comparison(self, what: str) -> Comparison:
        if self.peek.kind != lexer.COMPARE:
            raise self.expected(what)
        op = self.advance().text
        value = self.integer(f"a number after '{op}'")[0]
        return Comparison(op, value)


def _limits(limits: Limits | None) -> Limits:
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
    limits = _limits(limits)
    if isinstance(expr, str):
        return _parse_cached(expr, limits), limits
    if isinstance(expr, (Number, Dice, Negate, Sum, Product)):
        expr = Expression(expr)
    if not isinstance(expr, Expression):
        raise TypeError(f"expr must be dice notation (a str) or an Expression, got {type(expr).__name__}")
    _check_tree(expr, limits)
    return expr, limits


def _check_tree(expression: Expression, limits: Limits) -> None:
    dice = 0
    # A tree built by hand obeys the limits text does: its notation must fit in
    # max_length characters (counted from the nodes, without building the text).
    length = len(expression.label) + 3 if expression.label is not None else 0
    if nesting(expression.body) > limits.max_depth:  # every node knows its nesting: no walk needed
        raise NotationError(f"the expression: nesting is deeper than {limits.max_depth} levels")
    stack: list[Node] = [expression.body]
    while stack:
        node = stack.pop()
        length += _length_of(node)
        if length > limits.max_length:
            raise NotationError(f"the expression: an expression may have at most {limits.max_length} characters")
        if isinstance(node, Dice):
            dice += node.count
            if node.sides > limits.max_sides:
                raise NotationError(f"{node}: a die may have at most {limits.max_sides} sides, got {node.sides}")
        elif isinstance(node, Negate):
            stack.append(node.operand)
        elif isinstance(node, (Sum, Product)):
            stack.extend(node.operands)
    if dice > limits.max_dice:
        raise NotationError(f"an expression may roll at most {limits.max_dice} dice, got {dice}")


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
    # The operators, and the parentheses of operands that print in them.
    return len(node.operators) + 2 * sum(isinstance(operand, (Sum, Product)) for operand in node.operands)


def _digits(number: int) -> int:
    return max(1, int(number.bit_length() * 0.30102999566398120))  # log10(2): never more than the digits
