"""Where the kernel finds a dialect's wing: a registry the front fills, so the kernel imports no wing.

A result knows its dialect by name (``result.dialect``); rendering it, reading its tree
back, checking a loaded record and listing its warnings need that dialect's grammar.
The front registers one loader per dialect (:func:`register`); :func:`wing` calls it on
first use, so a bot on the default grammar never loads the others.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from tabletop_core.notation._kernel.records import RolledNode, RollResult

__all__ = ["Wing", "register", "wing"]


class Wing(Protocol):
    """What the kernel asks of a dialect's wing about one of its results."""

    def breakdowns(self, result: RollResult, *, markdown: bool) -> tuple[str, str | None]:
        """The roll's breakdown (its expression with each term's dice) and its target's (``None``: no ``vs``)."""
        ...

    def rolled_tree(self, result: RollResult) -> RolledNode:
        """The result's expression tree, every node with its value; it never raises."""
        ...

    def checked(self, result: RollResult) -> RollResult:
        """The record the dialect's rule gives for *result*'s expression and dice (itself when they agree)."""
        ...

    def warnings(self, result: RollResult) -> tuple[str, ...]:
        """What the player should know about the roll: a threshold no die can meet, a keep larger than the pool."""
        ...


_LOADERS: dict[str, Callable[[], Wing]] = {}
_LOADED: dict[str, Wing] = {}
_LOCK = threading.Lock()


def register(dialect: str, loader: Callable[[], Wing]) -> None:
    """Make *loader* the way to reach *dialect*'s wing (called once, on first use)."""
    _LOADERS[dialect] = loader


def wing(dialect: str) -> Wing:
    """The wing of *dialect*, loaded on first use.

    Raises:
        KeyError: no wing is registered for *dialect* (the front registers every one).
    """
    found = _LOADED.get(dialect)
    if found is None:
        with _LOCK:
            found = _LOADED.get(dialect)
            if found is None:
                found = _LOADED[dialect] = _LOADERS[dialect]()
    return found
