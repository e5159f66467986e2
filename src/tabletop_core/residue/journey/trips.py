"""Where the Journey procedure goes next, kept by a phase entered in the middle of it.

A Combat, a Vendor, a gained card or an Entry met during a Travel keeps the
:class:`Trip` in progress; one met during the Rest Phase's Token Movement keeps the
:class:`TokenMovement` it interrupted. Either also holds the Entries of mandatory NPCs
still to read once the Encounter in progress is over.

Examples:
    >>> from tabletop_core.residue.journey.trips import Trip
    >>> str(Trip(stars=1, entries=("Mara",)))
    '1 Travel ★ left, then Entry Mara'
"""

from __future__ import annotations

from collections.abc import Mapping

import attrs

from tabletop_core._frozen import frozen
from tabletop_core._record import Record
from tabletop_core._record_codec import on_converter
from tabletop_core._validate import check_one_line, int_field, int_in, of_type
from tabletop_core.errors import InvalidInput

__all__ = ["TokenMovement", "Trip"]

_BIG = 10**6


def _entry_names(values: object) -> tuple[str, ...]:
    if isinstance(values, (str, bytes)) or not isinstance(values, (tuple, list)):
        raise TypeError(f"entries must be a sequence of Entry names, got {type(values).__name__}")
    for index, name in enumerate(values):
        check_one_line(f"entries[{index}]", name)
    return tuple(values)


def _pending(entries: tuple[str, ...]) -> str:
    return f", then Entry {', '.join(entries)}" if entries else ""


@frozen
class Trip(Record):
    """A Travel in progress, kept while a Hex's Encounters, Vendors or cards are resolved.

    Args:
        stars: Travel ★ left.
        entries: The Entries of mandatory NPCs met on this Hex still to read (by name), read
            once its Combat or Vendor is over.
        ends: The Hex entered was Undiscovered (or a Fast Travel ends Travel): Travel
            ends once it is resolved.
        begun: Commit Move was made; ``False``: the Travel Phase had not begun (an
            optional Encounter or a Fast Travel before Commit Move returns to it).
    """

    _optional_keys = ("entries",)  # added later: older saves lack it

    stars: int = int_field(low=0, high=_BIG, default=0)
    ends: bool = attrs.field(default=False, validator=of_type(bool))
    begun: bool = attrs.field(default=True, validator=of_type(bool))
    entries: tuple[str, ...] = attrs.field(default=(), converter=_entry_names)  # a default: older saves load

    def __str__(self) -> str:
        ends = ", Travel ends after this Hex" if self.ends else ""
        where = f"{self.stars} Travel ★ left{ends}" if self.begun else f"before Commit Move{ends}"
        return where + _pending(self.entries)


@frozen
class TokenMovement(Record):
    """The Rest Phase's Token Movement, interrupted by an Encounter it caused.

    Args:
        next: The Token that moves next (``None``: every Token has moved; Check Strain follows).
        entries: The Entries of mandatory NPCs met still to read (by name), read once the
            Encounter in progress is over, before Token Movement goes on.
    """

    _optional_keys = ("entries",)  # added later: older saves lack it

    next: int | None = attrs.field(default=None, validator=attrs.validators.optional(int_in(low=0)))
    entries: tuple[str, ...] = attrs.field(default=(), converter=_entry_names)  # a default: older saves load

    def __str__(self) -> str:
        where = "Token Movement done" if self.next is None else f"Token Movement from Token {self.next + 1}"
        return where + _pending(self.entries)


def _then(value: object) -> Trip | TokenMovement:
    if not isinstance(value, (Trip, TokenMovement)):
        raise TypeError(f"then must be a Trip or a TokenMovement, got {type(value).__name__}")
    return value


def _structure_then(data: object, _cls: object) -> Trip | TokenMovement:
    tag = data.get("type") if isinstance(data, Mapping) else None
    if tag == "residue.Trip":
        return Trip.from_dict(data)  # type: ignore[arg-type]  # a Mapping: the tag was read from it
    if tag == "residue.TokenMovement":
        return TokenMovement.from_dict(data)  # type: ignore[arg-type]  # a Mapping: the tag was read from it
    raise InvalidInput(f"then must be a residue.Trip or a residue.TokenMovement, got {tag!r}")


on_converter(
    lambda converter: converter.register_structure_hook_func(
        lambda t: t == (Trip | TokenMovement) or t == "Trip | TokenMovement", _structure_then
    )
)
