"""The d20 encounter's tagged union: the base of its actions and its events.

A :class:`~tabletop_core._tagged_union.TaggedUnion` that also reads what a bot typing an
action by hand sends: the bare class name (``{"type": "EndTurn"}``) and no ``"version"``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from tabletop_core._record import Record
from tabletop_core._tagged_union import TaggedUnion
from tabletop_core._validate import clip
from tabletop_core.errors import InvalidInput

__all__ = ["Tagged"]

_SYSTEM = "d20."


class Tagged(TaggedUnion):
    """A record whose dict names its class under ``"type"`` (``"d20.EndTurn"``), so a base class can rebuild any kind.

    The tag is the one every record of the library writes (``"<system>.<Class>"``, with
    ``"version"``); the base class's ``from_dict`` reads it to pick the kind, and also
    takes the bare class name (``{"type": "EndTurn"}``) and a missing version, which
    is what a bot typing an action by hand sends.
    """

    __slots__ = ()
    _kinds: ClassVar[dict[str, type[Tagged]]]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "_kinds" not in cls.__dict__ and any("_kinds" in vars(base) for base in cls.__mro__[1:]):
            cls._kinds[cls.__name__] = cls  # attrs' slotted copy replaces the first registration

    @classmethod
    def _kind_for(cls, data: Mapping[str, object]) -> tuple[type[Record], Mapping[str, object]]:
        """The kind the tag names, by its full tag or its bare class name; data without a version is the short form.

        Raises:
            InvalidInput: no tag, or one naming no kind of this class.
        """
        fields = dict(data)
        tag = fields.get("type")
        name = tag[len(_SYSTEM) :] if isinstance(tag, str) and tag.startswith(_SYSTEM) else tag
        kind = cls._kinds.get(name) if isinstance(name, str) else None
        if kind is None or not issubclass(kind, cls):
            kinds = ", ".join(sorted(k for k, v in cls._kinds.items() if issubclass(v, cls)))
            raise InvalidInput(f"{cls.__name__} data needs 'type' naming one of {kinds}, got {clip(tag)}")
        if "version" in fields:
            fields["type"] = f"{_SYSTEM}{name}"
        else:  # typed by hand: read as the short form, where keys with defaults may be left out
            del fields["type"]
        return kind, fields
