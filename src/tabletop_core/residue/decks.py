"""RESIDUE's card decks: Discard, Draw X. Choose Y., Draw by Type, Recycle, Gain Item X, Uses d4 ⇩.

A :class:`Deck` is an immutable ordered tuple of :class:`~tabletop_core.residue.items.Item`
cards, **top first**. Every operation returns a new deck together with what it
drew (a :class:`DeckDraw`); the deck it was called on is unchanged, and a
failing call raises and changes nothing. Shuffling happens only through
:meth:`Deck.shuffled` and its ``rng=``. The cards are the caller's data.

* **Discard**: place the card at the bottom of its deck (:meth:`Deck.discard`).
* **Recycle Item**: return it to the Item Deck, Gear ⇧ (:func:`recycle_to_deck`).
  The glossary does not say where in the deck it goes; like Discard, it goes to
  the bottom, so it is not drawn again at once.
* **Draw X. Choose Y.**: draw X matching cards, keep Y, place the rest at the
  bottom (:meth:`Deck.draw_choose`). Cards revealed that do not match are not
  drawn: they go to the bottom too, in the order revealed (as in Draw by Type).
  A deck with fewer than X matching cards gives what it has.
* **Draw by Type**: reveal cards until one of the required type turns up; the
  others go to the bottom in the order revealed (:meth:`Deck.draw_by_type`). A
  deck without that type gives nothing and keeps its order.
* **Gain Item X from wherever it is**: take that unique Item from the deck, a
  slot, or a Vendor's goods (:func:`gain_item`).
* **d4 ⇩ Return the card to its deck**: a Uses roll that steps a d4 down puts the
  card at the bottom of its deck (:func:`resolve_item_uses`).

Examples:
    >>> from tabletop_core.residue.items import Item, ItemType
    >>> deck = Deck((Item("Rope"), Item("Pipe", ItemType.WEAPON), Item("Lamp", ItemType.TOOL)))
    >>> draw = deck.draw_by_type(ItemType.TOOL)
    >>> [c.name for c in draw.kept], [c.name for c in draw.deck.cards]
    (['Lamp'], ['Rope', 'Pipe'])
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

import attrs

from tabletop_core._enum import Enum
from tabletop_core._frozen import frozen
from tabletop_core._record import Record
from tabletop_core._typed import check_fields
from tabletop_core._validate import check_int, check_type, clip, one_line
from tabletop_core.errors import InvalidInput, RuleError
from tabletop_core.residue.inventory import Inventory
from tabletop_core.residue.items import Item, ItemType, Loadout, SlotKind, Vendor
from tabletop_core.residue.step_die import DieLike, StepDie
from tabletop_core.residue.uses import UsesRoll, resolve_uses
from tabletop_core.rng import dice_source

if TYPE_CHECKING:
    from tabletop_core.rng import RngLike

__all__ = [
    "Deck",
    "DeckDraw",
    "ItemGain",
    "ItemSource",
    "ItemUseResult",
    "gain_item",
    "recycle_to_deck",
    "resolve_item_uses",
    "roll_item_uses",
]

MAX_CARDS = 10_000
"""A bound on a deck's size, so a typo cannot build a deck of a billion cards."""


def _cards(values: Iterable[Any]) -> tuple[Item, ...]:  # Any: raw input, each item checked below
    if isinstance(values, (str, bytes, Item)) or not isinstance(values, Iterable):
        raise TypeError(f"cards must be a sequence of Item, got {type(values).__name__}")
    result = tuple(values)
    if len(result) > MAX_CARDS:
        raise InvalidInput(f"cards must hold at most {MAX_CARDS} cards, got {len(result)}")
    for index, card in enumerate(result):
        check_type(f"cards[{index}]", card, Item)
    return result


def _names(cards: Iterable[Item]) -> str:
    return ", ".join(c.name for c in cards) or "nothing"


@frozen
class Deck(Record):
    """A deck of cards, top first.

    Args:
        cards: The cards, the top card first.
        name: The deck's name, for the log.
    """

    cards: tuple[Item, ...] = attrs.field(converter=_cards, default=())
    name: str = attrs.field(default="Item Deck", validator=one_line())

    def __len__(self) -> int:
        return len(self.cards)

    def shuffled(self, *, rng: RngLike = None) -> Deck:
        """The deck shuffled (Fisher-Yates, one die per card but the last)."""
        source = dice_source(rng)
        cards = list(self.cards)
        for i in range(len(cards) - 1, 0, -1):
            j = source.roll(i + 1) - 1
            cards[i], cards[j] = cards[j], cards[i]
        return attrs.evolve(self, cards=tuple(cards))

    def draw(self, n: int = 1) -> DeckDraw:
        """Draw the top *n* cards (fewer if the deck runs out).

        Raises:
            InvalidInput: *n* is negative or absurd.
        """
        n = check_int("n", n, low=0, high=MAX_CARDS)
        return DeckDraw(kept=self.cards[:n], bottomed=(), deck=attrs.evolve(self, cards=self.cards[n:]))

    def discard(self, card: Item) -> Deck:
        """Discard: place the card at the bottom of its deck."""
        check_type("card", card, Item)
        if len(self.cards) >= MAX_CARDS:
            raise InvalidInput(f"{self.name} already holds {MAX_CARDS} cards")
        return attrs.evolve(self, cards=(*self.cards, card))

    def find(self, name: str) -> int | None:
        """The position (0: top) of the card called *name*, or ``None``."""
        check_type("name", name, str)
        for index, card in enumerate(self.cards):
            if card.name == name:
                return index
        return None

    def take(self, name: str) -> tuple[Item, Deck]:
        """Take the card called *name* out of the deck, wherever it is.

        Raises:
            RuleError: no card has that name.
        """
        index = self.find(name)
        if index is None:
            raise RuleError(f"{clip(name)} is not in the {self.name}")
        return self.cards[index], attrs.evolve(self, cards=self.cards[:index] + self.cards[index + 1 :])

    def draw_choose(
        self,
        x: int,
        y: int,
        *,
        matching: ItemType | None = None,
        keep: Sequence[int] | None = None,
    ) -> DeckDraw:
        """Draw X. Choose Y.: draw X matching cards, keep Y, place the rest at the bottom.

        Args:
            x: How many cards to draw.
            y: How many to keep (at most *x*).
            matching: The type a card must have to be drawn (``None``: any card).
                Revealed cards of another type go to the bottom, in the order revealed.
            keep: Which drawn cards to keep (positions in the draw, 0 first);
                ``None``: the first Y. Must name min(Y, cards drawn) different cards.

        Returns:
            The kept cards, the cards placed at the bottom (in that order: first the
            revealed non-matching cards and the unkept drawn cards, in the order revealed)
            and the new deck.

        Raises:
            InvalidInput: *y* above *x*, or *keep* of the wrong size, repeated or out of range.
        """
        x = check_int("x", x, low=0, high=MAX_CARDS)
        y = check_int("y", y, low=0, high=x)
        if matching is not None:
            check_type("matching", matching, ItemType)
        drawn: list[int] = []
        revealed = 0
        for index, card in enumerate(self.cards):
            if len(drawn) == x:
                break
            revealed = index + 1
            if matching is None or card.type is matching:
                drawn.append(index)
        want = min(y, len(drawn))
        if keep is None:
            chosen = list(range(want))
        else:
            if isinstance(keep, (str, bytes)) or not isinstance(keep, Sequence):
                raise TypeError(f"keep must be a sequence of ints, got {type(keep).__name__}")
            chosen = [check_int(f"keep[{i}]", k, low=0, high=max(len(drawn) - 1, 0)) for i, k in enumerate(keep)]
            if len(chosen) != want or len(set(chosen)) != len(chosen):
                raise InvalidInput(f"keep must name {want} different drawn cards, got {list(keep)}")
        kept_positions = {drawn[k] for k in chosen}
        kept = tuple(self.cards[drawn[k]] for k in chosen)
        bottomed = tuple(c for i, c in enumerate(self.cards[:revealed]) if i not in kept_positions)
        deck = attrs.evolve(self, cards=self.cards[revealed:] + bottomed)
        return DeckDraw(kept=kept, bottomed=bottomed, deck=deck)

    def draw_by_type(self, type: ItemType) -> DeckDraw:
        """Draw by Type: reveal cards until one of *type*; place the others at the bottom.

        A deck with no card of *type* gives nothing; every card is revealed and
        placed at the bottom in order, so the deck's order is unchanged.
        """
        check_type("type", type, ItemType)
        for index, card in enumerate(self.cards):
            if card.type is type:
                others = self.cards[:index]
                deck = attrs.evolve(self, cards=self.cards[index + 1 :] + others)
                return DeckDraw(kept=(card,), bottomed=others, deck=deck)
        return DeckDraw(kept=(), bottomed=self.cards, deck=self)

    def __str__(self) -> str:
        top = f", top {self.cards[0].name}" if self.cards else ""
        return f"{self.name}: {len(self.cards)} cards{top}"


@frozen
class DeckDraw(Record):
    """What a deck operation drew, and the deck after.

    Attributes:
        kept: The cards drawn and kept, in order.
        bottomed: The cards placed at the bottom, in the order placed.
        deck: The deck after.
    """

    kept: tuple[Item, ...]
    bottomed: tuple[Item, ...]
    deck: Deck

    def __attrs_post_init__(self) -> None:
        check_fields(self)  # types from the annotations: a tampered save gets a TypeError naming the field

    def __str__(self) -> str:
        bottom = f"; to the bottom: {_names(self.bottomed)}" if self.bottomed else ""
        return f"{self.deck.name}: drew {_names(self.kept)}{bottom}"


def recycle_to_deck(
    loadout: Loadout, kind: SlotKind, index: int, inventory: Inventory, deck: Deck
) -> tuple[Loadout, Inventory, Deck]:
    """Recycle Item: the card in a slot returns to the Item Deck (at its bottom) and Gear ⇧.

    Raises:
        RuleError: the slot is empty or holds a Corruption card.
    """
    check_type("loadout", loadout, Loadout)
    check_type("deck", deck, Deck)
    card = loadout.get(kind, index)
    new_loadout, new_inventory = loadout.recycle(kind, index, inventory)
    assert card is not None  # Loadout.recycle refuses an empty slot
    return new_loadout, new_inventory, deck.discard(card)


class ItemSource(Enum):
    """Where a unique Item was when it was gained."""

    DECK = "the deck"
    SLOT = "a slot"
    VENDOR = "a Vendor's goods"
    NOWHERE = "nowhere in play"

    def __str__(self) -> str:
        return self.value


@frozen
class ItemGain(Record):
    """Gain Item X from wherever it is, explained.

    Attributes:
        item: The Item taken.
        source: Where it was.
        deck: The deck after.
        loadout: The Loadout after (the slot it was in, if any, is empty).
        vendors: The Vendors after (the Vendor that held it no longer does).
        where: The slot or the Vendor it came from (``""`` for the deck).
    """

    item: Item
    source: ItemSource
    deck: Deck
    loadout: Loadout
    vendors: tuple[Vendor, ...]
    where: str = ""

    def __attrs_post_init__(self) -> None:
        check_fields(self)  # types from the annotations: a tampered save gets a TypeError naming the field

    def __str__(self) -> str:
        place = f" ({self.where})" if self.where else ""
        return f"gain {self.item.name} from {self.source}{place}"


def gain_item(name: str, *, deck: Deck, loadout: Loadout, vendors: Sequence[Vendor] = ()) -> ItemGain:
    """Gain Item X from wherever it is: take that unique Item from its current location.

    Looks in the deck, the Item and Weapon Slots, and every Vendor's goods. The
    Item is unique: finding it in more than one place is bad input.

    Raises:
        RuleError: the Item is nowhere, or sits in a slot as a Corruption card
            (Corruption cannot normally be removed).
        InvalidInput: more than one card has that name.
    """
    check_type("name", name, str)
    check_type("deck", deck, Deck)
    check_type("loadout", loadout, Loadout)
    if isinstance(vendors, (str, bytes)) or not isinstance(vendors, Sequence):
        raise TypeError(f"vendors must be a sequence of Vendor, got {type(vendors).__name__}")
    for i, vendor in enumerate(vendors):
        check_type(f"vendors[{i}]", vendor, Vendor)
    places: list[tuple[ItemSource, str]] = []
    places += [(ItemSource.DECK, "")] * sum(1 for c in deck.cards if c.name == name)
    for kind in SlotKind:
        places += [(ItemSource.SLOT, f"{kind} {i}") for i, c in enumerate(loadout.slots(kind)) if c and c.name == name]
    for vendor in vendors:
        places += [(ItemSource.VENDOR, vendor.name)] * sum(1 for g in vendor.goods if g.name == name)
    if not places:
        raise RuleError(f"{clip(name)} is nowhere: not in the {deck.name}, a slot, or a Vendor's goods")
    if len(places) > 1:
        raise InvalidInput(f"{clip(name)} must be unique, found it {len(places)} times")
    source, where = places[0]
    new_vendors = tuple(vendors)
    if source is ItemSource.DECK:
        item, deck = deck.take(name)
    elif source is ItemSource.SLOT:
        kind = SlotKind.ITEM if where.startswith(str(SlotKind.ITEM)) else SlotKind.WEAPON
        index = int(where.rsplit(" ", 1)[1])
        found = loadout.get(kind, index)
        assert found is not None
        item, loadout = found, loadout.put(kind, index, None)  # put refuses a Corruption card
    else:
        vendor = next(v for v in vendors if v.name == where)
        at = next(i for i, g in enumerate(vendor.goods) if g.name == name)
        item = vendor.goods[at]
        prices = vendor.prices[:at] + vendor.prices[at + 1 :] if vendor.prices else ()
        changed = attrs.evolve(vendor, goods=vendor.goods[:at] + vendor.goods[at + 1 :], prices=prices)
        new_vendors = tuple(changed if v is vendor else v for v in vendors)
    return ItemGain(item=item, source=source, deck=deck, loadout=loadout, vendors=new_vendors, where=where)


@frozen
class ItemUseResult(Record):
    """An Item's Uses roll from a slot, with the card returned to its deck on d4 ⇩.

    Attributes:
        roll: The Uses roll.
        loadout: The Loadout after (the slot is empty when the card went back).
        deck: The deck after (the card at its bottom when it went back).
    """

    _derived: ClassVar[tuple[str, ...]] = ("returned",)

    roll: UsesRoll
    loadout: Loadout
    deck: Deck

    def __attrs_post_init__(self) -> None:
        check_fields(self)  # types from the annotations: a tampered save gets a TypeError naming the field

    @property
    def returned(self) -> bool:
        """d4 ⇩: the card went back to its deck."""
        return self.roll.returned

    def __str__(self) -> str:
        return str(self.roll) + (f" ({self.deck.name})" if self.returned else "")


def resolve_item_uses(
    loadout: Loadout,
    kind: SlotKind,
    index: int,
    deck: Deck,
    value: int,
    *,
    printed_uses: DieLike | None = None,
) -> ItemUseResult:
    """Read the Uses roll of the card in a slot; a d4 stepping down returns it to its deck.

    Args:
        loadout: The Item and Weapon Slots.
        kind: The slot's kind.
        index: The slot.
        deck: The card's deck.
        value: The Uses die's Value.
        printed_uses: The Uses die printed on the card: a card going back to its deck
            is reset to it (``None``: it goes back with the d4 it was rolled with).

    Raises:
        RuleError: the slot is empty or the card has no Uses die.
    """
    check_type("loadout", loadout, Loadout)
    check_type("deck", deck, Deck)
    card = loadout.get(kind, index)
    if card is None:
        raise RuleError(f"{kind} {index} is empty: nothing to activate")
    if card.uses.is_zero:
        raise RuleError(f"{card.name} has no Uses die")
    printed = card.uses if printed_uses is None else StepDie.parse(printed_uses, name="printed_uses")
    if printed.is_zero:
        raise InvalidInput("printed_uses must be a die, got 0")
    roll = resolve_uses(card.uses, value)
    if roll.returned:
        return ItemUseResult(roll, loadout.put(kind, index, None), deck.discard(attrs.evolve(card, uses=printed)))
    return ItemUseResult(roll, loadout.put(kind, index, attrs.evolve(card, uses=roll.after)), deck)


def roll_item_uses(
    loadout: Loadout,
    kind: SlotKind,
    index: int,
    deck: Deck,
    *,
    printed_uses: DieLike | None = None,
    rng: RngLike = None,
) -> ItemUseResult:
    """Roll the Uses die of the card in a slot (see :func:`resolve_item_uses`)."""
    check_type("loadout", loadout, Loadout)
    check_type("deck", deck, Deck)
    card = loadout.get(kind, index)
    if card is None or card.uses.is_zero:
        raise RuleError(f"{kind} {index} holds no card with a Uses die")
    if printed_uses is not None and StepDie.parse(printed_uses, name="printed_uses").is_zero:
        raise InvalidInput("printed_uses must be a die, got 0")
    source = dice_source(rng)
    return resolve_item_uses(loadout, kind, index, deck, source.roll(card.uses.sides), printed_uses=printed_uses)
