"""``tabletop encounter FILE``: run a short d20 fight from a JSON file and print its events.

The file holds the creatures and, optionally, a script of actions::

    {
      "combatants": [
        {"name": "Ana", "max_hp": 12, "soul": 1, "initiative": 3, "trait": 1, "side": "heroes",
         "conditions": ["hasted"],
         "attack": {"name": "Sword", "damage": 5, "energy": "physical", "cost": 2},
         "attack_modifier": 3},
        {"name": "Ogre", "max_hp": 20, "initiative": 1, "side": "monsters",
         "attack": {"name": "Club", "damage": 6, "cost": 3}, "attack_modifier": 2}
      ],
      "effects": [{"effect": {"name": "Bless", "creator": "GM", "modifiers": 1,
                              "duration": {"rounds": 10}}, "targets": ["Ana"]}],
      "actions": [{"type": "RollInitiative"}, {"type": "EndTurn"}]
    }

Map keys are optional: a combatant's ``"position": [x, y]`` (every combatant then has
one), ``size``, ``speed``, ``swarm`` and ``terrain``; ``"things"`` (Objects: ``name``,
``position``, ``size``, ``hp``, ``parts``, ``terrain``) and ``"blocked": [[x, y], ...]``.
On a map Reach is checked, and in a self-running fight a creature out of Reach Moves
toward its foe first.

``effects`` are applied before Initiative. With ``actions`` the script runs as
written (``--dice`` gives the dice in the order the rules roll them). Without it
the fight runs itself: Initiative, then on each Turn the creature Attacks the first
creature of another side still standing with its ``attack`` (a Mid Stakes Attack,
``attack_modifier`` added; a Success hits) while its AP allow, then ends its Turn,
until one side is left or ``--rounds`` Rounds have passed.

Examples:
    >>> from tabletop_core.d20.encounter_cli import run_file_data
    >>> data = {"combatants": [
    ...     {"name": "Ana", "max_hp": 6, "initiative": 5, "side": "a",
    ...      "attack": {"name": "Sword", "damage": 6, "cost": 2}, "attack_modifier": 5},
    ...     {"name": "Rat", "max_hp": 3, "side": "b"}]}
    >>> import tabletop_core as tc
    >>> encounter, events = run_file_data(data, rng=tc.ScriptedDice([10, 10, 12, 1]))
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
    Ana's Turn ends
    Rat's Turn: 2 AP; Doomed d4(1) -> 1
    Rat's Turn ends
    Round 1 ends
    Rat gains Defeated, Prone; loses Doomed, Helpless, Impaired, Slowed, Staggered, Unfocused (Round ends)
    Round 2 begins
    Ana's Turn: 3 AP
    >>> encounter.is_over
    True
"""

from __future__ import annotations

import argparse
from collections.abc import Mapping
from typing import Any

from tabletop_core._bounds import read_json_file
from tabletop_core.cli import Output, add_roll_options, check_all_dice_used, int_option, rng_from_args
from tabletop_core.d20 import actions as A
from tabletop_core.d20.conditions import Conditions
from tabletop_core.d20.effect import Effect
from tabletop_core.d20.encounter import Combatant, Encounter, EncounterStep, Thing
from tabletop_core.d20.events import Event
from tabletop_core.d20.space import Space
from tabletop_core.d20.turns import Creature
from tabletop_core.errors import InvalidInput, RuleError
from tabletop_core.rng import RngLike, dice_source

__all__ = ["DEFAULT_ROUNDS", "register", "run_file_data"]

DEFAULT_ROUNDS = 10
"""The most Rounds a self-running fight lasts unless ``--rounds`` says otherwise."""
_CREATURE_KEYS = {"max_hp", "hp", "temp_hp", "soul", "base_action_points"}
_MAP_KEYS = {"position", "size", "speed", "swarm", "terrain"}
_KEYS = {"name", "initiative", "trait", "side", "conditions", "attack", "attack_modifier"} | _CREATURE_KEYS | _MAP_KEYS
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


def _combatant(index: int, raw: object) -> tuple[Combatant, Effect | None, int]:
    data = _mapping(f"combatants[{index}]", raw)
    unknown = set(data) - _KEYS
    if unknown:
        raise InvalidInput(f"combatants[{index}] has unknown keys {sorted(unknown)}; known: {sorted(_KEYS)}")
    conditions = Conditions()
    for name in _list(f"combatants[{index}].conditions", data.get("conditions", [])):
        conditions = conditions.add(name)
    creature = Creature(conditions=conditions, **{k: data[k] for k in _CREATURE_KEYS if k in data})
    combatant = Combatant(
        name=data.get("name"),
        creature=creature,
        initiative=data.get("initiative", 0),
        trait=data.get("trait", 0),
        side=data.get("side", ""),
        **{k: data[k] for k in _MAP_KEYS - {"position"} if k in data},
        position=_space(f"combatants[{index}].position", data.get("position")),
    )
    attack = None
    if "attack" in data:
        attack = Effect.from_dict(
            {**_mapping(f"combatants[{index}].attack", data["attack"]), "creator": combatant.name}
        )
    modifier = data.get("attack_modifier", 0)
    return combatant, attack, modifier


def run_file_data(
    data: Mapping[str, Any], *, rounds: int = DEFAULT_ROUNDS, rng: RngLike = None
) -> tuple[Encounter, list[Event]]:
    """Run the fight a file describes (see the module); return the final state and every event.

    Raises:
        InvalidInput: the data does not describe an encounter, or an action is refused
            (the message names the action's number).
    """
    data = _mapping("the file", data)
    unknown = set(data) - {"combatants", "effects", "actions", "things", "blocked"}
    if unknown:
        raise InvalidInput(
            f"the file has unknown keys {sorted(unknown)}; known: actions, blocked, combatants, effects, things"
        )
    built = [_combatant(i, raw) for i, raw in enumerate(_list("combatants", data.get("combatants")))]
    encounter = Encounter(
        combatants=[c for c, _attack, _mod in built],
        things=[_thing(i, raw) for i, raw in enumerate(_list("things", data.get("things", [])))],
        blocked=[_space(f"blocked[{i}]", raw) for i, raw in enumerate(_list("blocked", data.get("blocked", [])))],
    )
    attacks = {c.name: (attack, modifier) for c, attack, modifier in built}
    source = dice_source(rng)
    events: list[Event] = []

    def apply(action: A.Action, where: str) -> None:
        nonlocal encounter
        try:
            step = encounter.apply(action, rng=source)
        except InvalidInput as error:
            raise InvalidInput(f"{where} ({action}): {error}") from error
        encounter = step.encounter
        events.extend(step.events)

    for i, raw in enumerate(_list("effects", data.get("effects", []))):
        item = _mapping(f"effects[{i}]", raw)
        apply(
            A.UseEffect(
                effect=Effect.from_dict(_mapping("effect", item.get("effect"))), targets=item.get("targets", ())
            ),
            f"effects[{i}]",
        )
    if "actions" in data:
        for i, raw in enumerate(_list("actions", data["actions"])):
            apply(A.Action.from_dict(_mapping(f"actions[{i}]", raw)), f"actions[{i}]")
        return encounter, events
    apply(A.RollInitiative(), "Initiative")
    for _ in range(_MAX_STEPS):
        if encounter.is_over or encounter.round > rounds:
            break
        name = encounter.current
        assert name is not None
        attack, modifier = attacks[name]
        me = encounter.combatant(name)
        foes = [c.name for c in encounter.combatants if c.side != me.side and not c.creature.is_defeated]
        if attack is not None and foes and encounter.ap >= 1 and _approach(encounter, name, foes[0], attack):
            try:  # out of Reach on a map: Move toward the foe first
                apply(A.Move(to=_approach(encounter, name, foes[0], attack)), f"{name}'s Move")
                continue
            except RuleError:  # the way is taken: the Turn ends
                apply(A.EndTurn(), f"{name}'s Turn")
                continue
        if attack is not None and foes and encounter.ap >= attack.cost and me.creature.conditions.can_act:
            try:
                apply(A.Attack(target=foes[0], effect=attack, modifier=modifier), f"{name}'s Attack")
            except RuleError:  # out of Reach (an obstructed Effect Line): the Turn ends
                apply(A.EndTurn(), f"{name}'s Turn")
                continue
            if attack.cost == 0:
                apply(A.EndTurn(), f"{name}'s Turn")  # a free Attack once a Turn
        else:
            apply(A.EndTurn(), f"{name}'s Turn")
    return encounter, events


def _approach(encounter: Encounter, name: str, foe: str, attack: Effect) -> Space | None:
    """On a map, the Space one Move takes *name* toward *foe* when *foe* is out of its Attack's Reach."""
    if not encounter.has_map:
        return None
    reach = 1 if attack.reach is None else attack.reach
    start, goal = encounter.position(name), encounter.position(foe)
    gap = start.distance(goal, metric=encounter.metric)
    if gap <= reach:
        return None
    path = start.line(goal)
    speed = encounter.combatant(name).speed
    steps = len(path) - 1 - reach
    return path[steps if speed is None else min(steps, speed)]


def _encounter(args: argparse.Namespace) -> Output:
    data = read_json_file(args.file, "the encounter file")  # the limits first: size, nesting, integer size
    source = rng_from_args(args)
    encounter, events = run_file_data(data, rounds=args.rounds, rng=source)
    check_all_dice_used(source, "the dice of every roll in the fight, in the order rolled")
    text = "\n".join([*(str(e) for e in events), "--", str(encounter)])
    # One record, as every --json prints: the final state and every event of the fight.
    return Output(text, EncounterStep(encounter=encounter, events=tuple(events)).to_dict())


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``tabletop encounter``."""
    parser = commands.add_parser(
        "encounter", help="d20 encounter: run a fight from a JSON file of creatures (and actions)"
    )
    parser.add_argument("file", help="a JSON file: combatants, optional effects and actions")
    parser.add_argument(
        "--rounds",
        type=int_option(1, 1000),
        default=DEFAULT_ROUNDS,
        help="the number of Rounds a self-running fight lasts at most (1 to 1000, default 10)",
    )
    add_roll_options(parser)
    parser.set_defaults(handler=_encounter)
