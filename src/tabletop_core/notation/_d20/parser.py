"""Reading d20-dialect text into its tree, exactly as the d20 package reads it (cached)."""

from __future__ import annotations

from collections.abc import Callable

from tabletop_core._validate import check_type, clip, unsafe_character
from tabletop_core.notation._d20.tree import (
    ADDITIVE,
    COMPARISONS,
    DICE_OPERATORS,
    DIGITS,
    MULTIPLICATIVE,
    SELECTOR_KINDS,
    SET_OPERATORS,
    WHITESPACE,
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
from tabletop_core.notation._kernel.cache import SizedCache
from tabletop_core.notation.errors import NotationError, over_limit, shown
from tabletop_core.notation.limits import DEFAULT_LIMITS, PARSE_CACHE_BYTES, Limits

__all__ = ["PARSED", "as_d20_expression", "parse_d20"]

# -- the parser -------------------------------------------------------------------------------


class _Fail(Exception):
    """A syntax error at *position* (0-based; ``-1`` for the end of the text)."""

    def __init__(self, position: int, expected: str) -> None:
        super().__init__(expected)
        self.position = position
        self.expected = expected


# Where the d20 package may start a comment. It reads text with a LALR parser whose lexer
# knows, in each state, the tokens that state has an action for, and takes the rest of the
# line as a comment only when none of them matches there. At the end of a whole roll that
# set depends on the last token read: every state accepts an annotation, '+', '-', ',', a
# comparison, '*', '/', '//', '%', ')' and white space (its parse tables merge the states
# of a roll inside a set with those of the whole roll); after an integer also 'd'; after a
# set's ')' also 'k' and 'p'; after a die or a selector also every dice operator.
_AFTER_ANY = ("+", "-", ",", ")", "==", ">=", "<=", "!=", "<", ">", "*", "/", "%")
_AFTER: dict[str, tuple[str, ...]] = {
    "plain": _AFTER_ANY,
    "integer": (*_AFTER_ANY, "d"),
    "group": (*_AFTER_ANY, *SET_OPERATORS),
    "dice": (*_AFTER_ANY, *DICE_OPERATORS, *SET_OPERATORS),
}


class _Parser:
    def __init__(self, text: str, limits: Limits) -> None:
        self.text = text
        self.limits = limits
        self.i = 0
        self.dice_written = 0
        self.last = "plain"  # the kind of the last token read: a key of _AFTER

    def fail(self, expected: str) -> _Fail:
        return _Fail(-1 if self.i >= len(self.text) else self.i, expected)

    def ws(self) -> None:
        text, i = self.text, self.i
        while i < len(text) and text[i] in WHITESPACE:
            i += 1
        if i > self.i:
            self.last = "plain"
        self.i = i

    def starts(self, options: tuple[str, ...]) -> str | None:
        for option in options:
            if self.text.startswith(option, self.i):
                return option
        return None

    def integer(self, what: str) -> int:
        text, start = self.text, self.i
        i = start
        while i < len(text) and text[i] in DIGITS:
            i += 1
        if i == start:
            raise self.fail(what)
        if i - start > 1000:
            raise NotationError(
                f"{shown(text)}: a number may have at most 1000 digits at column {start + 1}", column=start + 1
            )
        self.i = i
        return int(text[start:i])

    # The grammar, loosest first: comparison, additive, multiplicative, unary, term.

    def additive(self, depth: int) -> D20Node:
        return self.chain(ADDITIVE, self.multiplicative, depth)

    def multiplicative(self, depth: int) -> D20Node:
        return self.chain(MULTIPLICATIVE, self.unary, depth)

    def chain(self, ops: tuple[str, ...], operand: Callable[[int], D20Node], depth: int = 0) -> D20Node:
        operands = [operand(depth)]
        self.ws()
        operators: list[str] = []
        while (op := self.starts(ops)) is not None:
            self.i += len(op)
            self.ws()
            operators.append(op)
            operands.append(operand(depth))
            self.ws()
        return operands[0] if not operators else D20Chain(tuple(operands), tuple(operators))

    def comparison(self, depth: int) -> D20Node:
        return self.chain(COMPARISONS, self.additive, depth)

    def deeper(self, depth: int) -> int:
        if depth + 1 > self.limits.max_depth:
            raise NotationError(
                f"{shown(self.text)}: nesting is deeper than {self.limits.max_depth} levels at column {self.i + 1}",
                column=self.i + 1,
                **over_limit("max_depth"),
            )
        return depth + 1

    def unary(self, depth: int) -> D20Node:
        op = self.starts(ADDITIVE)
        if op is not None:
            self.i += 1
            self.ws()
            return D20Unary(op, self.unary(self.deeper(depth)))
        return self.term(depth)

    def term(self, depth: int) -> D20Node:
        text, i = self.text, self.i
        node: D20Node
        if text.startswith("(", i):
            node = self.group(depth)
        elif text.startswith("d", i) or (i < len(text) and text[i] in DIGITS) or text.startswith(".", i):
            node = self.number_or_dice()
        else:
            raise self.fail("a number, a die or '('")
        self.ws()
        notes: list[str] = []
        while self.text.startswith("[", self.i):
            end = self.text.find("]", self.i)
            newline = self.text.find("\n", self.i)
            if end < 0 or 0 <= newline < end:
                break  # not an annotation: the rest is a comment (or an error)
            note = self.text[self.i + 1 : end]
            self.check_text(note, self.i + 2)
            notes.append(note)
            self.i = end + 1
            self.last = "plain"
            self.ws()
        return D20Annotated(node, tuple(notes)) if notes else node

    def check_text(self, text: str, column: int) -> None:
        index = unsafe_character(text)
        if index is not None:
            raise NotationError(
                f"{shown(self.text)}: annotations and comments must be one line of plain text, "
                f"found {text[index]!a} at column {column + index}",
                column=column + index,
            )

    def number_or_dice(self) -> D20Node:
        text, start = self.text, self.i
        j = start
        while j < len(text) and text[j] in DIGITS:
            j += 1
        if j < len(text) and text[j] == ".":
            k = j + 1
            while k < len(text) and text[k] in DIGITS:
                k += 1
            if k > j + 1 or j > start:  # 1.5, 1. and .5 are decimals; '.' alone is not
                if k - start > 1001:
                    raise NotationError(
                        f"{shown(text)}: a number may have at most 1000 digits at column {start + 1}",
                        column=start + 1,
                    )
                value = float(text[start:k])
                if value == float("inf"):
                    raise NotationError(
                        f"{shown(text)}: the decimal at column {start + 1} is too large", column=start + 1
                    )
                self.i = k
                self.last = "plain"
                return D20Literal(value)
            raise self.fail("a number, a die or '('")
        count = self.integer("a number, a die or '('") if j > start else None
        if not text.startswith("d", self.i):
            if count is None:
                raise self.fail("a number, a die or '('")
            self.last = "integer"
            return D20Literal(count)
        self.i += 1
        if text.startswith("%", self.i):
            self.i += 1
            sides: int | None = None
        else:
            sides = self.integer("the number of sides or '%' after 'd'")
            if sides > self.limits.max_sides:
                raise NotationError(
                    f"{shown(text)}: a die may have at most {self.limits.max_sides} sides, got {sides} "
                    f"at column {start + 1}",
                    column=start + 1,
                    **over_limit("max_sides"),
                )
        number = 1 if count is None else count
        self.last = "dice"
        self.dice_written += number
        if self.dice_written > self.limits.max_dice:
            raise NotationError(
                f"{shown(text)}: an expression may roll at most {self.limits.max_dice} dice, "
                f"got {self.dice_written} at column {start + 1}",
                column=start + 1,
                **over_limit("max_dice"),
            )
        return D20Dice(number, sides, self.operators(DICE_OPERATORS))

    def operators(self, allowed: tuple[str, ...]) -> tuple[D20Op, ...]:
        ops: list[D20Op] = []
        while (op := self.starts(allowed)) is not None:
            at = self.i + 1
            self.i += len(op)
            kind = self.starts(SELECTOR_KINDS)
            if kind is not None:
                self.i += 1
                value = self.integer("a number")
            else:
                value = self.integer("h, l, <, > or a number")
            selector = D20Selector(kind, value)
            self.last = "dice"
            if op in ("mi", "ma") and kind is not None:
                raise NotationError(
                    f"{shown(self.text)}: {op}{selector} is not a valid selector for "
                    f"{'minimums' if op == 'mi' else 'maximums'} at column {at}",
                    column=at,
                )
            if ops and ops[-1].op == op and op not in ("mi", "ma"):
                ops[-1] = D20Op(op, (*ops[-1].selectors, selector))  # k1k2: one keep, two selectors
            else:
                ops.append(D20Op(op, (selector,)))
        return tuple(ops)

    def group(self, depth: int) -> D20Node:
        depth = self.deeper(depth)
        self.i += 1  # '('
        self.ws()
        items: list[D20Node] = []
        comma = False
        if not self.text.startswith(")", self.i):
            items.append(self.comparison(depth))
            self.ws()
            while self.text.startswith(",", self.i):
                self.i += 1
                self.ws()
                comma = True
                if self.text.startswith(")", self.i):
                    break
                items.append(self.comparison(depth))
                self.ws()
        if not self.text.startswith(")", self.i):
            raise self.fail("',' or ')'")
        self.i += 1
        self.last = "group"
        ops = self.operators(SET_OPERATORS)
        if len(items) == 1 and not comma:
            return D20Paren(items[0], ops)
        return D20Set(tuple(items), ops)


def _read(text: str, limits: Limits) -> D20Expression:
    parser = _Parser(text, limits)
    body = parser.comparison(0)
    rest = text[parser.i :]
    if not rest:
        return D20Expression(body)
    if rest.startswith(_AFTER[parser.last]):  # an annotation there was read by term()
        raise parser.fail("an operator, a comment or the end of the roll")
    # A comment is the rest of the line: it may not hold a line break.
    if "\n" in rest:
        parser.i += rest.index("\n")
        raise parser.fail("the end of the expression")
    parser.check_text(rest, parser.i + 1)
    return D20Expression(body, rest)


def _parse(text: str, limits: Limits) -> D20Expression:
    if len(text) > limits.max_length:
        raise NotationError(
            f"{shown(text)}: an expression may have at most {limits.max_length} characters, got {len(text)}",
            column=limits.max_length + 1,
            **over_limit("max_length"),
        )
    try:
        return _read(text, limits)
    except _Fail as failure:
        # As the d20 package does: text that fails right after a '*' is a comment from that '*'
        # ("1d20 *grins*"). The end of the text counts as its last character.
        position = failure.position if failure.position >= 0 else len(text) - 1
        fragment = text[:position]
        if fragment.endswith("*"):
            fragment = fragment[:-1]
            try:
                expression = _read(fragment, limits)
            except _Fail:
                pass
            else:
                comment = text[len(fragment) :]
                _Parser(text, limits).check_text(comment, len(fragment) + 1)
                return D20Expression(expression.body, comment)
        column = failure.position + 1 if failure.position >= 0 else len(text) + 1
        found = "the end" if failure.position < 0 else clip(text[failure.position])
        raise NotationError(
            f"{shown(text)}: expected {failure.expected} at column {column}, found {found}", column=column
        ) from None


PARSED: SizedCache[tuple[str, Limits], D20Expression] = SizedCache(PARSE_CACHE_BYTES // 2)
"""The d20 dialect's parsed texts (4 MB: the d20 dialect is the less used)."""


def parse_d20(expr: str, *, limits: Limits | None = None) -> D20Expression:
    """Parse d20-dialect notation (cached); see the module docstring for the grammar.

    Raises:
        NotationError: a syntax error (naming the column) or a broken limit.
        TypeError: *expr* is not a string.
    """
    check_type("expr", expr, str)
    checked = DEFAULT_LIMITS if limits is None else check_type("limits", limits, Limits)
    key = (expr, checked)
    known = PARSED.get(key)
    if known is None:
        known = _parse(expr, checked)
        PARSED.put(key, known, 64 * len(expr) + 1024)
    return known


def as_d20_expression(expr: object, limits: Limits | None) -> tuple[D20Expression, Limits]:
    """Text or a :class:`D20Expression`, checked against *limits* (a hand-built tree is read back from its text)."""
    checked = DEFAULT_LIMITS if limits is None else check_type("limits", limits, Limits)
    if isinstance(expr, str):
        return parse_d20(expr, limits=checked), checked
    if isinstance(expr, D20Expression):
        return parse_d20(str(expr), limits=checked), checked
    raise TypeError(f"expr must be dice notation (a str) or a D20Expression, got {type(expr).__name__}")
