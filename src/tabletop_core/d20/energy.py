"""Energies: the typed force an Effect carries, as a closed set with forgiving parsing.

Core Rule "Persistent Damage": "If you have multiple sources of Persistent Damage
with the same Energy, only the highest Damage applies." That rule only works if
``"fire"``, ``"Fire "`` and ``"FIRE"`` are one Energy, so every Energy the library
takes goes through :meth:`Energy.parse`: case, surrounding spaces, inner runs of
spaces, ``-`` and ``_`` do not matter, and a name outside the set is
:class:`~tabletop_core.errors.InvalidInput` listing the set.

The rules text defines Energy ("the typed force an Effect carries, which sets the
kind of Damage it deals") but lists none. The set here is **an assumption**: the
Energies the d20 family of games commonly uses, plus ``physical`` for weapon
Damage. Energies are stored and shown by their lower-case name (``"fire"``).

Examples:
    >>> from tabletop_core.d20 import Energy
    >>> Energy.parse("  Fire ") is Energy.FIRE
    True
    >>> str(Energy.parse("LIGHTNING"))
    'lightning'
"""

from __future__ import annotations

from tabletop_core._enum import Enum

__all__ = ["Energy", "energy_name"]


class Energy(Enum):
    """The Energies the library knows (an assumption: the rules text lists none)."""

    ACID = "acid"
    COLD = "cold"
    FIRE = "fire"
    FORCE = "force"
    LIGHTNING = "lightning"
    NECROTIC = "necrotic"
    PHYSICAL = "physical"
    POISON = "poison"
    PSYCHIC = "psychic"
    RADIANT = "radiant"
    SONIC = "sonic"

    def __str__(self) -> str:
        return self.value


def energy_name(value: object, *, name: str = "energy") -> str:
    """The canonical (lower-case) name of an Energy given as a member or any spelling of its name.

    Raises:
        InvalidInput: not one of the Energies.
        TypeError: neither an Energy nor a str.

    Examples:
        >>> energy_name("Fire "), energy_name(Energy.COLD)
        ('fire', 'cold')
    """
    return Energy.parse(value, name=name).value
