"""Conditions on the Wanderer: lasting rules effects, some tracked by a Condition Die.

Fear, Bleeding, Panic, Fatigue and Delirium each have a Condition Die: it starts
at d6, the same Condition again steps it up (to d12 at most), and the roll the
rules name steps it down on 1-2 (a d4 that steps down removes the Condition).
Starvation, Dehydration, Depletion, Exposed and Corruption come from an
Inventory at 0 (see :mod:`tabletop_core.residue.inventory`).
"""

from __future__ import annotations

import enum

__all__ = ["Condition"]


class Condition(enum.Enum):
    """Every Condition in the RESIDUE glossary."""

    STARVATION = "Starvation"
    DEHYDRATION = "Dehydration"
    DEPLETION = "Depletion"
    EXPOSED = "Exposed"
    CORRUPTION = "Corruption"
    FEAR = "Fear"
    BLEEDING = "Bleeding"
    PANIC = "Panic"
    FATIGUE = "Fatigue"
    DELIRIUM = "Delirium"

    @property
    def has_die(self) -> bool:
        """Whether the Condition tracks its severity with a Condition Die."""
        return self in _DIE_CONDITIONS

    def __str__(self) -> str:
        return str(self.value)


_DIE_CONDITIONS = frozenset(
    {Condition.FEAR, Condition.BLEEDING, Condition.PANIC, Condition.FATIGUE, Condition.DELIRIUM}
)
