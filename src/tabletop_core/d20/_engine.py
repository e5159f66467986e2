"""The encounter engine: one class made of its parts, and the table of which part handles which action."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from tabletop_core.d20._engine_actions import _Actions
from tabletop_core.d20._engine_table import _Table
from tabletop_core.d20._engine_tests import _Tests
from tabletop_core.d20._engine_time import _Time
from tabletop_core.d20.actions import (
    Action,
    AddCombatant,
    Attack,
    AttackWith,
    CountDownDoomed,
    Damage,
    Dismiss,
    Dispatch,
    EndCondition,
    EndEncounter,
    EndTurn,
    EscapeGrapple,
    Heal,
    Hide,
    KeepFocus,
    LongRest,
    Move,
    PassTime,
    Place,
    RemoveCombatant,
    Revive,
    Rise,
    RollCheck,
    RollInitiative,
    RollSave,
    RollToEnd,
    Search,
    SetDetection,
    Shatter,
    Sneak,
    TakeAction,
    UseAbility,
    UseEffect,
    UseMedicsKit,
)
from tabletop_core.d20.combatant import LAST_ACTION
from tabletop_core.d20.events import (
    Event,
)
from tabletop_core.rng import DiceSource

if TYPE_CHECKING:
    from tabletop_core.d20.encounter import Encounter


class _Run(_Table, _Time, _Tests, _Actions):
    """One action's work on a private, mutable copy of the state; :func:`run` freezes it."""

    def do(self, action: Action) -> None:
        handler = _HANDLERS.get(type(action))
        if handler is None:  # pragma: no cover - every Action kind has a handler
            raise TypeError(f"unknown action {type(action).__name__}")
        if not self.is_response(action):
            # A new action is a new Trigger: the responses to the one before it are done with.
            self.responses = [r for r in self.responses if r.trigger != LAST_ACTION]
        handler(self, action)

    def is_response(self, action: Action) -> bool:
        """Whether *action* answers a Trigger (a Triggered Effect used), rather than being a new occurrence."""
        if isinstance(action, UseEffect):
            return not action.effect.on_use
        if isinstance(action, UseAbility):
            name = action.by or self.current
            if name in self.creatures:
                held = [e for e in self.combatant(name).effects if e.name == action.ability]
                return bool(held) and not held[0].on_use
        return False


_HANDLERS: dict[type[Action], Callable[[_Run, Any], None]] = {
    RollInitiative: _Run.roll_initiative,
    EndTurn: _Run.end_turn,
    TakeAction: _Run.take_action,
    UseEffect: _Run.use_effect,
    Dismiss: _Run.dismiss,
    Damage: _Run.do_damage,
    Heal: _Run.do_heal,
    Rise: _Run.rise,
    RollToEnd: _Run.roll_to_end,
    Hide: _Run.hide,
    Sneak: _Run.sneak,
    Search: _Run.search,
    EndCondition: _Run.end_condition,
    PassTime: _Run.pass_time,
    Attack: _Run.attack,
    SetDetection: _Run.set_detection,
    UseMedicsKit: _Run.use_medics_kit,
    Move: _Run.move,
    Place: _Run.place,
    EscapeGrapple: _Run.escape_grapple,
    Dispatch: _Run.dispatch,
    Revive: _Run.revive,
    KeepFocus: _Run.keep_focus,
    RollSave: _Run.roll_save,
    RollCheck: _Run.roll_check,
    AddCombatant: _Run.add_combatant,
    RemoveCombatant: _Run.remove_combatant,
    EndEncounter: _Run.end_encounter,
    CountDownDoomed: _Run.count_down_doomed,
    Shatter: _Run.shatter,
    LongRest: _Run.long_rest,
    AttackWith: _Run.attack_with,
    UseAbility: _Run.use_ability,
}


def run(encounter: Encounter, action: Action, source: DiceSource) -> tuple[Encounter, tuple[Event, ...]]:
    """Carry out *action* on a copy of *encounter*: the new state and its events (raises, changing nothing)."""
    work = _Run(encounter, source)
    work.do(action)
    return work.snapshot(), tuple(work.events)
