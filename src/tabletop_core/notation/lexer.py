"""Split dice notation into tokens, each with its 1-based column.

Whitespace may stand between any two tokens and is skipped; letters may be
either case. A trailing ``[label]`` is one token holding the label's text as
written. The lexer never recurses and reads each character once.
"""

from __future__ import annotations

import attrs

from tabletop_core._validate import clip, one_line_text
from tabletop_core.notation.errors import NotationError

__all__ = ["Token", "shown", "tokenize"]

# Token kinds.
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
END = "end"

_SINGLE = {"+": PLUS, "-": MINUS, "*": TIMES, "/": DIVIDE, "(": OPEN, ")": CLOSE, "!": EXPLODE, "%": PERCENT}
_SHOWN_LENGTH = 60


@attrs.frozen
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


def shown(text: str) -> str:
    """The expression as quoted in error messages (long input shortened)."""
    if not text.strip():
        return f"empty expression {clip(text)}"
    short = text if len(text) <= _SHOWN_LENGTH else text[: _SHOWN_LENGTH - 3] + "..."
    return one_line_text(short)  # an error message is one line too


def _error(text: str, message: str, column: int) -> NotationError:
    return NotationError(f"{shown(text)}: {message} at column {column}", column=column)


def tokenize(text: str) -> list[Token]:
    """Return the tokens of *text*, ending with an ``end`` token.

    Raises:
        NotationError: a character that belongs to no token, an unclosed label,
            or text after the label.
    """
    tokens: list[Token] = []
    lower = text.lower()
    length = len(text)
    i = 0
    while i < length:
        char = lower[i]
        column = i + 1
        if char in " \t\r\n":
            i += 1
        elif "0" <= char <= "9":
            j = i + 1
            while j < length and "0" <= lower[j] <= "9":
                j += 1
            tokens.append(Token(NUMBER, lower[i:j], column, j))
            i = j
        elif char in _SINGLE:
            tokens.append(Token(_SINGLE[char], char, column, column))
            i += 1
        elif char in "<>=":
            width = 2 if char != "=" and i + 1 < length and lower[i + 1] == "=" else 1
            tokens.append(Token(COMPARE, lower[i : i + width], column, i + width))
            i += width
        elif char in "dk":
            following = lower[i + 1] if i + 1 < length else ""
            if following in ("h", "l"):
                tokens.append(Token(SELECT, char + following, column, column + 1))
                i += 2
            elif char == "k":  # a bare k keeps the highest, as most dice bots read it (see the parser)
                tokens.append(Token(SELECT, "k", column, column))
                i += 1
            else:
                tokens.append(Token(DIE, "d", column, column))
                i += 1
        elif char == "f":
            tokens.append(Token(FATE, "F", column, column))
            i += 1
        elif char == "r":
            once = i + 1 < length and lower[i + 1] == "o"
            tokens.append(Token(REROLL, "ro" if once else "r", column, column + once))
            i += 1 + once
        elif char == "[":
            close = text.find("]", i + 1)
            if close < 0:
                raise _error(text, "the label opened here is not closed with ']'", column)
            rest = text[close + 1 :]
            if rest.strip():
                after = close + 2 + (len(rest) - len(rest.lstrip()))
                raise _error(text, "the label must come last; unexpected text after it", after)
            tokens.append(Token(LABEL, text[i + 1 : close], column, close + 1))
            i = length
        else:
            raise _error(text, f"unexpected character {clip(text[i])}", column)
    end = tokens[-1].end + 1 if tokens else 1
    tokens.append(Token(END, "", end, end))
    return tokens
