"""Render an ``rdr``-dialect roll, read its tree back and replay its total from its records.

The breakdown writes the expression back from rpg-dice-roller's list: each dice term
followed by its dice, each roll group with its sub-expressions and the dropped ones struck
through. The rolled tree is the list's terms, each with its value, under the total.
"""

from __future__ import annotations

from collections.abc import Iterator

from tabletop_core.notation._kernel.dice_records import DiceRoll, GroupRoll
from tabletop_core.notation._kernel.records import RolledNode, RollResult
from tabletop_core.notation._kernel.render import dice_text, strikes
from tabletop_core.notation._rdr.mathjs import js_text, round_total
from tabletop_core.notation._rdr.parser import parse_rdr
from tabletop_core.notation._rdr.roll import number, work_out
from tabletop_core.notation._rdr.tree import RdrDice, RdrGroup, RdrToken
from tabletop_core.notation.errors import NotationError
from tabletop_core.notation.limits import Limits

__all__ = ["READ_BACK", "breakdown_rdr", "replay_total", "rolled_tree_rdr"]

READ_BACK = Limits(max_length=10**9, max_dice=10**12, max_sides=2**62)
"""A result may come from a call with raised limits; reading it back must not fail on them."""

_BINARY = ("+", "-", "*", "/", "%", "^")


def _token_text(token: RdrToken) -> str:
    if isinstance(token, float):
        return js_text(token)
    return str(token)


def breakdown_rdr(result: RollResult, *, markdown: bool) -> str:
    """The breakdown of an ``rdr``-dialect result: the expression with each dice term's dice."""
    try:
        tokens = parse_rdr(result.expression, limits=READ_BACK).tokens
    except NotationError:
        return " ".join(f"{r.notation} {dice_text(r, markdown=markdown)}" for r in result.rolls)
    rolls: Iterator[DiceRoll] = iter(result.rolls)
    groups: Iterator[GroupRoll] = iter(result.groups)
    strike = strikes(markdown=markdown)

    def text(items: tuple[RdrToken, ...]) -> str:
        parts: list[str] = []
        for token in items:
            if isinstance(token, RdrDice):
                roll = next(rolls, None)
                parts.append(token.text if roll is None else f"{token.text} {strike.dice(roll)}")
            elif isinstance(token, RdrGroup):
                subs = [text(sub) for sub in token.expressions]
                group = next(groups, None)
                if group is not None:
                    for i in group.dropped:
                        if i < len(subs):
                            subs[i] = strike.struck(subs[i])
                modifiers = "".join(str(modifier) for modifier in token.modifiers)
                parts.append("{" + ", ".join(subs) + "}" + modifiers)
            elif isinstance(token, str) and token in _BINARY and parts:
                parts.append(f" {token} ")
            else:
                parts.append(_token_text(token))
        return "".join(parts)

    return strike.written(text(tokens))


def replay_total(result: RollResult) -> int | float:
    """The total rpg-dice-roller's arithmetic gives for the values *result*'s records hold.

    Raises:
        NotationError: the expression cannot be read back, or its records do not match it.
    """
    tokens = parse_rdr(result.expression, limits=READ_BACK).tokens
    rolls: Iterator[DiceRoll] = iter(result.rolls)
    groups: Iterator[GroupRoll] = iter(result.groups)

    def values(items: tuple[RdrToken, ...]) -> list[float | str]:
        out: list[float | str] = []
        for token in items:
            if isinstance(token, RdrDice):
                roll = next(rolls, None)
                if roll is None or roll.notation != token.text:
                    raise NotationError(f"{result.expression}: the dice records do not match the expression at {token}")
                out.append(float(roll.value))
            elif isinstance(token, RdrGroup):
                for sub in token.expressions:  # its dice records come first, in order
                    values(sub)
                group = next(groups, None)
                if group is None or group.notation != token.text:
                    raise NotationError(f"{result.expression}: the group records do not match the expression")
                out.append(float(group.value))
            else:
                out.append(token)
        return out

    found = values(tokens)
    return round_total(work_out(found, result.expression), result.expression)


def rolled_tree_rdr(result: RollResult) -> RolledNode:
    """The rolled tree of an ``rdr``-dialect result: its terms and numbers in order, each with its value.

    A record that does not match its expression (edited by hand) gives its dice records
    under the total: the tree never raises.
    """
    try:
        tokens = parse_rdr(result.expression, limits=READ_BACK).tokens
        rolls: Iterator[DiceRoll] = iter(result.rolls)
        groups: Iterator[GroupRoll] = iter(result.groups)

        def node(token: RdrToken) -> RolledNode | None:
            if isinstance(token, RdrDice):
                roll = next(rolls)
                return RolledNode(token, roll.value, (), roll)
            if isinstance(token, RdrGroup):
                children = [child for sub in token.expressions for item in sub if (child := node(item)) is not None]
                group = next(groups)
                return RolledNode(token, group.value, tuple(children), None, group)
            if isinstance(token, float):
                return RolledNode(token, number(token))
            return None

        children = tuple(child for token in tokens if (child := node(token)) is not None)
        return RolledNode(result.expression, result.total, children)
    except (NotationError, StopIteration):
        return RolledNode(
            result.expression, result.total, tuple(RolledNode(r.notation, r.value, (), r) for r in result.rolls)
        )
