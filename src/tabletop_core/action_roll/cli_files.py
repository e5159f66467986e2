"""The character files of ``tabletop character`` and ``tabletop classic``: read, written, and their commands.

Both command groups keep a character in a JSON file (its ``to_json()``) and give each
action the same shape: ``tabletop <group> <action> FILE ... [--json]``. A file is written
only once the change is allowed, so a refused change leaves it as it was.
"""

from __future__ import annotations

import argparse
import os
from typing import TypeVar

from tabletop_core._cli_kit import Handler, Output, SubCommands, add_command, dice_values
from tabletop_core._record import Record
from tabletop_core.action_roll.character import Stats
from tabletop_core.errors import InvalidInput

__all__ = ["add_file_command", "new_character_stats", "read_character_file", "write_character_file"]

R = TypeVar("R", bound=Record)


def read_character_file(path: str, kind: type[R]) -> R:
    """The *kind* of character saved in the JSON file *path*.

    Raises:
        InvalidInput: the file cannot be read (the message names it and why), or is not such a character.
    """
    try:
        with open(path, encoding="utf-8") as handle:
            text = handle.read()
    except (OSError, ValueError) as error:  # ValueError: a path with a NUL in it
        raise InvalidInput(
            f"cannot read character file {path!r}: {getattr(error, 'strerror', None) or error}"
        ) from None
    return kind.from_json(text)


def write_character_file(path: str, character: Record, *lines: str) -> Output:
    """Save *character* in *path*; the command prints *lines*, then the character.

    Raises:
        InvalidInput: the file cannot be written (the message names it and why).
    """
    text = character.to_json()
    try:
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(text + "\n")
    except (OSError, ValueError) as error:  # ValueError: a path with a NUL in it
        raise InvalidInput(
            f"cannot write character file {path!r}: {getattr(error, 'strerror', None) or error}"
        ) from None
    return Output("\n".join([*lines, str(character)]), character.to_dict())


def new_character_stats(args: argparse.Namespace) -> Stats:
    """The ``--stats`` of ``new FILE``, after refusing to replace an existing FILE without ``--force``."""
    if os.path.exists(args.file) and not args.force:
        raise InvalidInput(f"{args.file!r} exists: give --force to replace it")
    values = dice_values(args.stats or "", "--stats")
    if len(values) != 5:
        raise InvalidInput("--stats must give edge, heart, iron, shadow and wits, like 3,2,2,1,1")
    return Stats(*values)


def _file_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", help="the character's JSON file")


def add_file_command(
    actions: SubCommands[argparse.ArgumentParser],
    name: str,
    handler: Handler,
    *,
    help: str,
    rolls: bool = False,
) -> argparse.ArgumentParser:
    """Add the action *name* on a character file: ``FILE``, then ``--json`` (``--seed``, ``--dice`` if it *rolls*)."""
    return add_command(actions, name, handler, help=help, options=_file_argument, rolls=rolls)
