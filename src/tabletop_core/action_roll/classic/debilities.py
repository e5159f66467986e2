"""Ironsworn (Classic) debilities: conditions, banes and burdens.

Classic has debilities where Starforged has impacts. From the Ironsworn rulebook
(and the Datasworn Classic rules section, which agrees; see the Classic docs page):

* **conditions**: wounded (health cannot be raised), shaken (spirit), unprepared
  (supply; shared with allies, as supply is), encumbered (no meter); a move clears them;
* **banes**: maimed, corrupted; permanent;
* **burdens**: cursed (Face Death, a soul-bound quest), tormented (Face Desolation);
  cleared only by completing their quest.

Every marked debility lowers max momentum by 1 (from +10); the momentum reset is
+2, +1 with one debility marked, 0 with more than one.

Examples:
    >>> from tabletop_core.action_roll.classic import Debilities, Debility
    >>> marked = Debilities().mark(Debility.WOUNDED).mark(Debility.MAIMED)
    >>> marked.max_momentum, marked.momentum_reset, marked.blocks("health")
    (8, 0, True)
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import ClassVar

import attrs

from tabletop_core._enum import Enum
from tabletop_core._frozen import frozen
from tabletop_core._record import Record
from tabletop_core._validate import check_type, clip
from tabletop_core.action_roll.impacts import Meter
from tabletop_core.action_roll.momentum import Momentum, max_momentum, momentum_reset, signed
from tabletop_core.errors import InvalidInput, RuleError

__all__ = ["Debilities", "Debility", "DebilityGroup"]


class DebilityGroup(Enum):
    """The three kinds of debility."""

    CONDITION = "condition"
    BANE = "bane"
    BURDEN = "burden"

    def __str__(self) -> str:
        return self.value


class Debility(Enum):
    """Every debility of the Ironsworn rulebook, with its group."""

    WOUNDED = "wounded"
    SHAKEN = "shaken"
    UNPREPARED = "unprepared"
    ENCUMBERED = "encumbered"
    MAIMED = "maimed"
    CORRUPTED = "corrupted"
    CURSED = "cursed"
    TORMENTED = "tormented"

    def __str__(self) -> str:
        return self.value

    @property
    def group(self) -> DebilityGroup:
        """Condition, bane or burden."""
        return _GROUPS[self]

    @property
    def blocks(self) -> Meter | None:
        """The meter that cannot be raised while this is marked (wounded: health), if any."""
        return _BLOCKS.get(self)

    @property
    def is_permanent(self) -> bool:
        """Whether it can never be cleared (the banes)."""
        return self.group is DebilityGroup.BANE

    @property
    def is_shared(self) -> bool:
        """Whether allies share it (unprepared, as they share supply)."""
        return self is Debility.UNPREPARED


_GROUPS = {
    Debility.WOUNDED: DebilityGroup.CONDITION,
    Debility.SHAKEN: DebilityGroup.CONDITION,
    Debility.UNPREPARED: DebilityGroup.CONDITION,
    Debility.ENCUMBERED: DebilityGroup.CONDITION,
    Debility.MAIMED: DebilityGroup.BANE,
    Debility.CORRUPTED: DebilityGroup.BANE,
    Debility.CURSED: DebilityGroup.BURDEN,
    Debility.TORMENTED: DebilityGroup.BURDEN,
}
_BLOCKS = {Debility.WOUNDED: Meter.HEALTH, Debility.SHAKEN: Meter.SPIRIT, Debility.UNPREPARED: Meter.SUPPLY}
_ORDER = {debility: index for index, debility in enumerate(Debility)}


def _debility(value: Debility | str) -> Debility:
    if isinstance(value, Debility):
        return value
    if not isinstance(value, str):
        raise TypeError(f"debility must be a Debility or its name, got {type(value).__name__} {clip(value)}")
    try:
        return Debility(value.strip().lower())
    except ValueError:
        names = ", ".join(d.value for d in Debility)
        raise InvalidInput(f"debility must be one of {names}, got {clip(value)}") from None


def _marked(value: object) -> tuple[Debility, ...]:
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise TypeError(f"marked must be an iterable of Debility, got {type(value).__name__} {clip(value)}")
    items = [check_type(f"marked[{i}]", item, Debility) for i, item in enumerate(value)]
    if len(set(items)) != len(items):
        raise InvalidInput(f"marked must not repeat a debility, got {[str(i) for i in items]}")
    return tuple(sorted(items, key=_ORDER.__getitem__))


def _meter(value: Meter | str) -> Meter:
    if isinstance(value, Meter):
        return value
    if isinstance(value, str):
        try:
            return Meter(value.strip().lower())
        except ValueError:
            raise InvalidInput(f"meter must be health, spirit or supply, got {clip(value)}") from None
    raise TypeError(f"meter must be a Meter or its name, got {type(value).__name__}")


@frozen
class Debilities(Record):
    """The debilities marked on a character.

    Attributes:
        marked: The marked debilities (any iterable; kept in rules order).

    Raises:
        TypeError: an item is not a Debility.
        InvalidInput: a debility is repeated.
    """

    _derived: ClassVar[tuple[str, ...]] = ("count", "max_momentum", "momentum_reset")

    marked: tuple[Debility, ...] = attrs.field(default=(), converter=_marked)

    @property
    def count(self) -> int:
        """How many debilities are marked."""
        return len(self.marked)

    @property
    def max_momentum(self) -> int:
        """Max momentum: 10 minus one per marked debility."""
        return max_momentum(self.count)

    @property
    def momentum_reset(self) -> int:
        """Momentum reset: +2, +1 with one debility, 0 with more."""
        return momentum_reset(self.count)

    def is_marked(self, debility: Debility | str) -> bool:
        """Whether *debility* is marked."""
        return _debility(debility) in self.marked

    def blocks(self, meter: Meter | str) -> bool:
        """Whether a marked debility stops *meter* (a :class:`Meter` or its name) from being raised."""
        wanted = _meter(meter)
        return any(debility.blocks is wanted for debility in self.marked)

    def mark(self, debility: Debility | str) -> Debilities:
        """Mark *debility*.

        Raises:
            RuleError: it is already marked.
        """
        found = _debility(debility)
        if found in self.marked:
            raise RuleError(f"{found} is already marked")
        return Debilities((*self.marked, found))

    def clear(self, debility: Debility | str) -> Debilities:
        """Clear a condition (a move such as Heal, Sojourn or Resupply says when).

        Raises:
            RuleError: it is not marked; it is a bane (permanent); or a burden, which
                only :meth:`resolve_burden` clears.
        """
        found = _debility(debility)
        if found not in self.marked:
            raise RuleError(f"{found} is not marked")
        if found.is_permanent:
            raise RuleError(f"{found} is a bane: it is permanent and cannot be cleared")
        if found.group is DebilityGroup.BURDEN:
            raise RuleError(f"{found} is a burden: it clears only by completing its quest (resolve_burden)")
        return Debilities(d for d in self.marked if d is not found)

    def resolve_burden(self, debility: Debility | str) -> Debilities:
        """Clear a burden because its quest is complete.

        Raises:
            RuleError: it is not a marked burden.
        """
        found = _debility(debility)
        if found.group is not DebilityGroup.BURDEN:
            raise RuleError(f"{found} is not a burden")
        if found not in self.marked:
            raise RuleError(f"{found} is not marked")
        return Debilities(d for d in self.marked if d is not found)

    def apply_to(self, momentum: Momentum) -> Momentum:
        """*momentum* with its max and reset set by these debilities (momentum above the new max drops)."""
        return check_type("momentum", momentum, Momentum).with_impacts(self.count)

    def __str__(self) -> str:
        if not self.marked:
            return "no debilities"
        names = ", ".join(str(d) for d in self.marked)
        return f"debilities: {names}; max momentum {signed(self.max_momentum)}, reset {signed(self.momentum_reset)}"
