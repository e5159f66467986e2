"""Start a Journey: :func:`start_journey` (the dispatch from a choice to its handler is :class:`~.state.Journey`'s)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop_core._fast import BoundedCache
from tabletop_core._validate import check_type
from tabletop_core.residue.hexmap import Hex, HexMap
from tabletop_core.residue.hum import place_hum
from tabletop_core.residue.journey.content import JourneySetup
from tabletop_core.residue.journey.state import Journey
from tabletop_core.residue.wanderer import Wanderer

if TYPE_CHECKING:
    from tabletop_core.rng import RngLike

__all__ = ["start_journey"]

_ORIGIN = Hex(0, 0)
_START_MAPS: BoundedCache[int, tuple[JourneySetup, HexMap]] = BoundedCache(limit=16)


def _start_map(setup: JourneySetup) -> HexMap:
    """The map before the Hum is placed: the starting Hex in its Region and Area (no dice drawn).

    The same for every Journey on *setup*, so a simulation builds it once: kept by the
    setup's identity (the setup is kept with it, so the id cannot be reused meanwhile).
    """
    found = _START_MAPS.get(id(setup))
    if found is not None and found[0] is setup:
        return found[1]
    hexmap = HexMap(regions=setup.regions).set_region(_ORIGIN, setup.start_region)
    hexmap = hexmap.discover_area(_ORIGIN, setup.start_area)
    _START_MAPS.put(id(setup), (setup, hexmap))
    return hexmap


def start_journey(wanderer: Wanderer, setup: JourneySetup, *, rng: RngLike = None) -> Journey:
    """Set up a Journey: the starting Hex discovered, the Hum placed, the Tokens laid out.

    Draws the Hum's dice (the Compass Die, 2d4, and the Compass Die again when needed). The
    Creatures of Creature and Raiders Tokens are drawn at their first Encounter ("Region
    Mutation: Apply when the Creature is first drawn"), in the Region they are met in.
    """
    check_type("wanderer", wanderer, Wanderer)
    check_type("setup", setup, JourneySetup)
    hexmap = _start_map(setup)
    placement = place_hum(hexmap, _ORIGIN, compass=setup.compass, rng=rng)
    # A Creature or Raiders Token's Creature is drawn at its first Encounter (with the Mutation of
    # the Region it is met in), so the Tokens go on the map as they are.
    hexmap, tokens = placement.apply(hexmap, setup.tokens)
    return Journey(
        wanderer=wanderer,
        hexmap=hexmap,
        tokens=tokens,
        position=_ORIGIN,
        setup=setup,
        vendors=setup.vendors,
        item_deck=setup.item_deck,
    )
