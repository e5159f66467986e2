"""Requires X on Item cards: "Ability functions only while the requirement is met."."""

import pytest

import tabletop_core as tc
from support import round_trip
from tabletop_core.residue.conditions import Condition
from tabletop_core.residue.inventory import Inventory
from tabletop_core.residue.items import Item, ItemType, Loadout
from tabletop_core.residue.requirements import Requirement
from tabletop_core.residue.wanderer import Wanderer

SCANNER = Item("Scanner", ItemType.TOOL, requires=(Requirement("skill", "Mechanics"),))
LAMP = Item("Lamp", ItemType.TOOL, requires_battery=True)
CHARM = Item("Charm", requires=(Requirement("keyword", "Blessed"), Requirement("resource", "Resolve", at_least="d6")))


def wanderer(battery="d6", resolve="d8", skills=(), keywords=()):
    return Wanderer.new(
        hp=6,
        endurance_dice=["d6"],
        inventory=Inventory(food="d6", water="d6", battery=battery, gear="d8", resolve=resolve),
        luck="d6",
        strain_threshold=3,
        skills=list(skills),
        keywords=list(keywords),
        loadout=Loadout((SCANNER, LAMP, CHARM), ()),
        rng=1,
    )


def test_a_card_works_only_while_every_requirement_is_met():
    assert wanderer().working_items == (LAMP,)
    assert SCANNER in wanderer(skills=["Mechanics"]).working_items
    assert CHARM in wanderer(keywords=["Blessed"]).working_items
    # Resolve at d4 is below the d6 the Charm requires: it stops working.
    assert CHARM not in wanderer(keywords=["Blessed"], resolve="d4").working_items


def test_losing_the_requirement_stops_the_card():
    blessed = wanderer(keywords=["Blessed"])
    assert CHARM in blessed.working_items
    assert CHARM not in blessed.lose_keyword("Blessed").working_items


def test_battery_cards_stop_under_depletion():
    depleted = wanderer(battery="0")
    assert Condition.DEPLETION in depleted.conditions.active
    assert LAMP not in depleted.working_items


def test_items_with_requirements_round_trip_through_json():
    assert round_trip(CHARM) == CHARM
    assert round_trip(wanderer(keywords=["Blessed"])).working_items == (LAMP, CHARM)


@pytest.mark.parametrize("bad", ["Mechanics", 5, (("skill", "Mechanics"),)])
def test_requires_must_be_requirements(bad):
    with pytest.raises(TypeError):
        Item("Scanner", requires=bad)


def test_a_misspelt_resource_fails_when_written():
    with pytest.raises(tc.InvalidInput):
        Requirement("resource", "Batery")
