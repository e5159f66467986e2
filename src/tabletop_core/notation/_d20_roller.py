"""Rolling d20-dialect expressions: compiled to the default dialect's fast steps where they mean the same."""

from __future__ import annotations

import functools
import operator
from collections.abc import Callable
from typing import Any

import attrs

from tabletop_core.notation import lexer
from tabletop_core.notation._cache import SizedCache
from tabletop_core.notation._d20_eval import (
    _OPS,
    _crit,
    _Evaluator,
    _Rolling,
    _truncate,
    clamp_of,
    group_record,
    keep_after,
    pick,
    picked,
    whole,
)
from tabletop_core.notation._d20_parser import as_d20_expression
from tabletop_core.notation._d20_tree import (
    D20Annotated,
    D20Chain,
    D20Dice,
    D20Expression,
    D20Literal,
    D20Node,
    D20Paren,
    D20Selector,
    D20Set,
    D20Unary,
    Value,
    dice_nodes,
    walk,
)
from tabletop_core.notation._dice_ops import too_many_dice
from tabletop_core.notation.errors import NotationError
from tabletop_core.notation.limits import Limits
from tabletop_core.notation.result import (
    DiceRoll,
    RollResult,
    TermLabel,
    _new_dice_marks,
    _new_dice_roll,
    _new_group_roll,
    _new_roll_result,
)
from tabletop_core.notation.roller import (
    PLAN_BYTES_PER_CHARACTER,
    PLAN_BYTES_PER_ENTRY,
    PLAN_BYTES_PER_FACE,
    PLAN_BYTES_PER_RECORD,
    PLAN_CACHE_BYTES,
    _plan_size,
)
from tabletop_core.rng import DiceSource

_Plan = Callable[[DiceSource], RollResult]
# The plans of texts and of hand-built expressions, sized as the default dialect's (see roller.PLAN_CACHE_BYTES);
# texts rolled with the default limits also go to the roller's hot dictionary.
_BY_TEXT: SizedCache[tuple[str, Limits | None], tuple[_Plan, int]] = SizedCache(PLAN_CACHE_BYTES)
_BY_TREE: SizedCache[tuple[D20Expression, Limits], tuple[_Plan, int]] = SizedCache(PLAN_CACHE_BYTES)


def roll_d20(expr: object, source: DiceSource, limits: Limits | None) -> RollResult:
    """Roll a d20-dialect expression (see :func:`tabletop_core.notation.roll`)."""
    return d20_plan(expr, limits)[0](source)


def d20_plan(expr: object, limits: Limits | None) -> tuple[_Plan, int]:
    """The plan rolling *expr* (text or a :class:`D20Expression`) and its estimated size, cached."""
    if type(expr) is str:
        return _BY_TEXT.made((expr, limits), lambda: _sized_plan(*as_d20_expression(expr, limits)), _plan_size)
    expression, checked = as_d20_expression(expr, limits)
    return _BY_TREE.made((expression, checked), lambda: _sized_plan(expression, checked), _plan_size)


def _sized_plan(expression: D20Expression, limits: Limits) -> tuple[_Plan, int]:
    plan, faces = _plan(expression, limits)
    size = PLAN_BYTES_PER_CHARACTER * len(str(expression)) + PLAN_BYTES_PER_ENTRY + PLAN_BYTES_PER_FACE * faces
    records = sum(dice.sides or 0 for dice in dice_nodes(expression.body) if dice.count == 1 and not dice.ops)
    return plan, size + PLAN_BYTES_PER_RECORD * records  # the shared records of one-die terms, at most


def _plan(expression: D20Expression, limits: Limits) -> tuple[_Plan, int]:
    """A roll of *expression* and how many one-die results it shares: compiled, else the evaluator's."""
    from tabletop_core.notation.roller import _shared_by_draws

    plan, shared = _fast_plan(expression, limits) or ((lambda source: _roll_slow(expression, source, limits)), 0)
    if shared:
        return plan, shared
    leaves = _outcomes_bound(expression.body)
    if leaves is None:
        return plan, 0
    return _shared_by_draws(plan, leaves), leaves * len(dice_nodes(expression.body))


def _outcomes_bound(node: D20Node) -> int | None:
    """How many ways the dice of a roll of *node* can fall, when they are few (``None``: many, or unbounded)."""
    from tabletop_core.notation.roller import _MEMO_LEAVES

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
        if ways > _MEMO_LEAVES:
            return None
    return ways


def _to_default(node: D20Node) -> object | None:
    """The default dialect's node that rolls the same dice in the same order to the same value, or ``None``."""
    from tabletop_core.notation.ast import Dice, Negate, Number, Product, Select, Sum

    if isinstance(node, D20Literal):
        return Number(node.value) if isinstance(node.value, int) else None
    if isinstance(node, D20Annotated) or (isinstance(node, D20Paren) and not node.ops):
        return _to_default(node.inner)
    if isinstance(node, D20Unary):
        inner = _to_default(node.operand)
        return None if inner is None else (inner if node.op == "+" else Negate(inner))  # type: ignore[arg-type]
    if isinstance(node, D20Dice):
        if node.sides is None or node.sides == 0 or node.count == 0:
            return None
        if not node.ops:
            return Dice(node.count, node.sides)
        if len(node.ops) == 1 and node.ops[0].op == "k" and len(node.ops[0].selectors) == 1:
            selector = node.ops[0].selectors[0]
            if selector.kind in ("h", "l"):
                return Dice(node.count, node.sides, select=Select("k" + selector.kind, selector.value))
        return None
    if isinstance(node, D20Chain):
        operands = [_to_default(operand) for operand in node.operands]
        if any(operand is None for operand in operands):
            return None
        if all(op in ("+", "-") for op in node.operators):
            return Sum(tuple(operands), node.operators)  # type: ignore[arg-type]
        if all(op == "*" for op in node.operators):
            return Product(tuple(operands), node.operators)  # type: ignore[arg-type]
    return None


def _fast_plan(expression: D20Expression, limits: Limits) -> tuple[_Plan, int] | None:
    """A compiled roll of *expression* and the one-die results it shares, or ``None``: it holds a ``(...)kh3``.

    Dice terms the default dialect reads alike become its fast steps; every other dice
    term, set and arithmetic operator is compiled here to the evaluator's rules
    (:mod:`._d20_eval`), applied in the same order, so the dice are drawn in the same
    order and the result is the same. A one-die roll (``1d20+5``) shares one result per
    face, as the default dialect's plans do.
    """
    from tabletop_core.notation.roller import _MEMO_SIDES, _shared_per_face, _single_die

    text = str(expression)
    shown = lexer.shown(text)
    crit = _crit_path(expression.body)
    context = _Context(text, shown, limits, None if crit is None else crit[0])
    try:
        code = _Code(context)
        value = code.expression(expression.body)
    except NotationError:  # pragma: no cover - a node the default dialect refuses: roll it the long way
        return None
    if value is None:
        return None
    spare = limits.max_dice - sum(node.count for node in dice_nodes(expression.body))
    flag = "None" if crit is None else code.name(_crit_flag) + "(rolls, budget)"
    truncate, build = code.name(_truncate), code.name(_new_roll_result)
    shown_name, text_name, comment = code.name(shown), code.name(text), code.name(expression.comment)
    # budget: dice left to roll; whether a set dropped the leftmost d20 (see _Context); and when the
    # roll makes them, its group and label records, in the order made (see _set_step and labeller).
    mixed = _has_records(expression.body)
    records = "tuple(budget[2]), None, None, tuple(budget[3])" if mixed else "(), None, None, ()"
    run: _Plan = code.function(
        "run",
        "source",
        f"rolls = []\nbudget = [{code.name(spare)}, 0{', [], []' if mixed else ''}]",
        value,
        f"total = value if type(value) is int else {truncate}(value, {shown_name})\n"
        f"return {build}({text_name}, total, tuple(rolls), {comment}, {flag}, 'd20', {records}, ())",
    )

    body = _to_default(expression.body)
    single = None if body is None else _single_die(body)  # type: ignore[arg-type]
    if single is None or single.sides > _MEMO_SIDES:
        return run, 0
    return _shared_per_face(run, single.sides), single.sides


# budget: the run's cells (see _fast_plan): dice left to roll, a flag, the group and label records.
_Step = Callable[[DiceSource, list[DiceRoll], list[Any]], Value]


def _has_records(node: D20Node) -> bool:
    """Whether a roll of *node* makes records besides its dice: an annotated term, a set with keep/drop."""
    return any(isinstance(item, D20Annotated) or (isinstance(item, D20Set) and bool(item.ops)) for item in walk(node))


def labeller(node: D20Annotated) -> Callable[[list[TermLabel], int, Value], Value]:
    """What an annotated term adds to a roll: a :class:`TermLabel` per annotation, placed at *at*.

    *at* is where the labels stood before the term was rolled, so the annotations of a
    term come before those inside it (``(1d6 [a]) [b]``: ``b`` then ``a``), as in the default
    dialect. The label's value is the term's, truncated toward zero when it is not whole.
    """
    notes, notation = node.notes, str(node.inner)

    def label(labels: list[TermLabel], at: int, value: Value) -> Value:
        number = whole(value)
        labels[at:at] = [TermLabel(note, notation, number) for note in notes]
        return value

    return label


@attrs.frozen
class _Context:
    """What compiling one expression needs.

    *crit_set* is the set whose first item is the leftmost dice term, a d20 (``(1d20, 5)kh1``):
    when that set drops it, its step sets ``budget[1]`` (the run's second cell), and the
    roll is no critical hit, as in the d20 package.
    """

    text: str
    shown: str
    limits: Limits
    crit_set: D20Set | None


def _mixed_step(node: D20Node, context: _Context) -> _Step | None:
    """A rolling step for *node*: default-dialect steps where they mean the same, the d20 rules elsewhere.

    ``None`` for a parenthesised keep/drop (it acts on the members inside: the evaluator rolls it).
    """
    if isinstance(node, (D20Literal, D20Annotated, D20Unary, D20Chain)) or (
        isinstance(node, D20Paren) and not node.ops
    ):
        code = _Code(context)
        value = code.expression(node)
        return None if value is None else code.function("step", "source, rolls, budget", "", value, "return value")
    return _leaf_step(node, context)


def _leaf_step(node: D20Node, context: _Context) -> _Step | None:
    """A dice term's or a set's step (``None``: a parenthesised keep/drop, which the evaluator rolls)."""
    from tabletop_core.notation.roller import _compile

    default = _to_default(node)
    if default is not None:
        return _compile(default, context.text, context.limits)  # type: ignore[arg-type]
    if isinstance(node, D20Dice):
        return _dice_step(node, context)
    if isinstance(node, D20Set):
        items = [_mixed_step(item, context) for item in node.items]
        if any(item is None for item in items):
            return None
        return _set_step(node, items, context)  # type: ignore[arg-type]
    return None


_ARITHMETIC = frozenset(("+", "-", "*", "/", "//", "%"))


class _Code:
    """One function for an expression's arithmetic, its dice terms and sets called as steps.

    The d20 package applies each operator to the values of its operands, left to
    right, the comparisons giving 0 or 1 (:data:`._d20_eval._OPS`). Written out as one
    Python expression (``(s0(...) % v0) + (s1(...) / v1)``), Python evaluates the
    operands in that same order with the same operators, so the dice are drawn in the
    same order to the same total, without a function call per operator and number.
    Every value the code uses (steps, numbers, texts) is a name in its namespace;
    nothing from the expression's text is pasted into the code.
    """

    def __init__(self, context: _Context) -> None:
        self.context = context
        self.namespace: dict[str, object] = {"NotationError": NotationError}

    def name(self, value: object) -> str:
        """A new name in the code's namespace for *value*."""
        name = f"_v{len(self.namespace)}"
        self.namespace[name] = value
        return name

    def expression(self, node: D20Node) -> str | None:
        """Python code computing *node*'s value (``None``: it holds a parenthesised keep/drop)."""
        if isinstance(node, D20Literal):
            return self.name(node.value)
        if isinstance(node, D20Annotated):
            inner = self.expression(node.inner)
            return None if inner is None else f"{self.name(labeller(node))}(budget[3], len(budget[3]), {inner})"
        if isinstance(node, D20Paren) and not node.ops:
            return self.expression(node.inner)
        if isinstance(node, D20Unary):
            inner = self.expression(node.operand)
            return inner if inner is None or node.op == "+" else f"(-{inner})"
        if isinstance(node, D20Chain):
            parts = [self.expression(operand) for operand in node.operands]
            if any(part is None for part in parts):
                return None
            code = parts[0]
            for op, part in zip(node.operators, parts[1:], strict=True):
                if op not in _OPS:  # pragma: no cover - the parser reads no other operator
                    raise NotationError(f"{self.context.shown}: unknown operator {op!r}")
                # A comparison is 0 or 1; each side is a name, a call or in parentheses: no chained comparisons.
                code = f"({code} {op} {part})" if op in _ARITHMETIC else f"(1 if {code} {op} {part} else 0)"
            return code
        step = _leaf_step(node, self.context)
        return None if step is None else f"{self.name(step)}(source, rolls, budget)"

    def function(  # Any: a plan or a step, as the caller asked
        self, name: str, arguments: str, head: str, value: str, tail: str
    ) -> Callable[..., Any]:
        """A function *name* of *arguments*: *head*, then ``value =`` the expression *value*, then *tail*.

        Dividing by zero and a float too large are the :class:`NotationError` the evaluator gives.
        """
        shown = self.context.shown
        zero, large = self.name(f"{shown}: division by zero"), self.name(f"{shown}: a number grew too large")
        lines = [
            f"def {name}({arguments}):",
            *(f"    {line}" for line in head.splitlines()),
            "    try:",
            f"        value = {value}",
            "    except ZeroDivisionError:",
            f"        raise NotationError({zero}) from None",
            "    except OverflowError:",
            f"        raise NotationError({large}) from None",
            *(f"    {line}" for line in tail.splitlines()),
        ]
        exec("\n".join(lines), self.namespace)  # the expression's values are names, never pasted text
        made: Callable[..., Any] = self.namespace[name]  # type: ignore[assignment]  # Any: the function just written
        return made


def _crit_flag(rolls: list[DiceRoll], budget: list[int]) -> str | None:
    """``"crit"`` or ``"fumble"`` when the leftmost term (rolled first) is one d20 kept alone showing 20 or 1."""
    if budget[1]:
        return None  # a set dropped it
    first = rolls[0]
    marks = first.marks
    kept = len(first.faces) if marks is None else len(first.faces) - len(marks.rerolled) - len(marks.dropped)
    if kept != 1:
        return None
    value = first.value
    return "crit" if value == 20 else "fumble" if value == 1 else None


def _set_step(node: D20Set, items: list[_Step], context: _Context) -> _Step:
    """A set ``(a, b, c)`` and its keep/drop on whole items: the sum of the items kept."""
    ops = [(op.op == "k", op.selectors) for op in node.ops]
    flags_crit = node is context.crit_set
    if not ops:
        return lambda source, rolls, budget: sum([item(source, rolls, budget) for item in items])
    every = list(range(len(items)))
    notation = str(node)

    def run(source: DiceSource, rolls: list[DiceRoll], budget: list[Any]) -> Value:
        values = [item(source, rolls, budget) for item in items]
        kept = [True] * len(values)
        keep_after(ops, values, kept)
        if flags_crit and not kept[0]:
            budget[1] = 1
        total = sum([values[i] for i in every if kept[i]])
        if float in set(map(type, values)):  # a member is not whole: its record is truncated
            budget[2].append(group_record(notation, values, kept))
        else:
            dropped = tuple([i for i in every if not kept[i]])
            budget[2].append(_new_group_roll(notation, tuple(values), total, dropped, None, ()))  # type: ignore[arg-type]
        return total

    return run


def _dice_step(node: D20Dice, context: _Context) -> _Step:  # noqa: C901 - each operator in a few lines
    """A dice term and its operators, applied in order to the dice still kept, as :func:`._d20_eval._operate` does.

    A die is a position in parallel lists: its value, the position of its face, whether it is kept.
    """
    from tabletop_core.notation.roller import _draw, _marks

    count, sides, notation = node.count, node.sides, str(node)
    tens = sides is None  # d%: a d10 read as 0, 10, ..., 90
    draw_sides = 10 if sides is None else sides
    shown_sides = 100 if sides is None else sides
    shown, max_dice = context.shown, context.limits.max_dice
    ops = [(op.op, op.selectors, clamp_of(op) if op.op in ("mi", "ma") else None) for op in node.ops]
    clamps = any(clamp is not None for _name, _selectors, clamp in ops)
    if len(node.ops) == 1 and len(node.ops[0].selectors) == 1:
        selector = node.ops[0].selectors[0]
        if node.ops[0].op == "e" and selector.kind not in ("h", "l"):
            return _exploding_step(node, selector, context)
        if node.ops[0].op in ("k", "p"):
            return _kept_step(node, node.ops[0].op == "k", selector, context)

    def run(source: DiceSource, rolls: list[DiceRoll], budget: list[int]) -> Value:  # noqa: C901
        if count and sides == 0:
            raise NotationError(f"{shown}: cannot roll a 0-sided die")
        faces = _draw(source, draw_sides, count, False)
        if tens:
            faces = [(face - 1) * 10 for face in faces]
        values = faces[:]
        position = list(range(count))
        kept = [True] * count
        exploded: list[int] = []
        rerolled: list[int] = []
        drawn: dict[int, int] = {}  # position: the face drawn there, when a clamp changed it
        for name, selectors, clamp in ops:
            pool = [d for d, keep in enumerate(kept) if keep]
            if clamp is not None:
                for d in pool:
                    values[d] = clamp(values[d])
                continue
            if name == "k":
                for d in set(pool).difference(picked(selectors, pool, values, None)):
                    kept[d] = False
                continue
            if name == "p":
                for d in picked(selectors, pool, values, None):
                    kept[d] = False
                continue
            once = name == "ro" or name == "ra"
            done: set[int] = set()  # e: each die explodes at most once
            chosen = picked(selectors, pool, values, 1 if name == "ra" else None)
            while chosen:
                for d in chosen:
                    budget[0] -= 1
                    if budget[0] < 0:
                        raise too_many_dice(shown, max_dice)
                    face = source.roll(draw_sides)
                    if tens:
                        face = (face - 1) * 10
                    faces.append(face)
                    if name == "rr" or name == "ro":
                        at = position[d]
                        if clamps and values[d] != faces[at]:
                            drawn[at] = faces[at]  # a clamped die rerolled: it shows as it was clamped
                            faces[at] = values[d]
                        rerolled.append(at)
                        values[d] = face
                        position[d] = len(faces) - 1
                    else:  # ra, e: the die explodes into a new one
                        exploded.append(d)
                        done.add(d)
                        values.append(face)
                        position.append(len(faces) - 1)
                        kept.append(True)
                if once:
                    break
                chosen = picked(selectors, [d for d, keep in enumerate(kept) if keep], values, None)
                if done:
                    chosen = [d for d in chosen if d not in done]
        value = 0
        dropped: list[int] = []
        for d, face in enumerate(values):
            at = position[d]
            if clamps and face != faces[at]:
                drawn[at] = faces[at]
                faces[at] = face  # a face raised by mi or lowered by ma shows as it counts
            if kept[d]:
                value += face
            else:
                dropped.append(at)
        marks = None
        if drawn:
            clamped = tuple(sorted(drawn))
            marks = _new_dice_marks(
                tuple(sorted(dropped)),
                tuple(sorted(rerolled)),
                tuple(sorted({position[d] for d in exploded})),
                None,
                (),
                clamped,
                tuple([drawn[at] for at in clamped]),
                (),
                (),
                (),
                (),
                (),
            )
        elif dropped or rerolled or exploded:
            marks = _marks(
                tuple(sorted(dropped)), tuple(sorted(rerolled)), tuple(sorted({position[d] for d in exploded})), None
            )
        rolls.append(_new_dice_roll(notation, shown_sides, False, tuple(faces), value, marks))
        return value

    return run


def _kept_step(node: D20Dice, keeps: bool, selector: D20Selector, context: _Context) -> _Step:
    """``4d6k>2``, ``4d6p1``: one keep or drop with one selector, on the dice as drawn."""
    from tabletop_core.notation.roller import _draw, _marks

    count, sides, notation = node.count, node.sides, str(node)
    tens = sides is None
    draw_sides = 10 if sides is None else sides
    shown_sides = 100 if sides is None else sides
    shown = context.shown
    kind, n, every = selector.kind, selector.value, list(range(count))

    def run(source: DiceSource, rolls: list[DiceRoll], budget: list[int]) -> Value:  # noqa: ARG001 - no extra dice
        if count and sides == 0:
            raise NotationError(f"{shown}: cannot roll a 0-sided die")
        faces = _draw(source, draw_sides, count, False)
        if tens:
            faces = [(face - 1) * 10 for face in faces]
        chosen = pick(kind, n, every, faces)
        if keeps:
            kept = set(chosen)
            dropped = tuple([d for d in every if d not in kept])
        else:
            dropped = tuple(sorted(chosen))
        value = sum(faces) - sum([faces[d] for d in dropped])
        rolls.append(
            _new_dice_roll(
                notation, shown_sides, False, tuple(faces), value, _marks(dropped, (), (), None) if dropped else None
            )
        )
        return value

    return run


def _exploding_step(node: D20Dice, selector: D20Selector, context: _Context) -> _Step:
    """``4d6e6``, ``3d10e>8``: one explosion on a face (not on a rank), the commonest.

    Each die showing a selected face adds one die, and so do the added dice, round
    after round: that is each die in turn, the new ones after the old, so one pass
    over the growing list draws the dice in the order :func:`_dice_step` does.
    """
    from tabletop_core.notation.roller import _draw, _marks

    count, sides, notation = node.count, node.sides, str(node)
    tens = sides is None
    draw_sides = 10 if sides is None else sides
    shown_sides = 100 if sides is None else sides
    shown, max_dice = context.shown, context.limits.max_dice
    compare = {None: operator.eq, "<": operator.gt, ">": operator.lt}[selector.kind]
    explodes = functools.partial(compare, selector.value)  # eq(n, face), gt(n, face) is face < n, ...

    def run(source: DiceSource, rolls: list[DiceRoll], budget: list[int]) -> Value:
        if count and sides == 0:
            raise NotationError(f"{shown}: cannot roll a 0-sided die")
        faces = _draw(source, draw_sides, count, False)
        if tens:
            faces = [(face - 1) * 10 for face in faces]
        exploded: list[int] = []
        at = 0
        while at < len(faces):
            if explodes(faces[at]):
                budget[0] -= 1
                if budget[0] < 0:
                    raise too_many_dice(shown, max_dice)
                face = source.roll(draw_sides)
                faces.append((face - 1) * 10 if tens else face)
                exploded.append(at)
            at += 1
        value = sum(faces)
        marks = _marks((), (), tuple(exploded), None) if exploded else None
        rolls.append(_new_dice_roll(notation, shown_sides, False, tuple(faces), value, marks))
        return value

    return run


def _crit_path(node: D20Node) -> tuple[D20Set | None] | None:
    """Whether the leftmost term is a d20 (the roll may be a critical hit), and the set that may drop it.

    ``None`` when it is not; else a one-item tuple: the set whose first item is that term
    itself (so that dropping the item drops the term), or ``None``.
    """
    owner: D20Set | None = None
    while not isinstance(node, D20Dice):
        if isinstance(node, D20Annotated):
            node = node.inner  # the term itself stays the set's item
            continue
        owner = None
        if isinstance(node, D20Paren):
            node = node.inner
        elif isinstance(node, D20Unary):
            node = node.operand
        elif isinstance(node, D20Chain):
            node = node.operands[0]
        elif isinstance(node, D20Set) and node.items:
            owner = node if node.ops else None
            node = node.items[0]
        else:
            return None
    return (owner,) if node.sides == 20 else None


def _roll_slow(expression: D20Expression, source: DiceSource, checked: Limits) -> RollResult:
    text = str(expression)
    evaluator = _Evaluator(_Rolling(source, checked.max_dice, lexer.shown(text)), lexer.shown(text))
    root = evaluator.node(expression.body)
    total = _truncate(root.total(), lexer.shown(text))
    return RollResult(
        text,
        total,
        tuple(dice.record() for dice in evaluator.dice),
        expression.comment,
        crit=_crit(root),
        dialect="d20",
        groups=tuple(evaluator.groups),
        labels=tuple(evaluator.labels),
    )
