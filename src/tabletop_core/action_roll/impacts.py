"""Impacts: misfortunes, vehicle troubles, burdens and lasting effects.

Each counted impact lowers max momentum by 1 and lowers the momentum reset.
A misfortune blocks raising its condition meter until a recover move clears
it; battered blocks raising a vehicle's integrity until it is repaired.
Vehicle troubles count only while the character is aboard. Burdens clear only
by resolving their quest; lasting effects and cursed are permanent.

Examples:
    >>> from tabletop_core.action_roll import Impact, Impacts
    >>> impacts = Impacts().mark(Impact.WOUNDED).mark(Impact.BATTERED)
    >>> impacts.count, impacts.board().count
    (1, 2)
    >>> impacts.max_momentum, impacts.momentum_reset
    (9, 1)
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import ClassVar

import attrs

from tabletop_core._enum import Enum
from tabletop_core._frozen import frozen
from tabletop_core._record import Record
from tabletop_core._validate import check_type, clip, of_type
from tabletop_core.action_roll.momentum import Momentum, max_momentum, momentum_reset, signed
from tabletop_core.errors import InvalidInput, RuleError

__all__ = ["Impact", "ImpactGroup", "Impacts", "Meter"]


class Meter(Enum):
    """The condition meters: a character's three, a vehicle's integrity, any other asset meter."""

    HEALTH = "health"
    SPIRIT = "spirit"
    SUPPLY = "supply"
    INTEGRITY = "integrity"
    ASSET = "asset meter"

    def __str__(self) -> str:
        return self.value


class ImpactGroup(Enum):
    """The four groups of impacts."""

    MISFORTUNE = "misfortune"
    VEHICLE_TROUBLE = "vehicle trouble"
    BURDEN = "burden"
    LASTING_EFFECT = "lasting effect"

    def __str__(self) -> str:
        return self.value


class Impact(Enum):
    """Every impact in the rules text, with its group."""

    WOUNDED = "wounded"
    SHAKEN = "shaken"
    UNPREPARED = "unprepared"
    BATTERED = "battered"
    CURSED = "cursed"
    DOOMED = "doomed"
    TORMENTED = "tormented"
    INDEBTED = "indebted"
    PERMANENTLY_HARMED = "permanently harmed"
    TRAUMATIZED = "traumatized"

    def __str__(self) -> str:
        return self.value

    @property
    def group(self) -> ImpactGroup:
        """The group this impact belongs to."""
        return _GROUPS[self]

    @property
    def blocks(self) -> Meter | None:
        """The meter that cannot be raised while this impact is marked, if any."""
        return _BLOCKS.get(self)

    @property
    def is_permanent(self) -> bool:
        """Whether the impact can never be cleared (lasting effects and cursed)."""
        return self.group is ImpactGroup.LASTING_EFFECT or self is Impact.CURSED

    @property
    def is_shared(self) -> bool:
        """Whether allies share the impact (unprepared, as they share supply)."""
        return self is Impact.UNPREPARED


_GROUPS = {
    Impact.WOUNDED: ImpactGroup.MISFORTUNE,
    Impact.SHAKEN: ImpactGroup.MISFORTUNE,
    Impact.UNPREPARED: ImpactGroup.MISFORTUNE,
    Impact.BATTERED: ImpactGroup.VEHICLE_TROUBLE,
    Impact.CURSED: ImpactGroup.VEHICLE_TROUBLE,
    Impact.DOOMED: ImpactGroup.BURDEN,
    Impact.TORMENTED: ImpactGroup.BURDEN,
    Impact.INDEBTED: ImpactGroup.BURDEN,
    Impact.PERMANENTLY_HARMED: ImpactGroup.LASTING_EFFECT,
    Impact.TRAUMATIZED: ImpactGroup.LASTING_EFFECT,
}
_BLOCKS = {
    Impact.WOUNDED: Meter.HEALTH,
    Impact.SHAKEN: Meter.SPIRIT,
    Impact.UNPREPARED: Meter.SUPPLY,
    Impact.BATTERED: Meter.INTEGRITY,
}
_ORDER = {impact: index for index, impact in enumerate(Impact)}


def _impact_set(value: object) -> tuple[Impact, ...]:
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise TypeError(f"marked must be an iterable of Impact, got {type(value).__name__} {clip(value)}")
    items = [check_type(f"marked[{i}]", item, Impact) for i, item in enumerate(value)]
    if len(set(items)) != len(items):
        raise InvalidInput(f"marked must not repeat an impact, got {[str(i) for i in items]}")
    return tuple(sorted(items, key=_ORDER.__getitem__))


@frozen
class Impacts(Record):
    """The impacts marked on a character, and whether they are aboard their vehicle.

    Attributes:
        marked: The marked impacts (any iterable; kept in rules order).
        aboard: Whether the character is piloting or aboard the vehicle its
            vehicle troubles belong to. Defaults to ``False``: an app sets it
            when the character boards (see :meth:`board`).

    Raises:
        TypeError: an item is not an Impact, or *aboard* not a bool.
        InvalidInput: an impact is repeated.
    """

    _derived: ClassVar[tuple[str, ...]] = ("count", "max_momentum", "momentum_reset")

    marked: tuple[Impact, ...] = attrs.field(default=(), converter=_impact_set)
    aboard: bool = attrs.field(default=False, validator=of_type(bool))

    def is_marked(self, impact: Impact) -> bool:
        """Whether *impact* is marked."""
        return check_type("impact", impact, Impact) in self.marked

    @property
    def counted(self) -> tuple[Impact, ...]:
        """The impacts that count now: vehicle troubles only while aboard."""
        return tuple(i for i in self.marked if self.aboard or i.group is not ImpactGroup.VEHICLE_TROUBLE)

    @property
    def count(self) -> int:
        """How many impacts count against momentum now."""
        return len(self.counted)

    @property
    def max_momentum(self) -> int:
        """Max momentum: 10 minus one per counted impact."""
        return max_momentum(self.count)

    @property
    def momentum_reset(self) -> int:
        """Momentum reset: +2, +1 with one counted impact, 0 with more."""
        return momentum_reset(self.count)

    def blocks(self, meter: Meter) -> bool:
        """Whether a marked impact stops *meter* from being raised."""
        check_type("meter", meter, Meter)
        return any(impact.blocks is meter for impact in self.marked)

    def mark(self, impact: Impact) -> Impacts:
        """Mark *impact*.

        Raises:
            TypeError: *impact* is not an Impact.
            RuleError: it is already marked.
        """
        if self.is_marked(impact):
            raise RuleError(f"{impact} is already marked")
        return attrs.evolve(self, marked=(*self.marked, impact))

    def clear(self, impact: Impact) -> Impacts:
        """Clear a misfortune (a recover move) or battered (the vehicle is repaired).

        Raises:
            TypeError: *impact* is not an Impact.
            RuleError: it is not marked; it is permanent; or it is a burden,
                which only :meth:`resolve_burden` clears.
        """
        if not self.is_marked(impact):
            raise RuleError(f"{impact} is not marked")
        if impact.is_permanent:
            raise RuleError(f"{impact} is permanent and cannot be cleared")
        if impact.group is ImpactGroup.BURDEN:
            raise RuleError(f"{impact} is a burden: it clears only by resolving its quest (resolve_burden)")
        return self._without(impact)

    def resolve_burden(self, impact: Impact) -> Impacts:
        """Clear a burden because its associated quest was resolved.

        Raises:
            TypeError: *impact* is not an Impact.
            RuleError: it is not a marked burden.
        """
        if check_type("impact", impact, Impact).group is not ImpactGroup.BURDEN:
            raise RuleError(f"{impact} is not a burden")
        if not self.is_marked(impact):
            raise RuleError(f"{impact} is not marked")
        return self._without(impact)

    def _without(self, impact: Impact) -> Impacts:
        return attrs.evolve(self, marked=tuple(i for i in self.marked if i is not impact))

    def board(self) -> Impacts:
        """The character boards (or pilots) the vehicle: its troubles count."""
        return attrs.evolve(self, aboard=True)

    def disembark(self) -> Impacts:
        """The character leaves the vehicle: its troubles stop counting."""
        return attrs.evolve(self, aboard=False)

    def apply_to(self, momentum: Momentum) -> Momentum:
        """*momentum* with max and reset set by the impacts counted now."""
        return check_type("momentum", momentum, Momentum).with_impacts(self.count)

    def __str__(self) -> str:
        if not self.marked:
            return "no impacts"
        names = ", ".join(str(i) if i in self.counted else f"{i} (not aboard, not counted)" for i in self.marked)
        return f"impacts: {names}; max momentum {signed(self.max_momentum)}, reset {signed(self.momentum_reset)}"
