"""The glossary's deck rules: Discard, Draw X. Choose Y., Draw by Type, Recycle to the Item Deck,
Gain Item X from wherever it is, and a d4 Uses stepping down returning the card to its deck."""

import json
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st
from tests.residue.test_journey_tokens import SETUP, apply, journey, move_south, round_trip, sheet

import tabletop_core as tc
from tabletop_core.residue.decks import (
    Deck,
    ItemSource,
    gain_item,
    recycle_to_deck,
    resolve_item_uses,
    roll_item_uses,
)
from tabletop_core.residue.inventory import Inventory
from tabletop_core.residue.items import Item, ItemType, Loadout, SlotKind, Vendor
from tabletop_core.residue.journey import Act, Choice, JourneySetup
from tabletop_core.residue.step_die import StepDie

ROPE = Item("Rope")
PIPE = Item("Pipe", ItemType.WEAPON)
LAMP = Item("Lamp", ItemType.TOOL)
SAW = Item("Saw", ItemType.TOOL)
KNIFE = Item("Knife", ItemType.WEAPON)
ROT = Item("Rot", ItemType.CORRUPTION)
DECK = Deck((ROPE, PIPE, LAMP, KNIFE, SAW))
BAG = Inventory(food="d6", water="d6", battery="d6", gear="d4", resolve="d6")


def names(cards):
    return [c.name for c in cards]


def json_round_trip(value):
    return type(value).from_dict(json.loads(json.dumps(value.to_dict())))


# -- Discard, draw ----------------------------------------------------------------------------


def test_discard_places_the_card_at_the_bottom_of_its_deck():
    after = DECK.discard(Item("Flare"))
    assert names(after.cards) == ["Rope", "Pipe", "Lamp", "Knife", "Saw", "Flare"]
    assert names(DECK.cards) == ["Rope", "Pipe", "Lamp", "Knife", "Saw"]  # the old deck is unchanged


def test_draw_takes_from_the_top():
    draw = DECK.draw(2)
    assert (names(draw.kept), names(draw.deck.cards)) == (["Rope", "Pipe"], ["Lamp", "Knife", "Saw"])
    assert names(DECK.draw(9).kept) == names(DECK.cards)  # a short deck gives what it has
    assert str(draw) == "Item Deck: drew Rope, Pipe"
    assert str(DECK) == "Item Deck: 5 cards, top Rope"


# -- Draw X. Choose Y. -------------------------------------------------------------------------


def test_draw_x_choose_y_keeps_y_and_places_the_rest_at_the_bottom():
    draw = DECK.draw_choose(3, 1, keep=[2])  # draw Rope, Pipe, Lamp; keep Lamp
    assert names(draw.kept) == ["Lamp"]
    assert names(draw.bottomed) == ["Rope", "Pipe"]
    assert names(draw.deck.cards) == ["Knife", "Saw", "Rope", "Pipe"]
    first = DECK.draw_choose(3, 2)  # no choice given: the first Y
    assert names(first.kept) == ["Rope", "Pipe"]
    assert names(first.deck.cards) == ["Knife", "Saw", "Lamp"]


def test_draw_x_choose_y_draws_only_matching_cards():
    draw = DECK.draw_choose(2, 1, matching=ItemType.WEAPON, keep=[1])  # Pipe and Knife are drawn
    assert names(draw.kept) == ["Knife"]
    # Rope and Lamp were revealed but did not match; Pipe was drawn and not kept: all to the bottom.
    assert names(draw.bottomed) == ["Rope", "Pipe", "Lamp"]
    assert names(draw.deck.cards) == ["Saw", "Rope", "Pipe", "Lamp"]
    few = DECK.draw_choose(5, 3, matching=ItemType.TOOL)  # only 2 Tools: both drawn, both kept
    assert names(few.kept) == ["Lamp", "Saw"]
    assert Counter(names(few.deck.cards)) == Counter(["Rope", "Pipe", "Knife"])


def test_draw_x_choose_y_bad_input():
    with pytest.raises(tc.InvalidInput, match="y"):
        DECK.draw_choose(2, 3)
    with pytest.raises(tc.InvalidInput, match="keep"):
        DECK.draw_choose(3, 2, keep=[0])  # must name Y cards
    with pytest.raises(tc.InvalidInput, match="keep"):
        DECK.draw_choose(3, 2, keep=[1, 1])
    with pytest.raises(tc.InvalidInput, match="keep"):
        DECK.draw_choose(3, 1, keep=[3])
    with pytest.raises(TypeError, match="keep"):
        DECK.draw_choose(3, 1, keep="0")
    with pytest.raises(TypeError, match="matching"):
        DECK.draw_choose(3, 1, matching="Tool")
    with pytest.raises(tc.InvalidInput, match="x"):
        DECK.draw_choose(-1, 0)


# -- Draw by Type --------------------------------------------------------------------------------


def test_draw_by_type_reveals_until_the_type_and_places_the_others_at_the_bottom():
    draw = DECK.draw_by_type(ItemType.TOOL)
    assert names(draw.kept) == ["Lamp"]
    assert names(draw.bottomed) == ["Rope", "Pipe"]
    assert names(draw.deck.cards) == ["Knife", "Saw", "Rope", "Pipe"]
    none = DECK.draw_by_type(ItemType.CORRUPTION)  # no such card: nothing drawn, order unchanged
    assert (none.kept, none.deck) == ((), DECK)
    with pytest.raises(TypeError, match="type"):
        DECK.draw_by_type("Tool")


# -- Recycle ------------------------------------------------------------------------------------


def test_recycle_returns_the_card_to_the_item_deck_and_gear_up():
    kit = Loadout((ROPE,), (ROT,))
    loadout, inventory, deck = recycle_to_deck(kit, SlotKind.ITEM, 0, BAG, Deck((PIPE,)))
    assert loadout.item_slots == (None,)
    assert inventory.gear is StepDie.D6  # Gear ⇧
    assert names(deck.cards) == ["Pipe", "Rope"]
    with pytest.raises(tc.RuleError, match="Corruption"):
        recycle_to_deck(kit, SlotKind.WEAPON, 0, BAG, Deck())
    with pytest.raises(tc.RuleError, match="empty"):
        recycle_to_deck(loadout, SlotKind.ITEM, 0, BAG, Deck())
    with pytest.raises(TypeError, match="deck"):
        recycle_to_deck(kit, SlotKind.ITEM, 0, BAG, [PIPE])


# -- Gain Item X from wherever it is -------------------------------------------------------------


def test_gain_item_takes_the_unique_item_from_the_deck():
    gain = gain_item("Lamp", deck=DECK, loadout=Loadout())
    assert (gain.item, gain.source) == (LAMP, ItemSource.DECK)
    assert names(gain.deck.cards) == ["Rope", "Pipe", "Knife", "Saw"]
    assert str(gain) == "gain Lamp from the deck"


def test_gain_item_takes_the_unique_item_from_a_slot():
    kit = Loadout((None,), (Item("Relic"),))
    gain = gain_item("Relic", deck=DECK, loadout=kit)
    assert gain.source is ItemSource.SLOT
    assert gain.loadout.weapon_slots == (None,)
    assert gain.deck == DECK
    assert str(gain) == "gain Relic from a slot (Weapon Slot 0)"
    with pytest.raises(tc.RuleError, match="Corruption"):
        gain_item("Rot", deck=DECK, loadout=Loadout((ROT,), ()))


def test_gain_item_takes_the_unique_item_from_a_vendors_goods():
    vendor = Vendor("Mara", goods=(Item("Idol"), Item("Map")), prices=(3, 1))
    other = Vendor("Oz")
    gain = gain_item("Idol", deck=DECK, loadout=Loadout(), vendors=(other, vendor))
    assert gain.source is ItemSource.VENDOR
    assert gain.where == "Mara"
    assert gain.vendors[0] == other
    assert (names(gain.vendors[1].goods), gain.vendors[1].prices) == (["Map"], (1,))
    assert json_round_trip(gain) == gain


def test_gain_item_bad_input():
    with pytest.raises(tc.RuleError, match="nowhere"):
        gain_item("Crown", deck=DECK, loadout=Loadout())
    with pytest.raises(tc.InvalidInput, match="unique"):
        gain_item("Rope", deck=DECK, loadout=Loadout((ROPE,), ()))
    with pytest.raises(TypeError, match="vendors"):
        gain_item("Rope", deck=DECK, loadout=Loadout(), vendors="Mara")
    with pytest.raises(TypeError, match="name"):
        gain_item(3, deck=DECK, loadout=Loadout())


# -- d4 ⇩: return the card to its deck -----------------------------------------------------------


def test_a_d4_uses_stepping_down_returns_the_card_to_the_bottom_of_its_deck():
    flare = Item("Flare", uses="d4")
    kit = Loadout((flare,), ())
    gone = resolve_item_uses(kit, SlotKind.ITEM, 0, DECK, 2, printed_uses="d8")
    assert gone.returned
    assert gone.loadout.item_slots == (None,)
    assert gone.deck.cards[-1] == Item("Flare", uses="d8")  # back with its printed Uses die
    assert "return the card to its deck" in str(gone)
    kept = resolve_item_uses(kit, SlotKind.ITEM, 0, DECK, 3)
    assert (kept.returned, kept.deck, kept.loadout) == (False, DECK, kit)
    worn = roll_item_uses(Loadout((Item("Kit", uses="d6"),), ()), SlotKind.ITEM, 0, DECK, rng=tc.ScriptedDice([1]))
    assert worn.loadout.item_slots[0].uses is StepDie.D4
    assert worn.deck == DECK
    assert json_round_trip(gone) == gone
    with pytest.raises(tc.RuleError, match="Uses"):
        resolve_item_uses(Loadout((ROPE,), ()), SlotKind.ITEM, 0, DECK, 1)
    with pytest.raises(tc.RuleError, match="empty"):
        resolve_item_uses(Loadout((None,), ()), SlotKind.ITEM, 0, DECK, 1)
    with pytest.raises(tc.InvalidInput):
        resolve_item_uses(kit, SlotKind.ITEM, 0, DECK, 5)
    with pytest.raises(tc.InvalidInput, match="printed_uses"):
        roll_item_uses(kit, SlotKind.ITEM, 0, DECK, printed_uses="0", rng=tc.ScriptedDice([1]))


# -- the Journey with an Item Deck ---------------------------------------------------------------


def test_the_journey_returns_recycled_and_discarded_cards_to_its_item_deck():
    kit = Loadout((ROPE,), ())
    j = journey(wanderer=sheet(loadout=kit), item_deck=Deck((PIPE,)))
    step = apply(j, Choice(Act.RECYCLE, item_slot=0))
    assert names(step.journey.item_deck.cards) == ["Pipe", "Rope"]
    assert "Recycle Rope [Item], back to the Item Deck: Gear ⇧" in str(step)
    round_trip(step.journey)
    # Without a deck the old behaviour stands: the card just leaves the slot.
    assert apply(journey(wanderer=sheet(loadout=kit)), Choice(Act.RECYCLE, item_slot=0)).journey.item_deck is None
    # A gained card discarded goes to the bottom of the deck.
    scav = tc.residue.Token(tc.residue.TokenKind.NPC, tc.residue.Hex(0, 1), name="Scav")
    arrived = move_south(journey(scav, wanderer=sheet(loadout=kit), item_deck=Deck())).journey
    dropped = apply(arrived, Choice(Act.DISCARD_CARD)).journey
    assert names(dropped.item_deck.cards) == ["Pipe"]
    replaced = apply(arrived, Choice(Act.PLACE, item_slot=0)).journey  # Rope is replaced: discarded
    assert names(replaced.item_deck.cards) == ["Rope"]


def test_the_journey_returns_a_used_up_card_to_its_item_deck():
    gun = Item("Flare Gun", ItemType.WEAPON, uses="d4")
    j = journey(wanderer=sheet(loadout=Loadout((), (gun,))), item_deck=Deck())
    gone = apply(j, Choice(Act.ACTIVATE, weapon_slot=0), [1]).journey
    assert gone.item_deck.cards == (gun,)


def test_a_setup_and_journey_saved_before_decks_still_load():
    j = journey(setup=SETUP)
    data = json.loads(j.to_json())
    data.pop("item_deck", None)  # pop: optional keys, written only when not at their default
    data["setup"].pop("item_deck", None)
    for key in ("keywords", "framework", "skills"):
        data["wanderer"].pop(key, None)
    assert type(j).from_dict(data) == j
    assert JourneySetup.from_dict(data["setup"]) == SETUP


# -- properties ------------------------------------------------------------------------------------

CARDS = st.lists(
    st.builds(Item, st.sampled_from(["A", "B", "C", "D"]), st.sampled_from(list(ItemType))), max_size=12
).map(tuple)


@given(CARDS, st.integers(0, 14), st.integers(0, 14), st.none() | st.sampled_from(list(ItemType)))
def test_draw_choose_never_gains_or_loses_cards(cards, x, y, matching):
    deck = Deck(cards)
    if y > x:
        with pytest.raises(tc.InvalidInput):
            deck.draw_choose(x, y, matching=matching)
        assert deck.cards == cards  # unchanged after the error
        return
    draw = deck.draw_choose(x, y, matching=matching)
    assert Counter(draw.kept + draw.deck.cards) == Counter(cards)
    assert len(draw.kept) <= y
    assert all(matching is None or c.type is matching for c in draw.kept)
    assert draw.deck.cards[len(draw.deck.cards) - len(draw.bottomed) :] == draw.bottomed
    assert json_round_trip(draw) == draw


@given(CARDS, st.sampled_from(list(ItemType)), st.integers(0, 2**32 - 1))
def test_deck_operations_never_gain_or_lose_cards(cards, kind, seed):
    deck = Deck(cards)
    by_type = deck.draw_by_type(kind)
    assert Counter(by_type.kept + by_type.deck.cards) == Counter(cards)
    assert len(by_type.kept) == (1 if any(c.type is kind for c in cards) else 0)
    shuffled = deck.shuffled(rng=seed)
    assert Counter(shuffled.cards) == Counter(cards)
    assert shuffled == deck.shuffled(rng=seed)  # the same seed, the same order
    drawn = deck.draw(3)
    assert drawn.kept + drawn.deck.cards == cards
    assert deck.discard(ROPE).cards == (*cards, ROPE)
    assert json_round_trip(deck) == deck
    assert deck.cards == cards  # never changed in place


@given(CARDS, st.text(max_size=3))
def test_gain_item_moves_a_card_or_raises_and_changes_nothing(cards, name):
    deck = Deck(cards)
    before = deck.to_json()
    try:
        gain = gain_item(name, deck=deck, loadout=Loadout())
    except tc.TabletopError:
        assert sum(c.name == name for c in cards) != 1
    else:
        assert Counter(gain.deck.cards) + Counter([gain.item]) == Counter(cards)
    assert deck.to_json() == before


def test_shuffle_uses_only_its_rng():
    deck = Deck((ROPE, PIPE, LAMP))
    # Fisher-Yates: i=2 swaps with die 1 (position 0), i=1 swaps with die 2 (position 1).
    assert names(deck.shuffled(rng=tc.ScriptedDice([1, 2])).cards) == ["Lamp", "Pipe", "Rope"]
    assert Deck().shuffled(rng=tc.ScriptedDice([])) == Deck()


def test_deck_bad_input():
    with pytest.raises(TypeError, match="cards"):
        Deck(ROPE)
    with pytest.raises(TypeError, match=r"cards\[1\]"):
        Deck((ROPE, "Pipe"))
    with pytest.raises(tc.InvalidInput, match="n"):
        DECK.draw(-1)
    with pytest.raises(TypeError, match="card"):
        DECK.discard("Rope")
    with pytest.raises(tc.RuleError, match="Crown"):
        DECK.take("Crown")
    with pytest.raises(tc.InvalidInput, match="cards"):
        Deck((ROPE,) * 10_001)
