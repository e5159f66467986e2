"""Split dice notation into tokens, each with its 1-based column.

Whitespace may stand between any two tokens and is skipped; letters may be
either case. A trailing ``[label]`` is one token holding the label's text as
written. The lexer never recurses and reads each character once.
"""

from __future__ import annotations

from tabletop_core._validate import clip, one_line_text
from tabletop_core.notation._default import hints
from tabletop_core.notation._default.tokens import (
    ADVANTAGE,
    CLAMP,
    CLOSE,
    COMMA,
    COMMENT,
    COMPARE,
    CRIT,
    DIE,
    DIVIDE,
    END,
    EXPLODE,
    FATE,
    FUNCTION,
    GROUP_CLOSE,
    GROUP_OPEN,
    LABEL,
    MINUS,
    NUMBER,
    OPEN,
    OPERAND_BEFORE,
    PERCENT,
    PLUS,
    REPEAT,
    REROLL,
    SELECT,
    SORT,
    TIMES,
    UNIQUE,
    VARIABLE,
    VS,
    Token,
)
from tabletop_core.notation.errors import NotationError, shown

__all__ = ["tokenize"]


_SHORTHANDS = {"adv": "adv", "dis": "dis"}
_MEANING = {"adv": "d20 adv is 2d20kh1", "dis": "d20 dis is 2d20kl1"}

_SINGLE = {
    "+": PLUS,
    "-": MINUS,
    "*": TIMES,
    "/": DIVIDE,
    "(": OPEN,
    ")": CLOSE,
    "!": EXPLODE,
    "%": PERCENT,
    ",": COMMA,
    "{": GROUP_OPEN,
    "}": GROUP_CLOSE,
}
# Characters phones and word processors put for ASCII ones, read as them (outside labels and
# comments, which keep what was written): minus signs and dashes, times and division signs.
_READ_AS = {"\u2212": "-", "\u2012": "-", "\u2013": "-", "\ufe63": "-", "\uff0d": "-", "\u00d7": "*", "\u00f7": "/"}
# No-break, thin, em and other Unicode spaces: white space.
_SPACES = frozenset(" \t\r\n\u00a0\u1680\u202f\u205f\u3000" + "".join(map(chr, range(0x2000, 0x200B))))


def _error(text: str, message: str, column: int) -> NotationError:
    return NotationError(f"{shown(text)}: {message} at column {column}", column=column)


def _shorthand(text: str, lower: str, i: int) -> Token:
    """``adv`` or ``dis`` at *i*; a longer word there (``advantage``) is an error with a hint."""
    j = i
    while j < len(lower) and "a" <= lower[j] <= "z":
        j += 1
    word = lower[i:j]
    if word not in _SHORTHANDS:
        candidate = (text[:i] + word[:3] + text[j:]).strip()
        meaning = _MEANING[word[:3]]
        hint = f"did you mean '{one_line_text(candidate)}' ({meaning})?" if hints.suggestable(candidate) else ""
        raise _error(
            text, f"unexpected word {clip(text[i:j])}; {hint or f'the shorthand is {word[:3]!r} ({meaning})'}", i + 1
        )
    return Token(ADVANTAGE, word, i + 1, j)


def _label(text: str, i: int) -> Token:
    """The ``[label]`` opened at *i*; it must be closed (the parser decides what it labels)."""
    close = text.find("]", i + 1)
    if close < 0:
        raise _error(text, "the label opened here is not closed with ']'", i + 1)
    return Token(LABEL, text[i + 1 : close], i + 1, close + 1)


_FUNCTIONS = hints.FUNCTION_NAMES
_FUNCTION_INITIALS = frozenset(name[0] for name in _FUNCTIONS)
_NAME_CHARACTERS = frozenset("abcdefghijklmnopqrstuvwxyz0123456789_")


def _word_place(tokens: list[Token]) -> bool:
    """Whether a letter here cannot be a dice operator: where an operand starts, or after a plain number."""
    if not tokens or tokens[-1].kind in OPERAND_BEFORE:
        return True
    return tokens[-1].kind == NUMBER and (len(tokens) < 2 or tokens[-2].kind in OPERAND_BEFORE)


def _function_at(lower: str, i: int) -> str:
    """The math function named at *i* when ``(`` follows it (spaces allowed between), else ``""``."""
    for name in _FUNCTIONS:
        if lower.startswith(name, i) and lower[i + len(name) :].lstrip(" \t\r\n").startswith("("):
            return name
    return ""


def _word_end(lower: str, i: int) -> int:
    j = i
    while j < len(lower) and lower[j] in _NAME_CHARACTERS:
        j += 1
    return j


def _expression_word(text: str, lower: str, i: int, tokens: list[Token]) -> Token:
    """A token of the expression-level grammar at *i* (``@name``, ``vs``, ``x``, ``# comment``).

    Anything else is an error that suggests the likely intended notation.
    """
    char, column = lower[i], i + 1
    if char == "@":
        j = _word_end(lower, i + 1)
        if j == i + 1 or "0" <= lower[i + 1] <= "9":
            raise _error(text, "expected a name after '@' (such as @str)", column + 1)
        return Token(VARIABLE, lower[i + 1 : j], column, j)
    if char == "#":
        return Token(COMMENT, text[i + 1 :], column, len(text))
    if char == "x" and (i + 1 == len(lower) or not lower[i + 1].isalpha()):
        return Token(REPEAT, "x", column, column)
    if lower.startswith("vs", i) and _word_end(lower, i) == i + 2:
        dot = lower.startswith(".", i + 2)  # 'vs.' is 'vs'
        return Token(VS, "vs", column, column + 1 + dot)
    j = _word_end(lower, i)
    if j == i:
        raise _error(text, f"unexpected character {clip(text[i])}", column)
    while i > 0 and _letter(lower, i - 1):
        # 'fire' read as 'f' + 'ire', 'round' as 'ro' + 'und': the hint is about the whole word.
        i -= 1
        column = i + 1
        tokens = [token for token in tokens if token.start < column]
    if lower[i:j] in ("mi", "ma"):
        hint = f"'{lower[i:j]}' takes a number: 4d6mi2 raises every die below 2 to 2, 4d6ma5 lowers those above 5"
        raise _error(text, f"unexpected character {clip(text[i])}; {hint}", column)
    hint = hints.word_hint(text, lower, i, j, tokens)
    raise _error(text, f"unexpected word {clip(text[i:j])}" + (f"; {one_line_text(hint)}" if hint else ""), column)


def _letter(lower: str, i: int) -> bool:
    return i < len(lower) and "a" <= lower[i] <= "z"


def _explode(lower: str, i: int, tokens: list[Token]) -> Token:
    """``!`` (explode), ``!!`` (compound), ``!p`` (penetrate) or ``!!p`` at *i*; or ``!=`` where a comparison goes.

    After ``r``, ``ro``, ``u``, ``cs``, ``cf`` or a success's ``f`` a ``!=`` compares (rpg-dice-roller's
    not equal); after a die it is an explosion on ``=`` (``d6!=6`` explodes on 6, as rpg-dice-roller reads it).
    """
    failure = tokens and tokens[-1].kind == FATE and len(tokens) > 1 and tokens[-2].kind != DIE  # 'f', not 'dF'
    if lower.startswith("!=", i) and tokens and (tokens[-1].kind in (REROLL, UNIQUE, CRIT) or failure):
        return Token(COMPARE, "!=", i + 1, i + 2)
    if lower.startswith("!!p", i):
        return Token(EXPLODE, "!!p", i + 1, i + 3)
    following = lower[i + 1 : i + 2]
    if following in ("!", "p"):
        return Token(EXPLODE, "!" + following, i + 1, i + 2)
    return Token(EXPLODE, "!", i + 1, i + 1)


def _dice_operator(lower: str, i: int) -> Token | None:
    """A dice operator spelled in letters at *i*, or ``None`` when none stands there.

    ``mi``/``ma`` before a number, ``cs``/``cf``, ``s``/``sa``/``sd``, ``u``; words such as
    ``min(`` or ``strength`` are left alone.
    """
    pair = lower[i : i + 2]
    if lower[i : i + 3] in ("min", "max") and not lower[i + 3 : i + 4].isalpha():
        j = i + 3
        while j < len(lower) and lower[j] in " \t\r\n":
            j += 1
        if j < len(lower) and ("0" <= lower[j] <= "9" or lower[j] == "-"):  # rpg-dice-roller's min3, max5
            return Token(CLAMP, pair, i + 1, i + 3)
    if pair in ("mi", "ma"):
        j = i + 2
        while j < len(lower) and lower[j] in " \t\r\n":
            j += 1
        number = j < len(lower) and "0" <= lower[j] <= "9"
        return Token(CLAMP, pair, i + 1, i + 2) if number or _operator_ends(lower, i + 2) else None
    if pair in ("cs", "cf"):
        return Token(CRIT, pair, i + 1, i + 2) if _operator_ends(lower, i + 2) else None
    if pair == "uo" and _operator_ends(lower, i + 2):
        return Token(UNIQUE, "uo", i + 1, i + 2)
    if lower[i] == "u":
        return Token(UNIQUE, "u", i + 1, i + 1) if _operator_ends(lower, i + 1) else None
    if lower[i] == "s":
        width = 2 if pair in ("sa", "sd") else 1
        return Token(SORT, lower[i : i + width], i + 1, i + width) if _operator_ends(lower, i + width) else None
    return None


def _operator_ends(lower: str, j: int) -> bool:
    """Whether a letter operator may end at *j*: not in the middle of a word.

    ``1d20 strength`` is a word; ``4d6sdkh3`` is two operators in a row.
    """
    return j >= len(lower) or not ("a" <= lower[j] <= "z") or lower[j] in _OPERATOR_INITIALS


_OPERATOR_INITIALS = frozenset("kdcsmrfu")


def tokenize(text: str) -> list[Token]:  # noqa: C901 - one branch per kind of token
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
        if char in _SPACES:
            i += 1
        elif char in _FUNCTION_INITIALS and _function_at(lower, i):
            name = _function_at(lower, i)
            tokens.append(Token(FUNCTION, name, column, i + len(name)))
            i += len(name)
        elif tokens and tokens[-1].kind == VS and lower.startswith(("dc", "ac"), i) and not _letter(lower, i + 2):
            i += 2  # 'vs DC 15' and 'vs AC 15' are 'vs 15'
        elif char in "ad" and lower.startswith(("adv", "dis"), i):
            tokens.append(_shorthand(text, lower, i))
            i = tokens[-1].end
        elif "0" <= char <= "9":
            j = i + 1
            while j < length and "0" <= lower[j] <= "9":
                j += 1
            tokens.append(Token(NUMBER, lower[i:j], column, j))
            i = j
        elif char == "!":
            tokens.append(_explode(lower, i, tokens))
            i = tokens[-1].end
        elif char in _SINGLE or char in _READ_AS:
            ascii_char = _READ_AS.get(char, char)
            tokens.append(Token(_SINGLE[ascii_char], ascii_char, column, column))
            i += 1
        elif char in "scmu" and _word_place(tokens):
            token = _expression_word(text, lower, i, tokens)  # a word, not a dice operator: 1d20+str
            tokens.append(token)
            i = token.end if token.kind != COMMENT else length
        elif (word := _dice_operator(lower, i)) is not None:
            tokens.append(word)
            i = word.end
        elif lower.startswith("<>", i):  # rpg-dice-roller's not equal
            tokens.append(Token(COMPARE, "!=", column, column + 1))
            i += 2
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
            blanks = lower[i + 1 : i + 3] if tokens and tokens[-1].kind == DIE else ""
            if blanks in (".1", ".2"):  # rpg-dice-roller's dF.1 (a d6: one -, one +) and dF.2 (dF)
                tokens.append(Token(FATE, "F" + blanks, column, column + 2))
                i += 3
            else:
                tokens.append(Token(FATE, "F", column, column))
                i += 1
        elif char == "r":
            once = i + 1 < length and lower[i + 1] == "o"
            tokens.append(Token(REROLL, "ro" if once else "r", column, column + once))
            i += 1 + once
        elif char == "[":
            tokens.append(_label(text, i))
            i = tokens[-1].end
        else:
            token = _expression_word(text, lower, i, tokens)
            tokens.append(token)
            i = token.end if token.kind != COMMENT else length
    end = tokens[-1].end + 1 if tokens else 1
    tokens.append(Token(END, "", end, end))
    return tokens
