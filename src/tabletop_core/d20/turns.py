"""Turns and time for one creature: Action Points, HP and Damage, dying and recovering.

:class:`Creature` is a frozen state (HP, Temporary HP, Soul, Conditions, base
Action Points); every event returns a new one.

* **Action Points** (:func:`action_points`): the base is a parameter, default 3,
  an assumption: the text only says Slowed gives "only 2 AP" and Hasted "1
  additional AP", and 3 fits both. Incapacitated creatures can't spend AP: 0.
* **Staggered at 0 HP**: dropping to 0 HP gives Staggered, Doomed (Rounds) and 1
  Fatigue. At the start of the next Turn the Doomed value is rolled: 1d4 + Soul,
  minimum 1. At the end of each Round it drops by 1; at 0 the creature is Defeated.
  A Medic's Kit used first makes the creature Stable: 0 HP, Unconscious, waking
  after 1d4 hours with 1 HP; taking Damage or gaining HP ends Stable.
* **Persistent Damage**: at the end of the Turn take it (the highest per Energy),
  then a Mid Stakes Flat Roll per Energy: Success ends it, Setback makes the next
  roll Low Stakes.
* **Sickened** (Mid Stakes Body Save) and **Restrained** (Mid Stakes Brawn Check):
  1 AP to try to end them (:meth:`Creature.roll_to_end`).
* **Fatigue**: gained with Staggered; Defeated at 10; a Long Rest removes 1.

Examples:
    >>> from tabletop_core.d20 import Creature
    >>> import tabletop_core as tc
    >>> hero = Creature(max_hp=10, hp=3, soul=2).take_damage(5)
    >>> sorted(c.value for c in hero.conditions.present), hero.conditions.fatigue, hero.hp
    (['Doomed', 'Fatigue', 'Staggered'], 1, 0)
    >>> start = hero.start_turn(rng=tc.ScriptedDice([1]))
    >>> print(start)
    Turn starts: 2 AP; Doomed = d4(1) + Soul 2 = 3
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, ClassVar

import attrs

from tabletop_core._frozen import frozen
from tabletop_core._record import Record
from tabletop_core._validate import check_int, check_type, clip, int_field, of_type
from tabletop_core.d20._checks import checked_label, iterable_of
from tabletop_core.d20.condition_kinds import _condition
from tabletop_core.d20.conditions import STAGGERED_SOURCE, Condition, Conditions, Duration
from tabletop_core.d20.effects import effects_on_test
from tabletop_core.d20.stakes import Outcome, Stakes
from tabletop_core.d20.test import (
    MODIFIER_LIMIT,
    Modifier,
    TestKind,
    TestRoll,
    Trait,
    resolve_test,
    roll_test,
)
from tabletop_core.d20.turn_rules import (
    DEFAULT_ACTION_POINTS,
    SLOWED_ACTION_POINTS,
    _recover,
    _stagger,
    action_points,
    resolve_doomed,
)
from tabletop_core.d20.turn_rules import END_ROLL_AP as END_ROLL_AP  # importable from here, as it always was
from tabletop_core.errors import InvalidInput, RuleError
from tabletop_core.rng import dice_source

if TYPE_CHECKING:
    from tabletop_core.rng import RngLike  # read by the type checker only: at run time the alias imports numpy

__all__ = [
    "DEFAULT_ACTION_POINTS",
    "SLOWED_ACTION_POINTS",
    "Creature",
    "EndAttempt",
    "TurnEnd",
    "TurnStart",
    "action_points",
    "resolve_doomed",
]

MAX_HP = 10**9
"""The most HP a creature may have in this library."""


def _conditions(value: object) -> Conditions:
    return check_type("conditions", value, Conditions)


@frozen(kw_only=True)
class Creature(Record):
    """One creature's HP, Temporary HP, Soul, Conditions and base Action Points.

    Args:
        max_hp: Maximum Hit Points, at least 1.
        hp: Current Hit Points, 0..max_hp (defaults to max_hp).
        temp_hp: Temporary HP, absorbed before HP.
        soul: The Soul Trait (for the Doomed roll at 0 HP).
        conditions: The creature's Conditions.
        base_action_points: AP per Turn before Conditions; default 3 (an assumption, see the module).

    Raises:
        InvalidInput: a value out of range (``hp`` above ``max_hp``, negative HP).
        TypeError: a wrong type.
    """

    _derived: ClassVar[tuple[str, ...]] = ("action_points", "is_defeated")

    max_hp: int = int_field(low=1, high=MAX_HP)
    hp: int = attrs.field(default=None)
    temp_hp: int = int_field(low=0, high=MAX_HP, default=0)
    soul: int = int_field(low=-MODIFIER_LIMIT, high=MODIFIER_LIMIT, default=0)
    conditions: Conditions = attrs.field(factory=Conditions, converter=_conditions)
    base_action_points: int = int_field(low=0, high=1000, default=DEFAULT_ACTION_POINTS)

    def __attrs_post_init__(self) -> None:
        hp = self.max_hp if self.hp is None else check_int("hp", self.hp, low=0, high=self.max_hp)
        object.__setattr__(self, "hp", hp)

    # -- reading -------------------------------------------------------------------

    @property
    def action_points(self) -> int:
        """AP gained at the start of a Turn with the current Conditions."""
        return action_points(self.conditions, base=self.base_action_points)

    @property
    def is_defeated(self) -> bool:
        """Whether the creature is Defeated."""
        return Condition.DEFEATED in self.conditions.present

    @property
    def doomed(self) -> int | None:
        """The Doomed value of Staggered at 0 HP (``None``: not Doomed, or still to roll)."""
        return self.conditions.doomed.get(STAGGERED_SOURCE)

    @property
    def doomed_roll_due(self) -> bool:
        """Whether the Doomed value of Staggered at 0 HP is still to roll (at the start of the next Turn)."""
        return STAGGERED_SOURCE in self.conditions.doomed and self.doomed is None

    def _with(self, **changes: object) -> Creature:
        return attrs.evolve(self, **changes)  # type: ignore[arg-type]  # attrs checks the fields

    # -- HP and Damage -------------------------------------------------------------

    def take_damage(self, amount: int) -> Creature:
        """Take Damage: Temporary HP absorbs it first, then HP (never below 0).

        Dropping to 0 HP gives Staggered, Doomed (to roll at the start of the next
        Turn) and 1 Fatigue. Damage ends Stable; a Stable creature at 0 HP that takes
        Damage is Staggered again (an assumption: the text does not say). Petrified
        creatures can't lose HP: nothing changes.
        """
        amount = check_int("amount", amount, low=0, high=MAX_HP)
        conditions = self.conditions
        if amount == 0 or conditions.has(Condition.PETRIFIED):
            return self
        absorbed = min(self.temp_hp, amount)
        hp = max(0, self.hp - (amount - absorbed))
        was_stable = Condition.STABLE in conditions.present
        conditions = conditions.remove(Condition.STABLE)  # "Ends when: You take Damage."
        dropped = self.hp > 0 and hp == 0
        if (dropped or (was_stable and hp == 0)) and Condition.DEFEATED not in conditions.present:
            conditions = _stagger(conditions)
        return self._with(temp_hp=self.temp_hp - absorbed, hp=hp, conditions=conditions)

    def heal(self, amount: int) -> Creature:
        """Regain HP (up to max_hp). Gaining HP from 0 ends Stable and Staggered (and its Doomed).

        Raises:
            RuleError: the creature is Defeated (it can't receive Healing; see :meth:`revive`).
        """
        amount = check_int("amount", amount, low=0, high=MAX_HP)
        if self.is_defeated:
            raise RuleError("a Defeated creature can't receive Healing; revive it with at least 1 HP")
        if amount == 0 or self.conditions.has(Condition.PETRIFIED):
            return self
        hp = min(self.max_hp, self.hp + amount)
        conditions = self.conditions
        if self.hp == 0:
            conditions = _recover(conditions)
        return self._with(hp=hp, conditions=conditions)

    def gain_temporary_hp(self, amount: int) -> Creature:
        """Gain Temporary HP; the higher amount is kept.

        Temporary HP sets its own stacking, which the text does not give: keeping
        the higher amount (they do not add up) is an assumption.
        """
        amount = check_int("amount", amount, low=0, high=MAX_HP)
        return self._with(temp_hp=max(self.temp_hp, amount))

    def revive(self, hp: int) -> Creature:
        """Revive a Defeated creature with at least 1 HP: Defeated ends.

        Raises:
            RuleError: the creature is not Defeated.
        """
        hp = check_int("hp", hp, low=1, high=self.max_hp)
        if not self.is_defeated:
            raise RuleError("only a Defeated creature can be revived")
        return self._with(hp=hp, conditions=_recover(self.conditions.remove(Condition.DEFEATED)))

    def dispatch(self) -> Creature:
        """A Dispatch succeeds against the creature: at 0 HP it is Defeated.

        Raises:
            RuleError: the creature is not Helpless (Dispatch needs a Helpless Target) or not at 0 HP.
        """
        refusal = self._dispatch_refusal()
        if refusal is not None:
            raise RuleError(refusal)
        return self._with(conditions=self.conditions.add(Condition.DEFEATED, source="Dispatch"))

    def _dispatch_refusal(self) -> str | None:
        """Why a Dispatch can't succeed against the creature now, or ``None`` (it is Helpless at 0 HP)."""
        if not self.conditions.has(Condition.HELPLESS):
            return "Dispatch needs a Helpless Target"
        if self.hp != 0:
            return f"a Dispatch defeats a creature at 0 HP; this one has {self.hp} HP"
        return None

    def shatter(self) -> Creature:
        """The Petrified creature's stone form shatters: it is Defeated.

        Raises:
            RuleError: the creature is not Petrified.
        """
        if Condition.PETRIFIED not in self.conditions.present:
            raise RuleError("only a Petrified creature's stone form can shatter")
        return self._with(conditions=self.conditions.add(Condition.DEFEATED, source="stone form shattered"))

    # -- Staggered at 0 HP ---------------------------------------------------------

    def stabilize(self, *, hours: int) -> Creature:
        """A Medic's Kit used on the creature, with the 1d4 already rolled: it becomes Stable.

        Stable: no longer Staggered (its Doomed ends), 0 HP, Unconscious; after
        *hours* it wakes with 1 HP (see :meth:`pass_time`).

        Raises:
            RuleError: the creature is not Staggered at 0 HP (or is Defeated).
        """
        hours = check_int("hours", hours, low=1, high=4)
        if not self._can_be_stabilized():
            raise RuleError("a Medic's Kit makes a creature Stable only while it is Staggered with 0 HP")
        return self._with(
            conditions=self.conditions.add(Condition.STABLE, duration=Duration.of(hours=hours), source="Medic's Kit")
        )

    def _can_be_stabilized(self) -> bool:
        """Whether a Medic's Kit would make it Stable now: Staggered with 0 HP, not Defeated."""
        return not self.is_defeated and self.hp == 0 and Condition.STAGGERED in self.conditions.present

    def use_medics_kit(self, *, rng: RngLike = None) -> Creature:
        """Roll the 1d4 hours and make the creature Stable (see :meth:`stabilize`)."""
        self.stabilize(hours=1)  # check the rule before rolling: a refused call uses no dice
        return self.stabilize(hours=dice_source(rng).roll(4))

    # -- Turns and Rounds ------------------------------------------------------------

    def resolve_start_turn(self, *, doomed_d4: int | None = None) -> TurnStart:
        """Start the creature's Turn with the dice given (pure).

        Surprised ends. If the Doomed value of Staggered at 0 HP is still to roll,
        *doomed_d4* is required (and refused otherwise): Doomed = 1d4 + Soul, minimum 1.

        Raises:
            InvalidInput: *doomed_d4* missing when needed, or given when not.
        """
        pending = self.doomed_roll_due
        if pending and doomed_d4 is None:
            raise InvalidInput("doomed_d4 must be given (1..4): the Doomed value of Staggered at 0 HP is to be rolled")
        if not pending and doomed_d4 is not None:
            raise InvalidInput(f"doomed_d4 must be None: there is no Doomed value to roll, got {clip(doomed_d4)}")
        conditions = self.conditions.remove(Condition.SURPRISED)
        value = None
        if doomed_d4 is not None:
            value = resolve_doomed(d4=doomed_d4, soul=self.soul)
            conditions = conditions.set_doomed(value, source=STAGGERED_SOURCE)
        creature = self._with(conditions=conditions)
        return TurnStart(creature=creature, action_points=creature.action_points, doomed_d4=doomed_d4)

    def start_turn(self, *, rng: RngLike = None) -> TurnStart:
        """Start the creature's Turn, rolling the Doomed d4 when one is due."""
        return self.resolve_start_turn(doomed_d4=dice_source(rng).roll(4) if self.doomed_roll_due else None)

    def _persistent_energies(self) -> list[str]:
        return list(self.conditions.persistent_damage)

    def resolve_end_turn(self, *, flat_rolls: Sequence[int] = ()) -> TurnEnd:
        """End the creature's Turn with the dice given (pure): Persistent Damage.

        Take the Persistent Damage (the highest per Energy, all Energies added;
        none while Petrified, which pauses ongoing Effects, and then no roll either),
        then one Flat Roll per Energy still present, in Energy name order: Mid
        Stakes, or Low right after a Setback. Success ends that Energy's Persistent
        Damage; Setback makes its next roll Low Stakes; Failure leaves the next
        roll at Mid Stakes (only the roll right after a Setback is Low).

        Args:
            flat_rolls: One d20 per Energy (see :meth:`flat_rolls_needed`).

        Raises:
            InvalidInput: the wrong number of flat rolls, or one outside 1..20.
        """
        if isinstance(flat_rolls, (str, bytes)) or not isinstance(flat_rolls, Sequence):
            raise TypeError(f"flat_rolls must be a sequence of ints, got {type(flat_rolls).__name__}")
        rolls_given = [check_int(f"flat_rolls[{i}]", r, low=1, high=20) for i, r in enumerate(flat_rolls)]
        damage_by_energy = self.conditions.persistent_damage
        damage = sum(damage_by_energy.values())
        creature = self.take_damage(damage)
        energies = creature._persistent_energies()
        if len(rolls_given) != len(energies):
            raise InvalidInput(
                f"flat_rolls must hold one d20 per Energy of Persistent Damage ({len(energies)}), "
                f"got {len(rolls_given)}"
            )
        conditions = creature.conditions
        results: list[TestRoll] = []
        for energy, flat_roll in zip(energies, rolls_given, strict=True):
            burning = [i for i in conditions.instances_of(Condition.PERSISTENT_DAMAGE) if i.energy == energy]
            easier = any(i.easier_end for i in burning)
            roll = resolve_test(
                flat_roll=flat_roll, stakes=Stakes.LOW if easier else Stakes.MID, kind=TestKind.FLAT_ROLL
            )
            results.append(roll)
            if roll.outcome is Outcome.SUCCESS:
                conditions = attrs.evolve(
                    conditions, instances=tuple(i for i in conditions.instances if i not in burning)
                )
            else:
                # A Setback makes the next roll Low Stakes; a Failure uses that up: the roll after is Mid again.
                conditions = conditions.mark_easier_end(
                    Condition.PERSISTENT_DAMAGE, energy=energy, easier=roll.outcome is Outcome.SETBACK
                )
        return TurnEnd(
            creature=creature._with(conditions=conditions),
            damage=damage,
            energies=tuple(energies),
            rolls=tuple(results),
        )

    def flat_rolls_needed(self) -> int:
        """How many Flat Rolls ending the Turn needs (one per Energy of Persistent Damage left after it hurts)."""
        damage = sum(self.conditions.persistent_damage.values())
        return len(self.take_damage(damage)._persistent_energies())

    def end_turn(self, *, rng: RngLike = None) -> TurnEnd:
        """End the creature's Turn, rolling a Flat Roll per Energy of Persistent Damage."""
        needed = self.flat_rolls_needed()
        source = dice_source(rng)
        return self.resolve_end_turn(flat_rolls=[source.roll(20) for _ in range(needed)])

    def end_round(self) -> Creature:
        """The Round ends: the Doomed of Staggered at 0 HP drops by 1 (Defeated at 0), then 1 Round passes.

        While Petrified, ongoing Effects on the creature pause: the Doomed value holds.
        """
        return self._doomed_counts_down().pass_time(rounds=1)

    def _doomed_counts_down(self) -> Creature:
        """The Round ends: "reduce your Doomed value by 1" (held while Petrified pauses it)."""
        value = self.doomed
        if value is None or self.conditions.effects_paused:
            return self
        return self._with(conditions=self.conditions.set_doomed(value - 1, source=STAGGERED_SOURCE))  # 0: Defeated

    def _run_time(self, rounds: int, anchor: str | None) -> Creature:
        """The encounter's clock: the Durations counted from *anchor*'s Turn run *rounds* (Stable ending wakes it)."""
        conditions, ended = self.conditions._run_time(rounds, anchor)
        if conditions is self.conditions:
            return self
        hp = self.hp
        if any(i.condition is Condition.STABLE for i in ended) and hp == 0:
            hp = 1  # "After 1d4 hours, you wake with 1 HP."
        return self._with(conditions=conditions, hp=hp)

    def pass_time(self, *, rounds: int = 0, minutes: int = 0, hours: int = 0, days: int = 0) -> Creature:
        """Let time pass for the creature's Conditions; Stable running out wakes it with 1 HP."""
        conditions, ended = self.conditions.advance_report(rounds=rounds, minutes=minutes, hours=hours, days=days)
        hp = self.hp
        if any(i.condition is Condition.STABLE for i in ended) and hp == 0:
            hp = 1  # "After 1d4 hours, you wake with 1 HP."
        return self._with(conditions=conditions, hp=hp)

    def long_rest(self) -> Creature:
        """Finish a Long Rest: remove 1 Fatigue (if any)."""
        if not self.conditions.instances_of(Condition.FATIGUE):
            return self
        return self._with(conditions=self.conditions.reduce(Condition.FATIGUE))

    # -- rolls to end a Condition --------------------------------------------------

    def end_roll_kind(self, condition: Condition | str) -> tuple[TestKind, Trait | None, str | None, Stakes]:
        """The Test that tries to end *condition*: (kind, Trait, Skill, Stakes).

        Sickened: a Body Save. Restrained: a Brawn Check. Mid Stakes, or Low after a Setback.

        Raises:
            RuleError: the creature does not have the Condition, or no roll ends it.
        """
        condition = Condition.parse(condition)
        if condition not in (Condition.SICKENED, Condition.RESTRAINED):
            raise RuleError(f"no roll ends {condition} (rolls end Sickened and Restrained; see end_turn)")
        instances = self.conditions.instances_of(condition)
        if not instances:
            raise RuleError(f"the creature is not {condition}")
        stakes = Stakes.LOW if any(i.easier_end for i in instances) else Stakes.MID
        if condition is Condition.SICKENED:
            return TestKind.SAVE, Trait.BODY, None, stakes
        return TestKind.CHECK, None, "Brawn", stakes

    def apply_end_roll(self, condition: Condition | str, roll: TestRoll) -> EndAttempt:
        """Apply a roll made to end *condition* (pure).

        Success ends it; a Setback on Sickened makes the next roll Low Stakes, and
        a Failure puts the roll after it back to Mid Stakes.
        """
        condition = Condition.parse(condition)
        self.end_roll_kind(condition)
        check_type("roll", roll, TestRoll)
        conditions = self.conditions
        if roll.outcome is Outcome.SUCCESS:
            conditions = conditions.remove(condition)
        elif condition is Condition.SICKENED:
            # A Setback makes only the next roll Low Stakes: after a Failure the roll after is Mid again.
            conditions = conditions.mark_easier_end(condition, easier=roll.outcome is Outcome.SETBACK)
        return EndAttempt(condition=condition, roll=roll, creature=self._with(conditions=conditions))

    def roll_to_end(self, condition: Condition | str, *, modifier: int = 0, rng: RngLike = None) -> EndAttempt:
        """Spend 1 AP (the caller tracks AP) and roll to end Sickened or Restrained.

        The creature's Conditions apply to the roll (Sickened gives Impaired:
        Misfortune; Fatigue counts).

        Args:
            condition: Sickened or Restrained.
            modifier: The creature's Body (Sickened) or Brawn (Restrained).
            rng: Where the dice come from.
        """
        kind, trait, skill, stakes = self.end_roll_kind(condition)
        modifier = check_int("modifier", modifier, low=-MODIFIER_LIMIT, high=MODIFIER_LIMIT)
        named = Modifier.trait(trait, modifier) if trait is not None else Modifier.skill(skill or "Brawn", modifier)
        effects = effects_on_test(self.conditions, kind=kind, trait=trait, skill=skill)
        roll = roll_test(stakes=stakes, modifier=named, kind=kind, effects=effects, rng=rng)
        return self.apply_end_roll(condition, roll)

    def __str__(self) -> str:
        temp = f" +{self.temp_hp} temp" if self.temp_hp else ""
        return f"HP {self.hp}/{self.max_hp}{temp}, Soul {self.soul:+d}: {self.conditions}"


def _optional_d4(value: object) -> int | None:
    return None if value is None else check_int("doomed_d4", value, low=1, high=4)


def _energies(value: object) -> tuple[str, ...]:
    return tuple(
        checked_label(f"energies[{i}]", energy) for i, energy in enumerate(iterable_of("energies", str, value))
    )


def _rolls(value: object) -> tuple[TestRoll, ...]:
    return iterable_of("rolls", TestRoll, value)


@frozen(kw_only=True)
class TurnStart(Record):
    """The start of a Turn: the creature after it, its AP, and the Doomed d4 if one was rolled."""

    creature: Creature = attrs.field(validator=of_type(Creature))
    action_points: int = int_field(low=0)
    doomed_d4: int | None = attrs.field(default=None, converter=_optional_d4)

    def __attrs_post_init__(self) -> None:
        # doomed_d4 is free within 1..4: the Doomed value it set may since be reduced.
        if self.action_points != self.creature.action_points:
            raise InvalidInput(
                f"action_points must be the creature's {self.creature.action_points} at the start of its Turn"
            )

    def __str__(self) -> str:
        text = f"Turn starts: {self.action_points} AP"
        if self.doomed_d4 is not None:
            soul = self.creature.soul
            text += f"; Doomed = d4({self.doomed_d4}) + Soul {soul} = {self.creature.doomed}"
            if self.doomed_d4 + soul < 1:
                text += " (minimum 1)"
        return text


@frozen(kw_only=True)
class TurnEnd(Record):
    """The end of a Turn: Persistent Damage taken, and the Flat Roll for each Energy."""

    creature: Creature = attrs.field(validator=of_type(Creature))
    damage: int = int_field(low=0)
    energies: tuple[str, ...] = attrs.field(default=(), converter=_energies)
    rolls: tuple[TestRoll, ...] = attrs.field(default=(), converter=_rolls)

    def __attrs_post_init__(self) -> None:
        # damage is free (>= 0): it came from the creature before the Turn ended, not stored here.
        if len(self.energies) != len(self.rolls):
            raise InvalidInput(
                f"a TurnEnd has one roll per Energy: {len(self.energies)} energies, {len(self.rolls)} rolls"
            )

    def __str__(self) -> str:
        if not self.damage and not self.rolls:
            return "Turn ends"
        parts = [f"Turn ends: {self.damage} Persistent Damage"]
        for energy, roll in zip(self.energies, self.rolls, strict=True):
            verdict = {
                Outcome.SUCCESS: "ends",
                Outcome.SETBACK: "next roll Low Stakes",
                Outcome.FAILURE: "continues",
            }[roll.outcome]
            parts.append(f"{energy}: {roll} -> {verdict}")
        return "; ".join(parts)


@frozen(kw_only=True)
class EndAttempt(Record):
    """A roll to end a Condition (Sickened, Restrained) and the creature after it."""

    _derived: ClassVar[tuple[str, ...]] = ("ended",)

    condition: Condition = attrs.field(converter=_condition)
    roll: TestRoll = attrs.field(validator=of_type(TestRoll))
    creature: Creature = attrs.field(validator=of_type(Creature))

    @property
    def ended(self) -> bool:
        """Whether the Condition ended."""
        return self.roll.outcome is Outcome.SUCCESS

    def __str__(self) -> str:
        return f"{self.roll} -> {self.condition} {'ends' if self.ended else 'continues'}"
