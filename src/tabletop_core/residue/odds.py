"""Exact odds for RESIDUE: stars per die, Actions, Luck, Inventory decay.

Every distribution here enumerates the same pure rule functions the rolls use
(:func:`~tabletop_core.residue.stars.stars`,
:func:`~tabletop_core.residue.actions.action_stars`, the Outcome arithmetic of
:func:`~tabletop_core.residue.actions.resolve_action`,
:func:`~tabletop_core.residue.luck.resolve_luck_test`,
:func:`~tabletop_core.residue.inventory.resolve_inventory`), so the odds cannot
drift from the rules. Inventory decay is a small absorbing Markov chain on the
Dice Chain, solved exactly with fractions.

Examples:
    >>> from fractions import Fraction
    >>> star_odds("d8").probability(2)
    Fraction(3, 8)
    >>> expected_rolls_to_zero("d12")
    Fraction(20, 1)
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction

from tabletop_core._enum import Enum
from tabletop_core._validate import check_int
from tabletop_core.odds import Distribution
from tabletop_core.residue.actions import StarModifier, action_modifiers, action_stars
from tabletop_core.residue.endurance import ActionSlot
from tabletop_core.residue.inventory import resolve_inventory
from tabletop_core.residue.luck import resolve_luck_test
from tabletop_core.residue.stars import stars
from tabletop_core.residue.step_die import DieLike, StepDie, rollable

__all__ = [
    "LuckRow",
    "action_odds",
    "expected_rolls_to_zero",
    "inventory_odds",
    "inventory_transition",
    "luck_after_odds",
    "luck_test_odds",
    "star_odds",
]

MAX_ROLLS = 1_000
"""The most Inventory rolls :func:`inventory_odds` looks ahead (a guard on the work: exact
fractions grow with every roll; after 1,000 rolls even a d12 is at 0 but for about 1e-37)."""


class LuckRow(Enum):
    """The row of the Luck tables a roll lands on."""

    FAIL = "1-2: fail (nothing for an Action), Luck ⇩"
    PASS = "3+: pass (+★ for an Action)"
    PASS_AND_STEP_UP = "Max Value: pass (+★ for an Action), Luck ⇧"


def star_odds(die: DieLike) -> Distribution[int]:
    """The stars from one natural roll of a step die on the Success Table.

    Raises:
        RuleError: the die is 0.

    Examples:
        >>> print(star_odds("d4"))
        outcome  probability  percent
        -----------------------------
        0                1/2   50.00%
        1                1/2   50.00%
    """
    step = rollable(die)
    return Distribution.from_function(stars, step.sides)


def action_odds(
    die: DieLike,
    *,
    slot: ActionSlot | str = ActionSlot.SKILL,
    skill_bonus: int = 0,
    dehydrated: bool = False,
    modifiers: Iterable[StarModifier | tuple[int, str]] = (),
    luck: DieLike | None = None,
) -> Distribution[int]:
    """The Outcome (stars) of an Action with a given die, bonus, penalties and optional Luck.

    Args:
        die: The committed Endurance die.
        slot: The Action Slot (the Skill bonus needs Skill).
        skill_bonus: The Skill bonus.
        dehydrated: Dehydration's ``-★``.
        modifiers: Other ``(stars, reason)`` modifiers.
        luck: The Luck die, to include Luck for the Action.

    Examples:
        >>> action_odds("d6", luck="d6").probability(0)
        Fraction(1, 9)
    """
    step = rollable(die)
    shift = sum(
        m.stars
        for m in action_modifiers(slot=slot, skill_bonus=skill_bonus, dehydrated=dehydrated, modifiers=modifiers)
    )
    # action_stars is the arithmetic resolve_action itself uses; the arguments were checked once above.
    if luck is None:
        return Distribution.from_function(lambda value: action_stars(value, shift), step.sides)
    luck_die = rollable(luck, name="luck")
    return Distribution.from_function(
        lambda value, luck_value: action_stars(value, shift, luck_value), step.sides, luck_die.sides
    )


def _luck_row(luck: StepDie, value: int) -> LuckRow:
    test = resolve_luck_test(luck, value)
    if not test.passed:
        return LuckRow.FAIL
    return LuckRow.PASS_AND_STEP_UP if value == luck.max_value else LuckRow.PASS


def luck_test_odds(luck: DieLike) -> Distribution[LuckRow]:
    """Which row a Luck roll lands on (the Luck Test and Luck for an Action share the rows).

    Examples:
        >>> luck_test_odds("d6").probability(LuckRow.PASS_AND_STEP_UP)
        Fraction(1, 6)
    """
    step = rollable(luck, name="luck")
    return Distribution.from_function(lambda value: _luck_row(step, value), step.sides)


def luck_after_odds(luck: DieLike) -> Distribution[StepDie]:
    """The Luck die after one Luck Test or Luck for an Action."""
    step = rollable(luck, name="luck")
    return Distribution.from_function(lambda value: resolve_luck_test(step, value).after, step.sides)


def inventory_transition(die: DieLike) -> dict[StepDie, Fraction]:
    """One ⊙ of an Inventory die as a row of the Markov chain: the die after and its probability.

    A die at 0 cannot be rolled, so 0 stays 0 (the chain's absorbing state).
    """
    step = StepDie.parse(die)
    if step.is_zero:
        return {StepDie.ZERO: Fraction(1)}
    return dict(Distribution.from_function(lambda value: resolve_inventory(step, value).after, step.sides).items())


def inventory_odds(die: DieLike, rolls: int = 1) -> Distribution[StepDie]:
    """The Inventory die after *rolls* rolls (a die that reaches 0 is not rolled again).

    Examples:
        >>> inventory_odds("d4", rolls=2).probability(StepDie.ZERO)
        Fraction(3, 4)
    """
    step = StepDie.parse(die)
    rolls = check_int("rolls", rolls, low=0, high=MAX_ROLLS)
    state: dict[StepDie, Fraction] = {step: Fraction(1)}
    for _ in range(rolls):
        following: dict[StepDie, Fraction] = {}
        for current, probability in state.items():
            for after, step_probability in inventory_transition(current).items():
                following[after] = following.get(after, Fraction(0)) + probability * step_probability
        state = following
    return Distribution(state)


def expected_rolls_to_zero(die: DieLike) -> Fraction:
    """The exact expected number of rolls before an Inventory die reaches 0.

    Solves the absorbing Markov chain ``(I - Q) t = 1`` over the dice above 0
    with exact fractions (``Q`` holds the steps between those dice).

    Examples:
        >>> [expected_rolls_to_zero(d) for d in ("d4", "d6", "d8")]
        [Fraction(2, 1), Fraction(5, 1), Fraction(9, 1)]
    """
    step = StepDie.parse(die)
    transient = [d for d in StepDie if not d.is_zero]
    size = len(transient)
    # Augmented matrix [I - Q | 1].
    matrix = [[Fraction(0)] * (size + 1) for _ in range(size)]
    for row, current in enumerate(transient):
        matrix[row][row] += 1
        matrix[row][size] = Fraction(1)
        for after, probability in inventory_transition(current).items():
            if not after.is_zero:
                matrix[row][transient.index(after)] -= probability
    solution = _solve(matrix)
    return Fraction(0) if step.is_zero else solution[transient.index(step)]


def _solve(matrix: list[list[Fraction]]) -> list[Fraction]:
    """Gauss-Jordan elimination on an augmented, non-singular matrix of fractions."""
    size = len(matrix)
    for column in range(size):
        pivot = next(row for row in range(column, size) if matrix[row][column] != 0)
        matrix[column], matrix[pivot] = matrix[pivot], matrix[column]
        lead = matrix[column][column]
        matrix[column] = [value / lead for value in matrix[column]]
        for row in range(size):
            if row != column and matrix[row][column] != 0:
                factor = matrix[row][column]
                matrix[row] = [a - factor * b for a, b in zip(matrix[row], matrix[column], strict=True)]
    return [matrix[row][size] for row in range(size)]
