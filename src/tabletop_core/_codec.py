"""Strict reading of JSON values into the types a record's fields are annotated with.

Every field of every record is read by its annotation, exactly: nothing is iterated,
converted or filled in that the data did not say.

* ``int``: a JSON integer (not ``true``, not ``2.0``, not ``"2"``) of at most 1,000 digits;
  ``float``: a JSON number; ``str``: a JSON string; ``bool``: ``true`` or ``false``.
* ``tuple[X, ...]`` and ``tuple[X, Y]``: a JSON list (a string or an object is never read
  item by item), of the given length for a fixed tuple; each item read as its type.
* ``Mapping[K, V]``: a JSON object; ``int`` keys are written as decimal strings.
* an enum: its lower-case name (``"strong_hit"``), exactly, in a saved record. Data without
  a ``"version"`` (what tabletop_core 0.1.0 and 0.2.0 wrote, and the short form a bot types
  by hand), and the converter used outside any record, also take the other spellings
  :func:`~tabletop_core._names.parse_enum` reads (``"STRONG_HIT"``, ``"Strong hit"``).
* ``X | None``: ``null`` or an X.

The record machinery (:mod:`tabletop_core._record`) adds the rest: record-typed fields as
tagged objects, the keys that must be present, unknown keys refused, answers checked.
"""

from __future__ import annotations

import collections.abc
import contextvars
import enum
import types
import typing
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from tabletop_core._bounds import MAX_JSON_INT, MAX_JSON_INT_DIGITS
from tabletop_core._names import parse_enum
from tabletop_core._validate import as_int, clip
from tabletop_core.errors import InvalidInput

if TYPE_CHECKING:
    import cattrs

__all__ = [
    "SAVED",
    "SHORT",
    "install",
    "is_fixed_tuple",
    "is_mapping",
    "is_run",
    "reading",
    "reading_as",
]

SAVED = "saved"
"""Reading the saved form: every record tagged and versioned, every key present, enums exact."""
SHORT = "short"
"""Reading data without a ``"version"``: 0.1.0/0.2.0 saves and hand-typed input (keys with defaults may be left out)."""

_MODE: contextvars.ContextVar[str | None] = contextvars.ContextVar("tabletop_core_reading", default=None)


def reading() -> str | None:
    """The form being read: :data:`SAVED`, :data:`SHORT`, or ``None`` outside any record."""
    return _MODE.get()


@contextmanager
def reading_as(mode: str) -> Iterator[None]:
    """Read the records inside as *mode* (short data stays short for everything inside it)."""
    token = _MODE.set(SHORT if _MODE.get() == SHORT else mode)
    try:
        yield
    finally:
        _MODE.reset(token)


# -- scalars -----------------------------------------------------------------------


def _structure_int(value: object, _cls: object) -> int:
    number = as_int("value", value)
    if not -MAX_JSON_INT <= number <= MAX_JSON_INT:
        raise InvalidInput(f"expected an int of at most {MAX_JSON_INT_DIGITS:,} digits, got {clip(number)}")
    return number


def _structure_float(value: object, _cls: object) -> float:
    if type(value) is float:
        return value
    if isinstance(value, int) and not isinstance(value, bool):
        return float(_structure_int(value, int))  # JSON has one number type: 3 is the float 3.0
    raise TypeError(f"expected a number, got {type(value).__name__} {clip(value)}")


def _exactly(kind: type) -> Callable[[object, object], object]:
    def structure(value: object, _cls: object) -> object:
        if type(value) is not kind and not (kind is str and isinstance(value, str)):
            raise TypeError(f"expected {kind.__name__}, got {type(value).__name__} {clip(value)}")
        return value

    return structure


# -- enums -------------------------------------------------------------------------

_NAMES: dict[type[enum.Enum], dict[str, enum.Enum]] = {}


def _names(cls: type[enum.Enum]) -> dict[str, enum.Enum]:
    names = _NAMES.get(cls)
    if names is None:
        names = _NAMES[cls] = {member.name.lower(): member for member in cls}
    return names


def _structure_enum(value: object, cls: type[enum.Enum]) -> enum.Enum:
    if type(value) is str:
        member = _names(cls).get(value)
        if member is not None:
            return member
    if _MODE.get() != SAVED or isinstance(value, cls):
        return parse_enum(cls, value, name=cls.__name__)  # the spellings older saves and people use
    if not isinstance(value, str):
        raise TypeError(f"{cls.__name__} must be given by name, got {type(value).__name__} {clip(value)}")
    names = ", ".join(_names(cls))
    raise InvalidInput(f"{cls.__name__} must be one of {clip(names, 200)}, got {clip(value)}")


def _is_enum(cls: object) -> bool:
    return isinstance(cls, type) and issubclass(cls, enum.Enum)


# -- containers ----------------------------------------------------------------------


def is_run(hint: object) -> bool:
    """Whether *hint* is ``tuple[X, ...]``."""
    args = typing.get_args(hint)
    return typing.get_origin(hint) is tuple and len(args) == 2 and args[1] is Ellipsis


def is_fixed_tuple(hint: object) -> bool:
    """Whether *hint* is a tuple of fixed length (``tuple[X, Y]``)."""
    return typing.get_origin(hint) is tuple and bool(typing.get_args(hint)) and not is_run(hint)


_MAPPINGS = (Mapping, collections.abc.Mapping, dict, typing.Mapping, typing.Dict)  # noqa: UP006 - old spellings


def is_mapping(hint: object) -> bool:
    """Whether *hint* is ``Mapping[K, V]`` or ``dict[K, V]``."""
    return typing.get_origin(hint) in _MAPPINGS and len(typing.get_args(hint)) == 2


def _note(error: Exception, index: int) -> None:
    """Say which item failed, as cattrs does (the record machinery reads the note into the message)."""
    setattr(error, "__notes__", [*getattr(error, "__notes__", ()), f"Structuring item @ index {index}"])  # noqa: B010


def _sequence(value: object, what: str) -> list[Any] | tuple[Any, ...]:  # Any: JSON items
    if type(value) is list or type(value) is tuple:
        return value  # checked: a list or a tuple
    raise TypeError(f"{what} must be a list, got {type(value).__name__} {clip(value)}")


def _run_hook(converter: cattrs.Converter) -> Callable[[type], Callable[[object, object], tuple[object, ...]]]:
    def factory(hint: type) -> Callable[[object, object], tuple[object, ...]]:
        item_type = typing.get_args(hint)[0]
        item = converter.get_structure_hook(item_type)

        def structure(value: object, _cls: object) -> tuple[object, ...]:
            items = _sequence(value, "a sequence")
            out = []
            for index, element in enumerate(items):
                try:
                    out.append(item(element, item_type))
                except Exception as error:
                    _note(error, index)
                    raise
            return tuple(out)

        return structure

    return factory


def _fixed_hook(converter: cattrs.Converter) -> Callable[[type], Callable[[object, object], tuple[object, ...]]]:
    def factory(hint: type) -> Callable[[object, object], tuple[object, ...]]:
        item_types = typing.get_args(hint)
        hooks = [converter.get_structure_hook(kind) for kind in item_types]

        def structure(value: object, _cls: object) -> tuple[object, ...]:
            items = _sequence(value, f"a list of {len(hooks)}")
            if len(items) != len(hooks):
                raise InvalidInput(f"expected a list of {len(hooks)} items, got {len(items)}")
            out = []
            for index, (hook, kind, element) in enumerate(zip(hooks, item_types, items, strict=True)):
                try:
                    out.append(hook(element, kind))
                except Exception as error:
                    _note(error, index)
                    raise
            return tuple(out)

        return structure

    return factory


def _key_reader(kind: object) -> Callable[[object], object]:
    if kind is int:

        def int_key(key: object) -> object:
            if type(key) is int:
                return _structure_int(key, int)
            if type(key) is str and key.isascii() and (key == "0" or key.lstrip("-")[:1] in "123456789"):
                digits = key.removeprefix("-")
                if digits.isdigit() and len(digits) <= MAX_JSON_INT_DIGITS and (digits == "0") == (key == "0"):
                    return _structure_int(int(key), int)
            raise InvalidInput(f"expected an integer key in decimal, got {clip(key)}")

        return int_key
    if kind is str:

        def str_key(key: object) -> object:
            if type(key) is not str:
                raise TypeError(f"expected a str key, got {type(key).__name__} {clip(key)}")
            return key

        return str_key
    raise TypeError(f"a record field's mapping keys must be int or str, not {kind!r}")  # pragma: no cover


def _mapping_hook(converter: cattrs.Converter) -> Callable[[type], Callable[[object, object], dict[object, object]]]:
    def factory(hint: type) -> Callable[[object, object], dict[object, object]]:
        key_type, value_type = typing.get_args(hint)
        key = _key_reader(key_type)
        value_hook = converter.get_structure_hook(value_type)

        def structure(value: object, _cls: object) -> dict[object, object]:
            if type(value) is not dict and not isinstance(value, Mapping):
                raise TypeError(f"expected an object, got {type(value).__name__} {clip(value)}")
            return {key(k): value_hook(v, value_type) for k, v in value.items()}

        return structure

    return factory


def is_optional(hint: object) -> bool:
    """Whether *hint* is ``X | None`` for one X."""
    if typing.get_origin(hint) not in (typing.Union, types.UnionType):
        return False
    args = typing.get_args(hint)
    return len(args) == 2 and type(None) in args


def _optional_hook(converter: cattrs.Converter) -> Callable[[type], Callable[[object, object], object]]:
    def factory(hint: type) -> Callable[[object, object], object]:
        inner_type = next(arg for arg in typing.get_args(hint) if arg is not type(None))
        inner = converter.get_structure_hook(inner_type)

        def structure(value: object, _cls: object) -> object:
            return None if value is None else inner(value, inner_type)

        return structure

    return factory


def install(converter: cattrs.Converter) -> None:
    """Register the strict hooks on *converter* (before any module's own hooks, which take precedence)."""
    converter.register_structure_hook(int, _structure_int)
    converter.register_structure_hook(float, _structure_float)
    for kind in (str, bool):
        converter.register_structure_hook(kind, _exactly(kind))
    converter.register_structure_hook_func(_is_enum, _structure_enum)
    converter.register_structure_hook_factory(is_run, _run_hook(converter))
    converter.register_structure_hook_factory(is_fixed_tuple, _fixed_hook(converter))
    converter.register_structure_hook_factory(is_mapping, _mapping_hook(converter))
    converter.register_structure_hook_factory(is_optional, _optional_hook(converter))
