"""RESIDUE's HexMap: hex coordinates, compass directions, Regions, Areas, Discovery.

Coordinates are axial (``q``, ``r``) on a map of flat-topped hexes, so the six
compass directions are N, NE, SE, S, SW and NW (a hex has no East or West
neighbour). The map is unbounded: every Hex the map does not list is an
Undiscovered Hex with no Region and no Area.

The glossary's words map onto :class:`Tile` like this:

* **Undiscovered Region**: the Hex has no Region and no Area.
* **Undiscovered Area**: the Hex has a Region but no Area.
* **Discovered Hex**: the Hex has a discovered Area (:attr:`Tile.is_discovered`).
* **Special Hex**: a Hex with a lasting rule (:attr:`Tile.special`, free text).
* **Ruin Hex**: the Hex holding the Hum Token; no Area can be placed on it.

Region tables and Area Entries are content of the boxed game: the caller
supplies them as :class:`Region` records (a name and the names of its Areas).

Examples:
    >>> from tabletop_core.residue.hexmap import Direction, Hex
    >>> Hex(0, 0).neighbour(Direction.NE)
    Hex(q=1, r=-1)
    >>> Hex(0, 0).distance(Hex(3, -1))
    3
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, Any

import attrs

from tabletop_core._enum import Enum
from tabletop_core._fast import fast_build, fast_replace
from tabletop_core._frozen import frozen
from tabletop_core._record import Record
from tabletop_core._typed import check_fields
from tabletop_core._validate import check_int, check_type, clip, int_field, of_type, one_line
from tabletop_core.errors import InvalidInput, RuleError
from tabletop_core.rng import dice_source

if TYPE_CHECKING:
    from tabletop_core.rng import RngLike

__all__ = [
    "UNKNOWN_AREA",
    "AreaDraw",
    "Direction",
    "Hex",
    "HexMap",
    "Region",
    "Tile",
    "draw_area",
    "resolve_area_draw",
]


def _as_tuple(values: Iterable[object]) -> tuple[Any, ...]:  # Any: the field's validator checks the items
    """Attrs converter: any iterable (a JSON list too) becomes a tuple."""
    if isinstance(values, (str, bytes)) or not isinstance(values, Iterable):
        raise TypeError(f"expected an iterable, got {type(values).__name__} {clip(values)}")
    return tuple(values)


UNKNOWN_AREA = "Unknown Area"
"""The Area name recorded when the Unknown Area Table is used instead of a Region's table."""

_COORD_LIMIT = 10**6  # far beyond any table map; keeps coordinates sane in JSON


class Direction(Enum):
    """The six compass directions of a flat-topped hex, in clockwise order from North.

    The value is the (dq, dr) step in axial coordinates.
    """

    N = (0, -1)
    NE = (1, -1)
    SE = (1, 0)
    S = (0, 1)
    SW = (-1, 1)
    NW = (-1, 0)

    @property
    def opposite(self) -> Direction:
        """The direction pointing the other way (N <-> S)."""
        dq, dr = self.value
        return Direction((-dq, -dr))

    def __str__(self) -> str:
        return self.name


DIRECTIONS: tuple[Direction, ...] = tuple(Direction)


@attrs.frozen(order=True)
class Hex(Record):
    """One space on the HexMap, in axial coordinates.

    Args:
        q: The column coordinate.
        r: The row coordinate.
    """

    q: int = int_field(low=-_COORD_LIMIT, high=_COORD_LIMIT)
    r: int = int_field(low=-_COORD_LIMIT, high=_COORD_LIMIT)

    def neighbour(self, direction: Direction, steps: int = 1) -> Hex:
        """The Hex *steps* Hexes away in *direction* (one step: the adjacent Hex)."""
        check_type("direction", direction, Direction)
        steps = check_int("steps", steps, low=0, high=_COORD_LIMIT)
        dq, dr = direction._value_  # the (dq, dr) value: .value is a slower descriptor (hot)
        q, r = self.q + dq * steps, self.r + dr * steps
        if -_COORD_LIMIT <= q <= _COORD_LIMIT and -_COORD_LIMIT <= r <= _COORD_LIMIT:
            return fast_build(Hex, q=q, r=r)  # ints in range: no converters (Token Movement asks for many)
        return Hex(q, r)  # off the map's limits: the field's error

    def neighbours(self) -> tuple[Hex, ...]:
        """The six adjacent Hexes, in :class:`Direction` order (N first, clockwise)."""
        return tuple(self.neighbour(direction) for direction in DIRECTIONS)

    def distance(self, other: Hex) -> int:
        """The number of Hex steps between this Hex and *other*."""
        check_type("other", other, Hex)
        dq = self.q - other.q
        dr = self.r - other.r
        return (abs(dq) + abs(dr) + abs(dq + dr)) // 2

    def direction_to(self, other: Hex) -> Direction | None:
        """The first direction (clockwise from North) whose step gets closer to *other*.

        ``None`` when *other* is this Hex. Ties go to the earlier direction so
        movement toward a target is deterministic.
        """
        check_type("other", other, Hex)
        here = self.distance(other)
        for direction in DIRECTIONS:
            if self.neighbour(direction).distance(other) < here:
                return direction
        return None

    def step_toward(self, other: Hex) -> Hex:
        """The adjacent Hex one step closer to *other* (this Hex if already there)."""
        direction = self.direction_to(other)
        return self if direction is None else self.neighbour(direction)

    def __str__(self) -> str:
        return f"({self.q},{self.r})"


@frozen
class Region(Record):
    """A Region of the HexMap: Hexes sharing Terrain, Hazard, Mutation and Areas.

    The texts are the caller's data (the boxed game's Region cards); the
    library only tracks which Areas have been discovered.

    Args:
        name: The Region's name, unique on a map.
        areas: The names of the Areas that can be discovered in it.
        terrain: The Region's Terrain (free text).
        hazard: The Hazard suffered while Exposed (free text).
        mutation: The Mutation applied to Creatures drawn there (free text).
    """

    name: str = attrs.field(validator=one_line())
    areas: tuple[str, ...] = attrs.field(converter=_as_tuple, default=())
    terrain: str = attrs.field(default="", validator=one_line())
    hazard: str = attrs.field(default="", validator=one_line())
    mutation: str = attrs.field(default="", validator=one_line())

    def __attrs_post_init__(self) -> None:
        if not self.name:
            raise InvalidInput("name must be a non-empty str, got ''")
        for index, area in enumerate(self.areas):
            check_type(f"areas[{index}]", area, str)
        if len(set(self.areas)) != len(self.areas):
            raise InvalidInput(f"areas of Region {clip(self.name)} must be distinct, got {list(self.areas)}")

    def __str__(self) -> str:
        return f"{self.name} ({len(self.areas)} Areas)"


@frozen
class Tile(Record):
    """What is known about one Hex of the map.

    Args:
        hex: The Hex.
        region: The Region's name, or ``None`` (Undiscovered Region).
        area: The discovered Area's name, or ``None`` (not yet discovered).
        special: The lasting rule of a Special Hex (free text), or ``None``.
        ruin: ``True`` on the Ruin Hex, the Hex holding the Hum Token.
    """

    hex: Hex = attrs.field(validator=of_type(Hex))
    region: str | None = attrs.field(default=None, validator=attrs.validators.optional(one_line()))
    area: str | None = attrs.field(default=None, validator=attrs.validators.optional(one_line()))
    special: str | None = attrs.field(default=None, validator=attrs.validators.optional(one_line()))
    ruin: bool = attrs.field(default=False, validator=of_type(bool))

    def __attrs_post_init__(self) -> None:
        if self.area is not None and self.region is None and self.area != UNKNOWN_AREA:
            raise InvalidInput(f"a Tile with area {clip(self.area)} needs a region")
        if self.ruin and self.area is not None:
            raise InvalidInput(f"no Area can be placed on a Ruin Hex, got area {clip(self.area)} at {self.hex}")

    @property
    def is_discovered(self) -> bool:
        """A Discovered Hex: it has a discovered Area."""
        return self.area is not None

    @property
    def is_new(self) -> bool:
        """A New Hex: its Region or its Area has not been discovered yet."""
        return self.area is None

    @property
    def has_region_or_area(self) -> bool:
        """Whether the Hex is discovered in the sense the Hum placement uses (a Region or an Area)."""
        return self.region is not None or self.area is not None

    @property
    def is_special(self) -> bool:
        """A Special Hex: it has a lasting rule."""
        return self.special is not None

    def __str__(self) -> str:
        parts = [str(self.hex), self.region or "Undiscovered Region"]
        if self.region is not None or self.area is not None:
            parts.append(self.area or "Undiscovered Area")
        if self.special:
            parts.append(f"Special: {self.special}")
        if self.ruin:
            parts.append("Ruin Hex")
        return " · ".join(parts)


@frozen
class AreaDraw(Record):
    """Which Area a discovery gives: from the Region's table or the Unknown Area Table.

    Attributes:
        region: The Region the Area was drawn for.
        area: The Area's name (:data:`UNKNOWN_AREA` when the Unknown Area Table is used).
        unknown_table: Whether every Area of the Region was already discovered.
        roll: The die that picked among the undiscovered Areas (``None`` when not rolled: the
            Unknown Area Table, or one Area left).
    """

    region: str
    area: str
    unknown_table: bool
    roll: int | None = None

    def __attrs_post_init__(self) -> None:
        check_fields(self)  # types from the annotations: a tampered save gets a TypeError naming the field

    def __str__(self) -> str:
        if self.unknown_table:
            return f"{self.region}: every Area discovered -> Unknown Area Table"
        return (
            f"{self.region}: roll {self.roll} -> {self.area}"
            if self.roll is not None
            else f"{self.region}: {self.area}"
        )


@frozen
class HexMap(Record):
    """The HexMap: the Regions in the game and every Hex known so far.

    Args:
        regions: The Regions available in the game (caller's data).
        tiles: The Hexes that have a Region, an Area, a Special rule or the Ruin.

    Hexes not listed are Undiscovered Hexes with no Region and no Area.
    Operations return a new map; a failing call raises and changes nothing.
    """

    regions: tuple[Region, ...] = attrs.field(converter=_as_tuple, default=())
    tiles: tuple[Tile, ...] = attrs.field(converter=_as_tuple, default=())
    _index: dict[Hex, Tile] = attrs.field(init=False, eq=False, repr=False, hash=False)

    def __attrs_post_init__(self) -> None:
        names: set[str] = set()
        for index, region in enumerate(self.regions):
            check_type(f"regions[{index}]", region, Region)
            if region.name in names:
                raise InvalidInput(f"regions must have distinct names, got {clip(region.name)} twice")
            names.add(region.name)
        table: dict[Hex, Tile] = {}
        for index, tile in enumerate(self.tiles):
            check_type(f"tiles[{index}]", tile, Tile)
            if tile.hex in table:
                raise InvalidInput(f"tiles must list each Hex once, got {tile.hex} twice")
            if tile.region is not None and tile.region not in names:
                raise InvalidInput(f"tile {tile.hex} names region {clip(tile.region)}, which is not on the map")
            table[tile.hex] = tile
        object.__setattr__(self, "_index", table)  # a lookup cache; frozen from the outside

    def tile(self, where: Hex) -> Tile:
        """What is known about *where* (an Undiscovered Hex if the map does not list it)."""
        check_type("where", where, Hex)
        found = self._index.get(where)
        if found is not None:
            return found
        return fast_build(Tile, hex=where, region=None, area=None, special=None, ruin=False)  # Tile(where), unchecked

    def region(self, name: str) -> Region:
        """The Region called *name*.

        Raises:
            InvalidInput: no Region has that name.
            TypeError: *name* is not a str.
        """
        check_type("name", name, str)
        for region in self.regions:
            if region.name == name:
                return region
        raise InvalidInput(f"region must be one of {[r.name for r in self.regions]}, got {clip(name)}")

    def region_of(self, where: Hex) -> str | None:
        """The name of the Region of *where*, or ``None`` if it has none yet."""
        return self.tile(where).region

    def is_discovered(self, where: Hex) -> bool:
        """Whether *where* is a Discovered Hex (it has a discovered Area)."""
        return self.tile(where).is_discovered

    def discovered_areas(self, region: str) -> frozenset[str]:
        """The Areas of *region* already on the map."""
        self.region(region)
        return frozenset(t.area for t in self.tiles if t.region == region and t.area is not None)

    def undiscovered_areas(self, region: str) -> tuple[str, ...]:
        """The Areas of *region* not yet on the map, in the Region's order."""
        found = self.discovered_areas(region)
        return tuple(area for area in self.region(region).areas if area not in found)

    def undiscovered_regions(self) -> tuple[str, ...]:
        """The Regions no Hex belongs to yet."""
        used = {t.region for t in self.tiles}
        return tuple(r.name for r in self.regions if r.name not in used)

    @property
    def all_areas_discovered(self) -> bool:
        """Whether every Region and Area available in the game has been discovered."""
        return all(not self.undiscovered_areas(r.name) for r in self.regions) and not self.undiscovered_regions()

    def with_tile(self, tile: Tile) -> HexMap:
        """A new map with *tile* replacing whatever was known about its Hex."""
        check_type("tile", tile, Tile)
        if tile.region is not None and all(region.name != tile.region for region in self.regions):
            raise InvalidInput(f"tile {tile.hex} names region {clip(tile.region)}, which is not on the map")
        kept = tuple(t for t in self.tiles if t.hex != tile.hex)
        # The map is valid and the one new tile is checked above: copy it without re-checking every tile (speed).
        new = fast_replace(self, tiles=(*kept, tile))
        index = dict(self._index)
        index[tile.hex] = tile
        object.__setattr__(new, "_index", index)
        return new

    def set_region(self, where: Hex, region: str) -> HexMap:
        """Discover the Region of an Undiscovered Region Hex.

        Raises:
            RuleError: the Hex already has a Region.
        """
        self.region(region)
        tile = self.tile(where)
        if tile.region is not None:
            raise RuleError(f"{where} already belongs to Region {clip(tile.region)}")
        return self.with_tile(fast_replace(tile, region=region))  # a Region of the map, checked above

    def discover_area(self, where: Hex, area: str) -> HexMap:
        """Mark *area* on *where*: the Hex becomes a Discovered Hex.

        *area* is one of the Region's Areas or :data:`UNKNOWN_AREA`.

        Raises:
            RuleError: the Hex has no Region yet, is already discovered, is the
                Ruin Hex, or the Area is already on the map.
            InvalidInput: the Area is not one of the Region's.
        """
        check_type("area", area, str)
        tile = self.tile(where)
        if tile.ruin:
            raise RuleError(f"no Area can be placed on the Ruin Hex {where}")
        if tile.is_discovered:
            raise RuleError(f"{where} is already a Discovered Hex ({tile.area})")
        if tile.region is None:
            raise RuleError(f"{where} has no Region yet: discover its Region first")
        if area != UNKNOWN_AREA:
            if area not in self.region(tile.region).areas:
                raise InvalidInput(
                    f"area must be an Area of Region {clip(tile.region)} or {clip(UNKNOWN_AREA)}, got {clip(area)}"
                )
            if area in self.discovered_areas(tile.region):
                raise RuleError(f"Area {clip(area)} is already on the map")
        return self.with_tile(fast_replace(tile, area=area))  # checked above against the Tile's rules

    def set_special(self, where: Hex, rule: str | None) -> HexMap:
        """Give *where* a lasting rule (a Special Hex), or clear it with ``None``."""
        if rule is not None:
            check_type("rule", rule, str)
        return self.with_tile(attrs.evolve(self.tile(where), special=rule))

    def set_ruin(self, where: Hex, ruin: bool = True) -> HexMap:
        """Mark (or unmark) *where* as the Ruin Hex, the Hex of the Hum Token.

        Raises:
            RuleError: *where* already has an Area (the Hum never goes on a Discovered Hex).
        """
        check_type("ruin", ruin, bool)
        tile = self.tile(where)
        if ruin and tile.area is not None:
            raise RuleError(f"the Ruin Hex cannot hold an Area, {where} has {clip(tile.area)}")
        return self.with_tile(fast_replace(tile, ruin=ruin))  # checked above against the Tile's rules

    def first_undiscovered(self, start: Hex, direction: Direction) -> Hex:
        """Follow *direction* from *start* (included) to the first Hex with no Region and no Area."""
        check_type("direction", direction, Direction)
        where = start
        while self.tile(where).has_region_or_area:
            where = where.neighbour(direction)
        return where

    def __iter__(self) -> Iterator[Tile]:
        return iter(self.tiles)

    def __len__(self) -> int:
        return len(self.tiles)

    def __str__(self) -> str:
        discovered = sum(1 for t in self.tiles if t.is_discovered)
        return f"HexMap: {len(self.regions)} Regions, {len(self.tiles)} known Hexes, {discovered} discovered"


def resolve_area_draw(hexmap: HexMap, region: str, roll: int | None) -> AreaDraw:
    """Pick the Area a discovery in *region* gives, from a die over the undiscovered Areas.

    Rerolling the Region's table until an undiscovered Area comes up is the
    same as one roll over the Areas still undiscovered, so *roll* picks among
    them (1 = the first, in the Region's order). With one Area left no die is
    needed (*roll* ``None``; a 1 is read the same). When every Area of the
    Region is already on the map the Unknown Area Table is used instead of
    rerolling and *roll* must be ``None``.

    Raises:
        InvalidInput: *roll* does not fit the die or is given when no die is rolled.
    """
    check_type("hexmap", hexmap, HexMap)
    left = hexmap.undiscovered_areas(region)
    if not left:
        if roll is not None:
            raise InvalidInput(f"roll must be None when every Area of {clip(region)} is discovered, got {clip(roll)}")
        return AreaDraw(region=region, area=UNKNOWN_AREA, unknown_table=True)
    if roll is None and len(left) == 1:
        return AreaDraw(region=region, area=left[0], unknown_table=False)
    if roll is None:
        raise InvalidInput(f"roll must be an int from 1 to {len(left)} for Region {clip(region)}, got None")
    roll = check_int("roll", roll, low=1, high=len(left))
    return AreaDraw(region=region, area=left[roll - 1], unknown_table=False, roll=roll)


def draw_area(hexmap: HexMap, region: str, *, rng: RngLike = None) -> AreaDraw:
    """Roll which Area a discovery in *region* gives (see :func:`resolve_area_draw`); one Area left rolls nothing."""
    check_type("hexmap", hexmap, HexMap)
    left = hexmap.undiscovered_areas(region)
    roll = dice_source(rng).roll(len(left)) if len(left) > 1 else None
    return resolve_area_draw(hexmap, region, roll)
