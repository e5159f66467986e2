"""All the dice of a call, or none: the decorator every multi-step rolling function wears.

A public function that rolls takes a keyword-only ``rng``. When it is a
:class:`~tabletop_core.rng.DiceSource`, :func:`atomic_rolls` runs the call inside its
:meth:`~tabletop_core.rng.DiceSource.atomic` block, so a call that fails for any reason (a bad
argument checked after the first draw, a :class:`~tabletop_core.rng.ScriptedDice` that
runs out half-way, a rule refusing the rolled result) hands every scripted value it drew
back to the caller: the caller's dice are exactly as they were. Any other ``rng`` (a
seed, a Generator, ``None``) is passed on untouched: fresh random dice need nothing
undone, and a seed keeps its meaning (``simulate_journey`` spawns one stream per run).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import ParamSpec, TypeVar

from tabletop_core.rng import DiceSource

__all__ = ["atomic_rolls"]

P = ParamSpec("P")
R = TypeVar("R")


def atomic_rolls(func: Callable[P, R]) -> Callable[P, R]:
    """Make a rolling function take all of its dice from ``rng`` or none of them."""

    @functools.wraps(func)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        source = kwargs.get("rng")
        if not isinstance(source, DiceSource):
            return func(*args, **kwargs)
        with source.atomic():
            return func(*args, **kwargs)

    wrapper.__atomic_rolls__ = True  # type: ignore[attr-defined]
    return wrapper
