"""RESIDUE: the Success Table, step dice, Inventory, Luck, Endurance, Conditions and Actions.

Examples:
    >>> from tabletop_core import residue as rs
    >>> rs.stars(7), rs.StepDie.D4.down(), rs.StepDie.D12.up()
    (2, <StepDie.ZERO: 0>, <StepDie.D12: 12>)

The face keeps the names most programs use (about 60); the rarer ones stay in their modules
(``from tabletop_core.residue.decks import Deck``, or ``rs.decks.Deck``). The Journey engine is
``rs.journey`` (``from tabletop_core.residue import journey``), imported on first use.
"""

from typing import TYPE_CHECKING

from tabletop_core._lazy import lazy_attributes
from tabletop_core.residue.actions import ActionResult, CommitResult, commit_action, luck_after_commit, resolve_action
from tabletop_core.residue.batch import simulate_inventory, simulate_stars
from tabletop_core.residue.combat import Creature, Encounter, resolve_attack, resolve_run
from tabletop_core.residue.conditions import Condition, Conditions
from tabletop_core.residue.death import Defeat, DefeatCause
from tabletop_core.residue.endurance import ActionSlot, Endurance, EnduranceDie, StrainCheck, check_strain
from tabletop_core.residue.entries import Entry, EntryEffect, EntryOption, Requirement
from tabletop_core.residue.healing import heal
from tabletop_core.residue.hexmap import Direction, Hex, HexMap, Region
from tabletop_core.residue.hp import DamageResult, Health, resolve_damage
from tabletop_core.residue.inventory import Inventory, InventoryKind, InventoryRoll, resolve_inventory, roll_inventory
from tabletop_core.residue.items import Item, ItemType, Loadout, SlotKind
from tabletop_core.residue.luck import (
    LuckForAction,
    LuckTest,
    luck_for_action,
    luck_test,
    resolve_luck_test,
)
from tabletop_core.residue.odds import action_odds, inventory_odds, star_odds
from tabletop_core.residue.rest import RecoverAction, RestChoices, RestResult, RestStep, rest
from tabletop_core.residue.stars import outcome, stars
from tabletop_core.residue.step_die import StepDie, roll_step_die
from tabletop_core.residue.tokens import Token, TokenKind
from tabletop_core.residue.wanderer import Wanderer

__all__ = [
    "ActionResult",
    "ActionSlot",
    "CommitResult",
    "Condition",
    "Conditions",
    "Creature",
    "DamageResult",
    "Defeat",
    "DefeatCause",
    "Direction",
    "Encounter",
    "Endurance",
    "EnduranceDie",
    "Entry",
    "EntryEffect",
    "EntryOption",
    "Health",
    "Hex",
    "HexMap",
    "Inventory",
    "InventoryKind",
    "InventoryRoll",
    "Item",
    "ItemType",
    "Loadout",
    "LuckForAction",
    "LuckTest",
    "RecoverAction",
    "Region",
    "Requirement",
    "RestChoices",
    "RestResult",
    "RestStep",
    "SlotKind",
    "StepDie",
    "StrainCheck",
    "Token",
    "TokenKind",
    "Wanderer",
    "action_odds",
    "check_strain",
    "commit_action",
    "heal",
    "inventory_odds",
    "luck_after_commit",
    "luck_for_action",
    "luck_test",
    "outcome",
    "resolve_action",
    "resolve_attack",
    "resolve_damage",
    "resolve_inventory",
    "resolve_luck_test",
    "resolve_run",
    "rest",
    "roll_inventory",
    "roll_step_die",
    "simulate_inventory",
    "simulate_stars",
    "star_odds",
    "stars",
]

if TYPE_CHECKING:
    from tabletop_core.residue import hum as hum
    from tabletop_core.residue import journey as journey

# The Journey engine on first use: `import tabletop_core.residue` does not load it. The modules
# of the rarer names are attributes too (`rs.decks.Deck`), whichever the face happened to load
# (not `rest`: `rs.rest` is the Rest function).
__getattr__, __dir__ = lazy_attributes(
    __name__,
    {
        name: f".{name}"
        for name in (
            "actions",
            "batch",
            "combat",
            "conditions",
            "death",
            "decks",
            "endurance",
            "entries",
            "entry_effects",
            "healing",
            "hexmap",
            "hum",
            "inventory",
            "items",
            "journey",
            "luck",
            "odds",
            "requirements",
            "rest_log",
            "tokens",
            "uses",
        )
    },
)
