"""Exact odds and batches of what Classic progress pays: experience by rank, kind and progress score.

The progress roll is the same pure rule as in Starforged (:func:`~tabletop_core.action_roll.resolve_progress`);
these map its outcome to the experience a completed track marks.

Examples:
    >>> from tabletop_core.action_roll import Rank
    >>> from tabletop_core.action_roll.classic import ClassicTrackKind, reward_odds
    >>> odds = reward_odds(ClassicTrackKind.VOW, Rank.DANGEROUS, progress_score=6)
    >>> [(xp, str(p)) for xp, p in odds.items()]
    [(0, '1/4'), (1, '1/2'), (2, '1/4')]
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

import numpy as np
import numpy.typing as npt

from tabletop_core._frozen import frozen
from tabletop_core._validate import check_int, check_type
from tabletop_core.action_roll.batch import simulate_progress
from tabletop_core.action_roll.classic.tracks import ClassicTrackKind, classic_reward
from tabletop_core.action_roll.odds import progress_odds
from tabletop_core.action_roll.outcome import Outcome
from tabletop_core.action_roll.progress import Rank
from tabletop_core.batch import Batch
from tabletop_core.odds import Distribution

if TYPE_CHECKING:
    from tabletop_core.rng import RngLike  # the alias imports numpy at run time: annotations only

__all__ = ["RewardBatch", "reward_odds", "simulate_rewards"]


def reward_odds(kind: ClassicTrackKind, rank: Rank, *, progress_score: int) -> Distribution[int]:
    """The exact odds of the experience a progress roll at *progress_score* marks for a track of *kind* and *rank*.

    Raises:
        InvalidInput: *progress_score* is outside 0..10.
        TypeError: an argument has the wrong type.
    """
    check_type("kind", kind, ClassicTrackKind)
    check_type("rank", rank, Rank)
    return progress_odds(progress_score).map(lambda outcome: classic_reward(kind, rank, outcome))


@frozen(eq=False, repr=False)  # Batch.__repr__: a batch says what it holds
class RewardBatch(Batch[int]):
    """Many progress rolls against one track, with the experience each marks.

    Attributes:
        challenge_dice: The challenge dice of each roll, shape ``(n, 2)``.
        outcomes: Each roll's outcome code (as :class:`~tabletop_core.action_roll.ProgressBatch`'s).
        experience: The experience each roll marks.
        rewards: The experience values, low to high: the labels of the codes.
        kind: The kind of track.
        rank: Its rank.
        progress_score: The score rolled against.
    """

    _parameters: ClassVar[tuple[str, ...]] = ("progress_score",)

    challenge_dice: npt.NDArray[np.int64]
    outcomes: npt.NDArray[np.int8]
    experience: npt.NDArray[np.int64]
    rewards: tuple[int, ...]
    kind: ClassicTrackKind
    rank: Rank
    progress_score: int

    @property
    def outcome_codes(self) -> npt.NDArray[np.int64]:
        """Each roll's experience as an index into :attr:`labels`."""
        return np.searchsorted(np.array(self.rewards, dtype=np.int64), self.experience)

    @property
    def labels(self) -> tuple[int, ...]:
        """The experience values a roll can mark, low to high."""
        return self.rewards

    def _describe(self) -> str:
        return f"{self.kind} rolls at progress {self.progress_score} ({self.rank}): experience marked"


def simulate_rewards(
    n: int, kind: ClassicTrackKind, rank: Rank, *, progress_score: int, rng: RngLike = None
) -> RewardBatch:
    """*n* progress rolls at *progress_score* for a track of *kind* and *rank*, with the experience each marks.

    The dice are drawn as :func:`~tabletop_core.action_roll.simulate_progress` draws them.
    """
    check_type("kind", kind, ClassicTrackKind)
    check_type("rank", rank, Rank)
    score = check_int("progress_score", progress_score, low=0, high=10)
    batch = simulate_progress(n, progress_score=score, rng=rng)
    values = np.array([classic_reward(kind, rank, outcome) for outcome in batch.labels], dtype=np.int64)
    experience = values[batch.outcome_codes]
    rewards = tuple(sorted({classic_reward(kind, rank, outcome) for outcome in Outcome}))
    return RewardBatch(batch.challenge_dice, batch.outcomes, experience, rewards, kind, rank, score)
