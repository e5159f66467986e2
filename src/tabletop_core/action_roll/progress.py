"""Progress tracks, progress rolls and legacy tracks.

A progress track is ten boxes of four ticks. Marking progress fills ticks by
the challenge's rank; the progress score is the number of fully filled boxes.
A progress roll judges that score against the two challenge dice only:
momentum is ignored (no burn, no cancel).

Examples:
    >>> from tabletop_core.action_roll import ProgressTrack, Rank, resolve_progress
    >>> track = ProgressTrack(Rank.DANGEROUS).mark(times=3)
    >>> track.ticks, track.score
    (24, 6)
    >>> str(resolve_progress(progress_score=track.score, challenge_dice=(3, 8)))
    'Progress 6 vs 3 · 8 -> weak hit'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, ClassVar

import attrs

from tabletop_core._enum import Enum
from tabletop_core._frozen import frozen
from tabletop_core._record import Record
from tabletop_core._validate import check_int, check_type, clip, int_field, of_type, one_line
from tabletop_core.action_roll.challenge import challenge_pair, pair_field
from tabletop_core.action_roll.outcome import Outcome, judge
from tabletop_core.errors import InvalidInput
from tabletop_core.rng import dice_source

if TYPE_CHECKING:
    from tabletop_core.rng import RngLike  # the alias imports numpy at run time: annotations only

__all__ = [
    "BOXES",
    "MAX_TICKS",
    "TICKS_PER_BOX",
    "XP_PER_BOX",
    "Legacy",
    "LegacyTrack",
    "ProgressResult",
    "ProgressTrack",
    "Rank",
    "experience",
    "progress_roll",
    "resolve_progress",
]

BOXES = 10
"""Boxes on a progress track."""
TICKS_PER_BOX = 4
"""Ticks that fill one box."""
MAX_TICKS = BOXES * TICKS_PER_BOX
"""A full track: 40 ticks."""
XP_PER_BOX = 2
"""Experience earned for each filled box of a legacy track."""


class Rank(Enum):
    """The rank of a challenge, in increasing order of severity.

    Ranks compare by difficulty: ``Rank.EPIC > Rank.TROUBLESOME``, and ``sorted()``
    puts them troublesome first.
    """

    TROUBLESOME = "troublesome"
    DANGEROUS = "dangerous"
    FORMIDABLE = "formidable"
    EXTREME = "extreme"
    EPIC = "epic"

    def __str__(self) -> str:
        return self.value

    @property
    def difficulty(self) -> int:
        """0 for troublesome up to 4 for epic: the order ranks compare in."""
        return _ORDER[self]

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Rank):
            return NotImplemented
        return self.difficulty < other.difficulty

    def __le__(self, other: object) -> bool:
        if not isinstance(other, Rank):
            return NotImplemented
        return self.difficulty <= other.difficulty

    def __gt__(self, other: object) -> bool:
        if not isinstance(other, Rank):
            return NotImplemented
        return self.difficulty > other.difficulty

    def __ge__(self, other: object) -> bool:
        if not isinstance(other, Rank):
            return NotImplemented
        return self.difficulty >= other.difficulty

    @property
    def ticks_per_mark(self) -> int:
        """Ticks filled by marking progress once: 12, 8, 4, 2 or 1."""
        return _TICKS_PER_MARK[self]

    @property
    def legacy_reward(self) -> int:
        """Ticks marked on a legacy track for finishing a challenge of this rank.

        From the Starforged rulebook: troublesome 1 tick, dangerous 2 ticks,
        formidable 1 box, extreme 2 boxes, epic 3 boxes.
        """
        return _LEGACY_REWARD[self]


_ORDER = {rank: i for i, rank in enumerate(Rank)}
_TICKS_PER_MARK = {Rank.TROUBLESOME: 12, Rank.DANGEROUS: 8, Rank.FORMIDABLE: 4, Rank.EXTREME: 2, Rank.EPIC: 1}
_LEGACY_REWARD = {Rank.TROUBLESOME: 1, Rank.DANGEROUS: 2, Rank.FORMIDABLE: 4, Rank.EXTREME: 8, Rank.EPIC: 12}


def _boxes(ticks: int) -> str:
    # A filled box is shown as a block, a partly filled one by its tick count.
    full, partial = divmod(ticks, TICKS_PER_BOX)
    cells = ["■"] * full + ([str(partial)] if partial else [])
    return "[" + "".join(cells).ljust(BOXES, "·") + "]"


class _Boxes(Record):
    """What every track of ten boxes shares: the score, completion and marking ticks."""

    __slots__ = ()
    ticks: int

    @property
    def score(self) -> int:
        """The progress score: fully filled boxes, 0..10."""
        return self.ticks // TICKS_PER_BOX

    @property
    def is_complete(self) -> bool:
        """Whether all ten boxes are filled."""
        return self.ticks == MAX_TICKS

    def _plus(self, ticks: int) -> int:
        # Every way of marking a track counts here: the track stops at 40 ticks.
        return min(MAX_TICKS, self.ticks + ticks)


@frozen
class ProgressTrack(_Boxes):
    """A ranked progress track (a quest, an expedition, a connection, a fight).

    Allies working together share one track: keep one value and mark it for
    whoever makes the move.

    Attributes:
        rank: The challenge's :class:`Rank`.
        ticks: Ticks filled, 0..40.
        name: What the track is for (optional, shown in chat).

    Raises:
        TypeError: *rank* is not a Rank, *ticks* not an int, *name* not a str.
        InvalidInput: *ticks* is outside 0..40.
    """

    _derived: ClassVar[tuple[str, ...]] = ("score", "is_complete")

    rank: Rank = attrs.field(validator=of_type(Rank))
    ticks: int = int_field(low=0, high=MAX_TICKS, default=0)
    name: str = attrs.field(default="", validator=one_line())

    def mark(self, *, times: int = 1) -> ProgressTrack:
        """Mark progress *times* times (marks stack), by rank; the track stops at 40 ticks.

        Raises:
            InvalidInput: *times* is below 1.
            TypeError: *times* is not an int.
        """
        times = check_int("times", times, low=1)
        return attrs.evolve(self, ticks=self._plus(times * self.rank.ticks_per_mark))

    def mark_ticks(self, ticks: int) -> ProgressTrack:
        """Fill *ticks* ticks directly (a move or asset that names ticks or boxes), stopping at 40.

        Raises:
            InvalidInput: *ticks* is negative.
            TypeError: *ticks* is not an int.
        """
        return attrs.evolve(self, ticks=self._plus(check_int("ticks", ticks, low=0)))

    def __str__(self) -> str:
        label = f"{self.name} ({self.rank})" if self.name else f"{self.rank} track"
        return f"{label}: {_boxes(self.ticks)} {self.ticks}/{MAX_TICKS} ticks, progress score {self.score}"


class Legacy(Enum):
    """The three legacy tracks of a Starforged character."""

    QUESTS = "quests"
    BONDS = "bonds"
    DISCOVERIES = "discoveries"

    def __str__(self) -> str:
        return self.value


@frozen
class LegacyTrack(_Boxes):
    """A legacy track: unranked, ten boxes of four ticks, 2 XP per filled box.

    Attributes:
        legacy: Which legacy (:class:`Legacy`).
        ticks: Ticks filled, 0..40.

    Raises:
        TypeError: *legacy* is not a Legacy or *ticks* not an int.
        InvalidInput: *ticks* is outside 0..40.
    """

    _derived: ClassVar[tuple[str, ...]] = ("score", "xp", "is_complete")

    legacy: Legacy = attrs.field(validator=of_type(Legacy))
    ticks: int = int_field(low=0, high=MAX_TICKS, default=0)

    @property
    def xp(self) -> int:
        """Experience earned on this track: 2 per filled box."""
        return XP_PER_BOX * self.score

    def mark(self, ticks: int) -> LegacyTrack:
        """Fill *ticks* ticks (legacy tracks are unranked), stopping at 40.

        Raises:
            InvalidInput: *ticks* is negative.
            TypeError: *ticks* is not an int.
        """
        return attrs.evolve(self, ticks=self._plus(check_int("ticks", ticks, low=0)))

    def reward(self, rank: Rank) -> LegacyTrack:
        """Mark the reward for finishing a challenge of *rank* (see :attr:`Rank.legacy_reward`).

        Raises:
            TypeError: *rank* is not a Rank.
        """
        return self.mark(check_type("rank", rank, Rank).legacy_reward)

    def __str__(self) -> str:
        return f"{self.legacy} legacy: {_boxes(self.ticks)} {self.ticks}/{MAX_TICKS} ticks, {self.xp} XP"


def experience(tracks: Iterable[LegacyTrack]) -> int:
    """Total experience earned on legacy tracks: 2 XP per filled box.

    Raises:
        TypeError: an item is not a LegacyTrack.

    Examples:
        >>> experience([LegacyTrack(Legacy.QUESTS, ticks=9), LegacyTrack(Legacy.BONDS, ticks=4)])
        6
    """
    if isinstance(tracks, (str, bytes)) or not isinstance(tracks, Iterable):
        raise TypeError(f"tracks must be an iterable of LegacyTrack, got {type(tracks).__name__} {clip(tracks)}")
    return sum(check_type(f"tracks[{i}]", track, LegacyTrack).xp for i, track in enumerate(tracks))


@frozen
class ProgressResult(Record):
    """A progress roll: the progress score against the two challenge dice.

    Attributes:
        progress_score: Filled boxes, 0..10.
        challenge_dice: The two d10.
        outcome: Strong hit, weak hit or miss.
        is_match: Whether the challenge dice are equal (matches count on
            progress rolls too).
    """

    _derived: ClassVar[tuple[str, ...]] = ("outcome", "is_match")

    progress_score: int = int_field(low=0, high=BOXES)
    challenge_dice: tuple[int, int] = pair_field()
    outcome: Outcome = attrs.field(kw_only=True, validator=of_type(Outcome))
    is_match: bool = attrs.field(kw_only=True, validator=of_type(bool))

    def __attrs_post_init__(self) -> None:
        first, second = self.challenge_dice
        expected = (judge(self.progress_score, first, second), first == second)
        if (self.outcome, self.is_match) != expected:
            raise InvalidInput(
                f"progress result does not follow the rules: expected (outcome, is_match) = {clip(expected)}, "
                f"got {clip((self.outcome, self.is_match))}"
            )

    def _line(self, outcome: str) -> str:
        first, second = self.challenge_dice
        line = f"Progress {self.progress_score} vs {first} · {second} -> {outcome}"
        return line + " (match)" if self.is_match else line

    def __str__(self) -> str:
        return self._line(str(self.outcome))

    def to_markdown(self) -> str:
        """The chat line with the outcome in bold."""
        return self._line(f"**{self.outcome}**")


def resolve_progress(*, progress_score: int, challenge_dice: Sequence[int]) -> ProgressResult:
    """Judge a progress roll (pure): the score must beat each challenge die.

    Momentum plays no part: a progress roll cannot be burned or cancelled.

    Args:
        progress_score: Filled boxes, 0..10.
        challenge_dice: The two d10, each 1..10.

    Raises:
        InvalidInput: a value is outside its range.
        TypeError: a value is not an int.

    Examples:
        >>> str(resolve_progress(progress_score=10, challenge_dice=(10, 10)))
        'Progress 10 vs 10 · 10 -> miss (match)'
    """
    score = check_int("progress_score", progress_score, low=0, high=BOXES)
    first, second = challenge_pair(challenge_dice)
    return ProgressResult(score, (first, second), outcome=judge(score, first, second), is_match=first == second)


def progress_score_of(track_or_score: ProgressTrack | LegacyTrack | int) -> int:
    """The progress score of a track, or a score given directly (checked 0..10).

    Raises:
        TypeError: not a track or an int.
        InvalidInput: a score outside 0..10.
    """
    if isinstance(track_or_score, (ProgressTrack, LegacyTrack)):
        return track_or_score.score
    try:
        return check_int("progress_score", track_or_score, low=0, high=BOXES)
    except TypeError:
        raise TypeError(
            "track_or_score must be a ProgressTrack, a LegacyTrack or an int progress score, "
            f"got {type(track_or_score).__name__} {clip(track_or_score)}"
        ) from None


def progress_roll(track_or_score: ProgressTrack | LegacyTrack | int, *, rng: RngLike = None) -> ProgressResult:
    """Make a progress roll: draw only the two challenge dice and judge the progress score.

    Args:
        track_or_score: A :class:`ProgressTrack`, a :class:`LegacyTrack` or a
            progress score 0..10.
        rng: Where the dice come from (see :func:`~tabletop_core.dice_source`).

    Examples:
        >>> from tabletop_core import ScriptedDice
        >>> str(progress_roll(7, rng=ScriptedDice([3, 8])))
        'Progress 7 vs 3 · 8 -> weak hit'
    """
    score = progress_score_of(track_or_score)
    first, second = dice_source(rng).roll_each((10, 10))  # all or none of scripted dice
    return resolve_progress(progress_score=score, challenge_dice=(first, second))
