"""More than one plain roll of a table: several rolls as one result, a flipped roll, a row picked by hand.

* :func:`roll_times` rolls a table several times, as a table's
  ``recommended_rolls`` asks (First Look: once or twice), each result
  different; :func:`roll_tables` rolls several tables as one result (a
  whole collection: a character's given name, callsign and family name).
  Both give an :class:`OracleResults`.
* :func:`flip_roll` reads a 1d100 roll with its tens and units swapped
  (37 reads as 73), as a player may when the first reading does not fit.
* :func:`choose_row` builds the result of a row the player picks by hand,
  marked as chosen; the rolls the row asks for are still made.

Examples:
    >>> from tabletop_core import ScriptedDice
    >>> from tabletop_core.action_roll.datasworn import OracleTable, flip_roll, roll_table, choose_row
    >>> sky = OracleTable.from_rows("Sky", [(1, 50, "Clear"), (51, 100, "Storm")])
    >>> first = roll_table(sky, rng=ScriptedDice([17]))
    >>> print(flip_roll(sky, first))
    Sky (1d100): 17 flipped to 71 -> Storm
    >>> print(choose_row(sky, "clear"))
    Sky (chosen): Clear
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import attrs

from tabletop_core._frozen import frozen
from tabletop_core._record import Record
from tabletop_core._validate import check_int, check_type, clip, of_type
from tabletop_core.action_roll.datasworn import _data
from tabletop_core.action_roll.datasworn._data import plain_text
from tabletop_core.action_roll.datasworn.table_rolls import (
    Resolver,
    TableRoll,
    _fast_roll,
    _resolver,
    flip_digits,
    follow_row,
    roll_table,
    same_result,
)
from tabletop_core.action_roll.datasworn.tables import MAX_TIMES, OracleRow, OracleTable
from tabletop_core.errors import InvalidInput, RuleError
from tabletop_core.rng import dice_source

if TYPE_CHECKING:
    from tabletop_core.rng import RngLike  # the alias imports numpy at run time: annotations only

__all__ = ["OracleResults", "choose_row", "flip_roll", "roll_tables", "roll_times"]


@frozen
class OracleResults(Record):
    """Several oracle rolls taken as one result: a table rolled more than once, or every table of a collection.

    Attributes:
        name: What was rolled: the table's name, or the collection's.
        source: The table's or the collection's id.
        rolls: Each roll, in the order made.
        discarded: Rolls thrown away because they repeated a result already
            taken (rolling one table several times asks for different results).
    """

    name: str = attrs.field(validator=of_type(str))
    source: str = attrs.field(validator=of_type(str))
    rolls: tuple[TableRoll, ...] = _data.tuple_field(TableRoll)
    discarded: tuple[TableRoll, ...] = _data.tuple_field(TableRoll, default=())

    def __attrs_post_init__(self) -> None:
        if not self.rolls:
            raise InvalidInput("rolls must hold at least one roll")

    @property
    def texts(self) -> tuple[str, ...]:
        """The text of each roll, in order."""
        return tuple(roll.text for roll in self.rolls)

    def __str__(self) -> str:
        return f"{self.name}: " + "; ".join(str(roll) for roll in self.rolls)

    def to_markdown(self) -> str:
        """Each roll as Markdown, one list item each, under the name in bold."""
        lines = [f"**{self.name}**"]
        for roll in self.rolls:
            nested = roll.to_markdown().splitlines()
            lines.append(f"- {nested[0]}")
            lines += [f"  {line}" for line in nested[1:]]
        return "\n".join(lines)


def roll_times(
    table: OracleTable,
    times: int | None = None,
    *,
    rng: RngLike = None,
    tables: Resolver | Any = None,
    follow: bool = True,
) -> OracleResults:
    """Roll *table* *times* times, each result different from the others (a repeat is rolled over).

    Args:
        table: The table.
        times: How many results, 1..10; ``None`` takes the most the table's
            :attr:`~OracleTable.recommended_rolls` asks for (once when it asks
            nothing).
        rng: Where the dice come from (see :func:`~tabletop_core.dice_source`).
        tables: What finds other tables by id (see :func:`roll_table`).
        follow: ``False`` follows no row.

    Raises:
        InvalidInput: *times* is outside 1..10, or outside the range the table
            recommends.
        RuleError: no different result could be found in 20 tries per result.
        TypeError: an argument has the wrong type.

    Examples:
        >>> from tabletop_core import ScriptedDice
        >>> looks = OracleTable.from_rows("Look", [(1, 50, "Scarred"), (51, 100, "Tall")])
        >>> print(roll_times(looks, 2, rng=ScriptedDice([10, 20, 70])))
        Look: Look (1d100): 10 -> Scarred; Look (1d100): 70 -> Tall
    """
    check_type("table", table, OracleTable)
    recommended = table.recommended_rolls
    if times is None:
        times = recommended[1] if recommended is not None else 1
    times = check_int("times", times, low=1, high=MAX_TIMES)
    if recommended is not None and not recommended[0] <= times <= recommended[1]:
        least, most = recommended
        raise InvalidInput(f"times must be {least}..{most}, as {table.name} recommends, got {times}")
    if times > len(table.rows):
        raise InvalidInput(f"times must be at most the {len(table.rows)} rows of {table.name}, got {times}")
    source = dice_source(rng)
    taken: list[TableRoll] = []
    discarded: list[TableRoll] = []
    with source.atomic():
        while len(taken) < times:
            if len(taken) + len(discarded) >= 20 * times:
                raise RuleError(f"could not take {times} different results from {table.id!r}")
            result = roll_table(table, rng=source, tables=tables, follow=follow)
            if any(same_result(kept, result) for kept in taken):
                discarded.append(result)
            else:
                taken.append(result)
    return OracleResults(table.name, table.id, tuple(taken), tuple(discarded))


def roll_tables(
    name: str,
    source_id: str,
    tables_to_roll: Sequence[OracleTable],
    *,
    rng: RngLike = None,
    tables: Resolver | Any = None,
    follow: bool = True,
) -> OracleResults:
    """Roll each of *tables_to_roll* once, in order, as one result (a collection's tables).

    Raises:
        InvalidInput: no table is given.
        TypeError: an argument has the wrong type.

    Examples:
        >>> from tabletop_core import ScriptedDice
        >>> given = OracleTable.from_rows("Given Name", [(1, 100, "Ash")])
        >>> family = OracleTable.from_rows("Family Name", [(1, 100, "Okafor")])
        >>> print(roll_tables("Name", "names", [given, family], rng=ScriptedDice([4, 80])))
        Name: Given Name (1d100): 4 -> Ash; Family Name (1d100): 80 -> Okafor
    """
    check_type("name", name, str)
    check_type("source_id", source_id, str)
    listed = tuple(tables_to_roll)
    if not listed:
        raise InvalidInput(f"{name} has no tables to roll")
    for index, table in enumerate(listed):
        check_type(f"tables_to_roll[{index}]", table, OracleTable)
    source = dice_source(rng)
    with source.atomic():
        rolls = tuple(roll_table(table, rng=source, tables=tables, follow=follow) for table in listed)
    return OracleResults(name, source_id, rolls)


def _finish(
    table: OracleTable,
    row: OracleRow | None,
    dice: tuple[int, ...],
    total: int | None,
    *,
    rng: RngLike,
    tables: Resolver | Any,
    follow: bool,
    chosen: bool = False,
    flipped_from: int | None = None,
) -> TableRoll:
    if type(follow) is not bool:
        raise TypeError(f"follow must be a bool, got {type(follow).__name__} {follow!r}")
    followups: tuple[TableRoll, ...] = ()
    discarded: tuple[TableRoll, ...] = ()
    if follow and row is not None and (row.rolls or row.template is not None):
        source = dice_source(rng)
        with source.atomic():
            followups, discarded = follow_row(table, row, source, _resolver(tables))
    return _fast_roll(table, dice, total, row, followups, discarded, chosen=chosen, flipped_from=flipped_from)


def flip_roll(
    table: OracleTable,
    result: TableRoll,
    *,
    rng: RngLike = None,
    tables: Resolver | Any = None,
    follow: bool = True,
) -> TableRoll:
    """*result* read with its tens and units swapped (37 as 73; 00 and 0 stay 100), on the same table.

    The dice are the ones first rolled; the row of the flipped roll is looked up
    and the rolls it asks for are made from *rng*. Flipping a flipped roll reads
    the dice as they fell again.

    Note:
        iron-vault's "flip" mirrors a roll instead (101 - roll on a d100); the
        tens-and-units reading here is the one the issue describes, and
        :func:`flip_digits` is its one rule.

    Raises:
        InvalidInput: the table does not roll 1d100, or *result* is not a roll of *table*.
        TypeError: an argument has the wrong type.
    """
    check_type("table", table, OracleTable)
    check_type("result", result, TableRoll)
    if result.table_id != table.id or result.chosen:
        given = "a chosen row" if result.chosen else repr(result.table_id)
        raise InvalidInput(f"result must be a roll of {table.id!r}, got {given}")
    rolled = sum(result.dice) + table._spec[2]
    if result.flipped_from is not None:  # flipped back: the dice as they fell
        return _finish(table, table.row_for(rolled), result.dice, rolled, rng=rng, tables=tables, follow=follow)
    flipped = flip_digits(table.dice, rolled)
    return _finish(
        table, table.row_for(flipped), result.dice, flipped, rng=rng, tables=tables, follow=follow, flipped_from=rolled
    )


def choose_row(
    table: OracleTable,
    row: OracleRow | str | None = None,
    *,
    index: int | None = None,
    rng: RngLike = None,
    tables: Resolver | Any = None,
    follow: bool = True,
) -> TableRoll:
    """The result of a row picked by hand, marked as chosen (no dice); the rolls the row asks for are made.

    Args:
        table: The table.
        row: The row: an :class:`OracleRow` of the table, or its text (any
            case, as plain text: ``"Corvette"``).
        index: Instead of *row*, its position in :attr:`OracleTable.rows` (0-based).
        rng: Where the dice of the rolls the row asks for come from.
        tables: What finds other tables by id (see :func:`roll_table`).
        follow: ``False`` follows nothing.

    Raises:
        InvalidInput: no row or several answer to *row*, both or neither of
            *row* and *index* are given, or the row is one the dice never roll.
        TypeError: an argument has the wrong type.
    """
    check_type("table", table, OracleTable)
    if (row is None) == (index is None):
        raise InvalidInput("give either row (a row or its text) or index, not both or neither")
    if index is not None:
        picked = table.rows[check_int("index", index, low=0, high=len(table.rows) - 1)]
    elif isinstance(row, OracleRow):
        if row not in table.rows:
            raise InvalidInput(f"row {row} is not a row of {table.name}")
        picked = row
    else:
        wanted = " ".join(check_type("row", row, str).split()).casefold()
        found = [r for r in table.rows if wanted in (plain_text(r.text).casefold(), " ".join(r.columns).casefold())]
        if len(found) != 1:
            kind = "several rows" if found else "no row"
            shown = _rows_shown([str(r) for r in (found or table.rows) if r.is_rollable])
            raise InvalidInput(f"{kind} of {table.name} read {clip(row)} (give a row's text; rows: {shown})")
        picked = found[0]
    if not picked.is_rollable:
        raise InvalidInput(f"row {picked} of {table.name} is not a result (the dice never give it)")
    return _finish(table, picked, (), None, rng=rng, tables=tables, follow=follow, chosen=True)


def _rows_shown(rows: list[str], limit: int = 600) -> str:
    """The rows, ``; ``-separated, whole rows only up to about *limit* characters, then how many more."""
    shown: list[str] = []
    size = 0
    for text in rows:
        if shown and size + len(text) > limit:
            return "; ".join(shown) + f"; and {len(rows) - len(shown)} more"
        shown.append(text)
        size += len(text) + 2
    return "; ".join(shown)
