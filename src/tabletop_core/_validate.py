"""Checks at the edge of the library, shared by every rule system.

Each check names the parameter, what was expected and what was given, so a
chat bot can pass the message straight back to the person who typed the input.
A wrong type is a :class:`TypeError`; a value of the right type that the rules
do not allow is :class:`~tabletop_core.errors.InvalidInput`.
"""

from __future__ import annotations

import operator
import re
import reprlib
from collections.abc import Callable, Iterable
from typing import Any, TypeVar

import attrs

from tabletop_core.errors import InvalidInput

__all__ = [
    "CLIP_LENGTH",
    "as_int",
    "check_int",
    "check_one_line",
    "check_type",
    "clip",
    "int_field",
    "int_in",
    "of_type",
    "one_line",
    "one_line_text",
    "tuple_of",
    "unsafe_character",
]

T = TypeVar("T")

CLIP_LENGTH = 80
"""Most characters :func:`clip` gives for one value quoted in an error message."""

_BIG_INT_BITS = 200  # about 60 digits: longer ints are described by their size


def _int_text(number: int) -> str:
    """*number* in digits, or its size when it is too long to quote (never ``str()`` of a huge int)."""
    if number.bit_length() <= _BIG_INT_BITS:
        return str(number)
    digits = int(number.bit_length() * 0.30102999566398120) + 1  # log10(2): exact or one too many
    return f"{'-' if number < 0 else ''}<an int of about {digits:,} digits>"


class _Clipped(reprlib.Repr):
    """reprlib with a cap on every kind of value, huge ints included, and no exception from ``repr``."""

    def __init__(self) -> None:
        super().__init__()
        self.maxlevel = 3
        self.maxstring = CLIP_LENGTH
        self.maxother = CLIP_LENGTH
        self.maxlong = CLIP_LENGTH
        self.maxlist = self.maxtuple = self.maxset = self.maxfrozenset = self.maxdeque = self.maxdict = 8

    def repr_int(self, x: int, level: int) -> str:  # noqa: ARG002 - reprlib's signature
        return _int_text(x)

    def repr_instance(self, x: object, level: int) -> str:
        if isinstance(x, int) and not isinstance(x, bool):  # int subclasses and numpy ints by value
            try:
                return _int_text(operator.index(x))
            except TypeError:  # pragma: no cover - an int always has __index__
                pass
        try:
            return super().repr_instance(x, level)
        except Exception:
            return f"<{type(x).__name__} object>"


_CLIPPED = _Clipped()

# What may not stand in caller text that ends up in one-line output: C0 and C1 control
# characters (NUL, tab, \v, \f, \x1e, \x85 ...), DEL, the line and paragraph separators,
# and the bidirectional embeddings, overrides and isolates that can reorder a chat line.
_UNSAFE = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")


def unsafe_character(text: str) -> int | None:
    r"""The index of the first character of *text* not allowed in one-line output, or ``None``.

    Refused: every C0 and C1 control character (tab, line feed, ``\v``, ``\f``,
    ``\x1e``, ``\x85``, NUL ...), DEL, U+2028 and U+2029 (line and paragraph
    separators), and the bidirectional controls U+202A..U+202E and U+2066..U+2069.
    """
    found = _UNSAFE.search(text)
    return None if found is None else found.start()


def one_line_text(text: str) -> str:
    r"""*text* with every character :func:`unsafe_character` refuses written as an escape (``\u2028``).

    For quoting caller text in a message without refusing it.
    """
    return _UNSAFE.sub(lambda found: ascii(found.group())[1:-1], text)


def check_one_line(name: str, value: object) -> str:
    """Return *value* if it is a ``str`` safe to show in one chat line (see :func:`unsafe_character`).

    Raises:
        TypeError: *value* is not a ``str``.
        InvalidInput: it holds a line break, a control character or a bidirectional override.
    """
    text = check_type(name, value, str)
    index = unsafe_character(text)
    if index is not None:
        raise InvalidInput(f"{name} must be one line of plain text: it holds {text[index]!a} at position {index + 1}")
    return text


def clip(value: object, limit: int = CLIP_LENGTH) -> str:
    """A short, one-line ``repr()`` of *value* for an error message.

    Messages quote what the caller gave, and a caller may give anything: a
    5,000-character string, an int of 10,000 digits (Python refuses to turn ints of
    more than 4,300 digits into text), a list nested 100,000 deep, an object whose
    ``repr()`` raises. Every message in the library quotes values through this.

    Long strings and containers are cut (``...``), huge ints are described by
    their number of digits, line breaks are escaped, and the result is at most
    *limit* (:data:`CLIP_LENGTH`) characters.

    Examples:
        >>> clip("x" * 1000)[:12], len(clip("x" * 1000)) <= CLIP_LENGTH
        ("'xxxxxxxxxxx", True)
        >>> clip(10**5000)
        '<an int of about 5,001 digits>'
        >>> clip([[[[[1]]]]])
        '[[[[...]]]]'
    """
    try:
        text = _CLIPPED.repr(value)
    except Exception:
        text = f"<{type(value).__name__} object>"
    if not text.isprintable():  # a custom repr with a newline, a bidi override, ...
        text = "".join(char if char.isprintable() else ascii(char)[1:-1] for char in text)
    if len(text) > limit:
        text = text[: max(limit - 3, 0)] + "..."
    return text


def as_int(name: str, value: object) -> int:
    """Return *value* as a Python ``int``, accepting numpy integers but not bools.

    Raises:
        TypeError: *value* is not an integer (``True``, ``2.0`` and ``"2"`` are refused).
    """
    if type(value) is int:  # the common case, checked first: the simulators call this in their hot loops
        return value
    # numpy's bool too: named bool_ before numpy 2 and bool since; numpy < 2.3 (all that
    # Python 3.10 gets) still lets operator.index() take it, with only a DeprecationWarning.
    if isinstance(value, bool) or type(value).__name__ in {"bool_", "bool"}:
        raise TypeError(f"{name} must be an int, got {type(value).__name__} {clip(value)}")
    try:
        return operator.index(value)  # type: ignore[arg-type]  # any __index__ is fine; TypeError caught
    except TypeError:
        raise TypeError(f"{name} must be an int, got {type(value).__name__} {clip(value)}") from None


def check_int(name: str, value: object, *, low: int | None = None, high: int | None = None) -> int:
    """Return *value* as an ``int`` after checking it lies in ``low..high`` (inclusive).

    Raises:
        TypeError: *value* is not an integer.
        InvalidInput: *value* is outside the range.
    """
    number = as_int(name, value)
    if (low is not None and number < low) or (high is not None and number > high):
        raise InvalidInput(f"{name} must be {_describe_range(low, high)}, got {clip(number)}")
    return number


def _describe_range(low: int | None, high: int | None) -> str:
    if low is not None and high is not None:
        return f"an int from {_int_text(low)} to {_int_text(high)}"
    if low is not None:
        return f"an int >= {_int_text(low)}"
    if high is not None:
        return f"an int <= {_int_text(high)}"
    return "an int"  # pragma: no cover - callers always give a bound


def check_type(name: str, value: object, kind: type[T]) -> T:
    """Return *value* unchanged if it is a *kind*, else raise :class:`TypeError`."""
    if not isinstance(value, kind):
        raise TypeError(f"{name} must be a {kind.__name__}, got {type(value).__name__} {clip(value)}")
    return value


def tuple_of(name: str, values: object, kind: type[T]) -> tuple[T, ...]:
    """*values* as a tuple whose every item is a *kind*, else :class:`TypeError`.

    A ``str``, ``bytes`` or a lone *kind* is refused rather than read item by item (a chat
    bot's text or one value passed where a list was meant).
    """
    if isinstance(values, (str, bytes, kind)) or not isinstance(values, Iterable):
        raise TypeError(f"{name} must be a sequence of {kind.__name__}, got {type(values).__name__}")
    return tuple(check_type(f"{name}[{index}]", value, kind) for index, value in enumerate(values))


def one_line() -> Callable[[Any, Any, Any], None]:  # Any: an attrs validator
    """An attrs validator: the attribute is a ``str`` fit for one chat line (see :func:`check_one_line`)."""

    def validate(_instance: Any, attribute: Any, value: Any) -> None:  # Any: attrs callback
        check_one_line(attribute.name, value)

    validate.one_line = True  # type: ignore[attr-defined]  # read by the JSON Schema generator
    return validate


def int_in(low: int | None = None, high: int | None = None) -> Callable[[Any, Any, Any], None]:  # Any: a validator
    """An attrs validator: the attribute is an int in ``low..high`` (inclusive)."""

    def validate(_instance: Any, attribute: Any, value: Any) -> None:  # Any: attrs callback
        check_int(attribute.name, value, low=low, high=high)

    validate.int_bounds = (low, high)  # type: ignore[attr-defined]  # read by the JSON Schema generator
    return validate


def of_type(kind: type[Any]) -> Callable[[Any, Any, Any], None]:  # Any: a validator for any class
    """An attrs validator: the attribute is an instance of *kind* (else ``TypeError``)."""

    def validate(_instance: Any, attribute: Any, value: Any) -> None:  # Any: attrs callback
        check_type(attribute.name, value, kind)

    return validate


def int_field(low: int | None = None, high: int | None = None, **kwargs: Any) -> Any:  # Any: attrs.field's own types
    """An attrs field holding a Python ``int`` in ``low..high`` (inclusive).

    Numpy integers are converted to ``int``; bools, floats and strings are a
    :class:`TypeError`; out-of-range values are
    :class:`~tabletop_core.errors.InvalidInput` naming the field. Extra keyword
    arguments (``default=...``) go to :func:`attrs.field`.
    """

    def convert(value: Any, field: Any) -> int:  # Any: attrs callback
        return check_int(field.name.lstrip("_"), value, low=low, high=high)

    metadata = {**kwargs.pop("metadata", {}), "int_bounds": (low, high)}  # read by the JSON Schema generator
    return attrs.field(converter=attrs.Converter(convert, takes_field=True), metadata=metadata, **kwargs)
