"""The records an encounter is made of: its creatures, its Objects, the Effects on them and the responses to Triggers.

Core Rules "Creature" and "Object", as the encounter uses them:

* a **swarm** of Creatures is treated as a single Creature: one :class:`Combatant`
  (``swarm=`` says how many it is made of) with one Initiative, one Turn, one HP and
  one Target, however many an Effect Area covers;
* a Creature or an Object **large enough to function as terrain** (``terrain=True``)
  also counts as a Location and remains a Creature or an Object;
* an **assembly** of Objects (a :class:`Thing` with ``parts=``) is treated as a single
  Object by a creature large enough to manipulate it (its ``size`` at least the
  assembly's); a smaller one deals with the parts;
* an Object that is **animated or sentient** is treated as a Creature: add it as a
  :class:`Combatant` (a :class:`Thing` is inanimate).

Each is re-exported by :mod:`tabletop_core.d20.encounter`, where they have always been imported from.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import ClassVar, Protocol, TypeVar

import attrs

from tabletop_core._frozen import frozen
from tabletop_core._record import Record
from tabletop_core._validate import check_int, check_type, int_field, of_type
from tabletop_core.d20._checks import checked_label, iterable_of
from tabletop_core.d20.abilities import AttackProfile
from tabletop_core.d20.conditions import Condition, Duration
from tabletop_core.d20.effect import Effect
from tabletop_core.d20.space import Space
from tabletop_core.d20.test import (
    MODIFIER_LIMIT,
    Trait,
)
from tabletop_core.d20.turns import Creature
from tabletop_core.errors import InvalidInput

__all__ = [
    "LAST_ACTION",
    "MAX_COMBATANTS",
    "MAX_SIZE",
    "ActiveEffect",
    "Combatant",
    "HeldAP",
    "Response",
    "Thing",
    "check_map",
    "find_named",
]

_BIG = 10**9
MAX_COMBATANTS = 1000
"""The most creatures one encounter holds."""
MAX_SIZE = 1000
"""The largest Size, in Spaces across."""
MAX_SWARM = 10**6
"""The most Creatures one swarm is made of."""


def _position(value: object) -> Space | None:
    if value is None or isinstance(value, Space):
        return value
    raise TypeError(f"position must be a Space or None, got {type(value).__name__} {value!r}")


def _swarm(value: object) -> int:
    count = check_int("swarm", value, low=0, high=MAX_SWARM)
    if count == 1:
        raise InvalidInput("swarm is how many Creatures the swarm is made of: 0 (not a swarm) or 2 or more, got 1")
    return count


def _optional_speed(value: object) -> int | None:
    return None if value is None else check_int("speed", value, low=0, high=MAX_SIZE * 1000)


def _name(value: object) -> str:
    return checked_label("name", value)


def _attacks(value: object) -> tuple[AttackProfile, ...]:
    return iterable_of("attacks", AttackProfile, value)


def _held_effects(value: object) -> tuple[Effect, ...]:
    return iterable_of("effects", Effect, value)


def _side_name(value: object) -> str:
    if not isinstance(value, str):
        raise TypeError(f"side must be a str, got {type(value).__name__} {value!r}")
    return value.strip()


class _Named(Protocol):
    @property
    def name(self) -> str: ...


NamedT = TypeVar("NamedT", bound=_Named)


def find_named(items: Sequence[NamedT], name: object, missing: Callable[[str], str]) -> NamedT:
    """The item of *items* called *name*, or InvalidInput saying ``missing(names there are)``.

    What a Combatant's Attacks and Effects and an Encounter's creatures and Objects share.

    Raises:
        InvalidInput: none is called *name*.
        TypeError: *name* is not a str.
    """
    check_type("name", name, str)
    for item in items:
        if item.name == name:
            return item
    raise InvalidInput(missing(", ".join(item.name for item in items) or "none"))


@frozen(kw_only=True)
class Combatant(Record):
    """One creature in an encounter.

    Args:
        name: Its unique name in the encounter.
        creature: Its HP, Soul, Conditions and base AP.
        initiative: Its Initiative Modifier (added to the Initiative Test).
        trait: The governing Trait that breaks Initiative ties.
        side: Its side (allies share one); the encounter is over when every creature
            still standing is on one side.
        position: The Space it stands in, when the encounter has a map (every creature
            has one, or none does).
        size: Its Size in Spaces across (1: one tile); a creature at least as large as an
            assembly of Objects can manipulate it as one Object.
        speed: The most Spaces one Move Action takes it (``None``: the caller checks).
        swarm: How many Creatures this swarm is made of (0: not a swarm); a swarm is
            treated as a single Creature.
        terrain: Large enough to function as terrain: it also counts as a Location.
        body: Its Body Trait (Body Saves, Melee Attacks).
        mind: Its Mind Trait (Mind Saves, Ranged and Thrown Attacks). Its Soul is the
            creature's :attr:`~tabletop_core.d20.Creature.soul`.
        attacks: The Attacks it holds (:class:`~tabletop_core.d20.AttackProfile`), each
            named once, its own (created by it): :class:`~tabletop_core.d20.actions.AttackWith`
            names one.
        effects: The Effects it holds (its Spells, Feats, reactions), each named once and
            created by it: :class:`~tabletop_core.d20.actions.UseAbility` names one.

    Raises:
        InvalidInput: a bad value, an ability created by another, a name held twice.
        TypeError: a wrong type.
    """

    # position .. terrain: saves from before the map lack them; body .. effects: from before abilities.
    _optional_keys: ClassVar[tuple[str, ...]] = (
        "position",
        "size",
        "speed",
        "swarm",
        "terrain",
        "body",
        "mind",
        "attacks",
        "effects",
    )

    name: str = attrs.field(converter=_name)
    creature: Creature = attrs.field(validator=of_type(Creature))
    initiative: int = int_field(low=-MODIFIER_LIMIT, high=MODIFIER_LIMIT, default=0)
    trait: int = int_field(low=-MODIFIER_LIMIT, high=MODIFIER_LIMIT, default=0)
    side: str = attrs.field(default="", converter=_side_name)
    position: Space | None = attrs.field(default=None, converter=_position)
    size: int = int_field(low=1, high=MAX_SIZE, default=1)
    speed: int | None = attrs.field(default=None, converter=_optional_speed)
    swarm: int = attrs.field(default=0, converter=_swarm)
    terrain: bool = attrs.field(default=False, validator=of_type(bool))
    body: int = int_field(low=-MODIFIER_LIMIT, high=MODIFIER_LIMIT, default=0)
    mind: int = int_field(low=-MODIFIER_LIMIT, high=MODIFIER_LIMIT, default=0)
    attacks: tuple[AttackProfile, ...] = attrs.field(default=(), converter=_attacks)
    effects: tuple[Effect, ...] = attrs.field(default=(), converter=_held_effects)

    def __attrs_post_init__(self) -> None:
        for what, held in (("attack", [a.effect for a in self.attacks]), ("Effect", list(self.effects))):
            names = [e.name for e in held]
            twice = sorted({n for n in names if names.count(n) > 1})
            if twice:
                raise InvalidInput(f"{self.name} holds each {what} named once, got {', '.join(twice)} twice")
            for e in held:
                if e.creator != self.name:
                    raise InvalidInput(
                        f"{self.name} holds its own Effects: its {what} {e.name} is created by {e.creator} "
                        f"(give it creator={self.name!r})"
                    )

    def attack_named(self, name: str) -> AttackProfile:
        """The Attack it holds called *name*.

        Raises:
            InvalidInput: it holds none of that name (the message lists those it holds).
            TypeError: *name* is not a str.
        """
        return find_named(self.attacks, name, lambda held: f"{self.name} has no attack {name!r} (it has {held})")

    def effect_named(self, name: str) -> Effect:
        """The Effect it holds called *name*.

        Raises:
            InvalidInput: it holds none of that name (the message lists those it holds).
            TypeError: *name* is not a str.
        """
        return find_named(self.effects, name, lambda held: f"{self.name} has no Effect {name!r} (it has {held})")

    def trait_value(self, trait: Trait | str) -> int:
        """Its Body, Mind or Soul (the Trait a Save, an Attack or a Spell adds).

        Raises:
            InvalidInput: not a Trait.
        """
        trait = Trait.parse(trait)
        if trait is Trait.BODY:
            return self.body
        if trait is Trait.MIND:
            return self.mind
        return self.creature.soul

    def __str__(self) -> str:
        kind = f" (a swarm of {self.swarm})" if self.swarm else ""
        where = f" at {self.position}" if self.position is not None else ""
        return f"{self.name}{kind}{where}: {self.creature}"


def _parts(value: object) -> tuple[str, ...]:
    items = iterable_of("parts", str, value)
    names = tuple(checked_label(f"parts[{i}]", item) for i, item in enumerate(items))
    if len(set(names)) != len(names):
        raise InvalidInput(f"parts must name each Object once, got {list(names)}")
    return names


def _optional_hp(value: object) -> int | None:
    return None if value is None else check_int("hp", value, low=0, high=_BIG)


@frozen(kw_only=True)
class Thing(Record):
    """An Object in an encounter: an inanimate, discrete Target (named so as not to shadow Python's ``object``).

    Args:
        name: Its unique name in the encounter (no creature or other Object has it).
        position: The Space it lies in, when the encounter has a map.
        size: Its Size in Spaces across.
        hp: Its Hit Points, if the GM tracks them (Damage lowers them to 0: broken);
            ``None``: Damage is reported and the GM rules what it does.
        parts: The Objects of the encounter it is an assembly of.
        terrain: Large enough to function as terrain: it also counts as a Location, and
            it obstructs Effect Lines.

    Raises:
        InvalidInput: a bad value, a part named twice, or an assembly of itself.
        TypeError: a wrong type.

    Examples:
        >>> from tabletop_core import d20
        >>> print(d20.Thing(name="Cart", size=2, parts=["Wheel", "Axle"], hp=10))
        Cart (Object, Size 2, an assembly of Wheel, Axle): HP 10
    """

    name: str = attrs.field(converter=_name)
    position: Space | None = attrs.field(default=None, converter=_position)
    size: int = int_field(low=1, high=MAX_SIZE, default=1)
    hp: int | None = attrs.field(default=None, converter=_optional_hp)
    parts: tuple[str, ...] = attrs.field(default=(), converter=_parts)
    terrain: bool = attrs.field(default=False, validator=of_type(bool))

    def __attrs_post_init__(self) -> None:
        if self.name in self.parts:
            raise InvalidInput(f"an assembly can't be one of its own parts: {self.name}")

    @property
    def is_broken(self) -> bool:
        """Whether its tracked HP are down to 0."""
        return self.hp == 0

    def __str__(self) -> str:
        notes = ["Object", f"Size {self.size}"]
        if self.parts:
            notes.append(f"an assembly of {', '.join(self.parts)}")
        if self.terrain:
            notes.append("terrain")
        where = f" at {self.position}" if self.position is not None else ""
        hp = "" if self.hp is None else (": broken" if self.is_broken else f": HP {self.hp}")
        return f"{self.name} ({', '.join(notes)}){where}{hp}"


def _effect_id(value: object) -> str:
    return checked_label("id", value)


def _target(value: object) -> str:
    return checked_label("target", value)


def _left(value: object) -> Duration:
    return check_type("left", value, Duration)


def _anchor(value: object) -> str | None:
    return None if value is None else checked_label("anchor", value)


def _ended(value: object) -> tuple[Condition, ...]:
    return iterable_of("ended", Condition, value)


@frozen(kw_only=True)
class ActiveEffect(Record):
    """An ongoing Effect on one of its Targets.

    Args:
        id: The Effect's id in the encounter (the same on every Target).
        effect: The Effect.
        target: The Target's name.
        left: Duration left.
        ended: Conditions of the Effect that ended on this Target by their own
            "ends when" (Prone after rising, Charmed after the charmer harms you);
            the rest of the Effect goes on.
        anchor: The creature at the start of whose Turn the Duration counts down: the
            Turn the Effect was applied in (an N-Round Effect ends at the start of that
            creature's Turn N Rounds later). ``None``: it counts down at the end of each
            Round (it was applied outside Rounds, before Initiative).
    """

    _optional_keys: ClassVar[tuple[str, ...]] = ("anchor",)

    id: str = attrs.field(converter=_effect_id)
    effect: Effect = attrs.field(validator=of_type(Effect))
    target: str = attrs.field(converter=_target)
    left: Duration = attrs.field(converter=_left)
    ended: tuple[Condition, ...] = attrs.field(default=(), converter=_ended)
    anchor: str | None = attrs.field(default=None, converter=_anchor)

    def __attrs_post_init__(self) -> None:
        if self.effect.is_instant:
            raise InvalidInput(f"an Instant Effect ends as soon as it resolves: {self.effect.name} can't be ongoing")
        if self.left.rounds == 0:
            raise InvalidInput(f"an ongoing Effect with no Duration left has ended: {self.id}")

    def __str__(self) -> str:
        return f"{self.effect.label} ({self.id}) on {self.target}, {self.left} left"


LAST_ACTION = "the last action"
"""The occurrence a Triggered Effect answers when its use names none: the last action taken."""


def _trigger_name(value: object) -> str:
    return checked_label("trigger", value)


def _creature_name(value: object) -> str:
    return checked_label("creature", value)


@frozen(kw_only=True)
class Response(Record):
    """A creature has used its one Action in response to one occurrence of a Trigger this Round.

    Args:
        creature: Who responded.
        trigger: The occurrence it answered.
    """

    creature: str = attrs.field(converter=_creature_name)
    trigger: str = attrs.field(converter=_trigger_name)

    def __str__(self) -> str:
        return f"{self.creature} responded to {self.trigger}"


def _responses(value: object) -> tuple[Response, ...]:
    return iterable_of("responses", Response, value)


def _held_ap(value: object) -> int:
    return check_int("ap", value, low=1, high=_BIG)


@frozen(kw_only=True)
class HeldAP(Record):
    """The AP a creature kept when its Turn ended, for Triggered Effects until its next Turn starts.

    Args:
        creature: Who holds them.
        ap: How many (at least 1).
    """

    creature: str = attrs.field(converter=_creature_name)
    ap: int = attrs.field(converter=_held_ap)

    def __str__(self) -> str:
        return f"{self.creature} holds {self.ap} AP"


def _held(value: object) -> tuple[HeldAP, ...]:
    return iterable_of("held", HeldAP, value)


def check_map(combatants: tuple[Combatant, ...], things: tuple[Thing, ...], blocked: tuple[Space, ...]) -> None:
    """Check an encounter's creatures, Objects and terrain fit together (names, map, assemblies).

    Raises:
        InvalidInput: a name used twice, some positions given and others not, two
            creatures in one Space, someone in a terrain Space, an assembly naming an
            unknown Object or holding itself.
    """
    names = [c.name for c in combatants] + [t.name for t in things]
    if len(set(names)) != len(names):
        raise InvalidInput(f"creatures and Objects must have distinct names, got {names}")
    where = [(c.name, c.position) for c in combatants] + [(t.name, t.position) for t in things]
    placed = [at is not None for _name, at in where]
    if any(placed) and not all(placed):
        unplaced = [name for name, at in where if at is None]
        raise InvalidInput(f"on a map every creature and Object has a position; {', '.join(unplaced)} has none")
    if blocked and not all(placed):
        raise InvalidInput("blocked Spaces need a map: give every creature and Object a position")
    walls = set(blocked)
    taken: dict[Space, str] = {}
    for c in combatants:
        if c.position is None:
            continue
        if c.position in walls:
            raise InvalidInput(f"{c.name} stands in a blocked Space {c.position}")
        if c.position in taken:
            raise InvalidInput(f"{c.name} and {taken[c.position]} stand in the same Space {c.position}")
        taken[c.position] = c.name
    known = {t.name: t for t in things}
    for t in things:
        for part in t.parts:
            if part not in known:
                raise InvalidInput(f"{t.name} is an assembly of {part}, which is not an Object of the encounter")
        seen: set[str] = set()
        stack = list(t.parts)
        while stack:
            part = stack.pop()
            if part == t.name:
                raise InvalidInput(f"{t.name} is, through its parts, an assembly of itself")
            if part not in seen:
                seen.add(part)
                stack.extend(known[part].parts if part in known else ())
