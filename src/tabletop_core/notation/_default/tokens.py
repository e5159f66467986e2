"""The tokens of the default dialect: their kinds, and :class:`Token` (a kind, its text, where it stands)."""

from __future__ import annotations

from tabletop_core._frozen import frozen

__all__ = ["OPERAND_BEFORE", "Token"]

NUMBER = "number"
DIE = "d"
PERCENT = "%"
FATE = "F"
SELECT = "select"
REROLL = "reroll"
EXPLODE = "!"
COMPARE = "compare"
PLUS = "+"
MINUS = "-"
TIMES = "*"
DIVIDE = "/"
OPEN = "("
CLOSE = ")"
LABEL = "label"
ADVANTAGE = "adv"
CLAMP = "clamp"  # mi / ma
SORT = "sort"  # s / sa / sd
UNIQUE = "unique"  # u / uo
CRIT = "crit"  # cs / cf
GROUP_OPEN = "{"
GROUP_CLOSE = "}"
COMMA = ","
END = "end"
VARIABLE = "@"
FUNCTION = "function"
COMMA = ","
VS = "vs"
REPEAT = "x"
COMMENT = "#"

OPERAND_BEFORE = frozenset((PLUS, MINUS, TIMES, DIVIDE, OPEN, COMMA, VS, REPEAT))
"""Token kinds after which an operand (a number, a die, a name) starts."""


@frozen
class Token:
    """One token: its kind, its (lower-cased) text or value, and where it stands.

    Attributes:
        kind: One of the kind names in this module (``"number"``, ``"d"``, ...).
        text: The text as read (lower case; a label keeps its case; a keep/drop
            or reroll token holds ``k kh kl dh dl`` / ``r ro``).
        start: 1-based column of its first character.
        end: 1-based column of its last character.
    """

    kind: str
    text: str
    start: int
    end: int
