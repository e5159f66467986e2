"""Reading an enum member from text, one way for every rule system.

Every ``parse`` classmethod and every argument that takes "a member or its name"
goes through :func:`parse_enum`, so ``"off guard"``, ``"OFF_GUARD"``,
``"Off-Guard"`` and the display label all mean the same member everywhere.
"""

from __future__ import annotations

import enum
import re
from typing import TypeVar

from tabletop_core._validate import clip as _clip
from tabletop_core.errors import InvalidInput

__all__ = ["check_name", "enum_label", "enum_value", "name_key", "parse_enum"]

E = TypeVar("E", bound=enum.Enum)

_SEPARATORS = re.compile(r"[\s_\-]+")
_KEYS: dict[type[enum.Enum], dict[str, enum.Enum]] = {}


def name_key(text: str) -> str:
    """*text* folded for comparison: any case, spaces, hyphens and underscores alike.

    Examples:
        >>> name_key(" Off-Guard "), name_key("off_guard"), name_key("OFF GUARD")
        ('OFF_GUARD', 'OFF_GUARD', 'OFF_GUARD')
    """
    return _SEPARATORS.sub("_", text).strip("_").upper()


def _keys(cls: type[E]) -> dict[str, E]:
    """Every accepted spelling of *cls*'s members, folded by :func:`name_key` (built once per enum)."""
    keys = _KEYS.get(cls)
    if keys is None:
        keys = {}
        for member in cls:
            keys.setdefault(name_key(member.name), member)
        for member in cls:
            for label in (member.value, getattr(member, "label", None), str(member)):
                if isinstance(label, str) and label.strip():
                    keys.setdefault(name_key(label), member)
        _KEYS[cls] = keys
    return keys  # type: ignore[return-value]  # built from cls's own members


def accepted_names(cls: type[enum.Enum]) -> str:
    """The names :func:`parse_enum` lists in its error: each member's name, lower case with spaces."""
    return ", ".join(member.name.lower().replace("_", " ") for member in cls)


def check_name(name: object) -> str:
    """Check the *name* a caller gives a value for error messages: a short one-line str.

    Raises:
        TypeError: *name* is not a str.
        InvalidInput: it is longer than 100 characters or holds a line break or control character.
    """
    if not isinstance(name, str):
        raise TypeError(f"name must be a str, got {type(name).__name__}")
    if len(name) > 100 or not name.isprintable():
        raise InvalidInput(f"name must be a short one-line label for messages, got {len(name)} characters")
    return name


def parse_enum(cls: type[E], value: object, *, name: str, strip_suffix: str = "") -> E:
    """A member of *cls* given itself, its name or its display label, in any case.

    Spaces, hyphens and underscores are equivalent (``"flat roll"``, ``"FLAT_ROLL"``,
    ``"Flat-Roll"``); the member's value (when a str), its ``label`` and its ``str()``
    are accepted as well as its name.

    Args:
        cls: The enum.
        value: A member, or text naming one.
        name: The parameter's name, for the error message.
        strip_suffix: A word the text may end with (``"stakes"`` for ``"Mid Stakes"``).

    Raises:
        TypeError: *value* is neither a member of *cls* nor a str.
        InvalidInput: no member has that name; the message names *name* and lists the names.

    Examples:
        >>> from tabletop_core.d20 import TestKind
        >>> parse_enum(TestKind, "flat-roll", name="kind")
        <TestKind.FLAT_ROLL: 'Flat Roll'>
    """
    if type(value) is cls:  # a member: nothing to read and no message to write (the hot case)
        return value
    name = check_name(name)
    if isinstance(value, cls):
        return value
    if not isinstance(value, str):
        raise TypeError(f"{name} must be a {cls.__name__} or its name, got {type(value).__name__} {_clip(value)}")
    key = name_key(value)
    if strip_suffix:
        key = key.removesuffix(name_key(strip_suffix)).rstrip("_") or key
    member = _keys(cls).get(key)
    if member is None:
        raise InvalidInput(f"{name} must be one of {accepted_names(cls)}, got {_clip(value)}")
    return member


def enum_value(member: enum.Enum) -> str:
    """The stable machine value of an enum member in JSON: its lower-case name (``"strong_hit"``)."""
    return member.name.lower()


def enum_label(member: enum.Enum) -> str:
    """The display text of an enum member in JSON and odds tables: ``"strong hit"``."""
    return member.name.lower().replace("_", " ")
