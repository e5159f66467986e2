"""Ironsworn: Delve's rarities: Wield a Rarity rolls the rarity die in place of the action die.

From the move, as the Datasworn Delve data gives it:

    When you make a move aided by an augmented asset, roll your rarity die in place
    of your action die. On any result with 6 showing on the rarity die, the power of
    the rarity manifests in a dramatic and obvious way. You score an automatic strong
    hit and take +1 momentum. On a hit with 5 showing on the rarity die, the power of
    the rarity manifests in a subtle way. Take +1 momentum. On a miss with 1 showing
    on the rarity die, the rarity's power fails or works against you.

Readings: the rarity die is a d6, as the action die it stands in for; it is the action
die in every other way (stat and adds are added to it, negative momentum equal to it
cancels it). A rarity is bought with experience (:class:`~tabletop_core.action_roll.datasworn.Rarity`
gives its cost and the asset it augments); whether a move is aided by that asset is the
player's call.

Examples:
    >>> from tabletop_core.action_roll.rarities import resolve_rarity_roll
    >>> print(resolve_rarity_roll(rarity_die=6, challenge_dice=(9, 10), stat=2))
    Rarity die 6 + 2 = 8 vs 9 · 10 -> strong hit (automatic: the rarity's power manifests); +1 momentum
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, ClassVar

import attrs

from tabletop_core._frozen import frozen
from tabletop_core._record import Record
from tabletop_core._validate import of_type
from tabletop_core.action_roll.action import ActionResult, resolve_action
from tabletop_core.action_roll.meters import ConditionMeter
from tabletop_core.action_roll.momentum import Momentum
from tabletop_core.action_roll.outcome import Outcome
from tabletop_core.odds import Distribution
from tabletop_core.rng import dice_source

if TYPE_CHECKING:
    from tabletop_core.rng import RngLike  # the alias imports numpy at run time: annotations only

__all__ = ["RARITY_DIE_SIDES", "RarityRoll", "rarity_odds", "resolve_rarity_roll", "wield_a_rarity"]

RARITY_DIE_SIDES = 6
"""The rarity die: a d6, as the action die it stands in for."""


@frozen
class RarityRoll(Record):
    """Wield a Rarity made: the action roll with the rarity die as its action die, and what the die's face adds.

    Attributes:
        action: The action roll, its action die the rarity die.
    """

    _derived: ClassVar[tuple[str, ...]] = ("rarity_die", "outcome", "momentum", "backfires")

    action: ActionResult = attrs.field(validator=of_type(ActionResult))

    @property
    def rarity_die(self) -> int:
        """The rarity die's face."""
        return self.action.action_die

    @property
    def outcome(self) -> Outcome:
        """With 6 showing, "an automatic strong hit" (on any result); else the roll's outcome."""
        return Outcome.STRONG_HIT if self.rarity_die == 6 else self.action.outcome

    @property
    def momentum(self) -> int:
        """Momentum the rarity gives: +1 with a 6 showing, +1 on a hit with a 5 showing, else 0."""
        if self.rarity_die == 6:
            return 1
        return 1 if self.rarity_die == 5 and self.outcome is not Outcome.MISS else 0

    @property
    def backfires(self) -> bool:
        """Whether "on a miss with 1 showing on the rarity die, the rarity's power fails or works against you"."""
        return self.rarity_die == 1 and self.outcome is Outcome.MISS

    def __str__(self) -> str:
        line = str(self.action).replace("Action ", "Rarity die ", 1)
        if self.rarity_die == 6:
            judged = f"-> {self.action.outcome}"
            line = line.replace(judged, "-> strong hit (automatic: the rarity's power manifests)", 1)
            if judged not in str(self.action):  # pragma: no cover - the action roll always says its outcome
                line += "; an automatic strong hit"
        if self.momentum:
            line += f"; +{self.momentum} momentum"
        if self.backfires:
            line += "; the rarity's power fails or works against you"
        return line


def resolve_rarity_roll(
    *,
    rarity_die: int,
    challenge_dice: Sequence[int],
    stat: int | ConditionMeter,
    adds: int = 0,
    momentum: int | Momentum = 0,
) -> RarityRoll:
    """Judge Wield a Rarity from its dice (pure): the rarity die is the action die, then its face's effects.

    Args:
        rarity_die: The rarity die, 1..6.
        challenge_dice: The two d10.
        stat: The stat (or meter) the move rolls.
        adds: Adds.
        momentum: Momentum (negative momentum equal to the rarity die cancels it, as it would the action die).

    Raises:
        InvalidInput: a value outside its range.

    Examples:
        >>> resolve_rarity_roll(rarity_die=1, challenge_dice=(4, 9), stat=2).backfires
        True
    """
    action = resolve_action(
        action_die=rarity_die, challenge_dice=challenge_dice, stat=stat, adds=adds, momentum=momentum
    )
    return RarityRoll(action)


def wield_a_rarity(
    *, stat: int | ConditionMeter, adds: int = 0, momentum: int | Momentum = 0, rng: RngLike = None
) -> RarityRoll:
    """Wield a Rarity: roll the rarity die (a d6) in place of the action die, then the two challenge dice.

    Examples:
        >>> from tabletop_core import ScriptedDice
        >>> wield_a_rarity(stat=2, rng=ScriptedDice([5, 3, 4])).momentum
        1
    """
    source = dice_source(rng)
    with source.atomic():  # a bad stat, adds or momentum hands the dice back
        die, first, second = source.roll_each((RARITY_DIE_SIDES, 10, 10))
        return resolve_rarity_roll(
            rarity_die=die, challenge_dice=(first, second), stat=stat, adds=adds, momentum=momentum
        )


def rarity_odds(*, stat: int, adds: int = 0, momentum: int = 0) -> Distribution[tuple[Outcome, int, bool]]:
    """The exact odds of Wield a Rarity: (outcome, momentum the rarity gives, whether it backfires).

    Every face of the rarity die and both challenge dice (600 rolls), each judged by
    :func:`resolve_rarity_roll`.

    Examples:
        >>> odds = rarity_odds(stat=2)
        >>> str(odds.probability(lambda o: o[0] is Outcome.STRONG_HIT))
        '19/60'
    """

    def judge(die: int, first: int, second: int) -> tuple[Outcome, int, bool]:
        roll = resolve_rarity_roll(
            rarity_die=die, challenge_dice=(first, second), stat=stat, adds=adds, momentum=momentum
        )
        return roll.outcome, roll.momentum, roll.backfires

    resolve_rarity_roll(
        rarity_die=1, challenge_dice=(1, 1), stat=stat, adds=adds, momentum=momentum
    )  # check the inputs
    return Distribution.from_function(judge, RARITY_DIE_SIDES, 10, 10)
