"""Inventory: Food, Water, Battery, Gear and Resolve as step dice.

⊙ an Inventory rolls its die: 1-2 steps it down (⇩), 3+ changes nothing. An
Inventory at 0 cannot be rolled and brings a Condition (Food: Starvation, Water:
Dehydration, Battery: Depletion, Gear: Exposed, Resolve: Corruption), removed
when the Inventory returns, except Corruption, which stays.

When a rule says "⊙ Inventory" (any Inventory), the Inventory Restriction applies:
not the same Inventory twice in a row, unless it is the only one available or a
rule says otherwise (:meth:`Inventory.roll_any`). A named roll such as "⊙ Food"
(:meth:`Inventory.roll`) is what the rule asked for and is always allowed.

Examples:
    >>> from tabletop_core import ScriptedDice
    >>> roll_inventory(StepDie.D8, rng=ScriptedDice([2])).after
    <StepDie.D6: 6>
    >>> bag = Inventory(food="d6", water="d4", battery="d8", gear="d6", resolve="d10")
    >>> use = bag.roll(InventoryKind.WATER, rng=ScriptedDice([1]))
    >>> print(use)
    ⊙ Water d4 → 1: Water ⇩ 0 (gains Dehydration)
    >>> sorted(c.name for c in use.after.conditions)
    ['DEHYDRATION']
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, ClassVar

import attrs

from tabletop_core._enum import Enum
from tabletop_core._fast import fast_build, fast_replace
from tabletop_core._frozen import frozen
from tabletop_core._record import Record
from tabletop_core._validate import check_type, clip, of_type
from tabletop_core.errors import InvalidInput, RuleError
from tabletop_core.residue.condition_kinds import Condition
from tabletop_core.residue.step_die import (
    STEP_DOWN_AT_MOST,
    DieLike,
    StepDie,
    check_value,
    rollable,
    step_after,
    to_step_die,
)
from tabletop_core.rng import dice_source

if TYPE_CHECKING:
    from tabletop_core.rng import RngLike

__all__ = [
    "STEP_DOWN_AT_MOST",
    "Inventory",
    "InventoryKind",
    "InventoryRoll",
    "InventoryUse",
    "resolve_inventory",
    "roll_inventory",
]

# STEP_DOWN_AT_MOST (the "1-2 ⇩" row) lives with the step dice; it stays importable from here.


class InventoryKind(Enum):
    """The five Inventories, in the order the glossary lists them."""

    FOOD = "Food"
    WATER = "Water"
    BATTERY = "Battery"
    GEAR = "Gear"
    RESOLVE = "Resolve"

    @property
    def condition(self) -> Condition:
        """The Condition this Inventory brings at 0."""
        return _CONDITION_AT_ZERO[self]

    def __str__(self) -> str:
        return str(self.value)


_CONDITION_AT_ZERO = {
    InventoryKind.FOOD: Condition.STARVATION,
    InventoryKind.WATER: Condition.DEHYDRATION,
    InventoryKind.BATTERY: Condition.DEPLETION,
    InventoryKind.GEAR: Condition.EXPOSED,
    InventoryKind.RESOLVE: Condition.CORRUPTION,
}
_FIELDS = {kind: kind.name.lower() for kind in InventoryKind}  # the Inventory field of each kind, in glossary order


@frozen
class InventoryRoll(Record):
    """One ⊙ of an Inventory die: the die, the Value it showed and the die after.

    Attributes:
        die: The die that was rolled.
        value: Its natural Value.
        after: The die after the roll (one step down on 1-2).
        kind: Which Inventory, when known.
    """

    _derived: ClassVar[tuple[str, ...]] = ("stepped_down",)

    die: StepDie = attrs.field(converter=to_step_die)
    value: int = attrs.field()
    after: StepDie = attrs.field(converter=to_step_die)
    kind: InventoryKind | None = None

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "value", check_value(self.die, self.value))
        expected = step_after(self.die, self.value)
        if self.after is not expected:
            raise InvalidInput(f"after must be {expected} for a {self.die} showing {self.value}, got {self.after}")

    @property
    def stepped_down(self) -> bool:
        """Whether the roll stepped the die down (1-2)."""
        return self.after is not self.die

    def __str__(self) -> str:
        name = f"{self.kind} " if self.kind is not None else "Inventory "
        if self.stepped_down:
            return f"⊙ {name}{self.die} → {self.value}: {name}⇩ {self.after}"
        return f"⊙ {name}{self.die} → {self.value}: no change"


def resolve_inventory(die: DieLike, value: int, *, kind: InventoryKind | str | None = None) -> InventoryRoll:
    """Read an Inventory roll: 1-2 ⇩, 3+ no change.

    Args:
        die: The Inventory die rolled (not 0).
        value: The natural Value it showed.
        kind: Which Inventory, for the explanation.

    Raises:
        RuleError: *die* is 0 (an Inventory at 0 cannot be rolled).
        InvalidInput: *value* does not fit *die*.
    """
    resolved_kind = None if kind is None else InventoryKind.parse(kind, name="kind")
    step = rollable(die, label=str(resolved_kind or "Inventory"))
    value = check_value(step, value)
    # The fields __attrs_post_init__ checks are computed here from checked input (hot: every ⊙ Inventory).
    return fast_build(InventoryRoll, die=step, value=value, after=step_after(step, value), kind=resolved_kind)


def roll_inventory(die: DieLike, *, kind: InventoryKind | str | None = None, rng: RngLike = None) -> InventoryRoll:
    """⊙ an Inventory die: roll it and read 1-2 ⇩, 3+ no change.

    Args:
        die: The Inventory die (not 0).
        kind: Which Inventory, for the explanation.
        rng: Where the die comes from (see :func:`~tabletop_core.dice_source`).

    Returns:
        The roll with ``.value`` and ``.after``.

    Raises:
        RuleError: *die* is at 0.

    Examples:
        >>> print(roll_inventory("d6", kind="food", rng=ScriptedDice([4])))
        ⊙ Food d6 → 4: no change
    """
    resolved_kind = None if kind is None else InventoryKind.parse(kind, name="kind")
    step = rollable(die, label=str(resolved_kind or "Inventory"))
    value = dice_source(rng).roll(step.sides)
    return resolve_inventory(step, value, kind=resolved_kind)


@frozen
class Inventory(Record):
    """The five Inventory dice, the last Inventory used, and whether Corruption has set in.

    The starting dice are not in the rules text: give all five.

    Attributes:
        food: Food die.
        water: Water die.
        battery: Battery die.
        gear: Gear die.
        resolve: Resolve die.
        last_used: The Inventory rolled last, for the Inventory Restriction.
        corrupted: Corruption has set in (Resolve reached 0); it stays when
            Resolve returns, and Resolve cannot normally be regained.
    """

    food: StepDie = attrs.field(converter=to_step_die)
    water: StepDie = attrs.field(converter=to_step_die)
    battery: StepDie = attrs.field(converter=to_step_die)
    gear: StepDie = attrs.field(converter=to_step_die)
    resolve: StepDie = attrs.field(converter=to_step_die)
    last_used: InventoryKind | None = attrs.field(default=None)
    corrupted: bool = attrs.field(default=False)

    def __attrs_post_init__(self) -> None:
        check_type("corrupted", self.corrupted, bool)
        if self.last_used is not None:
            check_type("last_used", self.last_used, InventoryKind)
        if self.resolve.is_zero and not self.corrupted:
            # Resolve at 0 *is* Corruption; keep the flag so it outlives Resolve's return.
            object.__setattr__(self, "corrupted", True)

    # -- reading ------------------------------------------------------------

    def die(self, kind: InventoryKind | str) -> StepDie:
        """The die of one Inventory."""
        field = _FIELDS[kind] if type(kind) is InventoryKind else InventoryKind.parse(kind, name="kind").name.lower()
        return getattr(self, field)  # type: ignore[no-any-return]

    @property
    def dice(self) -> dict[InventoryKind, StepDie]:
        """Every Inventory and its die, in glossary order."""
        return {kind: self.die(kind) for kind in InventoryKind}

    @property
    def conditions(self) -> frozenset[Condition]:
        """The Conditions the Inventory brings: one per Inventory at 0, and Corruption once gained."""
        active = {_CONDITION_AT_ZERO[kind] for kind, field in _FIELDS.items() if getattr(self, field).is_zero}
        if self.corrupted:
            active.add(Condition.CORRUPTION)
        return frozenset(active)

    def available(self, among: Iterable[InventoryKind | str] | None = None) -> tuple[InventoryKind, ...]:
        """The Inventories above 0 (optionally only *among* those named)."""
        candidates = _kinds(among)
        return tuple(kind for kind in candidates if not self.die(kind).is_zero)

    def allowed(
        self, among: Iterable[InventoryKind | str] | None = None, *, repeat_allowed: bool = False
    ) -> tuple[InventoryKind, ...]:
        """The Inventories "⊙ Inventory" may use now under the Inventory Restriction.

        Every available Inventory except the one used last, unless it is the only
        one available or *repeat_allowed* (a rule says otherwise).
        """
        check_type("repeat_allowed", repeat_allowed, bool)
        available = self.available(among)
        if repeat_allowed or self.last_used is None or available == (self.last_used,):
            return available
        return tuple(kind for kind in available if kind is not self.last_used)

    # -- changing -----------------------------------------------------------

    def _with(self, kind: InventoryKind, die: StepDie, *, last_used: InventoryKind | None = None) -> Inventory:
        changes: dict[str, Any] = {  # Any: values of several field types
            kind.name.lower(): die,
            "corrupted": self.corrupted or (kind is InventoryKind.RESOLVE and die.is_zero),
        }
        if last_used is not None:
            changes["last_used"] = last_used
        # A StepDie and the Corruption flag worked out above (what __attrs_post_init__ would do):
        # copy without re-running the converters (every Inventory roll comes here).
        return fast_replace(self, **changes)

    def with_die(self, kind: InventoryKind | str, die: DieLike) -> Inventory:
        """Set one Inventory die directly (a rule that names the die)."""
        return self._with(InventoryKind.parse(kind, name="kind"), StepDie.parse(die))

    def step_up(self, kind: InventoryKind | str, *, by_rule: bool = False) -> Inventory:
        """Inventory ⇧ (d12 stays d12).

        Args:
            kind: Which Inventory.
            by_rule: A rule says Resolve may be regained despite Corruption.

        Raises:
            RuleError: Resolve while Corruption is on ("Resolve cannot normally
                be regained") and not *by_rule*.
        """
        chosen = InventoryKind.parse(kind, name="kind")
        if chosen is InventoryKind.RESOLVE and self.corrupted and not by_rule:
            raise RuleError("Corruption: Resolve cannot normally be regained")
        return self._with(chosen, self.die(chosen).up())

    def step_down(self, kind: InventoryKind | str) -> Inventory:
        """Inventory ⇩ (d4 becomes 0, bringing its Condition)."""
        chosen = InventoryKind.parse(kind, name="kind")
        return self._with(chosen, self.die(chosen).down())

    def forget_last(self) -> Inventory:
        """Start a new sequence of rolls: no Inventory counts as used last."""
        return self if self.last_used is None else fast_replace(self, last_used=None)

    def roll(self, kind: InventoryKind | str, *, rng: RngLike = None) -> InventoryUse:
        """⊙ a named Inventory ("⊙ Food"): roll it, step it down on 1-2.

        Raises:
            RuleError: that Inventory is at 0.
        """
        chosen = InventoryKind.parse(kind, name="kind")
        result = roll_inventory(self.die(chosen), kind=chosen, rng=rng)
        after = self._with(chosen, result.after, last_used=chosen)
        return fast_build(InventoryUse, roll=result, before=self, after=after)  # what its checks demand, built so

    def roll_any(
        self,
        choice: InventoryKind | str | None = None,
        *,
        among: Iterable[InventoryKind | str] | None = None,
        repeat_allowed: bool = False,
        rng: RngLike = None,
    ) -> InventoryUse:
        """⊙ Inventory ("use any Inventory") under the Inventory Restriction.

        Args:
            choice: The Inventory the player picks. When omitted the library picks
                the allowed Inventory with the largest die (the least likely to
                step down), the first in glossary order on a tie.
            among: Only these Inventories may be used (for example Food or Water).
            repeat_allowed: A rule says the same Inventory may be used twice in a row.
            rng: Where the die comes from.

        Raises:
            RuleError: no Inventory is above 0, or *choice* is at 0 or was used
                last while another is available (the Inventory Restriction).
        """
        among = None if among is None else _kinds(among)  # read once: it is consulted twice below
        allowed = self.allowed(among, repeat_allowed=repeat_allowed)
        if not allowed:
            raise RuleError("no Inventory above 0 to roll")
        if choice is None:
            chosen = max(allowed, key=lambda kind: self.die(kind).sides)
        else:
            chosen = InventoryKind.parse(choice, name="choice")
            if chosen not in allowed:
                if self.die(chosen).is_zero:
                    raise RuleError(f"{chosen} is at 0 and cannot be rolled")
                if chosen not in self.available(among):
                    raise RuleError(f"{chosen} may not be used here: choose from {_names(allowed)}")
                raise RuleError(f"Inventory Restriction: {chosen} was used last; choose from {_names(allowed)}")
        return self.roll(chosen, rng=rng)

    def __str__(self) -> str:
        body = ", ".join(f"{kind} {self.die(kind)}" for kind in InventoryKind)
        extra = []
        conditions = sorted(self.conditions, key=lambda c: list(Condition).index(c))
        if conditions:
            extra.append("conditions: " + ", ".join(map(str, conditions)))
        if self.last_used is not None:
            extra.append(f"last used: {self.last_used}")
        return f"Inventory: {body}" + (f" ({'; '.join(extra)})" if extra else "")


@frozen
class InventoryUse(Record):
    """An Inventory roll applied to an :class:`Inventory`: the roll and the state before and after."""

    roll: InventoryRoll = attrs.field(validator=of_type(InventoryRoll))
    before: Inventory = attrs.field(validator=of_type(Inventory))
    after: Inventory = attrs.field(validator=of_type(Inventory))

    def __attrs_post_init__(self) -> None:
        kind = self.roll.kind
        if kind is None:
            raise InvalidInput("roll must name its Inventory (kind) to be applied to an Inventory")
        if self.before.die(kind) is not self.roll.die:
            raise InvalidInput(f"roll used {self.roll.die} but {kind} was {self.before.die(kind)}")
        expected = self.before._with(kind, self.roll.after, last_used=kind)
        if self.after != expected:
            raise InvalidInput(f"after must be the Inventory with {kind} {self.roll.after}, got {self.after}")

    @property
    def gained(self) -> frozenset[Condition]:
        """Conditions the roll brought (an Inventory reaching 0)."""
        return self.after.conditions - self.before.conditions

    @property
    def removed(self) -> frozenset[Condition]:
        """Conditions the roll removed (never, for a roll only steps down)."""
        return self.before.conditions - self.after.conditions

    def __str__(self) -> str:
        text = str(self.roll)
        if self.gained:
            text += " (gains " + ", ".join(sorted(map(str, self.gained))) + ")"
        return text

    def to_markdown(self) -> str:
        """The chat line with what the roll did (no change, or the Inventory ⇩) in bold."""
        from tabletop_core.residue._markdown import bold_after

        return bold_after(str(self), ": ")


def _kinds(among: Iterable[InventoryKind | str] | None) -> tuple[InventoryKind, ...]:
    if among is None:
        return tuple(InventoryKind)
    if isinstance(among, (str, InventoryKind)):
        among = (among,)
    if not isinstance(among, Iterable):
        raise TypeError(f"among must be Inventories (names or InventoryKind), got {type(among).__name__} {clip(among)}")
    chosen = {InventoryKind.parse(kind, name="among") for kind in among}
    if not chosen:
        raise InvalidInput("among must name at least one Inventory, got none")
    return tuple(kind for kind in InventoryKind if kind in chosen)


def _names(kinds: Iterable[InventoryKind]) -> str:
    return ", ".join(map(str, kinds)) or "none"
