"""Endurance and Strain: the Endurance Pool, the four Action Slots, and Check Strain.

:class:`Endurance` is one frozen state holding every Endurance die: rolled and
available in the Endurance Pool (EP), committed in an Action Slot (Skill, Move,
Attack, Defense), exhausted (set aside until Rest) or banished (removed for the
rest of the run), plus the Strain gained so far. Every operation returns a new
state; a refused one raises and changes nothing. The number of Endurance dice
never changes: they only move between those four places.

* Commit places one die from the EP in an Action Slot (:meth:`Endurance.commit`;
  the whole Action is :func:`tabletop_core.residue.actions.commit_action`).
* Recover returns committed dice to the EP and rolls only those (:meth:`Endurance.recover`);
  Recover with Strain does the same for 1 Strain (:meth:`Endurance.recover_with_strain`).
* Reroll gains 1 Strain to reroll any or all EP dice (:meth:`Endurance.reroll`);
  Starvation forbids it.
* No Dice Available: with no die in the EP you may Commit (it is empty, or Fear and
  Fatigue forbid every Value in it), gain 1 Strain to recover the committed dice; with
  none committed either, you are defeated (:meth:`Endurance.no_dice_available`).
* Delirium: whenever you gain Strain, roll Delirium (pass ``conditions=``).

The number and sizes of the Endurance dice and the Strain Threshold are not in
the rules text: they are parameters (:meth:`Endurance.start`, :func:`check_strain`).

Examples:
    >>> from tabletop_core import ScriptedDice
    >>> ep = Endurance.start(["d8", "d6", "d6"], rng=ScriptedDice([7, 2, 5]))
    >>> print(ep)
    EP d8(7) d6(2) d6(5) · Strain 0
    >>> ep = ep.commit(ActionSlot.ATTACK, 0)
    >>> print(ep.reroll([0], rng=ScriptedDice([6])))
    Reroll +1 Strain: d6 → 6 · EP d6(6) d6(5) · Attack d8(7) · Strain 1
    >>> check_strain(4, 4)
    <StrainCheck.MUST_REST: 'at or above the Strain Threshold: Rest'>
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

import attrs

from tabletop_core._atomic import atomic_rolls
from tabletop_core._enum import Enum
from tabletop_core._fast import fast_build, fast_replace
from tabletop_core._frozen import frozen
from tabletop_core._record import Record
from tabletop_core._validate import as_int, check_int, check_type, clip, int_field, of_type, one_line
from tabletop_core.errors import InvalidInput, RuleError
from tabletop_core.residue.conditions import Condition, ConditionRoll, Conditions
from tabletop_core.residue.step_die import DieLike, StepDie, check_value
from tabletop_core.rng import DiceSource, dice_source

if TYPE_CHECKING:
    from tabletop_core.rng import RngLike

__all__ = [
    "DEFEAT_MULTIPLE",
    "MAX_DICE",
    "ActionSlot",
    "CommittedDie",
    "Endurance",
    "EnduranceDie",
    "EnduranceStep",
    "StrainCheck",
    "check_strain",
]

DEFEAT_MULTIPLE = 3
"""Check Strain: at 3x the Strain Threshold you are defeated."""

MAX_DICE = 100
"""A work limit, not a rule: the most Endurance dice :meth:`Endurance.start` rolls (the game
uses a handful; a chat bot's "start with a million dice" is refused instead of rolled)."""

STRAIN_PER_USE = 1
"""Reroll, Recover with Strain and No Dice Available each cost 1 Strain."""

STRAIN_LIMIT = 10**6
"""Most Strain an Endurance state holds (far beyond any table; keeps numbers printable)."""


class ActionSlot(Enum):
    """The four Action Slots."""

    SKILL = "Skill"
    MOVE = "Move"
    ATTACK = "Attack"
    DEFENSE = "Defense"

    def __str__(self) -> str:
        return str(self.value)


class StrainCheck(Enum):
    """The result of Check Strain."""

    TRAVEL_OR_REST = "below the Strain Threshold: Travel or Rest"
    MUST_REST = "at or above the Strain Threshold: Rest"
    DEFEATED = "at 3x the Strain Threshold: defeated"

    def __str__(self) -> str:
        return str(self.value)


def check_strain(strain: int, threshold: int) -> StrainCheck:
    """Check Strain: below the Strain Threshold Travel or Rest; at or above, Rest; at 3x, defeated.

    Strain can jump past the exact multiple, so anything at or above 3x the
    threshold is defeat.

    Args:
        strain: Current Strain (0 or more).
        threshold: The Strain Threshold (ST), 1 or more; not in the rules text,
            so always given.

    Raises:
        TypeError: an argument is not an int.
        InvalidInput: *strain* is negative or *threshold* below 1.

    Examples:
        >>> [check_strain(s, 3).name for s in (2, 3, 8, 9, 12)]
        ['TRAVEL_OR_REST', 'MUST_REST', 'MUST_REST', 'DEFEATED', 'DEFEATED']
    """
    strain = check_int("strain", strain, low=0)
    threshold = check_int("threshold", threshold, low=1)
    if strain >= DEFEAT_MULTIPLE * threshold:
        return StrainCheck.DEFEATED
    if strain >= threshold:
        return StrainCheck.MUST_REST
    return StrainCheck.TRAVEL_OR_REST


def _endurance_step_die(value: Any) -> StepDie:  # Any: raw input, each item checked below
    die = StepDie.parse(value)
    if die.is_zero:
        raise InvalidInput("an Endurance die must be d4, d6, d8, d10 or d12, got 0")
    return die


@frozen
class EnduranceDie(Record):
    """An Endurance die and the Value it shows.

    Attributes:
        die: Its size (d4..d12).
        value: The Value showing.
    """

    die: StepDie = attrs.field(converter=_endurance_step_die)
    value: int = attrs.field()

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "value", check_value(self.die, self.value))

    def __str__(self) -> str:
        return f"{self.die}({self.value})"


def _to_slot(value: ActionSlot | str) -> ActionSlot:
    return ActionSlot.parse(value, name="slot")


@frozen
class CommittedDie(Record):
    """An Endurance die committed in an Action Slot."""

    slot: ActionSlot = attrs.field(converter=_to_slot)
    die: EnduranceDie = attrs.field(validator=of_type(EnduranceDie))

    def __str__(self) -> str:
        return f"{self.slot} {self.die}"


def _tuple_of(kind: type[Any], name: str) -> Any:  # Any: a converter for any record class
    def convert(values: Any) -> tuple[Any, ...]:  # Any: raw input; items checked below
        if isinstance(values, (str, bytes)) or not isinstance(values, Iterable):
            raise TypeError(f"{name} must be a sequence, got {type(values).__name__}")
        items = tuple(values)
        for position, item in enumerate(items):
            check_type(f"{name}[{position}]", item, kind)
        return items

    return convert


def _to_pool(values: object) -> tuple[EnduranceDie, ...]:
    return _tuple_of(EnduranceDie, "pool")(values)  # type: ignore[no-any-return]


def _to_committed(values: object) -> tuple[CommittedDie, ...]:
    return _tuple_of(CommittedDie, "committed")(values)  # type: ignore[no-any-return]


def _to_dice(values: object) -> tuple[StepDie, ...]:
    if isinstance(values, (str, bytes)) or not isinstance(values, Iterable):
        raise TypeError(f"dice must be a sequence of step dice, got {type(values).__name__}")
    return tuple(_endurance_step_die(value) for value in values)


def _indices(which: Iterable[int] | None, size: int, name: str) -> tuple[int, ...]:
    """Sorted unique positions; ``None`` means all of them."""
    if which is None:
        return tuple(range(size))
    if isinstance(which, (str, bytes)) or not isinstance(which, Iterable):
        which = (as_int(name, which),)
    chosen = [check_int(f"{name}[{i}]", index, low=0, high=max(size - 1, 0)) for i, index in enumerate(which)]
    if chosen and size == 0:
        raise InvalidInput(f"{name}: there are no dice to choose from, got {clip(chosen)}")
    if len(set(chosen)) != len(chosen):
        raise InvalidInput(f"{name} must not repeat a position, got {clip(chosen)}")
    return tuple(sorted(chosen))


def _roll(dice: Sequence[StepDie], source: DiceSource) -> tuple[EnduranceDie, ...]:
    return tuple(EnduranceDie(die=die, value=source.roll(die.sides)) for die in dice)


@frozen
class Endurance(Record):
    """The Endurance dice and Strain of the Wanderer.

    Attributes:
        pool: The Endurance Pool: rolled dice available to Commit.
        committed: Dice committed in Action Slots, in the order committed.
        exhausted: Dice set aside until Rest.
        banished: Dice removed for the rest of the run.
        strain: Strain gained (never negative).
    """

    pool: tuple[EnduranceDie, ...] = attrs.field(default=(), converter=_to_pool)
    committed: tuple[CommittedDie, ...] = attrs.field(default=(), converter=_to_committed)
    exhausted: tuple[StepDie, ...] = attrs.field(default=(), converter=_to_dice)
    banished: tuple[StepDie, ...] = attrs.field(default=(), converter=_to_dice)
    strain: int = int_field(low=0, high=STRAIN_LIMIT, default=0)

    @classmethod
    @atomic_rolls
    def start(cls, dice: Iterable[DieLike], *, strain: int = 0, rng: RngLike = None) -> Endurance:
        """Roll a set of Endurance dice into the Endurance Pool.

        Args:
            dice: The Endurance dice (their number and sizes are not in the rules
                text: a parameter, for example ``["d8", "d6", "d6"]``).
            strain: Starting Strain.
            rng: Where the dice come from (rolled in the order given).

        Raises:
            InvalidInput: no dice or more than :data:`MAX_DICE`, or a die off the chain or at 0.
        """
        sizes = _to_dice(dice)
        if not 1 <= len(sizes) <= MAX_DICE:
            raise InvalidInput(f"dice must name 1 to {MAX_DICE} Endurance dice, got {len(sizes)}")
        strain = check_int("strain", strain, low=0)
        return cls(pool=_roll(sizes, dice_source(rng)), strain=strain)

    # -- reading ------------------------------------------------------------

    @property
    def total_dice(self) -> int:
        """Every Endurance die: pool, committed, exhausted and banished."""
        return len(self.pool) + len(self.committed) + len(self.exhausted) + len(self.banished)

    def slot(self, slot: ActionSlot | str) -> tuple[EnduranceDie, ...]:
        """The dice committed in one Action Slot."""
        chosen = ActionSlot.parse(slot, name="slot")
        return tuple(entry.die for entry in self.committed if entry.slot is chosen)

    def committable(self, conditions: Conditions | None = None) -> tuple[int, ...]:
        """Positions in :attr:`pool` of the dice the Conditions allow to Commit (Fear 6+, Fatigue 7-)."""
        if conditions is None:
            return tuple(range(len(self.pool)))
        check_type("conditions", conditions, Conditions)
        return tuple(i for i, die in enumerate(self.pool) if conditions.commit_blocker(die.value) is None)

    @property
    def can_banish(self) -> bool:
        """Whether any Endurance die is left to banish."""
        return self.total_dice > len(self.banished)

    # -- Commit -------------------------------------------------------------

    def commit(self, slot: ActionSlot | str, index: int, *, conditions: Conditions | None = None) -> Endurance:
        """Commit: place the EP die at *index* in *slot*.

        Args:
            slot: The Action Slot.
            index: Position of the die in :attr:`pool`.
            conditions: The Wanderer's Conditions; Fear and Fatigue forbid some Values.

        Raises:
            RuleError: the EP is empty (see :meth:`no_dice_available`), or a
                Condition forbids the die (the message names it).
            InvalidInput: *index* is not a position in the pool.
        """
        chosen = ActionSlot.parse(slot, name="slot")
        if not self.pool:
            raise RuleError("No Dice Available: the Endurance Pool is empty; use no_dice_available() first")
        index = check_int("index", index, low=0, high=len(self.pool) - 1)
        die = self.pool[index]
        if conditions is not None:
            check_type("conditions", conditions, Conditions)
            conditions.check_commit(die.value)
        # Dice moved from the pool as they are (the hottest step of a Journey): no re-validation.
        return fast_replace(
            self,
            pool=self.pool[:index] + self.pool[index + 1 :],
            committed=(*self.committed, fast_build(CommittedDie, slot=chosen, die=die)),
        )

    def replace_committed(self, position: int, die: EnduranceDie) -> Endurance:
        """Replace the committed die at *position* (Delirium rerolls a committed die)."""
        position = check_int("position", position, low=0, high=max(len(self.committed) - 1, 0))
        if not self.committed:
            raise RuleError("no die is committed")
        check_type("die", die, EnduranceDie)
        entry = self.committed[position]
        if die.die is not entry.die.die:
            raise InvalidInput(f"die must be a {entry.die.die} like the committed die, got {die.die}")
        committed = list(self.committed)
        committed[position] = CommittedDie(slot=entry.slot, die=die)
        return attrs.evolve(self, committed=tuple(committed))

    # -- Recover and Reroll -------------------------------------------------

    def recover(self, which: Iterable[int] | None = None, *, rng: RngLike = None) -> EnduranceStep:
        """Recover Dice: return committed dice and roll only those.

        Args:
            which: Positions in :attr:`committed`; all when omitted.
            rng: Where the dice come from.

        Raises:
            RuleError: no dice are committed.
        """
        return self._recover("Recover", which, 0, None, rng)

    def recover_with_strain(
        self, which: Iterable[int] | None = None, *, conditions: Conditions | None = None, rng: RngLike = None
    ) -> EnduranceStep:
        """Recover with Strain: gain 1 Strain to recover committed dice (all when omitted) and roll them into the EP.

        With *conditions* holding Delirium, gaining Strain rolls Delirium first.
        """
        return self._recover("Recover with Strain", which, STRAIN_PER_USE, conditions, rng)

    def _recover(
        self, label: str, which: Iterable[int] | None, strain: int, conditions: Conditions | None, rng: RngLike
    ) -> EnduranceStep:
        positions = _indices(which, len(self.committed), "which")
        if not positions:
            raise RuleError(f"{label}: no committed dice to recover")
        source = dice_source(rng)
        delirium, conditions_after = _gain_strain_effects(strain, conditions, source)
        recovered = _roll([self.committed[p].die.die for p in positions], source)
        after = fast_replace(  # dice moved as they are, freshly rolled ones checked by EnduranceDie
            self,
            pool=self.pool + recovered,
            committed=tuple(entry for p, entry in enumerate(self.committed) if p not in positions),
            strain=self._strain_after(strain),
        )
        return EnduranceStep(
            action=label,
            before=self,
            after=after,
            rolled=recovered,
            strain_gained=strain,
            delirium=delirium,
            conditions=conditions_after,
        )

    @atomic_rolls
    def reroll(
        self, which: Iterable[int] | None = None, *, conditions: Conditions | None = None, rng: RngLike = None
    ) -> EnduranceStep:
        """Reroll Dice: gain 1 Strain to reroll EP dice (positions in :attr:`pool`; all when omitted).

        Raises:
            RuleError: Starvation ("cannot gain Strain to reroll your EP"), or the EP is empty.
        """
        if conditions is not None:
            check_type("conditions", conditions, Conditions)
            if conditions.has(Condition.STARVATION):
                raise RuleError("Starvation: cannot gain Strain to reroll your Endurance Pool")
        return self._reroll("Reroll", which, STRAIN_PER_USE, conditions, rng)

    @atomic_rolls
    def reroll_free(self, which: Iterable[int] | None = None, *, rng: RngLike = None) -> EnduranceStep:
        """Reroll EP dice without Strain, when a rule says so (Panic after Commit Skill)."""
        return self._reroll("Reroll", which, 0, None, rng, allow_empty=True)

    def _reroll(
        self,
        label: str,
        which: Iterable[int] | None,
        strain: int,
        conditions: Conditions | None,
        rng: RngLike,
        *,
        allow_empty: bool = False,
    ) -> EnduranceStep:
        positions = _indices(which, len(self.pool), "which")
        if not positions and not allow_empty:
            raise RuleError(f"{label}: no dice in the Endurance Pool to reroll")
        source = dice_source(rng)
        delirium, conditions_after = _gain_strain_effects(strain, conditions, source)
        new_values = dict(zip(positions, _roll([self.pool[p].die for p in positions], source), strict=True))
        pool = tuple(new_values.get(p, die) for p, die in enumerate(self.pool))
        after = fast_replace(self, pool=pool, strain=self._strain_after(strain))
        return EnduranceStep(
            action=label,
            before=self,
            after=after,
            rolled=tuple(new_values.values()),
            strain_gained=strain,
            delirium=delirium,
            conditions=conditions_after,
        )

    def no_dice_available(self, *, conditions: Conditions | None = None, rng: RngLike = None) -> EnduranceStep:
        """No Dice Available: you must Commit and no die of the EP is available to Commit.

        The EP is empty, or (given *conditions*) every die in it shows a Value Fear or
        Fatigue forbids: those dice stay where they are. Gain 1 Strain to recover every
        committed die into the EP. With no committed dice either, you are defeated: the
        step has ``defeated=True`` and the state is unchanged.

        Raises:
            RuleError: a die of the EP may be Committed.
        """
        if self.pool and (conditions is None or self.committable(conditions)):
            raise RuleError("No Dice Available applies only when no die of the Endurance Pool may be Committed")
        if not self.committed:
            return EnduranceStep(action="No Dice Available", before=self, after=self, defeated=True)
        step = self._recover("No Dice Available", None, STRAIN_PER_USE, conditions, rng)
        return attrs.evolve(step, action="No Dice Available")

    # -- Exhausted and Banished ---------------------------------------------

    def exhaust(self, pool: Iterable[int] = (), committed: Iterable[int] = ()) -> Endurance:
        """Exhaust dice (positions in the EP and/or among committed dice): set aside until Rest."""
        from_pool = _indices(pool, len(self.pool), "pool")
        from_committed = _indices(committed, len(self.committed), "committed")
        if not from_pool and not from_committed:
            raise InvalidInput("exhaust needs at least one position in pool or committed")
        moved = tuple(self.pool[p].die for p in from_pool) + tuple(self.committed[p].die.die for p in from_committed)
        return attrs.evolve(
            self,
            pool=tuple(d for p, d in enumerate(self.pool) if p not in from_pool),
            committed=tuple(d for p, d in enumerate(self.committed) if p not in from_committed),
            exhausted=self.exhausted + moved,
        )

    def banish(
        self, pool: Iterable[int] = (), committed: Iterable[int] = (), exhausted: Iterable[int] = ()
    ) -> Endurance:
        """Banish dice: removed for the rest of the run (never recovered).

        Raises:
            RuleError: nothing is left to banish (see :attr:`can_banish`).
        """
        if not self.can_banish:
            raise RuleError("Cannot Banish: no Endurance die is left to banish")
        from_pool = _indices(pool, len(self.pool), "pool")
        from_committed = _indices(committed, len(self.committed), "committed")
        from_exhausted = _indices(exhausted, len(self.exhausted), "exhausted")
        if not (from_pool or from_committed or from_exhausted):
            raise InvalidInput("banish needs at least one position in pool, committed or exhausted")
        moved = (
            tuple(self.pool[p].die for p in from_pool)
            + tuple(self.committed[p].die.die for p in from_committed)
            + tuple(self.exhausted[p] for p in from_exhausted)
        )
        return attrs.evolve(
            self,
            pool=tuple(d for p, d in enumerate(self.pool) if p not in from_pool),
            committed=tuple(d for p, d in enumerate(self.committed) if p not in from_committed),
            exhausted=tuple(d for p, d in enumerate(self.exhausted) if p not in from_exhausted),
            banished=self.banished + moved,
        )

    def recover_exhausted(self, *, rng: RngLike = None) -> EnduranceStep:
        """At Rest: recover every exhausted die, rolling it into the EP (banished dice never return)."""
        rolled = _roll(self.exhausted, dice_source(rng))
        after = attrs.evolve(self, pool=self.pool + rolled, exhausted=())
        return EnduranceStep(action="Recover exhausted dice", before=self, after=after, rolled=rolled)

    def start_day(self, *, rng: RngLike = None) -> EnduranceStep:
        """Start Day: roll your available Endurance dice into the EP.

        Raises:
            RuleError: dice are still committed (none may remain committed at Rest).
        """
        if self.committed:
            raise RuleError("Before Resting: no dice can remain committed; recover them first")
        rolled = _roll([die.die for die in self.pool], dice_source(rng))
        return EnduranceStep(action="Start Day", before=self, after=fast_replace(self, pool=rolled), rolled=rolled)

    # -- Strain -------------------------------------------------------------

    def _strain_after(self, gained: int) -> int:
        """Strain after gaining *gained* (>= 0), checked as the field's converter would (for fast_replace)."""
        return check_int("strain", self.strain + gained, low=0, high=STRAIN_LIMIT)

    def gain_strain(self, amount: int = 1) -> Endurance:
        """Gain Strain (Delirium's roll is the caller's: see :meth:`Conditions.roll`)."""
        return fast_replace(self, strain=self._strain_after(check_int("amount", amount, low=0, high=STRAIN_LIMIT)))

    def reduce_strain(self, amount: int = 1) -> Endurance:
        """Reduce Strain (Strain Payoff).

        Raises:
            RuleError: more than the Strain there is.
        """
        amount = check_int("amount", amount, low=0, high=STRAIN_LIMIT)
        if amount > self.strain:
            raise RuleError(f"cannot reduce Strain by {amount}: Strain is {self.strain}")
        return fast_replace(self, strain=self.strain - amount)  # 0..strain: in range

    def with_strain(self, strain: int) -> Endurance:
        """Set Strain (for example to 0 after "No Inventory" at Strain Payoff)."""
        return attrs.evolve(self, strain=check_int("strain", strain, low=0))

    def __str__(self) -> str:
        parts = ["EP " + (" ".join(map(str, self.pool)) if self.pool else "empty")]
        for slot in ActionSlot:
            dice = self.slot(slot)
            if dice:
                parts.append(f"{slot} " + " ".join(map(str, dice)))
        if self.exhausted:
            parts.append("exhausted " + " ".join(map(str, self.exhausted)))
        if self.banished:
            parts.append("banished " + " ".join(map(str, self.banished)))
        parts.append(f"Strain {self.strain}")
        return " · ".join(parts)


def _gain_strain_effects(
    strain: int, conditions: Conditions | None, source: DiceSource
) -> tuple[ConditionRoll | None, Conditions | None]:
    """Delirium: whenever you gain Strain, roll Delirium (before the dice the Strain pays for)."""
    if conditions is None:
        return None, None
    check_type("conditions", conditions, Conditions)
    if strain and conditions.has(Condition.DELIRIUM):
        roll, after = conditions.roll(Condition.DELIRIUM, rng=source)
        return roll, after
    return None, conditions


@frozen
class EnduranceStep(Record):
    """What a Recover, Reroll, No Dice Available, Rest recovery or Start Day did.

    Attributes:
        action: Which operation ("Reroll", "Recover with Strain", ...).
        before: The Endurance state before.
        after: The Endurance state after.
        rolled: The dice rolled, with their new Values, in the order rolled.
        strain_gained: Strain it cost.
        delirium: The Delirium roll gaining Strain caused, if any.
        conditions: The Conditions after (when they were given).
        defeated: No Dice Available with nothing to recover: you are defeated.
    """

    action: str = attrs.field(validator=one_line())
    before: Endurance = attrs.field(validator=of_type(Endurance))
    after: Endurance = attrs.field(validator=of_type(Endurance))
    rolled: tuple[EnduranceDie, ...] = attrs.field(default=(), converter=_to_pool)
    strain_gained: int = int_field(low=0, default=0)
    delirium: ConditionRoll | None = attrs.field(
        default=None, validator=attrs.validators.optional(of_type(ConditionRoll))
    )
    conditions: Conditions | None = attrs.field(default=None, validator=attrs.validators.optional(of_type(Conditions)))
    defeated: bool = attrs.field(default=False, validator=of_type(bool))

    def __attrs_post_init__(self) -> None:
        # Free on purpose: action (a label), rolled (the dice as rolled), conditions.
        if self.after.strain != self.before.strain + self.strain_gained:
            raise InvalidInput(
                f"strain_gained must be the Strain added: {self.before.strain} before, {self.after.strain} after"
            )
        if self.defeated and self.after != self.before:
            raise InvalidInput("a defeated step (nothing to recover) leaves the Endurance state as it was")

    def __str__(self) -> str:
        if self.defeated:
            return f"{self.action}: nothing to recover, you are defeated"
        head = self.action + (f" +{self.strain_gained} Strain" if self.strain_gained else "")
        rolled = ", ".join(f"{d.die} → {d.value}" for d in self.rolled)
        text = f"{head}: {rolled or 'no dice'}"
        if self.delirium is not None:
            text += f" ({self.delirium})"
        return f"{text} · {self.after}"
