"""+X HP with Bleeding: "When recovering HP, roll Bleeding. On 1-2, Bleeding ⇩".

Every path that recovers HP (an Area Entry, an NPC's Entry, an Item, the Rest's
Recover HP step) goes through :func:`roll_bleeding`, so Bleeding's roll is never
forgotten:

* :func:`resolve_healing` is the pure rule: HP recovered (up to Max HP unless a
  rule says otherwise) and, when at least 1 HP was recovered and Bleeding is on,
  Bleeding's roll read from its Value.
* :func:`heal` draws that roll and returns the :class:`Healing` and the Wanderer after.

Bleeding rolls once per healing (a +3 HP is one recovery, one roll); the Rest's
Recover HP step, a run of +1 HP rolls, rolls it once at its end
(:func:`~tabletop_core.residue.rest.finish_recover_hp`). Nothing recovered (already
at Max HP, or +0 HP) is no recovery: Bleeding is not rolled.

Examples:
    >>> from tabletop_core import ScriptedDice
    >>> from tabletop_core.residue.hp import Health
    >>> print(resolve_healing(Health(hp=3, max_hp=6), 2, bleeding="d6", bleeding_value=2))
    +2 HP: 3 -> 5/6 · Bleeding d6 → 2: Bleeding ⇩ d4
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

import attrs

from tabletop_core._fast import fast_replace as replace
from tabletop_core._frozen import frozen
from tabletop_core._record import Record
from tabletop_core._validate import check_int, check_type, int_in, of_type
from tabletop_core.errors import InvalidInput
from tabletop_core.residue.conditions import Condition, ConditionRoll, Conditions, resolve_condition_roll
from tabletop_core.residue.hp import _LIMIT, Health
from tabletop_core.residue.step_die import DieLike, StepDie
from tabletop_core.residue.wanderer import Wanderer
from tabletop_core.rng import dice_source

if TYPE_CHECKING:
    from tabletop_core.rng import RngLike

__all__ = ["Healing", "heal", "resolve_healing", "roll_bleeding"]


@frozen
class Healing(Record):
    """+X HP, explained: the HP recovered and Bleeding's roll.

    Attributes:
        before: Health before.
        amount: The X of +X HP.
        beyond_max: A rule lets HP go above Max HP.
        after: Health after.
        bleeding: Bleeding's roll (``None``: no Bleeding, or no HP recovered).
    """

    _derived: ClassVar[tuple[str, ...]] = ("recovered",)

    before: Health = attrs.field(validator=of_type(Health))
    amount: int = attrs.field(validator=int_in(low=0, high=_LIMIT))
    beyond_max: bool = attrs.field(validator=of_type(bool))
    after: Health = attrs.field(validator=of_type(Health))
    bleeding: ConditionRoll | None = attrs.field(
        default=None, validator=attrs.validators.optional(of_type(ConditionRoll))
    )

    def __attrs_post_init__(self) -> None:
        # Derived from the inputs: a tampered save cannot change the HP recovered.
        after = self.before.gain(self.amount, beyond_max=self.beyond_max)
        if self.after != after:
            raise InvalidInput(f"after must be {after} for {self.before} recovering {self.amount} HP")
        if self.bleeding is not None:
            if self.bleeding.condition is not Condition.BLEEDING:
                raise InvalidInput(f"bleeding must be a roll of Bleeding, got {self.bleeding.condition}")
            if self.recovered == 0:
                raise InvalidInput("bleeding must be None when no HP is recovered")

    @property
    def recovered(self) -> int:
        """HP actually recovered."""
        return self.after.hp - self.before.hp

    def __str__(self) -> str:
        text = f"+{self.amount} HP: {self.before.hp} -> {self.after.hp}/{self.after.max_hp}"
        return text if self.bleeding is None else f"{text} · {self.bleeding}"


def resolve_healing(
    health: Health,
    amount: int,
    *,
    bleeding: DieLike = StepDie.ZERO,
    bleeding_value: int | None = None,
    beyond_max: bool = False,
) -> Healing:
    """+X HP, the pure rule: recover *amount* HP and read Bleeding's roll.

    Args:
        health: Health before.
        amount: HP to recover.
        bleeding: Bleeding's Condition Die (0: no Bleeding).
        bleeding_value: The Value Bleeding's die showed; given exactly when Bleeding is
            on and at least 1 HP is recovered.
        beyond_max: A rule lets HP go above Max HP.

    Raises:
        InvalidInput: *bleeding_value* missing when the roll is due, given when it is
            not, or not a face of the die.
    """
    check_type("health", health, Health)
    amount = check_int("amount", amount, low=0, high=_LIMIT)
    check_type("beyond_max", beyond_max, bool)
    die = StepDie.parse(bleeding, name="bleeding")
    after = health.gain(amount, beyond_max=beyond_max)
    due = not die.is_zero and after.hp > health.hp
    if due != (bleeding_value is not None):
        need = "must be given" if due else "must be None (no Bleeding roll is due)"
        raise InvalidInput(f"bleeding_value {need}, got {bleeding_value!r}")
    roll = resolve_condition_roll(Condition.BLEEDING, die, bleeding_value) if bleeding_value is not None else None
    return Healing(before=health, amount=amount, beyond_max=beyond_max, after=after, bleeding=roll)


def roll_bleeding(
    conditions: Conditions, *, recovered: bool, rng: RngLike = None
) -> tuple[ConditionRoll | None, Conditions]:
    """When recovering HP, roll Bleeding (only when HP was recovered and Bleeding is on).

    Returns:
        The roll (``None`` when none is due) and the Conditions after.
    """
    check_type("conditions", conditions, Conditions)
    check_type("recovered", recovered, bool)
    if not recovered or conditions.bleeding.is_zero:
        return None, conditions
    return conditions.roll(Condition.BLEEDING, rng=rng)


def heal(wanderer: Wanderer, amount: int, *, beyond_max: bool = False, rng: RngLike = None) -> tuple[Healing, Wanderer]:
    """+X HP on the Wanderer, rolling Bleeding when HP is recovered.

    Returns:
        The :class:`Healing` and the Wanderer after (HP, and Bleeding's die).
    """
    check_type("wanderer", wanderer, Wanderer)
    amount = check_int("amount", amount, low=0, high=_LIMIT)
    check_type("beyond_max", beyond_max, bool)
    health = wanderer.health.gain(amount, beyond_max=beyond_max)
    recovered = health.hp > wanderer.health.hp
    roll, conditions = roll_bleeding(wanderer.conditions, recovered=recovered, rng=dice_source(rng))
    done = Healing(before=wanderer.health, amount=amount, beyond_max=beyond_max, after=health, bleeding=roll)
    return done, replace(wanderer, health=health, conditions=conditions)
