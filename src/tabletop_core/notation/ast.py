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
    >>> e.body.operands[0].select
    Select(kind='kh', count=3)
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
    "COMPUTED_SIDES",
    "EXPLODE_KINDS",
    "FUNCTIONS",
    "SELECT_KINDS",
    "SORT_ORDERS",
    "Call",
    "Clamp",
    "Comparison",
    "ComputedDice",
    "Crit",
    "Dice",
    "Explode",
    "Expression",
    "Group",
    "Labeled",
    "Negate",
    "Node",
    "Number",
    "Product",
    "Reroll",
    "Select",
    "Sum",
    "Variable",
    "dice_terms",
    "walk",
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

    def choose(self, values: tuple[int, ...]) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """Which of *values* are kept and which dropped, as positions in order: ties keep the first.

        Raises:
            TypeError: *values* is not a tuple of ints.

        Examples:
            >>> Select("kh", 2).choose((3, 6, 3))
            ((0, 1), (2,))
        """
        check_type("values", values, tuple)
        values = tuple(as_int("value", value) for value in values)
        highest, keep = self.kept(len(values))
        order = sorted(range(len(values)), key=lambda i: (-values[i] if highest else values[i], i))
        chosen = set(order[:keep])
        return tuple(i for i in range(len(values)) if i in chosen), tuple(
            i for i in range(len(values)) if i not in chosen
        )

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
        unique: ``u``: a die showing a face an earlier die of the term shows is rolled again
            (the dice come out all different, as if drawn without replacement).
        unique_once: ``uo`` (rpg-dice-roller's "unique once"): a die showing a face an earlier
            die of the term shows is rolled again once, and keeps what it rolls then (it may
            still be a duplicate).

    Raises:
        NotationError: a reroll that matches every face (it would never stop),
            an explosion that matches every face, Fate dice without 3 sides, or
            failures without a success count, or unique dice (``u``) with a clamp, a
            reroll once, an explosion, or more dice than faces to show, or ``uo`` with a
            clamp, a reroll, an explosion or ``u``.
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
    unique: bool = attrs.field(default=False, validator=of_type(bool))
    unique_once: bool = attrs.field(default=False, validator=of_type(bool))

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
        if self.unique:
            self._check_unique(faces)
        if self.unique_once and (self.unique or self.clamp or self.explode or self.reroll):
            raise NotationError(f"{self.die}: unique once (uo) takes no u, clamp, reroll or explosion")
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

    def _check_unique(self, faces: int) -> None:
        if self.clamp is not None or self.explode is not None or (self.reroll is not None and self.reroll.once):
            raise NotationError(f"{self.die}: unique dice (u) take no clamp, reroll once or explosion")
        if self.reroll is not None:
            faces -= self.reroll.condition.count_in(self.min_face, self.max_face)
        if self.count > faces:
            raise NotationError(f"unique dice need at least as many faces as dice: {self.count} dice, {faces} faces")

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
        """Whether the term uses none of clamp, failures, crit ranges, sorting, unique or compounding/penetrating.

        Such a term rolls, renders and computes exactly as it did before those operators existed.
        """
        return (
            self.clamp is None
            and self.failure is None
            and self.crit is None
            and self.sort is None
            and not self.unique
            and not self.unique_once
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
        if self.unique:
            parts.append("u")
        if self.unique_once:
            parts.append("uo")
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
    if not isinstance(value, NODE_TYPES):
        raise TypeError(f"{attribute.name} must be an expression node, got {type(value).__name__}")


def nesting(node: Node) -> int:
    """How deeply *node* nests: parentheses a printed node needs, and unary minus signs.

    The same measure as :attr:`Limits.max_depth <tabletop_core.notation.limits.Limits.max_depth>`
    for parsed text. Every node knows its own when it is made, so this costs nothing.
    """
    return 0 if isinstance(node, LEAF_TYPES) else node._nesting


def _check_nesting(node: Any, level: int) -> None:  # Any: every node with children
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
        if not isinstance(operand, NODE_TYPES):
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
        if isinstance(node, LEAF_TYPES):
            done[id(node)] = str(node)
            continue
        children = children_of(node)
        if not children_done:
            stack.append((node, True))
            stack.extend((child, False) for child in children if id(child) not in done)
            continue
        if isinstance(node, Group):
            done[id(node)] = "{" + ", ".join(done[id(item)] for item in node.items) + "}" + node.modifier_text
            continue
        if isinstance(node, Negate):
            inner = done[id(node.operand)]
            done[id(node)] = f"-({inner})" if isinstance(node.operand, (Sum, Product)) else f"-{inner}"
            continue
        if not isinstance(node, (Sum, Product)):
            done[id(node)] = node._print([done[id(child)] for child in children])
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
        kept: tuple[int, ...] = tuple(range(len(values)))
        dropped: tuple[int, ...] = ()
        if self.select is not None:
            kept, dropped = self.select.choose(values)
        if self.success is None:
            return sum(values[i] for i in kept), dropped, None, ()
        successes = tuple(i for i in kept if self.success.matches(values[i]))
        failures = tuple(i for i in kept if self.failure is not None and self.failure.matches(values[i]))
        return len(successes) - len(failures), dropped, successes, failures

    def __str__(self) -> str:
        return _text(self)


Node: TypeAlias = Union[Number, Dice, Negate, Sum, Product, Group, "Variable", "Labeled", "Call", "ComputedDice"]
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
        else:
            stack.extend(reversed(children_of(item)))


@attrs.frozen
class Expression:
    """A whole parsed expression: its body, its optional trailing ``[label]`` and what surrounds them.

    ``str()`` is canonical notation; ``parse(str(e)) == e``.

    Args:
        body: The expression tree.
        label: Text of the trailing label, stripped; an empty label is ``None``. Without
            ``vs``, an expression whose terms carry labels (:class:`Labeled`) has none of its
            own: a label at its end labels its last term. With ``vs``, a label after the target
            is always the roll's own, beside any labelled terms (``1d4 [fire]+2 vs 3 [hit]``),
            and a target ending in a labelled term prints in parentheses (``vs (1d4 [t])``).
            A lone label at the end of the body or the target (right before ``vs``, or at the
            very end) is the expression's label.
        comment: Free text after ``#`` at the end (``1d20+5 # sneak attack``), stripped, or ``None``.
        target: The number (or expression) after ``vs``: the roll succeeds when its total is at
            least the target's value (``1d20+5 vs 15``), or ``None``.
        repeat: How many independent results ``Nx`` asks for (``6x 4d6kh3``); 1 when not repeated.

    Raises:
        NotationError: a label or comment that is not one line of plain text, a label holding
            ``]``, a trailing label on an expression without ``vs`` whose terms are labelled, or a
            repeat below 1.
    """

    body: Node = attrs.field(validator=_is_node)
    label: str | None = attrs.field(default=None)
    comment: str | None = attrs.field(default=None)
    target: Node | None = attrs.field(default=None, validator=attrs.validators.optional(_is_node))
    repeat: int = int_field(low=1, high=MAX_NUMBER, default=1)

    @label.validator
    def _check_label(self, _attribute: Any, value: Any) -> None:  # Any: attrs callback
        if value is not None:
            check_label_text("label", value)

    @comment.validator
    def _check_comment(self, _attribute: Any, value: Any) -> None:  # Any: attrs callback
        if value is not None:
            check_label_text("comment", value, closing="")

    def __attrs_post_init__(self) -> None:
        if self.label is not None:
            stripped = self.label.strip()
            object.__setattr__(self, "label", stripped or None)
        if self.comment is not None:
            object.__setattr__(self, "comment", self.comment.strip() or None)
        last = self.target if self.target is not None else self.body
        labels = sum(isinstance(node, Labeled) for node in walk(self.body)) + (
            0 if self.target is None else sum(isinstance(node, Labeled) for node in walk(self.target))
        )
        if labels and self.label is not None and self.target is None:
            raise NotationError(
                f"an expression whose terms are labelled has no trailing label of its own (label its last term), "
                f"got label {clip(self.label)}"
            )
        if labels == 1 and self.target is not None and _trailing_label(self.body) is not None:
            # One label, written right before 'vs' (1d20+5 [attack] vs 15), labels the roll too.
            last = self.body
        trailing = _trailing_label(last)
        if labels == 1 and trailing is not None and self.label is None:
            # One label, written last, is the whole expression's label (as text reads it): one spelling.
            unwrapped = _without_trailing_label(last)
            object.__setattr__(self, "label", trailing.label)
            object.__setattr__(self, "target" if last is self.target else "body", unwrapped)

    def __str__(self) -> str:
        text = str(self.body)
        if self.repeat != 1:
            text = f"{self.repeat}x {text}"
        if self.target is not None:
            # A label written last after the target is the roll's own: a target ending in a
            # labelled term prints in parentheses (vs (1d4 [t])).
            target = str(self.target)
            text += f" vs ({target})" if _trailing_label(self.target) is not None else f" vs {target}"
        if self.label is not None:
            text += f" [{self.label}]"
        if self.comment is not None:
            text += f" # {self.comment}"
        return text


def check_label_text(name: str, value: object, closing: str = "]") -> str:
    """Check a label's (or comment's) text: a str of one line of plain text, without *closing*.

    Raises:
        TypeError: *value* is not a str.
        NotationError: it holds *closing* or a character that is not plain one-line text.
    """
    check_type(name, value, str)
    assert isinstance(value, str)  # for mypy: check_type raised otherwise
    if closing and closing in value:
        raise NotationError(f"a {name} cannot hold {closing!r}, got {clip(value)}")
    index = unsafe_character(value)
    if index is not None:
        raise NotationError(
            f"a {name} must be one line of plain text: it holds {value[index]!a} at position {index + 1}"
        )
    return value


# -- expression-level nodes: names, labels on terms, functions, computed dice ---------------------


VARIABLE_NAME_LENGTH = 64
"""Most characters of a named value (``@strength``)."""


def _is_name(text: str) -> bool:
    return (
        0 < len(text) <= VARIABLE_NAME_LENGTH
        and text.isascii()
        and (text[0].isalpha() or text[0] == "_")
        and all(char.isalnum() or char == "_" for char in text)
        and text == text.lower()
    )


@attrs.frozen
class Variable:
    """A named value from a character sheet: ``@str``, ``@level``.

    Its value comes from the ``variables=`` mapping given to :func:`~tabletop_core.notation.parse`,
    :func:`~tabletop_core.notation.roll` or :func:`~tabletop_core.notation.distribution`; names are
    read in lower case (``@STR`` is ``@str``).

    Args:
        name: Letters, digits and ``_``, starting with a letter or ``_``, lower case, at most
            :data:`VARIABLE_NAME_LENGTH` characters.
    """

    name: str = attrs.field()

    @name.validator
    def _check_name(self, _attribute: Any, value: Any) -> None:  # Any: attrs callback
        check_type("name", value, str)
        if not _is_name(value):
            raise NotationError(
                "a variable name is lower-case letters, digits and '_' (not starting with a digit), "
                f"at most {VARIABLE_NAME_LENGTH} characters, got {clip(value)}"
            )

    def __str__(self) -> str:
        return f"@{self.name}"


def _nested_printing(node: Node) -> bool:
    """Whether *node* prints in parentheses as the operand of a label."""
    return isinstance(node, (Sum, Product, Negate, Labeled))


@attrs.frozen
class Labeled:
    """A term with a label of its own: ``1d20 [fire] + 1d4 [cold]`` (Roll20's inline labels).

    The value is the term's; the label is carried into the result (its ``labels`` and JSON).

    Args:
        operand: The labelled term.
        label: One line of plain text without ``]``, stripped, not empty.

    Raises:
        NotationError: an empty label, or one that is not one line of plain text.
    """

    operand: Node = attrs.field(validator=_is_node)
    label: str = attrs.field()
    _nesting: int = attrs.field(init=False, default=0, eq=False, repr=False)

    @label.validator
    def _check_label(self, _attribute: Any, value: Any) -> None:  # Any: attrs callback
        check_label_text("label", value)
        if not value.strip():
            raise NotationError("a term's label cannot be empty")

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "label", self.label.strip())
        _check_nesting(self, nesting(self.operand) + _nested_printing(self.operand))

    def _print(self, parts: list[str]) -> str:
        inner = f"({parts[0]})" if _nested_printing(self.operand) else parts[0]
        return f"{inner} [{self.label}]"

    def __str__(self) -> str:
        return _text(self)


FUNCTIONS = ("floor", "ceil", "round", "abs", "min", "max")
"""The math functions: ``floor(x) ceil(x) round(x) abs(x) min(a, b, ...) max(a, b, ...)``."""

ROUNDING_FUNCTIONS = ("floor", "ceil", "round")
"""The functions whose argument divides exactly (``ceil(1d6/2)`` rounds 3.5 up to 4)."""


@attrs.frozen
class Call:
    """A math function: ``floor(1d20/2)``, ``ceil(1d6/2)``, ``round(7/2)``, ``abs(1d6-1d6)``, ``max(1d6, 3)``.

    Inside ``floor``, ``ceil`` and ``round``, ``/`` divides exactly and the function rounds
    the result (``round`` rounds halves up, as Roll20 does: ``round(5/2)`` is 3, ``round(-5/2)``
    is -2). Everywhere else ``/`` divides and rounds down, as it always has.

    Args:
        name: One of :data:`FUNCTIONS`.
        args: One node for ``floor ceil round abs``; two or more for ``min`` and ``max``.

    Raises:
        NotationError: an unknown function or the wrong number of arguments.
    """

    name: str = attrs.field(validator=_one_of(FUNCTIONS))
    args: tuple[Node, ...] = attrs.field()
    _nesting: int = attrs.field(init=False, default=0, eq=False, repr=False)

    @args.validator
    def _check_args(self, attribute: Any, value: Any) -> None:  # Any: attrs callback
        check_type(attribute.name, value, tuple)
        for arg in value:
            if not isinstance(arg, NODE_TYPES):
                raise TypeError(f"args must hold expression nodes, got {type(arg).__name__}")
        if self.name in ("min", "max"):
            if len(value) < 2:
                raise NotationError(f"{self.name}() takes two or more values, got {len(value)}")
        elif len(value) != 1:
            raise NotationError(f"{self.name}() takes one value, got {len(value)}")
        if self.name in ROUNDING_FUNCTIONS:
            for node in walk(value[0]):
                if isinstance(node, Labeled) and may_be_fraction(node.operand):
                    # Inside floor/ceil/round '/' divides exactly; a label's value is a whole number.
                    raise NotationError(
                        f"a label inside {self.name}() labels a whole-number term, but {node.operand} can be "
                        f"a fraction there: label a term without '/' ({self.name}(1d6 [fire] / 2)) "
                        f"or the {self.name}() itself"
                    )

    def __attrs_post_init__(self) -> None:
        _check_nesting(self, max(nesting(arg) for arg in self.args) + 1)

    def _print(self, parts: list[str]) -> str:
        return f"{self.name}({', '.join(parts)})"

    def __str__(self) -> str:
        return _text(self)


COMPUTED_SIDES = _MAX_DIE
"""The sides of the one-die modifier template of a :class:`ComputedDice` whose sides are computed
(the template stands for every size the term can come to)."""


@attrs.frozen
class ComputedDice:
    """Dice whose count or sides are rolled or computed: ``(1d4+1)d6``, ``2d(1d6+4)``, ``(@level)d6``.

    The count and sides are worked out first (their dice are rolled first, count before
    sides), then that many dice of that many sides are rolled. A count of 0 rolls no dice
    (the term is 0); a negative count, or fewer than 1 side, is a
    :class:`~tabletop_core.notation.NotationError` when rolled (and for exact odds, when
    possible at all). The exact odds are the mixture over every count and size.

    The term takes every modifier a dice term takes (``(@pool)d10>=8``, ``(1d4+1)d6kh2``,
    ``2d(1d6+4)kh1``, ``(1d4)d(1d6+2)!``): *dice* holds them, as one die of the term. A modifier
    that does not fit the size the sides come to (``r<3`` on 2 sides rerolls every face) is a
    :class:`~tabletop_core.notation.NotationError` when rolled, and for exact odds when possible.

    Args:
        count: The number of dice.
        sides: The faces per die.
        dice: The modifiers, as a one-die :class:`Dice` (``1d10>=8``), or ``None`` for plain
            dice (a one-die term without modifiers is ``None`` too). With plain sides it has
            those sides; with computed sides its sides are set to :data:`COMPUTED_SIDES` (any
            sides given are replaced).

    Raises:
        NotationError: both are plain numbers of at least 1 (write ``2d6``: :class:`Dice`),
            *dice* is not one die (with *sides* faces when they are plain), or computed sides
            with Fate dice, or with a bare ``!`` and a success count (write the explosion's faces:
            ``!>=6``).
    """

    count: Node = attrs.field(validator=_is_node)
    sides: Node = attrs.field(validator=_is_node)
    dice: Dice | None = attrs.field(default=None, validator=_optional(Dice))
    _nesting: int = attrs.field(init=False, default=0, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        if isinstance(self.count, Number) and self.count.value >= 1 and isinstance(self.sides, Number):
            raise NotationError(f"{self.count.value}d{self.sides.value} is a plain dice term: use Dice")
        dice = self.dice
        if dice is not None and dice == Dice(1, dice.sides):
            object.__setattr__(self, "dice", None)  # no modifiers: one spelling, as the parser gives
            dice = None
        if dice is not None:
            plain_sides = isinstance(self.sides, Number)
            if dice.count != 1 or (plain_sides and self.sides.value != dice.sides):  # type: ignore[union-attr]
                raise NotationError(
                    f"the modifiers of a computed dice term are one die with its sides ({self.sides}), got {dice}"
                )
            if not plain_sides:
                if dice.fate:
                    raise NotationError(f"dice with computed sides ({self.sides}) cannot be Fate dice")
                if dice.explode is not None and dice.explode.on is None and dice.success is not None:
                    raise NotationError(
                        f"with computed sides ({self.sides}) a bare '!' before a success count would read as "
                        "the explosion's faces: write them (!>=6)"
                    )
                if dice.sides != COMPUTED_SIDES:
                    object.__setattr__(self, "dice", attrs.evolve(dice, sides=COMPUTED_SIDES))
        _check_nesting(self, max(nesting(self.count) + 1, nesting(self.sides) + 1))

    def with_count(self, count: int) -> Dice:
        """The plain dice term this comes to with *count* dice (at least 1) of a known size.

        Raises:
            NotationError: the sides are not a plain number, or *count* is below 1.
        """
        if not isinstance(self.sides, Number):
            raise NotationError(f"{self}: the sides are not known before rolling")
        if self.dice is None:
            return Dice(count, self.sides.value)
        return attrs.evolve(self.dice, count=count)

    def term(self, count: int, sides: int) -> Dice:
        """The plain dice term this comes to with *count* dice (at least 1) of *sides* faces.

        Raises:
            NotationError: *count* or *sides* below 1, or a modifier that does not fit that
                size (``r<3`` on 2 sides); the message names this term.
        """
        if self.dice is None:
            return Dice(count, sides)
        try:
            return attrs.evolve(self.dice, count=count, sides=sides)
        except NotationError as error:
            raise NotationError(f"{self} came to {count}d{sides}: {error}") from None

    @property
    def modifier_text(self) -> str:
        """The modifiers as written after the sides: ``kh1``, ``>=8``, ``!``; empty for none."""
        if self.dice is None:
            return ""
        return str(self.dice)[len(f"1{self.dice.die}") :]

    @property
    def count_in_parentheses(self) -> bool:
        """Whether the count prints in parentheses (anything but a plain number of at least 1)."""
        return not (isinstance(self.count, Number) and self.count.value >= 1)

    def _print(self, parts: list[str]) -> str:
        count = f"({parts[0]})" if self.count_in_parentheses else parts[0]
        if self.dice is not None and self.dice.fate:
            sides = "F"
        else:
            sides = parts[1] if isinstance(self.sides, Number) else f"({parts[1]})"
        return f"{count}d{sides}{self.modifier_text}"

    def __str__(self) -> str:
        return _text(self)


NODE_TYPES = (Number, Dice, Negate, Sum, Product, Group, Variable, Labeled, Call, ComputedDice)
"""Every class of expression node."""

LEAF_TYPES = (Number, Dice, Variable)
"""The nodes without children."""


def may_be_fraction(node: Node) -> bool:
    """Whether *node* can come to a fraction where ``/`` divides exactly (inside ``floor``, ``ceil``, ``round``).

    Only a ``/`` can make one; ``floor``, ``ceil`` and ``round`` make it whole again, and dice
    counts, sides and group items always divide rounding down. Walked without recursion.

    Examples:
        >>> from tabletop_core.notation import parse
        >>> may_be_fraction(parse("1d6/2+1").body), may_be_fraction(parse("floor(1d6/2)+1").body)
        (True, False)
    """
    stack: list[Node] = [node]
    while stack:
        item = stack.pop()
        if isinstance(item, Product) and "/" in item.operators:
            return True
        if isinstance(item, (Sum, Product, Negate, Labeled)) or (
            isinstance(item, Call) and item.name not in ROUNDING_FUNCTIONS
        ):
            stack.extend(children_of(item))
    return False


def children_of(node: Node) -> tuple[Node, ...]:
    """The child nodes of *node*, left to right as printed (none for a leaf)."""
    if isinstance(node, (Sum, Product)):
        return node.operands
    if isinstance(node, (Negate, Labeled)):
        return (node.operand,)
    if isinstance(node, Call):
        return node.args
    if isinstance(node, ComputedDice):
        return (node.count, node.sides)
    if isinstance(node, Group):
        return node.items
    return ()


_CHILD_FIELDS = {Sum: "operands", Product: "operands", Group: "items", Call: "args"}


def with_children(node: Node, children: tuple[Node, ...]) -> Node:
    """*node* with its children (as :func:`children_of` gives them) replaced by *children*."""
    if isinstance(node, (Negate, Labeled)):
        return attrs.evolve(node, operand=children[0])
    if isinstance(node, ComputedDice):
        return attrs.evolve(node, count=children[0], sides=children[1])
    field = _CHILD_FIELDS.get(type(node))
    if field is None:
        return node  # a leaf
    changes: dict[str, Any] = {field: children}  # Any: attrs.evolve's keywords
    return attrs.evolve(node, **changes)


def walk(node: Node) -> Iterator[Node]:
    """Every node under *node* (itself included), parents before children, left to right; no recursion."""
    stack: list[Node] = [node]
    while stack:
        item = stack.pop()
        yield item
        stack.extend(reversed(children_of(item)))


def _trailing_label(node: Node) -> Labeled | None:
    """The label printed last in *node*'s notation, if the text ends with one."""
    while True:
        if isinstance(node, Labeled):
            return node
        if isinstance(node, (Sum, Product)):
            node = node.operands[-1]
        elif isinstance(node, Negate):
            node = node.operand
        else:
            return None


def _without_trailing_label(node: Node) -> Node:
    """*node* with its trailing label (:func:`_trailing_label`) taken off."""
    if isinstance(node, Labeled):
        return node.operand
    if isinstance(node, (Sum, Product)):
        return attrs.evolve(node, operands=(*node.operands[:-1], _without_trailing_label(node.operands[-1])))
    assert isinstance(node, Negate)
    return Negate(_without_trailing_label(node.operand))
