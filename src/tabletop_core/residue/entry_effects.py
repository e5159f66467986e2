"""What following an Entry's line does (:class:`EntryEffect`), and applying it to the Wanderer.

An :class:`EntryEffect` is the caller's reading of a line's text: +X or -X HP,
Inventory steps, a Condition, Keywords gained and lost, Gain Item X, a deck shuffle,
Draw X. Choose Y. or Draw by Type, a Creature to Face, the next Entry, and "You may
continue your journey".
:func:`apply_entry_effect` applies the parts that touch the Wanderer; the cards,
the deck, the Creature and the next Entry are the Journey's.
The names are also importable from :mod:`tabletop_core.residue.entries`.

Examples:
    >>> str(EntryEffect(hp=-1, gain=("Marked",)))
    '-1 HP, Gain Keyword Marked, You may continue your journey'
    >>> str(EntryEffect(draw=3, keep=1, draw_type="Tool", continue_journey=False))
    'Draw 3 Tool. Choose 1.'
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

import attrs

from tabletop_core._fast import fast_replace as replace
from tabletop_core._frozen import frozen
from tabletop_core._names import parse_enum
from tabletop_core._record import Record
from tabletop_core._typed import check_fields
from tabletop_core._validate import check_int, check_one_line, check_type, clip, int_field, of_type, tuple_of
from tabletop_core.errors import InvalidInput
from tabletop_core.residue.conditions import Condition
from tabletop_core.residue.decks import MAX_CARDS
from tabletop_core.residue.healing import Healing, heal
from tabletop_core.residue.inventory import Inventory, InventoryKind
from tabletop_core.residue.items import ItemType
from tabletop_core.residue.wanderer import Wanderer

if TYPE_CHECKING:
    from tabletop_core.rng import RngLike

__all__ = ["EntryEffect", "EntryEffectResult", "apply_entry_effect"]


def _keywords(values: Iterable[Any]) -> tuple[str, ...]:  # Any: raw input, each item checked below
    result = tuple_of("keywords", values, str)
    for index, value in enumerate(result):
        if not value.strip():
            raise InvalidInput(f"keywords[{index}] must be a non-empty name, got {clip(value)}")
        check_one_line(f"keywords[{index}]", value)
    return result


def _inventory_steps(values: Iterable[Any]) -> tuple[tuple[InventoryKind, int], ...]:  # Any: raw input
    if isinstance(values, (str, bytes)) or not isinstance(values, Iterable):
        raise TypeError(f"inventory must be a sequence of (kind, steps), got {type(values).__name__}")
    result = []
    for index, pair in enumerate(values):
        if isinstance(pair, (str, bytes)) or not isinstance(pair, Iterable) or len(tuple(pair)) != 2:
            raise TypeError(f"inventory[{index}] must be a (kind, steps) pair, got {clip(pair)}")
        kind, steps = tuple(pair)
        result.append(
            (InventoryKind.parse(kind, name=f"inventory[{index}]"), check_int("steps", steps, low=-5, high=5))
        )
    return tuple(result)


def _condition(value: Any) -> Condition | None:  # Any: raw input, checked below
    return None if value is None else Condition.parse(value)


def _item_type(value: Any) -> ItemType | None:  # Any: raw input, checked below
    return None if value is None else parse_enum(ItemType, value, name="draw_type")


def _name(value: Any) -> str | None:  # Any: raw input, checked below
    if value is None:
        return None
    check_one_line("name", value)
    if not value.strip():
        raise InvalidInput("a name must not be blank")
    return str(value)


@frozen
class EntryEffect(Record):
    """What following an Entry's line or option does (the caller's reading of its text).

    Args:
        hp: +X HP (positive: recovered up to Max HP, Bleeding rolled) or -X HP (negative).
        inventory: Inventory ⇧ (positive steps) or ⇩ (negative) by kind.
        condition: A Condition gained (applied on the Wanderer at once).
        gain: Keywords gained (Gain Keyword).
        lose: Keywords lost (Lose Keyword).
        item: Gain Item X (from wherever it is): the player is offered to take it.
        shuffle: A deck the Entry lets the player shuffle (its name), offered as a choice.
        creature: A Creature of the bestiary to Face.
        go_to: The Entry to read next (``None``: none).
        continue_journey: "You may continue your journey": the Entry ends here.
        draw: Draw X. Choose Y.: X, the cards drawn from the Item Deck (0: none drawn).
        keep: ... Choose Y.: Y, the drawn cards the player keeps (at most *draw*); the rest
            go to the bottom.
        draw_type: With *draw*: only cards of this type are drawn (Draw X matching cards).
            Without: Draw by Type (reveal cards until one of this type; it is kept).
    """

    _optional_keys = ("draw", "keep", "draw_type")  # added after format 1: older saves lack them

    hp: int = int_field(low=-1000, high=1000, default=0)
    inventory: tuple[tuple[InventoryKind, int], ...] = attrs.field(default=(), converter=_inventory_steps)
    condition: Condition | None = attrs.field(default=None, converter=_condition)
    gain: tuple[str, ...] = attrs.field(default=(), converter=_keywords)
    lose: tuple[str, ...] = attrs.field(default=(), converter=_keywords)
    item: str | None = attrs.field(default=None, converter=_name)
    shuffle: str | None = attrs.field(default=None, converter=_name)
    creature: str | None = attrs.field(default=None, converter=_name)
    go_to: str | None = attrs.field(default=None, converter=_name)
    continue_journey: bool = attrs.field(default=True, validator=of_type(bool))
    # Defaults, so Entries saved before draws were read still load.
    draw: int = int_field(low=0, high=MAX_CARDS, default=0)
    keep: int = int_field(low=0, high=MAX_CARDS, default=0)
    draw_type: ItemType | None = attrs.field(default=None, converter=_item_type)

    def __attrs_post_init__(self) -> None:
        if self.keep > self.draw:
            raise InvalidInput(f"keep must be at most draw ({self.draw}) in Draw X. Choose Y., got {self.keep}")

    def __str__(self) -> str:
        parts = [f"{self.hp:+d} HP"] if self.hp else []
        parts += [f"{kind} {'⇧' if steps > 0 else '⇩'}{abs(steps)}" for kind, steps in self.inventory]
        parts += [f"gain {self.condition}"] if self.condition else []
        parts += [f"Gain Keyword {k}" for k in self.gain] + [f"Lose Keyword {k}" for k in self.lose]
        parts += [f"Gain Item {self.item}"] if self.item else []
        parts += [f"shuffle the {self.shuffle}"] if self.shuffle else []
        kind = f" {self.draw_type}" if self.draw_type else ""
        parts += [f"Draw {self.draw}{kind}. Choose {self.keep}."] if self.draw else []
        parts += [f"Draw by Type: {self.draw_type}"] if self.draw_type and not self.draw else []
        parts += [f"Face {self.creature}"] if self.creature else []
        parts += [f"go to Entry {self.go_to}"] if self.go_to else []
        parts += ["You may continue your journey"] if self.continue_journey and not self.go_to else []
        return ", ".join(parts) or "nothing happens"


@frozen
class EntryEffectResult(Record):
    """An :class:`EntryEffect` applied to the Wanderer (the parts that touch the sheet).

    Attributes:
        effect: The effect.
        healing: +X HP with Bleeding's roll (``None``: no +X HP).
        hp_lost: HP lost directly (-X HP).
        inventory: The Inventory before and after the steps (equal when none).
        refused: Steps that could not be taken (Resolve under Corruption).
        wanderer: The Wanderer after.
    """

    effect: EntryEffect
    healing: Healing | None
    hp_lost: int
    inventory: tuple[Inventory, Inventory]
    refused: tuple[str, ...]
    wanderer: Wanderer

    def __attrs_post_init__(self) -> None:
        check_fields(self)  # types from the annotations: a tampered save gets a TypeError naming the field

    def __str__(self) -> str:
        parts = [str(self.healing)] if self.healing is not None else []
        parts += [f"-{self.hp_lost} HP: {self.wanderer.health}"] if self.hp_lost else []
        before, after = self.inventory
        parts += [
            f"{kind} {before.die(kind)} -> {after.die(kind)}"
            for kind in InventoryKind
            if before.die(kind) is not after.die(kind)
        ]
        parts += [f"{self.effect.condition} gained"] if self.effect.condition else []
        parts += [f"Gain Keyword {k}" for k in self.effect.gain] + [f"Lose Keyword {k}" for k in self.effect.lose]
        parts += self.refused
        return "; ".join(parts) or "no change to the Wanderer"


def apply_entry_effect(wanderer: Wanderer, effect: EntryEffect, *, rng: RngLike = None) -> EntryEffectResult:
    """Apply the parts of *effect* that touch the Wanderer, in the order written.

    +X HP recovers HP and rolls Bleeding (:func:`~tabletop_core.residue.healing.heal`);
    -X HP is lost directly; Inventory steps (Resolve cannot normally be regained under
    Corruption: that step is refused and reported); the Condition is gained
    (:meth:`Wanderer.gain_condition`); Keywords lost, then gained. The Item, the
    shuffle, the Creature and the next Entry are the Journey's (they need its content).
    """
    check_type("wanderer", wanderer, Wanderer)
    check_type("effect", effect, EntryEffect)
    healing = None
    if effect.hp > 0:
        healing, wanderer = heal(wanderer, effect.hp, rng=rng)
    elif effect.hp < 0:
        wanderer = replace(wanderer, health=wanderer.health.lose(-effect.hp))
    before = inventory = wanderer.inventory
    refused = []
    for kind, steps in effect.inventory:
        for _ in range(abs(steps)):
            if steps < 0:
                inventory = inventory.step_down(kind)
            elif kind is InventoryKind.RESOLVE and inventory.corrupted:
                refused.append("Corruption: Resolve cannot normally be regained")
            else:
                inventory = inventory.step_up(kind)
    wanderer = wanderer.with_inventory(inventory)
    if effect.condition is not None:
        wanderer = wanderer.gain_condition(effect.condition)
    for keyword in effect.lose:
        wanderer = wanderer.lose_keyword(keyword)
    for keyword in effect.gain:
        wanderer = wanderer.gain_keyword(keyword)
    lost = -effect.hp if effect.hp < 0 else 0
    return EntryEffectResult(effect, healing, lost, (before, wanderer.inventory), tuple(refused), wanderer)
