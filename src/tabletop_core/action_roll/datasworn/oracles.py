"""Oracle tables, gathered in one place: the names of :mod:`.tables`, :mod:`.table_reader` and :mod:`.table_rolls`.

A table (:class:`OracleTable`, rows with dice ranges and exact odds) lives in
``tables``; reading one from Datasworn JSON in ``table_reader``; rolling one
(:func:`roll_table`, which follows "roll twice" and references) in ``table_rolls``.
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
