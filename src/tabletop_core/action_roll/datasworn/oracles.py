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

from tabletop_core.action_roll.datasworn.table_reader import check_table, read_rolls, read_row, read_table
from tabletop_core.action_roll.datasworn.table_rolls import MAX_FOLLOW_DEPTH, TableRoll, roll_table
from tabletop_core.action_roll.datasworn.tables import Coverage, OracleRoll, OracleRow, OracleTable, parse_dice

__all__ = [
    "MAX_FOLLOW_DEPTH",
    "Coverage",
    "OracleRoll",
    "OracleRow",
    "OracleTable",
    "TableRoll",
    "check_table",
    "parse_dice",
    "read_rolls",
    "read_row",
    "read_table",
    "roll_table",
]
