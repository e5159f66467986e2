"""The encounter engine's front: which function handles which kind of action, and :func:`run`.

Each kind of action is handled by a function over the explicit working state
(:class:`~tabletop_core.d20._engine_state.Work`), in the module of its idea: the Rounds and Turns
(``_engine_rounds``), the table's roster (``_engine_table``), time outside Rounds (``_engine_time``),
Effects and Attacks (``_engine_effects``), Saves and Checks (``_engine_tests``), the other actions of
a Turn (``_engine_actions``). None of them imports this module or the Encounter.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from tabletop_core.d20 import (
    _engine_actions,
    _engine_effects,
    _engine_rounds,
    _engine_table,
    _engine_tests,
    _engine_time,
)
from tabletop_core.d20._engine_state import Work
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

__all__ = ["do", "is_response", "run"]


def do(work: Work, action: Action) -> None:
    """Carry out *action* on *work* with the handler of its kind."""
    handler = _HANDLERS.get(type(action))
    if handler is None:  # pragma: no cover - every Action kind has a handler
        raise TypeError(f"unknown action {type(action).__name__}")
    if not is_response(work, action):
        # A new action is a new Trigger: the responses to the one before it are done with.
        work.responses = [r for r in work.responses if r.trigger != LAST_ACTION]
    handler(work, action)


def is_response(work: Work, action: Action) -> bool:
    """Whether *action* answers a Trigger (a Triggered Effect used), rather than being a new occurrence."""
    if isinstance(action, UseEffect):
        return not action.effect.on_use
    if isinstance(action, UseAbility):
        name = action.by or work.current
        if name in work.creatures:
            held = [e for e in work.combatant(name).effects if e.name == action.ability]
            return bool(held) and not held[0].on_use
    return False


_HANDLERS: dict[type[Action], Callable[[Work, Any], None]] = {
    RollInitiative: _engine_rounds.roll_initiative,
    EndTurn: _engine_rounds.end_turn,
    TakeAction: _engine_actions.take_action,
    UseEffect: _engine_effects.use_effect,
    Dismiss: _engine_effects.dismiss,
    Damage: _engine_effects.do_damage,
    Heal: _engine_effects.do_heal,
    Rise: _engine_actions.rise,
    RollToEnd: _engine_actions.roll_to_end,
    Hide: _engine_actions.hide,
    Sneak: _engine_actions.sneak,
    Search: _engine_actions.search,
    EndCondition: _engine_actions.end_condition,
    PassTime: _engine_time.pass_time,
    Attack: _engine_effects.attack,
    SetDetection: _engine_actions.set_detection,
    UseMedicsKit: _engine_actions.use_medics_kit,
    Move: _engine_actions.move,
    Place: _engine_actions.place,
    EscapeGrapple: _engine_actions.escape_grapple,
    Dispatch: _engine_actions.dispatch,
    Revive: _engine_actions.revive,
    KeepFocus: _engine_actions.keep_focus,
    RollSave: _engine_tests.roll_save,
    RollCheck: _engine_tests.roll_check,
    AddCombatant: _engine_table.add_combatant,
    RemoveCombatant: _engine_table.remove_combatant,
    EndEncounter: _engine_table.end_encounter,
    CountDownDoomed: _engine_time.count_down_doomed,
    Shatter: _engine_time.shatter,
    LongRest: _engine_time.long_rest,
    AttackWith: _engine_effects.attack_with,
    UseAbility: _engine_effects.use_ability,
}


def run(encounter: Encounter, action: Action, source: DiceSource) -> tuple[Encounter, tuple[Event, ...]]:
    """Carry out *action* on a copy of *encounter*: the new state and its events (raises, changing nothing)."""
    work = Work(encounter, source)
    do(work, action)
    return work.snapshot(), tuple(work.events)
