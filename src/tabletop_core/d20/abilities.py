"""What a creature can do by name: the attacks it holds (:class:`AttackProfile`) and its Effects.

A :class:`~tabletop_core.d20.Combatant` holds ``attacks`` and ``effects``; the actions
:class:`~tabletop_core.d20.actions.AttackWith` and :class:`~tabletop_core.d20.actions.UseAbility`
name them, so a bot sends ``{"type": "AttackWith", "attack": "Sword", "target": "Ogre"}``
instead of the whole Effect, and :meth:`Encounter.choices <tabletop_core.d20.Encounter.choices>`
lists each with every legal Target.

An Attack's Check adds the Trait its kind uses (Core Rule "Check": Body for Melee, Mind
for Ranged and Thrown, Soul for Spells; the creature's own value), the profile's Modifier
(Proficiency, a fine blade) and the action's (the situation).

Examples:
    >>> from tabletop_core import d20
    >>> sword = d20.AttackProfile(effect=d20.Effect(name="Sword", creator="Ana", damage=5, cost=2), modifier=1)
    >>> print(sword)
    Sword (melee, +1, Mid Stakes): 5 Damage; 2 AP
"""

from __future__ import annotations

from typing import ClassVar

import attrs

from tabletop_core._frozen import frozen
from tabletop_core._record import Record
from tabletop_core._validate import of_type
from tabletop_core.d20._fields import modifier_field, stakes_of
from tabletop_core.d20._members import member
from tabletop_core.d20.effect import Effect
from tabletop_core.d20.stakes import Stakes
from tabletop_core.d20.test import AttackKind, Trait, attack_trait
from tabletop_core.errors import InvalidInput

__all__ = ["AttackProfile"]


def _attack_kind(value: object) -> str:
    return member(AttackKind, "attack", value).name.lower()


@frozen(kw_only=True)
class AttackProfile(Record):
    """An Attack a creature holds: what a hit does, what it is made with, its Modifier and Stakes.

    Args:
        effect: What a hit does; its name names the attack (its creator is the holder).
        attack: What it is made with: melee, ranged, thrown or spell (the Trait it adds).
        modifier: Modifiers beyond the Trait (Proficiency, a magic weapon).
        stakes: The Attack's Stakes.
        hit_on_setback: Whether a Setback hits (the GM's call: "achieve your goal but face a
            complication, or fail your goal but avoid a complication").

    Raises:
        InvalidInput: an Effect that needs a Willing Target (an Attack is made against a foe).
        TypeError: a wrong type.
    """

    _derived: ClassVar[tuple[str, ...]] = ("name",)

    effect: Effect = attrs.field(validator=of_type(Effect))
    attack: str = attrs.field(default="melee", converter=_attack_kind)
    modifier: int = modifier_field()
    stakes: Stakes = attrs.field(default=Stakes.MID, converter=stakes_of)
    hit_on_setback: bool = attrs.field(default=False, validator=of_type(bool))

    def __attrs_post_init__(self) -> None:
        if self.effect.needs_willing:
            raise InvalidInput(f"{self.effect.name} needs a Willing Target: it can't be an Attack's Effect")

    @property
    def name(self) -> str:
        """The attack's name: its Effect's."""
        return self.effect.name

    @property
    def trait(self) -> Trait:
        """The Trait its Check adds (Body for Melee, Mind for Ranged and Thrown, Soul for Spells)."""
        return attack_trait(self.attack)

    def __str__(self) -> str:
        parts = self.effect._imposes() or ["no listed effect"]
        if self.effect.cost:
            parts.append(f"{self.effect.cost} AP")
        return f"{self.name} ({self.attack}, {self.modifier:+d}, {self.stakes}): {'; '.join(parts)}"
