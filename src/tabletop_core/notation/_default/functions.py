"""Expression-level features of the default dialect: names, labels, functions, computed dice, vs, Nx.

One module holds what rolling, exact odds and the rolled tree share for these nodes, so
each idea is written once: :func:`apply_function` is the arithmetic of ``floor`` ... ``max``
for rolls, odds and the tree alike; :func:`bind` fills ``@names`` from a character sheet.

Examples:
    >>> from tabletop_core import ScriptedDice
    >>> from tabletop_core.notation import distribution, roll
    >>> roll("1d20+@str vs 15", rng=ScriptedDice([12]), variables={"str": 3}).margin
    0
    >>> distribution("ceil(1d6/2)").probability(2)
    Fraction(1, 3)
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Callable, Iterator, Mapping
from fractions import Fraction
from typing import TYPE_CHECKING, Any, TypeAlias, Union

import attrs

from tabletop_core._validate import clip
from tabletop_core.notation._default.expression import Expression, with_children
from tabletop_core.notation._default.nodes import (
    ROUNDING_FUNCTIONS,
    Call,
    ComputedDice,
    Labeled,
    Negate,
    Node,
    Sum,
    Variable,
    children_of,
    walk,
)
from tabletop_core.notation._default.terms import Dice, Number
from tabletop_core.notation._kernel.budget import Budget
from tabletop_core.notation._kernel.weights import exact_division
from tabletop_core.notation.errors import NotationError, over_limit
from tabletop_core.notation.limits import Limits

if TYPE_CHECKING:
    from tabletop_core.rng import DiceSource

__all__ = [
    "EXPRESSION_NODES",
    "VsOutcome",
    "apply_function",
    "bind",
    "check_variables",
    "compile_expression_node",
    "computed_templates",
    "exact_division",
    "exact_product",
    "has_computed_dice",
]

Value: TypeAlias = Union[int, Fraction]  # noqa: UP007 - a runtime alias on Python 3.10
_Step = Callable[["DiceSource", list[Any], Budget], Any]  # Any: records; an int, or a Fraction when exact

EXPRESSION_NODES = (Variable, Labeled, Call, ComputedDice)
"""The nodes this module rolls (the rest are the roller's own)."""


# -- named values ---------------------------------------------------------------------------------


def check_variables(variables: object) -> dict[str, int]:
    """A ``variables=`` mapping checked and keyed by lower-case name.

    Raises:
        TypeError: not a mapping, a name that is not a str, or a value that is not an int
            (``bool`` included: ``True`` is no score).
        NotationError: a name that is not a valid name, or two names equal but for case.
    """
    if not isinstance(variables, Mapping):
        raise TypeError(f"variables must be a mapping of names to ints, got {type(variables).__name__}")
    checked: dict[str, int] = {}
    for name, value in variables.items():
        if type(name) is not str:
            raise TypeError(f"variables must be keyed by str names, got {type(name).__name__}")
        if not isinstance(value, int) or isinstance(value, bool):
            raise TypeError(f"variables[{clip(name)}] must be an int, got {type(value).__name__}")
        key = name.lower()
        Variable(key)  # a valid name, or a NotationError naming it
        if key in checked:
            raise NotationError(f"variables name {clip(key)} twice (names are read in lower case)")
        checked[key] = int(value)
    return checked


def unknown_name(name: str, known: Mapping[str, int] | None) -> NotationError:
    """The error for ``@name`` with no value: it names it and lists the names known."""
    if not known:
        return NotationError(f"unknown name @{name}: no variables were given (pass variables={{{name!r}: ...}})")
    names = ", ".join(f"@{key}" for key in sorted(known)[:20]) + (", ..." if len(known) > 20 else "")
    return NotationError(f"unknown name @{name}; known names: {names}")


def bind(expression: Expression, variables: Mapping[str, int]) -> Expression:
    """*expression* with every ``@name`` replaced by its value (a negative one as ``-N``).

    A computed dice term whose count and sides become plain numbers becomes plain dice
    (``(@level)d6`` with level 5 is ``5d6``).

    Raises:
        NotationError: a name without a value (the message lists the known names).
    """
    if not any(isinstance(node, Variable) for node in _all_nodes(expression)):
        return expression
    target = None if expression.target is None else _bind(expression.target, variables)
    return attrs.evolve(expression, body=_bind(expression.body, variables), target=target)


def _all_nodes(expression: Expression) -> list[Node]:
    nodes = list(walk(expression.body))
    if expression.target is not None:
        nodes += walk(expression.target)
    return nodes


def _bind(node: Node, variables: Mapping[str, int]) -> Node:
    if isinstance(node, Variable):
        if node.name not in variables:
            raise unknown_name(node.name, variables)
        value = variables[node.name]
        return Number(value) if value >= 0 else Negate(Number(-value))
    children = children_of(node)
    if not children:
        return node
    bound = tuple(_bind(child, variables) for child in children)
    if bound == children:
        return node
    if isinstance(node, Sum):
        # 1d20+@str with str -2 reads 1d20-2, not 1d20+-2.
        operators = list(node.operators)
        operands = list(bound)
        for i in range(1, len(operands)):
            operand = operands[i]
            if isinstance(node.operands[i], Variable) and isinstance(operand, Negate):
                operands[i] = operand.operand
                operators[i - 1] = "-" if operators[i - 1] == "+" else "+"
        return Sum(tuple(operands), tuple(operators))
    if isinstance(node, ComputedDice):
        return _bound_dice(node, *bound)
    return with_children(node, bound)


def _bound_dice(node: ComputedDice, count: Node, sides: Node) -> Node:
    """A computed dice term with its count and sides bound: plain dice when both are plain numbers."""
    if isinstance(sides, Number) and sides.value < 1:
        raise NotationError(f"{node}: the number of sides came to {sides.value}; it must be at least 1")
    if isinstance(count, Number) and count.value >= 1 and isinstance(sides, Number):
        return computed_term(node, count.value, sides.value)
    dice = node.dice
    if dice is not None and isinstance(sides, Number) and not isinstance(node.sides, Number):
        dice = node.term(1, sides.value)  # the sides are known now: the modifiers take them
    return ComputedDice(count, sides, dice)


# -- math functions -------------------------------------------------------------------------------


def apply_function(name: str, values: list[Value]) -> Value:
    """The value of function *name* of *values*: ``round`` rounds halves up (``round(5/2)`` is 3)."""
    if name == "floor":
        return math.floor(values[0])
    if name == "ceil":
        return math.ceil(values[0])
    if name == "round":
        return math.floor(values[0] + Fraction(1, 2))
    if name == "abs":
        return -values[0] if values[0] < 0 else values[0]
    return min(values) if name == "min" else max(values)


def exact_product(steps: list[_Step], operators: tuple[str, ...], text: str) -> _Step:
    """A product whose ``/`` divides exactly (inside ``floor``, ``ceil``, ``round``)."""
    first, rest = steps[0], list(zip(operators, steps[1:], strict=True))

    def run(source: DiceSource, rolls: list[Any], budget: Budget) -> Value:
        total = first(source, rolls, budget)
        for op, step in rest:
            value = step(source, rolls, budget)
            total = total * value if op == "*" else exact_division(total, value, text)
        return total  # type: ignore[no-any-return]

    return run


# -- rolling --------------------------------------------------------------------------------------


def compile_expression_node(
    node: Node,
    text: str,
    limits: Limits,
    exact: bool,
    compile_node: Callable[[Node, str, Limits, bool], _Step],
) -> _Step:
    """The roller's step for one node of :data:`EXPRESSION_NODES` (its children by *compile_node*)."""
    if isinstance(node, Variable):
        raise unknown_name(node.name, None)
    if isinstance(node, Labeled):
        return compile_node(node.operand, text, limits, exact)
    if isinstance(node, Call):
        inner = exact or node.name in ROUNDING_FUNCTIONS
        steps = [compile_node(arg, text, limits, inner) for arg in node.args]
        name = node.name

        def call(source: DiceSource, rolls: list[Any], budget: Budget) -> Value:
            return apply_function(name, [step(source, rolls, budget) for step in steps])

        return call
    assert isinstance(node, ComputedDice)
    from tabletop_core.notation._kernel.dice_records import DiceRoll  # the roller's records: with the roller

    count_step = compile_node(node.count, text, limits, False)
    sides_step = compile_node(node.sides, text, limits, False)
    shown = str(node)
    plans: dict[tuple[int, int], _Step] = {}

    def computed(source: DiceSource, rolls: list[Any], budget: Budget) -> int:
        count = count_step(source, rolls, budget)
        sides = sides_step(source, rolls, budget)
        check_computed(shown, count, sides, limits)
        budget.left -= count
        if budget.left < 0:
            raise NotationError(
                f"{text}: rolled more than {limits.max_dice} dice ({shown} came to {count})", **over_limit("max_dice")
            )
        if count == 0:
            fate = node.dice is not None and node.dice.fate
            rolls.append(DiceRoll(computed_notation(node, 0, sides), sides, fate, (), 0))
            return 0
        step = plans.get((count, sides))
        if step is None:
            step = plans[(count, sides)] = compile_node(computed_term(node, count, sides), text, limits, False)
            if len(plans) > 64:
                plans.clear()
        return step(source, rolls, budget)  # type: ignore[no-any-return]

    return computed


def computed_term(node: ComputedDice, count: int, sides: int) -> Dice:
    """The dice term *node* comes to with *count* (at least 1) dice of *sides* faces."""
    return node.term(count, sides)


def computed_notation(node: ComputedDice, count: int, sides: int) -> str:
    """The notation of the dice *node* rolled: ``3d6``, ``5d10>=8``, ``0d6`` for no dice."""
    if count >= 1:
        return str(computed_term(node, count, sides))
    return "0" + str(computed_term(node, 1, sides))[1:]


def check_computed(shown: str, count: object, sides: object, limits: Limits) -> None:
    """Refuse a computed count or size no dice can have (a negative count, no sides, too many sides)."""
    if type(count) is not int or count < 0:
        raise NotationError(f"{shown}: the number of dice came to {clip(count)}; it must be a whole number, at least 0")
    if type(sides) is not int or not 1 <= sides <= limits.max_sides:
        raise NotationError(
            f"{shown}: the number of sides came to {clip(sides)}; it must be 1 to {limits.max_sides}",
            **over_limit("max_sides", applies=type(sides) is int and sides > limits.max_sides),
        )


def computed_templates(node: Node) -> Iterator[Dice]:
    """The modifiers (one-die templates) of every computed dice term under *node*, left to right.

    With :func:`~tabletop_core.notation.dice_terms`, every dice term's modifiers: a bot
    asking whether anything explodes or flags crits must look at both.
    """
    for item in walk(node):
        if isinstance(item, ComputedDice) and item.dice is not None:
            yield item.dice


def has_computed_dice(node: Node) -> bool:
    """Whether *node* holds a computed dice term (its dice are not known before rolling)."""
    return any(isinstance(item, ComputedDice) for item in walk(node))


# -- exact odds -----------------------------------------------------------------------------------

Weights: TypeAlias = dict[Any, int]  # Any: int outcomes, Fractions inside floor/ceil/round


def function_weights(name: str, args: list[Weights], charge: Callable[[int], None]) -> Weights:
    """The weights of function *name* of independent arguments, exactly."""
    result: Weights = dict(args[0])
    if name in ("min", "max"):
        for other in args[1:]:
            charge(len(result) * len(other))
            merged: defaultdict[Any, int] = defaultdict(int)
            for a, wa in result.items():
                for b, wb in other.items():
                    merged[apply_function(name, [a, b])] += wa * wb
            result = dict(merged)
        return result
    charge(len(result))
    mapped: defaultdict[Any, int] = defaultdict(int)
    for value, weight in result.items():
        mapped[apply_function(name, [value])] += weight
    return dict(mapped)


def mixture(components: list[tuple[int, Weights]], charge: Callable[[int], None]) -> Weights:
    """Weights of a mixture: each component (its weight, its outcome weights) equally scaled."""
    totals = [sum(weights.values()) for _w, weights in components]
    common = math.lcm(*totals)
    result: defaultdict[Any, int] = defaultdict(int)
    for (weight, weights), total in zip(components, totals, strict=True):
        charge(len(weights))
        scale = weight * (common // total)
        for value, count in weights.items():
            result[value] += count * scale
    return dict(result)


def _mixture_floor(node: ComputedDice, count: Weights, sides: Weights) -> int:
    """At least what :func:`mixture` charges for *node*'s terms: their outcomes, summed.

    ``c`` plain dice of ``s`` sides, ``k`` of them kept, have exactly ``k * (s - 1) + 1``
    totals (every sum from the least to the most); a term with any other modifier, or no
    dice, has at least one outcome. Working out the totals of plain dice none of which is
    dropped charges at least as many steps again (one per total). The floor never passes
    what the work then charges (``tests/notation/test_notation_budget.py`` checks it).
    """
    template = node.dice
    plain = template is None or (
        template.reroll is None and template.explode is None and template.success is None and template.is_basic
    )
    spread = sum(value - 1 for value in sides)  # sizes are checked: every one is an int of at least 1
    floor = 0
    for value in count:
        if value == 0 or not plain:
            floor += len(sides)
            continue
        select = None if template is None else template.select
        kept = value if select is None else select.kept(value)[1]
        floor += (kept * spread + len(sides)) * (2 if select is None else 1)
    return floor


def computed_dice_weights(
    node: ComputedDice,
    count: Weights,
    sides: Weights,
    limits: Limits,
    dice_weights: Callable[[Dice], Weights],
    charge: Callable[[int], None],
    expect: Callable[[int], None] | None = None,
) -> Weights:
    """The exact odds of a computed dice term: the mixture over every count and size.

    Every count and size it can come to is checked before any work (the largest count
    against ``limits.max_dice``), so ``(100d100)d6`` is refused at once; and so is the
    least the mixture will charge (``expect``, see :func:`_mixture_floor`), so
    ``2d(1d10000)`` is refused before its ten thousand terms are computed.
    """
    shown = str(node)
    for value in count:
        check_computed(shown, value, 1, limits)
    for value in sides:
        check_computed(shown, 0, value, limits)
    if max(count) > limits.max_dice:
        raise NotationError(
            f"{shown}: could roll {max(count)} dice, more than {limits.max_dice}", **over_limit("max_dice")
        )
    charge(len(count) * len(sides))
    if expect is not None:
        expect(_mixture_floor(node, count, sides))
    components: list[tuple[int, Weights]] = []
    for c, wc in sorted(count.items()):
        for s, ws in sorted(sides.items()):
            components.append((wc * ws, {0: 1} if c == 0 else dice_weights(computed_term(node, c, s))))
    return mixture(components, charge)


# -- vs -------------------------------------------------------------------------------------------


class _Success:
    """``VsOutcome.success``: on an outcome, whether it succeeded; on the class, that test as a function.

    So ``odds.probability(VsOutcome.success)`` asks the chance of success, as
    ``odds.probability(lambda outcome: outcome.success)`` does.
    """

    def __get__(self, outcome: VsOutcome | None, owner: type | None = None) -> Any:  # Any: a bool or the test
        if outcome is None:
            return _succeeds
        return outcome.margin >= 0


def _succeeds(outcome: VsOutcome) -> bool:
    """Whether *outcome* succeeded (its margin is 0 or more)."""
    return outcome.margin >= 0


@attrs.frozen(order=True)
class VsOutcome:
    """The outcome of a roll against a target (``1d20+5 vs 15``): success or failure, and by how much.

    Outcomes order by margin, so a table of them reads from the worst failure to the best success.
    An outcome stands for its margin as a number (``int(outcome)``, ``operator.index``), so a
    distribution of them has a mean and a variance: the margin's.

    Attributes:
        margin: The total minus the target's value: 0 or more is a success (meeting the
            target succeeds), below 0 a failure.
        success: Whether the total met the target; on the class, that test as a function of
            an outcome, for ``probability``.

    Examples:
        >>> from tabletop_core.notation import VsOutcome, distribution
        >>> odds = distribution("1d20+5 vs 15")
        >>> odds.probability(VsOutcome.success)
        Fraction(11, 20)
        >>> odds.mean()  # the mean margin
        Fraction(1, 2)
        >>> str(max(outcome for outcome, _p in odds.items()))
        'success by 10'
    """

    margin: int = attrs.field()

    @margin.validator
    def _check_margin(self, _attribute: object, value: object) -> None:
        if type(value) is not int:
            raise TypeError(f"margin must be an int, got {type(value).__name__}")

    success = _Success()

    def __index__(self) -> int:
        """The margin: an outcome is the number it stands for (for a distribution's mean)."""
        return self.margin

    def __int__(self) -> int:
        return self.margin

    def __str__(self) -> str:
        return f"{'success' if self.success else 'failure'} by {abs(self.margin)}"
