"""The rows of an oracle table and the further rolls a row asks for, with their Datasworn reader.

A row is a dice range and its text (up to three columns); thousands are read when
a ruleset loads, so the common row (a range and a text) is checked, and built,
inline; anything unusual takes the checked path, which names the JSON path of a
problem. :mod:`.tables` holds the table the rows make up.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any, ClassVar

import attrs

from tabletop_core._frozen import frozen
from tabletop_core._record import Record
from tabletop_core._validate import check_int, check_type, of_type
from tabletop_core.action_roll.datasworn import _data
from tabletop_core.action_roll.datasworn._data import DataswornError, plain_text
from tabletop_core.errors import InvalidInput

__all__ = [
    "DUPLICATE_RULES",
    "MAX_TIMES",
    "PLAIN_ROLL_KEYS",
    "PLAIN_ROW_KEYS",
    "ROW_SETTERS",
    "OracleRoll",
    "OracleRow",
    "parse_dice",
    "read_rolls",
    "read_row",
    "row_span",
]

_new = object.__new__
_set = object.__setattr__

MAX_TIMES = 10
"""The most rolls one row may ask for ("roll three times" is the most the Starforged data asks)."""
_MAX_DICE = 10
_MAX_SIDES = 1000
DUPLICATE_RULES = ("reroll", "keep", "make_it_worse")
_DICE = re.compile(r"([1-9][0-9]*)d([1-9][0-9]*)(?:([+-])([0-9]+))?")


def parse_dice(expression: str, name: str = "dice") -> tuple[int, int, int]:
    """Read a Datasworn dice expression (``1d100``, ``2d6``, ``1d6+2``) as ``(count, sides, modifier)``.

    Raises:
        InvalidInput: not of that shape, more than 10 dice or more than 1000 sides.
        TypeError: *expression* is not a str.
    """
    if type(expression) is str:
        known = _KNOWN_DICE.get(expression)
        if known is not None:
            return known
    check_type(name, expression, str)
    found = _DICE.fullmatch(expression.strip())
    if not found:
        raise InvalidInput(f"{name} must be a dice expression like '1d100' or '1d6+2', got {expression!r}")
    count, sides = int(found[1]), int(found[2])
    modifier = int(found[4] or 0) * (-1 if found[3] == "-" else 1)
    if count > _MAX_DICE or sides > _MAX_SIDES:
        raise InvalidInput(
            f"{name} may roll at most {_MAX_DICE} dice of at most {_MAX_SIDES} sides, got {expression!r}"
        )
    if len(_KNOWN_DICE) < 64:
        _KNOWN_DICE[expression] = (count, sides, modifier)
    return count, sides, modifier


_KNOWN_DICE: dict[str, tuple[int, int, int]] = {}


@frozen
class OracleRoll(Record):
    """A further roll a table row asks for: "roll twice", or a roll on another table.

    Attributes:
        oracle: The id of the table to roll on; ``None`` for the same table.
        times: How many results to take, 1..10.
        auto: Whether the roll is part of the result (Datasworn's ``auto``);
            :func:`roll_table` follows only these, the others are offered to
            the player in :attr:`OracleRow.rolls`.
        duplicates: What to do with a result already taken: ``"reroll"``,
            ``"keep"`` or ``"make_it_worse"`` (kept; they compound).
    """

    oracle: str | None = attrs.field(default=None, validator=_data.optional_str)
    times: int = attrs.field(default=1, validator=lambda _i, _a, v: check_int("times", v, low=1, high=MAX_TIMES))
    auto: bool = attrs.field(default=True, validator=of_type(bool))
    duplicates: str = attrs.field(default="reroll", validator=of_type(str))

    def __attrs_post_init__(self) -> None:
        if self.duplicates not in DUPLICATE_RULES:
            raise InvalidInput(f"duplicates must be one of {', '.join(DUPLICATE_RULES)}, got {self.duplicates!r}")


@frozen
class OracleRow(Record):
    """One row of an oracle table.

    Attributes:
        low: The lowest roll that gives this row; ``None`` for a row shown but
            never rolled (Datasworn's ``min: null``).
        high: The highest roll that gives it (``None`` with *low*).
        text: The result, as Datasworn Markdown.
        text2: A second result column, if the table has one.
        text3: A third result column, if the table has one.
        rolls: Further rolls the row asks for.
        template: How the row's result reads once its rolls are made
            (Datasworn's ``template.text``: ``{{text:<table id>}}`` marks
            where a roll's text goes), if it gives one.

    Raises:
        InvalidInput: only one of low and high is given, or low > high.
        TypeError: a field has the wrong type.
    """

    low: int | None = attrs.field(validator=_data.optional_int)
    high: int | None = attrs.field(validator=_data.optional_int)
    text: str = attrs.field(validator=of_type(str))
    text2: str | None = attrs.field(default=None, validator=_data.optional_str)
    text3: str | None = attrs.field(default=None, validator=_data.optional_str)
    rolls: tuple[OracleRoll, ...] = _data.tuple_field(OracleRoll, default=())
    template: str | None = attrs.field(default=None, validator=_data.optional_str)

    _optional_keys: ClassVar[tuple[str, ...]] = ("template",)

    def __attrs_post_init__(self) -> None:
        for index, roll in enumerate(self.rolls):
            check_type(f"rolls[{index}]", roll, OracleRoll)
        if (self.low is None) != (self.high is None):
            raise InvalidInput(f"low and high must both be ints or both None, got {self.low!r} and {self.high!r}")
        if self.low is not None and self.high is not None and self.low > self.high:
            raise InvalidInput(f"low must not be above high, got {self.low} and {self.high}")

    @property
    def is_rollable(self) -> bool:
        """Whether a roll can land on this row (it has a range)."""
        return self.low is not None

    @property
    def columns(self) -> tuple[str, ...]:
        """The row's result columns as plain text: ``text``, then ``text2`` and ``text3`` where given."""
        return tuple(plain_text(text) for text in (self.text, self.text2, self.text3) if text is not None)

    @property
    def span(self) -> str:
        """The rolls that give this row: ``"5"``, ``"1-40"``, or ``"-"`` for a row never rolled."""
        if self.low is None:
            return "-"
        return str(self.low) if self.low == self.high else f"{self.low}-{self.high}"

    def __str__(self) -> str:
        return f"{self.span} {' · '.join(self.columns)}"


def read_rolls(data: Mapping[str, Any], path: str) -> tuple[OracleRoll, ...]:
    """The ``oracle_rolls`` of a Datasworn row or outcome."""
    rolls = []
    here = f"{path}.oracle_rolls"
    for index, item in enumerate(_data.array(data, "oracle_rolls", path)):
        where = f"{here}[{index}]"
        roll = _data.obj(item, where)
        times = _data.integer(roll, "number_of_rolls", where, required=False)
        auto = _data.get(roll, "auto", where, bool, required=False)
        duplicates = _data.text(roll, "duplicates", where, required=False) or "reroll"
        if times is not None and not 1 <= times <= MAX_TIMES:
            raise DataswornError(f"{where}.number_of_rolls", f"must be 1..{MAX_TIMES}, got {times}")
        if duplicates not in DUPLICATE_RULES:
            raise DataswornError(
                f"{where}.duplicates", f"must be one of {', '.join(DUPLICATE_RULES)}, got {duplicates!r}"
            )
        oracle = _data.text(roll, "oracle", where, required=False)
        built = _new(OracleRoll)  # every part is checked above
        _set(built, "oracle", oracle)
        _set(built, "times", 1 if times is None else times)
        _set(built, "auto", bool(auto))
        _set(built, "duplicates", duplicates)
        rolls.append(built)
    return tuple(rolls)


def plain_rolls(items: Any) -> bool:
    """Whether *items* (a row's ``oracle_rolls``) is a list that :func:`read_rolls` reads without a question.

    ``True`` only for what it reads as given: a dict per roll, ``number_of_rolls`` an int in
    1..MAX_TIMES, ``auto`` a bool, ``duplicates`` one of :data:`DUPLICATE_RULES`, ``oracle`` a
    string (each may be absent or null). Anything else is ``False``: the reader's checked
    path decides, and names the problem. For checking a file at load without building its rows.
    """
    if items.__class__ is not list:
        return False
    for roll in items:
        if roll.__class__ is not dict:
            return False
        times, auto = roll.get("number_of_rolls"), roll.get("auto")
        duplicates, oracle = roll.get("duplicates"), roll.get("oracle")
        if not (
            (times is None or (times.__class__ is int and 1 <= times <= MAX_TIMES))
            and (auto is None or auto.__class__ is bool)
            and (duplicates is None or (duplicates.__class__ is str and duplicates in DUPLICATE_RULES))
            and (oracle is None or oracle.__class__ is str)
        ):
            return False
    return True


PLAIN_ROW_KEYS = frozenset({"min", "max", "text", "_i18n", "icon", "suggestions", "embed_table", "_id"})
"""Keys of a row that needs no more checking than its range and text (the others are display hints)."""
PLAIN_ROLL_KEYS = frozenset({"roll", "text", "_i18n", "icon", "suggestions", "embed_table", "_id"})
"""The same for a row of Datasworn 0.1, whose range is ``roll: {min, max}``."""
CHECKED_ROW_KEYS = PLAIN_ROW_KEYS | {"text2", "text3", "oracle_rolls"}
"""Keys of a row whose other columns and rolls a check at load reads inline too (:func:`plain_rolls`)."""
_SPAN_KEYS = frozenset({"min", "max"})


def row_span(row: dict[str, Any]) -> tuple[Any, Any]:
    """A 0.1 row's ``roll: {min, max}`` when it is exactly that, else ``(None, None)`` (the checked path reads it)."""
    span = row["roll"]
    if span.__class__ is dict and span.keys() <= _SPAN_KEYS:
        return span.get("min"), span.get("max")
    return None, None


ROW_SETTERS = tuple(
    getattr(OracleRow, name).__set__ for name in ("low", "high", "text", "text2", "text3", "rolls", "template")
)


def _fast_row(data: dict[str, Any]) -> OracleRow | None:
    # The common row, checked inline and built without re-running the field checks
    # (thousands of rows in a ruleset); anything unusual takes the checked path.
    get = data.get
    low = get("min")
    high = get("max")
    text = get("text")
    text2 = get("text2")
    text3 = get("text3")
    if type(text) is not str or get("oracle_rolls") or get("template") is not None:
        return None
    if (text2 is not None and type(text2) is not str) or (text3 is not None and type(text3) is not str):
        return None
    if not (
        (type(low) is int and type(high) is int and low <= high)
        or (low is None and high is None and get("roll") is None)
    ):
        return None
    row = _new(OracleRow)
    set_low, set_high, set_text, set_text2, set_text3, set_rolls, set_template = ROW_SETTERS
    set_low(row, low)
    set_high(row, high)
    set_text(row, text)
    set_text2(row, text2)
    set_text3(row, text3)
    set_rolls(row, ())
    set_template(row, None)
    return row


def read_row(data: Mapping[str, Any], path: str) -> OracleRow:
    """One Datasworn table row (``min``/``max``, or Datasworn 0.1's ``roll: {min, max}``)."""
    fast = _fast_row(data) if type(data) is dict else None
    if fast is not None:
        return fast
    where = path
    if "roll" in data and "min" not in data:
        span = _data.get(data, "roll", path, dict, required=False)
        where = f"{path}.roll"
        data = {**data, **(span or {"min": None, "max": None})}
    low = _data.integer(data, "min", where, required=False)
    high = _data.integer(data, "max", where, required=False)
    if (low is None) != (high is None):
        raise DataswornError(path, f"min and max must both be integers or both null, got {low!r} and {high!r}")
    if low is not None and low > high:
        raise DataswornError(path, f"min {low} is above max {high}")
    text = _data.text(data, "text", path, required=False)
    text2 = _data.text(data, "text2", path, required=False)
    text3 = _data.text(data, "text3", path, required=False)
    rolls = read_rolls(data, path) if "oracle_rolls" in data else ()
    template = _data.get(data, "template", path, dict, required=False)
    said = _data.text(template, "text", f"{path}.template", required=False) if template else None
    return OracleRow(low, high, text or "", text2, text3, rolls, said)
