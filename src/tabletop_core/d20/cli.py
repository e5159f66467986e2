"""The ``tabletop`` commands of tabletop_core.d20 (the d20 Stakes system).

* ``tabletop test --stakes mid --modifier 3 [--fortune] [--misfortune] [--fatigue 2]
  [--kind check] [--dice 14,4] [--seed N] [--json]``
* ``tabletop contest --actor-modifier 3 --target-modifier 2 --actor-trait 1 --target-trait 2
  [--actor-fortune] [--target-misfortune] [--dice 12,15]``
* ``tabletop condition staggered``: what a Condition brings with it
* ``tabletop encounter FILE [--seed N | --dice ...] [--rounds N] [--policy NAME] [--json]``: a fight,
  and ``tabletop encounter simulate FILE --runs N --workers K``: its odds
  (see :mod:`tabletop_core.d20.encounter_cli`)
* ``tabletop odds test --stakes high --modifier 5 --fortune``,
  ``tabletop odds contest --actor-modifier 2 --actor-trait 1 --target-trait 1``

``--fortune`` and ``--misfortune`` may be repeated (several instances still roll
one d6; any of both cancel). ``--dice`` takes dice already rolled at the table in
the order the rules roll them: the d20, then the d6 when one is rolled (for a
Contest: the actor's, then the Target's).
"""

from __future__ import annotations

import argparse

from tabletop_core._cli_kit import Output, SubCommands, add_command, check_all_dice_used, int_option, rng_from_args
from tabletop_core.d20.conditions import Condition, ConditionImplications, direct_implications, implied_conditions
from tabletop_core.d20.contest import Side, roll_contest
from tabletop_core.d20.odds import contest_odds, stakes_odds, total_odds
from tabletop_core.d20.stakes import Stakes
from tabletop_core.d20.test import roll_test

__all__ = ["demo", "register"]


def _test(args: argparse.Namespace) -> Output:

    source = rng_from_args(args)
    roll = roll_test(
        stakes=args.stakes,
        modifier=args.modifier,
        fortune=args.fortune,
        misfortune=args.misfortune,
        fatigue=args.fatigue,
        kind=args.kind,
        rng=source,
    )
    check_all_dice_used(source, "the d20, then the d6" if roll.fortune_die is not None else "the d20 (no d6 is rolled)")
    return Output(str(roll), roll.to_dict())


def _contest_kwargs(args: argparse.Namespace) -> dict[str, object]:
    return {
        "actor_modifier": args.actor_modifier,
        "target_modifier": args.target_modifier,
        "actor_trait": args.actor_trait,
        "target_trait": args.target_trait,
        "actor_fortune": args.actor_fortune,
        "actor_misfortune": args.actor_misfortune,
        "actor_fatigue": args.actor_fatigue,
        "target_fortune": args.target_fortune,
        "target_misfortune": args.target_misfortune,
        "target_fatigue": args.target_fatigue,
    }


def _contest(args: argparse.Namespace) -> Output:

    source = rng_from_args(args)
    contest = roll_contest(**_contest_kwargs(args), rng=source)  # type: ignore[arg-type]
    check_all_dice_used(source, "each side's d20, then its d6 when it rolls one (actor first)")
    text = f"actor:  {contest.actor}\ntarget: {contest.target}\n{contest.result}"
    return Output(text, contest.to_dict())


def _condition(args: argparse.Namespace) -> Output:

    condition = Condition.parse(args.condition)
    direct = sorted(str(c) for c in direct_implications(condition))
    every = sorted(str(c) for c in implied_conditions(condition))
    text = f"{condition}: gives {', '.join(direct) or 'no other Condition'}"
    if every != direct:
        text += f"\nwith everything those give: {', '.join(every)}"
    return Output(text, ConditionImplications(condition).to_dict())


def _odds_test(args: argparse.Namespace) -> Output:

    kwargs = {
        "modifier": args.modifier,
        "fortune": args.fortune,
        "misfortune": args.misfortune,
        "fatigue": args.fatigue,
    }
    odds = stakes_odds(stakes=args.stakes, **kwargs)
    totals = total_odds(**kwargs)
    title = f"Test at {Stakes.parse(args.stakes)}, modifier {args.modifier:+d}"
    if args.fortune or args.misfortune:
        title += ", " + " and ".join(
            name for name, count in (("Fortune", args.fortune), ("Misfortune", args.misfortune)) if count
        )
    if args.fatigue:
        title += f", Fatigue {args.fatigue}"
    text = f"{title}\n{odds}\nmean Test Total {float(totals.mean()):.2f}"
    return Output(text, odds.to_dict(title=title))


def _odds_contest(args: argparse.Namespace) -> Output:

    odds = contest_odds(**_contest_kwargs(args))  # type: ignore[arg-type]
    chance = odds.probability(Side.ACTOR)
    title = "Contest, ties to the higher Trait, then the Target"
    text = f"{title}\n{odds}\nactor wins {float(chance):.2%}"
    return Output(text, odds.to_dict(title=title))


def _test_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--stakes", default="mid", help="low, mid (default) or high")
    parser.add_argument(
        "--modifier", type=int_option(), default=0, help="the Skill or Trait and other Modifiers (default 0)"
    )
    parser.add_argument("--fortune", action="count", default=0, help="Fortune: one extra d6 added (repeatable)")
    parser.add_argument(
        "--misfortune", action="count", default=0, help="Misfortune: one extra d6 subtracted (repeatable)"
    )
    parser.add_argument(
        "--fatigue", type=int_option(0, 10), default=0, help="Fatigue, subtracted from the Test Total (0..10)"
    )


def _contest_options(parser: argparse.ArgumentParser) -> None:
    for side in ("actor", "target"):
        parser.add_argument(
            f"--{side}-modifier",
            type=int_option(),
            default=0,
            metavar="N",
            help=f"the {side}'s Skill or Trait value and other Modifiers, a whole number (default 0)",
        )
        parser.add_argument(
            f"--{side}-trait",
            type=int_option(),
            required=True,
            metavar="N",
            help=f"the value of the {side}'s governing Trait, a whole number (the higher one wins a tie)",
        )
        parser.add_argument(f"--{side}-fortune", action="count", default=0, help=f"Fortune on the {side}'s roll")
        parser.add_argument(f"--{side}-misfortune", action="count", default=0, help=f"Misfortune on the {side}'s roll")
        parser.add_argument(
            f"--{side}-fatigue",
            type=int_option(0, 10),
            default=0,
            metavar="N",
            help=f"the {side}'s Fatigue, 0..10 (default 0)",
        )


def _rolled_test_options(parser: argparse.ArgumentParser) -> None:
    """The options of ``tabletop test``: those of ``odds test``, then the kind of Test."""
    _test_options(parser)
    parser.add_argument(
        "--kind", default="test", help="test (default), check, save, attack, spell, initiative or 'flat roll'"
    )


def _condition_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("condition", help="a Condition, such as staggered or 'off guard'")


def register(
    commands: SubCommands[argparse.ArgumentParser], odds_commands: SubCommands[argparse.ArgumentParser]
) -> None:
    """Add ``test``, ``contest``, ``condition`` and ``encounter`` to ``tabletop``; ``test``, ``contest`` to ``odds``."""
    add_command(
        commands,
        "test",
        _test,
        help="d20 Test: d20 + modifier (+/- d6) against Low/Mid/High Stakes",
        options=_rolled_test_options,
        rolls=True,
    )
    add_command(
        commands,
        "contest",
        _contest,
        help="d20 Contest: higher total wins; ties to Trait, then Target",
        options=_contest_options,
        rolls=True,
    )
    add_command(
        commands,
        "condition",
        _condition,
        help="d20 Condition: which Conditions it gives",
        options=_condition_argument,
    )
    add_command(odds_commands, "test", _odds_test, help="exact odds of a d20 Test", options=_test_options)
    add_command(odds_commands, "contest", _odds_contest, help="exact odds of a d20 Contest", options=_contest_options)

    from tabletop_core.d20.encounter_cli import register as register_encounter

    register_encounter(commands)


def demo(seed: int) -> str:
    """This package's section of ``tabletop demo``: a seeded tour of the d20 Stakes system."""
    from tabletop_core.d20.conditions import Conditions
    from tabletop_core.d20.effects import effects_between
    from tabletop_core.d20.turns import Creature
    from tabletop_core.rng import dice_source

    source = dice_source(seed)
    target = Conditions().add("prone")
    effects = effects_between(Conditions(), target, kind="attack", attack="melee")
    attack = roll_test(stakes="mid", modifier=3, kind="attack", effects=effects, rng=source)
    tired = roll_test(stakes="high", modifier=5, misfortune="Impaired", fatigue=3, kind="save", rng=source)
    contest = roll_contest(actor_modifier=2, target_modifier=2, actor_trait=2, target_trait=1, rng=source)
    hero = Creature(max_hp=8, hp=3, soul=1).take_damage(5)
    start = hero.start_turn(rng=source)
    odds = stakes_odds(stakes="mid", modifier=3, fortune=True)
    return "\n".join(
        [
            "-- d20: Stakes, Fortune and Conditions --",
            str(attack),
            str(tired),
            str(contest.result),
            f"a creature at 0 HP: {sorted(str(c) for c in hero.conditions.present)}; {start}",
            f"Staggered also gives: {', '.join(sorted(str(c) for c in implied_conditions('staggered')))}",
            "Exact odds, Mid Stakes +3 with Fortune:",
            str(odds),
        ]
    )
