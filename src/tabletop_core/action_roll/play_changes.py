"""Changing a move once it is rolled, as the asset abilities used on it allow: a reroll, then burning momentum.

:func:`reroll_move` takes the reroll an ability grants on this roll (see
:attr:`~tabletop_core.action_roll.MoveResult.rerolls`) with what comes with it
("reroll all dice and add +2 (instead of +1)", "reroll any dice and count a weak
hit as a strong hit"), and re-reads the move. :func:`burn_move` burns momentum on
the move and resets it, raised by the abilities that say so ("when you are in a
fight, increase your momentum reset by 1") when the player claims them.

Examples:
    >>> from tabletop_core import ScriptedDice
    >>> from tabletop_core.action_roll import PlayerCharacter, Stats, make_move, reroll_move
    >>> from tabletop_core.action_roll.datasworn import load
    >>> mini = load("docs/examples/mini-starforged.json")
    >>> hero = PlayerCharacter(Stats(edge=3, heart=2, iron=2, shadow=1, wits=1)).add_asset(mini.asset("Signal Kite"))
    >>> braced = make_move(mini.move("Brace"), hero, use="Signal Kite", rng=ScriptedDice([1, 6, 9]))
    >>> braced.rerolls
    ('action',)
    >>> again = reroll_move(braced, mini.move("Brace"), rng=ScriptedDice([5]))
    >>> print(again.changes[0])
    rerolled action 1 -> 5: Action 5 + 5 = 10 vs 6 · 9 -> strong hit
    >>> again.outcome, again.rerolls
    (<Outcome.STRONG_HIT: 'strong hit'>, ())
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

import attrs

from tabletop_core._validate import check_type
from tabletop_core.action_roll.ability_play import before_roll_adds, reroll_effects
from tabletop_core.action_roll.action import ActionResult, burn_momentum
from tabletop_core.action_roll.character import PlayerCharacter
from tabletop_core.action_roll.datasworn.effects import AbilityEffect, EffectKind
from tabletop_core.action_roll.datasworn.moves import Move
from tabletop_core.action_roll.play import MoveResult, _result
from tabletop_core.action_roll.reroll import RollChange, _names, add_after, reroll
from tabletop_core.errors import InvalidInput, RuleError
from tabletop_core.rng import dice_source

if TYPE_CHECKING:
    from tabletop_core.rng import RngLike  # the alias imports numpy at run time: annotations only

__all__ = ["burn_move", "momentum_reset_bonus", "reroll_move"]


def _pick_reroll(
    result: MoveResult, action: ActionResult, dice: tuple[str, ...] | None
) -> tuple[int, AbilityEffect, tuple[str, ...]]:
    """The reroll to take: which used enhancement grants it, and the dice rerolled."""
    offered = reroll_effects(result.used, action, result.outcome)
    if not offered or not result.rerolls:
        said = "; ".join(str(e) for e in result.used) or "no asset ability was used"
        raise RuleError(f"no ability used on this roll lets you reroll now ({said})")
    values = {
        "action": action.action_die,
        "challenge_1": action.challenge_dice[0],
        "challenge_2": action.challenge_dice[1],
    }
    for index, effect in offered:
        usable = tuple(name for name in effect.dice if not effect.faces or values[name] in effect.faces)
        if dice is None:
            if effect.choose == "one" and len(usable) > 1:
                continue  # the player picks which one: they must say
            return index, effect, usable
        if set(dice) <= set(usable) and (effect.choose != "one" or len(dice) == 1):
            if effect.choose == "all" and set(dice) != set(usable):
                continue  # "reroll all dice": all or none
            return index, effect, dice
    allowed = "; ".join(f"{effect}" for _index, effect in offered)
    if dice is None:
        raise InvalidInput(f"dice: say which die to reroll, as the abilities allow ({allowed})")
    raise InvalidInput(f"dice: {', '.join(dice)} is not what the abilities let you reroll ({allowed})")


def reroll_move(
    result: MoveResult, move: Move, *, dice: str | Iterable[str] | None = None, rng: RngLike = None
) -> MoveResult:
    """Take the reroll an ability used on *result* grants, with the adds and counted outcomes that come with it.

    The dice are those the ability lets you reroll on this roll (see
    :attr:`MoveResult.rerolls`): all of them unless *dice* picks some ("reroll any
    dice": the player's pick; "one challenge die": *dice* names it). An add that
    comes with the reroll ("and add +2", "(instead of +1)") is added after it; an
    outcome counted as another that comes with it ("and count a weak hit as a
    strong hit") counts. The first roll is kept in :attr:`MoveResult.changes`.

    Args:
        result: The move made (an action roll, not burned, not rerolled yet).
        move: The move (as :meth:`MoveResult.with_action` takes it).
        dice: Which dice: names from :data:`~tabletop_core.action_roll.reroll.DIE_NAMES`.
        rng: Where the dice come from (see :func:`~tabletop_core.dice_source`).

    Raises:
        RuleError: no ability used lets you reroll now (wrong outcome, the die is
            not below the limit, a reroll was taken already, momentum was burned).
        InvalidInput: *dice* are not ones the abilities allow (or must be given).
        TypeError: an argument has the wrong type.
    """
    check_type("result", result, MoveResult)
    check_type("move", move, Move)
    if move.id != result.move_id:
        raise InvalidInput(f"move must be {result.move_id!r}, got {move.id!r}")
    action = result.action
    if action is None:
        raise RuleError("only an action roll is rerolled this way")
    if action.burned:
        raise RuleError("dice are rerolled before momentum is burned, not after")
    index, _effect, names = _pick_reroll(result, action, None if dice is None else _names(dice))
    source = dice_source(rng)
    changes: list[RollChange] = []
    with source.atomic():
        changes.append(reroll(action, names, rng=source))
    enhancement = result.used[index]
    extra = 0
    for companion in enhancement.effects:
        if companion.kind is EffectKind.ADD and companion.with_reroll:
            extra += companion.amount - (before_roll_adds(enhancement) if companion.instead else 0)
    if extra > 0:
        changes.append(add_after(changes[-1].after, min(extra, 10 - changes[-1].after.adds)))
    return _result(
        move,
        result.option,
        action=changes[-1].after,
        used=result.used,
        changes=(*result.changes, *changes),
        rerolled_with=index,
    )


def momentum_reset_bonus(character: PlayerCharacter, use: Iterable[str] | str = ()) -> int:
    """How much the abilities *use* names (asset names or ids) raise the momentum reset, while marked.

    "When you are in a fight, increase your momentum reset by 1" (Veteran): the
    circumstance is the player's to judge, so the bonus counts only when claimed.

    Raises:
        InvalidInput: *use* names an asset the character does not hold, or one with
            no marked ability raising the reset.
    """
    check_type("character", character, PlayerCharacter)
    names = [use] if isinstance(use, str) else list(use)
    total = 0
    for name in names:
        held = character.asset(check_type("use", name, str))
        bonus = sum(
            e.amount
            for e in held.ability_effects
            if e.kind is EffectKind.MOMENTUM_RESET and e.ability is not None and held.is_marked_ability(e.ability)
        )
        if not bonus:
            raise InvalidInput(f"use: no marked ability of {held.name} raises the momentum reset")
        total += bonus
    return total


def burn_move(
    result: MoveResult, move: Move, character: PlayerCharacter, *, use: Iterable[str] | str = ()
) -> tuple[MoveResult, PlayerCharacter]:
    """Burn momentum on the move *result*: the roll re-judged, the move re-read, momentum reset.

    The reset is the character's (by impacts), raised by the abilities *use*
    claims (see :func:`momentum_reset_bonus`), never above max momentum.

    Returns:
        ``(result, character)``: the move with momentum burned, the character with momentum reset.

    Raises:
        RuleError: not an action roll, momentum is not positive, or it was burned already.
        InvalidInput: *use* names no ability raising the reset.
        TypeError: an argument has the wrong type.
    """
    check_type("result", result, MoveResult)
    check_type("character", character, PlayerCharacter)
    if result.action is None:
        raise RuleError("momentum is burned on an action roll (progress rolls ignore momentum)")
    bonus = momentum_reset_bonus(character, use)
    burned, after = burn_momentum(result.action, character.momentum)
    if bonus:
        after = attrs.evolve(after, value=min(after.value + bonus, after.max_value))
    sheet = attrs.evolve(character.sheet, momentum=after)
    return result.with_action(burned, move), attrs.evolve(character, sheet=sheet)
