"""Rolling a dice term that uses the later dice operators.

Those are clamps, compounding and penetrating explosions, failures, crit ranges and sorting.

A term without them rolls through the roller's older, faster paths, exactly as before.
The order of work for each die is: draw, clamp (``mi``/``ma``), reroll (each new face
clamped too), then explode; a penetrating extra die shows one less than it rolled but
explodes on what it rolled. Then keep/drop (whole chains), successes and failures,
crit flags and the shown order.
"""

from __future__ import annotations

from collections.abc import Callable

from tabletop_core.notation.ast import Comparison, Dice
from tabletop_core.notation.errors import NotationError
from tabletop_core.notation.limits import Limits
from tabletop_core.notation.result import DiceRoll, _new_dice_marks, _new_dice_roll
from tabletop_core.rng import DiceSource

__all__ = ["crit_of", "extended_dice"]

_Step = Callable[[DiceSource, list[DiceRoll], list[int]], int]


def too_many_dice(text: str, max_dice: int) -> NotationError:
    """The error for a roll of *text* that drew more than *max_dice* dice (rerolls and explosions count)."""
    return NotationError(
        f"{text}: rolled more than {max_dice} dice (explosions and rerolls included); "
        "raise Limits.max_dice to allow more"
    )


def budget_spender(text: str, max_dice: int) -> Callable[[list[int]], None]:
    """A function that takes one die from a roll's budget (a one-item list) or raises :func:`too_many_dice`."""

    def spend(budget: list[int]) -> None:
        budget[0] -= 1
        if budget[0] < 0:
            raise too_many_dice(text, max_dice)

    return spend


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

    def run(source: DiceSource, rolls: list[DiceRoll], budget: list[int]) -> int:  # noqa: C901
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


def crit_of(rolls: list[DiceRoll]) -> str | None:
    """A roll's flag from its crit-range terms.

    ``"crit"`` when any counted die is a critical success, else ``"fumble"`` when any is a
    critical failure, else ``None``.
    """
    rolls = [roll for roll in rolls if isinstance(roll, DiceRoll)]  # group records stand among them
    if any(roll.marks is not None and roll.marks.crits for roll in rolls):
        return "crit"
    if any(roll.marks is not None and roll.marks.fumbles for roll in rolls):
        return "fumble"
    return None
