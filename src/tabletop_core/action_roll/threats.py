"""Ironsworn: Delve's threats: a menace track beside a vow, and Advance a Threat.

From Delve's move, as the Datasworn data gives it:

* **Advance a Threat**: "roll on the table below": 1-30 "the threat readies its next
  step ... If you are in a position to prevent this development, you may attempt to do
  so. If you succeed, Reach a Milestone. Otherwise, mark menace"; 31-70 "Mark menace";
  71-100 "Mark menace twice". "On a match, this development also exposes a surprising
  aspect of the threat's plan or nature."
* "If you mark the last box on the threat's menace track, the threat achieves its goal,
  or the final dire outcome occurs. You must Forsake Your Vow."
* **Take a Hiatus**: "for each active threat, Advance a Threat".

The data gives the table and its words, not how much one mark of menace fills: the
**reading** here is the rulebook's, a menace track of ten boxes marked as progress is,
by the rank of the vow the threat stands against (troublesome 3 boxes .. epic 1 tick);
:class:`Threat` takes the rank, so a table that marks otherwise gives another. What each
row does is read from its words ("mark menace", "twice", "Reach a Milestone"), so the
rolls follow the table the data holds.

Examples:
    >>> from tabletop_core.action_roll import Rank
    >>> from tabletop_core.action_roll.datasworn import OracleTable
    >>> from tabletop_core.action_roll.threats import Threat, resolve_threat_advance
    >>> table = OracleTable.from_rows("Advance a Threat", [(1, 30, "Readies. If you succeed, Reach a Milestone. "
    ...     "Otherwise, mark menace."), (31, 70, "Mark menace."), (71, 100, "Mark menace twice.")])
    >>> plague = Threat("The blight", "Cure the blight", Rank.DANGEROUS)
    >>> print(resolve_threat_advance(plague, table, roll=76))
    The blight: Advance a Threat 76 -> Mark menace twice.; menace marked twice: 4/10
"""

from __future__ import annotations

import re
from fractions import Fraction
from typing import TYPE_CHECKING, ClassVar

import attrs

from tabletop_core._frozen import frozen
from tabletop_core._record import Record
from tabletop_core._validate import check_int, check_type, of_type, one_line
from tabletop_core.action_roll.datasworn.table_rolls import TableRoll, roll_table
from tabletop_core.action_roll.datasworn.tables import OracleRow, OracleTable, parse_dice
from tabletop_core.action_roll.oracle import is_oracle_match
from tabletop_core.action_roll.progress import ProgressTrack, Rank
from tabletop_core.errors import InvalidInput, RuleError
from tabletop_core.odds import Distribution
from tabletop_core.rng import dice_source

if TYPE_CHECKING:
    from tabletop_core.rng import RngLike  # the alias imports numpy at run time: annotations only

__all__ = [
    "Threat",
    "ThreatAdvance",
    "advance_a_threat",
    "menace_marks",
    "resolve_threat_advance",
    "threat_advance_odds",
]

_TWICE = re.compile(r"mark menace twice", re.IGNORECASE)
_ONCE = re.compile(r"mark menace", re.IGNORECASE)
_PREVENT = re.compile(r"reach a milestone", re.IGNORECASE)


def menace_marks(row: OracleRow | None) -> tuple[int, bool]:
    """What an Advance a Threat row asks, from its words: (times menace is marked, whether it may be prevented).

    "Mark menace twice": 2; "mark menace": 1; a row that says "If you succeed, Reach a
    Milestone. Otherwise, mark menace" may be prevented (then no menace is marked).

    Examples:
        >>> menace_marks(OracleRow(71, 100, "A major event. Mark menace twice."))
        (2, False)
    """
    if row is None:
        return 0, False
    check_type("row", row, OracleRow)
    text = row.text
    marks = 2 if _TWICE.search(text) else 1 if _ONCE.search(text) else 0
    return marks, bool(marks and _PREVENT.search(text))


@frozen
class Threat(Record):
    """A threat and its menace track, set against a vow.

    Attributes:
        name: The threat ("The blight").
        vow: The vow it stands against (its name on the character's sheet).
        rank: How much one mark of menace fills: the vow's rank (the reading: see the module).
        menace: Ticks of menace marked, 0..40 (ten boxes of four).

    Raises:
        InvalidInput: *menace* outside 0..40, or an empty name.
        TypeError: a part has the wrong type.
    """

    _derived: ClassVar[tuple[str, ...]] = ("is_realized",)

    name: str = attrs.field(validator=one_line())
    vow: str = attrs.field(validator=one_line())
    rank: Rank = attrs.field(validator=of_type(Rank))
    menace: int = attrs.field(default=0, validator=lambda _i, _a, v: check_int("menace", v, low=0, high=40))

    def __attrs_post_init__(self) -> None:
        if not self.name.strip():
            raise InvalidInput("name must name the threat")

    @property
    def track(self) -> ProgressTrack:
        """The menace track as a progress track of the threat's rank."""
        return ProgressTrack(self.rank, ticks=self.menace, name=self.name)

    @property
    def is_realized(self) -> bool:
        """Whether the last box is marked: "the threat achieves its goal ... You must Forsake Your Vow"."""
        return self.menace >= 40

    def mark_menace(self, *, times: int = 1) -> Threat:
        """Mark menace *times* times, each by the threat's rank (stopping at the last box).

        Raises:
            RuleError: the threat has achieved its goal already.
        """
        check_int("times", times, low=0, high=10)
        if self.is_realized and times:
            raise RuleError(f"{self.name} has achieved its goal: its menace track is full")
        return attrs.evolve(self, menace=self.track.mark(times=times).ticks if times else self.menace)

    def __str__(self) -> str:
        line = f"{self.name} (against {self.vow!r}, {self.rank}): menace {self.track.score}/10"
        return line + "; the threat achieves its goal" if self.is_realized else line


@frozen
class ThreatAdvance(Record):
    """Advance a Threat made: the roll, what its row did, and the threat after it.

    Attributes:
        threat: The threat after the move (menace marked).
        roll: The roll on Advance a Threat's table.
        marks: How many times menace was marked (0, 1 or 2).
        may_prevent: Whether the row let the player try to prevent it ("If you succeed,
            Reach a Milestone. Otherwise, mark menace").
        prevented: Whether the player did (no menace then: Reach a Milestone instead).
    """

    _derived: ClassVar[tuple[str, ...]] = ("is_match", "is_realized")

    threat: Threat = attrs.field(validator=of_type(Threat))
    roll: TableRoll = attrs.field(validator=of_type(TableRoll))
    marks: int = attrs.field(validator=lambda _i, _a, v: check_int("marks", v, low=0, high=2))
    may_prevent: bool = attrs.field(default=False, validator=of_type(bool))
    prevented: bool = attrs.field(default=False, validator=of_type(bool))

    def __attrs_post_init__(self) -> None:
        if self.prevented and not self.may_prevent:
            raise InvalidInput("prevented needs a row that may be prevented (may_prevent)")

    @property
    def is_match(self) -> bool:
        """Whether the roll is a match: "this development also exposes a surprising aspect of the threat"."""
        return self.roll.is_match

    @property
    def is_realized(self) -> bool:
        """Whether this advance fills the menace track: the player must Forsake Your Vow."""
        return self.threat.is_realized

    def __str__(self) -> str:
        text = self.roll.row.text if self.roll.row is not None else "(no row)"
        parts = [f"{self.threat.name}: {self.roll.table_name} {self.roll.total} -> {text}"]
        if self.prevented:
            parts.append("prevented: Reach a Milestone")
        elif self.marks:
            parts.append(f"menace marked{' twice' if self.marks == 2 else ''}: {self.threat.track.score}/10")
        if self.is_match:
            parts.append("match: a surprising aspect of the threat is exposed")
        if self.is_realized:
            parts.append(f"the threat achieves its goal: Forsake Your Vow ({self.threat.vow})")
        return "; ".join(parts)


def _advance(threat: Threat, roll: TableRoll, prevented: bool) -> ThreatAdvance:
    check_type("prevented", prevented, bool)
    marks, may_prevent = menace_marks(roll.row)
    if prevented and not may_prevent:
        said = roll.row.text if roll.row is not None else "no row"
        raise InvalidInput(f"prevented: the row for {roll.total} cannot be prevented ({said})")
    done = 0 if prevented else marks
    return ThreatAdvance(threat.mark_menace(times=done), roll, done, may_prevent, prevented)


def resolve_threat_advance(threat: Threat, table: OracleTable, *, roll: int, prevented: bool = False) -> ThreatAdvance:
    """Advance a Threat on a roll already made (pure): mark menace as the row of *roll* says.

    Args:
        threat: The threat.
        table: Advance a Threat's table (one die: ``DelveMoves.from_ruleset(ruleset).advance``).
        roll: The roll, 1..100 on a d100.
        prevented: On a row that may be prevented, whether the player prevented it.

    Raises:
        InvalidInput: *roll* does not fit the table's die, the table rolls more than one
            die, or *prevented* on a row that cannot be prevented.
        RuleError: the threat has achieved its goal already.
    """
    check_type("threat", threat, Threat)
    check_type("table", table, OracleTable)
    count, sides, modifier = parse_dice(table.dice)
    if count != 1 or modifier:
        raise InvalidInput(f"table must roll one die to be read from one roll, got {table.dice}")
    check_int("roll", roll, low=1, high=sides)
    row = table.row_for(roll)
    result = TableRoll(table.id, table.name, table.dice, (roll,), total=roll, row=row, is_match=_match(table, roll))
    return _advance(threat, result, prevented)


def _match(table: OracleTable, roll: int) -> bool:
    return table.dice == "1d100" and is_oracle_match(roll)


def advance_a_threat(
    threat: Threat, table: OracleTable, *, prevented: bool = False, rng: RngLike = None
) -> ThreatAdvance:
    """Advance a Threat: roll on its table and mark menace as the row says.

    Take a Hiatus advances each active threat this way. The roll is the table's own
    (a row's further rolls are not followed: the threat's own oracle is the player's to roll).

    Raises:
        RuleError: the threat has achieved its goal already (no die is rolled).
    """
    check_type("threat", threat, Threat)
    check_type("table", table, OracleTable)
    check_type("prevented", prevented, bool)
    if threat.is_realized:
        raise RuleError(f"{threat.name} has achieved its goal: its menace track is full")
    source = dice_source(rng)
    with source.atomic():  # a row that cannot be prevented, when told it was, hands the die back
        return _advance(threat, roll_table(table, rng=source, follow=False), prevented)


def threat_advance_odds(threat: Threat, table: OracleTable, *, prevented: bool = False) -> Distribution[int]:
    """The exact odds of the menace ticks the threat has after one Advance a Threat.

    With *prevented*, every row that may be prevented is (the best the player can do).

    Examples:
        >>> from tabletop_core.action_roll import Rank
        >>> table = OracleTable.from_rows("A", [(1, 30, "Mark menace."), (31, 100, "Mark menace twice.")])
        >>> print(threat_advance_odds(Threat("T", "V", Rank.FORMIDABLE), table))
        outcome  probability  percent
        -----------------------------
        4               3/10   30.00%
        8               7/10   70.00%
    """
    check_type("threat", threat, Threat)
    check_type("table", table, OracleTable)
    check_type("prevented", prevented, bool)
    weights: dict[int, Fraction] = {}
    for row, chance in table.odds().items():
        marks, may_prevent = menace_marks(row)
        ticks = threat.mark_menace(times=0 if prevented and may_prevent else marks).menace
        weights[ticks] = weights.get(ticks, Fraction(0)) + chance
    return Distribution(weights)
