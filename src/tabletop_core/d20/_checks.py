"""The d20 rules' own checks of what a caller gives: a label (a source, a reason, a name) and a sequence.

Every d20 record reads its texts and tuples through these, so a bot passing user text straight
through gets the same message everywhere: what was expected and what was given.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TypeVar

from tabletop_core._validate import check_one_line, check_type, clip
from tabletop_core.errors import InvalidInput

__all__ = ["MAX_LABEL_CHARS", "check_label", "checked_label", "iterable_of"]

T = TypeVar("T")

MAX_LABEL_CHARS = 10_000
"""The longest source or reason text (a Fortune's "target Off Guard"): every record re-reads it."""


def check_label(name: str, value: object) -> None:
    """Refuse *value* unless it is a non-empty one-line ``str`` of at most :data:`MAX_LABEL_CHARS` characters."""
    if not isinstance(value, str):
        raise TypeError(f"{name} must be a str, got {type(value).__name__} {clip(value)}")
    if len(value) > MAX_LABEL_CHARS:  # before the scans below, which each Test made from it repeats
        raise InvalidInput(f"{name} must be at most {MAX_LABEL_CHARS:,} characters, got {len(value):,}")
    if not value.strip():
        raise InvalidInput(f"{name} must not be empty, got {clip(value)}")
    check_one_line(name, value)


def checked_label(name: str, value: object) -> str:
    """*value*, a one-line text of at most :data:`MAX_LABEL_CHARS` characters, stripped."""
    check_label(name, value)
    return str(value).strip()


def iterable_of(name: str, kind: type[T], value: object) -> tuple[T, ...]:
    """Any iterable (not a str) of *kind* items, as a tuple; else a TypeError naming the item."""
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise TypeError(f"{name} must be an iterable of {kind.__name__}, got {type(value).__name__} {clip(value)}")
    return tuple(check_type(f"{name}[{i}]", item, kind) for i, item in enumerate(value))
