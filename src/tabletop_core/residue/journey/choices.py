"""The choices a Journey offers: what kind (:class:`Act`) and its details (:class:`Choice`)."""

from __future__ import annotations

import attrs

from tabletop_core._enum import Enum
from tabletop_core._record import Record
from tabletop_core._typed import check_fields
from tabletop_core.residue.hexmap import Direction
from tabletop_core.residue.inventory import InventoryKind
from tabletop_core.residue.rest import (
    RestChoices,
)
from tabletop_core.residue.step_die import StepDie


class Act(Enum):
    """The kinds of choice."""

    COMMIT_MOVE = "Commit Move for Travel"
    MOVE = "move one Hex"
    END_TRAVEL = "End Travel"
    ATTACK = "Commit Attack"
    PASS = "Pass"
    RUN = "Run (Commit Move)"
    DEFEND = "Commit Defense"
    NO_DEFENSE = "take the blow"
    ESCAPE_TO = "Escape to an adjacent Hex"
    RECOVER = "gain 1 Strain to Recover committed dice"
    REROLL = "gain 1 Strain to Reroll the Endurance Pool"
    TRAVEL = "return to the Travel Phase"
    REST = "Rest"
    PAY = "pay 1 Strain: ⊙ Inventory"
    STOP_PAYING = "stop paying Strain"
    BANISH = "No Inventory: banish an Endurance die"
    HEAL = "⊙ Food or Water: +1 HP"
    PANIC_ROLL = "⊙ Inventory instead, then roll Panic"
    FATIGUE_ROLL = "⊙ Inventory instead, then roll Fatigue"
    END_REST = "end Recover HP: Check Luck, Start Day"
    SWITCH = "Switch Items between an Item Slot and a Weapon Slot"
    BARTER = "Barter for a Vendor's good"
    LEAVE = "leave the Vendor"
    FAST_TRAVEL = "Fast Travel to another Portal"
    MEET = "meet (an optional Encounter)"
    GO_ON = "go on without the optional Encounters"
    PLACE = "put the gained card in a slot"
    DISCARD_CARD = "discard the gained card"
    RECYCLE = "Recycle an Item: Gear ⇧"
    ACTIVATE = "activate an Item (roll its Uses)"
    LUCK = "⊙ Luck for the Action"
    NO_LUCK = "resolve the Action without Luck"
    OPTION = "choose an Entry's option"
    COMMIT_SKILL = "Commit Skill"
    GAIN_ITEM = "Gain Item X (from wherever it is)"
    LEAVE_ITEM = "leave the Item"
    SHUFFLE = "shuffle the deck"
    NO_SHUFFLE = "leave the deck as it is"

    def __str__(self) -> str:
        return self.value


@attrs.frozen
class Choice(Record):
    """One choice the rules give the player.

    Positions (``die``, ``target``, the slots) are indexes from 0; ``str()`` shows them
    from 1, as players count (``Commit Attack enemy 1 die 2``).

    Attributes:
        act: What kind of choice.
        die: The Endurance Pool position to Commit (``None`` with an empty pool:
            No Dice Available is resolved first).
        luck: ⊙ Luck once for the Action.
        target: The enemy attacked; the Token met or Fast Travelled to; the Vendor's good.
        direction: The direction moved.
        rest: For a whole Rest at once, its choices (:class:`~tabletop_core.residue.rest.RestChoices`);
            ``None`` rests one choice at a time (Strain Payoff, Recover HP).
        kind: The Inventory to roll (Strain Payoff, Recover HP).
        banish: The size of Endurance die to banish (Strain Payoff with no Inventory).
        item_slot: The Item Slot of a switch, a Recycle or a gained card.
        weapon_slot: The Weapon Slot of a switch, a Recycle or a gained card.
        dice: Which dice a Reroll (Endurance Pool positions) or a Recover (positions in
            ``endurance.committed``) takes: any non-empty subset. ``None``: all of them.
            :meth:`Journey.choices` offers each of these two once, with ``dice=None``;
            :meth:`Journey.apply` takes it with any subset.
    """

    act: Act
    die: int | None = None
    luck: bool = False
    target: int | None = None
    direction: Direction | None = None
    rest: RestChoices | None = None
    kind: InventoryKind | None = None
    banish: StepDie | None = None
    item_slot: int | None = None
    weapon_slot: int | None = None
    dice: tuple[int, ...] | None = None  # last, so positional Choice(act, die, luck, target) stays

    def __attrs_post_init__(self) -> None:
        check_fields(self)  # types from the annotations: a tampered save gets a TypeError naming the field
        # The positions (die, target, item_slot, weapon_slot) are free on purpose: a Choice is a
        # request, and Journey.apply refuses one the Journey does not offer with a RuleError.

    def __str__(self) -> str:
        parts = [str(self.act)]
        if self.kind is not None:
            parts.append(str(self.kind))
        if self.banish is not None:
            parts.append(str(self.banish))
        if self.act is Act.SWITCH:
            parts.append(f"Item Slot {_shown(self.item_slot)} <-> Weapon Slot {_shown(self.weapon_slot)}")
        elif self.item_slot is not None:
            parts.append(f"Item Slot {_shown(self.item_slot)}")
        elif self.weapon_slot is not None:
            parts.append(f"Weapon Slot {_shown(self.weapon_slot)}")
        if self.target is not None:
            label = {Act.ATTACK: "enemy", Act.BARTER: "good"}.get(self.act, "Token")
            parts.append(f"{label} {_shown(self.target)}")
        if self.die is not None:
            parts.append(f"die {_shown(self.die)}")
        if self.luck:
            parts.append("with Luck")
        if self.direction is not None:
            parts.append(str(self.direction))
        if self.dice is not None:
            parts.append("dice " + ", ".join(f"#{i + 1}" for i in self.dice))
        return " ".join(parts)


def _shown(position: int | None) -> str:
    """A position as players count it, from 1 (the field keeps the index from 0)."""
    return "?" if position is None else str(position + 1)
