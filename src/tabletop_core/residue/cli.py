"""The ``tabletop residue`` commands and the RESIDUE section of ``tabletop demo``.

* ``tabletop residue stars d8`` rolls a die and reads the Success Table
  (``--slot``, ``--bonus``, ``--dehydrated`` and ``--luck d6`` make it a whole Action);
* ``tabletop residue luck d6`` makes a Luck Test (``--action`` for Luck for an Action);
* ``tabletop residue inventory food d8`` rolls an Inventory die;
* ``tabletop odds residue d10`` prints the exact star odds (with the same Action options).

Every rolling command takes ``--seed``, ``--dice`` and ``--json``.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable

from tabletop_core._cli_kit import Output, SubCommands, add_command, check_all_dice_used, int_option, rng_from_args
from tabletop_core.residue import cli_journey
from tabletop_core.residue.actions import commit_action, resolve_action
from tabletop_core.residue.endurance import ActionSlot, Endurance, check_strain
from tabletop_core.residue.inventory import Inventory, InventoryKind, roll_inventory
from tabletop_core.residue.luck import LuckForAction, LuckTest, luck_for_action, luck_test
from tabletop_core.residue.odds import action_odds, expected_rolls_to_zero, star_odds
from tabletop_core.residue.step_die import StarsRoll, StepDie, rollable
from tabletop_core.rng import dice_source

__all__ = ["demo", "register"]


def _action_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--slot", choices=[s.name.lower() for s in ActionSlot], help="make it a Commit to this slot")
    parser.add_argument("--bonus", type=int_option(), default=0, help="Skill bonus for Commit Skill (default 0)")
    parser.add_argument("--dehydrated", action="store_true", help="Dehydration: all Actions -★")
    parser.add_argument("--luck", help="use Luck for the Action with this Luck die, such as d6")


def _is_action(args: argparse.Namespace) -> bool:
    return bool(args.slot or args.bonus or args.dehydrated or args.luck)


def _stars(args: argparse.Namespace) -> Output:
    die = StepDie.parse(args.die)
    if not _is_action(args):
        source = rng_from_args(args)
        value = die.roll(rng=source)
        check_all_dice_used(source, "the die")
        roll = StarsRoll(die, value)
        return Output(str(roll), roll.to_dict())
    source = rng_from_args(args)
    luck = None if args.luck is None else rollable(args.luck, name="--luck", label="Luck")
    slot = ActionSlot.parse(args.slot or "skill", name="slot")
    # Check everything before a die is drawn.
    resolve_action(slot=slot, die=die, value=1, skill_bonus=args.bonus)
    value = die.roll(rng=source)
    luck_value = None if luck is None else luck.roll(rng=source)
    check_all_dice_used(source, "the die" if luck is None else "the die, then Luck")
    result = resolve_action(
        slot=slot,
        die=die,
        value=value,
        skill_bonus=args.bonus,
        dehydrated=args.dehydrated,
        luck=luck,
        luck_value=luck_value,
    )
    return Output(str(result), result.to_dict())


def _luck(args: argparse.Namespace) -> Output:
    rng = rng_from_args(args)
    result: LuckForAction | LuckTest = (
        luck_for_action(args.die, rng=rng) if args.action else luck_test(args.die, rng=rng)
    )
    check_all_dice_used(rng, "the Luck die")
    return Output(str(result), result.to_dict())


def _inventory(args: argparse.Namespace) -> Output:
    rng = rng_from_args(args)
    result = roll_inventory(args.die, kind=InventoryKind.parse(args.kind, name="kind"), rng=rng)
    check_all_dice_used(rng, "the Inventory die")
    return Output(str(result), result.to_dict())


def _odds(args: argparse.Namespace) -> Output:
    die = StepDie.parse(args.die)
    if _is_action(args):
        distribution = action_odds(
            die, slot=args.slot or "skill", skill_bonus=args.bonus, dehydrated=args.dehydrated, luck=args.luck
        )
    else:
        distribution = star_odds(die)
    mean = distribution.mean()
    title = f"stars from {die}" if not _is_action(args) else f"stars of an Action with {die}"
    text = f"stars from {die}, mean {mean} (about {float(mean):.3f})\n{distribution}"
    return Output(text, distribution.to_dict(title=title))


def _action_die_options(die_help: str) -> Callable[[argparse.ArgumentParser], None]:
    """The options of ``stars`` and ``odds residue``: the die (*die_help*), then what makes it an Action."""

    def add(parser: argparse.ArgumentParser) -> None:
        parser.add_argument("die", help=die_help)
        _action_options(parser)

    return add


def _luck_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("die", help="the Luck die, such as d6")
    parser.add_argument("--action", action="store_true", help="Luck for an Action instead of a Luck Test")


def _inventory_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("kind", help="food, water, battery, gear or resolve")
    parser.add_argument("die", help="its die, such as d8")


def register(
    commands: SubCommands[argparse.ArgumentParser], odds_commands: SubCommands[argparse.ArgumentParser]
) -> None:
    """Add ``tabletop residue ...`` and ``tabletop odds residue``."""
    residue = commands.add_parser("residue", help="RESIDUE: stars, Luck, Inventory, a Journey, survival odds")
    sub = residue.add_subparsers(dest="residue_command", metavar="COMMAND", required=True)
    cli_journey.register(sub, odds_commands)  # part 2: journey, simulate

    add_command(
        sub,
        "stars",
        _stars,
        help="roll a die and read the Success Table, e.g. residue stars d8",
        options=_action_die_options("the die, such as d8"),
        rolls=True,
    )
    add_command(sub, "luck", _luck, help="a Luck Test, e.g. residue luck d6", options=_luck_options, rolls=True)
    add_command(
        sub,
        "inventory",
        _inventory,
        help="roll an Inventory die, e.g. residue inventory food d8",
        options=_inventory_options,
        rolls=True,
    )
    add_command(
        odds_commands,
        "residue",
        _odds,
        help="exact star odds of a RESIDUE die, e.g. odds residue d10",
        options=_action_die_options("the die, such as d10"),
    )


def demo(seed: int) -> str:
    """The RESIDUE section of ``tabletop demo``: a seeded Commit, Luck, Inventory and odds."""
    source = dice_source(seed)
    inventory = Inventory(food="d6", water="d6", battery="d8", gear="d8", resolve="d10")
    endurance = Endurance.start(["d8", "d6", "d6"], rng=source)
    best = max(range(len(endurance.pool)), key=lambda i: endurance.pool[i].value)
    commit = commit_action(endurance, ActionSlot.ATTACK, best, luck="d6", rng=source)
    use = inventory.roll_any(rng=source)
    lines = [
        "-- RESIDUE --",
        f"Success Table: a d8 gives ★★ with probability {star_odds('d8').probability(2)}",
        str(endurance),
        str(commit),
        str(commit.endurance),
        str(luck_test(commit.luck_after or "d6", rng=source)),  # the Luck die the Commit left
        str(use),
        f"Check Strain with Strain 4, Strain Threshold 3: {check_strain(4, 3)}",
        f"Expected rolls before a d8 Inventory reaches 0: {expected_rolls_to_zero('d8')}",
        cli_journey.demo(seed),
    ]
    return "\n".join(lines)
