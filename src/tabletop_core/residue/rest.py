"""RESIDUE's Rest: the Rest Steps in order, each one explained.

The Rest Phase is Token Movement, Check Strain, then Rest (or back to Travel
while Strain is below the Strain Threshold). Token Movement lives in
:mod:`~tabletop_core.residue.tokens` and the whole phase is driven by
:mod:`~tabletop_core.residue.journey`; this module resolves Rest itself:

1. **Before Resting**: no dice may stay committed; if any are, gain 1 Strain and Recover them.
2. **Wear & Tear**: roll each Inventory above 0 once (1-2 ⇩).
3. **Strain Payoff**: each Strain paid ⊙ one Inventory (Inventory Restriction)
   and reduces Strain by 1; Strain must end below the Strain Threshold. With
   Strain to pay and no Inventory above 0, banish 1 Endurance die and set
   Strain to 0; with nothing to banish, you are defeated.
4. **Recover HP**: ⊙ Food or ⊙ Water for 1 HP per roll, not the same one twice
   in a row unless it is the only one left, never above Max HP. Bleeding: roll it
   when recovering HP. Panic and Fatigue: you may ⊙ Inventory instead of a
   recovery roll, then roll that Condition (1-2 ⇩).
5. **Check Luck**: roll Luck above 0 (1-2 ⇩, Max Value ⇧); Luck 0 becomes d4.
6. **Start Day**: exhausted dice come back and every available Endurance die is
   rolled into the Endurance Pool.

Readings chosen where the glossary is open (as a player would):

* The Inventory Restriction starts afresh in each Rest Step (the last Wear &
  Tear roll does not bar that Inventory from the first Strain Payoff roll).
* Bleeding is rolled once per Recover HP step, when at least one HP is recovered.
* The default choices (``None``) pay the least Strain the rules demand, heal
  to Max HP while Food or Water lasts, and banish the smallest Endurance die.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

import attrs

from tabletop_core._atomic import atomic_rolls
from tabletop_core._enum import Enum
from tabletop_core._fast import fast_replace  # a Wanderer's new parts are values the rules computed
from tabletop_core._frozen import frozen
from tabletop_core._migrations import migration
from tabletop_core._record import Record
from tabletop_core._typed import check_fields
from tabletop_core._validate import check_int, check_type, clip, of_type
from tabletop_core.errors import InvalidInput, RuleError
from tabletop_core.residue.conditions import Condition
from tabletop_core.residue.death import Defeat, DefeatCause
from tabletop_core.residue.endurance import EnduranceDie
from tabletop_core.residue.healing import roll_bleeding
from tabletop_core.residue.inventory import InventoryKind
from tabletop_core.residue.luck import check_luck
from tabletop_core.residue.rest_log import HPRecovered, RecoverAlternative, RestNote, StrainPaid, _log
from tabletop_core.residue.step_die import StepDie
from tabletop_core.residue.wanderer import Wanderer
from tabletop_core.rng import DiceSource, dice_source

if TYPE_CHECKING:
    from tabletop_core.rng import RngLike

__all__ = [
    "RecoverAction",
    "RestChoices",
    "RestResult",
    "RestStep",
    "RestStepName",
    "banish_for_strain",
    "before_resting",
    "check_luck_step",
    "finish_recover_hp",
    "pay_strain",
    "recover_hp",
    "recover_one",
    "rest",
    "start_day",
    "strain_payoff",
    "wear_and_tear",
]

_HEALING = (InventoryKind.FOOD, InventoryKind.WATER)


class RestStepName(Enum):
    """The Rest Steps, in order (Before Resting first)."""

    BEFORE_RESTING = "Before Resting"
    WEAR_AND_TEAR = "Wear & Tear"
    STRAIN_PAYOFF = "Strain Payoff"
    RECOVER_HP = "Recover HP"
    CHECK_LUCK = "Check Luck"
    START_DAY = "Start Day"

    def __str__(self) -> str:
        return self.value


@frozen
class RestStep(Record):
    """One Rest Step, resolved.

    Attributes:
        name: Which step.
        log: What happened, in order: each rule's own result (an Inventory roll, a
            Recover, a Condition roll, Check Luck, Start Day), which keeps its dice,
            or a :class:`RestNote`; ``str()`` of each is one line (:attr:`lines`).
        wanderer: The Wanderer after the step.
        defeat: Set when the step defeated the Wanderer.
    """

    _version: ClassVar[int] = 2

    name: RestStepName = attrs.field(validator=of_type(RestStepName))
    log: tuple[Record, ...] = attrs.field(converter=_log)
    wanderer: Wanderer = attrs.field(validator=of_type(Wanderer))
    defeat: Defeat | None = attrs.field(default=None, validator=attrs.validators.optional(of_type(Defeat)))

    @property
    def lines(self) -> tuple[str, ...]:
        """The log as English lines (``str()`` of each entry)."""
        return tuple(str(entry) for entry in self.log)

    def __str__(self) -> str:
        head = f"{self.name}: "
        body = "; ".join(line.removeprefix(head) for line in self.lines) or "nothing to do"
        tail = f" · {self.defeat}" if self.defeat else ""
        return f"{self.name}: {body}{tail}"


@migration("residue.RestStep", 1)
def _rest_step_1_to_2(data: dict[str, Any]) -> dict[str, Any]:  # Any: JSON data
    """Version 1 -> 2: the log's text lines become :class:`RestNote` records (the text is kept)."""
    log = data.get("log")
    if isinstance(log, list):
        if not all(isinstance(line, str) for line in log):  # version 1 wrote text lines only
            raise InvalidInput("log: a saved RestStep of version 1 holds text lines")
        data["log"] = [{"type": "residue.RestNote", "version": 1, "line": line} for line in log]
    return data


def _source(rng: RngLike) -> DiceSource:
    return dice_source(rng)


def before_resting(wanderer: Wanderer, *, rng: RngLike = None) -> RestStep:
    """Before Resting: if any dice are committed, gain 1 Strain and Recover them (Delirium rolls)."""
    check_type("wanderer", wanderer, Wanderer)
    if not wanderer.endurance.committed:
        return RestStep(RestStepName.BEFORE_RESTING, (), wanderer)
    step = wanderer.endurance.recover_with_strain(conditions=wanderer.conditions, rng=rng)
    conditions = step.conditions if step.conditions is not None else wanderer.conditions
    after = fast_replace(wanderer, endurance=step.after, conditions=conditions)
    return RestStep(RestStepName.BEFORE_RESTING, (step,), after)


def wear_and_tear(wanderer: Wanderer, *, rng: RngLike = None) -> RestStep:
    """Wear & Tear: roll each Inventory above 0 once, in glossary order (1-2 ⇩)."""
    check_type("wanderer", wanderer, Wanderer)
    source = _source(rng)
    inventory = wanderer.inventory
    log: list[Record] = []
    for kind in InventoryKind:
        if inventory.die(kind).is_zero:
            continue
        use = inventory.roll(kind, rng=source)
        log.append(use)
        inventory = use.after
    return RestStep(RestStepName.WEAR_AND_TEAR, tuple(log), wanderer.with_inventory(inventory.forget_last()))


def _banish_choice(wanderer: Wanderer, banish: StepDie | None) -> tuple[str, int]:
    """Where the die to banish is: ('pool'|'exhausted', index); the smallest by default."""
    endurance = wanderer.endurance
    places = [("pool", i, d.die) for i, d in enumerate(endurance.pool)]
    places += [("exhausted", i, d) for i, d in enumerate(endurance.exhausted)]
    if banish is not None:
        wanted = StepDie.parse(banish, name="banish")
        places = [p for p in places if p[2] is wanted]
        if not places:
            raise RuleError(f"banish: no {wanted} Endurance die to banish")
    where, index, _ = min(places, key=lambda p: p[2].sides)
    return where, index


def strain_payoff(
    wanderer: Wanderer,
    *,
    pay: int | None = None,
    choices: Sequence[InventoryKind | None] | None = None,
    banish: StepDie | None = None,
    rng: RngLike = None,
) -> RestStep:
    """Strain Payoff: pay Strain with ⊙ Inventory until Strain is below the Strain Threshold.

    Args:
        wanderer: The Wanderer (dice already recovered by :func:`before_resting`).
        pay: How many Strain to pay; at least enough to end below the Strain
            Threshold (the default), at most all of it.
        choices: The Inventory for each payment (``None`` entries or a short list:
            the allowed Inventory with the largest die).
        banish: The size of the Endurance die to banish if "No Inventory" strikes
            (default: the smallest).
        rng: Where the dice come from.

    Raises:
        InvalidInput: *pay* is below the minimum or above the Strain.
        RuleError: a choice breaks the Inventory Restriction.
    """
    check_type("wanderer", wanderer, Wanderer)
    strain = wanderer.strain
    threshold = wanderer.strain_threshold
    least = max(0, strain - threshold + 1)
    pay = least if pay is None else check_int("pay", pay, low=least, high=max(strain, least))
    picks = list(choices) if choices is not None else []
    source = _source(rng)
    current = wanderer.with_inventory(wanderer.inventory.forget_last())
    log: list[Record] = []
    for payment in range(pay):
        if not current.inventory.available():
            if current.strain < threshold:
                log.append(RestNote("no Inventory left: the rest of the Strain stays"))
                break
            step = banish_for_strain(current, banish)
            return attrs.evolve(step, log=(*log, *step.log))
        step = pay_strain(current, picks[payment] if payment < len(picks) else None, rng=source)
        log.extend(step.log)
        current = step.wanderer
    after = current.with_inventory(current.inventory.forget_last())
    return RestStep(RestStepName.STRAIN_PAYOFF, tuple(log), after)


def pay_strain(wanderer: Wanderer, kind: InventoryKind | None = None, *, rng: RngLike = None) -> RestStep:
    """Pay 1 Strain at Strain Payoff: ⊙ one Inventory (*kind*, or the allowed one with the largest die).

    The Inventory Restriction holds against the Inventory rolled last
    (``wanderer.inventory.last_used``), so paying one Strain at a time follows
    the same rule as :func:`strain_payoff`.

    Raises:
        RuleError: no Strain to pay, no Inventory above 0, or *kind* breaks the Inventory Restriction.
    """
    check_type("wanderer", wanderer, Wanderer)
    if wanderer.strain == 0:
        raise RuleError("Strain Payoff: there is no Strain to pay")
    use = wanderer.inventory.roll_any(kind, rng=rng)
    endurance = wanderer.endurance.reduce_strain(1)
    after = fast_replace(wanderer.with_inventory(use.after), endurance=endurance)
    return RestStep(RestStepName.STRAIN_PAYOFF, (StrainPaid(use, endurance.strain),), after)


def banish_for_strain(wanderer: Wanderer, banish: StepDie | None = None) -> RestStep:
    """No Inventory: banish 1 Endurance die (*banish* size, else the smallest) and set Strain to 0.

    With no Endurance die to banish, or when the last one goes, the step carries the defeat.

    Raises:
        RuleError: an Inventory is still above 0, or Strain is already below the Strain Threshold.
    """
    check_type("wanderer", wanderer, Wanderer)
    if wanderer.inventory.available():
        raise RuleError("No Inventory applies only when every Inventory is at 0")
    if wanderer.strain < wanderer.strain_threshold:
        raise RuleError("No Inventory applies only while Strain must still be paid (at or above the ST)")
    endurance = wanderer.endurance
    if not endurance.can_banish or not (endurance.pool or endurance.exhausted):
        defeat = Defeat(DefeatCause.BANISHED, "Strain Payoff: no Inventory and no Endurance die to banish")
        note = RestNote("No Inventory and no Endurance die to banish")
        return RestStep(RestStepName.STRAIN_PAYOFF, (note,), wanderer, defeat)
    where, index = _banish_choice(wanderer, banish)
    die = endurance.pool[index].die if where == "pool" else endurance.exhausted[index]
    after = fast_replace(wanderer, endurance=endurance.banish(**{where: (index,)}).with_strain(0))
    log = (RestNote(f"No Inventory: banish {die}, Strain set to 0"),)
    if after.endurance_dice == 0:
        defeat = Defeat(DefeatCause.BANISHED, "Strain Payoff banished the last Endurance die")
        return RestStep(RestStepName.STRAIN_PAYOFF, log, after, defeat)
    return RestStep(RestStepName.STRAIN_PAYOFF, log, after)


class RecoverAction(Enum):
    """One roll during Recover HP."""

    HP = "recover 1 HP"
    PANIC = "⊙ Inventory instead, then roll Panic"
    FATIGUE = "⊙ Inventory instead, then roll Fatigue"

    def __str__(self) -> str:
        return self.value


def recover_hp(
    wanderer: Wanderer,
    *,
    plan: Sequence[tuple[RecoverAction, InventoryKind | None]] | None = None,
    rng: RngLike = None,
) -> RestStep:
    """Recover HP: ⊙ Food or Water for 1 HP each, or the Panic/Fatigue alternative.

    Args:
        wanderer: The Wanderer.
        plan: The rolls, in order: ``(RecoverAction.HP, InventoryKind.FOOD)``
            recovers 1 HP with Food; ``(RecoverAction.PANIC, kind)`` rolls any
            Inventory instead and then Panic. ``None`` for a kind picks the
            allowed one with the largest die. The default plan heals to Max HP
            while Food or Water lasts.
        rng: Where the dice come from.

    Raises:
        RuleError: a roll above Max HP, with no Food or Water left, breaking
            the Inventory Restriction, or for a Condition the Wanderer lacks.
    """
    check_type("wanderer", wanderer, Wanderer)
    source = _source(rng)
    current = wanderer.with_inventory(wanderer.inventory.forget_last())
    log: list[Record] = []
    steps: list[tuple[RecoverAction, InventoryKind | None]]
    if plan is None:
        steps = [(RecoverAction.HP, None)] * wanderer.health.missing
    else:
        steps = []
        for index, entry in enumerate(plan):
            if not isinstance(entry, tuple) or len(entry) != 2:
                raise TypeError(
                    f"plan[{index}] must be a (RecoverAction, InventoryKind | None) pair, got {clip(entry)}"
                )
            check_type(f"plan[{index}][0]", entry[0], RecoverAction)
            steps.append((entry[0], None if entry[1] is None else InventoryKind.parse(entry[1], name="kind")))
    healed = False
    for action, kind in steps:
        if plan is None and (current.health.missing == 0 or not current.inventory.allowed(_HEALING)):
            break
        step = recover_one(current, action, kind, rng=source)
        log.extend(step.log)
        current = step.wanderer
        healed = healed or action is RecoverAction.HP
    done = finish_recover_hp(current, healed=healed, rng=source)
    return RestStep(RestStepName.RECOVER_HP, (*log, *done.log), done.wanderer)


def recover_one(
    wanderer: Wanderer,
    action: RecoverAction = RecoverAction.HP,
    kind: InventoryKind | None = None,
    *,
    rng: RngLike = None,
) -> RestStep:
    """One roll of Recover HP: ⊙ Food or Water for 1 HP, or the Panic/Fatigue alternative.

    The Inventory Restriction holds against ``wanderer.inventory.last_used``.

    Raises:
        RuleError: already at Max HP, no Food or Water above 0, a choice breaking the
            Inventory Restriction, or an alternative for a Condition the Wanderer lacks.
    """
    check_type("wanderer", wanderer, Wanderer)
    check_type("action", action, RecoverAction)
    source = _source(rng)
    if action is RecoverAction.HP:
        health = wanderer.health
        if health.missing == 0:
            raise RuleError(f"Recover HP: already at Max HP {health.max_hp}")
        if not wanderer.inventory.allowed(_HEALING):
            raise RuleError("Recover HP: no Food or Water above 0")
        use = wanderer.inventory.roll_any(kind, among=_HEALING, rng=source)
        health = health.gain(1)
        after = fast_replace(wanderer, health=health).with_inventory(use.after)
        return RestStep(RestStepName.RECOVER_HP, (HPRecovered(use, health.hp, health.max_hp),), after)
    condition = Condition.PANIC if action is RecoverAction.PANIC else Condition.FATIGUE
    if not wanderer.conditions.has(condition):
        raise RuleError(f"Recover HP: the {condition} alternative needs {condition} on the Wanderer")
    use = wanderer.inventory.roll_any(kind, rng=source)
    roll, conditions = wanderer.conditions.roll(condition, rng=source)
    after = fast_replace(wanderer, conditions=conditions).with_inventory(use.after)
    return RestStep(RestStepName.RECOVER_HP, (RecoverAlternative(use, roll),), after)


def finish_recover_hp(wanderer: Wanderer, *, healed: bool, rng: RngLike = None) -> RestStep:
    """End Recover HP: Bleeding rolls once if HP was recovered; the Inventory Restriction resets."""
    check_type("wanderer", wanderer, Wanderer)
    if not isinstance(healed, bool):
        raise TypeError(f"healed must be a bool, got {type(healed).__name__}")
    roll, conditions = roll_bleeding(wanderer.conditions, recovered=healed, rng=rng)  # the one shared roll
    log: tuple[Record, ...] = () if roll is None else (roll,)
    after = fast_replace(wanderer, conditions=conditions)
    return RestStep(RestStepName.RECOVER_HP, log, after.with_inventory(after.inventory.forget_last()))


def check_luck_step(wanderer: Wanderer, *, rng: RngLike = None) -> RestStep:
    """Check Luck: roll Luck above 0 (1-2 ⇩, 3+ no change, Max Value ⇧); Luck 0 becomes d4."""
    check_type("wanderer", wanderer, Wanderer)
    result = check_luck(wanderer.luck, rng=rng)
    return RestStep(RestStepName.CHECK_LUCK, (result,), fast_replace(wanderer, luck=result.after))


def start_day(wanderer: Wanderer, *, rng: RngLike = None) -> RestStep:
    """Start Day: exhausted dice come back and every available Endurance die is rolled into the EP.

    Raises:
        RuleError: dice are still committed (run :func:`before_resting` first).
    """
    check_type("wanderer", wanderer, Wanderer)
    source = _source(rng)
    endurance = wanderer.endurance
    log: list[Record] = []
    if endurance.exhausted:
        # Exhausted dice rejoin the pool and Start Day rolls every pool die once, so they
        # are rolled once here too (their placeholder Value is replaced by that roll).
        log.append(RestNote(f"exhausted dice back: {', '.join(map(str, endurance.exhausted))}"))
        back = tuple(EnduranceDie(die=die, value=1) for die in endurance.exhausted)
        endurance = fast_replace(endurance, pool=endurance.pool + back, exhausted=())
    step = endurance.start_day(rng=source)
    log.append(step)
    return RestStep(RestStepName.START_DAY, tuple(log), fast_replace(wanderer, endurance=step.after))


@frozen
class RestChoices(Record):
    """The player's choices for a whole Rest (every ``None`` takes the default).

    Attributes:
        pay: Strain to pay at Strain Payoff (default: the least that ends below the ST).
        payoff_choices: The Inventory for each payment.
        banish: The size of die to banish under "No Inventory".
        recover_plan: The Recover HP plan (see :func:`recover_hp`).
    """

    pay: int | None = None
    payoff_choices: tuple[InventoryKind | None, ...] | None = None
    banish: StepDie | None = None
    recover_plan: tuple[tuple[RecoverAction, InventoryKind | None], ...] | None = None

    def __attrs_post_init__(self) -> None:
        check_fields(self)  # types from the annotations: a tampered save gets a TypeError naming the field


@frozen
class RestResult(Record):
    """A whole Rest: every step in order, the Wanderer after, and the defeat if one struck."""

    steps: tuple[RestStep, ...]
    wanderer: Wanderer
    defeat: Defeat | None = None

    def __attrs_post_init__(self) -> None:
        check_fields(self)  # types from the annotations: a tampered save gets a TypeError naming the field

    def __str__(self) -> str:
        return " | ".join(str(step) for step in self.steps)


@atomic_rolls
def rest(wanderer: Wanderer, *, choices: RestChoices | None = None, rng: RngLike = None) -> RestResult:
    """Rest: Before Resting, Wear & Tear, Strain Payoff, Recover HP, Check Luck, Start Day.

    Stops at the step that defeats the Wanderer (Strain Payoff with nothing to banish).

    Examples:
        >>> from tabletop_core import ScriptedDice
        >>> w = Wanderer.new(hp=5, max_hp=6, endurance_dice=["d6"], inventory="d6", luck="d4",
        ...                  strain_threshold=3, rng=ScriptedDice([4]))
        >>> result = rest(w, rng=ScriptedDice([3, 3, 3, 3, 3, 5, 2, 6]))
        >>> print(result.steps[3])
        Recover HP: ⊙ Food d6 → 5: no change: +1 HP (6/6)
        >>> result.wanderer.luck, result.wanderer.endurance.pool[0].value
        (<StepDie.ZERO: 0>, 6)
    """
    check_type("wanderer", wanderer, Wanderer)
    if choices is None:
        choices = RestChoices()
    check_type("choices", choices, RestChoices)
    source = _source(rng)
    steps: list[RestStep] = []
    current = wanderer
    stages: tuple[Callable[[Wanderer], RestStep], ...] = (
        lambda w: before_resting(w, rng=source),
        lambda w: wear_and_tear(w, rng=source),
        lambda w: strain_payoff(w, pay=choices.pay, choices=choices.payoff_choices, banish=choices.banish, rng=source),
        lambda w: recover_hp(w, plan=choices.recover_plan, rng=source),
        lambda w: check_luck_step(w, rng=source),
        lambda w: start_day(w, rng=source),
    )
    for stage in stages:
        step = stage(current)
        steps.append(step)
        current = step.wanderer
        if step.defeat is not None:
            return RestResult(tuple(steps), current, step.defeat)
    if current.strain >= current.strain_threshold:  # pragma: no cover - strain_payoff guarantees this
        raise InvalidInput("Strain Payoff must end below the Strain Threshold")
    return RestResult(tuple(steps), current)
