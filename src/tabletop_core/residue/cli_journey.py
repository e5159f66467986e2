"""The ``tabletop residue journey`` and ``tabletop residue simulate`` commands (RESIDUE part 2).

* ``tabletop residue journey --seed 7`` plays one Journey under a policy and
  prints its log, one line per choice;
* ``tabletop residue simulate --runs 10000 --workers 2`` plays many Journeys (on
  2 worker processes) and prints the chance of reaching the Hum and of each
  defeat with their 95% intervals, and the days survived.

Both use the invented :func:`~tabletop_core.residue.journey.example_setup`
content (the boxed game's Area Entries and creatures are not public) and take
the Wanderer's starting numbers as options (``--hp``, ``--endurance``,
``--inventory``, ``--luck``, ``--threshold``), with ``--policy cautious|greedy``.

:func:`register` adds the two commands to the ``tabletop residue`` sub-command
group: call it from :func:`tabletop_core.residue.cli.register` with that
group's sub-parsers.
"""

from __future__ import annotations

import argparse
import functools
import multiprocessing
from concurrent.futures import ProcessPoolExecutor
from typing import TYPE_CHECKING

from tabletop_core._cli_kit import Output, SubCommands, add_command, int_option, rng_from_args
from tabletop_core.residue.journey import (
    CautiousPolicy,
    GreedyPolicy,
    JourneyPlay,
    Policy,
    example_setup,
    play_journey,
    start_journey,
)
from tabletop_core.residue.wanderer import Wanderer

if TYPE_CHECKING:
    from tabletop_core.rng import RngLike

__all__ = ["EXAMPLE_NOTE", "MAX_DAYS", "MAX_RUNS", "MAX_STEPS", "MAX_WORKERS", "demo", "register"]

MAX_RUNS = 100_000
"""The most Journeys ``residue simulate --runs`` plays (a few hundred a second per worker)."""

MAX_WORKERS = 64
"""The most worker processes ``residue simulate --workers`` starts."""

MAX_DAYS = 1_000
"""The most days ``--days`` allows on the command line (the library allows more)."""

MAX_STEPS = 20_000
"""The most choices one Journey of the command makes before it is refused (a few seconds)."""

EXAMPLE_NOTE = (
    "Example content: the map, creatures, Area Entries and cards are invented (journey.example_setup()), "
    "not the boxed game's; the sheet's defaults are assumptions (see docs/residue-parameters.md)."
)
"""The line the commands print once, first: what they play on is example content."""

POLICIES: dict[str, Policy] = {"cautious": CautiousPolicy(), "greedy": GreedyPolicy()}
"""The policies the commands offer, by name."""


def _wanderer_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--policy", choices=sorted(POLICIES), default="cautious", help="who makes the choices (default cautious)"
    )
    parser.add_argument("--hp", type=int_option(), default=6, help="starting HP and Max HP (default 6, an assumption)")
    parser.add_argument(
        "--endurance", default="d8,d8,d6,d6", help="Endurance dice, comma-separated (default d8,d8,d6,d6)"
    )
    parser.add_argument("--inventory", default="d8", help="the starting die of all five Inventories (default d8)")
    parser.add_argument("--luck", default="d6", help="the starting Luck die (default d6)")
    parser.add_argument("--threshold", type=int_option(), default=3, help="the Strain Threshold (default 3)")
    parser.add_argument(
        "--days",
        type=int_option(1, MAX_DAYS),
        default=40,
        help=f"stop a Journey after this many days, 1..{MAX_DAYS} (default 40)",
    )


def _wanderer(args: argparse.Namespace, rng: RngLike) -> Wanderer:
    dice = [part for part in str(args.endurance).replace(" ", "").split(",") if part]
    return Wanderer.new(
        hp=args.hp,
        endurance_dice=dice,
        inventory=args.inventory,
        luck=args.luck,
        strain_threshold=args.threshold,
        rng=rng,
    )


def _journey(args: argparse.Namespace) -> Output:
    source = rng_from_args(args)
    wanderer = _wanderer(args, source)
    start = start_journey(wanderer, example_setup(max_days=args.days), rng=source)
    end, steps = play_journey(start, POLICIES[args.policy], rng=source, max_steps=MAX_STEPS)
    played = JourneyPlay.of(args.policy, start, end, steps)  # the typed events, rendered to text only here
    lines = [EXAMPLE_NOTE, f"Start: {start}", *played.lines, f"End: {end}"]
    return Output("\n".join(lines), played.to_dict())


def _simulate(args: argparse.Namespace) -> Output:
    from tabletop_core.residue.journey import simulate_journey  # its runs are numpy arrays: loaded to simulate

    seed = args.seed
    wanderer = _wanderer(args, seed)
    setup = example_setup(max_days=args.days)
    play = functools.partial(
        simulate_journey,
        args.runs,
        wanderer,
        setup,
        POLICIES[args.policy],
        rng=seed,
        progress=None if not args.json else False,
        max_steps=MAX_STEPS,
    )
    if args.workers == 1:
        result = play()
    else:
        # spawn: fresh worker processes on every platform (no fork of a possibly threaded host)
        with ProcessPoolExecutor(args.workers, mp_context=multiprocessing.get_context("spawn")) as pool:
            result = play(executor=pool)
    days = ", ".join(f"{day}: {count}" for day, count in result.days.items())
    alive = ", ".join(f"{day}: {share:.0%}" for day, (share, _low, _high) in result.survival().items())
    text = (
        f"{EXAMPLE_NOTE}\n{result}\n{result.to_markdown()}\ndays survived (day: journeys): {days}\n"
        f"not defeated by the end of day (day: share): {alive}"
    )
    return Output(text, result.to_dict())


def _simulate_options(parser: argparse.ArgumentParser) -> None:
    """The options of ``residue simulate``: how many Journeys on how many processes, then the Wanderer's."""
    parser.add_argument(
        "--runs", type=int_option(1, MAX_RUNS), default=1000, help=f"how many Journeys, 1..{MAX_RUNS:,} (default 1000)"
    )
    parser.add_argument(
        "--workers",
        type=int_option(1, MAX_WORKERS),
        default=1,
        help=f"worker processes, 1..{MAX_WORKERS} (default 1: this process); the result does not depend on it",
    )
    _wanderer_options(parser)


def register(
    commands: SubCommands[argparse.ArgumentParser],
    odds_commands: SubCommands[argparse.ArgumentParser],  # noqa: ARG001 - no odds command yet
) -> None:
    """Add ``journey`` and ``simulate`` to the ``tabletop residue`` command group (*commands*)."""
    add_command(
        commands,
        "journey",
        _journey,
        help="play one Journey under a policy and print its log",
        options=_wanderer_options,
        rolls=True,
    )
    add_command(
        commands,
        "simulate",
        _simulate,
        help="play many Journeys and print the survival odds",
        options=_simulate_options,
        rolls=True,
        dice=False,  # a simulation draws from a seed: no dice rolled at the table
    )


def demo(seed: int) -> str:
    """The Journey part of ``tabletop demo``: a short simulation, one line."""
    from tabletop_core.residue.journey import simulate_journey

    wanderer = Wanderer.new(
        hp=6, endurance_dice=["d8", "d8", "d6", "d6"], inventory="d8", luck="d6", strain_threshold=3, rng=seed
    )
    result = simulate_journey(50, wanderer, example_setup(), CautiousPolicy(), rng=seed, progress=False)
    return f"residue simulate --runs 50 --seed {seed}: {result}"
