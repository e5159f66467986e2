"""Reading JSON with every problem reported at its JSON path.

The reader walks plain parsed JSON (dicts, lists, strings, numbers); each
helper here checks one value and, when it is not what the Datasworn format
asks for, raises :class:`DataswornError` naming where in the file it sits
(``$.oracles.core.contents.action.rows[3].min``). Keys this reader does not
know are ignored, so data from a newer Datasworn version still loads.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from typing import Any, TypeVar

import attrs

from tabletop_core._validate import check_int
from tabletop_core.errors import InvalidInput

__all__ = ["DataswornError", "plain_text"]

T = TypeVar("T")


class DataswornError(InvalidInput):
    """Datasworn data that does not follow the format, with the JSON path where it breaks.

    Attributes:
        path: Where in the JSON the problem is, like ``$.moves.adventure.contents.face_danger.roll_type``.
    """

    def __init__(self, path: str, message: str) -> None:
        super().__init__(f"Datasworn data at {path}: {message}")
        self.path = path


def kind(value: object) -> str:
    """The JSON name of a parsed value's type, for messages."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, (int, float)):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "an array"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__


def key_path(path: str, key: str) -> str:
    """*path* extended by an object key."""
    return f"{path}.{key}" if key.isidentifier() else f"{path}[{key!r}]"


def obj(value: object, path: str) -> Mapping[str, Any]:
    """*value* if it is a JSON object."""
    if value.__class__ is dict:  # the common case, checked first
        return value
    if not isinstance(value, dict):
        raise DataswornError(path, f"expected an object, got {kind(value)}")
    return value


def get(data: Mapping[str, Any], key: str, path: str, expected: type | tuple[type, ...], *, required: bool) -> Any:
    """``data[key]`` checked against *expected*; ``None`` when absent (or null) and not *required*."""
    value = data.get(key)
    if value.__class__ is expected:  # the common case, checked first
        return value
    if value is None:
        if required:
            raise DataswornError(key_path(path, key), "is required but missing" if key not in data else "is null")
        return None
    if not isinstance(value, expected) or (isinstance(value, bool) and bool not in _as_tuple(expected)):
        names = " or ".join(_JSON_NAMES.get(t, t.__name__) for t in _as_tuple(expected))
        raise DataswornError(key_path(path, key), f"expected {names}, got {kind(value)} {_short(value)}")
    return value


def text(data: Mapping[str, Any], key: str, path: str, *, required: bool = True) -> Any:
    """A string field."""
    value = data.get(key)
    if value.__class__ is str:  # the common case, without the call below
        return value
    return get(data, key, path, str, required=required)


def integer(data: Mapping[str, Any], key: str, path: str, *, required: bool = True) -> Any:
    """An integer field (booleans refused)."""
    return get(data, key, path, int, required=required)


def items(data: Mapping[str, Any], key: str, path: str) -> list[tuple[str, Mapping[str, Any]]]:
    """The ``(key, object)`` pairs of an optional dictionary field, each checked to be an object."""
    value = get(data, key, path, dict, required=False)
    if not value:
        return []
    pairs = list(value.items())
    for name, item in pairs:
        if type(item) is not dict:
            obj(item, key_path(key_path(path, key), name))  # raises, naming the path
    return pairs


def array(data: Mapping[str, Any], key: str, path: str, *, required: bool = False) -> list[Any]:
    """An array field; an absent or null optional array reads as empty."""
    value = data.get(key)
    if value.__class__ is list:  # the common case, without the call below
        return value
    value = get(data, key, path, list, required=required)
    return value or []


def strings(data: Mapping[str, Any], key: str, path: str) -> tuple[str, ...]:
    """An optional array of strings (absent or null reads as empty), each item checked."""
    values = array(data, key, path)
    for index, item in enumerate(values):
        if not isinstance(item, str):
            raise DataswornError(f"{key_path(path, key)}[{index}]", f"expected a string, got {kind(item)}")
    return tuple(values)


def optional_str(_instance: Any, attribute: Any, value: Any) -> None:
    """An attrs validator: a str or ``None``."""
    if value is not None and not isinstance(value, str):
        raise TypeError(f"{attribute.name} must be a str or None, got {type(value).__name__} {_short(value)}")


def optional_int(_instance: Any, attribute: Any, value: Any) -> None:
    """An attrs validator: an int (not a bool) or ``None``."""
    if value is not None:
        check_int(attribute.name, value)


def _as_tuple(expected: type | tuple[type, ...]) -> tuple[type, ...]:
    return expected if isinstance(expected, tuple) else (expected,)


def _short(value: object) -> str:
    shown = repr(value)
    return shown if len(shown) <= 60 else shown[:57] + "..."


_JSON_NAMES: dict[type, str] = {
    str: "a string",
    int: "an integer",
    dict: "an object",
    list: "an array",
    bool: "a boolean",
}

_LINK = re.compile(r"\[([^\]]*)\]\((?:id:)?[^)]*\)")
_TEMPLATE = re.compile(r"\{\{[^}]*\}\}")
_EMPHASIS = re.compile(r"(?<![\w*])\*(?=[^\s*])([^*\n]*?[^\s*])\*(?![\w*])")
_LIST_ITEM = re.compile(r"^([ \t]*)[*+-][ \t]+", re.MULTILINE)  # "* Take +2 momentum": a bullet
# "---|:---:": a cell of dashes, then "|"-separated cells; one way to match each line (no nested repeat)
_TABLE_RULE = re.compile(r"^[ \t]*\|?[ \t]*:?-{3,}:?[ \t]*(?:\|[ \t]*:?-{3,}:?[ \t]*)*\|?[ \t]*(?:\n|$)", re.MULTILINE)
"""``*of the*``: single-star emphasis (a list bullet, ``* item``, has a space after its star)."""


def plain_text(markdown: str) -> str:
    r"""Datasworn Markdown as plain text for a chat line: links become their label, emphasis marks go.

    Bold (``__hit__``, ``**hit**``) and emphasis (``*of the*``) lose their marks; a list
    item's marker (``* Take +2 momentum``) is a bullet (``•``); a table's rule line
    (``---|---``) goes; a ``{{text:...}}`` template placeholder left unfilled goes.

    Examples:
        >>> plain_text("On a __hit__, [Pay the Price](id:starforged/moves/fate/pay_the_price).")
        'On a hit, Pay the Price.'
        >>> plain_text("[Identity](id:starforged/oracles/factions/identity) *of the* Legacy")
        'Identity of the Legacy'
        >>> plain_text("Choose one.\n\n* Take +2 momentum\n* Add +1 on your next move")
        'Choose one.\n\n• Take +2 momentum\n• Add +1 on your next move'
        >>> plain_text("Odds | Yes if\n---|---\nLikely | 75 or less")
        'Odds | Yes if\nLikely | 75 or less'
    """
    if not isinstance(markdown, str):
        raise TypeError(f"markdown must be a str, got {type(markdown).__name__} {markdown!r}")
    result = _LINK.sub(r"\1", markdown)
    result = _TEMPLATE.sub("", result)
    if "-" in result or "*" in result or "+" in result:
        result = _TABLE_RULE.sub("", _LIST_ITEM.sub(r"\1• ", result))
    result = result.replace("__", "").replace("**", "")
    if "*" in result:
        result = _EMPHASIS.sub(r"\1", result)
    return result.strip()


def tuple_of(kind: type | tuple[type, ...], name: str) -> Callable[[Any], tuple[Any, ...]]:
    """An attrs converter: any iterable (not a string) to a tuple, each item checked to be a *kind*."""

    def convert(value: Any) -> tuple[Any, ...]:
        if isinstance(value, (str, bytes, Mapping)) or not isinstance(value, Iterable):
            raise TypeError(f"{name} must be a sequence, got {type(value).__name__} {_short(value)}")
        result = tuple(value)
        for index, item in enumerate(result):
            if not isinstance(item, kind) or (isinstance(item, bool) and kind is int):
                raise TypeError(f"{name}[{index}] has the wrong type: {type(item).__name__} {_short(item)}")
        return result

    return convert


def tuple_field(kind: type | tuple[type, ...], **kwargs: Any) -> Any:
    """An attrs field holding a tuple of *kind* (any iterable is accepted and converted)."""

    def convert(value: Any, field: Any) -> tuple[Any, ...]:
        if type(value) is tuple:
            for item in value:
                if type(item) is not kind:  # the common case: exactly the kind asked for
                    break
            else:
                return value
        return tuple_of(kind, field.name.lstrip("_"))(value)

    return attrs.field(converter=attrs.Converter(convert, takes_field=True), **kwargs)


_new = object.__new__
_set = object.__setattr__


def build(cls: type[T], **values: Any) -> T:
    """An attrs instance from values the reader has already checked, without re-running the field checks.

    Loading a ruleset builds thousands of objects; each value passed here was checked
    (with its JSON path) just before. Values must already be what the fields hold
    (tuples, not lists).
    """
    instance = _new(cls)
    for name, value in values.items():
        _set(instance, name, value)
    return instance
