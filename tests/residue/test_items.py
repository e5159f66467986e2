import pytest
from hypothesis import given
from hypothesis import strategies as st

import tabletop_core as tc
from support import round_trip
from tabletop_core.residue.conditions import Condition
from tabletop_core.residue.inventory import Inventory, InventoryKind
from tabletop_core.residue.items import (
    SWITCH_COST,
    BarterResult,
    Context,
    Item,
    ItemType,
    Loadout,
    SlotKind,
    Vendor,
    barter,
    resolve_barter,
    switch_cost,
)
from tabletop_core.residue.step_die import StepDie

PIPE = Item("Pipe", ItemType.WEAPON)
TORCH = Item("Torch", ItemType.TOOL, requires_battery=True)
ROT = Item("Rot", ItemType.CORRUPTION, corrupted=True)
BLIGHT = Item("Blight", ItemType.CORRUPTION, corrupted=True)
BAG = Inventory(food="d6", water="d6", battery="d4", gear="d6", resolve="d8")


def test_switch_costs_free_at_rest_1_outside_2_in_combat():
    assert switch_cost(Context.REST) == 0
    assert switch_cost(Context.OUTSIDE_REST) == 1
    assert switch_cost(Context.COMBAT) == 2
    assert SWITCH_COST == {Context.REST: 0, Context.OUTSIDE_REST: 1, Context.COMBAT: 2}


def test_weapon_abilities_work_only_in_a_weapon_slot():
    kit = Loadout.empty(item_slots=2, weapon_slots=1)
    in_item_slot, cost = kit.equip(PIPE, SlotKind.ITEM, 0, context=Context.COMBAT)
    assert cost == 0  # a new card into an empty slot is not a switch
    assert in_item_slot.active_weapons == ()
    switched, cost = in_item_slot.switch((SlotKind.ITEM, 0), (SlotKind.WEAPON, 0), context=Context.COMBAT)
    assert cost == 2
    assert switched.active_weapons == (PIPE,)
    assert switched.get(SlotKind.ITEM, 0) is None
    _, cost = in_item_slot.switch((SlotKind.ITEM, 0), (SlotKind.WEAPON, 0), context=Context.OUTSIDE_REST)
    assert cost == 1
    replaced, cost = switched.equip(TORCH, SlotKind.WEAPON, 0, context=Context.REST)
    assert cost == 0
    assert replaced.items == (TORCH,)
    assert str(switched) == "Item Slots: empty, empty · Weapon Slots: Pipe"


def test_corruption_cards_occupy_a_slot_and_only_corruption_replaces_them():
    kit, _ = Loadout.empty(item_slots=1, weapon_slots=1).equip(ROT, SlotKind.ITEM, 0, context=Context.REST)
    assert kit.corruption_cards == 1
    with pytest.raises(tc.RuleError, match="only another Corruption"):
        kit.equip(PIPE, SlotKind.ITEM, 0, context=Context.REST)
    with pytest.raises(tc.RuleError, match="cannot be switched out"):
        kit.switch((SlotKind.ITEM, 0), (SlotKind.WEAPON, 0), context=Context.REST)
    with pytest.raises(tc.RuleError, match="Corruption cannot normally be removed"):
        kit.recycle(SlotKind.ITEM, 0, BAG)
    again, _ = kit.equip(BLIGHT, SlotKind.ITEM, 0, context=Context.REST)
    assert again.items == (BLIGHT,)


def test_recycle_returns_the_card_and_gear_steps_up():
    kit, _ = Loadout.empty(item_slots=1, weapon_slots=0).equip(TORCH, SlotKind.ITEM, 0, context=Context.REST)
    emptied, bag = kit.recycle(SlotKind.ITEM, 0, BAG)
    assert emptied.items == ()
    assert bag.gear is StepDie.D8
    with pytest.raises(tc.RuleError, match="empty"):
        emptied.recycle(SlotKind.ITEM, 0, bag)
    full_gear = BAG.with_die(InventoryKind.GEAR, "d12")
    assert kit.recycle(SlotKind.ITEM, 0, full_gear)[1].gear is StepDie.D12


def test_battery_items_stop_under_depletion():
    kit = Loadout((TORCH, PIPE), ())
    assert kit.working([]) == (TORCH, PIPE)
    assert kit.working([Condition.DEPLETION]) == (PIPE,)


def test_slot_errors():
    kit = Loadout.empty(item_slots=1, weapon_slots=0)
    with pytest.raises(tc.InvalidInput, match="no Weapon Slot"):
        kit.get(SlotKind.WEAPON, 0)
    with pytest.raises(tc.InvalidInput, match="index must be an int from 0 to 0"):
        kit.get(SlotKind.ITEM, 1)
    with pytest.raises(TypeError, match="slots\\[0\\] must be a Item"):
        Loadout(("Pipe",))
    with pytest.raises(TypeError, match="context"):
        kit.equip(PIPE, SlotKind.ITEM, 0, context="rest")
    with pytest.raises(TypeError, match="item must be a Item"):
        kit.equip("Pipe", SlotKind.ITEM, 0, context=Context.REST)


def test_barter_pays_with_tradeable_inventory_under_the_restriction():
    vendor = Vendor("Scrap Dealer", tradeable=(InventoryKind.FOOD, InventoryKind.WATER), goods=(PIPE, TORCH))
    deal = resolve_barter(BAG, vendor, cost=3, values=[1, 4, 3], item=1, choices=[InventoryKind.FOOD])
    assert deal.traded
    assert deal.item == TORCH
    assert [use.roll.kind for use in deal.rolls] == [InventoryKind.FOOD, InventoryKind.WATER, InventoryKind.FOOD]
    assert deal.inventory.food is StepDie.D4  # the 1 stepped Food down
    assert deal.vendor.goods == (PIPE,)
    assert "-> Torch" in str(deal)
    with pytest.raises(tc.RuleError, match="Inventory Restriction"):
        resolve_barter(BAG, vendor, cost=2, values=[4, 4], choices=[InventoryKind.FOOD, InventoryKind.FOOD])
    with pytest.raises(tc.RuleError, match="may not be used here"):
        resolve_barter(BAG, vendor, cost=1, values=[4], choices=[InventoryKind.GEAR])


def test_failed_barter_returns_everything_spent_and_the_vendor_waits_for_rest():
    poor = Inventory(food="d4", water="0", battery="d4", gear="d6", resolve="d8")
    vendor = Vendor("Scrap Dealer", tradeable=(InventoryKind.FOOD, InventoryKind.WATER), goods=(PIPE,))
    failed = resolve_barter(poor, vendor, cost=3, values=[4, 1], item=0)
    assert not failed.traded
    assert failed.item is None
    assert failed.inventory == poor
    assert failed.vendor.goods == (PIPE,)
    assert failed.vendor.wait_for_rest
    assert "Failed Barter" in str(failed)
    with pytest.raises(tc.RuleError, match="must Rest"):
        barter(poor, failed.vendor, cost=1, rng=1)
    assert not failed.vendor.after_rest().wait_for_rest
    assert "(return after Rest)" in str(failed.vendor)


def test_barter_input_errors():
    vendor = Vendor("V", goods=())
    with pytest.raises(tc.InvalidInput, match="no goods"):
        barter(BAG, vendor, cost=1, item=0, rng=1)
    with pytest.raises(tc.InvalidInput, match="left over"):
        resolve_barter(BAG, vendor, cost=1, values=[4, 4])
    with pytest.raises(tc.DiceExhausted):
        resolve_barter(BAG, vendor, cost=2, values=[4])
    with pytest.raises(tc.InvalidInput, match="cost"):
        barter(BAG, vendor, cost=-1, rng=1)
    with pytest.raises(tc.InvalidInput, match="tradeable must be one of"):
        Vendor("V", tradeable=("Money",))


@given(st.integers(0, 6), st.integers(0, 2**32 - 1))
def test_barter_either_trades_or_changes_nothing(cost, seed):
    vendor = Vendor("V", tradeable=(InventoryKind.FOOD, InventoryKind.BATTERY), goods=(PIPE,))
    result = barter(BAG, vendor, cost=cost, item=0, rng=seed)
    assert len(result.rolls) <= cost
    if result.traded:
        assert len(result.rolls) == cost
        assert result.vendor.goods == ()
        assert all(r.roll.kind in vendor.tradeable for r in result.rolls)
    else:
        assert result.inventory == BAG
        assert result.vendor.goods == (PIPE,)


def test_json_round_trips():
    kit = Loadout((TORCH, None), (PIPE,))
    assert round_trip(kit) == kit
    vendor = Vendor("V", tradeable=(InventoryKind.FOOD,), goods=(PIPE,))
    deal = resolve_barter(BAG, vendor, cost=1, values=[5], item=0)
    assert round_trip(deal) == deal
    assert isinstance(deal, BarterResult)
    assert str(ROT) == "Rot [Corruption] (Corrupted)"


def test_vendor_prices_follow_the_goods():
    vendor = Vendor("V", tradeable=(InventoryKind.FOOD,), goods=(PIPE, TORCH), prices=(2, 3))
    assert vendor.price(0) == 2
    assert vendor.price(1) == 3
    assert Vendor("V", goods=(PIPE,)).price(0) == 1
    deal = resolve_barter(BAG, vendor, cost=vendor.price(0), values=[4, 4], item=0)
    assert deal.vendor.goods == (TORCH,)
    assert deal.vendor.prices == (3,)
    with pytest.raises(tc.InvalidInput, match="one cost per good"):
        Vendor("V", goods=(PIPE,), prices=(1, 2))
    with pytest.raises(tc.InvalidInput, match="prices\\[0\\]"):
        Vendor("V", goods=(PIPE,), prices=(-1,))
