"""What every command of the ``tabletop`` command line shares: the kit a system's ``cli`` module uses.

A rule system adds its commands from its own ``cli`` module (see
:data:`tabletop_core.cli.EXTENSIONS`); those modules build on the few pieces here: the
:class:`Output` a handler returns, the whole-number option type, the ``--seed``/``--dice``/
``--json`` options of a command that rolls, and the dice source those options name. The kit
knows the core only, so the systems' command modules import it without importing the
``tabletop`` command itself (which sits above every system and finds their modules by name).
Every name here is also importable from :mod:`tabletop_core.cli`, where it is documented.
"""

from __future__ import annotations

import argparse
import re
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from tabletop_core._frozen import frozen
from tabletop_core._validate import clip
from tabletop_core.errors import DiceExhausted, InvalidInput
from tabletop_core.rng import DiceSource, ScriptedDice, dice_source

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = [
    "MAX_ERROR_LENGTH",
    "MAX_INT_DIGITS",
    "Handler",
    "OptionDice",
    "Output",
    "SubCommands",
    "add_command",
    "add_json_option",
    "add_roll_options",
    "check_all_dice_used",
    "dice_values",
    "int_option",
    "one_line",
    "rng_from_args",
    "whole_number",
]

MAX_INT_DIGITS = 40
"""The most digits a whole-number option takes (more is refused before Python parses it)."""

_INTEGER = re.compile(r"[+-]?[0-9]+")


# Room for the library's longest message of its own (an ambiguous name answered with its 14
# candidates' ids, about 1,000 characters) and under a chat message's 2,000 with the prefix;
# what the user typed is quoted through clip() already, so this cut only guards the rest.
MAX_ERROR_LENGTH = 1500
"""The most characters of one error line; a longer message (argparse quoting a 5,000-character
argument) is cut in the middle."""


def one_line(message: str) -> str:
    """*message* with every line break escaped and cut to :data:`MAX_ERROR_LENGTH`, so an error is one short line.

    Errors quote what the user typed, and a chat message or a shell argument may hold a
    newline (or another character :meth:`str.splitlines` breaks on), or be thousands of
    characters long.
    """
    if len(message) > MAX_ERROR_LENGTH:
        half = MAX_ERROR_LENGTH // 2 - 3
        message = f"{message[:half]} ... {message[-half:]}"
    return "".join(
        char.encode("unicode_escape").decode("ascii") if len(f"a{char}b".splitlines()) > 1 else char for char in message
    )


def int_option(low: int | None = None, high: int | None = None) -> Callable[[str], int]:
    """An argparse ``type=`` for a whole number in *low*..*high* (either may be open).

    Only ASCII digits with an optional sign are accepted: ``"²"``, ``"٣"``, ``"1.5"`` and
    ``"1e3"`` are refused with a one-line message naming the option, as is a number of more
    than :data:`MAX_INT_DIGITS` digits.
    """

    def parse(text: str) -> int:
        body = text.strip()
        if not _INTEGER.fullmatch(body) or len(body.lstrip("+-")) > MAX_INT_DIGITS:
            raise argparse.ArgumentTypeError(f"expected a whole number, got {one_line(repr(text))[:60]}")
        value = int(body)
        if (low is not None and value < low) or (high is not None and value > high):
            if high is None:
                expected = f"at least {low}"
            elif low is None:
                expected = f"at most {high}"
            else:
                expected = f"from {low} to {high}"
            raise argparse.ArgumentTypeError(f"expected a whole number {expected}, got {value}")
        return value

    parse.__name__ = "whole number"  # argparse names the type in some messages
    return parse


@frozen
class Output:
    """What a command produced: *text* for a terminal, *data* for ``--json``."""

    text: str
    data: object


Handler = Callable[[argparse.Namespace], Output]


SubCommands = argparse._SubParsersAction  # argparse names the type of add_subparsers() privately
"""What ``register(commands, odds_commands)`` receives: a group a command is added to."""


def add_json_option(parser: argparse.ArgumentParser) -> None:
    """Add ``--json`` (print the data of the :class:`Output` instead of its text)."""
    parser.add_argument("--json", action="store_true", help="print machine-readable JSON")


def add_roll_options(parser: argparse.ArgumentParser, *, dice: bool = True) -> None:
    """Add ``--seed``, ``--json`` and (when *dice*) ``--dice`` to a command that rolls."""
    parser.add_argument("--seed", type=int_option(0), help="seed for reproducible dice (a whole number >= 0)")
    if dice:
        parser.add_argument(
            "--dice",
            help="dice already rolled at the table, comma-separated, in the order the rules roll them",
        )
    add_json_option(parser)


def add_command(
    commands: SubCommands[argparse.ArgumentParser],
    name: str,
    handler: Handler,
    *,
    help: str,
    options: Callable[[argparse.ArgumentParser], object] | None = None,
    rolls: bool = False,
    dice: bool = True,
) -> argparse.ArgumentParser:
    """Add the command *name* to *commands*, the one shape of every ``tabletop`` command.

    Its own *options* first (a function adding them), then ``--seed``/``--dice``/``--json``
    when it *rolls* (``--dice`` left out when not *dice*; :func:`add_roll_options`), else
    ``--json`` alone, then *handler* as what it runs. Options added to the returned parser
    come after those.

    Examples:
        >>> import argparse
        >>> commands = argparse.ArgumentParser(prog="tabletop").add_subparsers()
        >>> def shout(args):
        ...     return Output(args.word.upper(), {"word": args.word})
        >>> shouting = add_command(commands, "shout", shout, help="say it loud",
        ...                        options=lambda parser: parser.add_argument("word"))
        >>> args = shouting.parse_args(["hi", "--json"])
        >>> args.handler(args).text, args.json
        ('HI', True)
    """
    parser = commands.add_parser(name, help=help)
    if options is not None:
        options(parser)
    if rolls:
        add_roll_options(parser, dice=dice)
    else:
        add_json_option(parser)
    parser.set_defaults(handler=handler)
    return parser


def dice_values(text: str, option: str = "--dice") -> list[int]:
    """The values of a ``--dice`` option (or *option*): comma-separated whole numbers (spaces and empty parts ignored).

    Raises:
        InvalidInput: a part is not ASCII digits with an optional sign (``"²"`` and ``"٣"`` are
            refused like everywhere else on the command line) or has more than
            :data:`MAX_INT_DIGITS` digits.
    """
    parts = [part for part in text.replace(" ", "").split(",") if part]
    if not all(_INTEGER.fullmatch(part) and len(part.lstrip("+-")) <= MAX_INT_DIGITS for part in parts):
        raise InvalidInput(f"{option} must be comma-separated whole numbers, got {clip(text)}")
    return [int(part) for part in parts]


def whole_number(value: str, key: str) -> int:
    """The one whole number a ``set FILE KEY VALUE`` command gives *key*."""
    text = value.strip()
    if not (_INTEGER.fullmatch(text) and len(text.lstrip("+-")) <= MAX_INT_DIGITS):
        raise InvalidInput(f"{key} takes one whole number, got {clip(value)}")
    return int(text)


class OptionDice(ScriptedDice):
    """The values of ``--dice``: a :class:`ScriptedDice` whose errors name the option, not the library.

    Too few values: ``--dice gave 2 values, this roll needs at least 3``; a value that
    does not fit its die: ``--dice value 7 (value #1) does not fit a d6: expected 1..6``.
    """

    __slots__ = ()
    _value_name = "--dice value"

    def _shortage(self, wanted: int) -> DiceExhausted:
        given = len(self._values)
        return DiceExhausted(
            f"--dice gave {given} value{'s' * (given != 1)}, this roll needs at least {self._position + wanted}"
        )

    def roll(self, sides: int) -> int:
        """As :meth:`ScriptedDice.roll`; running out names ``--dice``."""
        try:
            return super().roll(sides)
        except DiceExhausted:
            raise self._shortage(1) from None

    def roll_each(self, sides: Sequence[int]) -> tuple[int, ...]:
        """As :meth:`ScriptedDice.roll_each`; running out names ``--dice``."""
        try:
            return super().roll_each(sides)
        except DiceExhausted:
            raise self._shortage(len(sides)) from None

    def roll_many(self, sides: int, n: int) -> npt.NDArray[np.int64]:
        """As :meth:`ScriptedDice.roll_many`; running out names ``--dice``."""
        try:
            return super().roll_many(sides, n)
        except DiceExhausted:
            raise self._shortage(n) from None


def rng_from_args(args: argparse.Namespace) -> DiceSource:
    """The dice source a command should roll from: ``--dice``, else ``--seed``, else OS entropy."""
    scripted = getattr(args, "dice", None)
    if scripted is not None:
        return OptionDice(dice_values(scripted))
    return dice_source(getattr(args, "seed", None))


def check_all_dice_used(source: DiceSource, expected: str) -> None:
    """Refuse ``--dice`` values a command did not use: silently dropping them would hide a typo.

    Args:
        source: The source the command rolled from (only a :class:`ScriptedDice` is checked).
        expected: What the command rolls, for the message ("the d20, then the d6"): the error
            reads ``--dice gave 3 values, this roll uses 2: the d20, then the d6``, the twin of
            :class:`OptionDice`'s ``--dice gave 1 value, this roll needs at least 2``.

    Raises:
        InvalidInput: values are left over.
    """
    if isinstance(source, ScriptedDice) and source.remaining:
        given = len(source.used) + source.remaining
        raise InvalidInput(f"--dice gave {given} values, this roll uses {len(source.used)}: {expected}")
