"""The base of every public enum: a lookup by a wrong value is a clear error, not a bare one.

``Stakes("mid")`` looks a member up by its value. The standard :class:`enum.Enum` answers
an unknown value with a bare :class:`ValueError` that quotes the whole value (10,000
characters, an int too large to print) and an unhashable value (a list, a numpy array)
with whatever its ``==`` raises. Enums of the library derive from :class:`Enum` instead:
an unknown value is :class:`~tabletop_core.errors.InvalidInput` listing the values, and
an unhashable one is a :class:`TypeError`.
"""

from __future__ import annotations

import enum
import re
from typing import Any, TypeVar

from tabletop_core._names import parse_enum
from tabletop_core.errors import InvalidInput

__all__ = ["Enum"]

_E = TypeVar("_E", bound="Enum")


def _show(value: object) -> str:
    """A short, one-line description of a caller's value (never a huge repr)."""
    if isinstance(value, bool) or value is None:
        return repr(value)
    if isinstance(value, int):
        return repr(value) if value.bit_length() <= 64 else f"an int of {value.bit_length()} bits"
    if isinstance(value, str):
        shown = repr(value[:40])
        return shown if len(value) <= 40 else f"{shown[:-1]}...' ({len(value)} characters)"
    return f"a {type(value).__name__}"


class _EnumType(enum.EnumMeta):
    def __call__(cls, value: Any, *args: Any, **kwargs: Any) -> Any:  # Any: EnumMeta.__call__'s own signature
        if not cls._member_map_:  # the functional API on a base without members
            return super().__call__(value, *args, **kwargs)
        if any(a is not None for a in args) or any(v is not None for v in kwargs.values()):
            raise TypeError(f"{cls.__name__}(value) looks a member up; {cls.__name__} cannot be extended")
        if isinstance(value, cls):
            return value
        try:
            member = cls._value2member_map_.get(value)
        except TypeError:  # unhashable: a list, a dict, a numpy array
            raise TypeError(f"{cls.__name__} must be looked up by a value, got {_show(value)}") from None
        if member is None:
            values = ", ".join(repr(member.value) for member in cls)  # type: ignore[var-annotated]
            raise InvalidInput(f"{cls.__name__} has no member with value {_show(value)}; values: {values}")
        return member


class Enum(enum.Enum, metaclass=_EnumType):
    """An :class:`enum.Enum` whose lookup by an unknown value raises :class:`InvalidInput`."""

    # Members are singletons compared by identity, so the identity hash agrees with ``==``;
    # enum.Enum's own hashes the name in Python code, and the simulators hash members in
    # every set and dict lookup of their hot loops. (No result depends on set order.)
    __hash__ = object.__hash__

    @classmethod
    def parse(cls: type[_E], value: object, *, name: str | None = None) -> _E:
        """The member *value* names: the member itself, or its name, value or label in any case.

        Spaces, hyphens and underscores are equivalent (``"flat roll"``, ``"FLAT_ROLL"``); see
        :func:`~tabletop_core._names.parse_enum`. Every enum of the library reads text this way.

        Args:
            value: A member, or text naming one.
            name: The parameter's name in the error message; by default the class's name in
                words (``"test kind"`` for ``TestKind``).

        Raises:
            TypeError: *value* is neither a member nor a str.
            InvalidInput: no member has that name; the message lists the names.
        """
        if type(value) is cls:  # a member: the hot case, nothing to read
            return value
        return parse_enum(cls, value, name=_words(cls.__name__) if name is None else name)


def _words(class_name: str) -> str:
    """``TestKind`` -> ``test kind``: a class's name as the words of an error message."""
    return re.sub(r"(?<!^)(?=[A-Z])", " ", class_name).lower()
