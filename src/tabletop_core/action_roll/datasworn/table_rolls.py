"""Rolling oracle tables: the dice, the row, and the rolls a row asks for ("roll twice", another table).

Examples:
    >>> from tabletop_core import ScriptedDice
    >>> from tabletop_core.action_roll.datasworn import OracleTable, roll_table
    >>> weather = OracleTable.from_rows("Weather", [(1, 60, "Clear"), (61, 90, "Storm"), (91, 100, "Ion squall")])
    >>> str(roll_table(weather, rng=ScriptedDice([72])))
    'Weather (1d100): 72 -> Storm'
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

import attrs

from tabletop_core._frozen import frozen
from tabletop_core._migrations import migration
from tabletop_core._record import Record
from tabletop_core._validate import check_int, check_type, of_type
from tabletop_core.action_roll.datasworn import _data
from tabletop_core.action_roll.datasworn._data import plain_text
from tabletop_core.action_roll.datasworn.tables import OracleRow, OracleTable, parse_dice
from tabletop_core.action_roll.oracle import is_oracle_match
from tabletop_core.errors import InvalidInput, RuleError
from tabletop_core.rng import DiceSource, GeneratorDice, dice_source

if TYPE_CHECKING:
    from tabletop_core.rng import RngLike  # the alias imports numpy at run time: annotations only

__all__ = ["MAX_FOLLOW_DEPTH", "TableRoll", "fill_template", "flip_digits", "roll_table"]

MAX_FOLLOW_DEPTH = 8
"""How deep :func:`roll_table` follows rows that ask for more rolls (a loop in the data stops here)."""
_new = object.__new__


@frozen
class TableRoll(Record):
    """A roll on an oracle table: the dice, the row, and every roll the row led to.

    Attributes:
        table_id: The table rolled on.
        table_name: Its name.
        dice_expression: The table's dice (``1d100``).
        dice: Every die rolled, as rolled (none for a row chosen by hand).
        total: Their sum plus the modifier: the roll looked up (flipped when
            :attr:`flipped_from` says so); ``None`` for a row chosen by hand.
        row: The row it landed on (``None`` for a gap in the table).
        is_match: On a 1d100 table, whether the roll is a match (11, 22, ...,
            99, 100: both d10 alike); always False for other dice and for a
            chosen row.
        match_text: The table's text for a match, when it is one and the
            table gives one.
        followups: The rolls the row asked for, in order ("roll twice": two
            rolls on the same table, each followed in turn; a reference: a
            roll on that table).
        discarded: Rolls thrown away while following: a duplicate that the
            row said to reroll, or "roll twice" landed on again.
        column_labels: The table's names for its result columns (see
            :attr:`OracleTable.column_labels`), for display.
        chosen: Whether the player picked the row by hand instead of rolling
            (:func:`~tabletop_core.action_roll.datasworn.choose_row`).
        flipped_from: For a flipped roll (tens and units swapped, see
            :func:`~tabletop_core.action_roll.datasworn.flip_roll`), the roll
            as the dice gave it; ``None`` otherwise.

    Raises:
        InvalidInput: the derived fields do not follow from the dice.
    """

    # 2: the answer "columns" (every result column as plain text), and "text" by the plain-text
    # rule of version 2 (a list item's marker a bullet): a version 1 "text" is read again.
    _version: ClassVar[int] = 2
    _added: ClassVar[Mapping[str, int]] = {"columns": 2, "text": 2}
    _derived: ClassVar[tuple[str, ...]] = ("total", "is_match", "text", "columns")
    _optional_keys: ClassVar[tuple[str, ...]] = ("column_labels", "chosen", "flipped_from")

    table_id: str = attrs.field(validator=of_type(str))
    table_name: str = attrs.field(validator=of_type(str))
    dice_expression: str = attrs.field(validator=of_type(str))
    dice: tuple[int, ...] = _data.tuple_field(int)
    total: int | None = attrs.field(kw_only=True)
    row: OracleRow | None = attrs.field(kw_only=True)
    is_match: bool = attrs.field(kw_only=True, validator=of_type(bool))
    match_text: str | None = attrs.field(default=None, kw_only=True)
    followups: tuple[TableRoll, ...] = _data.tuple_field(object, default=(), kw_only=True)
    discarded: tuple[TableRoll, ...] = _data.tuple_field(object, default=(), kw_only=True)
    column_labels: tuple[str, ...] = _data.tuple_field(str, default=(), kw_only=True)
    chosen: bool = attrs.field(default=False, kw_only=True, validator=of_type(bool))
    flipped_from: int | None = attrs.field(default=None, kw_only=True, validator=_data.optional_int)

    def __attrs_post_init__(self) -> None:
        count, sides, modifier = parse_dice(self.dice_expression, "dice_expression")
        if self.chosen:
            self._check_chosen()
        else:
            if len(self.dice) != count:
                raise InvalidInput(f"dice must hold {count} values for {self.dice_expression}, got {len(self.dice)}")
            for index, die in enumerate(self.dice):
                check_int(f"dice[{index}]", die, low=1, high=sides)
            rolled = sum(self.dice) + modifier
            if self.flipped_from is not None:
                if self.flipped_from != rolled:
                    raise InvalidInput(f"flipped_from must be the dice's roll {rolled}, got {self.flipped_from}")
                expected_total = flip_digits(self.dice_expression, rolled)
            else:
                expected_total = rolled
            if self.total is None or check_int("total", self.total) != expected_total:
                raise InvalidInput(f"total must be the dice plus modifier ({expected_total}), got {self.total}")
            if self.row is not None:
                check_type("row", self.row, OracleRow)
                if self.row.low is None or self.row.high is None or not self.row.low <= self.total <= self.row.high:
                    raise InvalidInput(f"row {self.row} does not hold the roll {self.total}")
        expected_match = self.total is not None and _is_match(self.dice_expression, self.total)
        if self.is_match != expected_match:
            raise InvalidInput(f"is_match must be {expected_match} for {self.total} on {self.dice_expression}")
        for name in ("followups", "discarded"):
            for index, roll in enumerate(getattr(self, name)):
                check_type(f"{name}[{index}]", roll, TableRoll)

    def _check_chosen(self) -> None:
        if self.dice or self.total is not None or self.flipped_from is not None:
            raise InvalidInput("a row chosen by hand has no dice, no total and no flip")
        check_type("row", self.row, OracleRow)

    @property
    def text(self) -> str:
        """The result as plain text: the row's first column, its template filled by its rolls ("" in a gap)."""
        row = self.row
        if row is None:
            return ""
        if row.template is not None and self.followups:
            filled = fill_template(row.template, self.followups)
            if filled is not None:
                return filled
        return plain_text(row.text)

    @property
    def columns(self) -> tuple[str, ...]:
        """Every result column as plain text: :attr:`text`, then the row's ``text2`` and ``text3`` where given."""
        row = self.row
        if row is None:
            return ()
        return (self.text, *row.columns[1:])

    def results(self) -> tuple[TableRoll, ...]:
        """The rolls that make up the final answer: followups where the row asked for them, else this roll."""
        if self.followups and self.row is not None and any(r.oracle is None and r.auto for r in self.row.rolls):
            return tuple(result for followup in self.followups for result in followup.results())
        return (self,)

    def _answer(self) -> str:
        if self.row is None:
            return "no row"
        columns = self.columns
        extra = []
        for index, value in enumerate(columns[1:], start=1):
            label = self.column_labels[index] if index < len(self.column_labels) else ""
            extra.append(f"{label}: {value}" if label else value)
        return columns[0] + (f" ({'; '.join(extra)})" if extra else "")

    def _head(self) -> str:
        if self.chosen:
            return f"{self.table_name} (chosen): "
        line = f"{self.table_name} ({self.dice_expression}): "
        if len(self.dice) > 1:
            line += f"{' + '.join(map(str, self.dice))} = "
        if self.flipped_from is not None:
            line += f"{self.flipped_from} flipped to "
        return line + f"{self.total} -> "

    def __str__(self) -> str:
        line = self._head() + self._answer()
        if self.is_match:
            line += f" (match{': ' + plain_text(self.match_text) if self.match_text else ''})"
        if self.followups:
            line += " [" + "; ".join(str(followup) for followup in self.followups) + "]"
        return line

    def to_markdown(self) -> str:
        """The roll as Markdown: the table in bold, the dice, every column, the rolls it led to as a nested list."""
        return "\n".join(self._markdown_lines(0))

    def _markdown_lines(self, depth: int) -> list[str]:
        head = self._head().rstrip().removesuffix("->").rstrip()
        name, _, rest = head.partition(" (")
        line = f"**{_escape(name)}** ({_escape(rest)} → {_escape(self._answer())}"
        if self.is_match:
            line += f" *(match{': ' + _escape(plain_text(self.match_text)) if self.match_text else ''})*"
        indent = "  " * depth
        lines = [f"{indent}- {line}" if depth else line]
        for followup in self.followups:
            lines += followup._markdown_lines(depth + 1)
        return lines


_MARKDOWN = str.maketrans({c: "\\" + c for c in "\\`*_[]<>|~"})


def _escape(text: str) -> str:
    return text.translate(_MARKDOWN)


_PLACEHOLDER = re.compile(r"\{\{text[:>]([^{}]+)\}\}")


def fill_template(template: str, followups: Sequence[TableRoll]) -> str | None:
    """A row's template (``{{text:<table id>}} of the {{text:<table id>}}``) filled with the texts of its rolls.

    A placeholder takes the text of the roll on its table (of every roll on it,
    joined by "; ", when there are several). ``None`` when a placeholder has no
    roll to fill it (the row was not followed).

    Examples:
        >>> from tabletop_core.action_roll.datasworn import OracleRow, OracleTable, roll_table
        >>> legacy = OracleTable.from_rows("Legacy", [(1, 100, "Silver")], id="legacy")
        >>> print(fill_template("The {{text:legacy}} Hand", [roll_table(legacy, rng=5)]))
        The Silver Hand
    """
    check_type("template", template, str)
    if isinstance(followups, (str, bytes)) or not isinstance(followups, Sequence):
        raise TypeError(f"followups must be a sequence of TableRoll, got {type(followups).__name__}")
    texts: dict[str, list[str]] = {}
    for index, followup in enumerate(followups):
        check_type(f"followups[{index}]", followup, TableRoll)
        texts.setdefault(followup.table_id, []).append(followup.text)
    missing = False

    def fill(found: re.Match[str]) -> str:
        nonlocal missing
        wanted = found[1].strip()
        given = texts.get(wanted) or _beside(texts, wanted)
        if not given:
            missing = True
            return ""
        return "; ".join(given)

    filled = _PLACEHOLDER.sub(fill, template)
    return None if missing else " ".join(plain_text(filled).split())


def _beside(texts: Mapping[str, list[str]], wanted: str) -> list[str] | None:
    """The texts of the one table rolled whose id ends like *wanted* (a template naming a table beside it)."""
    tail = "/" + wanted.rpartition("/")[2]
    found = [given for table_id, given in texts.items() if table_id.endswith(tail)]
    return found[0] if len(found) == 1 else None


def flip_digits(dice: str, roll: int) -> int:
    """An oracle roll with its tens and units swapped (37 -> 73; 00 and 0 read as 100, so 100 stays 100, 10 -> 1).

    Only a 1d100 roll has two digits to swap.

    Raises:
        InvalidInput: *dice* is not ``1d100`` or *roll* is not 1..100.
        TypeError: *dice* is not a str or *roll* is not an int.

    Examples:
        >>> flip_digits("1d100", 37), flip_digits("1d100", 10), flip_digits("1d100", 100), flip_digits("1d100", 5)
        (73, 1, 100, 50)
    """
    if check_type("dice", dice, str) != "1d100":
        raise InvalidInput(f"only a 1d100 roll has tens and units to flip, this table rolls {dice}")
    roll = check_int("roll", roll, low=1, high=100)
    tens, units = (roll // 10) % 10, roll % 10
    return units * 10 + tens or 100


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
        "column_labels",
        "chosen",
        "flipped_from",
    )
)


def _fast_roll(
    table: OracleTable,
    dice: tuple[int, ...],
    total: int | None,
    row: OracleRow | None,
    followups: tuple[TableRoll, ...] = (),
    discarded: tuple[TableRoll, ...] = (),
    *,
    chosen: bool = False,
    flipped_from: int | None = None,
) -> TableRoll:
    # Values come from a table and a dice source already checked: skip re-deriving them.
    result = _new(TableRoll)
    match = total is not None and table.dice == "1d100" and (total == 100 or total % 11 == 0)
    (
        s_id,
        s_name,
        s_expr,
        s_dice,
        s_total,
        s_row,
        s_match,
        s_text,
        s_followups,
        s_discarded,
        s_labels,
        s_chosen,
        s_flipped,
    ) = _ROLL_FIELDS
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
    s_labels(result, table.column_labels)
    s_chosen(result, chosen)
    s_flipped(result, flipped_from)
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
            if not follow or row is None or (not row.rolls and row.template is None):
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
    if not follow or row is None or (not row.rolls and row.template is None):
        return _fast_roll(table, dice, total, row)
    followups, discarded = follow_row(table, row, source, resolver, depth)
    return _fast_roll(table, dice, total, row, followups, discarded)


def _asks_again(table: OracleTable, row: OracleRow | None) -> bool:
    """Whether *row* of *table* asks for more automatic rolls on *table* itself ("roll twice")."""
    return row is not None and any(r.auto and r.oracle in (None, table.id) for r in row.rolls)


def same_result(first: TableRoll, second: TableRoll) -> bool:
    """Whether two rolls give the same result: the same row, and the same results of the rolls it led to.

    "Roll twice" with duplicates rerolled throws away a result already taken; two
    "Action + Theme" rows whose Action and Theme differ are different results.
    """
    if first.table_id != second.table_id or first.row != second.row or len(first.followups) != len(second.followups):
        return False
    return all(same_result(a, b) for a, b in zip(first.followups, second.followups, strict=True))


def _template_table(table: OracleTable, row: OracleRow, wanted: str, resolver: Resolver) -> OracleTable:
    """The table a template placeholder names; one not found is looked for beside *table*.

    Datasworn 0.0.10's Faction Name Template names ``factions/legacy`` for the
    ``factions/name/legacy`` table that sits beside it.
    """
    for candidate in (wanted, f"{table.id.rpartition('/')[0]}/{wanted.rpartition('/')[2]}"):
        try:
            target = resolver(candidate)
        except (KeyError, LookupError, InvalidInput):
            continue
        return check_type("table", target, OracleTable)
    raise InvalidInput(f"the template of row {row} of {table.id!r} names {wanted!r}, not found")


def follow_row(
    table: OracleTable, row: OracleRow, source: DiceSource, resolver: Resolver | None, depth: int = 0
) -> tuple[tuple[TableRoll, ...], tuple[TableRoll, ...]]:
    """Make the automatic rolls *row* of *table* asks for: ``(followups, discarded)``.

    Every roll made is followed in turn, at any depth (a "roll twice" that lands on
    "Action + Theme" rolls Action and Theme too). Rolling *table* again for "roll
    twice" or "roll three times", landing on such a row again is thrown away and
    rolled over, and so is a result already taken when the data says
    ``duplicates: reroll``; ``keep`` and ``make_it_worse`` keep it.

    Raises:
        InvalidInput: a row points to a table *resolver* does not have, or rolls
            nest deeper than :data:`MAX_FOLLOW_DEPTH`.
        RuleError: no result could be taken in 20 tries per result asked for.
    """
    if depth >= MAX_FOLLOW_DEPTH:
        raise InvalidInput(f"oracle rows ask for rolls nested deeper than {MAX_FOLLOW_DEPTH} tables at {table.id!r}")
    followups: list[TableRoll] = []
    discarded: list[TableRoll] = []
    for request in row.rolls:
        if not request.auto:
            continue  # left to the player: it stays in row.rolls
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
            drawn = _draw(target, source)
            if target is table:
                landed = table._by_roll()[drawn[1] - table.lowest]
                if _asks_again(table, landed):  # "roll twice" again: thrown away, never followed
                    discarded.append(_fast_roll(table, drawn[0], drawn[1], landed))
                    continue
            result = _roll(target, source, resolver, True, depth + 1, drawn)
            if request.duplicates == "reroll" and any(same_result(kept, result) for kept in taken):
                discarded.append(result)
                continue
            taken.append(result)
        followups.extend(taken)
    if row.template is not None and resolver is not None:
        # A template names the tables whose results fill it: each is rolled once, unless a roll above did.
        for wanted in dict.fromkeys(found.strip() for found in _PLACEHOLDER.findall(row.template)):
            if any(followup.table_id == wanted for followup in followups):
                continue
            target = table if wanted == table.id else _template_table(table, row, wanted, resolver)
            followups.append(_roll(target, source, resolver, True, depth + 1))
    return tuple(followups), tuple(discarded)


@migration("action_roll.TableRoll", 1)
def _table_roll_1_to_2(data: dict[str, Any]) -> dict[str, Any]:  # Any: JSON data
    """Version 1 -> 2: the answer ``columns`` came, and ``text`` follows the new plain-text rule.

    Both are answers, computed from the row: the one version 1 wrote is dropped (a row with a
    list, "* Overland Details", wrote ``*`` where version 2 writes ``•``).
    """
    data.pop("text", None)
    return data
