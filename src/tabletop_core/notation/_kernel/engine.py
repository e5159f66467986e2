"""The dice-term engine: every dialect's dice terms roll through this one loop.

:func:`compile_term` turns a :class:`~.terms.TermRule` into a step
``step(source, rolls, budget) -> value`` that draws the term's dice, appends its
:class:`~.dice_records.DiceRoll` to *rolls* and returns its value. The loop:

1. draw: die by die (:func:`~.stages.live`: each die's whole life, drawn, clamped,
   rerolled or made unique, exploded, before the next is drawn) or, without such a life,
   every die at once; stage by stage (rpg-dice-roller, the d20 package) the dice are drawn
   into a :class:`~.pool.Pool` and each modifier runs over it in the rule's order, then the
   wing's own operators (``rule.stages``);
2. finish (:mod:`.finish`): keep/drop, the success count, crit flags and the order shown,
   and the record, for every schedule alike.

A term without any modifier skips straight to the sum (the commonest roll: ``8d6``).
Every extra die (a reroll, an explosion, a unique die rolled again) spends one die of the
roll's :class:`~.budget.Budget`. Faces are kept in the order drawn; a term whose dice are
shown in another order (sorted, or an explosion's dice right after the die that exploded)
records that order.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from tabletop_core.notation._kernel import stages as steps
from tabletop_core.notation._kernel.budget import Budget
from tabletop_core.notation._kernel.dice_records import DiceRoll, new_dice_roll
from tabletop_core.notation._kernel.finish import CLAMPED_NONE, POSITIONS_NONE, Finish, finisher, quick_finisher
from tabletop_core.notation._kernel.kept_ops import flat_roller, is_flat
from tabletop_core.notation._kernel.pool import Pool, draw_faces
from tabletop_core.notation._kernel.terms import TermRule, explodes_on
from tabletop_core.rng import DiceSource, GeneratorDice

__all__ = [
    "MEMO_SIDES",
    "Pool",
    "Step",
    "compile_term",
    "draw_faces",
    "finish_term",
    "kept_value",
    "start_term",
]

Step = Callable[[DiceSource, list[Any], Budget], Any]  # Any: records of any kind; a value of the dialect's kind
"""A rolling step: draws from the source, appends its records, spends the budget, returns its value."""

MEMO_SIDES = 100
"""One-die terms up to a d100 share one record per face (records are immutable)."""


# -- stage by stage: a pool --------------------------------------------------------------------


def _stages(rule: TermRule) -> list[Callable[[Pool], None]]:
    """What runs over a pool after its dice are drawn, in order."""
    found: list[Callable[[Pool], None]] = []
    if not rule.per_die:
        if rule.clamp_low is not None or rule.clamp_high is not None:
            found.append(steps.clamp_all)
        if rule.explode is not None:
            found.append(steps.explode_rounds if rule.explode_rounds else steps.explode_each)
        if rule.reroll is not None:
            found.append(steps.reroll_each)
        if rule.unique is not None:
            found.append(steps.unique_each)
    found.extend(rule.stages)
    return found


def _lives(rule: TermRule) -> bool:
    """Whether *rule*'s dice are drawn die by die, each living its life (else all at once)."""
    return rule.per_die and (
        rule.clamp_low is not None
        or rule.clamp_high is not None
        or rule.reroll is not None
        or rule.unique is not None
        or rule.explode is not None
    )


def start_term(rule: TermRule, source: DiceSource, budget: Budget) -> Pool:
    """Draw *rule*'s dice into a pool and run its modifiers up to and with keep/drop, for a wing to go on with.

    A wing's keep/drop on more than the term (the d20 dialect's ``(4d6kh3)kl1``,
    rpg-dice-roller's ``{4d6+2d8}k3``) drops more of the pool's dice between
    :func:`start_term` and :func:`finish_term`; everything else uses :func:`compile_term`.
    A pool rolled stage by stage and sorted shows its dice sorted already.
    """
    return _starter(rule)(source, budget)


@functools.lru_cache(maxsize=4096)
def _starter(rule: TermRule) -> Callable[[DiceSource, Budget], Pool]:
    """How a pool of *rule* is started (see :func:`start_term`), the rule read once."""
    lives, stages = _lives(rule), _stages(rule)
    choose = None if not rule.selects else steps.rdr_kept if rule.rdr_selects else steps.kept_groups
    sorts, per_die, descending = rule.sort is not None and not rule.per_die, rule.per_die, rule.sort == "d"
    live = steps.liver(rule) if lives else None
    count, sides, shown = rule.count, rule.draw_sides, rule.faces

    def start(source: DiceSource, budget: Budget) -> Pool:
        if live is not None:
            pool = Pool(rule, source, budget)
            pool.take_life(live(source, budget))
        else:
            faces = source._take(sides, count) if type(source) is GeneratorDice else draw_faces(source, sides, count)
            if shown is not None:
                faces = [shown[face - 1] for face in faces]
            pool = Pool(rule, source, budget, faces)
            if per_die:
                pool.group = list(range(count))
        for stage in stages:
            stage(pool)
        if choose is not None:
            choose(pool)
        if sorts:
            steps.sort_units(pool, descending)
        return pool

    return start


def finish_term(pool: Pool, finish: Finish | None = None) -> tuple[int, DiceRoll]:
    """The count and the flags of a started pool, as its dice are kept now: the term's value and its record.

    *finish* is the rule's :func:`finisher` when the caller holds it already.
    """
    rule = pool.rule
    merged, pos, kept = pool.merged, pool.pos, pool.kept
    exploded = [pos[die] for die in dict.fromkeys(pool.exploded)] if pool.exploded else POSITIONS_NONE
    clamped = list(pool.clamped.items()) if pool.clamped else CLAMPED_NONE
    if finish is None:
        finish = finisher(rule)
    if pool.group is not None:  # a pool of the default dialect's dice: chains are keep/drop's groups
        group = pool.group
        chains_of: dict[int, list[int]] = {}
        for die in pool.order:
            chains_of.setdefault(group[die], []).append(pos[die])
        keys = list(chains_of)
        dropped = [c for c, key in enumerate(keys) if not kept[key]]
        chains = [chains_of[key] for key in keys]
        return finish(
            pool.faces, None, chains, dropped, pool.rerolled, exploded, clamped, pool.penetrated, (), bool(merged)
        )
    units = steps.units_of(pool) if pool.inner else pool.order
    order: tuple[int, ...] = ()
    if rule.shown_order or rule.sort is not None:
        order = _shown_order(pool, units)
        # The order drawn, shown as such, unless the pool was sorted: then the finisher would sort
        # it again in the term's own direction, where a roll group may have sorted it the other way
        # since (rpg-dice-roller's {5d2sd}s shows the group's order).
        if rule.sort is None and order == tuple(range(len(pool.faces))):
            order = ()
    dropped = [i for i, die in enumerate(units) if not kept[die]]
    if not merged:
        live = [pos[die] for die in units]
        return finish(pool.faces, live, None, dropped, pool.rerolled, exploded, clamped, pool.penetrated, order)
    chains = [[pos[die], *(pos[other] for other in merged.get(die, ()))] for die in units]
    return finish(pool.faces, None, chains, dropped, pool.rerolled, exploded, clamped, pool.penetrated, order, True)


def _shown_order(pool: Pool, units: list[int]) -> tuple[int, ...]:
    """Every position in the order shown stage by stage: each die after the faces its rerolls replaced."""
    shown: list[int] = []
    for die in units:
        shown.extend(pool.history.get(die, ()))
        shown.append(pool.pos[die])
        shown.extend(pool.pos[other] for other in pool.merged.get(die, ()))
    return tuple(shown)


def kept_value(pool: Pool) -> int:
    """What a pool's kept dice add up to now (before any count)."""
    faces, pos, kept = pool.faces, pool.pos, pool.kept
    return sum([faces[pos[die]] for die in pool.order if kept[die]])


# -- compiling ----------------------------------------------------------------------------------


def compile_term(rule: TermRule) -> Step:
    """The rolling step of *rule*: draws its dice, appends its record, returns its value."""
    if rule.plain:
        return _plain_step(rule)
    if rule.per_die:
        return _per_die_step(rule)
    if rule.explode_rounds and _only_explodes(rule):
        return _rounds_step(rule)
    if is_flat(rule):
        return _flat_step(rule)

    finish, start = finisher(rule), _starter(rule)

    def step(source: DiceSource, rolls: list[Any], budget: Budget) -> int:
        value, record = finish_term(start(source, budget), finish)
        rolls.append(record)
        return value

    return step


def _flat_step(rule: TermRule) -> Step:
    """Dice drawn at once, then only operators over the dice still kept (the d20 package's): on lists, no pool.

    A walk for exact odds runs the operators' own stages on a pool (they know how to end its paths).
    """
    finish, start, roll = finisher(rule), _starter(rule), flat_roller(rule)

    def step(source: DiceSource, rolls: list[Any], budget: Budget) -> int:
        if type(source) is not GeneratorDice and getattr(source, "enumerates", False):
            value, record = finish_term(start(source, budget), finish)
        else:
            faces, live, dropped, rerolled, exploded, clamped = roll(source, budget)
            value, record = finish(faces, live, None, dropped, rerolled, exploded, clamped)
        rolls.append(record)
        return value

    return step


def _only_explodes(rule: TermRule) -> bool:
    """Whether *rule*'s only modifier is a plain explosion (``!``), its dice summed."""
    return (
        rule.explode == "!"
        and rule.clamp_low is None
        and rule.clamp_high is None
        and rule.reroll is None
        and rule.unique is None
        and not rule.stages
        and quick_finisher(rule) is not None
    )


def _rounds_step(rule: TermRule) -> Step:
    """Dice that explode round after round and are summed (the d20 package's ``4d6e6``): one pass, no pool.

    It draws what :func:`~.stages.explode_rounds` draws, in the same order: each die in
    turn, the new ones after the old.
    """
    count, sides, shown = rule.count, rule.draw_sides, rule.faces
    explodes, finish = explodes_on(rule), quick_finisher(rule)
    assert finish is not None  # see _only_explodes

    def step(source: DiceSource, rolls: list[Any], budget: Budget) -> int:
        if getattr(source, "rounds", None) is not None:  # a walk for exact odds: the stage stops its chains
            value, record = finish_term(start_term(rule, source, budget))
            rolls.append(record)
            return value
        faces = draw_faces(source, sides, count)
        if shown is not None:
            faces = [shown[face - 1] for face in faces]
        exploded: list[int] = []
        at = 0
        while at < len(faces):
            if explodes(faces[at]):
                budget.spend()
                face = source.roll(sides)
                faces.append(face if shown is None else shown[face - 1])
                exploded.append(at)
            at += 1
        value, record = finish(faces, None, POSITIONS_NONE, exploded, CLAMPED_NONE)
        rolls.append(record)
        return value

    return step


def _per_die_step(rule: TermRule) -> Step:
    """A term rolled die by die: each die's life, or the dice at once when they have none; then its finisher."""
    count, sides, shown = rule.count, rule.draw_sides, rule.faces
    compound = rule.explode is not None and "!!" in rule.explode
    finish = finisher(rule)

    quick = quick_finisher(rule)
    if not _lives(rule) and quick is not None and shown is None:

        def at_once_quick(source: DiceSource, rolls: list[Any], _budget: Budget) -> int:
            faces = source._take(sides, count) if type(source) is GeneratorDice else draw_faces(source, sides, count)
            value, record = quick(faces, None, POSITIONS_NONE, POSITIONS_NONE, CLAMPED_NONE)
            rolls.append(record)
            return value

        return at_once_quick

    if not _lives(rule):

        def at_once(source: DiceSource, rolls: list[Any], _budget: Budget) -> int:
            faces = source._take(sides, count) if type(source) is GeneratorDice else draw_faces(source, sides, count)
            if shown is not None:
                faces = [shown[face - 1] for face in faces]
            value, record = finish(faces, None, None, None)
            rolls.append(record)
            return value

        return at_once

    chained = bool(rule.selects or rule.success or rule.crit or rule.sort or compound)
    live = steps.liver(rule, chained=chained)
    if quick is not None:

        def lived_quick(source: DiceSource, rolls: list[Any], budget: Budget) -> int:
            faces, alive, _chains, rerolled, exploded, clamped, _penetrated = live(source, budget)
            value, record = quick(faces, alive, rerolled, exploded, clamped)
            rolls.append(record)
            return value

        return lived_quick

    def lived(source: DiceSource, rolls: list[Any], budget: Budget) -> int:
        faces, alive, chains, rerolled, exploded, clamped, penetrated = live(source, budget)
        value, record = finish(faces, alive, chains, None, rerolled, exploded, clamped, penetrated, (), compound)
        rolls.append(record)
        return value

    return lived


def _plain_step(rule: TermRule) -> Step:
    """Dice drawn once and summed: one slice of fresh dice, one record (shared per face for one die)."""
    count, sides, shown, notation = rule.count, rule.draw_sides, rule.faces, rule.notation
    record_sides, fate = rule.record_sides, rule.fate

    if count == 1 and shown is None:
        # Each face's record is made once and shared (records are immutable), up to a d100:
        # a plan counts them in its size (see plans.PLAN_BYTES_PER_RECORD).
        memo: list[DiceRoll | None] = [None] * (sides + 1 if sides <= MEMO_SIDES else 0)

        def run_one(source: DiceSource, rolls: list[Any], _budget: Budget) -> int:
            face = source.roll(sides)
            if type(face) is int and 0 < face < len(memo):
                record = memo[face]
                if record is None:
                    record = memo[face] = new_dice_roll(notation, record_sides, fate, (face,), face, None)
                rolls.append(record)
            else:
                rolls.append(new_dice_roll(notation, record_sides, fate, (face,), face, None))
            return face

        return run_one

    def run(source: DiceSource, rolls: list[Any], _budget: Budget) -> int:
        faces = draw_faces(source, sides, count)
        if shown is not None:
            faces = [shown[face - 1] for face in faces]
        value = sum(faces)
        rolls.append(new_dice_roll(notation, record_sides, fate, tuple(faces), value, None))
        return value

    return run
