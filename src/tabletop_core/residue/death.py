"""RESIDUE's Death: the four ways a Wanderer is defeated, each reported with its cause.

You are defeated if:

1. HP reaches 0 (:attr:`DefeatCause.HP`);
2. you must Commit and have no Endurance dice available or recoverable
   (:attr:`DefeatCause.NO_DICE`);
3. during Check Strain your Strain is at 3x your Strain Threshold (or past it)
   (:attr:`DefeatCause.STRAIN`);
4. all Endurance dice are banished (:attr:`DefeatCause.BANISHED`), which also
   covers Strain Payoff's "Cannot Banish".

Examples:
    >>> str(check_defeat(hp=0))
    'Defeated: HP reached 0'
    >>> check_defeat(hp=3, strain=9, strain_threshold=3).cause
    <DefeatCause.STRAIN: 'Strain at 3x the Strain Threshold'>
"""

from __future__ import annotations

import attrs

from tabletop_core._enum import Enum
from tabletop_core._frozen import frozen
from tabletop_core._record import Record
from tabletop_core._validate import check_int, int_field, of_type, one_line

__all__ = ["STRAIN_DEFEAT_MULTIPLE", "Defeat", "DefeatCause", "check_defeat"]

STRAIN_DEFEAT_MULTIPLE = 3
"""Check Strain defeats at this multiple of the Strain Threshold."""


class DefeatCause(Enum):
    """Why a Wanderer was defeated."""

    HP = "HP reached 0"
    NO_DICE = "had to Commit with no Endurance dice available or recoverable"
    STRAIN = "Strain at 3x the Strain Threshold"
    BANISHED = "all Endurance dice banished"

    def __str__(self) -> str:
        return self.value


@frozen
class Defeat(Record):
    """A defeat and its cause.

    Attributes:
        cause: Which of the four ways.
        detail: What happened, for the log (free text).
        day: The day it happened on (0 when not tracked).
    """

    cause: DefeatCause = attrs.field(validator=of_type(DefeatCause))
    detail: str = attrs.field(default="", validator=one_line())
    day: int = int_field(low=0, default=0)

    def __str__(self) -> str:
        day = f" on day {self.day}" if self.day else ""
        detail = f" ({self.detail})" if self.detail else ""
        return f"Defeated{day}: {self.cause}{detail}"


def check_defeat(
    *,
    hp: int | None = None,
    must_commit: bool = False,
    dice_available: int | None = None,
    dice_committed: int | None = None,
    strain: int | None = None,
    strain_threshold: int | None = None,
    dice_unbanished: int | None = None,
) -> Defeat | None:
    """Check the four ways to be defeated against whatever the caller knows; ``None`` if none applies.

    Args:
        hp: Current HP (0 is defeat).
        must_commit: Whether a Commit is required right now.
        dice_available: Endurance dice in the Endurance Pool.
        dice_committed: Committed dice that could be recovered.
        strain: Current Strain; checked only with *strain_threshold* (pass
            them during Check Strain only: Strain is checked nowhere else).
        strain_threshold: The Strain Threshold.
        dice_unbanished: Endurance dice not banished (0 is defeat).

    Returns:
        The first cause that applies, in the glossary's order, or ``None``.
    """
    if hp is not None and check_int("hp", hp, low=0) == 0:
        return Defeat(DefeatCause.HP)
    if not isinstance(must_commit, bool):
        raise TypeError(f"must_commit must be a bool, got {type(must_commit).__name__}")
    if must_commit:
        available = check_int("dice_available", dice_available if dice_available is not None else 0, low=0)
        committed = check_int("dice_committed", dice_committed if dice_committed is not None else 0, low=0)
        if available == 0 and committed == 0:
            return Defeat(DefeatCause.NO_DICE)
    if strain is not None or strain_threshold is not None:
        if strain is None or strain_threshold is None:
            raise TypeError("strain and strain_threshold must be given together")
        strain = check_int("strain", strain, low=0)
        threshold = check_int("strain_threshold", strain_threshold, low=1)
        if strain >= STRAIN_DEFEAT_MULTIPLE * threshold:
            return Defeat(DefeatCause.STRAIN, f"Strain {strain} >= 3 x {threshold}")
    if dice_unbanished is not None and check_int("dice_unbanished", dice_unbanished, low=0) == 0:
        return Defeat(DefeatCause.BANISHED)
    return None
