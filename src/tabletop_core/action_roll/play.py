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
from typing import TYPE_CHECKING, ClassVar

import attrs

from tabletop_core._frozen import frozen
from tabletop_core._record import Record
from tabletop_core._validate import check_int, check_type, of_type
from tabletop_core.action_roll.ability_play import bind, counted_outcome, rerolls_allowed
from tabletop_core.action_roll.action import MAX_ADDS, MAX_STAT, ActionResult, action_roll, resolve_action
from tabletop_core.action_roll.character import PlayerCharacter
from tabletop_core.action_roll.datasworn import _data
from tabletop_core.action_roll.datasworn._data import plain_text
from tabletop_core.action_roll.datasworn.enhancements import MoveEnhancement
from tabletop_core.action_roll.datasworn.moves import Move, RollOption, RollType
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
from tabletop_core.action_roll.play_odds import move_odds, move_odds_each
from tabletop_core.action_roll.progress import LegacyTrack, ProgressResult, ProgressTrack, progress_roll
from tabletop_core.action_roll.reroll import RollChange
from tabletop_core.errors import InvalidInput, RuleError

if TYPE_CHECKING:
    from tabletop_core.rng import RngLike  # the alias imports numpy at run time: annotations only

__all__ = ["MoveOption", "MoveResult", "make_move", "move_enhancements", "move_odds", "move_odds_each", "move_options"]


@frozen
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
        used: The asset abilities' enhancements used on this move, with the
            values their effects read for the character filled in ("add +its
            health": that health); their adds are in the roll (see :attr:`rerolls`).
        changes: The changes made to the action roll after it was rolled, in
            order (a reroll an ability grants, the adds that come with it); the
            roll is then the last change's result (see :func:`reroll_move`).
        rerolled_with: Which of :attr:`used` granted the reroll in :attr:`changes`.
    """

    _derived: ClassVar[tuple[str, ...]] = ("outcome", "is_match")
    # parts, used: added after format 1; changes, rerolled_with: later. Saves without them load.
    _optional_keys: ClassVar[tuple[str, ...]] = ("parts", "used", "changes", "rerolled_with")

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
    changes: tuple[RollChange, ...] = _data.tuple_field(RollChange, default=(), kw_only=True)
    rerolled_with: int | None = attrs.field(default=None, kw_only=True, validator=_data.optional_int)

    def __attrs_post_init__(self) -> None:
        given = [part for part in (self.action, self.progress, self.automatic, self.parts or None) if part is not None]
        if len(given) != 1:
            raise InvalidInput("a move result holds exactly one of action, progress, automatic and parts")
        self._check_changes()
        if self.action is not None:
            check_type("action", self.action, ActionResult)
            outcome = counted_outcome(self.action.outcome, self.used, self.rerolled_with)
            expected = (outcome, self.action.is_match)
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

    def _check_changes(self) -> None:
        if self.rerolled_with is not None:
            check_int("rerolled_with", self.rerolled_with, low=0, high=max(len(self.used) - 1, 0))
            if not any(change.kind == "reroll" for change in self.changes):
                raise InvalidInput("rerolled_with names the ability of a reroll, and no change is a reroll")
        if not self.changes:
            return
        if self.action is None:
            raise InvalidInput("changes are made to an action roll")
        for index, change in enumerate(self.changes):
            check_type(f"changes[{index}]", change, RollChange)
            if index and change.before != self.changes[index - 1].after:
                raise InvalidInput(f"changes[{index}] must change the roll changes[{index - 1}] gave")
        if unburned(self.action) != self.changes[-1].after:
            raise InvalidInput("action must be the roll the last change gave (or that roll with momentum burned)")

    @property
    def roll(self) -> ActionResult | ProgressResult | None:
        """The roll made (``None`` for an automatic outcome or a result in parts)."""
        return self.action if self.action is not None else self.progress

    @property
    def first_roll(self) -> ActionResult | ProgressResult | None:
        """The roll as first rolled, before any change (:attr:`changes`)."""
        return self.changes[0].before if self.changes else self.roll

    @property
    def rerolls(self) -> tuple[str, ...]:
        """The dice the used abilities let the player reroll now (names for :func:`~tabletop_core.action_roll.reroll`).

        Read from the abilities' effects against this roll: a reroll that follows
        an outcome ("On a miss, reroll all dice") only on that outcome, a reroll of
        the action die "if its value is less than" a meter only while it is, a
        reroll of a die showing a face ("roll a 1 on your action die") only then.
        Once a reroll is taken (:func:`reroll_move`), none is left. What the
        player judges (once per fight, "decide before rolling") is theirs to judge.
        """
        if self.action is None or self.action.burned or any(c.kind == "reroll" for c in self.changes):
            return ()
        return rerolls_allowed(self.used, self.action, self.outcome)

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
        changes = self.changes
        if changes and unburned(action) != changes[-1].after:
            changes = ()  # a roll other than the changed one: its history does not hold
        rerolled_with = self.rerolled_with if changes else None
        return _result(move, self.option, action=action, used=self.used, changes=changes, rerolled_with=rerolled_with)

    def __str__(self) -> str:
        if self.parts:
            return f"{self.move_name}: " + "; ".join(
                f"{part.option}: {part.roll or part.automatic}" for part in self.parts
            )
        roll = f"automatic {self.automatic}" if self.automatic is not None else str(self.first_roll)
        roll += "".join(f"; {change}" for change in self.changes)
        if self.changes and self.action is not None and self.action.burned:
            roll += f"; burned momentum {self.action.burned_momentum:+d} -> {self.action.outcome}"
        if self.action is not None and self.outcome is not self.action.outcome:
            roll += f", counted as a {self.outcome}"
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
    changes: tuple[RollChange, ...] = (),
    rerolled_with: int | None = None,
) -> MoveResult:
    if action is not None:
        outcome, match = counted_outcome(action.outcome, used, rerolled_with), action.is_match
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
        changes=changes,
        rerolled_with=rerolled_with,
    )


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
    adds, extra, used = _prepare(move, character, adds, use)
    if automatic is not None:
        check_type("automatic", automatic, Outcome)
        return _result(move, "automatic", automatic=automatic, used=_bound(used, character))
    chosen = _pick(move, move_options(move, character), option)
    if chosen.source is not None and extra[chosen.source] not in used:
        used = (*used, extra[chosen.source])
    used = _bound(used, character)
    condition = _condition_of(move, extra, chosen)
    if condition.automatic_outcome is not None:
        return _result(move, chosen.label, automatic=condition.automatic_outcome, used=used)
    if condition.method == "all":
        parts = tuple(
            _roll(move, character, option.label, option, option, adds, used, track, rng) for option in condition.options
        )
        return _result(move, chosen.label, parts=parts, used=used)
    return _roll(move, character, chosen.label, chosen, _rolled(condition, chosen), adds, used, track, rng)


def _bound(used: Sequence[MoveEnhancement], character: PlayerCharacter) -> tuple[MoveEnhancement, ...]:
    return tuple(bind(enhancement, character) for enhancement in used)


def unburned(action: ActionResult) -> ActionResult:
    """*action* as it stood before momentum was burned on it (itself when not burned)."""
    if not action.burned:
        return action
    return resolve_action(
        action_die=action.action_die,
        challenge_dice=action.challenge_dice,
        stat=action.stat,
        adds=action.adds,
        momentum=action.momentum,
    )


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
