"""The shared data and rendering behaviour of every result and rule state.

Every result and state in the library is an ``@attrs.frozen`` class that also
derives from :class:`Record`, which gives it:

* ``to_dict()`` / ``from_dict()`` that round-trip through JSON (enums by name,
  tuples as lists, nested records as dicts) using one shared cattrs converter;
* ``to_json()`` / ``from_json()`` for convenience;
* ``to_markdown()`` for chat (defaults to ``str()``) and ``_repr_html_`` for
  notebooks, so a subclass only needs ``__str__`` to render everywhere.
"""

from __future__ import annotations

import enum
import html
import json
from collections.abc import Mapping
from fractions import Fraction
from typing import Any, TypeVar

import cattrs

from tabletop_core._validate import as_int, clip
from tabletop_core.errors import InvalidInput, TabletopError

__all__ = ["Record", "converter"]

R = TypeVar("R", bound="Record")

converter = cattrs.Converter(forbid_extra_keys=True)
"""The cattrs converter shared by every record; enums travel by name."""


def _is_enum(cls: Any) -> bool:
    return isinstance(cls, type) and issubclass(cls, enum.Enum)


def _structure_enum(value: Any, cls: type[enum.Enum]) -> enum.Enum:
    if not isinstance(value, str):
        raise TypeError(f"{cls.__name__} must be given by name, got {clip(value)}")
    try:
        return cls[value.upper()]
    except KeyError:
        names = ", ".join(member.name for member in cls)
        raise InvalidInput(f"{cls.__name__} must be one of {names}, got {clip(value)}") from None


converter.register_unstructure_hook_func(_is_enum, lambda member: member.name)
converter.register_structure_hook_func(_is_enum, _structure_enum)


def _strict(kind: type[Any]) -> Any:
    """A structure hook that refuses values of another type instead of coercing them.

    cattrs would turn ``2.5``, ``"2"`` and ``True`` into the int 2, 2 and 1: data
    edited by hand or sent by a client must not silently change meaning.
    """

    def structure(value: Any, _cls: Any) -> Any:
        if kind is int:
            return as_int("value", value)
        if kind is float and isinstance(value, int) and not isinstance(value, bool):
            return float(value)
        if type(value) is not kind:
            raise TypeError(f"expected {kind.__name__}, got {type(value).__name__} {clip(value)}")
        return value

    return structure


for _kind in (int, str, bool, float):
    converter.register_structure_hook(_kind, _strict(_kind))
converter.register_unstructure_hook(Fraction, str)
converter.register_structure_hook(Fraction, lambda value, _cls: Fraction(value))


class Record:
    """Mixin for frozen attrs classes: JSON round trips and chat/notebook rendering."""

    __slots__ = ()

    def to_dict(self) -> dict[str, Any]:
        """Return JSON-ready data; ``type(x).from_dict(x.to_dict()) == x``."""
        data = converter.unstructure(self)
        assert isinstance(data, dict)  # attrs classes unstructure to dicts
        return data

    @classmethod
    def from_dict(cls: type[R], data: Mapping[str, Any]) -> R:
        """Rebuild an object from :meth:`to_dict` data, validating every field.

        Raises:
            InvalidInput: the data is incomplete, has unknown keys or breaks a rule.
            TypeError: *data* is not a mapping.
        """
        if not isinstance(data, Mapping):
            raise TypeError(f"{cls.__name__}.from_dict needs a mapping, got {type(data).__name__}")
        try:
            return converter.structure(dict(data), cls)
        except TabletopError:
            raise
        except Exception as error:  # cattrs groups every failure; report it as one.
            raise InvalidInput(f"cannot build {cls.__name__} from {clip(dict(data))}: {_reason(error)}") from error

    def to_json(self) -> str:
        """Return :meth:`to_dict` as a JSON string."""
        return json.dumps(self.to_dict())

    @classmethod
    def from_json(cls: type[R], text: str) -> R:
        """Rebuild an object from :meth:`to_json` output."""
        try:
            data = json.loads(text)
        except (TypeError, ValueError) as error:
            raise InvalidInput(f"{cls.__name__}.from_json needs JSON text: {error}") from error
        return cls.from_dict(data)

    def to_markdown(self) -> str:
        """Return a Markdown rendering for chat; defaults to ``str(self)``."""
        return str(self)

    def _repr_html_(self) -> str:
        return f"<code>{html.escape(str(self))}</code>"


def _reason(error: BaseException) -> str:
    """The innermost messages of a (possibly grouped) exception, joined."""
    inner = getattr(error, "exceptions", None)
    if inner:
        return "; ".join(_reason(sub) for sub in inner)
    return f"{type(error).__name__}: {error}"
