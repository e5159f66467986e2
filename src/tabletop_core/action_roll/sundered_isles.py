"""Sundered Isles: the cursed die, rolled with the oracle dice on a table that has a cursed version.

Sundered Isles (an expansion of Starforged; load it onto its base with
``datasworn.load(starforged, sundered_isles)``) marks some oracle tables with a
skull: they have a cursed version. When you roll such a table with the cursed die
in play, roll the **cursed die** (a d10 set apart from the others) along with your
oracle dice. If it shows its skull face (the 10), the curse takes hold and the
table's cursed version speaks, as its ``curse_behavior`` says:

* ``replace_result``: the cursed table's row for the *same roll* replaces the result;
* ``add_result``: roll again on the cursed table; its result joins the original.

Any other face: the result stands. The frequency is a setting (:class:`CursedDie`):
the rulebook invites a group to tune the curse to their setting, and the peers
make it one (iron-vault lets the die's size be chosen; foundry-ironsworn users
ask for more faces), so the die's sides and skull faces are parameters, 1 in 10 by
default. Sources and readings: see the Sundered Isles docs page.

Examples:
    >>> from tabletop_core import ScriptedDice
    >>> from tabletop_core.action_roll.datasworn import OracleTable
    >>> from tabletop_core.action_roll.sundered_isles import roll_with_cursed_die
    >>> omen = OracleTable.from_rows("Omen", [(1, 50, "Gulls"), (51, 100, "A calm sea")])
    >>> cursed = OracleTable.from_rows("Omen (cursed)", [(1, 50, "Dead gulls"), (51, 100, "A red sea")])
    >>> print(roll_with_cursed_die(omen, cursed, rng=ScriptedDice([72, 3])))
    Omen (1d100): 72 -> A calm sea; cursed die 3
    >>> print(roll_with_cursed_die(omen, cursed, rng=ScriptedDice([72, 10])))
    Omen (1d100): 72 -> A calm sea; cursed die 10: cursed (replace result) -> Omen (cursed) (1d100): 72 -> A red sea
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any, ClassVar

import attrs

from tabletop_core._frozen import frozen
from tabletop_core._record import Record
from tabletop_core._validate import check_int, check_type, clip, of_type
from tabletop_core.action_roll.datasworn import _data
from tabletop_core.action_roll.datasworn.curses import CurseBehavior, CursedVersion
from tabletop_core.action_roll.datasworn.table_rolls import TableRoll, roll_table
from tabletop_core.action_roll.datasworn.tables import OracleRow, OracleTable
from tabletop_core.batch import Batch, check_batch_size
from tabletop_core.errors import InvalidInput, RuleError
from tabletop_core.odds import Distribution
from tabletop_core.rng import DiceSource, dice_source

if TYPE_CHECKING:
    import numpy as np  # the batch's arrays: numpy is imported where they are drawn
    import numpy.typing as npt

    from tabletop_core.rng import RngLike  # the alias imports numpy at run time: annotations only

__all__ = [
    "CURSED_DIE_SIDES",
    "CURSED_FACE",
    "CurseBehavior",
    "CursedBatch",
    "CursedDie",
    "CursedRoll",
    "CursedVersion",
    "curse_odds",
    "cursed_roll_odds",
    "resolve_curse",
    "roll_cursed",
    "roll_with_cursed_die",
    "simulate_cursed",
]

CURSED_DIE_SIDES = 10
"""The cursed die is a d10."""
CURSED_FACE = 10
"""The face that calls the curse (the skull): the 10."""


def _faces(value: Any) -> tuple[int, ...]:
    if isinstance(value, (str, bytes)) or not isinstance(value, (Sequence, set, frozenset)):
        raise TypeError(f"faces must be a sequence of ints, got {type(value).__name__}")
    faces = tuple(sorted(check_int(f"faces[{i}]", face, low=1) for i, face in enumerate(value)))
    if not faces:
        raise InvalidInput("faces must name at least one face that calls the curse")
    if len(set(faces)) != len(faces):
        raise InvalidInput(f"faces must not repeat a face, got {list(faces)}")
    return faces


@frozen
class CursedDie(Record):
    """The cursed die: how many sides it has, and which faces call the curse.

    Attributes:
        sides: Its sides (default 10: a d10).
        faces: The faces that call the curse (default the 10, the skull).

    Raises:
        InvalidInput: *sides* is not 2..100, or a face is outside 1..sides, repeated, or none is given.
        TypeError: a value has the wrong type.
    """

    _derived: ClassVar[tuple[str, ...]] = ("chance",)

    sides: int = attrs.field(
        default=CURSED_DIE_SIDES, validator=lambda _i, _a, v: check_int("sides", v, low=2, high=100)
    )
    faces: tuple[int, ...] = attrs.field(default=(CURSED_FACE,), converter=_faces)

    def __attrs_post_init__(self) -> None:
        if self.faces[-1] > self.sides:
            raise InvalidInput(f"faces must be 1..{self.sides} on a d{self.sides}, got {list(self.faces)}")

    @property
    def chance(self) -> Fraction:
        """The chance that one roll of the die calls the curse (1/10 by default)."""
        return Fraction(len(self.faces), self.sides)

    def calls_the_curse(self, face: int) -> bool:
        """Whether *face* is a skull face.

        Raises:
            InvalidInput: *face* is not 1..sides.
            TypeError: *face* is not an int.
        """
        return check_int("face", face, low=1, high=self.sides) in self.faces

    def __str__(self) -> str:
        faces = ", ".join(map(str, self.faces))
        return f"cursed die d{self.sides} (curse on {faces}: {self.chance})"


def resolve_curse(*, cursed_die: int, die: CursedDie | None = None) -> bool:
    """Whether a face of the cursed die calls the curse: the pure rule.

    Examples:
        >>> resolve_curse(cursed_die=10), resolve_curse(cursed_die=9)
        (True, False)
        >>> resolve_curse(cursed_die=9, die=CursedDie(faces=(9, 10)))
        True

    Raises:
        InvalidInput: the face is not on the die.
        TypeError: an argument has the wrong type.
    """
    die = CursedDie() if die is None else check_type("die", die, CursedDie)
    return die.calls_the_curse(cursed_die)


@frozen
class CursedRoll(Record):
    """An oracle roll with the cursed die: the roll, the die, and the cursed result when it calls the curse.

    Attributes:
        roll: The roll on the table (not followed further when a curse replaced it).
        cursed_die: The cursed die's face; ``None`` when the table has no cursed
            version (then no cursed die is rolled).
        die: The cursed die's setting.
        curse: The table's cursed version (``None`` when it has none).
        cursed: The cursed table's result, when the die called the curse: for
            ``replace_result`` the same roll read on the cursed table, for
            ``add_result`` a roll of its own.

    Raises:
        InvalidInput: the parts do not fit: a cursed result without the curse or
            the other way round, another table, or a replacement at another roll.
    """

    _derived: ClassVar[tuple[str, ...]] = ("is_cursed",)

    roll: TableRoll = attrs.field(validator=of_type(TableRoll))
    cursed_die: int | None = attrs.field(default=None, validator=_data.optional_int)
    die: CursedDie = attrs.field(factory=CursedDie, validator=of_type(CursedDie))
    curse: CursedVersion | None = attrs.field(default=None)
    cursed: TableRoll | None = attrs.field(default=None)

    def __attrs_post_init__(self) -> None:
        if self.curse is None:
            if self.cursed_die is not None or self.cursed is not None:
                raise InvalidInput("a table without a cursed version rolls no cursed die")
            return
        check_type("curse", self.curse, CursedVersion)
        if self.curse.table != self.roll.table_id:
            raise InvalidInput(
                f"curse must be the cursed version of {clip(self.roll.table_id)}, got {clip(str(self.curse))}"
            )
        if self.cursed_die is None:
            raise InvalidInput("cursed_die must be given for a table with a cursed version")
        calls = self.die.calls_the_curse(self.cursed_die)
        if calls != (self.cursed is not None):
            raise InvalidInput(
                f"cursed must be {'given' if calls else 'None'} when the cursed die shows {self.cursed_die}"
            )
        if self.cursed is not None:
            check_type("cursed", self.cursed, TableRoll)
            if self.cursed.table_id != self.curse.cursed:
                raise InvalidInput(f"cursed must be a roll on {self.curse.cursed!r}, got {self.cursed.table_id!r}")
            replacing = self.curse.behavior is CurseBehavior.REPLACE_RESULT
            if replacing and self.cursed.total != self.roll.total:
                raise InvalidInput(
                    f"a replacing curse reads the same roll ({self.roll.total}) on the cursed table, "
                    f"got {self.cursed.total}"
                )

    @property
    def is_cursed(self) -> bool:
        """Whether the cursed die called the curse."""
        return self.cursed is not None

    def results(self) -> tuple[TableRoll, ...]:
        """The results that stand: the cursed one instead of the roll (replace), both (add), or the roll."""
        if self.cursed is None or self.curse is None:
            return (self.roll,)
        if self.curse.behavior is CurseBehavior.REPLACE_RESULT:
            return (self.cursed,)
        return (self.roll, self.cursed)

    @property
    def text(self) -> str:
        """The results' texts, joined."""
        return "; ".join(result.text for result in self.results())

    def __str__(self) -> str:
        line = str(self.roll)
        if self.cursed_die is None:
            return line
        line += f"; cursed die {self.cursed_die}"
        if self.cursed is not None and self.curse is not None:
            line += f": cursed ({self.curse.behavior}) -> {self.cursed}"
        return line


class _Given(DiceSource):
    """Dice already drawn, handed out first; then the source's own (so a roll can be followed)."""

    __slots__ = ("_given", "_source")

    def __init__(self, given: Sequence[int], source: DiceSource) -> None:
        self._given = list(given)
        self._source = source

    def roll(self, sides: int) -> int:
        if self._given:
            return self._given.pop(0)
        return self._source.roll(sides)

    def roll_many(self, sides: int, n: int) -> npt.NDArray[np.int64]:
        return self._source.roll_many(sides, n)


def _cursed_part(
    version: CursedVersion,
    cursed_table: OracleTable,
    dice: tuple[int, ...],
    source: DiceSource,
    tables: Any,
    follow: bool,
) -> TableRoll:
    if version.behavior is CurseBehavior.REPLACE_RESULT:
        return roll_table(cursed_table, rng=_Given(dice, source), tables=tables, follow=follow)
    return roll_table(cursed_table, rng=source, tables=tables, follow=follow)


def roll_with_cursed_die(
    table: OracleTable,
    cursed_table: OracleTable,
    behavior: CurseBehavior = CurseBehavior.REPLACE_RESULT,
    *,
    die: CursedDie | None = None,
    rng: RngLike = None,
    tables: Any = None,
    follow: bool = True,
) -> CursedRoll:
    """Roll *table* with the cursed die; on a skull face, *cursed_table* speaks as *behavior* says.

    The dice are drawn in this order: the table's dice, the cursed die, then what
    the results ask for (the roll's own follow-ups, unless a curse replaced it;
    then the cursed table's). A replacing curse reads the same roll on the cursed
    table, so the two tables must roll the same dice.

    Args:
        table: The table rolled.
        cursed_table: Its cursed version.
        behavior: Replace the result, or add a roll on the cursed table.
        die: The cursed die (default: a d10 cursed on the 10).
        rng: Where the dice come from (see :func:`~tabletop_core.dice_source`).
        tables: What finds other tables for rows that refer to them (a ruleset).
        follow: ``False`` follows no row's further rolls.

    Raises:
        InvalidInput: a replacing curse between tables of different dice.
        TypeError: an argument has the wrong type.
    """
    check_type("table", table, OracleTable)
    check_type("cursed_table", cursed_table, OracleTable)
    check_type("behavior", behavior, CurseBehavior)
    check_type("follow", follow, bool)
    die = CursedDie() if die is None else check_type("die", die, CursedDie)
    if behavior is CurseBehavior.REPLACE_RESULT and table.dice != cursed_table.dice:
        raise InvalidInput(
            f"a replacing curse reads the same roll on the cursed table: {table.id!r} rolls {table.dice}, "
            f"{cursed_table.id!r} rolls {cursed_table.dice}"
        )
    version = CursedVersion(table.id, cursed_table.id, behavior)
    source = dice_source(rng)
    count, sides, _modifier = table._spec
    with source.atomic():
        dice = tuple(check_int("die", value, low=1, high=sides) for value in source.roll_each((sides,) * count))
        face = check_int("cursed die", source.roll(die.sides), low=1, high=die.sides)
        cursed = die.calls_the_curse(face)
        replaced = cursed and behavior is CurseBehavior.REPLACE_RESULT
        first = roll_table(table, rng=_Given(dice, source), tables=tables, follow=follow and not replaced)
        part = _cursed_part(version, cursed_table, dice, source, tables, follow) if cursed else None
    return CursedRoll(first, face, die, version, part)


def roll_cursed(
    ruleset: Any, key: str, *, die: CursedDie | None = None, rng: RngLike = None, follow: bool = True
) -> CursedRoll:
    """Roll the table *key* of *ruleset*, with the cursed die when the table has a cursed version.

    A table without one rolls as :meth:`~tabletop_core.action_roll.datasworn.Ruleset.roll`
    does, and no cursed die is drawn (its :attr:`CursedRoll.cursed_die` is ``None``).

    Raises:
        InvalidInput: no table answers to *key*.
        TypeError: *ruleset* is not a Ruleset.
    """
    from tabletop_core.action_roll.datasworn.ruleset import Ruleset

    check_type("ruleset", ruleset, Ruleset)
    check_type("follow", follow, bool)
    table = ruleset.table(key)
    version = ruleset.cursed_versions.get(table.id)
    if version is None:
        return CursedRoll(roll_table(table, rng=rng, tables=ruleset, follow=follow))
    cursed_table = ruleset.table(version.cursed)
    return roll_with_cursed_die(table, cursed_table, version.behavior, die=die, rng=rng, tables=ruleset, follow=follow)


# -- exact odds and batches ------------------------------------------------------------


def curse_odds(die: CursedDie | None = None) -> Distribution[bool]:
    """The exact odds that the cursed die calls the curse (``True``) or not.

    Examples:
        >>> curse_odds().probability(True)
        Fraction(1, 10)
    """
    die = CursedDie() if die is None else check_type("die", die, CursedDie)
    return Distribution.from_function(die.calls_the_curse, die.sides)


def cursed_roll_odds(
    table: OracleTable,
    cursed_table: OracleTable,
    behavior: CurseBehavior = CurseBehavior.REPLACE_RESULT,
    *,
    die: CursedDie | None = None,
) -> Distribution[tuple[OracleRow | None, ...]]:
    """The exact odds of the rows that stand after a roll with the cursed die (``None``: a gap in a table).

    Each outcome is the rows of :meth:`CursedRoll.results`, in order: ``(row,)``
    uncursed or replaced, ``(row, cursed row)`` for an adding curse. Follow-ups
    of rows are not counted (each is a roll of its own).

    Raises:
        InvalidInput: a replacing curse between tables of different dice.
        TypeError: an argument has the wrong type.
    """
    check_type("table", table, OracleTable)
    check_type("cursed_table", cursed_table, OracleTable)
    check_type("behavior", behavior, CurseBehavior)
    die = CursedDie() if die is None else check_type("die", die, CursedDie)
    if behavior is CurseBehavior.REPLACE_RESULT and table.dice != cursed_table.dice:
        raise InvalidInput(f"a replacing curse reads the same roll: {table.dice} and {cursed_table.dice} differ")
    chance = die.chance
    weights: dict[tuple[OracleRow | None, ...], Fraction] = {}

    def add(outcome: tuple[OracleRow | None, ...], weight: Fraction) -> None:
        weights[outcome] = weights.get(outcome, Fraction(0)) + weight

    cursed_rows = None if behavior is CurseBehavior.REPLACE_RESULT else cursed_table.odds()
    for total, probability in table.totals().items():
        row = table.row_for(total)
        add((row,), probability * (1 - chance))
        if cursed_rows is None:
            add((cursed_table.row_for(total),), probability * chance)
        else:
            for cursed_row, cursed_probability in cursed_rows.items():
                add((row, cursed_row), probability * chance * cursed_probability)
    return Distribution({outcome: weight for outcome, weight in weights.items() if weight})


@frozen(eq=False, repr=False)  # Batch.__repr__: a batch says what it holds
class CursedBatch(Batch[bool]):
    """Many oracle rolls with the cursed die, as arrays: the totals, the cursed die, the cursed rolls.

    Attributes:
        totals: Each roll's total on the table.
        cursed_dice: Each cursed die's face.
        cursed_totals: For an adding curse, each roll on the cursed table (0 where
            the curse did not call for one); for a replacing one, the totals again
            where the curse called, 0 elsewhere.
        sides: The cursed die's sides.
        faces: Its skull faces.
    """

    _parameters: ClassVar[tuple[str, ...]] = ("sides", "faces")

    totals: npt.NDArray[np.int64]
    cursed_dice: npt.NDArray[np.int64]
    cursed_totals: npt.NDArray[np.int64]
    sides: int
    faces: tuple[int, ...]

    @property
    def outcome_codes(self) -> npt.NDArray[np.int8]:
        """1 where the cursed die called the curse, else 0."""
        import numpy as np

        return np.isin(self.cursed_dice, self.faces).astype(np.int8)

    @property
    def labels(self) -> tuple[bool, ...]:
        """``(False, True)``: not cursed, cursed."""
        return (False, True)

    def _describe(self) -> str:
        return f"oracle rolls with a d{self.sides} cursed die"


def _totals(table: OracleTable, source: DiceSource, n: int) -> npt.NDArray[np.int64]:
    import numpy as np

    count, sides, modifier = table._spec
    total = np.zeros(n, dtype=np.int64)
    for _ in range(count):
        total += source.roll_many(sides, n)
    return total + modifier


def simulate_cursed(
    n: int,
    table: OracleTable,
    cursed_table: OracleTable | None = None,
    behavior: CurseBehavior = CurseBehavior.REPLACE_RESULT,
    *,
    die: CursedDie | None = None,
    rng: RngLike = None,
) -> CursedBatch:
    """*n* rolls of *table* with the cursed die, drawn as arrays (no follow-ups).

    The table's dice for every roll, then every cursed die, then (for an adding
    curse) a roll of *cursed_table* for every roll, kept where the die called the curse.

    Raises:
        InvalidInput: *n* is outside 0..MAX_BATCH; an adding curse without its cursed table.
        TypeError: an argument has the wrong type.
    """
    n = check_batch_size(n)
    check_type("table", table, OracleTable)
    check_type("behavior", behavior, CurseBehavior)
    die = CursedDie() if die is None else check_type("die", die, CursedDie)
    if behavior is CurseBehavior.ADD_RESULT:
        if cursed_table is None:
            raise RuleError("an adding curse rolls on its cursed table: give cursed_table")
        check_type("cursed_table", cursed_table, OracleTable)
    import numpy as np  # the batch's arrays: numpy loads with the first simulation

    source = dice_source(rng)
    totals = _totals(table, source, n)
    faces = source.roll_many(die.sides, n)
    cursed = np.isin(faces, die.faces)
    if behavior is CurseBehavior.ADD_RESULT:
        assert cursed_table is not None
        extra = _totals(cursed_table, source, n)
    else:
        extra = totals.copy()
    return CursedBatch(totals, faces, np.where(cursed, extra, 0), die.sides, die.faces)
