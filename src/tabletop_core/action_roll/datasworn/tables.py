"""Oracle tables: rows with dice ranges, their dice, and exact odds of each row.

A table comes from Datasworn data (:func:`~tabletop_core.action_roll.datasworn.load`)
or from your own rows (:meth:`OracleTable.from_rows`, :meth:`OracleTable.from_csv`,
:meth:`OracleTable.from_datasworn`); :mod:`.table_rolls` rolls it.

Examples:
    >>> from tabletop_core.action_roll.datasworn import OracleTable
    >>> weather = OracleTable.from_rows("Weather", [(1, 60, "Clear"), (61, 90, "Storm"), (91, 100, "Ion squall")])
    >>> str(weather.odds().probability(weather.rows[0]))
    '3/5'
"""

from __future__ import annotations

import csv
import io
import os
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, ClassVar

import attrs

from tabletop_core._frozen import frozen
from tabletop_core._record import Record
from tabletop_core._validate import check_int, check_type, clip, of_type
from tabletop_core.action_roll.datasworn import _data
from tabletop_core.action_roll.datasworn._data import DataswornError
from tabletop_core.action_roll.datasworn.rows import (
    CHECKED_ROW_KEYS,
    MAX_TIMES,
    PLAIN_ROLL_KEYS,
    PLAIN_ROW_KEYS,
    ROW_SETTERS,
    OracleRoll,
    OracleRow,
    parse_dice,
    plain_rolls,
    read_rolls,
    read_row,
    row_span,
)
from tabletop_core.errors import InvalidInput
from tabletop_core.odds import Distribution

# MAX_TIMES, OracleRoll, OracleRow and parse_dice live in .rows; they are named here as they always were.
__all__ = ["MAX_TIMES", "Coverage", "OracleRoll", "OracleRow", "OracleTable", "check_table", "parse_dice", "read_table"]

_new = object.__new__
_set = object.__setattr__


@frozen
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


def _recommended(_instance: Any, _attribute: Any, value: Any) -> None:
    if value is None:
        return
    if not isinstance(value, tuple) or len(value) != 2:
        raise TypeError(f"recommended_rolls must be a (least, most) tuple or None, got {type(value).__name__}")
    least = check_int("recommended_rolls[0]", value[0], low=1, high=MAX_TIMES)
    check_int("recommended_rolls[1]", value[1], low=least, high=MAX_TIMES)


def _rows(value: Any) -> tuple[OracleRow, ...]:
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise TypeError(f"rows must be a sequence of OracleRow, got {type(value).__name__} {value!r}")
    rows = tuple(value)
    for index, row in enumerate(rows):
        check_type(f"rows[{index}]", row, OracleRow)
    return rows


@frozen
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
        column_labels: The names of the result columns (``text``, ``text2``,
            ``text3``) where the data gives them: Starship Type's
            ``("Class", "Typical Role")``.
        recommended_rolls: How many times the table asks to be rolled, as
            ``(least, most)`` (Datasworn's ``recommended_rolls``: First Look
            is rolled once or twice), if it says.

    Raises:
        InvalidInput: *dice* is not a dice expression, or there are no rows.
        TypeError: a field has the wrong type.
    """

    id: str = attrs.field(validator=of_type(str))
    name: str = attrs.field(validator=of_type(str))
    rows: tuple[OracleRow, ...] = attrs.field(converter=_rows)
    dice: str = attrs.field(default="1d100", validator=of_type(str))
    match_text: str | None = attrs.field(default=None, validator=_data.optional_str)
    column_labels: tuple[str, ...] = _data.tuple_field(str, default=())
    recommended_rolls: tuple[int, int] | None = attrs.field(default=None, validator=_recommended)
    _lookup: tuple[OracleRow | None, ...] | None = attrs.field(init=False, default=None, eq=False, repr=False)
    _spec: tuple[int, int, int] = attrs.field(init=False, eq=False, repr=False)

    _optional_keys: ClassVar[tuple[str, ...]] = ("column_labels", "recommended_rolls")

    def __attrs_post_init__(self) -> None:
        if not self.rows:
            raise InvalidInput(f"table {self.id!r} must have at least one row")
        if len(self.column_labels) > 3:
            raise InvalidInput(f"column_labels names at most 3 columns (text, text2, text3), got {self.column_labels}")
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


# -- reading a table from Datasworn JSON (OracleTable.from_datasworn) ----------------------------------


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


def _unusual_rows(rows: list[Any]) -> list[tuple[int, Any]]:
    """The rows (with their index) that are more than a range and a text (checking only: the others are fine)."""
    unusual = []
    for index, row in enumerate(rows):
        if row.__class__ is dict:
            if row.keys() <= PLAIN_ROW_KEYS:  # the keys test is one C call
                try:
                    low = row["min"]
                    high = row["max"]
                    text = row["text"]
                except KeyError:
                    pass
                else:
                    if text.__class__ is str and low.__class__ is int and high.__class__ is int and low <= high:
                        continue
            elif row.keys() <= CHECKED_ROW_KEYS:  # more columns, or rolls of other tables
                low, high, text = row.get("min"), row.get("max"), row.get("text")
                text2, text3 = row.get("text2"), row.get("text3")
                if (
                    text.__class__ is str
                    and low.__class__ is int
                    and high.__class__ is int
                    and low <= high
                    and (text2 is None or text2.__class__ is str)
                    and (text3 is None or text3.__class__ is str)
                    and ("oracle_rolls" not in row or plain_rolls(row["oracle_rolls"]))
                ):
                    continue
            elif row.keys() <= PLAIN_ROLL_KEYS and "roll" in row:  # Datasworn 0.1: roll: {min, max}
                low, high = row_span(row)
                text = row.get("text")
                if text.__class__ is str and low.__class__ is int and high.__class__ is int and low <= high:
                    continue
        unusual.append((index, row))
    return unusual


def _read_table(data: Mapping[str, Any], path: str, *, build: bool) -> OracleTable | None:
    data = _data.obj(data, path)
    table_id = _data.text(data, "_id", path)
    name = _data.text(data, "name", path)
    dice = _data.text(data, "dice", path, required=False) or "1d100"
    try:
        spec = parse_dice(dice)
    except InvalidInput as error:
        raise DataswornError(f"{path}.dice", str(error)) from None
    here = f"{path}.rows"
    raw_rows = _data.array(data, "rows", path, required=True)
    if not raw_rows:
        raise DataswornError(here, "a table needs at least one row")
    rows_read: list[OracleRow] = []
    append = rows_read.append
    set_low, set_high, set_text, set_text2, set_text3, set_rolls, set_template = ROW_SETTERS
    # The common row is checked (and built) inline: thousands of rows in a ruleset.
    # Anything unusual takes the checked path, which names the JSON path of a problem.
    rows = enumerate(raw_rows) if build else _unusual_rows(raw_rows)
    for index, raw_row in rows:
        if type(raw_row) is dict:
            get = raw_row.get
            low = get("min")
            high = get("max")
            if low is None and high is None and "roll" in raw_row and "min" not in raw_row:
                low, high = row_span(raw_row)  # Datasworn 0.1; anything but {min, max} takes the checked path
                if low is None or high is None:
                    low = high = ""  # not a range: the checked path below names the problem
            text = get("text")
            text2 = get("text2")
            text3 = get("text3")
            if (
                type(text) is str
                and get("template") is None
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
                    set_template(row, None)
                    append(row)
                continue
        where = f"{here}[{index}]"
        row = read_row(_data.obj(raw_row, where), where)
        if build:
            append(row)
    match = _data.get(data, "match", path, dict, required=False)
    match_text = _data.text(match, "text", f"{path}.match") if match else None
    labels = _column_labels(data, path) if "column_labels" in data else ()
    recommended = _recommended_rolls(data, path) if "recommended_rolls" in data else None
    if not build:
        return None
    table = _new(OracleTable)  # every part is checked above: skip the field checks
    _set(table, "id", table_id)
    _set(table, "name", name)
    _set(table, "rows", tuple(rows_read))
    _set(table, "dice", dice)
    _set(table, "match_text", match_text)
    _set(table, "column_labels", labels)
    _set(table, "recommended_rolls", recommended)
    _set(table, "_lookup", None)
    _set(table, "_spec", spec)
    return table


_COLUMNS = ("text", "text2", "text3")
_LABEL_KEYS = frozenset({"roll", *_COLUMNS})


def _column_labels(data: Mapping[str, Any], path: str) -> tuple[str, ...]:
    """The labels of a table's result columns (``column_labels.text``, ``text2``, ``text3``), as far as given."""
    labels = data.get("column_labels")
    if labels is None:
        return ()
    if labels.__class__ is dict and labels.keys() <= _LABEL_KEYS:  # the common shape, checked inline
        first, second, third = labels.get("text"), labels.get("text2"), labels.get("text3")
        if all(item is None or item.__class__ is str for item in (first, second, third)):
            if third is not None:
                return (first or "", second or "", third)
            if second is not None:
                return (first or "", second)
            return (first,) if first is not None else ()
    labels = _data.get(data, "column_labels", path, dict, required=False)
    if not labels:
        return ()
    where = f"{path}.column_labels"
    found = [_data.text(labels, key, where, required=False) for key in _COLUMNS]
    while found and found[-1] is None:
        found.pop()
    return tuple(label or "" for label in found)


def _recommended_rolls(data: Mapping[str, Any], path: str) -> tuple[int, int] | None:
    """A table's ``recommended_rolls`` as ``(least, most)``."""
    span = _data.get(data, "recommended_rolls", path, dict, required=False)
    if span is None:
        return None
    where = f"{path}.recommended_rolls"
    least = _data.integer(span, "min", where)
    most = _data.integer(span, "max", where)
    if not 1 <= least <= most <= MAX_TIMES:
        raise DataswornError(where, f"must be 1 <= min <= max <= {MAX_TIMES}, got {least} and {most}")
    return least, most
