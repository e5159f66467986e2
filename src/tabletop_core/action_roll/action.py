"""The action roll: d6 + stat + adds against two d10 challenge dice.

:func:`resolve_action` is the pure rule (dice in, result out); :func:`action_roll`
draws the action die first, then the two challenge dice, and calls it.

Examples:
    >>> from tabletop_core.action_roll import resolve_action
    >>> result = resolve_action(action_die=4, challenge_dice=(3, 8), stat=2)
    >>> str(result)
    'Action 4 + 2 = 6 vs 3 · 8 -> weak hit'
    >>> result.outcome, result.is_match
    (<Outcome.WEAK_HIT: 'weak hit'>, False)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, ClassVar

import attrs

from tabletop_core._fast import memo
from tabletop_core._frozen import frozen
from tabletop_core._record import Record
from tabletop_core._validate import check_int, check_type, clip, int_field, int_in, of_type
from tabletop_core.action_roll.challenge import challenge_pair, pair_field
from tabletop_core.action_roll.meters import ConditionMeter
from tabletop_core.action_roll.momentum import MAX_MOMENTUM, MIN_MOMENTUM, Momentum, signed
from tabletop_core.action_roll.outcome import MAX_SCORE, Outcome, action_score, judge
from tabletop_core.action_roll.progress import ProgressResult
from tabletop_core.errors import InvalidInput, RuleError
from tabletop_core.rng import GeneratorDice, ScriptedDice, dice_source

if TYPE_CHECKING:
    from tabletop_core.rng import RngLike  # the alias imports numpy at run time: annotations only

__all__ = [
    "MAX_ADDS",
    "MAX_STAT",
    "ActionResult",
    "action_roll",
    "burn_momentum",
    "burn_would_improve",
    "resolve_action",
]

MAX_STAT = 10
"""The largest stat (or condition meter standing in for one) accepted.

The rules give stats 1..3 at creation and meters 0..5; an asset meter may be
larger. Any value past 10 could not change a score that is capped at 10, so
the library refuses it as a likely typo.
"""
MAX_ADDS = 10
"""The largest total of adds accepted (same reasoning as :data:`MAX_STAT`)."""


@frozen
class ActionResult(Record):
    """An action roll, every die kept, judged by the rules.

    Build one with :func:`resolve_action` (or :func:`action_roll`); the
    derived fields are checked against the dice, so data that was tampered
    with cannot be rebuilt by :meth:`from_dict`.

    Attributes:
        action_die: The d6 as rolled (kept even when cancelled).
        challenge_dice: The two d10 challenge dice.
        stat: The stat, or the condition meter used in its place.
        adds: The total of adds.
        momentum: Momentum when the roll was made (negative momentum may
            cancel the action die).
        action_die_cancelled: Whether negative momentum equal to the action
            die cancelled it (it then counts 0).
        action_score: The score judged against the challenge dice, never above
            10; after a burn it is the momentum value burned.
        outcome: Strong hit, weak hit or miss.
        is_match: Whether both challenge dice show the same number.
        burned_momentum: The momentum value that replaced the score, or
            ``None`` when momentum was not burned.
    """

    _derived: ClassVar[tuple[str, ...]] = (
        "action_die_cancelled",
        "action_score",
        "outcome",
        "is_match",
        "burn_outcome",
    )

    action_die: int = int_field(low=1, high=6)
    challenge_dice: tuple[int, int] = pair_field()
    stat: int = int_field(low=0, high=MAX_STAT)
    adds: int = int_field(low=0, high=MAX_ADDS, default=0)
    momentum: int = int_field(low=MIN_MOMENTUM, high=MAX_MOMENTUM, default=0)
    action_die_cancelled: bool = attrs.field(kw_only=True, validator=of_type(bool))
    action_score: int = attrs.field(kw_only=True, validator=int_in(0, MAX_SCORE))
    outcome: Outcome = attrs.field(kw_only=True, validator=of_type(Outcome))
    is_match: bool = attrs.field(kw_only=True, validator=of_type(bool))
    burned_momentum: int | None = attrs.field(default=None, kw_only=True)

    def __attrs_post_init__(self) -> None:
        if self.burned_momentum is not None:
            check_int("burned_momentum", self.burned_momentum, low=1, high=MAX_MOMENTUM)
        expected = _derive(
            self.action_die, self.challenge_dice, self.stat + self.adds, self.momentum, self.burned_momentum
        )
        given = (self.action_die_cancelled, self.action_score, self.outcome, self.is_match)
        if given != expected:
            raise InvalidInput(
                "action result does not follow the rules: expected (action_die_cancelled, action_score, "
                f"outcome, is_match) = {clip(expected)}, got {clip(given)}"
            )
        # The same rule burn_momentum follows, so edited data cannot claim a burn it never allowed.
        if self.burned_momentum is not None and self.momentum and self.burned_momentum != self.momentum:
            raise InvalidInput(
                f"burned_momentum must be the momentum the roll was made with ({signed(self.momentum)}), "
                f"got {signed(self.burned_momentum)}"
            )

    @property
    def rolled_score(self) -> int:
        """The score the dice gave, before any burn."""
        return action_score(self.action_die, self.stat + self.adds, self.momentum)[0]

    @property
    def rolled_outcome(self) -> Outcome:
        """The outcome the dice gave, before any burn."""
        return judge(self.rolled_score, *self.challenge_dice)

    @property
    def burn_outcome(self) -> Outcome | None:
        """The outcome burning the momentum this roll was made with would give, if better; else ``None``.

        ``None`` as well when that momentum is not positive or was already burned
        (see :func:`burn_would_improve` to ask about another momentum value).
        """
        if self.burned_momentum is not None or self.momentum <= 0:
            return None
        burned = judge(self.momentum, *self.challenge_dice)
        return burned if burned.is_better_than(self.outcome) else None

    @property
    def burned(self) -> bool:
        """Whether momentum was burned on this roll."""
        return self.burned_momentum is not None

    def _line(self, outcome: str, burned: str) -> str:
        die = (
            f"{self.action_die} cancelled by momentum {self.momentum} to 0"
            if self.action_die_cancelled
            else (str(self.action_die))
        )
        terms = [die, str(self.stat)] + ([str(self.adds)] if self.adds else [])
        total = (0 if self.action_die_cancelled else self.action_die) + self.stat + self.adds
        score = f"{total}, capped at {MAX_SCORE}" if total > MAX_SCORE else str(total)
        first, second = self.challenge_dice
        line = f"Action {' + '.join(terms)} = {score} vs {first} · {second} -> {outcome}"
        if self.burned_momentum is not None:
            line += f"; burned momentum {signed(self.burned_momentum)} -> {burned}"
        if self.is_match:
            line += " (match)"
        return line

    def __str__(self) -> str:
        return self._line(str(self.rolled_outcome), str(self.outcome))

    def to_markdown(self) -> str:
        """The chat line with the outcome that counts in bold."""
        if self.burned_momentum is None:
            return self._line(f"**{self.outcome}**", "")
        return self._line(str(self.rolled_outcome), f"**{self.outcome}**")


def _derive(
    action_die: int, challenge_dice: tuple[int, int], bonus: int, momentum: int, burned: int | None
) -> tuple[bool, int, Outcome, bool]:
    score, cancelled = action_score(action_die, bonus, momentum)
    if burned is not None:
        score = burned
    first, second = challenge_dice
    return cancelled, score, judge(score, first, second), first == second


def _int(name: str, value: object, low: int, high: int) -> int:
    # The common case (a plain int in range) skips the general check: rolls are hot paths.
    if type(value) is int and low <= value <= high:
        return value
    return check_int(name, value, low=low, high=high)


def check_bonus(stat: object, adds: object, momentum: object) -> tuple[int, int, int]:
    """Validate what an action roll adds to its die: ``(stat, adds, momentum)`` as ints.

    The one check shared by single rolls, exact odds and batches: a
    :class:`ConditionMeter` stands in for the stat, a :class:`Momentum` gives
    its value.

    Raises:
        InvalidInput: stat or adds outside 0..10, momentum outside -6..10.
        TypeError: a value is not an int (or a meter / momentum).
    """
    if isinstance(stat, ConditionMeter):
        stat = stat.value  # "roll +health": the meter stands in for the stat
    if isinstance(momentum, Momentum):
        momentum = momentum.value
    return (
        _int("stat", stat, 0, MAX_STAT),
        _int("adds", adds, 0, MAX_ADDS),
        _int("momentum", momentum, MIN_MOMENTUM, MAX_MOMENTUM),
    )


_TRUSTED_SOURCES = (GeneratorDice, ScriptedDice)  # both hand out Python ints that fit the die


@memo(maxsize=8192)  # results are frozen: equal rolls may share one object
def _judged(die: int, first: int, second: int, stat: int, adds: int, momentum: int) -> ActionResult:
    """The result of checked dice and bonuses, judged by the pure rules.

    Built plainly (every field checked): the memo serves a repeated roll, so the
    construction is paid once per distinct roll (``benchmarks/fast_paths.py`` measures
    no gain from skipping the checks here).
    """
    score, cancelled = action_score(die, stat + adds, momentum)
    return ActionResult(
        die,
        (first, second),
        stat,
        adds,
        momentum,
        action_die_cancelled=cancelled,
        action_score=score,
        outcome=judge(score, first, second),
        is_match=first == second,
    )


def resolve_action(
    *,
    action_die: int,
    challenge_dice: Sequence[int],
    stat: int | ConditionMeter,
    adds: int = 0,
    momentum: int | Momentum = 0,
) -> ActionResult:
    """Judge an action roll from its dice (pure: no randomness).

    Action score = action die + stat + adds, never above 10. Each challenge die
    must be beaten (ties go to the die): both beaten is a strong hit, one a
    weak hit, none a miss. Equal challenge dice are a match. When momentum is
    negative and its absolute value equals the action die, the die is
    cancelled and counts 0.

    Args:
        action_die: The d6, 1..6.
        challenge_dice: The two d10, each 1..10.
        stat: The stat, 0..10, or a condition meter used in its place
            (health, spirit, supply or an asset meter: its value, or the
            :class:`ConditionMeter` itself).
        adds: Adds, 0..10.
        momentum: Momentum when rolling, -6..10 (a :class:`Momentum` is read
            for its value).

    Returns:
        The judged roll.

    Raises:
        InvalidInput: a value is outside its range.
        TypeError: a value is not an int, or the challenge dice not a sequence.

    Examples:
        >>> str(resolve_action(action_die=4, challenge_dice=(2, 9), stat=1, momentum=-4))
        'Action 4 cancelled by momentum -4 to 0 + 1 = 1 vs 2 · 9 -> miss'
    """
    stat, adds, momentum_value = check_bonus(stat, adds, momentum)
    die = _int("action_die", action_die, 1, 6)
    first, second = challenge_pair(challenge_dice)
    return _judged(die, first, second, stat, adds, momentum_value)


def action_roll(
    *, stat: int | ConditionMeter, adds: int = 0, momentum: int | Momentum = 0, rng: RngLike = None
) -> ActionResult:
    """Make an action roll: draw the d6 action die, then the two d10 challenge dice.

    Arguments are checked before any die is drawn, so a bad call consumes no
    dice. See :func:`resolve_action` for the rules and arguments, and
    :func:`~tabletop_core.dice_source` for *rng*.

    Examples:
        >>> from tabletop_core import ScriptedDice
        >>> str(action_roll(stat=2, rng=ScriptedDice([4, 3, 8])))
        'Action 4 + 2 = 6 vs 3 · 8 -> weak hit'
    """
    stat, adds, momentum_value = check_bonus(stat, adds, momentum)
    source = dice_source(rng)
    die, first, second = source.roll_each((6, 10, 10))  # all or none: a bad third die leaves scripted dice
    if type(source) not in _TRUSTED_SOURCES:
        # A DiceSource of the user's own is checked like dice typed in at the table.
        die = check_int("action_die", die, low=1, high=6)
        first, second = challenge_pair((first, second))
    return _judged(die, first, second, stat, adds, momentum_value)


def burn_momentum(result: ActionResult, momentum: Momentum | int) -> tuple[ActionResult, Momentum]:
    """Burn momentum on an action roll: the momentum value replaces the action score.

    The outcome is re-judged against the same challenge dice, and momentum is
    reset. Burning is a choice the player makes (never automatic). Players burn
    "to improve your result", and :func:`burn_would_improve` tells whether it
    would; a burn that does not improve the outcome is still carried out as
    asked (the score becomes the momentum value and momentum resets), because
    the rules make only positive momentum a condition of burning.

    Args:
        result: The action roll (not already burned).
        momentum: The momentum meter, or its value as an int (as
            :func:`burn_would_improve` takes it; the reset is then that of a
            character with no impacts, +2); its value must be positive.

    Returns:
        ``(new_result, reset_momentum)``.

    Raises:
        RuleError: *result* is a progress roll (momentum is ignored there),
            momentum is not positive, or momentum was already burned on this
            roll. Nothing is changed.
        InvalidInput: the roll was made with other (non-zero) momentum than
            *momentum*: a burn follows the roll at once.
        TypeError: *result* or *momentum* is of the wrong type.

    Examples:
        >>> from tabletop_core.action_roll import Momentum
        >>> miss = resolve_action(action_die=2, challenge_dice=(5, 8), stat=2)
        >>> burned, after = burn_momentum(miss, Momentum(9))
        >>> str(burned)
        'Action 2 + 2 = 4 vs 5 · 8 -> miss; burned momentum +9 -> strong hit'
        >>> after.value
        2
        >>> burn_momentum(miss, 9) == (burned, after)
        True
    """
    value = _burn_value(result, momentum)
    if not isinstance(momentum, Momentum):
        momentum = Momentum(value)
    if result.burned_momentum is not None:
        raise RuleError(f"momentum was already burned on this roll ({signed(result.burned_momentum)})")
    after = momentum.burn()  # RuleError first when momentum is not positive
    value = momentum.value
    outcome = judge(value, *result.challenge_dice)
    return attrs.evolve(result, burned_momentum=value, action_score=value, outcome=outcome), after


def _burn_value(result: object, momentum: object) -> int:
    """The momentum value a burn on *result* would use, after the checks both burn functions share."""
    # "You cannot burn momentum on a progress roll": a rule, so a RuleError rather than a TypeError.
    if isinstance(result, ProgressResult):
        raise RuleError("momentum cannot be burned on a progress roll: momentum is ignored on a progress move")
    result = check_type("result", result, ActionResult)
    value = (
        momentum.value
        if isinstance(momentum, Momentum)
        else check_int("momentum", momentum, low=MIN_MOMENTUM, high=MAX_MOMENTUM)
    )
    # A burn comes right after the roll, so momentum is what the roll was made with. A roll
    # resolved without momentum (0, the default) may be burned with any momentum.
    if result.momentum and value != result.momentum:
        raise InvalidInput(
            f"momentum must be the momentum this roll was made with ({signed(result.momentum)}), got {signed(value)}"
        )
    return value


def burn_would_improve(result: ActionResult, momentum: Momentum | int) -> bool:
    """Whether burning *momentum* now would give a better outcome than *result* has.

    False when momentum is not positive or was already burned on this roll.

    Raises:
        RuleError: *result* is a progress roll (momentum cannot be burned there).
        TypeError: *result* is not an ActionResult, or *momentum* not a Momentum or int.
        InvalidInput: an int *momentum* outside -6..10, or other than the
            (non-zero) momentum the roll was made with.

    Examples:
        >>> miss = resolve_action(action_die=2, challenge_dice=(5, 8), stat=2)
        >>> burn_would_improve(miss, 6), burn_would_improve(miss, 5)
        (True, False)
    """
    value = _burn_value(result, momentum)
    if value <= 0 or result.burned_momentum is not None:
        return False
    return judge(value, *result.challenge_dice).is_better_than(result.outcome)
