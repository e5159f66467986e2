"""The dice budget of one roll: how many more dice it may draw (rerolls and explosions count).

Every extra die a roll draws beyond those written spends one; a roll that runs out
raises :func:`too_many_dice`, the same message in every dialect.
"""

from __future__ import annotations

from tabletop_core.notation.errors import NotationError, over_limit

__all__ = ["Budget", "too_many_dice"]


def too_many_dice(text: str, max_dice: int) -> NotationError:
    """The error for a roll of *text* that drew more than *max_dice* dice (rerolls and explosions included)."""
    return NotationError(
        f"{text}: rolled more than {max_dice} dice (explosions and rerolls included)", **over_limit("max_dice")
    )


class Budget:
    """What one roll may still draw, and the records it makes besides its dice.

    Attributes:
        left: Dice the roll may still draw beyond those written.
        text: The expression as the budget's error names it.
        max_dice: The limit, as the error names it.
        groups: Group records made so far, in order, for a plan that records them apart
            (set by that plan: a budget has none of its own).
        labels: Label records made so far, in order (likewise).
        flag: One cell a dialect may set while rolling (the d20 dialect: its first d20 was dropped).
    """

    __slots__ = ("flag", "groups", "labels", "left", "max_dice", "text")

    def __init__(self, left: int, text: str, max_dice: int) -> None:
        self.left = left
        self.text = text
        self.max_dice = max_dice
        self.flag = False
        # groups and labels are set by the plans that make such records: most rolls make none.
        self.groups: list[object]
        self.labels: list[object]

    def spend(self, dice: int = 1) -> None:
        """Take *dice* from the budget, or raise :func:`too_many_dice` when it runs out."""
        self.left -= dice
        if self.left < 0:
            raise too_many_dice(self.text, self.max_dice)
