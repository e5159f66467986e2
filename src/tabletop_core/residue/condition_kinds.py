"""The Conditions of the RESIDUE glossary, and which of them track a Condition Die.

Below both :mod:`~tabletop_core.residue.conditions` (the Conditions on the Wanderer) and
:mod:`~tabletop_core.residue.inventory` (an Inventory at 0 brings a Condition): each needs
the names, and the Conditions take theirs from an Inventory.
"""

from __future__ import annotations

from tabletop_core._enum import Enum

__all__ = ["DIE_CONDITIONS", "NO_DIE_CONDITIONS", "Condition"]


class Condition(Enum):
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
        return self in DIE_CONDITIONS

    def __str__(self) -> str:
        return str(self.value)


DIE_CONDITIONS = (Condition.FEAR, Condition.BLEEDING, Condition.PANIC, Condition.FATIGUE, Condition.DELIRIUM)
"""The Conditions with a Condition Die, in glossary order."""

NO_DIE_CONDITIONS = tuple(condition for condition in Condition if condition not in DIE_CONDITIONS)
"""The Conditions without a die (each brought by an Inventory at 0), in glossary order."""
