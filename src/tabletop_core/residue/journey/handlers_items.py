"""Cards and trade, applied: Barter, a gained card placed or discarded, Activate, Recycle, Switch Items."""

from __future__ import annotations

import attrs

from tabletop_core._fast import fast_replace as replace
from tabletop_core.residue.items import Context, Item, SlotKind, barter
from tabletop_core.residue.journey.choices import Choice, PickChoice, PlainChoice, SlotChoice, SwitchChoice
from tabletop_core.residue.journey.events import Note
from tabletop_core.residue.journey.flow import _READ, _apply_entry, _continue_travel, _gain_strain
from tabletop_core.residue.journey.phases import EntryNext, Phase, PlacePhase, TradePhase, Trip
from tabletop_core.residue.journey.state import Journey
from tabletop_core.residue.uses import roll_uses
from tabletop_core.residue.wanderer import Wanderer
from tabletop_core.rng import DiceSource


def _do_barter(journey: Journey, choice: PickChoice, source: DiceSource, events: list[object]) -> Journey:
    stage = journey.stage
    assert type(stage) is TradePhase
    assert choice.target is not None
    vendor = journey.vendor(stage.vendor)
    result = barter(
        journey.wanderer.inventory, vendor, cost=vendor.price(choice.target), item=choice.target, rng=source
    )
    events.append(result)
    wanderer = journey.wanderer.with_inventory(result.inventory.forget_last())
    if result.item is not None:
        slot = wanderer.loadout.item_slots.index(None)
        loadout, _ = wanderer.loadout.equip(result.item, SlotKind.ITEM, slot, context=Context.REST)
        wanderer = replace(wanderer, loadout=loadout)  # a new card into an empty slot costs nothing
        wanderer = _card_corrupts(wanderer, result.item, events)
    vendors = tuple(result.vendor if v.name == vendor.name else v for v in journey.vendors)
    return replace(journey, wanderer=wanderer, vendors=vendors)


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
    kept = None if uses.returned else attrs.evolve(card, uses=uses.after)
    journey = replace(journey, wanderer=replace(wanderer, loadout=wanderer.loadout.put(kind, index, kept)))
    if uses.returned:  # d4 ⇩: return the card to its deck (with the d4 it had: printed Uses are not known here)
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


_SWITCH_CONTEXT = {Phase.TRAVEL: Context.OUTSIDE_REST, Phase.COMBAT: Context.COMBAT, Phase.RECOVER: Context.REST}


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
