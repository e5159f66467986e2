"""The d20 dialect's evaluator as it was before the kernel's one engine: a reference for the new rolling.

Before the redesign (issue 27) a d20-dialect roll with a keep/drop on parentheses went
through this member model (the rest through generated code checked against it). It is kept
here, as it was, so that the new plans are checked against it on generated texts.
"""

from __future__ import annotations

import math
import operator
from collections.abc import Callable, Sequence

from tabletop_core.notation import DiceMarks, DiceRoll, GroupRoll, RollResult, TermLabel
from tabletop_core.notation._d20.select import clamp_of as _clamp_of
from tabletop_core.notation._d20.tree import (
    D20Annotated,
    D20Chain,
    D20Dice,
    D20Expression,
    D20Literal,
    D20Node,
    D20Op,
    D20Paren,
    D20Selector,
    D20Set,
    D20Unary,
    Value,
)
from tabletop_core.notation._kernel.budget import too_many_dice
from tabletop_core.notation._kernel.dice_records import new_group_roll as _new_group_roll
from tabletop_core.notation.errors import NotationError, shown
from tabletop_core.notation.limits import Limits
from tabletop_core.rng import DiceSource

# -- rolling ----------------------------------------------------------------------------------


class _Source:
    """Where the evaluator gets faces (1..sides) from, and how loops are bounded."""

    rounds: int | None = None  # explosion rounds allowed (None: until the dice budget runs out)
    enumerates = False  # exact odds walk every path of draws (they may draw from a shortened list of faces)

    def draw(self, sides: int) -> int:
        raise NotImplementedError

    def draw_from(self, faces: list[int], sides: int) -> int:  # pragma: no cover - odds only
        raise NotImplementedError


class _Rolling(_Source):
    def __init__(self, source: DiceSource, budget: int, text: str) -> None:
        self.source = source
        self.left = budget
        self.budget = budget
        self.text = text

    def draw(self, sides: int) -> int:
        self.left -= 1
        if self.left < 0:
            raise too_many_dice(self.text, self.budget)
        return self.source.roll(sides)


class _Member:
    """One evaluated node: its value, whether it is kept, and what a keep/drop acts on."""

    __slots__ = ("kept",)

    def __init__(self) -> None:
        self.kept = True

    def number(self) -> Value:
        return sum(member.number() for member in self.members() if member.kept)

    def total(self) -> Value:
        return self.number() if self.kept else 0

    def members(self) -> list[_Member]:
        return [self]

    def first(self) -> _Member | None:
        return None


class _Const(_Member):
    __slots__ = ("value",)

    def __init__(self, value: Value) -> None:
        super().__init__()
        self.value = value

    def number(self) -> Value:
        return self.value


class _Die(_Member):
    __slots__ = ("exploded", "history", "value")

    def __init__(self, value: int, position: int) -> None:
        super().__init__()
        self.value = value
        self.history = [position]
        self.exploded = False

    def number(self) -> Value:
        return self.value


class _DiceMember(_Member):
    __slots__ = ("dice", "faces", "node", "shown", "sides")

    def __init__(self, node: D20Dice) -> None:
        super().__init__()
        self.node = node
        self.sides = node.sides
        self.dice: list[_Die] = []
        self.faces: list[int] = []  # every face drawn, in order
        self.shown: dict[int, int] = {}  # position: the face a clamp made of it, for rerolled dice

    def roll_one(self, source: _Source) -> _Die:
        face = source.draw(10 if self.sides is None else self.sides)
        value = (face - 1) * 10 if self.sides is None else face
        self.faces.append(value)
        return _Die(value, len(self.faces) - 1)

    def reroll(self, die: _Die, value: int) -> None:
        at = die.history[-1]
        if die.value != self.faces[at]:
            self.shown[at] = die.value  # a clamped die rerolled: it shows as it was clamped
        self.faces.append(value)
        die.history.append(len(self.faces) - 1)
        die.value = value

    def members(self) -> list[_Member]:
        return list(self.dice)

    def record(self) -> DiceRoll:
        faces = list(self.faces)
        shown = dict(self.shown)
        dropped: list[int] = []
        rerolled: list[int] = []
        exploded: list[int] = []
        for die in self.dice:
            *old, last = die.history
            rerolled.extend(old)
            if die.value != faces[last]:
                shown[last] = die.value  # a face raised by mi or lowered by ma shows as it counts
            if not die.kept:
                dropped.append(last)
            if die.exploded:
                exploded.append(last)
        clamped = tuple(sorted(shown))
        drawn = tuple(faces[at] for at in clamped)
        for at in clamped:
            faces[at] = shown[at]
        marks = DiceMarks(
            tuple(sorted(dropped)), tuple(sorted(rerolled)), tuple(sorted(exploded)), clamped=clamped, drawn=drawn
        )
        plain = not (dropped or rerolled or exploded or clamped)
        value = self.number()  # its kept dice (a set may drop the whole term: the total shows that)
        return DiceRoll(
            str(self.node),
            100 if self.sides is None else self.sides,
            False,
            tuple(faces),
            int(value),
            None if plain else marks,
        )


class _SetMember(_Member):
    __slots__ = ("items",)

    def __init__(self, items: list[_Member]) -> None:
        super().__init__()
        self.items = items

    def members(self) -> list[_Member]:
        return list(self.items)

    def first(self) -> _Member | None:
        return self.items[0] if self.items else None


class _ParenMember(_Member):
    __slots__ = ("inner",)

    def __init__(self, inner: _Member) -> None:
        super().__init__()
        self.inner = inner

    def total(self) -> Value:
        return self.inner.total() if self.kept else 0

    def members(self) -> list[_Member]:
        return self.inner.members()

    def first(self) -> _Member | None:
        return self.inner


class _Computed(_Member):
    """A unary or binary operation: its value is fixed once computed."""

    __slots__ = ("children", "value")

    def __init__(self, value: Value, children: list[_Member]) -> None:
        super().__init__()
        self.value = value
        self.children = children

    def number(self) -> Value:
        return self.value

    def first(self) -> _Member | None:
        return self.children[0]


clamp_of = _clamp_of


def pick(kind: str | None, n: int, pool: list[int], values: Sequence[Value]) -> list[int]:
    """The positions of *pool* that a selector (``kind``, ``n``) picks, comparing ``values[position]``.

    ``h``/``l`` pick the *n* highest/lowest (ties: the earlier position first), ``<``/``>``
    those below/above *n*, and a bare selector (``kind=None``) those equal to *n*.
    """
    if kind == "h":
        return sorted(pool, key=values.__getitem__, reverse=True)[:n]
    if kind == "l":
        return sorted(pool, key=values.__getitem__)[:n]
    if kind == "<":
        return [i for i in pool if values[i] < n]
    if kind == ">":
        return [i for i in pool if values[i] > n]
    return [i for i in pool if values[i] == n]


def picked(
    selectors: tuple[D20Selector, ...], pool: list[int], values: Sequence[Value], limit: int | None
) -> list[int]:
    """The positions an operator's *selectors* pick together, first picked first, at most *limit* of them."""
    if len(selectors) == 1 and limit is None:
        return pick(selectors[0].kind, selectors[0].value, pool, values)
    out: dict[int, None] = {}
    for selector in selectors:
        batch = pick(selector.kind, selector.value, pool, values)
        if limit is not None:
            room = limit - len(out)
            if room <= 0:
                break
            batch = batch[:room]
        for position in batch:
            out.setdefault(position, None)
    return list(out)


def keep_after(ops: list[tuple[bool, tuple[D20Selector, ...]]], values: Sequence[Value], kept: list[bool]) -> None:
    """Apply keep/drop operators (``(keeps, selectors)``, in order) to whole members, in place.

    Each acts on the members still kept: a keep drops those it does not select, a drop
    those it selects, as the d20 package does to a set's members.
    """
    every = range(len(values))
    for keeps, selectors in ops:
        pool = [i for i in every if kept[i]]
        chosen = picked(selectors, pool, values, None)
        if keeps:
            for i in set(pool).difference(chosen):
                kept[i] = False
        else:
            for i in chosen:
                kept[i] = False


def _select(selector: D20Selector, pool: list[_Member]) -> list[_Member]:
    values = [m.total() for m in pool]
    return [pool[i] for i in pick(selector.kind, selector.value, list(range(len(pool))), values)]


def _selected(op: D20Op, target: _Member, limit: int | None = None) -> list[_Member]:
    """The members *op* selects, in a stable order, at most *limit* of them."""
    pool = [m for m in target.members() if m.kept]
    values = [m.total() for m in pool]
    return [pool[i] for i in picked(op.selectors, list(range(len(pool))), values, limit)]


def _operate(op: D20Op, target: _Member, source: _Source, text: str) -> None:
    """Apply one operator, in place, as the d20 package does."""
    name = op.op
    if name == "k":
        keep = {id(m) for m in _selected(op, target)}
        for member in [m for m in target.members() if m.kept]:
            if id(member) not in keep:
                member.kept = False
    elif name == "p":
        for member in _selected(op, target):
            member.kept = False
    elif not isinstance(target, _DiceMember):  # pragma: no cover - the parser allows these on dice only
        raise NotationError(f"{text}: {op} applies to dice only")
    elif name in ("mi", "ma"):
        clamp = clamp_of(op)
        for each in [d for d in target.dice if d.kept]:
            each.value = clamp(each.value)
    elif name in ("rr", "ro"):
        _reroll(op, target, source, text)
    else:
        _explode(op, target, source)


def _dice_in(members: list[_Member]) -> list[_Die]:
    return [m for m in members if isinstance(m, _Die)]


def _new_value(dice: _DiceMember, source: _Source) -> int:
    face = source.draw(10 if dice.sides is None else dice.sides)
    return (face - 1) * 10 if dice.sides is None else face


def _reroll(op: D20Op, dice: _DiceMember, source: _Source, text: str) -> None:
    if op.op == "ro":
        for die in _dice_in(_selected(op, dice)):
            dice.reroll(die, _new_value(dice, source))
        return
    if source.enumerates and all(s.kind in (None, "<", ">") for s in op.selectors):
        # Each die on its own: its last face is equally likely any face not selected.
        sides = 10 if dice.sides is None else dice.sides
        left = [f for f in _faces(dice.sides) if not any(_select(s, [_Const(f)]) for s in op.selectors)]
        for die in _dice_in(_selected(op, dice)):
            if not left:
                raise NotationError(f"{text}: {op} rerolls every face, so it would never stop")
            dice.reroll(die, source.draw_from(left, sides))
        return
    rounds = 0
    chosen = _dice_in(_selected(op, dice))
    while chosen:
        rounds += 1
        if source.rounds is not None and rounds > source.rounds:
            raise NotationError(f"{text}: {op} may never stop (too many rounds to compute exactly)")
        for die in chosen:
            dice.reroll(die, _new_value(dice, source))
        chosen = _dice_in(_selected(op, dice))


def _explode(op: D20Op, dice: _DiceMember, source: _Source) -> None:
    if op.op == "ra":
        for die in _dice_in(_selected(op, dice, limit=1)):
            die.exploded = True
            dice.dice.append(dice.roll_one(source))
        return
    # 'e': explode every selected die, then those selected among the new ones, and so on.
    done: set[int] = set()
    chosen = _dice_in(_selected(op, dice))
    rounds = 0
    while chosen:
        rounds += 1
        if source.rounds is not None and rounds > source.rounds:
            break  # exact odds stop after explode_depth rounds, like the default dialect
        for die in chosen:
            die.exploded = True
            dice.dice.append(dice.roll_one(source))
            done.add(id(die))
        chosen = [m for m in _dice_in(_selected(op, dice)) if id(m) not in done]


def _faces(sides: int | None) -> list[int]:
    return [10 * i for i in range(10)] if sides is None else list(range(1, sides + 1))


_OPS: dict[str, Callable[[Value, Value], Value]] = {
    "+": operator.add,
    "-": operator.sub,
    "*": operator.mul,
    "/": operator.truediv,
    "//": operator.floordiv,
    "%": operator.mod,
    "==": lambda a, b: int(a == b),
    "!=": lambda a, b: int(a != b),
    ">=": lambda a, b: int(a >= b),
    "<=": lambda a, b: int(a <= b),
    ">": lambda a, b: int(a > b),
    "<": lambda a, b: int(a < b),
}


def _apply(op: str, left: Value, right: Value, text: str) -> Value:
    try:
        return _OPS[op](left, right)
    except ZeroDivisionError:
        raise NotationError(f"{text}: division by zero") from None
    except OverflowError:
        raise NotationError(f"{text}: a number grew too large") from None


def whole(value: Value) -> int:
    """*value* as a record holds it: truncated toward zero (as the total is), 0 when not finite."""
    if type(value) is int:
        return value
    return int(value) if math.isfinite(value) else 0


def group_record(notation: str, values: list[Value], kept: list[bool]) -> GroupRoll:
    """The record of a set with keep/drop: each member's value (truncated when not whole), which were dropped."""
    numbers = tuple([value if type(value) is int else whole(value) for value in values])
    dropped = tuple([i for i, keep in enumerate(kept) if not keep])
    total = sum([number for number, keep in zip(numbers, kept) if keep])  # noqa: B905 - as long by construction
    return _new_group_roll(notation, numbers, total, dropped, None, ())


class _Evaluator:
    """Rolls a tree; keeps its dice terms, and its group and label records in the order made (see _d20_roller)."""

    def __init__(self, source: _Source, text: str) -> None:
        self.source = source
        self.text = text
        self.dice: list[_DiceMember] = []
        self.groups: list[GroupRoll] = []
        self.labels: list[TermLabel] = []
        self.records = not source.enumerates  # exact odds need the values only

    def node(self, node: D20Node) -> _Member:
        if isinstance(node, D20Literal):
            return _Const(node.value)
        if isinstance(node, D20Annotated):
            at = len(self.labels)
            inner = self.node(node.inner)
            if self.records:
                number = whole(inner.total())
                self.labels[at:at] = [TermLabel(note, str(node.inner), number) for note in node.notes]
            return inner
        if isinstance(node, D20Dice):
            dice = _DiceMember(node)
            self.dice.append(dice)
            if node.count and node.sides == 0:
                raise NotationError(f"{self.text}: cannot roll a 0-sided die")
            dice.dice = [dice.roll_one(self.source) for _ in range(node.count)]
            for op in node.ops:
                _operate(op, dice, self.source, self.text)
            return dice
        if isinstance(node, D20Unary):
            inner = self.node(node.operand)
            value = inner.total()
            return _Computed(-value if node.op == "-" else +value, [inner])
        if isinstance(node, D20Chain):
            children = [self.node(node.operands[0])]
            value = children[0].total()
            for operator, operand in zip(node.operators, node.operands[1:], strict=True):
                child = self.node(operand)
                children.append(child)
                value = _apply(operator, value, child.total(), self.text)
            return _Computed(value, children)
        target: _Member
        if isinstance(node, D20Set):
            items = [self.node(item) for item in node.items]
            target = _SetMember(items)
            values = [item.total() for item in items] if node.ops and self.records else []
        else:
            assert isinstance(node, D20Paren)  # the last kind of node
            target = _ParenMember(self.node(node.inner))
        for op in node.ops:
            _operate(op, target, self.source, self.text)
        if isinstance(node, D20Set) and node.ops and self.records:
            self.groups.append(group_record(str(node), values, [item.kept for item in items]))
        return target


def _crit(root: _Member) -> str | None:
    """``"crit"`` or ``"fumble"`` when the leftmost term is a d20 kept alone showing 20 or 1."""
    node: _Member | None = root
    while node is not None and not isinstance(node, _DiceMember):
        node = node.first()
    if node is None or node.sides != 20 or sum(1 for d in node.dice if d.kept) != 1:
        return None
    total = node.total()
    return "crit" if total == 20 else "fumble" if total == 1 else None


def _truncate(value: Value, text: str) -> int:
    try:
        return int(value)
    except (OverflowError, ValueError):
        raise NotationError(f"{text}: the total is not a finite number") from None


def roll_slow(expression: D20Expression, source: DiceSource, checked: Limits) -> RollResult:
    """Roll *expression* with the old member model."""
    text = str(expression)
    evaluator = _Evaluator(_Rolling(source, checked.max_dice, shown(text)), shown(text))
    root = evaluator.node(expression.body)
    total = _truncate(root.total(), shown(text))
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
