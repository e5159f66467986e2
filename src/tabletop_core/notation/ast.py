"""The expression tree of dice notation: frozen nodes with value equality.

:func:`~tabletop_core.notation.parse` builds these; they can also be built by
hand. ``str()`` of any node is canonical notation, and parsing it gives an equal
node: ``parse(str(e)) == e``. Parentheses are not nodes: ``(1d6)`` is ``1d6``, and
``str()`` puts parentheses back exactly where precedence needs them.

Examples:
    >>> from tabletop_core.notation import parse
    >>> e = parse("4D6 kh3 + (2 - 1) [stats]")
    >>> str(e)
    '4d6kh3+(2-1) [stats]'
    >>> e.body.operands[0]
    Dice(count=4, sides=6, fate=False, reroll=None, explode=None, select=Select(kind='kh', count=3), success=None, \
clamp=None, failure=None, crit=None, sort=None)
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, TypeAlias, Union

import attrs

from tabletop_core._validate import as_int, check_int, check_type, clip, int_field, of_type, unsafe_character
from tabletop_core.notation.errors import NotationError
from tabletop_core.notation.limits import MAX_NESTING

__all__ = [
    "COMPARISON_OPERATORS",
    "EXPLODE_KINDS",
    "SELECT_KINDS",
    "SORT_ORDERS",
    "Clamp",
    "Comparison",
    "Crit",
    "Dice",
    "Explode",
    "Expression",
    "Group",
    "Negate",
    "Node",
    "Number",
    "Product",
    "Reroll",
    "Select",
    "Sum",
    "dice_terms",
]

COMPARISON_OPERATORS = (">=", "<=", ">", "<", "=")
"""The comparison operators, as written."""

SELECT_KINDS = ("kh", "kl", "dh", "dl")
"""Keep highest, keep lowest, drop highest, drop lowest."""

EXPLODE_KINDS = ("!", "!!", "!p")
"""Explode (each extra die its own), compound (extra dice added into the one that exploded),
penetrate (each extra die shows one less than it rolled)."""

SORT_ORDERS = ("a", "d")
"""Sort the shown dice ascending or descending."""

MAX_NUMBER = 10**1000 - 1
"""The largest number a node holds (1,000 digits, as the parser reads at most)."""

_MAX_DIE = 2**62  # the most sides or dice a term may hold (what a DiceSource can roll)


def _one_of(options: tuple[str, ...]) -> Any:  # Any: an attrs validator
    def validate(_instance: Any, attribute: Any, value: Any) -> None:  # Any: attrs callback
        check_type(attribute.name, value, str)
        if value not in options:
            raise NotationError(f"{attribute.name} must be one of {', '.join(options)}, got {clip(value)}")

    return validate


def _optional(kind: type[Any]) -> Any:  # Any: an attrs validator for any class
    return attrs.validators.optional(of_type(kind))


@attrs.frozen
class Comparison:
    """A test of one die's face: ``>=5``, ``<3``, ``=6``.

    Args:
        op: One of ``>= <= > < =``.
        value: The number compared with.
    """

    op: str = attrs.field(validator=_one_of(COMPARISON_OPERATORS))
    value: int = int_field(low=-MAX_NUMBER, high=MAX_NUMBER)

    def count_in(self, low: int, high: int) -> int:
        """How many whole numbers in ``low..high`` meet this comparison (without listing them).

        Raises:
            TypeError: *low* or *high* is not an int.
        """
        low, high = as_int("low", low), as_int("high", high)
        op, value = self.op, self.value
        if op == ">=":
            first, last = max(low, value), high
        elif op == ">":
            first, last = max(low, value + 1), high
        elif op == "<=":
            first, last = low, min(high, value)
        elif op == "<":
            first, last = low, min(high, value - 1)
        else:
            first, last = max(low, value), min(high, value)
        return max(0, last - first + 1)

    def matches(self, face: int) -> bool:
        """Whether a die showing *face* meets this comparison."""
        op = self.op
        if op == ">=":
            return face >= self.value
        if op == "<=":
            return face <= self.value
        if op == ">":
            return face > self.value
        if op == "<":
            return face < self.value
        return face == self.value

    def __str__(self) -> str:
        return f"{self.op}{self.value}"


@attrs.frozen
class Number:
    """A whole number written in the expression (never negative: ``-3`` is :class:`Negate`)."""

    value: int = int_field(low=0, high=MAX_NUMBER)

    def __str__(self) -> str:
        return str(self.value)


@attrs.frozen
class Reroll:
    """Reroll dice meeting *condition*: repeatedly (``r<3``) or once (``ro<3``).

    A reroll happens before explosions and keep/drop; the rerolled die stays in
    the result, marked as rerolled.
    """

    condition: Comparison = attrs.field(validator=of_type(Comparison))
    once: bool = attrs.field(default=False, validator=of_type(bool))

    def __str__(self) -> str:
        condition = str(self.condition.value) if self.condition.op == "=" else str(self.condition)
        return ("ro" if self.once else "r") + condition


@attrs.frozen
class Explode:
    """Roll one more die (added to the pool) for each die meeting *on*.

    ``on=None`` explodes on the die's highest face (``!``). Extra dice can explode
    in turn, up to :data:`~tabletop_core.notation.limits.EXPLODE_DEPTH` times per die.
    """

    on: Comparison | None = attrs.field(default=None, validator=_optional(Comparison))
    kind: str = attrs.field(default="!", validator=_one_of(EXPLODE_KINDS))

    @property
    def compounds(self) -> bool:
        """``!!``: the extra dice are added into the die that exploded, which stays one die."""
        return self.kind == "!!"

    @property
    def penetrates(self) -> bool:
        """``!p``: every extra die shows one less than it rolled (it still explodes on what it rolled)."""
        return self.kind == "!p"


@attrs.frozen
class Select:
    """Keep or drop some dice by value: ``kh3`` keeps the highest 3, ``dl1`` drops the lowest.

    A count above the number of dice keeps (or drops) them all.
    """

    kind: str = attrs.field(validator=_one_of(SELECT_KINDS))
    count: int = int_field(low=0, high=MAX_NUMBER)

    def __str__(self) -> str:
        return f"{self.kind}{self.count}"

    def kept(self, pool: int) -> tuple[bool, int]:
        """How a pool of *pool* dice is cut: ``(keep_highest, how_many_kept)``."""
        pool = check_int("pool", pool, low=0)
        if self.kind == "kh":
            return True, min(self.count, pool)
        if self.kind == "kl":
            return False, min(self.count, pool)
        if self.kind == "dh":
            return False, max(pool - self.count, 0)
        return True, max(pool - self.count, 0)


def _optional_bound(value: Any) -> int | None:  # Any: attrs converter input
    return None if value is None else check_int("clamp bound", value, low=0, high=MAX_NUMBER)


@attrs.frozen
class Clamp:
    """Clamp every die's face: ``mi2`` shows a 1 as 2, ``ma5`` shows a 6 as 5.

    The clamp applies to each die as it is drawn (rerolled and exploded dice too),
    before anything else looks at the face.

    Args:
        low: The lowest face a die shows (``mi``), or ``None``.
        high: The highest face a die shows (``ma``), or ``None``.

    Raises:
        NotationError: neither bound is given, or *low* is above *high*.
    """

    low: int | None = attrs.field(default=None, converter=_optional_bound)
    high: int | None = attrs.field(default=None, converter=_optional_bound)

    def __attrs_post_init__(self) -> None:
        if self.low is None and self.high is None:
            raise NotationError("a clamp needs mi (minimum) or ma (maximum) or both")
        if self.low is not None and self.high is not None and self.low > self.high:
            raise NotationError(f"a clamp's minimum must not exceed its maximum, got mi{self.low}ma{self.high}")

    def apply(self, face: int) -> int:
        """The face a die shows after clamping *face*.

        Raises:
            TypeError: *face* is not an int.
        """
        face = as_int("face", face)
        if self.low is not None and face < self.low:
            return self.low
        if self.high is not None and face > self.high:
            return self.high
        return face

    def __str__(self) -> str:
        low = "" if self.low is None else f"mi{self.low}"
        high = "" if self.high is None else f"ma{self.high}"
        return low + high


def _compare_text(condition: Comparison) -> str:
    """A comparison after a letter (``r1``, ``cs>=19``): an equality is written as the bare number."""
    return str(condition.value) if condition.op == "=" else str(condition)


@attrs.frozen
class Crit:
    """Which faces are flagged critical: ``cs>=19`` (success), ``cf<=2`` (failure).

    Flags change no total; they are carried in the result and its JSON. A range
    left out keeps its default: the highest face for success, the lowest for failure.

    Args:
        success: Faces flagged as critical successes, or ``None`` (the highest face).
        failure: Faces flagged as critical failures, or ``None`` (the lowest face).

    Raises:
        NotationError: neither range is given.
    """

    success: Comparison | None = attrs.field(default=None, validator=_optional(Comparison))
    failure: Comparison | None = attrs.field(default=None, validator=_optional(Comparison))

    def __attrs_post_init__(self) -> None:
        if self.success is None and self.failure is None:
            raise NotationError("a crit range needs cs (critical success) or cf (critical failure) or both")

    def __str__(self) -> str:
        success = "" if self.success is None else f"cs{_compare_text(self.success)}"
        failure = "" if self.failure is None else f"cf{_compare_text(self.failure)}"
        return success + failure


@attrs.frozen
class Dice:
    """A dice term: ``count`` dice with ``sides`` faces (or Fate dice) and their modifiers.

    Modifiers always apply in this order, however they were written: reroll,
    explode, keep/drop, then success counting. With *success* set the term's value
    is the number of dice meeting it instead of their sum.

    Args:
        count: How many dice, at least 1.
        sides: Faces per die (3 for Fate dice, which read -1, 0, +1).
        fate: Fate/Fudge dice (``dF``).
        reroll: Optional :class:`Reroll`.
        explode: Optional :class:`Explode`.
        select: Optional :class:`Select` (keep/drop).
        success: Optional :class:`Comparison`: count dice meeting it.
        clamp: Optional :class:`Clamp` (``mi``/``ma``): applied to each die as it is
            drawn, before anything else looks at its face.
        failure: Optional :class:`Comparison` (``f``): with *success*, each die meeting
            it takes one success away.
        crit: Optional :class:`Crit` (``cs``/``cf``): faces flagged as critical.
        sort: ``"a"`` or ``"d"`` (``sa``/``sd``; ``s`` is ``sa``): the dice are shown sorted.

    Raises:
        NotationError: a reroll that matches every face (it would never stop),
            an explosion that matches every face, Fate dice without 3 sides, or
            failures without a success count.
    """

    count: int = int_field(low=1, high=_MAX_DIE)
    sides: int = int_field(low=1, high=_MAX_DIE)
    fate: bool = attrs.field(default=False, validator=of_type(bool))
    reroll: Reroll | None = attrs.field(default=None, validator=_optional(Reroll))
    explode: Explode | None = attrs.field(default=None, validator=_optional(Explode))
    select: Select | None = attrs.field(default=None, validator=_optional(Select))
    success: Comparison | None = attrs.field(default=None, validator=_optional(Comparison))
    clamp: Clamp | None = attrs.field(default=None, validator=_optional(Clamp))
    failure: Comparison | None = attrs.field(default=None, validator=_optional(Comparison))
    crit: Crit | None = attrs.field(default=None, validator=_optional(Crit))
    sort: str | None = attrs.field(default=None, validator=attrs.validators.optional(_one_of(SORT_ORDERS)))

    def __attrs_post_init__(self) -> None:
        if self.fate and self.sides != 3:
            raise NotationError(f"Fate dice have 3 sides (-1, 0, +1), got sides={self.sides}")
        if self.failure is not None and self.success is None:
            raise NotationError(f"failures (f{_compare_text(self.failure)}) are counted only with a success count")
        # Counted, not listed: a d1000000000 must not take a billion steps to check.
        low, high = self.shown_low, self.shown_high
        faces = high - low + 1
        if self.reroll is not None and not self.reroll.once and self.reroll.condition.count_in(low, high) == faces:
            raise NotationError(f"reroll {self.reroll} matches every face of {self.die}, so it would never stop")
        if self.explode is not None and self.explode.on is not None:
            on = self.explode.on
            if on.op == "=" and on.value == self.max_face:
                # '!=6' on a d6 is plain '!': one spelling, so parse(str(e)) == e.
                object.__setattr__(self, "explode", Explode(kind=self.explode.kind))
        if self.explode is not None and self._explode_count(low, high) == faces:
            raise NotationError(f"{self.die}{self._explode_text()} explodes on every face, so it would never stop")

    @property
    def die(self) -> str:
        """The die alone: ``d6``, ``dF``."""
        return "dF" if self.fate else f"d{self.sides}"

    @property
    def min_face(self) -> int:
        """The lowest face: 1, or -1 for Fate dice."""
        return -1 if self.fate else 1

    @property
    def max_face(self) -> int:
        """The highest face: *sides*, or +1 for Fate dice."""
        return 1 if self.fate else self.sides

    @property
    def faces(self) -> range:
        """Every face, lowest first."""
        return range(self.min_face, self.max_face + 1)

    @property
    def shown_low(self) -> int:
        """The lowest face a die can show (after its clamp)."""
        return self.min_face if self.clamp is None else self.clamp.apply(self.min_face)

    @property
    def shown_high(self) -> int:
        """The highest face a die can show (after its clamp)."""
        return self.max_face if self.clamp is None else self.clamp.apply(self.max_face)

    @property
    def is_basic(self) -> bool:
        """Whether the term uses none of clamp, failures, crit ranges, sorting or compounding/penetrating.

        Such a term rolls, renders and computes exactly as it did before those operators existed.
        """
        return (
            self.clamp is None
            and self.failure is None
            and self.crit is None
            and self.sort is None
            and (self.explode is None or self.explode.kind == "!")
        )

    def face_of(self, rolled: int) -> int:
        """The face a die shows when the source rolled *rolled* (1..sides): Fate dice read ``rolled - 2``."""
        return rolled - 2 if self.fate else rolled

    def explodes(self, face: int) -> bool:
        """Whether a die showing *face* adds another die."""
        if self.explode is None:
            return False
        on = self.explode.on
        return face == self.max_face if on is None else on.matches(face)

    def _explode_count(self, low: int, high: int) -> int:
        """How many faces in ``low..high`` explode."""
        if self.explode is None:
            return 0
        if self.explode.on is None:
            return int(low <= self.max_face <= high)
        return self.explode.on.count_in(low, high)

    def rerolls(self, face: int) -> bool:
        """Whether a die showing *face* is rerolled (ignoring once/repeat)."""
        return self.reroll is not None and self.reroll.condition.matches(face)

    def _explode_text(self) -> str:
        if self.explode is None:
            return ""
        on, kind = self.explode.on, self.explode.kind
        if on is None:
            # A success count right after a bare '!' would read as the explode condition.
            return f"{kind}={self.max_face}" if self.success is not None else kind
        return f"{kind}{on}"

    def __str__(self) -> str:
        parts = [f"{self.count}{self.die}"]
        if self.clamp is not None:
            parts.append(str(self.clamp))
        if self.reroll is not None:
            parts.append(str(self.reroll))
        parts.append(self._explode_text())
        if self.select is not None:
            parts.append(str(self.select))
        if self.success is not None:
            parts.append(str(self.success))
        if self.failure is not None:
            parts.append(f"f{_compare_text(self.failure)}")
        if self.crit is not None:
            parts.append(str(self.crit))
        if self.sort is not None:
            parts.append(f"s{self.sort}")
        return "".join(parts)


def _is_node(_instance: Any, attribute: Any, value: Any) -> None:  # Any: attrs callback
    if not isinstance(value, _NODE_CLASSES):
        raise TypeError(f"{attribute.name} must be an expression node, got {type(value).__name__}")


def nesting(node: Node) -> int:
    """How deeply *node* nests: parentheses a printed node needs, and unary minus signs.

    The same measure as :attr:`Limits.max_depth <tabletop_core.notation.limits.Limits.max_depth>`
    for parsed text. Every node knows its own when it is made, so this costs nothing.
    """
    return 0 if isinstance(node, (Number, Dice)) else node._nesting


def _check_nesting(node: Negate | Sum | Product | Group, level: int) -> None:
    if level > MAX_NESTING:
        raise NotationError(f"an expression may nest at most {MAX_NESTING} levels deep, got {level}")
    object.__setattr__(node, "_nesting", level)


@attrs.frozen
class Negate:
    """Unary minus: ``-1d4``.

    Raises:
        NotationError: the node would nest deeper than
            :data:`~tabletop_core.notation.limits.MAX_NESTING`.
    """

    operand: Node = attrs.field(validator=_is_node)
    _nesting: int = attrs.field(init=False, default=0, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        _check_nesting(self, nesting(self.operand) + 1)

    def __str__(self) -> str:
        return _text(self)


def _operators(allowed: tuple[str, ...]) -> Any:  # Any: an attrs validator
    def validate(instance: Any, attribute: Any, value: Any) -> None:  # Any: attrs callback
        check_type(attribute.name, value, tuple)
        if len(value) != len(instance.operands) - 1:
            raise NotationError(f"{attribute.name} needs one operator between each pair of operands")
        for op in value:
            if op not in allowed:
                raise NotationError(f"{attribute.name} must be drawn from {' '.join(allowed)}, got {clip(op)}")

    return validate


def _operands(_instance: Any, attribute: Any, value: Any) -> None:  # Any: attrs callback
    check_type(attribute.name, value, tuple)
    check_int(f"number of {attribute.name}", len(value), low=2)
    for operand in value:
        if not isinstance(operand, _NODE_CLASSES):
            raise TypeError(f"{attribute.name} must hold expression nodes, got {type(operand).__name__}")


@attrs.frozen
class Sum:
    """Terms added and subtracted left to right: ``1d20 + 5 - 1``.

    Args:
        operands: Two or more nodes.
        operators: ``"+"`` or ``"-"`` between each pair.
    """

    operands: tuple[Node, ...] = attrs.field(validator=_operands)
    operators: tuple[str, ...] = attrs.field(validator=_operators(("+", "-")))
    _nesting: int = attrs.field(init=False, default=0, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        _check_nesting(self, _chain_nesting(self.operands, (Sum,)))

    def __str__(self) -> str:
        return _text(self)


@attrs.frozen
class Product:
    """Factors multiplied and divided left to right; ``/`` divides and rounds down.

    Args:
        operands: Two or more nodes.
        operators: ``"*"`` or ``"/"`` between each pair.
    """

    operands: tuple[Node, ...] = attrs.field(validator=_operands)
    operators: tuple[str, ...] = attrs.field(validator=_operators(("*", "/")))
    _nesting: int = attrs.field(init=False, default=0, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        _check_nesting(self, _chain_nesting(self.operands, (Sum, Product)))

    def __str__(self) -> str:
        return _text(self)


def _chain_nesting(  # Any: node classes
    operands: tuple[Node, ...], printed_in_parentheses: tuple[type[Any], ...]
) -> int:
    # An operand that prints in parentheses (a Sum in a Sum; a Sum or Product in a Product) is one level deeper.
    return max(nesting(operand) + isinstance(operand, printed_in_parentheses) for operand in operands)


def _text(root: Node) -> str:
    """Canonical notation of *root*, built without recursion (one pass over the tree)."""
    done: dict[int, str] = {}
    stack: list[tuple[Node, bool]] = [(root, False)]
    while stack:
        node, children_done = stack.pop()
        if isinstance(node, (Number, Dice)):
            done[id(node)] = str(node)
            continue
        children = (
            (node.operand,) if isinstance(node, Negate) else node.items if isinstance(node, Group) else node.operands
        )
        if not children_done:
            stack.append((node, True))
            stack.extend((child, False) for child in children if id(child) not in done)
            continue
        if isinstance(node, Group):
            done[id(node)] = "{" + ",".join(done[id(item)] for item in node.items) + "}" + node.modifier_text
            continue
        if isinstance(node, Negate):
            inner = done[id(node.operand)]
            done[id(node)] = f"-({inner})" if isinstance(node.operand, (Sum, Product)) else f"-{inner}"
            continue
        # The parser flattens a+b+c into one Sum, so a Sum inside a Sum (or a Sum or
        # Product inside a Product) can only come from parentheses: print them back.
        nested = (Sum,) if isinstance(node, Sum) else (Sum, Product)
        parts = []
        for i, operand in enumerate(node.operands):
            if i:
                parts.append(node.operators[i - 1])
            text = done[id(operand)]
            parts.append(f"({text})" if isinstance(operand, nested) else text)
        done[id(node)] = "".join(parts)
    return done[id(root)]


@attrs.frozen
class Group:
    """A group of rolls: ``{4d6, 3d8}kh1`` keeps the best item total, ``{1d20+5, 1d20+5}>=15`` counts items.

    Each item is a whole expression rolled on its own. Without modifiers the group is the
    sum of its items; keep/drop keeps or drops whole items by their totals (ties keep the
    item written first); a success count counts the kept items whose totals meet it, and
    failures (``f``) take one away for each item meeting them.

    Args:
        items: Two or more expression nodes.
        select: Optional :class:`Select` over the items' totals.
        success: Optional :class:`Comparison`: count the items meeting it.
        failure: Optional :class:`Comparison` (only with *success*): each item meeting it counts -1.

    Raises:
        NotationError: fewer than two items, failures without a success count, or nesting deeper
            than :data:`~tabletop_core.notation.limits.MAX_NESTING`.
    """

    items: tuple[Node, ...] = attrs.field(validator=_operands)
    select: Select | None = attrs.field(default=None, validator=_optional(Select))
    success: Comparison | None = attrs.field(default=None, validator=_optional(Comparison))
    failure: Comparison | None = attrs.field(default=None, validator=_optional(Comparison))
    _nesting: int = attrs.field(init=False, default=0, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        if self.failure is not None and self.success is None:
            raise NotationError(f"failures (f{_compare_text(self.failure)}) are counted only with a success count")
        _check_nesting(self, max(nesting(item) for item in self.items) + 1)

    @property
    def modifier_text(self) -> str:
        """The group's modifiers as written after ``}``: ``kh1``, ``>=15f1``."""
        parts = []
        if self.select is not None:
            parts.append(str(self.select))
        if self.success is not None:
            parts.append(str(self.success))
        if self.failure is not None:
            parts.append(f"f{_compare_text(self.failure)}")
        return "".join(parts)

    def value_of(self, values: tuple[int, ...]) -> tuple[int, tuple[int, ...], tuple[int, ...] | None, tuple[int, ...]]:
        """The group's value from its items' totals: ``(value, dropped, successes, failures)``.

        *dropped*, *successes* and *failures* are item positions; *successes* is ``None``
        when the group sums.

        Raises:
            TypeError: *values* is not a tuple of ints.
        """
        check_type("values", values, tuple)
        values = tuple(as_int("value", value) for value in values)
        kept = list(range(len(values)))
        dropped: tuple[int, ...] = ()
        if self.select is not None:
            highest, keep = self.select.kept(len(values))
            order = sorted(kept, key=lambda i: (-values[i] if highest else values[i], i))
            chosen = set(order[:keep])
            dropped = tuple(i for i in kept if i not in chosen)
            kept = [i for i in kept if i in chosen]
        if self.success is None:
            return sum(values[i] for i in kept), dropped, None, ()
        successes = tuple(i for i in kept if self.success.matches(values[i]))
        failures = tuple(i for i in kept if self.failure is not None and self.failure.matches(values[i]))
        return len(successes) - len(failures), dropped, successes, failures

    def __str__(self) -> str:
        return _text(self)


Node: TypeAlias = Union[Number, Dice, Negate, Sum, Product, Group]  # noqa: UP007 - a runtime alias on Python 3.10
"""Any expression node."""


def dice_terms(node: Node) -> Iterator[Dice]:
    """Every dice term under *node*, left to right (without recursion, so any depth is safe).

    Examples:
        >>> from tabletop_core.notation import parse
        >>> [str(d) for d in dice_terms(parse("1d20+2*(1d4-1d6)").body)]
        ['1d20', '1d4', '1d6']
    """
    stack: list[Node] = [node]
    while stack:
        item = stack.pop()
        if isinstance(item, Dice):
            yield item
        elif isinstance(item, Negate):
            stack.append(item.operand)
        elif isinstance(item, (Sum, Product)):
            stack.extend(reversed(item.operands))
        elif isinstance(item, Group):
            stack.extend(reversed(item.items))


_NODE_CLASSES = (Number, Dice, Negate, Sum, Product, Group)


@attrs.frozen
class Expression:
    """A whole parsed expression: its body and its optional trailing ``[label]``.

    ``str()`` is canonical notation; ``parse(str(e)) == e``.

    Args:
        body: The expression tree.
        label: Text of the trailing label, stripped; an empty label is ``None``.
    """

    body: Node = attrs.field(validator=_is_node)
    label: str | None = attrs.field(default=None)

    @label.validator
    def _check_label(self, _attribute: Any, value: Any) -> None:  # Any: attrs callback
        if value is None:
            return
        check_type("label", value, str)
        if "]" in value:
            raise NotationError(f"a label cannot hold ']', got {clip(value)}")
        index = unsafe_character(value)
        if index is not None:
            raise NotationError(
                f"a label must be one line of plain text: it holds {value[index]!a} at position {index + 1}"
            )

    def __attrs_post_init__(self) -> None:
        if self.label is not None:
            stripped = self.label.strip()
            object.__setattr__(self, "label", stripped or None)

    def __str__(self) -> str:
        body = str(self.body)
        return f"{body} [{self.label}]" if self.label is not None else body
