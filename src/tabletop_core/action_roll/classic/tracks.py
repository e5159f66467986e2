"""Ironsworn (Classic) progress: its kinds of track and their rewards, experience, bonds, the failure track.

From the Ironsworn rulebook's moves (and Delve's, for sites and the failure track):

* **Vows** (Fulfill Your Vow): a strong hit marks experience by rank (troublesome 1,
  dangerous 2, formidable 3, extreme 4, epic 5); a weak hit one less (troublesome 0);
  a miss none. **Journeys** (Reach Your Destination), **fights** (End the Fight) and
  **delve sites** (Locate Your Objective, Delve) give no experience.
* On a miss, a vow, journey or site may go on: "clear all but one filled progress,
  and raise the rank by one (if not already epic)" (:func:`continue_after_miss`).
* **Experience** is spent with Advance: 3 for a new asset, 2 to upgrade one (and, in
  Delve, a rarity's cost). The rules give no cap on experience; ``limit`` sets one.
* **Bonds** are a progress track of ten boxes with no rank: forging a bond marks a
  tick; Write Your Epilogue rolls against it.
* Delve's **failure track** (an optional rule): a miss marks a tick, a miss on a
  progress move two; Learn From Your Failures (at +6 or more) rolls against it for
  3, 2 or 1 experience, and clears it.

Examples:
    >>> from tabletop_core.action_roll import Outcome, Rank
    >>> from tabletop_core.action_roll.classic import ClassicTrackKind, classic_reward
    >>> classic_reward(ClassicTrackKind.VOW, Rank.FORMIDABLE, Outcome.WEAK_HIT)
    2
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import ClassVar

import attrs

from tabletop_core._enum import Enum
from tabletop_core._frozen import frozen
from tabletop_core._record import Record
from tabletop_core._validate import check_int, check_type, clip, int_field, of_type
from tabletop_core.action_roll.outcome import Outcome
from tabletop_core.action_roll.progress import MAX_TICKS, TICKS_PER_BOX, ProgressTrack, Rank, _Boxes
from tabletop_core.errors import InvalidInput, RuleError

__all__ = [
    "ADVANCE_NEW_ASSET",
    "ADVANCE_UPGRADE",
    "FAILURE_TRACK_READY",
    "Bonds",
    "ClassicChallenge",
    "ClassicTrackKind",
    "Experience",
    "FailureTrack",
    "classic_reward",
    "continue_after_miss",
    "failure_reward",
    "vow_experience",
]

ADVANCE_NEW_ASSET = 3
"""Experience Advance spends for a new asset."""
ADVANCE_UPGRADE = 2
"""Experience Advance spends to upgrade an asset (mark an ability)."""
FAILURE_TRACK_READY = 6
"""Learn From Your Failures needs a failure track of +6 or greater."""

_RANKS = tuple(Rank)


class ClassicTrackKind(Enum):
    """The kinds of ranked progress track a Classic character keeps, and the move that completes each."""

    VOW = "vow"
    """Fulfill Your Vow."""
    JOURNEY = "journey"
    """Reach Your Destination."""
    COMBAT = "combat"
    """End the Fight."""
    DELVE = "delve"
    """Locate Your Objective (Ironsworn: Delve): a site's track."""

    def __str__(self) -> str:
        return self.value


def vow_experience(rank: Rank, outcome: Outcome) -> int:
    """Experience Fulfill Your Vow marks: by rank on a strong hit, one less on a weak hit, none on a miss.

    "Mark experience (troublesome=1; dangerous=2; formidable=3; extreme=4; epic=5)";
    on a weak hit "(troublesome=0; dangerous=1; formidable=2; extreme=3; epic=4)".

    Examples:
        >>> vow_experience(Rank.EPIC, Outcome.STRONG_HIT), vow_experience(Rank.TROUBLESOME, Outcome.WEAK_HIT)
        (5, 0)
    """
    check_type("rank", rank, Rank)
    check_type("outcome", outcome, Outcome)
    value = _RANKS.index(rank) + 1
    if outcome is Outcome.STRONG_HIT:
        return value
    if outcome is Outcome.WEAK_HIT:
        return value - 1
    return 0


def classic_reward(kind: ClassicTrackKind, rank: Rank, outcome: Outcome) -> int:
    """Experience for completing a track of *kind* and *rank* with *outcome* (only vows give any).

    Raises:
        TypeError: an argument has the wrong type.
    """
    check_type("kind", kind, ClassicTrackKind)
    return vow_experience(rank, outcome) if kind is ClassicTrackKind.VOW else 0


def failure_reward(outcome: Outcome) -> int:
    """Experience Learn From Your Failures gives: 3 on a strong hit, 2 on a weak hit, 1 on a miss."""
    return {Outcome.STRONG_HIT: 3, Outcome.WEAK_HIT: 2, Outcome.MISS: 1}[check_type("outcome", outcome, Outcome)]


def continue_after_miss(track: ProgressTrack) -> ProgressTrack:
    """The track after a miss when the quest (journey, site) goes on.

    "Clear all but one filled progress, and raise the rank by one (if not already
    epic)": one filled box stays if there was one, every other tick is cleared.

    Examples:
        >>> print(continue_after_miss(ProgressTrack(Rank.DANGEROUS, ticks=27)))
        formidable track: [■·········] 4/40 ticks, progress score 1
    """
    check_type("track", track, ProgressTrack)
    index = _RANKS.index(track.rank)
    rank = _RANKS[min(index + 1, len(_RANKS) - 1)]
    return attrs.evolve(track, rank=rank, ticks=TICKS_PER_BOX if track.score >= 1 else 0)


@frozen
class Experience(Record):
    """Experience earned and spent.

    Attributes:
        earned: Experience marked so far (never lowered by spending).
        spent: Experience spent, 0..earned.
        limit: The most experience that can be marked, when the table keeps one
            (the rules give none; ``None``: no limit).

    Raises:
        InvalidInput: *spent* is above *earned*, or *earned* above *limit*.
        TypeError: a value is not an int.
    """

    _derived: ClassVar[tuple[str, ...]] = ("available",)

    earned: int = int_field(low=0, default=0)
    spent: int = int_field(low=0, default=0)
    limit: int | None = attrs.field(default=None)

    def __attrs_post_init__(self) -> None:
        if self.limit is not None:
            check_int("limit", self.limit, low=0)
            if self.earned > self.limit:
                raise InvalidInput(f"earned must be at most the limit {self.limit}, got {self.earned}")
        if self.spent > self.earned:
            raise InvalidInput(f"spent must be at most earned ({self.earned}), got {self.spent}")

    @property
    def available(self) -> int:
        """Experience that can still be spent."""
        return self.earned - self.spent

    def earn(self, n: int) -> Experience:
        """Mark *n* experience (stopping at :attr:`limit`, if any)."""
        n = check_int("n", n, low=0)
        earned = self.earned + n if self.limit is None else min(self.limit, self.earned + n)
        return attrs.evolve(self, earned=earned)

    def spend(self, n: int) -> Experience:
        """Spend *n* experience.

        Raises:
            RuleError: fewer than *n* are available (nothing changes).
        """
        n = check_int("n", n, low=0)
        if n > self.available:
            raise RuleError(f"spending {n} experience needs {n} available, there are {self.available}")
        return attrs.evolve(self, spent=self.spent + n)

    def __str__(self) -> str:
        return f"experience {self.available} to spend ({self.earned} earned, {self.spent} spent)"


def _names(value: object) -> tuple[str, ...]:
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise TypeError(f"names must be an iterable of str, got {type(value).__name__} {clip(value)}")
    names = tuple(check_type(f"names[{i}]", name, str) for i, name in enumerate(value))
    if len(set(names)) != len(names):
        raise InvalidInput(f"names must not repeat a bond, got {list(names)}")
    return names


@frozen
class Bonds(_Boxes):
    """The bonds progress track: ten boxes, no rank; a tick for each bond.

    Attributes:
        ticks: Ticks filled, 0..40.
        names: Whom (or what community) each bond is with, as noted.

    Raises:
        InvalidInput: *ticks* outside 0..40, or a name repeated.
    """

    _derived: ClassVar[tuple[str, ...]] = ("score", "is_complete")

    ticks: int = int_field(low=0, high=MAX_TICKS, default=0)
    names: tuple[str, ...] = attrs.field(default=(), converter=_names)

    def forge(self, name: str) -> Bonds:
        """Forge a bond: note it and mark a tick ("make note of the bond, mark a tick on your bond progress track").

        Raises:
            RuleError: a bond with *name* is already noted.
            InvalidInput: *name* is empty.
        """
        check_type("name", name, str)
        if not name.strip():
            raise InvalidInput("name must say whom the bond is with")
        if name in self.names:
            raise RuleError(f"a bond with {name!r} is already noted")
        return Bonds(self._plus(1), (*self.names, name))

    def clear(self, name: str, *, keep_tick: bool = False) -> Bonds:
        """Clear the bond with *name* (Test Your Bond's miss).

        The rules say "clear the bond"; this library reads that as taking back its
        tick too (a bond *is* that tick), unless *keep_tick* says otherwise.

        Raises:
            RuleError: no bond with *name* is noted.
        """
        check_type("name", name, str)
        check_type("keep_tick", keep_tick, bool)
        if name not in self.names:
            raise RuleError(f"no bond with {name!r} is noted")
        ticks = self.ticks if keep_tick else max(0, self.ticks - 1)
        return Bonds(ticks, tuple(n for n in self.names if n != name))

    def __str__(self) -> str:
        return f"bonds {self.score}/10 ({_ticks(self.ticks)}): {', '.join(self.names) or 'none'}"


@frozen
class FailureTrack(_Boxes):
    """Delve's failure track: ten boxes, no rank, marked on misses.

    Attributes:
        ticks: Ticks filled, 0..40.
    """

    _derived: ClassVar[tuple[str, ...]] = ("score", "is_complete", "is_ready")

    ticks: int = int_field(low=0, high=MAX_TICKS, default=0)

    @property
    def is_ready(self) -> bool:
        """Whether Learn From Your Failures may be made: the track is +6 or greater."""
        return self.score >= FAILURE_TRACK_READY

    def mark_failure(self, *, progress_move: bool = False) -> FailureTrack:
        """Mark Your Failure: a tick for a miss, two for a miss on a progress move."""
        check_type("progress_move", progress_move, bool)
        return FailureTrack(self._plus(2 if progress_move else 1))

    def clear(self) -> FailureTrack:
        """Clear all progress (after Learn From Your Failures)."""
        return FailureTrack(0)

    def __str__(self) -> str:
        return f"failure track {self.score}/10 ({_ticks(self.ticks)})"


@frozen
class ClassicChallenge(Record):
    """A ranked track of a Classic kind: a vow, a journey, a fight, a delve site.

    Attributes:
        kind: Its :class:`ClassicTrackKind`.
        track: The ranked track; its name names the challenge.
    """

    kind: ClassicTrackKind = attrs.field(validator=of_type(ClassicTrackKind))
    track: ProgressTrack = attrs.field(validator=of_type(ProgressTrack))

    @property
    def name(self) -> str:
        """The track's name."""
        return self.track.name

    def __str__(self) -> str:
        return f"{self.kind}: {self.track}"


def _ticks(count: int) -> str:
    return f"{count} tick" if count == 1 else f"{count} ticks"
