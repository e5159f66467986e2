"""Ironsworn: Delve's content in Datasworn: site themes and domains, delve sites, rarities.

A **theme** (Ancient, Haunted, ...) and a **domain** (Barrow, Cavern, ...) each
give a site part of its features and dangers, as rows on ranges of a d100 roll:
the theme's features take 1-20 and its dangers 1-30, the domain's features
21-100 and its dangers 31-45 (in the published data; nothing here assumes those
ranges). A **delve site** of the data is a theme, a domain, a rank and a
denizen matrix. A **rarity** is a relic bound to an asset, bought with experience.
:mod:`tabletop_core.action_roll.delve` plays them.

Examples:
    >>> from tabletop_core.action_roll.datasworn.delve_data import read_site_part
    >>> theme = read_site_part({"_id": "demo/site_themes/old", "name": "Old",
    ...     "features": [{"min": 1, "max": 20, "text": "Dust"}],
    ...     "dangers": [{"min": 1, "max": 30, "text": "A collapse"}]}, "$", kind="theme")
    >>> [str(row) for row in theme.features]
    ['1-20 Dust']
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import attrs

from tabletop_core._enum import Enum
from tabletop_core._frozen import frozen
from tabletop_core._record import Record
from tabletop_core._validate import check_int, of_type
from tabletop_core.action_roll.datasworn import _data
from tabletop_core.action_roll.datasworn._data import DataswornError
from tabletop_core.action_roll.datasworn.table_reader import read_row
from tabletop_core.action_roll.datasworn.tables import OracleRow
from tabletop_core.action_roll.progress import Rank
from tabletop_core.errors import InvalidInput

__all__ = [
    "DelveSiteData",
    "Denizen",
    "Frequency",
    "Rarity",
    "SiteDomain",
    "SiteTheme",
    "read_delve_site",
    "read_rarity",
    "read_site_part",
]

_RANKS = tuple(Rank)


class _SitePart:
    """What a theme and a domain share: a name, features and dangers (a mixin, not a record of its own)."""

    __slots__ = ()
    name: str
    features: tuple[OracleRow, ...]
    dangers: tuple[OracleRow, ...]

    def __str__(self) -> str:
        return f"{self.name} ({len(self.features)} features, {len(self.dangers)} dangers)"


@frozen
class SiteTheme(_SitePart, Record):
    """A site theme card: its features and dangers, each a row on a range of the site's d100.

    Attributes:
        id: Its Datasworn ``_id``.
        name: Its name ("Ancient").
        summary: Its one-line summary.
        features: Its feature rows.
        dangers: Its danger rows.
        description: Its text.
    """

    id: str = attrs.field(validator=of_type(str))
    name: str = attrs.field(validator=of_type(str))
    summary: str = attrs.field(default="", validator=of_type(str))
    features: tuple[OracleRow, ...] = _data.tuple_field(OracleRow, default=())
    dangers: tuple[OracleRow, ...] = _data.tuple_field(OracleRow, default=())
    description: str = attrs.field(default="", validator=of_type(str))


@frozen
class SiteDomain(_SitePart, Record):
    """A site domain card: its features and dangers, and the table that names a site of it.

    Attributes:
        id: Its Datasworn ``_id``.
        name: Its name ("Barrow").
        summary: Its one-line summary.
        features: Its feature rows.
        dangers: Its danger rows.
        description: Its text.
        name_oracle: The id of the oracle table for a place name of this domain, if any.
    """

    id: str = attrs.field(validator=of_type(str))
    name: str = attrs.field(validator=of_type(str))
    summary: str = attrs.field(default="", validator=of_type(str))
    features: tuple[OracleRow, ...] = _data.tuple_field(OracleRow, default=())
    dangers: tuple[OracleRow, ...] = _data.tuple_field(OracleRow, default=())
    description: str = attrs.field(default="", validator=of_type(str))
    name_oracle: str | None = attrs.field(default=None, validator=_data.optional_str)


class Frequency(Enum):
    """How often a denizen appears: the rows of a site's denizen matrix."""

    VERY_COMMON = "very common"
    COMMON = "common"
    UNCOMMON = "uncommon"
    RARE = "rare"
    UNFORESEEN = "unforeseen"

    def __str__(self) -> str:
        return self.value


_FREQUENCIES = {member.name.lower(): member for member in Frequency}


@frozen
class Denizen(Record):
    """A slot of a site's denizen matrix: a range of a d100 roll, its frequency, and who is there.

    Attributes:
        low: The lowest roll of the slot.
        high: The highest roll of the slot.
        frequency: How common the slot is.
        npc: The id of the NPC there, if the data names one (empty slots are the player's to fill).
        name: A name for this denizen ("Alva"), if any.
    """

    low: int = attrs.field(validator=lambda _i, _a, v: check_int("low", v))
    high: int = attrs.field(validator=lambda _i, _a, v: check_int("high", v))
    frequency: Frequency = attrs.field(validator=of_type(Frequency))
    npc: str | None = attrs.field(default=None, validator=_data.optional_str)
    name: str | None = attrs.field(default=None, validator=_data.optional_str)

    def __attrs_post_init__(self) -> None:
        if self.low > self.high:
            raise InvalidInput(f"low must not be above high, got {self.low} and {self.high}")

    @property
    def text(self) -> str:
        """Who is there: the name, the NPC's id, or the frequency of an empty slot."""
        if self.name:
            return self.name
        if self.npc:
            return self.npc
        return f"({self.frequency} denizen: yours to choose)"


@frozen
class DelveSiteData(Record):
    """A delve site as the data describes it: a theme, a domain, a rank and its denizens.

    :meth:`tabletop_core.action_roll.delve.DelveSite.from_data` makes it a site to explore.

    Attributes:
        id: Its Datasworn ``_id``.
        name: Its name ("Alva's Rest").
        theme: The id of its theme.
        domain: The id of its domain.
        rank: Its rank.
        denizens: Its denizen matrix.
        region: The atlas id of its region, if any.
        description: Its text.
    """

    id: str = attrs.field(validator=of_type(str))
    name: str = attrs.field(validator=of_type(str))
    theme: str = attrs.field(validator=of_type(str))
    domain: str = attrs.field(validator=of_type(str))
    rank: Rank = attrs.field(validator=of_type(Rank))
    denizens: tuple[Denizen, ...] = _data.tuple_field(Denizen, default=())
    region: str | None = attrs.field(default=None, validator=_data.optional_str)
    description: str = attrs.field(default="", validator=of_type(str))

    def __str__(self) -> str:
        return f"{self.name} ({self.rank}; {self.theme.rpartition('/')[2]} {self.domain.rpartition('/')[2]})"


@frozen
class Rarity(Record):
    """A rarity: a relic that augments an asset, bought with experience.

    Attributes:
        id: Its Datasworn ``_id``.
        name: Its name.
        asset: The id of the asset it augments.
        xp_cost: The experience it costs.
        description: Its text.
    """

    id: str = attrs.field(validator=of_type(str))
    name: str = attrs.field(validator=of_type(str))
    asset: str = attrs.field(validator=of_type(str))
    xp_cost: int = attrs.field(validator=lambda _i, _a, v: check_int("xp_cost", v, low=0))
    description: str = attrs.field(default="", validator=of_type(str))


def _rows(data: Mapping[str, Any], key: str, path: str) -> tuple[OracleRow, ...]:
    here = f"{path}.{key}"
    return tuple(
        read_row(_data.obj(row, f"{here}[{i}]"), f"{here}[{i}]") for i, row in enumerate(_data.array(data, key, path))
    )


def read_site_part(data: Mapping[str, Any], path: str, *, kind: str) -> SiteTheme | SiteDomain:
    """One Datasworn site theme (*kind* ``"theme"``) or site domain (``"domain"``)."""
    data = _data.obj(data, path)
    common: dict[str, Any] = {
        "id": _data.text(data, "_id", path),
        "name": _data.text(data, "name", path),
        "summary": _data.text(data, "summary", path, required=False) or "",
        "features": _rows(data, "features", path),
        "dangers": _rows(data, "dangers", path),
        "description": _data.text(data, "description", path, required=False) or "",
    }
    if kind == "theme":
        return _data.build(SiteTheme, **common)
    return _data.build(SiteDomain, **common, name_oracle=_data.text(data, "name_oracle", path, required=False))


def _rank(data: Mapping[str, Any], path: str) -> Rank:
    value = _data.integer(data, "rank", path)
    if not 1 <= value <= len(_RANKS):
        raise DataswornError(f"{path}.rank", f"must be 1..{len(_RANKS)} (troublesome..epic), got {value}")
    rank: Rank = _RANKS[value - 1]
    return rank


def read_delve_site(data: Mapping[str, Any], path: str) -> DelveSiteData:
    """One Datasworn delve site."""
    data = _data.obj(data, path)
    denizens = []
    here = f"{path}.denizens"
    for index, item in enumerate(_data.array(data, "denizens", path)):
        where = f"{here}[{index}]"
        slot = _data.obj(item, where)
        if "roll" in slot and "min" not in slot:  # Datasworn 0.1 writes the range as roll: {min, max}
            slot = {**slot, **(_data.get(slot, "roll", where, dict, required=True))}
        raw = _data.text(slot, "frequency", where)
        frequency = _FREQUENCIES.get(raw)
        if frequency is None:
            raise DataswornError(f"{where}.frequency", f"must be one of {', '.join(_FREQUENCIES)}, got {raw!r}")
        low, high = _data.integer(slot, "min", where), _data.integer(slot, "max", where)
        if low > high:
            raise DataswornError(where, f"min {low} is above max {high}")
        denizens.append(
            _data.build(
                Denizen,
                low=low,
                high=high,
                frequency=frequency,
                npc=_data.text(slot, "npc", where, required=False),
                name=_data.text(slot, "name", where, required=False),
            )
        )
    return _data.build(
        DelveSiteData,
        id=_data.text(data, "_id", path),
        name=_data.text(data, "name", path),
        theme=_data.text(data, "theme", path),
        domain=_data.text(data, "domain", path),
        rank=_rank(data, path),
        denizens=tuple(denizens),
        region=_data.text(data, "region", path, required=False),
        description=_data.text(data, "description", path, required=False) or "",
    )


def read_rarity(data: Mapping[str, Any], path: str) -> Rarity:
    """One Datasworn rarity."""
    data = _data.obj(data, path)
    cost = _data.integer(data, "xp_cost", path)
    if cost < 0:
        raise DataswornError(f"{path}.xp_cost", f"must not be negative, got {cost}")
    return _data.build(
        Rarity,
        id=_data.text(data, "_id", path),
        name=_data.text(data, "name", path),
        asset=_data.text(data, "asset", path),
        xp_cost=cost,
        description=_data.text(data, "description", path, required=False) or "",
    )
