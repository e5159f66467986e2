"""Every legal action now, with its legal Targets: what ``Encounter.choices()`` lists.

The engine's own checks decide (the same ones :meth:`~tabletop_core.d20.Encounter.apply`
runs before it spends AP or rolls a die), so an action is listed exactly when applying it
would not be refused. Listed:

* before Initiative: rolling it, and every creature's Effects on each Target;
* in a Turn, for the creature whose Turn it is: ending it; rising; rolls to end
  Sickened or Restrained and escaping a Grapple; keeping up its Focus; each Attack it
  holds against each creature in Reach (:class:`~tabletop_core.d20.actions.AttackWith`);
  each of its Effects on each Target (:class:`~tabletop_core.d20.actions.UseAbility`);
  Dispatch and a Medic's Kit where they apply; Hide from those who Observe it, Sneak while
  Hidden, a Search for each creature it has not Observed; on a map, a Move to each free
  Space within its ``speed`` (when it has one);
* any time: Dismissing each ongoing Effect (by its creator), and every other creature's
  Triggered Effects on each Target, as responses to the last action.

Effects with several Targets are listed one Target at a time (any set the rules allow
applies). The GM's rulings (Damage, time, joining and leaving...) and actions with free
arguments (:class:`~tabletop_core.d20.actions.TakeAction`, the Stakes of a Check) are not
listed: they are the GM's to build.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from tabletop_core.d20._engine import _Run
from tabletop_core.d20._trusted import assemble
from tabletop_core.d20.actions import (
    Action,
    AttackWith,
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
    UseAbility,
    UseMedicsKit,
)
from tabletop_core.d20.conditions import Condition
from tabletop_core.d20.detection import Detection
from tabletop_core.d20.effect import Effect
from tabletop_core.d20.space import Space
from tabletop_core.errors import TabletopError
from tabletop_core.rng import ScriptedDice

if TYPE_CHECKING:
    from tabletop_core.d20.encounter import Encounter

__all__ = ["legal_actions"]

_ACTION_AP = 1  # the Cost the rules text does not give (rising, Hide, Sneak, Search, Dispatch, a Medic's Kit)


def _legal(check: Callable[..., object], *args: object) -> bool:
    """Whether ``check(*args)`` passes (the engine's checks raise a TabletopError when the rules refuse)."""
    try:
        check(*args)
    except TabletopError:
        return False
    return True


def legal_actions(encounter: Encounter) -> list[Action]:
    """Every action listed above that the rules allow now, in a fixed order."""
    work = _Run(encounter, ScriptedDice(()))  # the checks roll nothing
    found: list[Action] = []
    if not encounter.round:
        found.append(RollInitiative())
        for c in encounter.combatants:
            found += _effects_of(work, encounter, c.name, by=c.name)
    else:
        name = encounter.current
        assert name is not None
        found.append(EndTurn())
        creature = encounter.creature(name)
        if creature.conditions.can_act and not creature.is_defeated:
            found += _turn_actions(work, encounter, name)
    seen = set()
    for e in encounter.effects:
        if e.id not in seen and e.effect.dismissable:
            seen.add(e.id)
            found.append(Dismiss(effect=e.id, by=e.effect.creator))
    if encounter.round:
        for c in encounter.combatants:
            if c.name != encounter.current:
                found += _effects_of(work, encounter, c.name, by=c.name, triggered_only=True)
    return found


def _turn_actions(work: _Run, encounter: Encounter, name: str) -> list[Action]:
    conditions = encounter.creature(name).conditions
    ap = encounter.ap
    found: list[Action] = []
    if Condition.PRONE in conditions.present and conditions.can_move and ap >= _ACTION_AP:
        found.append(Rise())
    if ap >= _ACTION_AP:
        found += _end_rolls(encounter, name)
    found += _focus_to_keep(encounter, name)
    me = encounter.combatant(name)
    for profile in me.attacks:
        if profile.effect.cost > ap:
            continue  # refused for every Target (too few AP): not asked once per Target
        for target in encounter.names:
            if _legal(work.check_attack, name, target, profile.effect, profile.attack):
                found.append(assemble(AttackWith, attack=profile.name, target=target, modifier=0))
    found += _effects_of(work, encounter, name, by=None)
    if ap >= _ACTION_AP:
        found += _helping_and_finishing(encounter, name)
        found += _detection_actions(work, encounter, name)
        found += _moves(work, encounter, name)
    return found


def _effects_of(
    work: _Run, encounter: Encounter, name: str, *, by: str | None, triggered_only: bool = False
) -> list[Action]:
    """*name*'s Effects, on each Target it may use them on now (*by*: how the action names it)."""
    found: list[Action] = []
    targets = [*encounter.names, *(t.name for t in encounter.things)]
    pool = work.pool(name) if encounter.round else None
    for effect in encounter.combatant(name).effects:
        if triggered_only and effect.on_use:
            continue
        if pool is not None and effect.cost > pool:
            continue  # refused for every Target (too few AP): not asked once per Target
        for target in targets:
            willing = _willing_for(encounter, effect, target)
            if _legal(work.check_use, effect, (target,), willing, None, None):
                # Built from names the encounter already checked: no need to check them again.
                found.append(
                    assemble(
                        UseAbility,
                        ability=effect.name,
                        targets=(target,),
                        by=by,
                        willing=willing,
                        responding_to=None,
                        origin=None,
                    )
                )
    return found


def _willing_for(encounter: Encounter, effect: Effect, target: str) -> tuple[str, ...]:
    """The Target chooses to be Willing for an Effect that needs it, when it can be (its side's call)."""
    if not effect.needs_willing or target not in encounter.names:
        return ()
    return (target,) if encounter.creature(target).conditions.can_be_willing else ()


def _end_rolls(encounter: Encounter, name: str) -> list[Action]:
    """The rolls *name* may make to end a Condition or escape a Grapple."""
    mine = {e.id: e for e in encounter.effects if e.target == name}
    holds = [e for e in mine.values() if e.effect.grapple and Condition.RESTRAINED not in e.ended]
    found: list[Action] = [EscapeGrapple(grapple=e.id) for e in holds if e.effect.end_roll]
    for condition in (Condition.SICKENED, Condition.RESTRAINED):
        givers = [mine.get(i.effect or "") for i in encounter.creature(name).conditions.instances_of(condition)]
        if not givers or (condition is Condition.RESTRAINED and holds):
            continue
        if not all(g is not None and not g.effect.end_roll for g in givers):
            found.append(RollToEnd(condition=condition))
    return found


def _focus_to_keep(encounter: Encounter, name: str) -> list[Action]:
    """Keeping up *name*'s Focus this Turn, when it has one not yet kept up and the AP for it."""
    for e in encounter.effects:
        if e.effect.focus and e.effect.creator == name and e.id not in encounter.focus_kept:
            return [KeepFocus()] if encounter.ap >= e.effect.focus_cost else []
    return []


def _helping_and_finishing(encounter: Encounter, name: str) -> list[Action]:
    """A Dispatch against each Helpless creature at 0 HP, a Medic's Kit on each one Staggered at 0 HP."""
    found: list[Action] = []
    down = [c.name for c in encounter.combatants if c.creature.hp == 0]  # both need 0 HP: the rest are not asked
    found += [Dispatch(target=o) for o in down if o != name and encounter.creature(o)._dispatch_refusal() is None]
    found += [UseMedicsKit(target=o) for o in down if encounter.creature(o)._can_be_stabilized()]
    return found


def _detection_actions(work: _Run, encounter: Encounter, name: str) -> list[Action]:
    found: list[Action] = []
    others = [o for o in encounter.names if o != name]
    unseen = {Condition.HIDDEN, Condition.INVISIBLE}
    if not encounter.sightings and not any(unseen & c.creature.conditions.active for c in encounter.combatants):
        return [Hide(observers=tuple(others))] if others else []  # everyone Observes everyone
    watching = tuple(o for o in others if work.detection(o, name) is Detection.OBSERVED)
    if watching:
        found.append(Hide(observers=watching))
    if Condition.HIDDEN in encounter.creature(name).conditions.present:
        found.append(Sneak())
    found += [Search(subject=o) for o in others if work.detection(name, o) is not Detection.OBSERVED]
    return found


def _moves(work: _Run, encounter: Encounter, name: str) -> list[Action]:
    """On a map, a Move to each Space within the creature's speed that it may Move to now."""
    speed = encounter.combatant(name).speed
    if not encounter.has_map or speed is None or not encounter.creature(name).conditions.can_move:
        return []
    start = encounter.position(name)
    found: list[Action] = []
    for dx in range(-speed, speed + 1):
        for dy in range(-speed, speed + 1):
            if not dx and not dy:
                continue
            to = Space(start.x + dx, start.y + dy, start.z)
            if start.distance(to, metric=encounter.metric) > speed:
                continue
            if _legal(work.check_free, name, to) and _legal(work.check_fear, name, start, to):
                found.append(Move(to=to))
    return found
