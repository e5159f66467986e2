"""The records an encounter is made of: its creatures, the Effects on them and the responses to Triggers.

Each is re-exported by :mod:`tabletop_core.d20.encounter`, where they have always been imported from.
"""

from __future__ import annotations

import attrs

from tabletop_core._record import Record
from tabletop_core._validate import check_type, int_field, of_type
from tabletop_core.d20.conditions import Condition, Duration
from tabletop_core.d20.effect import Effect
from tabletop_core.d20.test import (
    MODIFIER_LIMIT,
    _label,
    _tuple_of,
)
from tabletop_core.d20.turns import Creature
from tabletop_core.errors import InvalidInput

__all__ = ["MAX_COMBATANTS", "ActiveEffect", "Combatant", "Response"]

_BIG = 10**9
MAX_COMBATANTS = 1000
"""The most creatures one encounter holds."""


def _name(value: object) -> str:
    return _label("name", value)


def _side_name(value: object) -> str:
    if not isinstance(value, str):
        raise TypeError(f"side must be a str, got {type(value).__name__} {value!r}")
    return value.strip()


@attrs.frozen(kw_only=True)
class Combatant(Record):
    """One creature in an encounter.

    Args:
        name: Its unique name in the encounter.
        creature: Its HP, Soul, Conditions and base AP.
        initiative: Its Initiative Modifier (added to the Initiative Test).
        trait: The governing Trait that breaks Initiative ties.
        side: Its side (allies share one); the encounter is over when every creature
            still standing is on one side.
    """

    name: str = attrs.field(converter=_name)
    creature: Creature = attrs.field(validator=of_type(Creature))
    initiative: int = int_field(low=-MODIFIER_LIMIT, high=MODIFIER_LIMIT, default=0)
    trait: int = int_field(low=-MODIFIER_LIMIT, high=MODIFIER_LIMIT, default=0)
    side: str = attrs.field(default="", converter=_side_name)

    def __str__(self) -> str:
        return f"{self.name}: {self.creature}"


def _effect_id(value: object) -> str:
    return _label("id", value)


def _target(value: object) -> str:
    return _label("target", value)


def _left(value: object) -> Duration:
    return check_type("left", value, Duration)


def _ended(value: object) -> tuple[Condition, ...]:
    return _tuple_of("ended", Condition, value)


@attrs.frozen(kw_only=True)
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
    """

    id: str = attrs.field(converter=_effect_id)
    effect: Effect = attrs.field(validator=of_type(Effect))
    target: str = attrs.field(converter=_target)
    left: Duration = attrs.field(converter=_left)
    ended: tuple[Condition, ...] = attrs.field(default=(), converter=_ended)

    def __attrs_post_init__(self) -> None:
        if self.effect.is_instant:
            raise InvalidInput(f"an Instant Effect ends as soon as it resolves: {self.effect.name} can't be ongoing")
        if self.left.rounds == 0:
            raise InvalidInput(f"an ongoing Effect with no Duration left has ended: {self.id}")

    def __str__(self) -> str:
        return f"{self.effect.label} ({self.id}) on {self.target}, {self.left} left"


def _trigger_name(value: object) -> str:
    return _label("trigger", value)


def _creature_name(value: object) -> str:
    return _label("creature", value)


@attrs.frozen(kw_only=True)
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
    return _tuple_of("responses", Response, value)
