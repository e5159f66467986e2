"""Rolling d20-dialect expressions, as the d20 package rolls them: compiled once into a plan of steps.

Each node becomes a step ``step(source, rolls, budget) -> value``: a number, an annotated
term (a :class:`~tabletop_core.notation.TermLabel` per annotation, with the term's value), a
sign, a chain of operators applied left to right (a comparison is worth 1 or 0), a dice
term (the kernel's engine, :mod:`._d20.dice`), a set with keep/drop on whole members, and
a keep/drop on parentheses, which acts on what is inside: the dice of a dice term, the
members of a set, or the one value of anything else. The dice are drawn in the order
the package draws them, so the same dice give the same result.
"""

from __future__ import annotations

from typing import Any

from tabletop_core.notation._d20.dice import stage_of, term_rule
from tabletop_core.notation._d20.parser import as_d20_expression
from tabletop_core.notation._d20.select import OPERATORS, group_record, keep_after, truncate, whole
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
    walk,
)
from tabletop_core.notation._kernel.budget import Budget
from tabletop_core.notation._kernel.dice_records import DiceRoll
from tabletop_core.notation._kernel.engine import MEMO_SIDES, Step, compile_term, finish_term, kept_value, start_term
from tabletop_core.notation._kernel.plans import (
    MEMO_LEAVES,
    PLAN_BYTES_PER_CHARACTER,
    PLAN_BYTES_PER_ENTRY,
    PLAN_BYTES_PER_FACE,
    PLAN_BYTES_PER_RECORD,
    Plan,
    PlanCache,
    plan_size,
    shared_by_draws,
    shared_per_face,
)
from tabletop_core.notation._kernel.records import RollResult, TermLabel, new_roll_result
from tabletop_core.notation.errors import NotationError, shown
from tabletop_core.notation.limits import Limits
from tabletop_core.rng import DiceSource

__all__ = ["PLANS", "Context", "compile_node", "crit_owner", "d20_plan", "roll_d20"]

PLANS: PlanCache[D20Expression] = PlanCache()
"""The d20 dialect's plans (see :class:`~tabletop_core.notation._kernel.plans.PlanCache`)."""


def roll_d20(expr: object, source: DiceSource, limits: Limits | None) -> RollResult:
    """Roll a d20-dialect expression (see :func:`tabletop_core.notation.roll`)."""
    return d20_plan(expr, limits)[0](source)


def d20_plan(expr: object, limits: Limits | None) -> tuple[Plan, int]:
    """The plan rolling *expr* (text or a :class:`D20Expression`) and its estimated size, cached."""
    if type(expr) is str:
        return PLANS.by_text.made((expr, limits), lambda: compile_plan(*as_d20_expression(expr, limits)), plan_size)
    expression, checked = as_d20_expression(expr, limits)
    return PLANS.by_tree.made((expression, checked), lambda: compile_plan(expression, checked), plan_size)


def compile_plan(expression: D20Expression, limits: Limits) -> tuple[Plan, int]:
    """The plan of *expression* and its estimated size (the results it shares counted in)."""
    text = str(expression)
    quoted = shown(text)
    body = expression.body
    owner = crit_owner(body)
    context = Context(quoted, limits, None if owner is None else owner[0])
    step = compile_node(body, context)
    spare = limits.max_dice - sum(node.count for node in dice_nodes(body))
    comment, max_dice, flags_crit = expression.comment, limits.max_dice, owner is not None

    def run(source: DiceSource) -> RollResult:
        rolls: list[Any] = []
        budget = Budget(spare, quoted, max_dice)
        budget.groups, budget.labels = [], []
        value = step(source, rolls, budget)
        total = value if type(value) is int else truncate(value, quoted)
        crit = _crit_flag(rolls, budget) if flags_crit else None
        groups, labels = tuple(budget.groups), tuple(budget.labels)
        return new_roll_result(text, total, tuple(rolls), comment, crit, "d20", groups, None, None, labels, ())  # type: ignore[arg-type]

    if not any(isinstance(item, (D20Set, D20Paren, D20Annotated)) for item in walk(body)):
        # No group or label records to collect (the commonest roll): the same run without them.
        def run(source: DiceSource) -> RollResult:
            rolls: list[Any] = []
            value = step(source, rolls, Budget(spare, quoted, max_dice))
            total = value if type(value) is int else truncate(value, quoted)
            crit = _crit_flag(rolls, None) if flags_crit else None
            return new_roll_result(text, total, tuple(rolls), comment, crit, "d20", (), None, None, (), ())

    size = PLAN_BYTES_PER_CHARACTER * len(text) + PLAN_BYTES_PER_ENTRY
    dice = dice_nodes(body)
    size += PLAN_BYTES_PER_RECORD * sum(node.sides or 0 for node in dice if node.count == 1 and not node.ops)
    if len(dice) == 1 and not _keeps_members(body):
        single = dice[0]
        if single.count == 1 and not single.ops and single.sides is not None and 0 < single.sides <= MEMO_SIDES:
            return shared_per_face(run, single.sides), size + PLAN_BYTES_PER_FACE * single.sides
    leaves = _outcomes_bound(body)
    if leaves is None:
        return run, size
    return shared_by_draws(run, leaves), size + PLAN_BYTES_PER_FACE * leaves * len(dice)


def _keeps_members(node: D20Node) -> bool:
    """Whether *node* holds a keep/drop on a set or parentheses (their records depend on more than one face)."""
    return any(isinstance(item, (D20Set, D20Paren)) and bool(item.ops) for item in walk(node))


def _outcomes_bound(node: D20Node) -> int | None:
    """How many ways the dice of a roll of *node* can fall, when they are few (``None``: many, or unbounded)."""
    ways = 1
    for dice in dice_nodes(node):
        if dice.sides == 0 and dice.count:
            return None  # it fails every time
        count = draws = dice.count
        for op in dice.ops:
            if op.op in ("rr", "e"):
                return None  # as many dice as it takes
            if op.op == "ra":
                count += 1
                draws += 1
            elif op.op == "ro":
                draws += count
        ways *= (10 if dice.sides is None else dice.sides) ** draws
        if ways > MEMO_LEAVES:
            return None
    return ways


class Context:
    """What compiling one expression needs: its text as messages quote it, its limits, the crit's owner.

    *owner* is the set whose first member is the leftmost dice term, a d20, when a keep/drop
    acts on that set's members (``(1d20, 5)kh1``): dropping the term there sets the budget's
    flag, and the roll is no critical hit, as in the d20 package.
    """

    __slots__ = ("limits", "owner", "text")

    def __init__(self, text: str, limits: Limits, owner: D20Set | None) -> None:
        self.text = text
        self.limits = limits
        self.owner = owner


def compile_node(node: D20Node, context: Context) -> Step:
    """The rolling step of one node of the d20 dialect's tree."""
    if isinstance(node, D20Literal):
        value = node.value
        return lambda _source, _rolls, _budget: value
    if isinstance(node, D20Annotated):
        return _annotated(node, compile_node(node.inner, context))
    if isinstance(node, D20Unary):
        inner = compile_node(node.operand, context)
        if node.op == "+":
            return inner
        return lambda source, rolls, budget: -inner(source, rolls, budget)
    if isinstance(node, D20Chain):
        return _chain(node, [compile_node(operand, context) for operand in node.operands], context.text)
    if isinstance(node, D20Dice):
        return _dice(node, context)
    if isinstance(node, D20Set):
        if node.ops and node is context.owner:
            return _layered(node, (), context)
        return _set(node, [compile_node(item, context) for item in node.items])
    assert isinstance(node, D20Paren)
    if not node.ops:
        return compile_node(node.inner, context)
    return _layered(node.inner, ((node.ops, None),), context)


def _annotated(node: D20Annotated, inner: Step) -> Step:
    """An annotated term: a label per annotation, placed before those of the terms inside it."""
    notes, notation = node.notes, str(node.inner)

    def run(source: DiceSource, rolls: list[Any], budget: Budget) -> Value:
        at = len(budget.labels)
        value = inner(source, rolls, budget)
        budget.labels[at:at] = [TermLabel(note, notation, whole(value)) for note in notes]
        return value  # type: ignore[no-any-return]

    return run


def _chain(node: D20Chain, steps: list[Step], text: str) -> Step:
    """Operators of one precedence level, applied left to right to the values (the operands drawn in order)."""
    pairs = [(OPERATORS[op], step) for op, step in zip(node.operators, steps[1:], strict=True)]
    first = steps[0]
    zero, large = f"{text}: division by zero", f"{text}: a number grew too large"

    if len(pairs) == 1:  # the commonest chain, one operator: no loop
        ((operate, second),) = pairs

        def one(source: DiceSource, rolls: list[Any], budget: Budget) -> Value:
            value = first(source, rolls, budget)
            try:
                return operate(value, second(source, rolls, budget))
            except ZeroDivisionError:
                raise NotationError(zero) from None
            except OverflowError:
                raise NotationError(large) from None

        return one

    def run(source: DiceSource, rolls: list[Any], budget: Budget) -> Value:
        value = first(source, rolls, budget)
        try:
            for operate, step in pairs:
                value = operate(value, step(source, rolls, budget))
        except ZeroDivisionError:
            raise NotationError(zero) from None
        except OverflowError:
            raise NotationError(large) from None
        return value  # type: ignore[no-any-return]

    return run


def _dice(node: D20Dice, context: Context) -> Step:
    """A dice term: the kernel's engine on the term's rule (a 0-sided die cannot be rolled)."""
    if node.count and node.sides == 0:
        message = f"{context.text}: cannot roll a 0-sided die"

        def refuse(_source: DiceSource, _rolls: list[Any], _budget: Budget) -> Value:
            raise NotationError(message)

        return refuse
    return compile_term(term_rule(node))


def _set(node: D20Set, items: list[Step]) -> Step:
    """A set ``(a, b, c)``: the sum of its members, or of those its keep/drop keeps (with a group record)."""
    if not node.ops:
        return lambda source, rolls, budget: sum([item(source, rolls, budget) for item in items])
    ops = [(op.op == "k", op.selectors) for op in node.ops]
    notation = str(node)

    def run(source: DiceSource, rolls: list[Any], budget: Budget) -> Value:
        values = [item(source, rolls, budget) for item in items]
        kept = [True] * len(values)
        keep_after(ops, values, kept)
        budget.groups.append(group_record(notation, values, kept))
        return sum([value for value, keep in zip(values, kept, strict=True) if keep])  # type: ignore[no-any-return]

    return run


_Layer = tuple[tuple[D20Op, ...], D20Annotated | None]  # a keep/drop's operators, or an annotation


def _layered(content: D20Node, outer: tuple[_Layer, ...], context: Context) -> Step:  # noqa: C901 - three kinds of content
    """A keep/drop on parentheses and what it acts on, layer by layer (``((4d6 [a])kh3 [b])kl1``).

    Annotations and parentheses are peeled off down to the content: a dice term (the
    keep/drop acts on its dice, which are drawn and rolled first, then kept or dropped
    layer by layer, its record made last), a set (on its members, after its own keep/drop)
    or anything else (one member: the value). An annotation between layers labels the value
    as it stands there.
    """
    layers = list(outer)
    while True:
        if isinstance(content, D20Paren):
            if content.ops:
                layers.append((content.ops, None))
            content = content.inner
        elif isinstance(content, D20Annotated):
            layers.append(((), content))
            content = content.inner
        else:
            break
    layers.reverse()  # the innermost first: the order they apply in

    def label(budget: Budget, at: int, note: D20Annotated, value: Value) -> None:
        budget.labels[at:at] = [TermLabel(text, str(note.inner), whole(value)) for text in note.notes]

    if isinstance(content, D20Dice) and not (content.count and content.sides == 0):
        rule = term_rule(content)
        stages = [[stage_of(op, content.sides) for op in ops] for ops, _note in layers]

        def dice(source: DiceSource, rolls: list[Any], budget: Budget) -> Value:
            at = len(budget.labels)
            pool = start_term(rule, source, budget)
            for (_ops, note), layer in zip(layers, stages, strict=True):
                if note is not None:
                    label(budget, at, note, kept_value(pool))
                for stage in layer:
                    stage(pool)
            value, record = finish_term(pool)
            rolls.append(record)
            return value

        return dice
    if isinstance(content, D20Set):
        items = [compile_node(item, context) for item in content.items]
        own = [(op.op == "k", op.selectors) for op in content.ops]
        notation = str(content)
        flags = content is context.owner

        def members(source: DiceSource, rolls: list[Any], budget: Budget) -> Value:
            at = len(budget.labels)
            values = [item(source, rolls, budget) for item in items]
            kept = [True] * len(values)
            if own:
                keep_after(own, values, kept)
                budget.groups.append(group_record(notation, values, kept))
            for ops, note in layers:
                if note is not None:
                    label(budget, at, note, sum(v for v, keep in zip(values, kept, strict=True) if keep))
                keep_after([(op.op == "k", op.selectors) for op in ops], values, kept)
            if flags and kept and not kept[0]:
                budget.flag = True  # the leftmost d20 itself was dropped: no critical hit
            return sum([v for v, keep in zip(values, kept, strict=True) if keep])  # type: ignore[no-any-return]

        return members
    inner = compile_node(content, context)

    def single(source: DiceSource, rolls: list[Any], budget: Budget) -> Value:
        at = len(budget.labels)
        values = [inner(source, rolls, budget)]
        kept = [True]
        for ops, note in layers:
            if note is not None:
                label(budget, at, note, values[0] if kept[0] else 0)
            keep_after([(op.op == "k", op.selectors) for op in ops], values, kept)
        return values[0] if kept[0] else 0

    return single


def crit_owner(node: D20Node) -> tuple[D20Set | None] | None:
    """Whether the leftmost term is a d20 (the roll may be a critical hit), and the set that may drop it.

    ``None`` when it is not; else a one-item tuple: the set whose first member is that term
    itself (through annotations) when a keep/drop acts on that set's members (its own, or
    one on parentheses around it), so that dropping the member drops the term; else ``None``.
    """
    owner: D20Set | None = None
    acting = False  # a keep/drop on parentheses acts on what is inside them
    while not isinstance(node, D20Dice):
        if isinstance(node, D20Annotated):
            node = node.inner  # the term itself stays the set's member
            continue
        owner = None
        if isinstance(node, D20Paren):
            acting = acting or bool(node.ops)
            node = node.inner
            continue
        if isinstance(node, D20Unary):
            node = node.operand
        elif isinstance(node, D20Chain):
            node = node.operands[0]
        elif isinstance(node, D20Set) and node.items:
            owner = node if (node.ops or acting) else None
            node = node.items[0]
        else:
            return None
        acting = False
    return (owner,) if node.sides == 20 else None


def _crit_flag(rolls: list[DiceRoll], budget: Budget | None) -> str | None:
    """``"crit"`` or ``"fumble"`` when the leftmost term (rolled first) is one d20 kept alone showing 20 or 1.

    *budget* is ``None`` for a roll without a set (nothing could drop the term).
    """
    if budget is not None and budget.flag:
        return None  # a keep/drop dropped it
    first = rolls[0]
    marks = first.marks
    kept = len(first.faces) if marks is None else len(first.faces) - len(marks.rerolled) - len(marks.dropped)
    if kept != 1:
        return None
    value = first.value
    return "crit" if value == 20 else "fumble" if value == 1 else None
