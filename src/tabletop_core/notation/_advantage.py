"""Advantage as bots write it: a trailing ``adv``/``dis`` word, or ``advantage=`` on the call (the front's part).

avrae's ``!r 1d20+5 adv`` rolls the first d20 twice and keeps the higher; ``dis`` the
lower. The d20 package's ``roll(expr, advantage=...)`` does the same, and so do
:func:`~tabletop_core.notation.roll`, :func:`~tabletop_core.notation.parse` and
:func:`~tabletop_core.notation.distribution` here, in the default and ``d20`` dialects: a
trailing word ``adv``, ``dis``, ``advantage`` or ``disadvantage`` (any case), or
``advantage="adv"``/``"dis"``. The wing turns the leftmost term into ``2d20kh1``/``2d20kl1``
when it is one d20 (through parentheses, labels and a sign, as the d20 package finds it);
anything else is refused with a NotationError (the d20 package rolls it unchanged, silently).
A ``#`` comment in the default dialect keeps its words: ``1d20 # roll with adv`` is a comment.
"""

from __future__ import annotations

import re

from tabletop_core._validate import clip
from tabletop_core.notation.errors import NotationError

__all__ = ["ADVANTAGE_WORDS", "advantage_of", "split_word"]

ADVANTAGE_WORDS = {"adv": "adv", "advantage": "adv", "dis": "dis", "disadvantage": "dis"}
"""The words (and ``advantage=`` values) that ask for advantage or disadvantage, and what each means."""

_TRAILING = re.compile(r"^(?P<text>.*?\S)\s+(?P<word>adv|dis|advantage|disadvantage)\s*$", re.IGNORECASE | re.DOTALL)


def advantage_of(advantage: object) -> str | None:
    """``advantage=`` read: ``"adv"``, ``"dis"`` or ``None``.

    Raises:
        TypeError: not a str (nor ``None``).
        NotationError: a str that names neither.
    """
    if advantage is None:
        return None
    if not isinstance(advantage, str):
        raise TypeError(f"advantage must be 'adv', 'dis' or None, got {type(advantage).__name__}")
    found = ADVANTAGE_WORDS.get(advantage.lower())
    if found is None:
        raise NotationError(
            f"advantage must be 'adv', 'advantage', 'dis', 'disadvantage' or None, got {clip(advantage)}"
        )
    return found


def split_word(text: str, *, comments: bool) -> tuple[str, str | None]:
    """*text* without a trailing advantage word, and what the word asks (``None``: no word).

    With *comments* (the default dialect), a word inside a ``#`` comment stays there.
    """
    match = _TRAILING.match(text)
    if match is None:
        return text, None
    body = match.group("text")
    if comments and "#" in body:
        return text, None
    return body, ADVANTAGE_WORDS[match.group("word").lower()]


def both(word: str | None, advantage: str | None, text: str) -> str | None:
    """The advantage asked by the word and by ``advantage=`` together (they must agree)."""
    if word is not None and advantage is not None and word != advantage:
        raise NotationError(f"{clip(text)}: the text asks for {word} and advantage= for {advantage}")
    return word or advantage


def not_a_d20(text: str, kind: str, leftmost: str) -> NotationError:
    """The refusal of advantage on a roll whose leftmost term is not one d20."""
    return NotationError(
        f"{clip(text)}: {kind} rolls the first d20 twice, but the roll starts with {leftmost}, not one d20 "
        f"(write 1d20+5 {kind})"
    )
