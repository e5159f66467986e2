"""What the player should know about an ``rdr``-dialect roll: where rpg-dice-roller does something unexpected.

The roll is what rpg-dice-roller makes of the text; these say so where a player would
not guess it: a keep or drop larger than the pool (JavaScript's ``slice`` counts such a
bound from the end: ``3d6kh4`` keeps one die), and a target or explosion that no face
meets (``3d6>=12`` counts nothing).
"""

from __future__ import annotations

from tabletop_core.notation._kernel.records import RollResult
from tabletop_core.notation._kernel.stages import js_slice
from tabletop_core.notation._kernel.terms import count_matching
from tabletop_core.notation._rdr.parser import parse_rdr
from tabletop_core.notation._rdr.render import READ_BACK
from tabletop_core.notation._rdr.tree import RdrDice, RdrGroup, RdrModifier, RdrToken
from tabletop_core.notation.errors import NotationError

__all__ = ["warnings_rdr"]


def _terms(tokens: tuple[RdrToken, ...]) -> list[RdrDice]:
    found: list[RdrDice] = []
    for token in tokens:
        if isinstance(token, RdrDice):
            found.append(token)
        elif isinstance(token, RdrGroup):
            for sub in token.expressions:
                found.extend(_terms(sub))
    return found


def _slice_warning(dice: RdrDice, modifier: RdrModifier) -> str | None:
    n, q = dice.count, modifier.qty
    if q <= n:
        return None
    if modifier.name == "keep":
        cut = js_slice(n, 0, n - q) if modifier.end == "h" else js_slice(n, q, n)
    else:
        cut = js_slice(n, n - q, n) if modifier.end == "h" else js_slice(n, 0, q)
    kept = n - len(cut)
    word = "die" if kept == 1 else "dice"
    return (
        f"{dice.text}: {modifier} asks for more than the {n} dice rolled; rpg-dice-roller keeps {kept} {word} "
        "there (its slice counts a bound past the pool from the end)"
    )


def _never_met(dice: RdrDice, modifier: RdrModifier) -> str | None:
    point = modifier.point
    if point is None or modifier.name not in ("target", "explode"):
        return None
    from tabletop_core.notation._rdr.dice import FacePoint

    test = FacePoint.of(point)
    assert test is not None
    if count_matching(test, dice.low, dice.high):
        return None
    what = "no die can count as a success" if modifier.name == "target" else "no die can explode"
    return f"{dice.text}: no face of a d{dice.sides} meets {point}, so {what}"


def warnings_rdr(result: RollResult) -> tuple[str, ...]:
    """The warnings of an ``rdr``-dialect result (see the module docstring); none for a text that cannot be read."""
    try:
        tokens = parse_rdr(result.expression, limits=READ_BACK).tokens
    except NotationError:
        return ()
    found: list[str] = []
    for dice in _terms(tokens):
        for modifier in dice.applied:
            if modifier.name in ("keep", "drop"):
                message = _slice_warning(dice, modifier)
            else:
                message = _never_met(dice, modifier)
            if message is not None and message not in found:
                found.append(message)
    return tuple(found)
