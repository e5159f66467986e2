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
* ``[annotations]`` follow any term; whatever cannot be read after a complete
  expression is a comment (``1d20+5 to hit``), and a leading ``d20`` kept
  alone is a critical hit on 20 and a critical failure on 1.

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

import decimal
from collections.abc import Callable, Iterator
from fractions import Fraction
from typing import TypeAlias, Union

import attrs

from tabletop_core._validate import check_type, clip, unsafe_character
from tabletop_core.notation import lexer
from tabletop_core.notation._cache import SizedCache
from tabletop_core.notation.errors import NotationError
from tabletop_core.notation.limits import DEFAULT_LIMITS, Limits
from tabletop_core.notation.result import DiceMarks, DiceRoll, RollResult
from tabletop_core.odds import Distribution
from tabletop_core.rng import DiceSource

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

Value: TypeAlias = Union[int, float]  # noqa: UP007 - a runtime alias on Python 3.10

_WS = " \t\f\r\n"
_DIGITS = "0123456789"
COMPARISONS = ("==", "!=", ">=", "<=", ">", "<")
_ADDITIVE = ("+", "-")
_MULTIPLICATIVE = ("*", "//", "/", "%")
DICE_OPERATORS = ("rr", "ro", "ra", "e", "mi", "ma", "k", "p")
SET_OPERATORS = ("k", "p")
_SELECTOR_KINDS = ("h", "l", "<", ">")


# -- the tree ---------------------------------------------------------------------------------


@attrs.frozen
class D20Selector:
    """Which members an operator acts on: ``h3`` (highest 3), ``l1``, ``<3``, ``>4`` or a bare face ``6``.

    Args:
        kind: ``"h"``, ``"l"``, ``"<"``, ``">"`` or ``None`` (the members equal to *value*).
        value: The number.
    """

    kind: str | None
    value: int

    def __attrs_post_init__(self) -> None:
        if self.kind is not None and self.kind not in _SELECTOR_KINDS:
            raise NotationError(f"a selector kind must be one of h l < >, got {clip(self.kind)}")
        if type(self.value) is not int or self.value < 0:
            raise NotationError(f"a selector needs a whole number of at least 0, got {clip(self.value)}")

    def __str__(self) -> str:
        return f"{self.kind or ''}{self.value}"


@attrs.frozen
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


@attrs.frozen
class D20Literal:
    """A number written in the expression: an int, or a float for a decimal such as ``1.5``."""

    value: Value

    def __str__(self) -> str:
        if isinstance(self.value, int):
            return str(self.value)
        text = format(decimal.Decimal(repr(self.value)), "f")
        return text if "." in text else text + ".0"


@attrs.frozen
class D20Dice:
    """``NdS`` and its operators in the order written; ``sides=None`` is ``d%`` (0, 10, ..., 90)."""

    count: int
    sides: int | None
    ops: tuple[D20Op, ...] = ()

    def __str__(self) -> str:
        return f"{self.count}d{'%' if self.sides is None else self.sides}" + "".join(map(str, self.ops))


@attrs.frozen
class D20Set:
    """A set ``(a, b, c)`` with keep/drop operators acting on whole members."""

    items: tuple[D20Node, ...]
    ops: tuple[D20Op, ...] = ()

    def __str__(self) -> str:
        inner = ", ".join(map(str, self.items))
        if len(self.items) == 1:
            inner += ","
        return f"({inner})" + "".join(map(str, self.ops))


@attrs.frozen
class D20Paren:
    """Parentheses around one expression, with optional keep/drop acting on what is inside."""

    inner: D20Node
    ops: tuple[D20Op, ...] = ()

    def __str__(self) -> str:
        return f"({self.inner})" + "".join(map(str, self.ops))


@attrs.frozen
class D20Annotated:
    """A term followed by one or more ``[annotations]`` (the value is the term's)."""

    inner: D20Node
    notes: tuple[str, ...]

    def __str__(self) -> str:
        return f"{self.inner} " + "".join(f"[{note}]" for note in self.notes)


@attrs.frozen
class D20Unary:
    """Unary ``+`` or ``-``."""

    op: str
    operand: D20Node

    def __str__(self) -> str:
        return f"{self.op}{self.operand}"


@attrs.frozen
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


@attrs.frozen
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


# -- the parser -------------------------------------------------------------------------------


class _Fail(Exception):
    """A syntax error at *position* (0-based; ``-1`` for the end of the text)."""

    def __init__(self, position: int, expected: str) -> None:
        super().__init__(expected)
        self.position = position
        self.expected = expected


class _Parser:
    def __init__(self, text: str, limits: Limits) -> None:
        self.text = text
        self.limits = limits
        self.i = 0
        self.dice_written = 0

    def fail(self, expected: str) -> _Fail:
        return _Fail(-1 if self.i >= len(self.text) else self.i, expected)

    def ws(self) -> None:
        text, i = self.text, self.i
        while i < len(text) and text[i] in _WS:
            i += 1
        self.i = i

    def starts(self, options: tuple[str, ...]) -> str | None:
        for option in options:
            if self.text.startswith(option, self.i):
                return option
        return None

    def integer(self, what: str) -> int:
        text, start = self.text, self.i
        i = start
        while i < len(text) and text[i] in _DIGITS:
            i += 1
        if i == start:
            raise self.fail(what)
        if i - start > 1000:
            raise NotationError(
                f"{lexer.shown(text)}: a number may have at most 1000 digits at column {start + 1}", column=start + 1
            )
        self.i = i
        return int(text[start:i])

    # The grammar, loosest first: comparison, additive, multiplicative, unary, term.

    def additive(self, depth: int) -> D20Node:
        return self.chain(_ADDITIVE, self.multiplicative, depth)

    def multiplicative(self, depth: int) -> D20Node:
        return self.chain(_MULTIPLICATIVE, self.unary, depth)

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
                f"{lexer.shown(self.text)}: nesting is deeper than {self.limits.max_depth} levels "
                f"at column {self.i + 1}",
                column=self.i + 1,
            )
        return depth + 1

    def unary(self, depth: int) -> D20Node:
        op = self.starts(_ADDITIVE)
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
        elif text.startswith("d", i) or (i < len(text) and text[i] in _DIGITS) or text.startswith(".", i):
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
            self.ws()
        return D20Annotated(node, tuple(notes)) if notes else node

    def check_text(self, text: str, column: int) -> None:
        index = unsafe_character(text)
        if index is not None:
            raise NotationError(
                f"{lexer.shown(self.text)}: annotations and comments must be one line of plain text, "
                f"found {text[index]!a} at column {column + index}",
                column=column + index,
            )

    def number_or_dice(self) -> D20Node:
        text, start = self.text, self.i
        j = start
        while j < len(text) and text[j] in _DIGITS:
            j += 1
        if j < len(text) and text[j] == ".":
            k = j + 1
            while k < len(text) and text[k] in _DIGITS:
                k += 1
            if k > j + 1 or j > start:  # 1.5, 1. and .5 are decimals; '.' alone is not
                if k - start > 1001:
                    raise NotationError(
                        f"{lexer.shown(text)}: a number may have at most 1000 digits at column {start + 1}",
                        column=start + 1,
                    )
                value = float(text[start:k])
                if value == float("inf"):
                    raise NotationError(
                        f"{lexer.shown(text)}: the decimal at column {start + 1} is too large", column=start + 1
                    )
                self.i = k
                return D20Literal(value)
            raise self.fail("a number, a die or '('")
        count = self.integer("a number, a die or '('") if j > start else None
        if not text.startswith("d", self.i):
            if count is None:
                raise self.fail("a number, a die or '('")
            return D20Literal(count)
        self.i += 1
        if text.startswith("%", self.i):
            self.i += 1
            sides: int | None = None
        else:
            sides = self.integer("the number of sides or '%' after 'd'")
            if sides > self.limits.max_sides:
                raise NotationError(
                    f"{lexer.shown(text)}: a die may have at most {self.limits.max_sides} sides, got {sides} "
                    f"at column {start + 1}",
                    column=start + 1,
                )
        number = 1 if count is None else count
        self.dice_written += number
        if self.dice_written > self.limits.max_dice:
            raise NotationError(
                f"{lexer.shown(text)}: an expression may roll at most {self.limits.max_dice} dice, "
                f"got {self.dice_written} at column {start + 1}",
                column=start + 1,
            )
        return D20Dice(number, sides, self.operators(DICE_OPERATORS))

    def operators(self, allowed: tuple[str, ...]) -> tuple[D20Op, ...]:
        ops: list[D20Op] = []
        while (op := self.starts(allowed)) is not None:
            at = self.i + 1
            self.i += len(op)
            kind = self.starts(_SELECTOR_KINDS)
            if kind is not None:
                self.i += 1
                value = self.integer("a number")
            else:
                value = self.integer("h, l, <, > or a number")
            selector = D20Selector(kind, value)
            if op in ("mi", "ma") and kind is not None:
                raise NotationError(
                    f"{lexer.shown(self.text)}: {op}{selector} is not a valid selector for "
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
    # A comment is the rest of the line: it may not hold a line break.
    if "\n" in rest:
        parser.i += rest.index("\n")
        raise parser.fail("the end of the expression")
    parser.check_text(rest, parser.i + 1)
    return D20Expression(body, rest)


def _parse(text: str, limits: Limits) -> D20Expression:
    if len(text) > limits.max_length:
        raise NotationError(
            f"{lexer.shown(text)}: an expression may have at most {limits.max_length} characters, got {len(text)}",
            column=limits.max_length + 1,
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
            f"{lexer.shown(text)}: expected {failure.expected} at column {column}, found {found}", column=column
        ) from None


PARSE_CACHE_BYTES = 4 * 2**20
_PARSED: SizedCache[tuple[str, Limits], D20Expression] = SizedCache(PARSE_CACHE_BYTES)


def parse_d20(expr: str, *, limits: Limits | None = None) -> D20Expression:
    """Parse d20-dialect notation (cached); see the module docstring for the grammar.

    Raises:
        NotationError: a syntax error (naming the column) or a broken limit.
        TypeError: *expr* is not a string.
    """
    check_type("expr", expr, str)
    checked = DEFAULT_LIMITS if limits is None else check_type("limits", limits, Limits)
    key = (expr, checked)
    known = _PARSED.get(key)
    if known is None:
        known = _parse(expr, checked)
        _PARSED.put(key, known, 64 * len(expr) + 1024)
    return known


def as_d20_expression(expr: object, limits: Limits | None) -> tuple[D20Expression, Limits]:
    """Text or a :class:`D20Expression`, checked against *limits* (a hand-built tree is read back from its text)."""
    checked = DEFAULT_LIMITS if limits is None else check_type("limits", limits, Limits)
    if isinstance(expr, str):
        return parse_d20(expr, limits=checked), checked
    if isinstance(expr, D20Expression):
        return parse_d20(str(expr), limits=checked), checked
    raise TypeError(f"expr must be dice notation (a str) or a D20Expression, got {type(expr).__name__}")


# -- rolling ----------------------------------------------------------------------------------


class _Source:
    """Where the evaluator gets faces (1..sides) from, and how loops are bounded."""

    rounds: int | None = None  # explosion rounds allowed (None: until the dice budget runs out)

    def draw(self, sides: int) -> int:
        raise NotImplementedError

    def draw_from(self, faces: list[int], sides: int) -> int:  # pragma: no cover - odds only
        raise NotImplementedError


class _Rolling(_Source):
    def __init__(self, source: DiceSource, budget: int, text: str) -> None:
        self.source = source
        self.left = budget
        self.budget = budget
        self.text = text

    def draw(self, sides: int) -> int:
        self.left -= 1
        if self.left < 0:
            raise NotationError(
                f"{self.text}: rolled more than {self.budget} dice (rerolls and explosions included); "
                "raise Limits.max_dice to allow more"
            )
        return self.source.roll(sides)


class _Member:
    """One evaluated node: its value, whether it is kept, and what a keep/drop acts on."""

    __slots__ = ("kept",)

    def __init__(self) -> None:
        self.kept = True

    def number(self) -> Value:
        return sum(member.number() for member in self.members() if member.kept)

    def total(self) -> Value:
        return self.number() if self.kept else 0

    def members(self) -> list[_Member]:
        return [self]

    def first(self) -> _Member | None:
        return None


class _Const(_Member):
    __slots__ = ("value",)

    def __init__(self, value: Value) -> None:
        super().__init__()
        self.value = value

    def number(self) -> Value:
        return self.value


class _Die(_Member):
    __slots__ = ("exploded", "history", "value")

    def __init__(self, value: int, position: int) -> None:
        super().__init__()
        self.value = value
        self.history = [position]
        self.exploded = False

    def number(self) -> Value:
        return self.value


class _DiceMember(_Member):
    __slots__ = ("dice", "faces", "node", "sides")

    def __init__(self, node: D20Dice) -> None:
        super().__init__()
        self.node = node
        self.sides = node.sides
        self.dice: list[_Die] = []
        self.faces: list[int] = []

    def roll_one(self, source: _Source) -> _Die:
        face = source.draw(10 if self.sides is None else self.sides)
        value = (face - 1) * 10 if self.sides is None else face
        self.faces.append(value)
        return _Die(value, len(self.faces) - 1)

    def reroll(self, die: _Die, value: int) -> None:
        self.faces.append(value)
        die.history.append(len(self.faces) - 1)
        die.value = value

    def members(self) -> list[_Member]:
        return list(self.dice)

    def record(self) -> DiceRoll:
        faces = list(self.faces)
        dropped: list[int] = []
        rerolled: list[int] = []
        exploded: list[int] = []
        for die in self.dice:
            *old, last = die.history
            rerolled.extend(old)
            faces[last] = die.value  # a face raised by mi or lowered by ma shows as it counts
            if not die.kept:
                dropped.append(last)
            if die.exploded:
                exploded.append(last)
        marks = DiceMarks(tuple(sorted(dropped)), tuple(sorted(rerolled)), tuple(sorted(exploded)))
        plain = not (dropped or rerolled or exploded)
        value = self.number()  # its kept dice (a set may drop the whole term: the total shows that)
        return DiceRoll(
            str(self.node),
            100 if self.sides is None else self.sides,
            False,
            tuple(faces),
            int(value),
            None if plain else marks,
        )


class _SetMember(_Member):
    __slots__ = ("items",)

    def __init__(self, items: list[_Member]) -> None:
        super().__init__()
        self.items = items

    def members(self) -> list[_Member]:
        return list(self.items)

    def first(self) -> _Member | None:
        return self.items[0] if self.items else None


class _ParenMember(_Member):
    __slots__ = ("inner",)

    def __init__(self, inner: _Member) -> None:
        super().__init__()
        self.inner = inner

    def total(self) -> Value:
        return self.inner.total() if self.kept else 0

    def members(self) -> list[_Member]:
        return self.inner.members()

    def first(self) -> _Member | None:
        return self.inner


class _Computed(_Member):
    """A unary or binary operation: its value is fixed once computed."""

    __slots__ = ("children", "value")

    def __init__(self, value: Value, children: list[_Member]) -> None:
        super().__init__()
        self.value = value
        self.children = children

    def number(self) -> Value:
        return self.value

    def first(self) -> _Member | None:
        return self.children[0]


def _select(selector: D20Selector, pool: list[_Member]) -> list[_Member]:
    kind, n = selector.kind, selector.value
    if kind == "h":
        return sorted(pool, key=lambda m: m.total(), reverse=True)[:n]
    if kind == "l":
        return sorted(pool, key=lambda m: m.total())[:n]
    if kind == "<":
        return [m for m in pool if m.total() < n]
    if kind == ">":
        return [m for m in pool if m.total() > n]
    return [m for m in pool if m.total() == n]


def _selected(op: D20Op, target: _Member, limit: int | None = None) -> list[_Member]:
    """The members *op* selects, in a stable order, at most *limit* of them."""
    pool = [m for m in target.members() if m.kept]
    out: dict[int, _Member] = {}
    for selector in op.selectors:
        batch = _select(selector, pool)
        if limit is not None:
            room = limit - len(out)
            if room <= 0:
                break
            batch = batch[:room]
        for member in batch:
            out.setdefault(id(member), member)
    return list(out.values())


def _operate(op: D20Op, target: _Member, source: _Source, text: str) -> None:
    """Apply one operator, in place, as the d20 package does."""
    name = op.op
    if name == "k":
        keep = {id(m) for m in _selected(op, target)}
        for member in [m for m in target.members() if m.kept]:
            if id(member) not in keep:
                member.kept = False
    elif name == "p":
        for member in _selected(op, target):
            member.kept = False
    elif not isinstance(target, _DiceMember):  # pragma: no cover - the parser allows these on dice only
        raise NotationError(f"{text}: {op} applies to dice only")
    elif name in ("mi", "ma"):
        bound = op.selectors[-1].value
        for each in [d for d in target.dice if d.kept]:
            if (name == "mi" and each.value < bound) or (name == "ma" and each.value > bound):
                each.value = bound
    elif name in ("rr", "ro"):
        _reroll(op, target, source, text)
    else:
        _explode(op, target, source)


def _dice_in(members: list[_Member]) -> list[_Die]:
    return [m for m in members if isinstance(m, _Die)]


def _new_value(dice: _DiceMember, source: _Source) -> int:
    face = source.draw(10 if dice.sides is None else dice.sides)
    return (face - 1) * 10 if dice.sides is None else face


def _reroll(op: D20Op, dice: _DiceMember, source: _Source, text: str) -> None:
    if op.op == "ro":
        for die in _dice_in(_selected(op, dice)):
            dice.reroll(die, _new_value(dice, source))
        return
    if isinstance(source, _Enumerating) and all(s.kind in (None, "<", ">") for s in op.selectors):
        # Each die on its own: its last face is equally likely any face not selected.
        sides = 10 if dice.sides is None else dice.sides
        left = [f for f in _faces(dice.sides) if not any(_select(s, [_Const(f)]) for s in op.selectors)]
        for die in _dice_in(_selected(op, dice)):
            if not left:
                raise NotationError(f"{text}: {op} rerolls every face, so it would never stop")
            dice.reroll(die, source.draw_from(left, sides))
        return
    rounds = 0
    chosen = _dice_in(_selected(op, dice))
    while chosen:
        rounds += 1
        if source.rounds is not None and rounds > source.rounds:
            raise NotationError(f"{text}: {op} may never stop (too many rounds to compute exactly)")
        for die in chosen:
            dice.reroll(die, _new_value(dice, source))
        chosen = _dice_in(_selected(op, dice))


def _explode(op: D20Op, dice: _DiceMember, source: _Source) -> None:
    if op.op == "ra":
        for die in _dice_in(_selected(op, dice, limit=1)):
            die.exploded = True
            dice.dice.append(dice.roll_one(source))
        return
    # 'e': explode every selected die, then those selected among the new ones, and so on.
    done: set[int] = set()
    chosen = _dice_in(_selected(op, dice))
    rounds = 0
    while chosen:
        rounds += 1
        if source.rounds is not None and rounds > source.rounds:
            break  # exact odds stop after explode_depth rounds, like the default dialect
        for die in chosen:
            die.exploded = True
            dice.dice.append(dice.roll_one(source))
            done.add(id(die))
        chosen = [m for m in _dice_in(_selected(op, dice)) if id(m) not in done]


def _faces(sides: int | None) -> list[int]:
    return [10 * i for i in range(10)] if sides is None else list(range(1, sides + 1))


_OPS: dict[str, Callable[[Value, Value], Value]] = {
    "+": lambda a, b: a + b,
    "-": lambda a, b: a - b,
    "*": lambda a, b: a * b,
    "/": lambda a, b: a / b,
    "//": lambda a, b: a // b,
    "%": lambda a, b: a % b,
    "==": lambda a, b: int(a == b),
    "!=": lambda a, b: int(a != b),
    ">=": lambda a, b: int(a >= b),
    "<=": lambda a, b: int(a <= b),
    ">": lambda a, b: int(a > b),
    "<": lambda a, b: int(a < b),
}


def _apply(op: str, left: Value, right: Value, text: str) -> Value:
    try:
        return _OPS[op](left, right)
    except ZeroDivisionError:
        raise NotationError(f"{text}: division by zero") from None
    except OverflowError:
        raise NotationError(f"{text}: a number grew too large") from None


class _Evaluator:
    def __init__(self, source: _Source, text: str) -> None:
        self.source = source
        self.text = text
        self.dice: list[_DiceMember] = []

    def node(self, node: D20Node) -> _Member:
        if isinstance(node, D20Literal):
            return _Const(node.value)
        if isinstance(node, D20Annotated):
            return self.node(node.inner)
        if isinstance(node, D20Dice):
            dice = _DiceMember(node)
            self.dice.append(dice)
            if node.count and node.sides == 0:
                raise NotationError(f"{self.text}: cannot roll a 0-sided die")
            dice.dice = [dice.roll_one(self.source) for _ in range(node.count)]
            for op in node.ops:
                _operate(op, dice, self.source, self.text)
            return dice
        if isinstance(node, D20Unary):
            inner = self.node(node.operand)
            value = inner.total()
            return _Computed(-value if node.op == "-" else +value, [inner])
        if isinstance(node, D20Chain):
            children = [self.node(node.operands[0])]
            value = children[0].total()
            for operator, operand in zip(node.operators, node.operands[1:], strict=True):
                child = self.node(operand)
                children.append(child)
                value = _apply(operator, value, child.total(), self.text)
            return _Computed(value, children)
        target: _Member
        if isinstance(node, D20Set):
            target = _SetMember([self.node(item) for item in node.items])
        else:
            target = _ParenMember(self.node(node.inner))
        for op in node.ops:
            _operate(op, target, self.source, self.text)
        return target


def _crit(root: _Member) -> str | None:
    """``"crit"`` or ``"fumble"`` when the leftmost term is a d20 kept alone showing 20 or 1."""
    node: _Member | None = root
    while node is not None and not isinstance(node, _DiceMember):
        node = node.first()
    if node is None or node.sides != 20 or sum(1 for d in node.dice if d.kept) != 1:
        return None
    total = node.total()
    return "crit" if total == 20 else "fumble" if total == 1 else None


def _truncate(value: Value, text: str) -> int:
    try:
        return int(value)
    except (OverflowError, ValueError):
        raise NotationError(f"{text}: the total is not a finite number") from None


_Plan = Callable[[DiceSource], RollResult]
_PLANS: dict[str | tuple[str, Limits], _Plan] = {}
_MAX_PLANS = 4096


def roll_d20(expr: object, source: DiceSource, limits: Limits | None) -> RollResult:
    """Roll a d20-dialect expression (see :func:`tabletop_core.notation.roll`)."""
    if type(expr) is str:
        key = expr if limits is None else (expr, limits)
        plan = _PLANS.get(key)
        if plan is None:
            expression, checked = as_d20_expression(expr, limits)
            plan = _plan(expression, checked)
            if len(_PLANS) >= _MAX_PLANS:
                _PLANS.clear()  # crude but bounded
            _PLANS[key] = plan
        return plan(source)
    expression, checked = as_d20_expression(expr, limits)
    return _plan(expression, checked)(source)


def _plan(expression: D20Expression, limits: Limits) -> _Plan:
    """A roll of *expression*: compiled to the default dialect's fast steps when it means the same there."""
    fast = _fast_plan(expression, limits)
    if fast is not None:
        return fast
    return lambda source: _roll_slow(expression, source, limits)


def _to_default(node: D20Node) -> object | None:
    """The default dialect's node that rolls the same dice in the same order to the same value, or ``None``."""
    from tabletop_core.notation.ast import Dice, Negate, Number, Product, Select, Sum

    if isinstance(node, D20Literal):
        return Number(node.value) if isinstance(node.value, int) else None
    if isinstance(node, D20Annotated) or (isinstance(node, D20Paren) and not node.ops):
        return _to_default(node.inner)
    if isinstance(node, D20Unary):
        inner = _to_default(node.operand)
        return None if inner is None else (inner if node.op == "+" else Negate(inner))  # type: ignore[arg-type]
    if isinstance(node, D20Dice):
        if node.sides is None or node.sides == 0 or node.count == 0:
            return None
        if not node.ops:
            return Dice(node.count, node.sides)
        if len(node.ops) == 1 and node.ops[0].op == "k" and len(node.ops[0].selectors) == 1:
            selector = node.ops[0].selectors[0]
            if selector.kind in ("h", "l"):
                return Dice(node.count, node.sides, select=Select("k" + selector.kind, selector.value))
        return None
    if isinstance(node, D20Chain):
        operands = [_to_default(operand) for operand in node.operands]
        if any(operand is None for operand in operands):
            return None
        if all(op in ("+", "-") for op in node.operators):
            return Sum(tuple(operands), node.operators)  # type: ignore[arg-type]
        if all(op == "*" for op in node.operators):
            return Product(tuple(operands), node.operators)  # type: ignore[arg-type]
    return None


def _fast_plan(expression: D20Expression, limits: Limits) -> _Plan | None:
    from tabletop_core.notation.ast import Number
    from tabletop_core.notation.roller import _compile

    try:
        body = _to_default(expression.body)
    except NotationError:  # pragma: no cover - a node the default dialect refuses: roll it the long way
        return None
    if body is None:
        return None
    text = str(expression)
    step = _compile(body, text, limits)  # type: ignore[arg-type]
    comment = expression.comment
    crit_from = _crit_term(expression.body)
    spare = [limits.max_dice]  # the written dice are within it, checked when parsing
    if isinstance(body, Number):  # pragma: no cover - no dice: nothing to flag
        crit_from = None

    def run(source: DiceSource) -> RollResult:
        rolls: list[DiceRoll] = []
        total = step(source, rolls, list(spare))
        crit = None
        if crit_from is not None:
            value = rolls[crit_from].value
            crit = "crit" if value == 20 else "fumble" if value == 1 else None
        return RollResult(text, total, tuple(rolls), comment, crit, "d20")

    return run


def _crit_term(node: D20Node) -> int | None:
    """For a fast-path tree: the index of the leftmost term's roll when it is a d20 kept alone, else ``None``."""
    while True:
        if isinstance(node, D20Dice):
            break
        if isinstance(node, (D20Annotated, D20Paren)):
            node = node.inner
        elif isinstance(node, D20Unary):
            node = node.operand
        elif isinstance(node, D20Chain):
            node = node.operands[0]
        else:
            return None
    if node.sides != 20:
        return None
    kept = node.count
    if node.ops:
        kept = min(node.ops[0].selectors[0].value, node.count)  # a single kh/kl on the fast path
    return 0 if kept == 1 else None  # the leftmost term is the first rolled


def _roll_slow(expression: D20Expression, source: DiceSource, checked: Limits) -> RollResult:
    text = str(expression)
    evaluator = _Evaluator(_Rolling(source, checked.max_dice, lexer.shown(text)), lexer.shown(text))
    root = evaluator.node(expression.body)
    total = _truncate(root.total(), lexer.shown(text))
    return RollResult(
        text,
        total,
        tuple(dice.record() for dice in evaluator.dice),
        expression.comment,
        crit=_crit(root),
        dialect="d20",
    )


# -- exact odds -------------------------------------------------------------------------------


class _Branch(Exception):
    def __init__(self, faces: list[int]) -> None:
        super().__init__()
        self.faces = faces


class _Enumerating(_Source):
    """Replays a path of faces; asks for a branch at the first draw past it."""

    def __init__(self, path: list[int], rounds: int) -> None:
        self.path = path
        self.at = 0
        self.rounds = rounds
        self.weight = Fraction(1)

    def _next(self, faces: list[int]) -> int:
        if self.at < len(self.path):
            face = self.path[self.at]
            self.at += 1
            self.weight /= len(faces)
            return face
        raise _Branch(faces)

    def draw(self, sides: int) -> int:
        return self._next(list(range(1, sides + 1)))

    def draw_from(self, faces: list[int], sides: int) -> int:  # noqa: ARG002
        return self._next(faces)


class _Odds:
    def __init__(self, text: str, limits: Limits) -> None:
        self.text = text
        self.limits = limits
        self.work = 0

    def charge(self, steps: int) -> None:
        self.work += steps
        if self.work > self.limits.max_odds_work:
            raise NotationError(
                f"{self.text}: exact odds would take more than {self.limits.max_odds_work:,} steps; "
                "raise Limits.max_odds_work to allow more"
            )

    def checked(self, weights: dict[Value, Fraction]) -> dict[Value, Fraction]:
        if len(weights) > self.limits.max_odds_outcomes:
            raise NotationError(
                f"{self.text}: exact odds would have more than {self.limits.max_odds_outcomes:,} outcomes"
            )
        return weights

    def node(self, node: D20Node) -> dict[Value, Fraction]:
        if isinstance(node, D20Literal):
            return {node.value: Fraction(1)}
        if isinstance(node, D20Annotated):
            return self.node(node.inner)
        if isinstance(node, D20Paren) and not node.ops:
            return self.node(node.inner)
        if isinstance(node, D20Unary):
            inner = self.node(node.operand)
            out: dict[Value, Fraction] = {}
            for value, p in inner.items():
                key = -value if node.op == "-" else value
                out[key] = out.get(key, Fraction(0)) + p
            return out
        if isinstance(node, D20Chain):
            acc = self.node(node.operands[0])
            for op, operand in zip(node.operators, node.operands[1:], strict=True):
                right = self.node(operand)
                self.charge(len(acc) * len(right))
                combined: dict[Value, Fraction] = {}
                for a, p in acc.items():
                    for b, q in right.items():
                        key = _apply(op, a, b, self.text)
                        combined[key] = combined.get(key, Fraction(0)) + p * q
                acc = self.checked(combined)
            return acc
        if isinstance(node, D20Dice):
            fast = self.by_default_engine(node)
            if fast is not None:
                return fast
        if isinstance(node, D20Set):
            return self.members([self.node(item) for item in node.items], node.ops)
        if isinstance(node, D20Paren):
            return self.paren(node)
        return self.enumerate(node)

    def paren(self, node: D20Paren) -> dict[Value, Fraction]:
        """Keep/drop on parentheses acts on what the inside is made of."""
        content = node.inner
        while isinstance(content, D20Annotated):
            content = content.inner
        if isinstance(content, D20Dice):
            return self.node(D20Dice(content.count, content.sides, content.ops + node.ops))
        if isinstance(content, D20Set):
            return self.node(D20Set(content.items, content.ops + node.ops))
        if isinstance(content, D20Paren):
            return self.node(D20Paren(content.inner, content.ops + node.ops))
        return self.members([self.node(content)], node.ops)

    def members(self, members: list[dict[Value, Fraction]], ops: tuple[D20Op, ...]) -> dict[Value, Fraction]:
        """Keep/drop on independent members: every combination of their totals (budgeted)."""
        size = 1
        for member in members:
            size *= len(member)
            self.charge(size * (len(members) + 1))
        out: dict[Value, Fraction] = {}
        combos: list[tuple[tuple[Value, ...], Fraction]] = [((), Fraction(1))]
        for member in members:
            combos = [((*values, v), p * q) for values, p in combos for v, q in member.items()]
        for values, p in combos:
            target = _SetMember([_Const(v) for v in values])
            for op in ops:
                _operate(op, target, _Source(), self.text)
            total = target.total()
            out[total] = out.get(total, Fraction(0)) + p
        return self.checked(out)

    def by_default_engine(self, node: D20Dice) -> dict[Value, Fraction] | None:
        """Odds of a dice term the default dialect computes the same way, or ``None``."""
        from tabletop_core.notation.ast import Comparison, Dice, Explode, Expression, Reroll, Select
        from tabletop_core.notation.odds import distribution

        if node.sides is None or node.sides == 0 or node.count == 0:
            return None
        ops = list(node.ops)
        reroll = explode = select = None
        names = [op.op for op in ops]
        if any(len(op.selectors) != 1 for op in ops):
            return None

        def comparison(selector: D20Selector) -> Comparison | None:
            if selector.kind in ("h", "l"):
                return None
            return Comparison("=" if selector.kind is None else selector.kind, selector.value)

        if names and names[0] in ("rr", "ro"):
            condition = comparison(ops[0].selectors[0])
            if condition is None:
                return None
            reroll = Reroll(condition, once=names[0] == "ro")
            ops, names = ops[1:], names[1:]
        if names == ["e"] and reroll is None:
            condition = comparison(ops[0].selectors[0])
            if condition is None:
                return None
            explode = Explode(condition)
            ops, names = [], []
        if names and names[0] in ("k", "p") and len(names) == 1:
            selector = ops[0].selectors[0]
            if selector.kind not in ("h", "l"):
                return None
            kind = ("k" if names[0] == "k" else "d") + selector.kind
            select = Select(kind, selector.value)
            ops, names = [], []
        if ops:
            return None
        try:
            dice = Dice(node.count, node.sides, False, reroll, explode, select, None)
        except NotationError:
            return None  # a reroll or explosion of every face: the enumeration says so
        result = distribution(Expression(dice), limits=self.limits)
        return dict(result.items())

    def enumerate(self, node: D20Node) -> dict[Value, Fraction]:
        """Every path of draws of one term, each with its probability (budgeted)."""
        out: dict[Value, Fraction] = {}
        stack: list[list[int]] = [[]]
        while stack:
            path = stack.pop()
            source = _Enumerating(path, self.limits.explode_depth)
            self.charge(len(path) + 1)
            try:
                value = _Evaluator(source, self.text).node(node).total()
            except _Branch as branch:
                stack.extend([*path, face] for face in reversed(branch.faces))
                continue
            out[value] = out.get(value, Fraction(0)) + source.weight
            if len(out) > self.limits.max_odds_outcomes:
                self.checked(out)
        return out


_ODDS: SizedCache[tuple[str, Limits], Distribution[int]] = SizedCache(8 * 2**20)


def distribution_d20(expr: object, limits: Limits | None) -> Distribution[int]:
    """Exact odds of a d20-dialect expression's total (see :func:`tabletop_core.notation.distribution`)."""
    expression, checked = as_d20_expression(expr, limits)
    text = str(expression)
    key = (text, checked)
    known = _ODDS.get(key)
    if known is not None:
        return known
    odds = _Odds(lexer.shown(text), checked)
    weights = odds.node(expression.body)
    totals: dict[int, Fraction] = {}
    for value, p in weights.items():
        total = _truncate(value, odds.text)
        totals[total] = totals.get(total, Fraction(0)) + p
    result = Distribution(totals)
    _ODDS.put(key, result, 64 * len(totals) + 16 * len(text) + 1024)
    return result


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
