"""The oracle tables a move points to, and rolling them: Pay the Price from the move that says to.

A move names tables three ways in Datasworn: its ``oracles`` list, a table set into
its text (``{{table:<id>}}``, "roll on the table below"), and the moves its outcome
links ("On a miss, [Pay the Price]"), whose tables it then rolls. :func:`move_tables`
finds them for the whole move or for one outcome; :func:`roll_move_table` rolls one.

Examples:
    >>> from tabletop_core import ScriptedDice
    >>> from tabletop_core.action_roll import Outcome
    >>> from tabletop_core.action_roll.datasworn import load
    >>> from tabletop_core.action_roll.datasworn.move_oracles import move_tables, roll_move_table
    >>> mini = load("docs/examples/mini-starforged.json")
    >>> [t.name for t in move_tables(mini, mini.move("Leap"), Outcome.MISS)]  # "On a miss, ... Pay a Toll."
    ['Pay a Toll']
    >>> print(roll_move_table(mini, mini.move("Leap"), Outcome.MISS, rng=ScriptedDice([70])))
    Pay a Toll (1d100): 70 -> A name you will not speak again
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from tabletop_core._validate import check_type, clip
from tabletop_core.action_roll.datasworn.moves import Move, RollType
from tabletop_core.action_roll.datasworn.table_rolls import TableRoll, roll_table
from tabletop_core.action_roll.datasworn.tables import OracleTable
from tabletop_core.action_roll.outcome import Outcome
from tabletop_core.errors import InvalidInput

if TYPE_CHECKING:
    from tabletop_core.rng import RngLike  # the alias imports numpy at run time: annotations only

__all__ = ["embedded_tables", "move_tables", "pick_move_table", "roll_move_table"]

_EMBEDDED = re.compile(r"\{\{table[:>]([^}]+)\}\}")
_MOVE_LINK = re.compile(r"\(id:([^)\s]*/moves/[^)\s]+)\)")


def embedded_tables(text: str) -> tuple[str, ...]:
    r"""The ids of the tables set into a move's *text* (``{{table:<id>}}``), in order.

    Examples:
        >>> embedded_tables("Roll on the table below.\n\n{{table:starforged/oracles/moves/pay_the_price}}")
        ('starforged/oracles/moves/pay_the_price',)
    """
    check_type("text", text, str)
    return tuple(dict.fromkeys(found.strip() for found in _EMBEDDED.findall(text)))


def _check_ruleset(ruleset: Any) -> None:
    if not isinstance(getattr(ruleset, "moves", None), Mapping) or not callable(getattr(ruleset, "table", None)):
        raise TypeError(f"ruleset must be a Ruleset (with moves and table()), got {type(ruleset).__name__}")


_SENTENCE_END = re.compile(r"(?<=[.!?])\s+")  # one pass, no backtracking: data text may be long


def _outcome_text(move: Move, outcome: Outcome, match: bool | None = None) -> str:
    """The outcome's text, with what it says "on a match" unless the roll is known to be no match.

    Datasworn gives a match's text apart (``match_text``) or inside the outcome's own
    ("On a miss with a match, you may instead Confront Chaos."): both go for no match.
    """
    said = move.outcome(outcome)
    if said is None:
        return ""
    if match is False:
        sentences = _SENTENCE_END.split(said.text)
        return " ".join(x for x in sentences if "with a match" not in x.lower() and "on a match" not in x.lower())
    return said.text + (said.match_text or "")


def _tables_of(ruleset: Any, table_id: str) -> list[OracleTable]:
    """The table *table_id* names, or the tables of the collection it names (one printed table in columns)."""
    try:
        return [ruleset.table(table_id)]
    except InvalidInput:
        pass
    find = getattr(ruleset, "collection", None)
    try:
        collection = find(table_id) if callable(find) else None
    except InvalidInput:
        return []  # a table the ruleset does not have: nothing to roll
    found = []
    for inner in getattr(collection, "tables", ()):
        try:
            found.append(ruleset.table(inner))
        except InvalidInput:
            continue
    return found


def move_tables(
    ruleset: Any, move: Move, outcome: Outcome | None = None, *, option: str | None = None, match: bool | None = None
) -> tuple[OracleTable, ...]:
    """The tables *move* points to: those set into its text first, then its ``oracles`` list.

    For an *outcome*: the tables that outcome's text sets in ("On a weak hit, roll on
    the table below"), else those of the moves without a roll it links ("On a miss, Pay
    the Price"), else none: a linked move that rolls ("you must Withstand Damage") is a
    move to make, whose table follows its own roll. A collection set into the text
    stands for its tables (Delve the Depths'
    weak hit: "roll on the following table according to your stat", one table in
    three columns); with *option*, the roll's option label, only the table of that
    name is kept when there is one (the Wits column for a roll +wits).

    Args:
        ruleset: A :class:`~tabletop_core.action_roll.datasworn.Ruleset` (or anything
            with ``table(id)`` and ``moves``).
        move: The move.
        outcome: An outcome of the move, or ``None`` for the whole move.
        option: The label of the option rolled (``wits``), to pick the table named after it.
        match: Whether the roll was a match: ``False`` leaves out what the outcome says
            "on a match" (Explore a Waypoint's miss: Confront Chaos only on a match);
            ``None`` (not known) keeps it.

    Raises:
        TypeError: *ruleset* is not a ruleset, *move* not a Move, *outcome* not an Outcome,
            *option* not a str or *match* not a bool.
    """
    if option is not None:
        check_type("option", option, str)
    if match is not None:
        check_type("match", match, bool)
    found = _move_tables(ruleset, move, outcome, match)
    if option is not None and len(found) > 1:
        wanted = option.strip().casefold()
        named = [table for table in found if table.name.strip().casefold() == wanted]
        if len(named) == 1:
            return (named[0],)
    return found


def _move_tables(ruleset: Any, move: Move, outcome: Outcome | None, match: bool | None) -> tuple[OracleTable, ...]:
    _check_ruleset(ruleset)
    check_type("move", move, Move)
    if outcome is None:
        ids = (*embedded_tables(move.text), *move.oracles)
    else:
        check_type("outcome", outcome, Outcome)
        said = _outcome_text(move, outcome, match)
        ids = embedded_tables(said)
        if not ids:
            # A linked move without a roll is its table ("On a miss, Pay the Price"); a linked move
            # that rolls ("you must Withstand Damage", "if you later Endure Harm") is a move to
            # make: its table comes after its own roll, if that misses, and is not this one's.
            theirs = [table for other in _linked_without_roll(ruleset, said) for table in move_tables(ruleset, other)]
            return tuple({table.id: table for table in theirs}.values())
    found = {table.id: table for table_id in dict.fromkeys(ids) for table in _tables_of(ruleset, table_id)}
    return tuple(found.values())


def _set_into(ruleset: Any, move: Move, outcome: Outcome | None, match: bool | None) -> set[str]:
    """The ids of the tables set into the text of *move* (or its *outcome*, see :func:`move_tables` for *match*).

    Or into the text of a move without a roll that it links (Pay the Price's "roll on the table below").
    """
    said = move.text if outcome is None else _outcome_text(move, outcome, match)
    found = set(embedded_tables(said))
    for other in _linked_without_roll(ruleset, said):
        found.update(embedded_tables(other.text))
    return found


def _linked_without_roll(ruleset: Any, said: str) -> list[Move]:
    """The moves without a roll that *said* links, in order, once each (Pay the Price)."""
    linked = (ruleset.moves.get(target) for target in dict.fromkeys(_MOVE_LINK.findall(said)))
    return [other for other in linked if other is not None and other.roll_type is RollType.NO_ROLL]


def pick_move_table(
    ruleset: Any,
    move: Move,
    outcome: Outcome | None = None,
    *,
    table: str | None = None,
    option: str | None = None,
    match: bool | None = None,
) -> OracleTable | None:
    """The table :func:`roll_move_table` rolls, or ``None`` where there is no one to take.

    *table* by id or name, else the one set into the text (or into the text of a linked
    move without a roll), else the only one; ``None`` where the move points to none, or
    to several and *table* is not given.

    Raises:
        InvalidInput: *table* names none of the tables the move (or outcome) points to.
    """
    tables = move_tables(ruleset, move, outcome, option=option, match=match)
    return _pick(ruleset, move, outcome, tables, table, match)


def _pick(
    ruleset: Any,
    move: Move,
    outcome: Outcome | None,
    tables: tuple[OracleTable, ...],
    table: str | None,
    match: bool | None,
) -> OracleTable | None:
    """:func:`pick_move_table` among *tables*, the ones :func:`move_tables` gave."""
    if table is not None:
        wanted = check_type("table", table, str).strip().casefold()
        picked = [t for t in tables if wanted in (t.id.casefold(), t.name.casefold())]
        if len(picked) != 1:
            where = move.name if outcome is None else f"{move.name} on a {outcome}"
            names = ", ".join(f"{t.name} ({t.id})" for t in tables) or "none"
            raise InvalidInput(f"table must be one of the tables of {where}: {names}; got {clip(table)}")
        return picked[0]
    embedded = _set_into(ruleset, move, outcome, match)
    candidates = [t for t in tables if t.id in embedded] or list(tables)
    return candidates[0] if len(candidates) == 1 else None


def roll_move_table(
    ruleset: Any,
    move: Move,
    outcome: Outcome | None = None,
    *,
    table: str | None = None,
    option: str | None = None,
    match: bool | None = None,
    rng: RngLike = None,
) -> TableRoll:
    """Roll the table *move* (or its *outcome*) points to; see :func:`move_tables`.

    Args:
        ruleset: The ruleset the move is from.
        move: The move.
        outcome: Roll the table this outcome points to (a move's result's outcome).
        table: Which table, by id or name, when the move points to several
            (Ask the Oracle: one per odds). By default the one table set into its text,
            or the one table it points to; where there are several, it must be given.
        option: The label of the option rolled: the table named after it, when the
            move has one per option (Delve the Depths: Edge, Shadow, Wits).
        match: Whether the roll was a match (see :func:`move_tables`).
        rng: Where the dice come from (see :func:`~tabletop_core.dice_source`).

    Raises:
        InvalidInput: the move (or outcome) points to no table, *table* is not one of them,
            or it is not given where the move points to several (and sets not one into its text).
    """
    tables = move_tables(ruleset, move, outcome, option=option, match=match)
    where = move.name if outcome is None else f"{move.name} on a {outcome}"
    if not tables:
        raise InvalidInput(f"{where} points to no oracle table")
    chosen = _pick(ruleset, move, outcome, tables, table, match)
    if chosen is None:  # Ask the Oracle's five odds: the player picks, the library does not
        names = ", ".join(f"{t.name} ({t.id})" for t in tables)
        raise InvalidInput(f"{where} points to {len(tables)} tables: give table, one of {names}")
    return roll_table(chosen, rng=rng, tables=ruleset)
