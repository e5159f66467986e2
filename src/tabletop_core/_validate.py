"""Checks at the edge of the library, shared by every rule system.

Each check names the parameter, what was expected and what was given, so a
chat bot can pass the message straight back to the person who typed the input.
A wrong type is a :class:`TypeError`; a value of the right type that the rules
do not allow is :class:`~tabletop_core.errors.InvalidInput`.
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from typing import Any, TypeVar

import attrs

from tabletop_core.errors import InvalidInput

__all__ = ["as_int", "check_int", "check_type", "int_field", "int_in", "of_type"]

T = TypeVar("T")


def as_int(name: str, value: object) -> int:
    """Return *value* as a Python ``int``, accepting numpy integers but not bools.

    Raises:
        TypeError: *value* is not an integer (``True``, ``2.0`` and ``"2"`` are refused).
    """
    message = f"{name} must be an int, got {type(value).__name__} {value!r}"
    # numpy's bool too: named bool_ before numpy 2 and bool since; numpy < 2.3 (all that
    # Python 3.10 gets) still lets operator.index() take it, with only a DeprecationWarning.
    if isinstance(value, bool) or type(value).__name__ in {"bool_", "bool"}:
        raise TypeError(message)
    try:
        return operator.index(value)  # type: ignore[arg-type]  # any __index__ is fine; TypeError caught
    except TypeError:
        raise TypeError(message) from None


def check_int(name: str, value: object, *, low: int | None = None, high: int | None = None) -> int:
    """Return *value* as an ``int`` after checking it lies in ``low..high`` (inclusive).

    Raises:
        TypeError: *value* is not an integer.
        InvalidInput: *value* is outside the range.
    """
    number = as_int(name, value)
    if (low is not None and number < low) or (high is not None and number > high):
        raise InvalidInput(f"{name} must be {_describe_range(low, high)}, got {number}")
    return number


def _describe_range(low: int | None, high: int | None) -> str:
    if low is not None and high is not None:
        return f"an int from {low} to {high}"
    if low is not None:
        return f"an int >= {low}"
    if high is not None:
        return f"an int <= {high}"
    return "an int"  # pragma: no cover - callers always give a bound


def check_type(name: str, value: object, kind: type[T]) -> T:
    """Return *value* unchanged if it is a *kind*, else raise :class:`TypeError`."""
    if not isinstance(value, kind):
        raise TypeError(f"{name} must be a {kind.__name__}, got {type(value).__name__} {value!r}")
    return value


def int_in(low: int | None = None, high: int | None = None) -> Callable[[Any, Any, Any], None]:  # Any: a validator
    """An attrs validator: the attribute is an int in ``low..high`` (inclusive)."""

    def validate(_instance: Any, attribute: Any, value: Any) -> None:  # Any: attrs callback
        check_int(attribute.name, value, low=low, high=high)

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

    return attrs.field(converter=attrs.Converter(convert, takes_field=True), **kwargs)
