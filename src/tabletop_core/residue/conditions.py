"""Conditions on the Wanderer: lasting rules effects, some tracked by a Condition Die.

Fear, Bleeding, Panic, Fatigue and Delirium each have a Condition Die: it starts
at d6, the same Condition again steps it up (to d12 at most), and the roll the
rules name steps it down on 1-2 (a d4 that steps down removes the Condition).
Starvation, Dehydration, Depletion, Exposed and Corruption come from an
Inventory at 0 (see :mod:`tabletop_core.residue.inventory`); copy them in with
:meth:`Conditions.with_inventory`.

What each does to a Commit (:meth:`Conditions.commit_blocker` and
:func:`tabletop_core.residue.actions.commit_action`): Fear only lets you Commit
a die showing 6+, Fatigue one showing 7-, Delirium rerolls every committed die,
Bleeding costs 1 HP per Commit, Panic rerolls the Endurance Pool after Commit
Skill, Dehydration gives every Action -★, and Starvation forbids gaining Strain to
reroll the Endurance Pool.

Examples:
    >>> from tabletop_core import ScriptedDice
    >>> afraid = Conditions().gain(Condition.FEAR)
    >>> print(afraid)
    Conditions: Fear d6
    >>> print(afraid.gain(Condition.FEAR))
    Conditions: Fear d8
    >>> roll, calmer = afraid.roll(Condition.FEAR, rng=ScriptedDice([2]))
    >>> print(roll)
    Fear d6 → 2: Fear ⇩ d4
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, ClassVar

import attrs

from tabletop_core._fast import fast_replace
from tabletop_core._frozen import frozen
from tabletop_core._record import Record
from tabletop_core._validate import check_int, check_type, clip
from tabletop_core.errors import InvalidInput, RuleError
from tabletop_core.residue.condition_kinds import DIE_CONDITIONS, NO_DIE_CONDITIONS, Condition
from tabletop_core.residue.inventory import Inventory, InventoryKind
from tabletop_core.residue.stars import MAX_VALUE, MIN_VALUE
from tabletop_core.residue.step_die import StepDie, check_value, step_after, to_step_die
from tabletop_core.rng import dice_source

if TYPE_CHECKING:
    from tabletop_core.rng import RngLike

__all__ = [
    "CONDITION_DIE_START",
    "FATIGUE_MAX_VALUE",
    "FEAR_MIN_VALUE",
    "Condition",
    "ConditionRoll",
    "Conditions",
    "resolve_condition_roll",
]

CONDITION_DIE_START = StepDie.D6
"""A Condition with a die "Starts d6"."""

FEAR_MIN_VALUE = 6
"""Fear: "Only Commit dice with Value 6+"."""

FATIGUE_MAX_VALUE = 7
"""Fatigue: "Only Commit dice with Value 7-"."""


_DIE_FIELDS = {condition: condition.name.lower() for condition in DIE_CONDITIONS}  # the Conditions field of each


def _die_condition(condition: Condition | str) -> Condition:
    chosen = Condition.parse(condition)
    if not chosen.has_die:
        raise InvalidInput(
            f"condition must be one with a Condition Die (Fear, Bleeding, Panic, Fatigue, Delirium), got {chosen}"
        )
    return chosen


@frozen
class ConditionRoll(Record):
    """A roll of a Condition Die: 1-2 steps it down; a d4 stepping down removes the Condition.

    Attributes:
        condition: Which Condition.
        die: Its Condition Die before the roll.
        value: The natural Value rolled.
        after: The Condition Die after the roll (0: the Condition is gone).
    """

    _derived: ClassVar[tuple[str, ...]] = ("removed",)

    condition: Condition = attrs.field(converter=_die_condition)
    die: StepDie = attrs.field(converter=to_step_die)
    value: int = attrs.field()
    after: StepDie = attrs.field(converter=to_step_die)

    def __attrs_post_init__(self) -> None:
        if self.die.is_zero:
            raise RuleError(f"{self.condition} is not on the Wanderer: there is no Condition Die to roll")
        object.__setattr__(self, "value", check_value(self.die, self.value))
        expected = step_after(self.die, self.value)  # "On 1-2, <Condition> ⇩"
        if self.after is not expected:
            raise InvalidInput(f"after must be {expected} for {self.die} showing {self.value}, got {self.after}")

    @property
    def removed(self) -> bool:
        """Whether the roll removed the Condition."""
        return self.after.is_zero

    def to_markdown(self) -> str:
        """The chat line with what the roll did in bold."""
        from tabletop_core.residue._markdown import bold_after

        return bold_after(str(self), ": ")

    def __str__(self) -> str:
        head = f"{self.condition} {self.die} → {self.value}"
        if self.after is self.die:
            return f"{head}: no change"
        tail = " (removed)" if self.removed else ""
        return f"{head}: {self.condition} ⇩ {self.after}{tail}"


def resolve_condition_roll(condition: Condition | str, die: StepDie | int | str, value: int) -> ConditionRoll:
    """Read a Condition Die roll: 1-2 ⇩, 3+ no change.

    Raises:
        RuleError: *die* is 0 (the Condition is not there to roll).
        InvalidInput: not a Condition with a die, or *value* does not fit.
    """
    chosen = _die_condition(condition)
    step = StepDie.parse(die)
    if step.is_zero:
        raise RuleError(f"{chosen} is not on the Wanderer: there is no Condition Die to roll")
    value = check_value(step, value)
    return ConditionRoll(condition=chosen, die=step, value=value, after=step_after(step, value))


def _to_others(values: object) -> tuple[Condition, ...]:
    if isinstance(values, (str, Condition)) or not isinstance(values, Iterable):
        raise TypeError(f"others must be an iterable of Conditions, got {type(values).__name__} {clip(values)}")
    chosen = {Condition.parse(value, name="others") for value in values}
    for condition in chosen:
        if condition.has_die:
            raise InvalidInput(f"others holds Conditions without a die; {condition} has a Condition Die field")
    return tuple(condition for condition in Condition if condition in chosen)


@frozen
class Conditions(Record):
    """The Conditions on the Wanderer.

    A Condition with a die is present when its die is above 0. The others
    (Starvation, Dehydration, Depletion, Exposed, Corruption) are listed in
    *others*, usually copied from the Inventory with :meth:`with_inventory`.

    Attributes:
        fear: Fear's Condition Die (0: no Fear).
        bleeding: Bleeding's Condition Die.
        panic: Panic's Condition Die.
        fatigue: Fatigue's Condition Die.
        delirium: Delirium's Condition Die.
        others: The Conditions without a die, in glossary order.
        from_rules: Those of *others* a rule gave (:meth:`gain`), not an Inventory at
            0: they stay while that Inventory is above 0, until it returns (steps up;
            :meth:`~tabletop_core.residue.wanderer.Wanderer.with_inventory`).
    """

    _optional_keys = ("from_rules",)  # added after format 1: its saves lack them

    fear: StepDie = attrs.field(default=StepDie.ZERO, converter=to_step_die)
    bleeding: StepDie = attrs.field(default=StepDie.ZERO, converter=to_step_die)
    panic: StepDie = attrs.field(default=StepDie.ZERO, converter=to_step_die)
    fatigue: StepDie = attrs.field(default=StepDie.ZERO, converter=to_step_die)
    delirium: StepDie = attrs.field(default=StepDie.ZERO, converter=to_step_die)
    others: tuple[Condition, ...] = attrs.field(default=(), converter=_to_others)
    # A default, so Conditions saved before it existed still load.
    from_rules: tuple[Condition, ...] = attrs.field(default=(), converter=_to_others)

    def __attrs_post_init__(self) -> None:
        if self.from_rules and not set(self.from_rules) <= set(self.others):
            # A Condition a rule gave is on the Wanderer: keep *others* the whole list.
            object.__setattr__(self, "others", _to_others((*self.others, *self.from_rules)))

    # -- reading ------------------------------------------------------------

    def die(self, condition: Condition | str) -> StepDie:
        """The Condition Die of a Condition with a die (0 when absent)."""
        field = _DIE_FIELDS.get(condition) if type(condition) is Condition else None  # fast path: hot in simulations
        return getattr(self, field or _die_condition(condition).name.lower())  # type: ignore[no-any-return]

    @property
    def active(self) -> frozenset[Condition]:
        """Every Condition on the Wanderer."""
        present = {condition for condition, field in _DIE_FIELDS.items() if not getattr(self, field).is_zero}
        return frozenset(present | set(self.others))

    def has(self, condition: Condition | str) -> bool:
        """Whether the Condition is on the Wanderer."""
        chosen = condition if type(condition) is Condition else Condition.parse(condition)
        field = _DIE_FIELDS.get(chosen)
        return (field is not None and not getattr(self, field).is_zero) or chosen in self.others

    def commit_blocker(self, value: int) -> Condition | None:
        """The Condition that forbids committing a die showing *value*, if any.

        Fear allows only 6+; Fatigue only 7- (with both, only 6 or 7).

        Raises:
            TypeError: *value* is not an int.
            InvalidInput: *value* is not a Value a die can show (1..12).
        """
        if type(value) is not int or not MIN_VALUE <= value <= MAX_VALUE:  # fast path for the common case
            value = check_int("value", value, low=MIN_VALUE, high=MAX_VALUE)
        if self.has(Condition.FEAR) and value < FEAR_MIN_VALUE:
            return Condition.FEAR
        if self.has(Condition.FATIGUE) and value > FATIGUE_MAX_VALUE:
            return Condition.FATIGUE
        return None

    def check_commit(self, value: int) -> None:
        """Raise :class:`~tabletop_core.errors.RuleError` naming the Condition that forbids *value*."""
        value = check_int("value", value, low=MIN_VALUE, high=MAX_VALUE)
        blocker = self.commit_blocker(value)
        if blocker is Condition.FEAR:
            raise RuleError(f"Fear: only Commit dice with Value {FEAR_MIN_VALUE}+, this die shows {value}")
        if blocker is Condition.FATIGUE:
            raise RuleError(f"Fatigue: only Commit dice with Value {FATIGUE_MAX_VALUE}-, this die shows {value}")

    # -- changing -----------------------------------------------------------

    def gain(self, condition: Condition | str) -> Conditions:
        """Gain a Condition from a rule.

        A new one with a die starts at d6; the same Condition again steps it up (to
        d12). One without a die (Starvation, Dehydration, Depletion, Exposed,
        Corruption) is kept in :attr:`from_rules` too, so it stays on the Wanderer
        while its Inventory is above 0, until that Inventory returns.
        """
        chosen = Condition.parse(condition)
        if chosen.has_die:
            die = self.die(chosen)
            return attrs.evolve(self, **{chosen.name.lower(): CONDITION_DIE_START if die.is_zero else die.up()})
        return attrs.evolve(self, others=(*self.others, chosen), from_rules=(*self.from_rules, chosen))

    def remove(self, condition: Condition | str) -> Conditions:
        """Remove a Condition entirely (a rule that says so)."""
        chosen = Condition.parse(condition)
        if chosen.has_die:
            return attrs.evolve(self, **{chosen.name.lower(): StepDie.ZERO})
        return attrs.evolve(
            self,
            others=tuple(c for c in self.others if c is not chosen),
            from_rules=tuple(c for c in self.from_rules if c is not chosen),
        )

    def step_down(self, condition: Condition | str) -> Conditions:
        """Condition ⇩: step its die down (a d4 goes to 0 and the Condition is removed)."""
        chosen = _die_condition(condition)
        return attrs.evolve(self, **{chosen.name.lower(): self.die(chosen).down()})

    def apply(self, roll: ConditionRoll) -> Conditions:
        """The Conditions after *roll* (its die replaces the Condition's die).

        Raises:
            RuleError: *roll* was made with another die than the one on the Wanderer.
        """
        check_type("roll", roll, ConditionRoll)
        if self.die(roll.condition) is not roll.die:
            raise RuleError(f"{roll.condition} is {self.die(roll.condition)} on the Wanderer, the roll used {roll.die}")
        return attrs.evolve(self, **{roll.condition.name.lower(): roll.after})

    def roll(self, condition: Condition | str, *, rng: RngLike = None) -> tuple[ConditionRoll, Conditions]:
        """Roll a Condition Die (1-2 ⇩) and return the roll and the new Conditions.

        Raises:
            RuleError: the Condition is not on the Wanderer.
        """
        chosen = _die_condition(condition)
        die = self.die(chosen)
        if die.is_zero:
            raise RuleError(f"{chosen} is not on the Wanderer: there is no Condition Die to roll")
        result = resolve_condition_roll(chosen, die, dice_source(rng).roll(die.sides))
        return result, self.apply(result)

    def with_inventory(self, inventory: Inventory) -> Conditions:
        """Take Starvation, Dehydration, Depletion, Exposed and Corruption from an Inventory.

        Those a rule gave (:attr:`from_rules`) stay as well.
        """
        check_type("inventory", inventory, Inventory)
        brought = inventory.conditions
        # Every Inventory roll comes here: the Conditions without a die, in glossary order, are
        # built directly (what the converter and __attrs_post_init__ would give), and unchanged
        # ones (the usual case) keep this value.
        others = tuple(c for c in NO_DIE_CONDITIONS if c in brought or c in self.from_rules)
        return self if others == self.others else fast_replace(self, others=others)

    def returned(self, before: Inventory, after: Inventory) -> Conditions:
        """Remove when <Inventory> returns: drop the Conditions a rule gave whose Inventory stepped up.

        Corruption is never dropped here ("Corruption cannot normally be removed").
        """
        if not self.from_rules:
            return self
        back = {
            kind.condition
            for kind in InventoryKind
            if kind is not InventoryKind.RESOLVE and after.die(kind).sides > before.die(kind).sides
        }
        kept = tuple(c for c in self.from_rules if c not in back)
        if len(kept) == len(self.from_rules):
            return self
        return attrs.evolve(self, from_rules=kept)

    def __str__(self) -> str:
        parts = [f"{c} {self.die(c)}" for c in DIE_CONDITIONS if not self.die(c).is_zero]
        parts += [str(c) for c in self.others]
        return "Conditions: " + (", ".join(parts) if parts else "none")
