"""``tabletop classic``: an Ironsworn (Classic) character kept in a JSON file, and its moves.

* ``tabletop classic new hero.json --stats 3,2,2,1,1 [--name Kira]``
* ``tabletop classic show hero.json``
* ``tabletop classic vow hero.json "Avenge my kin" --rank formidable [--kind vow|journey|combat|delve]``
* ``tabletop classic progress hero.json "Avenge my kin" [--times 2]``
* ``tabletop classic move hero.json "Fulfill Your Vow" --data classic.json [--track NAME] [--option edge]
  [--adds 1] [--seed N | --dice ...]``: the move is made for the character and the file
  updated as the rules say: a progress move that hits completes its track (a vow marks
  its experience), an add held for the next move is spent (with its momentum on a hit).
* ``tabletop classic hold hero.json "Find an Opportunity" --data ... [--outcome strong]``:
  hold the add a move gives the next move ("make another move now ... and add +1").
* ``tabletop classic debility hero.json wounded [--clear | --resolve]``
* ``tabletop classic set hero.json health 3`` (health, spirit, supply, momentum, name)
* ``tabletop classic bond hero.json "Arnskeld"``, ``tabletop classic advance hero.json --asset|--upgrade``

The file is written only when the change is allowed (raising health while wounded, or
advancing without the experience, is refused and changes nothing).
"""

from __future__ import annotations

import argparse
from typing import Any

import attrs

from tabletop_core._cli_kit import (
    Handler,
    Output,
    SubCommands,
    check_all_dice_used,
    int_option,
    rng_from_args,
    whole_number,
)
from tabletop_core.action_roll.classic.character import ClassicCharacter
from tabletop_core.action_roll.classic.moves import make_classic_move
from tabletop_core.action_roll.classic.tracks import ClassicTrackKind
from tabletop_core.action_roll.cli_files import (
    add_file_command,
    new_character_stats,
    read_character_file,
    write_character_file,
)
from tabletop_core.action_roll.datasworn.cli_data import add_data_arguments, ruleset_from_args, with_data_warnings
from tabletop_core.action_roll.datasworn.moves import RollType
from tabletop_core.action_roll.momentum import Momentum
from tabletop_core.action_roll.next_move import next_move_add
from tabletop_core.action_roll.outcome import Outcome
from tabletop_core.action_roll.progress import Rank
from tabletop_core.errors import InvalidInput

__all__ = ["register"]

_OUTCOMES = {"strong": Outcome.STRONG_HIT, "weak": Outcome.WEAK_HIT, "miss": Outcome.MISS}


def _read(path: str) -> ClassicCharacter:
    return read_character_file(path, ClassicCharacter)


_write = write_character_file


def _new(args: argparse.Namespace) -> Output:
    return _write(args.file, ClassicCharacter(new_character_stats(args), name=args.name or ""))


def _show(args: argparse.Namespace) -> Output:
    character = _read(args.file)
    return Output(str(character), character.to_dict())


def _vow(args: argparse.Namespace) -> Output:
    character = _read(args.file)
    kind = ClassicTrackKind.parse(args.kind, name="kind")
    return _write(args.file, character.add_challenge(kind, args.name, Rank.parse(args.rank)))


def _progress(args: argparse.Namespace) -> Output:
    return _write(args.file, _read(args.file).mark_progress(args.name, times=args.times))


def _debility(args: argparse.Namespace) -> Output:
    character = _read(args.file)
    if args.clear and args.resolve:
        raise InvalidInput("give --clear (a condition) or --resolve (a burden), not both")
    if args.clear:
        return _write(args.file, character.clear_debility(args.debility))
    if args.resolve:
        return _write(args.file, character.resolve_burden(args.debility))
    return _write(args.file, character.mark_debility(args.debility))


def _set(args: argparse.Namespace) -> Output:
    character = _read(args.file)
    key = args.key.strip().lower()
    if key == "name":
        return _write(args.file, attrs.evolve(character, name=args.value))
    value = whole_number(args.value, key)
    if key == "momentum":
        return _write(args.file, character.with_momentum(Momentum(value)))
    if key in ("health", "spirit", "supply"):
        current = getattr(character, key).value
        # Raising is refused while wounded, shaken or unprepared.
        if value > current:
            return _write(args.file, character.recover(key, value - current))
        return _write(args.file, character.suffer(key, current - value))
    raise InvalidInput(f"key must be one of health, spirit, supply, momentum, name, got {args.key!r}")


def _bond(args: argparse.Namespace) -> Output:
    return _write(args.file, _read(args.file).forge_bond(args.name))


def _advance(args: argparse.Namespace) -> Output:
    if args.asset == args.upgrade:
        raise InvalidInput("give --asset (3 experience) or --upgrade (2 experience)")
    return _write(args.file, _read(args.file).advance(new_asset=args.asset))


def _hold(args: argparse.Namespace) -> Output:
    character = _read(args.file)
    ruleset = ruleset_from_args(args)
    move = ruleset.move(args.move)
    outcome = None if args.outcome is None else _OUTCOMES[args.outcome]
    add = next_move_add(move, outcome) or (next_move_add(move) if outcome is not None else None)
    if add is None:
        said = move.name if outcome is None else f"{move.name} on a {outcome}"
        raise InvalidInput(f"{said} gives no add for the next move")
    return _write(args.file, character.hold_next_move_add(add), f"held: {add}")


def _move(args: argparse.Namespace) -> Output:
    character = _read(args.file)
    ruleset = ruleset_from_args(args)
    move = ruleset.move(args.move)
    if move.roll_type is RollType.NO_ROLL:
        raise InvalidInput(f"{move.name} makes no roll: {move.trigger or move.name} (follow its text)")
    source = rng_from_args(args)
    option: Any = args.option
    if option is not None and option.strip().isdigit():
        option = int(option)
    track = args.track
    result = make_classic_move(move, character, option=option, adds=args.adds, track=track, rng=source)
    check_all_dice_used(source, "the dice of the move's roll (action die, then challenge dice)")
    lines = [str(result)]
    after = character.after_move(result)
    if character.next_move is not None and after.next_move is None:
        lines.append(f"spent: {character.next_move}")
    if result.progress is not None and any(o.using == "failure_track" for o in move.options()):
        before = after.experience.earned
        after = after.learn_from_failures(result.progress)
        lines.append(f"+{after.experience.earned - before} experience; the failure track is cleared")
    elif result.progress is not None and move.roll_type is RollType.PROGRESS_ROLL:
        name = track if track is not None else _only_track(character, move)
        if name is not None and result.outcome is not Outcome.MISS:
            before = after.experience.earned
            after = after.complete(name, result.progress)
            gained = after.experience.earned - before
            lines.append(f"{name!r} is complete" + (f": +{gained} experience" if gained else ""))
        elif name is not None:
            lines.append(f"{name!r} goes on as the move says (see its miss)")
    return _write(args.file, after, *lines)


def _only_track(character: ClassicCharacter, move: Any) -> str | None:
    """The track a progress move rolled when none was named: the only one of its kind."""
    try:
        kind = ClassicTrackKind.parse(move.track_category or "", name="kind")
    except InvalidInput:
        return None
    mine = [c.name for c in character.challenges if c.kind is kind]
    return mine[0] if len(mine) == 1 else None


def register(commands: SubCommands[argparse.ArgumentParser]) -> None:
    """Add ``classic`` to ``tabletop``."""
    classic = commands.add_parser("classic", help="Ironsworn (Classic): a character file and its moves")
    actions = classic.add_subparsers(dest="classic_command", metavar="ACTION", required=True)

    def action(name: str, help_text: str, handler: Handler, *, rolls: bool = False) -> argparse.ArgumentParser:
        return add_file_command(actions, name, handler, help=help_text, rolls=rolls)  # rolls: --seed, --dice

    new = action("new", "create a Classic character file", _new)
    new.add_argument("--stats", required=True, help="edge,heart,iron,shadow,wits, like 3,2,2,1,1")
    new.add_argument("--name", help="the character's name")
    new.add_argument("--force", action="store_true", help="replace an existing file")
    action("show", "print the character", _show)
    vow = action("vow", "start a track: a vow, a journey, a fight, a delve site", _vow)
    vow.add_argument("name", help="the challenge's name")
    vow.add_argument("--rank", required=True, help="troublesome, dangerous, formidable, extreme or epic")
    vow.add_argument("--kind", default="vow", help="vow (default), journey, combat or delve")
    progress = action("progress", "mark progress on a challenge", _progress)
    progress.add_argument("name", help="the challenge's name")
    progress.add_argument("--times", type=int_option(1, 10), default=1, help="how many times (default 1)")
    move = action("move", "make a move for the character (the file is updated)", with_data_warnings(_move), rolls=True)
    move.add_argument("move", help="the move's name or id")
    add_data_arguments(move, what=" (classic.json, delve.json)")
    move.add_argument("--option", help="the trigger option: its label (edge, health) or number")
    move.add_argument("--adds", type=int_option(0, 10), default=0, help="adds (default 0)")
    move.add_argument("--track", help="for a progress move: the name of the character's challenge")
    hold = action("hold", "hold the add a move gives the next move", with_data_warnings(_hold))
    hold.add_argument("move", help="the move that gives it (Find an Opportunity, Secure an Advantage)")
    add_data_arguments(hold, what=" (classic.json, delve.json)")
    hold.add_argument("--outcome", choices=sorted(_OUTCOMES), help="the outcome whose text gives it (strong, weak)")
    debility = action("debility", "mark a debility (or clear a condition, or resolve a burden)", _debility)
    debility.add_argument("debility", help="wounded, shaken, unprepared, encumbered, maimed, corrupted, ...")
    debility.add_argument("--clear", action="store_true", help="clear a condition")
    debility.add_argument("--resolve", action="store_true", help="clear a burden whose quest is complete")
    setter = action("set", "set health, spirit, supply, momentum or the name", _set)
    setter.add_argument("key", help="health, spirit, supply, momentum or name")
    setter.add_argument("value", help="the new value")
    bond = action("bond", "forge a bond (a tick on the bonds track)", _bond)
    bond.add_argument("name", help="whom the bond is with")
    advance = action("advance", "Advance: spend 3 experience on a new asset or 2 on an upgrade", _advance)
    advance.add_argument("--asset", action="store_true", help="a new asset (3 experience)")
    advance.add_argument("--upgrade", action="store_true", help="upgrade an asset (2 experience)")
