"""Actions that name what a creature holds: an Attack (:class:`AttackWith`) and an Effect (:class:`UseAbility`).

Re-exported by :mod:`tabletop_core.d20.actions`.

Examples:
    >>> from tabletop_core.d20.actions import Action
    >>> Action.from_dict({"type": "AttackWith", "attack": "Sword", "target": "Ogre"})
    AttackWith(attack='Sword', target='Ogre', modifier=0)
"""

from __future__ import annotations

import attrs

from tabletop_core._frozen import frozen
from tabletop_core.d20._fields import modifier_field, name_field, optional_name_field
from tabletop_core.d20.action_base import Action, optional_origin, target_names, willing_names
from tabletop_core.d20.space import Space

__all__ = ["AttackWith", "UseAbility"]


@frozen(kw_only=True)
class AttackWith(Action):
    """The current creature Attacks with an Attack it holds (see :class:`~tabletop_core.d20.AttackProfile`).

    As :class:`~tabletop_core.d20.actions.Attack`, with the profile's Effect, kind, Stakes and
    Modifier; the Check adds the creature's Trait for that kind (Body for Melee, Mind for
    Ranged and Thrown, Soul for Spells), the profile's Modifier and *modifier*.

    Args:
        attack: The Attack's name.
        target: The creature attacked.
        modifier: A Modifier of the situation (cover, a height).
    """

    attack: str = name_field("attack")
    target: str = name_field("target")
    modifier: int = modifier_field()

    def __str__(self) -> str:
        bonus = f" ({self.modifier:+d})" if self.modifier else ""
        return f"attack {self.target} with {self.attack}{bonus}"


@frozen(kw_only=True)
class UseAbility(Action):
    """A creature uses an Effect it holds, by name, as :class:`~tabletop_core.d20.actions.UseEffect` uses one.

    Args:
        ability: The Effect's name.
        targets: Its Targets.
        by: Who uses it (``None``: the creature whose Turn it is); a Triggered one may be
            used off its holder's Turn.
        willing: The Targets that choose to be Willing.
        responding_to: For a Triggered Effect, the occurrence it answers (``None``: the last action).
        origin: Where it Originates, when it lists an Origin.
    """

    ability: str = name_field("ability")
    targets: tuple[str, ...] = attrs.field(converter=target_names)
    by: str | None = optional_name_field("by")
    willing: tuple[str, ...] = attrs.field(default=(), converter=willing_names)
    responding_to: str | None = optional_name_field("responding_to")
    origin: Space | None = attrs.field(default=None, converter=optional_origin)

    def __str__(self) -> str:
        who = f"{self.by} uses " if self.by else "use "
        return f"{who}{self.ability} on {', '.join(self.targets)}"
