"""The GM's rulings as actions: HP, Conditions, time, detection, places, who is in the fight, Doomed, a Long Rest.

Damage, Healing, reviving, ending a Condition, time passing, detection, placing, creatures
joining and leaving, the end of Round tracking, Doomed counted down, a stone form
shattered, a Long Rest.

They are not Actions a creature takes on its Turn (no AP); a VTT sends them when the GM
rules. Re-exported by :mod:`tabletop_core.d20.actions`, where every action is imported from.
"""

from __future__ import annotations

import attrs

from tabletop_core._frozen import frozen
from tabletop_core._validate import check_int, int_field
from tabletop_core.d20._checks import checked_label, iterable_of
from tabletop_core.d20._fields import (
    BIG,
    amount_field,
    name_field,
    optional_name_field,
    text_field,
)
from tabletop_core.d20._members import member
from tabletop_core.d20.action_base import Action, condition_of, space_of
from tabletop_core.d20.combatant import Combatant
from tabletop_core.d20.conditions import Condition
from tabletop_core.d20.detection import Detection
from tabletop_core.d20.space import Space

__all__ = [
    "AddCombatant",
    "CountDownDoomed",
    "Damage",
    "EndCondition",
    "EndEncounter",
    "Heal",
    "LongRest",
    "PassTime",
    "Place",
    "RemoveCombatant",
    "Revive",
    "SetDetection",
    "Shatter",
]


def _detection_state(value: object) -> Detection:
    return member(Detection, "state", value)


@frozen(kw_only=True)
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


@frozen(kw_only=True)
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


@frozen(kw_only=True)
class EndCondition(Action):
    """The GM ends a Condition on a creature ("Your GM ends it"; every instance ends).

    Args:
        target: The creature.
        condition: The Condition.
    """

    target: str = name_field("target")
    condition: Condition = attrs.field(converter=condition_of)

    def __str__(self) -> str:
        return f"end {self.condition} on {self.target}"


@frozen(kw_only=True)
class PassTime(Action):
    """Time passes outside Rounds (before Initiative, or after the encounter ends): Core Rule "Time".

    "Otherwise, your GM tracks time in minutes, hours, and days"; Durations count in
    Rounds, 1 minute lasting 10 Rounds (an hour 600, a day 14,400). Each of those Rounds
    counts for every creature as if it had a Turn in it: a Doomed value due is rolled and
    counts down at the Round's end (at 0: Defeated), Persistent Damage hurts and is rolled
    against, a Stable creature wakes with 1 HP when its hours are done. While the GM tracks
    Rounds it is refused: end the encounter first (:class:`EndEncounter`).

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


@frozen(kw_only=True)
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


@frozen(kw_only=True)
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


@frozen(kw_only=True)
class Place(Action):
    """The GM puts a creature or an Object in a Space (setting up, a shove, a fall): no Action, no AP.

    Args:
        target: The creature or Object.
        at: Its new Space (free of terrain).
    """

    target: str = name_field("target")
    at: Space = attrs.field(converter=space_of)

    def __str__(self) -> str:
        return f"place {self.target} at {self.at}"


def _combatant(value: object) -> Combatant:
    if isinstance(value, Combatant):
        return value
    raise TypeError(f"combatant must be a Combatant, got {type(value).__name__}")


def _optional_initiative(value: object) -> int | None:
    return None if value is None else check_int("initiative", value, low=-BIG, high=BIG)


def _creatures(value: object) -> tuple[str, ...]:
    items = iterable_of("creatures", str, value)
    return tuple(checked_label(f"creatures[{i}]", item) for i, item in enumerate(items))


@frozen(kw_only=True)
class AddCombatant(Action):
    """A creature joins the encounter (reinforcements, a summoned creature, a late arrival).

    While Rounds are tracked it makes its Initiative Test as it joins (d20 + its Initiative
    Modifier, its Conditions counting), or the GM gives its *initiative* total, and it takes
    its place in the order: after higher totals; on a tie, after higher Traits and after
    those already there. Joining before the current creature, its first Turn is next Round.
    Before Initiative it joins and rolls with everyone.

    Args:
        combatant: The creature (a name no one in the encounter has; a position on a map).
        initiative: Its Initiative total, when the GM gives it; ``None``: rolled.
    """

    combatant: Combatant = attrs.field(converter=_combatant)
    initiative: int | None = attrs.field(default=None, converter=_optional_initiative)

    def __str__(self) -> str:
        given = "" if self.initiative is None else f" (Initiative {self.initiative})"
        return f"{self.combatant.name} joins{given}"


@frozen(kw_only=True)
class RemoveCombatant(Action):
    """A creature leaves the encounter: the ongoing Effects on it, and the Focus it kept, end.

    If it is the creature whose Turn it is, the Turn passes on without its end-of-Turn
    rules (it never ends that Turn). Durations counted from its Turn go on from where it
    stood in the order. The Effects it created on others stay (as a GM's would).

    Args:
        name: The creature.
        reason: Why (shown in the events).
    """

    name: str = name_field("name")
    reason: str = text_field("reason", strip=True, default="")

    def __str__(self) -> str:
        return f"{self.name} leaves" + (f" ({self.reason})" if self.reason else "")


@frozen(kw_only=True)
class EndEncounter(Action):
    """The GM stops tracking Rounds: the Turn order and AP are gone, and time passes in minutes, hours and days.

    Core Rule "Time": "When your GM tracks Rounds, count Durations in Rounds ... Otherwise, your
    GM tracks time in minutes, hours, and days." Ongoing Effects keep the Rounds they have left
    and count down with :class:`PassTime`; a new :class:`~tabletop_core.d20.actions.RollInitiative`
    starts another fight.

    Args:
        reason: Why (shown in the events).
    """

    reason: str = text_field("reason", strip=True, default="")

    def __str__(self) -> str:
        return "end the encounter" + (f" ({self.reason})" if self.reason else "")


@frozen(kw_only=True)
class CountDownDoomed(Action):
    """The GM counts a Doomed value down, when the Effect that made it says it does (at 0 it ends).

    Core Rule "Doomed": the Effect tells "when the value counts down" and "what happens when
    the value reaches 0"; each Effect's Doomed is tracked separately (by *source*: the
    Effect's name and creator, ``"Curse by GM"``). The Doomed of Staggered at 0 HP counts
    down by itself at the end of each Round; at 0 it Defeats.

    Args:
        target: The creature.
        source: Which Doomed (``None``: the only one it has).
        by: How much.
    """

    target: str = name_field("target")
    source: str | None = optional_name_field("source")
    by: int = int_field(low=1, high=BIG, default=1)

    def __str__(self) -> str:
        which = f" ({self.source})" if self.source else ""
        return f"count down {self.target}'s Doomed{which} by {self.by}"


@frozen(kw_only=True)
class Shatter(Action):
    """A Petrified creature's stone form shatters: it gains Defeated.

    Core Rule "Petrified": "If your stone form shatters, you gain Defeated."

    Args:
        target: The Petrified creature.
    """

    target: str = name_field("target")

    def __str__(self) -> str:
        return f"shatter {self.target}'s stone form"


@frozen(kw_only=True)
class LongRest(Action):
    """Creatures finish a Long Rest (outside Rounds): the time passes, then each removes 1 Fatigue.

    "Long Rest is a Rest built around sleep": the text gives no length, so *hours* is a
    parameter (default 8, an assumption). Durations, Persistent Damage, Doomed and Stable's
    wake-up count during it, as :class:`PassTime` counts them. A Defeated creature does not
    finish it (it is out of the fight, and Defeated only ends when revived).

    Args:
        creatures: Who rests (empty: every creature not Defeated).
        hours: How long the rest takes.
    """

    creatures: tuple[str, ...] = attrs.field(default=(), converter=_creatures)
    hours: int = int_field(low=1, high=1000, default=8)

    def __str__(self) -> str:
        who = ", ".join(self.creatures) or "everyone"
        return f"Long Rest for {who} ({self.hours} hours)"
