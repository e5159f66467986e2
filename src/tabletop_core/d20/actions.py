"""What a player, a GM or a bot asks an encounter to do: one frozen record per kind of action.

Pass one to :meth:`Encounter.apply <tabletop_core.d20.Encounter.apply>`. Each
action's dict carries the ``"type"`` tag naming its class, so a bot can send
``{"type": "Rise"}`` and rebuild it with :meth:`Action.from_dict`.

Action Point costs the rules text does not give (the Move Action to rise, Hide,
Sneak, Search, a generic Action) are each action's ``ap`` field, default 1: an
assumption. Rolling to end Sickened or Restrained costs 1 AP, as the text says.

Examples:
    >>> from tabletop_core.d20.actions import Action, Rise
    >>> Rise().to_dict()
    {'type': 'd20.Rise', 'version': 1, 'ap': 1}
    >>> Action.from_dict({"type": "EndTurn"})
    EndTurn()
"""

from __future__ import annotations

from tabletop_core.d20._fields import DEFAULT_ACTION_AP
from tabletop_core.d20.ability_actions import AttackWith, UseAbility
from tabletop_core.d20.action_base import Action
from tabletop_core.d20.gm_actions import (
    AddCombatant,
    CountDownDoomed,
    Damage,
    EndCondition,
    EndEncounter,
    Heal,
    LongRest,
    PassTime,
    Place,
    RemoveCombatant,
    Revive,
    SetDetection,
    Shatter,
)
from tabletop_core.d20.roll_actions import RollCheck, RollSave
from tabletop_core.d20.turn_actions import (
    Attack,
    Dismiss,
    Dispatch,
    EndTurn,
    EscapeGrapple,
    Hide,
    KeepFocus,
    Move,
    Rise,
    RollInitiative,
    RollToEnd,
    Search,
    Sneak,
    TakeAction,
    UseEffect,
    UseMedicsKit,
)

__all__ = [
    "DEFAULT_ACTION_AP",
    "Action",
    "AddCombatant",
    "Attack",
    "AttackWith",
    "CountDownDoomed",
    "Damage",
    "Dismiss",
    "Dispatch",
    "EndCondition",
    "EndEncounter",
    "EndTurn",
    "EscapeGrapple",
    "Heal",
    "Hide",
    "KeepFocus",
    "LongRest",
    "Move",
    "PassTime",
    "Place",
    "RemoveCombatant",
    "Revive",
    "Rise",
    "RollCheck",
    "RollInitiative",
    "RollSave",
    "RollToEnd",
    "Search",
    "SetDetection",
    "Shatter",
    "Sneak",
    "TakeAction",
    "UseAbility",
    "UseEffect",
    "UseMedicsKit",
]
