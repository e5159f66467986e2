"""Luck: the Luck Test, Luck for an Action, and Check Luck at Rest.

Luck is a step die. A Luck Test passes on 3+ and fails on 1-2 (Luck ⇩); Luck
for an Action adds ``+★`` on 3+ and nothing on 1-2 (Luck ⇩). On either, the Max
Value row wins over the 3+ row: it passes (or adds ``+★``) *and* steps Luck up.
Luck 0 cannot be rolled (:class:`~tabletop_core.errors.RuleError`); at Rest,
Check Luck raises Luck 0 to d4 instead of rolling.

Examples:
    >>> from tabletop_core import ScriptedDice
    >>> print(luck_test("d6", rng=ScriptedDice([6])))
    Luck test d6 → 6: pass, Luck ⇧ d8
    >>> print(luck_for_action("d6", rng=ScriptedDice([2])))
    Luck d6 → 2: nothing, Luck ⇩ d4
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from tabletop_core._frozen import frozen
from tabletop_core._record import Record
from tabletop_core._validate import check_int, check_type, clip
from tabletop_core.errors import InvalidInput
from tabletop_core.residue.step_die import STEP_DOWN_AT_MOST, DieLike, StepDie, check_value, rollable, to_step_die
from tabletop_core.rng import dice_source

if TYPE_CHECKING:
    from tabletop_core.rng import RngLike

__all__ = [
    "LuckCheck",
    "LuckForAction",
    "LuckTest",
    "check_luck",
    "luck_after",
    "luck_bonus",
    "luck_for_action",
    "luck_test",
    "resolve_check_luck",
    "resolve_luck_for_action",
    "resolve_luck_test",
]


def luck_after(luck: StepDie, value: int) -> StepDie:
    """The Luck die after a roll of *value*: ⇧ on Max Value, ⇩ on 1-2, else unchanged.

    Raises:
        TypeError: *luck* is not a step die (a StepDie, its sides or its text).
        InvalidInput: *luck* is not on the chain.
    """
    if type(luck) is not StepDie:  # the hot callers pass a StepDie: one identity test
        luck = StepDie.parse(luck, name="luck")
    if type(value) is not int:  # a numpy array would compare item by item below
        value = check_int("value", value)
    if value == luck.max_value:
        return luck.up()
    if value <= STEP_DOWN_AT_MOST:
        return luck.down()
    return luck


def luck_bonus(value: int) -> int:
    """Stars Luck for an Action adds for a roll of *value*: nothing on 1-2, ``+★`` on 3+ (Max Value included).

    The rule alone, for code that has already checked *value* against the Luck
    die (exact odds, batches); :func:`resolve_luck_for_action` checks and explains.
    """
    return 1 if value > STEP_DOWN_AT_MOST else 0


def _rollable_luck(luck: DieLike) -> StepDie:
    return rollable(luck, name="luck", label="Luck")


def _check_after(luck: StepDie, value: int, after: StepDie) -> None:
    expected = luck_after(luck, value)
    if after is not expected:
        raise InvalidInput(f"after must be {expected} for Luck {luck} showing {value}, got {after}")


def _change(luck: StepDie, after: StepDie) -> str:
    if after is luck:
        return ""
    arrow = "⇧" if after.sides > luck.sides else "⇩"
    return f", Luck {arrow} {after}"


@frozen
class LuckTest(Record):
    """A Luck Test: 1-2 fail and Luck ⇩; 3+ pass; Max Value pass and Luck ⇧.

    Attributes:
        luck: The Luck die rolled.
        value: Its natural Value.
        passed: Whether the test passed (3+).
        after: The Luck die after the test.
    """

    luck: StepDie = attrs.field(converter=to_step_die)
    value: int = attrs.field()
    passed: bool = attrs.field()
    after: StepDie = attrs.field(converter=to_step_die)

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "value", check_value(_rollable_luck(self.luck), self.value))
        check_type("passed", self.passed, bool)
        if self.passed != (self.value > STEP_DOWN_AT_MOST):
            raise InvalidInput(f"passed must be {not self.passed} for a Luck roll of {self.value}")
        _check_after(self.luck, self.value, self.after)

    def __str__(self) -> str:
        verdict = "pass" if self.passed else "fail"
        return f"Luck test {self.luck} → {self.value}: {verdict}{_change(self.luck, self.after)}"


@frozen
class LuckForAction(Record):
    """Luck for an Action: 1-2 nothing and Luck ⇩; 3+ ``+★``; Max Value ``+★`` and Luck ⇧.

    Attributes:
        luck: The Luck die rolled.
        value: Its natural Value.
        bonus_stars: Stars added to the Action (0 or 1).
        after: The Luck die after the roll.
    """

    luck: StepDie = attrs.field(converter=to_step_die)
    value: int = attrs.field()
    bonus_stars: int = attrs.field()
    after: StepDie = attrs.field(converter=to_step_die)

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "value", check_value(_rollable_luck(self.luck), self.value))
        expected = luck_bonus(self.value)
        object.__setattr__(self, "bonus_stars", check_int("bonus_stars", self.bonus_stars, low=0, high=1))
        if self.bonus_stars != expected:
            raise InvalidInput(f"bonus_stars must be {expected} for a Luck roll of {self.value}")
        _check_after(self.luck, self.value, self.after)

    def __str__(self) -> str:
        gain = "+★" if self.bonus_stars else "nothing"
        return f"Luck {self.luck} → {self.value}: {gain}{_change(self.luck, self.after)}"


@frozen
class LuckCheck(Record):
    """Check Luck at Rest: roll Luck above 0 (1-2 ⇩, 3+ no change, Max Value ⇧); Luck 0 becomes d4.

    Attributes:
        luck: The Luck die before the check.
        value: The natural Value rolled, or ``None`` when Luck was 0 (no roll).
        after: The Luck die after the check.
    """

    luck: StepDie = attrs.field(converter=to_step_die)
    value: int | None = attrs.field()
    after: StepDie = attrs.field(converter=to_step_die)

    def __attrs_post_init__(self) -> None:
        if self.luck.is_zero:
            if self.value is not None:
                raise InvalidInput(f"value must be None when Luck is 0 (no roll), got {clip(self.value)}")
            if self.after is not StepDie.D4:
                raise InvalidInput(f"after must be d4 when Luck is 0, got {self.after}")
            return
        if self.value is None:
            raise InvalidInput("value must be the Luck roll when Luck is above 0, got None")
        object.__setattr__(self, "value", check_value(self.luck, self.value))
        _check_after(self.luck, self.value, self.after)

    def __str__(self) -> str:
        if self.value is None:
            return "Check Luck 0: Luck becomes d4"
        change = _change(self.luck, self.after) or ", no change"
        return f"Check Luck {self.luck} → {self.value}{change.replace(', ', ': ', 1)}"


def resolve_luck_test(luck: DieLike, value: int) -> LuckTest:
    """Read a Luck Test from the Value the Luck die showed.

    Raises:
        RuleError: Luck is 0 (it cannot be rolled).
        InvalidInput: *value* does not fit the Luck die.
    """
    die = _rollable_luck(luck)
    value = check_value(die, value)
    return LuckTest(luck=die, value=value, passed=value > STEP_DOWN_AT_MOST, after=luck_after(die, value))


def luck_test(luck: DieLike, *, rng: RngLike = None) -> LuckTest:
    """⊙ Luck for a Luck Test: 1-2 fail and ⇩, 3+ pass, Max Value pass and ⇧.

    Args:
        luck: The Luck die (a :class:`StepDie`, ``6`` or ``"d6"``).
        rng: Where the die comes from.

    Returns:
        The test with ``.value .passed .after``.

    Raises:
        RuleError: Luck is 0.
    """
    die = _rollable_luck(luck)
    return resolve_luck_test(die, dice_source(rng).roll(die.sides))


def resolve_luck_for_action(luck: DieLike, value: int) -> LuckForAction:
    """Read Luck for an Action from the Value the Luck die showed.

    Raises:
        RuleError: Luck is 0.
        InvalidInput: *value* does not fit the Luck die.
    """
    die = _rollable_luck(luck)
    value = check_value(die, value)
    return LuckForAction(luck=die, value=value, bonus_stars=luck_bonus(value), after=luck_after(die, value))


def luck_for_action(luck: DieLike, *, rng: RngLike = None) -> LuckForAction:
    """⊙ Luck for an Action: 1-2 nothing and ⇩, 3+ ``+★``, Max Value ``+★`` and ⇧.

    Returns:
        The roll with ``.value .bonus_stars .after``.

    Raises:
        RuleError: Luck is 0.
    """
    die = _rollable_luck(luck)
    return resolve_luck_for_action(die, dice_source(rng).roll(die.sides))


def resolve_check_luck(luck: DieLike, value: int | None) -> LuckCheck:
    """Read Check Luck at Rest: *value* is the roll, or ``None`` when Luck is 0.

    Raises:
        InvalidInput: a roll given for Luck 0, none for Luck above 0, or a
            Value that does not fit.
    """
    die = StepDie.parse(luck, name="luck")
    if die.is_zero:
        return LuckCheck(luck=die, value=value, after=StepDie.D4)
    if value is None:
        raise InvalidInput("value must be the Luck roll when Luck is above 0, got None")
    value = check_value(die, value)
    return LuckCheck(luck=die, value=value, after=luck_after(die, value))


def check_luck(luck: DieLike, *, rng: RngLike = None) -> LuckCheck:
    """Check Luck at Rest: roll Luck if above 0, else raise Luck 0 to d4 (no roll)."""
    die = StepDie.parse(luck, name="luck")
    if die.is_zero:
        return resolve_check_luck(die, None)
    return resolve_check_luck(die, dice_source(rng).roll(die.sides))
