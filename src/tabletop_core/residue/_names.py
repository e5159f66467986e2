"""Reading RESIDUE's named enums (Action Slots, Inventories, Conditions) from text, one way for all."""

from __future__ import annotations

import enum
from typing import TypeVar

from tabletop_core._validate import check_type, clip
from tabletop_core.errors import InvalidInput

__all__ = ["parse_by_name"]

E = TypeVar("E", bound=enum.Enum)


def parse_by_name(cls: type[E], value: E | str, *, name: str) -> E:
    """A member of *cls* given itself or its name in any case (``"attack"``, ``"Food"``).

    Raises:
        TypeError: *value* is neither a member nor a str.
        InvalidInput: no member has that name; the message lists them.
    """
    if isinstance(value, cls):
        return value
    text = check_type(name, value, str)
    try:
        return cls[text.strip().upper()]
    except KeyError:
        names = ", ".join(str(member.value) for member in cls)
        raise InvalidInput(f"{name} must be one of {names}, got {clip(value)}") from None
