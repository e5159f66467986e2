"""Making Classic moves: the shared rolls, against the tracks a Classic character keeps.

An action-roll move rolls exactly as in Starforged (the same pure rule); a progress
move rolls against the character's vow, journey, fight or delve site (the only one
of the move's kind, or one named); Write Your Epilogue rolls against the bonds
track and Learn From Your Failures against the failure track.

Examples:
    >>> from tabletop_core import ScriptedDice
    >>> from tabletop_core.action_roll import Stats
    >>> from tabletop_core.action_roll.classic import ClassicCharacter, make_classic_move
    >>> from tabletop_core.action_roll.datasworn import Move
    >>> epilogue = Move.from_datasworn({"_id": "demo/moves/epilogue", "name": "Write Your Epilogue",
    ...     "roll_type": "special_track", "trigger": {"conditions": [{"method": "player_choice",
    ...     "roll_options": [{"using": "bonds_track"}]}]}})
    >>> hero = ClassicCharacter(Stats(3, 2, 2, 1, 1))
    >>> for name in ("Kira", "Arnskeld", "Bertil", "Ona", "Finn"):
    ...     hero = hero.forge_bond(name)
    >>> print(make_classic_move(epilogue, hero, rng=ScriptedDice([1, 4])))
    Write Your Epilogue (bonds track): Progress 1 vs 1 · 4 -> miss
"""

from __future__ import annotations

from collections.abc import Iterable

from tabletop_core._validate import check_type
from tabletop_core.action_roll.classic.character import ClassicCharacter
from tabletop_core.action_roll.classic.tracks import ClassicTrackKind
from tabletop_core.action_roll.datasworn.enhancements import MoveEnhancement
from tabletop_core.action_roll.datasworn.moves import Move, RollType
from tabletop_core.action_roll.options import MoveOption
from tabletop_core.action_roll.outcome import Outcome
from tabletop_core.action_roll.play import MoveResult, make_move
from tabletop_core.action_roll.play_odds import move_odds
from tabletop_core.action_roll.progress import ProgressTrack
from tabletop_core.errors import InvalidInput, RuleError
from tabletop_core.odds import Distribution
from tabletop_core.rng import RngLike

__all__ = ["classic_move_odds", "make_classic_move"]

SPECIAL_TRACKS = ("bonds_track", "failure_track")
"""The roll options of Classic's special-track moves: Write Your Epilogue's bonds, Delve's failure track."""


def _special(move: Move) -> str | None:
    for option in move.options():
        if option.using in SPECIAL_TRACKS:
            return option.using
    return None


def _track(
    move: Move, character: ClassicCharacter, track: ProgressTrack | str | int | None
) -> ProgressTrack | int | None:
    special = _special(move)
    if special is not None:
        if track is not None:
            raise InvalidInput(f"track must not be given: {move.name} rolls the {special.replace('_', ' ')}")
        if special == "bonds_track":
            return character.bonds.score
        if not character.failure.is_ready:
            raise RuleError(f"{move.name} needs a failure track of +6 or greater, it is {character.failure.score}")
        return character.failure.score
    if move.roll_type is not RollType.PROGRESS_ROLL:
        return None if track is None or isinstance(track, (ProgressTrack, int)) else character.challenge(track).track
    if isinstance(track, str):
        return character.challenge(track).track
    if track is not None:
        return track
    kind = None
    if move.track_category is not None:
        try:
            kind = ClassicTrackKind.parse(move.track_category)
        except InvalidInput:
            kind = None
    mine = [c for c in character.challenges if c.kind is kind]
    if len(mine) == 1:
        return mine[0].track
    names = ", ".join(repr(c.name) for c in mine) or "none"
    raise InvalidInput(f"track must name the track {move.name} rolls against (challenges of its kind: {names})")


def _held(move: Move, character: ClassicCharacter, adds: int) -> int:
    """The add the character holds for this move (:attr:`ClassicCharacter.next_move`), if the move takes it."""
    check_type("adds", adds, int)
    held = character.next_move
    return held.adds if held is not None and held.applies_to(move) else 0


def make_classic_move(
    move: Move,
    character: ClassicCharacter,
    *,
    option: int | str | None = None,
    adds: int = 0,
    track: ProgressTrack | str | int | None = None,
    automatic: Outcome | None = None,
    use: Iterable[MoveEnhancement | int | str] | MoveEnhancement | int | str = (),
    rng: RngLike = None,
) -> MoveResult:
    """Make *move* for a Classic *character*, as :func:`~tabletop_core.action_roll.make_move` does.

    An add the character holds for the next move (:attr:`ClassicCharacter.next_move`)
    is added to *adds* when this move takes it (an action roll; the move it names, if
    any); :meth:`ClassicCharacter.after_move` then spends it.

    Args:
        move: The move (from a Classic :class:`~tabletop_core.action_roll.datasworn.Ruleset`).
        character: Who makes it.
        option: Which trigger option (its label or index), when the move has several.
        adds: Adds, 0..10 (action rolls only).
        track: For a progress move: a challenge's name, a track or a score; left
            out, the character's only challenge of the move's kind. Not given for a
            special track (bonds, failure track), which the character holds.
        automatic: An automatic outcome instead of a roll.
        use: Asset enhancements claimed (see :func:`~tabletop_core.action_roll.make_move`).
        rng: Where the dice come from.

    Raises:
        RuleError: the move makes no roll; Learn From Your Failures below +6.
        InvalidInput: no track of the move's kind (or several), a bad option.
        TypeError: an argument has the wrong type.
    """
    check_type("move", move, Move)
    check_type("character", character, ClassicCharacter)
    subject = _track(move, character, track) if automatic is None else None
    return make_move(
        move,
        character.for_rolls(),
        option=option,
        adds=adds + _held(move, character, adds) if automatic is None else adds,
        track=subject,
        automatic=automatic,
        use=use,
        rng=rng,
    )


def classic_move_odds(
    move: Move,
    character: ClassicCharacter,
    *,
    adds: int = 0,
    burn: bool = False,
    track: ProgressTrack | str | int | None = None,
) -> list[tuple[MoveOption, Distribution[Outcome]]]:
    """The exact odds of every option of *move* for a Classic *character*, best chance of a hit first.

    As :func:`~tabletop_core.action_roll.move_odds`, with the track found as
    :func:`make_classic_move` finds it and the add the character holds for the move.
    """
    check_type("move", move, Move)
    check_type("character", character, ClassicCharacter)
    total = adds + _held(move, character, adds)
    return move_odds(move, character.for_rolls(), adds=total, burn=burn, track=_track(move, character, track))
