"""Reading oracle tables from Datasworn JSON, every problem reported at its JSON path.

Thousands of rows are read when a ruleset loads: the common row (a range and a
text) is checked, and built, inline; anything unusual takes the checked path.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tabletop_core.action_roll.datasworn import _data
from tabletop_core.action_roll.datasworn._data import DataswornError
from tabletop_core.action_roll.datasworn.tables import (
    _DUPLICATES,
    MAX_TIMES,
    OracleRoll,
    OracleRow,
    OracleTable,
    parse_dice,
)
from tabletop_core.errors import InvalidInput

__all__ = ["check_table", "read_rolls", "read_row", "read_table"]

_new = object.__new__
_set = object.__setattr__


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
        if duplicates not in _DUPLICATES:
            raise DataswornError(f"{where}.duplicates", f"must be one of {', '.join(_DUPLICATES)}, got {duplicates!r}")
        oracle = _data.text(roll, "oracle", where, required=False)
        built = _new(OracleRoll)  # every part is checked above
        _set(built, "oracle", oracle)
        _set(built, "times", 1 if times is None else times)
        _set(built, "auto", bool(auto))
        _set(built, "duplicates", duplicates)
        rolls.append(built)
    return tuple(rolls)


_PLAIN_ROW_KEYS = frozenset({"min", "max", "text", "_i18n", "icon", "suggestions", "embed_table", "_id"})
"""Keys of a row that needs no more checking than its range and text (the others are display hints)."""
_PLAIN_ROLL_KEYS = frozenset({"roll", "text", "_i18n", "icon", "suggestions", "embed_table", "_id"})
"""The same for a row of Datasworn 0.1, whose range is ``roll: {min, max}``."""
_SPAN_KEYS = frozenset({"min", "max"})


def _span(row: dict[str, Any]) -> tuple[Any, Any]:
    """A 0.1 row's ``roll: {min, max}`` when it is exactly that, else ``(None, None)`` (the checked path reads it)."""
    span = row["roll"]
    if span.__class__ is dict and span.keys() <= _SPAN_KEYS:
        return span.get("min"), span.get("max")
    return None, None


_ROW_FIELDS = tuple(
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
    set_low, set_high, set_text, set_text2, set_text3, set_rolls, set_template = _ROW_FIELDS
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
            if row.keys() <= _PLAIN_ROW_KEYS:  # the keys test is one C call
                try:
                    low = row["min"]
                    high = row["max"]
                    text = row["text"]
                except KeyError:
                    pass
                else:
                    if text.__class__ is str and low.__class__ is int and high.__class__ is int and low <= high:
                        continue
            elif row.keys() <= _PLAIN_ROLL_KEYS and "roll" in row:  # Datasworn 0.1: roll: {min, max}
                low, high = _span(row)
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
    set_low, set_high, set_text, set_text2, set_text3, set_rolls, set_template = _ROW_FIELDS
    # The common row is checked (and built) inline: thousands of rows in a ruleset.
    # Anything unusual takes the checked path, which names the JSON path of a problem.
    rows = enumerate(raw_rows) if build else _unusual_rows(raw_rows)
    for index, raw_row in rows:
        if type(raw_row) is dict:
            get = raw_row.get
            low = get("min")
            high = get("max")
            if low is None and high is None and "roll" in raw_row and "min" not in raw_row:
                low, high = _span(raw_row)  # Datasworn 0.1; anything but {min, max} takes the checked path
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
