"""Ironsworn (Classic) Ask the Oracle: "yes" on a roll *over* the odds, not under.

The Classic move reads the same d100 the other way round: "the answer is 'yes' if
you roll" almost certain 11 or greater, likely 26 or greater, 50/50 51 or greater,
unlikely 76 or greater, small chance 91 or greater (the Datasworn Classic tables
agree). The chance of a yes is the same as in Starforged (90%, 75%, 50%, 25%, 10%);
which rolls say yes differs, and that matters for a roll made at the table. "On a
match, an extreme result or twist has occurred" (11, 22, ..., 99, 100).

Examples:
    >>> from tabletop_core import ScriptedDice
    >>> from tabletop_core.action_roll import Odds
    >>> from tabletop_core.action_roll.classic import ask_the_oracle_classic
    >>> print(ask_the_oracle_classic(Odds.LIKELY, rng=ScriptedDice([20])))
    Ask the Oracle (likely, yes on 26 or greater): 20 -> no
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

import attrs

from tabletop_core._frozen import frozen
from tabletop_core._record import Record
from tabletop_core._validate import check_int, check_type, clip, int_field, of_type
from tabletop_core.action_roll.oracle import Odds, is_oracle_match, oracle_roll
from tabletop_core.errors import InvalidInput
from tabletop_core.odds import Distribution

if TYPE_CHECKING:
    from tabletop_core.rng import RngLike  # the alias imports numpy at run time: annotations only

__all__ = ["ClassicOracleAnswer", "ask_the_oracle_classic", "classic_oracle_odds", "resolve_classic_oracle", "yes_from"]


def yes_from(odds: Odds) -> int:
    """The lowest roll that answers yes in Classic: 11, 26, 51, 76 or 91."""
    return 101 - check_type("odds", odds, Odds).threshold


@frozen
class ClassicOracleAnswer(Record):
    """The answer of the Classic Ask the Oracle to a yes/no question.

    Attributes:
        odds: The odds chosen before rolling.
        roll: The oracle roll, 1..100.
        answer: ``True`` for yes (the roll is at or over :func:`yes_from`).
        is_match: Whether the roll is a match (an extreme result or twist).
    """

    _derived: ClassVar[tuple[str, ...]] = ("answer", "is_match")

    odds: Odds = attrs.field(validator=of_type(Odds))
    roll: int = int_field(low=1, high=100)
    answer: bool = attrs.field(kw_only=True, validator=of_type(bool))
    is_match: bool = attrs.field(kw_only=True, validator=of_type(bool))

    def __attrs_post_init__(self) -> None:
        expected = (self.roll >= yes_from(self.odds), is_oracle_match(self.roll))
        if (self.answer, self.is_match) != expected:
            raise InvalidInput(
                f"oracle answer does not follow the Classic rule: expected (answer, is_match) = {clip(expected)}, "
                f"got {clip((self.answer, self.is_match))}"
            )

    def __str__(self) -> str:
        line = f"Ask the Oracle ({self.odds}, yes on {yes_from(self.odds)} or greater): {self.roll} -> "
        line += "yes" if self.answer else "no"
        return line + " (match: an extreme result or twist)" if self.is_match else line


def resolve_classic_oracle(*, odds: Odds, roll: int) -> ClassicOracleAnswer:
    """Answer a yes/no question the Classic way from an oracle roll (pure).

    Raises:
        TypeError: *odds* is not an Odds, or *roll* not an int.
        InvalidInput: *roll* is outside 1..100.

    Examples:
        >>> resolve_classic_oracle(odds=Odds.ALMOST_CERTAIN, roll=11).answer
        True
    """
    check_type("odds", odds, Odds)
    roll = check_int("roll", roll, low=1, high=100)
    return ClassicOracleAnswer(odds, roll, answer=roll >= yes_from(odds), is_match=is_oracle_match(roll))


def ask_the_oracle_classic(odds: Odds = Odds.FIFTY_FIFTY, *, rng: RngLike = None) -> ClassicOracleAnswer:
    """Ask the Oracle the Classic way: one oracle roll, yes on the roll at or over :func:`yes_from`."""
    check_type("odds", odds, Odds)
    return resolve_classic_oracle(odds=odds, roll=oracle_roll(rng=rng))


def classic_oracle_odds(odds: Odds) -> Distribution[tuple[bool, bool]]:
    """The exact odds of (yes, match) for the Classic Ask the Oracle, over all 100 rolls.

    Examples:
        >>> str(classic_oracle_odds(Odds.LIKELY).probability(lambda answer: answer[0]))
        '3/4'
    """
    check_type("odds", odds, Odds)

    def answer(roll: int) -> tuple[bool, bool]:
        found = resolve_classic_oracle(odds=odds, roll=roll)
        return found.answer, found.is_match

    return Distribution.from_function(answer, 100)
