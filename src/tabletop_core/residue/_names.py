"""Reading RESIDUE's named enums (Action Slots, Inventories, Conditions) from text, one way for all."""

from __future__ import annotations

import enum
from typing import TypeVar

from tabletop_core._validate import check_type
from tabletop_core.errors import InvalidInput

__all__ = ["check_name", "parse_by_name"]

E = TypeVar("E", bound=enum.Enum)


def check_name(name: object) -> str:
    """Check the *name* a caller gives a value for error messages: a short one-line str.

    Raises:
        TypeError: *name* is not a str.
        InvalidInput: it is longer than 100 characters or holds a line break or control character.
    """
    text = check_type("name", name, str)
    if len(text) > 100 or not text.isprintable():
        raise InvalidInput(f"name must be a short one-line label for messages, got {len(text)} characters")
    return text


def parse_by_name(cls: type[E], value: E | str, *, name: str) -> E:
    """A member of *cls* given itself or its name in any case (``"attack"``, ``"Food"``).

    Raises:
        TypeError: *value* is neither a member nor a str.
        InvalidInput: no member has that name; the message lists them.
    """
    name = check_name(name)
    if isinstance(value, cls):
        return value
    text = check_type(name, value, str)
    try:
        return cls[text.strip().upper()]
    except KeyError:
        names = ", ".join(str(member.value) for member in cls)
        raise InvalidInput(f"{name} must be one of {names}, got {value!r}") from None
