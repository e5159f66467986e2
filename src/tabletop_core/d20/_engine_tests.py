"""The encounter engine's Saves and Checks: rolled with what applies, then the Effects of their results."""

from __future__ import annotations

from tabletop_core.d20._engine_effects import _Effects
from tabletop_core.d20.effect import Effect
from tabletop_core.d20.events import TestMade
from tabletop_core.d20.roll_actions import RollCheck, RollSave
from tabletop_core.d20.stakes import Outcome
from tabletop_core.d20.test import Modifier, TestKind, TestRoll, roll_test
from tabletop_core.errors import InvalidInput, RuleError


class _Tests(_Effects):
    """Saves and Checks: every refusal before a die is rolled, then the dice, then what the results do."""

    def roll_save(self, action: RollSave) -> None:
        targets = action.targets
        if not targets:
            raise InvalidInput("targets must name at least one creature")
        if len(set(targets)) != len(targets):
            raise InvalidInput(f"targets must name each creature once, got {list(targets)}")
        for t in targets:
            if t in self.things:
                raise RuleError(f"{t} is an Object: only a creature makes a Save")
            self.known(t, "target")
            if self.creatures[t].is_defeated:
                raise RuleError(f"{t} is Defeated: it is out of the fight and makes no Save")
        self.check_results(action.on_success, action.on_setback, action.on_failure, targets)
        view = self.view()
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
            named = [Modifier.trait(action.trait, self.combatant(t).trait_value(action.trait))]
            if action.modifier:
                named.append(Modifier(value=action.modifier, source=action.purpose or "Modifier"))
            roll = roll_test(
                stakes=action.stakes,
                modifier=[*named, *ctx.modifiers],
                kind=TestKind.SAVE,
                effects=ctx.effects,
                rng=self.source,
            )
            rolls.append((t, roll))
            self.events.append(TestMade(creature=t, purpose=f"{action.trait} Save{against}", roll=roll))
        self.apply_results(action, rolls)

    def roll_check(self, action: RollCheck) -> None:
        name = action.creature
        if name is None:
            name = self.on_turn(f"A {action.kind} with no creature named")
        self.known(name, "creature")
        target = action.target
        if target is not None:
            self.known(target, "target")
            if target == name:
                raise InvalidInput(f"{name} makes a Check against another creature, not itself")
        affected = action.targets or ((target,) if target is not None else (name,))
        for t in affected:
            self.known_target(t)
        self.check_results(action.on_success, action.on_setback, action.on_failure, affected)
        if self.round and action.ap:
            self.check_spend(name, action.ap, action.label)
        elif self.creatures[name].is_defeated:
            raise RuleError(f"{name} is Defeated: it is out of the fight")
        ctx = self.view().test_context(
            name,
            kind=action.kind,
            target=target,
            skill=action.skill,
            needs_sight=action.needs_sight,
            needs_hearing=action.needs_hearing,
            social=action.social,
        )
        if self.round and action.ap:
            self.spend(name, action.ap, action.label)
        else:
            self.acts(name, action.label)
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
            rng=self.source,
        )
        self.events.append(TestMade(creature=name, purpose=action.label, roll=roll))
        self.apply_results(action, [(t, roll) for t in affected])

    def check_results(
        self, success: Effect | None, setback: Effect | None, failure: Effect | None, targets: tuple[str, ...]
    ) -> None:
        """Each result's Effect could resolve on every Target (so nothing is refused after the dice)."""
        for effect in (success, setback, failure):
            if effect is not None:
                self.check_target_kind(effect, targets)
                self.check_objects(effect, targets)
                for t in targets:
                    if effect.healing and t in self.creatures and self.creatures[t].is_defeated:
                        raise RuleError(f"{t} is Defeated: it can't receive Healing")

    def apply_results(self, action: RollSave | RollCheck, rolls: list[tuple[str, TestRoll]]) -> None:
        """Each result's Effect resolves on the Targets with that result (Success, then Setback, then Failure)."""
        for outcome in Outcome:
            effect = action.by_result(outcome)
            group = tuple(t for t, roll in rolls if roll.outcome is outcome)
            if effect is not None and group:
                self.resolve(effect, group)
