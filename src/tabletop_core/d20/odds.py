"""Exact odds: every Test and Contest enumerated through the pure rule functions.

The odds are not a separate formula: :func:`stakes_odds` calls
:func:`~tabletop_core.d20.resolve_test` once per face of the d20 (and of the d6,
when one is rolled), so they cannot drift from the rules.

Examples:
    >>> from tabletop_core.d20 import Stakes, stakes_odds
    >>> odds = stakes_odds(stakes=Stakes.MID, modifier=3)
    >>> [str(p) for p in odds.probabilities]
    ['9/20', '1/4', '3/10']
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Hashable, Iterable
from fractions import Fraction
from typing import Any, TypeVar

from tabletop_core._validate import check_int, clip
from tabletop_core.d20.contest import Side, resolve_contest
from tabletop_core.d20.stakes import Outcome, Stakes
from tabletop_core.d20.test import (
    FATIGUE_LIMIT,
    MODIFIER_LIMIT,
    Modifier,
    TestEffects,
    TestRoll,
    _template,
)
from tabletop_core.errors import InvalidInput
from tabletop_core.odds import Distribution

__all__ = ["MAX_TABLE_ROWS", "actor_win_chance", "contest_odds", "odds_table", "stakes_odds", "total_odds"]

MAX_TABLE_ROWS = 1000
"""The most rows :func:`odds_table` writes."""

T = TypeVar("T", bound=Hashable)
Instances = bool | int | str | Iterable[str]
Modifiers = int | Modifier | Iterable[int | Modifier]


def _enumerate(
    read: Callable[[TestRoll], T],
    *,
    stakes: Stakes | str,
    modifier: Modifiers,
    fortune: Instances,
    misfortune: Instances,
    fatigue: int,
    effects: TestEffects | None,
) -> Distribution[T]:
    template = _template(
        stakes=stakes, modifier=modifier, fortune=fortune, misfortune=misfortune, fatigue=fatigue, effects=effects
    )

    def judge(d20: int, d6: int | None = None) -> T:
        return read(template.with_dice(d20, d6))

    if not template.needs_fortune_die:
        return Distribution.from_function(judge, 20)
    return Distribution.from_function(judge, 20, 6)


def stakes_odds(
    *,
    stakes: Stakes | str,
    modifier: Modifiers = 0,
    fortune: Instances = False,
    misfortune: Instances = False,
    fatigue: int = 0,
    effects: TestEffects | None = None,
) -> Distribution[Outcome]:
    """The exact distribution of the Test Result.

    Arguments are those of :func:`~tabletop_core.d20.roll_test`.

    Examples:
        >>> odds = stakes_odds(stakes="high", modifier=5, fortune=True)
        >>> odds.probability(Outcome.SUCCESS)
        Fraction(19, 40)
    """
    return _enumerate(
        lambda roll: roll.outcome,
        stakes=stakes,
        modifier=modifier,
        fortune=fortune,
        misfortune=misfortune,
        fatigue=fatigue,
        effects=effects,
    )


def total_odds(
    *,
    modifier: Modifiers = 0,
    fortune: Instances = False,
    misfortune: Instances = False,
    fatigue: int = 0,
    effects: TestEffects | None = None,
) -> Distribution[int]:
    """The exact distribution of the Test Total (Stakes play no part in it).

    Examples:
        >>> total_odds(fortune=True).mean()
        Fraction(14, 1)
    """
    return _enumerate(
        lambda roll: roll.total,
        stakes=Stakes.MID,  # any Stakes: the total does not depend on them
        modifier=modifier,
        fortune=fortune,
        misfortune=misfortune,
        fatigue=fatigue,
        effects=effects,
    )


def contest_odds(
    *,
    actor_modifier: Modifiers = 0,
    target_modifier: Modifiers = 0,
    actor_trait: int,
    target_trait: int,
    actor_fortune: Instances = False,
    actor_misfortune: Instances = False,
    actor_fatigue: int = 0,
    target_fortune: Instances = False,
    target_misfortune: Instances = False,
    target_fatigue: int = 0,
) -> Distribution[Side]:
    """The exact chance of each side winning a Contest, ties resolved by the rules.

    Each side's Test Total is enumerated exactly (:func:`total_odds`), then every
    pair of totals is judged by :func:`~tabletop_core.d20.resolve_contest`.

    Examples:
        >>> contest_odds(actor_trait=1, target_trait=1).probability(Side.ACTOR)
        Fraction(19, 40)
    """
    actor = total_odds(
        modifier=actor_modifier, fortune=actor_fortune, misfortune=actor_misfortune, fatigue=actor_fatigue
    )
    target = total_odds(
        modifier=target_modifier, fortune=target_fortune, misfortune=target_misfortune, fatigue=target_fatigue
    )
    # Validate the Traits once, up front (resolve_contest checks them on every pair anyway).
    resolve_contest(actor_total=0, target_total=0, actor_trait=actor_trait, target_trait=target_trait)
    return actor.combine(
        target,
        lambda a, t: (
            resolve_contest(actor_total=a, target_total=t, actor_trait=actor_trait, target_trait=target_trait).winner
        ),
    )


def actor_win_chance(**kwargs: Any) -> Fraction:  # Any: contest_odds' keywords
    """The exact chance that the actor wins a Contest; takes the arguments of :func:`contest_odds`.

    Examples:
        >>> actor_win_chance(actor_modifier=2, actor_trait=2, target_trait=1)
        Fraction(247, 400)
    """
    return contest_odds(**kwargs).probability(Side.ACTOR)


def odds_table(stakes: Stakes | str, *, modifiers: Iterable[int] = range(-2, 11), fatigue: int = 0) -> str:
    """A Markdown table of Success / Setback / Failure chances by modifier, without and with Fortune.

    Every cell comes from :func:`stakes_odds` (exact), shown as a percent with one decimal.

    Args:
        stakes: The Stakes of the table.
        modifiers: The modifiers, one row each.
        fatigue: Fatigue to subtract, for every row.

    Raises:
        InvalidInput: a modifier or the Fatigue is out of range, or more than
            :data:`MAX_TABLE_ROWS` rows are asked for.
        TypeError: *modifiers* is not an iterable of ints.

    Examples:
        >>> print(odds_table("high", modifiers=[5]))
        | modifier | Success | Setback | Failure | Success with Fortune | Setback with Fortune | Failure with Fortune |
        |--:|--:|--:|--:|--:|--:|--:|
        | +5 | 30.0% | 25.0% | 45.0% | 47.5% | 25.0% | 27.5% |
    """
    level = Stakes.parse(stakes)
    check_int("fatigue", fatigue, low=0, high=FATIGUE_LIMIT)
    if isinstance(modifiers, (str, bytes)) or not isinstance(modifiers, Iterable):
        raise TypeError(f"modifiers must be an iterable of ints, got {type(modifiers).__name__} {clip(modifiers)}")
    # Read one item past the limit, so a huge range is refused without being walked.
    rows = list(itertools.islice(modifiers, MAX_TABLE_ROWS + 1))
    if len(rows) > MAX_TABLE_ROWS:
        raise InvalidInput(f"modifiers must give at most {MAX_TABLE_ROWS} rows")
    rows = [check_int(f"modifiers[{i}]", m, low=-MODIFIER_LIMIT, high=MODIFIER_LIMIT) for i, m in enumerate(rows)]
    names = [str(outcome) for outcome in Outcome]
    header = ["modifier", *names, *(f"{name} with Fortune" for name in names)]
    lines = [f"| {' | '.join(header)} |", "|" + "--:|" * len(header)]
    for modifier in rows:
        cells = [f"{modifier:+d}"]
        for fortune in (False, True):
            odds = stakes_odds(stakes=level, modifier=modifier, fortune=fortune, fatigue=fatigue)
            cells += [_percent(odds.probability(outcome)) for outcome in Outcome]
        lines.append(f"| {' | '.join(cells)} |")
    return "\n".join(lines)


def _percent(p: Fraction) -> str:
    # One decimal is exact enough: with a d20 and a d6 every chance is a multiple of 1/120,
    # and k/120 in percent never ends in exactly .x5, so float rounding cannot mislead.
    return f"{float(p) * 100:.1f}%"
