"""Changing an action roll after it is made: reroll chosen dice, adds after the roll.

Assets let a character reroll dice or add after seeing the roll. Each change
keeps the roll as it was first made (:attr:`RollChange.before`) and the
re-judged roll (:attr:`RollChange.after`), judged by the same pure rule as
:func:`~tabletop_core.action_roll.resolve_action`. Burning momentum
(:func:`~tabletop_core.action_roll.burn_momentum`) comes last, on the changed
roll. :func:`change_odds` gives the exact odds when the choices follow a policy.

Examples:
    >>> from tabletop_core import ScriptedDice
    >>> from tabletop_core.action_roll import resolve_action, reroll, add_after
    >>> first = resolve_action(action_die=2, challenge_dice=(9, 4), stat=2)
    >>> change = reroll(first, ["challenge_1"], rng=ScriptedDice([3]))
    >>> print(change)
    rerolled challenge_1 9 -> 3: Action 2 + 2 = 4 vs 3 · 4 -> weak hit
    >>> print(add_after(change.after, 1))
    added +1 after the roll: Action 2 + 2 + 1 = 5 vs 3 · 4 -> strong hit
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, ClassVar

import attrs

from tabletop_core._frozen import frozen
from tabletop_core._record import Record
from tabletop_core._validate import check_int, check_type, of_type
from tabletop_core.action_roll.action import MAX_ADDS, ActionResult, check_bonus, resolve_action
from tabletop_core.action_roll.datasworn import _data
from tabletop_core.action_roll.outcome import Outcome, action_score, judge, judge_with_burn_policy
from tabletop_core.errors import InvalidInput, RuleError
from tabletop_core.odds import Distribution
from tabletop_core.rng import dice_source

if TYPE_CHECKING:
    from tabletop_core.rng import RngLike  # the alias imports numpy at run time: annotations only

__all__ = ["DIE_NAMES", "RollChange", "add_after", "change_odds", "reroll", "resolve_reroll"]

DIE_NAMES = ("action", "challenge_1", "challenge_2")
"""The dice of an action roll, as :func:`reroll` names them: the d6, then the two d10."""
_SIDES = {"action": 6, "challenge_1": 10, "challenge_2": 10}
_KINDS = ("reroll", "add")


def _dice_of(result: ActionResult) -> dict[str, int]:
    first, second = result.challenge_dice
    return {"action": result.action_die, "challenge_1": first, "challenge_2": second}


def _names(dice: Any) -> tuple[str, ...]:
    if isinstance(dice, str):
        dice = [dice]
    if isinstance(dice, (bytes, dict)) or not isinstance(dice, Iterable):
        raise TypeError(f"dice must be die names, got {type(dice).__name__} {dice!r}")
    names = tuple(dice)
    for index, name in enumerate(names):
        if not isinstance(name, str):
            raise TypeError(f"dice[{index}] must be a str, got {type(name).__name__} {name!r}")
        if name not in _SIDES:
            raise InvalidInput(f"dice[{index}] must be one of {', '.join(DIE_NAMES)}, got {name!r}")
    if len(set(names)) != len(names):
        raise InvalidInput(f"dice must name each die at most once, got {list(names)!r}")
    return tuple(name for name in DIE_NAMES if name in names)  # always in rolling order


@frozen
class RollChange(Record):
    """An action roll before and after a change: dice rerolled, or adds after the roll.

    Attributes:
        kind: ``"reroll"`` or ``"add"``.
        before: The roll as it was (its dice are the first faces).
        after: The roll re-judged after the change.
        rerolled: For a reroll, which dice (names from :data:`DIE_NAMES`).

    Raises:
        InvalidInput: *after* does not follow from *before* and the change.
    """

    _derived: ClassVar[tuple[str, ...]] = ("outcome", "improved")

    kind: str = attrs.field(validator=of_type(str))
    before: ActionResult = attrs.field(validator=of_type(ActionResult))
    after: ActionResult = attrs.field(validator=of_type(ActionResult))
    rerolled: tuple[str, ...] = _data.tuple_field(str, default=())

    def __attrs_post_init__(self) -> None:
        if self.kind not in _KINDS:
            raise InvalidInput(f"kind must be one of {', '.join(_KINDS)}, got {self.kind!r}")
        before, after = self.before, self.after
        if before.burned or after.burned:
            raise InvalidInput("a roll is changed before momentum is burned on it")
        if (before.stat, before.momentum) != (after.stat, after.momentum):
            raise InvalidInput("a change keeps the stat and momentum of the roll")
        names = _names(self.rerolled)
        old, new = _dice_of(before), _dice_of(after)
        if self.kind == "reroll":
            if not names or before.adds != after.adds:
                raise InvalidInput("a reroll names the dice rerolled and keeps the adds")
            kept = [name for name in DIE_NAMES if name not in names and old[name] != new[name]]
            if kept:
                raise InvalidInput(f"dice not rerolled must keep their faces: {', '.join(kept)} changed")
        elif names or old != new or after.adds <= before.adds:
            raise InvalidInput("adds after the roll keep every die and raise the adds")

    @property
    def outcome(self) -> Outcome:
        """The outcome after the change."""
        return self.after.outcome

    @property
    def improved(self) -> bool:
        """Whether the change gave a better outcome."""
        return self.after.outcome.is_better_than(self.before.outcome)

    def __str__(self) -> str:
        if self.kind == "add":
            return f"added +{self.after.adds - self.before.adds} after the roll: {self.after}"
        old, new = _dice_of(self.before), _dice_of(self.after)
        faces = ", ".join(f"{name} {old[name]} -> {new[name]}" for name in self.rerolled)
        return f"rerolled {faces}: {self.after}"


def resolve_reroll(
    result: ActionResult,
    *,
    action_die: int | None = None,
    challenge_1: int | None = None,
    challenge_2: int | None = None,
) -> RollChange:
    """Re-judge *result* with new faces for the dice given (pure: no randomness).

    Args:
        result: The roll (not burned yet).
        action_die: The rerolled d6, if it was rerolled.
        challenge_1: The rerolled first challenge die, if it was.
        challenge_2: The rerolled second challenge die, if it was.

    Raises:
        RuleError: momentum was already burned on *result*.
        InvalidInput: no die given, or a face out of range.
        TypeError: an argument has the wrong type.
    """
    check_type("result", result, ActionResult)
    if result.burned:
        raise RuleError("dice are rerolled before momentum is burned, not after")
    faces = {"action": action_die, "challenge_1": challenge_1, "challenge_2": challenge_2}
    names = tuple(name for name in DIE_NAMES if faces[name] is not None)
    if not names:
        raise InvalidInput("give at least one rerolled die: action_die, challenge_1 or challenge_2")
    dice = _dice_of(result)
    for name in names:
        dice[name] = check_int(name if name != "action" else "action_die", faces[name], low=1, high=_SIDES[name])
    after = resolve_action(
        action_die=dice["action"],
        challenge_dice=(dice["challenge_1"], dice["challenge_2"]),
        stat=result.stat,
        adds=result.adds,
        momentum=result.momentum,
    )
    return RollChange("reroll", result, after, names)


def reroll(result: ActionResult, dice: str | Iterable[str], *, rng: RngLike = None) -> RollChange:
    """Reroll the chosen dice of an action roll and re-judge it; the first faces are kept in ``before``.

    Args:
        result: The roll (not burned yet).
        dice: Which dice: names from :data:`DIE_NAMES` (``"action"``,
            ``"challenge_1"``, ``"challenge_2"``); drawn in that order.
        rng: Where the dice come from (see :func:`~tabletop_core.dice_source`).

    Raises:
        RuleError: momentum was already burned on *result*.
        InvalidInput: an unknown or repeated die name, or none.
        TypeError: an argument has the wrong type.
    """
    check_type("result", result, ActionResult)
    names = _names(dice)
    if not names:
        raise InvalidInput("dice must name at least one die to reroll")
    if result.burned:
        raise RuleError("dice are rerolled before momentum is burned, not after")
    values = dice_source(rng).roll_each(tuple(_SIDES[name] for name in names))
    faces = dict(zip(names, values, strict=True))
    return resolve_reroll(
        result,
        action_die=faces.get("action"),
        challenge_1=faces.get("challenge_1"),
        challenge_2=faces.get("challenge_2"),
    )


def add_after(result: ActionResult, adds: int) -> RollChange:
    """Add *adds* after the roll (an asset that adds once the dice are seen) and re-judge it.

    Raises:
        RuleError: momentum was already burned on *result*.
        InvalidInput: *adds* is below 1, or the adds would pass 10.
        TypeError: an argument has the wrong type.
    """
    check_type("result", result, ActionResult)
    adds = check_int("adds", adds, low=1, high=MAX_ADDS)
    if result.burned:
        raise RuleError("adds after the roll come before momentum is burned, not after")
    if result.adds + adds > MAX_ADDS:
        raise InvalidInput(f"adds must keep the total of adds at most {MAX_ADDS}, got {result.adds} + {adds}")
    after = resolve_action(
        action_die=result.action_die,
        challenge_dice=result.challenge_dice,
        stat=result.stat,
        adds=result.adds + adds,
        momentum=result.momentum,
    )
    return RollChange("add", result, after)


RerollPolicy = Callable[[ActionResult], Iterable[str]]
AddPolicy = Callable[[ActionResult], int]


def change_odds(
    *,
    stat: int,
    adds: int = 0,
    momentum: int = 0,
    reroll: RerollPolicy | None = None,
    add_after: AddPolicy | None = None,
    burn: bool = False,
) -> Distribution[Outcome]:
    """The exact odds of an action roll changed by policies, in the order they apply.

    Every first roll is enumerated; *reroll* (given the first roll) names
    the dice to reroll, whose faces are enumerated in turn; *add_after*
    (given the roll so far) says what to add after the roll (0 for nothing);
    then, with ``burn=True``, momentum is burned when that improves the result.

    Args:
        stat: The stat, 0..10.
        adds: Adds made before the roll, 0..10.
        momentum: Momentum, -6..10.
        reroll: A policy: the roll -> die names to reroll (may be empty).
        add_after: A policy: the roll -> adds after the roll (0 or more).
        burn: Burn momentum whenever it improves the result.

    Raises:
        InvalidInput: a value out of range, or a policy answer that is.
        TypeError: a policy is not callable or answers with the wrong type.

    Examples:
        >>> def challenge_tens(result):  # reroll a challenge die showing 10
        ...     return [n for n, d in zip(("challenge_1", "challenge_2"), result.challenge_dice) if d == 10]
        >>> odds = change_odds(stat=2, reroll=challenge_tens)
        >>> str(odds.probability(Outcome.MISS))
        '17419/60000'
    """
    stat, adds, momentum = check_bonus(stat, adds, momentum)
    check_type("burn", burn, bool)
    for name, policy in (("reroll", reroll), ("add_after", add_after)):
        if policy is not None and not callable(policy):
            raise TypeError(f"{name} must be a function of the roll, got {type(policy).__name__}")
    counts: dict[Outcome, int] = {}
    total = 0
    for die in range(1, 7):
        for first in range(1, 11):
            for second in range(1, 11):
                start = resolve_action(
                    action_die=die, challenge_dice=(first, second), stat=stat, adds=adds, momentum=momentum
                )
                branches: list[tuple[int, int, int]] = [(die, first, second)]
                width = 1
                if reroll is not None:
                    names = _names(reroll(start))
                    if names:
                        branches = _branches(die, first, second, names)
                        width = len(branches)
                weight = 3600 // width  # 1 / (6 * 10 * 10) of the whole, shared by the rerolled faces
                for branch in branches:
                    outcome = _judge(branch, stat, adds, momentum, add_after, burn)
                    counts[outcome] = counts.get(outcome, 0) + weight
                    total += weight
    return Distribution(counts)


def _branches(die: int, first: int, second: int, names: tuple[str, ...]) -> list[tuple[int, int, int]]:
    options = [
        range(1, 7) if "action" in names else (die,),
        range(1, 11) if "challenge_1" in names else (first,),
        range(1, 11) if "challenge_2" in names else (second,),
    ]
    return [(a, b, c) for a in options[0] for b in options[1] for c in options[2]]


def _judge(
    dice: tuple[int, int, int], stat: int, adds: int, momentum: int, add_after: AddPolicy | None, burn: bool
) -> Outcome:
    die, first, second = dice
    extra = 0
    if add_after is not None:
        current = resolve_action(
            action_die=die, challenge_dice=(first, second), stat=stat, adds=adds, momentum=momentum
        )
        extra = check_int("add_after()", add_after(current), low=0, high=MAX_ADDS - adds)
    score = action_score(die, stat + adds + extra, momentum)[0]
    if burn:
        return judge_with_burn_policy(score, momentum, first, second)
    return judge(score, first, second)
