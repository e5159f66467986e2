"""Many rolls at once with numpy: :func:`simulate_action` and :func:`simulate_progress`.

The batch applies the same rules as :func:`resolve_action` as whole-array
operations (no Python loop per roll); the tests feed both the same dice for
every possible combination and check they agree, and check the counts
against the exact odds.

Dice are drawn in blocks: for ``n`` action rolls, ``n`` action dice first,
then ``2 * n`` challenge dice: the first challenge die of every roll, then the
second of every roll (contiguous blocks keep the array work fast). A
:class:`~tabletop_core.ScriptedDice` given that order replays exactly.
Outcomes are stored as small codes (see :attr:`Outcome.code`).

Examples:
    >>> from tabletop_core.action_roll import simulate_action
    >>> batch = simulate_action(10_000, stat=2, rng=1)
    >>> len(batch), sum(batch.counts().values())
    (10000, 10000)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from tabletop_core._frozen import frozen
from tabletop_core._validate import check_type
from tabletop_core.action_roll.action import ActionResult, burn_momentum, check_bonus, resolve_action
from tabletop_core.action_roll.meters import ConditionMeter
from tabletop_core.action_roll.momentum import Momentum
from tabletop_core.action_roll.outcome import OUTCOMES, Outcome, action_score
from tabletop_core.action_roll.progress import (
    LegacyTrack,
    ProgressResult,
    ProgressTrack,
    progress_score_of,
    resolve_progress,
)
from tabletop_core.batch import MAX_BATCH, Batch, check_batch_size
from tabletop_core.rng import dice_source

if TYPE_CHECKING:
    from tabletop_core.rng import RngLike  # the alias imports numpy at run time: annotations only

__all__ = ["MAX_BATCH", "ActionBatch", "ProgressBatch", "simulate_action", "simulate_progress"]

IntArray = npt.NDArray[np.int64]
CodeArray = npt.NDArray[np.int8]
BoolArray = npt.NDArray[np.bool_]


class _Tally(Batch[Outcome]):
    """What both batches of this system add to the shared shape: outcome codes and matches."""

    __slots__ = ()
    outcomes: CodeArray
    matches: BoolArray

    @property
    def outcome_codes(self) -> CodeArray:
        """Outcome codes, one per roll: 0 strong hit, 1 weak hit, 2 miss (the same array as ``outcomes``)."""
        return self.outcomes

    @property
    def labels(self) -> tuple[Outcome, ...]:
        """Strong hit, weak hit, miss: ``labels[code]`` (see :attr:`Outcome.code`)."""
        return OUTCOMES

    def match_counts(self) -> dict[tuple[Outcome, bool], int]:
        """How many rolls gave each ``(outcome, is_match)`` pair."""
        # One bincount over (outcome, match) pairs: code * 2 + match.
        tally = np.bincount(self.outcomes.astype(np.int64) * 2 + self.matches, minlength=2 * len(OUTCOMES))
        return {
            (outcome, match): int(tally[outcome.code * 2 + match]) for outcome in OUTCOMES for match in (False, True)
        }


@frozen(eq=False, repr=False)  # Batch.__repr__: a batch says what it holds
class ActionBatch(_Tally):
    """A batch of action rolls as numpy arrays, one entry per roll.

    Attributes:
        stat: The stat used for every roll.
        adds: The adds used for every roll.
        momentum: Momentum at every roll.
        burn: Whether momentum was burned whenever that improved a roll.
        action_dice: The d6 of each roll.
        challenge_dice: Shape ``(n, 2)``: the two d10 of each roll.
        cancelled: Whether negative momentum cancelled the action die.
        scores: The score judged, as ``int8`` (the momentum value where it was burned).
        outcomes: Outcome codes: 0 strong hit, 1 weak hit, 2 miss.
        matches: Whether the challenge dice were equal.
        burned: Whether momentum was burned on the roll.
    """

    stat: int
    adds: int
    momentum: int
    burn: bool
    action_dice: IntArray
    challenge_dice: IntArray
    cancelled: BoolArray
    scores: CodeArray
    outcomes: CodeArray
    matches: BoolArray
    burned: BoolArray

    _parameters = ("stat", "adds", "momentum", "burn")

    def _describe(self) -> str:
        burn = ", burning when it helps" if self.burn else ""
        return f"action rolls at +{self.stat + self.adds}, momentum {self.momentum:+d}{burn}"

    def result(self, index: int) -> ActionResult:
        """Roll *index* as an :class:`ActionResult` (burned rolls show their burn)."""
        index = self._index(index)
        result = resolve_action(
            action_die=int(self.action_dice[index]),
            challenge_dice=(int(self.challenge_dice[index, 0]), int(self.challenge_dice[index, 1])),
            stat=self.stat,
            adds=self.adds,
            momentum=self.momentum,
        )
        if self.burned[index]:
            result, _ = burn_momentum(result, Momentum(self.momentum))
        return result


@frozen(eq=False, repr=False)  # Batch.__repr__: a batch says what it holds
class ProgressBatch(_Tally):
    """A batch of progress rolls as numpy arrays.

    Attributes:
        progress_score: The progress score of every roll.
        challenge_dice: Shape ``(n, 2)``.
        outcomes: Outcome codes: 0 strong hit, 1 weak hit, 2 miss.
        matches: Whether the challenge dice were equal.
    """

    progress_score: int
    challenge_dice: IntArray
    outcomes: CodeArray
    matches: BoolArray

    _parameters = ("progress_score",)

    def _describe(self) -> str:
        return f"progress rolls at progress score {self.progress_score}"

    def result(self, index: int) -> ProgressResult:
        """Roll *index* as a :class:`ProgressResult`."""
        index = self._index(index)
        pair = (int(self.challenge_dice[index, 0]), int(self.challenge_dice[index, 1]))
        return resolve_progress(progress_score=self.progress_score, challenge_dice=pair)


def _hits(scores: int | CodeArray, first: IntArray, second: IntArray) -> CodeArray:
    # The vectorised twin of outcome.beats/judge: a score must be greater than a die.
    hits: CodeArray = (scores > first).view(np.int8) + (scores > second).view(np.int8)
    return hits


def simulate_action(
    n: int,
    *,
    stat: int | ConditionMeter,
    adds: int = 0,
    momentum: int | Momentum = 0,
    burn: bool = False,
    rng: RngLike = None,
) -> ActionBatch:
    """Make *n* action rolls at once with numpy.

    Args:
        n: How many rolls, 0..:data:`MAX_BATCH`.
        stat: The stat or condition meter (its value or the
            :class:`ConditionMeter`), 0..10.
        adds: Adds, 0..10.
        momentum: Momentum at every roll, -6..10 or a :class:`Momentum`
            (negative momentum cancels).
        burn: Burn momentum whenever that improves a roll (the batch shows
            the momentum value as the score there). Momentum is not reset
            between rolls: each roll is an independent what-if.
        rng: Where the dice come from (see :func:`~tabletop_core.dice_source`).

    Raises:
        InvalidInput: a value is out of range (*n* above :data:`MAX_BATCH` too).
        TypeError: a value has the wrong type.
    """
    n = check_batch_size(n)
    stat, adds, momentum = check_bonus(stat, adds, momentum)
    check_type("burn", burn, bool)
    source = dice_source(rng)
    with source.atomic():  # all the dice or none of a ScriptedDice
        action_dice = source.roll_many(6, n)
        drawn = source.roll_many(10, 2 * n)
    first, second = drawn[:n], drawn[n:]
    # Score and cancel for each action die face come from the pure rule itself
    # (index 0 unused), then are looked up for the whole batch at once.
    faces = [action_score(face, stat + adds, momentum) for face in range(1, 7)]
    scores = np.take(np.array([0] + [score for score, _ in faces], dtype=np.int8), action_dice)
    cancelled = action_dice == -momentum if momentum < 0 else np.zeros(n, dtype=np.bool_)
    hits = _hits(scores, first, second)
    if burn and momentum > 0:
        burned_hits = _hits(momentum, first, second)
        burned = burned_hits > hits
        hits = np.maximum(hits, burned_hits)
        scores = np.where(burned, np.int8(momentum), scores)
    else:
        burned = np.zeros(n, dtype=np.bool_)
    return ActionBatch(
        stat=stat,
        adds=adds,
        momentum=momentum,
        burn=burn,
        action_dice=action_dice,
        challenge_dice=drawn.reshape(2, n).T,
        cancelled=cancelled,
        scores=scores,
        outcomes=2 - hits,
        matches=first == second,
        burned=burned,
    )


def simulate_progress(
    n: int, progress_score: int | ProgressTrack | LegacyTrack, *, rng: RngLike = None
) -> ProgressBatch:
    """Make *n* progress rolls with *progress_score* (0..10, or a track's score) at once.

    Momentum plays no part in a progress roll.

    The ``2 * n`` challenge dice are drawn as the first die of every roll,
    then the second of every roll.

    Raises:
        InvalidInput: a value is out of range (*n* above :data:`MAX_BATCH` too).
        TypeError: a value has the wrong type.

    Examples:
        >>> simulate_progress(1000, 10, rng=3).counts()[Outcome.MISS] > 0
        True
    """
    n = check_batch_size(n)
    score = progress_score_of(progress_score)
    drawn = dice_source(rng).roll_many(10, 2 * n)
    first, second = drawn[:n], drawn[n:]
    return ProgressBatch(
        progress_score=score,
        challenge_dice=drawn.reshape(2, n).T,
        outcomes=2 - _hits(score, first, second),
        matches=first == second,
    )
