"""The GM's rulings as actions: Damage, Healing, reviving, ending a Condition, time passing, detection, placing.

They are not Actions a creature takes on its Turn (no AP); a VTT sends them when the GM
rules. Re-exported by :mod:`tabletop_core.d20.actions`, where every action is imported from.
"""

from __future__ import annotations

import attrs

from tabletop_core._validate import int_field
from tabletop_core.d20._fields import (
    BIG,
    amount_field,
    name_field,
    optional_name_field,
    text_field,
)
from tabletop_core.d20._members import member
from tabletop_core.d20.actions import Action, _condition, _space
from tabletop_core.d20.conditions import Condition
from tabletop_core.d20.detection import Detection
from tabletop_core.d20.space import Space

__all__ = ["Damage", "EndCondition", "Heal", "PassTime", "Place", "Revive", "SetDetection"]


def _detection_state(value: object) -> Detection:
    return member(Detection, "state", value)


@attrs.frozen(kw_only=True)
class Damage(Action):
    """Damage a creature (an Attack's Damage, a fall, the GM's ruling).

    Args:
        target: The creature damaged.
        amount: The Damage.
        energy: Its Energy, if any.
        by: The creature dealing it (a charmer harming you ends Charmed; an Undetected
            attacker Surprises you).
        source: What dealt it, for the events.
    """

    target: str = name_field("target")
    amount: int = amount_field()
    energy: str | None = optional_name_field("energy")
    by: str | None = optional_name_field("by")
    source: str = text_field("source", strip=True, default="")

    def __str__(self) -> str:
        return f"{self.amount} Damage to {self.target}"


@attrs.frozen(kw_only=True)
class Heal(Action):
    """A creature regains HP.

    Args:
        target: The creature healed.
        amount: HP regained.
        source: What healed it.
    """

    target: str = name_field("target")
    amount: int = amount_field()
    source: str = text_field("source", strip=True, default="")

    def __str__(self) -> str:
        return f"heal {self.target} {self.amount}"


@attrs.frozen(kw_only=True)
class EndCondition(Action):
    """The GM ends a Condition on a creature ("Your GM ends it"; every instance ends).

    Args:
        target: The creature.
        condition: The Condition.
    """

    target: str = name_field("target")
    condition: Condition = attrs.field(converter=_condition)

    def __str__(self) -> str:
        return f"end {self.condition} on {self.target}"


@attrs.frozen(kw_only=True)
class PassTime(Action):
    """Time passes outside Rounds (before Initiative): Durations count down (Core Rule "Time").

    Outside Rounds the GM tracks time in minutes, hours and days; Durations count in
    Rounds, 1 minute lasting 10 Rounds (an hour 600, a day 14,400).

    Args:
        rounds: Rounds.
        minutes: Minutes.
        hours: Hours.
        days: Days.
    """

    rounds: int = int_field(low=0, high=10**6, default=0)
    minutes: int = int_field(low=0, high=10**6, default=0)
    hours: int = int_field(low=0, high=10**6, default=0)
    days: int = int_field(low=0, high=10**6, default=0)

    def __str__(self) -> str:
        days = f", {self.days} days" if self.days else ""
        return f"pass {self.rounds} rounds, {self.minutes} minutes, {self.hours} hours{days}"


@attrs.frozen(kw_only=True)
class SetDetection(Action):
    """The GM sets how one creature detects another (an ambush before Initiative, a ruling).

    Args:
        observer: The creature looking.
        subject: The creature looked for.
        state: Observed, Hidden or Undetected.
    """

    observer: str = name_field("observer")
    subject: str = name_field("subject")
    state: Detection = attrs.field(converter=_detection_state)

    def __str__(self) -> str:
        return f"{self.subject} is {self.state} to {self.observer}"


@attrs.frozen(kw_only=True)
class Revive(Action):
    """A Defeated creature is revived with at least 1 HP: Defeated ends (the GM or an Effect says how).

    Args:
        target: The creature revived.
        hp: Its HP after (at least 1).
    """

    target: str = name_field("target")
    hp: int = int_field(low=1, high=BIG)

    def __str__(self) -> str:
        return f"revive {self.target} with {self.hp} HP"


@attrs.frozen(kw_only=True)
class Place(Action):
    """The GM puts a creature or an Object in a Space (setting up, a shove, a fall): no Action, no AP.

    Args:
        target: The creature or Object.
        at: Its new Space (free of terrain).
    """

    target: str = name_field("target")
    at: Space = attrs.field(converter=_space)

    def __str__(self) -> str:
        return f"place {self.target} at {self.at}"
