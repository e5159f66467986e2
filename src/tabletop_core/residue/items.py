"""RESIDUE's Items and Weapons: Item and Weapon Slots, switching, Recycle, Corruption cards, Vendors.

* **Item Slot** holds an Item or a Weapon; a **Weapon Slot** holds either too,
  but a Weapon's abilities work only there (:meth:`Loadout.active_weapons`).
* **Switch Items** is free during Rest, costs 1 Strain outside Rest and 2
  Strain during Combat (:func:`switch_cost`).
* **Recycle Item**: return it to the Item Deck and Gear ⇧ (:meth:`Loadout.recycle`).
* **Corruption card** (Corruption, Replace): occupies a slot and may only be
  replaced by another Corruption; it is permanent Corruption, so it cannot be
  recycled or switched out.
* **Requires X**: an ability works only while the requirement is met; an Item
  requiring Battery does not work under Depletion (:meth:`Loadout.working`).
* **Vendors**: Barter pays the listed cost with Tradeable Inventory. The cost
  is read as that many ⊙ of Tradeable Inventory (the glossary's currency for
  every cost), under the Inventory Restriction; running out of Tradeable
  Inventory before the cost is paid is a Failed Barter: everything spent comes
  back, no trade is made, and the Vendor waits until after Rest.

Slot counts are the caller's parameters (the character sheet's).

Examples:
    >>> from tabletop_core.residue.inventory import Inventory
    >>> kit = Loadout.empty(item_slots=2, weapon_slots=1)
    >>> kit, cost = kit.equip(Item("Pipe", ItemType.WEAPON), SlotKind.WEAPON, 0, context=Context.REST)
    >>> cost, [w.name for w in kit.active_weapons]
    (0, ['Pipe'])
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

import attrs

from tabletop_core._enum import Enum
from tabletop_core._frozen import frozen
from tabletop_core._migrations import migration
from tabletop_core._record import Record
from tabletop_core._typed import check_fields
from tabletop_core._validate import check_int, check_type, of_type, one_line, tuple_of
from tabletop_core.errors import InvalidInput, RuleError
from tabletop_core.residue.conditions import Condition
from tabletop_core.residue.inventory import Inventory, InventoryKind, InventoryUse
from tabletop_core.residue.requirements import Requirement, _requirements
from tabletop_core.residue.step_die import StepDie, to_step_die
from tabletop_core.rng import ScriptedDice, dice_source

if TYPE_CHECKING:
    from tabletop_core.rng import RngLike

__all__ = [
    "SWITCH_COST",
    "BarterResult",
    "Context",
    "Item",
    "ItemType",
    "Loadout",
    "SlotKind",
    "Vendor",
    "barter",
    "resolve_barter",
    "switch_cost",
]


class ItemType(Enum):
    """The types of Item card."""

    ITEM = "Item"
    TOOL = "Tool"
    WEAPON = "Weapon"
    CORRUPTION = "Corruption"

    def __str__(self) -> str:
        return self.value


class SlotKind(Enum):
    """The two kinds of slot on the character sheet."""

    ITEM = "Item Slot"
    WEAPON = "Weapon Slot"

    def __str__(self) -> str:
        return self.value


class Context(Enum):
    """When a switch happens: it decides the Strain it costs."""

    REST = "during Rest"
    OUTSIDE_REST = "outside Rest"
    COMBAT = "during Combat"

    def __str__(self) -> str:
        return self.value


SWITCH_COST = {Context.REST: 0, Context.OUTSIDE_REST: 1, Context.COMBAT: 2}
"""Strain to Switch Items: free during Rest, 1 outside Rest, 2 during Combat."""


def switch_cost(context: Context) -> int:
    """The Strain a switch costs in *context* (0, 1 or 2)."""
    check_type("context", context, Context)
    return SWITCH_COST[context]


@frozen
class Item(Record):
    """An Item card.

    Args:
        name: The card's name.
        type: Item, Tool, Weapon, or a Corruption card.
        corrupted: A Corrupted Item (black border) rather than an Uncorrupted one (white).
        requires_battery: Its abilities require Battery (they stop under Depletion).
        uses: Its dX Uses die (0: the card has no Uses die): rolled when the Item is
            activated; 1-2 steps it down, and a d4 stepping down returns the card to its deck.
        requires: Requires X: its abilities function only while every one of these
            :class:`~tabletop_core.residue.requirements.Requirement` is met
            (see ``Wanderer.working_items``).
    """

    _json_names: ClassVar[Mapping[str, str]] = {"type": "item_type"}  # "type" is the record tag

    name: str = attrs.field(validator=one_line())
    type: ItemType = attrs.field(default=ItemType.ITEM, validator=of_type(ItemType))
    corrupted: bool = attrs.field(default=False, validator=of_type(bool))
    requires_battery: bool = attrs.field(default=False, validator=of_type(bool))
    uses: StepDie = attrs.field(default=StepDie.ZERO, converter=to_step_die)
    requires: tuple[Requirement, ...] = attrs.field(default=(), converter=_requirements)

    @property
    def is_corruption_card(self) -> bool:
        """A Corruption card: permanent Corruption that occupies a slot."""
        return self.type is ItemType.CORRUPTION

    def __str__(self) -> str:
        border = " (Corrupted)" if self.corrupted else ""
        uses = f" Uses {self.uses}" if not self.uses.is_zero else ""
        return f"{self.name} [{self.type}]{border}{uses}"


def _slots(values: Iterable[Any]) -> tuple[Item | None, ...]:  # Any: raw input, each item checked below
    if isinstance(values, (str, bytes)) or not isinstance(values, Iterable):
        raise TypeError(f"slots must be a sequence of Item or None, got {type(values).__name__}")
    result = tuple(values)
    for index, value in enumerate(result):
        if value is not None:
            check_type(f"slots[{index}]", value, Item)
    return result


@frozen
class Loadout(Record):
    """The Item Slots and Weapon Slots and what they hold (``None`` for an empty slot).

    Args:
        item_slots: What each Item Slot holds.
        weapon_slots: What each Weapon Slot holds.
    """

    item_slots: tuple[Item | None, ...] = attrs.field(converter=_slots, default=())
    weapon_slots: tuple[Item | None, ...] = attrs.field(converter=_slots, default=())

    @classmethod
    def empty(cls, *, item_slots: int, weapon_slots: int) -> Loadout:
        """A Loadout with that many empty slots of each kind."""
        items = check_int("item_slots", item_slots, low=0, high=100)
        weapons = check_int("weapon_slots", weapon_slots, low=0, high=100)
        return cls((None,) * items, (None,) * weapons)

    def slots(self, kind: SlotKind) -> tuple[Item | None, ...]:
        """The slots of one kind."""
        check_type("kind", kind, SlotKind)
        return self.item_slots if kind is SlotKind.ITEM else self.weapon_slots

    def get(self, kind: SlotKind, index: int) -> Item | None:
        """What one slot holds."""
        slots = self.slots(kind)
        if not slots:
            raise InvalidInput(f"there is no {kind}")
        return slots[check_int("index", index, low=0, high=len(slots) - 1)]

    def _set(self, kind: SlotKind, index: int, item: Item | None) -> Loadout:
        slots = list(self.slots(kind))
        slots[index] = item
        field = "item_slots" if kind is SlotKind.ITEM else "weapon_slots"
        return attrs.evolve(self, **{field: tuple(slots)})

    @property
    def items(self) -> tuple[Item, ...]:
        """Every card in a slot, Item Slots first."""
        return tuple(i for i in (*self.item_slots, *self.weapon_slots) if i is not None)

    @property
    def active_weapons(self) -> tuple[Item, ...]:
        """Weapons whose abilities function: those in Weapon Slots."""
        return tuple(i for i in self.weapon_slots if i is not None and i.type is ItemType.WEAPON)

    @property
    def corruption_cards(self) -> int:
        """How many Corruption cards occupy slots (each is permanent Corruption)."""
        return sum(1 for i in self.items if i.is_corruption_card)

    def working(self, conditions: Iterable[Condition]) -> tuple[Item, ...]:
        """The cards whose requirements are met: Items requiring Battery stop under Depletion."""
        active = frozenset(conditions)
        return tuple(i for i in self.items if not (i.requires_battery and Condition.DEPLETION in active))

    def equip(self, item: Item, kind: SlotKind, index: int, *, context: Context) -> tuple[Loadout, int]:
        """Put *item* into a slot (a new card, or one replacing what is there).

        Returns:
            The new Loadout and the Strain it costs (a switch, unless the slot was
            empty and the card is new: placing a gained card is not a switch).

        Raises:
            RuleError: the slot holds a Corruption card and *item* is not a Corruption.
        """
        check_type("item", item, Item)
        check_type("context", context, Context)
        current = self.get(kind, index)
        if current is not None and current.is_corruption_card and not item.is_corruption_card:
            raise RuleError(f"{current.name} is a Corruption card: only another Corruption may replace it")
        cost = 0 if current is None else switch_cost(context)
        return self._set(kind, index, item), cost

    def put(self, kind: SlotKind, index: int, card: Item | None) -> Loadout:
        """Set what a slot holds in place (a card whose Uses changed, or ``None``: gone back to its deck).

        Not a switch: it costs no Strain. Raises ``RuleError`` for a Corruption card
        removed or replaced by a card that is not a Corruption.
        """
        current = self.get(kind, index)
        if card is not None:
            check_type("card", card, Item)
        if current is not None and current.is_corruption_card and not (card and card.is_corruption_card):
            raise RuleError(f"{current.name} is a Corruption card: only another Corruption may replace it")
        return self._set(kind, index, card)

    def switch(
        self, first: tuple[SlotKind, int], second: tuple[SlotKind, int], *, context: Context
    ) -> tuple[Loadout, int]:
        """Swap the contents of two slots (Switch Items) and the Strain it costs.

        Raises:
            RuleError: either slot holds a Corruption card (it can only be replaced by a Corruption).
        """
        check_type("context", context, Context)
        a = self.get(*first)
        b = self.get(*second)
        for card in (a, b):
            if card is not None and card.is_corruption_card:
                raise RuleError(f"{card.name} is a Corruption card and cannot be switched out")
        return self._set(first[0], first[1], b)._set(second[0], second[1], a), switch_cost(context)

    def recycle(self, kind: SlotKind, index: int, inventory: Inventory) -> tuple[Loadout, Inventory]:
        """Recycle the card in a slot: it returns to the Item Deck and Gear ⇧.

        Raises:
            RuleError: the slot is empty or holds a Corruption card.
        """
        check_type("inventory", inventory, Inventory)
        card = self.get(kind, index)
        if card is None:
            raise RuleError(f"{kind} {index} is empty: nothing to Recycle")
        if card.is_corruption_card:
            raise RuleError(f"{card.name} is a Corruption card: Corruption cannot normally be removed")
        return self._set(kind, index, None), inventory.step_up(InventoryKind.GEAR)

    def __str__(self) -> str:
        def show(slots: tuple[Item | None, ...]) -> str:
            return ", ".join("empty" if s is None else s.name for s in slots) or "none"

        return f"Item Slots: {show(self.item_slots)} · Weapon Slots: {show(self.weapon_slots)}"


def _kinds(values: Iterable[Any]) -> tuple[InventoryKind, ...]:  # Any: raw input, each item checked below
    if isinstance(values, (str, bytes)) or not isinstance(values, Iterable):
        raise TypeError(f"tradeable must be a sequence of InventoryKind, got {type(values).__name__}")
    return tuple(InventoryKind.parse(v, name="tradeable") for v in values)


def _goods(values: Iterable[Any]) -> tuple[Item, ...]:  # Any: raw input, each item checked below
    return tuple_of("goods", values, Item)


def _prices(values: Iterable[object]) -> tuple[int, ...]:
    if isinstance(values, (str, bytes)) or not isinstance(values, Iterable):
        raise TypeError(f"prices must be a sequence of ints, got {type(values).__name__}")
    return tuple(check_int(f"prices[{i}]", v, low=0, high=1000) for i, v in enumerate(values))


@frozen
class Vendor(Record):
    """A Vendor: an NPC that trades, keeping its goods between Encounters.

    Args:
        name: The Vendor's name.
        tradeable: The Inventories it accepts (Tradeable Inventory).
        goods: The Items it has generated and still holds.
        wait_for_rest: After a Failed Barter you must Rest before trying again.
        prices: The listed cost of each good (``()``: 1 each); the caller's data.
    """

    name: str = attrs.field(validator=one_line())
    tradeable: tuple[InventoryKind, ...] = attrs.field(converter=_kinds, default=tuple(InventoryKind))
    goods: tuple[Item, ...] = attrs.field(converter=_goods, default=())
    wait_for_rest: bool = attrs.field(default=False, validator=of_type(bool))
    prices: tuple[int, ...] = attrs.field(converter=_prices, default=())

    def __attrs_post_init__(self) -> None:
        if self.prices and len(self.prices) != len(self.goods):
            raise InvalidInput(
                f"prices must list one cost per good: {len(self.goods)} goods, {len(self.prices)} prices"
            )

    def price(self, index: int) -> int:
        """The listed cost of good *index* (1 when no prices are listed)."""
        index = check_int("index", index, low=0, high=max(len(self.goods) - 1, 0))
        return self.prices[index] if self.prices else 1

    def after_rest(self) -> Vendor:
        """The Vendor once you have Rested: you may Barter again."""
        return attrs.evolve(self, wait_for_rest=False)

    def __str__(self) -> str:
        goods = ", ".join(g.name for g in self.goods) or "nothing"
        wait = " (return after Rest)" if self.wait_for_rest else ""
        return f"Vendor {self.name}: takes {', '.join(map(str, self.tradeable))}; sells {goods}{wait}"


@frozen
class BarterResult(Record):
    """A Barter, explained.

    Attributes:
        cost: The listed cost (⊙ of Tradeable Inventory).
        rolls: Every ⊙ made, in order.
        traded: Whether the trade was made.
        item: The Item bought, if any.
        inventory: The Inventory after (restored in full after a Failed Barter).
        vendor: The Vendor after.
    """

    cost: int
    rolls: tuple[InventoryUse, ...]
    traded: bool
    item: Item | None
    inventory: Inventory
    vendor: Vendor

    def __attrs_post_init__(self) -> None:
        check_fields(self)  # types from the annotations: a tampered save gets a TypeError naming the field

    def __str__(self) -> str:
        paid = "; ".join(str(r) for r in self.rolls) or "nothing rolled"
        if self.traded:
            bought = f" -> {self.item.name}" if self.item else ""
            return f"Barter with {self.vendor.name}: cost {self.cost}: {paid}{bought}"
        return (
            f"Barter with {self.vendor.name}: cost {self.cost}: {paid} -> Failed Barter, "
            f"Inventory recovered; return after Rest"
        )


def barter(
    inventory: Inventory,
    vendor: Vendor,
    *,
    cost: int,
    item: int | None = None,
    choices: Sequence[InventoryKind] | None = None,
    rng: RngLike = None,
) -> BarterResult:
    """Barter: pay *cost* ⊙ of Tradeable Inventory for one of the Vendor's goods.

    Args:
        inventory: The Wanderer's Inventory.
        vendor: The Vendor.
        cost: The listed cost.
        item: The index of the good bought (``None``: a trade that gives no card).
        choices: The Inventory to roll for each payment, in order; missing or
            short, the library picks the allowed Tradeable Inventory with the largest die.
        rng: Where the dice come from.

    Raises:
        RuleError: the Vendor waits until after Rest, or a choice breaks the Inventory Restriction.
    """
    check_type("inventory", inventory, Inventory)
    check_type("vendor", vendor, Vendor)
    cost = check_int("cost", cost, low=0, high=1000)
    if vendor.wait_for_rest:
        raise RuleError(f"after a Failed Barter you must Rest before trading with {vendor.name} again")
    bought: Item | None = None
    if item is not None:
        if not vendor.goods:
            raise InvalidInput(f"{vendor.name} has no goods to buy")
        bought = vendor.goods[check_int("item", item, low=0, high=len(vendor.goods) - 1)]
    picks = list(choices) if choices is not None else []
    dice = dice_source(rng)
    rolls: list[InventoryUse] = []
    current = inventory
    for payment in range(cost):
        if not current.allowed(vendor.tradeable):
            return BarterResult(cost, tuple(rolls), False, None, inventory, attrs.evolve(vendor, wait_for_rest=True))
        choice = picks[payment] if payment < len(picks) else None
        use = current.roll_any(choice, among=vendor.tradeable, rng=dice)
        rolls.append(use)
        current = use.after
    goods, prices = vendor.goods, vendor.prices
    if item is not None:
        goods = goods[:item] + goods[item + 1 :]
        prices = prices[:item] + prices[item + 1 :]
    return BarterResult(cost, tuple(rolls), True, bought, current, attrs.evolve(vendor, goods=goods, prices=prices))


def resolve_barter(
    inventory: Inventory,
    vendor: Vendor,
    *,
    cost: int,
    values: Sequence[int],
    item: int | None = None,
    choices: Sequence[InventoryKind] | None = None,
) -> BarterResult:
    """:func:`barter` with the dice already rolled (*values*, one per ⊙, in order; all must be used).

    Raises:
        InvalidInput: *values* has dice left over or does not fit.
        DiceExhausted: too few *values*.
    """
    dice = ScriptedDice(values)
    result = barter(inventory, vendor, cost=cost, item=item, choices=choices, rng=dice)
    if dice.remaining:
        raise InvalidInput(f"values has {dice.remaining} dice left over: the Barter used {len(dice.used)}")
    return result


@migration("residue.Item", 0)
def _item_from_0_1_0(data: dict[str, Any]) -> dict[str, Any]:  # Any: JSON data
    """0.1.0 and 0.2.0 wrote the Item's type as ``"type"``, now the record tag: ``"item_type"`` since version 1."""
    if "type" in data:
        data["item_type"] = data.pop("type")
    return data
