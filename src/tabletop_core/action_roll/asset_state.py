"""The assets a character holds: which abilities are marked, the meters' current values, checked boxes.

Examples:
    >>> from tabletop_core.action_roll.asset_state import AssetMeter
    >>> str(AssetMeter("integrity", 3, 5))
    'integrity 3/5'
"""

from __future__ import annotations

import attrs

from tabletop_core._record import Record
from tabletop_core._validate import check_int, check_type, int_field, of_type
from tabletop_core.action_roll.datasworn import _data
from tabletop_core.action_roll.datasworn.assets import Asset, AssetControl
from tabletop_core.action_roll.datasworn.enhancements import MoveEnhancement
from tabletop_core.errors import InvalidInput, RuleError

__all__ = ["AssetMeter", "AssetState"]


@attrs.frozen
class AssetMeter(Record):
    """The current value of an asset's meter (a vehicle's integrity, a companion's health).

    Attributes:
        key: The control's key (``integrity``, ``health``).
        value: Its value, minimum..maximum.
        maximum: Its top.
        minimum: Its bottom (0 for every Starforged meter).
    """

    key: str = attrs.field(validator=of_type(str))
    value: int = int_field()
    maximum: int = int_field()
    minimum: int = int_field(default=0)

    def __attrs_post_init__(self) -> None:
        if not self.minimum <= self.value <= self.maximum:
            raise InvalidInput(f"value of {self.key} must be {self.minimum}..{self.maximum}, got {self.value}")

    def __str__(self) -> str:
        return f"{self.key} {self.value}/{self.maximum}"


@attrs.frozen
class AssetState(Record):
    """An asset a character has: which abilities are marked, its meters, its checked boxes.

    Attributes:
        id: The asset's Datasworn id.
        name: Its name.
        abilities: Whether each ability is marked, in order.
        meters: Its meters' current values.
        marked: Keys of its checked boxes (battered, cursed, broken, ...).
        enhancements: How its abilities change moves (each applies while its
            ability is marked; see :func:`~tabletop_core.action_roll.move_enhancements`).
    """

    _optional_keys = ("enhancements",)  # added after format 1: its saves lack them

    id: str = attrs.field(validator=of_type(str))
    name: str = attrs.field(validator=of_type(str))
    abilities: tuple[bool, ...] = _data.tuple_field(bool, default=())
    meters: tuple[AssetMeter, ...] = _data.tuple_field(AssetMeter, default=())
    marked: tuple[str, ...] = _data.tuple_field(str, default=())
    enhancements: tuple[MoveEnhancement, ...] = _data.tuple_field(MoveEnhancement, default=())

    @classmethod
    def from_asset(cls, asset: Asset) -> AssetState:
        """A freshly taken asset: its enabled abilities marked, meters at their starting values."""
        check_type("asset", asset, Asset)
        meters: list[AssetMeter] = []
        marked: list[str] = []
        stack: list[AssetControl] = list(asset.controls) + [c for a in asset.abilities for c in a.controls]
        while stack:
            control = stack.pop(0)
            if control.is_meter and control.maximum is not None:
                meters.append(AssetMeter(control.key, control.value, control.maximum, control.minimum or 0))
            elif control.field_type in ("checkbox", "card_flip") and control.value:
                marked.append(control.key)
            stack.extend(control.controls)
        enhancements = tuple(e for ability in asset.abilities for e in ability.enhancements)
        return cls(
            asset.id,
            asset.name,
            tuple(a.enabled for a in asset.abilities),
            tuple(meters),
            tuple(marked),
            enhancements,
        )

    def mark_ability(self, index: int) -> AssetState:
        """This asset with ability *index* (0-based) marked, as when a character upgrades it.

        Raises:
            InvalidInput: no such ability.
            RuleError: it is already marked.
        """
        index = check_int("index", index, low=0, high=max(len(self.abilities) - 1, 0))
        if not self.abilities:
            raise InvalidInput(f"asset {self.name!r} has no abilities to mark")
        if self.abilities[index]:
            raise RuleError(f"ability {index} of {self.name} is already marked")
        marked = tuple(flag or i == index for i, flag in enumerate(self.abilities))
        return attrs.evolve(self, abilities=marked)

    def meter(self, key: str) -> AssetMeter | None:
        """The meter with *key*, or ``None``."""
        check_type("key", key, str)
        return next((meter for meter in self.meters if meter.key == key), None)

    def set_meter(self, key: str, value: int) -> AssetState:
        """This asset with meter *key* at *value*.

        Raises:
            InvalidInput: no such meter, or *value* outside its range.
        """
        meter = self.meter(key)
        if meter is None:
            raise InvalidInput(f"asset {self.name!r} has no meter {key!r}")
        new = attrs.evolve(meter, value=check_int("value", value, low=meter.minimum, high=meter.maximum))
        return attrs.evolve(self, meters=tuple(new if m.key == key else m for m in self.meters))

    def __str__(self) -> str:
        parts = [str(meter) for meter in self.meters] + list(self.marked)
        return f"{self.name} ({', '.join(parts)})" if parts else self.name
