"""An Ironsworn (Classic) character: stats, meters, momentum, debilities, experience, bonds, tracks.

Where a Starforged character has impacts and legacy tracks, a Classic one has
debilities, experience and a bonds track; its vows, journeys, fights and (with
Delve) sites are ranked tracks, and Delve adds the failure track. The action roll,
momentum's range and burn, and the progress roll are the same engine
(:meth:`ClassicCharacter.for_rolls` gives the view the shared rolls use).

Examples:
    >>> from tabletop_core.action_roll import Rank, Stats, resolve_progress
    >>> from tabletop_core.action_roll.classic import ClassicCharacter, ClassicTrackKind
    >>> hero = ClassicCharacter(Stats(edge=3, heart=2, iron=2, shadow=1, wits=1))
    >>> hero = hero.add_challenge(ClassicTrackKind.VOW, "Avenge my kin", Rank.FORMIDABLE)
    >>> hero = hero.mark_progress("Avenge my kin", times=7)
    >>> done = hero.complete("Avenge my kin", resolve_progress(progress_score=7, challenge_dice=(3, 5)))
    >>> done.experience.earned, done.challenges
    (3, ())
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

import attrs

from tabletop_core._frozen import frozen
from tabletop_core._record import Record
from tabletop_core._validate import check_type, of_type, one_line
from tabletop_core.action_roll.asset_state import AssetState
from tabletop_core.action_roll.character import PlayerCharacter, Stats
from tabletop_core.action_roll.classic.debilities import Debilities, Debility, _meter
from tabletop_core.action_roll.classic.tracks import (
    ADVANCE_NEW_ASSET,
    ADVANCE_UPGRADE,
    Bonds,
    ClassicChallenge,
    ClassicTrackKind,
    Experience,
    FailureTrack,
    classic_reward,
    continue_after_miss,
    failure_reward,
)
from tabletop_core.action_roll.datasworn import _data
from tabletop_core.action_roll.datasworn.assets import Asset
from tabletop_core.action_roll.impacts import Meter
from tabletop_core.action_roll.meters import Character, ConditionMeter, Party
from tabletop_core.action_roll.momentum import Momentum
from tabletop_core.action_roll.next_move import NextMoveAdd
from tabletop_core.action_roll.outcome import Outcome
from tabletop_core.action_roll.play import MoveResult
from tabletop_core.action_roll.progress import ProgressResult, ProgressTrack, Rank
from tabletop_core.errors import InvalidInput, RuleError

__all__ = ["ClassicCharacter"]

_RANKS = tuple(Rank)


def _meter_of(kind: Meter) -> ConditionMeter:
    return ConditionMeter.full(kind)


def _meter_kind(kind: Meter) -> Callable[[Any, Any, Any], None]:  # Any: an attrs validator
    def validate(_instance: Any, attribute: Any, value: Any) -> None:
        check_type(attribute.name, value, ConditionMeter)
        if value.kind is not kind:
            raise InvalidInput(f"{attribute.name} must be a {kind} meter, got {value.kind}")

    return validate


@frozen
class ClassicCharacter(Record):
    """A full Ironsworn (Classic) character.

    Attributes:
        stats: Edge, heart, iron, shadow, wits.
        health: Health 0..5 (starts at 5).
        spirit: Spirit 0..5 (starts at 5).
        supply: Supply 0..5 (starts at 5; shared with allies at the table).
        momentum: The momentum meter; its max and reset follow the debilities.
        debilities: The marked debilities.
        experience: Experience earned and spent.
        bonds: The bonds track.
        failure: Delve's failure track (an optional rule: leave it at 0 if unused).
        assets: The assets taken, with their meters.
        challenges: Vows, journeys, fights and delve sites, each on a named ranked track.
        name: Optional, for chat.
        next_move: A one-shot add held for the next action roll ("make another move now (not a
            progress move), and add +1"; Find an Opportunity's "add +1 and take +1 momentum on a
            hit"), if any: :func:`make_classic_move` gives it to the roll, :meth:`after_move` spends it.

    Raises:
        InvalidInput: momentum does not count the debilities, or two challenges share a name.
        TypeError: a part has the wrong type.
    """

    _derived: ClassVar[tuple[str, ...]] = ("max_momentum", "momentum_reset")

    stats: Stats = attrs.field(validator=of_type(Stats))
    health: ConditionMeter = attrs.field(factory=lambda: _meter_of(Meter.HEALTH), validator=_meter_kind(Meter.HEALTH))
    spirit: ConditionMeter = attrs.field(factory=lambda: _meter_of(Meter.SPIRIT), validator=_meter_kind(Meter.SPIRIT))
    supply: ConditionMeter = attrs.field(factory=lambda: _meter_of(Meter.SUPPLY), validator=_meter_kind(Meter.SUPPLY))
    momentum: Momentum = attrs.field(factory=Momentum, validator=of_type(Momentum))
    debilities: Debilities = attrs.field(factory=Debilities, validator=of_type(Debilities))
    experience: Experience = attrs.field(factory=Experience, validator=of_type(Experience))
    bonds: Bonds = attrs.field(factory=Bonds, validator=of_type(Bonds))
    failure: FailureTrack = attrs.field(factory=FailureTrack, validator=of_type(FailureTrack))
    assets: tuple[AssetState, ...] = _data.tuple_field(AssetState, default=())
    challenges: tuple[ClassicChallenge, ...] = _data.tuple_field(ClassicChallenge, default=())
    name: str = attrs.field(default="", validator=one_line())
    next_move: NextMoveAdd | None = attrs.field(default=None, validator=attrs.validators.optional(of_type(NextMoveAdd)))

    def __attrs_post_init__(self) -> None:
        if self.momentum.impacts != self.debilities.count:
            raise InvalidInput(
                f"momentum must count the {self.debilities.count} debilities marked, "
                f"got momentum with impacts={self.momentum.impacts} (use Debilities.apply_to)"
            )
        names = [challenge.name for challenge in self.challenges]
        if len(set(names)) != len(names):
            raise InvalidInput(f"challenges must have different names, got {names!r}")

    @property
    def max_momentum(self) -> int:
        """Max momentum: 10 minus one per debility."""
        return self.debilities.max_momentum

    @property
    def momentum_reset(self) -> int:
        """Momentum reset: +2, +1 with one debility, 0 with more."""
        return self.debilities.momentum_reset

    # -- the rolls' view -------------------------------------------------------------

    def for_rolls(self) -> PlayerCharacter:
        """This character as the shared rolls read one: stats, meters, momentum's value, assets.

        The action roll and progress roll are the same in both games; what a roll
        reads of a character (a stat, a meter, an asset's meter, momentum) is the
        same too. The view carries momentum's value, not its max and reset, which
        are this character's (a burn resets to :attr:`momentum_reset`).
        """
        sheet = Character(self.health, self.spirit, Momentum(self.momentum.value), name=self.name)
        return PlayerCharacter(self.stats, sheet=sheet, party=Party(self.supply), assets=self.assets)

    # -- meters, momentum, debilities -----------------------------------------------

    def _with_debilities(self, debilities: Debilities) -> ClassicCharacter:
        return attrs.evolve(self, debilities=debilities, momentum=debilities.apply_to(self.momentum))

    def mark_debility(self, debility: Debility | str) -> ClassicCharacter:
        """Mark a debility; max momentum and reset follow (momentum above the new max drops to it)."""
        return self._with_debilities(self.debilities.mark(debility))

    def clear_debility(self, debility: Debility | str) -> ClassicCharacter:
        """Clear a condition (see :meth:`Debilities.clear`)."""
        return self._with_debilities(self.debilities.clear(debility))

    def resolve_burden(self, debility: Debility | str) -> ClassicCharacter:
        """Clear a burden whose quest is complete (see :meth:`Debilities.resolve_burden`)."""
        return self._with_debilities(self.debilities.resolve_burden(debility))

    def _meter_field(self, meter: Meter | str) -> str:
        found = _meter(meter)
        if found not in (Meter.HEALTH, Meter.SPIRIT, Meter.SUPPLY):
            raise InvalidInput(f"meter must be health, spirit or supply, got {found}")
        return str(found.value)

    def suffer(self, meter: Meter | str, n: int) -> ClassicCharacter:
        """Suffer -n on health, spirit or supply (stopping at 0; the rest is in the meter's shortfall)."""
        field = self._meter_field(meter)
        return attrs.evolve(self, **{field: getattr(self, field).suffer(n)})

    def recover(self, meter: Meter | str, n: int) -> ClassicCharacter:
        """Take +n health, spirit or supply.

        Raises:
            RuleError: wounded, shaken or unprepared forbids raising that meter (nothing changes).
        """
        field = self._meter_field(meter)
        if self.debilities.blocks(field):
            blocker = next(d for d in self.debilities.marked if d.blocks is _meter(field))
            raise RuleError(f"{field} cannot be raised while {blocker} is marked")
        return attrs.evolve(self, **{field: getattr(self, field).recover(n)})

    def gain_momentum(self, n: int) -> ClassicCharacter:
        """Take +n momentum (stopping at max momentum)."""
        return attrs.evolve(self, momentum=self.momentum.gain(n))

    def lose_momentum(self, n: int) -> ClassicCharacter:
        """Suffer -n momentum (stopping at -6; the rest is in ``momentum.shortfall``)."""
        return attrs.evolve(self, momentum=self.momentum.lose(n))

    def with_momentum(self, momentum: Momentum) -> ClassicCharacter:
        """This character with *momentum*'s value (after a burn: ``burn_momentum(result, character.momentum)``)."""
        check_type("momentum", momentum, Momentum)
        return attrs.evolve(self, momentum=self.debilities.apply_to(Momentum(momentum.value, momentum.impacts)))

    # -- the next move ---------------------------------------------------------------

    def hold_next_move_add(self, add: NextMoveAdd) -> ClassicCharacter:
        """Hold *add* for the next action roll that takes it.

        Find an Opportunity's "take action now", a strong hit's "make another move now
        (not a progress move), and add +1" (read from a move by
        :func:`~tabletop_core.action_roll.next_move.next_move_add`).

        Raises:
            RuleError: an add is held already (make that move first, or :meth:`drop_next_move_add`).
        """
        check_type("add", add, NextMoveAdd)
        if self.next_move is not None:
            raise RuleError(f"{self.next_move} is held already: make that move first, or drop it")
        return attrs.evolve(self, next_move=add)

    def drop_next_move_add(self) -> ClassicCharacter:
        """Let the held add go (the moment passed without the move it was for)."""
        return attrs.evolve(self, next_move=None)

    def after_move(self, result: MoveResult) -> ClassicCharacter:
        """This character once *result*'s move is made: the held add it took is spent, with its momentum on a hit.

        A move that did not take the add (a progress roll, another move than the one it
        names) leaves it held. Nothing else of the outcome is applied: the move's text
        says what the player does.
        """
        check_type("result", result, MoveResult)
        held = self.next_move
        if held is None or result.action is None or result.automatic is not None:
            return self
        from tabletop_core.action_roll.datasworn.moves import RollType

        if not held.takes(result.move_id, result.move_name, RollType.ACTION_ROLL):
            return self
        after = attrs.evolve(self, next_move=None)
        if held.momentum_on_hit and result.outcome is not Outcome.MISS:
            after = after.gain_momentum(held.momentum_on_hit)
        return after

    # -- assets, experience ------------------------------------------------------------

    def add_asset(self, asset: Asset | AssetState) -> ClassicCharacter:
        """Take an asset (a Datasworn :class:`Asset` starts as :meth:`AssetState.from_asset`); no experience spent.

        Raises:
            RuleError: the character already has it.
        """
        state = AssetState.from_asset(asset) if isinstance(asset, Asset) else check_type("asset", asset, AssetState)
        if any(held.id == state.id for held in self.assets):
            raise RuleError(f"{self.name or 'the character'} already has {state.name}")
        return attrs.evolve(self, assets=(*self.assets, state))

    def earn_experience(self, n: int) -> ClassicCharacter:
        """Mark *n* experience."""
        return attrs.evolve(self, experience=self.experience.earn(n))

    def spend_experience(self, n: int) -> ClassicCharacter:
        """Spend *n* experience (a rarity's cost, say).

        Raises:
            RuleError: fewer are available.
        """
        return attrs.evolve(self, experience=self.experience.spend(n))

    def advance(self, *, new_asset: bool) -> ClassicCharacter:
        """Advance: spend 3 experience for a new asset (``new_asset=True``) or 2 to upgrade one.

        Taking the asset or marking the ability is :meth:`add_asset` or the asset's own state.

        Raises:
            RuleError: not enough experience is available (nothing changes).
        """
        check_type("new_asset", new_asset, bool)
        return self.spend_experience(ADVANCE_NEW_ASSET if new_asset else ADVANCE_UPGRADE)

    # -- bonds and the failure track ------------------------------------------------------

    def forge_bond(self, name: str) -> ClassicCharacter:
        """Note a bond with *name* and mark a tick on the bonds track (Forge a Bond's hit)."""
        return attrs.evolve(self, bonds=self.bonds.forge(name))

    def clear_bond(self, name: str, *, keep_tick: bool = False) -> ClassicCharacter:
        """Clear the bond with *name* (see :meth:`Bonds.clear`)."""
        return attrs.evolve(self, bonds=self.bonds.clear(name, keep_tick=keep_tick))

    def mark_failure(self, *, progress_move: bool = False) -> ClassicCharacter:
        """Mark Your Failure (Delve): a tick for a miss, two for a miss on a progress move."""
        return attrs.evolve(self, failure=self.failure.mark_failure(progress_move=progress_move))

    def learn_from_failures(self, result: ProgressResult) -> ClassicCharacter:
        """Apply Learn From Your Failures' roll: 3, 2 or 1 experience by outcome, and clear the failure track.

        Raises:
            RuleError: the failure track is below +6, or *result* was not rolled against it.
        """
        check_type("result", result, ProgressResult)
        if not self.failure.is_ready:
            raise RuleError(
                f"Learn From Your Failures needs a failure track of +6 or greater, it is {self.failure.score}"
            )
        if result.progress_score != self.failure.score:
            raise RuleError(
                f"the roll must be against the failure track ({self.failure.score}), got {result.progress_score}"
            )
        return attrs.evolve(
            self, failure=self.failure.clear(), experience=self.experience.earn(failure_reward(result.outcome))
        )

    # -- ranked tracks --------------------------------------------------------------------

    def add_challenge(self, kind: ClassicTrackKind, name: str, rank: Rank) -> ClassicCharacter:
        """Start a track: swear a vow, set out on a journey, enter a fight, discover a site.

        Raises:
            InvalidInput: a challenge already has that name, or the name is empty.
        """
        check_type("kind", kind, ClassicTrackKind)
        check_type("name", name, str)
        check_type("rank", rank, Rank)
        if not name.strip():
            raise InvalidInput("name must not be empty: challenges are found by name")
        if any(challenge.name == name for challenge in self.challenges):
            raise InvalidInput(f"a challenge is already named {name!r}")
        track = ProgressTrack(rank, name=name)
        return attrs.evolve(self, challenges=(*self.challenges, ClassicChallenge(kind, track)))

    def challenge(self, name: str) -> ClassicChallenge:
        """The challenge named *name*.

        Raises:
            InvalidInput: there is none.
        """
        check_type("name", name, str)
        for challenge in self.challenges:
            if challenge.name == name:
                return challenge
        names = ", ".join(repr(c.name) for c in self.challenges) or "none"
        raise InvalidInput(f"no challenge named {name!r} (the character has {names})")

    def _replace(self, name: str, new: ClassicChallenge | None) -> ClassicCharacter:
        self.challenge(name)
        kept = [c if c.name != name else new for c in self.challenges]
        return attrs.evolve(self, challenges=tuple(c for c in kept if c is not None))

    def mark_progress(self, name: str, *, times: int = 1) -> ClassicCharacter:
        """Mark progress on the challenge *name* (by its rank), *times* times."""
        challenge = self.challenge(name)
        return self._replace(name, attrs.evolve(challenge, track=challenge.track.mark(times=times)))

    def complete(self, name: str, result: ProgressResult) -> ClassicCharacter:
        """Apply the progress roll that resolves challenge *name*.

        On a hit the track is done: it is removed, and a vow marks its experience
        (:func:`classic_reward`). On a miss nothing changes here: the player goes on
        (:meth:`continue_after_miss`), forsakes the vow, or pays the price, as the move says.

        Raises:
            InvalidInput: no challenge has that name, or *result*'s score is not the track's.
        """
        check_type("result", result, ProgressResult)
        challenge = self.challenge(name)
        if result.progress_score != challenge.track.score:
            raise InvalidInput(
                f"result must be rolled against {name!r} (progress score {challenge.track.score}), "
                f"got a progress score of {result.progress_score}"
            )
        if result.outcome is Outcome.MISS:
            return self
        reward = classic_reward(challenge.kind, challenge.track.rank, result.outcome)
        return attrs.evolve(self._replace(name, None), experience=self.experience.earn(reward))

    def continue_after_miss(self, name: str) -> ClassicCharacter:
        """After a miss, go on: one filled box stays, the rank rises by one (see :func:`continue_after_miss`)."""
        challenge = self.challenge(name)
        return self._replace(name, attrs.evolve(challenge, track=continue_after_miss(challenge.track)))

    def forsake_vow(self, name: str) -> ClassicCharacter:
        """Forsake Your Vow: clear the vow and suffer -spirit equal to its rank (troublesome 1 .. epic 5).

        Endure Stress is then rolled as a move; the spirit is suffered here, first.

        Raises:
            InvalidInput: no challenge has that name, or it is not a vow.
        """
        challenge = self.challenge(name)
        if challenge.kind is not ClassicTrackKind.VOW:
            raise InvalidInput(f"{name!r} is a {challenge.kind}, not a vow")
        loss = _RANKS.index(challenge.track.rank) + 1
        return self._replace(name, None).suffer(Meter.SPIRIT, loss)

    def __str__(self) -> str:
        parts = [
            f"{self.health}, {self.spirit}, {self.supply}, {self.momentum}",
            str(self.stats),
            str(self.debilities),
            str(self.experience),
            str(self.bonds),
        ]
        parts += [str(asset) for asset in self.assets]
        parts += [f"{c.kind} {c.name!r} {c.track.score}/10" for c in self.challenges]
        if self.next_move is not None:
            parts.append(f"held: {self.next_move}")
        line = "; ".join(parts)
        return f"{self.name}: {line}" if self.name else line
