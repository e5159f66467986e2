"""The d20 Stakes system: Tests against Stakes, Fortune/Misfortune, Contests and Conditions.

Examples:
    >>> from tabletop_core import d20
    >>> import tabletop_core as tc
    >>> print(d20.roll_test(stakes=d20.Stakes.MID, modifier=3, fortune="target Off Guard", kind="check",
    ...                     rng=tc.ScriptedDice([14, 4])))
    Check 14 + 3 + d6(4) = 21 · Mid Stakes -> Success (Fortune: target Off Guard)
"""

from typing import TYPE_CHECKING

from tabletop_core._lazy import lazy_attributes
from tabletop_core.d20.abilities import AttackProfile
from tabletop_core.d20.batch import TestBatch, simulate_test
from tabletop_core.d20.conditions import (
    Condition,
    ConditionImplications,
    ConditionInstance,
    Conditions,
    Duration,
    Suppression,
    implied_conditions,
)
from tabletop_core.d20.contest import ContestResult, ContestRoll, Side, resolve_contest, roll_contest
from tabletop_core.d20.detection import Detection
from tabletop_core.d20.effect import Effect
from tabletop_core.d20.effects import effects_between, effects_on_test
from tabletop_core.d20.energy import Energy
from tabletop_core.d20.odds import contest_odds, odds_table, stakes_odds, total_odds
from tabletop_core.d20.senses import Sense
from tabletop_core.d20.space import Metric, Space, check_reach
from tabletop_core.d20.stakes import Outcome, Stakes, classify
from tabletop_core.d20.test import (
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
    tier_for_level,
)
from tabletop_core.d20.turns import (
    Creature,
    EndAttempt,
    TurnEnd,
    TurnStart,
    action_points,
    resolve_doomed,
)

if TYPE_CHECKING:
    from tabletop_core.d20 import actions as actions  # submodules, for d20.actions and d20.events
    from tabletop_core.d20 import events as events
    from tabletop_core.d20.encounter import Combatant, Encounter, EncounterStep, Thing
    from tabletop_core.d20.policies import AttackNearest, AttackWeakest, FocusFire, Policy
    from tabletop_core.d20.simulate import simulate_encounter
    from tabletop_core.d20.simulation import EncounterSimulation

# The encounter engine on first use: a Test, a Contest or their odds do not load it (a bot's
# cold start). Its names are the face's all the same (`d20.Encounter`, `d20.actions.Attack`).
__getattr__, __dir__ = lazy_attributes(
    __name__,
    {
        "actions": ".actions",
        "events": ".events",
        **dict.fromkeys(("Combatant", "Encounter", "EncounterStep", "Thing"), ".encounter"),
        **dict.fromkeys(("AttackNearest", "AttackWeakest", "FocusFire", "Policy"), ".policies"),
        "simulate_encounter": ".simulate",
        "EncounterSimulation": ".simulation",
    },
)

__all__ = [
    "AttackKind",
    "AttackNearest",
    "AttackProfile",
    "AttackWeakest",
    "Combatant",
    "Condition",
    "ConditionImplications",
    "ConditionInstance",
    "Conditions",
    "ContestResult",
    "ContestRoll",
    "Creature",
    "Detection",
    "Duration",
    "Effect",
    "Encounter",
    "EncounterSimulation",
    "EncounterStep",
    "EndAttempt",
    "Energy",
    "FocusFire",
    "Metric",
    "Modifier",
    "Outcome",
    "Policy",
    "RolledTotal",
    "Sense",
    "Side",
    "Space",
    "Stakes",
    "Suppression",
    "TestBatch",
    "TestEffects",
    "TestKind",
    "TestRoll",
    "Thing",
    "Trait",
    "TurnEnd",
    "TurnStart",
    "action_points",
    "attack_trait",
    "check_reach",
    "classify",
    "contest_odds",
    "effects_between",
    "effects_on_test",
    "implied_conditions",
    "odds_table",
    "resolve_contest",
    "resolve_doomed",
    "resolve_test",
    "roll_contest",
    "roll_test",
    "simulate_encounter",
    "simulate_test",
    "stakes_odds",
    "tier_for_level",
    "total_odds",
]
