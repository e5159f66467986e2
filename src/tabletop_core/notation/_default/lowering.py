"""The default dialect's dice terms in the kernel's words: a :class:`~tabletop_core.notation.Dice` as a TermRule.

Every term rolls through the kernel's engine and computes its odds with the kernel's
algebra from the rule made here: die by die (each die's whole life before the next),
keep/drop over a die and the dice its explosion added, ties keeping the die rolled first.
"""

from __future__ import annotations

import functools

from tabletop_core.notation._default.terms import Dice
from tabletop_core.notation._kernel.terms import SelectRule, TermRule

__all__ = ["FATE_FACES", "FATE_ONE_FACES", "term_rule"]

FATE_FACES = (-1, 0, 1)
"""What a Fate die drawn as 1, 2, 3 shows."""

FATE_ONE_FACES = (-1, 0, 0, 0, 0, 1)
"""What a ``dF.1`` drawn as a d6 shows: -1 on 1, +1 on 6, blank otherwise."""


@functools.lru_cache(maxsize=4096)
def term_rule(dice: Dice, explode_depth: int) -> TermRule:
    """The kernel's rule for *dice*, its explosions capped at *explode_depth* a die."""
    selects = tuple(SelectRule(select.kind[0] == "k", select.kind[1] == "h", select.count) for select in dice.selects)
    clamp, crit, explode, reroll = dice.clamp, dice.crit, dice.explode, dice.reroll
    return TermRule(
        notation=str(dice),
        count=dice.count,
        draw_sides=dice.sides,
        record_sides=dice.sides,
        fate=dice.fate,
        faces=(FATE_FACES if dice.sides == 3 else FATE_ONE_FACES) if dice.fate else None,
        per_die=True,
        clamp_low=None if clamp is None else clamp.low,
        clamp_high=None if clamp is None else clamp.high,
        reroll=None if reroll is None else reroll.condition,
        reroll_once=reroll is not None and reroll.once,
        unique="u" if dice.unique else "uo" if dice.unique_once else None,
        unique_test=dice.unique_test,
        explode=None if explode is None else explode.kind,
        explode_test=None if explode is None else explode.on,
        explode_depth=explode_depth,
        selects=selects,
        success=dice.success,
        failure=dice.failure,
        crit=crit is not None,
        crit_success=None if crit is None else crit.success,
        crit_failure=None if crit is None else crit.failure,
        sort=dice.sort,
    )
