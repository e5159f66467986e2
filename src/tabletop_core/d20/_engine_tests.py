"""The encounter engine's Saves and Checks: rolled with what applies, then the Effects of their results."""

from __future__ import annotations

from tabletop_core.d20._engine_effects import check_objects, check_target_kind, resolve
from tabletop_core.d20._engine_state import Work
from tabletop_core.d20.effect import Effect
from tabletop_core.d20.events import TestMade
from tabletop_core.d20.roll_actions import RollCheck, RollSave
from tabletop_core.d20.stakes import Outcome
from tabletop_core.d20.test import Modifier, TestKind, TestRoll, roll_test
from tabletop_core.errors import InvalidInput, RuleError

__all__ = ["apply_results", "check_results", "roll_check", "roll_save"]


def roll_save(work: Work, action: RollSave) -> None:
    targets = action.targets
    if not targets:
        raise InvalidInput("targets must name at least one creature")
    if len(set(targets)) != len(targets):
        raise InvalidInput(f"targets must name each creature once, got {list(targets)}")
    for t in targets:
        if t in work.things:
            raise RuleError(f"{t} is an Object: only a creature makes a Save")
        work.known(t, "target")
        if work.creatures[t].is_defeated:
            raise RuleError(f"{t} is Defeated: it is out of the fight and makes no Save")
    check_results(work, action.on_success, action.on_setback, action.on_failure, targets)
    view = work.view()
    against = f" against {action.purpose}" if action.purpose else ""
    rolls: list[tuple[str, TestRoll]] = []
    for t in targets:
        ctx = view.test_context(
            t,
            kind=TestKind.SAVE,
            trait=action.trait,
            needs_sight=action.needs_sight,
            needs_hearing=action.needs_hearing,
        )
        named = [Modifier.trait(action.trait, work.combatant(t).trait_value(action.trait))]
        if action.modifier:
            named.append(Modifier(value=action.modifier, source=action.purpose or "Modifier"))
        roll = roll_test(
            stakes=action.stakes,
            modifier=[*named, *ctx.modifiers],
            kind=TestKind.SAVE,
            effects=ctx.effects,
            rng=work.source,
        )
        rolls.append((t, roll))
        work.events.append(TestMade(creature=t, purpose=f"{action.trait} Save{against}", roll=roll))
    apply_results(work, action, rolls)


def roll_check(work: Work, action: RollCheck) -> None:
    name = action.creature
    if name is None:
        name = work.on_turn(f"A {action.kind} with no creature named")
    work.known(name, "creature")
    target = action.target
    if target is not None:
        work.known(target, "target")
        if target == name:
            raise InvalidInput(f"{name} makes a Check against another creature, not itself")
    affected = action.targets or ((target,) if target is not None else (name,))
    for t in affected:
        work.known_target(t)
    check_results(work, action.on_success, action.on_setback, action.on_failure, affected)
    if work.round and action.ap:
        work.check_spend(name, action.ap, action.label)
    elif work.creatures[name].is_defeated:
        raise RuleError(f"{name} is Defeated: it is out of the fight")
    ctx = work.view().test_context(
        name,
        kind=action.kind,
        target=target,
        skill=action.skill,
        needs_sight=action.needs_sight,
        needs_hearing=action.needs_hearing,
        social=action.social,
    )
    if work.round and action.ap:
        work.spend(name, action.ap, action.label)
    else:
        work.acts(name, action.label)
    named = (
        Modifier.skill(action.skill, action.modifier)
        if action.skill is not None
        else Modifier(value=action.modifier, source=action.purpose or "Modifier")
    )
    roll = roll_test(
        stakes=action.stakes,
        modifier=[named, *ctx.modifiers],
        kind=action.kind,
        effects=ctx.effects,
        rng=work.source,
    )
    work.events.append(TestMade(creature=name, purpose=action.label, roll=roll))
    apply_results(work, action, [(t, roll) for t in affected])


def check_results(
    work: Work, success: Effect | None, setback: Effect | None, failure: Effect | None, targets: tuple[str, ...]
) -> None:
    """Each result's Effect could resolve on every Target (so nothing is refused after the dice)."""
    for effect in (success, setback, failure):
        if effect is not None:
            check_target_kind(work, effect, targets)
            check_objects(work, effect, targets)
            for t in targets:
                if effect.healing and t in work.creatures and work.creatures[t].is_defeated:
                    raise RuleError(f"{t} is Defeated: it can't receive Healing")


def apply_results(work: Work, action: RollSave | RollCheck, rolls: list[tuple[str, TestRoll]]) -> None:
    """Each result's Effect resolves on the Targets with that result (Success, then Setback, then Failure)."""
    for outcome in Outcome:
        effect = action.by_result(outcome)
        group = tuple(t for t, roll in rolls if roll.outcome is outcome)
        if effect is not None and group:
            resolve(work, effect, group)
