"""What applies to one Test in an encounter, and why: Conditions, detection and Effects together.

:meth:`Encounter.test_context <tabletop_core.d20.Encounter.test_context>` answers with a
:class:`TestContext`; this module holds the query, which reads both creatures' Conditions
through :func:`~tabletop_core.d20.effects.effects_between` (Hidden and Invisible taken per
observer) and adds the Modifiers, Fortune and Misfortune of the Effects that apply after
Stacking, each reason naming its Effect.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from tabletop_core._frozen import frozen
from tabletop_core._record import Record
from tabletop_core._validate import check_type, of_type
from tabletop_core.d20._checks import iterable_of
from tabletop_core.d20.conditions import Condition, Conditions
from tabletop_core.d20.contest import Side
from tabletop_core.d20.detection import Detection
from tabletop_core.d20.effects import CHECK_KINDS, TestQuery, combine_effects, effects_of_query
from tabletop_core.d20.modifier import (
    AttackKind,
    Modifier,
    TestKind,
    Trait,
)
from tabletop_core.d20.rolled import TestEffects
from tabletop_core.errors import InvalidInput

if TYPE_CHECKING:
    from tabletop_core.d20.encounter import Encounter

__all__ = ["TestContext", "context_for"]


def _modifier_tuple(value: object) -> tuple[Modifier, ...]:
    return iterable_of("modifiers", Modifier, value)


def _source_tuple(value: object) -> tuple[str, ...]:
    return iterable_of("sources", str, value)


@frozen(kw_only=True)
class TestContext(Record):
    """What applies to one Test in the encounter, and why.

    Args:
        effects: Fortune, Misfortune, automatic failure and Fatigue, each with its
            reason (Conditions, detection and Effects).
        modifiers: Modifiers from Effects, each naming its Effect.
        sources: Which Effect gave each Condition that counted (``"Prone on Bo: Shove by Ogre (e2)"``).
    """

    __test__ = False  # not a pytest test class

    effects: TestEffects = attrs.field(factory=TestEffects, validator=of_type(TestEffects))
    modifiers: tuple[Modifier, ...] = attrs.field(default=(), converter=_modifier_tuple)
    sources: tuple[str, ...] = attrs.field(default=(), converter=_source_tuple)

    def __str__(self) -> str:
        parts = [str(self.effects)]
        parts += [str(m) for m in self.modifiers]
        if self.sources:
            parts.append(f"from {', '.join(self.sources)}")
        return "; ".join(parts)


def context_for(
    self: Encounter,
    actor: str,
    *,
    kind: TestKind | str,
    target: str | None = None,
    skill: str | None = None,
    trait: Trait | str | None = None,
    attack: AttackKind | str | None = None,
    needs_sight: bool = False,
    needs_hearing: bool = False,
    sees_fear_source: bool | None = None,
    social: bool = False,
) -> TestContext:
    """What applies to a Test *actor* makes (against *target*), and why.

    Reads both creatures' Conditions as :func:`~tabletop_core.d20.effects_on_test`
    does, with Hidden and Invisible taken per observer (the Target's detection of
    the actor, the actor's of the Target), plus the Modifiers, Fortune and Misfortune
    of the Effects that apply after Stacking; each reason names its Effect.

    It is :meth:`Encounter.test_context <tabletop_core.d20.Encounter.test_context>` (*self* is the encounter).

    Args:
        self: The encounter.
        actor: Who makes the Test.
        kind: The kind of Test.
        target: Whom it is made against, if anyone.
        skill: As for :func:`~tabletop_core.d20.effects_on_test`.
        trait: As for :func:`~tabletop_core.d20.effects_on_test`.
        attack: As for :func:`~tabletop_core.d20.effects_on_test`.
        needs_sight: As for :func:`~tabletop_core.d20.effects_on_test`.
        needs_hearing: As for :func:`~tabletop_core.d20.effects_on_test`.
        sees_fear_source: Whether a Frightened actor can see the source of its fear;
            ``None`` (the default): worked out from detection (see
            :meth:`Encounter.sees_fear_source <tabletop_core.d20.Encounter.sees_fear_source>`).
        social: A Check to interact socially with the Target (Fortune if the
            Target is Charmed by the actor).

    Raises:
        InvalidInput: an unknown creature, kind, Trait or attack; *target* the same as *actor*.
        TypeError: a wrong type.

    Examples:
        >>> from tabletop_core import d20
        >>> fight = d20.Encounter.of(
        ...     d20.Combatant(name="Ana", creature=d20.Creature(max_hp=12)),
        ...     d20.Combatant(name="Bo", creature=d20.Creature(max_hp=12)))
        >>> bless = d20.Effect(name="Bless", creator="GM", modifiers=1, duration=d20.Duration.of(minutes=1))
        >>> fight = fight.apply(d20.actions.UseEffect(effect=bless, targets=["Ana"])).encounter
        >>> print(fight.test_context("Ana", kind="attack", target="Bo"))
        no effect on the Test; +1 (Bless by GM (e1))
    """
    kind = TestKind.parse(kind, name="kind")
    check_type("social", social, bool)
    if sees_fear_source is not None:
        check_type("sees_fear_source", sees_fear_source, bool)
    check_type("actor", actor, str)
    if target is not None:
        check_type("target", target, str)
    mine = self.creature(actor).conditions
    if target is not None and target == actor:
        raise InvalidInput(f"target must be another creature than the actor, got {target!r} twice")
    theirs = self.creature(target).conditions if target is not None else None
    sources: list[str] = []

    def view(conditions: Conditions, hidden: bool) -> Conditions:
        # Hidden counts only against those the creature hides from.
        plain = conditions.remove(Condition.HIDDEN)
        return plain.add(Condition.HIDDEN) if hidden else plain

    actor_observed = target_observed = False
    if target is not None and theirs is not None:
        seen_by_target = self.detection(target, actor)
        seen_by_actor = self.detection(actor, target)
        mine = view(mine, seen_by_target is Detection.HIDDEN)
        theirs = view(theirs, seen_by_actor is Detection.HIDDEN)
        actor_observed = seen_by_target is Detection.OBSERVED
        target_observed = seen_by_actor is Detection.OBSERVED
    if sees_fear_source is None:
        sees_fear_source = self.creature(actor).conditions.has(Condition.FRIGHTENED) and self.sees_fear_source(actor)
    by_charmer = target is not None and social and kind in CHECK_KINDS and actor in self.charmers(target)
    asked = TestQuery.of(
        kind=kind,
        skill=skill,
        trait=trait,
        attack=attack,
        needs_sight=needs_sight,
        needs_hearing=needs_hearing,
        sees_fear_source=sees_fear_source,
    )
    from_conditions = effects_of_query(
        mine,
        theirs,
        asked,
        actor_observed=actor_observed,
        target_observed=target_observed,
        social_by_charmer=by_charmer,
    )
    parts = [from_conditions]
    modifiers: list[Modifier] = []
    fortune: list[str] = []
    misfortune: list[str] = []
    holders = [(actor, Side.ACTOR)] + ([(target, Side.TARGET)] if target is not None else [])
    for holder, side in holders:
        for e in self.applying_on(holder):
            label = f"{e.effect.label} ({e.id})"
            for i in self.creature(holder).conditions.instances:
                if i.effect == e.id:
                    sources.append(f"{i.condition} on {holder}: {label}")
            if e.effect.side is not side or not e.effect.covers(kind) or kind is TestKind.FLAT_ROLL:
                continue
            whose = "" if side is Side.ACTOR else f" on {holder}"
            if e.effect.modifiers:
                modifiers.append(Modifier(value=e.effect.modifiers, source=f"{label}{whose}"))
            if e.effect.fortune:
                fortune.append(f"{label}{whose}")
            if e.effect.misfortune:
                misfortune.append(f"{label}{whose}")
    parts.append(TestEffects(fortune=tuple(fortune), misfortune=tuple(misfortune)))
    combined = attrs.evolve(combine_effects(*parts), fatigue=from_conditions.fatigue)
    return TestContext(effects=combined, modifiers=tuple(modifiers), sources=tuple(sources))
