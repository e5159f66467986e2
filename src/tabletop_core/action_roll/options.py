"""What a move offers a character: its options (and those the character's assets add), and how each is read.

:func:`move_options` lists the ways to make a move with what each adds for a
character; :func:`move_enhancements` what the marked abilities of the
character's assets change about it. The helpers here pick an option and find
what it rolls, for :func:`~tabletop_core.action_roll.make_move` and
:func:`~tabletop_core.action_roll.move_odds`.

Examples:
    >>> from tabletop_core.action_roll import PlayerCharacter, Stats, move_options
    >>> from tabletop_core.action_roll.datasworn import Move, RollOption, RollType, TriggerCondition
    >>> move = Move("m", "Pick", RollType.ACTION_ROLL, conditions=[TriggerCondition("highest",
    ...     [RollOption("stat", "iron"), RollOption("condition_meter", "health")])])
    >>> [str(o) for o in move_options(move, PlayerCharacter(Stats(edge=3, heart=2, iron=2, shadow=1, wits=1)))]
    ['highest of iron, health (+5)']
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, ClassVar

import attrs

from tabletop_core._frozen import frozen
from tabletop_core._record import Record
from tabletop_core._validate import check_int, check_type, of_type
from tabletop_core.action_roll.ability_play import before_roll_adds
from tabletop_core.action_roll.action import MAX_ADDS
from tabletop_core.action_roll.character import PlayerCharacter, TrackKind
from tabletop_core.action_roll.datasworn.enhancements import MoveEnhancement
from tabletop_core.action_roll.datasworn.moves import Move, RollOption, RollType, TriggerCondition
from tabletop_core.action_roll.progress import Legacy, LegacyTrack, ProgressTrack
from tabletop_core.action_roll.use_spec import UseSpec, claimed, not_changed
from tabletop_core.errors import InvalidInput, RuleError

__all__ = ["MoveOption", "move_enhancements", "move_options"]

_PICKS = {"highest": "highest of", "lowest": "lowest of", "all": "each of"}
_LEGACIES = {"quests_legacy": Legacy.QUESTS, "bonds_legacy": Legacy.BONDS, "discoveries_legacy": Legacy.DISCOVERIES}


@frozen
class MoveOption(Record):
    """One way to make a move: a trigger condition and the roll option it uses.

    Attributes:
        condition: Index of the trigger condition in :attr:`Move.conditions`.
        option: Index of the roll option in that condition; ``None`` when the
            condition takes the highest or lowest of its options, or gives an
            automatic outcome.
        label: What the option rolls: ``edge``, ``health``, ``highest of iron, health``,
            ``progress track``, ``automatic strong hit``.
        value: What it adds for this character (``None``: a progress roll,
            an automatic outcome, or not available to this character).
        reason: Why it is not available, when it is not.
        source: For an option an asset ability adds: the index of that
            ability's enhancement in :func:`move_enhancements` (*condition*
            then indexes its conditions); ``None`` for the move's own options.
        asset: For an option read from an asset (its meter, the meter of the
            vehicle it is attached to, an option written on it), that asset's id:
            each vehicle and each companion that can roll is its own option.
    """

    _optional_keys: ClassVar[tuple[str, ...]] = ("source", "asset")  # source: added after format 1

    condition: int = attrs.field(validator=lambda _i, _a, v: check_int("condition", v, low=0))
    option: int | None = attrs.field(
        validator=attrs.validators.optional(lambda _i, _a, v: check_int("option", v, low=0))
    )
    label: str = attrs.field(validator=of_type(str))
    value: int | None = attrs.field(
        default=None, validator=attrs.validators.optional(lambda _i, _a, v: check_int("value", v))
    )
    reason: str = attrs.field(default="", validator=of_type(str))
    source: int | None = attrs.field(
        default=None, validator=attrs.validators.optional(lambda _i, _a, v: check_int("source", v, low=0))
    )
    asset: str | None = attrs.field(default=None, validator=attrs.validators.optional(of_type(str)))

    def __str__(self) -> str:
        text = self.label if self.value is None else f"{self.label} (+{self.value})"
        return f"{text}: {self.reason}" if self.reason else text


_FROM_ASSETS = ("asset_control", "attached_asset_control", "asset_option")


def _value(character: PlayerCharacter | None, option: RollOption) -> tuple[int | None, str]:
    if character is None:
        return None, ""
    if option.using in _FROM_ASSETS:  # the best any asset gives (a pick of highest / lowest)
        found = character.asset_values(option)
        if found:
            return max(value for _, value in found), ""
    try:
        return character.value_of(option), ""
    except (RuleError, InvalidInput) as error:
        return None, str(error)


def _asset_tag(character: PlayerCharacter, held: Any, option: RollOption) -> str:
    """How an option read from *held* is named: the asset, and for a module the vehicle it reads."""
    if option.using == "attached_asset_control" and held.attached_to is not None:
        vehicle = next((a for a in character.assets if a.id == held.attached_to), None)
        if vehicle is not None:
            return f"{held.title} on {vehicle.title}"
    return str(held.title)


def _per_asset(
    character: PlayerCharacter | None, index: int, position: int, option: RollOption, tag: str, source: int | None
) -> list[MoveOption]:
    """One option per asset that gives *option* a value; one option with the reason when none does."""
    if character is not None:
        found = character.asset_values(option)
        if found:
            # An ability's own option ("roll +its health") is named by its asset already; a module's
            # option names the vehicle it reads too; the move's own options name each asset.
            plain = bool(tag) and len(found) == 1 and option.using != "attached_asset_control"
            return [
                MoveOption(
                    index,
                    position,
                    option.label + (tag if plain else f" ({_asset_tag(character, held, option)})"),
                    value,
                    source=source,
                    asset=held.id,
                )
                for held, value in found
            ]
    value, reason = _value(character, option)
    return [MoveOption(index, position, option.label + tag, value, reason, source=source)]


def move_enhancements(move: Move, character: PlayerCharacter) -> tuple[MoveEnhancement, ...]:
    """What the marked abilities of *character*'s assets change about *move*, in asset order.

    Each is a :class:`~tabletop_core.action_roll.datasworn.MoveEnhancement`:
    an extra roll option or automatic outcome (also listed by
    :func:`move_options`), adds or a reroll the player claims with
    ``make_move(..., use=...)`` when its circumstance holds.

    Raises:
        TypeError: *move* is not a Move or *character* not a PlayerCharacter.
    """
    check_type("move", move, Move)
    check_type("character", character, PlayerCharacter)
    return tuple(
        enhancement
        for asset in character.assets
        if not asset.is_out_of_use  # a companion out of action, a broken module: no help
        for enhancement in asset.enhancements
        if enhancement.ability < len(asset.abilities)
        and asset.abilities[enhancement.ability]
        and enhancement.applies_to(move)
    )


def _asset_name(character: PlayerCharacter, enhancement: MoveEnhancement) -> str:
    return next((asset.name for asset in character.assets if asset.id == enhancement.asset), enhancement.asset)


def _condition_options(
    conditions: Sequence[TriggerCondition],
    character: PlayerCharacter | None,
    *,
    source: int | None = None,
    owner: str = "",
    known: frozenset[tuple[str, str | None]] = frozenset(),
) -> list[MoveOption]:
    found: list[MoveOption] = []
    tag = f" ({owner})" if owner else ""
    for index, condition in enumerate(conditions):
        automatic = condition.automatic_outcome
        if automatic is not None:
            found.append(MoveOption(index, None, f"automatic {automatic}{tag}", source=source))
            continue
        if source is not None and condition.method is None:
            continue  # a circumstance (or which option it is for), not an option of its own
        if condition.method in _PICKS and condition.options:
            values = [_value(character, option) for option in condition.options]
            usable = [value for value, _ in values if value is not None]
            label = f"{_PICKS[condition.method]} {', '.join(o.label for o in condition.options)}{tag}"
            if condition.method == "all":
                found.append(MoveOption(index, None, label, source=source))
                continue
            pick = max if condition.method == "highest" else min
            reason = "" if usable or character is None else "; ".join(reason for _, reason in values)
            found.append(MoveOption(index, None, label, pick(usable) if usable else None, reason, source=source))
            continue
        for position, option in enumerate(condition.options):
            if source is not None and (option.using, option.key) in known:
                continue  # the move offers it already: the ability only says when it applies
            if option.using == "progress_track" or option.using in _LEGACIES:
                found.append(MoveOption(index, position, option.label + tag, source=source))
            elif option.using in _FROM_ASSETS:
                found += _per_asset(character, index, position, option, tag, source)
            else:
                value, reason = _value(character, option)
                found.append(MoveOption(index, position, option.label + tag, value, reason, source=source))
    return found


def move_options(move: Move, character: PlayerCharacter | None = None) -> tuple[MoveOption, ...]:
    """Every option *move* offers, with what it adds for *character* (when given).

    Options of a ``highest`` / ``lowest`` condition are one option (the best /
    worst value among them); a condition that rolls ``all`` its options (Continue
    a Legacy) is one option; an automatic-outcome condition is one option;
    every other roll option is its own. With a character, the options and
    automatic outcomes that the marked abilities of its assets add to this
    move follow (see :func:`move_enhancements`), labelled with the asset's name.

    Raises:
        TypeError: *move* is not a Move or *character* not a PlayerCharacter.
    """
    check_type("move", move, Move)
    if character is not None:
        check_type("character", character, PlayerCharacter)
    found = _condition_options(move.conditions, character)
    if character is not None:
        known = frozenset((option.using, option.key) for option in move.options())
        for source, enhancement in enumerate(move_enhancements(move, character)):
            owner = _asset_name(character, enhancement)
            found += _condition_options(enhancement.conditions, character, source=source, owner=owner, known=known)
    return tuple(found)


def _pick(move: Move, options: Sequence[MoveOption], option: int | str | None) -> MoveOption:
    listing = "; ".join(f"{i}: {o}" for i, o in enumerate(options))
    if option is None:
        if len(options) == 1:
            return options[0]
        raise InvalidInput(f"option must name one of the options of {move.name} ({listing})")
    if isinstance(option, str):
        wanted = option.strip().lower().lstrip("+")
        matches = [o for o in options if o.label.lower() == wanted]
        if not matches:  # "integrity" for "integrity (Starship)" when only one asset gives it
            matches = [o for o in options if o.label.lower().startswith(wanted + " (")]
        if len(matches) == 1:
            return matches[0]
        kind = "matches several" if matches else "matches none"
        raise InvalidInput(f"option {option!r} {kind} of the options of {move.name} ({listing})")
    index = check_int("option", option, low=0, high=len(options) - 1) if options else None
    if index is None:
        raise RuleError(f"{move.name} has no options to roll")
    return options[index]


def _progress_subject(
    move: Move,
    character: PlayerCharacter,
    rolled: RollOption | None,
    track: ProgressTrack | LegacyTrack | str | int | None,
) -> ProgressTrack | LegacyTrack | int:
    if rolled is not None and rolled.using in _LEGACIES:
        if track is not None:
            raise InvalidInput(f"track must not be given: {move.name} rolls the {_LEGACIES[rolled.using]} legacy track")
        return character.legacy(_LEGACIES[rolled.using])
    if isinstance(track, str):
        return character.challenge(track).track
    if isinstance(track, (ProgressTrack, LegacyTrack)):
        return track
    if track is not None:
        return check_int("track", track, low=0, high=10)
    kinds = []
    if move.track_category is not None:
        try:
            kinds = [TrackKind.parse(move.track_category, name="kind")]
        except InvalidInput:
            kinds = []
    mine = [c for c in character.challenges if c.kind in kinds]
    if len(mine) == 1:
        return mine[0].track
    names = ", ".join(repr(c.name) for c in mine) or "none"
    raise InvalidInput(f"track must name the track {move.name} rolls against (challenges of its kind: {names})")


def _condition_of(move: Move, extra: Sequence[MoveEnhancement], chosen: MoveOption) -> TriggerCondition:
    conditions = move.conditions if chosen.source is None else extra[chosen.source].conditions
    return conditions[chosen.condition]


def _rolled(condition: TriggerCondition, chosen: MoveOption) -> RollOption | None:
    return None if chosen.option is None else condition.options[chosen.option]


def _prepare(
    move: Move, character: PlayerCharacter, adds: int, use: Any
) -> tuple[int, tuple[MoveEnhancement, ...], tuple[MoveEnhancement, ...]]:
    """Check the arguments every move call takes: the adds, and the enhancements that apply and are used."""
    check_type("move", move, Move)
    check_type("character", character, PlayerCharacter)
    adds = check_int("adds", adds, low=0, high=MAX_ADDS)
    if move.roll_type is RollType.NO_ROLL:
        raise RuleError(f"{move.name} is a move without a roll: follow its text")
    extra = move_enhancements(move, character)
    return adds, extra, _used(move, character, extra, use)


def _used(
    move: Move, character: PlayerCharacter, extra: Sequence[MoveEnhancement], use: Any
) -> tuple[MoveEnhancement, ...]:
    """The enhancements named by *use*.

    Indexes into *extra*, asset ids or names, ``ASSET:ABILITY[:CHOICE]`` (:mod:`.use_spec`),
    or MoveEnhancement values.
    """
    if isinstance(use, (str, int, MoveEnhancement)):
        use = [use]
    if isinstance(use, (bytes, dict)) or not isinstance(use, Iterable):
        raise TypeError(f"use must be a sequence of enhancements, indexes or asset names, got {type(use).__name__}")
    listing = "; ".join(f"{i}: {e}" for i, e in enumerate(extra)) or "none"
    found: list[MoveEnhancement] = []
    for item in use:
        if isinstance(item, MoveEnhancement):
            if item not in extra:
                raise RuleError(f"use: {item} does not apply to {move.name} for this character ({listing})")
            picked = [item]
        elif isinstance(item, str):
            wanted = item.strip().lower()
            picked = [e for e in extra if wanted in (e.asset.lower(), _asset_name(character, e).lower())]
            if not picked and ":" in item:  # "Diplomat:2", as on the command line
                spec = UseSpec.parse(item)
                held, picked = claimed(spec, character, extra)
                if not picked:
                    raise not_changed(spec, held, move, extra)
            if len(picked) != 1:
                kind = "matches several" if picked else "matches none"
                raise InvalidInput(f"use: {item!r} {kind} of the enhancements of {move.name} ({listing})")
        else:
            index = check_int("use", item, low=0, high=max(len(extra) - 1, 0))
            if not extra:
                raise RuleError(f"use: no asset ability of this character changes {move.name}")
            picked = [extra[index]]
        found += [e for e in picked if e not in found]
    return tuple(found)


def _extra_adds(used: Sequence[MoveEnhancement], rolled: RollOption | None, *, strict: bool) -> int:
    """The adds of *used* that apply when rolling *rolled* (an ability may name the options it is for)."""
    total = 0
    for enhancement in used:
        named = [(o.using, o.key) for c in enhancement.conditions if c.method is None for o in c.options]
        if named and (rolled is None or (rolled.using, rolled.key) not in named):
            if strict and before_roll_adds(enhancement):
                options = ", ".join(key or using for using, key in named)
                raise RuleError(f"{enhancement} applies only when rolling +{options}")
            continue
        total += before_roll_adds(enhancement)
    return total
