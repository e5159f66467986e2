"""``--data`` for the Datasworn commands: one or more packages (a base and its expansions), and the data checks.

``--data`` may be given more than once (``--data starforged.json --data sundered_isles.json``)
or name a folder of packages. The checks of the data (:attr:`Ruleset.warnings`) are
summed up in one line on stderr; ``--warnings`` lists every one, ``--strict`` refuses
data that has any.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable

from tabletop_core.action_roll.datasworn.reader import load
from tabletop_core.action_roll.datasworn.ruleset import Ruleset
from tabletop_core.cli import Output, one_line
from tabletop_core.errors import InvalidInput

__all__ = ["add_data_arguments", "report_data_warnings", "ruleset_from_args", "with_data_warnings"]


def add_data_arguments(parser: argparse.ArgumentParser, *, what: str = "") -> None:
    """Add ``--data`` (repeatable), ``--strict`` and ``--warnings`` to *parser*."""
    parser.add_argument(
        "--data",
        action="append",
        help=f"a Datasworn JSON file or a folder of packages{what}; repeat it for expansions and homebrew",
    )
    parser.add_argument("--strict", action="store_true", help="refuse data with gaps, overlaps or broken references")
    parser.add_argument("--warnings", action="store_true", help="list every problem the data has, on stderr")


def ruleset_from_args(args: argparse.Namespace) -> Ruleset:
    """The ruleset ``--data`` names; its warnings are kept in ``args.data_warnings`` for :func:`report_data_warnings`.

    Raises:
        InvalidInput: no ``--data``, or a file that cannot be read.
        DataswornProblems: ``--strict`` and the data has problems.
    """
    sources = args.data if isinstance(args.data, list) else [args.data] if args.data else []
    if not sources:
        raise InvalidInput("--data must give the path of a Datasworn JSON file (see docs/rulesets.md)")
    ruleset = load(*sources, strict=bool(getattr(args, "strict", False)))
    args.data_warnings = ruleset.warnings  # reported once the command has worked: an error stays one line
    return ruleset


def report_data_warnings(args: argparse.Namespace) -> None:
    """Print the warnings of the ``--data`` ruleset on stderr: one line, or every one with ``--warnings``."""
    problems = getattr(args, "data_warnings", ())
    if not problems:
        return
    prog = getattr(args, "command_prog", "tabletop")
    if getattr(args, "warnings", False):
        for problem in problems:
            print(f"{prog}: warning: {one_line(problem)}", file=sys.stderr)
        return
    count = f"{len(problems)} problem{'s' if len(problems) != 1 else ''}"
    first = one_line(problems[0])
    print(
        f"{prog}: warning: the data has {count} (first: {first}); --warnings lists them, --strict refuses them",
        file=sys.stderr,
    )


def with_data_warnings(handler: Callable[[argparse.Namespace], Output]) -> Callable[[argparse.Namespace], Output]:
    """*handler*, reporting the ``--data`` warnings on stderr after it has worked."""

    def handle(args: argparse.Namespace) -> Output:
        output = handler(args)
        report_data_warnings(args)
        return output

    return handle
