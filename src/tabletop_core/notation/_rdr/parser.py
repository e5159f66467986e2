"""Reading ``rdr``-dialect text exactly as rpg-dice-roller's grammar (``grammar.pegjs``, 5.5.1) reads it.

A parsing expression grammar: each rule tries its choices in order and backtracks. Its
rules, as this reader follows them::

    Expression = Factor (_ Operator _ Factor)*
    Factor     = MathFunction / Dice / FloatNumber / "(" _ Expression _ ")" / RollGroup
    Dice       = (StandardDie / PercentileDie / FudgeDie) Modifier* __
    RollGroup  = "{" _ Expression (_ "," _ Expression)* _ "}" Modifier* __
    Modifier   = Explode / Target / Drop / Keep / ReRoll / Unique / CritSuccess / CritFailure
               / Sorting / Max / Min
    Operator   = "**" / "*" / "^" / "%" / "/" / "+" / "-"

``_`` is white space; ``__`` white space or descriptions (``[...]``, ``/* ... */``, ``# ...``,
``// ...``), which may follow only a dice term or a group: ``1d6 kh3`` (a space inside a
term), ``5 # five`` and a text starting with a space are refused, as rpg-dice-roller
refuses them. A count or sides in parentheses (``(1+2)d6``) is numbers and operators
only, worked out when read. A failure names the column and what could stand there.
"""

from __future__ import annotations

from tabletop_core._validate import check_type, clip
from tabletop_core.notation._kernel.cache import SizedCache
from tabletop_core.notation._rdr.mathjs import FUNCTIONS, ONE_ARGUMENT, Complex, PastExactPower, evaluate, js_text
from tabletop_core.notation._rdr.tree import RdrComparePoint, RdrDice, RdrExpression, RdrGroup, RdrModifier, RdrToken
from tabletop_core.notation.errors import NotationError, over_limit, shown
from tabletop_core.notation.limits import DEFAULT_LIMITS, PARSE_CACHE_BYTES, Limits

__all__ = ["PARSED", "as_rdr_expression", "parse_rdr"]

_OPERATORS = ("**", "*", "^", "%", "/", "+", "-")
_COMPARE = ("!=", "<=", ">=", "=", "<>", ">", "<")
_WHITE = " \t\n\r"
_LINE_ENDS = "\n\r\u2028\u2029"
_MAX_QTY = 999  # rpg-dice-roller's own limit on the dice of one term


class _Fail(Exception):
    """A choice that did not match (the reader backtracks)."""


class _Reader:
    def __init__(self, text: str, limits: Limits) -> None:
        self.text = text
        self.limits = limits
        self.i = 0
        self.dice = 0
        self.depth = 0
        self.far = 0  # the farthest place a choice failed, and what it expected there
        self.expected: set[str] = set()

    # -- matching ---------------------------------------------------------------------

    def fail(self, what: str) -> _Fail:
        if self.i > self.far:
            self.far, self.expected = self.i, set()
        if self.i == self.far:
            self.expected.add(what)
        return _Fail()

    def literal(self, word: str) -> bool:
        if self.text.startswith(word, self.i):
            self.i += len(word)
            return True
        self.fail(repr(word))
        return False

    def digits(self, first: str = "0123456789") -> str:
        start, text = self.i, self.text
        if self.i < len(text) and text[self.i] in first:
            self.i += 1
            while self.i < len(text) and text[self.i].isascii() and text[self.i].isdigit():
                self.i += 1
        else:
            self.fail("a digit")
        return text[start : self.i]

    def white(self) -> None:
        while self.i < len(self.text) and self.text[self.i] in _WHITE:
            self.i += 1

    def descriptions(self) -> str | None:
        """``__``: white space and descriptions; the first description's text."""
        found: str | None = None
        text = self.text
        while self.i < len(text):
            if text[self.i] in _WHITE:
                self.i += 1
                continue
            note = self.description()
            if note is None:
                break
            found = note if found is None else found
        return found

    def description(self) -> str | None:
        text, i = self.text, self.i
        if text.startswith("/*", i):
            end = text.find("*/", i + 2)
            if end >= 0:
                self.i = end + 2
                return text[i + 2 : end]
        elif text.startswith("[", i):
            end = text.find("]", i + 1)
            if end >= 0:
                self.i = end + 1
                return text[i + 1 : end]
        elif text.startswith(("//", "#"), i):
            start = i + (2 if text.startswith("//", i) else 1)
            end = start
            while end < len(text) and text[end] not in _LINE_ENDS:
                end += 1
            self.i = end
            return text[start:end]
        self.fail("a description")
        return None

    # -- numbers ----------------------------------------------------------------------

    def float_number(self) -> float:
        """``FloatNumber = "-"? [0-9]+ ("." [0-9]+)?``."""
        start = self.i
        self.literal("-") if self.text.startswith("-", self.i) else None
        if not self.digits():
            self.i = start
            raise _Fail
        dot = self.i
        if self.text.startswith(".", self.i):
            self.i += 1
            if not self.digits():
                self.i = dot  # "1." is 1 then '.': the caller fails on the dot
        return float(self.text[start : self.i])

    def integer(self) -> int:
        """``IntegerNumber = [1-9] [0-9]*``."""
        text = self.digits("123456789")
        if not text:
            raise _Fail
        if len(text) > 1000:
            raise NotationError(f"{shown(self.text)}: a number may have at most 1000 digits at column {self.i + 1}")
        return int(text)

    def attempt(self, rule: object) -> object:
        """Try *rule* (a bound method); on a failure go back to where it started and return ``None``."""
        start = self.i
        try:
            return rule()  # type: ignore[operator]
        except _Fail:
            self.i = start
            return None

    # -- the grammar ------------------------------------------------------------------

    def expression(self) -> list[RdrToken]:
        tokens: list[RdrToken] = list(self.factor())
        while True:
            start = self.i
            self.white()
            op = next((op for op in _OPERATORS if self.text.startswith(op, self.i)), None)
            if op is None:
                self.fail("an operator")
                self.i = start
                return tokens
            self.i += len(op)
            self.white()
            try:
                factor = self.factor()
            except _Fail:
                self.i = start
                return tokens
            tokens.append("^" if op == "**" else op)
            tokens.extend(factor)

    def factor(self) -> list[RdrToken]:
        for rule in (self.function, self.dice_term, self.number_factor, self.parenthesised, self.group):
            found = self.attempt(rule)
            if found is not None:
                return found  # type: ignore[return-value]
        raise self.fail("a number, a die, '(' or '{'")

    def number_factor(self) -> list[RdrToken]:
        return [self.float_number()]

    def deeper(self) -> None:
        self.depth += 1
        if self.depth > self.limits.max_depth:
            raise NotationError(
                f"{shown(self.text)}: nesting is deeper than {self.limits.max_depth} levels at column {self.i + 1}",
                column=self.i + 1,
                **over_limit("max_depth"),
            )

    def parenthesised(self) -> list[RdrToken]:
        if not self.literal("("):
            raise _Fail
        self.deeper()
        try:
            self.white()
            inner = self.expression()
            self.white()
            if not self.literal(")"):
                raise _Fail
        finally:
            self.depth -= 1
        return ["(", *inner, ")"]

    def function(self) -> list[RdrToken]:
        name = next((name for name in FUNCTIONS if self.text.startswith(name + "(", self.i)), None)
        if name is None:
            raise self.fail("a function")
        self.i += len(name) + 1
        self.deeper()
        try:
            self.white()
            tokens: list[RdrToken] = [name + "(", *self.expression()]
            self.white()
            if name not in ONE_ARGUMENT:
                if not self.literal(","):
                    raise _Fail
                self.white()
                tokens.extend([",", *self.expression()])
                self.white()
            if not self.literal(")"):
                raise _Fail
        finally:
            self.depth -= 1
        return [*tokens, ")"]

    def count_or_sides(self, optional: bool) -> float | None:
        """``IntegerOrExpression``: a whole number from 1, or numbers and operators in parentheses (worked out)."""
        start = self.i
        number = self.attempt(self.integer)
        if number is not None:
            return float(number)  # type: ignore[arg-type]
        if self.text.startswith("(", self.i):
            self.i += 1
            self.white()
            try:
                items: list[float | str] = [self.float_number()]
                while True:
                    at = self.i
                    self.white()
                    op = next((op for op in _OPERATORS if self.text.startswith(op, self.i)), None)
                    if op is None:
                        self.i = at
                        break
                    self.i += len(op)
                    self.white()
                    value = self.float_number()
                    items.extend(("^" if op == "**" else op, value))
                self.white()
                if len(items) > 1 and self.literal(")"):
                    try:
                        return evaluate(items)
                    except Complex:
                        return float("nan")
                    except PastExactPower as error:  # a count or sides past 2^43: refused by the limits
                        return error.value
            except _Fail:
                pass
        self.i = start
        if optional:
            return None
        raise self.fail("a number")

    def dice_term(self) -> list[RdrToken]:
        start = self.i
        count = self.count_or_sides(optional=True)
        if self.text.startswith("d%", self.i):
            self.i += 2
            kind, sides = "percentile", 100.0
        elif self.text.startswith("dF", self.i):
            self.i += 2
            kind, sides = "fudge", 3.0
            if self.text.startswith((".1", ".2"), self.i):
                sides = 6.0 if self.text[self.i + 1] == "1" else 3.0
                self.i += 2
        elif self.literal("d"):
            kind = "standard"
            found = self.count_or_sides(optional=False)
            assert found is not None
            sides = found
        else:
            raise _Fail
        written = self.text[start : self.i]
        modifiers = self.modifiers()
        text = self.text[start : self.i]
        dice = self.checked_dice(1.0 if count is None else count, sides, kind, written, start)
        description = self.descriptions()
        return [RdrDice(dice[0], dice[1], kind, tuple(modifiers), text, description)]

    def checked_dice(self, count: float, sides: float, kind: str, written: str, start: int) -> tuple[int, int]:
        """rpg-dice-roller's checks of a term's count and sides, then this library's limits."""
        where = f" at column {start + 1}"
        if not (count == count and count != float("inf") and 1 <= count <= _MAX_QTY):
            raise NotationError(
                f"{shown(self.text)}: {written}: qty must be between 1 and 999{where}", column=start + 1
            )
        if kind == "standard" and not (sides == sides and 1 <= sides <= 2**53 - 1):
            raise NotationError(
                f"{shown(self.text)}: {written}: numerical sides must be a positive finite number{where}",
                column=start + 1,
            )
        if sides != int(sides):
            raise NotationError(
                f"{shown(self.text)}: {written}: the sides came to {js_text(sides)}; rpg-dice-roller rolls such a die "
                f"in a way of its own, so this library refuses it{where}",
                column=start + 1,
            )
        number = int(count)  # rpg-dice-roller's parseInt: (5/2)d6 is 2d6
        if int(sides) > self.limits.max_sides:
            raise NotationError(
                f"{shown(self.text)}: a die may have at most {self.limits.max_sides} sides, got {int(sides)}{where}",
                column=start + 1,
                **over_limit("max_sides"),
            )
        self.dice += number
        if self.dice > self.limits.max_dice:
            raise NotationError(
                f"{shown(self.text)}: an expression may roll at most {self.limits.max_dice} dice, "
                f"got {self.dice}{where}",
                column=start + 1,
                **over_limit("max_dice"),
            )
        return number, int(sides)

    def group(self) -> list[RdrToken]:
        start = self.i
        if not self.literal("{"):
            raise _Fail
        self.deeper()
        try:
            self.white()
            expressions = [self.expression()]
            while True:
                at = self.i
                self.white()
                if not self.literal(","):
                    self.i = at
                    break
                self.white()
                expressions.append(self.expression())
            self.white()
            if not self.literal("}"):
                raise _Fail
        finally:
            self.depth -= 1
        for expression in expressions:
            if any(isinstance(token, RdrGroup) for token in expression):
                raise NotationError(
                    f"{shown(self.text)}: a roll group cannot hold another roll group (rpg-dice-roller refuses it: "
                    f"sub expression items must be Dice, numbers, or strings) at column {start + 1}",
                    column=start + 1,
                )
        modifiers = self.modifiers()
        text = self.text[start : self.i]
        description = self.descriptions()
        return [RdrGroup(tuple(tuple(expression) for expression in expressions), tuple(modifiers), text, description)]

    # -- modifiers --------------------------------------------------------------------

    def modifiers(self) -> list[RdrModifier]:
        found: list[RdrModifier] = []
        while True:
            start = self.i
            for rule in (
                self.explode,
                self.target,
                self.drop,
                self.keep,
                self.reroll,
                self.unique,
                self.crits,
                self.sort,
                self.bound,
            ):
                modifier = self.attempt(rule)
                if modifier is not None:
                    found.append(modifier)  # type: ignore[arg-type]
                    break
            else:
                return found
            if self.i == start:  # pragma: no cover - every modifier reads at least one character
                return found

    def point(self) -> RdrComparePoint | None:
        op = next((op for op in _COMPARE if self.text.startswith(op, self.i)), None)
        if op is None:
            self.fail("a comparison")
            return None
        start = self.i
        self.i += len(op)
        try:
            value = self.float_number()
        except _Fail:
            self.i = start
            return None
        return RdrComparePoint(op, value)

    def made(self, start: int, name: str, **fields: object) -> RdrModifier:
        return RdrModifier(name, self.text[start : self.i], **fields)  # type: ignore[arg-type]

    def explode(self) -> RdrModifier:
        start = self.i
        if not self.literal("!"):
            raise _Fail
        compound = self.text.startswith("!", self.i)
        self.i += compound
        penetrate = self.text.startswith("p", self.i)
        self.i += penetrate
        return self.made(start, "explode", point=self.point(), compound=compound, penetrate=penetrate)

    def target(self) -> RdrModifier:
        start = self.i
        success = self.point()
        if success is None:
            raise _Fail
        failure = None
        at = self.i
        if self.text.startswith("f", self.i):
            self.i += 1
            failure = self.point()
            if failure is None:
                self.i = at
        return self.made(start, "target", point=success, failure=failure)

    def _keep_or_drop(self, letter: str, name: str, default_end: str) -> RdrModifier:
        start = self.i
        if not self.literal(letter):
            raise _Fail
        end = default_end
        if self.i < len(self.text) and self.text[self.i] in "lh":
            end = self.text[self.i]
            self.i += 1
        return self.made(start, name, end=end, qty=self.integer())

    def drop(self) -> RdrModifier:
        return self._keep_or_drop("d", "drop", "l")

    def keep(self) -> RdrModifier:
        return self._keep_or_drop("k", "keep", "h")

    def reroll(self) -> RdrModifier:
        start = self.i
        if not self.literal("r"):
            raise _Fail
        once = self.text.startswith("o", self.i)
        self.i += once
        return self.made(start, "re-roll", point=self.point(), once=once)

    def unique(self) -> RdrModifier:
        start = self.i
        if not self.literal("u"):
            raise _Fail
        once = self.text.startswith("o", self.i)
        self.i += once
        return self.made(start, "unique", point=self.point(), once=once)

    def crits(self) -> RdrModifier:
        start = self.i
        for word, name in (("cs", "critical-success"), ("cf", "critical-failure")):
            if self.literal(word):
                return self.made(start, name, point=self.point())
        raise _Fail

    def sort(self) -> RdrModifier:
        start = self.i
        if not self.literal("s"):
            raise _Fail
        end = "a"
        if self.i < len(self.text) and self.text[self.i] in "ad":
            end = self.text[self.i]
            self.i += 1
        return self.made(start, "sorting", end=end)

    def bound(self) -> RdrModifier:
        start = self.i
        for word in ("max", "min"):
            if self.literal(word):
                return self.made(start, word, bound=self.float_number())
        raise _Fail


def _read(text: str, limits: Limits) -> RdrExpression:
    reader = _Reader(text, limits)
    try:
        tokens = reader.expression()
    except _Fail:
        tokens = None
    if tokens is None or reader.i < len(text):
        at = max(reader.far, reader.i if tokens is not None else 0)
        found = "the end" if at >= len(text) else clip(text[at])
        expected = ", ".join(sorted(reader.expected)) or "the end of the expression"
        raise NotationError(f"{shown(text)}: expected {expected} at column {at + 1}, found {found}", column=at + 1)
    return RdrExpression(text, tuple(tokens))


PARSED: SizedCache[tuple[str, Limits], RdrExpression] = SizedCache(PARSE_CACHE_BYTES // 2)
"""The ``rdr`` dialect's parsed texts (4 MB)."""


def parse_rdr(expr: str, *, limits: Limits | None = None) -> RdrExpression:
    """Parse ``rdr``-dialect notation (cached); see the module docstring for the grammar.

    Raises:
        NotationError: a syntax error (naming the column), a term rpg-dice-roller refuses
            (more than 999 dice, no sides), or a broken limit.
        TypeError: *expr* is not a string.
    """
    check_type("expr", expr, str)
    checked = DEFAULT_LIMITS if limits is None else check_type("limits", limits, Limits)
    key = (expr, checked)
    known = PARSED.get(key)
    if known is None:
        if len(expr) > checked.max_length:
            raise NotationError(
                f"{shown(expr)}: an expression may have at most {checked.max_length} characters, got {len(expr)}",
                column=checked.max_length + 1,
            )
        known = _read(expr, checked)
        PARSED.put(key, known, 96 * len(expr) + 1024)
    return known


def as_rdr_expression(expr: object, limits: Limits | None) -> tuple[RdrExpression, Limits]:
    """Text or an :class:`RdrExpression`, checked against *limits* (a hand-built one is read again from its text)."""
    checked = DEFAULT_LIMITS if limits is None else check_type("limits", limits, Limits)
    if isinstance(expr, str):
        return parse_rdr(expr, limits=checked), checked
    if isinstance(expr, RdrExpression):
        return parse_rdr(expr.text, limits=checked), checked
    raise TypeError(f"expr must be dice notation (a str) or an RdrExpression, got {type(expr).__name__}")
