"""A record base whose subclasses form a tagged union: ``Base.from_dict`` rebuilds the kind the tag names.

The d20 encounter's actions and events and the Journey's choices and events are such unions:
a field typed as the base holds any of its kinds and travels as that kind's tagged dict
(:meth:`TaggedUnion.register`). A union reads the ``"type"`` tag through :meth:`TaggedUnion._kind_for`,
which a base may widen (the d20 actions also take the bare class name a bot types by hand).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, TypeVar

from tabletop_core._record import Record
from tabletop_core._record_codec import on_converter
from tabletop_core._record_types import record_type
from tabletop_core._validate import clip
from tabletop_core.errors import InvalidInput

if TYPE_CHECKING:
    import cattrs

__all__ = ["TaggedUnion"]

U = TypeVar("U", bound="TaggedUnion")


class TaggedUnion(Record):
    """A record whose dict's ``"type"`` tag picks the kind (a subclass) :meth:`from_dict` rebuilds."""

    __slots__ = ()

    @classmethod
    def from_dict(cls: type[U], data: Mapping[str, object]) -> U:
        """Rebuild the kind the ``"type"`` tag names (this class or one of its kinds).

        Raises:
            InvalidInput: no tag, an unknown kind, or data that does not build it.
            TypeError: *data* is not a mapping.
        """
        if not isinstance(data, Mapping):
            raise TypeError(f"{cls.__name__}.from_dict needs a mapping, got {type(data).__name__}")
        kind, fields = cls._kind_for(data)
        return Record.from_dict.__func__(kind, fields)  # type: ignore[attr-defined,no-any-return]

    @classmethod
    def _kind_for(cls, data: Mapping[str, object]) -> tuple[type[Record], Mapping[str, object]]:
        """The kind *data*'s ``"type"`` tag names, and the data to build it from.

        Raises:
            InvalidInput: no tag, or one naming no kind of this class.
        """
        tag = data.get("type")
        kind = record_type(tag) if isinstance(tag, str) else None
        if kind is None or not issubclass(kind, cls) or "__attrs_attrs__" not in kind.__dict__:
            raise InvalidInput(f"{cls.__name__} data needs 'type' naming a kind of {cls.__name__}, got {clip(tag)}")
        return kind, data

    @classmethod
    def register(cls) -> None:
        """Make fields typed as this base class travel as tagged dicts of their actual kind.

        On a kind itself (a concrete class) it does nothing: a kind already travels as itself.
        """
        if "__attrs_attrs__" in cls.__dict__:
            return

        def setup(converter: cattrs.Converter) -> None:
            converter.register_unstructure_hook_func(lambda t: t is cls, lambda value: value.to_dict())
            converter.register_structure_hook_func(lambda t: t is cls, lambda data, _t: cls.from_dict(data))

        on_converter(setup)
