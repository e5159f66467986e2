"""Saves that refer to their content by digest: :class:`SetupRef` and the save/load of Journeys, steps and plays.

A Journey's save holds its whole :class:`~tabletop_core.residue.journey.JourneySetup` (the
map's Regions, the bestiary, every Entry), most of its size. An app that keeps the content
apart saves with ``to_dict(embed_setup=False)`` (or ``to_json``): each setup becomes a
``residue.SetupRef`` holding its SHA-256 (:attr:`JourneySetup.digest`), and loads with
``from_dict(data, setup=...)``, which checks the digest. A save that embeds its setup loads
as before; given a setup too, it must be that setup.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

import attrs

from tabletop_core._bounds import check_bounds, parse_json
from tabletop_core._frozen import frozen
from tabletop_core._record import Record
from tabletop_core._record_types import JsonDict, type_name
from tabletop_core._validate import check_type, clip
from tabletop_core.errors import InvalidInput

if TYPE_CHECKING:
    from tabletop_core.residue.journey.content import JourneySetup

__all__ = ["SetupRef"]

S = TypeVar("S", bound="SetupSaves")
_DIGEST = re.compile(r"[0-9a-f]{64}")


def _digest(_instance: object, _attribute: object, value: Any) -> None:  # Any: attrs validator of a str field
    if not isinstance(value, str):
        raise TypeError(f"sha256 must be a str, got {type(value).__name__}")
    if not _DIGEST.fullmatch(value):
        raise InvalidInput(f"sha256 must be 64 lower-case hex digits (a JourneySetup's digest), got {clip(value)}")


@frozen
class SetupRef(Record):
    """Where a save made with ``embed_setup=False`` had its setup: the setup's SHA-256 digest.

    Args:
        sha256: :attr:`JourneySetup.digest <tabletop_core.residue.journey.JourneySetup.digest>`
            of the setup the save was played on.
    """

    sha256: str = attrs.field(validator=_digest)

    def __str__(self) -> str:
        return f"JourneySetup sha256:{self.sha256[:12]}…"


_SETUP_TAG = "residue.JourneySetup"
_REF_TAG = type_name(SetupRef)


def _by_reference(data: Any) -> Any:  # Any: JSON values of every kind
    """*data* with every embedded setup replaced by its :class:`SetupRef` (a new tree; *data* is kept)."""
    from tabletop_core.residue.journey.content import setup_digest

    if isinstance(data, dict):
        if data.get("type") == _SETUP_TAG:
            return SetupRef(setup_digest(data)).to_dict()
        return {key: _by_reference(value) for key, value in data.items()}
    if isinstance(data, list):
        return [_by_reference(item) for item in data]
    return data


def _resolved(data: Any, setup: JourneySetup | None, found: list[str]) -> Any:  # Any: JSON values
    """*data* with every SetupRef replaced by *setup*'s data, its digest checked (the digests seen go to *found*)."""
    if isinstance(data, Mapping):
        if data.get("type") == _REF_TAG:
            ref = SetupRef.from_dict(data)
            found.append(ref.sha256)
            if setup is None:
                raise InvalidInput(f"setup: this save refers to its setup by digest ({ref}); pass setup= to load it")
            if ref.sha256 != setup.digest:
                raise InvalidInput(
                    f"setup: this save was played on {ref}, the setup given is sha256:{setup.digest[:12]}…"
                )
            return setup.to_dict()
        return {key: _resolved(value, setup, found) for key, value in data.items()}
    if isinstance(data, list):
        return [_resolved(item, setup, found) for item in data]
    return data


class SetupSaves(Record):
    """What a record holding Journeys adds to the one JSON shape: saving its setup by digest.

    ``to_dict(embed_setup=False)`` and ``to_json(embed_setup=False)`` write each setup as a
    :class:`SetupRef`; ``from_dict(data, setup=...)`` and ``from_json(text, setup=...)`` read
    a save either way, checking a reference's digest against the setup given (and an
    embedded setup against it too, when one is given).
    """

    __slots__ = ()

    def _setups(self) -> tuple[JourneySetup, ...]:
        """The setups this record holds (each Journey's)."""
        raise NotImplementedError  # pragma: no cover - every subclass says

    def to_dict(self, *, embed_setup: bool = True) -> JsonDict:
        """The one JSON shape; with ``embed_setup=False``, each setup as its :class:`SetupRef` (a digest).

        Raises:
            TypeError: *embed_setup* is not a bool.
        """
        check_type("embed_setup", embed_setup, bool)
        data = super().to_dict()
        return data if embed_setup else _by_reference(data)

    def to_json(self, *, embed_setup: bool = True) -> str:
        """:meth:`to_dict` as a JSON string (``embed_setup=False``: the setup by digest)."""
        import json

        return json.dumps(self.to_dict(embed_setup=embed_setup))

    @classmethod
    def from_dict(cls: type[S], data: Mapping[str, object], *, setup: JourneySetup | None = None) -> S:
        """Rebuild a save, its setup embedded or referred to by digest (then *setup* is needed, and checked).

        Raises:
            InvalidInput: a reference without *setup*, a digest that is not *setup*'s, an
                embedded setup that is not *setup*, or data that does not build the record.
            TypeError: *data* is not a mapping, or *setup* not a JourneySetup.
        """
        from tabletop_core.residue.journey.content import JourneySetup

        if setup is not None:
            check_type("setup", setup, JourneySetup)
        if not isinstance(data, Mapping):
            raise TypeError(f"{cls.__name__}.from_dict needs a mapping, got {type(data).__name__}")
        check_bounds(data, f"{cls.__name__} data")  # before the walk below, which recurses
        found: list[str] = []
        resolved = _resolved(data, setup, found)
        loaded: S = super().from_dict.__func__(cls, resolved)  # type: ignore[attr-defined]  # Record's, on cls
        if setup is not None and not found and any(held != setup for held in loaded._setups()):
            raise InvalidInput("setup: the save embeds another setup than the one given")
        return loaded

    @classmethod
    def from_json(cls: type[S], text: str | bytes, *, setup: JourneySetup | None = None) -> S:
        """Rebuild a save from :meth:`to_json` output (its setup by digest needs *setup*)."""
        return cls.from_dict(parse_json(text, f"{cls.__name__}.from_json"), setup=setup)
