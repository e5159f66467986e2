"""What the asset abilities used on a move do to it: their adds for this character, rerolls allowed, outcomes counted.

The effects of an ability (:mod:`~tabletop_core.action_roll.datasworn.effects`) are read
from the data once; applying them to one roll needs the character: "add +its health"
is that companion's health now, "reroll your action die if its value is less than
your spirit" is this character's spirit. :func:`bind` fills those values in (the
enhancement kept in :attr:`~tabletop_core.action_roll.MoveResult.used` says what it
added), and the other functions here read a roll against the bound effects.

Examples:
    >>> from tabletop_core.action_roll import Outcome
    >>> from tabletop_core.action_roll.datasworn import MoveEnhancement, RollType
    >>> from tabletop_core.action_roll.datasworn.effects import AbilityEffect, EffectKind
    >>> rockhorn = MoveEnhancement("x/assets/companion/rockhorn", 1, RollType.ACTION_ROLL,
    ...     effects=[AbilityEffect(EffectKind.COUNT_AS, count_from=Outcome.WEAK_HIT, count_to=Outcome.STRONG_HIT)])
    >>> counted_outcome(Outcome.WEAK_HIT, [rockhorn])
    <Outcome.STRONG_HIT: 'strong hit'>
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import attrs

from tabletop_core.action_roll.action import ActionResult
from tabletop_core.action_roll.datasworn.effects import AbilityEffect, EffectKind
from tabletop_core.action_roll.datasworn.enhancements import REROLLS, MoveEnhancement
from tabletop_core.action_roll.datasworn.moves import RollOption
from tabletop_core.action_roll.outcome import Outcome
from tabletop_core.action_roll.reroll import DIE_NAMES
from tabletop_core.errors import InvalidInput, RuleError

if TYPE_CHECKING:
    from tabletop_core.action_roll.character import PlayerCharacter

__all__ = ["before_roll_adds", "bind", "counted_outcome", "reroll_effects", "rerolls_allowed"]


def bind(enhancement: MoveEnhancement, character: PlayerCharacter) -> MoveEnhancement:
    """*enhancement* with the values its effects read filled in for *character* (its adds of a value, reroll limits).

    An add of a value the character cannot give (a meter no held asset has) adds 0;
    a reroll limit it cannot read allows no reroll.
    """
    if not enhancement.effects:
        return enhancement
    bound = []
    for effect in enhancement.effects:
        if effect.value_of is not None:
            bound.append(attrs.evolve(effect, amount=min(max(_read(character, effect.value_of) or 0, 0), 10)))
        elif effect.below is not None:
            bound.append(attrs.evolve(effect, limit=_read(character, effect.below)))
        else:
            bound.append(effect)
    return attrs.evolve(enhancement, effects=tuple(bound))


def _read(character: PlayerCharacter, option: RollOption) -> int | None:
    try:
        return character.value_of(option)
    except (RuleError, InvalidInput):
        return None


def before_roll_adds(enhancement: MoveEnhancement) -> int:
    """What *enhancement* adds as the roll is made: its fixed adds and its adds of a value (once bound)."""
    if not enhancement.effects:
        return enhancement.adds  # saved before effects were read: the adds it was saved with
    return min(sum(effect.amount for effect in enhancement.effects if effect.is_before_the_roll), 10)


def counted_outcome(outcome: Outcome, used: Sequence[MoveEnhancement], rerolled_with: int | None = None) -> Outcome:
    """*outcome* as the used abilities count it ("count a weak hit as a strong hit").

    An outcome counted as another that comes with a reroll counts only once that
    enhancement's reroll (``used[rerolled_with]``) was taken.
    """
    for index, enhancement in enumerate(used):
        for effect in enhancement.effects:
            if effect.kind is not EffectKind.COUNT_AS or effect.count_from is not outcome:
                continue
            if effect.with_reroll and index != rerolled_with:
                continue
            if not effect.with_reroll and effect.on and outcome not in effect.on:
                continue
            assert effect.count_to is not None  # checked when the effect was built
            return effect.count_to
    return outcome


def reroll_effects(
    used: Sequence[MoveEnhancement], action: ActionResult, outcome: Outcome
) -> list[tuple[int, AbilityEffect]]:
    """The rerolls the used abilities allow on *action* (its move outcome *outcome*), with their enhancement's index.

    A reroll that follows an outcome ("On a miss, reroll all dice") needs that outcome;
    one with a limit ("if its value is less than your spirit") needs the action die
    below it; one of a face ("roll a 1 on your action die") needs a die showing it.
    """
    found: list[tuple[int, AbilityEffect]] = []
    dice = {
        "action": action.action_die,
        "challenge_1": action.challenge_dice[0],
        "challenge_2": action.challenge_dice[1],
    }
    for index, enhancement in enumerate(used):
        effects = enhancement.effects
        if not effects and enhancement.reroll is not None:  # saved before effects were read
            names = REROLLS[enhancement.reroll]
            effects = (
                AbilityEffect(EffectKind.REROLL, dice=names, choose="one" if "one" in enhancement.reroll else "any"),
            )
        for effect in effects:
            if effect.kind is not EffectKind.REROLL:
                continue
            if effect.on and outcome not in effect.on:
                continue
            if effect.below is not None and (effect.limit is None or action.action_die >= effect.limit):
                continue
            if effect.faces and not any(dice[name] in effect.faces for name in effect.dice):
                continue
            found.append((index, effect))
    return found


def rerolls_allowed(used: Sequence[MoveEnhancement], action: ActionResult, outcome: Outcome) -> tuple[str, ...]:
    """The dice the used abilities let the player reroll on *action*, in rolling order (see :func:`reroll_effects`)."""
    dice = {
        "action": action.action_die,
        "challenge_1": action.challenge_dice[0],
        "challenge_2": action.challenge_dice[1],
    }
    allowed: set[str] = set()
    for _index, effect in reroll_effects(used, action, outcome):
        allowed.update(name for name in effect.dice if not effect.faces or dice[name] in effect.faces)
    return tuple(name for name in DIE_NAMES if name in allowed)
