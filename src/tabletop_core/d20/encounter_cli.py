"""``tabletop encounter FILE`` runs a d20 fight from a JSON file; ``encounter simulate FILE`` gives its odds.

``tabletop encounter FILE`` prints the fight's events; ``tabletop encounter simulate FILE
--runs N --workers K`` plays it many times and prints each side's chance to win.

The file holds the creatures and, optionally, a script of actions::

    {
      "combatants": [
        {"name": "Ana", "max_hp": 12, "soul": 1, "initiative": 3, "trait": 1, "side": "heroes",
         "body": 2, "conditions": ["hasted"],
         "attack": {"name": "Sword", "damage": 5, "energy": "physical", "cost": 2},
         "attack_modifier": 1,
         "effects": [{"name": "Mend", "healing": 4, "cost": 1}]},
        {"name": "Ogre", "max_hp": 20, "initiative": 1, "side": "monsters",
         "attacks": [{"effect": {"name": "Club", "damage": 6, "cost": 3}, "modifier": 2},
                     {"effect": {"name": "Rock", "damage": 4, "cost": 2, "reach": 6}, "attack": "thrown"}]}
      ],
      "effects": [{"effect": {"name": "Bless", "creator": "GM", "modifiers": 1,
                              "duration": {"rounds": 10}}, "targets": ["Ana"]}],
      "policies": {"heroes": "focus_fire", "monsters": "weakest"},
      "actions": [{"type": "RollInitiative"}, {"type": "EndTurn"}]
    }

A combatant's Attacks are ``attacks`` (each an :class:`~tabletop_core.d20.AttackProfile`: its
``effect``, ``attack`` kind, ``modifier``, ``stakes``) or the shorthand ``attack`` with
``attack_modifier`` (one Melee Attack); its ``effects`` are the Effects it holds. The creator
of each is the combatant. Map keys are optional: a combatant's ``"position": [x, y]`` (every
combatant then has one), ``size``, ``speed``, ``swarm`` and ``terrain``; ``"things"`` (Objects:
``name``, ``position``, ``size``, ``hp``, ``parts``, ``terrain``) and ``"blocked": [[x, y], ...]``.

``effects`` are applied before Initiative. With ``actions`` the script runs as written
(``--dice`` gives the dice in the order the rules roll them); an action the rules refuse is
named, after the events before it. Without it the fight runs itself: Initiative, then each
Turn played by the policy of its creature's side (``policies``, or ``--policy``; default
``focus_fire``: see :mod:`tabletop_core.d20.policies`), until one side is left or
``--rounds`` Rounds have passed.

Examples:
    >>> from tabletop_core.d20.encounter_cli import run_file_data
    >>> data = {"combatants": [
    ...     {"name": "Ana", "max_hp": 6, "initiative": 5, "side": "a",
    ...      "attack": {"name": "Sword", "damage": 6, "cost": 2}, "attack_modifier": 5},
    ...     {"name": "Rat", "max_hp": 3, "side": "b"}]}
    >>> import tabletop_core as tc
    >>> encounter, events = run_file_data(data, rng=tc.ScriptedDice([10, 10, 12]))
    >>> for event in events:
    ...     print(event)
    Initiative: Ana 15, Rat 10 -> order Ana, Rat
    Round 1 begins
    Ana's Turn: 3 AP
    Ana spends 2 AP (Attack: Sword): 1 left
    Ana (Attack Rat with Sword): Attack 12 + 5 = 17 · Mid Stakes -> Success
    Sword by Ana on Rat: 6 Damage
    Rat takes 6 Damage from Sword by Ana: HP 0
    Rat gains Doomed, Fatigue, Helpless, Impaired, Off Guard, Slowed, Staggered, Unfocused (Sword by Ana)
    Ana spends 1 AP (Dispatch Rat): 0 left
    Rat gains Defeated, Prone; loses Doomed, Helpless, Impaired, Slowed, Staggered, Unfocused (Ana's Dispatch succeeds)
    >>> encounter.is_over
    True
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import sys
from collections.abc import Mapping
from concurrent.futures import ProcessPoolExecutor
from typing import TYPE_CHECKING, Any

from tabletop_core._bounds import read_json_file
from tabletop_core._cli_kit import Output, SubCommands, add_roll_options, check_all_dice_used, int_option, rng_from_args
from tabletop_core.d20 import actions as A
from tabletop_core.d20.abilities import AttackProfile
from tabletop_core.d20.conditions import Conditions
from tabletop_core.d20.effect import Effect
from tabletop_core.d20.encounter import Combatant, Encounter, EncounterStep, Thing
from tabletop_core.d20.events import Event
from tabletop_core.d20.policies import POLICIES, Policy, policy_named
from tabletop_core.d20.simulate import simulate_encounter
from tabletop_core.d20.space import Space
from tabletop_core.d20.turns import Creature
from tabletop_core.errors import InvalidInput, TabletopError
from tabletop_core.rng import dice_source

if TYPE_CHECKING:
    from tabletop_core.rng import RngLike  # read by the type checker only: at run time the alias imports numpy

__all__ = [
    "DEFAULT_POLICY",
    "DEFAULT_ROUNDS",
    "MAX_RUNS",
    "MAX_WORKERS",
    "encounter_from_data",
    "register",
    "run_file_data",
]

DEFAULT_ROUNDS = 10
"""The most Rounds a self-running fight lasts unless ``--rounds`` says otherwise."""
DEFAULT_POLICY = "focus_fire"
"""The policy that plays every side the file gives none for."""
MAX_RUNS = 1_000_000
"""The most fights ``encounter simulate --runs`` plays."""
MAX_WORKERS = 64
"""The most worker processes ``encounter simulate --workers`` starts."""
_CREATURE_KEYS = {"max_hp", "hp", "temp_hp", "soul", "base_action_points"}
_MAP_KEYS = {"position", "size", "speed", "swarm", "terrain"}
_KEYS = (
    {"name", "initiative", "trait", "side", "conditions", "attack", "attack_modifier", "attacks", "effects"}
    | {"body", "mind"}
    | _CREATURE_KEYS
    | _MAP_KEYS
)
_FILE_KEYS = {"combatants", "effects", "actions", "things", "blocked", "policies"}
_MAX_STEPS = 10_000


def _mapping(name: str, value: object) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise InvalidInput(f"{name} must be a JSON object, got {type(value).__name__}")
    return value


def _space(name: str, value: object) -> Space | None:
    """A Space from ``[x, y]`` or ``[x, y, z]`` (``None`` stays ``None``)."""
    if value is None:
        return None
    items = _list(name, value)
    if not 2 <= len(items) <= 3:
        raise InvalidInput(f"{name} must be [x, y] or [x, y, z], got {len(items)} numbers")
    return Space(*items)


def _thing(index: int, value: object) -> Thing:
    data = dict(_mapping(f"things[{index}]", value))
    data["position"] = _space(f"things[{index}].position", data.get("position"))
    return Thing(**data)


def _list(name: str, value: object) -> list[Any]:
    if not isinstance(value, list):
        raise InvalidInput(f"{name} must be a JSON list, got {type(value).__name__}")
    return value


def _own_effect(name: str, creator: str, value: object) -> Effect:
    """An Effect the combatant *creator* holds, from its fields without ``creator``."""
    return Effect.from_dict({**_mapping(name, value), "creator": creator})


def _attacks(where: str, name: str, data: Mapping[str, Any]) -> list[AttackProfile]:
    found = []
    if "attack" in data:
        effect = _own_effect(f"{where}.attack", name, data["attack"])
        found.append(AttackProfile(effect=effect, modifier=data.get("attack_modifier", 0)))
    elif "attack_modifier" in data:
        raise InvalidInput(f"{where}.attack_modifier goes with attack (the one Melee Attack it is the Modifier of)")
    for i, raw in enumerate(_list(f"{where}.attacks", data.get("attacks", []))):
        item = dict(_mapping(f"{where}.attacks[{i}]", raw))
        item["effect"] = _own_effect(f"{where}.attacks[{i}].effect", name, item.get("effect"))
        found.append(AttackProfile(**item))
    return found


def _combatant(index: int, raw: object) -> Combatant:
    where = f"combatants[{index}]"
    data = _mapping(where, raw)
    unknown = set(data) - _KEYS
    if unknown:
        raise InvalidInput(f"{where} has unknown keys {sorted(unknown)}; known: {sorted(_KEYS)}")
    conditions = Conditions()
    for name in _list(f"{where}.conditions", data.get("conditions", [])):
        conditions = conditions.add(name)
    creature = Creature(conditions=conditions, **{k: data[k] for k in _CREATURE_KEYS if k in data})
    name = data.get("name")
    if not isinstance(name, str):
        raise InvalidInput(f"{where}.name must be a string, got {type(name).__name__}")
    effects = [
        _own_effect(f"{where}.effects[{i}]", name, e)
        for i, e in enumerate(_list(f"{where}.effects", data.get("effects", [])))
    ]
    return Combatant(
        name=name,
        creature=creature,
        initiative=data.get("initiative", 0),
        trait=data.get("trait", 0),
        side=data.get("side", ""),
        body=data.get("body", 0),
        mind=data.get("mind", 0),
        attacks=_attacks(where, name, data),
        effects=effects,
        **{k: data[k] for k in _MAP_KEYS - {"position"} if k in data},
        position=_space(f"{where}.position", data.get("position")),
    )


def encounter_from_data(data: Mapping[str, Any]) -> Encounter:
    """The encounter a file describes (its creatures, Objects and terrain; before Initiative).

    Raises:
        InvalidInput: the data does not describe an encounter (the message names the key).
    """
    data = _mapping("the file", data)
    unknown = set(data) - _FILE_KEYS
    if unknown:
        raise InvalidInput(f"the file has unknown keys {sorted(unknown)}; known: {', '.join(sorted(_FILE_KEYS))}")
    return Encounter(
        combatants=[_combatant(i, raw) for i, raw in enumerate(_list("combatants", data.get("combatants")))],
        things=[_thing(i, raw) for i, raw in enumerate(_list("things", data.get("things", [])))],
        blocked=[_space(f"blocked[{i}]", raw) for i, raw in enumerate(_list("blocked", data.get("blocked", [])))],
    )


def _policies(data: Mapping[str, Any], encounter: Encounter, default: str | None) -> dict[str, Policy]:
    """Each side's policy: the file's ``policies`` (one name, or side -> name), else *default*."""
    given = data.get("policies", default or DEFAULT_POLICY) if default is None else default
    sides = list(dict.fromkeys(c.side for c in encounter.combatants))
    if isinstance(given, str):
        return dict.fromkeys(sides, policy_named(given))
    named = _mapping("policies", given)
    for side in named:
        if side not in sides:
            raise InvalidInput(f"policies names the side {side!r}, which no combatant is on ({', '.join(sides)})")
    return {side: policy_named(named.get(side, DEFAULT_POLICY)) for side in sides}


class _Play:
    """The fight as it goes: the state, every event so far, and what went wrong where."""

    def __init__(self, encounter: Encounter, source: object) -> None:
        self.encounter = encounter
        self.source = source
        self.events: list[Event] = []

    def apply(self, action: A.Action, where: str) -> None:
        try:
            step = self.encounter.apply(action, rng=self.source)  # type: ignore[arg-type]  # a DiceSource
        except TabletopError as error:
            # The same kind of error, naming the action; the fight so far travels with it.
            failed = type(error)(f"{where} ({action}): {error}")
            failed.encounter = self.encounter  # type: ignore[attr-defined]
            failed.events = list(self.events)  # type: ignore[attr-defined]
            raise failed from error
        self.encounter = step.encounter
        self.events.extend(step.events)


def run_file_data(
    data: Mapping[str, Any], *, rounds: int = DEFAULT_ROUNDS, rng: RngLike = None, policy: str | None = None
) -> tuple[Encounter, list[Event]]:
    """Run the fight a file describes (see the module); return the final state and every event.

    Args:
        data: The file's data.
        rounds: The most Rounds a self-running fight lasts.
        rng: Where the dice come from.
        policy: The policy for every side (a shipped policy's name), instead of the file's ``policies``.

    Raises:
        InvalidInput: the data does not describe an encounter.
        TabletopError: an action is refused (the same kind of error, naming the action's
            number; its ``events`` and ``encounter`` hold the fight up to it).
    """
    data = _mapping("the file", data)
    play = _Play(encounter_from_data(data), dice_source(rng))
    choosers = _policies(data, play.encounter, policy)
    for i, raw in enumerate(_list("effects", data.get("effects", []))):
        item = _mapping(f"effects[{i}]", raw)
        effect = Effect.from_dict(_mapping("effect", item.get("effect")))
        play.apply(A.UseEffect(effect=effect, targets=item.get("targets", ())), f"effects[{i}]")
    if "actions" in data:
        for i, raw in enumerate(_list("actions", data["actions"])):
            play.apply(A.Action.from_dict(_mapping(f"actions[{i}]", raw)), f"actions[{i}]")
        return play.encounter, play.events
    play.apply(A.RollInitiative(), "Initiative")
    for _ in range(_MAX_STEPS):
        encounter = play.encounter
        if encounter.is_over or encounter.round > rounds:
            break
        name = encounter.current
        assert name is not None
        side = encounter.combatant(name).side
        action = choosers[side].choose(encounter, encounter.choices())
        play.apply(action, f"{name}'s {type(action).__name__}")
    return play.encounter, play.events


def _encounter(args: argparse.Namespace) -> Output:
    if args.file == "simulate":
        return _simulate(args)
    if args.more is not None:
        raise InvalidInput(f"unrecognized argument {args.more!r}: give one FILE (or: simulate FILE)")
    for option in ("runs", "workers"):
        if getattr(args, option) is not None:
            raise InvalidInput(f"--{option} is for `tabletop encounter simulate FILE`")
    data = read_json_file(args.file, "the encounter file")  # the limits first: size, nesting, integer size
    source = rng_from_args(args)
    try:
        encounter, events = run_file_data(data, rounds=args.rounds, rng=source, policy=args.policy)
    except TabletopError as error:
        _print_so_far(error, args.json)
        raise
    check_all_dice_used(source, "the dice of every roll in the fight, in the order rolled")
    text = "\n".join([*(str(e) for e in events), "--", str(encounter)])
    # One record, as every --json prints: the final state and every event of the fight.
    return Output(text, EncounterStep(encounter=encounter, events=tuple(events)).to_dict())


def _print_so_far(error: TabletopError, as_json: bool) -> None:
    """The events before a refused action, on stdout (the error itself goes to stderr)."""
    events = getattr(error, "events", None)
    encounter = getattr(error, "encounter", None)
    if not events or encounter is None:
        return
    if as_json:
        print(json.dumps(EncounterStep(encounter=encounter, events=tuple(events)).to_dict(), indent=2))
    else:
        print("\n".join(str(e) for e in events))
    sys.stdout.flush()


def _simulate(args: argparse.Namespace) -> Output:
    if args.more is None:
        raise InvalidInput("encounter simulate needs the FILE of the fight: tabletop encounter simulate FILE")
    if getattr(args, "dice", None) is not None:
        raise InvalidInput("--dice is for one fight: a simulation draws its own dice (give --seed)")
    data = read_json_file(args.more, "the encounter file")  # the limits first
    if "actions" in data if isinstance(data, Mapping) else False:
        raise InvalidInput("a simulated fight plays itself: remove the file's actions (its effects are applied first)")
    encounter = encounter_from_data(data)
    for i, raw in enumerate(_list("effects", data.get("effects", []))):
        item = _mapping(f"effects[{i}]", raw)
        effect = Effect.from_dict(_mapping("effect", item.get("effect")))
        encounter = encounter.apply(A.UseEffect(effect=effect, targets=item.get("targets", ())), rng=0).encounter
    policies = _policies(data, encounter, args.policy)
    runs = 1000 if args.runs is None else args.runs
    workers = 1 if args.workers is None else args.workers
    play = {
        "rng": args.seed,
        "progress": None if not args.json else False,
        "max_rounds": args.rounds,
    }
    if workers == 1:
        result = simulate_encounter(runs, encounter, policies, **play)
    else:
        # spawn: fresh worker processes on every platform (no fork of a possibly threaded host)
        with ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("spawn")) as pool:
            result = simulate_encounter(runs, encounter, policies, executor=pool, **play)
    rounds = ", ".join(f"{r}: {c}" for r, c in result.rounds.items())
    text = f"{result}\n{result.to_markdown()}\nRounds (Rounds: fights): {rounds}"
    return Output(text, result.to_dict())


def register(commands: SubCommands[argparse.ArgumentParser]) -> None:
    """Add ``tabletop encounter FILE`` and ``tabletop encounter simulate FILE``."""
    # Not through add_command: its own usage= line (the simulate form shares the parser).
    parser = commands.add_parser(
        "encounter",
        help="d20 encounter: run a fight from a JSON file (or: simulate FILE --runs N --workers K for its odds)",
        usage=(
            "%(prog)s [--seed N | --dice ...] [--rounds N] [--policy NAME] [--json] FILE\n"
            "       %(prog)s simulate FILE [--runs N] [--workers K] [--seed N] [--rounds N] [--policy NAME] [--json]"
        ),
    )
    parser.add_argument(
        "file", metavar="FILE", help="a JSON file: combatants, optional effects, policies and actions; or 'simulate'"
    )
    parser.add_argument("more", nargs="?", default=None, metavar="FILE", help="after 'simulate': the fight's file")
    parser.add_argument(
        "--rounds",
        type=int_option(1, 1000),
        default=DEFAULT_ROUNDS,
        help=f"the number of Rounds a self-running fight lasts at most (1 to 1000, default {DEFAULT_ROUNDS})",
    )
    parser.add_argument(
        "--policy",
        choices=sorted(POLICIES),
        default=None,
        help=f"the policy that plays every side (default: the file's policies, else {DEFAULT_POLICY})",
    )
    parser.add_argument(
        "--runs",
        type=int_option(1, MAX_RUNS),
        default=None,
        help=f"simulate: how many fights, 1..{MAX_RUNS:,} (default 1000)",
    )
    parser.add_argument(
        "--workers",
        type=int_option(1, MAX_WORKERS),
        default=None,
        help=f"simulate: worker processes, 1..{MAX_WORKERS} (default 1); the result does not depend on it",
    )
    add_roll_options(parser)
    parser.set_defaults(handler=_encounter)
