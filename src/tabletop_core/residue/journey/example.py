"""Example content (invented, not the boxed game's): :func:`example_setup`."""

from __future__ import annotations

from tabletop_core.residue.combat import (
    Creature,
    Mutation,
)
from tabletop_core.residue.conditions import Condition
from tabletop_core.residue.hexmap import UNKNOWN_AREA, Hex, Region
from tabletop_core.residue.inventory import InventoryKind
from tabletop_core.residue.journey.content import AreaEntry, JourneySetup, RegionRules
from tabletop_core.residue.tokens import Token, TokenKind

__all__ = ["example_setup"]


def example_setup(*, max_days: int = 40) -> JourneySetup:
    """A small invented setup for demos, docs and tests: NOT the boxed game's content.

    Three Regions of four Areas, four Creatures, a few Area Entries that heal,
    hurt, supply or start a fight, and Regions whose Hazard costs 1 HP.
    """
    ash = Region("Ash Flats", ("Crater", "Pylon Field", "Burnt Camp", "Dust Sea"), hazard="-1 HP")
    glass = Region("Glass Wastes", ("Spire", "Mirror Lake", "Shard Maze", "Echo Pit"), hazard="-1 HP")
    rot = Region("Rot Woods", ("Hollow", "Spore Bank", "Old Road", "Nest"), hazard="-1 HP")
    bestiary = (
        Creature("Husk", hp=3, defense=0, damage=2),
        Creature("Glass Hound", hp=4, defense=1, damage=2),
        Creature("Spore Maw", hp=5, defense=1, damage=3),
        Creature("Raider", hp=4, defense=0, damage=2),
    )
    entries = (
        AreaEntry("Crater", creature="Husk"),
        AreaEntry("Pylon Field", inventory=((InventoryKind.BATTERY, 1),)),
        AreaEntry("Burnt Camp", inventory=((InventoryKind.FOOD, 1), (InventoryKind.WATER, 1))),
        AreaEntry("Dust Sea", hp=-1),
        AreaEntry("Spire", creature="Glass Hound", surprised=True),
        AreaEntry("Mirror Lake", inventory=((InventoryKind.WATER, 2),)),
        AreaEntry("Shard Maze", hp=-1, condition=Condition.BLEEDING),
        AreaEntry("Echo Pit", condition=Condition.PANIC),
        AreaEntry("Hollow", hp=2),
        AreaEntry("Spore Bank", creature="Spore Maw"),
        AreaEntry("Old Road", inventory=((InventoryKind.GEAR, 1),)),
        AreaEntry("Nest", creature="Husk", surprise_attack=True),
        AreaEntry(UNKNOWN_AREA, hp=-1),
    )
    rules = (
        RegionRules("Ash Flats", hazard_hp=1),
        RegionRules("Glass Wastes", mutation=Mutation("Glass Skin", defense=1), hazard_hp=1),
        RegionRules("Rot Woods", mutation=Mutation("Bloated", hp=1), hazard_hp=1),
    )
    tokens = (
        Token(TokenKind.RAIDERS, Hex(3, -1), name="Raider"),
        Token(TokenKind.CREATURE, Hex(-2, 2), name="Husk"),
    )
    return JourneySetup(
        regions=(ash, glass, rot),
        start_region="Ash Flats",
        start_area="Burnt Camp",
        bestiary=bestiary,
        entries=entries,
        region_rules=rules,
        tokens=tokens,
        max_days=max_days,
    )
