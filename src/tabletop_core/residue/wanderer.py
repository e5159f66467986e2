"""The Wanderer: every number on a RESIDUE character sheet in one frozen state.

HP and Max HP, the Endurance dice and Strain, the Inventory, the Luck die, the
Conditions, the Strain Threshold and the Item and Weapon Slots. None of the
starting numbers are public: :meth:`Wanderer.new` takes them all as parameters.

Examples:
    >>> from tabletop_core import ScriptedDice
    >>> w = Wanderer.new(hp=6, endurance_dice=["d8", "d6"], inventory="d6", luck="d6",
    ...                  strain_threshold=3, rng=ScriptedDice([5, 2]))
    >>> print(w)
    HP 6/6 · EP d8(5) d6(2) · Strain 0 · ST 3 · Luck d6 · Food d6, Water d6, Battery d6, Gear d6, Resolve d6
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, ClassVar

import attrs

from tabletop_core._atomic import atomic_rolls
from tabletop_core._fast import fast_replace as replace
from tabletop_core._frozen import frozen
from tabletop_core._record import Record
from tabletop_core._validate import check_int, check_one_line, check_type, clip, int_field, of_type, one_line
from tabletop_core.errors import InvalidInput
from tabletop_core.residue.conditions import Condition, Conditions
from tabletop_core.residue.endurance import Endurance, StrainCheck, check_strain
from tabletop_core.residue.hp import Health
from tabletop_core.residue.inventory import Inventory, InventoryKind
from tabletop_core.residue.items import Item, Loadout
from tabletop_core.residue.requirements import requirements_met
from tabletop_core.residue.step_die import DieLike, StepDie, to_step_die

if TYPE_CHECKING:
    from tabletop_core.rng import RngLike

__all__ = ["Wanderer"]


def _tags(values: Iterable[object]) -> tuple[str, ...]:
    """Keywords or Skills: a sequence of names, each once (a tag is held or not)."""
    if isinstance(values, (str, bytes)) or not isinstance(values, Iterable):
        raise TypeError(f"keywords and skills must be a sequence of str, got {type(values).__name__}")
    result: list[str] = []
    for index, value in enumerate(values):
        text = check_type(f"tag[{index}]", value, str)
        if not text.strip():
            raise InvalidInput(f"tag[{index}] must be a non-empty name, got {clip(value)}")
        check_one_line(f"tag[{index}]", text)
        if text not in result:
            result.append(text)
    return tuple(result)


@frozen
class Wanderer(Record):
    """The Wanderer's whole sheet.

    Args:
        health: HP and Max HP.
        endurance: The Endurance dice (pool, committed, exhausted, banished) and Strain.
        inventory: Food, Water, Battery, Gear, Resolve.
        luck: The Luck die (0: no Luck).
        strain_threshold: The Strain Threshold (ST).
        conditions: The Conditions (those from Inventory at 0 are kept in step).
        loadout: The Item and Weapon Slots.
        keywords: The Keywords (story or rules tags) the Wanderer holds, in the order gained.
        framework: The Framework (character background or role), if any.
        skills: The named Skills an Entry Limitation can ask for (the character sheet's).
    """

    _optional_keys = ("keywords", "framework", "skills")  # saves from before Keywords lack them

    _derived: ClassVar[tuple[str, ...]] = ("strain", "strain_check")

    health: Health = attrs.field(validator=of_type(Health))
    endurance: Endurance = attrs.field(validator=of_type(Endurance))
    inventory: Inventory = attrs.field(validator=of_type(Inventory))
    luck: StepDie = attrs.field(converter=to_step_die)
    strain_threshold: int = int_field(low=1, high=1000)
    conditions: Conditions = attrs.field(factory=Conditions, validator=of_type(Conditions))
    loadout: Loadout = attrs.field(factory=Loadout, validator=of_type(Loadout))
    # Defaults, so a Wanderer saved before Keywords existed still loads.
    keywords: tuple[str, ...] = attrs.field(default=(), converter=_tags)
    framework: str | None = attrs.field(default=None, validator=attrs.validators.optional(one_line()))
    skills: tuple[str, ...] = attrs.field(default=(), converter=_tags)

    def __attrs_post_init__(self) -> None:
        # Inventory at 0 is the source of those Conditions (with those a rule gave); rebuild them
        # only when they differ.
        conditions = self.conditions
        expected = self.inventory.conditions
        if conditions.from_rules:
            expected = expected | set(conditions.from_rules)
        if frozenset(conditions.others) != expected:
            object.__setattr__(self, "conditions", conditions.with_inventory(self.inventory))

    @classmethod
    @atomic_rolls
    def new(
        cls,
        *,
        hp: int,
        endurance_dice: Iterable[DieLike],
        inventory: Inventory | DieLike,
        luck: DieLike,
        strain_threshold: int,
        max_hp: int | None = None,
        loadout: Loadout | None = None,
        keywords: Iterable[str] = (),
        framework: str | None = None,
        skills: Iterable[str] = (),
        rng: RngLike = None,
    ) -> Wanderer:
        """A Wanderer at the start of a run, rolling the Endurance dice into the EP.

        Args:
            hp: Starting HP.
            endurance_dice: The Endurance dice, for example ``["d8", "d6", "d6"]``.
            inventory: An :class:`Inventory`, or one die for all five Inventories.
            luck: The starting Luck die.
            strain_threshold: The Strain Threshold.
            max_hp: Max HP (defaults to *hp*).
            loadout: Item and Weapon Slots (defaults to none).
            keywords: Keywords held at the start.
            framework: The Framework (background or role).
            skills: The named Skills.
            rng: Where the Endurance dice come from.
        """
        if not isinstance(inventory, Inventory):
            die = StepDie.parse(inventory, name="inventory")
            inventory = Inventory(food=die, water=die, battery=die, gear=die, resolve=die)
        hp = check_int("hp", hp, low=1)
        return cls(
            health=Health(hp=hp, max_hp=hp if max_hp is None else max_hp),
            endurance=Endurance.start(endurance_dice, rng=rng),
            inventory=inventory,
            luck=StepDie.parse(luck, name="luck"),
            strain_threshold=strain_threshold,
            loadout=Loadout() if loadout is None else loadout,
            keywords=keywords,
            framework=framework,
            skills=skills,
        )

    @property
    def strain(self) -> int:
        """Current Strain."""
        return self.endurance.strain

    @property
    def strain_check(self) -> StrainCheck:
        """Check Strain against the Strain Threshold."""
        return check_strain(self.strain, self.strain_threshold)

    @property
    def endurance_dice(self) -> int:
        """Endurance dice not banished."""
        return self.endurance.total_dice - len(self.endurance.banished)

    @property
    def working_items(self) -> tuple[Item, ...]:
        """Requires X: the cards in slots whose abilities function now.

        A card works while every one of its ``requires`` is met by this Wanderer,
        and a card that requires Battery stops under Depletion.
        """
        return tuple(
            card
            for card in self.loadout.working(self.conditions.active)
            if not card.requires or requirements_met(card.requires, self)
        )

    def has_keyword(self, keyword: str) -> bool:
        """Whether the Wanderer holds the Keyword."""
        return check_type("keyword", keyword, str) in self.keywords

    def gain_keyword(self, keyword: str) -> Wanderer:
        """Gain Keyword: take or record that Keyword (held already: unchanged, a tag is held once)."""
        return attrs.evolve(self, keywords=(*self.keywords, check_type("keyword", keyword, str)))

    def lose_keyword(self, keyword: str) -> Wanderer:
        """Lose Keyword: remove that Keyword (not held: unchanged, there is nothing to remove)."""
        check_type("keyword", keyword, str)
        return attrs.evolve(self, keywords=tuple(k for k in self.keywords if k != keyword))

    def gain_condition(self, condition: Condition | str) -> Wanderer:
        """Gain a Condition from a rule (an Entry, a card, a Hazard): it is on the Wanderer at once.

        A Condition with a die starts at d6 (again: one step up). One an Inventory at 0
        brings (Starvation, Dehydration, Depletion, Exposed) stays while that Inventory
        is above 0, until it returns (steps up). Corruption is permanent: Resolve
        cannot normally be regained.

        Raises:
            InvalidInput: not a Condition of the glossary.
            TypeError: not a Condition or a str.
        """
        chosen = Condition.parse(condition)
        if chosen is Condition.CORRUPTION:
            inventory = self.inventory
            if not inventory.corrupted:
                inventory = attrs.evolve(inventory, corrupted=True)
            return replace(self, inventory=inventory, conditions=self.conditions.with_inventory(inventory))
        return attrs.evolve(self, conditions=self.conditions.gain(chosen))

    def with_inventory(self, inventory: Inventory) -> Wanderer:
        """The Wanderer with a new Inventory (the Conditions from Inventory at 0 follow).

        A Condition a rule gave whose Inventory stepped up is removed ("Remove when
        <Inventory> returns").
        """
        check_type("inventory", inventory, Inventory)
        conditions = self.conditions.returned(self.inventory, inventory).with_inventory(inventory)
        # The Conditions are brought in step just above: skip __attrs_post_init__'s second look (speed).
        return replace(self, inventory=inventory, conditions=conditions)

    def __str__(self) -> str:
        pool = " ".join(map(str, self.endurance.pool)) or "empty"
        bag = ", ".join(f"{kind} {self.inventory.die(kind)}" for kind in InventoryKind)
        conditions = "" if not self.conditions.active else f" · {self.conditions}"
        return (
            f"{self.health} · EP {pool} · Strain {self.strain} · ST {self.strain_threshold} · "
            f"Luck {self.luck} · {bag}{conditions}"
        )
