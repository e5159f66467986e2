"""The ``tabletop`` commands of tabletop_core.notation: ``roll`` and ``odds roll``.

``tabletop roll "4d6kh3" [--seed N] [--dice 6,2,5,4] [--json]`` rolls any dice
notation and prints the breakdown; ``tabletop odds roll "2d6+3"`` prints the
exact table. ``tabletop roll d20`` still rolls one die.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from fractions import Fraction

from tabletop_core._cli_kit import Output, SubCommands, add_command, rng_from_args
from tabletop_core._validate import clip
from tabletop_core.notation._default.functions import VsOutcome
from tabletop_core.notation._default.odds import explodes_anywhere
from tabletop_core.notation._front import distribution, roll
from tabletop_core.notation.errors import NotationError
from tabletop_core.notation.limits import DEFAULT_LIMITS, DIALECTS
from tabletop_core.rng import ScriptedDice

__all__ = ["demo", "register"]


def _roll(args: argparse.Namespace) -> Output:
    source = rng_from_args(args)
    result = roll(args.expr, rng=source, dialect=args.dialect, variables=_variables(args))
    if isinstance(source, ScriptedDice) and source.remaining:
        # A die typed in but not used would be silently dropped: say so instead.
        used = len(source.used)
        raise NotationError(f"--dice gave {used + source.remaining} values, this roll uses {used}: {result.expression}")
    # The JSON only when asked for: writing it loads cattrs, which a plain roll does not need.
    return Output(str(result), result.to_dict() if args.json else None)


def _approx(value: Fraction) -> str:
    """*value* to four significant digits; exact when too large for a float (``odds roll 10**400``)."""
    try:
        return f"{float(value):.4g}"
    except OverflowError:
        return str(value)


def _odds(args: argparse.Namespace) -> Output:
    table = distribution(args.expr, dialect=args.dialect, variables=_variables(args))
    outcomes = [outcome for outcome, _p in table.items()]
    if outcomes and isinstance(outcomes[0], VsOutcome):
        success = table.probability(lambda outcome: outcome.success)
        text = f"{args.expr}\n{table}\nsuccess {success} (about {_approx(success)})"
    else:
        text = f"{args.expr}\n{table}\nmean {_approx(table.mean())}"
    title = args.expr
    if _explodes(args.expr, args.dialect):
        note = (
            f"exploding dice stop after {DEFAULT_LIMITS.explode_depth} explosions per die "
            "(the odds are exact for that cap)"
        )
        text += f"\n{note}"
        title += f" ({note})"
    return Output(text, table.to_dict(title=title))


def _explodes(expr: str, dialect: str) -> bool:
    """Whether *expr* (read in *dialect*) explodes anywhere (``!`` or, in the d20 dialect, ``e``).

    Its odds then stop at the explosion cap, and the command says so.
    """
    if dialect == "default":
        return explodes_anywhere(expr)
    from tabletop_core.notation._d20.parser import as_d20_expression
    from tabletop_core.notation._d20.tree import dice_nodes

    body = as_d20_expression(expr, None)[0].body
    return any(op.op == "e" for dice in dice_nodes(body) for op in dice.ops)


def _notation_options(expr_help: str) -> Callable[[argparse.ArgumentParser], None]:
    """The options of ``roll`` and ``odds roll``: the notation (*expr_help*), its dialect and its variables."""

    def add(parser: argparse.ArgumentParser) -> None:
        parser.add_argument("expr", help=expr_help)
        _dialect_option(parser)
        _variable_option(parser)

    return add


def register(
    commands: SubCommands[argparse.ArgumentParser], odds_commands: SubCommands[argparse.ArgumentParser]
) -> None:
    """Add ``roll`` to ``tabletop`` and ``roll`` to ``tabletop odds``."""
    add_command(
        commands,
        "roll",
        _roll,
        help='roll dice notation, for example: tabletop roll "4d6kh3" or tabletop roll d20',
        options=_notation_options('dice notation such as d20, "1d20+5 [attack]" or "4d6kh3"'),
        rolls=True,
    )
    add_command(
        odds_commands,
        "roll",
        _odds,
        help='exact odds of dice notation, for example: tabletop odds roll "2d6+3"',
        options=_notation_options('dice notation such as "2d6+3" or "4d6kh3"'),
    )


def _dialect_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--dialect",
        choices=DIALECTS,
        default="default",
        help="the notation's dialect: default (Roll20-like) or d20 (the d20 package's grammar)",
    )


def _variable_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--var",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a named value for @NAME in the notation, such as --var str=3 (repeat for more)",
    )


def _variables(args: argparse.Namespace) -> dict[str, int] | None:
    """The ``--var name=value`` options as a mapping (``None`` when none is given).

    Raises:
        NotationError: an option without ``=`` or whose value is not a whole number.
    """
    if not args.var:
        return None
    variables: dict[str, int] = {}
    for item in args.var:
        name, equals, value = item.partition("=")
        text = value.strip()
        digits = text[1:] if text[:1] in "+-" else text
        if not equals or not name.strip() or not digits.isdigit() or len(digits) > 100:
            raise NotationError(f"--var takes NAME=VALUE with a whole number, such as --var str=3, got {clip(item)}")
        variables[name.strip().removeprefix("@")] = int(text)
    return variables


def demo(seed: int) -> str:
    """This package's section of ``tabletop demo``: a few seeded rolls and one exact table."""
    from tabletop_core.rng import dice_source

    source = dice_source(seed)
    lines = ["-- Dice notation --"]
    for expr in ("4d6kh3 [strength]", "1d20+5 [attack]", "2d20kh1+3 [advantage]", "8d6 [fireball]", "5d10!>=10>=8"):
        lines.append(str(roll(expr, rng=source)))
    stats = distribution("4d6kh3")
    lines += [
        "",
        f"Exact odds of 4d6kh3: mean {stats.mean()} (about {float(stats.mean()):.2f}), P(>= 15) = {stats.at_least(15)}",
    ]
    return "\n".join(lines)
