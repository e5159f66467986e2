"""What Conditions do to a Test: Fortune, Misfortune, automatic failure and the Fatigue penalty.

One query, :func:`effects_on_test`, reads a creature's :class:`~tabletop_core.d20.Conditions`
for one Test, from either side: the creature *making* the Test
(:attr:`Side.ACTOR <tabletop_core.d20.Side.ACTOR>`) or the creature it targets
(:attr:`Side.TARGET <tabletop_core.d20.Side.TARGET>`). The answer is a
:class:`~tabletop_core.d20.TestEffects` with a reason for each instance; pass it
straight to :func:`~tabletop_core.d20.roll_test` as ``effects=``.

Rules applied (implied Conditions included, suppressed ones left out):

* making the Test: Impaired (Misfortune on Tests); Clumsy (Misfortune on Attacks,
  Agility Checks and Body Tests); Frightened (Misfortune on Checks while you can
  see the source of your fear); Surprised (Misfortune on Initiative); Blinded and
  Deafened (fail Tests that need Sight or Hearing); Helpless (no Body Saves: they
  fail); Hidden (those you hide from are Off Guard against you: Fortune on your
  Attacks); Invisible (Fortune on Attacks against creatures that have not Observed
  you); Fatigue (subtracted from the Test Total);
* being targeted: Off Guard (Fortune on Attacks against you); Hidden (Misfortune
  on Attacks against you); Invisible (Misfortune on Attacks against you unless you
  are Observed); Charmed (your charmer has Fortune on Checks to interact socially
  with you).

Attacks and Spells are Checks (Core Rule "Check"), so what applies to Checks applies to them.

Examples:
    >>> from tabletop_core.d20 import Conditions, effects_on_test
    >>> print(effects_on_test(Conditions().add("prone"), kind="attack", side="target"))
    Fortune (target Off Guard (from Prone))
"""

from __future__ import annotations

import attrs

from tabletop_core._frozen import frozen
from tabletop_core._names import parse_enum
from tabletop_core._validate import check_type
from tabletop_core.d20._checks import checked_label
from tabletop_core.d20.conditions import Condition, Conditions, implied_conditions
from tabletop_core.d20.contest import Side
from tabletop_core.d20.test import (
    AttackKind,
    TestEffects,
    TestKind,
    Trait,
    attack_trait,
)

__all__ = ["CHECK_KINDS", "TestQuery", "combine_effects", "effects_between", "effects_of_query", "effects_on_test"]

CHECK_KINDS = frozenset({TestKind.CHECK, TestKind.ATTACK, TestKind.SPELL})
"""The kinds of Test that are Checks: Attacks and Spells are Checks made with a Trait."""


def _why(conditions: Conditions, condition: Condition) -> str:
    """Name a Condition, and what gives it when it is only implied ("Impaired (from Sickened)")."""
    if condition in conditions.present and not conditions.is_suppressed(condition):
        return str(condition)
    roots = [
        str(c)
        for c in Condition
        if c in conditions.present and not conditions.is_suppressed(c) and condition in implied_conditions(c)
    ]
    return f"{condition} (from {', '.join(roots)})"


@frozen(kw_only=True)
class TestQuery:
    """One Test as Conditions read it: its kind and what it uses, each keyword read and checked once.

    :func:`effects_on_test`, :func:`effects_between` and an encounter's
    :meth:`~tabletop_core.d20.Encounter.test_context` take the same keywords for the Test;
    each reads them here (:meth:`of`) and hands the one value on.
    """

    __test__ = False  # not a pytest test class

    kind: TestKind
    skill: str | None
    """The Skill's name, lower-case."""
    trait: Trait | None
    """The Trait given, or the one the attack or a Spell uses."""
    attack: AttackKind | None
    needs_sight: bool
    needs_hearing: bool
    sees_fear_source: bool

    @classmethod
    def of(
        cls,
        *,
        kind: TestKind | str,
        skill: str | None = None,
        trait: Trait | str | None = None,
        attack: AttackKind | str | None = None,
        needs_sight: bool = False,
        needs_hearing: bool = False,
        sees_fear_source: bool = True,
    ) -> TestQuery:
        """Read the keywords of a Test (as for :func:`effects_on_test`).

        Raises:
            InvalidInput: an unknown kind, Trait or attack.
            TypeError: a wrong type.
        """
        kind = TestKind.parse(kind, name="kind")
        attack_kind = None if attack is None else parse_enum(AttackKind, attack, name="attack")
        if trait is not None:
            trait = Trait.parse(trait)
        elif attack_kind is not None:
            trait = attack_trait(attack_kind)
        elif kind is TestKind.SPELL:
            trait = Trait.SOUL
        skill_name = None if skill is None else checked_label("skill", skill).lower()
        for name, flag in (
            ("needs_sight", needs_sight),
            ("needs_hearing", needs_hearing),
            ("sees_fear_source", sees_fear_source),
        ):
            check_type(name, flag, bool)
        return cls(
            kind=kind,
            skill=skill_name,
            trait=trait,
            attack=attack_kind,
            needs_sight=needs_sight,
            needs_hearing=needs_hearing,
            sees_fear_source=sees_fear_source,
        )


def effects_on_test(
    conditions: Conditions,
    *,
    kind: TestKind | str,
    side: Side | str = Side.ACTOR,
    skill: str | None = None,
    trait: Trait | str | None = None,
    attack: AttackKind | str | None = None,
    needs_sight: bool = False,
    needs_hearing: bool = False,
    sees_fear_source: bool = True,
    observed: bool = False,
    social_by_charmer: bool = False,
) -> TestEffects:
    """What a creature's Conditions do to one Test.

    Args:
        conditions: The creature's Conditions.
        kind: The kind of Test (Check, Save, Attack, Spell, Initiative, ...).
        side: ``"actor"`` if the creature makes the Test, ``"target"`` if the Test is made against it.
        skill: The Skill a Check uses (``"Agility"`` matters to Clumsy).
        trait: The Trait a Save, Attack or Spell uses (Body matters to Clumsy and Helpless).
        attack: For an Attack, what it is made with; gives the Trait when *trait* is not given
            (Spells use Soul).
        needs_sight: The Test needs Sight (Blinded fails it).
        needs_hearing: The Test needs Hearing (Deafened fails it).
        sees_fear_source: A Frightened actor can see the source of its fear (the default;
            never while Blinded).
        observed: When the other side is Invisible: whether it has been Observed
            (an Invisible actor's Attacks gain Fortune against creatures that have not
            Observed it; Attacks against an Invisible target gain Misfortune unless it is Observed).
        social_by_charmer: A Check by the creature's charmer to interact socially with it
            (Charmed target: Fortune).

    Returns:
        The :class:`~tabletop_core.d20.TestEffects`, each instance with its reason.

    Raises:
        InvalidInput: an unknown kind, side, Trait or attack.
        TypeError: a wrong type.

    Examples:
        >>> state = Conditions().add("sickened").add("fatigue", value=2)
        >>> print(effects_on_test(state, kind="save", trait="body"))
        Misfortune (Impaired (from Sickened)); Fatigue -2
    """
    check_type("conditions", conditions, Conditions)
    side = parse_enum(Side, side, name="side")
    asked = TestQuery.of(
        kind=kind,
        skill=skill,
        trait=trait,
        attack=attack,
        needs_sight=needs_sight,
        needs_hearing=needs_hearing,
        sees_fear_source=sees_fear_source,
    )
    return _effects_on(conditions, asked, side=side, observed=observed, social_by_charmer=social_by_charmer)


def _effects_on(  # noqa: C901 -- one `if` per Condition the rules text lets touch a Test, read top to bottom like the text
    conditions: Conditions, asked: TestQuery, *, side: Side, observed: object, social_by_charmer: object
) -> TestEffects:
    """:func:`effects_on_test` on a Test already read (*asked*)."""
    check_type("observed", observed, bool)
    check_type("social_by_charmer", social_by_charmer, bool)
    kind, trait, attack, skill_name = asked.kind, asked.trait, asked.attack, asked.skill
    needs_sight, needs_hearing, sees_fear_source = asked.needs_sight, asked.needs_hearing, asked.sees_fear_source
    active = conditions.active
    fortune: list[str] = []
    misfortune: list[str] = []
    failure: list[str] = []
    is_check = kind in CHECK_KINDS
    is_attack = kind is TestKind.ATTACK or (kind is TestKind.SPELL and attack is not None)

    def why(condition: Condition) -> str:
        return _why(conditions, condition)

    if side is Side.ACTOR:
        if kind is TestKind.FLAT_ROLL:
            # A Flat Roll reads the bare die; Conditions that change Tests do not touch it.
            return TestEffects()
        if Condition.IMPAIRED in active:
            misfortune.append(why(Condition.IMPAIRED))
        if Condition.CLUMSY in active:
            agility = kind is TestKind.CHECK and skill_name == "agility"
            if is_attack or agility or trait is Trait.BODY:
                misfortune.append(why(Condition.CLUMSY))
        # "While you can see your source of fear": a Blinded creature sees nothing.
        if Condition.FRIGHTENED in active and is_check and sees_fear_source and Condition.BLINDED not in active:
            misfortune.append(why(Condition.FRIGHTENED))
        if Condition.SURPRISED in active and kind is TestKind.INITIATIVE:
            misfortune.append(why(Condition.SURPRISED))
        if Condition.BLINDED in active and needs_sight:
            failure.append(f"{why(Condition.BLINDED)}: needs Sight")
        if Condition.DEAFENED in active and needs_hearing:
            failure.append(f"{why(Condition.DEAFENED)}: needs Hearing")
        if Condition.HELPLESS in active and kind is TestKind.SAVE and trait is Trait.BODY:
            failure.append(f"{why(Condition.HELPLESS)}: no Body Saves")
        if Condition.HIDDEN in active and is_attack:
            fortune.append(f"{why(Condition.HIDDEN)}: target Off Guard against you")
        if Condition.INVISIBLE in active and is_attack and not observed:
            fortune.append(f"{why(Condition.INVISIBLE)}: target has not Observed you")
        return TestEffects(
            fortune=tuple(fortune),
            misfortune=tuple(misfortune),
            automatic_failure=tuple(failure),
            fatigue=conditions.fatigue,
        )

    if is_attack:
        if Condition.OFF_GUARD in active:
            fortune.append(f"target {why(Condition.OFF_GUARD)}")
        if Condition.HIDDEN in active:
            misfortune.append(f"target {why(Condition.HIDDEN)}")
        if Condition.INVISIBLE in active and not observed:
            misfortune.append(f"target {why(Condition.INVISIBLE)}")
    if Condition.CHARMED in active and kind is TestKind.CHECK and social_by_charmer:
        fortune.append(f"target {why(Condition.CHARMED)} by you")
    return TestEffects(fortune=tuple(fortune), misfortune=tuple(misfortune))


def combine_effects(*effects: TestEffects) -> TestEffects:
    """Put several :class:`~tabletop_core.d20.TestEffects` together (instances listed, Fatigue added)."""
    for i, item in enumerate(effects):
        check_type(f"effects[{i}]", item, TestEffects)
    return TestEffects(
        fortune=tuple(r for e in effects for r in e.fortune),
        misfortune=tuple(r for e in effects for r in e.misfortune),
        automatic_failure=tuple(r for e in effects for r in e.automatic_failure),
        fatigue=sum(e.fatigue for e in effects),
    )


def effects_between(
    actor: Conditions,
    target: Conditions | None,
    *,
    kind: TestKind | str,
    skill: str | None = None,
    trait: Trait | str | None = None,
    attack: AttackKind | str | None = None,
    needs_sight: bool = False,
    needs_hearing: bool = False,
    sees_fear_source: bool = True,
    actor_observed: bool = False,
    target_observed: bool = False,
    social_by_charmer: bool = False,
) -> TestEffects:
    """The effects of both creatures' Conditions on a Test one makes against the other.

    *actor_observed*: the target has Observed the actor (matters if the actor is
    Invisible); *target_observed*: the actor has Observed the target (matters if
    the target is Invisible). The Fatigue is the actor's. Other arguments are as
    for :func:`effects_on_test`. With *target* ``None`` (a Test made against no
    creature) only the actor's Conditions count.

    Examples:
        >>> attacker = Conditions().add("sickened")
        >>> target = Conditions().add("restrained")
        >>> print(effects_between(attacker, target, kind="attack", attack="melee"))
        Fortune (target Off Guard (from Restrained)); Misfortune (Impaired (from Sickened)); they cancel: no d6
    """
    asked = TestQuery.of(
        kind=kind,
        skill=skill,
        trait=trait,
        attack=attack,
        needs_sight=needs_sight,
        needs_hearing=needs_hearing,
        sees_fear_source=sees_fear_source,
    )
    return effects_of_query(
        actor,
        target,
        asked,
        actor_observed=actor_observed,
        target_observed=target_observed,
        social_by_charmer=social_by_charmer,
    )


def effects_of_query(
    actor: Conditions,
    target: Conditions | None,
    asked: TestQuery,
    *,
    actor_observed: bool = False,
    target_observed: bool = False,
    social_by_charmer: bool = False,
) -> TestEffects:
    """:func:`effects_between` on a Test already read (:meth:`TestQuery.of`)."""
    if target is not None:
        check_type("target", target, Conditions)
    check_type("actor", actor, Conditions)
    check_type("asked", asked, TestQuery)
    mine = _effects_on(actor, asked, side=Side.ACTOR, observed=actor_observed, social_by_charmer=False)
    if target is None:
        return mine
    theirs = _effects_on(target, asked, side=Side.TARGET, observed=target_observed, social_by_charmer=social_by_charmer)
    return attrs.evolve(combine_effects(mine, theirs), fatigue=mine.fatigue)
