"""Groups of rolls, ``{4d6, 3d8}kh1``: rolling them and their exact odds.

A group's items are whole expressions rolled on their own, left to right; keep/drop,
a success count and failures then look at the items' totals (see
:class:`~tabletop_core.notation.Group`).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, cast

from tabletop_core.notation._default.nodes import Group, Node, walk
from tabletop_core.notation._kernel.budget import Budget
from tabletop_core.notation._kernel.weights import extreme
from tabletop_core.notation.errors import NotationError
from tabletop_core.rng import DiceSource

if TYPE_CHECKING:
    from tabletop_core.notation._default.odds import Calculator
    from tabletop_core.notation._kernel.dice_records import DiceRoll, GroupRoll

__all__ = ["group_odds", "group_step", "has_group", "split_records"]

_Step = Callable[[DiceSource, list[Any], Budget], int]
_Weights = dict[int, int]


def has_group(node: Node) -> bool:
    """Whether *node* holds a group anywhere (without recursion)."""
    return any(isinstance(item, Group) for item in walk(node))


def group_step(node: Group, steps: list[_Step]) -> _Step:
    """The rolling step of a group, from its items' steps; it records a :class:`GroupRoll`."""
    from tabletop_core.notation._kernel.dice_records import GroupRoll  # the roller's records: with the roller

    notation = str(node)
    if node.success is None:
        # Sums of items, maybe kept or dropped: Group.value_of's answer without its checks (the steps give ints).
        highest, keep = (True, len(steps)) if node.select is None else node.select.kept(len(steps))
        every = range(len(steps))

        def run_sum(source: DiceSource, rolls: list[Any], budget: Budget) -> int:
            values = [step(source, rolls, budget) for step in steps]
            dropped: tuple[int, ...]
            if keep == len(values):
                value, dropped = sum(values), ()
            else:
                # A stable sort, reversed or not, keeps the item written first among ties (as Select.choose).
                chosen = set(sorted(every, key=values.__getitem__, reverse=highest)[:keep])
                value = sum([values[i] for i in every if i in chosen])
                dropped = tuple([i for i in every if i not in chosen])
            cast("list[object]", rolls).append(GroupRoll(notation, tuple(values), value, dropped))
            return value

        return run_sum

    def run(source: DiceSource, rolls: list[Any], budget: Budget) -> int:
        values = tuple(step(source, rolls, budget) for step in steps)
        value, dropped, successes, failures = node.value_of(values)
        # The group's record goes in among the dice records; split_records sorts them apart.
        cast("list[object]", rolls).append(GroupRoll(notation, values, value, dropped, successes, failures))
        return value

    return run


def split_records(records: list[DiceRoll]) -> tuple[list[DiceRoll], tuple[GroupRoll, ...]]:
    """The dice records and the group records of a roll, each in order (they are recorded together)."""
    from tabletop_core.notation._kernel.dice_records import DiceRoll, GroupRoll

    mixed = cast("list[object]", records)
    dice = [record for record in mixed if isinstance(record, DiceRoll)]
    return dice, tuple(record for record in mixed if isinstance(record, GroupRoll))


def group_odds(calculator: Calculator, node: Group) -> _Weights:
    """The exact distribution of a group's value, from its items' distributions.

    Without keep/drop the items are independent, so their totals (or their success
    scores) are convolved. With keep/drop the items are walked in order keeping, for
    each way the best items so far can stand, its weight: the state is the sorted
    tuple of the kept totals, and its size is charged before each step.
    """
    items = [calculator.node(item) for item in node.items]
    success, failure = node.success, node.failure

    def score(value: int) -> int:
        if success is None:
            return value
        return int(success.matches(value)) - int(failure is not None and failure.matches(value))

    if node.select is None:
        result: _Weights = {0: 1}
        for weights in items:
            scored: defaultdict[int, int] = defaultdict(int)
            for value, weight in weights.items():
                scored[score(value)] += weight
            result = calculator.combine(result, dict(scored), "+")
        return result
    highest, keep = node.select.kept(len(items))
    if keep == 1:  # the best (or worst) item: no states to track
        calculator.charge(len(items) * sum(len(weights) for weights in items))
        return calculator.checked(extreme(items, highest=highest, score=score))
    states: dict[tuple[int, ...], int] = {(): 1}
    for weights in items:
        calculator.charge(len(states) * len(weights) * (keep + 1))
        grown: defaultdict[tuple[int, ...], int] = defaultdict(int)
        for state, state_weight in states.items():
            for value, weight in weights.items():
                best = sorted((*state, value), reverse=highest)[:keep]
                grown[tuple(best)] += state_weight * weight
        states = dict(grown)
        if len(states) > calculator.max_outcomes:
            raise NotationError(
                f"{calculator.text}: exact odds of the group {node} would track more than "
                f"{calculator.max_outcomes} ways its kept items can stand"
            )
    final: defaultdict[int, int] = defaultdict(int)
    for state, weight in states.items():
        final[sum(score(value) for value in state)] += weight
    return calculator.checked(dict(final))
