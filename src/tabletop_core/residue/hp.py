"""RESIDUE's HP and Damage: -X HP, +X HP, Suffer X Damage, and 0 HP.

* **-X HP**: lose HP directly; Defense does not apply.
* **+X HP**: recover HP, up to Max HP unless a rule says otherwise.
* **Suffer X Damage**: you may Commit Defense; each ★ blocks 1 Damage, and
  the rest (never below 0) is lost as HP.
* **0 HP**: you are defeated.

Starting HP and Max HP are not public numbers: they are parameters.

Examples:
    >>> health = Health(hp=6, max_hp=8)
    >>> hit = health.suffer(4, blocked=1)
    >>> str(hit)
    'Suffer 4 Damage, Defense blocks 1: -3 HP (HP 6 -> 3/8)'
    >>> str(health.suffer(2, blocked=2))
    'Suffer 2 Damage, Defense blocks 2: no HP lost (HP 6/8)'
    >>> str(hit.after.gain(9))
    'HP 8/8'
"""

from __future__ import annotations

from typing import ClassVar

import attrs

from tabletop_core._fast import fast_replace
from tabletop_core._frozen import frozen
from tabletop_core._record import Record
from tabletop_core._validate import check_int, clip, int_field, int_in, of_type
from tabletop_core.errors import InvalidInput

__all__ = ["DamageResult", "Health", "check_hp", "resolve_damage"]

_LIMIT = 10**6  # far beyond any character sheet


def check_hp(hp: int, max_hp: int) -> None:
    """HP is at most Max HP (a Wanderer's, a Creature's); each is already an int in its own range.

    Raises:
        InvalidInput: *hp* is above *max_hp*.
    """
    if hp > max_hp:
        raise InvalidInput(f"hp must be an int from 0 to max_hp {clip(max_hp)}, got {clip(hp)}")


@frozen
class Health(Record):
    """A Wanderer's HP and Max HP.

    Args:
        hp: Current HP, 0..max_hp (0 means defeated).
        max_hp: Maximum HP, at least 1.
    """

    _derived: ClassVar[tuple[str, ...]] = ("is_defeated",)

    hp: int = int_field(low=0, high=_LIMIT)
    max_hp: int = int_field(low=1, high=_LIMIT)

    def __attrs_post_init__(self) -> None:
        check_hp(self.hp, self.max_hp)

    @property
    def is_defeated(self) -> bool:
        """0 HP: the Wanderer is defeated."""
        return self.hp == 0

    @property
    def missing(self) -> int:
        """HP below Max HP (how much +X HP can still recover)."""
        return self.max_hp - self.hp

    def lose(self, amount: int) -> Health:
        """-X HP: lose *amount* HP directly (Defense does not apply), never below 0."""
        amount = check_int("amount", amount, low=0, high=_LIMIT)
        if not amount:
            return self  # most Commits lose nothing (no Bleeding): no copy
        # 0..hp stays within 0..max_hp: copy without re-validating (hot in simulations).
        return fast_replace(self, hp=max(0, self.hp - amount))

    def gain(self, amount: int, *, beyond_max: bool = False) -> Health:
        """+X HP: recover *amount* HP, up to Max HP unless *beyond_max* (a rule stating otherwise).

        Going beyond Max HP raises Max HP with it so the state stays valid.
        """
        amount = check_int("amount", amount, low=0, high=_LIMIT)
        if not isinstance(beyond_max, bool):
            raise TypeError(f"beyond_max must be a bool, got {type(beyond_max).__name__}")
        if beyond_max:
            hp = min(self.hp + amount, _LIMIT)
            return Health(hp=hp, max_hp=max(self.max_hp, hp))
        return fast_replace(self, hp=min(self.max_hp, self.hp + amount))  # stays within 0..max_hp

    def suffer(self, damage: int, *, blocked: int = 0) -> DamageResult:
        """Suffer *damage* Damage, with *blocked* ★ from a Commit Defense (0 if none)."""
        return resolve_damage(self, damage=damage, blocked=blocked)

    def __str__(self) -> str:
        return f"HP {self.hp}/{self.max_hp}" + (" (defeated)" if self.is_defeated else "")


@frozen
class DamageResult(Record):
    """Suffer X Damage, explained.

    Attributes:
        before: Health before.
        damage: The Damage suffered.
        blocked: ★ of Defense (each blocks 1 Damage).
        lost: HP actually lost (Damage after Defense, at most the HP left).
        after: Health after.
    """

    _derived: ClassVar[tuple[str, ...]] = ("defeated",)

    before: Health = attrs.field(validator=of_type(Health))
    damage: int = attrs.field(validator=int_in(low=0, high=_LIMIT))
    blocked: int = attrs.field(validator=int_in(low=0, high=_LIMIT))
    lost: int = attrs.field(validator=int_in(low=0, high=_LIMIT))
    after: Health = attrs.field(validator=of_type(Health))

    def __attrs_post_init__(self) -> None:
        # Every field but the inputs is derived: a tampered save cannot change the HP lost.
        after = self.before.lose(max(0, self.damage - self.blocked))
        lost = self.before.hp - after.hp
        if self.lost != lost:
            raise InvalidInput(f"lost must be {lost} for {self.damage} Damage with {self.blocked} blocked")
        if self.after != after:
            raise InvalidInput(f"after must be {after} for {self.before} losing {lost} HP")

    @property
    def defeated(self) -> bool:
        """Whether the Damage brought HP to 0."""
        return self.after.is_defeated

    def _rule(self) -> DamageResult:
        return resolve_damage(self.before, damage=self.damage, blocked=self.blocked)

    def __str__(self) -> str:
        defense = f", Defense blocks {self.blocked}" if self.blocked else ""
        tail = " (defeated)" if self.defeated else ""
        if not self.lost:
            return f"Suffer {self.damage} Damage{defense}: no HP lost (HP {self.after.hp}/{self.after.max_hp})"
        return (
            f"Suffer {self.damage} Damage{defense}: -{self.lost} HP "
            f"(HP {self.before.hp} -> {self.after.hp}/{self.after.max_hp}){tail}"
        )


def resolve_damage(health: Health, *, damage: int, blocked: int = 0) -> DamageResult:
    """Suffer *damage* Damage: each ★ of Defense (*blocked*) blocks 1, the rest is lost as HP.

    Raises:
        InvalidInput: a negative amount.
        TypeError: *health* is not a :class:`Health`.
    """
    if not isinstance(health, Health):
        raise TypeError(f"health must be a Health, got {type(health).__name__}")
    damage = check_int("damage", damage, low=0, high=_LIMIT)
    blocked = check_int("blocked", blocked, low=0, high=_LIMIT)
    through = max(0, damage - blocked)
    after = health.lose(through)
    return DamageResult(health, damage, blocked, health.hp - after.hp, after)
