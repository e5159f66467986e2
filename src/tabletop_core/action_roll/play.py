"""Making moves for a character: pick a trigger option, roll as the move says, read the move's outcome.

:func:`move_options` lists what a move lets this character roll (with the
value each adds); :func:`make_move` rolls one; :func:`move_odds` gives the
exact odds of every option, best first. The dice are judged by the same pure
rules as :func:`~tabletop_core.action_roll.resolve_action` and
:func:`~tabletop_core.action_roll.resolve_progress`.

Examples:
    >>> from tabletop_core import ScriptedDice
    >>> from tabletop_core.action_roll import PlayerCharacter, Stats, make_move
    >>> from tabletop_core.action_roll.datasworn import Move
    >>> dash = Move.from_datasworn({"_id": "demo/moves/dash", "name": "Dash", "roll_type": "action_roll",
    ...     "trigger": {"text": "When you dash...", "conditions": [{"method": "player_choice",
    ...         "roll_options": [{"using": "stat", "stat": "edge"}, {"using": "stat", "stat": "wits"}]}]},
    ...     "outcomes": {"strong_hit": {"text": "On a __strong hit__, you make it."},
    ...                  "weak_hit": {"text": "On a __weak hit__, you make it, barely."},
    ...                  "miss": {"text": "On a __miss__, you fall."}}})
    >>> hero = PlayerCharacter(Stats(edge=3, heart=2, iron=2, shadow=1, wits=1))
    >>> print(make_move(dash, hero, option="edge", rng=ScriptedDice([4, 3, 8])))
    Dash (+edge): Action 4 + 3 = 7 vs 3 · 8 -> weak hit. On a weak hit, you make it, barely.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, ClassVar

import attrs

from tabletop_core._record import Record
from tabletop_core._validate import check_int, check_type, of_type
from tabletop_core.action_roll.action import MAX_ADDS, MAX_STAT, ActionResult, action_roll
from tabletop_core.action_roll.character import PlayerCharacter, TrackKind
from tabletop_core.action_roll.datasworn import _data
from tabletop_core.action_roll.datasworn._data import plain_text
from tabletop_core.action_roll.datasworn.enhancements import REROLLS, MoveEnhancement
from tabletop_core.action_roll.datasworn.moves import Move, RollOption, RollType, TriggerCondition
from tabletop_core.action_roll.odds import action_odds, progress_odds
from tabletop_core.action_roll.outcome import Outcome
from tabletop_core.action_roll.progress import Legacy, LegacyTrack, ProgressResult, ProgressTrack, progress_roll
from tabletop_core.action_roll.reroll import DIE_NAMES
from tabletop_core.errors import InvalidInput, RuleError
from tabletop_core.odds import Distribution
from tabletop_core.rng import RngLike

__all__ = ["MoveOption", "MoveResult", "make_move", "move_enhancements", "move_odds", "move_odds_each", "move_options"]

_PICKS = {"highest": "highest of", "lowest": "lowest of", "all": "each of"}
_LEGACIES = {"quests_legacy": Legacy.QUESTS, "bonds_legacy": Legacy.BONDS, "discoveries_legacy": Legacy.DISCOVERIES}


@attrs.frozen
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
    """

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

    def __str__(self) -> str:
        text = self.label if self.value is None else f"{self.label} (+{self.value})"
        return f"{text}: {self.reason}" if self.reason else text


def _value(character: PlayerCharacter | None, option: RollOption) -> tuple[int | None, str]:
    if character is None:
        return None, ""
    try:
        return character.value_of(option), ""
    except (RuleError, InvalidInput) as error:
        return None, str(error)


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


@attrs.frozen
class MoveResult(Record):
    """A move made: the roll (or automatic outcome) and what the move says for it.

    Attributes:
        move_id: The move's id.
        move_name: Its name.
        option: The option rolled (its label).
        action: The action roll, for an action-roll move.
        progress: The progress roll, for a progress or special-track move.
        automatic: The outcome given without a roll, for an automatic option.
        parts: For a condition that rolls every option in turn (Continue a
            Legacy: one roll per legacy track), one result per option.
        outcome: Strong hit, weak hit or miss (from the roll or the automatic
            outcome; with *parts*, the best of theirs: read each part for its own).
        is_match: Whether the challenge dice matched (with *parts*: in any part).
        outcome_text: What the move says for this outcome (its match
            variant on a match, when it has one).
        used: The asset abilities' enhancements used on this move (their adds
            are in the roll; see :attr:`rerolls`).
    """

    _derived: ClassVar[tuple[str, ...]] = ("outcome", "is_match")

    move_id: str = attrs.field(validator=of_type(str))
    move_name: str = attrs.field(validator=of_type(str))
    option: str = attrs.field(validator=of_type(str))
    action: ActionResult | None = attrs.field(default=None, kw_only=True)
    progress: ProgressResult | None = attrs.field(default=None, kw_only=True)
    automatic: Outcome | None = attrs.field(default=None, kw_only=True)
    parts: tuple[MoveResult, ...] = _data.tuple_field(object, default=(), kw_only=True)
    outcome: Outcome = attrs.field(kw_only=True, validator=of_type(Outcome))
    is_match: bool = attrs.field(kw_only=True, validator=of_type(bool))
    outcome_text: str = attrs.field(default="", kw_only=True, validator=of_type(str))
    used: tuple[MoveEnhancement, ...] = _data.tuple_field(MoveEnhancement, default=(), kw_only=True)

    def __attrs_post_init__(self) -> None:
        given = [part for part in (self.action, self.progress, self.automatic, self.parts or None) if part is not None]
        if len(given) != 1:
            raise InvalidInput("a move result holds exactly one of action, progress, automatic and parts")
        if self.action is not None:
            check_type("action", self.action, ActionResult)
            expected = (self.action.outcome, self.action.is_match)
        elif self.progress is not None:
            check_type("progress", self.progress, ProgressResult)
            expected = (self.progress.outcome, self.progress.is_match)
        elif self.automatic is not None:
            expected = (check_type("automatic", self.automatic, Outcome), False)
        else:
            for index, part in enumerate(self.parts):
                check_type(f"parts[{index}]", part, MoveResult)
            expected = _best(self.parts)
        if (self.outcome, self.is_match) != expected:
            raise InvalidInput(
                f"outcome and is_match must follow the roll: {expected!r}, got {(self.outcome, self.is_match)!r}"
            )

    @property
    def roll(self) -> ActionResult | ProgressResult | None:
        """The roll made (``None`` for an automatic outcome or a result in parts)."""
        return self.action if self.action is not None else self.progress

    @property
    def rerolls(self) -> tuple[str, ...]:
        """The dice the used abilities let the player reroll (names for :func:`~tabletop_core.action_roll.reroll`).

        An ability may say more (only a die below a meter, one challenge
        die, once per fight): its :attr:`MoveEnhancement.reroll` and text tell.
        """
        if self.action is None:
            return ()
        allowed = {die for enhancement in self.used if enhancement.reroll for die in REROLLS[enhancement.reroll]}
        return tuple(die for die in DIE_NAMES if die in allowed)

    def with_action(self, action: ActionResult, move: Move) -> MoveResult:
        """This move re-judged with a changed action roll (rerolled, adds after the roll, burned).

        Raises:
            RuleError: this result is not an action roll.
            InvalidInput: *move* is not the move made.
        """
        check_type("action", action, ActionResult)
        check_type("move", move, Move)
        if self.action is None:
            raise RuleError("only an action roll can be changed this way")
        if move.id != self.move_id:
            raise InvalidInput(f"move must be {self.move_id!r}, got {move.id!r}")
        return _result(move, self.option, action=action, used=self.used)

    def __str__(self) -> str:
        if self.parts:
            return f"{self.move_name}: " + "; ".join(
                f"{part.option}: {part.roll or part.automatic}" for part in self.parts
            )
        roll = f"automatic {self.automatic}" if self.automatic is not None else str(self.roll)
        option = f" (+{self.option})" if self.action is not None else f" ({self.option})"
        text = f". {' '.join(plain_text(self.outcome_text).split())}" if self.outcome_text else ""
        return f"{self.move_name}{option}: {roll}{text}"


def _best(parts: Sequence[MoveResult]) -> tuple[Outcome, bool]:
    best = parts[0].outcome
    for part in parts[1:]:
        if part.outcome.is_better_than(best):
            best = part.outcome
    return best, any(part.is_match for part in parts)


def _result(
    move: Move,
    label: str,
    *,
    action: ActionResult | None = None,
    progress: ProgressResult | None = None,
    automatic: Outcome | None = None,
    parts: tuple[MoveResult, ...] = (),
    used: tuple[MoveEnhancement, ...] = (),
) -> MoveResult:
    if action is not None:
        outcome, match = action.outcome, action.is_match
    elif progress is not None:
        outcome, match = progress.outcome, progress.is_match
    elif parts:
        outcome, match = _best(parts)
    else:
        assert automatic is not None
        outcome, match = automatic, False
    said = move.outcome(outcome)
    return MoveResult(
        move.id,
        move.name,
        label,
        action=action,
        progress=progress,
        automatic=automatic,
        parts=parts,
        outcome=outcome,
        is_match=match,
        outcome_text="" if said is None or parts else said.text_for(match),
        used=used,
    )


def _pick(move: Move, options: Sequence[MoveOption], option: int | str | None) -> MoveOption:
    listing = "; ".join(f"{i}: {o}" for i, o in enumerate(options))
    if option is None:
        if len(options) == 1:
            return options[0]
        raise InvalidInput(f"option must name one of the options of {move.name} ({listing})")
    if isinstance(option, str):
        wanted = option.strip().lower().lstrip("+")
        matches = [o for o in options if o.label.lower() == wanted]
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
            kinds = [TrackKind.parse(move.track_category)]
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


def _used(
    move: Move, character: PlayerCharacter, extra: Sequence[MoveEnhancement], use: Any
) -> tuple[MoveEnhancement, ...]:
    """The enhancements named by *use*: indexes into *extra*, asset ids or names, or MoveEnhancement values."""
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
            if strict and enhancement.adds:
                options = ", ".join(key or using for using, key in named)
                raise RuleError(f"{enhancement} applies only when rolling +{options}")
            continue
        total += enhancement.adds
    return total


def make_move(
    move: Move,
    character: PlayerCharacter,
    *,
    option: int | str | None = None,
    adds: int = 0,
    track: ProgressTrack | LegacyTrack | str | int | None = None,
    automatic: Outcome | None = None,
    use: Iterable[MoveEnhancement | int | str] | MoveEnhancement | int | str = (),
    rng: RngLike = None,
) -> MoveResult:
    """Make *move* for *character*: roll what the chosen option says and read the move's outcome.

    An action-roll move adds the option's value (the character's stat,
    condition meter, asset meter, or the option's fixed value) and *adds*,
    with the character's momentum (negative momentum may cancel the action
    die). A progress move rolls the challenge dice against *track* (a track,
    a challenge's name, a progress score, or the character's only challenge
    of the move's kind); a special-track move against the legacy track it
    names. An automatic-outcome option rolls nothing. A condition that rolls
    every option (Continue a Legacy: "one roll per track") makes one roll per
    option, each kept in :attr:`MoveResult.parts`.

    The marked abilities of the character's assets change the move (see
    :func:`move_enhancements`): their extra options and automatic outcomes are
    options like the move's own; the adds and rerolls they grant apply when
    the player says the ability's circumstance holds, with *use*.

    Args:
        move: The move (from a :class:`~tabletop_core.action_roll.datasworn.Ruleset`).
        character: Who makes it.
        option: Which option: its index in :func:`move_options` or its label
            (``"edge"``, ``"health (Clockwork Hound)"``); may be left out when
            the move has only one.
        adds: Adds, 0..10 (action rolls only), besides those of *use*.
        track: For a progress move, what to roll against.
        automatic: An automatic outcome an asset or ability grants instead
            of rolling (nothing is rolled; *option* is not needed).
        use: Enhancements claimed for this move: indexes into
            :func:`move_enhancements`, the asset's id or name, or the
            enhancements themselves. Their adds join *adds*; the dice they let
            you reroll are in :attr:`MoveResult.rerolls`.
        rng: Where the dice come from (see :func:`~tabletop_core.dice_source`).

    Raises:
        RuleError: the move makes no roll, or the option is not available to
            the character (no asset with that meter), or adds on a progress
            roll, or an enhancement used that does not apply.
        InvalidInput: no or an unknown option, a bad *adds*, *track* or *use*.
        TypeError: an argument has the wrong type.
    """
    check_type("move", move, Move)
    check_type("character", character, PlayerCharacter)
    adds = check_int("adds", adds, low=0, high=MAX_ADDS)
    if move.roll_type is RollType.NO_ROLL:
        raise RuleError(f"{move.name} is a move without a roll: follow its text")
    extra = move_enhancements(move, character)
    used = _used(move, character, extra, use)
    if automatic is not None:
        check_type("automatic", automatic, Outcome)
        return _result(move, "automatic", automatic=automatic, used=used)
    chosen = _pick(move, move_options(move, character), option)
    if chosen.source is not None and extra[chosen.source] not in used:
        used = (*used, extra[chosen.source])
    condition = _condition_of(move, extra, chosen)
    if condition.automatic_outcome is not None:
        return _result(move, chosen.label, automatic=condition.automatic_outcome, used=used)
    if condition.method == "all":
        parts = tuple(
            _roll(move, character, option.label, option, option, adds, used, track, rng) for option in condition.options
        )
        return _result(move, chosen.label, parts=parts, used=used)
    return _roll(move, character, chosen.label, chosen, _rolled(condition, chosen), adds, used, track, rng)


def _roll(
    move: Move,
    character: PlayerCharacter,
    label: str,
    chosen: MoveOption | RollOption,
    rolled: RollOption | None,
    adds: int,
    used: tuple[MoveEnhancement, ...],
    track: ProgressTrack | LegacyTrack | str | int | None,
    rng: RngLike,
) -> MoveResult:
    if move.roll_type is RollType.ACTION_ROLL:
        if isinstance(chosen, RollOption):
            value, reason = _value(character, chosen)
        else:
            value, reason = chosen.value, chosen.reason
        if value is None:
            raise RuleError(f"{label} cannot be rolled by this character: {reason or 'no value'}")
        if not 0 <= value <= MAX_STAT:
            raise RuleError(f"{label} gives {value}, outside the 0..{MAX_STAT} an action roll takes")
        total = adds + _extra_adds(used, rolled, strict=True)
        if total > MAX_ADDS:
            raise RuleError(f"adds come to {total}, above the {MAX_ADDS} an action roll takes")
        result = action_roll(stat=value, adds=total, momentum=character.momentum, rng=rng)
        return _result(move, label, action=result, used=used)
    if adds:
        raise RuleError("adds do not apply to a progress roll")
    subject = _progress_subject(move, character, rolled, track)
    return _result(move, label, progress=progress_roll(subject, rng=rng), used=used)


def _option_odds(
    move: Move,
    character: PlayerCharacter,
    condition: TriggerCondition,
    chosen: MoveOption,
    *,
    adds: int,
    burn: bool,
    used: Sequence[MoveEnhancement],
    track: ProgressTrack | LegacyTrack | str | int | None,
) -> list[Distribution[Outcome]] | None:
    """The odds of each roll *chosen* makes (several for a condition that rolls all its options)."""
    rolled: list[tuple[MoveOption | RollOption, RollOption | None]]
    if condition.method == "all":
        rolled = [(option, option) for option in condition.options]
    else:
        rolled = [(chosen, _rolled(condition, chosen))]
    found = []
    for option, roll_option in rolled:
        if move.roll_type is RollType.ACTION_ROLL:
            value = _value(character, option)[0] if isinstance(option, RollOption) else option.value
            total = adds + _extra_adds(used, roll_option, strict=False)
            if value is None or not 0 <= value <= MAX_STAT or total > MAX_ADDS:
                return None
            found.append(action_odds(stat=value, adds=total, momentum=character.momentum, burn=burn))
        else:
            try:
                subject = _progress_subject(move, character, roll_option, track)
            except InvalidInput:
                return None
            found.append(progress_odds(subject if isinstance(subject, int) else subject.score))
    return found


def _joint(parts: Sequence[Distribution[Outcome]]) -> Distribution[tuple[Outcome, ...]]:
    return Distribution.from_function(lambda *outcomes: tuple(outcomes), *parts)


def move_odds(
    move: Move,
    character: PlayerCharacter,
    *,
    adds: int = 0,
    burn: bool = False,
    track: ProgressTrack | LegacyTrack | str | int | None = None,
    use: Iterable[MoveEnhancement | int | str] | MoveEnhancement | int | str = (),
) -> list[tuple[MoveOption, Distribution[Outcome]]]:
    """The exact odds of every option of *move* this character can take, best chance of a hit first.

    Options are ordered by the chance of a hit (strong or weak), then of a
    strong hit; options the character cannot take are left out. With
    ``burn=True`` momentum is burned whenever that improves the result. The
    options the character's assets add are included; the adds of the
    enhancements in *use* (as for :func:`make_move`) count where they apply.
    For an option that rolls every option of its condition (Continue a
    Legacy), the odds are those of the best of its outcomes (as
    :attr:`MoveResult.outcome`); :func:`move_odds_each` gives them jointly.

    Raises:
        RuleError: the move makes no roll.
        TypeError: an argument has the wrong type.

    Examples:
        >>> from tabletop_core.action_roll.datasworn import Move, RollOption, TriggerCondition
        >>> from tabletop_core.action_roll import PlayerCharacter, Stats
        >>> move = Move("m", "Pick", RollType.ACTION_ROLL, conditions=[TriggerCondition("player_choice",
        ...     [RollOption("stat", "iron"), RollOption("stat", "edge")])])
        >>> best, odds = move_odds(move, PlayerCharacter(Stats(edge=3, heart=2, iron=2, shadow=1, wits=1)))[0]
        >>> best.label, str(odds.probability(Outcome.STRONG_HIT))
        ('edge', '199/600')
    """
    check_type("move", move, Move)
    check_type("character", character, PlayerCharacter)
    check_type("burn", burn, bool)
    adds = check_int("adds", adds, low=0, high=MAX_ADDS)
    if move.roll_type is RollType.NO_ROLL:
        raise RuleError(f"{move.name} is a move without a roll")
    extra = move_enhancements(move, character)
    used = _used(move, character, extra, use)
    found: list[tuple[MoveOption, Distribution[Outcome]]] = []
    for chosen in move_options(move, character):
        condition = _condition_of(move, extra, chosen)
        automatic = condition.automatic_outcome
        if automatic is not None:
            found.append((chosen, Distribution({automatic: 1})))
            continue
        mine = used if chosen.source is None else (*used, extra[chosen.source])
        parts = _option_odds(move, character, condition, chosen, adds=adds, burn=burn, used=mine, track=track)
        if parts is None:
            continue
        if len(parts) == 1:
            found.append((chosen, parts[0]))
        else:
            found.append((chosen, _joint(parts).map(_best_of)))

    def key(item: tuple[MoveOption, Distribution[Outcome]]) -> Any:
        odds = item[1]
        return (-odds.probability(lambda o: o is not Outcome.MISS), -odds.probability(Outcome.STRONG_HIT))

    return sorted(found, key=key)


def _best_of(outcomes: tuple[Outcome, ...]) -> Outcome:
    best = outcomes[0]
    for outcome in outcomes[1:]:
        if outcome.is_better_than(best):
            best = outcome
    return best


def move_odds_each(
    move: Move,
    character: PlayerCharacter,
    *,
    option: int | str | None = None,
) -> Distribution[tuple[Outcome, ...]]:
    """The exact joint odds of the rolls one option makes: a tuple of outcomes, one per roll.

    For Continue a Legacy (one roll of the challenge dice per legacy track) the
    tuple holds the quests, bonds and discoveries outcomes in that order; for
    an option that makes one roll, a 1-tuple.

    Raises:
        RuleError: the move makes no roll, or the option cannot be rolled by this character.
        InvalidInput: no or an unknown option.
        TypeError: an argument has the wrong type.
    """
    check_type("move", move, Move)
    check_type("character", character, PlayerCharacter)
    if move.roll_type is RollType.NO_ROLL:
        raise RuleError(f"{move.name} is a move without a roll")
    extra = move_enhancements(move, character)
    chosen = _pick(move, move_options(move, character), option)
    condition = _condition_of(move, extra, chosen)
    if condition.automatic_outcome is not None:
        only: tuple[Outcome, ...] = (condition.automatic_outcome,)
        return Distribution({only: 1})
    used = () if chosen.source is None else (extra[chosen.source],)
    parts = _option_odds(move, character, condition, chosen, adds=0, burn=False, used=used, track=None)
    if parts is None:
        raise RuleError(f"{chosen.label} cannot be rolled by this character: {chosen.reason or 'no value or track'}")
    return _joint(parts)
