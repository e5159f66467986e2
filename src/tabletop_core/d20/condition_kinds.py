"""Every Condition of the rules text and what each implies (the Conditions its own rule says you gain).

Re-exported by :mod:`tabletop_core.d20.conditions`, where these names have always been
imported from.

Examples:
    >>> from tabletop_core.d20 import Condition, implied_conditions
    >>> sorted(c.value for c in implied_conditions(Condition.PETRIFIED))
    ['Immobilized', 'Incapacitated', 'Off Guard', 'Paralyzed']
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from typing import ClassVar

import attrs

from tabletop_core._enum import Enum
from tabletop_core._frozen import frozen
from tabletop_core._record import Record

__all__ = ["Condition", "ConditionImplications", "direct_implications", "implied_conditions"]


class Condition(Enum):
    """Every Condition the rules text defines."""

    BLINDED = "Blinded"
    CHARMED = "Charmed"
    CLUMSY = "Clumsy"
    DEAFENED = "Deafened"
    DEFEATED = "Defeated"
    DOOMED = "Doomed"
    FATIGUE = "Fatigue"
    FRIGHTENED = "Frightened"
    HASTED = "Hasted"
    HELPLESS = "Helpless"
    HIDDEN = "Hidden"
    IMMOBILIZED = "Immobilized"
    IMPAIRED = "Impaired"
    INCAPACITATED = "Incapacitated"
    INVISIBLE = "Invisible"
    OFF_GUARD = "Off Guard"
    PARALYZED = "Paralyzed"
    PERSISTENT_DAMAGE = "Persistent Damage"
    PETRIFIED = "Petrified"
    PRONE = "Prone"
    RESTRAINED = "Restrained"
    SICKENED = "Sickened"
    SILENCED = "Silenced"
    SLOWED = "Slowed"
    STABLE = "Stable"
    STAGGERED = "Staggered"
    STUNNED = "Stunned"
    SURPRISED = "Surprised"
    UNCONSCIOUS = "Unconscious"
    UNFOCUSED = "Unfocused"

    @property
    def has_value(self) -> bool:
        """Whether the Condition carries a value (Fatigue, Doomed, Persistent Damage)."""
        return self in _VALUED

    def __str__(self) -> str:
        return str(self.value)


_VALUED = frozenset({Condition.FATIGUE, Condition.DOOMED, Condition.PERSISTENT_DAMAGE})
_ENDED_BY_ROLL_WITH_SETBACK = frozenset({Condition.PERSISTENT_DAMAGE, Condition.SICKENED})

C = Condition
_IMPLIES: dict[Condition, frozenset[Condition]] = {
    # "While Defeated: You Fall Prone."
    C.DEFEATED: frozenset({C.PRONE}),
    C.PARALYZED: frozenset({C.IMMOBILIZED, C.INCAPACITATED, C.OFF_GUARD}),
    C.PETRIFIED: frozenset({C.PARALYZED}),
    C.PRONE: frozenset({C.OFF_GUARD}),
    C.RESTRAINED: frozenset({C.IMMOBILIZED, C.HELPLESS, C.OFF_GUARD}),
    C.SICKENED: frozenset({C.IMPAIRED}),
    C.SILENCED: frozenset({C.DEAFENED}),
    C.STABLE: frozenset({C.UNCONSCIOUS}),
    C.STAGGERED: frozenset({C.IMPAIRED, C.HELPLESS, C.OFF_GUARD, C.SLOWED, C.UNFOCUSED}),
    C.STUNNED: frozenset({C.IMMOBILIZED, C.OFF_GUARD, C.UNFOCUSED}),
    C.UNCONSCIOUS: frozenset({C.PRONE, C.BLINDED, C.HELPLESS, C.INCAPACITATED, C.UNFOCUSED}),
}
del C


def direct_implications(condition: Condition | str) -> frozenset[Condition]:
    """The Conditions a Condition's own rule says you gain (one step, not transitive).

    Examples:
        >>> sorted(c.value for c in direct_implications("petrified"))
        ['Paralyzed']
    """
    return _IMPLIES.get(Condition.parse(condition), frozenset())


def implied_conditions(condition: Condition | str) -> frozenset[Condition]:
    """Every Condition a Condition brings with it, transitively (not the Condition itself).

    Petrified gives Paralyzed, which gives Immobilized, Incapacitated and Off Guard.

    Raises:
        InvalidInput: the name is not a Condition.
        TypeError: *condition* is neither a Condition nor a str.

    Examples:
        >>> sorted(c.value for c in implied_conditions(Condition.STAGGERED))
        ['Helpless', 'Impaired', 'Off Guard', 'Slowed', 'Unfocused']
    """
    return _IMPLIED[Condition.parse(condition)]


def _walk(start: Condition) -> frozenset[Condition]:
    """Every Condition *start* brings with it, following the implications table (the rule, step by step)."""
    found: set[Condition] = set()
    frontier = [start]
    while frontier:
        for implied in _IMPLIES.get(frontier.pop(), ()):
            if implied not in found and implied is not start:
                found.add(implied)
                frontier.append(implied)
    return frozenset(found)


_IMPLIED = {condition: _walk(condition) for condition in Condition}
"""The table walked once for each Condition (it never changes): what :func:`implied_conditions` answers."""


@functools.lru_cache(maxsize=4096)
def _closure_of(conditions: frozenset[Condition]) -> frozenset[Condition]:
    result: set[Condition] = set(conditions)
    for condition in conditions:
        result |= _IMPLIED[condition]
    return frozenset(result)


def _closure(conditions: Iterable[Condition]) -> frozenset[Condition]:
    """The Conditions and every one they imply (a pure function of the set: remembered for the next equal set)."""
    return _closure_of(conditions if isinstance(conditions, frozenset) else frozenset(conditions))


def _condition(value: object) -> Condition:
    return Condition.parse(value)


@frozen
class ConditionImplications(Record):
    """What a Condition brings with it: the record ``tabletop condition NAME --json`` prints.

    Attributes:
        condition: The Condition.

    Examples:
        >>> facts = ConditionImplications("petrified")
        >>> [c.value for c in facts.gives], [c.value for c in facts.implied]
        (['Paralyzed'], ['Immobilized', 'Incapacitated', 'Off Guard', 'Paralyzed'])
        >>> facts.to_dict()["implied"]
        ['immobilized', 'incapacitated', 'off_guard', 'paralyzed']
    """

    _derived: ClassVar[tuple[str, ...]] = ("gives", "implied")

    condition: Condition = attrs.field(converter=_condition)

    @property
    def gives(self) -> tuple[Condition, ...]:
        """The Conditions its own rule gives (one step), by name."""
        return tuple(sorted(direct_implications(self.condition), key=lambda c: c.name))

    @property
    def implied(self) -> tuple[Condition, ...]:
        """Every Condition it brings with it, transitively, by name."""
        return tuple(sorted(implied_conditions(self.condition), key=lambda c: c.name))

    def __str__(self) -> str:
        direct = ", ".join(str(c) for c in self.gives) or "no other Condition"
        text = f"{self.condition}: gives {direct}"
        extra = [str(c) for c in self.implied if c not in self.gives]
        return text + (f"; through them also {', '.join(extra)}" if extra else "")
