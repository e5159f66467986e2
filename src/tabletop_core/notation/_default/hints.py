"""Hints for text the default dialect cannot read: the likely intended notation, offered only when it parses.

When the lexer meets a word it does not know (``4d6 keep highest 3``, ``1d20 roll``,
``/r 1d20``), :func:`word_hint` says what the player most likely meant. A hint is only
offered when it parses and means that: every candidate is checked with the parser, which
registers itself here (:func:`set_reader`) so that this module needs none of it.
"""

from __future__ import annotations

import threading
from collections.abc import Callable

from tabletop_core._validate import clip
from tabletop_core.notation._default.tokens import (
    CLOSE,
    EXPLODE,
    FATE,
    LABEL,
    NUMBER,
    OPERAND_BEFORE,
    PERCENT,
    REROLL,
    SELECT,
    VARIABLE,
    Token,
)

__all__ = ["FUNCTION_NAMES", "VS_WORDS", "command_hint", "set_reader", "suggestable", "two_rolls", "word_hint"]

FUNCTION_NAMES = ("floor", "ceil", "round", "abs", "min", "max")  # nodes.FUNCTIONS (the lexer imports no nodes)
VS_WORDS = ("versus", "vs.", "dc", "against", "target")
_READER: list[Callable[[str], object]] = []  # the parser, registered by it
_GUARD = threading.local()  # checking a hint parses text, whose own error needs no hint


def set_reader(read: Callable[[str], object]) -> None:
    """Register the parser: *read(text)* returns the expression or raises NotationError."""
    _READER[:] = [read]


def word_hint(text: str, lower: str, i: int, j: int, tokens: list[Token]) -> str:
    """A "did you mean" for the unknown word ``text[i:j]``: the likely intended notation.

    Only notation that parses is suggested; with none, the message says what the word may be.
    """
    import difflib

    word = lower[i:j]
    before = text[:i].rstrip()
    rest = text[j:].strip()
    if word in _COMMAND_WORDS and before in ("", "/", "!"):
        return command_hint(text) or f"the notation goes alone, without the command word {clip(text[i:j])}"
    phrase = _phrase_hint(word, before, rest, tokens)
    if phrase:
        return phrase
    if before.endswith("//") and before[:-2].strip():  # rpg-dice-roller's '// comment'
        return _meant([f"{before[:-2].rstrip()} # {text[i:].strip()}"], "a comment starts with #")
    if lower[j:].lstrip().startswith("("):
        close = difflib.get_close_matches(word, FUNCTION_NAMES, n=1, cutoff=0.5)
        if close:
            return f"did you mean {close[0]}() (the functions are {', '.join(FUNCTION_NAMES)})?"
        return f"the functions are {', '.join(FUNCTION_NAMES)}"
    target = rest if word in VS_WORDS or word.rstrip(".") in VS_WORDS else ""
    if word.startswith("dc") and word[2:].isdigit():
        target = word[2:]
    if target or word in VS_WORDS:
        return _meant([f"{before} vs {target}"], "a roll against a target") or "a target is written 'vs' (1d20+5 vs 15)"
    if word in FUNCTION_NAMES and before:
        return _meant([f"{word}({before})"], "")
    if lower[j:].lstrip().startswith(":") and not before:
        return _meant([f"{text[j:].lstrip()[1:].strip()} [{text[i:j]}]"], "a label goes after what it labels")
    if word in ("x", "times") or (word.startswith("x") and word[1:].isdigit()):
        times = word[1:] if word[1:].isdigit() else rest
        if times.isdigit():
            return _meant([f"{times}x {before}"], f"roll it {times} times") or "'x' repeats a roll: 6x 4d6kh3"
    complete = bool(tokens) and tokens[-1].kind in (NUMBER, CLOSE, FATE, PERCENT, LABEL, VARIABLE)
    if complete:
        comment, label = f"{before} # {text[i:].strip()}", f"{before} [{text[i:j]}]"
        if suggestable(comment) and suggestable(label):
            return f"did you mean '{comment}' (a comment) or '{label}' (a label)?"
        return _meant([comment], "a comment") or _meant([label], "a label")
    if not tokens or tokens[-1].kind in OPERAND_BEFORE:  # where a value goes: a named value
        return _meant([f"@{word}"], "a named value from variables=")
    return ""


def _meant(candidates: list[str], why: str) -> str:
    """``did you mean`` the first of *candidates* that parses (*why* explains it), or ``""``."""
    for candidate in candidates:
        if suggestable(candidate):
            return f"did you mean '{candidate}'" + (f" ({why})?" if why else "?")
    return ""


# Words bots put before the notation ('/roll 1d20', '!r 1d20'): the library reads the notation alone.
_COMMAND_WORDS = ("roll", "rolls", "r", "dice")
_SIDE_WORDS = {"highest": "h", "high": "h", "best": "h", "top": "h", "lowest": "l", "low": "l", "worst": "l"}
_COUNT_WORDS = {"ones": "1", "twos": "2", "threes": "3", "1s": "1", "2s": "2", "3s": "3"}
_EXPLODE_WORDS = {"explode": "!", "explodes": "!", "exploding": "!", "compound": "!!", "compounding": "!!"}
_EXPLODE_WORDS |= {"penetrate": "!p", "penetrating": "!p"}


def suggestable(candidate: str) -> bool:
    """Whether *candidate* is notation the default dialect reads (a hint suggests nothing else)."""
    if getattr(_GUARD, "busy", False) or not _READER:
        return False  # a hint inside a hint's check: its message is never shown
    from tabletop_core.notation.errors import NotationError

    _GUARD.busy = True
    try:
        _READER[0](candidate)
    except NotationError:
        return False
    finally:
        _GUARD.busy = False
    return True


def two_rolls(text: str, column: int) -> str:
    """A hint for two expressions side by side (``1d20+5 2d6+3``): roll each alone, or ``""``.

    *column* is where the second starts (1-based); the hint is given when both halves parse and
    the second rolls dice (``1d20 4`` is more likely a missing operator).
    """
    first, second = text[: column - 1].strip(), text[column - 1 :].strip()
    if not first or "d" not in second.lower() or not suggestable(first) or not suggestable(second):
        return ""
    return f"two rolls? roll '{first}' and '{second}' one at a time"


def command_hint(text: str) -> str:
    """A "did you mean" for notation after a bot's command word (``roll 1d20``, ``/r 1d20``), or ``""``."""
    words = text.strip().split(None, 1)
    if len(words) != 2:
        return ""
    command = words[0].lower()
    if command[1:] in _COMMAND_WORDS and command[0] in "/!":
        command = command[1:]
    if command not in _COMMAND_WORDS:
        return ""
    rest = words[1].strip()
    if not suggestable(rest):
        return ""
    return f"did you mean '{rest}' (the notation alone, without the command word {clip(words[0])})?"


def _phrase_hint(word: str, before: str, rest: str, tokens: list[Token]) -> str:
    """A "did you mean" for a dice operator spelled in words after a dice term, or ``""``.

    ``4d6 keep highest 3`` is ``4d6kh3``, ``4d6 drop lowest`` ``4d6dl1``, ``3d6 reroll 1``
    ``3d6r1``, ``4d6 explode`` ``4d6!``; the rest of the text follows as written.
    """
    if not before or not tokens or tokens[-1].kind not in (NUMBER, PERCENT, FATE, CLOSE, SELECT, EXPLODE, REROLL):
        return ""
    words = rest.split()
    if word in ("keep", "drop") or word in _SIDE_WORDS:
        side = _SIDE_WORDS.get(word)
        if side is None:
            while words and words[0].lower() == "the":
                words = words[1:]
            side = _SIDE_WORDS.get(words[0].lower()) if words else None
            if side is not None:
                words = words[1:]
        keep = word != "drop"
        code = ("k" if keep else "d") + (side or ("h" if keep else "l"))
        number = words.pop(0) if words and words[0].isdigit() else "1"
        return _suggest(f"{before}{code}{number}", words, "keep or drop dice")
    if word in ("reroll", "rerolls", "rerolling"):
        once = bool(words) and words[0].lower() == "once"
        words = words[1:] if once else words
        faces = words.pop(0).lower() if words else ""
        faces = _COUNT_WORDS.get(faces, faces)
        if not faces.lstrip("<>=").isdigit():
            return "'r' takes the faces to reroll: 3d6r1 rerolls 1s, 3d6r<3 rerolls 1s and 2s, ro rerolls once"
        return _suggest(f"{before}{'ro' if once else 'r'}{faces}", words, "reroll")
    if word in _EXPLODE_WORDS:
        face = words.pop(0) if words and words[0].lstrip("<>=").isdigit() else ""
        on = ("=" + face if face.isdigit() else face) if face else ""
        return _suggest(f"{before}{_EXPLODE_WORDS[word]}{on}", words, "exploding dice")
    if word == "p" and tokens[-1].text == "!!":  # '1d20!!p': penetrating or compounding?
        penetrating, compounding = before[:-2] + "!p", before
        if suggestable(penetrating) and suggestable(compounding):
            return f"did you mean '{penetrating}' (penetrating) or '{compounding}' (compounding)?"
    return ""


def _suggest(notation: str, words: list[str], what: str) -> str:
    """``did you mean`` *notation* and the remaining *words*, when that parses; else ``""``."""
    return _meant([" ".join((notation, *words))], what)
