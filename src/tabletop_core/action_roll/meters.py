"""Condition meters, a character's meters and impacts, and a party's shared supply.

Health, spirit and supply run 0..5 and start at 5; asset meters (a vehicle's
integrity, a companion's health) have their own maximum. Suffer moves lower a
meter (what cannot be taken below 0 is reported in ``shortfall``); recover
moves raise it, except while a misfortune (or battered, for integrity) blocks
it. Allies share one supply: keep one :class:`Party` for the group and pass
each character through :meth:`Party.share_with` so the shared *unprepared*
impact counts for everyone.

Examples:
    >>> from tabletop_core.action_roll import Character, Impact, Meter
    >>> hero = Character().suffer(Meter.HEALTH, 5).mark_impact(Impact.WOUNDED)
    >>> str(hero)
    'health 0/5, spirit 5/5, momentum +2 (max +9, reset +1); wounded'
    >>> hero.recover(Meter.HEALTH, 2)
    Traceback (most recent call last):
      ...
    tabletop_core.errors.RuleError: health cannot be raised while wounded is marked
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs

from tabletop_core._frozen import frozen
from tabletop_core._record import Record
from tabletop_core._validate import as_int, check_int, check_type, int_field, of_type, one_line
from tabletop_core.action_roll.impacts import Impact, Impacts, Meter
from tabletop_core.action_roll.momentum import Momentum
from tabletop_core.errors import InvalidInput, RuleError

__all__ = ["METER_MAX", "Character", "ConditionMeter", "Party"]

METER_MAX = 5
"""The top of health, spirit and supply (and where they start)."""
_MAX_ASSET_METER = 10  # no asset meter in the rules goes past 5; 10 leaves room for homebrew
_CHARACTER_METERS = frozenset({Meter.HEALTH, Meter.SPIRIT, Meter.SUPPLY})  # the rules fix these at 0..5


def _whole_value(value: object) -> int:
    return as_int("value", value)


@frozen
class ConditionMeter(Record):
    """One condition meter, 0..maximum.

    Attributes:
        kind: Which meter (:class:`Meter`); decides which impact blocks it.
        value: The current value, 0..maximum (:meth:`full` makes a full one).
        maximum: The top of the meter: always 5 for health, spirit and
            supply; a vehicle's integrity or another asset meter has its own
            (1..10).
        shortfall: What the last :meth:`suffer` could not take because the
            meter hit 0 (reported, not dropped); not part of equality.

    Raises:
        TypeError: *kind* is not a Meter or a number is not an int.
        InvalidInput: a number is out of range.
    """

    kind: Meter = attrs.field(validator=of_type(Meter))
    value: int = attrs.field(converter=_whole_value)  # its range depends on the maximum: checked below
    maximum: int = int_field(low=1, high=_MAX_ASSET_METER, default=METER_MAX)
    shortfall: int = int_field(low=0, default=0, eq=False)

    def __attrs_post_init__(self) -> None:
        if self.kind in _CHARACTER_METERS and self.maximum != METER_MAX:
            raise InvalidInput(f"maximum of a {self.kind} meter must be {METER_MAX}, got {self.maximum}")
        if not 0 <= self.value <= self.maximum:
            # The range of this meter, not of every meter: a spirit meter is 0..5.
            raise InvalidInput(f"{self.kind} meter value must be an int from 0 to {self.maximum}, got {self.value}")
        if self.shortfall and self.value != 0:
            raise InvalidInput(f"shortfall is only left when the meter stopped at 0, got value {self.value}")

    @classmethod
    def full(cls, kind: Meter, maximum: int = METER_MAX) -> ConditionMeter:
        """A meter at its maximum (how health, spirit and supply start)."""
        maximum = check_int("maximum", maximum, low=1, high=_MAX_ASSET_METER)
        return cls(kind, maximum, maximum)

    @property
    def is_zero(self) -> bool:
        """Whether the meter is at 0."""
        return self.value == 0

    def suffer(self, n: int) -> ConditionMeter:
        """Lower the meter by *n*, stopping at 0; the rest goes to :attr:`shortfall`.

        Raises:
            InvalidInput: *n* is negative.
            TypeError: *n* is not an int.
        """
        n = check_int("n", n, low=0)
        return ConditionMeter(self.kind, max(0, self.value - n), self.maximum, shortfall=max(0, n - self.value))

    def recover(self, n: int, *, impacts: Impacts | None = None) -> ConditionMeter:
        """Raise the meter by *n*, stopping at its maximum.

        Args:
            n: How much to raise it, >= 0.
            impacts: The impacts to respect: a marked misfortune (or battered)
                forbids raising the meter it blocks.

        Raises:
            RuleError: a marked impact blocks this meter (nothing changes).
            InvalidInput: *n* is negative.
            TypeError: *n* is not an int or *impacts* not an Impacts.
        """
        n = check_int("n", n, low=0)
        if impacts is not None and check_type("impacts", impacts, Impacts).blocks(self.kind):
            blocker = next(i for i in impacts.marked if i.blocks is self.kind)
            raise RuleError(f"{self.kind} cannot be raised while {blocker} is marked")
        return ConditionMeter(self.kind, min(self.maximum, self.value + n), self.maximum)

    def __str__(self) -> str:
        line = f"{self.kind} {self.value}/{self.maximum}"
        if self.shortfall:
            line += f" ({self.shortfall} more could not be taken below 0)"
        return line


def _health() -> ConditionMeter:
    return ConditionMeter.full(Meter.HEALTH)


def _spirit() -> ConditionMeter:
    return ConditionMeter.full(Meter.SPIRIT)


def _supply() -> ConditionMeter:
    return ConditionMeter.full(Meter.SUPPLY)


def _kind_is(kind: Meter) -> Callable[[Any, Any, Any], None]:  # Any: a validator
    def validate(_instance: Any, attribute: Any, value: Any) -> None:  # Any: attrs callback
        meter = check_type(attribute.name, value, ConditionMeter)
        if meter.kind is not kind:  # its maximum is already 5: ConditionMeter checks that
            raise InvalidInput(f"{attribute.name} must be a {kind} meter 0..{METER_MAX}, got {meter}")

    return validate


@frozen
class Character(Record):
    """A character's own meters: health, spirit, momentum and impacts.

    Supply lives in a :class:`Party` because allies share it. Momentum always
    reflects the impacts counted now (max and reset).

    Attributes:
        health: Health 0..5 (starts at 5).
        spirit: Spirit 0..5 (starts at 5).
        momentum: The momentum meter (starts at +2).
        impacts: The marked impacts.
        name: Optional, for chat.

    Raises:
        InvalidInput: momentum's impact count differs from the impacts counted.
        TypeError: a part has the wrong type.
    """

    health: ConditionMeter = attrs.field(factory=_health, validator=_kind_is(Meter.HEALTH))
    spirit: ConditionMeter = attrs.field(factory=_spirit, validator=_kind_is(Meter.SPIRIT))
    momentum: Momentum = attrs.field(factory=Momentum, validator=of_type(Momentum))
    impacts: Impacts = attrs.field(factory=Impacts, validator=of_type(Impacts))
    name: str = attrs.field(default="", validator=one_line())

    def __attrs_post_init__(self) -> None:
        if self.momentum.impacts != self.impacts.count:
            raise InvalidInput(
                f"momentum must count the {self.impacts.count} impacts counted now, "
                f"got momentum with impacts={self.momentum.impacts} (use Impacts.apply_to)"
            )

    def _meter(self, meter: Meter) -> str:
        check_type("meter", meter, Meter)
        if meter not in (Meter.HEALTH, Meter.SPIRIT):
            raise InvalidInput(f"meter must be health or spirit (supply is the party's), got {meter}")
        return "health" if meter is Meter.HEALTH else "spirit"

    def suffer(self, meter: Meter, n: int) -> Character:
        """Lower health or spirit by *n* (a suffer move), stopping at 0."""
        field = self._meter(meter)
        return attrs.evolve(self, **{field: getattr(self, field).suffer(n)})

    def recover(self, meter: Meter, n: int) -> Character:
        """Raise health or spirit by *n* (a recover move).

        Raises:
            RuleError: wounded (health) or shaken (spirit) is marked.
        """
        field = self._meter(meter)
        return attrs.evolve(self, **{field: getattr(self, field).recover(n, impacts=self.impacts)})

    def _with_impacts(self, impacts: Impacts) -> Character:
        return attrs.evolve(self, impacts=impacts, momentum=impacts.apply_to(self.momentum))

    def mark_impact(self, impact: Impact) -> Character:
        """Mark an impact; max momentum and reset follow (momentum above the new max drops)."""
        return self._with_impacts(self.impacts.mark(impact))

    def clear_impact(self, impact: Impact) -> Character:
        """Clear a misfortune or battered (see :meth:`Impacts.clear`)."""
        return self._with_impacts(self.impacts.clear(impact))

    def resolve_burden(self, impact: Impact) -> Character:
        """Clear a burden whose quest was resolved (see :meth:`Impacts.resolve_burden`)."""
        return self._with_impacts(self.impacts.resolve_burden(impact))

    def board(self) -> Character:
        """Go aboard the vehicle: its troubles start to count."""
        return self._with_impacts(self.impacts.board())

    def disembark(self) -> Character:
        """Leave the vehicle: its troubles stop counting."""
        return self._with_impacts(self.impacts.disembark())

    def gain_momentum(self, n: int) -> Character:
        """Take +n momentum."""
        return attrs.evolve(self, momentum=self.momentum.gain(n))

    def lose_momentum(self, n: int) -> Character:
        """Lose Momentum (-n); a loss past -6 is reported in ``momentum.shortfall``."""
        return attrs.evolve(self, momentum=self.momentum.lose(n))

    def __str__(self) -> str:
        line = f"{self.health}, {self.spirit}, {self.momentum}"
        if self.impacts.marked:
            line += "; " + ", ".join(str(i) for i in self.impacts.marked)
        return f"{self.name}: {line}" if self.name else line


@frozen
class Party(Record):
    """What allies share: one supply meter and the *unprepared* impact that goes with it.

    A solo character is a party of one.

    Attributes:
        supply: The shared supply meter, 0..5 (starts at 5).
        unprepared: Whether unprepared is marked (for every ally).

    Raises:
        TypeError: a part has the wrong type.
    """

    supply: ConditionMeter = attrs.field(factory=_supply, validator=_kind_is(Meter.SUPPLY))
    unprepared: bool = attrs.field(default=False, validator=of_type(bool))

    def sacrifice_resources(self, n: int) -> Party:
        """Sacrifice Resources (-n supply); reaching 0 marks unprepared for every ally."""
        supply = self.supply.suffer(n)
        return Party(supply, self.unprepared or supply.is_zero)

    def resupply(self, n: int) -> Party:
        """Raise supply by *n* for every ally.

        Raises:
            RuleError: unprepared is marked (clear it first).
        """
        n = check_int("n", n, low=0)
        if self.unprepared:
            raise RuleError("supply cannot be raised while unprepared is marked")
        return attrs.evolve(self, supply=self.supply.recover(n))

    def clear_unprepared(self) -> Party:
        """A recover move cleared unprepared.

        Raises:
            RuleError: unprepared is not marked.
        """
        if not self.unprepared:
            raise RuleError("unprepared is not marked")
        return attrs.evolve(self, unprepared=False)

    def share_with(self, character: Character) -> Character:
        """*character* with unprepared marked or cleared to match the party."""
        check_type("character", character, Character)
        marked = character.impacts.is_marked(Impact.UNPREPARED)
        if self.unprepared and not marked:
            return character.mark_impact(Impact.UNPREPARED)
        if marked and not self.unprepared:
            return character.clear_impact(Impact.UNPREPARED)
        return character

    def __str__(self) -> str:
        return f"party {self.supply}" + ("; unprepared" if self.unprepared else "")
