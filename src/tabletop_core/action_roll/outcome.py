"""Outcomes and the pure scoring rules shared by every roll of this system.

These few functions are the single source of truth: :func:`resolve_action`,
:func:`resolve_progress`, the exact odds and the numpy batches all judge dice
with them (the batches with a vectorised twin that the tests hold to them).
They take plain ints and do no validation, so enumerating them is cheap; the
public functions validate at the edge.
"""

from __future__ import annotations

from tabletop_core._enum import Enum
from tabletop_core._validate import check_int, check_type

__all__ = [
    "MAX_SCORE",
    "OUTCOMES",
    "Outcome",
    "action_score",
    "beats",
    "judge",
    "judge_action",
    "judge_with_burn_policy",
    "outcome_for_hits",
]

MAX_SCORE = 10
"""An action score is never greater than 10 (so a 10 on a challenge die is never beaten)."""


class Outcome(Enum):
    """The three results of an action or progress roll, best first."""

    STRONG_HIT = "strong hit"
    """The score beats both challenge dice."""
    WEAK_HIT = "weak hit"
    """The score beats exactly one challenge die."""
    MISS = "miss"
    """The score beats neither challenge die (ties go to the dice)."""

    def __str__(self) -> str:
        return self.value

    @property
    def hits(self) -> int:
        """How many challenge dice the score beat: 2, 1 or 0."""
        return _HITS[self]

    @property
    def code(self) -> int:
        """A small int used in numpy batches: 0 strong hit, 1 weak hit, 2 miss."""
        return _CODES[self]

    @classmethod
    def from_code(cls, code: int) -> Outcome:
        """The outcome for a batch code (see :attr:`code`).

        Raises:
            InvalidInput: *code* is not 0, 1 or 2.
            TypeError: *code* is not an int.
        """
        return OUTCOMES[check_int("code", code, low=0, high=len(OUTCOMES) - 1)]

    def is_better_than(self, other: Outcome) -> bool:
        """Whether this outcome is strictly better for the player than *other*.

        Raises:
            TypeError: *other* is not an :class:`Outcome` (``"miss"`` is refused: compare members).
        """
        check_type("other", other, Outcome)
        return _HITS[self] > _HITS[other]


OUTCOMES: tuple[Outcome, ...] = tuple(Outcome)
"""The outcomes in code order: ``OUTCOMES[outcome.code] is outcome``."""
_CODES = {outcome: code for code, outcome in enumerate(OUTCOMES)}
_HITS = {Outcome.STRONG_HIT: 2, Outcome.WEAK_HIT: 1, Outcome.MISS: 0}
# Indexed by the number of challenge dice beaten.
_BY_HITS = (Outcome.MISS, Outcome.WEAK_HIT, Outcome.STRONG_HIT)


def action_score(action_die: int, bonus: int, momentum: int) -> tuple[int, bool]:
    """The action score and whether negative momentum cancelled the action die.

    Args:
        action_die: The d6, 1..6.
        bonus: Stat (or condition meter) plus adds.
        momentum: Momentum when the roll is made; when it is negative and its
            absolute value equals the action die, the die counts 0.

    Returns:
        ``(score, cancelled)``: the score is capped at :data:`MAX_SCORE`.
    """
    cancelled = momentum < 0 and -momentum == action_die
    score = bonus if cancelled else action_die + bonus
    return (MAX_SCORE if score > MAX_SCORE else score), cancelled


def beats(score: int, challenge_die: int) -> bool:
    """Whether a score beats one challenge die: it must be greater (ties go to the die)."""
    return score > challenge_die


def outcome_for_hits(hits: int) -> Outcome:
    """The outcome for the number of challenge dice beaten (0, 1 or 2)."""
    return _BY_HITS[hits]


def judge(score: int, challenge_1: int, challenge_2: int) -> Outcome:
    """Judge a score against two challenge dice: it must *beat* each die (ties go to the die)."""
    return _BY_HITS[beats(score, challenge_1) + beats(score, challenge_2)]


def judge_with_burn_policy(score: int, momentum: int, challenge_1: int, challenge_2: int) -> Outcome:
    """The outcome when momentum is burned exactly when that improves the result.

    Only positive momentum can be burned; a burn replaces the score with the
    momentum value against the same challenge dice.
    """
    outcome = judge(score, challenge_1, challenge_2)
    if momentum > 0:
        burned = judge(momentum, challenge_1, challenge_2)
        if _HITS[burned] > _HITS[outcome]:
            return burned
    return outcome


def judge_action(action_die: int, challenge_1: int, challenge_2: int, bonus: int, momentum: int) -> Outcome:
    """The outcome of an action roll from its dice (what the exact odds enumerate)."""
    return judge(action_score(action_die, bonus, momentum)[0], challenge_1, challenge_2)
