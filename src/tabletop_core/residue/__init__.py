"""RESIDUE: the Success Table, step dice, Inventory, Luck, Endurance, Conditions and Actions.

>>> from tabletop_core import residue as rs
>>> rs.stars(7), rs.StepDie.D4.down(), rs.StepDie.D12.up()
(2, <StepDie.ZERO: 0>, <StepDie.D12: 12>)
"""

from tabletop_core.residue.actions import ActionResult, CommitResult, StarModifier, commit_action, resolve_action
from tabletop_core.residue.batch import InventoryBatch, StarsBatch, simulate_inventory, simulate_stars
from tabletop_core.residue.conditions import Condition, ConditionRoll, Conditions, resolve_condition_roll
from tabletop_core.residue.endurance import (
    ActionSlot,
    CommittedDie,
    Endurance,
    EnduranceDie,
    EnduranceStep,
    StrainCheck,
    check_strain,
)
from tabletop_core.residue.inventory import (
    Inventory,
    InventoryKind,
    InventoryRoll,
    InventoryUse,
    resolve_inventory,
    roll_inventory,
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
from tabletop_core.residue.stars import STAR, SUCCESS_TABLE, outcome, render_stars, stars
from tabletop_core.residue.step_die import StepDie, roll_step_die
from tabletop_core.residue.uses import UsesRoll, resolve_uses, roll_uses

__all__ = [
    "STAR",
    "SUCCESS_TABLE",
    "ActionResult",
    "ActionSlot",
    "CommitResult",
    "CommittedDie",
    "Condition",
    "ConditionRoll",
    "Conditions",
    "Endurance",
    "EnduranceDie",
    "EnduranceStep",
    "Inventory",
    "InventoryBatch",
    "InventoryKind",
    "InventoryRoll",
    "InventoryUse",
    "LuckCheck",
    "LuckForAction",
    "LuckRow",
    "LuckTest",
    "StarModifier",
    "StarsBatch",
    "StepDie",
    "StrainCheck",
    "UsesRoll",
    "action_odds",
    "check_luck",
    "check_strain",
    "commit_action",
    "expected_rolls_to_zero",
    "inventory_odds",
    "luck_after_odds",
    "luck_for_action",
    "luck_test",
    "luck_test_odds",
    "outcome",
    "render_stars",
    "resolve_action",
    "resolve_check_luck",
    "resolve_condition_roll",
    "resolve_inventory",
    "resolve_luck_for_action",
    "resolve_luck_test",
    "resolve_uses",
    "roll_inventory",
    "roll_step_die",
    "roll_uses",
    "simulate_inventory",
    "simulate_stars",
    "star_odds",
    "stars",
]
