"""The expression tree of the default dialect around its dice terms: sums, groups, labels, functions.

:func:`~tabletop_core.notation.parse` builds these; they can also be built by hand.
``str()`` of any node is canonical notation, and parsing it gives an equal node:
``parse(str(e)) == e``. Parentheses are not nodes: ``(1d6)`` is ``1d6``, and ``str()``
puts parentheses back exactly where precedence needs them. Every node knows how deeply
it nests when it is made, and nothing here recurses, so no depth can overflow the stack.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, TypeAlias, Union

import attrs

from tabletop_core._frozen import frozen
from tabletop_core._validate import as_int, check_int, check_type, clip, of_type, unsafe_character
from tabletop_core.notation._default.terms import MAX_DIE, Comparison, Dice, Number, Select, compare_text, one_of
from tabletop_core.notation.errors import NotationError
from tabletop_core.notation.limits import MAX_NESTING

__all__ = [
    "COMPUTED_SIDES",
    "FUNCTIONS",
    "LEAF_TYPES",
    "NODE_TYPES",
    "ROUNDING_FUNCTIONS",
    "VARIABLE_NAME_LENGTH",
    "Call",
    "ComputedDice",
    "Group",
    "Labeled",
    "Negate",
    "Node",
    "Product",
    "Sum",
    "Variable",
    "check_label_text",
    "children_of",
    "is_node",
    "may_be_fraction",
    "nesting",
    "walk",
]


def _optional(kind: type[Any]) -> Any:  # Any: an attrs validator for any class
    return attrs.validators.optional(of_type(kind))


def is_node(_instance: Any, attribute: Any, value: Any) -> None:  # Any: attrs callback
    """An attrs validator: *value* is an expression node (else a TypeError naming the field)."""
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


@frozen
class Negate:
    """Unary minus: ``-1d4``.

    Raises:
        NotationError: the node would nest deeper than
            :data:`~tabletop_core.notation.limits.MAX_NESTING`.
    """

    operand: Node = attrs.field(validator=is_node)
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


@frozen
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


@frozen
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


@frozen
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
            raise NotationError(f"failures (f{compare_text(self.failure)}) are counted only with a success count")
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
            parts.append(f"f{compare_text(self.failure)}")
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


@frozen
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


@frozen
class Labeled:
    """A term with a label of its own: ``1d20 [fire] + 1d4 [cold]`` (Roll20's inline labels).

    The value is the term's; the label is carried into the result (its ``labels`` and JSON).

    Args:
        operand: The labelled term.
        label: One line of plain text without ``]``, stripped, not empty.

    Raises:
        NotationError: an empty label, or one that is not one line of plain text.
    """

    operand: Node = attrs.field(validator=is_node)
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


@frozen
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

    name: str = attrs.field(validator=one_of(FUNCTIONS))
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


COMPUTED_SIDES = MAX_DIE
"""The sides of the one-die modifier template of a :class:`ComputedDice` whose sides are computed
(the template stands for every size the term can come to)."""


@frozen
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

    count: Node = attrs.field(validator=is_node)
    sides: Node = attrs.field(validator=is_node)
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


def walk(node: Node) -> Iterator[Node]:
    """Every node under *node* (itself included), parents before children, left to right; no recursion."""
    stack: list[Node] = [node]
    while stack:
        item = stack.pop()
        yield item
        stack.extend(reversed(children_of(item)))
