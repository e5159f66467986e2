"""rpg-dice-roller's arithmetic, as mathjs computes it: every value a float, the expression read from text.

rpg-dice-roller writes each term's value into a string between the operators it read
(``[3]+-2`` becomes ``"3+-2"``) and has mathjs evaluate that string, so mathjs's parser
decides the meaning, value by value:

* a negative value is a unary minus before its magnitude, so ``1dF^2`` on a -1 reads
  ``-1^2`` and is -1 (``^`` binds tighter than the minus);
* ``%`` followed by a minus is a percentage, not a remainder: ``5 % -2`` is ``5% - 2``,
  0.05 - 2, and ``x + y% - z`` is ``x + x*y/100 - z``;
* otherwise ``%`` is mathjs's ``mod`` (``x - y*floor(x/y)``, with mathjs's floor), and
  ``^``/``**`` its ``pow`` (a negative base to a fractional power is a complex number).

mathjs's functions are its own: ``floor``/``ceil`` snap to a near integer (within a relative
1e-12), ``round`` rounds the value's shortest decimal digits half away from zero, ``max``/
``min`` treat nearly equal values as equal. The total is then rounded half up to 2
decimals on the exact binary value (JavaScript's ``toFixed(2)``). This module does all of
that on Python floats, which are the same IEEE doubles; ``cos sin tan exp log`` use
Python's math library (they may differ from V8's in the last bit on rare arguments).
A complex value, or a total that is not finite, is refused with a NotationError.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from decimal import ROUND_HALF_UP, Decimal, localcontext
from typing import Any

from tabletop_core.notation.errors import NotationError

__all__ = [
    "FUNCTIONS",
    "ONE_ARGUMENT",
    "TWO_ARGUMENTS",
    "Complex",
    "PastExactPower",
    "Reader",
    "evaluate",
    "js_text",
    "round_total",
    "written",
]

_REL_TOL, _ABS_TOL = 1e-12, 1e-15  # mathjs's default config.relTol and config.absTol

ONE_ARGUMENT = ("abs", "ceil", "cos", "exp", "floor", "log", "round", "sign", "sin", "sqrt", "tan")
"""rpg-dice-roller's functions of one value, in the order its grammar tries them."""

TWO_ARGUMENTS = ("pow", "max", "min")
"""rpg-dice-roller's functions of two values."""

FUNCTIONS = ONE_ARGUMENT + TWO_ARGUMENTS


class Complex(ArithmeticError):
    """mathjs came to a complex number (``sqrt(-1)``, ``(-8)^(1/3)``): no real value."""


class PastExactPower(ArithmeticError):
    """A power too large for its last bits to be the same here as in JavaScript (see :func:`_pow`)."""

    def __init__(self, base: float, power: float, value: float) -> None:
        super().__init__(base, power, value)
        self.base, self.power, self.value = base, power, value

    def message(self, text: str) -> str:
        """The refusal of this power in *text*: the power named, and why it is refused."""
        return (
            f"{text}: {js_text(self.base)}^{js_text(self.power)} is about {self.value:.6g}, past 2^53 "
            f"(2^43 for a fraction): its last digits are JavaScript's rounding, which rpg-dice-roller's "
            "total would keep and this library cannot reproduce exactly"
        )


_EXACT_WHOLE = 2.0**53  # every whole number up to here is a double: a whole power below it is exact
_EXACT_CENTS = 2.0**43  # past here a double keeps fewer than ten bits of fraction: the cents are its rounding


def js_text(value: float) -> str:
    """*value* as JavaScript's ``String(value)`` writes it (``-0`` as ``0``, whole numbers without ``.0``)."""
    if value != value:
        return "NaN"
    if math.isinf(value):
        return "Infinity" if value > 0 else "-Infinity"
    if value == 0:
        return "0"
    if value == int(value) and abs(value) < 1e21:
        return str(int(value))
    text = repr(value)
    if "e" in text:
        mantissa, exponent = text.split("e")
        sign = "-" if exponent.startswith("-") else "+"
        text = f"{mantissa.removesuffix('.0')}e{sign}{int(exponent.lstrip('+-'))}"
    return text


def _nearly_equal(a: float, b: float) -> bool:
    """Mathjs's ``nearlyEqual`` with its default tolerances."""
    if a != a or b != b:
        return False
    if math.isinf(a) or math.isinf(b):
        return a == b
    if a == b:
        return True
    return abs(a - b) <= max(_REL_TOL * max(abs(a), abs(b)), _ABS_TOL)


def _to_fixed(value: float, decimals: int) -> float:
    """Mathjs's ``roundNumber``: *value*'s shortest decimal digits rounded half away from zero."""
    if not math.isfinite(value):
        return value
    with localcontext() as context:
        context.prec = 400
        rounded = Decimal(repr(value)).quantize(Decimal(1).scaleb(-decimals), rounding=ROUND_HALF_UP)
    return float(rounded)


def _round(value: float) -> float:
    snapped = _to_fixed(value, 12)
    return _to_fixed(snapped if _nearly_equal(value, snapped) else value, 0)


def _floor(value: float) -> float:
    if not math.isfinite(value):
        return value
    down, nearest = float(math.floor(value)), _round(value)
    if down == nearest:
        return down
    return nearest if _nearly_equal(value, nearest) and not _nearly_equal(value, down) else down


def _ceil(value: float) -> float:
    if not math.isfinite(value):
        return value
    up, nearest = float(math.ceil(value)), _round(value)
    if up == nearest:
        return up
    return nearest if _nearly_equal(value, nearest) and not _nearly_equal(value, up) else up


def _odd(power: float) -> bool:
    return math.isfinite(power) and power == int(power) and int(power) % 2 == 1


def _pow(base: float, power: float) -> float:
    """Mathjs's ``pow`` of two numbers (JavaScript's ``Math.pow`` past its special cases)."""
    if base < 0 and not (math.isfinite(power) and power == int(power)):
        raise Complex  # a negative base to a fractional (or infinite) power
    if (base * base < 1 and power == math.inf) or (base * base > 1 and power == -math.inf):
        return 0.0
    if abs(base) == 1 and math.isinf(power):
        return math.nan
    if base == 0 and power < 0:
        return math.copysign(math.inf, base) if _odd(power) else math.inf
    try:
        value = math.pow(base, power)
    except OverflowError:
        return -math.inf if base < 0 and _odd(power) else math.inf
    # JavaScript's Math.pow (V8's, from fdlibm) is not rounded as this platform's pow is: past
    # 2^53 a whole power often differs in its last bits (3^35: ...712 there, ...704 here), and a
    # fractional one past 2^43 in its cents (2.5^34). Below, both are exact or agree to the cent.
    if math.isfinite(value) and (
        abs(value) > _EXACT_WHOLE or (abs(value) >= _EXACT_CENTS and not (base == int(base) and power == int(power)))
    ):
        raise PastExactPower(base, power, value)
    return value


def _mod(x: float, y: float) -> float:
    return x if y == 0 else x - y * _floor(x / y)


def _divide(x: float, y: float) -> float:
    if y == 0:
        if x != x or x == 0:
            return math.nan
        return math.copysign(math.inf, x) * math.copysign(1.0, y)
    return x / y


def _sqrt(x: float) -> float:
    if x < 0:
        raise Complex
    return math.sqrt(x)


def _log(x: float) -> float:
    if x < 0:
        raise Complex
    if x == 0:
        return -math.inf
    return math.log(x)


def _sign(x: float) -> float:
    if x != x:
        return x
    return 1.0 if x > 0 else -1.0 if x < 0 else 0.0


def _max(a: float, b: float) -> float:
    return a if a > b and not _nearly_equal(a, b) else b


def _min(a: float, b: float) -> float:
    return a if a < b and not _nearly_equal(a, b) else b


def _trig(function: Callable[[float], float]) -> Callable[[float], float]:
    def run(x: float) -> float:
        if math.isinf(x):
            return math.nan
        return function(x)

    return run


def _exp(x: float) -> float:
    try:
        return math.exp(x)
    except OverflowError:
        return math.inf


_APPLY: dict[str, Callable[..., float]] = {
    "abs": abs,
    "ceil": _ceil,
    "cos": _trig(math.cos),
    "exp": _exp,
    "floor": _floor,
    "log": _log,
    "round": _round,
    "sign": _sign,
    "sin": _trig(math.sin),
    "sqrt": _sqrt,
    "tan": _trig(math.tan),
    "pow": _pow,
    "max": _max,
    "min": _min,
}


def _multiply(x: float, y: float) -> float:
    return x * y


def _add(x: float, y: float) -> float:
    return x + y


def _subtract(x: float, y: float) -> float:
    return x - y


def _add_percent(x: float, y: float) -> float:
    return x + _multiply(x, y)  # x + y% is x + x * y/100 (y divided already)


def _subtract_percent(x: float, y: float) -> float:
    return x - _multiply(x, y)


def _percent(x: float) -> float:
    return _divide(x, 100.0)


def _negate(x: float) -> float:
    return -x


class Reader:
    """mathjs's parser over rpg-dice-roller's string of values and operators, working out as it reads.

    *items* are the string's tokens: values (none negative: a negative value is a ``-`` and
    its magnitude), operators (``+ - * / % ^``), parentheses and ``,``, and function names
    with their ``(`` (``floor(``). Each step calls :meth:`one` or :meth:`two` with the
    function of one or two numbers it applies: on numbers they apply it; a subclass may
    apply it to other values (the exact odds apply it to distributions).
    """

    def __init__(self, items: Sequence[Any]) -> None:
        self.items = items
        self.at = 0

    def one(self, function: Callable[[float], float], value: Any) -> Any:
        """*function* of one value."""
        return function(value)

    def two(self, function: Callable[[float, float], float], left: Any, right: Any) -> Any:
        """*function* of two values (independent of each other)."""
        return function(left, right)

    @property
    def token(self) -> Any:
        return self.items[self.at] if self.at < len(self.items) else None

    def take(self) -> Any:
        token = self.token
        self.at += 1
        return token

    def _is(self, *words: str) -> bool:
        token = self.token
        return isinstance(token, str) and token in words

    def add_subtract(self) -> Any:
        value, _percent = self.multiply_divide()
        while self._is("+", "-"):
            op = self.take()
            right, percent = self.multiply_divide()
            if percent:
                value = self.two(_add_percent if op == "+" else _subtract_percent, value, right)
            else:
                value = self.two(_add if op == "+" else _subtract, value, right)
        return value

    def multiply_divide(self) -> tuple[Any, bool]:
        """A product and whether it ends as a percentage (``y%`` before a minus)."""
        value = self.unary()
        percent = False
        while self._is("*", "/", "%"):
            op = self.take()
            if op == "%" and self._is("-"):  # a delimiter after '%' that is not '(': a percentage
                value, percent = self.one(_percent, value), True
                continue
            percent = False
            value = self.two(_BINARY[op], value, self.unary())
        return value, percent

    def unary(self) -> Any:
        if self._is("-", "+"):
            op = self.take()
            inner = self.unary()
            return self.one(_negate, inner) if op == "-" else inner
        return self.power()

    def power(self) -> Any:
        base = self.primary()
        if self._is("^"):
            self.take()
            return self.two(_pow, base, self.unary())  # right to left: 2^-3, 2^3^2
        return base

    def primary(self) -> Any:
        token = self.take()
        if not isinstance(token, str):
            return token
        if token == "(":
            value = self.add_subtract()
            self.take()  # ')'
            return value
        assert token.endswith("(")  # a function and its parenthesis
        args = [self.add_subtract()]
        while self._is(","):
            self.take()
            args.append(self.add_subtract())
        self.take()  # ')'
        function = _APPLY[token[:-1]]
        return self.one(function, args[0]) if len(args) == 1 else self.two(function, args[0], args[1])


_BINARY: dict[str, Callable[[float, float], float]] = {"*": _multiply, "/": _divide, "%": _mod}


def written(tokens: Sequence[Any], negative: Callable[[Any], bool]) -> list[Any]:
    """*tokens* as rpg-dice-roller writes them into its string: a negative value is its minus and its magnitude.

    *negative* says whether a value is negative; the magnitude is ``-value`` (``-0`` is written ``0``).
    """
    items: list[Any] = []
    for token in tokens:
        if isinstance(token, str):
            items.append(token)
        elif negative(token):
            items.extend(("-", -token))
        else:
            items.append(token + 0.0)
    return items


def evaluate(tokens: Sequence[float | str]) -> float:
    """The value mathjs gives the string rpg-dice-roller writes for *tokens* (values and operators).

    A negative value is written with its minus; ``-0`` is written ``0``.

    Raises:
        Complex: mathjs came to a complex number.
        PastExactPower: a power past what a double holds exactly (see :func:`_pow`).
    """
    value: float = Reader(written(tokens, lambda v: v < 0)).add_subtract()
    return value


def round_total(value: float, text: str) -> int | float:
    """rpg-dice-roller's total: *value* rounded half up to 2 decimals on its exact binary value.

    The total is an int when it is whole.

    Raises:
        NotationError: the value is not a finite number (rpg-dice-roller gives ``Infinity``, or 0 for ``NaN``).
    """
    if not math.isfinite(value):
        shown = js_text(value)
        raise NotationError(f"{text}: the total is {shown}, not a finite number")
    if abs(value) >= 1e21:  # JavaScript writes these in exponent form: toFixed leaves them as they are
        rounded = value
    else:
        with localcontext() as context:
            context.prec = 400
            rounded = float(Decimal(value).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP))
    return int(rounded) if rounded == int(rounded) else rounded
