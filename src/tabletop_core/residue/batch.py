"""Vectorised simulation: stars for a die, and Inventory decay, many at once.

The batch paths use the same lookup the pure rules use (the Success Table, the
1-2 row) on numpy arrays, drawing with ``DiceSource.roll_many``: no Python loop
per roll. Tests check them against the exact odds of
:mod:`tabletop_core.residue.odds` and against the pure functions on the same dice.

Examples:
    >>> batch = simulate_stars("d8", 1000, rng=7)
    >>> sorted(batch.counts())
    [0, 1, 2]
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from typing import TYPE_CHECKING

from tabletop_core._atomic import atomic_rolls
from tabletop_core._frozen import frozen
from tabletop_core._validate import check_int
from tabletop_core.batch import MAX_BATCH, Batch, check_batch_size, read_only
from tabletop_core.errors import InvalidInput
from tabletop_core.residue.actions import ActionResult, StarModifier, action_modifiers, resolve_action
from tabletop_core.residue.endurance import ActionSlot
from tabletop_core.residue.luck import luck_bonus
from tabletop_core.residue.stars import MAX_VALUE, stars
from tabletop_core.residue.step_die import STEP_DOWN_AT_MOST, DieLike, StepDie, rollable
from tabletop_core.rng import dice_source

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from tabletop_core.rng import RngLike

__all__ = ["MAX_BATCH", "MAX_ROUNDS", "InventoryBatch", "StarsBatch", "simulate_inventory", "simulate_stars"]

MAX_ROUNDS = 100_000
"""The most rounds :func:`simulate_inventory` runs when rolling until every die is 0."""

# numpy is imported by the first batch (a batch is its arrays), not by `import tabletop_core.residue`.


@functools.cache
def _star_tables() -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """Stars and Luck's +★ by Value as arrays, built from the pure functions so the two agree."""
    import numpy as np

    star = np.array([0, *(stars(v) for v in range(1, MAX_VALUE + 1))], dtype=np.int64)
    luck = np.array([0, *(luck_bonus(v) for v in range(1, MAX_VALUE + 1))], dtype=np.int64)
    return star, luck


@frozen(eq=False, repr=False)  # Batch.__repr__: a batch says what it holds
class StarsBatch(Batch[int]):
    """Many Actions with the same die: the Values, the Luck Values and the Outcomes.

    Its outcome codes are the stars themselves, so ``labels`` is ``(0, 1, ..., most)``:
    every number of stars from 0 to the most these Actions could give.

    Attributes:
        die: The committed die.
        values: Natural Values, one per Action.
        luck_values: The Luck die's Values (``None`` without Luck).
        stars: The Outcome of each Action.
        slot: The Action Slot.
        modifiers: The fixed star modifiers (Skill, Dehydration, listed ones; Luck's comes per Action).
        luck: The Luck die (``None`` without Luck).
    """

    die: StepDie
    values: npt.NDArray[np.int64]
    luck_values: npt.NDArray[np.int64] | None
    stars: npt.NDArray[np.int64]
    slot: ActionSlot = ActionSlot.SKILL
    modifiers: tuple[StarModifier, ...] = ()
    luck: StepDie | None = None

    _parameters = ("die", "slot", "modifiers", "luck")

    @property
    def outcome_codes(self) -> npt.NDArray[np.int64]:
        """The stars of each Action (a number of stars is its own code)."""
        return self.stars

    @property
    def labels(self) -> tuple[int, ...]:
        """Every number of stars from 0 to the most these Actions could give (or did give)."""
        shift = sum(m.stars for m in self.modifiers)
        luck = 0 if self.luck is None else int(_star_tables()[1][1 : self.luck.sides + 1].max())
        most = int(_star_tables()[0][1 : self.die.sides + 1].max()) + shift + luck
        seen = int(self.stars.max()) if len(self.stars) else 0
        return tuple(range(max(most, seen, 0) + 1))

    def result(self, index: int) -> ActionResult:
        """Action number *index* as the :class:`~tabletop_core.residue.ActionResult` :func:`resolve_action` gives."""
        index = self._index(index)
        luck_value = None if self.luck_values is None else int(self.luck_values[index])
        return resolve_action(
            slot=self.slot,
            die=self.die,
            value=int(self.values[index]),
            modifiers=self.modifiers,
            luck=self.luck,
            luck_value=luck_value,
        )

    def _describe(self) -> str:
        luck = f" and Luck {self.luck}" if self.luck is not None else ""
        return f"Actions with {self.die}{luck}"

    def _show(self, label: int) -> str:
        return f"{label}★"


@atomic_rolls
def simulate_stars(
    die: DieLike,
    n: int,
    *,
    slot: ActionSlot | str = ActionSlot.SKILL,
    skill_bonus: int = 0,
    dehydrated: bool = False,
    modifiers: Iterable[StarModifier | tuple[int, str]] = (),
    luck: DieLike | None = None,
    rng: RngLike = None,
) -> StarsBatch:
    """Simulate *n* Actions with one die (and optionally Luck for each, from the same Luck die).

    Draws all the committed dice first, then all the Luck dice.

    Raises:
        RuleError: the die or the Luck die is 0.
        InvalidInput: *n* is negative or above :data:`MAX_BATCH`.
    """
    import numpy as np

    step = rollable(die)
    n = check_batch_size(n)
    luck_die = None if luck is None else rollable(luck, name="luck", label="Luck")
    # The rule's own function checks the arguments and gives the fixed part of the modifiers.
    fixed = action_modifiers(slot=slot, skill_bonus=skill_bonus, dehydrated=dehydrated, modifiers=modifiers)
    shift = sum(m.stars for m in fixed)
    source = dice_source(rng)
    values = source.roll_many(step.sides, n)
    total = _star_tables()[0][values] + shift
    luck_values = None
    if luck_die is not None:
        luck_values = source.roll_many(luck_die.sides, n)
        total = total + _star_tables()[1][luck_values]
    return StarsBatch(
        die=step,
        values=values,
        luck_values=luck_values,
        stars=np.maximum(total, 0),
        slot=ActionSlot.parse(slot, name="slot"),
        modifiers=fixed,
        luck=luck_die,
    )


_STEPS = tuple(StepDie)


@functools.cache
def _step_codes() -> npt.NDArray[np.int8]:
    """Each step die's position on the chain, by its sides (the Inventory batch's outcome codes)."""
    import numpy as np

    codes = np.zeros(max(d.sides for d in _STEPS) + 1, dtype=np.int8)
    for code, step in enumerate(_STEPS):
        codes[step.sides] = code
    return codes


@frozen(eq=False, repr=False)  # Batch.__repr__: a batch says what it holds
class InventoryBatch(Batch[StepDie]):
    """Many Inventory dice rolled again and again; the outcome of each is the step it ended on.

    A row is several rolls of one die, so there is no single-roll ``result(i)``;
    ``outcome(i)`` is the step die number *i* ended on.

    Attributes:
        die: The starting die.
        after: Sides of each die at the end (0 for an Inventory at 0).
        rolls: How many times each die was rolled.
    """

    die: StepDie
    after: npt.NDArray[np.int64]
    rolls: npt.NDArray[np.int64]

    _parameters = ("die",)

    @property
    def outcome_codes(self) -> npt.NDArray[np.int8]:
        """Each die's final step as an index into :attr:`labels` (0 for 0, 1 for d4, ...)."""
        return read_only(_step_codes()[self.after])

    @property
    def labels(self) -> tuple[StepDie, ...]:
        """Every step die from 0 up to the starting die."""
        return _STEPS[: _STEPS.index(self.die) + 1]

    def _describe(self) -> str:
        return f"Inventory dice from {self.die}"

    def _show(self, label: StepDie) -> str:
        return f"ended at {label}"


@atomic_rolls
def simulate_inventory(die: DieLike, n: int, *, rolls: int | None = None, rng: RngLike = None) -> InventoryBatch:
    """Simulate *n* Inventory dice, each rolled *rolls* times (or until it reaches 0).

    A die at 0 is not rolled again. Each round rolls every die still above 0,
    one vectorised draw per die size, smallest size first.

    Args:
        die: The starting Inventory die.
        n: How many dice.
        rolls: Rolls per die; ``None`` rolls until every die reaches 0 (then
            ``.rolls`` holds the rolls each took).
        rng: Where the dice come from.

    Raises:
        InvalidInput: *n* or *rolls* is negative, or *n* is above :data:`MAX_BATCH`.
    """
    import numpy as np

    step = StepDie.parse(die)
    n = check_batch_size(n)
    limit = MAX_ROUNDS if rolls is None else check_int("rolls", rolls, low=0, high=MAX_ROUNDS)
    source = dice_source(rng)
    sides = np.full(n, step.sides, dtype=np.int64)
    made = np.zeros(n, dtype=np.int64)
    chain = np.array([d.sides for d in StepDie], dtype=np.int64)
    down = np.zeros(chain.max() + 1, dtype=np.int64)
    for current in StepDie:
        down[current.sides] = current.down().sides
    # Only the dice still above 0 are looked at each round (their indices, in order), so
    # the long tail of "until 0" costs what is left of it, not n per round. The lanes of
    # each size come in index order, as a scan of all n would give: the same draws.
    alive = np.flatnonzero(sides > 0)
    for _ in range(limit):
        if not alive.size:
            break
        alive_sides = sides[alive]
        for size in chain[1:]:
            lanes = np.flatnonzero(alive_sides == size)
            if lanes.size:
                faces = source.roll_many(int(size), int(lanes.size))
                alive_sides[lanes[faces <= STEP_DOWN_AT_MOST]] = down[size]
        sides[alive] = alive_sides
        made[alive] += 1
        alive = alive[alive_sides > 0]
    else:
        if rolls is None and alive.size:
            raise InvalidInput(f"some dice were still above 0 after {MAX_ROUNDS} rolls")
    return InventoryBatch(die=step, after=sides, rolls=made)
