"""The one error of dice notation: :class:`NotationError`, and how its messages quote the text."""

from __future__ import annotations

from typing import TypedDict

from tabletop_core._validate import clip, one_line_text
from tabletop_core.errors import InvalidInput

__all__ = ["NotationError", "over_limit", "shown"]

_SHOWN_LENGTH = 60


def shown(text: str) -> str:
    """The expression as quoted in error messages (long input shortened, one line)."""
    if not text.strip():
        return f"empty expression {clip(text)}"
    short = text if len(text) <= _SHOWN_LENGTH else text[: _SHOWN_LENGTH - 3] + "..."
    return one_line_text(short)  # an error message is one line too


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

    def __init__(
        self, message: str, *, column: int | None = None, detail: str | None = None, limit: str | None = None
    ) -> None:
        super().__init__(message, detail=detail, limit=limit)
        self.column = column


class LimitFields(TypedDict, total=False):
    """The keyword arguments :func:`over_limit` gives a :class:`NotationError`."""

    limit: str
    detail: str


def over_limit(name: str, *, applies: bool = True) -> LimitFields:
    """The ``limit=``/``detail=`` of a :class:`NotationError` refusing work past ``Limits.<name>``.

    The message says what the player asked that is too much; what a developer can change
    (the :class:`~tabletop_core.notation.Limits` field) stays on the error. With *applies*
    false (the same message refusing a value no limit allows), none.
    """
    if not applies:
        return {}
    return {"limit": f"tabletop_core.notation.Limits.{name}", "detail": f"raise Limits({name}=...) to allow more"}
