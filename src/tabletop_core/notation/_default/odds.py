"""Exact odds of default-dialect expressions: :func:`distribution_default`.

Every step works on integer weights (counts of equally likely ways), so the result is
exact; the kernel's algebra (:mod:`~tabletop_core.notation._kernel.weights`) combines them
and the kernel's term odds (:mod:`~tabletop_core.notation._kernel.term_odds`) compute each
dice term's. Here the expression's nodes are walked: numbers, dice, signs, sums and
products, groups, functions, computed dice, and a target after ``vs``. Answers and
refusals are cached by text and by tree (bounded by memory,
:data:`~tabletop_core.notation.limits.ODDS_CACHE_BYTES`); the commonest rolls are read
straight from their text (:func:`_simple`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from math import comb
from typing import Any

from tabletop_core.notation._default.expression import Expression, dice_terms
from tabletop_core.notation._default.functions import (
    EXPRESSION_NODES,
    VsOutcome,
    bind,
    check_variables,
    computed_dice_weights,
    computed_templates,
    function_weights,
    unknown_name,
)
from tabletop_core.notation._default.groups import group_odds
from tabletop_core.notation._default.lowering import term_rule
from tabletop_core.notation._default.nodes import (
    ROUNDING_FUNCTIONS,
    Call,
    ComputedDice,
    Group,
    Labeled,
    Negate,
    Node,
    Product,
    Sum,
    Variable,
)
from tabletop_core.notation._default.parser import as_expression
from tabletop_core.notation._default.terms import Dice, Number
from tabletop_core.notation._kernel import weights
from tabletop_core.notation._kernel.distributions import KEY_BYTES_PER_CHARACTER, Known, counted, odds_cache
from tabletop_core.notation._kernel.polynomials import SMALL_PLAIN, mul_cost, normalise_cost, window_sums
from tabletop_core.notation._kernel.term_odds import alike, sum_of_alike, term_weights
from tabletop_core.notation._kernel.terms import TermRule
from tabletop_core.notation.errors import NotationError
from tabletop_core.notation.limits import DEFAULT_LIMITS, Limits
from tabletop_core.odds import Distribution

__all__ = ["CACHE", "Calculator", "compute", "distribution_default", "explodes_anywhere"]

_Weights = dict[int, int]
CACHE = odds_cache()
"""Answers and refusals, by text and by tree."""


def distribution_default(
    expr: object, limits: Limits | None, variables: Mapping[str, int] | None = None
) -> Distribution[Any]:  # Any: ints, or VsOutcome for a roll against a target
    """The exact distribution of a default-dialect expression (see :func:`tabletop_core.notation.distribution`)."""
    if variables is not None:
        sheet = check_variables(variables)
        bound, checked = as_expression(expr, limits)
        expr, limits = bind(bound, sheet), checked
    # Bots ask for the same few expressions all day: look the text up before parsing it.
    text_key = None
    if type(expr) is str and (limits is None or type(limits) is Limits):
        text_key = (expr, DEFAULT_LIMITS if limits is None else limits)
        known = CACHE.get(text_key)
        if known is not None:
            return known.result()
        simple = _simple(*text_key)
        if simple is not None:
            known, canonical = simple
            CACHE.put(text_key, known, known.bits + 8 * len(expr))
            if canonical != expr:  # the tree of this text, asked for later, finds the answer by its str()
                CACHE.put((canonical, text_key[1]), known, known.bits + 8 * len(canonical))
            return known.result()
    expression, checked = as_expression(expr, limits)
    key = (expression, checked)
    known = CACHE.get(key)
    text = str(expression)
    # The keys count too: an expression tree of 1,000 characters holds about 40 KB,
    # far more than the refusal it may be the key of.
    key_bits = 8 * KEY_BYTES_PER_CHARACTER * len(text)
    if known is None:
        known = CACHE.get((text, checked))  # asked as text before (read without a tree, see _simple)
        if known is None:
            try:
                known = compute(expression, checked)
            except NotationError as error:
                # A refusal is remembered too, so asking again does not redo the work it refused.
                known = Known.refused(error)
        CACHE.put(key, known, known.bits + key_bits)
    if text_key is not None:
        CACHE.put(text_key, known, known.bits + 8 * len(str(expr)) + key_bits)  # the text, and the answer it shares
    return known.result()


def explodes_anywhere(expr: str | Expression, *, limits: Limits | None = None) -> bool:
    """Whether any dice term of *expr* explodes (so its odds use the explosion cap)."""
    expression, _limits = as_expression(expr, limits)
    nodes = [expression.body] if expression.target is None else [expression.body, expression.target]
    return any(dice.explode is not None for node in nodes for dice in (*dice_terms(node), *computed_templates(node)))


def compute(expression: Expression, limits: Limits) -> Known:
    """The exact distribution of *expression*, uncached (of one result when it is repeated)."""
    calculator = Calculator(expression, limits)
    calculator.answer = _answer_term(expression)
    weights = calculator.node(expression.body)
    if expression.target is not None:
        weights = calculator.combine(weights, calculator.node(expression.target), "-")
    if expression.target is None:
        return counted(calculator, weights)
    return counted(calculator, weights, lambda margins: [VsOutcome(margin) for margin in margins])


def _answer_term(expression: Expression) -> Node | None:
    """The dice term whose weights are the answer's but for a shift, or ``None``.

    That is the body itself, labelled or negated, or with numbers added and taken away,
    against no target or a number: every step after the term keeps its outcomes and weights.
    """
    if expression.target is not None and not isinstance(expression.target, Number):
        return None
    node = expression.body
    while True:
        if isinstance(node, (Labeled, Negate)):
            node = node.operand
        elif isinstance(node, Sum):
            others = [operand for operand in node.operands if not isinstance(operand, Number)]
            if len(others) != 1:
                return None
            node = others[0]
        else:
            return node if isinstance(node, Dice) else None


class Calculator(weights.Calculator):
    """One exact computation of a default-dialect expression: the kernel's algebra and the walk of its nodes."""

    def node(self, node: Node, exact: bool = False) -> _Weights:
        """Weights of *node*'s value; with *exact* (inside ``floor ceil round``) ``/`` divides exactly."""
        if isinstance(node, Number):
            return {node.value: 1}
        if isinstance(node, Dice):
            return self.dice(node)
        if isinstance(node, Negate):
            return {-value: weight for value, weight in self.node(node.operand, exact).items()}
        if isinstance(node, Group):
            return group_odds(self, node)
        if isinstance(node, EXPRESSION_NODES):
            return self.expression_node(node, exact)
        assert isinstance(node, (Sum, Product))
        if isinstance(node, Sum):
            grouped = self.sum_of_groups(node)
            if grouped is not None:
                return grouped
        result = self.node(node.operands[0], exact)
        for op, operand in zip(node.operators, node.operands[1:], strict=True):
            result = self.combine(result, self.node(operand, exact), "/e" if exact and op == "/" else op)
        return result

    def expression_node(self, node: Node, exact: bool) -> _Weights:
        """Weights of a label, a math function, a computed dice term (a name must be bound first)."""
        if isinstance(node, Variable):
            raise unknown_name(node.name, None)
        if isinstance(node, Labeled):
            return self.node(node.operand, exact)
        if isinstance(node, Call):
            inside = exact or node.name in ROUNDING_FUNCTIONS
            args = [self.node(arg, inside) for arg in node.args]
            return self.checked(function_weights(node.name, args, self.charge))
        assert isinstance(node, ComputedDice)
        count, sides = self.node(node.count), self.node(node.sides)
        return self.checked(computed_dice_weights(node, count, sides, self.limits, self.dice, self.charge, self.expect))

    def sum_of_groups(self, node: Sum) -> _Weights | None:
        """A sum of two or more terms of alike dice (``300d6+300d8+100d10``) in one pass, else ``None``.

        The kernel's :func:`~tabletop_core.notation._kernel.term_odds.sum_of_alike` adds the
        alike terms; the other terms of the sum are added afterwards.
        """
        depth = self.limits.explode_depth
        rules = [term_rule(operand, depth) if isinstance(operand, Dice) else None for operand in node.operands]
        alike_terms = [rule is not None and alike(rule) for rule in rules]
        if sum(alike_terms) < 2:
            return None  # one term of dice or none: nothing to gain (and no die's units worked out twice)
        signed: list[tuple[str, TermRule]] = []
        rest: list[tuple[str, Node]] = []
        for op, operand, rule, is_alike in zip(("+", *node.operators), node.operands, rules, alike_terms, strict=True):
            if is_alike and rule is not None:
                signed.append((op, rule))
            else:
                rest.append((op, operand))
        result = sum_of_alike(self, signed)
        if result is None:
            return None
        for op, operand in rest:
            result = self.combine(result, self.node(operand), op)
        return result

    def dice(self, dice: Dice) -> _Weights:
        """The weights of one dice term's value (the kernel's term odds)."""
        return term_weights(self, term_rule(dice, self.limits.explode_depth), answer=dice is self.answer)


# The commonest rolls a bot is asked for, as the parser reads them: a few plain dice or a
# success count, a number added or taken away, a target (``3d6``, ``d20``, ``1d20+5``,
# ``8d10>=7``, ``1d20 + 5 vs 15``).
_SIMPLE = re.compile(
    r"(?P<count>[1-9][0-9]{0,3})?d(?P<sides>[1-9][0-9]{0,3})"
    r"(?: ?(?P<compare>>=|<=|>|<|=) ?(?P<face>[1-9][0-9]{0,3}))?"
    r"(?: ?(?P<sign>[+-]) ?(?P<number>0|[1-9][0-9]{0,5}))?"
    r"(?: +vs +(?P<target>0|[1-9][0-9]{0,5}))?",
    re.ASCII,
)


def _simple(text: str, limits: Limits) -> tuple[Known, str] | None:
    """The odds of the commonest rolls (:data:`_SIMPLE`) read straight from the text, or ``None``.

    The answer is the one the full path gives (the same ways, tested against it); anything
    else, and anything near a limit (where the full path decides what to refuse), goes the
    full way. A bot's first question spares the parser, the tree and the calculator.

    Returns:
        The answer, and the canonical text of the roll (``str(parse(text))``).
    """
    match = _SIMPLE.fullmatch(text)
    if match is None:
        return None
    count_text, sides_text, compare, face, sign, number, target = match.groups()
    count, sides = int(count_text or 1), int(sides_text)
    if len(text) > limits.max_length or count > limits.max_dice or sides > limits.max_sides:
        return None
    if compare is None:
        if count * sides > SMALL_PLAIN:
            return None
        ways = window_sums(count, sides)
        low = count
        # At least what the full path charges for the dice.
        work = sides + count * count * sides
    else:
        # A success count: each die meets the comparison on `hits` of its faces.
        value = int(face)
        at_least = {">=": value, ">": value + 1}.get(compare, 1)
        at_most = {"<=": value, "<": value - 1}.get(compare, sides)
        if compare == "=":
            at_least = at_most = value
        hits = max(0, min(at_most, sides) - max(at_least, 1) + 1)
        misses = sides - hits
        if not hits or not misses or count == 1:
            return None  # one outcome, or one die: the full path's own ways
        ways = [comb(count, k) * misses ** (count - k) * hits**k for k in range(count + 1)]
        low = 0
        work = sides + (count + 1) * (2 + 3 * mul_cost(count * sides.bit_length()))
    outcomes = len(ways)
    # ... and for two shifts and the fractions.
    work += 2 * outcomes + outcomes * normalise_cost(max(ways).bit_length())
    # One die's faces are a step of the full path too (a success count has fewer outcomes).
    if max(outcomes, sides) > limits.max_odds_outcomes or work > limits.max_odds_work:
        return None
    low += 0 if sign is None else int(number) if sign == "+" else -int(number)
    if target is not None:
        low -= int(target)
    values: list[Any] = list(range(low, low + outcomes))
    if target is not None:
        values = [VsOutcome(margin) for margin in values]
    bits = sum(w.bit_length() for w in ways) + outcomes * (sum(ways).bit_length() + 1024)
    canonical = (
        f"{count}d{sides}"
        + (f"{compare}{face}" if compare else "")
        + (f"{sign}{number}" if sign else "")
        + (f" vs {target}" if target else "")
    )
    return Known(Distribution._of_counts(values, ways), None, bits), canonical
