"""Exact odds of action rolls, progress rolls and the oracle.

Every distribution here is built by enumerating the pure rule functions of
:mod:`~tabletop_core.action_roll.outcome` (the same ones :func:`resolve_action`
uses) over every face of the dice, and the tests check each against brute
force over :func:`resolve_action` itself.

Examples:
    >>> from tabletop_core.action_roll import action_odds, Outcome
    >>> odds = action_odds(stat=2)
    >>> tuple(str(odds.probability(o)) for o in Outcome)
    ('139/600', '131/300', '199/600')
"""

from __future__ import annotations

from collections.abc import Iterable

from tabletop_core._validate import check_int, check_type, clip
from tabletop_core.action_roll.action import MAX_STAT, check_bonus
from tabletop_core.action_roll.meters import ConditionMeter
from tabletop_core.action_roll.momentum import Momentum
from tabletop_core.action_roll.oracle import Odds, resolve_oracle
from tabletop_core.action_roll.outcome import (
    Outcome,
    action_score,
    beats,
    judge,
    judge_with_burn_policy,
    outcome_for_hits,
)
from tabletop_core.action_roll.progress import BOXES
from tabletop_core.odds import Distribution

__all__ = [
    "action_match_odds",
    "action_odds",
    "odds_table",
    "oracle_odds",
    "progress_match_odds",
    "progress_odds",
]

_D6 = range(1, 7)
_D10 = range(1, 11)


def _check(stat: object, adds: object, momentum: object, burn: object) -> tuple[int, int, bool]:
    stat, adds, momentum = check_bonus(stat, adds, momentum)
    return stat + adds, momentum, check_type("burn", burn, bool)


def _score_weights(bonus: int, momentum: int) -> dict[int, int]:
    # Enumerate the action die once: how many of its faces give each score.
    weights: dict[int, int] = {}
    for die in _D6:
        score = action_score(die, bonus, momentum)[0]
        weights[score] = weights.get(score, 0) + 1
    return weights


def _outcome_counts(score_weights: dict[int, int]) -> dict[Outcome, int]:
    # The challenge dice are independent and judged one by one (``beats``), so
    # enumerating each d10 once per score and combining the two is exact, and
    # ten times cheaper than visiting all 100 pairs.
    by_hits = [0, 0, 0]
    for score, weight in score_weights.items():
        beaten = sum(1 for face in _D10 if beats(score, face))
        kept = len(_D10) - beaten
        by_hits[2] += weight * beaten * beaten
        by_hits[1] += weight * 2 * beaten * kept
        by_hits[0] += weight * kept * kept
    return {outcome_for_hits(hits): count for hits, count in enumerate(by_hits)}


def action_odds(
    *, stat: int | ConditionMeter, adds: int = 0, momentum: int | Momentum = 0, burn: bool = False
) -> Distribution[Outcome]:
    """The exact odds of strong hit, weak hit and miss for an action roll.

    Negative momentum is accounted for (it cancels an equal action die).

    Args:
        stat: The stat or condition meter (its value or the
            :class:`ConditionMeter`), 0..10.
        adds: Adds, 0..10.
        momentum: Momentum when rolling, -6..10 (or a :class:`Momentum`).
        burn: Odds under the policy "burn momentum whenever it improves the
            result" (only positive momentum can be burned).

    Raises:
        InvalidInput: a value is out of range.
        TypeError: a value has the wrong type.

    Examples:
        >>> tuple(str(p) for p in action_odds(stat=2, momentum=8, burn=True).probabilities)
        ('49/100', '21/50', '9/100')
    """
    bonus, momentum, burn = _check(stat, adds, momentum, burn)
    if burn:
        return action_match_odds(stat=stat, adds=adds, momentum=momentum, burn=True).map(lambda pair: pair[0])
    return Distribution(_outcome_counts(_score_weights(bonus, momentum)))


def action_match_odds(
    *, stat: int | ConditionMeter, adds: int = 0, momentum: int | Momentum = 0, burn: bool = False
) -> Distribution[tuple[Outcome, bool]]:
    """The joint exact odds of the outcome and a match, ``(outcome, is_match)``.

    Arguments as for :func:`action_odds`.

    Examples:
        >>> str(action_match_odds(stat=2).probability((Outcome.MISS, True)))
        '11/200'
    """
    bonus, momentum, burn = _check(stat, adds, momentum, burn)

    def judged(score: int, first: int, second: int) -> tuple[Outcome, bool]:
        outcome = judge_with_burn_policy(score, momentum, first, second) if burn else judge(score, first, second)
        return outcome, first == second

    # The action die enters as the distribution of the scores its faces give.
    return Distribution.from_function(judged, Distribution(_score_weights(bonus, momentum)), 10, 10)


def progress_odds(progress_score: int) -> Distribution[Outcome]:
    """The exact odds of a progress roll with *progress_score* (0..10); momentum plays no part.

    Examples:
        >>> tuple(str(p) for p in progress_odds(7).probabilities)
        ('9/25', '12/25', '4/25')
    """
    score = check_int("progress_score", progress_score, low=0, high=BOXES)
    return Distribution(_outcome_counts({score: 1}))


def progress_match_odds(progress_score: int) -> Distribution[tuple[Outcome, bool]]:
    """The joint exact odds of a progress roll's outcome and a match."""
    score = check_int("progress_score", progress_score, low=0, high=BOXES)
    return Distribution.from_function(lambda first, second: (judge(score, first, second), first == second), 10, 10)


def oracle_odds(odds: Odds) -> Distribution[tuple[bool, bool]]:
    """The exact odds of Ask the Oracle's ``(answer, is_match)`` for *odds*.

    Examples:
        >>> str(oracle_odds(Odds.LIKELY).probability(lambda pair: pair[0]))
        '3/4'
    """
    check_type("odds", odds, Odds)

    def answer(roll: int) -> tuple[bool, bool]:
        result = resolve_oracle(odds=odds, roll=roll)
        return result.answer, result.is_match

    return Distribution.from_function(answer, 100)


def odds_table(bonuses: Iterable[int] = range(8), *, momentum: int = 0, burn: bool = False) -> str:
    """A Markdown table of the exact action roll odds for each stat + adds in *bonuses*.

    Args:
        bonuses: The totals of stat and adds to show (each 0..10).
        momentum: Momentum when rolling, -6..10.
        burn: Use the "burn whenever it improves" policy.

    Examples:
        >>> print(odds_table(range(2, 4)))
        | stat + adds | strong hit | weak hit | miss |
        |--:|--:|--:|--:|
        | +2 | 23.2% | 43.7% | 33.2% |
        | +3 | 33.2% | 43.7% | 23.2% |
    """
    if isinstance(bonuses, (str, bytes)) or not isinstance(bonuses, Iterable):
        raise TypeError(f"bonuses must be an iterable of ints, got {type(bonuses).__name__} {clip(bonuses)}")
    lines = ["| stat + adds | strong hit | weak hit | miss |", "|--:|--:|--:|--:|"]
    for position, bonus in enumerate(bonuses):
        bonus = check_int(f"bonuses[{position}]", bonus, low=0, high=MAX_STAT)
        odds = action_odds(stat=bonus, momentum=momentum, burn=burn)
        cells = " | ".join(f"{float(odds.probability(o)) * 100:.1f}%" for o in Outcome)
        lines.append(f"| +{bonus} | {cells} |")
    return "\n".join(lines)
