"""The kinds of choice a Journey offers (:class:`Act`); each belongs to one kind of :class:`Choice`."""

from __future__ import annotations

from tabletop_core._enum import Enum


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
    KEEP_CARD = "keep a drawn card (Draw X. Choose Y.)"
    BARTER_PAY = "pay the Barter: ⊙ Tradeable Inventory"

    def __str__(self) -> str:
        return self.value
