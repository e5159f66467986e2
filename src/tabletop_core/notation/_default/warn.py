"""What a default-dialect roll should tell the player besides its total.

A bot passes text straight through; a player who typed ``3d6>=12`` gets a count of
dice that can never reach 12, and one who typed ``3d6kh4`` keeps more dice than they
rolled. The roll is what the notation says, so it is not refused, but the result says
so (:attr:`~tabletop_core.notation.RollResult.warnings`), and ``str()`` shows it.
"""

from __future__ import annotations

from tabletop_core.notation._default.expression import Expression
from tabletop_core.notation._default.nodes import Group, Node, walk
from tabletop_core.notation._default.parser import parse_cached
from tabletop_core.notation._default.render import READ_BACK
from tabletop_core.notation._default.terms import Comparison, Dice
from tabletop_core.notation._kernel.records import RollResult
from tabletop_core.notation._kernel.terms import count_matching
from tabletop_core.notation.errors import NotationError

__all__ = ["face_phrase", "warnings_default"]


def face_phrase(test: Comparison) -> str:
    """A face test in words: ``>=12`` is "12 or more", ``<1`` "less than 1"."""
    value = test.value
    return {
        ">=": f"{value} or more",
        ">": f"more than {value}",
        "<=": f"{value} or less",
        "<": f"less than {value}",
        "=": f"{value}",
        "!=": f"anything but {value}",
    }[test.op]


def _dice_warnings(dice: Dice) -> list[str]:
    """The warnings of one dice term as it was rolled (its count known)."""
    found: list[str] = []
    low, high = dice.shown_low, dice.shown_high
    explodes = dice.explode is not None and dice.explode.kind != "!"  # a compounded die counts its total
    tests = [
        (dice.success, "count"),
        (None if dice.explode is None else dice.explode.on, "explode"),
        (None if dice.reroll is None else dice.reroll.condition, "be rerolled"),
    ]
    for test, what in tests:
        if test is None or (what == "count" and explodes):
            continue
        if count_matching(test, low, high) == 0:
            found.append(f"{dice}: no {dice.die} shows {face_phrase(test)}, so no die can {what}")
    select = dice.select
    if select is not None:
        if select.kind[0] == "k" and select.count > dice.count:
            found.append(f"{dice}: {select} keeps {select.count} of {dice.count} dice, so every die is kept")
        elif select.kind[0] == "d" and select.count >= dice.count:
            found.append(f"{dice}: {select} drops {select.count} of {dice.count} dice, so no die counts")
    return found


def _group_warnings(group: Group) -> list[str]:
    select, items = group.select, len(group.items)
    if select is None:
        return []
    if select.kind[0] == "k" and select.count > items:
        return [f"{group}: {select} keeps {select.count} of {items} rolls, so every roll is kept"]
    if select.kind[0] == "d" and select.count >= items:
        return [f"{group}: {select} drops {select.count} of {items} rolls, so none counts"]
    return []


def warnings_default(result: RollResult) -> tuple[str, ...]:
    """The warnings of a default-dialect result: each dice term as rolled, each group; in order, once each."""
    found: list[str] = []
    for one in result.results or (result,):
        for roll in one.rolls:
            try:
                expression = parse_cached(roll.notation, READ_BACK)
            except NotationError:
                continue  # a term that rolled no dice (0d6): nothing to say
            if isinstance(expression.body, Dice):
                found.extend(_dice_warnings(expression.body))
    try:
        expression = parse_cached(result.expression, READ_BACK)
    except NotationError:
        return tuple(dict.fromkeys(found))
    for part in _parts(expression):
        for node in walk(part):
            if isinstance(node, Group):
                found.extend(_group_warnings(node))
    return tuple(dict.fromkeys(found))


def _parts(expression: Expression) -> tuple[Node, ...]:
    return (expression.body,) if expression.target is None else (expression.body, expression.target)
