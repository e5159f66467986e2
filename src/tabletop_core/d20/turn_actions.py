"""The actions of a creature's Turn: Initiative, the AP actions, Attacks, Effects, moving, hiding.

Each is a frozen record on :class:`~tabletop_core.d20.action_base.Action`; the face
:mod:`tabletop_core.d20.actions` gathers them with the GM's rulings and the Tests.
"""

from __future__ import annotations

import attrs

from tabletop_core._frozen import frozen
from tabletop_core._validate import of_type
from tabletop_core.d20._fields import (
    ap_field,
    modifier_field,
    name_field,
    optional_name_field,
    stakes_of,
)
from tabletop_core.d20.action_base import (
    Action,
    attack_kind_of,
    condition_of,
    observer_names,
    optional_origin,
    space_of,
    target_names,
    willing_names,
)
from tabletop_core.d20.conditions import Condition
from tabletop_core.d20.effect import Effect
from tabletop_core.d20.space import Space
from tabletop_core.d20.stakes import Stakes

__all__ = [
    "Attack",
    "Dismiss",
    "Dispatch",
    "EndTurn",
    "EscapeGrapple",
    "Hide",
    "KeepFocus",
    "Move",
    "Rise",
    "RollInitiative",
    "RollToEnd",
    "Search",
    "Sneak",
    "TakeAction",
    "UseEffect",
    "UseMedicsKit",
]


@frozen
class RollInitiative(Action):
    """Every creature makes its Initiative Test; the order is set and Round 1 begins."""

    def __str__(self) -> str:
        return "roll Initiative"


@frozen
class EndTurn(Action):
    """End the current creature's Turn (Persistent Damage), then the next Turn starts."""

    def __str__(self) -> str:
        return "end Turn"


@frozen(kw_only=True)
class TakeAction(Action):
    """The current creature takes an Action the library does not model, spending *ap* AP.

    Args:
        name: What it does (shown in the events).
        ap: Its Cost in Action Points.
    """

    name: str = name_field("name")
    ap: int = ap_field()

    def __str__(self) -> str:
        return f"{self.name} ({self.ap} AP)"


@frozen(kw_only=True)
class UseEffect(Action):
    """Use an Effect on its Targets.

    On Use (no Trigger): its creator must be the creature whose Turn it is and spends
    the Effect's Cost; a creator outside the encounter (the GM, a trap) may use it at
    any time. A Triggered Effect resolves when the Trigger happens, on or off its
    creator's Turn; off it, its Cost is paid from the AP the creator kept from its last
    Turn (see :meth:`Encounter.held_ap <tabletop_core.d20.Encounter.held_ap>`).

    Core Rule "Trigger": a creature can use only one Action in response to each
    Trigger. A Triggered Effect answers the last action taken; *responding_to* names
    another occurrence (``"Ogre's Attack, Round 2"``): a second response by the same
    creature to it is refused (the record of named ones lasts the Round).

    Args:
        effect: The Effect.
        targets: The names of the creatures it targets.
        willing: The Targets that choose to be Willing (for an Effect that needs a Willing Target).
        responding_to: For a Triggered Effect, the occurrence of the Trigger it answers.
        origin: Where it Originates, when it lists an Origin (a Spell); ``None``: from its
            creator. On a map, the Origin lies within the Effect's Range of its creator.
    """

    effect: Effect = attrs.field(validator=of_type(Effect))
    targets: tuple[str, ...] = attrs.field(converter=target_names)
    willing: tuple[str, ...] = attrs.field(default=(), converter=willing_names)
    responding_to: str | None = optional_name_field("responding_to")
    origin: Space | None = attrs.field(default=None, converter=optional_origin)

    def __str__(self) -> str:
        return f"use {self.effect.name} on {', '.join(self.targets)}"


@frozen(kw_only=True)
class Dismiss(Action):
    """The creator Dismisses its ongoing Effect (0 AP): it ends on every Target.

    Args:
        effect: The Effect's id (from its :class:`~tabletop_core.d20.events.EffectApplied`).
        by: Who Dismisses it (must be its creator).
    """

    effect: str = name_field("effect")
    by: str = name_field("by")

    def __str__(self) -> str:
        return f"{self.by} Dismisses {self.effect}"


@frozen(kw_only=True)
class Rise(Action):
    """The current creature uses the Move Action to rise: Prone ends.

    Args:
        ap: The Move Action's Cost (not in the text: default 1, an assumption).
    """

    ap: int = ap_field()

    def __str__(self) -> str:
        return "rise from Prone"


@frozen(kw_only=True)
class RollToEnd(Action):
    """The current creature spends 1 AP and rolls to end Sickened (Body Save) or Restrained (Brawn Check).

    Args:
        condition: Sickened or Restrained.
        modifier: Its Body (Sickened) or Brawn (Restrained).
    """

    condition: Condition = attrs.field(converter=condition_of)
    modifier: int = modifier_field()

    def __str__(self) -> str:
        return f"roll to end {self.condition}"


@frozen(kw_only=True)
class Hide(Action):
    """The current creature tries to Hide from some creatures (a Check).

    On a Success it gains Hidden against each observer. The Hide Action's Stakes and
    Cost are not in the text: the caller gives the Stakes; the Cost defaults to 1 AP.

    Args:
        observers: The creatures it hides from.
        stakes: The Check's Stakes.
        modifier: The Check's Skill and Modifiers.
        ap: The Action's Cost.
    """

    observers: tuple[str, ...] = attrs.field(converter=observer_names)
    stakes: Stakes = attrs.field(default=Stakes.MID, converter=stakes_of)
    modifier: int = modifier_field()
    ap: int = ap_field()

    def __str__(self) -> str:
        return f"Hide from {', '.join(self.observers)}"


@frozen(kw_only=True)
class Sneak(Action):
    """The current creature, Hidden, Sneaks (a Check): on a Success it becomes Undetected to those it hides from.

    Args:
        stakes: The Check's Stakes.
        modifier: The Check's Skill and Modifiers.
        ap: The Action's Cost.
    """

    stakes: Stakes = attrs.field(default=Stakes.MID, converter=stakes_of)
    modifier: int = modifier_field()
    ap: int = ap_field()

    def __str__(self) -> str:
        return "Sneak"


@frozen(kw_only=True)
class Search(Action):
    """The current creature Searches for a creature it has not Observed (a Check).

    Success: Observed if it uses a Sense that can perceive the subject, else Hidden;
    Setback: Hidden; Failure: no change.

    Args:
        subject: The creature searched for.
        perceives: The searcher uses a Sense that can perceive the subject (not normal
            Sight for an Invisible one).
        stakes: The Check's Stakes.
        modifier: The Check's Skill and Modifiers.
        ap: The Action's Cost.
    """

    subject: str = name_field("subject")
    perceives: bool = attrs.field(default=True, validator=of_type(bool))
    stakes: Stakes = attrs.field(default=Stakes.MID, converter=stakes_of)
    modifier: int = modifier_field()
    ap: int = ap_field()

    def __str__(self) -> str:
        return f"Search for {self.subject}"


@frozen(kw_only=True)
class Attack(Action):
    """The current creature Attacks: a Check against the Target, and on a hit the Effect resolves on it.

    The Check reads both creatures' Conditions, detection and Effects (see
    :meth:`Encounter.test_context <tabletop_core.d20.Encounter.test_context>`) and
    costs the Effect's Cost. A Success hits. A Setback "achieves your goal but faces a
    complication, or fails but avoids one": which is the GM's call, so it hits only
    when *hit_on_setback* says so.

    Args:
        target: The creature attacked.
        effect: What a hit does (its creator must be the attacker).
        stakes: The Attack's Stakes.
        modifier: The Trait and other Modifiers of the Attack.
        attack: What it is made with (melee, ranged, thrown...), for the Trait rules.
        hit_on_setback: Whether a Setback hits.
    """

    target: str = name_field("target")
    effect: Effect = attrs.field(validator=of_type(Effect))
    stakes: Stakes = attrs.field(default=Stakes.MID, converter=stakes_of)
    modifier: int = modifier_field()
    attack: str = attrs.field(default="melee", converter=attack_kind_of)
    hit_on_setback: bool = attrs.field(default=False, validator=of_type(bool))

    def __str__(self) -> str:
        return f"{self.effect.creator} attacks {self.target} with {self.effect.name}"


@frozen(kw_only=True)
class UseMedicsKit(Action):
    """The current creature uses a Medic's Kit on a creature Staggered at 0 HP: it becomes Stable.

    Stable: no longer Staggered, 0 HP, Unconscious; it wakes with 1 HP after 1d4 hours
    (rolled here). The Action's Cost is not in the text: default 1 AP.

    Args:
        target: The creature treated.
        ap: The Action's Cost.
    """

    target: str = name_field("target")
    ap: int = ap_field()

    def __str__(self) -> str:
        return f"use a Medic's Kit on {self.target}"


@frozen(kw_only=True)
class Dispatch(Action):
    """The current creature's Dispatch succeeds against a Helpless creature at 0 HP: it is Defeated.

    The Dispatch Action's own roll is not in the text: apply this when it succeeded.

    Args:
        target: The creature dispatched.
        ap: The Action's Cost.
    """

    target: str = name_field("target")
    ap: int = ap_field()

    def __str__(self) -> str:
        return f"Dispatch {self.target}"


@frozen(kw_only=True)
class Move(Action):
    """The current creature uses the Move Action to change its position (the encounter needs a map).

    Immobilized creatures can't; a Prone one Crawls (the text gives no Crawl distance);
    a Frightened one can't willingly Move closer to the source of its fear while it can
    see it. The Space must be free of terrain and of other creatures, and within the
    creature's ``speed`` when it has one. The Move Action's Cost is not in the text:
    default 1 AP. Moving is acting: Hidden ends (Sneak to move while staying Hidden).

    Args:
        to: The Space it moves to.
        ap: The Move Action's Cost.
    """

    to: Space = attrs.field(converter=space_of)
    ap: int = ap_field()

    def __str__(self) -> str:
        return f"Move to {self.to}"


@frozen(kw_only=True)
class EscapeGrapple(Action):
    """The current creature, Restrained by a Grapple, tries to escape it (Core Rule "Restrained").

    It spends 1 AP and makes a Mid Stakes Brawn Check (its Conditions and the Effects on
    it count). On a Success it escapes: the Grapple ends on it, and the Restrained it
    imposed with it. A Setback or a Failure changes nothing. Refused when the Grapple
    says you can't (``Effect.end_roll=False``).

    Args:
        grapple: The Grapple's Effect id, when more than one Grapple holds the creature.
        modifier: Its Brawn and other Modifiers.
    """

    grapple: str | None = optional_name_field("grapple")
    modifier: int = modifier_field()

    def __str__(self) -> str:
        which = f" ({self.grapple})" if self.grapple else ""
        return f"escape the Grapple{which}"


@frozen(kw_only=True)
class KeepFocus(Action):
    """The current creature keeps up its Focus this Turn, spending the Effect's ``focus_cost`` AP.

    Focus is "a sustained state of concentration you keep up by spending Action Points on
    each of your Turns": a Turn of its creator that ends without it kept up ends the Focus,
    and the Effect it sustains on every Target. The Turn a Focus starts in is paid for.

    Args:
        effect: The Effect's id, when the creature sustains more than one (it never does:
            one Focus at a time); ``None``: its Focus.
    """

    effect: str | None = optional_name_field("effect")

    def __str__(self) -> str:
        return "keep up Focus" + (f" on {self.effect}" if self.effect else "")
