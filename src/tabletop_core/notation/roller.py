"""Roll dice notation: :func:`roll`.

Each expression is compiled once into a chain of small closures (cached with
the parse), so rolling a familiar expression costs little more than drawing its
dice. Dice are drawn from one :class:`~tabletop_core.rng.DiceSource`, left to
right; for one dice term, a reroll or an explosion is drawn right after the die
that caused it, before the next die of the term.
"""

from __future__ import annotations

import functools
import itertools
import operator
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, cast

import attrs

from tabletop_core.notation._cache import SizedCache
from tabletop_core.notation._dice_ops import budget_spender, crit_of, extended_dice, too_many_dice
from tabletop_core.notation._groups import group_step, has_group
from tabletop_core.notation.ast import (
    Comparison,
    ComputedDice,
    Dice,
    Expression,
    Group,
    Labeled,
    Negate,
    Node,
    Number,
    Product,
    Sum,
    children_of,
    dice_terms,
    walk,
)
from tabletop_core.notation.errors import NotationError
from tabletop_core.notation.expression_ops import (
    EXPRESSION_NODES,
    bind,
    check_variables,
    compile_expression_node,
    computed_templates,
    exact_product,
    has_computed_dice,
)
from tabletop_core.notation.limits import Limits, check_dialect
from tabletop_core.notation.parser import as_expression, is_d20_expression
from tabletop_core.notation.render import replay as replayed
from tabletop_core.notation.result import (
    DiceMarks,
    DiceRoll,
    GroupRoll,
    RollResult,
    _new_dice_marks,
    _new_dice_roll,
    _new_roll_result,
)
from tabletop_core.rng import DiceSource, GeneratorDice, _default_source, dice_source

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from tabletop_core.notation._d20_tree import D20Expression
    from tabletop_core.rng import RngLike

__all__ = ["PLAN_CACHE_BYTES", "roll"]


_Step = Callable[[DiceSource, list[DiceRoll], list[int]], int]
_Plan = Callable[[DiceSource], RollResult]
_BULK = 8  # from this many dice a term draws them in one vectorised call

PLAN_CACHE_BYTES = 8 * 2**20
"""Memory each of the three plan caches of :func:`roll` may hold (estimated): 8 MB.

A plan is an expression compiled for rolling, with the results it shares; one for a
1,000-character expression holds about 150 KB, so each cache keeps about 50 of
those, or thousands of short ones. The three (texts rolled with the default
limits, texts with other limits, expressions built by hand) share their plans, so
all of them together hold at most 24 MB, whatever text strangers send.
"""

# Measured with tracemalloc: a compiled plan holds up to about 210 bytes per
# character of its text (the parsed tree included), plus about 2 KB, plus about
# 400 bytes for each one-die result it shares.
PLAN_BYTES_PER_CHARACTER = 224
PLAN_BYTES_PER_ENTRY = 2048
PLAN_BYTES_PER_FACE = 512
PLAN_BYTES_PER_RECORD = 256  # a one-die term's record of one face, shared (see _plain_dice)

# Plans of texts rolled with the default limits: a plain dict lookup is the
# cheapest cache there is, and bots roll the same few expressions all day. It is
# emptied whenever its plans' estimated size passes PLAN_CACHE_BYTES.
_PLANS: dict[str, _Plan] = {}
_DEFAULT = "default"  # roll()'s default dialect: ``is`` tells the common call in one step
_plans_size = 0
_BY_TEXT: SizedCache[tuple[str, Limits | None], tuple[_Plan, int]] = SizedCache(PLAN_CACHE_BYTES)
_BY_TREE: SizedCache[tuple[Expression, Limits], tuple[_Plan, int]] = SizedCache(PLAN_CACHE_BYTES)
# The same for the d20 dialect's texts (its other plans are cached in _d20_roller).
_D20_PLANS: dict[str, _Plan] = {}
_d20_plans_size = 0
_d20_plan: Callable[[object, Limits | None], tuple[_Plan, int]] | None = None  # loaded on first use


def roll(
    expr: str | Expression | D20Expression,
    *,
    rng: RngLike = None,
    limits: Limits | None = None,
    dialect: str = _DEFAULT,
    variables: Mapping[str, int] | None = None,
) -> RollResult:
    """Roll dice notation and keep every die.

    Args:
        expr: Notation such as ``"4d6kh3"`` or ``"1d20+5 [attack]"``, or a parsed
            :class:`~tabletop_core.notation.ast.Expression`.
        rng: Where dice come from (see :func:`~tabletop_core.dice_source`): a seed,
            a numpy Generator, or :class:`~tabletop_core.ScriptedDice` holding dice
            rolled at a real table (Fate dice are read from a d3: 1, 2, 3 mean -1, 0, +1).
        limits: Safety limits; the defaults when omitted.
        dialect: ``"default"`` or ``"d20"`` (the d20 package's grammar and totals; see
            :mod:`tabletop_core.notation.dialect_d20`).
        variables: Named values for ``@name`` (``{"str": 3, "level": 5}``), from a character
            sheet; names are read in lower case.

    Returns:
        A :class:`~tabletop_core.notation.result.RollResult` with ``.total``,
        ``.label`` and every die.

    Raises:
        NotationError: a syntax error, a broken limit (checked before any die is
            rolled where the text shows it; explosions and rerolls are counted while
            rolling), or a division by zero.
        TypeError: *expr*, *rng* or *variables* has the wrong type (a value that is not an int).

    Examples:
        >>> from tabletop_core import ScriptedDice
        >>> result = roll("4d6kh3 [str]", rng=ScriptedDice([6, 2, 5, 4]))
        >>> result.total, result.label
        (15, 'str')
        >>> print(result)
        str: 4d6kh3 (6↑, ~2~, 5, 4) = 15
    """
    global _plans_size
    # The hot path first: a familiar text, the default dialect (the very default object) and limits.
    plan = (
        _PLANS.get(expr) if dialect is _DEFAULT and limits is None and variables is None and type(expr) is str else None
    )
    if plan is None and type(dialect) is str and dialect == "d20" and limits is None and variables is None:
        plan = _D20_PLANS.get(expr) if type(expr) is str else None
    if plan is None:
        if type(dialect) is not str or dialect != "default" or is_d20_expression(expr):
            if variables is not None and check_variables(variables) and check_dialect(dialect) == "d20":
                raise NotationError("named values (variables=) are read in the default dialect only")
            return _roll_dialect(expr, rng, limits, dialect)
        if variables is not None:
            sheet = check_variables(variables)
            expression, checked = as_expression(expr, limits)
            expr, limits = as_expression(bind(expression, sheet), checked)
        if type(expr) is str and (limits is None or type(limits) is Limits):
            plan, size = _plan_for_text(expr, limits)
            if limits is None:
                if _plans_size + size > PLAN_CACHE_BYTES:
                    _PLANS.clear()  # crude but bounded; the LRU caches still hold recent plans
                    _plans_size = 0
                _PLANS[expr] = plan
                _plans_size += size
        else:
            plan = _plan_for_tree(*as_expression(expr, limits))[0]
    source = _default_source() if rng is None else dice_source(rng)
    if type(source) is GeneratorDice:
        return plan(source)  # fresh dice: nothing to give back on failure, skip the context
    with source.atomic():  # a failed roll (dice ran out mid-way) leaves a ScriptedDice unused
        return plan(source)


def _roll_dialect(expr: object, rng: RngLike, limits: Limits | None, dialect: str) -> RollResult:
    global _d20_plan, _d20_plans_size
    if check_dialect(dialect) == "default" or isinstance(expr, Expression):
        raise TypeError("a D20Expression needs dialect='d20', and an Expression the default dialect")
    if _d20_plan is None:
        from tabletop_core.notation._d20_roller import d20_plan  # the dialect loads on first use

        _d20_plan = d20_plan
    plan, size = _d20_plan(expr, limits)
    if limits is None and type(expr) is str:
        if _d20_plans_size + size > PLAN_CACHE_BYTES:
            _D20_PLANS.clear()  # crude but bounded, as _PLANS
            _d20_plans_size = 0
        _D20_PLANS[expr] = plan
        _d20_plans_size += size
    source = _default_source() if rng is None else dice_source(rng)
    if type(source) is GeneratorDice:
        return plan(source)
    with source.atomic():
        return plan(source)


def _plan_for_text(expr: str, limits: Limits | None) -> tuple[_Plan, int]:
    """The plan of a text and its estimated size, from the cache or compiled now."""
    return _BY_TEXT.made((expr, limits), lambda: _plan_for_tree(*as_expression(expr, limits)), _plan_size)


def _plan_for_tree(expression: Expression, limits: Limits) -> tuple[_Plan, int]:
    """The plan of an expression and its estimated size, from the cache or compiled now."""
    return _BY_TREE.made((expression, limits), lambda: _compile_plan(expression, limits), _plan_size)


def _plan_size(plan: tuple[_Plan, int]) -> int:
    """The estimated size of a ``(plan, size)`` pair: its second item."""
    return plan[1]


def _compile_plan(expression: Expression, limits: Limits, *, shared: bool = False) -> tuple[_Plan, int]:
    """The plan of *expression* and its estimated size.

    With *shared*, the plan's run takes the dice budget as a second argument (a repeat
    shares one budget among its rolls) and one-die results are not memoised.
    """
    text = str(expression)
    size = PLAN_BYTES_PER_CHARACTER * len(text) + PLAN_BYTES_PER_ENTRY
    size += PLAN_BYTES_PER_RECORD * _one_die_records(expression.body, expression.target)
    if expression.repeat > 1:
        return _repeat_plan(expression, limits, size)
    label = expression.label
    dice_written = sum(dice.count for dice in dice_terms(expression.body))
    step = _compile(expression.body, text, limits)
    spare = limits.max_dice - dice_written
    explicit_crit = any(dice.crit is not None for dice in dice_terms(expression.body)) or any(
        dice.crit is not None for dice in computed_templates(expression.body)
    )
    grouped = has_group(expression.body) or (expression.target is not None and has_group(expression.target))
    flags_crit = not explicit_crit and _flags_crit(expression.body)
    crit_group = _crit_group(expression.body) if flags_crit and grouped else None
    target = None if expression.target is None else _compile(expression.target, text, limits)
    if expression.target is not None:
        spare -= sum(dice.count for dice in dice_terms(expression.target))
    labelled = any(isinstance(node, Labeled) for node in walk(expression.body)) or (
        expression.target is not None and any(isinstance(node, Labeled) for node in walk(expression.target))
    )
    comment = expression.comment
    special = grouped or target is not None or comment is not None or labelled or has_computed_dice(expression.body)

    def run(source: DiceSource, budget: list[int] | None = None) -> RollResult:
        rolls: list[DiceRoll] = []
        if budget is None:
            budget = [spare]
        total = step(source, rolls, budget)
        aimed = None if target is None else target(source, rolls, budget)
        groups: tuple[GroupRoll, ...] = ()
        if grouped:
            # A group's record goes in among the dice records: take them apart.
            mixed = cast("list[object]", rolls)
            groups = tuple([record for record in mixed if type(record) is GroupRoll])
            rolls = [record for record in rolls if type(record) is DiceRoll]
        crit = None
        if flags_crit:
            kept = rolls[0].value
            crit = "crit" if kept == 20 else "fumble" if kept == 1 else None
            if crit_group is not None and crit_group[1] in groups[crit_group[0]].dropped:
                crit = None  # its group dropped the d20 itself: it does not count, as in the d20 package
        elif explicit_crit:
            crit = crit_of(rolls)
        if not special:
            return RollResult(text, total, tuple(rolls), label, crit)
        result = RollResult(text, total, tuple(rolls), label, crit, comment=comment, target=aimed, groups=groups)
        if labelled:
            result = attrs.evolve(result, labels=replayed(result)[2])  # the target's labelled terms too
        return result

    rolled: Callable[..., RollResult] = run
    if not special and not explicit_crit:
        rolled = _plain_run(step, spare, text, label, flags_crit)
    if shared:
        return rolled, size
    single = None if special else _single_die(expression.body)
    if single is None or single.sides > _MEMO_SIDES:
        parts = (expression.body,) if expression.target is None else (expression.body, expression.target)
        leaves = _outcomes_bound(parts)
        if leaves is not None:
            terms = sum(1 for part in parts for _ in dice_terms(part))
            return _shared_by_draws(rolled, leaves), size + PLAN_BYTES_PER_FACE * terms * leaves
        return rolled, size
    return _shared_per_face(rolled, single.sides), size + PLAN_BYTES_PER_FACE * single.sides


def _one_die_records(*nodes: Node | None) -> int:
    """How many one-die records the plain ``1dN`` terms of *nodes* may share (see :func:`_plain_dice`)."""
    return sum(
        dice.sides
        for node in nodes
        if node is not None
        for dice in dice_terms(node)
        if dice.count == 1 and dice.is_basic and not dice.fate and dice.sides <= _MEMO_SIDES
    )


def _outcomes_bound(nodes: tuple[Node, ...]) -> int | None:
    """How many ways the dice of a roll of *nodes* can fall, when they are few (see :func:`_shared_by_draws`).

    ``None`` when a term may draw a varying number of dice (rerolls, explosions, computed
    counts, later operators) or the ways are more than :data:`_MEMO_LEAVES`.
    """
    if any(has_computed_dice(node) for node in nodes):
        return None
    ways = 1
    for dice in (dice for node in nodes for dice in dice_terms(node)):
        if not dice.is_basic or dice.reroll is not None or dice.explode is not None:
            return None
        ways *= dice.sides**dice.count
        if ways > _MEMO_LEAVES:
            return None
    return ways


_MEMO_LEAVES = 400  # share results of rolls of a few dice that can fall at most this many ways (2d20, 1d20ra1)


class _Draws:
    """One node of :func:`_shared_by_draws`' tree: the die drawn next, and what each face leads to."""

    __slots__ = ("next", "sides")

    def __init__(self, sides: int) -> None:
        self.sides = sides
        self.next: list[_Draws | RollResult | None] = [None] * (sides + 1)


def _shared_by_draws(run: Callable[[DiceSource], RollResult], leaves: int) -> _Plan:
    """*run* for a roll of a few dice, the result of each way they fall made once (at most *leaves* of them).

    A roll's result is decided by the faces it draws, and which die it draws next by
    the faces drawn before; so its results hang in a tree of draws. A roll walks the
    tree, drawing each die as it goes, and stops at a result made before; else it is
    rolled on the faces drawn (and those it still needs) and its result kept. As in
    :func:`_shared_per_face`, only true faces are kept, and the results live in the plan.
    """
    root: list[_Draws | None] = [None]
    made = [0]

    def run_shared(source: DiceSource) -> RollResult:
        node = root[0]
        drawn: list[int] = []
        while node is not None:
            sides = node.sides
            face = source.roll(sides)
            drawn.append(face)
            if type(face) is not int or not 1 <= face <= sides:
                return run(_Replay(drawn, source))
            found = node.next[face]
            if type(found) is not _Draws:
                if found is not None:
                    return found  # type: ignore[return-value]
                break
            node = found
        replay = _Replay(drawn, source)
        result = run(replay)
        if made[0] < leaves and replay.fair:
            _keep(root, replay.log, result)
            made[0] += 1
        return result

    return run_shared


def _keep(root: list[_Draws | None], log: list[tuple[int, int]], result: RollResult) -> None:
    """Hang *result* in the tree at the path of draws *log* (``(sides, face)`` pairs)."""
    if not log:
        return  # no dice: nothing to key the result by
    node = root[0]
    if node is None:
        node = root[0] = _Draws(log[0][0])
    for (sides, face), following in zip(log, [*log[1:], None], strict=True):
        if node.sides != sides:  # pragma: no cover - a roll draws the same dice after the same faces
            return
        if following is None:
            node.next[face] = result
            return
        found = node.next[face]
        if type(found) is not _Draws:
            found = node.next[face] = _Draws(following[0])
        node = found


class _Replay(DiceSource):
    """The faces already drawn, then more from *source*; it logs every ``(sides, face)`` it hands out."""

    __slots__ = ("_drawn", "_source", "fair", "log")

    def __init__(self, drawn: list[int], source: DiceSource) -> None:
        self._drawn = drawn
        self._source = source
        self.log: list[tuple[int, int]] = []
        self.fair = True  # every face a true face of its die

    def roll(self, sides: int) -> int:
        at = len(self.log)
        face = self._drawn[at] if at < len(self._drawn) else self._source.roll(sides)
        if type(face) is not int or not 1 <= face <= sides:
            self.fair = False
        self.log.append((sides, face))
        return face

    def roll_many(self, sides: int, n: int) -> npt.NDArray[np.int64]:
        import numpy as np

        return np.array([self.roll(sides) for _ in range(n)], dtype=np.int64)


def _plain_run(step: _Step, spare: int, text: str, label: str | None, flags_crit: bool) -> Callable[..., RollResult]:
    """The run of a plan with nothing but dice and numbers (the commonest): what ``run`` does, in fewer steps."""

    def run(source: DiceSource, budget: list[int] | None = None) -> RollResult:
        rolls: list[DiceRoll] = []
        total = step(source, rolls, [spare] if budget is None else budget)
        crit = None
        if flags_crit:
            kept = rolls[0].value
            crit = "crit" if kept == 20 else "fumble" if kept == 1 else None
        return _new_roll_result(text, total, tuple(rolls), label, crit, "default", (), None, None, (), ())

    return run


def _shared_per_face(run: Callable[[DiceSource], RollResult], sides: int) -> _Plan:
    """*run* for a roll decided by one die of *sides* faces, each face's result made once.

    The commonest bot roll is one die plus fixed numbers (1d20+5): its result is
    decided by one face, and results are immutable, so each face's result is built
    once and shared, like small ints. Only true faces (Python ints in 1..sides) are
    kept, so a source that breaks the DiceSource contract (a numpy int, a 0) cannot
    put its value into the results other sources get. The results live in the plan
    (at most one per face, counted in its size), so they go when the plan goes.
    """
    memo: list[RollResult | None] = [None] * (sides + 1)

    def run_single(source: DiceSource) -> RollResult:
        face = source.roll(sides)
        if type(face) is not int or not 1 <= face <= sides:
            return run(_OneFace(face))
        result = memo[face]
        if result is None:
            result = memo[face] = run(_OneFace(face))
        return result

    return run_single


def _repeat_plan(expression: Expression, limits: Limits, size: int) -> tuple[_Plan, int]:
    """``Nx expr``: the roll made N times, each an independent result, held in one result."""
    times = expression.repeat
    inner = attrs.evolve(expression, repeat=1, label=None, comment=None)
    once = cast("Callable[[DiceSource, list[int]], RollResult]", _compile_plan(inner, limits, shared=True)[0])
    written = sum(dice.count for dice in dice_terms(inner.body))
    if inner.target is not None:
        written += sum(dice.count for dice in dice_terms(inner.target))
    spare = limits.max_dice - times * written
    text, label, comment = str(expression), expression.label, expression.comment

    def run(source: DiceSource) -> RollResult:
        budget = [spare]  # one budget for every roll: explosions and computed dice count across them all
        results = tuple(once(source, budget) for _ in range(times))
        total = sum(result.total for result in results)
        return RollResult(text, total, (), label, comment=comment, results=results)

    return run, size


def first_term(node: Node) -> Dice | ComputedDice | None:
    """The first dice term rolled as a term of *node*, left to right, or ``None`` without one.

    The dice that give a computed term its count or sides (the ``1d20`` of ``(1d20)d6`` or
    ``2d(1d20)``) are not terms of the roll: the computed term itself is the term there.
    """
    stack: list[Node] = [node]
    while stack:
        item = stack.pop()
        if isinstance(item, (Dice, ComputedDice)):
            return item
        stack.extend(reversed(children_of(item)))
    return None


def _flags_crit(node: Node) -> bool:
    """Whether the first dice term is a d20 with one die kept (``1d20``, ``2d20kh1``): its 20 and 1 are flagged.

    Its record is then the roll's first: nothing is rolled before the first term but the dice
    of a computed count or sides, and a computed term is never flagged (``(1d20)d6`` is no crit).
    """
    first = first_term(node)
    if not isinstance(first, Dice):
        return False
    if first.sides != 20 or first.fate or first.success is not None or first.explode is not None:
        return False
    kept = first.count if first.select is None else first.select.kept(first.count)[1]
    return kept == 1


def _crit_group(node: Node) -> tuple[int, int] | None:
    """Where the first dice term is an item of a group: ``(the group's record, the item)``, else ``None``.

    The group's record is its place among the roll's :class:`GroupRoll` records, which come in
    the order the groups' ``}`` are written (a group after the groups inside it).
    """
    first = first_term(node)
    records: list[Group] = []  # the groups in the order their records come
    stack: list[tuple[Node, bool]] = [(node, False)]
    while stack:
        item, done = stack.pop()
        if done:
            records.append(item)  # type: ignore[arg-type]
            continue
        if isinstance(item, Group):
            stack.append((item, True))
        stack.extend((child, False) for child in reversed(children_of(item)))
    for place, group in enumerate(records):
        for index, member in enumerate(group.items):
            while isinstance(member, Labeled):
                member = member.operand
            if member is first:
                return place, index
    return None


_MEMO_SIDES = 100  # share results of one-die expressions up to a d100: at most 100 results each


class _OneFace(DiceSource):
    """A source that gives back one face already drawn."""

    __slots__ = ("_face",)

    def __init__(self, face: int) -> None:
        self._face = face

    def roll(self, sides: int) -> int:  # noqa: ARG002 - the face was drawn for this very die
        return self._face

    def roll_many(self, sides: int, n: int) -> npt.NDArray[np.int64]:  # pragma: no cover - one die only
        raise NotImplementedError


def _single_die(node: Node) -> Dice | None:
    """The one plain, non-Fate die of an expression of that die and numbers, else None."""
    found = list(itertools.islice(dice_terms(node), 2))
    if len(found) != 1:
        return None
    die = found[0]
    plain = die.reroll is None and die.explode is None and die.select is None and die.success is None
    plain = plain and die.is_basic
    return die if plain and die.count == 1 and not die.fate else None


def _compile(node: Node, text: str, limits: Limits, exact: bool = False) -> _Step:
    """Turn a node into a function of (source, rolls so far, spare dice budget).

    With *exact* (inside ``floor``, ``ceil`` or ``round``) ``/`` divides exactly, giving a Fraction.
    """
    if isinstance(node, EXPRESSION_NODES):
        return compile_expression_node(node, text, limits, exact, _compile)
    if isinstance(node, Number):
        value = node.value
        return lambda _source, _rolls, _budget: value
    if isinstance(node, Dice):
        if not node.is_basic:
            if _clamps_only(node):
                return _clamped_dice(node)
            return extended_dice(node, text, limits)
        if node.reroll is None and node.explode is None and node.select is None and node.success is None:
            return _plain_dice(node)
        if node.reroll is None and node.explode is None:
            return _selected_dice(node)
        if node.explode is None:
            return _rerolled_dice(node, text, limits)
        if node.reroll is None and node.select is None and node.success is None:
            return _exploded_dice(node, text, limits)
        return _modified_dice(node, text, limits)
    if isinstance(node, Negate):
        inner = _compile(node.operand, text, limits, exact)
        return lambda source, rolls, budget: -inner(source, rolls, budget)
    if isinstance(node, Group):
        return group_step(node, [_compile(item, text, limits) for item in node.items])
    assert isinstance(node, (Sum, Product))
    steps = [_compile(operand, text, limits, exact) for operand in node.operands]
    if isinstance(node, Sum):
        return _sum(steps, node.operators)
    return _product(steps, node.operators, text, exact)


def _sum(steps: list[_Step], operators: tuple[str, ...]) -> _Step:
    first, rest = steps[0], list(zip(operators, steps[1:], strict=True))
    if len(rest) == 1 and rest[0][0] == "+":
        second = rest[0][1]
        return lambda source, rolls, budget: first(source, rolls, budget) + second(source, rolls, budget)
    if len(rest) == 2 and operators == ("+", "+"):  # 2d20kh1+1d4+3
        second, third = rest[0][1], rest[1][1]
        return lambda source, rolls, budget: (
            first(source, rolls, budget) + second(source, rolls, budget) + third(source, rolls, budget)
        )

    def run(source: DiceSource, rolls: list[DiceRoll], budget: list[int]) -> int:
        total = first(source, rolls, budget)
        for op, step in rest:
            if op == "+":
                total += step(source, rolls, budget)
            else:
                total -= step(source, rolls, budget)
        return total

    return run


def _product(steps: list[_Step], operators: tuple[str, ...], text: str, exact: bool = False) -> _Step:
    first, rest = steps[0], list(zip(operators, steps[1:], strict=True))
    if exact:
        return exact_product(steps, operators, text)

    def run(source: DiceSource, rolls: list[DiceRoll], budget: list[int]) -> int:
        total = first(source, rolls, budget)
        for op, step in rest:
            value = step(source, rolls, budget)
            if op == "*":
                total *= value
            elif value == 0:
                raise NotationError(f"{text}: division by zero")
            else:
                total //= value  # integer division rounds down, as tables do
        return total

    return run


_MARKS: dict[tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...] | None], DiceMarks] = {}
_MAX_MARKS = 4096  # a few hundred KB at most; emptied when full
_NO_MARKS = ((), (), (), (), (), (), (), ())  # the marks after the first four: none


def _marks(
    dropped: tuple[int, ...], rerolled: tuple[int, ...], exploded: tuple[int, ...], successes: tuple[int, ...] | None
) -> DiceMarks:
    """The :class:`DiceMarks` of these positions, shared: marks are immutable, and small pools repeat them.

    Making one costs more than drawing the dice of a small pool (it has a field per kind of mark).
    """
    key = (dropped, rerolled, exploded, successes)
    marks = _MARKS.get(key)
    if marks is None:
        if len(_MARKS) >= _MAX_MARKS:
            _MARKS.clear()
        marks = _MARKS[key] = _new_dice_marks(dropped, rerolled, exploded, successes, *_NO_MARKS)
    return marks


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


def _plain_dice(node: Dice) -> _Step:
    count, sides, fate, notation = node.count, node.sides, node.fate, str(node)

    if count == 1 and not fate:
        # Each face's record is made once and shared (records are immutable), up to a d100:
        # counted in the plan's size (PLAN_BYTES_PER_RECORD each, see _one_die_records).
        memo: list[DiceRoll | None] = [None] * (sides + 1 if sides <= _MEMO_SIDES else 0)

        def run_one(source: DiceSource, rolls: list[DiceRoll], _budget: list[int]) -> int:
            face = source.roll(sides)
            if type(face) is int and 0 < face < len(memo):
                record = memo[face]
                if record is None:
                    record = memo[face] = _new_dice_roll(notation, sides, False, (face,), face, None)
                rolls.append(record)
            else:
                rolls.append(_new_dice_roll(notation, sides, False, (face,), face, None))
            return face

        return run_one

    def run(source: DiceSource, rolls: list[DiceRoll], _budget: list[int]) -> int:
        if type(source) is GeneratorDice and not fate:
            faces = tuple(source._take(sides, count))
        else:
            faces = tuple(_draw(source, sides, count, fate))
        value = sum(faces)
        rolls.append(_new_dice_roll(notation, sides, fate, faces, value, None))
        return value

    return run


def _selected_dice(node: Dice) -> _Step:
    """Keep/drop and success counting without rerolls or explosions: one die per position."""
    count, sides, fate, notation = node.count, node.sides, node.fate, str(node)
    select, success = node.select, node.success
    highest, keep = select.kept(count) if select is not None else (True, count)

    def run(source: DiceSource, rolls: list[DiceRoll], _budget: list[int]) -> int:
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

    def run(source: DiceSource, rolls: list[DiceRoll], _budget: list[int]) -> int:
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

    def run(source: DiceSource, rolls: list[DiceRoll], budget: list[int]) -> int:
        roll_one = source.roll
        faces: list[int] = []
        rerolled: list[int] = []
        final: list[int] = []  # the position each die ended on, die by die
        for _ in range(count):
            face = roll_one(sides) + offset
            while rerolls(face):
                rerolled.append(len(faces))
                faces.append(face)
                budget[0] -= 1
                if budget[0] < 0:
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

    def run(source: DiceSource, rolls: list[DiceRoll], budget: list[int]) -> int:
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
                budget[0] -= 1
                if budget[0] < 0:
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

    def run(source: DiceSource, rolls: list[DiceRoll], budget: list[int]) -> int:
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
