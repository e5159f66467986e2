"""Rolling oracle tables: the dice, the row, and the rolls a row asks for ("roll twice", another table).

Examples:
    >>> from tabletop_core import ScriptedDice
    >>> from tabletop_core.action_roll.datasworn import OracleTable, roll_table
    >>> weather = OracleTable.from_rows("Weather", [(1, 60, "Clear"), (61, 90, "Storm"), (91, 100, "Ion squall")])
    >>> str(roll_table(weather, rng=ScriptedDice([72])))
    'Weather (1d100): 72 -> Storm'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

import attrs

from tabletop_core._record import Record
from tabletop_core._validate import check_int, check_type, of_type
from tabletop_core.action_roll.datasworn import _data
from tabletop_core.action_roll.datasworn._data import plain_text
from tabletop_core.action_roll.datasworn.tables import OracleRow, OracleTable, parse_dice
from tabletop_core.action_roll.oracle import is_oracle_match
from tabletop_core.errors import InvalidInput, RuleError
from tabletop_core.rng import DiceSource, GeneratorDice, RngLike, dice_source

__all__ = ["MAX_FOLLOW_DEPTH", "TableRoll", "roll_table"]

MAX_FOLLOW_DEPTH = 8
"""How deep :func:`roll_table` follows rows that ask for more rolls (a loop in the data stops here)."""
_new = object.__new__


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
