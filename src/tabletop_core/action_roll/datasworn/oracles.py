"""Oracle tables: rows with dice ranges, rolls that follow "roll twice" and references, exact odds.

A table comes from Datasworn data (:func:`~tabletop_core.action_roll.datasworn.load`)
or from your own rows (:meth:`OracleTable.from_rows`, :meth:`OracleTable.from_csv`,
:meth:`OracleTable.from_datasworn`). :func:`roll_table` draws the table's dice,
finds the row, and follows what the row asks for: "roll twice" on the same
table, or a roll on another table (given the ruleset that holds it).

Examples:
    >>> from tabletop_core import ScriptedDice
    >>> from tabletop_core.action_roll.datasworn import OracleTable, roll_table
    >>> weather = OracleTable.from_rows("Weather", [(1, 60, "Clear"), (61, 90, "Storm"), (91, 100, "Ion squall")])
    >>> str(roll_table(weather, rng=ScriptedDice([72])))
    'Weather (1d100): 72 -> Storm'
    >>> str(weather.odds().probability(weather.rows[0]))
    '3/5'
"""

from __future__ import annotations

import csv
import io
import os
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, ClassVar

import attrs

from tabletop_core._record import Record
from tabletop_core._validate import check_int, check_type, clip, of_type
from tabletop_core.action_roll.datasworn import _data
from tabletop_core.action_roll.datasworn._data import DataswornError, plain_text
from tabletop_core.action_roll.oracle import is_oracle_match
from tabletop_core.errors import InvalidInput, RuleError
from tabletop_core.odds import Distribution
from tabletop_core.rng import DiceSource, GeneratorDice, RngLike, dice_source

__all__ = [
    "MAX_FOLLOW_DEPTH",
    "Coverage",
    "OracleRoll",
    "OracleRow",
    "OracleTable",
    "TableRoll",
    "roll_table",
]

MAX_FOLLOW_DEPTH = 8
"""How deep :func:`roll_table` follows rows that ask for more rolls (a loop in the data stops here)."""
MAX_TIMES = 10
"""The most rolls one row may ask for ("roll three times" is the most the Starforged data asks)."""
_MAX_DICE = 10
_MAX_SIDES = 1000
_DUPLICATES = ("reroll", "keep", "make_it_worse")
_new = object.__new__
_set = object.__setattr__
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


@attrs.frozen
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
        if self.duplicates not in _DUPLICATES:
            raise InvalidInput(f"duplicates must be one of {', '.join(_DUPLICATES)}, got {self.duplicates!r}")


@attrs.frozen
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

    def __str__(self) -> str:
        if self.low is None:
            span = "-"
        elif self.low == self.high:
            span = str(self.low)
        else:
            span = f"{self.low}-{self.high}"
        return f"{span} {plain_text(self.text)}"


@attrs.frozen
class Coverage(Record):
    """Which rolls of a table's dice land on no row, or on more than one.

    Attributes:
        table_id: The table checked.
        gaps: Ranges ``(low, high)`` of rolls that give no row.
        overlaps: Rolls that more than one row claims.
        unreachable: Indexes of rows whose range lies outside what the dice can roll.
    """

    _derived: ClassVar[tuple[str, ...]] = ("is_complete",)

    table_id: str = attrs.field(validator=of_type(str))
    gaps: tuple[tuple[int, int], ...] = _data.tuple_field(tuple)
    overlaps: tuple[int, ...] = _data.tuple_field(int)
    unreachable: tuple[int, ...] = _data.tuple_field(int, default=())

    @property
    def is_complete(self) -> bool:
        """Whether every roll gives exactly one row and every row can be rolled."""
        return not (self.gaps or self.overlaps or self.unreachable)

    def __str__(self) -> str:
        if self.is_complete:
            return f"{self.table_id}: every roll gives exactly one row"
        parts = []
        if self.gaps:
            parts.append("no row for " + ", ".join(f"{a}" if a == b else f"{a}-{b}" for a, b in self.gaps))
        if self.overlaps:
            parts.append("several rows for " + ", ".join(str(value) for value in _runs_text(self.overlaps)))
        if self.unreachable:
            parts.append("rows out of the dice's range: " + ", ".join(str(i) for i in self.unreachable))
        return f"{self.table_id}: " + "; ".join(parts)


def _runs_text(values: Sequence[int]) -> list[str]:
    runs: list[str] = []
    for low, high in _runs(values):
        runs.append(str(low) if low == high else f"{low}-{high}")
    return runs


def _runs(values: Sequence[int]) -> list[tuple[int, int]]:
    runs: list[tuple[int, int]] = []
    for value in values:
        if runs and runs[-1][1] == value - 1:
            runs[-1] = (runs[-1][0], value)
        else:
            runs.append((value, value))
    return runs


def _rows(value: Any) -> tuple[OracleRow, ...]:
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise TypeError(f"rows must be a sequence of OracleRow, got {type(value).__name__} {value!r}")
    rows = tuple(value)
    for index, row in enumerate(rows):
        check_type(f"rows[{index}]", row, OracleRow)
    return rows


@attrs.frozen
class OracleTable(Record):
    """A rollable oracle table: dice and the rows they select.

    Attributes:
        id: The table's id (its Datasworn ``_id``, or a name of your own).
        name: The name shown in results.
        rows: The rows, in order.
        dice: The dice rolled, as Datasworn writes them: ``1d100`` (the
            default), ``1d10``, ``2d6``, ``1d6+2``.
        match_text: What a match means on this table (Datasworn's ``match``),
            for 1d100 tables that give one.

    Raises:
        InvalidInput: *dice* is not a dice expression, or there are no rows.
        TypeError: a field has the wrong type.
    """

    id: str = attrs.field(validator=of_type(str))
    name: str = attrs.field(validator=of_type(str))
    rows: tuple[OracleRow, ...] = attrs.field(converter=_rows)
    dice: str = attrs.field(default="1d100", validator=of_type(str))
    match_text: str | None = attrs.field(default=None, validator=_data.optional_str)
    _lookup: tuple[OracleRow | None, ...] | None = attrs.field(init=False, default=None, eq=False, repr=False)
    _spec: tuple[int, int, int] = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        if not self.rows:
            raise InvalidInput(f"table {self.id!r} must have at least one row")
        object.__setattr__(self, "_spec", parse_dice(self.dice))

    def _by_roll(self) -> tuple[OracleRow | None, ...]:
        # Which row each roll lands on, looked up by position: rolling is then one index.
        # Built on first use (a cache, not part of the value), so loading a ruleset stays fast.
        if self._lookup is not None:
            return self._lookup
        count, sides, modifier = self._spec
        low = count + modifier
        size = count * sides + modifier - low + 1
        lookup: list[OracleRow | None] = [None] * size
        for row in reversed(self.rows):  # backwards, so the first row wins where rows overlap
            if row.low is None or row.high is None:
                continue
            first, last = max(row.low - low, 0), min(row.high - low, size - 1)
            if first <= last:
                lookup[first : last + 1] = [row] * (last - first + 1)
        object.__setattr__(self, "_lookup", tuple(lookup))
        return tuple(lookup)

    @property
    def lowest(self) -> int:
        """The lowest roll of the table's dice."""
        count, _sides, modifier = self._spec
        return count + modifier

    @property
    def highest(self) -> int:
        """The highest roll of the table's dice."""
        count, sides, modifier = self._spec
        return count * sides + modifier

    def row_for(self, roll: int) -> OracleRow | None:
        """The row a roll lands on (the first, where rows overlap), or ``None`` in a gap.

        Raises:
            InvalidInput: *roll* is outside what the dice can roll.
            TypeError: *roll* is not an int.
        """
        low = self.lowest
        roll = check_int("roll", roll, low=low, high=self.highest)
        return self._by_roll()[roll - low]

    def totals(self) -> Distribution[int]:
        """The exact odds of each total of the table's dice."""
        count, sides, modifier = self._spec
        weights = {0: 1}
        for _ in range(count):
            step: dict[int, int] = {}
            for total, weight in weights.items():
                for face in range(1, sides + 1):
                    step[total + face] = step.get(total + face, 0) + weight
            weights = step
        return Distribution({total + modifier: weight for total, weight in weights.items()})

    def odds(self) -> Distribution[OracleRow | None]:
        """The exact odds of each row (``None``: rolls that land in a gap).

        Examples:
            >>> table = OracleTable.from_rows("Coin", [(1, 1, "Heads"), (2, 2, "Tails")], dice="1d2")
            >>> [str(p) for p in table.odds().probabilities]
            ['1/2', '1/2']
        """
        weights: dict[OracleRow | None, Any] = {}
        for total, probability in self.totals().items():
            row = self._by_roll()[total - self.lowest]
            weights[row] = weights.get(row, 0) + probability
        return Distribution(weights)

    def coverage(self) -> Coverage:
        """Check that every roll of the dice lands on exactly one row."""
        low, high = self.lowest, self.highest
        claims = [0] * (high - low + 1)
        unreachable = []
        for index, row in enumerate(self.rows):
            if row.low is None or row.high is None:
                continue
            if row.high < low or row.low > high:
                unreachable.append(index)
            for value in range(max(row.low, low), min(row.high, high) + 1):
                claims[value - low] += 1
        gaps = tuple(_runs([low + i for i, n in enumerate(claims) if n == 0]))
        overlaps = tuple(low + i for i, n in enumerate(claims) if n > 1)
        return Coverage(self.id, gaps, overlaps, tuple(unreachable))

    @classmethod
    def from_rows(
        cls,
        name: str,
        rows: Iterable[OracleRow | Sequence[Any] | Mapping[str, Any]],
        *,
        dice: str = "1d100",
        id: str | None = None,
    ) -> OracleTable:
        """A table of your own from rows: ``OracleRow``, ``(low, high, text)`` or ``{"min", "max", "text"}``.

        Raises:
            InvalidInput: a row is malformed (the message names its index).
            TypeError: *rows* is not iterable or a row is of an unknown kind.
        """
        check_type("name", name, str)
        if isinstance(rows, (str, bytes)) or not isinstance(rows, Iterable):
            raise TypeError(f"rows must be an iterable of rows, got {type(rows).__name__} {rows!r}")
        built = [_row(f"rows[{i}]", row) for i, row in enumerate(rows)]
        return cls(name if id is None else check_type("id", id, str), name, tuple(built), dice=dice)

    @classmethod
    def from_csv(
        cls, source: str | os.PathLike[str] | io.TextIOBase | Any, *, name: str, dice: str = "1d100"
    ) -> OracleTable:
        r"""A table of your own from CSV with a header row ``min,max,text`` (a path or an open text file).

        Examples:
            >>> import io
            >>> data = io.StringIO("min,max,text\n1,3,Calm\n4,6,Rough\n")
            >>> table = OracleTable.from_csv(data, name="Sea", dice="1d6")
            >>> str(table.rows[1])
            '4-6 Rough'
        """
        check_type("name", name, str)
        if isinstance(source, (str, os.PathLike)):
            try:
                with open(source, newline="", encoding="utf-8") as handle:
                    return cls.from_csv(handle, name=name, dice=dice)
            except OSError as error:
                raise InvalidInput(
                    f"cannot read CSV file {clip(os.fspath(source))}: {error.strerror or error}"
                ) from None
            except ValueError as error:  # a path with a NUL byte: open() refuses it before the OS sees it
                raise InvalidInput(f"cannot read CSV file: {error}") from None
        if not hasattr(source, "read"):
            raise TypeError(f"source must be a path or an open text file, got {type(source).__name__}")
        reader = csv.DictReader(source)
        missing = {"min", "max", "text"} - set(reader.fieldnames or ())
        if missing:
            raise InvalidInput(f"CSV must have a header with min, max and text; missing {', '.join(sorted(missing))}")
        rows = []
        for number, record in enumerate(reader, start=2):
            try:
                low, high = int(record["min"]), int(record["max"])
            except (TypeError, ValueError):
                raise InvalidInput(f"CSV line {number}: min and max must be integers, got {record!r}") from None
            rows.append(OracleRow(low, high, record["text"] or ""))
        return cls(name, name, tuple(rows), dice=dice)

    @classmethod
    def from_datasworn(cls, data: Mapping[str, Any], *, path: str = "$") -> OracleTable:
        """A table from the JSON of one Datasworn rollable oracle (``rows`` of ``min``/``max``/``text``).

        Raises:
            DataswornError: the data breaks the format (the message names the JSON path).
        """
        return read_table(data, path)

    def __str__(self) -> str:
        return f"{self.name} ({self.dice}, {len(self.rows)} rows)"


def _row(name: str, row: Any) -> OracleRow:
    if isinstance(row, OracleRow):
        return row
    if isinstance(row, Mapping):
        return read_row(row, f"$.{name}")
    if isinstance(row, Sequence) and not isinstance(row, (str, bytes)):
        if len(row) != 3:
            raise InvalidInput(f"{name} must be (low, high, text), got {row!r}")
        low, high, text = row
        try:
            return OracleRow(low, high, text)
        except (TypeError, InvalidInput) as error:
            raise type(error)(f"{name}: {error}") from None
    raise TypeError(f"{name} must be an OracleRow, a (low, high, text) tuple or a mapping, got {type(row).__name__}")


# -- reading Datasworn JSON ------------------------------------------------------------


def read_rolls(data: Mapping[str, Any], path: str) -> tuple[OracleRoll, ...]:
    """The ``oracle_rolls`` of a Datasworn row or outcome."""
    rolls = []
    here = _data.key_path(path, "oracle_rolls")
    for index, item in enumerate(_data.array(data, "oracle_rolls", path)):
        where = f"{here}[{index}]"
        roll = _data.obj(item, where)
        times = _data.integer(roll, "number_of_rolls", where, required=False)
        auto = _data.get(roll, "auto", where, bool, required=False)
        duplicates = _data.text(roll, "duplicates", where, required=False) or "reroll"
        if times is not None and not 1 <= times <= MAX_TIMES:
            raise DataswornError(_data.key_path(where, "number_of_rolls"), f"must be 1..{MAX_TIMES}, got {times}")
        if duplicates not in _DUPLICATES:
            raise DataswornError(
                _data.key_path(where, "duplicates"), f"must be one of {', '.join(_DUPLICATES)}, got {duplicates!r}"
            )
        oracle = _data.text(roll, "oracle", where, required=False)
        built = _new(OracleRoll)  # every part is checked above
        _set(built, "oracle", oracle)
        _set(built, "times", 1 if times is None else times)
        _set(built, "auto", bool(auto))
        _set(built, "duplicates", duplicates)
        rolls.append(built)
    return tuple(rolls)


_PLAIN_ROW_KEYS = frozenset({"min", "max", "text", "_i18n", "icon", "suggestions", "template", "embed_table", "_id"})
"""Keys of a row that needs no more checking than its range and text (the others are display hints)."""

_ROW_FIELDS = tuple(getattr(OracleRow, name).__set__ for name in ("low", "high", "text", "text2", "text3", "rolls"))


def _fast_row(data: dict[str, Any]) -> OracleRow | None:
    # The common row, checked inline and built without re-running the field checks
    # (thousands of rows in a ruleset); anything unusual takes the checked path.
    get = data.get
    low = get("min")
    high = get("max")
    text = get("text")
    text2 = get("text2")
    text3 = get("text3")
    if type(text) is not str or get("oracle_rolls"):
        return None
    if (text2 is not None and type(text2) is not str) or (text3 is not None and type(text3) is not str):
        return None
    if not (
        (type(low) is int and type(high) is int and low <= high)
        or (low is None and high is None and get("roll") is None)
    ):
        return None
    row = _new(OracleRow)
    set_low, set_high, set_text, set_text2, set_text3, set_rolls = _ROW_FIELDS
    set_low(row, low)
    set_high(row, high)
    set_text(row, text)
    set_text2(row, text2)
    set_text3(row, text3)
    set_rolls(row, ())
    return row


def read_row(data: Mapping[str, Any], path: str) -> OracleRow:
    """One Datasworn table row (``min``/``max``, or Datasworn 0.1's ``roll: {min, max}``)."""
    fast = _fast_row(data) if type(data) is dict else None
    if fast is not None:
        return fast
    where = path
    if "roll" in data and "min" not in data:
        span = _data.get(data, "roll", path, dict, required=False)
        where = _data.key_path(path, "roll")
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
    return OracleRow(low, high, text or "", text2, text3, rolls)


def read_table(data: Mapping[str, Any], path: str) -> OracleTable:
    """One Datasworn rollable oracle (any ``oracle_type``: table or column)."""
    table = _read_table(data, path, build=True)
    assert table is not None
    return table


def check_table(data: Mapping[str, Any], path: str) -> tuple[str, str]:
    """Check one Datasworn rollable oracle as :func:`read_table` does, without building it.

    Returns:
        The table's ``(id, name)``.
    """
    data = _data.obj(data, path)
    _read_table(data, path, build=False)
    return data["_id"], data["name"]


def _read_table(data: Mapping[str, Any], path: str, *, build: bool) -> OracleTable | None:
    data = _data.obj(data, path)
    table_id = _data.text(data, "_id", path)
    name = _data.text(data, "name", path)
    dice = _data.text(data, "dice", path, required=False) or "1d100"
    try:
        spec = parse_dice(dice)
    except InvalidInput as error:
        raise DataswornError(_data.key_path(path, "dice"), str(error)) from None
    here = _data.key_path(path, "rows")
    raw_rows = _data.array(data, "rows", path, required=True)
    if not raw_rows:
        raise DataswornError(here, "a table needs at least one row")
    rows_read: list[OracleRow] = []
    append = rows_read.append
    set_low, set_high, set_text, set_text2, set_text3, set_rolls = _ROW_FIELDS
    for index, raw_row in enumerate(raw_rows):
        # The common row is checked (and built) inline: thousands of rows in a ruleset.
        # Anything unusual takes the checked path, which names the JSON path of a problem.
        if not build and type(raw_row) is dict and raw_row.keys() <= _PLAIN_ROW_KEYS:
            # Checking only: a row with nothing but a range and a text (the keys test is one C call).
            low = raw_row.get("min")
            high = raw_row.get("max")
            if type(raw_row.get("text")) is str and type(low) is int and type(high) is int and low <= high:
                continue
        if type(raw_row) is dict:
            get = raw_row.get
            low = get("min")
            high = get("max")
            text = get("text")
            text2 = get("text2")
            text3 = get("text3")
            if (
                type(text) is str
                and (text2 is None or type(text2) is str)
                and (text3 is None or type(text3) is str)
                and (
                    (type(low) is int and type(high) is int and low <= high)
                    or (low is None and high is None and get("roll") is None)
                )
            ):
                rolls = read_rolls(raw_row, f"{here}[{index}]") if get("oracle_rolls") else ()
                if build:
                    row = _new(OracleRow)
                    set_low(row, low)
                    set_high(row, high)
                    set_text(row, text)
                    set_text2(row, text2)
                    set_text3(row, text3)
                    set_rolls(row, rolls)
                    append(row)
                continue
        where = f"{here}[{index}]"
        row = read_row(_data.obj(raw_row, where), where)
        if build:
            append(row)
    match = _data.get(data, "match", path, dict, required=False)
    match_text = _data.text(match, "text", _data.key_path(path, "match")) if match else None
    if not build:
        return None
    table = _new(OracleTable)  # every part is checked above: skip the field checks
    _set(table, "id", table_id)
    _set(table, "name", name)
    _set(table, "rows", tuple(rows_read))
    _set(table, "dice", dice)
    _set(table, "match_text", match_text)
    _set(table, "_lookup", None)
    _set(table, "_spec", spec)
    return table


# -- rolling ---------------------------------------------------------------------------


@attrs.frozen
class TableRoll(Record):
    """A roll on an oracle table: the dice, the row, and every roll the row led to.

    Attributes:
        table_id: The table rolled on.
        table_name: Its name.
        dice_expression: The table's dice (``1d100``).
        dice: Every die rolled, as rolled.
        total: Their sum plus the modifier: the roll looked up.
        row: The row it landed on (``None`` for a gap in the table).
        is_match: On a 1d100 table, whether the roll is a match (11, 22, ...,
            99, 100: both d10 alike); always False for other dice.
        match_text: The table's text for a match, when it is one and the
            table gives one.
        followups: The rolls the row asked for, in order ("roll twice": two
            rolls on the same table; a reference: a roll on that table).
        discarded: Rolls thrown away while following: a duplicate that the
            row said to reroll, or "roll twice" landed on again.

    Raises:
        InvalidInput: the derived fields do not follow from the dice.
    """

    _derived: ClassVar[tuple[str, ...]] = ("total", "is_match", "text")

    table_id: str = attrs.field(validator=of_type(str))
    table_name: str = attrs.field(validator=of_type(str))
    dice_expression: str = attrs.field(validator=of_type(str))
    dice: tuple[int, ...] = _data.tuple_field(int)
    total: int = attrs.field(kw_only=True)
    row: OracleRow | None = attrs.field(kw_only=True)
    is_match: bool = attrs.field(kw_only=True, validator=of_type(bool))
    match_text: str | None = attrs.field(default=None, kw_only=True)
    followups: tuple[TableRoll, ...] = _data.tuple_field(object, default=(), kw_only=True)
    discarded: tuple[TableRoll, ...] = _data.tuple_field(object, default=(), kw_only=True)

    def __attrs_post_init__(self) -> None:
        count, sides, modifier = parse_dice(self.dice_expression, "dice_expression")
        if len(self.dice) != count:
            raise InvalidInput(f"dice must hold {count} values for {self.dice_expression}, got {len(self.dice)}")
        for index, die in enumerate(self.dice):
            check_int(f"dice[{index}]", die, low=1, high=sides)
        expected_total = sum(self.dice) + modifier
        if check_int("total", self.total) != expected_total:
            raise InvalidInput(f"total must be the dice plus modifier ({expected_total}), got {self.total}")
        if self.row is not None:
            check_type("row", self.row, OracleRow)
            if self.row.low is None or self.row.high is None or not self.row.low <= self.total <= self.row.high:
                raise InvalidInput(f"row {self.row} does not hold the roll {self.total}")
        if self.is_match != _is_match(self.dice_expression, self.total):
            raise InvalidInput(f"is_match must be {not self.is_match} for {self.total} on {self.dice_expression}")
        for name in ("followups", "discarded"):
            for index, roll in enumerate(getattr(self, name)):
                check_type(f"{name}[{index}]", roll, TableRoll)

    @property
    def text(self) -> str:
        """The row's text as plain text ("" in a gap)."""
        return "" if self.row is None else plain_text(self.row.text)

    def results(self) -> tuple[TableRoll, ...]:
        """The rolls that make up the final answer: followups where the row asked for them, else this roll."""
        if self.followups and self.row is not None and any(r.oracle is None and r.auto for r in self.row.rolls):
            return tuple(result for followup in self.followups for result in followup.results())
        return (self,)

    def __str__(self) -> str:
        line = f"{self.table_name} ({self.dice_expression}): "
        if len(self.dice) > 1:
            line += f"{' + '.join(map(str, self.dice))} = "
        line += f"{self.total} -> {self.text if self.row is not None else 'no row'}"
        if self.is_match:
            line += f" (match{': ' + plain_text(self.match_text) if self.match_text else ''})"
        if self.followups:
            line += " [" + "; ".join(str(followup) for followup in self.followups) + "]"
        return line


def _is_match(dice: str, total: int) -> bool:
    return dice == "1d100" and 1 <= total <= 100 and is_oracle_match(total)


_ROLL_FIELDS = tuple(
    getattr(TableRoll, name).__set__
    for name in (
        "table_id",
        "table_name",
        "dice_expression",
        "dice",
        "total",
        "row",
        "is_match",
        "match_text",
        "followups",
        "discarded",
    )
)


def _fast_roll(
    table: OracleTable,
    dice: tuple[int, ...],
    total: int,
    row: OracleRow | None,
    followups: tuple[TableRoll, ...] = (),
    discarded: tuple[TableRoll, ...] = (),
) -> TableRoll:
    # Values come from a table and a dice source already checked: skip re-deriving them.
    result = _new(TableRoll)
    match = table.dice == "1d100" and (total == 100 or total % 11 == 0)
    s_id, s_name, s_expr, s_dice, s_total, s_row, s_match, s_text, s_followups, s_discarded = _ROLL_FIELDS
    s_id(result, table.id)
    s_name(result, table.name)
    s_expr(result, table.dice)
    s_dice(result, dice)
    s_total(result, total)
    s_row(result, row)
    s_match(result, match)
    s_text(result, table.match_text if match else None)
    s_followups(result, followups)
    s_discarded(result, discarded)
    return result


Resolver = Callable[[str], OracleTable]


def roll_table(
    table: OracleTable, *, rng: RngLike = None, tables: Resolver | Any = None, follow: bool = True
) -> TableRoll:
    """Roll an oracle table: draw its dice, find the row, follow the rolls the row asks for.

    A row that says "roll twice" (an automatic roll on the same table) gives
    two more rolls on the table; a landing on "roll twice" again, or a
    duplicate the row says to reroll, is rerolled and kept in
    :attr:`TableRoll.discarded`. A row that points to another table is rolled
    there when *tables* can find it. Rolls Datasworn marks as not automatic
    are left to the player (they are in ``result.row.rolls``).

    Args:
        table: The table.
        rng: Where the dice come from (see :func:`~tabletop_core.dice_source`).
        tables: What finds other tables by id: a
            :class:`~tabletop_core.action_roll.datasworn.Ruleset` (or any
            object with a ``table(id)`` method) or a function; ``None``
            follows only rolls on the same table.
        follow: ``False`` rolls once and follows nothing.

    Raises:
        InvalidInput: a row points to a table *tables* does not have, or
            references nest deeper than :data:`MAX_FOLLOW_DEPTH`.
        TypeError: *table* is not an OracleTable.

    Examples:
        >>> from tabletop_core import ScriptedDice
        >>> t = OracleTable.from_rows("Drift", [(1, 80, "Debris"), (81, 100, "Roll twice")])
        >>> t = OracleTable.from_datasworn({"_id": "drift", "name": "Drift", "rows": [
        ...     {"min": 1, "max": 50, "text": "Debris"}, {"min": 51, "max": 90, "text": "A beacon"},
        ...     {"min": 91, "max": 100, "text": "Roll twice", "oracle_rolls": [{"number_of_rolls": 2, "auto": True}]}]})
        >>> str(roll_table(t, rng=ScriptedDice([95, 12, 60])))
        'Drift (1d100): 95 -> Roll twice [Drift (1d100): 12 -> Debris; Drift (1d100): 60 -> A beacon]'
    """
    if type(table) is not OracleTable:
        check_type("table", table, OracleTable)
    if follow is not True and follow is not False:
        raise TypeError(f"follow must be a bool, got {type(follow).__name__} {follow!r}")
    resolver = None if tables is None else _resolver(tables)
    source = rng if type(rng) is GeneratorDice else dice_source(rng)
    if type(source) is GeneratorDice:  # fresh random dice: nothing to give back on failure
        if table._spec[0] == 1:  # the hot path: one die, one row
            die = source.roll(table._spec[1])
            lookup = table._lookup if table._lookup is not None else table._by_roll()
            row = lookup[die - 1]
            if not follow or row is None or not row.rolls:
                return _fast_roll(table, (die,), die + table._spec[2], row)
            return _roll(table, source, resolver, follow, 0, ((die,), die + table._spec[2]))
        return _roll(table, source, resolver, follow, 0)
    with source.atomic():
        return _roll(table, source, resolver, follow, 0)


def _resolver(tables: Any) -> Resolver | None:
    if tables is None:
        return None
    finder = getattr(tables, "table", None)
    if callable(finder):
        return finder  # type: ignore[no-any-return]
    if callable(tables):
        return tables  # type: ignore[no-any-return]
    raise TypeError(f"tables must be a Ruleset, an object with table(id) or a function, got {type(tables).__name__}")


def _draw(table: OracleTable, source: DiceSource) -> tuple[tuple[int, ...], int]:
    count, sides, modifier = table._spec
    if count == 1:
        die = source.roll(sides)
        if type(source) is not GeneratorDice:
            die = check_int("die", die, low=1, high=sides)
        return (die,), die + modifier
    dice = tuple(check_int("die", die, low=1, high=sides) for die in source.roll_each((sides,) * count))
    return dice, sum(dice) + modifier


def _roll(
    table: OracleTable,
    source: DiceSource,
    resolver: Resolver | None,
    follow: bool,
    depth: int,
    drawn: tuple[tuple[int, ...], int] | None = None,
) -> TableRoll:
    dice, total = _draw(table, source) if drawn is None else drawn
    lookup = table._lookup if table._lookup is not None else table._by_roll()
    row = lookup[total - table._spec[0] - table._spec[2]]
    if not follow or row is None or not row.rolls:
        return _fast_roll(table, dice, total, row)
    if depth >= MAX_FOLLOW_DEPTH:
        raise InvalidInput(f"oracle rows ask for rolls nested deeper than {MAX_FOLLOW_DEPTH} tables at {table.id!r}")
    followups: list[TableRoll] = []
    discarded: list[TableRoll] = []
    for request in row.rolls:
        if not request.auto:
            continue
        if request.oracle is None or request.oracle == table.id:
            target = table
        elif resolver is None:
            continue
        else:
            try:
                target = resolver(request.oracle)
            except (KeyError, LookupError, InvalidInput):
                raise InvalidInput(f"row {row} of {table.id!r} points to {request.oracle!r}, not found") from None
            check_type("table", target, OracleTable)
        taken: list[TableRoll] = []
        attempts = 0
        while len(taken) < request.times:
            attempts += 1
            if attempts > 20 * request.times:
                raise RuleError(
                    f"could not take {request.times} results from {target.id!r}: every roll was thrown away"
                )
            same_table = target is table
            result = _roll(target, source, resolver, follow and not same_table, depth + 1)
            repeats_request = (
                same_table
                and result.row is not None
                and any(r.oracle in (None, table.id) and r.auto for r in result.row.rolls)
            )
            duplicate = request.duplicates == "reroll" and any(t.row == result.row for t in taken)
            if repeats_request or duplicate:
                discarded.append(result)
                continue
            taken.append(result)
        followups.extend(taken)
    return _fast_roll(table, dice, total, row, tuple(followups), tuple(discarded))
