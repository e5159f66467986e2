"""Ironsworn: Starforged: the action roll, momentum, progress tracks, meters, impacts and the oracle.

Examples:
    >>> from tabletop_core import action_roll as ar
    >>> str(ar.resolve_action(action_die=4, challenge_dice=(3, 8), stat=2))
    'Action 4 + 2 = 6 vs 3 · 8 -> weak hit'
"""

from typing import TYPE_CHECKING

from tabletop_core._lazy import lazy_attributes
from tabletop_core.action_roll.action import (
    ActionResult,
    action_roll,
    burn_momentum,
    burn_would_improve,
    resolve_action,
)
from tabletop_core.action_roll.asset_state import AssetCounter, AssetMeter, AssetState
from tabletop_core.action_roll.batch import ActionBatch, ProgressBatch, simulate_action, simulate_progress
from tabletop_core.action_roll.character import Challenge, PlayerCharacter, Stats, TrackKind, legacy_reward
from tabletop_core.action_roll.clocks import Clock
from tabletop_core.action_roll.crew import Crew
from tabletop_core.action_roll.impacts import Impact, ImpactGroup, Impacts, Meter
from tabletop_core.action_roll.meters import Character, ConditionMeter, Party
from tabletop_core.action_roll.momentum import (
    Momentum,
)
from tabletop_core.action_roll.odds import (
    action_match_odds,
    action_odds,
    odds_table,
    oracle_odds,
    progress_match_odds,
    progress_odds,
)
from tabletop_core.action_roll.oracle import (
    Odds,
    OracleAnswer,
    ask_the_oracle,
    oracle_roll,
    read_oracle_dice,
    resolve_oracle,
)
from tabletop_core.action_roll.outcome import Outcome
from tabletop_core.action_roll.play import (
    MoveResult,
    make_move,
    move_enhancements,
    move_odds,
    move_odds_each,
    move_options,
)
from tabletop_core.action_roll.play_changes import burn_move, momentum_reset_bonus, reroll_move
from tabletop_core.action_roll.progress import (
    Legacy,
    LegacyTrack,
    ProgressResult,
    ProgressTrack,
    Rank,
    experience,
    progress_roll,
    resolve_progress,
)
from tabletop_core.action_roll.reroll import RollChange, add_after, change_odds, reroll, resolve_reroll

if TYPE_CHECKING:
    from tabletop_core.action_roll import datasworn

# The Datasworn reader is imported on first use (``ar.datasworn``).
__getattr__, __dir__ = lazy_attributes(__name__, {"datasworn": ".datasworn"})

__all__ = [
    "ActionBatch",
    "ActionResult",
    "AssetCounter",
    "AssetMeter",
    "AssetState",
    "Challenge",
    "Character",
    "Clock",
    "ConditionMeter",
    "Crew",
    "Impact",
    "ImpactGroup",
    "Impacts",
    "Legacy",
    "LegacyTrack",
    "Meter",
    "Momentum",
    "MoveResult",
    "Odds",
    "OracleAnswer",
    "Outcome",
    "Party",
    "PlayerCharacter",
    "ProgressBatch",
    "ProgressResult",
    "ProgressTrack",
    "Rank",
    "RollChange",
    "Stats",
    "TrackKind",
    "action_match_odds",
    "action_odds",
    "action_roll",
    "add_after",
    "ask_the_oracle",
    "burn_momentum",
    "burn_move",
    "burn_would_improve",
    "change_odds",
    "datasworn",
    "experience",
    "legacy_reward",
    "make_move",
    "momentum_reset_bonus",
    "move_enhancements",
    "move_odds",
    "move_odds_each",
    "move_options",
    "odds_table",
    "oracle_odds",
    "oracle_roll",
    "progress_match_odds",
    "progress_odds",
    "progress_roll",
    "read_oracle_dice",
    "reroll",
    "reroll_move",
    "resolve_action",
    "resolve_oracle",
    "resolve_progress",
    "resolve_reroll",
    "simulate_action",
    "simulate_progress",
]
