"""A one-shot add held for the next move: "make another move now (not a progress move), and add +1".

Several moves reward a hit with an add on the move that follows, taken once:

* Find an Opportunity (Delve): "Take action now: You and any allies may make a move
  (not a progress move) which directly leverages the opportunity. When you do, add +1
  and take +1 momentum on a hit";
* Secure an Advantage, Reach Your Destination, Locate Your Objective: "Make another move
  now (not a progress move), and add +1"; Starforged's "Add +1 on your next move (not a
  progress move)";
* Turn the Tide: "When you do, add +1 and take +1 momentum on a hit";
* one move only: Fulfill Your Vow's weak hit, "You may Swear an Iron Vow to set things
  right. If you do, add +1"; Compel, "make that move [Gather Information] now and add +1".

:class:`NextMoveAdd` holds one such add; :func:`next_move_add` reads it from a move's
text. A character that holds one gives it to the next action roll it makes (not a
progress roll), and the move then spends it (see
:meth:`~tabletop_core.action_roll.classic.ClassicCharacter.after_move`).

Examples:
    >>> from tabletop_core.action_roll.next_move import NextMoveAdd
    >>> print(NextMoveAdd(1, "Find an Opportunity", momentum_on_hit=1))
    +1 on the next move (not a progress move), +1 momentum on a hit (Find an Opportunity)
"""

from __future__ import annotations

import re

import attrs

from tabletop_core._frozen import frozen
from tabletop_core._record import Record
from tabletop_core._validate import check_type, int_field, one_line
from tabletop_core.action_roll.datasworn import _data
from tabletop_core.action_roll.datasworn.ids import canonical
from tabletop_core.action_roll.datasworn.moves import Move, RollType
from tabletop_core.action_roll.outcome import Outcome

__all__ = ["NextMoveAdd", "next_move_add"]


@frozen
class NextMoveAdd(Record):
    """An add held for the next action roll (not a progress roll), taken once.

    Attributes:
        adds: The add, 1..10.
        source: The move that gave it ("Find an Opportunity").
        momentum_on_hit: Momentum the move that takes it gains on a hit (Find an
            Opportunity, Turn the Tide: +1), 0..10.
        move: Only this move takes it (its name or id: Fulfill Your Vow's weak hit
            gives it to Swear an Iron Vow); ``None``: the next action roll, whichever.

    Raises:
        InvalidInput: a number outside its range.
        TypeError: a value of the wrong type.
    """

    adds: int = int_field(low=1, high=10)
    source: str = attrs.field(default="", validator=one_line())
    momentum_on_hit: int = int_field(low=0, high=10, default=0)
    move: str | None = attrs.field(default=None, validator=_data.optional_str)

    def takes(self, move_id: str, move_name: str, roll_type: RollType) -> bool:
        """Whether the move *move_id* (named *move_name*), rolling *roll_type*, takes this add."""
        if roll_type is not RollType.ACTION_ROLL:
            return False
        if self.move is None:
            return True
        wanted = self.move.strip().casefold()
        return wanted in (move_name.casefold(), move_id.casefold()) or canonical(self.move) == canonical(move_id)

    def applies_to(self, move: Move) -> bool:
        """Whether making *move* takes this add (an action roll, and the move it names if it names one)."""
        check_type("move", move, Move)
        return self.takes(move.id, move.name, move.roll_type)

    def __str__(self) -> str:
        target = f"on {self.move}" if self.move else "on the next move (not a progress move)"
        line = f"+{self.adds} {target}"
        if self.momentum_on_hit:
            line += f", +{self.momentum_on_hit} momentum on a hit"
        return f"{line} ({self.source})" if self.source else line


_LINK = r"\[(?P<move>[^\]]+)\]\([^)]*\)"
_PATTERNS = (
    re.compile(r"when you do, add \+(?P<adds>\d+) and take \+(?P<momentum>\d+) momentum on a hit", re.IGNORECASE),
    re.compile(r"make another move now \(not a progress move\),? and add \+(?P<adds>\d+)", re.IGNORECASE),
    re.compile(r"add \+(?P<adds>\d+) on (?:your|the) next move \(not a progress move\)", re.IGNORECASE),
    re.compile(_LINK + r"[^.\n]*\. if you do, add \+(?P<adds>\d+)", re.IGNORECASE),
    re.compile(_LINK + r", make that move now and add \+(?P<adds>\d+)", re.IGNORECASE),
)


def next_move_add(move: Move, outcome: Outcome | None = None) -> NextMoveAdd | None:
    """The one-shot add *move* gives the next move, read from its text (for *outcome*, if given).

    Read: "make another move now (not a progress move), and add +N"; "add +N on your
    next move (not a progress move)"; "when you do, add +N and take +M momentum on a
    hit"; "[Move] ... If you do, add +N" and "[Move], make that move now and add +N"
    (only that move). A standing bonus ("whenever your connection aids you ..., add
    +1") is not a one-shot add and is not read.

    Args:
        move: The move.
        outcome: The outcome whose text is read (a rolled move); ``None``: the move's whole text.

    Returns:
        The add, or ``None`` when the text gives none.

    Raises:
        TypeError: *move* is not a Move, or *outcome* not an Outcome.

    Examples:
        >>> from tabletop_core.action_roll.datasworn import Move
        >>> find = Move.from_datasworn({"_id": "d/moves/find", "name": "Find an Opportunity", "roll_type": "no_roll",
        ...     "trigger": {"text": "When you encounter a helpful situation..."},
        ...     "text": "Take action now: make a move. When you do, add +1 and take +1 momentum on a hit."})
        >>> print(next_move_add(find))
        +1 on the next move (not a progress move), +1 momentum on a hit (Find an Opportunity)
    """
    check_type("move", move, Move)
    text = move.text
    if outcome is not None:
        said = move.outcome(check_type("outcome", outcome, Outcome))
        text = said.text if said is not None else ""
    for pattern in _PATTERNS:
        found = pattern.search(text)
        if found is None:
            continue
        groups = found.groupdict()
        adds = int(groups["adds"])
        momentum = int(groups.get("momentum") or 0)
        if not 1 <= adds <= 10 or momentum > 10:
            return None
        return NextMoveAdd(adds, move.name, momentum_on_hit=momentum, move=groups.get("move"))
    return None
