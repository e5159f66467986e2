"""The default dialect's dice-term loops as they were before the kernel's one engine: a reference for it.

Before the redesign (issue 27) each kind of dice term had its own loop: keep/drop alone,
a clamp, rerolls, explosions, both, and the later operators. They are kept here, as they
were written then, so that the engine is checked against them die for die: the same dice
drawn, the same marks, the same budget spent, the same errors.
"""

from __future__ import annotations

import functools
import operator
from collections.abc import Callable

from tabletop_core.notation import Comparison, Dice, Limits
from tabletop_core.notation._kernel.budget import Budget, too_many_dice
from tabletop_core.notation._kernel.dice_records import DiceRoll
from tabletop_core.notation._kernel.dice_records import new_dice_marks as _new_dice_marks
from tabletop_core.notation._kernel.dice_records import new_dice_roll as _new_dice_roll
from tabletop_core.notation._kernel.finish import marks as _marks
from tabletop_core.rng import DiceSource, GeneratorDice

_Step = Callable[[DiceSource, list[DiceRoll], Budget], int]
_BULK = 8


def budget_spender(text: str, max_dice: int) -> Callable[[Budget], None]:
    def spend(budget: Budget) -> None:
        budget.left -= 1
        if budget.left < 0:
            raise too_many_dice(text, max_dice)

    return spend


def _draw(source: DiceSource, sides: int, count: int, fate: bool) -> list[int]:
    """The faces of one term's dice, in the order :meth:`DiceSource.roll` would give them.

    Fresh random dice come in one slice of the source's block; other sources roll
    die by die, or in one vectorised call from :data:`_BULK` dice.
    """
    if type(source) is GeneratorDice:
        faces = source._take(sides, count)
    elif count < _BULK:
        roll_one = source.roll
        faces = [roll_one(sides) for _ in range(count)]
    else:
        faces = source.roll_many(sides, count).tolist()
    return [face - 2 for face in faces] if fate else faces


def _test(condition: Comparison) -> Callable[[int], bool]:
    """*condition* as a fast test of one face: ``partial(operator.le, 6)`` for ``>=6`` (``6 <= face``)."""
    compare = {">=": operator.le, "<=": operator.ge, ">": operator.lt, "<": operator.gt, "=": operator.eq}
    return functools.partial(compare[condition.op], condition.value)


def _selected_dice(node: Dice) -> _Step:
    """Keep/drop and success counting without rerolls or explosions: one die per position."""
    count, sides, fate, notation = node.count, node.sides, node.fate, str(node)
    select, success = node.select, node.success
    highest, keep = select.kept(count) if select is not None else (True, count)

    def run(source: DiceSource, rolls: list[DiceRoll], _budget: Budget) -> int:
        faces = _draw(source, sides, count, fate)
        if keep < count:
            # A stable sort, reversed or not, keeps the die rolled first among ties.
            order = sorted(range(count), key=faces.__getitem__, reverse=highest)
            kept = order[:keep]
            dropped = tuple(sorted(order[keep:]))
        else:
            kept, dropped = list(range(count)), ()
        if success is None:
            value = sum([faces[i] for i in kept])
            marks = _marks(dropped, (), (), None)
        else:
            counted = tuple(sorted(i for i in kept if success.matches(faces[i])))
            value = len(counted)
            marks = _marks(dropped, (), (), counted)
        rolls.append(_new_dice_roll(notation, sides, fate, tuple(faces), value, marks))
        return value

    return run


def _clamps_only(node: Dice) -> bool:
    """Whether *node*'s only modifiers are a clamp and keep/drop (``8d6mi2``, ``4d6mi2kh3``)."""
    return (
        node.clamp is not None
        and node.reroll is None
        and node.explode is None
        and node.success is None
        and node.failure is None
        and node.crit is None
        and node.sort is None
        and not node.unique
    )


def _clamped_dice(node: Dice) -> _Step:
    """A clamp with at most keep/drop: the dice drawn at once, then clamped, then cut.

    Gives what the general path (``_dice_ops.extended_dice``) gives, die for die: each
    die is clamped as drawn, and keep/drop looks at the faces shown.
    """
    assert node.clamp is not None  # _compile sends only clamped terms here
    count, sides, fate, notation = node.count, node.sides, node.fate, str(node)
    low, high = node.clamp.low, node.clamp.high
    highest, keep = node.select.kept(count) if node.select is not None else (True, count)

    def run(source: DiceSource, rolls: list[DiceRoll], _budget: Budget) -> int:
        faces = _draw(source, sides, count, fate)
        clamped: list[int] = []
        drawn: list[int] = []
        for position, face in enumerate(faces):
            if low is not None and face < low:
                faces[position] = low
            elif high is not None and face > high:
                faces[position] = high
            else:
                continue
            clamped.append(position)
            drawn.append(face)
        dropped: tuple[int, ...] = ()
        if keep < count:
            # A stable sort, reversed or not, keeps the die rolled first among ties.
            order = sorted(range(count), key=faces.__getitem__, reverse=highest)
            value = sum([faces[i] for i in order[:keep]])
            dropped = tuple(sorted(order[keep:]))
        else:
            value = sum(faces)
        marks = _new_dice_marks(dropped, (), (), None, (), tuple(clamped), tuple(drawn), (), (), (), (), ())
        rolls.append(_new_dice_roll(notation, sides, fate, tuple(faces), value, marks))
        return value

    return run


def _rerolled_dice(node: Dice, text: str, limits: Limits) -> _Step:
    """Rerolls without explosions (``3d6r1``, ``4d6ro<3kh3``): each position ends on one die.

    The reroll is drawn right after the die it replaces, as in :func:`_modified_dice`
    (which this path matches die for die); keep/drop and success counting follow.
    """
    assert node.reroll is not None  # _compile sends only rerolling terms here
    count, sides, fate, notation = node.count, node.sides, node.fate, str(node)
    offset = -2 if fate else 0
    rerolls, once = _test(node.reroll.condition), node.reroll.once
    counts = None if node.success is None else _test(node.success)
    highest, keep = node.select.kept(count) if node.select is not None else (True, count)
    max_dice = limits.max_dice

    def run(source: DiceSource, rolls: list[DiceRoll], budget: Budget) -> int:
        roll_one = source.roll
        faces: list[int] = []
        rerolled: list[int] = []
        final: list[int] = []  # the position each die ended on, die by die
        for _ in range(count):
            face = roll_one(sides) + offset
            while rerolls(face):
                rerolled.append(len(faces))
                faces.append(face)
                budget.left -= 1
                if budget.left < 0:
                    raise too_many_dice(text, max_dice)
                face = roll_one(sides) + offset
                if once:
                    break
            final.append(len(faces))
            faces.append(face)
        dropped: tuple[int, ...] = ()
        kept = final
        if keep < count:
            # A stable sort, reversed or not, keeps the die rolled first among ties.
            order = sorted(final, key=faces.__getitem__, reverse=highest)
            kept = order[:keep]
            dropped = tuple(sorted(order[keep:]))
        counted = None
        if counts is None:
            value = sum([faces[p] for p in kept])
        else:
            counted = tuple(sorted([p for p in kept if counts(faces[p])]))
            value = len(counted)
        rolls.append(
            _new_dice_roll(notation, sides, fate, tuple(faces), value, _marks(dropped, tuple(rerolled), (), counted))
        )
        return value

    return run


def _exploded_dice(node: Dice, text: str, limits: Limits) -> _Step:
    """Explosions alone (``3d6!``, ``4d6!>=5``): each die and the dice it added, all summed.

    Draws, marks and spends the dice budget exactly as :func:`_modified_dice` does.
    """
    assert node.explode is not None  # _compile sends only exploding terms here
    count, sides, fate, notation = node.count, node.sides, node.fate, str(node)
    offset = -2 if fate else 0
    on = node.explode.on
    explodes = functools.partial(operator.eq, node.max_face) if on is None else _test(on)
    depth_cap, max_dice = limits.explode_depth, limits.max_dice

    def run(source: DiceSource, rolls: list[DiceRoll], budget: Budget) -> int:
        roll_one = source.roll
        faces: list[int] = []
        exploded: list[int] = []
        for _ in range(count):
            face = roll_one(sides) + offset
            depth = 0
            while depth < depth_cap and explodes(face):
                exploded.append(len(faces))
                faces.append(face)
                depth += 1
                budget.left -= 1
                if budget.left < 0:
                    raise too_many_dice(text, max_dice)
                face = roll_one(sides) + offset
            faces.append(face)
        value = sum(faces)
        rolls.append(_new_dice_roll(notation, sides, fate, tuple(faces), value, _marks((), (), tuple(exploded), None)))
        return value

    return run


def _modified_dice(node: Dice, text: str, limits: Limits) -> _Step:
    count, sides, notation = node.count, node.sides, str(node)
    fate = node.fate
    offset = -2 if fate else 0
    reroll, select, success = node.reroll, node.select, node.success
    reroll_once = reroll is not None and reroll.once
    rerolls = node.rerolls
    explodes = node.explodes if node.explode is not None else None
    explode_depth = limits.explode_depth
    max_dice = limits.max_dice

    spend = budget_spender(text, max_dice)

    def run(source: DiceSource, rolls: list[DiceRoll], budget: Budget) -> int:
        faces: list[int] = []
        rerolled: list[int] = []
        exploded: list[int] = []
        chains: list[list[int]] = []
        for _ in range(count):
            chain: list[int] = []
            depth = 0
            while True:
                faces.append(source.roll(sides) + offset)
                if reroll is not None:
                    while rerolls(faces[-1]):
                        rerolled.append(len(faces) - 1)
                        spend(budget)
                        faces.append(source.roll(sides) + offset)
                        if reroll_once:
                            break
                position = len(faces) - 1
                chain.append(position)
                if explodes is None or depth >= explode_depth or not explodes(faces[position]):
                    break
                exploded.append(position)
                depth += 1
                spend(budget)
            chains.append(chain)
        totals = [sum(faces[p] for p in chain) for chain in chains]
        dropped: list[int] = []
        kept_chains: tuple[int, ...] = tuple(range(len(chains)))
        if select is not None:
            # Ties keep the die rolled first; whole chains are kept or dropped together.
            kept_chains, left_out = select.choose(tuple(totals))
            dropped = sorted(p for c in left_out for p in chains[c])
        if success is not None:
            counted = tuple(sorted(p for c in kept_chains for p in chains[c] if success.matches(faces[p])))
            value = len(counted)
        else:
            counted = None
            value = sum(totals[c] for c in kept_chains)
        marks = _marks(tuple(dropped), tuple(rerolled), tuple(exploded), counted)
        rolls.append(_new_dice_roll(notation, sides, fate, tuple(faces), value, marks))
        return value

    return run


def _flagger(condition: Comparison | None, default: int) -> Callable[[int], bool]:
    if condition is None:
        return lambda face: face == default
    return condition.matches


def extended_dice(node: Dice, text: str, limits: Limits) -> _Step:  # noqa: C901 - one die's whole life, in order
    """The rolling step of a dice term that uses clamps, ``!!``/``!p``, failures, crit ranges or sorting."""
    sides, fate, notation = node.sides, node.fate, str(node)
    offset = -2 if fate else 0
    clamp = node.clamp
    reroll, select, success, failure = node.reroll, node.select, node.success, node.failure
    reroll_once = reroll is not None and reroll.once
    explode = node.explode
    compounds = explode is not None and explode.compounds
    penetrates = explode is not None and explode.penetrates
    explode_depth, max_dice = limits.explode_depth, limits.max_dice
    crit = node.crit
    unique, unique_once = node.unique, node.unique_once
    is_crit = _flagger(None if crit is None else crit.success, node.max_face) if crit is not None else None
    is_fumble = _flagger(None if crit is None else crit.failure, node.min_face) if crit is not None else None

    spend = budget_spender(text, max_dice)

    def run(source: DiceSource, rolls: list[DiceRoll], budget: Budget) -> int:  # noqa: C901
        faces: list[int] = []
        rerolled: list[int] = []
        exploded: list[int] = []
        clamped: list[tuple[int, int]] = []
        penetrated: list[int] = []
        chains: list[list[int]] = []

        def draw() -> int:
            face = source.roll(sides) + offset
            if clamp is not None:
                shown = clamp.apply(face)
                if shown != face:
                    clamped.append((len(faces), face))
                    face = shown
            faces.append(face)
            return face

        used: set[int] = set()
        for _ in range(count):
            chain: list[int] = []
            depth = 0
            while True:
                face = draw()
                if unique:
                    # Again while it shows a face taken (or one 'r' rerolls): all different in the end.
                    while face in used or (reroll is not None and reroll.condition.matches(face)):
                        rerolled.append(len(faces) - 1)
                        spend(budget)
                        face = draw()
                    used.add(face)
                elif unique_once:
                    if face in used:  # again once, whatever it shows then
                        rerolled.append(len(faces) - 1)
                        spend(budget)
                        face = draw()
                    used.add(face)
                elif reroll is not None:
                    while reroll.condition.matches(face):
                        rerolled.append(len(faces) - 1)
                        spend(budget)
                        face = draw()
                        if reroll_once:
                            break
                position = len(faces) - 1
                chain.append(position)
                goes_on = explode is not None and depth < explode_depth and node.explodes(face)
                if penetrates and depth > 0:
                    faces[position] = face - 1
                    penetrated.append(position)
                if not goes_on:
                    break
                exploded.append(position)
                depth += 1
                spend(budget)
            chains.append(chain)
        totals = [sum(faces[p] for p in chain) for chain in chains]
        kept_chains: tuple[int, ...] = tuple(range(len(chains)))
        dropped: list[int] = []
        if select is not None:
            # Ties keep the die rolled first; whole chains are kept or dropped together.
            kept_chains, left_out = select.choose(tuple(totals))
            dropped = sorted(p for c in left_out for p in chains[c])
        # What success, failure and crits look at: a compounded chain is one die showing its total.
        if compounds:
            units = [(chains[c][0], totals[c]) for c in kept_chains]
        else:
            units = [(p, faces[p]) for c in kept_chains for p in chains[c]]
        counted: tuple[int, ...] | None = None
        failed: tuple[int, ...] = ()
        if success is not None:
            counted = tuple(sorted(p for p, shown in units if success.matches(shown)))
            if failure is not None:
                failed = tuple(sorted(p for p, shown in units if failure.matches(shown)))
            value = len(counted) - len(failed)
        else:
            value = sum(totals[c] for c in kept_chains)
        crits: tuple[int, ...] = ()
        fumbles: tuple[int, ...] = ()
        if is_crit is not None and is_fumble is not None:
            crits = tuple(sorted(p for p, shown in units if is_crit(shown)))
            fumbles = tuple(sorted(p for p, shown in units if is_fumble(shown)))
        shown_order: tuple[int, ...] = ()
        if node.sort is not None:
            shown_order = _sorted_positions(faces, chains, compounds, rerolled, node.sort == "d")
        marks = _new_dice_marks(
            tuple(dropped),
            tuple(rerolled),
            tuple(exploded),
            counted,
            failed,
            tuple(position for position, _face in clamped),
            tuple(face for _position, face in clamped),
            tuple(p for chain in chains for p in chain[1:]) if compounds else (),
            tuple(penetrated),
            crits,
            fumbles,
            shown_order,
        )
        rolls.append(_new_dice_roll(notation, sides, fate, tuple(faces), value, marks))
        return value

    count = node.count
    return run


def _sorted_positions(
    faces: list[int], chains: list[list[int]], compounds: bool, rerolled: list[int], descending: bool
) -> tuple[int, ...]:
    """Every position in the order shown, dice sorted by face.

    A compounded chain sorts by its total and stays together; a rerolled die stands right
    before the die that replaced it.
    """
    replaced = set(rerolled)
    continuation = {p for chain in chains for p in chain[1:]} if compounds else set()
    units: list[list[int]] = []
    pending: list[int] = []
    for position in range(len(faces)):
        if position in replaced:
            pending.append(position)
        elif position in continuation:
            units[-1].extend([*pending, position])
            pending = []
        else:
            units.append([*pending, position])
            pending = []
    keyed = [(sum(faces[p] for p in unit if p not in replaced), i, unit) for i, unit in enumerate(units)]
    keyed.sort(key=lambda item: (-item[0] if descending else item[0], item[1]))
    return tuple(p for _key, _i, unit in keyed for p in unit)
