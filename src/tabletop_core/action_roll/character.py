"""A full Starforged character: stats, meters, momentum, impacts, assets, legacy and challenge tracks.

:class:`PlayerCharacter` puts together what the other modules keep one by
one: the :class:`~tabletop_core.action_roll.Character` sheet (health, spirit,
momentum, impacts), the :class:`~tabletop_core.action_roll.Party` supply,
five :class:`Stats`, assets with their meters, the three legacy tracks, and
vow / connection / expedition / combat tracks by kind (:class:`Challenge`).
Completing a track pays into a legacy track as the Starforged rules say
(:func:`legacy_reward`).

Examples:
    >>> from tabletop_core.action_roll import PlayerCharacter, Stats, TrackKind, Rank, resolve_progress
    >>> hero = PlayerCharacter(Stats(edge=3, heart=2, iron=2, shadow=1, wits=1))
    >>> hero = hero.add_challenge(TrackKind.VOW, "Find the lost fleet", Rank.DANGEROUS).mark_progress(
    ...     "Find the lost fleet", times=4)
    >>> done = hero.complete("Find the lost fleet", resolve_progress(progress_score=8, challenge_dice=(3, 5)))
    >>> done.quests.ticks, done.challenges
    (2, ())
"""

from __future__ import annotations

import fnmatch
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

import attrs

from tabletop_core._enum import Enum
from tabletop_core._frozen import frozen
from tabletop_core._record import Record
from tabletop_core._validate import check_type, clip, int_field, of_type
from tabletop_core.action_roll.action import MAX_STAT
from tabletop_core.action_roll.asset_state import AssetMeter, AssetState
from tabletop_core.action_roll.challenge import challenge_pair
from tabletop_core.action_roll.clocks import Clock
from tabletop_core.action_roll.datasworn import _data
from tabletop_core.action_roll.datasworn.assets import Asset
from tabletop_core.action_roll.datasworn.ids import matches as id_matches
from tabletop_core.action_roll.datasworn.moves import RollOption
from tabletop_core.action_roll.impacts import Impact
from tabletop_core.action_roll.meters import Character, Party
from tabletop_core.action_roll.momentum import Momentum
from tabletop_core.action_roll.outcome import Outcome
from tabletop_core.action_roll.progress import (
    TICKS_PER_BOX,
    Legacy,
    LegacyTrack,
    ProgressResult,
    ProgressTrack,
    Rank,
)
from tabletop_core.errors import InvalidInput, RuleError
from tabletop_core.rng import dice_source

if TYPE_CHECKING:
    from tabletop_core.rng import RngLike  # the alias imports numpy at run time: annotations only

__all__ = [
    "AssetMeter",
    "AssetState",
    "Challenge",
    "PlayerCharacter",
    "Stat",
    "Stats",
    "TrackKind",
    "legacy_reward",
]


class Stat(Enum):
    """The five stats of a Starforged character."""

    EDGE = "edge"
    HEART = "heart"
    IRON = "iron"
    SHADOW = "shadow"
    WITS = "wits"

    def __str__(self) -> str:
        return self.value


@frozen
class Stats(Record):
    """Edge, heart, iron, shadow and wits (Starforged starts them at 3, 2, 2, 1, 1 in an order you pick).

    Each is 0..10 (the largest stat an action roll takes): the rules
    give 1..3 at creation and let some assets raise them.
    """

    edge: int = int_field(low=0, high=MAX_STAT)
    heart: int = int_field(low=0, high=MAX_STAT)
    iron: int = int_field(low=0, high=MAX_STAT)
    shadow: int = int_field(low=0, high=MAX_STAT)
    wits: int = int_field(low=0, high=MAX_STAT)

    def __getitem__(self, stat: Stat | str) -> int:
        """The value of *stat* (a :class:`Stat` or its name)."""
        key = _stat(stat)
        return int(getattr(self, key.value))

    def __str__(self) -> str:
        return ", ".join(f"{stat} {self[stat]}" for stat in Stat)


def _stat(stat: Stat | str) -> Stat:
    if isinstance(stat, Stat):
        return stat
    if not isinstance(stat, str):
        raise TypeError(f"stat must be a Stat or its name, got {type(stat).__name__} {stat!r}")
    try:
        return Stat(stat.strip().lower())
    except ValueError:
        raise InvalidInput(f"stat must be one of edge, heart, iron, shadow, wits, got {stat!r}") from None


class TrackKind(Enum):
    """The kinds of progress track a Starforged character keeps, each with the legacy it pays into."""

    VOW = "vow"
    CONNECTION = "connection"
    EXPEDITION = "expedition"
    COMBAT = "combat"
    SCENE_CHALLENGE = "scene challenge"

    def __str__(self) -> str:
        return self.value

    @property
    def legacy(self) -> Legacy | None:
        """The legacy track completing this kind pays into: vows quests, connections bonds, expeditions discoveries."""
        return _LEGACY_OF.get(self)


_LEGACY_OF = {
    TrackKind.VOW: Legacy.QUESTS,
    TrackKind.CONNECTION: Legacy.BONDS,
    TrackKind.EXPEDITION: Legacy.DISCOVERIES,
}
_RANKS = tuple(Rank)
_FROM_ASSETS = ("asset_control", "attached_asset_control", "asset_option")
_VEHICLE_TROUBLES = {"battered": Impact.BATTERED, "cursed": Impact.CURSED}


def _answers_to(held: AssetState, test: int, wanted: str, tail: str) -> bool:
    """Whether *held* answers to *wanted* by id (0), name (1), end of id (2) or the name written on it (3)."""
    if test == 0:
        return held.id.casefold() == wanted
    if test == 1:
        return held.name.casefold() == wanted
    if test == 2:
        return held.id.casefold().endswith(tail)
    written = held.option("name")
    return written is not None and (written.value or "").casefold() == wanted


def legacy_reward(kind: TrackKind, rank: Rank, outcome: Outcome, *, full_reward: bool = False) -> int:
    """Ticks a completed track pays into its legacy track (see :attr:`TrackKind.legacy`).

    From the Starforged progress moves: a strong hit marks the full reward for
    the rank (troublesome 1 tick, dangerous 2 ticks, formidable 1 box,
    extreme 2 boxes, epic 3 boxes); a miss marks nothing. On a weak hit:

    * Fulfill Your Vow: the reward one rank lower (none for troublesome),
      or the full reward if you swear an iron vow to set things right
      (``full_reward=True``);
    * Forge a Bond: the full reward, once you do what they ask;
    * Finish an Expedition: the reward one rank lower (none for troublesome).

    Combat and scene challenges pay no legacy reward.

    Raises:
        TypeError: an argument has the wrong type.

    Examples:
        >>> legacy_reward(TrackKind.EXPEDITION, Rank.EXTREME, Outcome.WEAK_HIT)
        4
    """
    check_type("kind", kind, TrackKind)
    check_type("rank", rank, Rank)
    check_type("outcome", outcome, Outcome)
    check_type("full_reward", full_reward, bool)
    if kind.legacy is None or outcome is Outcome.MISS:
        return 0
    if outcome is Outcome.STRONG_HIT or kind is TrackKind.CONNECTION or full_reward:
        return rank.legacy_reward
    index = _RANKS.index(rank)
    return 0 if index == 0 else _RANKS[index - 1].legacy_reward


@frozen
class Challenge(Record):
    """A progress track of a kind: a vow, a connection, an expedition, a fight, a scene challenge.

    Attributes:
        kind: The :class:`TrackKind`.
        track: The ranked track; its name names the challenge.
        clock: A clock kept beside the track, if any (a scene challenge's tension
            clock; foundry-ironsworn lets any progress track have one).
    """

    _optional_keys: ClassVar[tuple[str, ...]] = ("clock",)

    kind: TrackKind = attrs.field(validator=of_type(TrackKind))
    track: ProgressTrack = attrs.field(validator=of_type(ProgressTrack))
    clock: Clock | None = attrs.field(default=None, validator=attrs.validators.optional(of_type(Clock)))

    @property
    def name(self) -> str:
        """The track's name."""
        return self.track.name

    def __str__(self) -> str:
        clock = f"; clock {self.clock.filled}/{self.clock.segments}" if self.clock is not None else ""
        return f"{self.kind}: {self.track}{clock}"


def _quests() -> LegacyTrack:
    return LegacyTrack(Legacy.QUESTS)


def _bonds() -> LegacyTrack:
    return LegacyTrack(Legacy.BONDS)


def _discoveries() -> LegacyTrack:
    return LegacyTrack(Legacy.DISCOVERIES)


@frozen
class PlayerCharacter(Record):
    """A full Starforged character.

    Attributes:
        stats: Edge, heart, iron, shadow, wits.
        sheet: Health, spirit, momentum, impacts and name (a :class:`Character`).
        party: The supply shared with allies (a :class:`Party`; a solo character's own).
        assets: The assets taken, with their meters.
        quests: The quests legacy track.
        bonds: The bonds legacy track.
        discoveries: The discoveries legacy track.
        challenges: Vows, connections, expeditions, fights and scene challenges, each on a named track.

    Raises:
        InvalidInput: a legacy track is in the wrong field, two challenges share a name, an
            asset is held twice, a module is attached to an asset not held, or a vehicle
            has more attached than it takes.
        TypeError: a part has the wrong type.
    """

    _derived: ClassVar[tuple[str, ...]] = ("experience",)

    stats: Stats = attrs.field(validator=of_type(Stats))
    sheet: Character = attrs.field(factory=Character, validator=of_type(Character))
    party: Party = attrs.field(factory=Party, validator=of_type(Party))
    assets: tuple[AssetState, ...] = _data.tuple_field(AssetState, default=())
    quests: LegacyTrack = attrs.field(factory=_quests, validator=of_type(LegacyTrack))
    bonds: LegacyTrack = attrs.field(factory=_bonds, validator=of_type(LegacyTrack))
    discoveries: LegacyTrack = attrs.field(factory=_discoveries, validator=of_type(LegacyTrack))
    challenges: tuple[Challenge, ...] = _data.tuple_field(Challenge, default=())

    def __attrs_post_init__(self) -> None:
        for legacy in Legacy:
            if getattr(self, legacy.value).legacy is not legacy:
                raise InvalidInput(f"{legacy.value} must be the {legacy} legacy track")
        names = [challenge.name for challenge in self.challenges]
        if len(set(names)) != len(names):
            raise InvalidInput(f"challenges must have different names, got {names!r}")
        self._check_assets()

    def _check_assets(self) -> None:
        """What :meth:`add_asset` and :meth:`attach` hold, held by a file edited by hand too."""
        held = {asset.id: asset for asset in self.assets}
        if len(held) != len(self.assets):
            twice = sorted({a.name for a in self.assets if sum(b.id == a.id for b in self.assets) > 1})
            raise InvalidInput(f"assets must be different: {', '.join(twice)} held more than once")
        for asset in self.assets:
            carrier = held.get(asset.attached_to) if asset.attached_to is not None else None
            if asset.attached_to is not None and (carrier is None or carrier is asset):
                raise InvalidInput(
                    f"{asset.name} is attached to {clip(asset.attached_to)}, which the character does not hold"
                )
        for carrier in self.assets:
            aboard = [a.name for a in self.assets if a.attached_to == carrier.id]
            if carrier.attachments_max is not None and len(aboard) > carrier.attachments_max:
                raise InvalidInput(
                    f"{carrier.name} takes {carrier.attachments_max} attached asset(s), has {', '.join(aboard)}"
                )

    @property
    def name(self) -> str:
        """The character's name."""
        return self.sheet.name

    @property
    def momentum(self) -> Momentum:
        """The momentum meter."""
        return self.sheet.momentum

    def legacy(self, legacy: Legacy) -> LegacyTrack:
        """The legacy track *legacy*."""
        return getattr(self, check_type("legacy", legacy, Legacy).value)  # type: ignore[no-any-return]

    @property
    def experience(self) -> int:
        """Experience earned on the three legacy tracks (2 per filled box)."""
        return self.quests.xp + self.bonds.xp + self.discoveries.xp

    def value_of(self, option: RollOption, *, asset: str | None = None) -> int:
        """What *option* adds to an action roll for this character: a stat, a meter, an asset control or a value.

        An asset control (``roll +integrity``, ``roll +its health``) reads the meter of
        the asset *asset* names (its id or name), or of the first asset that has it
        (see :meth:`asset_values` for all of them). A control of the asset a module is
        attached to (``attached_asset_control``: Overseer's "roll +integrity") reads the
        vehicle's meter. An asset option (Devotant's "roll +linked stat") reads the
        stat written on the card.

        Raises:
            RuleError: the character has no asset providing the control (or it is out
                of use), or the asset's option is blank.
            InvalidInput: the option is not one an action roll can use.
            TypeError: *option* is not a RollOption.
        """
        check_type("option", option, RollOption)
        if option.using == "stat" and option.key is not None:
            return self.stats[option.key]
        if option.using == "condition_meter":
            if option.key == "health":
                return self.sheet.health.value
            if option.key == "spirit":
                return self.sheet.spirit.value
            if option.key == "supply":
                return self.party.supply.value
            raise InvalidInput(f"condition meter must be health, spirit or supply, got {option.key!r}")
        if option.using == "custom" and option.value is not None:
            return option.value
        if option.using in _FROM_ASSETS and option.key is not None:
            found = self.asset_values(option)
            if asset is not None:
                wanted = self.asset(asset).id
                found = tuple(pair for pair in found if pair[0].id == wanted)
            if found:
                return found[0][1]
            raise RuleError(self._no_asset_for(option, asset))
        raise InvalidInput(f"an action roll cannot use {option.label!r} ({option.using})")

    def _no_asset_for(self, option: RollOption, asset: str | None) -> str:
        wanted = asset or ", ".join(option.assets) or "any asset"
        if option.using == "asset_option":
            holders = [a for a in self._matching(option) if a.option(option.key or "") is not None]
            if holders:
                return f"write in the {option.label} of {holders[0].name} first (set_option)"
            return f"no asset of this character ({wanted}) has a {option.label} to roll"
        idle = [a for a in self._matching(option) if a.is_out_of_use]
        if idle:
            return f"{idle[0].name} is out of use ({', '.join(idle[0].marked)})"
        if option.using == "attached_asset_control":
            modules = self._matching(option)
            if modules and all(m.attached_to is None for m in modules):
                return f"{modules[0].name} is attached to no vehicle (attach it first)"
            return f"no vehicle carrying {wanted} has a {option.key} meter to roll"
        return f"no asset of this character ({wanted}) has a {option.key} meter to roll"

    def _matching(self, option: RollOption) -> list[AssetState]:
        return [
            held
            for held in self.assets
            if not option.assets
            or any(fnmatch.fnmatchcase(held.id, p) or id_matches(held.id, p) for p in option.assets)
        ]

    def asset_values(self, option: RollOption) -> tuple[tuple[AssetState, int], ...]:
        """Every held asset that gives *option* a value, with that value, in the order the assets were taken.

        For ``asset_control`` the assets with that meter (each vehicle, each companion),
        for ``attached_asset_control`` each module with the meter of the vehicle it is
        attached to, for ``asset_option`` each asset with that option written in.
        An asset out of use (a companion out of action, a broken module) gives none.

        Raises:
            TypeError: *option* is not a RollOption.
        """
        check_type("option", option, RollOption)
        if option.using not in _FROM_ASSETS or option.key is None:
            return ()
        found: list[tuple[AssetState, int]] = []
        for held in self._matching(option):
            if held.is_out_of_use:
                continue
            if option.using == "asset_control":
                meter = held.meter(option.key)
                if meter is not None:
                    found.append((held, meter.value))
            elif option.using == "attached_asset_control":
                vehicle = self._vehicle_of(held)
                meter = None if vehicle is None or vehicle.is_out_of_use else vehicle.meter(option.key)
                if meter is not None:
                    found.append((held, meter.value))
            else:
                value = self._option_value(held, option.key)
                if value is not None:
                    found.append((held, value))
        return tuple(found)

    def _vehicle_of(self, module: AssetState) -> AssetState | None:
        if module.attached_to is None:
            return None
        return next((held for held in self.assets if held.id == module.attached_to), None)

    def _option_value(self, held: AssetState, key: str) -> int | None:
        written = held.option(key)
        choice = None if written is None else written.choice()
        if choice is None or choice.using == "asset_option":
            return None
        try:
            return self.value_of(choice)
        except (RuleError, InvalidInput):
            return None

    def asset(self, key: str) -> AssetState:
        """The held asset *key* names: its id, its name (any case), the end of its id, or the name written on it.

        Raises:
            InvalidInput: no held asset (or several) answers to *key*.
            TypeError: *key* is not a str.
        """
        check_type("key", key, str)
        wanted = key.strip().casefold()
        tail = "/" + wanted.replace(" ", "_")
        for test in range(4):
            found = [held for held in self.assets if _answers_to(held, test, wanted, tail)]
            if len(found) == 1:
                return found[0]
            if found:
                raise InvalidInput(f"asset {key!r} is ambiguous: give one of {', '.join(a.id for a in found)}")
        names = ", ".join(held.name for held in self.assets) or "none"
        raise InvalidInput(f"the character has no asset {key!r} (it has {names})")

    def add_asset(self, asset: Asset | AssetState) -> PlayerCharacter:
        """Take an asset (a Datasworn :class:`Asset` starts as :meth:`AssetState.from_asset`).

        Raises:
            RuleError: the character already has it.
        """
        state = AssetState.from_asset(asset) if isinstance(asset, Asset) else check_type("asset", asset, AssetState)
        if any(held.id == state.id for held in self.assets):
            raise RuleError(f"{self.name or 'the character'} already has {state.name}")
        return attrs.evolve(self, assets=(*self.assets, state))._with_vehicle_troubles(())

    def update_asset(self, asset: AssetState) -> PlayerCharacter:
        """Replace the held asset with the same id by *asset* (after :meth:`AssetState.set_meter`, ``mark``, ...).

        A vehicle trouble checked or cleared on a card (battered, cursed) is marked
        or cleared on the character's impacts too: it counts while aboard.

        Raises:
            InvalidInput: the character has no asset with that id.
        """
        check_type("asset", asset, AssetState)
        old = next((held for held in self.assets if held.id == asset.id), None)
        if old is None:
            raise InvalidInput(f"the character has no asset {asset.id!r}")
        changed = attrs.evolve(self, assets=tuple(asset if held.id == asset.id else held for held in self.assets))
        return changed._with_vehicle_troubles(old.impacts)

    def _with_vehicle_troubles(self, before: Sequence[str]) -> PlayerCharacter:
        """The sheet's battered and cursed impacts following the cards' boxes (a card's change, *before* it)."""
        sheet = self.sheet
        held = {key for asset in self.assets for key in asset.impacts}
        for key, impact in _VEHICLE_TROUBLES.items():
            marked = sheet.impacts.is_marked(impact)
            if key in held and not marked:
                sheet = sheet.mark_impact(impact)
            elif key in before and key not in held and marked and impact is not Impact.CURSED:
                sheet = sheet.clear_impact(impact)
        return self if sheet is self.sheet else attrs.evolve(self, sheet=sheet)

    def attach(self, module: str, vehicle: str) -> PlayerCharacter:
        """Attach the held module *module* to the held vehicle *vehicle* (by id or name).

        Raises:
            InvalidInput: either is not held.
            RuleError: the vehicle takes no such asset, or has as many as it takes.
        """
        part, carrier = self.asset(module), self.asset(vehicle)
        if part.id == carrier.id:
            raise RuleError(f"{part.name} cannot be attached to itself")
        aboard = [held for held in self.assets if held.attached_to == carrier.id and held.id != part.id]
        if carrier.attachments_max is not None and len(aboard) >= carrier.attachments_max:
            names = ", ".join(held.name for held in aboard)
            raise RuleError(f"{carrier.name} takes {carrier.attachments_max} attached asset(s) and has {names}")
        return self.update_asset(part.attach_to(carrier))

    def refresh_assets(self, assets: Mapping[str, Asset] | Any) -> PlayerCharacter:
        """Every held asset read again from *assets* (a Ruleset or its ``assets``), keeping what was marked and written.

        A character saved by an older release keeps the readings of its abilities made
        then; this brings them up to date (see :meth:`AssetState.refreshed`). Assets
        *assets* does not have are kept as they are.
        """
        found = getattr(assets, "assets", assets)
        if not isinstance(found, Mapping):
            raise TypeError(f"assets must be a Ruleset or a mapping of id to Asset, got {type(assets).__name__}")
        fresh = tuple(held.refreshed(found[held.id]) if held.id in found else held for held in self.assets)
        return attrs.evolve(self, assets=fresh)

    def add_challenge(self, kind: TrackKind, name: str, rank: Rank, *, clock: int | None = None) -> PlayerCharacter:
        """Start a track: swear a vow, make a connection, undertake an expedition, enter a fight.

        Args:
            kind: The kind of track.
            name: Its name (challenges are found by it).
            rank: Its rank.
            clock: Segments of a clock kept beside the track (a scene challenge's
                tension clock: 4 or 6), or ``None`` for none.

        Raises:
            InvalidInput: a challenge already has that name, the name is empty, or
                the clock has no segments.
        """
        check_type("kind", kind, TrackKind)
        check_type("name", name, str)
        check_type("rank", rank, Rank)
        if not name.strip():
            raise InvalidInput("name must not be empty: challenges are found by name")
        if any(challenge.name == name for challenge in self.challenges):
            raise InvalidInput(f"a challenge is already named {name!r}")
        beside = None if clock is None else Clock(name, clock)
        challenge = Challenge(kind, ProgressTrack(rank, name=name), beside)
        return attrs.evolve(self, challenges=(*self.challenges, challenge))

    def advance_clock(self, name: str, n: int = 1) -> PlayerCharacter:
        """Fill *n* segments of the clock beside challenge *name*.

        Raises:
            InvalidInput: no such challenge.
            RuleError: it has no clock, or the clock would pass its last segment.
        """
        challenge = self.challenge(name)
        if challenge.clock is None:
            raise RuleError(f"challenge {name!r} keeps no clock (add_challenge(..., clock=4) gives it one)")
        return self._replace(name, attrs.evolve(challenge, clock=challenge.clock.advance(n)))

    def challenge(self, name: str) -> Challenge:
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

    def _replace(self, name: str, new: Challenge | None) -> PlayerCharacter:
        self.challenge(name)
        kept: list[Challenge] = []
        for challenge in self.challenges:
            if challenge.name != name:
                kept.append(challenge)
            elif new is not None:
                kept.append(new)
        return attrs.evolve(self, challenges=tuple(kept))

    def mark_progress(self, name: str, *, times: int = 1) -> PlayerCharacter:
        """Mark progress on the challenge *name* (by its rank), *times* times."""
        challenge = self.challenge(name)
        return self._replace(name, attrs.evolve(challenge, track=challenge.track.mark(times=times)))

    def complete(self, name: str, result: ProgressResult, *, full_reward: bool = False) -> PlayerCharacter:
        """Apply the progress roll that resolves challenge *name*.

        On a hit the track is done: it is removed and its legacy reward (see
        :func:`legacy_reward`) is marked. On a miss nothing changes here: the
        player recommits or gives up (the moves say which).

        Raises:
            InvalidInput: no challenge has that name, or *result*'s progress
                score is not the track's.
            TypeError: *result* is not a ProgressResult.
        """
        challenge = self.challenge(name)
        check_type("result", result, ProgressResult)
        if result.progress_score != challenge.track.score:
            raise InvalidInput(
                f"result must be a roll of this track's progress score {challenge.track.score}, "
                f"got {result.progress_score}"
            )
        if result.outcome is Outcome.MISS:
            return self
        ticks = legacy_reward(challenge.kind, challenge.track.rank, result.outcome, full_reward=full_reward)
        done = self._replace(name, None)
        legacy = challenge.kind.legacy
        if legacy is None or not ticks:
            return done
        marked = done.legacy(legacy).mark(ticks)
        if legacy is Legacy.QUESTS:
            return attrs.evolve(done, quests=marked)
        if legacy is Legacy.BONDS:
            return attrs.evolve(done, bonds=marked)
        return attrs.evolve(done, discoveries=marked)

    def recommit(
        self, name: str, *, challenge_dice: Sequence[int] | None = None, rng: RngLike = None
    ) -> tuple[PlayerCharacter, tuple[int, int]]:
        """Recommit to challenge *name* after a miss on its progress move.

        From Fulfill Your Vow, Forge a Bond and Finish an Expedition: roll both
        challenge dice, take the lowest value, clear that many progress boxes,
        then raise the rank by one (if not already epic).

        Args:
            name: The challenge.
            challenge_dice: The two d10 if already rolled; else they are drawn from *rng*.
            rng: Where the dice come from (see :func:`~tabletop_core.dice_source`).

        Returns:
            ``(character, challenge_dice)``.

        Raises:
            InvalidInput: no challenge has that name, or a die is not 1..10.
            TypeError: an argument has the wrong type.

        Examples:
            >>> from tabletop_core.action_roll import Rank
            >>> hero = PlayerCharacter(Stats(edge=3, heart=2, iron=2, shadow=1, wits=1))
            >>> hero = hero.add_challenge(TrackKind.VOW, "Oath", Rank.DANGEROUS).mark_progress("Oath", times=3)
            >>> again, dice = hero.recommit("Oath", challenge_dice=(7, 2))
            >>> print(again.challenge("Oath").track)
            Oath (formidable): [■■■■······] 16/40 ticks, progress score 4
        """
        challenge = self.challenge(name)
        if challenge_dice is None:
            first, second = dice_source(rng).roll_each((10, 10))
        else:
            first, second = challenge_pair(challenge_dice)
        track = challenge.track
        boxes = min(first, second)
        ticks = max(0, track.ticks - boxes * TICKS_PER_BOX)
        index = _RANKS.index(track.rank)
        rank = _RANKS[min(index + 1, len(_RANKS) - 1)]
        new = attrs.evolve(challenge, track=attrs.evolve(track, ticks=ticks, rank=rank))
        return self._replace(name, new), (first, second)

    def __str__(self) -> str:
        parts = [str(self.sheet), str(self.stats), f"supply {self.party.supply.value}/5"]
        parts += [str(asset) for asset in self.assets]
        parts += [
            f"{c.kind} {c.name!r} {c.track.score}/10"
            + (f" (clock {c.clock.filled}/{c.clock.segments})" if c.clock else "")
            for c in self.challenges
        ]
        return "; ".join(parts)
