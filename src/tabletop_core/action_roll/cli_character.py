"""``tabletop character``: a Starforged character kept in a JSON file that the command creates and updates.

* ``tabletop character new hero.json --stats 3,2,2,1,1 [--name Kira]``
* ``tabletop character show hero.json [--json]``
* ``tabletop character add-asset hero.json Starship --data starforged.json [--mark 2]``
* ``tabletop character mark hero.json Starship 2`` (mark an ability, 1..3 as on the card)
* ``tabletop character attach hero.json Overseer Starship`` (a module on a vehicle)
* ``tabletop character set hero.json KEY VALUE``: ``momentum``, ``health``, ``spirit``, ``supply``,
  ``name``, a stat (``edge`` ... ``wits``), ``aboard`` (yes/no), or ``ASSET:KEY`` for an asset's meter
  (``Starship:integrity 3``), option (``Devotant:linked stat heart``, ``Starship:name Wayfarer``), box
  (``Starship:battered yes``), clock (``Fugitive:clock 2``) or counter (``Snub Fighter:victory marks 4``).
* ``tabletop character vow hero.json "Find the fleet" --rank dangerous [--kind vow]``
* ``tabletop character progress hero.json "Find the fleet" [--times 2]``

Meters move as the rules let them: raising health while wounded, or a battered vehicle's
integrity, is refused. The file is written only when the change is allowed.
"""

from __future__ import annotations

import argparse

import attrs

from tabletop_core._cli_kit import Handler, Output, SubCommands, int_option, whole_number
from tabletop_core._validate import clip
from tabletop_core.action_roll.asset_state import AssetState
from tabletop_core.action_roll.character import PlayerCharacter, TrackKind
from tabletop_core.action_roll.cli_files import (
    add_file_command,
    new_character_stats,
    read_character_file,
    write_character_file,
)
from tabletop_core.action_roll.datasworn.cli_data import add_data_arguments, ruleset_from_args, with_data_warnings
from tabletop_core.action_roll.datasworn.reader import load
from tabletop_core.action_roll.datasworn.ruleset import Ruleset
from tabletop_core.action_roll.impacts import Meter
from tabletop_core.action_roll.momentum import Momentum
from tabletop_core.action_roll.progress import Rank
from tabletop_core.errors import InvalidInput

__all__ = ["read_character", "register"]

_STATS = ("edge", "heart", "iron", "shadow", "wits")
_YES = ("yes", "on", "true", "1", "marked", "checked")
_NO = ("no", "off", "false", "0", "clear", "cleared")


def read_character(path: str) -> PlayerCharacter:
    """A :class:`PlayerCharacter` from a JSON file (``to_json()``, or ``tabletop character new``)."""
    return read_character_file(path, PlayerCharacter)


def _write(path: str, character: PlayerCharacter) -> Output:
    return write_character_file(path, character)


def _new(args: argparse.Namespace) -> Output:
    character = PlayerCharacter(new_character_stats(args))
    if args.name:
        character = attrs.evolve(character, sheet=attrs.evolve(character.sheet, name=args.name))
    return _write(args.file, character)


def _show(args: argparse.Namespace) -> Output:
    character = read_character(args.file)
    lines = [str(character)]
    for asset in character.assets:
        marked = ", ".join(str(i + 1) for i, flag in enumerate(asset.abilities) if flag) or "none"
        lines.append(f"  {asset} — abilities marked: {marked}")
    return Output("\n".join(lines), character.to_dict())


def _add_asset(args: argparse.Namespace) -> Output:
    if not args.data:
        raise InvalidInput("--data must give the path of a Datasworn JSON file")
    character = read_character(args.file)
    state = AssetState.from_asset(load(args.data).asset(args.asset))
    for number in args.mark or ():
        state = state.mark_ability(number - 1)
    return _write(args.file, character.add_asset(state))


def held_in_data(character: PlayerCharacter, ruleset: Ruleset) -> PlayerCharacter:
    """*character* with every asset read again from the data it is played with.

    A save made by an older release gains its options, clocks and card changes. An asset the
    data lacks is an error, since its moves would be missing without a word.
    """
    missing = [f"{clip(held.name)} ({clip(held.id)})" for held in character.assets if held.id not in ruleset.assets]
    if missing:
        raise InvalidInput(
            f"the character holds {', '.join(missing)}, which the data does not have: give the data it was made with"
        )
    return character.refresh_assets(ruleset)


def _refresh(args: argparse.Namespace) -> Output:
    return _write(args.file, held_in_data(read_character(args.file), ruleset_from_args(args)))


def _mark(args: argparse.Namespace) -> Output:
    character = read_character(args.file)
    held = character.asset(args.asset)
    return _write(args.file, character.update_asset(held.mark_ability(args.ability - 1)))


def _attach(args: argparse.Namespace) -> Output:
    character = read_character(args.file)
    return _write(args.file, character.attach(args.module, args.vehicle))


def _flag(value: str, key: str) -> bool:
    said = value.strip().lower()
    if said in _YES:
        return True
    if said in _NO:
        return False
    raise InvalidInput(f"{key} takes yes or no, got {value!r}")


def _set_meter(character: PlayerCharacter, meter: Meter, value: int) -> PlayerCharacter:
    sheet = character.sheet
    current = (sheet.health if meter is Meter.HEALTH else sheet.spirit).value
    if value > current:
        sheet = sheet.recover(meter, value - current)  # refused while wounded or shaken
    elif value < current:
        sheet = sheet.suffer(meter, current - value)
    return attrs.evolve(character, sheet=sheet)


def _set_character(character: PlayerCharacter, key: str, value: str) -> PlayerCharacter:
    sheet = character.sheet
    if key == "momentum":
        return attrs.evolve(
            character,
            sheet=attrs.evolve(sheet, momentum=Momentum(whole_number(value, key), impacts=sheet.momentum.impacts)),
        )
    if key in ("health", "spirit"):
        return _set_meter(character, Meter(key), whole_number(value, key))
    if key == "supply":
        current, wanted = character.party.supply.value, whole_number(value, key)
        party = (
            character.party.resupply(wanted - current)
            if wanted > current
            else character.party.sacrifice_resources(current - wanted)
        )
        return attrs.evolve(character, party=party, sheet=party.share_with(sheet))
    if key == "name":
        return attrs.evolve(character, sheet=attrs.evolve(sheet, name=value))
    if key == "aboard":
        return attrs.evolve(character, sheet=sheet.board() if _flag(value, key) else sheet.disembark())
    if key in _STATS:
        return attrs.evolve(character, stats=attrs.evolve(character.stats, **{key: whole_number(value, key)}))
    keys = "momentum, health, spirit, supply, name, aboard, edge, heart, iron, shadow, wits, or ASSET:KEY"
    raise InvalidInput(f"key must be one of {keys}, got {key!r}")


def _set_asset(held: AssetState, key: str, value: str) -> AssetState:
    if held.meter(key) is not None:
        return held.set_meter(key, whole_number(value, f"{held.name}:{key}"))
    if held.option(key) is not None:
        return held.set_option(key, value or None)
    if held.box(key) is not None:
        wanted = _flag(value, f"{held.name}:{key}")
        if wanted == held.is_marked(key):
            return held
        return held.mark(key) if wanted else held.clear(key)
    if held.counter(key) is not None:
        return held.set_counter(key, whole_number(value, f"{held.name}:{key}"))
    if held.clocks and (key.strip().lower() in ("clock", "the clock") or any(c.name == key for c in held.clocks)):
        filled = whole_number(value, f"{held.name}:{key}")
        name = None if key.strip().lower() in ("clock", "the clock") else key
        reset = held.reset_clock(name=name)
        return reset.advance_clock(filled, name=name) if filled else reset
    known = [m.key for m in held.meters] + [o.key for o in held.options] + [b.key for b in held.boxes]
    known += [c.key for c in held.counters] + (["clock"] if held.clocks else [])
    raise InvalidInput(f"{held.name} has no {key!r} (it has {', '.join(known) or 'nothing to set'})")


def _set(args: argparse.Namespace) -> Output:
    character = read_character(args.file)
    asset, colon, key = args.key.rpartition(":")
    if colon and asset.strip():
        held = character.asset(asset.strip())
        return _write(args.file, character.update_asset(_set_asset(held, key.strip(), args.value)))
    return _write(args.file, _set_character(character, args.key.strip().lower(), args.value))


def _vow(args: argparse.Namespace) -> Output:
    character = read_character(args.file)
    kind = TrackKind.parse(args.kind, name="kind")
    return _write(args.file, character.add_challenge(kind, args.name, Rank.parse(args.rank)))


def _progress(args: argparse.Namespace) -> Output:
    character = read_character(args.file)
    return _write(args.file, character.mark_progress(args.name, times=args.times))


def register(commands: SubCommands[argparse.ArgumentParser]) -> None:
    """Add ``character`` to ``tabletop``."""
    character = commands.add_parser("character", help="Starforged: create and update a character file")
    actions = character.add_subparsers(dest="character_command", metavar="ACTION", required=True)

    def action(name: str, help_text: str, handler: Handler) -> argparse.ArgumentParser:
        return add_file_command(actions, name, handler, help=help_text)

    new = action("new", "create a character file", _new)
    new.add_argument("--stats", required=True, help="edge,heart,iron,shadow,wits, like 3,2,2,1,1")
    new.add_argument("--name", help="the character's name")
    new.add_argument("--force", action="store_true", help="replace an existing file")
    action("show", "print the character", _show)
    add = action("add-asset", "take an asset of a Datasworn file", _add_asset)
    add.add_argument("asset", help="the asset's name or id")
    add.add_argument("--data", help="path of the Datasworn JSON file")
    add.add_argument("--mark", action="append", type=int_option(1, 3), help="also mark this ability (1..3)")
    refresh = action(
        "refresh", "read every held asset again from Datasworn data (an older save)", with_data_warnings(_refresh)
    )
    add_data_arguments(refresh)  # repeatable: the base and its expansions, as for move
    mark = action("mark", "mark an ability of a held asset", _mark)
    mark.add_argument("asset", help="the asset's name or id")
    mark.add_argument("ability", type=int_option(1, 3), help="the ability's number on the card, 1..3")
    attach = action("attach", "attach a module to a vehicle", _attach)
    attach.add_argument("module", help="the module's name or id")
    attach.add_argument("vehicle", help="the vehicle's name or id")
    setter = action("set", "set a meter, stat, option, box, clock or counter", _set)
    setter.add_argument("key", help="momentum, health, spirit, supply, name, aboard, a stat, or ASSET:KEY")
    setter.add_argument("value", help="the new value")
    vow = action("vow", "start a track: a vow, a connection, an expedition, a fight", _vow)
    vow.add_argument("name", help="the challenge's name")
    vow.add_argument("--rank", required=True, help="troublesome, dangerous, formidable, extreme or epic")
    vow.add_argument("--kind", default="vow", help="vow (default), connection, expedition, combat, scene challenge")
    progress = action("progress", "mark progress on a challenge", _progress)
    progress.add_argument("name", help="the challenge's name")
    progress.add_argument("--times", type=int_option(1, 10), default=1, help="how many times (default 1)")
