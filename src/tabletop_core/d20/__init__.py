"""The d20 Stakes system: Tests against Stakes, Fortune/Misfortune, Contests and Conditions.

Examples:
    >>> from tabletop_core import d20
    >>> import tabletop_core as tc
    >>> print(d20.roll_test(stakes=d20.Stakes.MID, modifier=3, fortune="target Off Guard", kind="check",
    ...                     rng=tc.ScriptedDice([14, 4])))
    Check 14 + 3 + d6(4) = 21 · Mid Stakes -> Success (Fortune: target Off Guard)
"""

from tabletop_core.d20 import actions as actions  # submodules, for d20.actions and d20.events
from tabletop_core.d20 import events as events
from tabletop_core.d20.batch import OUTCOME_CODES, TestBatch, simulate_test
from tabletop_core.d20.conditions import (
    HOURS_PER_DAY,
    MINUTES_PER_HOUR,
    ROUNDS_PER_MINUTE,
    Condition,
    ConditionInstance,
    Conditions,
    Duration,
    Suppression,
    direct_implications,
    implied_conditions,
)
from tabletop_core.d20.contest import ContestResult, ContestRoll, Decider, Side, resolve_contest, roll_contest
from tabletop_core.d20.detection import Detection
from tabletop_core.d20.effect import Effect
from tabletop_core.d20.effects import CHECK_KINDS, combine_effects, effects_between, effects_on_test
from tabletop_core.d20.encounter import Combatant, Encounter, EncounterStep
from tabletop_core.d20.energy import Energy
from tabletop_core.d20.odds import MAX_TABLE_ROWS, actor_win_chance, contest_odds, odds_table, stakes_odds, total_odds
from tabletop_core.d20.stakes import Outcome, Stakes, classify
from tabletop_core.d20.test import (
    FATIGUE_LIMIT,
    GM,
    MODIFIER_LIMIT,
    AttackKind,
    Modifier,
    RolledTotal,
    TestEffects,
    TestKind,
    TestRoll,
    Trait,
    attack_trait,
    resolve_test,
    roll_test,
)
from tabletop_core.d20.tiers import (
    LEVELS_PER_TIER,
    MAX_LEVEL,
    MAX_TIER,
    TierUse,
    check_tier,
    levels_in_tier,
    tier_allows,
    tier_for_level,
)
from tabletop_core.d20.turns import (
    DEFAULT_ACTION_POINTS,
    SLOWED_ACTION_POINTS,
    Creature,
    EndAttempt,
    TurnEnd,
    TurnStart,
    action_points,
    resolve_doomed,
)

__all__ = [
    "CHECK_KINDS",
    "DEFAULT_ACTION_POINTS",
    "FATIGUE_LIMIT",
    "GM",
    "HOURS_PER_DAY",
    "LEVELS_PER_TIER",
    "MAX_LEVEL",
    "MAX_TABLE_ROWS",
    "MAX_TIER",
    "MINUTES_PER_HOUR",
    "MODIFIER_LIMIT",
    "OUTCOME_CODES",
    "ROUNDS_PER_MINUTE",
    "SLOWED_ACTION_POINTS",
    "AttackKind",
    "Combatant",
    "Condition",
    "ConditionInstance",
    "Conditions",
    "ContestResult",
    "ContestRoll",
    "Creature",
    "Decider",
    "Detection",
    "Duration",
    "Effect",
    "Encounter",
    "EncounterStep",
    "EndAttempt",
    "Energy",
    "Modifier",
    "Outcome",
    "RolledTotal",
    "Side",
    "Stakes",
    "Suppression",
    "TestBatch",
    "TestEffects",
    "TestKind",
    "TestRoll",
    "TierUse",
    "Trait",
    "TurnEnd",
    "TurnStart",
    "action_points",
    "actor_win_chance",
    "attack_trait",
    "check_tier",
    "classify",
    "combine_effects",
    "contest_odds",
    "direct_implications",
    "effects_between",
    "effects_on_test",
    "implied_conditions",
    "levels_in_tier",
    "odds_table",
    "resolve_contest",
    "resolve_doomed",
    "resolve_test",
    "roll_contest",
    "roll_test",
    "simulate_test",
    "stakes_odds",
    "tier_allows",
    "tier_for_level",
    "total_odds",
]
