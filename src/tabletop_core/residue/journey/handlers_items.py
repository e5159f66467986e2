"""Cards and trade, applied: Barter, a gained card placed or discarded, Activate, Recycle, Switch Items."""

from __future__ import annotations

from typing import TypeVar

import attrs

from tabletop_core._fast import fast_replace as replace
from tabletop_core.residue.items import BarterResult, Context, Item, SlotKind
from tabletop_core.residue.journey.choices import (
    Choice,
    InventoryChoice,
    PickChoice,
    PlainChoice,
    SlotChoice,
    SwitchChoice,
)
from tabletop_core.residue.journey.events import Note
from tabletop_core.residue.journey.flow import _READ, _apply_entry, _continue_travel, _gain_strain
from tabletop_core.residue.journey.phases import EntryNext, Phase, PlacePhase, TradePhase, Trip
from tabletop_core.residue.journey.state import Journey
from tabletop_core.residue.step_die import StepDie
from tabletop_core.residue.uses import roll_uses
from tabletop_core.residue.wanderer import Wanderer
from tabletop_core.rng import DiceSource

T = TypeVar("T")


def _trading(journey: Journey) -> TradePhase:
    stage = journey.stage
    assert type(stage) is TradePhase  # Barter, its payments and leaving are offered only there
    return stage


def _do_barter(journey: Journey, choice: PickChoice, _source: DiceSource, events: list[object]) -> Journey:
    """Barter for a good: its listed cost is then paid one ⊙ of Tradeable Inventory at a time, as the player picks.

    "Barter: Pay the listed cost using Tradeable Inventory." Each ⊙ is a choice
    (:attr:`Act.BARTER_PAY`), under the Inventory Restriction, started afresh for the Barter.
    """
    stage = _trading(journey)
    vendor = journey.vendor(stage.vendor)
    good = vendor.goods[choice.target]
    events.append(Note(f"Barter for {good.name}: cost {vendor.price(choice.target)} ⊙ of Tradeable Inventory"))
    wanderer = journey.wanderer.with_inventory(journey.wanderer.inventory.forget_last())
    journey = replace(journey, wanderer=wanderer, stage=replace(stage, paying=choice.target, paid=()))
    return _barter_goes_on(journey, events)


def _do_barter_pay(journey: Journey, choice: InventoryChoice, source: DiceSource, events: list[object]) -> Journey:
    """One ⊙ of Tradeable Inventory toward the Barter under way."""
    stage = _trading(journey)
    vendor = journey.vendor(stage.vendor)
    use = journey.wanderer.inventory.roll_any(choice.kind, among=vendor.tradeable, rng=source)
    events.append(use)
    wanderer = journey.wanderer.with_inventory(use.after)
    journey = replace(journey, wanderer=wanderer, stage=replace(stage, paid=(*stage.paid, use)))
    return _barter_goes_on(journey, events)


def _barter_goes_on(journey: Journey, events: list[object]) -> Journey:
    """The Barter under way: paid in full (the trade), out of Tradeable Inventory (Failed Barter), or the next ⊙."""
    stage = _trading(journey)
    assert stage.paying is not None
    vendor = journey.vendor(stage.vendor)
    cost = vendor.price(stage.paying)
    inventory = journey.wanderer.inventory
    if len(stage.paid) < cost and inventory.allowed(vendor.tradeable):
        return journey  # the player picks the next ⊙
    wanderer = journey.wanderer
    if len(stage.paid) < cost:  # "Failed Barter: If you run out of Inventory, recover all Inventory spent."
        start = stage.paid[0].before if stage.paid else inventory
        result = BarterResult(cost, stage.paid, False, None, start, attrs.evolve(vendor, wait_for_rest=True))
        wanderer = wanderer.with_inventory(start.forget_last())
    else:
        item = stage.paying
        good = vendor.goods[item]
        after = attrs.evolve(vendor, goods=_without(vendor.goods, item), prices=_without(vendor.prices, item))
        result = BarterResult(cost, stage.paid, True, good, inventory, after)
        wanderer = wanderer.with_inventory(inventory.forget_last())
        slot = wanderer.loadout.item_slots.index(None)  # Barter is offered only with a free Item Slot
        loadout, _ = wanderer.loadout.equip(good, SlotKind.ITEM, slot, context=Context.REST)
        wanderer = replace(wanderer, loadout=loadout)  # a new card into an empty slot costs nothing
        wanderer = _card_corrupts(wanderer, good, events)
    events.append(result)
    vendors = tuple(result.vendor if v.name == vendor.name else v for v in journey.vendors)
    return replace(journey, wanderer=wanderer, vendors=vendors, stage=replace(stage, paying=None, paid=()))


def _without(values: tuple[T, ...], index: int) -> tuple[T, ...]:
    return values[:index] + values[index + 1 :] if values else values


def _do_leave(journey: Journey, _choice: PlainChoice, source: DiceSource, events: list[object]) -> Journey:
    stage = journey.stage
    assert type(stage) is TradePhase
    events.append(Note(f"leave Vendor {stage.vendor}"))
    return _continue_travel(journey, stage.then, source, events)


def _slot_of(choice: Choice) -> tuple[SlotKind, int]:
    if choice.item_slot is not None:
        return SlotKind.ITEM, choice.item_slot
    assert choice.weapon_slot is not None
    return SlotKind.WEAPON, choice.weapon_slot


def _do_place(journey: Journey, choice: SlotChoice, source: DiceSource, events: list[object]) -> Journey:
    stage = journey.stage
    assert type(stage) is PlacePhase
    card, rest = journey.gained[0], journey.gained[1:]
    kind, index = _slot_of(choice)
    wanderer = journey.wanderer
    replaced = wanderer.loadout.get(kind, index)
    loadout, cost = wanderer.loadout.equip(card, kind, index, context=Context.OUTSIDE_REST)
    gone = f", {replaced} discarded" if replaced is not None else ""
    events.append(Note(f"{card} into {kind} {index + 1}{gone}"))
    wanderer = _gain_strain(replace(wanderer, loadout=loadout), cost, source, events, f"Equip {card.name}")
    wanderer = _card_corrupts(wanderer, card, events)
    journey = _to_deck_bottom(journey, replaced)
    return _continue_travel(replace(journey, wanderer=wanderer, gained=rest), stage.then, source, events)


def _to_deck_bottom(journey: Journey, card: Item | None) -> Journey:
    """Discard (or return) a card: it goes to the bottom of the Item Deck, when one is in play."""
    if card is None or journey.item_deck is None:
        return journey
    return replace(journey, item_deck=journey.item_deck.discard(card))


def _card_corrupts(wanderer: Wanderer, card: Item, events: list[object]) -> Wanderer:
    """Corruption Card: permanent Corruption (once in a slot)."""
    if card.is_corruption_card and not wanderer.inventory.corrupted:
        events.append(Note("Corruption (permanent)"))
        return wanderer.with_inventory(attrs.evolve(wanderer.inventory, corrupted=True))
    return wanderer


def _do_activate(journey: Journey, choice: SlotChoice, source: DiceSource, events: list[object]) -> Journey:
    """Activate an Item: roll its Uses, apply its effect, then read its Entry (if the setup gives them)."""
    kind, index = _slot_of(choice)
    wanderer = journey.wanderer
    card = wanderer.loadout.get(kind, index)
    assert card is not None  # offered only for a card with a Uses die
    uses = roll_uses(card.uses, rng=source)
    events.append(Note(f"activate {card.name}"))
    events.append(uses)
    if uses.returned and card.is_corruption_card:  # it may only be replaced by another Corruption: it stays
        events.append(Note(f"{card.name} is a Corruption card: it stays in its slot, its Uses spent"))
        kept: Item | None = attrs.evolve(card, uses=StepDie.ZERO)
    else:
        kept = None if uses.returned else attrs.evolve(card, uses=uses.after)
    journey = replace(journey, wanderer=replace(wanderer, loadout=wanderer.loadout.put(kind, index, kept)))
    if uses.returned and kept is None:  # d4 ⇩: return the card to its deck (with the d4 it had: printed Uses unknown)
        journey = _to_deck_bottom(journey, card)
    effect = journey.setup.item_effect(card.name)
    if effect is not None:
        journey, _creature, _entry = _apply_entry(journey, effect, source, events)  # no Creature or card: JourneySetup
    text = journey.setup.item_text(card.name)
    if text is None or journey.is_over:
        return journey
    # Its Entry (Gain Item X, a shuffle, options) is read where it was activated, which comes back after.
    return _READ["read"](journey, text, Trip(), EntryNext.ITEM, source, events, journey.stage)  # type: ignore[no-any-return]


def _do_discard_card(journey: Journey, _choice: PlainChoice, source: DiceSource, events: list[object]) -> Journey:
    stage = journey.stage
    assert type(stage) is PlacePhase
    card, rest = journey.gained[0], journey.gained[1:]
    events.append(Note(f"discard {card}"))
    journey = _to_deck_bottom(journey, card)
    return _continue_travel(replace(journey, gained=rest), stage.then, source, events)


def _do_recycle(journey: Journey, choice: SlotChoice, _source: DiceSource, events: list[object]) -> Journey:
    kind, index = _slot_of(choice)
    wanderer = journey.wanderer
    card = wanderer.loadout.get(kind, index)
    loadout, inventory = wanderer.loadout.recycle(kind, index, wanderer.inventory)
    back = f", back to the {journey.item_deck.name}" if journey.item_deck is not None else ""
    events.append(Note(f"Recycle {card}{back}: Gear ⇧ {inventory.gear}"))
    wanderer = replace(wanderer, loadout=loadout).with_inventory(inventory)
    return _to_deck_bottom(replace(journey, wanderer=wanderer), card)


_SWITCH_CONTEXT = {
    Phase.TRAVEL: Context.OUTSIDE_REST,
    Phase.MOVE: Context.OUTSIDE_REST,
    Phase.COMBAT: Context.COMBAT,
    Phase.PAYOFF: Context.REST,
    Phase.RECOVER: Context.REST,
}
"""Where Switch Items is offered and what it costs there: free during Rest, 1 Strain outside it, 2 in Combat."""


def _do_switch(journey: Journey, choice: SwitchChoice, source: DiceSource, events: list[object]) -> Journey:
    assert choice.item_slot is not None
    assert choice.weapon_slot is not None
    context = _SWITCH_CONTEXT[journey.phase]
    wanderer = journey.wanderer
    loadout, cost = wanderer.loadout.switch(
        (SlotKind.ITEM, choice.item_slot), (SlotKind.WEAPON, choice.weapon_slot), context=context
    )
    events.append(Note(f"Switch Items {context}: {loadout}"))
    wanderer = _gain_strain(replace(wanderer, loadout=loadout), cost, source, events, "Switch Items")
    return replace(journey, wanderer=wanderer)
