"""The one error of dice notation: :class:`NotationError`."""

from __future__ import annotations

from tabletop_core.errors import InvalidInput

__all__ = ["NotationError"]


class NotationError(InvalidInput):
    """Dice notation that cannot be read, or that breaks a safety limit.

    A subclass of :class:`~tabletop_core.errors.InvalidInput` (and so of
    :class:`ValueError`). Syntax errors name the column (1-based) and what was
    expected there, so a bot can pass the message straight back to the player:
    ``1d20+ [atk]: expected a number or a die at column 6``.

    Attributes:
        column: The 1-based column the message points at, or ``None`` when the
            error is not about one place in the text (a dice budget run out while
            rolling, odds too large to compute).
    """

    def __init__(self, message: str, *, column: int | None = None) -> None:
        super().__init__(message)
        self.column = column
