"""One helper the Effect and encounter modules use to read "a member or its name" of an enum.

Kept in one place so the library's shared enum parser can replace its body without
touching the modules that call it.
"""

from __future__ import annotations

import enum
from typing import TypeVar

from tabletop_core._names import parse_enum

__all__ = ["member"]

E = TypeVar("E", bound=enum.Enum)


def member(cls: type[E], name: str, value: object) -> E:
    """A member of *cls* given itself or its name (the library's one enum parser).

    Raises:
        TypeError: *value* is neither a member of *cls* nor a str.
        InvalidInput: no member has that name (the message names *name* and lists the names).
    """
    return parse_enum(cls, value, name=name)
