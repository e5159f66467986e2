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
import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, ClassVar

import attrs

from tabletop_core._record import Record
from tabletop_core._validate import check_int, check_type, clip, of_type
from tabletop_core.action_roll.datasworn import _data
from tabletop_core.action_roll.datasworn._data import plain_text
from tabletop_core.errors import InvalidInput
from tabletop_core.odds import Distribution

__all__ = ["MAX_TIMES", "Coverage", "OracleRoll", "OracleRow", "OracleTable", "parse_dice"]

MAX_TIMES = 10
"""The most rolls one row may ask for ("roll three times" is the most the Starforged data asks)."""
_MAX_DICE = 10
_MAX_SIDES = 1000
_DUPLICATES = ("reroll", "keep", "make_it_worse")
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
        from tabletop_core.action_roll.datasworn.table_reader import read_table  # it builds tables: imported late

        return read_table(data, path)

    def __str__(self) -> str:
        return f"{self.name} ({self.dice}, {len(self.rows)} rows)"


def _row(name: str, row: Any) -> OracleRow:
    if isinstance(row, OracleRow):
        return row
    if isinstance(row, Mapping):
        from tabletop_core.action_roll.datasworn.table_reader import read_row  # it builds rows: imported late

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
