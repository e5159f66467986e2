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

from collections.abc import Sequence
from typing import Any, ClassVar

import attrs

from tabletop_core._record import Record
from tabletop_core._validate import check_int, check_type, of_type
from tabletop_core.action_roll.action import MAX_ADDS, MAX_STAT, ActionResult, action_roll
from tabletop_core.action_roll.character import PlayerCharacter, TrackKind
from tabletop_core.action_roll.datasworn._data import plain_text
from tabletop_core.action_roll.datasworn.moves import Move, RollOption, RollType
from tabletop_core.action_roll.odds import action_odds, progress_odds
from tabletop_core.action_roll.outcome import Outcome
from tabletop_core.action_roll.progress import Legacy, LegacyTrack, ProgressResult, ProgressTrack, progress_roll
from tabletop_core.errors import InvalidInput, RuleError
from tabletop_core.odds import Distribution
from tabletop_core.rng import RngLike

__all__ = ["MoveOption", "MoveResult", "make_move", "move_odds", "move_options"]

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


def move_options(move: Move, character: PlayerCharacter | None = None) -> tuple[MoveOption, ...]:
    """Every option *move* offers, with what it adds for *character* (when given).

    Options of a ``highest`` / ``lowest`` condition are one option (the best /
    worst value among them); an automatic-outcome condition is one option;
    every other roll option is its own.

    Raises:
        TypeError: *move* is not a Move or *character* not a PlayerCharacter.
    """
    check_type("move", move, Move)
    if character is not None:
        check_type("character", character, PlayerCharacter)
    found: list[MoveOption] = []
    for index, condition in enumerate(move.conditions):
        automatic = condition.automatic_outcome
        if automatic is not None:
            found.append(MoveOption(index, None, f"automatic {automatic}"))
            continue
        if condition.method in ("highest", "lowest") and condition.options:
            values = [_value(character, option) for option in condition.options]
            usable = [value for value, _ in values if value is not None]
            pick = max if condition.method == "highest" else min
            label = f"{condition.method} of {', '.join(o.label for o in condition.options)}"
            reason = "" if usable or character is None else "; ".join(reason for _, reason in values)
            found.append(MoveOption(index, None, label, pick(usable) if usable else None, reason))
            continue
        for position, option in enumerate(condition.options):
            if option.using == "progress_track" or option.using in _LEGACIES:
                found.append(MoveOption(index, position, option.label))
            else:
                value, reason = _value(character, option)
                found.append(MoveOption(index, position, option.label, value, reason))
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
        outcome: Strong hit, weak hit or miss (from the roll or the automatic outcome).
        is_match: Whether the challenge dice matched.
        outcome_text: What the move says for this outcome (its match
            variant on a match, when it has one).
    """

    _derived: ClassVar[tuple[str, ...]] = ("outcome", "is_match")

    move_id: str = attrs.field(validator=of_type(str))
    move_name: str = attrs.field(validator=of_type(str))
    option: str = attrs.field(validator=of_type(str))
    action: ActionResult | None = attrs.field(default=None, kw_only=True)
    progress: ProgressResult | None = attrs.field(default=None, kw_only=True)
    automatic: Outcome | None = attrs.field(default=None, kw_only=True)
    outcome: Outcome = attrs.field(kw_only=True, validator=of_type(Outcome))
    is_match: bool = attrs.field(kw_only=True, validator=of_type(bool))
    outcome_text: str = attrs.field(default="", kw_only=True, validator=of_type(str))

    def __attrs_post_init__(self) -> None:
        given = [part for part in (self.action, self.progress, self.automatic) if part is not None]
        if len(given) != 1:
            raise InvalidInput("a move result holds exactly one of action, progress and automatic")
        if self.action is not None:
            check_type("action", self.action, ActionResult)
            expected = (self.action.outcome, self.action.is_match)
        elif self.progress is not None:
            check_type("progress", self.progress, ProgressResult)
            expected = (self.progress.outcome, self.progress.is_match)
        else:
            expected = (check_type("automatic", self.automatic, Outcome), False)
        if (self.outcome, self.is_match) != expected:
            raise InvalidInput(
                f"outcome and is_match must follow the roll: {expected!r}, got {(self.outcome, self.is_match)!r}"
            )

    @property
    def roll(self) -> ActionResult | ProgressResult | None:
        """The roll made (``None`` for an automatic outcome)."""
        return self.action if self.action is not None else self.progress

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
        return _result(move, self.option, action=action)

    def __str__(self) -> str:
        roll = f"automatic {self.automatic}" if self.automatic is not None else str(self.roll)
        option = f" (+{self.option})" if self.action is not None else f" ({self.option})"
        text = f". {' '.join(plain_text(self.outcome_text).split())}" if self.outcome_text else ""
        return f"{self.move_name}{option}: {roll}{text}"


def _result(
    move: Move,
    label: str,
    *,
    action: ActionResult | None = None,
    progress: ProgressResult | None = None,
    automatic: Outcome | None = None,
) -> MoveResult:
    if action is not None:
        outcome, match = action.outcome, action.is_match
    elif progress is not None:
        outcome, match = progress.outcome, progress.is_match
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
        outcome=outcome,
        is_match=match,
        outcome_text="" if said is None else said.text_for(match),
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
    move: Move, character: PlayerCharacter, chosen: MoveOption, track: ProgressTrack | LegacyTrack | str | int | None
) -> ProgressTrack | LegacyTrack | int:
    if chosen.option is not None:
        using = move.conditions[chosen.condition].options[chosen.option].using
        if using in _LEGACIES:
            if track is not None:
                raise InvalidInput(f"track must not be given: {move.name} rolls the {_LEGACIES[using]} legacy track")
            return character.legacy(_LEGACIES[using])
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


def make_move(
    move: Move,
    character: PlayerCharacter,
    *,
    option: int | str | None = None,
    adds: int = 0,
    track: ProgressTrack | LegacyTrack | str | int | None = None,
    automatic: Outcome | None = None,
    rng: RngLike = None,
) -> MoveResult:
    """Make *move* for *character*: roll what the chosen option says and read the move's outcome.

    An action-roll move adds the option's value (the character's stat,
    condition meter, asset meter, or the option's fixed value) and *adds*,
    with the character's momentum (negative momentum may cancel the action
    die). A progress move rolls the challenge dice against *track* (a track,
    a challenge's name, a progress score, or the character's only challenge
    of the move's kind); a special-track move against the legacy track it
    names. An automatic-outcome option rolls nothing.

    Args:
        move: The move (from a :class:`~tabletop_core.action_roll.datasworn.Ruleset`).
        character: Who makes it.
        option: Which option: its index in :func:`move_options` or its label
            (``"edge"``); may be left out when the move has only one.
        adds: Adds, 0..10 (action rolls only).
        track: For a progress move, what to roll against.
        automatic: An automatic outcome an asset or ability grants instead
            of rolling (nothing is rolled; *option* is not needed).
        rng: Where the dice come from (see :func:`~tabletop_core.dice_source`).

    Raises:
        RuleError: the move makes no roll, or the option is not available to
            the character (no asset with that meter), or adds on a progress roll.
        InvalidInput: no or an unknown option, a bad *adds* or *track*.
        TypeError: an argument has the wrong type.
    """
    check_type("move", move, Move)
    check_type("character", character, PlayerCharacter)
    adds = check_int("adds", adds, low=0, high=MAX_ADDS)
    if move.roll_type is RollType.NO_ROLL:
        raise RuleError(f"{move.name} is a move without a roll: follow its text")
    if automatic is not None:
        check_type("automatic", automatic, Outcome)
        return _result(move, "automatic", automatic=automatic)
    options = move_options(move, character)
    chosen = _pick(move, options, option)
    condition = move.conditions[chosen.condition]
    if condition.automatic_outcome is not None:
        return _result(move, chosen.label, automatic=condition.automatic_outcome)
    if move.roll_type is RollType.ACTION_ROLL:
        if chosen.value is None:
            raise RuleError(f"{chosen.label} cannot be rolled by this character: {chosen.reason or 'no value'}")
        stat = chosen.value
        if not 0 <= stat <= MAX_STAT:
            raise RuleError(f"{chosen.label} gives {stat}, outside the 0..{MAX_STAT} an action roll takes")
        result = action_roll(stat=stat, adds=adds, momentum=character.momentum, rng=rng)
        return _result(move, chosen.label, action=result)
    if adds:
        raise RuleError("adds do not apply to a progress roll")
    subject = _progress_subject(move, character, chosen, track)
    return _result(move, chosen.label, progress=progress_roll(subject, rng=rng))


def move_odds(
    move: Move,
    character: PlayerCharacter,
    *,
    adds: int = 0,
    burn: bool = False,
    track: ProgressTrack | LegacyTrack | str | int | None = None,
) -> list[tuple[MoveOption, Distribution[Outcome]]]:
    """The exact odds of every option of *move* this character can take, best chance of a hit first.

    Options are ordered by the chance of a hit (strong or weak), then of a
    strong hit; options the character cannot take are left out. With
    ``burn=True`` momentum is burned whenever that improves the result.

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
    found: list[tuple[MoveOption, Distribution[Outcome]]] = []
    for chosen in move_options(move, character):
        automatic = move.conditions[chosen.condition].automatic_outcome
        if automatic is not None:
            found.append((chosen, Distribution({automatic: 1})))
        elif move.roll_type is RollType.ACTION_ROLL:
            if chosen.value is not None and 0 <= chosen.value <= MAX_STAT:
                momentum = character.momentum
                found.append((chosen, action_odds(stat=chosen.value, adds=adds, momentum=momentum, burn=burn)))
        else:
            try:
                subject = _progress_subject(move, character, chosen, track)
            except InvalidInput:
                continue
            score = subject if isinstance(subject, int) else subject.score
            found.append((chosen, progress_odds(score)))

    def key(item: tuple[MoveOption, Distribution[Outcome]]) -> Any:
        odds = item[1]
        return (-odds.probability(lambda o: o is not Outcome.MISS), -odds.probability(Outcome.STRONG_HIT))

    return sorted(found, key=key)
