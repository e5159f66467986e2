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

The expression-level grammar (labels on terms, ``@names``, functions, computed dice,
``vs``, ``Nx`` and ``# comment``) is described on the docs page, section "Labels, names,
functions, vs and repeats".

Only parentheses and unary minus recurse, and each level counts against
:data:`~tabletop_core.notation.limits.MAX_DEPTH`; chains such as ``1+1+1+...``
are read in a loop into one flat node, so no input can exhaust the stack.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, overload

import attrs

from tabletop_core._validate import check_type, clip, one_line_text, unsafe_character
from tabletop_core.notation import lexer
from tabletop_core.notation._cache import SizedCache
from tabletop_core.notation.ast import (
    COMPUTED_SIDES,
    NODE_TYPES,
    Call,
    Clamp,
    Comparison,
    ComputedDice,
    Crit,
    Dice,
    Explode,
    Expression,
    Group,
    Labeled,
    Negate,
    Node,
    Number,
    Product,
    Reroll,
    Select,
    Sum,
    Variable,
    children_of,
    nesting,
    walk,
    with_children,
)
from tabletop_core.notation.errors import NotationError
from tabletop_core.notation.lexer import Token
from tabletop_core.notation.limits import DEFAULT_LIMITS, Limits, check_dialect

if TYPE_CHECKING:
    from tabletop_core.notation.dialect_d20 import D20Expression

__all__ = ["PARSE_CACHE_BYTES", "as_expression", "is_d20_expression", "parse"]

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


@overload
def parse(expr: str, *, limits: Limits | None = None, variables: Mapping[str, int] | None = None) -> Expression: ...


@overload
def parse(
    expr: str, *, limits: Limits | None = None, dialect: str, variables: Mapping[str, int] | None = None
) -> Expression | D20Expression: ...


def parse(
    expr: str,
    *,
    limits: Limits | None = None,
    dialect: str = "default",
    variables: Mapping[str, int] | None = None,
) -> Expression | D20Expression:
    """Parse dice notation into a frozen :class:`~tabletop_core.notation.ast.Expression`.

    Results are cached (in a cache bounded by memory, :data:`PARSE_CACHE_BYTES`):
    parsing the same text again costs a dictionary lookup.

    Args:
        expr: Notation such as ``"4d6kh3"`` or ``"1d20+5 [attack]"``.
        limits: Safety limits; :data:`~tabletop_core.notation.limits.DEFAULT_LIMITS` when omitted.
        dialect: ``"default"`` (this grammar) or ``"d20"`` (the d20 package's grammar, giving a
            :class:`~tabletop_core.notation.dialect_d20.D20Expression`).
        variables: Named values for ``@name`` (``{"str": 3}``): when given, every name is
            filled in (``1d20+@str`` parses to ``1d20+3``). Without it the names stay in the
            expression, to be filled when it is rolled.

    Returns:
        The expression; ``str()`` of it is canonical notation and parses back to an equal one
        (in the same dialect).

    Raises:
        NotationError: a syntax error (naming the column and what was expected there,
            and the likely intended notation where there is one), a broken limit, or a
            name that *variables* does not hold (the message lists the names it holds).
        TypeError: *expr* is not a string, or *variables* is not a mapping of str to int.

    Examples:
        >>> str(parse("d20 + 5 [Attack]"))
        '1d20+5 [Attack]'
        >>> str(parse("d20+5 to hit", dialect="d20"))
        '1d20 + 5 to hit'
        >>> parse("1d20+ [atk]")
        Traceback (most recent call last):
        ...
        tabletop_core.notation.errors.NotationError: 1d20+ [atk]: expected a number or a die at column 6
    """
    check_type("expr", expr, str)
    if (type(dialect) is not str or dialect != "default") and check_dialect(dialect) == "d20":
        from tabletop_core.notation.dialect_d20 import parse_d20

        if variables is not None and _sheet(variables):
            raise NotationError("named values (variables=) are read in the default dialect only")
        return parse_d20(expr, limits=_limits(limits))
    if variables is not None:
        from tabletop_core.notation.expression_ops import bind

        sheet = _sheet(variables)
        checked = _limits(limits)
        return as_expression(bind(_parse_cached(expr, checked), sheet), checked)[0]
    return _parse_cached(expr, _limits(limits))


def _sheet(variables: object) -> dict[str, int]:
    from tabletop_core.notation.expression_ops import check_variables

    return check_variables(variables)


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
        self.labels_seen = 0
        self.in_target = False
        # '1d20 [a] vs 15 [l]': with a label after 'vs' (the roll's own at the end, or a target
        # term's), a label right before 'vs' labels its term; else, alone, it is the roll's label.
        kinds = [token.kind for token in self.tokens]
        self.label_after_vs = lexer.VS in kinds and lexer.LABEL in kinds[kinds.index(lexer.VS) :]

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
        command = lexer.command_hint(self.text)  # '/r 1d20': the notation without the bot's command
        return self.error(f"expected {what}", suffix=f"{why}{found}{'; ' + command if command else ''}")

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
        self.no_leading_label()
        repeat = self.repeat()
        self.no_leading_label()
        body = self.expression(0)
        target: Node | None = None
        label: str | None = None
        if self.peek.kind == lexer.LABEL and self.tokens[self.position + 1].kind == lexer.VS:
            # '1d20+5 [attack] vs 15': a lone label before 'vs' labels the roll (as at its end).
            label = self.label_text(self.advance())
        if self.peek.kind == lexer.VS:
            self.advance()
            self.in_target = True
            target = self.expression(0)
            self.in_target = False
        if self.peek.kind == lexer.LABEL:  # never after a label before 'vs': that one labels its term then
            label = self.label_text(self.advance())
        comment = self.comment()
        token = self.peek
        self.hint_at_the_end(body, repeat)
        if token.kind == lexer.CLOSE:
            raise self.error("unmatched ')'", token.start)
        if token.kind == lexer.ADVANTAGE:
            raise self.error(
                f"'{token.text}' goes right after the d20 it applies to (d20 {token.text} + 5)", token.start
            )
        if token.kind == lexer.REPEAT:
            raise self.error("'x' repeats a whole roll: write its count first (6x 4d6kh3)", token.start)
        if token.kind == lexer.VS:
            raise self.error(
                "a roll has one 'vs' (1d20+5 vs 15); to make several rolls against a target, "
                "write their count first (2x 1d20+5 vs 15)",
                token.start,
            )
        if token.kind == lexer.COMMA:
            group = f"{{{self.text.strip()}}}"
            hint = f": did you mean '{one_line_text(group)}' (their sum)?" if lexer.suggestable(group) else ""
            raise self.error(f"',' separates the values of min() or max(), or the rolls of a group{hint}", token.start)
        if token.kind != lexer.END:
            raise self.expected("an operator or the end of the expression")
        if repeat > 1 and self.dice_written * repeat > self.limits.max_dice:
            raise self.error(
                f"an expression may roll at most {self.limits.max_dice} dice, "
                f"got {self.dice_written * repeat} ({repeat} times {self.dice_written})",
                1,
            )
        try:
            return Expression(body, label, comment, target, repeat)
        except NotationError as error:
            raise self.error(str(error), 1) from None

    def no_leading_label(self) -> None:
        """A label at the start is an error that shows where it goes (after what it labels)."""
        token = self.peek
        if token.kind == lexer.LABEL:
            rest = self.text[token.end :].strip()
            shown = f"{rest} [{token.text.strip()}]" if rest else f"1d20 [{token.text.strip()}]"
            hint = f"did you mean '{one_line_text(shown)}'?" if rest else f"such as '{one_line_text(shown)}'"
            if not lexer.suggestable(shown):  # only notation that parses is suggested
                hint = "such as '1d20 [attack]'"
            raise self.error(f"a label goes after what it labels: {hint}", token.start)

    def hint_at_the_end(self, body: Node, repeat: int) -> None:
        """Raise the likely intended notation when text is left after a whole roll.

        That is a DiceMaiden repeat ``6 4d6``, a trailing ``x3``, or a total compared with ``>=``.
        """
        token = self.peek
        if token.kind == lexer.END:
            return
        after = self.tokens[self.position + 1]
        before = self.text[: token.start - 1].strip()
        pair = {token.kind, after.kind}
        if pair == {lexer.REPEAT, lexer.NUMBER} and self.tokens[self.position + 2].kind == lexer.END:
            # 'x6' or '6x' after the roll (a number is never the last token, an END follows it)
            times = after.text if after.kind == lexer.NUMBER else token.text
            if lexer.suggestable(f"{times}x {before}"):
                raise self.error(
                    f"'x' repeats a whole roll: did you mean '{times}x {one_line_text(before)}'?", token.start
                )
        if (
            repeat == 1
            and isinstance(body, Number)
            and self.position == 1
            and token.kind in (lexer.NUMBER, lexer.DIE, lexer.OPEN)
        ):
            rest = self.text[token.start - 1 :].strip()
            count = body.value
            if not lexer.suggestable(f"{count}x {rest}"):
                raise self.expected("an operator")
            raise self.error(
                f"expected an operator; did you mean '{count}x {one_line_text(rest)}' (roll it {count} times)?",
                token.start,
            )
        if token.kind == lexer.COMPARE:
            rest = self.text[token.end :].strip()
            hint = f"did you mean '{one_line_text(before)} vs {one_line_text(rest)}' (a roll against a target)?"
            if token.text != ">=" or not lexer.suggestable(f"{before} vs {rest}"):
                hint = "to test a total against a target write 'vs': 1d20+5 vs 15 succeeds on 15 or more"
            raise self.error(f"a comparison counts the dice of the term right before it (8d10>=7); {hint}", token.start)

    def label_text(self, token: Token) -> str:
        """The text of a label token, checked to be one line of plain text."""
        index = unsafe_character(token.text)
        if index is not None:
            # A chat line must stay one line, in the order it was written.
            raise self.error(
                f"a label must be one line of plain text, found {token.text[index]!a}", token.start + 1 + index
            )
        return token.text

    def comment(self) -> str | None:
        """The trailing ``# comment``, if any."""
        if self.peek.kind != lexer.COMMENT:
            return None
        token = self.advance()
        index = unsafe_character(token.text)
        if index is not None:
            raise self.error(
                f"a comment must be one line of plain text, found {token.text[index]!a}", token.start + 1 + index
            )
        return token.text

    def repeat(self) -> int:
        """``Nx`` at the start: how many times the roll is made (1 when not written)."""
        if self.peek.kind != lexer.NUMBER or self.tokens[self.position + 1].kind != lexer.REPEAT:
            return 1
        token = self.advance()
        self.advance()
        times = self.number(token)
        if not 1 <= times <= self.limits.max_dice:
            raise self.error(f"a roll may be repeated 1 to {self.limits.max_dice} times, got {times}", token.start)
        return times

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
        return self.labelled(self.primary(depth))

    def labelled(self, node: Node) -> Node:
        """*node* with the labels written right after it (``1d20 [fire]``).

        A label written last, when no other label came before it, labels the whole expression
        (as it always has): it is left for :meth:`parse`. So is a label written last after the
        target of ``vs``, always (``1d20 [fire] vs 15 [attack]``), and the only label when it
        stands right before ``vs`` with none after it (``1d20+5 [attack] vs 15``).
        """
        while self.peek.kind == lexer.LABEL:
            after = self.tokens[self.position + 1].kind
            if after in (lexer.END, lexer.COMMENT) and (self.labels_seen == 0 or self.in_target):
                break
            if after == lexer.VS and self.labels_seen == 0 and not self.label_after_vs:
                break
            token = self.advance()
            text = self.label_text(token).strip()
            if text:
                self.labels_seen += 1
                try:
                    node = Labeled(node, text)
                except NotationError as error:
                    raise self.error(str(error), token.start) from None
        return node

    def primary(self, depth: int) -> Node:
        token = self.peek
        if token.kind == lexer.OPEN:
            self.advance()
            inner = self.expression(self.deeper(depth, token))
            if self.peek.kind != lexer.CLOSE:
                raise self.expected("')'", f" to close the '(' at column {token.start}")
            self.advance()
            if self.peek.kind == lexer.DIE:
                return self.computed_dice(inner, token, depth)
            return inner
        if token.kind == lexer.NUMBER:
            self.advance()
            if self.peek.kind == lexer.DIE:
                if self.tokens[self.position + 1].kind == lexer.OPEN:
                    return self.computed_dice(Number(self.number(token)), token, depth)
                return self.dice(self.number(token), token)
            return Number(self.number(token))
        if token.kind == lexer.DIE:
            if self.tokens[self.position + 1].kind == lexer.OPEN:
                return self.computed_dice(Number(1), token, depth)
            return self.dice(1, token)
        if token.kind == lexer.VARIABLE:
            self.advance()
            return Variable(token.text)
        if token.kind == lexer.FUNCTION:
            return self.call(depth)
        if token.kind == lexer.GROUP_OPEN:
            return self.group(depth, token)
        raise self.expected(_START)

    def call(self, depth: int) -> Node:
        """``floor(x)``, ``max(a, b)``: a math function and its values."""
        name = self.advance()
        opening = self.advance()  # the lexer made a function token only where '(' follows
        inner = self.deeper(depth, opening)
        args = [self.expression(inner)]
        while self.peek.kind == lexer.COMMA:
            self.advance()
            args.append(self.expression(inner))
        if self.peek.kind != lexer.CLOSE:
            raise self.expected("',' or ')'", f" to close {name.text}( at column {name.start}")
        self.advance()
        try:
            return Call(name.text, tuple(args))
        except NotationError as error:
            raise self.error(str(error), name.start) from None

    def computed_dice(self, count: Node, start: Token, depth: int) -> Node:
        """Dice with a computed count or sides: ``(1d4+1)d6``, ``(@pool)d10>=8``, ``2d(1d6+4)``.

        With plain sides the modifiers are read as for any dice term, onto one die of the
        term; a plain ``(2)d6kh1`` is ``2d6kh1``.
        """
        die = self.peek  # the 'd'
        if self.tokens[self.position + 1].kind != lexer.OPEN:
            written = self.dice_written
            one = self.dice(1, die)
            self.dice_written = written
            if one.count != 1:
                raise self.error("'adv' and 'dis' apply to one d20 (d20 adv), not to a computed count", die.start)
            if isinstance(count, Number) and count.value >= 1:
                self.written(count.value, start)
                return attrs.evolve(one, count=count.value)
            plain = one == Dice(1, one.sides)
            return ComputedDice(count, Number(one.sides), None if plain else one)
        self.advance()
        token = self.advance()  # the '('
        sides = self.expression(self.deeper(depth, token))
        if self.peek.kind != lexer.CLOSE:
            raise self.expected("')'", f" to close the '(' at column {token.start}")
        self.advance()
        if self.peek.kind == lexer.ADVANTAGE:
            raise self.error(
                f"'{self.peek.text}' applies to one d20 (d20 {self.peek.text}), not to computed sides", self.peek.start
            )
        if isinstance(sides, Number):
            # The sides are plain after all: 2d(6)kh1 is 2d6kh1, (1d4)d(6) is (1d4)d6.
            if not 1 <= sides.value <= self.limits.max_sides:
                raise self.error(f"a die may have 1 to {self.limits.max_sides} sides, got {sides.value}", token.start)
            one = self.modifiers(1, sides.value, False, die)
            if isinstance(count, Number) and count.value >= 1:
                self.written(count.value, start)
                return attrs.evolve(one, count=count.value)
            return ComputedDice(count, sides, None if one == Dice(1, one.sides) else one)
        template = self.modifiers(1, COMPUTED_SIDES, False, die, f"d({sides})")
        try:
            return ComputedDice(count, sides, None if template == Dice(1, COMPUTED_SIDES) else template)
        except NotationError as error:
            raise self.error(str(error), die.start) from None

    def written(self, count: int, start: Token) -> None:
        """Count *count* more dice written, within ``limits.max_dice``."""
        self.dice_written += count
        if self.dice_written > self.limits.max_dice:
            raise self.error(
                f"an expression may roll at most {self.limits.max_dice} dice, got {self.dice_written}", start.start
            )

    def group(self, depth: int, opening: Token) -> Node:
        """``{item, item, ...}`` then keep/drop, a success count and failures, over the items' totals.

        A group of one roll is read as Roll20 reads it (:meth:`single_roll`).
        """
        self.advance()
        inner = self.deeper(depth, opening)
        items = [self.expression(inner)]
        while self.peek.kind == lexer.COMMA:
            self.advance()
            items.append(self.expression(inner))
        if self.peek.kind != lexer.GROUP_CLOSE:
            raise self.expected("',' or '}'", f" to close the '{{' at column {opening.start}")
        self.advance()
        select: Select | None = None
        if self.peek.kind == lexer.SELECT:
            token = self.advance()
            amount = self.integer("a count")[0] if self.peek.kind == lexer.NUMBER else 1
            select = Select("kh" if token.text == "k" else token.text, amount)
        success = self.comparison("") if self.peek.kind == lexer.COMPARE else None
        failure = None
        if success is not None and self.peek.kind == lexer.FATE:
            self.advance()
            failure = self.compare_or_number("a comparison such as <3 or a number after 'f'")
        if len(items) == 1:
            return self.single_roll(items[0], select, success, opening)
        try:
            return Group(tuple(items), select, success, failure)
        except NotationError as error:
            raise self.error(str(error), opening.start) from None

    def single_roll(self, item: Node, select: Select | None, success: Comparison | None, opening: Token) -> Node:
        """A group of one roll, as Roll20 reads it: ``{1d6}`` is ``1d6``, ``{4d6+3}kh3`` is ``4d6kh3+3``.

        Its keep/drop applies to the dice of that roll, not to its total. With one dice term
        that is that term's keep/drop. Across two or more dice terms (Roll20's ``{4d6+3d8}k4``)
        what the arithmetic does with the dropped dice is not written down the same way by the
        rollers that read it, and a success count counts dice in one and tests the total in
        another, so those are refused with the spellings that say it plainly.
        """
        if select is None and success is None:
            return item  # the braces group as parentheses do
        terms = [node for node in walk(item) if isinstance(node, (Dice, ComputedDice, Group))]
        if success is None and len(terms) == 1 and isinstance(terms[0], Dice):
            term = terms[0]
            if term.select is None and term.success is None:
                try:
                    return _replaced(item, term, attrs.evolve(term, select=select))
                except NotationError as error:
                    raise self.error(str(error), opening.start) from None
        shown = one_line_text(str(item))
        if success is not None:
            bar = {">=": success.value, ">": success.value + 1}.get(success.op)
            versus = "" if bar is None else f", or test the total with vs ({shown} vs {bar})"
            raise self.error(
                f"a success count on a group of one roll ({{{shown}}}) counts its dice in one roller and tests its "
                f"total in another: write it on a dice term to count dice (8d10{success}){versus}",
                opening.start,
            )
        raise self.error(
            f"on a group of one roll ({{{shown}}}), keep/drop applies to its dice, which this dialect reads only "
            "for a roll of one dice term without keep/drop ({4d6+3}kh3 is 4d6kh3+3): write it on the dice term, "
            "or list two or more rolls to keep or drop whole totals ({4d6, 3d8}kh1)",
            opening.start,
        )

    def dice(self, count: int, start: Token) -> Dice:
        self.advance()  # the 'd'
        if count < 1:
            raise self.error("a dice term needs at least 1 die, got 0", start.start)
        self.dice_written += count
        if self.dice_written > self.limits.max_dice:
            raise self.error(
                f"an expression may roll at most {self.limits.max_dice} dice, got {self.dice_written}", start.start
            )
        sides, fate = self.sides()
        return self.modifiers(count, sides, fate, start)

    def modifiers(self, count: int, sides: int, fate: bool, start: Token, die: str = "") -> Dice:
        """The modifiers after a die's sides, read into the dice term they make.

        *die*, when given, is how the die is written (``d(1d6+4)``) for sides computed when rolled.
        """
        reroll: Reroll | None = None
        explode: Explode | None = None
        select: Select | None = None
        if self.peek.kind == lexer.ADVANTAGE:
            count, select = self.advantage(count, start)
        extra = _Extra()
        while self.peek.kind in (lexer.SELECT, lexer.REROLL, lexer.EXPLODE, *_EXTRA_KINDS) or self.bare_drop():
            token = self.advance()
            if token.kind == lexer.DIE:  # Roll20's bare 'd': 4d6d1 drops the lowest 1
                if select is not None:
                    raise self.error("a dice term can keep or drop only once", token.start)
                select = Select("dl", self.integer("a count")[0])
            elif token.kind in _EXTRA_KINDS:
                self.extra_modifier(token, extra)
            elif token.kind == lexer.SELECT:
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
                explode = Explode(on, token.text)
        success = self.comparison("") if self.peek.kind == lexer.COMPARE else None
        if success is not None and self.peek.kind == lexer.FATE:  # 'f' after a success count: failures
            self.advance()
            extra.failure = self.compare_or_number("a comparison such as <3 or a number after 'f'")
        while self.peek.kind in (lexer.SORT, lexer.CRIT):
            self.extra_modifier(self.advance(), extra)
        try:
            return Dice(
                count,
                sides,
                fate,
                reroll,
                explode,
                select,
                success,
                extra.clamp(),
                extra.failure,
                extra.crit(),
                extra.sort,
                extra.unique,
                extra.unique_once,
            )
        except NotationError as error:
            message = str(error).replace(f"d{COMPUTED_SIDES}", die) if die else str(error)
            raise self.error(message, start.start) from None

    def bare_drop(self) -> bool:
        """Whether a ``d`` and a number follow right after a dice term's modifiers (``4d6d1``, no space)."""
        token = self.peek
        return (
            token.kind == lexer.DIE
            and self.tokens[self.position + 1].kind == lexer.NUMBER
            and self.tokens[self.position - 1].end + 1 == token.start
        )

    def extra_modifier(self, token: Token, extra: _Extra) -> None:
        """``mi``/``ma`` (clamp), ``cs``/``cf`` (crit range) or ``s``/``sa``/``sd`` (sort), each once per term."""
        if token.kind == lexer.UNIQUE:
            if extra.unique or extra.unique_once:
                raise self.error("a dice term can be unique only once (u or uo, not both)", token.start)
            extra.unique, extra.unique_once = token.text == "u", token.text == "uo"
            return
        if token.kind == lexer.SORT:
            if extra.sort is not None:
                raise self.error("a dice term can be sorted only once", token.start)
            extra.sort = "d" if token.text == "sd" else "a"
            return
        if token.text in extra.seen:
            raise self.error(f"a dice term can take '{token.text}' only once", token.start)
        extra.seen.add(token.text)
        if token.kind == lexer.CLAMP:
            extra.bounds[token.text] = self.integer(f"a number after '{token.text}'")[0]
        else:
            extra.ranges[token.text] = self.compare_or_number(f"a comparison such as >=19 after '{token.text}'")

    def compare_or_number(self, what: str) -> Comparison:
        """A comparison, or a bare number meaning "equal"."""
        if self.peek.kind == lexer.NUMBER:
            return Comparison("=", self.integer("a number")[0])
        return self.comparison(what)

    def sides(self) -> tuple[int, bool]:
        """The die after 'd': ``(sides, fate)``."""
        token = self.peek
        if token.kind == lexer.PERCENT:
            self.advance()
            return 100, False
        if token.kind == lexer.FATE:
            self.advance()
            return 3, True
        sides, token = self.integer("the number of sides, '%' or 'F' after 'd'")
        if sides < 1:
            raise self.error("a die needs at least 1 side, got 0", token.start)
        if sides > self.limits.max_sides:
            raise self.error(f"a die may have at most {self.limits.max_sides} sides, got {sides}", token.start)
        return sides, False

    def advantage(self, count: int, start: Token) -> tuple[int, Select]:
        """``d20 adv`` is 2d20kh1, ``d20 dis`` 2d20kl1: one die rolled twice, one kept."""
        token = self.advance()
        if count != 1:
            raise self.error(f"'{token.text}' applies to one die (d20 {token.text}), got {count}", token.start)
        self.dice_written += 1
        if self.dice_written > self.limits.max_dice:
            raise self.error(
                f"an expression may roll at most {self.limits.max_dice} dice, got {self.dice_written}", start.start
            )
        return 2, Select("kh" if token.text == "adv" else "kl", 1)

    def comparison(self, what: str) -> Comparison:
        if self.peek.kind != lexer.COMPARE:
            raise self.expected(what)
        op = self.advance().text
        value = self.integer(f"a number after '{op}'")[0]
        return Comparison(op, value)


_EXTRA_KINDS = (lexer.CLAMP, lexer.SORT, lexer.CRIT, lexer.UNIQUE)


class _Extra:
    """The clamp, crit ranges, failures and sort read for one dice term."""

    def __init__(self) -> None:
        self.seen: set[str] = set()
        self.bounds: dict[str, int] = {}
        self.ranges: dict[str, Comparison] = {}
        self.failure: Comparison | None = None
        self.sort: str | None = None
        self.unique = False
        self.unique_once = False

    def clamp(self) -> Clamp | None:
        return Clamp(self.bounds.get("mi"), self.bounds.get("ma")) if self.bounds else None

    def crit(self) -> Crit | None:
        return Crit(self.ranges.get("cs"), self.ranges.get("cf")) if self.ranges else None


def _replaced(root: Node, old: Node, new: Node) -> Node:
    """*root* with the node *old* (itself, not an equal one) replaced by *new*."""
    if root is old:
        return new
    children = children_of(root)
    replaced = tuple(_replaced(child, old, new) for child in children)
    return root if replaced == children else with_children(root, replaced)


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
    if isinstance(expr, NODE_TYPES):
        expr = Expression(expr)
    if not isinstance(expr, Expression):
        raise TypeError(f"expr must be dice notation (a str) or an Expression, got {type(expr).__name__}")
    _check_tree(expr, limits)
    return expr, limits


def is_d20_expression(expr: object) -> bool:
    """Whether *expr* is a parsed d20-dialect expression (a ``D20Expression``).

    The d20 dialect loads on first use; until then no such expression can exist, so
    the answer needs no import.
    """
    tree = sys.modules.get("tabletop_core.notation._d20_tree")
    return tree is not None and isinstance(expr, tree.D20Expression)


def _check_tree(expression: Expression, limits: Limits) -> None:
    dice = 0
    # A tree built by hand obeys the limits text does: its notation must fit in
    # max_length characters (counted from the nodes, without building the text).
    length = len(expression.label) + 3 if expression.label is not None else 0
    length += len(expression.comment) + 3 if expression.comment is not None else 0
    if nesting(expression.body) > limits.max_depth:  # every node knows its nesting: no walk needed
        raise NotationError(f"the expression: nesting is deeper than {limits.max_depth} levels")
    if expression.target is not None and nesting(expression.target) > limits.max_depth:
        raise NotationError(f"the target: nesting is deeper than {limits.max_depth} levels")
    # The target obeys the same limits as the body (a named value can make its dice: vs 2d(@s)).
    stack: list[Node] = [expression.body] if expression.target is None else [expression.body, expression.target]
    while stack:
        node = stack.pop()
        length += _length_of(node)
        if length > limits.max_length:
            raise NotationError(f"the expression: an expression may have at most {limits.max_length} characters")
        if isinstance(node, Dice):
            dice += node.count
            if node.sides > limits.max_sides:
                raise NotationError(f"{node}: a die may have at most {limits.max_sides} sides, got {node.sides}")
        else:
            stack.extend(children_of(node))
    dice *= expression.repeat
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
