"""Exact odds of a move's options for a character: best chance first, and jointly for a move of several rolls.

Examples:
    >>> from tabletop_core.action_roll import PlayerCharacter, Stats, move_odds, Outcome
    >>> from tabletop_core.action_roll.datasworn import Move, RollOption, RollType, TriggerCondition
    >>> move = Move("m", "Pick", RollType.ACTION_ROLL, conditions=[TriggerCondition("player_choice",
    ...     [RollOption("stat", "iron"), RollOption("stat", "edge")])])
    >>> best, odds = move_odds(move, PlayerCharacter(Stats(edge=3, heart=2, iron=2, shadow=1, wits=1)))[0]
    >>> best.label, str(odds.probability(Outcome.STRONG_HIT))
    ('edge', '199/600')
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from tabletop_core._validate import check_type
from tabletop_core.action_roll.ability_play import bind, counted_outcome
from tabletop_core.action_roll.action import MAX_ADDS, MAX_STAT
from tabletop_core.action_roll.character import PlayerCharacter
from tabletop_core.action_roll.datasworn.effects import EffectKind
from tabletop_core.action_roll.datasworn.enhancements import MoveEnhancement
from tabletop_core.action_roll.datasworn.moves import Move, RollOption, RollType, TriggerCondition
from tabletop_core.action_roll.odds import action_odds, progress_odds
from tabletop_core.action_roll.options import (
    MoveOption,
    _condition_of,
    _extra_adds,
    _pick,
    _prepare,
    _progress_subject,
    _rolled,
    _value,
    move_enhancements,
    move_options,
)
from tabletop_core.action_roll.outcome import Outcome
from tabletop_core.action_roll.progress import LegacyTrack, ProgressTrack
from tabletop_core.errors import InvalidInput, RuleError
from tabletop_core.odds import Distribution

__all__ = ["move_odds", "move_odds_each"]


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
    check_type("burn", burn, bool)
    adds, extra, used = _prepare(move, character, adds, use)
    found: list[tuple[MoveOption, Distribution[Outcome]]] = []
    for chosen in move_options(move, character):
        condition = _condition_of(move, extra, chosen)
        automatic = condition.automatic_outcome
        if automatic is not None:
            found.append((chosen, Distribution({automatic: 1})))
            continue
        mine = used if chosen.source is None else (*used, extra[chosen.source])
        mine = tuple(bind(enhancement, character) for enhancement in mine)
        parts = _option_odds(move, character, condition, chosen, adds=adds, burn=burn, used=mine, track=track)
        if parts is None:
            continue
        if len(parts) == 1:
            counted = parts[0]
            if any(e.kind is EffectKind.COUNT_AS for enhancement in mine for e in enhancement.effects):
                counted = counted.map(lambda outcome, mine=mine: counted_outcome(outcome, mine))  # type: ignore[misc]
            found.append((chosen, counted))
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
