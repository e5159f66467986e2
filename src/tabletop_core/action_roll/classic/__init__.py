"""Ironsworn (Classic): debilities, experience, bonds and its own progress kinds, on the shared action roll.

Classic shares Starforged's engine (the action roll, momentum's range and burn, the
progress roll; :mod:`tabletop_core.action_roll`) and differs where its rulebook
does: debilities instead of impacts, experience marked by vows and spent to
advance, a bonds track, vows / journeys / fights (and Delve's sites) as its kinds
of track, and an Ask the Oracle that answers yes on a roll over the odds. Load the
data with ``datasworn.load("classic.json")`` (and Delve with it).

Examples:
    >>> from tabletop_core.action_roll import Stats
    >>> from tabletop_core.action_roll.classic import ClassicCharacter, Debility
    >>> hero = ClassicCharacter(Stats(edge=3, heart=2, iron=2, shadow=1, wits=1)).mark_debility(Debility.SHAKEN)
    >>> hero.max_momentum, hero.momentum_reset
    (9, 1)
"""

from typing import TYPE_CHECKING

from tabletop_core._lazy import lazy_attributes
from tabletop_core.action_roll.classic.character import ClassicCharacter
from tabletop_core.action_roll.classic.debilities import Debilities, Debility, DebilityGroup
from tabletop_core.action_roll.classic.moves import classic_move_odds, make_classic_move
from tabletop_core.action_roll.classic.oracle import (
    ClassicOracleAnswer,
    ask_the_oracle_classic,
    classic_oracle_odds,
    resolve_classic_oracle,
    yes_from,
)
from tabletop_core.action_roll.classic.tracks import (
    ADVANCE_NEW_ASSET,
    ADVANCE_UPGRADE,
    FAILURE_TRACK_READY,
    Bonds,
    ClassicChallenge,
    ClassicTrackKind,
    Experience,
    FailureTrack,
    classic_reward,
    continue_after_miss,
    failure_reward,
    vow_experience,
)
from tabletop_core.action_roll.next_move import NextMoveAdd, next_move_add

if TYPE_CHECKING:
    from tabletop_core.action_roll.classic.batch import RewardBatch, reward_odds, simulate_rewards

# The rewards' batch and odds share a module with numpy's arrays: imported on first use, so the
# Classic rules (and every `tabletop` command, which registers them) start without numpy.
__getattr__, __dir__ = lazy_attributes(
    __name__, dict.fromkeys(("RewardBatch", "reward_odds", "simulate_rewards"), ".batch")
)

__all__ = [
    "ADVANCE_NEW_ASSET",
    "ADVANCE_UPGRADE",
    "FAILURE_TRACK_READY",
    "Bonds",
    "ClassicChallenge",
    "ClassicCharacter",
    "ClassicOracleAnswer",
    "ClassicTrackKind",
    "Debilities",
    "Debility",
    "DebilityGroup",
    "Experience",
    "FailureTrack",
    "NextMoveAdd",
    "RewardBatch",
    "ask_the_oracle_classic",
    "classic_move_odds",
    "classic_oracle_odds",
    "classic_reward",
    "continue_after_miss",
    "failure_reward",
    "make_classic_move",
    "next_move_add",
    "resolve_classic_oracle",
    "reward_odds",
    "simulate_rewards",
    "vow_experience",
    "yes_from",
]
