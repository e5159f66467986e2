"""Dice: :class:`Die`, the standard dice, and :class:`DieRoll` records.

Examples:
    >>> from tabletop_core.dice import d6, d20
    >>> str(d6), d20.sides
    ('d6', 20)
    >>> d6.roll(rng=7) in range(1, 7)
    True
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop_core._frozen import frozen
from tabletop_core._record import Record
from tabletop_core._validate import int_field
from tabletop_core.errors import InvalidInput
from tabletop_core.odds import MAX_OUTCOMES, Distribution
from tabletop_core.rng import MAX_SIDES as _MAX_SIDES
from tabletop_core.rng import dice_source

if TYPE_CHECKING:
    from tabletop_core.rng import RngLike

__all__ = ["Die", "DieRoll", "d4", "d6", "d8", "d10", "d12", "d20", "d100"]

MAX_SIDES = _MAX_SIDES
"""The most sides a :class:`Die` may have (numpy draws 64-bit integers).

Rolling any such die is quick; its exact :meth:`~Die.distribution` is limited to
:data:`~tabletop_core.odds.MAX_OUTCOMES` faces."""


@frozen
class Die(Record):
    """A fair die with faces 1..sides.

    Args:
        sides: Number of faces, at least 1.

    Raises:
        InvalidInput: *sides* is below 1.
        TypeError: *sides* is not an int.
    """

    sides: int = int_field(low=1, high=MAX_SIDES)

    def roll(self, *, rng: RngLike = None) -> int:
        """Roll the die once and return its face (see :func:`~tabletop_core.dice_source`)."""
        return dice_source(rng).roll(self.sides)

    def distribution(self) -> Distribution[int]:
        """The exact distribution of one roll: each face with probability 1/sides.

        Raises:
            InvalidInput: the die has more sides than a distribution may hold
                (:data:`~tabletop_core.odds.MAX_OUTCOMES`); checked before any work.
        """
        if self.sides > MAX_OUTCOMES:
            raise InvalidInput(
                f"{self} has too many faces for exact odds: {self.sides:,}, at most {MAX_OUTCOMES:,}",
                limit="tabletop_core.odds.MAX_OUTCOMES",
                detail=f"Die.distribution() holds one outcome per face; a Distribution holds at most {MAX_OUTCOMES:,}",
            )
        return Distribution.uniform(range(1, self.sides + 1))

    @property
    def faces(self) -> range:
        """The faces, 1..sides."""
        return range(1, self.sides + 1)

    def __str__(self) -> str:
        return f"d{self.sides}"


@frozen
class DieRoll(Record):
    """One die that was rolled: its size and the face it showed.

    Results keep these so that every die stays visible, even a cancelled one.

    Examples:
        >>> DieRoll(sides=6, value=6)
        DieRoll(sides=6, value=6)
        >>> str(DieRoll(sides=6, value=4)), DieRoll(sides=6, value=6).is_max
        ('d6(4)', True)
    """

    sides: int = int_field(low=1, high=MAX_SIDES)
    value: int = int_field(low=1)

    def __attrs_post_init__(self) -> None:
        from tabletop_core._validate import check_int

        check_int("value", self.value, low=1, high=self.sides)

    @property
    def die(self) -> Die:
        """The :class:`Die` that was rolled."""
        return Die(self.sides)

    @property
    def is_max(self) -> bool:
        """Whether the die showed its highest face."""
        return self.value == self.sides

    @property
    def is_min(self) -> bool:
        """Whether the die showed 1."""
        return self.value == 1

    def __str__(self) -> str:
        return f"d{self.sides}({self.value})"


d4 = Die(4)
"""The standard die with four sides, 1 to 4."""
d6 = Die(6)
"""The standard die with six sides, 1 to 6."""
d8 = Die(8)
"""The standard die with eight sides, 1 to 8."""
d10 = Die(10)
"""The standard die with ten sides, 1 to 10."""
d12 = Die(12)
"""The standard die with twelve sides, 1 to 12."""
d20 = Die(20)
"""The standard die with twenty sides, 1 to 20."""
d100 = Die(100)
"""The standard die with a hundred sides, 1 to 100."""
