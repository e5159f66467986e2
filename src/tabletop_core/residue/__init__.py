"""RESIDUE: the Success Table, step dice, Inventory, Luck, Endurance, Conditions and Actions.

Examples:
    >>> from tabletop_core import residue as rs
    >>> rs.stars(7), rs.StepDie.D4.down(), rs.StepDie.D12.up()
    (2, <StepDie.ZERO: 0>, <StepDie.D12: 12>)
"""

from tabletop_core.residue import journey
from tabletop_core.residue.actions import ActionResult, CommitResult, StarModifier, commit_action, resolve_action
from tabletop_core.residue.batch import InventoryBatch, StarsBatch, simulate_inventory, simulate_stars
from tabletop_core.residue.combat import (
    Creature,
    Encounter,
    Mutation,
    resolve_attack,
    resolve_pass,
    resolve_retaliation,
    resolve_run,
)
from tabletop_core.residue.conditions import Condition, ConditionRoll, Conditions, resolve_condition_roll
from tabletop_core.residue.death import Defeat, DefeatCause, check_defeat
from tabletop_core.residue.decks import (
    Deck,
    DeckDraw,
    ItemGain,
    ItemSource,
    ItemUseResult,
    gain_item,
    recycle_to_deck,
    resolve_item_uses,
    roll_item_uses,
)
from tabletop_core.residue.endurance import (
    ActionSlot,
    CommittedDie,
    Endurance,
    EnduranceDie,
    EnduranceStep,
    StrainCheck,
    check_strain,
)
from tabletop_core.residue.entries import (
    Entry,
    EntryCheck,
    EntryOption,
    EntryOutcome,
    Requirement,
    RequirementKind,
    requirements_met,
)
from tabletop_core.residue.hexmap import Direction, Hex, HexMap, Region, Tile
from tabletop_core.residue.hp import DamageResult, Health, resolve_damage
from tabletop_core.residue.hum import (
    DEFAULT_COMPASS,
    HumPlacement,
    hum_distance_odds,
    place_hum,
    reach_hum,
    resolve_hum_placement,
)
from tabletop_core.residue.inventory import (
    Inventory,
    InventoryKind,
    InventoryRoll,
    InventoryUse,
    resolve_inventory,
    roll_inventory,
)
from tabletop_core.residue.items import (
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
from tabletop_core.residue.luck import (
    LuckCheck,
    LuckForAction,
    LuckTest,
    check_luck,
    luck_for_action,
    luck_test,
    resolve_check_luck,
    resolve_luck_for_action,
    resolve_luck_test,
)
from tabletop_core.residue.odds import (
    LuckRow,
    action_odds,
    expected_rolls_to_zero,
    inventory_odds,
    luck_after_odds,
    luck_test_odds,
    star_odds,
)
from tabletop_core.residue.rest import RecoverAction, RestChoices, RestResult, rest
from tabletop_core.residue.stars import outcome, stars
from tabletop_core.residue.step_die import StepDie, roll_step_die
from tabletop_core.residue.tokens import Movement, Token, TokenKind, TokenResolution, move_tokens, token_resolution
from tabletop_core.residue.uses import UsesRoll, resolve_uses, roll_uses
from tabletop_core.residue.wanderer import Wanderer

# The Journey engine's own names (Journey, start_journey, CautiousPolicy, ...) live in
# residue.journey: `from tabletop_core.residue import journey`.
__all__ = [
    "DEFAULT_COMPASS",
    "ActionResult",
    "ActionSlot",
    "CommitResult",
    "CommittedDie",
    "Condition",
    "ConditionRoll",
    "Conditions",
    "Context",
    "Creature",
    "DamageResult",
    "Deck",
    "DeckDraw",
    "Defeat",
    "DefeatCause",
    "Direction",
    "Encounter",
    "Endurance",
    "EnduranceDie",
    "EnduranceStep",
    "Entry",
    "EntryCheck",
    "EntryOption",
    "EntryOutcome",
    "Health",
    "Hex",
    "HexMap",
    "HumPlacement",
    "Inventory",
    "InventoryBatch",
    "InventoryKind",
    "InventoryRoll",
    "InventoryUse",
    "Item",
    "ItemGain",
    "ItemSource",
    "ItemType",
    "ItemUseResult",
    "Loadout",
    "LuckCheck",
    "LuckForAction",
    "LuckRow",
    "LuckTest",
    "Movement",
    "Mutation",
    "RecoverAction",
    "Region",
    "Requirement",
    "RequirementKind",
    "RestChoices",
    "RestResult",
    "SlotKind",
    "StarModifier",
    "StarsBatch",
    "StepDie",
    "StrainCheck",
    "Tile",
    "Token",
    "TokenKind",
    "TokenResolution",
    "UsesRoll",
    "Vendor",
    "Wanderer",
    "action_odds",
    "barter",
    "check_defeat",
    "check_luck",
    "check_strain",
    "commit_action",
    "expected_rolls_to_zero",
    "gain_item",
    "hum_distance_odds",
    "inventory_odds",
    "journey",
    "luck_after_odds",
    "luck_for_action",
    "luck_test",
    "luck_test_odds",
    "move_tokens",
    "outcome",
    "place_hum",
    "reach_hum",
    "recycle_to_deck",
    "requirements_met",
    "resolve_action",
    "resolve_attack",
    "resolve_barter",
    "resolve_check_luck",
    "resolve_condition_roll",
    "resolve_damage",
    "resolve_hum_placement",
    "resolve_inventory",
    "resolve_item_uses",
    "resolve_luck_for_action",
    "resolve_luck_test",
    "resolve_pass",
    "resolve_retaliation",
    "resolve_run",
    "resolve_uses",
    "rest",
    "roll_inventory",
    "roll_item_uses",
    "roll_step_die",
    "roll_uses",
    "simulate_inventory",
    "simulate_stars",
    "star_odds",
    "stars",
    "switch_cost",
    "token_resolution",
]
