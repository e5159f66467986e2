"""Batches: many Tests at once, vectorised with numpy.

:func:`simulate_test` draws all the d20s in one call, then (when Fortune or
Misfortune applies) all the d6s, and judges every Test with array arithmetic:
no Python loop per roll. With :class:`~tabletop_core.ScriptedDice` it reads the
same dice in the same order, so it can be checked against the pure
:func:`~tabletop_core.d20.resolve_test` die for die.

Examples:
    >>> from tabletop_core.d20 import simulate_test
    >>> batch = simulate_test(10_000, stakes="mid", modifier=3, rng=1)
    >>> sum(batch.counts().values())
    10000
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from tabletop_core._frozen import frozen
from tabletop_core.batch import MAX_BATCH, Batch, check_batch_size, read_only  # noqa: F401  # MAX_BATCH: named in the docs
from tabletop_core.d20.stakes import Outcome, Stakes
from tabletop_core.d20.test import Modifier, TestEffects, TestRoll, _template
from tabletop_core.rng import dice_source

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from tabletop_core.rng import RngLike  # read by the type checker only: at run time the alias imports numpy

__all__ = ["OUTCOME_CODES", "TestBatch", "simulate_test"]

OUTCOME_CODES: tuple[Outcome, ...] = tuple(Outcome)
"""``outcome_codes`` index this tuple: 0 Success, 1 Setback, 2 Failure (``TestBatch.labels``)."""


@frozen(eq=False, repr=False)  # Batch.__repr__: a batch says what it holds
class TestBatch(Batch[Outcome]):
    """The dice, totals and outcomes of many Tests with the same Modifiers.

    Besides its own arrays it has the shape every batch has (see
    :class:`tabletop_core.batch.Batch`): ``len()``, ``outcome(i)``, ``result(i)``,
    ``counts()``, ``shares()``, ``str()`` and ``to_dict()``.

    Attributes:
        template: One Test with the shared Stakes, Modifiers, Fortune/Misfortune
            and Fatigue (its dice are placeholders).
        flat_rolls: The d20s, ``int64``.
        fortune_dice: The d6s (``int64``), or ``None`` when no d6 is rolled.
        outcome_codes: ``int8`` indexes into :data:`OUTCOME_CODES`.
    """

    __test__ = False  # not a pytest test class

    template: TestRoll
    flat_rolls: npt.NDArray[np.int64]
    fortune_dice: npt.NDArray[np.int64] | None
    outcome_codes: npt.NDArray[np.int8]

    @property
    def labels(self) -> tuple[Outcome, ...]:
        """Success, Setback, Failure: ``labels[code]`` (:data:`OUTCOME_CODES`)."""
        return OUTCOME_CODES

    @property
    def totals(self) -> npt.NDArray[np.int64]:
        """The Test Totals, ``int64`` (computed from the dice on each access)."""
        t = self.template
        totals = self.flat_rolls + (t.modifier - t.fatigue)
        if self.fortune_dice is not None:
            totals += self.fortune_dice if t.fortune else -self.fortune_dice
        return read_only(totals)

    def result(self, index: int) -> TestRoll:
        """Test number *index* as a full :class:`~tabletop_core.d20.TestRoll` (through the pure function)."""
        index = self._index(index)
        fortune_die = None if self.fortune_dice is None else int(self.fortune_dice[index])
        return self.template.with_dice(int(self.flat_rolls[index]), fortune_die)

    def _describe(self) -> str:
        return f"Tests at {self.template.stakes}"

    def to_dict(self) -> dict[str, Any]:  # Any: JSON values of several types
        """JSON-ready data: the type, the number of Tests, the shared Test (dice are placeholders), the counts."""
        data = super().to_dict()
        data["parameters"] = {"template": self.template.to_dict()}
        return data


def simulate_test(
    n: int,
    *,
    stakes: Stakes | str,
    modifier: int | Modifier | Iterable[int | Modifier] = 0,
    fortune: bool | int | str | Iterable[str] = False,
    misfortune: bool | int | str | Iterable[str] = False,
    fatigue: int = 0,
    effects: TestEffects | None = None,
    rng: RngLike = None,
) -> TestBatch:
    """Simulate *n* Tests: all the d20s first, then all the d6s when one is rolled.

    Arguments other than *n* are those of :func:`~tabletop_core.d20.roll_test`.

    Returns:
        A :class:`TestBatch` of numpy arrays, with ``counts()``.

    Raises:
        InvalidInput: *n* is negative or above :data:`MAX_BATCH`, or a value is out of range.
        TypeError: a value has the wrong type.
    """
    import numpy as np  # a batch is numpy arrays: numpy loads with the first batch, not with the d20 import

    n = check_batch_size(n)
    template = _template(
        stakes=stakes, modifier=modifier, fortune=fortune, misfortune=misfortune, fatigue=fatigue, effects=effects
    )
    source = dice_source(rng)
    with source.atomic():  # all the dice or none of a ScriptedDice
        flat_rolls = source.roll_many(20, n)
        fortune_dice = source.roll_many(6, n) if template.needs_fortune_die else None
    shift = template.modifier - template.fatigue
    # Compare the dice with the thresholds moved by the Modifiers and Fatigue, instead of
    # building a totals array: fewer large temporary arrays, the same comparisons.
    if fortune_dice is None:
        raw = flat_rolls
    else:
        # d20 +/- d6 lies in -5..26: an int8 sum needs an eighth of the memory of int64.
        combine = np.add if template.fortune else np.subtract
        raw = combine(flat_rolls, fortune_dice, dtype=np.int8, casting="unsafe")
    if template.automatic_failure:
        codes = np.full(n, OUTCOME_CODES.index(Outcome.FAILURE), dtype=np.int8)
    else:
        level = template.stakes
        # Thresholds clipped to int8: the dice never leave -5..26, so the comparisons are unchanged.
        success_at = min(max(level.success_at - shift, -128), 127)
        setback_at = min(max(level.setback_at - shift, -128), 127)
        # 0 Success, 1 Setback, 2 Failure: count the thresholds the total falls short of.
        codes = np.less(raw, success_at).view(np.int8)
        codes += np.less(raw, setback_at).view(np.int8)
    return TestBatch(template, flat_rolls, fortune_dice, codes)
