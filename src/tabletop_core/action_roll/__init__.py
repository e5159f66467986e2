"""Ironsworn: Starforged: the action roll, momentum, progress tracks, meters, impacts and the oracle.

>>> from tabletop_core import action_roll as ar
>>> str(ar.resolve_action(action_die=4, challenge_dice=(3, 8), stat=2))
'Action 4 + 2 = 6 vs 3 · 8 -> weak hit'
"""

from tabletop_core.action_roll.action import (
    MAX_ADDS,
    MAX_STAT,
    ActionResult,
    action_roll,
    burn_momentum,
    burn_would_improve,
    resolve_action,
)
from tabletop_core.action_roll.momentum import (
    MAX_IMPACTS,
    MAX_MOMENTUM,
    MIN_MOMENTUM,
    START_MOMENTUM,
    Momentum,
    max_momentum,
    momentum_reset,
)
from tabletop_core.action_roll.outcome import MAX_SCORE, OUTCOMES, Outcome

__all__ = [
    "MAX_ADDS",
    "MAX_IMPACTS",
    "MAX_MOMENTUM",
    "MAX_SCORE",
    "MAX_STAT",
    "MIN_MOMENTUM",
    "OUTCOMES",
    "START_MOMENTUM",
    "ActionResult",
    "Momentum",
    "Outcome",
    "action_roll",
    "burn_momentum",
    "burn_would_improve",
    "max_momentum",
    "momentum_reset",
    "resolve_action",
]
