"""The oracle: oracle rolls (1..100) and Ask the Oracle with the five odds.

An oracle roll is two d10 read as tens and units, 00 and 0 read as 100.
Ask the Oracle (Starforged) answers *yes* when the roll is at or under the
odds' threshold; a roll of 11, 22, ..., 99 or 100 is a match (an extreme
result or a twist).

Examples:
    >>> from tabletop_core.action_roll import Odds, resolve_oracle, read_oracle_dice
    >>> str(resolve_oracle(odds=Odds.LIKELY, roll=42))
    'Ask the Oracle (likely, yes on 75 or under): 42 -> yes'
    >>> read_oracle_dice(0, 0), read_oracle_dice(7, 3)
    (100, 73)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

import attrs

from tabletop_core._enum import Enum
from tabletop_core._frozen import frozen
from tabletop_core._record import Record
from tabletop_core._validate import check_int, check_type, clip, int_field, of_type
from tabletop_core.errors import InvalidInput
from tabletop_core.rng import dice_source

if TYPE_CHECKING:
    from tabletop_core.rng import RngLike  # the alias imports numpy at run time: annotations only

__all__ = [
    "Odds",
    "OracleAnswer",
    "ask_the_oracle",
    "is_oracle_match",
    "oracle_roll",
    "read_oracle_dice",
    "resolve_oracle",
]


class Odds(Enum):
    """The odds of Ask the Oracle, each with the highest roll that answers yes."""

    ALMOST_CERTAIN = "almost certain"
    LIKELY = "likely"
    FIFTY_FIFTY = "fifty-fifty"
    UNLIKELY = "unlikely"
    SMALL_CHANCE = "small chance"

    def __str__(self) -> str:
        return self.value

    @property
    def threshold(self) -> int:
        """The answer is yes on a roll at or under this: 90, 75, 50, 25 or 10."""
        return _THRESHOLDS[self]


_THRESHOLDS = {
    Odds.ALMOST_CERTAIN: 90,
    Odds.LIKELY: 75,
    Odds.FIFTY_FIFTY: 50,
    Odds.UNLIKELY: 25,
    Odds.SMALL_CHANCE: 10,
}


def is_oracle_match(roll: int) -> bool:
    """Whether an oracle roll is a match: 11, 22, ..., 99 or 100 (both dice alike).

    Raises:
        InvalidInput: *roll* is outside 1..100.
        TypeError: *roll* is not an int.
    """
    roll = check_int("roll", roll, low=1, high=100)
    return roll == 100 or (roll % 11 == 0)


def read_oracle_dice(tens: int, units: int) -> int:
    """Read two d10 as an oracle roll: tens and units, 00 and 0 read as 100.

    Each die may be given as its printed face 0..9, or as 1..10 (10 meaning
    the 0 face), so both kinds of d10 work.

    Raises:
        InvalidInput: a die is outside 0..10.
        TypeError: a die is not an int.
    """
    tens = check_int("tens", tens, low=0, high=10) % 10
    units = check_int("units", units, low=0, high=10) % 10
    return tens * 10 + units or 100


def oracle_roll(*, rng: RngLike = None) -> int:
    """Make an oracle roll: one d100 draw, 1..100.

    A player who rolled two d10 at the table reads them with
    :func:`read_oracle_dice` and passes that value where a roll is asked.
    """
    return dice_source(rng).roll(100)


@frozen
class OracleAnswer(Record):
    """The answer to a yes/no question asked of the oracle.

    Attributes:
        odds: The odds chosen before rolling.
        roll: The oracle roll, 1..100.
        answer: ``True`` for yes (the roll is at or under the odds' threshold).
        is_match: Whether the roll is a match (an extreme result or a twist).
    """

    _derived: ClassVar[tuple[str, ...]] = ("answer", "is_match")

    odds: Odds = attrs.field(validator=of_type(Odds))
    roll: int = int_field(low=1, high=100)
    answer: bool = attrs.field(kw_only=True, validator=of_type(bool))
    is_match: bool = attrs.field(kw_only=True, validator=of_type(bool))

    def __attrs_post_init__(self) -> None:
        expected = (self.roll <= self.odds.threshold, is_oracle_match(self.roll))
        if (self.answer, self.is_match) != expected:
            raise InvalidInput(
                f"oracle answer does not follow the rules: expected (answer, is_match) = {clip(expected)}, "
                f"got {clip((self.answer, self.is_match))}"
            )

    def _line(self, answer: str) -> str:
        line = f"Ask the Oracle ({self.odds}, yes on {self.odds.threshold} or under): {self.roll} -> {answer}"
        return line + " (match: an extreme result or a twist)" if self.is_match else line

    def __str__(self) -> str:
        return self._line("yes" if self.answer else "no")

    def to_markdown(self) -> str:
        """The chat line with the answer in bold."""
        return self._line("**yes**" if self.answer else "**no**")


def resolve_oracle(*, odds: Odds, roll: int) -> OracleAnswer:
    """Answer a yes/no question from an oracle roll (pure).

    Args:
        odds: The odds chosen before rolling.
        roll: The oracle roll, 1..100.

    Raises:
        TypeError: *odds* is not an Odds, or *roll* not an int.
        InvalidInput: *roll* is outside 1..100.
    """
    check_type("odds", odds, Odds)
    roll = check_int("roll", roll, low=1, high=100)
    return OracleAnswer(odds, roll, answer=roll <= odds.threshold, is_match=is_oracle_match(roll))


def ask_the_oracle(odds: Odds = Odds.FIFTY_FIFTY, *, rng: RngLike = None) -> OracleAnswer:
    """Ask the Oracle: make an oracle roll and answer yes or no.

    Examples:
        >>> from tabletop_core import ScriptedDice
        >>> str(ask_the_oracle(Odds.UNLIKELY, rng=ScriptedDice([22])))
        'Ask the Oracle (unlikely, yes on 25 or under): 22 -> yes (match: an extreme result or a twist)'
    """
    check_type("odds", odds, Odds)
    return resolve_oracle(odds=odds, roll=oracle_roll(rng=rng))
