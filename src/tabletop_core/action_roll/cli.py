"""The ``tabletop`` commands of tabletop_core.action_roll (Ironsworn: Starforged).

* ``tabletop action --stat 2 [--adds 1] [--momentum -4] [--burn] [--dice 4,3,8] [--seed N] [--json]``
* ``tabletop progress (--score 7 | --rank dangerous --ticks 20) [--dice 3,8]``
* ``tabletop oracle [--odds likely] [--dice 42]``; ``tabletop oracle NAME --data PATH``, ``tabletop
  oracle list --data PATH``, ``tabletop move NAME --data PATH`` and ``tabletop character ...`` work
  from a Datasworn file (see :mod:`.datasworn.cli`)
* ``tabletop odds action --stat 2 [--adds 1] [--momentum 6 --burn]``,
  ``tabletop odds progress (--score 7 | --rank dangerous --ticks 20)``

``--dice`` takes dice already rolled at the table, in the order the rules roll
them: the action die, then the two challenge dice; for the oracle, the roll 1..100
(0 or 00 for 100), or the two d10 as tens then units (``4,2`` or ``4:2``; faces 0..9,
0 and 0 read as 100).
"""

from __future__ import annotations

import argparse

from tabletop_core.action_roll.action import action_roll, burn_momentum, burn_would_improve
from tabletop_core.action_roll.classic import cli as classic_cli
from tabletop_core.action_roll.datasworn import cli as datasworn_cli
from tabletop_core.action_roll.momentum import Momentum
from tabletop_core.action_roll.odds import action_match_odds, action_odds, odds_table, progress_odds
from tabletop_core.action_roll.oracle import Odds, OracleAnswer, ask_the_oracle, read_oracle_dice, resolve_oracle
from tabletop_core.action_roll.progress import ProgressTrack, Rank, progress_roll
from tabletop_core.cli import Output, add_roll_options, check_all_dice_used, dice_values, int_option, rng_from_args
from tabletop_core.errors import InvalidInput

__all__ = ["demo", "register"]


def _action(args: argparse.Namespace) -> Output:

    momentum = Momentum(args.momentum)
    if args.burn:
        momentum.burn()  # RuleError before any die is drawn: only positive momentum can be burned
    source = rng_from_args(args)
    result = action_roll(stat=args.stat, adds=args.adds, momentum=momentum, rng=source)
    check_all_dice_used(source, "the d6 action die, then the two d10 challenge dice")
    lines = [str(result)]
    if burn_would_improve(result, momentum):
        burned, after = burn_momentum(result, momentum)
        if args.burn:
            return Output(f"{burned}\nmomentum resets to {after.value:+d}", burned.to_dict())
        lines.append(f"burning momentum {args.momentum:+d} would make it a {burned.outcome} (momentum then resets)")
    elif args.burn:
        lines.append(f"burning momentum {args.momentum:+d} would not improve it: momentum kept")
    # The record says it too: "burn_outcome" is the outcome a burn would give, or null.
    return Output("\n".join(lines), result.to_dict())


def _progress_subject(args: argparse.Namespace) -> ProgressTrack | int:
    """``--score N``, or ``--rank RANK`` with ``--ticks N``: what ``progress`` and ``odds progress`` roll."""
    if args.score is not None:
        if args.rank is not None or args.ticks is not None:
            raise InvalidInput("give either --score or --rank with --ticks, not both")
        score: int = args.score
        return score
    if args.rank is None:
        raise InvalidInput("give --score N, or --rank RANK with --ticks N")
    return ProgressTrack(Rank.parse(args.rank), ticks=0 if args.ticks is None else args.ticks)


def _progress(args: argparse.Namespace) -> Output:

    subject = _progress_subject(args)
    source = rng_from_args(args)
    result = progress_roll(subject, rng=source)
    check_all_dice_used(source, "the two challenge dice")
    text = str(result) if isinstance(subject, int) else f"{subject}\n{result}"
    return Output(text, result.to_dict())


def _oracle(args: argparse.Namespace) -> Output:

    odds = Odds.parse(args.odds)
    if args.dice is not None and ":" not in args.dice:
        parts = dice_values(args.dice)
        if len(parts) > 2:
            raise InvalidInput(
                f"--dice gave {len(parts)} values, this roll uses 1 or 2: the roll 1..100, or two d10 (tens, units)"
            )
        if len(parts) == 2:
            # Two d10 from the table: tens then units (0 and 0 read as 100).
            tens, units = parts
            return _answer(resolve_oracle(odds=odds, roll=read_oracle_dice(tens, units)))
    # One roll: 1..100, 0 or 00 for 100, or tens:units ("00 and 0 read as 100").
    source = datasworn_cli.table_dice(args.dice) if args.dice is not None else rng_from_args(args)
    answer = ask_the_oracle(odds, rng=source)
    check_all_dice_used(source, "one oracle roll: 1..100 (0 or 00 for 100), or tens:units, or two d10")
    return _answer(answer)


def _answer(answer: OracleAnswer) -> Output:
    return Output(str(answer), answer.to_dict())


def _odds_action(args: argparse.Namespace) -> Output:

    odds = action_odds(stat=args.stat, adds=args.adds, momentum=args.momentum, burn=args.burn)
    joint = action_match_odds(stat=args.stat, adds=args.adds, momentum=args.momentum, burn=args.burn).map(
        lambda pair: (pair[0], "match" if pair[1] else "no match")  # rows read "miss, match", not "miss, True"
    )
    policy = ", burning momentum whenever it improves the result" if args.burn else ""
    title = f"action roll +{args.stat + args.adds}, momentum {args.momentum:+d}{policy}"
    text = f"{title}\n{odds}\n\nwith matches:\n{joint}"
    return Output(text, odds.to_dict(title=title))


def _odds_progress(args: argparse.Namespace) -> Output:

    subject = _progress_subject(args)
    score = subject if isinstance(subject, int) else subject.score
    odds = progress_odds(score)
    title = f"progress roll, progress score {score}" if isinstance(subject, int) else f"progress roll, {subject}"
    return Output(f"{title}\n{odds}", odds.to_dict(title=title))


def _progress_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--score", type=int_option(0, 10), help="the progress score (0..10)")
    parser.add_argument(
        "--rank", help="the track's rank instead of --score: troublesome, dangerous, formidable, extreme or epic"
    )
    parser.add_argument("--ticks", type=int_option(0, 40), help="ticks filled on the track (0..40), with --rank")


def _bonus_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--stat", type=int_option(0, 10), required=True, help="the stat or condition meter (0..10)")
    parser.add_argument("--adds", type=int_option(), default=0, help="adds (default 0)")
    parser.add_argument(
        "--momentum", type=int_option(-6, 10), default=0, help="momentum when rolling, -6..10 (default 0)"
    )


def register(
    commands: argparse._SubParsersAction[argparse.ArgumentParser],
    odds_commands: argparse._SubParsersAction[argparse.ArgumentParser],
) -> None:
    """Add ``action``, ``progress`` and ``oracle`` to ``tabletop``; ``action`` and ``progress`` to ``tabletop odds``."""
    action = commands.add_parser("action", help="Starforged action roll: d6 + stat + adds vs 2d10")
    _bonus_options(action)
    action.add_argument(
        "--burn",
        action="store_true",
        help="burn momentum if that improves the result (momentum must be positive; it then resets)",
    )
    add_roll_options(action)
    action.set_defaults(handler=_action)

    progress = commands.add_parser("progress", help="Starforged progress roll: progress score vs 2d10")
    _progress_options(progress)
    add_roll_options(progress)
    progress.set_defaults(handler=_progress)

    oracle = commands.add_parser("oracle", help="Starforged oracle: ask a yes/no question")
    oracle.add_argument(
        "--odds", default="fifty-fifty", help="almost certain, likely, fifty-fifty (default), unlikely, small chance"
    )
    add_roll_options(oracle)
    oracle.set_defaults(handler=_oracle)
    datasworn_cli.add_oracle_table(oracle, _oracle)  # `tabletop oracle table NAME --data PATH`
    datasworn_cli.register(commands)  # `tabletop move NAME --data PATH`
    classic_cli.register(commands)  # `tabletop classic ...`: a Classic character file

    odds = odds_commands.add_parser("action", help="exact odds of a Starforged action roll")
    _bonus_options(odds)
    odds.add_argument("--burn", action="store_true", help="burn momentum whenever it improves the result")
    odds.add_argument("--json", action="store_true", help="print machine-readable JSON")
    odds.set_defaults(handler=_odds_action)

    odds_progress = odds_commands.add_parser("progress", help="exact odds of a Starforged progress roll")
    _progress_options(odds_progress)
    odds_progress.add_argument("--json", action="store_true", help="print machine-readable JSON")
    odds_progress.set_defaults(handler=_odds_progress)


def demo(seed: int) -> str:
    """This package's section of ``tabletop demo``: seeded rolls, a burn, a track, the oracle, exact odds."""
    from tabletop_core.rng import dice_source

    source = dice_source(seed)
    lines = ["-- Ironsworn: Starforged: action roll --"]
    for stat, adds, momentum in ((2, 0, 2), (3, 1, 5), (1, 0, -4)):
        lines.append(str(action_roll(stat=stat, adds=adds, momentum=momentum, rng=source)))
    miss = None
    while miss is None or not burn_would_improve(miss, 8):
        miss = action_roll(stat=1, momentum=8, rng=source)
    burned, after = burn_momentum(miss, Momentum(8))
    lines += [str(burned), f"then {after}"]
    track = ProgressTrack(Rank.DANGEROUS, name="Chart the rift").mark(times=3)
    lines += ["", str(track), str(progress_roll(track, rng=source))]
    lines += ["", str(ask_the_oracle(Odds.LIKELY, rng=source)), str(resolve_oracle(odds=Odds.UNLIKELY, roll=22))]
    lines += ["", "Exact odds by stat + adds:", odds_table(range(8))]
    return "\n".join(lines)
