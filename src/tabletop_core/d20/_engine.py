"""The encounter engine: one class made of its parts, and the table of which part handles which action."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from tabletop_core.d20._engine_actions import _Actions
from tabletop_core.d20._engine_effects import _Effects
from tabletop_core.d20._engine_rounds import _Rounds
from tabletop_core.d20.actions import (
    Action,
    Attack,
    Damage,
    Dismiss,
    Dispatch,
    EndCondition,
    EndTurn,
    EscapeGrapple,
    Heal,
    Hide,
    Move,
    PassTime,
    Place,
    Revive,
    Rise,
    RollInitiative,
    RollToEnd,
    Search,
    SetDetection,
    Sneak,
    TakeAction,
    UseEffect,
    UseMedicsKit,
)
from tabletop_core.d20.events import (
    Event,
)
from tabletop_core.rng import DiceSource

if TYPE_CHECKING:
    from tabletop_core.d20.encounter import Encounter


class _Run(_Rounds, _Effects, _Actions):
    """One action's work on a private, mutable copy of the state; :func:`run` freezes it."""

    def do(self, action: Action) -> None:
        handler = _HANDLERS.get(type(action))
        if handler is None:  # pragma: no cover - every Action kind has a handler
            raise TypeError(f"unknown action {type(action).__name__}")
        handler(self, action)


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
}


def run(encounter: Encounter, action: Action, source: DiceSource) -> tuple[Encounter, tuple[Event, ...]]:
    """Carry out *action* on a copy of *encounter*: the new state and its events (raises, changing nothing)."""
    work = _Run(encounter, source)
    work.do(action)
    return work.snapshot(), tuple(work.events)
