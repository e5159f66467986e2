"""Rolling a setting truth: the option a roll lands on, and the tables that option holds.

Examples:
    >>> from tabletop_core import ScriptedDice
    >>> from tabletop_core.action_roll.datasworn.sections import read_truth
    >>> from tabletop_core.action_roll.datasworn.truth_rolls import roll_truth
    >>> truth = read_truth({"_id": "demo/truths/sky", "name": "The Sky", "options": [
    ...     {"min": 1, "max": 50, "summary": "Clear."}, {"min": 51, "max": 100, "summary": "Ashen."}]}, "$")
    >>> print(roll_truth(truth, rng=ScriptedDice([77])))
    The Sky: 77 -> Ashen.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs

from tabletop_core._frozen import frozen
from tabletop_core._record import Record
from tabletop_core._validate import check_type, of_type
from tabletop_core.action_roll.datasworn import _data
from tabletop_core.action_roll.datasworn.sections import Truth, TruthOption
from tabletop_core.action_roll.datasworn.table_rolls import TableRoll, roll_table
from tabletop_core.errors import InvalidInput
from tabletop_core.rng import dice_source

if TYPE_CHECKING:
    from tabletop_core.rng import RngLike  # the alias imports numpy at run time: annotations only

__all__ = ["TruthRoll", "roll_truth"]


@frozen
class TruthRoll(Record):
    """A truth rolled: the roll on its options, the option it chose, and the rolls on that option's tables.

    Attributes:
        truth_id: The truth's id.
        truth_name: Its name.
        roll: The roll on the truth's options (:meth:`Truth.table`).
        option: The option the roll landed on (``None`` in a gap).
        tables: The rolls on the option's own tables, in order.

    Raises:
        InvalidInput: the option is not the one the roll's row stands for.
    """

    truth_id: str = attrs.field(validator=of_type(str))
    truth_name: str = attrs.field(validator=of_type(str))
    roll: TableRoll = attrs.field(validator=of_type(TableRoll))
    option: TruthOption | None = attrs.field(default=None)
    tables: tuple[TableRoll, ...] = _data.tuple_field(TableRoll, default=())

    def __attrs_post_init__(self) -> None:
        row = self.roll.row
        if (self.option is None) != (row is None):
            raise InvalidInput("option must be given exactly when the roll lands on a row")
        if self.option is not None:
            check_type("option", self.option, TruthOption)
            if row is not None and (row.low, row.high) != (self.option.low, self.option.high):
                raise InvalidInput(f"option {self.option.low}-{self.option.high} is not the roll's row {row}")

    def __str__(self) -> str:
        line = f"{self.truth_name}: {self.roll.total} -> {self.roll.text if self.option is not None else 'no option'}"
        if self.tables:
            line += " [" + "; ".join(str(table) for table in self.tables) + "]"
        return line


def roll_truth(truth: Truth, *, rng: RngLike = None, tables: Any = None) -> TruthRoll:
    """Roll a truth's options, then each table the option holds (a roll made at the table: ``ScriptedDice``).

    Args:
        truth: The truth.
        rng: Where the dice come from.
        tables: What finds the option's tables by id (a
            :class:`~tabletop_core.action_roll.datasworn.Ruleset`); ``None`` rolls none of them.

    Raises:
        InvalidInput: an option's table is not found.
        TypeError: an argument has the wrong type.
    """
    check_type("truth", truth, Truth)
    table = truth.table()
    source = dice_source(rng)
    with source.atomic():
        first = roll_table(table, rng=source, follow=False)
        option = None if first.row is None else truth.options[table.rows.index(first.row)]
        held: list[TableRoll] = []
        if option is not None and tables is not None:
            finder = getattr(tables, "table", tables)
            held = [roll_table(finder(table_id), rng=source, tables=tables) for table_id in option.tables]
    return TruthRoll(truth.id, truth.name, first, option, tuple(held))
