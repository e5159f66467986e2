"""The Datasworn commands of ``tabletop``: ``move``, ``oracle NAME`` / ``oracle list`` and ``character``.

* ``tabletop move "Face Danger" --data starforged.json --option edge --stats 3,2,2,1,1
  [--asset Starship ...] [--momentum 4] [--adds 1] [--use ASSET[:ABILITY[:CHOICE]] ...] [--reroll [DICE]]
  [--burn] [--table [NAME]] [--dice 4,3,8] [--seed N] [--json]``; ``--character hero.json`` instead
  of ``--stats`` (a character file: ``tabletop character new``); ``--progress N`` or ``--track NAME``
  for a progress move. Without a move name, lists the moves. A move without a roll prints its
  text and its tables.
* ``tabletop oracle "Given Name" --data starforged.json [--times N] [--flip] [--pick ROW] [--dice 42]``
  (``oracle table NAME`` as before); a collection's name rolls every table in it;
  ``tabletop oracle list --data starforged.json [--filter name]`` lists the tables by collection.
  A d100 die from the table may be given as 0 or 00 (100) or as tens and units: ``--dice 4:2``.
* ``tabletop character new|show|add-asset|mark|attach|set|vow|progress FILE ...``: a character
  kept in a JSON file (see :mod:`.cli_character`).
"""

from __future__ import annotations

import argparse
import re
from collections.abc import Callable, Sequence
from typing import Any

import attrs

from tabletop_core._cli_kit import (
    MAX_INT_DIGITS,
    OptionDice,
    Output,
    SubCommands,
    add_command,
    check_all_dice_used,
    dice_values,
    int_option,
    rng_from_args,
)
from tabletop_core._validate import clip
from tabletop_core.action_roll import cli_character
from tabletop_core.action_roll.action import burn_would_improve
from tabletop_core.action_roll.asset_state import AssetState
from tabletop_core.action_roll.character import PlayerCharacter, Stats
from tabletop_core.action_roll.datasworn._data import plain_text
from tabletop_core.action_roll.datasworn.cli_data import add_data_arguments, ruleset_from_args, with_data_warnings
from tabletop_core.action_roll.datasworn.effects import EffectKind
from tabletop_core.action_roll.datasworn.enhancements import MoveEnhancement
from tabletop_core.action_roll.datasworn.move_oracles import pick_move_table
from tabletop_core.action_roll.datasworn.moves import Move, RollType
from tabletop_core.action_roll.datasworn.reader import OracleCollection, Ruleset
from tabletop_core.action_roll.datasworn.table_rolls import roll_table
from tabletop_core.action_roll.datasworn.tables import OracleTable
from tabletop_core.action_roll.momentum import Momentum
from tabletop_core.action_roll.oracle import read_oracle_dice
from tabletop_core.action_roll.play import make_move, move_enhancements
from tabletop_core.action_roll.play_changes import burn_move, reroll_move
from tabletop_core.action_roll.sundered_isles import roll_cursed
from tabletop_core.action_roll.use_spec import UseSpec, claimed, not_changed
from tabletop_core.errors import InvalidInput, RuleError
from tabletop_core.rng import DiceSource, dice_source

__all__ = ["TableDice", "add_oracle_table", "register", "table_dice"]


# -- dice read as a player reads them ----------------------------------------------------------------

_TOKEN = re.compile(rf"(00|[0-9]{{1,{MAX_INT_DIGITS}}})(?::([0-9]{{1,2}}))?")


class TableDice(OptionDice):
    """``--dice`` for oracle tables: a d100 die may be written 0 or 00 (100), or as tens and units (``4:2``).

    "00 and 0 read as 100": a ``0`` is the top face of a d10 or a d100; ``T:U`` is
    two d10 read as tens then units (each 0..9, or 1..10 for a d10 printed 1..10).
    """

    __slots__ = ("_tokens",)

    def __init__(self, tokens: Sequence[tuple[int, int | None, bool]]) -> None:
        super().__init__([0] * len(tokens))
        self._tokens = tuple(tokens)

    def _read(self, position: int, sides: int) -> int:
        value, units, double_zero = self._tokens[position]
        if units is not None:
            if sides != 100:
                raise InvalidInput(
                    f"--dice value #{position + 1} is tens:units, for a d100 only; this die is a d{sides}"
                )
            return read_oracle_dice(value, units)
        if value == 0 and (sides == 100 or (sides == 10 and not double_zero)):
            return sides
        return value

    def roll(self, sides: int) -> int:
        """The next value, read for a die of *sides* faces."""
        if self._position >= len(self._tokens):
            raise self._shortage(1)
        value = self._read(self._position, sides)
        self._check_fits(value, sides, self._position)
        self._position += 1
        return value

    def roll_each(self, sides: Sequence[int]) -> tuple[int, ...]:
        """The next values, one per die, all or none."""
        sizes = tuple(sides)
        if self._position + len(sizes) > len(self._tokens):
            raise self._shortage(len(sizes))
        values = tuple(self._read(self._position + i, size) for i, size in enumerate(sizes))
        for index, (value, size) in enumerate(zip(values, sizes, strict=True)):
            self._check_fits(value, size, self._position + index)
        self._position += len(sizes)
        return values

    @property
    def used(self) -> tuple[int, ...]:
        """The values handed out so far (as read)."""
        return tuple(token[0] for token in self._tokens[: self._position])


def table_dice(text: str) -> TableDice:
    """The ``--dice`` of an oracle table: comma-separated values, each ``N``, ``0``/``00`` or ``T:U``.

    Raises:
        InvalidInput: a value is of none of these shapes.
    """
    tokens = []
    for part in (p for p in text.replace(" ", "").split(",") if p):
        found = _TOKEN.fullmatch(part)
        if found is None:
            raise InvalidInput(
                f"--dice must be comma-separated rolls (42, 0 or 00 for 100, or tens:units like 4:2), got {clip(text)}"
            )
        units = None if found[2] is None else int(found[2])
        tokens.append((int(found[1]), units, found[1] == "00"))
    return TableDice(tokens)


def _table_source(args: argparse.Namespace) -> DiceSource:
    if args.dice is not None:
        return table_dice(args.dice)
    return dice_source(args.seed)


# -- the ruleset and the character ---------------------------------------------------------------------


def _ruleset(args: argparse.Namespace) -> Ruleset:
    return ruleset_from_args(args)  # --data (repeatable), --strict, --warnings: cli_data


def _character(args: argparse.Namespace, ruleset: Ruleset) -> PlayerCharacter:
    if args.character is not None:
        if args.stats is not None:
            raise InvalidInput("give either --character or --stats, not both")
        character = cli_character.held_in_data(cli_character.read_character(args.character), ruleset)
    else:
        values = dice_values(args.stats or "", "--stats")
        if len(values) != 5:
            raise InvalidInput("--stats must give edge, heart, iron, shadow and wits, like 3,2,2,1,1")
        character = PlayerCharacter(Stats(*values))
    taken = [ruleset.asset(name) for name in args.asset or ()]  # any id form or alias the data knows
    for asset in taken:
        character = character.add_asset(asset)
    for asset in taken:
        character = _attach_alone(character, character.asset(asset.id))
    if args.momentum is not None:
        sheet = character.sheet
        momentum = Momentum(args.momentum, impacts=sheet.momentum.impacts)
        character = attrs.evolve(character, sheet=attrs.evolve(sheet, momentum=momentum))
    return character


def _attach_alone(character: PlayerCharacter, module: AssetState) -> PlayerCharacter:
    """*character* with *module* (given with ``--asset``) attached to the one held asset that takes it.

    A module is always aboard a vehicle at the table; with one that takes it, there is nothing
    to choose. With none or several, or with that one full, it stays as it is (a character
    file attaches it by hand).
    """
    if module.attached_to is not None:
        return character
    takers = [held for held in character.assets if held.id != module.id and held.accepts(module.id)]
    if len(takers) != 1:
        return character
    try:
        return character.attach(module.id, takers[0].id)
    except RuleError:  # the one vehicle has as many aboard as it takes: the module stays off
        return character


def _option(text: str | None) -> int | str | None:
    if text is None:
        return None
    return int(text) if text.isascii() and text.isdigit() else text


# -- --use ASSET[:ABILITY[:CHOICE]] -----------------------------------------------------------------------


def _uses(specs: Sequence[str], move: Move, character: PlayerCharacter) -> tuple[list[MoveEnhancement], list[str]]:
    """The move enhancements and the momentum-reset assets that ``--use`` names (see :mod:`.use_spec`)."""
    extra = move_enhancements(move, character)
    enhancements: list[MoveEnhancement] = []
    resets: list[str] = []
    for text in specs:
        spec = UseSpec.parse(text)
        held, mine = claimed(spec, character, extra)
        if mine:
            enhancements += [e for e in mine if e not in enhancements]
        elif any(
            e.kind is EffectKind.MOMENTUM_RESET and (spec.ability is None or e.ability == spec.ability)
            for e in held.ability_effects
        ):
            resets.append(held.id)
        else:
            raise not_changed(spec, held, move, extra)
    return enhancements, resets


# -- tabletop move --------------------------------------------------------------------------------------


def _no_roll(move: Move, ruleset: Ruleset, args: argparse.Namespace) -> Output:
    # Its text as the card prints it: a line a paragraph, a list item or a table row (Ask the Oracle's odds).
    text = [" ".join(line.split()) for line in plain_text(move.text).splitlines() if line.strip()]
    tables = ruleset.move_tables(move)
    lines = [f"{move.name} (no roll): {text[0] if text else ''}", *text[1:]]
    data: dict[str, Any] = {"move": move.to_dict(), "tables": [t.id for t in tables]}
    if tables:
        lines.append("tables: " + "; ".join(f"{t.name} ({t.id})" for t in tables))
    if args.table is not None:
        source = _table_source(args)
        rolled = ruleset.roll_move_table(move, table=args.table or None, rng=source)
        check_all_dice_used(source, "the dice of the move's table")
        lines.append(str(rolled))
        data["table_roll"] = rolled.to_dict()
    elif tables:
        lines.append("roll one with --table [NAME]")
    return Output("\n".join(lines), data)


def _tables_line(outcome: object, tables: Sequence[OracleTable]) -> str:
    if not tables:
        return f"the {outcome} points to no table"
    names = "; ".join(f"{t.name} ({t.id})" for t in tables)
    return f"the {outcome} points to {len(tables)} tables: {names}; roll one with --table NAME"


def _reroll_dice(text: str | None) -> list[str] | None:
    if text is None or text == "":
        return None
    return [part.strip() for part in text.split(",") if part.strip()]


def _move(args: argparse.Namespace) -> Output:
    ruleset = _ruleset(args)
    if args.name is None:
        names = sorted(f"{move.name} ({move.roll_type}): {move.id}" for move in ruleset.moves.values())
        return Output("\n".join(names), sorted(ruleset.moves))
    move = ruleset.move(args.name)
    if move.roll_type is RollType.NO_ROLL:
        return _no_roll(move, ruleset, args)
    character = _character(args, ruleset)
    used, resets = _uses(args.use or (), move, character)
    source = rng_from_args(args) if args.table is None else _table_source(args)
    track = args.track if args.track is not None else args.progress
    result = make_move(move, character, option=_option(args.option), adds=args.adds, track=track, use=used, rng=source)
    lines = [str(result)]
    data: dict[str, Any] = {}
    if args.reroll is not None:
        result = reroll_move(result, move, dice=_reroll_dice(args.reroll), rng=source)
        lines = [str(result)]
    elif result.rerolls:
        lines.append(f"the abilities used let you reroll {', '.join(result.rerolls)} (add --reroll)")
    if result.action is not None and args.burn:
        if burn_would_improve(result.action, character.momentum):
            result, character = burn_move(result, move, character, use=resets)
            lines = [str(result), f"momentum resets to {character.momentum.value:+d}"]
            if args.character is not None:  # a move reads the file and never writes it
                reset = character.momentum.value
                lines.append(f"(to keep it: tabletop character set {args.character} momentum {reset})")
        else:
            lines.append(f"burning momentum {character.momentum.value:+d} would not improve it: momentum kept")
    elif result.action is not None and burn_would_improve(result.action, character.momentum):
        burned, _ = burn_move(result, move, character, use=resets)
        lines.append(f"burning momentum {character.momentum.value:+d} would make it a {burned.outcome} (add --burn)")
    rolled_dice = result.action or result.progress
    match = None if rolled_dice is None else rolled_dice.is_match  # "on a match" text only on a match
    tables = ruleset.move_tables(move, result.outcome, option=result.option, match=match)
    chosen = None
    if args.table is not None and tables:
        chosen = pick_move_table(
            ruleset, move, result.outcome, table=args.table or None, option=result.option, match=match
        )
    if args.table is not None and chosen is None:  # none, or several and no name: the roll still stands
        lines.append(_tables_line(result.outcome, tables))
    elif chosen is not None:
        rolled = roll_table(chosen, rng=source, tables=ruleset)
        lines.append(str(rolled))
        data["table_roll"] = rolled.to_dict()
    elif tables:
        lines.append(f"the {result.outcome} points to {', '.join(t.name for t in tables)} (add --table)")
    check_all_dice_used(
        source, "the dice of the move's roll (action die, then challenge dice), then any reroll or table"
    )
    # The record says it too: its action's "burn_outcome" is what a burn would give, or null.
    return Output("\n".join(lines), result.to_dict() if not data else {"move": result.to_dict(), **data})


def _move_options(move: argparse.ArgumentParser) -> None:
    move.add_argument("name", nargs="?", help="the move's name or id (leave out to list the moves)")
    add_data_arguments(move, what=" (starforged.json)")
    move.add_argument("--option", help="the trigger option: its label (edge, health) or number")
    move.add_argument("--stats", help="edge,heart,iron,shadow,wits, like 3,2,2,1,1")
    move.add_argument("--character", help="a character file (tabletop character new), instead of --stats")
    move.add_argument("--asset", action="append", help="take this asset of --data for this move (repeatable)")
    move.add_argument("--momentum", type=int_option(-6, 10), help="momentum when rolling, -6..10")
    move.add_argument("--adds", type=int_option(0, 10), default=0, help="adds (default 0)")
    move.add_argument("--progress", type=int_option(0, 10), help="progress score for a progress move (0..10)")
    move.add_argument("--track", help="for a progress move: the name of the character's challenge to roll")
    move.add_argument(
        "--use",
        action="append",
        help="claim an asset ability: ASSET, ASSET:ABILITY (1..3) or ASSET:ABILITY:CHOICE (repeatable)",
    )
    move.add_argument(
        "--reroll",
        nargs="?",
        const="",
        help="take the reroll an ability used allows (optionally the dice: action,challenge_1,challenge_2)",
    )
    move.add_argument("--burn", action="store_true", help="burn momentum if that improves the result, then reset it")
    move.add_argument(
        "--table", nargs="?", const="", help="roll the table the outcome (or a move without a roll) points to"
    )


def register(commands: SubCommands[argparse.ArgumentParser]) -> None:
    """Add ``move`` and ``character`` to ``tabletop``."""
    add_command(
        commands,
        "move",
        with_data_warnings(_move),
        help="Starforged: make a move from a Datasworn file (--data PATH)",
        options=_move_options,
        rolls=True,
    )
    cli_character.register(commands)


# -- tabletop oracle NAME / list ----------------------------------------------------------------------------


def _find_rollable(ruleset: Ruleset, name: str) -> tuple[str, Any]:
    """A table or a collection named *name* (a table first)."""
    try:
        return "table", ruleset.table(name)
    except InvalidInput as table_error:
        try:
            return "collection", ruleset.collection(name)
        except InvalidInput as collection_error:
            if "ambiguous" in str(collection_error) and "ambiguous" not in str(table_error):
                raise collection_error from None
            raise table_error from None


def _table(args: argparse.Namespace) -> Output:
    ruleset = _ruleset(args)
    if args.table_name is None:
        return _listing(ruleset, None)
    kind, found = _find_rollable(ruleset, args.table_name)
    source = _table_source(args)
    given = [flag for flag, on in (("--pick", args.pick is not None), ("--times", args.times is not None)) if on]
    if args.flip:
        given.insert(0, "--flip")
    if len(given) > 1:  # each reads the table its own way: one at a time, never one quietly dropped
        raise InvalidInput(f"give one of --flip, --pick and --times, not {' and '.join(given)}")
    if kind == "collection":
        if args.flip or args.pick or args.times is not None:
            raise InvalidInput("--flip, --pick and --times are for a table, not a collection")
        result: Any = ruleset.roll_collection(found.id, rng=source)
    elif args.pick is not None:
        result = ruleset.choose(found.id, args.pick, rng=source)
    elif args.times is not None:
        result = ruleset.roll_times(found.id, args.times or None, rng=source)
    elif getattr(args, "cursed", False):  # Sundered Isles: the cursed die with a table that has a cursed version
        if args.flip:
            raise InvalidInput("--flip is not for a roll with the cursed die")
        result = roll_cursed(ruleset, found.id, rng=source)
    else:
        result = ruleset.roll(found.id, rng=source)
        if args.flip:
            result = ruleset.flip(result, rng=source)
    check_all_dice_used(source, "the dice the table and the rows it leads to roll")
    return Output(str(result), result.to_dict())


def _listing(ruleset: Ruleset, wanted: str | None) -> Output:
    """The tables by collection (those whose name, id or collection holds *wanted*)."""
    lines: list[str] = []
    data: dict[str, list[str]] = {}
    needle = None if wanted is None else wanted.strip().casefold()

    def walk(collection: OracleCollection, depth: int, path: str) -> None:
        title = f"{path} / {collection.name}" if path else collection.name
        shown = []
        for table_id in collection.tables:
            name = ruleset.tables.names[table_id] if hasattr(ruleset.tables, "names") else ruleset.tables[table_id].name
            if (
                needle is None
                or needle in name.casefold()
                or needle in table_id.casefold()
                or needle in title.casefold()
            ):
                shown.append(f"  {name}: {table_id}")
        if shown:
            lines.append(f"{title} ({collection.kind.replace('_', ' ')}): {collection.id}")
            lines.extend(shown)
            data[collection.id] = [line.rpartition(": ")[2] for line in shown]
        for nested in collection.collections:
            walk(nested, depth + 1, title)

    for collection in ruleset.collections:
        walk(collection, 0, "")
    if not lines:
        raise InvalidInput(f"no oracle table or collection matches {wanted!r}")
    return Output("\n".join(lines), data)


def add_oracle_table(oracle: argparse.ArgumentParser, ask: Callable[[argparse.Namespace], Output]) -> None:
    """``oracle NAME --data PATH`` rolls a table or collection; ``oracle list``; plain ``oracle`` asks *ask*."""
    oracle.add_argument(
        "what", nargs="?", help="a table's or collection's name or id, 'list', or 'table NAME' (with --data)"
    )
    oracle.add_argument("table_name", nargs="?", help=argparse.SUPPRESS)
    add_data_arguments(oracle, what=", to roll its tables")
    oracle.add_argument("--cursed", action="store_true", help="Sundered Isles: roll the cursed die with the table")
    oracle.add_argument(
        "--times",
        nargs="?",
        type=int_option(1, 10),
        const=0,
        metavar="N",
        help="roll the table N times, each result different (no number: as many as it recommends)",
    )
    oracle.add_argument("--flip", action="store_true", help="read the roll with tens and units swapped (37 as 73)")
    oracle.add_argument("--pick", help="pick a row by hand (its text) instead of rolling")
    oracle.add_argument("--filter", help="with 'list': only tables or collections whose name holds this")

    def handle(args: argparse.Namespace) -> Output:
        if args.what is None and args.data is None:
            return ask(args)
        if args.odds != "fifty-fifty":
            raise InvalidInput("--odds is for a yes/no question, not for an oracle table")
        if args.data is None:
            raise InvalidInput("to roll a table, write: tabletop oracle NAME --data PATH")
        if args.what == "list":
            return _listing(_ruleset(args), args.filter)
        if args.what == "table":
            return _table(args)
        if args.table_name is not None:
            raise InvalidInput(
                f"give one table name, got {args.what!r} and {args.table_name!r} (quote a name with spaces)"
            )
        args.table_name = args.what
        return _table(args)

    oracle.set_defaults(handler=with_data_warnings(handle))
