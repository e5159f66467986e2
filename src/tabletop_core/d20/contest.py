"""Contests: your Check against each Target's Test; the higher Test Total wins.

Core Rule "Contest": there is no Setback, only Success or Failure for the actor.
On a tie the higher governing Trait wins; if the Traits tie too, the Target wins.

Examples:
    >>> from tabletop_core.d20 import resolve_contest
    >>> print(resolve_contest(actor_total=15, target_total=15, actor_trait=3, target_trait=1))
    Contest 15 vs 15, tie -> Trait 3 vs 1 -> actor wins: Success
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, ClassVar

import attrs

from tabletop_core._atomic import atomic_rolls
from tabletop_core._enum import Enum
from tabletop_core._frozen import frozen
from tabletop_core._record import Record
from tabletop_core._validate import check_int, int_field, of_type
from tabletop_core.d20.stakes import Outcome
from tabletop_core.d20.test import (
    MODIFIER_LIMIT,
    Modifier,
    RolledTotal,
    TestEffects,
    TestKind,
    _merge,
)
from tabletop_core.rng import dice_source

if TYPE_CHECKING:
    from tabletop_core.rng import RngLike  # read by the type checker only: at run time the alias imports numpy

__all__ = ["ContestResult", "ContestRoll", "Decider", "Side", "resolve_contest", "roll_contest"]

_TOTAL_LIMIT = 4 * MODIFIER_LIMIT


class Side(Enum):
    """The two sides of a Contest, or of any Test: the one making it and its Target."""

    ACTOR = "actor"
    """The creature making the Check (or, for Conditions, making the Test)."""
    TARGET = "target"
    """The Target rolling against it (or, for Conditions, the Target of the Test)."""

    def __str__(self) -> str:
        return self.value


class Decider(Enum):
    """Which step of the Contest rule decided the winner."""

    TOTAL = "total"
    """The higher Test Total."""
    TRAIT = "trait"
    """Totals tied: the higher governing Trait."""
    TARGET_WINS_TIES = "target wins ties"
    """Totals and Traits tied: the Target."""
    AUTOMATIC_FAILURE = "automatic failure"
    """A side failed its Test automatically (a Condition)."""


@frozen(kw_only=True)
class ContestResult(Record):
    """Who won a Contest, and which step of the rule decided it.

    Args:
        actor_total: The actor's Test Total.
        target_total: The Target's Test Total.
        actor_trait: The actor's governing Trait value (used only on a tie).
        target_trait: The Target's governing Trait value.
        actor_fails: Whether the actor failed its Test automatically (then the Target wins).
        target_fails: Whether the Target failed automatically (then the actor wins, unless it failed too).
    """

    _derived: ClassVar[tuple[str, ...]] = ("decided_by", "winner", "outcome")

    actor_total: int = int_field(low=-_TOTAL_LIMIT, high=_TOTAL_LIMIT)
    target_total: int = int_field(low=-_TOTAL_LIMIT, high=_TOTAL_LIMIT)
    actor_trait: int = int_field(low=-MODIFIER_LIMIT, high=MODIFIER_LIMIT)
    target_trait: int = int_field(low=-MODIFIER_LIMIT, high=MODIFIER_LIMIT)
    actor_fails: bool = attrs.field(default=False, validator=of_type(bool))
    target_fails: bool = attrs.field(default=False, validator=of_type(bool))

    @property
    def decided_by(self) -> Decider:
        """The step of the rule that picked the winner."""
        if self.actor_fails or self.target_fails:
            return Decider.AUTOMATIC_FAILURE
        if self.actor_total != self.target_total:
            return Decider.TOTAL
        if self.actor_trait != self.target_trait:
            return Decider.TRAIT
        return Decider.TARGET_WINS_TIES

    @property
    def winner(self) -> Side:
        """:attr:`Side.ACTOR` or :attr:`Side.TARGET`."""
        decider = self.decided_by
        if decider is Decider.AUTOMATIC_FAILURE:
            return Side.TARGET if self.actor_fails else Side.ACTOR
        if decider is Decider.TOTAL:
            return Side.ACTOR if self.actor_total > self.target_total else Side.TARGET
        if decider is Decider.TRAIT:
            return Side.ACTOR if self.actor_trait > self.target_trait else Side.TARGET
        return Side.TARGET

    @property
    def outcome(self) -> Outcome:
        """Success or Failure for the actor (a Contest has no Setback)."""
        return Outcome.SUCCESS if self.winner is Side.ACTOR else Outcome.FAILURE

    def __str__(self) -> str:
        head = f"Contest {self.actor_total} vs {self.target_total}"
        decider = self.decided_by
        if decider is Decider.AUTOMATIC_FAILURE:
            who = " and ".join(
                side for side, fails in (("actor", self.actor_fails), ("target", self.target_fails)) if fails
            )
            how = f", {who} fails automatically"
        elif decider is Decider.TOTAL:
            how = ""
        elif decider is Decider.TRAIT:
            how = f", tie -> Trait {self.actor_trait} vs {self.target_trait}"
        else:
            how = f", tie -> Trait {self.actor_trait} vs {self.target_trait} tied -> Target wins ties"
        return f"{head}{how} -> {self.winner} wins: {self.outcome}"


def resolve_contest(*, actor_total: int, target_total: int, actor_trait: int, target_trait: int) -> ContestResult:
    """Judge a Contest from two Test Totals (pure).

    Args:
        actor_total: The actor's Test Total.
        target_total: The Target's Test Total.
        actor_trait: The actor's governing Trait value, compared on a tie.
        target_trait: The Target's governing Trait value.

    Returns:
        The :class:`ContestResult` with ``winner`` and ``outcome``.

    Raises:
        TypeError: a value is not an int.
        InvalidInput: a value is beyond the library's limits.

    Examples:
        >>> resolve_contest(actor_total=12, target_total=12, actor_trait=2, target_trait=2).winner
        <Side.TARGET: 'target'>
    """
    return ContestResult(
        actor_total=actor_total, target_total=target_total, actor_trait=actor_trait, target_trait=target_trait
    )


@frozen(kw_only=True)
class ContestRoll(Record):
    """A rolled Contest: both sides' dice and Modifiers, and the result.

    Args:
        actor: The actor's Check.
        target: The Target's Test.
        actor_trait: The actor's governing Trait value.
        target_trait: The Target's governing Trait value.
    """

    _derived: ClassVar[tuple[str, ...]] = ("winner", "outcome")

    actor: RolledTotal = attrs.field(validator=of_type(RolledTotal))
    target: RolledTotal = attrs.field(validator=of_type(RolledTotal))
    actor_trait: int = int_field(low=-MODIFIER_LIMIT, high=MODIFIER_LIMIT)
    target_trait: int = int_field(low=-MODIFIER_LIMIT, high=MODIFIER_LIMIT)

    @property
    def result(self) -> ContestResult:
        """The :class:`ContestResult` of the two totals."""
        return ContestResult(
            actor_total=self.actor.total,
            target_total=self.target.total,
            actor_trait=self.actor_trait,
            target_trait=self.target_trait,
            actor_fails=self.actor.fails_automatically,
            target_fails=self.target.fails_automatically,
        )

    @property
    def winner(self) -> Side:
        """The side that won."""
        return self.result.winner

    @property
    def outcome(self) -> Outcome:
        """Success or Failure for the actor."""
        return self.result.outcome

    def __str__(self) -> str:
        return f"actor: {self.actor} | target: {self.target} | {self.result}"


@atomic_rolls
def roll_contest(
    *,
    actor_modifier: int | Modifier | Iterable[int | Modifier] = 0,
    target_modifier: int | Modifier | Iterable[int | Modifier] = 0,
    actor_trait: int,
    target_trait: int,
    actor_fortune: bool | int | str | Iterable[str] = False,
    actor_misfortune: bool | int | str | Iterable[str] = False,
    actor_fatigue: int = 0,
    actor_effects: TestEffects | None = None,
    target_fortune: bool | int | str | Iterable[str] = False,
    target_misfortune: bool | int | str | Iterable[str] = False,
    target_fatigue: int = 0,
    target_effects: TestEffects | None = None,
    rng: RngLike = None,
) -> ContestRoll:
    """Roll a Contest: the actor's d20 (and d6 if needed), then the Target's.

    Args:
        actor_modifier: The actor's Skill or Trait and other Modifiers.
        target_modifier: The Target's.
        actor_trait: The actor's governing Trait value (for ties).
        target_trait: The Target's governing Trait value.
        actor_fortune: Fortune on the actor's Check (as for :func:`~tabletop_core.d20.roll_test`).
        actor_misfortune: Misfortune on the actor's Check.
        actor_fatigue: The actor's Fatigue.
        actor_effects: Effects of the actor's Conditions on its Check.
        target_fortune: Fortune on the Target's Test.
        target_misfortune: Misfortune on the Target's Test.
        target_fatigue: The Target's Fatigue.
        target_effects: Effects of the Target's Conditions on its Test.
        rng: Where the dice come from.

    Returns:
        The :class:`ContestRoll`.

    Raises:
        InvalidInput: a value is out of range.
        TypeError: a value has the wrong type.

    Examples:
        >>> import tabletop_core as tc
        >>> contest = roll_contest(actor_modifier=3, target_modifier=4, actor_trait=2, target_trait=1,
        ...                        rng=tc.ScriptedDice([12, 11]))
        >>> print(contest.result)
        Contest 15 vs 15, tie -> Trait 2 vs 1 -> actor wins: Success
    """
    sides = []
    for modifier, fortune, misfortune, fatigue, effects in (
        (actor_modifier, actor_fortune, actor_misfortune, actor_fatigue, actor_effects),
        (target_modifier, target_fortune, target_misfortune, target_fatigue, target_effects),
    ):
        merged = _merge(fortune, misfortune, fatigue, (), effects)
        needs = bool(merged["fortune"]) != bool(merged["misfortune"])
        sides.append(
            RolledTotal(
                kind=TestKind.TEST, flat_roll=20, modifiers=modifier, fortune_die=1 if needs else None, **merged
            )
        )
    actor_trait = check_int("actor_trait", actor_trait, low=-MODIFIER_LIMIT, high=MODIFIER_LIMIT)
    target_trait = check_int("target_trait", target_trait, low=-MODIFIER_LIMIT, high=MODIFIER_LIMIT)
    actor_side = attrs.evolve(sides[0], kind=TestKind.CHECK)
    source = dice_source(rng)
    actor = actor_side._roll_dice(source)
    target = sides[1]._roll_dice(source)
    return ContestRoll(actor=actor, target=target, actor_trait=actor_trait, target_trait=target_trait)
