"""Requirements: the six things an Entry Limitation or a card's "Requires X" can list.

A :class:`Requirement` names a Skill, Item, Keyword, Framework, Resource or
Condition. It lives in its own module because both Item cards (``Requires X``)
and Entries use it, and the Wanderer holds the cards: so it reads a Wanderer by what
it holds, never by its class, which is built from the cards.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

import attrs

from tabletop_core._enum import Enum
from tabletop_core._frozen import frozen
from tabletop_core._record import Record
from tabletop_core._validate import check_one_line, check_type, clip, tuple_of
from tabletop_core.errors import InvalidInput
from tabletop_core.residue.condition_kinds import Condition
from tabletop_core.residue.inventory import InventoryKind
from tabletop_core.residue.step_die import StepDie, to_step_die

if TYPE_CHECKING:
    from tabletop_core.residue.wanderer import Wanderer

__all__ = ["Requirement", "RequirementKind", "requirements_met"]

_HELD = ("skills", "loadout", "keywords", "framework", "inventory", "conditions")
# What a Requirement reads of the Wanderer (its attributes): checked by name, as the Wanderer's
# class is built from the cards that hold Requirements (importing it here would be a circle).


class RequirementKind(Enum):
    """The six things an Entry Limitation can list."""

    SKILL = "Skill"
    ITEM = "Item"
    KEYWORD = "Keyword"
    FRAMEWORK = "Framework"
    RESOURCE = "Resource"
    CONDITION = "Condition"

    def __str__(self) -> str:
        return self.value


def _kind(value: Any) -> RequirementKind:  # Any: raw input, each item checked below
    return RequirementKind.parse(value, name="kind")


def _name(_instance: Any, attribute: Any, value: Any) -> None:  # Any: attrs callback
    check_type(attribute.name, value, str)
    if not value.strip():
        raise InvalidInput(f"{attribute.name} must be a non-empty name, got {clip(value)}")
    check_one_line(attribute.name, value)


@frozen
class Requirement(Record):
    """One requirement: a Skill, Item, Keyword, Framework, Resource or Condition.

    Args:
        kind: Which of the six kinds (a :class:`RequirementKind` or its name).
        name: The Skill, Item, Keyword or Framework's name; the Inventory
            (``"Battery"``) for a Resource; the Condition (``"Fear"``) for a Condition.
        at_least: For a Resource, the smallest die that meets it (0: any die above 0).
    """

    kind: RequirementKind = attrs.field(converter=_kind)
    name: str = attrs.field(validator=_name)
    at_least: StepDie = attrs.field(default=StepDie.ZERO, converter=to_step_die)

    def __attrs_post_init__(self) -> None:
        # Read the names now, so a misspelt Resource or Condition fails when written, not when checked.
        if self.kind is RequirementKind.RESOURCE:
            InventoryKind.parse(self.name, name="name")
        elif self.kind is RequirementKind.CONDITION:
            Condition.parse(self.name, name="name")
        if not self.at_least.is_zero and self.kind is not RequirementKind.RESOURCE:
            raise InvalidInput(f"at_least is for a Resource only, got {self.at_least} for a {self.kind}")

    def met(self, wanderer: Wanderer) -> bool:
        """Whether *wanderer* meets this requirement."""
        _check_wanderer(wanderer)
        kind = self.kind
        if kind is RequirementKind.SKILL:
            return self.name in wanderer.skills
        if kind is RequirementKind.ITEM:
            return any(card.name == self.name for card in wanderer.loadout.items)
        if kind is RequirementKind.KEYWORD:
            return self.name in wanderer.keywords
        if kind is RequirementKind.FRAMEWORK:
            return wanderer.framework == self.name
        if kind is RequirementKind.RESOURCE:
            die = wanderer.inventory.die(InventoryKind.parse(self.name, name="kind"))
            return not die.is_zero and die.value >= self.at_least.value
        return wanderer.conditions.has(Condition.parse(self.name))

    def __str__(self) -> str:
        floor = f" {self.at_least}+" if not self.at_least.is_zero else ""
        return f"{self.kind}: {self.name}{floor}"


def _check_wanderer(wanderer: object) -> None:
    """A TypeError unless *wanderer* holds what a Requirement reads (a Wanderer does)."""
    if not all(hasattr(wanderer, held) for held in _HELD):
        raise TypeError(f"wanderer must be a Wanderer, got {type(wanderer).__name__} {clip(wanderer)}")


def _requirements(values: Iterable[Any]) -> tuple[Requirement, ...]:  # Any: raw input, each item checked below
    return tuple_of("requires", values, Requirement)


def requirements_met(requires: Iterable[Requirement], wanderer: Wanderer) -> bool:
    """Requires X: an ability functions only while every requirement is met (none: always)."""
    return all(r.met(wanderer) for r in _requirements(requires))
