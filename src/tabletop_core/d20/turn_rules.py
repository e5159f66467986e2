"""A Turn's Action Points and the Doomed roll at 0 HP (Core Rules "Slowed", "Hasted", "Staggered at 0 HP").

A creature gains its base AP at the start of its Turn (3, an assumption: the text gives
Slowed "only 2" and Hasted "1 additional"); at 0 HP it is Staggered and Doomed, and its
Doomed value is 1d4 + Soul, minimum 1. Re-exported by :mod:`tabletop_core.d20.turns`,
where these names have always been imported from.
"""

from __future__ import annotations

from tabletop_core._validate import check_int, check_type
from tabletop_core.d20.conditions import STAGGERED_SOURCE, Condition, Conditions
from tabletop_core.d20.modifier import MODIFIER_LIMIT

__all__ = ["DEFAULT_ACTION_POINTS", "END_ROLL_AP", "SLOWED_ACTION_POINTS", "action_points", "resolve_doomed"]

DEFAULT_ACTION_POINTS = 3
"""The default base Action Points per Turn: an assumption (the text gives none; 3 fits Slowed and Hasted)."""
SLOWED_ACTION_POINTS = 2
"""Core Rule "Slowed": you only gain 2 AP at the start of your Turn."""
END_ROLL_AP = 1
"""Action Points a roll to end Sickened or Restrained costs."""


def action_points(conditions: Conditions, *, base: int = DEFAULT_ACTION_POINTS) -> int:
    """The Action Points gained (and spendable) at the start of a Turn.

    Slowed: only 2 (or the base, if lower). Hasted: 1 more (after Slowed: Slowed and
    Hasted together give 3). Incapacitated: 0, since AP can't be spent.

    Examples:
        >>> [action_points(Conditions().add(name)) for name in ("hasted", "slowed", "paralyzed")]
        [4, 2, 0]
        >>> action_points(Conditions(), base=4)
        4
    """
    check_type("conditions", conditions, Conditions)
    points = check_int("base", base, low=0, high=1000)
    if conditions.has(Condition.INCAPACITATED):
        return 0
    if conditions.has(Condition.SLOWED):
        points = min(points, SLOWED_ACTION_POINTS)
    if conditions.has(Condition.HASTED):
        points += 1
    return points


def resolve_doomed(*, d4: int, soul: int) -> int:
    """The Doomed value at 0 HP: 1d4 + Soul, minimum 1.

    Examples:
        >>> resolve_doomed(d4=1, soul=-3), resolve_doomed(d4=4, soul=2)
        (1, 6)
    """
    d4 = check_int("d4", d4, low=1, high=4)
    soul = check_int("soul", soul, low=-MODIFIER_LIMIT, high=MODIFIER_LIMIT)
    return max(1, d4 + soul)


def _stagger(conditions: Conditions) -> Conditions:
    # Doomed first: gaining Staggered brings 1 Fatigue, and a tenth Fatigue's Defeated ends both.
    conditions = conditions.add(Condition.DOOMED, source=STAGGERED_SOURCE)
    return conditions.add(Condition.STAGGERED, source="0 HP")


def _recover(conditions: Conditions) -> Conditions:
    """Back above 0 HP: Stable ends, and Staggered with its Doomed (an assumption: both are tied to 0 HP)."""
    return conditions._without(
        lambda i: (
            i.condition in (Condition.STABLE, Condition.STAGGERED)
            or (i.condition is Condition.DOOMED and i.source == STAGGERED_SOURCE)
        )
    )
