"""The ``tabletop`` command: roll, explain and show exact odds from a shell.

Each rule system adds its own commands from its ``cli`` module (see
:data:`EXTENSIONS`): a module there defines ``register(commands, odds_commands)``
to add sub-commands and ``demo(seed) -> str`` for its part of ``tabletop demo``.
A handler returns an :class:`Output`: text for people, data for ``--json``.

Bad arguments print one line on stderr and exit with status 2, never a traceback.
"""

from __future__ import annotations

import argparse
import contextlib
import errno
import importlib
import json
import os
import re
import sys
from collections.abc import Callable, Sequence
from types import ModuleType
from typing import TYPE_CHECKING, NoReturn

import attrs

from tabletop_core import __version__
from tabletop_core._cli_examples import EXAMPLES
from tabletop_core._validate import clip
from tabletop_core.dice import Die
from tabletop_core.errors import DiceExhausted, InvalidInput, TabletopError
from tabletop_core.odds import Distribution
from tabletop_core.rng import DiceSource, ScriptedDice, dice_source

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt
    from _typeshed import SupportsWrite

__all__ = [
    "EXTENSIONS",
    "MAX_ERROR_LENGTH",
    "MAX_INT_DIGITS",
    "OptionDice",
    "Output",
    "add_roll_options",
    "check_all_dice_used",
    "dice_values",
    "int_option",
    "main",
    "one_line",
    "rng_from_args",
]

EXTENSIONS = (
    "tabletop_core.notation.cli",
    "tabletop_core.action_roll.cli",
    "tabletop_core.d20.cli",
    "tabletop_core.residue.cli",
)
"""Modules that add commands and demo sections, in the order ``demo`` shows them."""

# The module in EXTENSIONS adding each command (tests check these against what each registers):
# ``tabletop roll 1d20`` then imports the notation alone, not every rule system.
_HOMES = {
    "roll": "tabletop_core.notation.cli",
    **dict.fromkeys(("action", "progress", "oracle", "move", "character", "classic"), "tabletop_core.action_roll.cli"),
    **dict.fromkeys(("test", "contest", "condition", "encounter"), "tabletop_core.d20.cli"),
    "residue": "tabletop_core.residue.cli",
}
_ODDS_HOMES = {
    "die": None,  # a core command
    "roll": "tabletop_core.notation.cli",
    **dict.fromkeys(("action", "progress"), "tabletop_core.action_roll.cli"),
    **dict.fromkeys(("test", "contest"), "tabletop_core.d20.cli"),
    "residue": "tabletop_core.residue.cli",
}

DEFAULT_DEMO_SEED = 2026

MAX_TABLE_SIDES = 10_000
"""The most sides ``tabletop odds die`` tabulates (a bigger table is no use in a terminal)."""


MAX_INT_DIGITS = 40
"""The most digits a whole-number option takes (more is refused before Python parses it)."""

_INTEGER = re.compile(r"[+-]?[0-9]+")


MAX_ERROR_LENGTH = 300
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


@attrs.frozen
class Output:
    """What a command produced: *text* for a terminal, *data* for ``--json``."""

    text: str
    data: object


Handler = Callable[[argparse.Namespace], Output]


def _write(text: str, stream: SupportsWrite[str]) -> None:
    """Write *text*, escaping what *stream*'s encoding cannot show (``PYTHONIOENCODING=ascii``, a cp1252 console)."""
    try:
        stream.write(text)
    except UnicodeEncodeError:
        encoding = getattr(stream, "encoding", None) or "ascii"
        stream.write(text.encode(encoding, "backslashreplace").decode(encoding))


class _Parser(argparse.ArgumentParser):
    """An ArgumentParser whose errors are one line and exit status 2, and whose help ends with examples."""

    examples: tuple[str, ...] = ()
    """Command lines shown under "examples:" at the end of ``--help`` (from ``_cli_examples``)."""

    def format_help(self) -> str:
        """The usual help, then the command's examples."""
        text = super().format_help()
        if self.examples:
            text += "\nexamples:\n" + "".join(f"  {line}\n" for line in self.examples)
        return text

    def _print_message(self, message: str, file: SupportsWrite[str] | None = None) -> None:
        # --help holds "★" and "→": an ASCII-only stdout must not turn it into a traceback.
        if message:
            if file is None and sys.stdout is None:  # --help or --version for a closed stdout: main reports it
                raise OSError(errno.EBADF, "standard output is closed")
            _write(message, file or sys.stderr)

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {one_line(message)}\n")


def add_roll_options(parser: argparse.ArgumentParser, *, dice: bool = True) -> None:
    """Add ``--seed``, ``--json`` and (when *dice*) ``--dice`` to a command that rolls."""
    parser.add_argument("--seed", type=int_option(0), help="seed for reproducible dice (a whole number >= 0)")
    if dice:
        parser.add_argument(
            "--dice",
            help="dice already rolled at the table, comma-separated, in the order the rules roll them",
        )
    parser.add_argument("--json", action="store_true", help="print machine-readable JSON")


def dice_values(text: str) -> list[int]:
    """The values of a ``--dice`` option: comma-separated whole numbers (spaces and empty parts ignored).

    Raises:
        InvalidInput: a part is not ASCII digits with an optional sign (``"²"`` and ``"٣"`` are
            refused like everywhere else on the command line) or has more than
            :data:`MAX_INT_DIGITS` digits.
    """
    parts = [part for part in text.replace(" ", "").split(",") if part]
    if not all(_INTEGER.fullmatch(part) and len(part.lstrip("+-")) <= MAX_INT_DIGITS for part in parts):
        raise InvalidInput(f"--dice must be comma-separated whole numbers, got {clip(text)}")
    return [int(part) for part in parts]


class OptionDice(ScriptedDice):
    """The values of ``--dice``: a :class:`ScriptedDice` whose errors name the option, not the library.

    Too few values: ``--dice gave 2 values, this roll needs at least 3``; a value that
    does not fit its die: ``--dice value 7 (value #1) does not fit a d6: expected 1..6``.
    """

    __slots__ = ()

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

    @staticmethod
    def _check_fits(value: int, sides: int, position: int) -> None:
        if not 1 <= value <= sides:
            raise InvalidInput(
                f"--dice value {value} (value #{position + 1}) does not fit a d{sides}: expected 1..{sides}"
            )


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


def _parse_die(text: str) -> Die:
    body = text.strip().lower()
    if body.startswith("d"):
        body = body[1:]
    if body == "%":
        body = "100"
    if not (body.isascii() and body.isdigit()):  # isdigit alone accepts "²", which int() refuses
        raise TabletopError(f"expected a die such as d20, got {clip(text)}")
    if len(body) > len(str(MAX_TABLE_SIDES)) or int(body) > MAX_TABLE_SIDES:
        raise TabletopError(f"a die for the command line has at most {MAX_TABLE_SIDES} sides, got {clip(text)}")
    return Die(int(body))


def _odds_die(args: argparse.Namespace) -> Output:
    die = _parse_die(args.die)
    distribution = die.distribution()
    return Output(str(distribution), distribution.to_dict(title=f"one {die}"))


def _demo(args: argparse.Namespace) -> Output:
    seed = DEFAULT_DEMO_SEED if args.seed is None else args.seed
    sections = [_core_demo(seed)]
    for module in _extensions():
        section = module.demo(seed)
        if section:
            sections.append(section)
    text = "\n\n".join(sections)
    return Output(text, {"seed": seed, "text": text})


def _core_demo(seed: int) -> str:
    source = dice_source(seed)
    rolls = ", ".join(f"{die} -> {die.roll(rng=source)}" for die in map(Die, (4, 6, 8, 10, 12, 20)))
    two_d6 = Distribution.from_function(lambda a, b: a + b, 6, 6)
    return "\n".join(
        [
            f"== tabletop_core {__version__}: a seeded tour (seed {seed}) ==",
            "",
            "-- Dice --",
            rolls,
            "",
            "-- Exact odds: the total of 2d6 --",
            str(two_d6),
            f"mean {two_d6.mean()}, P(total >= 10) = {two_d6.at_least(10)}",
        ]
    )


def _extensions(names: Sequence[str] = EXTENSIONS) -> list[ModuleType]:
    return [importlib.import_module(name) for name in names]


def _needed(argv: Sequence[str]) -> tuple[str, ...]:
    """The extensions a command line needs: the one adding its command, or all (help, demo, a typo)."""
    if argv and argv[0] in _HOMES:
        return (_HOMES[argv[0]],)
    if len(argv) > 1 and argv[0] == "odds" and argv[1] in _ODDS_HOMES:
        home = _ODDS_HOMES[argv[1]]
        return () if home is None else (home,)
    return EXTENSIONS


def build_parser() -> argparse.ArgumentParser:
    """Build the ``tabletop`` argument parser with every system's commands."""
    return _build_parser(EXTENSIONS)


def _build_parser(extensions: Sequence[str]) -> argparse.ArgumentParser:
    """The ``tabletop`` parser with the commands of *extensions* (and the core's) only."""
    parser = _Parser(prog="tabletop", description="Roll, explain and give exact odds for tabletop RPG dice.")
    parser.add_argument("--version", action="version", version=f"tabletop_core {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)

    demo = commands.add_parser("demo", help="a seeded tour of everything the library does")
    demo.add_argument("--seed", type=int_option(0), help=f"seed, a whole number >= 0 (default {DEFAULT_DEMO_SEED})")
    demo.add_argument("--json", action="store_true", help="print machine-readable JSON")
    demo.set_defaults(handler=_demo)

    odds = commands.add_parser("odds", help="print an exact probability table")
    odds_commands = odds.add_subparsers(dest="odds_command", metavar="KIND", required=True)
    odds_die = odds_commands.add_parser("die", help="one die, for example: tabletop odds die d8")
    odds_die.add_argument("die", help="the die, such as d8")
    odds_die.add_argument("--json", action="store_true", help="print machine-readable JSON")
    odds_die.set_defaults(handler=_odds_die)

    # tabletop_core.notation.cli adds `roll` (any dice notation) and `odds roll`.
    for module in _extensions(extensions):
        module.register(commands, odds_commands)
    for command in _commands(parser):
        command.set_defaults(command_prog=command.prog)  # errors from a handler name the command
        if isinstance(command, _Parser):
            command.examples = EXAMPLES.get(command.prog.removeprefix("tabletop "), ())
    parser.examples = ('tabletop roll "4d6kh3"', "tabletop action --stat 2", "tabletop odds test --stakes mid")
    return parser


def _commands(parser: argparse.ArgumentParser) -> list[argparse.ArgumentParser]:
    """Every sub-command parser under *parser*, depth first (``tabletop odds action`` included)."""
    found = []
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for sub in dict.fromkeys(action.choices.values()):  # aliases map to the same parser once
                found.append(sub)
                found.extend(_commands(sub))
    return found


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``tabletop`` command; return its exit status (never raises ``SystemExit``).

    0 when it worked (``--help`` and ``--version`` included); 2 for bad arguments, after one
    line on stderr. A bot can call ``main([...])`` without catching argparse's exits.
    """
    if argv is None:
        argv = sys.argv[1:]
    # Only the commands the line can reach: the same parser for it, without importing every system.
    parser = _build_parser(_needed(argv))
    try:
        args, extra = parser.parse_known_args(argv)
        if extra:  # reported by the command that was given them, like every other error
            prog = getattr(args, "command_prog", parser.prog)
            parser.exit(2, f"{prog}: error: {one_line('unrecognized arguments: ' + ' '.join(extra))}\n")
    except OSError as error:  # --help or --version into a closed or full stdout
        return _cannot_write(error)
    except SystemExit as stop:  # argparse exits on --help, --version and bad arguments
        status = stop.code if isinstance(stop.code, int) else 0 if stop.code is None else 2
        return status if status != 0 or _flush_stdout() else 1
    handler: Handler = args.handler
    try:
        output = handler(args)
    except (TabletopError, TypeError) as error:
        # The same prefix argparse gives the command's own errors: "tabletop action: error: ...".
        print(f"{getattr(args, 'command_prog', 'tabletop')}: error: {one_line(str(error))}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        # Ctrl-C during a long ``residue simulate``: one line and the shell's usual status, no traceback.
        print("tabletop: interrupted", file=sys.stderr)
        return 130
    try:
        if sys.stdout is None:  # started with stdout closed (``tabletop roll 1d6 >&-``)
            raise OSError(errno.EBADF, "standard output is closed")
        if getattr(args, "json", False):
            print(json.dumps(output.data, indent=2))
        else:
            _write(f"{output.text}\n", sys.stdout)
    except OSError as error:
        return _cannot_write(error)
    return 0 if _flush_stdout() else 1


def _flush_stdout() -> bool:
    """Flush stdout now, so a full or closed one is reported here (one line) and not at exit (a traceback)."""
    try:
        if sys.stdout is not None:
            sys.stdout.flush()
    except OSError as error:
        _cannot_write(error)
        return False
    return True


def _cannot_write(error: OSError) -> int:
    """Report that stdout cannot take the output (one line on stderr; quiet for a closed pipe); status 1."""
    if not isinstance(error, BrokenPipeError):  # ``tabletop ... | head``: the reader left, stop quietly
        reason = error.strerror or str(error)
        print(f"tabletop: error: cannot write the output: {one_line(reason)}", file=sys.stderr)
    with contextlib.suppress(AttributeError, OSError, ValueError):
        # What is still buffered must not fail again when Python flushes at exit.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return 1


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
