"""Exact odds of d20-dialect expressions.

Dice terms the default dialect reads alike go to its engine; one keep/drop on a set
has a shortcut; anything else enumerates every path of draws (budgeted).

Odds are integer weights (ways; a table's probabilities are its weights over their sum),
as in the default dialect's engine: independent parts multiply without a Fraction, and
the distribution divides once at the end.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from tabletop_core._validate import check_type
from tabletop_core.notation._d20.alike import alike_weights, regrouped
from tabletop_core.notation._d20.dice import FaceIs
from tabletop_core.notation._d20.parser import as_d20_expression
from tabletop_core.notation._d20.roll import Context, compile_node
from tabletop_core.notation._d20.select import OPERATORS, apply, clamp_of, faces_of, keep_after, selects, truncate
from tabletop_core.notation._d20.tree import (
    D20Annotated,
    D20Chain,
    D20Dice,
    D20Expression,
    D20Literal,
    D20Node,
    D20Op,
    D20Paren,
    D20Set,
    D20Unary,
    Value,
    dice_nodes,
)
from tabletop_core.notation._kernel.budget import Budget
from tabletop_core.notation._kernel.cache import SizedCache
from tabletop_core.notation._kernel.paths import PathSource, walk_paths
from tabletop_core.notation._kernel.polynomials import SMALL_PLAIN, window_sums
from tabletop_core.notation._kernel.term_odds import term_weights
from tabletop_core.notation._kernel.terms import SelectRule, TermRule, count_matching
from tabletop_core.notation._kernel.weights import Calculator, extreme
from tabletop_core.notation.errors import NotationError, over_limit, shown
from tabletop_core.notation.limits import DEFAULT_LIMITS, Limits
from tabletop_core.odds import MAX_OUTCOMES, Distribution

__all__ = ["ODDS", "Odds", "distribution_d20"]

# -- exact odds -------------------------------------------------------------------------------


_Weights = dict[Value, int]  # value -> ways (the probability of a value is its weight over the sum)


def _add(weights: _Weights, key: Value, p: int) -> None:
    """Add *p* to *key*'s weight."""
    weights[key] = weights.get(key, 0) + p


def _as_it_stands(value: Value) -> Value:
    """A set item's total scored as itself (keep-one of a d20 set)."""
    return value


class Odds:
    """One exact computation of a d20-dialect expression, with its work budget."""

    def __init__(self, source: str | D20Expression, limits: Limits) -> None:
        self._source = source
        self.limits = limits
        self.work = 0

    @property
    def text(self) -> str:
        """The expression as messages show it (written out only when a message needs it)."""
        if type(self._source) is not str:
            self._source = shown(str(self._source))
        return self._source

    def charge(self, steps: int) -> None:
        self.work += steps
        if self.work > self.limits.max_odds_work:
            raise NotationError(
                f"{self.text}: exact odds would take more than {self.limits.max_odds_work:,} steps",
                **over_limit("max_odds_work"),
            )

    def expect(self, steps: int) -> None:
        """Refuse now if *steps* more steps are sure to come and would break the budget (nothing is charged)."""
        if self.work + steps > self.limits.max_odds_work:
            self.charge(steps)

    def checked(self, weights: _Weights) -> _Weights:
        if len(weights) > self.limits.max_odds_outcomes:
            raise self.too_many()
        return weights

    def too_many(self) -> NotationError:
        return NotationError(
            f"{self.text}: exact odds would have more than {self.limits.max_odds_outcomes:,} outcomes",
            **over_limit("max_odds_outcomes"),
        )

    def node(self, node: D20Node) -> _Weights:
        default = alike_weights(self, node)  # what the default dialect reads alike: the kernel's fast algebra
        if default is not None:
            return default
        if isinstance(node, D20Literal):
            return {node.value: 1}
        if isinstance(node, D20Annotated):
            return self.node(node.inner)
        if isinstance(node, D20Paren) and not node.ops:
            return self.node(node.inner)
        if isinstance(node, D20Unary):
            inner = self.node(node.operand)
            out: _Weights = {}
            for value, p in inner.items():
                key = -value if node.op == "-" else value
                _add(out, key, p)
            return out
        if isinstance(node, D20Chain):
            return self.chain(regrouped(node))
        if isinstance(node, D20Dice):
            fast = self.by_default_engine(node)
            if fast is None:
                fast = self.die_by_die(node)
            if fast is not None:
                return fast
        if isinstance(node, D20Set):
            return self.members([self.node(item) for item in node.items], node.ops)
        if isinstance(node, D20Paren):
            return self.paren(node)
        return self.enumerate(node)

    def chain(self, node: D20Chain) -> _Weights:
        """Binary operators left to right, over every pair of outcomes (a number is mapped, not multiplied)."""
        acc = self.node(node.operands[0])
        for op, operand in zip(node.operators, node.operands[1:], strict=True):
            right = self.node(operand)
            self.charge(len(acc) * len(right))
            combined: _Weights = {}
            if len(right) == 1:  # a number: the weights stay as they are
                (b,) = right
                operate = OPERATORS[op]
                try:
                    for a, p in acc.items():
                        value = operate(a, b)
                        combined[value] = combined.get(value, 0) + p
                except (ZeroDivisionError, OverflowError):
                    for a in acc:  # the same NotationError as one step gives
                        apply(op, a, b, self.text)
                    raise  # pragma: no cover - _apply raised above
            else:
                for a, p in acc.items():
                    for b, q in right.items():
                        _add(combined, apply(op, a, b, self.text), p * q)
            acc = self.checked(combined)
        return acc

    def paren(self, node: D20Paren) -> _Weights:
        """Keep/drop on parentheses acts on what the inside is made of."""
        content = node.inner
        while isinstance(content, D20Annotated):
            content = content.inner
        if isinstance(content, D20Dice):
            return self.node(D20Dice(content.count, content.sides, content.ops + node.ops))
        if isinstance(content, D20Set):
            return self.node(D20Set(content.items, content.ops + node.ops))
        if isinstance(content, D20Paren):
            return self.node(D20Paren(content.inner, content.ops + node.ops))
        return self.members([self.node(content)], node.ops)

    def members(self, members: list[_Weights], ops: tuple[D20Op, ...]) -> _Weights:
        """Keep/drop on independent members: every combination of their totals (budgeted)."""
        fast = self.members_fast(members, ops)
        if fast is not None:
            return fast
        size = 1
        for member in members:
            size *= len(member)
            self.charge(size * (len(members) + 1))
        out: _Weights = {}
        combos: list[tuple[tuple[Value, ...], int]] = [((), 1)]
        for member in members:
            combos = [((*values, v), p * q) for values, p in combos for v, q in member.items()]
        ops_kept = [(op.op == "k", op.selectors) for op in ops]
        for values, p in combos:
            kept = [True] * len(values)
            keep_after(ops_kept, values, kept)
            total = sum(value for value, keep in zip(values, kept, strict=True) if keep)
            _add(out, total, p)
        return self.checked(out)

    def members_fast(self, members: list[_Weights], ops: tuple[D20Op, ...]) -> _Weights | None:
        """One keep/drop with one selector, without listing combinations, or ``None``.

        A selector by value (``k>3``, ``p1``) keeps or drops each member on its own
        total: the members stay independent and their kept totals are summed. Keeping
        one member by rank (``kh1``, ``pl1`` of two) is the largest or smallest
        total: its odds are the product of the members' cumulative odds.
        """
        if len(ops) != 1 or len(ops[0].selectors) != 1:
            return None
        keep, selector = ops[0].op == "k", ops[0].selectors[0]
        kind, n = selector.kind, selector.value
        if kind in ("h", "l"):
            kept = min(n, len(members)) if keep else max(len(members) - n, 0)
            highest = (kind == "h") == keep
            if kept == 0:
                return {0: 1}
            if kept == len(members):
                return self.summed(members)
            if kept == 1:
                return self.extreme(members, highest=highest)
            return None
        tests: dict[str | None, Callable[[Value], bool]] = {
            "<": lambda v: v < n,
            ">": lambda v: v > n,
            None: lambda v: v == n,
        }
        meets = tests[kind]
        mapped = []
        for member in members:
            out: _Weights = {}
            for value, p in member.items():
                key = value if meets(value) == keep else 0
                _add(out, key, p)
            mapped.append(out)
        return self.summed(mapped)

    def summed(self, members: list[_Weights]) -> _Weights:
        """The total of independent members (budgeted)."""
        acc: _Weights = {0: 1}
        for member in members:
            self.charge(len(acc) * len(member))
            combined: _Weights = {}
            for a, p in acc.items():
                for b, q in member.items():
                    _add(combined, a + b, p * q)
            acc = self.checked(combined)
        return acc

    def extreme(self, members: list[_Weights], *, highest: bool) -> _Weights:
        """The largest (or smallest) of independent members' totals, from cumulative odds."""
        self.charge(len(set().union(*members)) * len(members))  # the distinct values, each member
        return self.checked(extreme(members, highest=highest, score=_as_it_stands))

    def by_default_engine(self, node: D20Dice) -> _Weights | None:
        """Odds of a dice term the default dialect computes the same way (the kernel's term odds), or ``None``.

        That is a reroll (``rr``, ``ro``) by value first, then one explosion by value alone or
        one keep/drop by rank: a reroll of every face never stops, and neither does an
        explosion on every face (the walk of every path says so).
        """
        if node.sides is None or node.sides == 0 or node.count == 0:
            return None
        if not node.ops and node.count == 1:  # one plain die: each face once
            self.charge(node.sides)
            return dict.fromkeys(range(1, node.sides + 1), 1)
        ops = list(node.ops)
        if any(len(op.selectors) != 1 for op in ops):
            return None
        names = [op.op for op in ops]
        reroll: FaceIs | None = None
        explode: FaceIs | None = None
        select: SelectRule | None = None
        once = False
        if names and names[0] in ("rr", "ro"):
            reroll = FaceIs.of(ops[0].selectors[0])
            if reroll is None:
                return None
            once = names[0] == "ro"
            ops, names = ops[1:], names[1:]
        if names == ["e"] and reroll is None:
            explode = FaceIs.of(ops[0].selectors[0])
            if explode is None:
                return None
            ops, names = [], []
        if names and names[0] in ("k", "p") and len(names) == 1:
            selector = ops[0].selectors[0]
            if selector.kind not in ("h", "l"):
                return None
            select = SelectRule(names[0] == "k", selector.kind == "h", selector.value)
            ops, names = [], []
        if ops:
            return None
        sides = node.sides
        if reroll is not None and not once and count_matching(reroll, 1, sides) == sides:
            return None  # a reroll of every face: the enumeration says so
        if explode is not None and count_matching(explode, 1, sides) == sides:
            return None
        rule = TermRule(
            str(node),
            node.count,
            sides,
            sides,
            reroll=reroll,
            reroll_once=once,
            explode=None if explode is None else "!",
            explode_test=explode,
            explode_depth=self.limits.explode_depth,
            selects=() if select is None else (select,),
        )
        return self.by_calculator(lambda calculator: term_weights(calculator, rule))

    def die_by_die(self, node: D20Dice) -> _Weights | None:
        """A dice term whose operators each look at one die alone, or ``None``.

        Those are ``k`` and ``p`` by value (``k3``, ``p<3``, ``k>4``: a die is kept or dropped on
        its own face) and ``mi``/``ma``. Each die's value then depends on its own face only, so the
        term is a sum of like, independent dice: one die's table taken to the count, by the
        default dialect's engine (instead of every path of draws).
        """
        if not node.ops or node.count == 0 or node.sides == 0:
            return None
        if not all(
            op.op in ("mi", "ma") or (op.op in ("k", "p") and all(s.kind in (None, "<", ">") for s in op.selectors))
            for op in node.ops
        ):
            return None
        one: dict[int, int] = {}
        for face in faces_of(node.sides):
            kept, value = True, face
            for op in node.ops:
                if not kept:
                    break
                if op.op in ("mi", "ma"):
                    value = clamp_of(op)(value)
                elif any(selects(selector, value) for selector in op.selectors) != (op.op == "k"):
                    kept = False
            shown = value if kept else 0
            one[shown] = one.get(shown, 0) + 1
        self.charge(len(one) + node.count)
        return self.by_calculator(lambda calculator: calculator.power(one, node.count))

    def by_calculator(self, work: Callable[[Calculator], dict[int, int]]) -> _Weights:
        """*work* done by the kernel's algebra, on this expression's one budget."""
        calculator = Calculator(self.text, self.limits)
        calculator.work = self.work
        weights = work(calculator)
        self.work = calculator.work
        return dict(weights.items())  # the same ways, keyed as the dialect keys values

    def enumerate(self, node: D20Node) -> _Weights:
        """Every path of draws of one term, each with its probability (budgeted), as ways.

        The term is rolled as :func:`~tabletop_core.notation.roll` rolls it (the same steps,
        the kernel's engine), on a source that walks every path (see :mod:`~tabletop_core.notation._kernel.paths`).
        """
        _never_stops(node, self.text)
        scans = _scans(node)
        self.expect(_PATH_STEPS * _paths_floor(node, self.limits.max_odds_work, self.limits.explode_depth, scans))
        step = compile_node(node, Context(self.text, self.limits, None))
        text = self.text

        def run(source: PathSource) -> Value:
            budget = Budget(_UNLIMITED, text, _UNLIMITED)  # the walk is bounded by its own budget
            budget.groups, budget.labels = [], []
            return step(source, [], budget)  # type: ignore[no-any-return]

        def charge(length: int) -> None:
            self.charge(_PATH_STEPS * (length + 1 + scans))

        def outcomes(found: int) -> None:
            if found > self.limits.max_odds_outcomes:
                raise self.too_many()

        return walk_paths(run, self.limits.explode_depth, charge, outcomes)


_UNLIMITED = 2**62

_PATH_STEPS = 10
"""Steps charged per draw of a path of :meth:`_Odds.enumerate` (and per two faces an ``rr`` scans):
each path evaluates the term anew, 10 to 30 times the cost of a step elsewhere (measured,
``4d6ra6``, ``2d6e6kh1``, ``2d100rr1ra2``; 10 keeps every walk that finished in about a second)."""


def _scans(node: D20Node) -> int:
    """Faces an evaluation of *node* scans besides its draws: an ``rr`` lists the faces it leaves."""
    return sum(len(faces_of(item.sides)) for item in dice_nodes(node) for op in item.ops if op.op == "rr") // 2


def _paths_floor(node: D20Node, enough: int, rounds: int, scans: int) -> int:
    """At least how many draws :meth:`_Odds.enumerate` charges for *node*, known before it starts.

    Every path draws each die of every dice term at least once, and each of a term's first
    draws may show any of its faces: there are at least ``sides ** count`` paths per term (more
    for a term that explodes first, see :func:`_ways_per_die`), multiplied over the terms, each
    of at least as many draws as the terms roll dice, and *scans* (see :func:`_scans`). Stops
    counting once past *enough*.
    """
    leaves, draws = 1, 0
    for item in dice_nodes(node):
        faces = 10 if item.sides is None else item.sides
        if faces == 0 and item.count:
            return 0  # no face to draw: no path ends
        draws += item.count
        per_die = min(_ways_per_die(item, faces, rounds, enough), enough + 1)
        leaves *= per_die ** min(item.count, enough.bit_length())  # two ways or more a die: past enough soon
        leaves = min(leaves, enough + 1)
    return leaves * (draws + 1 + scans)


def _rerolls_every_face(op: D20Op, sides: int | None) -> bool:
    """Whether *op* is an ``rr`` by value that selects every face (its walk would never stop)."""
    return (
        op.op == "rr"
        and all(s.kind in (None, "<", ">") for s in op.selectors)
        and all(any(selects(s, face) for s in op.selectors) for face in faces_of(sides))
    )


def _never_stops(node: D20Node, text: str) -> None:
    """Raise the walk's own error at once for a dice term whose first operator rerolls every face.

    Every one of its dice is selected, so the first path of draws that reaches the reroll
    raises it; this says so before walking there (a deep first path can cost a lot).
    """
    for item in dice_nodes(node):
        if item.count and item.ops and _rerolls_every_face(item.ops[0], item.sides):
            raise NotationError(f"{text}: {item.ops[0]} rerolls every face, so it would never stop")


def _ways_per_die(dice: D20Dice, faces: int, rounds: int, enough: int) -> int:
    """At least how many ways one die of *dice* can go, each its own path of draws.

    A die that may explode (``e`` by value, applied first and no other operator drawing dice)
    goes its own way round after round whatever the other dice do: not exploding (one of the
    ``faces - m`` faces ``e`` does not select), or exploding (one of ``m``) followed by a chain
    of new dice that stops on a face not selected, or at the last round on any face. Otherwise
    a die shows one of its faces.
    """
    first = dice.ops[0] if dice.ops else None
    if any(_rerolls_every_face(op, dice.sides) for op in dice.ops):
        return 0  # it rerolls every face: the walk says so on its first path (no floor to foresee)
    if (
        first is None
        or first.op != "e"
        or rounds == 0
        or not all(selector.kind in (None, "<", ">") for selector in first.selectors)
        or any(op.op in ("rr", "ro", "ra", "e") for op in dice.ops[1:])
    ):
        return faces
    m = sum(1 for face in faces_of(dice.sides) if any(selects(s, face) for s in first.selectors))
    if m <= 1:
        chains = (rounds - 1) * (faces - m) + faces if m else 0
    elif (rounds - 1) * (m.bit_length() - 1) > enough.bit_length() + 1:
        return enough + 1
    else:
        last = m ** (rounds - 1)  # chains that reach the last round
        chains = (faces - m) * (last - 1) // (m - 1) + last * faces
    return faces - m + m * chains


# The commonest d20-dialect rolls as the d20 package reads them: a few plain dice, a number
# added or taken away, a comparison of the total (``1d20 + 5``, ``1d20 + 5 >= 15``, ``3d6 == 10``).
_SIMPLE = re.compile(
    r"(?P<count>[1-9][0-9]{0,3})?d(?P<sides>[1-9][0-9]{0,3})"
    r"(?: ?(?P<sign>[+-]) ?(?P<number>0|[1-9][0-9]{0,5}))?"
    r"(?: ?(?P<compare>==|!=|>=|<=|>|<) ?(?P<target>0|[1-9][0-9]{0,5}))?",
    re.ASCII,
)


def _simple(text: str, limits: Limits) -> Distribution[int] | None:
    """The odds of the commonest rolls (:data:`_SIMPLE`) read straight from the text, or ``None``.

    The answer is the one the full path gives (tested against it); anything else, and anything
    near a limit (where the full path decides what to refuse), goes the full way.
    """
    match = _SIMPLE.fullmatch(text)
    if match is None:
        return None
    count_text, sides_text, sign, number, compare, target = match.groups()
    count, sides = int(count_text or 1), int(sides_text)
    outcomes = count * (sides - 1) + 1
    work = sides + count * count * sides + 2 * outcomes  # at least what the full path charges
    if (
        count * sides > SMALL_PLAIN
        or len(text) > limits.max_length
        or count > limits.max_dice
        or sides > limits.max_sides
        or outcomes > limits.max_odds_outcomes
        or work > limits.max_odds_work
    ):
        return None
    ways = window_sums(count, sides)
    low = count + (0 if sign is None else int(number) if sign == "+" else -int(number))
    if compare is None:
        return Distribution._of_counts(range(low, low + outcomes), ways)
    meets = OPERATORS[compare]
    split = [0, 0]  # ways the comparison is false, true
    for total, weight in enumerate(ways, low):
        split[1 if meets(total, int(target)) else 0] += weight
    kept = [value for value in (0, 1) if split[value]]
    return Distribution._of_counts(kept, [split[value] for value in kept])


ODDS: SizedCache[tuple[str, Limits], Distribution[int]] = SizedCache(8 * 2**20)


def distribution_d20(expr: object, limits: Limits | None) -> Distribution[int]:
    """Exact odds of a d20-dialect expression's total (see :func:`tabletop_core.notation.distribution`)."""
    if type(expr) is str:  # look the text up, or read it straight, before parsing it
        checked = DEFAULT_LIMITS if limits is None else check_type("limits", limits, Limits)
        known = ODDS.get((expr, checked))
        if known is not None:
            return known
        simple = _simple(expr, checked)
        if simple is not None:
            ODDS.put((expr, checked), simple, 64 * len(simple) + 16 * len(expr) + 1024)
            return simple
    expression, checked = as_d20_expression(expr, limits)
    text = expr if type(expr) is str else str(expression)  # what was parsed: the cache's key
    key = (text, checked)
    known = ODDS.get(key)
    if known is not None:
        return known
    odds = Odds(expression, checked)
    weights = odds.node(expression.body)
    totals: dict[int, int] = {}
    for value, p in weights.items():
        total = truncate(value, odds.text)
        totals[total] = totals.get(total, 0) + p
    outcomes = sorted(total for total, p in totals.items() if p)
    if len(outcomes) > MAX_OUTCOMES:
        raise NotationError(
            f"{odds.text}: exact odds would have more than {MAX_OUTCOMES:,} outcomes, the most a Distribution holds"
        )
    result = Distribution._of_counts(outcomes, [totals[total] for total in outcomes])
    ODDS.put(key, result, 64 * len(totals) + 16 * len(text) + 1024)
    return result
