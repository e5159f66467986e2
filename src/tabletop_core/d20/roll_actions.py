"""Saves and Checks as encounter actions: their dice go in the event log, and Effects apply by the result.

Core Rules "Save" ("Roll 1d20 + Trait + Modifiers"), "Check" ("Roll 1d20 + Skill +
Modifiers") and the Test Results: the common Spell shape, a Save and then an Effect by
its result, is one action (:class:`RollSave`), and so is a Check whose Success does
something (:class:`RollCheck`). Re-exported by :mod:`tabletop_core.d20.actions`.

Examples:
    >>> import tabletop_core as tc
    >>> from tabletop_core import d20
    >>> from tabletop_core.d20 import actions
    >>> fight = d20.Encounter.of(d20.Combatant(name="Bo", creature=d20.Creature(max_hp=8), body=2))
    >>> burn = d20.Effect(name="Fireball", creator="GM", damage=6, energy="fire")
    >>> step = fight.apply(actions.RollSave(targets=["Bo"], trait="body", purpose="Fireball", on_failure=burn),
    ...                    rng=tc.ScriptedDice([6]))
    >>> print(step)
    Bo (Body Save against Fireball): Save 6 + 2 = 8 · Mid Stakes -> Failure
    Fireball by GM on Bo: 6 fire Damage
    Bo takes 6 fire Damage from Fireball by GM: HP 2
"""

from __future__ import annotations

import attrs

from tabletop_core._frozen import frozen
from tabletop_core._validate import int_field, of_type
from tabletop_core.d20._fields import modifier_field, optional_name_field, stakes_of, text_field
from tabletop_core.d20._members import member
from tabletop_core.d20.action_base import Action, target_names
from tabletop_core.d20.effect import Effect
from tabletop_core.d20.stakes import Outcome, Stakes
from tabletop_core.d20.test import TestKind, Trait
from tabletop_core.errors import InvalidInput

__all__ = ["RollCheck", "RollSave"]


def _trait(value: object) -> Trait:
    return member(Trait, "trait", value)


def _optional_effect(value: object) -> Effect | None:
    if value is None or isinstance(value, Effect):
        return value
    raise TypeError(f"an Effect by a result must be an Effect or None, got {type(value).__name__}")


def _kind(value: object) -> TestKind:
    kind = member(TestKind, "kind", value)
    if kind not in (TestKind.CHECK, TestKind.TEST):
        raise InvalidInput(f"kind must be check or test (a Save is RollSave), got {kind.name.lower()}")
    return kind


def _results(success: Effect | None, setback: Effect | None, failure: Effect | None) -> str:
    """`` (Success: Shove; Failure: Burn)``: the Effects by result, for ``str()``."""
    named = (("Success", success), ("Setback", setback), ("Failure", failure))
    parts = [f"{name}: {effect.name}" for name, effect in named if effect is not None]
    return f" ({'; '.join(parts)})" if parts else ""


@frozen(kw_only=True)
class RollSave(Action):
    """Creatures make a Save, then the Effect for each one's result resolves on it.

    "Saves are Tests your GM calls for when you take reactive, automatic, or forced actions":
    no AP, on or off a Turn, and outside Rounds too. Each Target rolls 1d20 + its own Trait
    (:meth:`Combatant.trait_value <tabletop_core.d20.Combatant.trait_value>`) + *modifier*,
    with its Conditions and the Effects on it (Helpless: no Body Saves; Blinded: no Test
    that needs Sight), in the order listed; then each result's Effect resolves on the
    Targets with that result.

    Args:
        targets: The creatures that save.
        trait: Body, Mind or Soul.
        stakes: The Save's Stakes.
        modifier: A Modifier every Target adds (the Effect's, the GM's).
        purpose: What it is against (shown in the events, names the Modifier).
        on_success: The Effect a Success applies (``None``: nothing).
        on_setback: The Effect a Setback applies.
        on_failure: The Effect a Failure applies.
        needs_sight: The Save needs Sight.
        needs_hearing: The Save needs Hearing.
    """

    targets: tuple[str, ...] = attrs.field(converter=target_names)
    trait: Trait = attrs.field(converter=_trait)
    stakes: Stakes = attrs.field(default=Stakes.MID, converter=stakes_of)
    modifier: int = modifier_field()
    purpose: str = text_field("purpose", strip=True, default="")
    on_success: Effect | None = attrs.field(default=None, converter=_optional_effect)
    on_setback: Effect | None = attrs.field(default=None, converter=_optional_effect)
    on_failure: Effect | None = attrs.field(default=None, converter=_optional_effect)
    needs_sight: bool = attrs.field(default=False, validator=of_type(bool))
    needs_hearing: bool = attrs.field(default=False, validator=of_type(bool))

    def by_result(self, outcome: Outcome) -> Effect | None:
        """The Effect a Save with this *outcome* applies (``None``: nothing)."""
        return _by_result(outcome, self.on_success, self.on_setback, self.on_failure)

    def __str__(self) -> str:
        against = f" against {self.purpose}" if self.purpose else ""
        results = _results(self.on_success, self.on_setback, self.on_failure)
        return f"{', '.join(self.targets)}: {self.trait} Save{against}{results}"


@frozen(kw_only=True)
class RollCheck(Action):
    """A creature makes a Check (or a plain Test), then the Effect for its result resolves.

    "Checks are Tests your GM calls for when you take proactive, deliberate actions": 1d20 +
    Skill + Modifiers, with the creature's Conditions and Effects and, when made against a
    *target*, the target's (Frightened: Misfortune while it sees the source of its fear).
    Acting ends Hidden. The result's Effect resolves on *targets* (default: the *target*,
    else the creature itself).

    Args:
        creature: Who makes it (``None``: the creature whose Turn it is).
        skill: The Skill it uses (``"Brawn"``), named in the roll.
        modifier: The Skill's value and other Modifiers.
        stakes: Its Stakes.
        kind: ``"check"`` or ``"test"`` (a Test the GM calls for that is no Check).
        target: Whom it is made against, if anyone.
        targets: Where the result's Effect resolves.
        social: A Check to interact socially with *target* (Charmed by you: Fortune).
        purpose: What it is for (shown in the events).
        ap: Its Action's Cost (default 0: the Action it is part of pays).
        on_success: The Effect a Success applies.
        on_setback: The Effect a Setback applies.
        on_failure: The Effect a Failure applies.
        needs_sight: It needs Sight.
        needs_hearing: It needs Hearing.
    """

    creature: str | None = optional_name_field("creature")
    skill: str | None = optional_name_field("skill")
    modifier: int = modifier_field()
    stakes: Stakes = attrs.field(default=Stakes.MID, converter=stakes_of)
    kind: TestKind = attrs.field(default=TestKind.CHECK, converter=_kind)
    target: str | None = optional_name_field("target")
    targets: tuple[str, ...] = attrs.field(default=(), converter=target_names)
    social: bool = attrs.field(default=False, validator=of_type(bool))
    purpose: str = text_field("purpose", strip=True, default="")
    ap: int = int_field(low=0, high=1000, default=0)
    on_success: Effect | None = attrs.field(default=None, converter=_optional_effect)
    on_setback: Effect | None = attrs.field(default=None, converter=_optional_effect)
    on_failure: Effect | None = attrs.field(default=None, converter=_optional_effect)
    needs_sight: bool = attrs.field(default=False, validator=of_type(bool))
    needs_hearing: bool = attrs.field(default=False, validator=of_type(bool))

    @property
    def label(self) -> str:
        """``"Brawn Check against Bo"``: what the events call it."""
        what = f"{self.skill} {self.kind}" if self.skill else str(self.kind)
        if self.purpose:
            what = f"{what} ({self.purpose})"
        return f"{what} against {self.target}" if self.target else what

    def by_result(self, outcome: Outcome) -> Effect | None:
        """The Effect a Check with this *outcome* applies (``None``: nothing)."""
        return _by_result(outcome, self.on_success, self.on_setback, self.on_failure)

    def __str__(self) -> str:
        who = f"{self.creature}: " if self.creature else ""
        return f"{who}{self.label}{_results(self.on_success, self.on_setback, self.on_failure)}"


def _by_result(
    outcome: Outcome, success: Effect | None, setback: Effect | None, failure: Effect | None
) -> Effect | None:
    if outcome is Outcome.SUCCESS:
        return success
    return setback if outcome is Outcome.SETBACK else failure
