"""Reading oracle tables from Datasworn JSON, every problem reported at its JSON path.

The readers live beside what they build: a row's in :mod:`.rows`, a table's in
:mod:`.tables` (:meth:`OracleTable.from_datasworn`); this module names them together.
"""

from __future__ import annotations

from tabletop_core.action_roll.datasworn.rows import read_rolls, read_row
from tabletop_core.action_roll.datasworn.tables import check_table, read_table

__all__ = ["check_table", "read_rolls", "read_row", "read_table"]
