"""The Datasworn commands of ``tabletop``: ``move`` and ``oracle table``.

* ``tabletop move "Face Danger" --data starforged.json --option edge --stats 3,2,2,1,1 [--momentum 4]
  [--adds 1] [--dice 4,3,8] [--seed N] [--json]``; ``--character hero.json`` instead of ``--stats``
  (a :class:`~tabletop_core.action_roll.PlayerCharacter` saved with ``to_json()``); ``--progress N``
  for a progress move's score. Without a move name, lists the moves.
* ``tabletop oracle table "Given Name" --data starforged.json [--dice 42] [--seed N] [--json]``.
  Without a table name, lists the tables.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable

import attrs

from tabletop_core.action_roll.action import burn_momentum, burn_would_improve
from tabletop_core.action_roll.character import PlayerCharacter, Stats
from tabletop_core.action_roll.datasworn.cli_data import add_data_arguments, ruleset_from_args, with_data_warnings
from tabletop_core.action_roll.datasworn.reader import Ruleset
from tabletop_core.action_roll.momentum import Momentum
from tabletop_core.action_roll.play import make_move
from tabletop_core.cli import Output, add_roll_options, check_all_dice_used, dice_values, int_option, rng_from_args
from tabletop_core.errors import InvalidInput

__all__ = ["add_oracle_table", "register"]


def _ruleset(args: argparse.Namespace) -> Ruleset:
    return ruleset_from_args(args)  # --data (repeatable), --strict, --warnings: cli_data


def _character(args: argparse.Namespace) -> PlayerCharacter:
    if args.character is not None:
        if args.stats is not None:
            raise InvalidInput("give either --character or --stats, not both")
        try:
            with open(args.character, encoding="utf-8") as handle:
                text = handle.read()
        except OSError as error:
            raise InvalidInput(f"cannot read --character {args.character!r}: {error.strerror or error}") from None
        character = PlayerCharacter.from_json(text)
    else:
        values = dice_values(args.stats or "")
        if len(values) != 5:
            raise InvalidInput("--stats must give edge, heart, iron, shadow and wits, like 3,2,2,1,1")
        character = PlayerCharacter(Stats(*values))
    if args.momentum is not None:
        sheet = character.sheet
        momentum = Momentum(args.momentum, impacts=sheet.momentum.impacts)
        character = attrs.evolve(character, sheet=attrs.evolve(sheet, momentum=momentum))
    return character


def _option(text: str | None) -> int | str | None:
    if text is None:
        return None
    return int(text) if text.isascii() and text.isdigit() else text


def _move(args: argparse.Namespace) -> Output:
    ruleset = _ruleset(args)
    if args.name is None:
        names = sorted(f"{move.name} ({move.roll_type})" for move in ruleset.moves.values())
        return Output("\n".join(names), sorted(ruleset.moves))
    move = ruleset.move(args.name)
    character = _character(args)
    source = rng_from_args(args)
    result = make_move(
        move,
        character,
        option=_option(args.option),
        adds=args.adds,
        track=args.progress,
        rng=source,
    )
    check_all_dice_used(source, "the dice of the move's roll (action die, then challenge dice)")
    lines = [str(result)]
    if result.action is not None and burn_would_improve(result.action, character.momentum):
        burned, _ = burn_momentum(result.action, character.momentum)
        lines.append(f"burning momentum {character.momentum.value:+d} would make it a {burned.outcome}")
    # The record says it too: its action's "burn_outcome" is what a burn would give, or null.
    return Output("\n".join(lines), result.to_dict())


def _table(args: argparse.Namespace) -> Output:
    ruleset = _ruleset(args)
    if args.table_name is None:
        names = sorted(f"{table.id} ({table.name})" for table in ruleset.tables.values())
        return Output("\n".join(names), sorted(ruleset.tables))
    source = rng_from_args(args)
    if getattr(args, "cursed", False):  # Sundered Isles: the cursed die with a table that has a cursed version
        from tabletop_core.action_roll.sundered_isles import roll_cursed

        cursed = roll_cursed(ruleset, args.table_name, rng=source)
        check_all_dice_used(source, "the table's dice, then the cursed die, then what the results ask for")
        return Output(str(cursed), cursed.to_dict())
    result = ruleset.roll(args.table_name, rng=source)
    check_all_dice_used(source, "the dice the table and the rows it leads to roll")
    return Output(str(result), result.to_dict())


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``move`` to ``tabletop``."""
    move = commands.add_parser("move", help="Starforged: make a move from a Datasworn file (--data PATH)")
    move.add_argument("name", nargs="?", help="the move's name or id (leave out to list the moves)")
    add_data_arguments(move, what=" (starforged.json)")
    move.add_argument("--option", help="the trigger option: its label (edge, health) or number")
    move.add_argument("--stats", help="edge,heart,iron,shadow,wits, like 3,2,2,1,1")
    move.add_argument("--character", help="a PlayerCharacter saved as JSON (instead of --stats)")
    move.add_argument("--momentum", type=int_option(-6, 10), help="momentum when rolling, -6..10")
    move.add_argument("--adds", type=int_option(0, 10), default=0, help="adds (default 0)")
    move.add_argument("--progress", type=int_option(0, 10), help="progress score for a progress move (0..10)")
    add_roll_options(move)
    move.set_defaults(handler=with_data_warnings(_move))


def add_oracle_table(oracle: argparse.ArgumentParser, ask: Callable[[argparse.Namespace], Output]) -> None:
    """Let ``tabletop oracle table NAME --data PATH`` roll a Datasworn table; plain ``oracle`` still asks *ask*."""
    oracle.add_argument("what", nargs="?", choices=["table"], help="'table' to roll an oracle table of --data")
    oracle.add_argument("table_name", nargs="?", help="the table's name or id (leave out to list the tables)")
    add_data_arguments(oracle, what=", for 'oracle table'")
    oracle.add_argument("--cursed", action="store_true", help="Sundered Isles: roll the cursed die with the table")

    def handle(args: argparse.Namespace) -> Output:
        if args.what == "table":
            if args.odds != "fifty-fifty":
                raise InvalidInput("--odds is for a yes/no question, not for 'oracle table'")
            return _table(args)
        if args.data is not None or args.table_name is not None:
            raise InvalidInput("to roll a table, write: tabletop oracle table NAME --data PATH")
        return ask(args)

    oracle.set_defaults(handler=with_data_warnings(handle))
