"""Policies that play a creature's Turns unattended: :class:`AttackWeakest`, :class:`FocusFire`, :class:`AttackNearest`.

A policy picks one of :meth:`Encounter.choices <tabletop_core.d20.Encounter.choices>` for
the creature whose Turn it is. The shipped ones play the same simple fight and differ only
in which foe they go after (a foe: a creature of another side, not Defeated):

1. rise, when Prone (Prone gives Off Guard);
2. keep up its Focus;
3. heal the most hurt ally at half its HP or less, with an Effect it holds that heals;
4. attack the foe it picks, with the held Attack that deals the most Damage (or, with no
   Attack that reaches, a harmful Effect it holds); foes still standing (above 0 HP) first;
5. with no foe standing, Dispatch a foe down at 0 HP;
6. on a map, Move toward the foe it picks;
7. end the Turn.

They use only actions that cost AP (a free Attack could be taken forever), so every Turn
ends. Which foe: :class:`AttackWeakest` the one with the fewest HP; :class:`FocusFire` the
one already most hurt (the share of its HP lost), so a side brings down one foe at a time;
:class:`AttackNearest` the closest one on a map (without a map, the first listed).

A policy of your own is any object with a ``name`` and a ``choose(encounter, choices)``
method that returns one of *choices*; for :func:`~tabletop_core.d20.simulate_encounter`
on an executor it must be defined at the top level of an importable module (it is pickled).

Examples:
    >>> import tabletop_core as tc
    >>> from tabletop_core import d20
    >>> sword = d20.AttackProfile(effect=d20.Effect(name="Sword", creator="Ana", damage=4, cost=2))
    >>> fight = d20.Encounter.of(
    ...     d20.Combatant(name="Ana", creature=d20.Creature(max_hp=9), initiative=5, attacks=[sword], side="a"),
    ...     d20.Combatant(name="Bo", creature=d20.Creature(max_hp=8), side="b"),
    ...     d20.Combatant(name="Cy", creature=d20.Creature(max_hp=3), side="b"),
    ... ).apply(d20.actions.RollInitiative(), rng=tc.ScriptedDice([10, 2, 2])).encounter
    >>> d20.AttackWeakest().choose(fight, fight.choices())
    AttackWith(attack='Sword', target='Cy', modifier=0)
"""

from __future__ import annotations

import types
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Protocol

import attrs

from tabletop_core._frozen import frozen
from tabletop_core._validate import check_type
from tabletop_core.d20.actions import (
    Action,
    AttackWith,
    Dispatch,
    EndTurn,
    KeepFocus,
    Move,
    Rise,
    UseAbility,
)
from tabletop_core.d20.effect import Effect
from tabletop_core.d20.space import Space
from tabletop_core.errors import InvalidInput

if TYPE_CHECKING:
    from tabletop_core.d20.encounter import Encounter

__all__ = ["POLICIES", "AttackNearest", "AttackWeakest", "FocusFire", "Policy", "policy_named"]


class Policy(Protocol):
    """What plays a Turn unattended: picks one of the offered actions."""

    @property
    def name(self) -> str:
        """The policy's name, for reports."""
        ...  # pragma: no cover - a protocol

    def choose(self, encounter: Encounter, choices: Sequence[Action]) -> Action:
        """Pick one of *choices* (the encounter's :meth:`~tabletop_core.d20.Encounter.choices`)."""
        ...  # pragma: no cover - a protocol


def _check_policy(policy: object) -> None:
    """A policy has a ``choose(encounter, choices)`` method (numpy arrays and modules have another ``choose``)."""
    numpy_like = isinstance(policy, types.ModuleType) or type(policy).__module__.split(".")[0] == "numpy"
    if numpy_like or not callable(getattr(policy, "choose", None)):
        raise TypeError(f"a policy must have a choose(encounter, choices) method, got {type(policy).__name__}")


FoeKey = Callable[["Encounter", str, str], tuple[object, ...]]
"""How a policy ranks foes: ``key(encounter, me, foe)``, lowest first."""


def _cost(encounter: Encounter, name: str, action: Action) -> int:
    """The AP an offered action spends (what the policies play only when it is at least 1)."""
    me = encounter.combatant(name)
    if isinstance(action, AttackWith):
        return me.attack_named(action.attack).effect.cost
    if isinstance(action, UseAbility):
        return encounter.combatant(action.by or name).effect_named(action.ability).cost
    if isinstance(action, (Rise, Move, Dispatch)):
        return action.ap
    if isinstance(action, KeepFocus):
        return 1
    return 0


def _play(encounter: Encounter, choices: Sequence[Action], foe_key: FoeKey) -> Action:
    name = encounter.current
    assert name is not None  # policies play Turns
    mine = [c for c in choices if _cost(encounter, name, c) >= 1]
    for kind in (Rise, KeepFocus):
        found = [c for c in mine if isinstance(c, kind)]
        if found:
            return found[0]
    me = encounter.combatant(name)
    heal = _heal(encounter, name, mine)
    if heal is not None:
        return heal
    foes = [c.name for c in encounter.combatants if c.side != me.side and not c.creature.is_defeated]
    standing = [f for f in foes if encounter.creature(f).hp > 0]
    ranked = sorted(standing or foes, key=lambda f: foe_key(encounter, name, f))
    attacks = [c for c in mine if isinstance(c, AttackWith)]
    harmful = [
        c
        for c in mine
        if isinstance(c, UseAbility) and c.by is None and me.effect_named(c.ability).is_harmful and c.targets
    ]
    for foe in ranked if standing else []:
        on_foe = [a for a in attacks if a.target == foe]
        if on_foe:
            return max(on_foe, key=lambda a: (me.attack_named(a.attack).effect.damage, -attacks.index(a)))
        spells = [u for u in harmful if u.targets == (foe,)]
        if spells:
            return spells[0]
    if not standing:
        dispatch = [c for c in mine if isinstance(c, Dispatch) and c.target in foes]
        if dispatch:
            return dispatch[0]
    moves = [c for c in mine if isinstance(c, Move)]
    if moves and ranked:
        goal = encounter.position(ranked[0])
        metric = encounter.metric
        here = encounter.position(name).distance(goal, metric=metric)
        best = min(moves, key=lambda m: (m.to.distance(goal, metric=metric), _straight(m.to, goal), m.to.x, m.to.y))
        if best.to.distance(goal, metric=metric) < here:
            return best
    return EndTurn()


def _straight(a: Space, b: Space) -> int:
    """The squared straight-line distance: among Spaces as far by the metric, the one most in line."""
    return (a.x - b.x) ** 2 + (a.y - b.y) ** 2 + (a.z - b.z) ** 2


def _heal(encounter: Encounter, name: str, mine: Sequence[Action]) -> Action | None:
    """Heal the most hurt ally at half its HP or less, when an Effect the creature holds heals it."""
    me = encounter.combatant(name)
    healers: list[tuple[tuple[float, int], UseAbility]] = []
    for c in mine:
        if not isinstance(c, UseAbility) or c.by is not None or len(c.targets) != 1:
            continue
        effect: Effect = me.effect_named(c.ability)
        ally = encounter.combatant(c.targets[0])
        hurt = ally.creature.hp * 2 <= ally.creature.max_hp
        if effect.healing and ally.side == me.side and hurt and not ally.creature.is_defeated:
            healers.append(((ally.creature.hp / ally.creature.max_hp, encounter.names.index(ally.name)), c))
    return min(healers, key=lambda pair: pair[0])[1] if healers else None


def _checked(encounter: object, choices: object) -> tuple[Encounter, tuple[Action, ...]]:
    from tabletop_core.d20.encounter import Encounter

    checked = check_type("encounter", encounter, Encounter)
    if isinstance(choices, (str, bytes)) or not isinstance(choices, Sequence):
        raise TypeError(f"choices must be a sequence of actions, got {type(choices).__name__}")
    offered = tuple(check_type(f"choices[{i}]", c, Action) for i, c in enumerate(choices))
    if not offered:
        raise InvalidInput("choices must not be empty: pass encounter.choices()")
    if checked.current is None:
        raise InvalidInput("a policy plays a creature's Turn: roll Initiative first")
    return checked, offered


def _weakest(encounter: Encounter, _me: str, foe: str) -> tuple[object, ...]:
    creature = encounter.creature(foe)
    return (creature.hp + creature.temp_hp, encounter.names.index(foe))


def _most_hurt(encounter: Encounter, _me: str, foe: str) -> tuple[object, ...]:
    creature = encounter.creature(foe)
    return (creature.hp / creature.max_hp, creature.hp, encounter.names.index(foe))


def _nearest(encounter: Encounter, me: str, foe: str) -> tuple[object, ...]:
    gap = encounter.distance(me, foe) if encounter.has_map else 0
    return (gap, encounter.names.index(foe))


class _ShippedPolicy:
    """What the shipped policies share: the module's order of preference, the foe picked by one ranking."""

    __slots__ = ()
    _foe_key: FoeKey  # each policy's ranking of the foes (lowest first), a staticmethod

    def choose(self, encounter: Encounter, choices: Sequence[Action]) -> Action:
        """Pick one of *choices* (see the module for the order of preference).

        Raises:
            TypeError: not an Encounter, or *choices* not a sequence of actions.
            InvalidInput: no choices, or no Turn under way.
        """
        checked, offered = _checked(encounter, choices)
        return _play(checked, offered, type(self)._foe_key)


@frozen
class AttackWeakest(_ShippedPolicy):
    """Go after the foe with the fewest HP (Temporary HP counted); ties: the one listed first."""

    name: str = attrs.field(default="weakest", init=False)
    _foe_key = staticmethod(_weakest)


@frozen
class FocusFire(_ShippedPolicy):
    """Go after the foe already most hurt (the share of its HP lost), so a side brings down one foe at a time."""

    name: str = attrs.field(default="focus fire", init=False)
    _foe_key = staticmethod(_most_hurt)


@frozen
class AttackNearest(_ShippedPolicy):
    """Go after the closest foe on a map (without a map: the first listed)."""

    name: str = attrs.field(default="nearest", init=False)
    _foe_key = staticmethod(_nearest)


POLICIES: dict[str, type[AttackWeakest] | type[FocusFire] | type[AttackNearest]] = {
    "weakest": AttackWeakest,
    "focus_fire": FocusFire,
    "nearest": AttackNearest,
}
"""The shipped policies by the name the command line and encounter files use."""


def policy_named(name: str) -> AttackWeakest | FocusFire | AttackNearest:
    """The shipped policy called *name* (``"weakest"``, ``"focus_fire"``, ``"nearest"``; ``-``, spaces and case aside).

    Raises:
        InvalidInput: no shipped policy has that name (the message lists them).
        TypeError: *name* is not a str.
    """
    check_type("policy", name, str)
    key = name.strip().lower().replace("-", "_").replace(" ", "_")
    if key not in POLICIES:
        raise InvalidInput(f"policy must be one of {', '.join(POLICIES)}, got {name!r}")
    return POLICIES[key]()


def _unchecked(policy: object) -> Callable[[Encounter, Sequence[Action]], Action] | None:
    """A shipped policy's pick without the checks of its input (the simulator hands it exactly ``choices()``)."""
    if type(policy) not in (AttackWeakest, FocusFire, AttackNearest):  # a subclass may choose otherwise
        return None
    assert isinstance(policy, _ShippedPolicy)
    key = type(policy)._foe_key
    return lambda encounter, choices: _play(encounter, choices, key)
