"""One helper the Effect and encounter modules use to read "a member or its name" of an enum.

Kept in one place so the library's shared enum parser can replace its body without
touching the modules that call it.
"""

from __future__ import annotations

import enum
from typing import TypeVar

from tabletop_core.errors import InvalidInput

__all__ = ["member"]

E = TypeVar("E", bound=enum.Enum)


def member(cls: type[E], name: str, value: object) -> E:
    """A member of *cls* given itself or its name (any case; spaces, ``-`` and ``_`` alike).

    Raises:
        TypeError: *value* is neither a member of *cls* nor a str.
        InvalidInput: no member has that name (the message names *name* and lists the names).
    """
    if isinstance(value, cls):
        return value
    if not isinstance(value, str):
        raise TypeError(f"{name} must be a {cls.__name__} or its name, got {type(value).__name__} {value!r}")
    key = "_".join(value.replace("-", " ").replace("_", " ").split()).upper()
    try:
        return cls.__members__[key]
    except KeyError:
        names = ", ".join(m.name.lower().replace("_", " ") for m in cls)
        raise InvalidInput(f"{name} must be one of {names}, got {value!r}") from None
