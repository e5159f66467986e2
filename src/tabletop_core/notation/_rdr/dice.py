"""rpg-dice-roller's dice terms in the kernel's words: an ``RdrDice`` as a :class:`~.terms.TermRule`.

rpg-dice-roller rolls every die of a term first, then runs each modifier over all of them
in its fixed order (``min``, ``max``, explode, reroll, unique, keep, drop, target, crits,
sort), whatever the order written; a modifier written twice keeps the last (see
:func:`~tabletop_core.notation._rdr.tree.effective`). That is the kernel's stage-by-stage
schedule: the rule made here says which stages run and how.

* An explosion goes on at most 1,000 times a die (rpg-dice-roller's ``maxIterations``),
  each new die shown right after the die it came from; a reroll or a unique reroll
  likewise stops after 1,000 rounds.
* Keep/drop: every keep and drop each looks at every die, sorted by face (ties: the die
  shown first counts as lower), with JavaScript's ``slice`` bounds; their drops add up.
* Target: the dice kept count 1 for a success, -1 for a failure, 0 otherwise.
* Crits flag every die (dropped ones too) meeting ``cs`` (default: the highest face) or
  ``cf`` (default: the lowest); a term without ``cf`` flags no fumble.

An explosion, reroll or unique reroll on a die with one face (``1d1!``) is refused when
rolled, as rpg-dice-roller refuses it (``DieActionValueError``).
"""

from __future__ import annotations

import functools
import math

from tabletop_core._frozen import frozen
from tabletop_core.notation._kernel.terms import SelectRule, TermRule
from tabletop_core.notation._rdr.tree import RdrComparePoint, RdrDice, RdrModifier
from tabletop_core.notation.errors import NotationError

__all__ = ["FUDGE_ONE", "FUDGE_TWO", "MAX_ITERATIONS", "FacePoint", "action_error", "term_rule"]

MAX_ITERATIONS = 1000
"""rpg-dice-roller's cap on an explosion's chain and on a reroll's rounds, per die."""

FUDGE_TWO = (-1, 0, 1)
"""What ``dF`` (``dF.2``) shows for each of its three equally likely draws."""

FUDGE_ONE = (-1, 0, 0, 0, 0, 1)
"""What ``dF.1`` shows for a d6 drawn: 1 is -1, 6 is +1, the rest blank."""


@frozen
class FacePoint:
    """A compare point as the kernel tests a face: ``<>`` is ``!=``."""

    op: str
    value: float

    @classmethod
    def of(cls, point: RdrComparePoint | None) -> FacePoint | None:
        """The kernel's test of *point*, or ``None`` for none."""
        return None if point is None else cls(point.test_op, point.value)


NEVER = FacePoint("=", math.nan)
"""A test no face meets (no face equals NaN): crits without ``cf`` flag no fumble."""


def action_error(text: str, dice: RdrDice, action: str) -> NotationError:
    """rpg-dice-roller's refusal to explode or reroll a die that has one face (it would never stop)."""
    return NotationError(
        f"{text}: {dice}: a die with one face cannot {action} (it would never stop; rpg-dice-roller refuses it too)"
    )


def _modifier(dice: RdrDice, name: str) -> RdrModifier | None:
    return next((modifier for modifier in dice.applied if modifier.name == name), None)


@functools.lru_cache(maxsize=4096)
def term_rule(dice: RdrDice, explode_depth: int = MAX_ITERATIONS) -> TermRule:  # noqa: C901 - a branch a modifier
    """The kernel's rule for *dice*, its explosions capped at *explode_depth* a die (1,000 when rolled).

    Raises:
        NotationError: an explosion, reroll or unique on a die with one face, or a ``min``
            or ``max`` that is not a whole number (rpg-dice-roller would show that fraction on a die).
    """
    faces: tuple[int, ...] | None = None
    draw = dice.sides
    if dice.kind == "fudge":
        faces = FUDGE_ONE if dice.sides == 6 else FUDGE_TWO
    low, high = dice.low, dice.high
    clamp_low = clamp_high = None
    explode = explode_test = reroll = unique_test = success = failure = None
    crit_success = crit_failure = None
    reroll_once = crit = False
    unique: str | None = None
    sort: str | None = None
    selects: list[SelectRule] = []
    for modifier in dice.applied:
        name = modifier.name
        if name in ("min", "max"):
            if modifier.bound != int(modifier.bound):
                raise NotationError(
                    f"{dice}: {modifier} would show the fraction {modifier.bound:g} on a die; "
                    "rpg-dice-roller does, this library refuses it"
                )
            if name == "min":
                clamp_low = int(modifier.bound)
            else:
                clamp_high = int(modifier.bound)
        elif name == "explode":
            if low == high:
                raise action_error(str(dice), dice, "explode")
            explode = ("!!" if modifier.compound else "!") + ("p" if modifier.penetrate else "")
            explode_test = FacePoint.of(modifier.point) or FacePoint("=", high)
        elif name == "re-roll":
            if low == high:
                raise action_error(str(dice), dice, "be rerolled")
            reroll = FacePoint.of(modifier.point) or FacePoint("=", low)
            reroll_once = modifier.once
        elif name == "unique":
            if low == high:
                raise action_error(str(dice), dice, "be rerolled")
            unique = "uo" if modifier.once else "u"
            unique_test = FacePoint.of(modifier.point)
        elif name in ("keep", "drop"):
            selects.append(SelectRule(name == "keep", modifier.end == "h", modifier.qty))
        elif name == "target":
            success, failure = FacePoint.of(modifier.point), FacePoint.of(modifier.failure)
        elif name == "critical-success":
            crit, crit_success = True, FacePoint.of(modifier.point) or FacePoint("=", high)
        elif name == "critical-failure":
            crit, crit_failure = True, FacePoint.of(modifier.point) or FacePoint("=", low)
        else:
            sort = modifier.end
    if crit:
        crit_success = crit_success or NEVER
        crit_failure = crit_failure or NEVER
    return TermRule(
        notation=dice.text,
        count=dice.count,
        draw_sides=draw,
        record_sides=dice.sides,
        fate=dice.kind == "fudge",
        faces=faces,
        per_die=False,
        clamp_low=clamp_low,
        clamp_high=clamp_high,
        reroll=reroll,
        reroll_once=reroll_once,
        unique=unique,
        unique_test=unique_test,
        explode=explode,
        explode_test=explode_test,
        explode_depth=explode_depth,
        reroll_cap=MAX_ITERATIONS,
        selects=tuple(selects),
        rdr_selects=True,
        success=success,
        failure=failure,
        failure_exclusive=True,
        crit=crit,
        crit_success=crit_success,
        crit_failure=crit_failure,
        crit_dropped=True,
        sort=sort,
        marks_always=False,
        shown_order=True,
    )
