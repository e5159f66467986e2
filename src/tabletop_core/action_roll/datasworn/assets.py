"""Assets: abilities, and controls such as a vehicle's integrity or a companion's health.

Examples:
    >>> from tabletop_core.action_roll.datasworn import Asset
    >>> drone = Asset.from_datasworn({"_id": "demo/assets/support_vehicle/drone", "name": "Drone",
    ...     "category": "Support Vehicle", "abilities": [{"text": "You have a drone.", "enabled": True}],
    ...     "controls": {"integrity": {"label": "integrity", "field_type": "condition_meter",
    ...                                "min": 0, "max": 2, "value": 2, "rollable": True}}})
    >>> [(c.key, c.value, c.maximum) for c in drone.controls]
    [('integrity', 2, 2)]
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import attrs

from tabletop_core._record import Record
from tabletop_core._validate import check_int, check_type, of_type
from tabletop_core.action_roll.datasworn import _data
from tabletop_core.action_roll.datasworn._data import DataswornError
from tabletop_core.action_roll.datasworn.enhancements import MoveEnhancement, read_enhancements
from tabletop_core.action_roll.datasworn.moves import Move, read_move
from tabletop_core.errors import InvalidInput

__all__ = ["Asset", "AssetAbility", "AssetControl"]


@attrs.frozen
class AssetControl(Record):
    """A control on an asset card: a meter (integrity, health), a checkbox (battered), a clock, ...

    Attributes:
        key: Its key (``integrity``, ``battered``).
        field_type: Datasworn's ``field_type``: ``condition_meter``,
            ``checkbox``, ``card_flip``, ``clock``, ``counter``, ...
        label: Its label.
        value: Its starting value; a checkbox or card flip reads 1 when
            checked, 0 when not.
        minimum: The lowest value of a meter, clock or counter (``None`` for a checkbox).
        maximum: The highest value, if any.
        rollable: Whether a move can roll it (``roll +integrity``).
        is_impact: Whether checking it marks an impact (battered, cursed).
        controls: Controls nested in this one (a meter's impacts).
    """

    key: str = attrs.field(validator=of_type(str))
    field_type: str = attrs.field(validator=of_type(str))
    label: str = attrs.field(validator=of_type(str))
    value: int = attrs.field(default=0, validator=lambda _i, _a, v: check_int("value", v))
    minimum: int | None = attrs.field(default=None, validator=_data.optional_int)
    maximum: int | None = attrs.field(default=None, validator=_data.optional_int)
    rollable: bool = attrs.field(default=False, validator=of_type(bool))
    is_impact: bool = attrs.field(default=False, validator=of_type(bool))
    controls: tuple[AssetControl, ...] = _data.tuple_field(object, default=())

    def __attrs_post_init__(self) -> None:
        low = self.minimum
        high = self.maximum
        if low is not None and high is not None and low > high:
            raise InvalidInput(f"minimum of control {self.key!r} must not be above its maximum, got {low} and {high}")
        if (low is not None and self.value < low) or (high is not None and self.value > high):
            raise InvalidInput(f"value of control {self.key!r} must be {low}..{high}, got {self.value}")

    @property
    def is_meter(self) -> bool:
        """Whether this control is a condition meter."""
        return self.field_type == "condition_meter"


@attrs.frozen
class AssetAbility(Record):
    """One ability of an asset.

    Attributes:
        id: Its Datasworn ``_id``.
        text: Its text (Datasworn Markdown).
        enabled: Whether it is marked when the asset is taken.
        moves: Ids of moves the ability adds (in :attr:`Ruleset.moves` too).
        controls: Controls the ability adds (a clock, a meter).
        enhancements: How it changes existing moves (extra roll options,
            automatic outcomes, adds, rerolls).
    """

    _optional_keys = ("enhancements",)  # added after format 1: its saves lack them

    id: str = attrs.field(validator=of_type(str))
    text: str = attrs.field(validator=of_type(str))
    enabled: bool = attrs.field(default=False, validator=of_type(bool))
    moves: tuple[str, ...] = _data.tuple_field(str, default=())
    controls: tuple[AssetControl, ...] = _data.tuple_field(object, default=())
    enhancements: tuple[MoveEnhancement, ...] = _data.tuple_field(MoveEnhancement, default=())


@attrs.frozen
class Asset(Record):
    """An asset from Datasworn data.

    Attributes:
        id: Its Datasworn ``_id``.
        name: Its name.
        category: Its category ("Command Vehicle", "Companion", "Path", ...).
        abilities: Its abilities, in order.
        controls: Its controls (meters, checkboxes, card flips).
        options: Keys of its options (a name to write in, a linked stat).
        requirement: What a character needs to take it, if anything.
        count_as_impact: Whether having it counts as an impact.
        shared: Whether allies share it.
    """

    id: str = attrs.field(validator=of_type(str))
    name: str = attrs.field(validator=of_type(str))
    category: str = attrs.field(default="", validator=of_type(str))
    abilities: tuple[AssetAbility, ...] = _data.tuple_field(AssetAbility, default=())
    controls: tuple[AssetControl, ...] = _data.tuple_field(object, default=())
    options: tuple[str, ...] = _data.tuple_field(str, default=())
    requirement: str | None = attrs.field(default=None, validator=_data.optional_str)
    count_as_impact: bool = attrs.field(default=False, validator=of_type(bool))
    shared: bool = attrs.field(default=False, validator=of_type(bool))

    def control(self, key: str) -> AssetControl | None:
        """The control with *key* (nested ones too), or ``None``.

        Raises:
            TypeError: *key* is not a str.
        """
        check_type("key", key, str)
        stack = list(self.controls) + [c for ability in self.abilities for c in ability.controls]
        while stack:
            control = stack.pop(0)
            if control.key == key:
                return control
            stack.extend(control.controls)
        return None

    @classmethod
    def from_datasworn(cls, data: Mapping[str, Any], *, path: str = "$") -> Asset:
        """An asset from the JSON of one Datasworn asset.

        Raises:
            DataswornError: the data breaks the format (the message names the JSON path).
        """
        return read_asset(data, path, [])

    def __str__(self) -> str:
        return f"{self.name} ({self.category})" if self.category else self.name


def read_control(key: str, data: Mapping[str, Any], path: str) -> AssetControl:
    """One Datasworn asset control."""
    field_type = _data.text(data, "field_type", path)
    raw = data.get("value")
    if isinstance(raw, bool):
        value = int(raw)
    elif raw is None:
        value = 0
    elif isinstance(raw, int):
        value = raw
    else:
        raise DataswornError(f"{path}.value", f"expected an integer or a boolean, got {_data.kind(raw)}")
    low = _data.integer(data, "min", path, required=False)
    high = _data.integer(data, "max", path, required=False)
    nested = tuple(
        read_control(k, v, _data.key_path(f"{path}.controls", k)) for k, v in _data.items(data, "controls", path)
    )
    control = _data.build(  # every value is checked above; the range check below
        AssetControl,
        key=key,
        field_type=field_type,
        label=_data.text(data, "label", path, required=False) or key,
        value=value,
        minimum=low,
        maximum=high,
        rollable=bool(_data.get(data, "rollable", path, bool, required=False)),
        is_impact=bool(_data.get(data, "is_impact", path, bool, required=False)),
        controls=nested,
    )
    try:
        control.__attrs_post_init__()
    except InvalidInput as error:
        raise DataswornError(path, str(error)) from None
    return control


_new = object.__new__
_set_id, _set_text, _set_enabled, _set_moves, _set_controls, _set_enhancements = (
    AssetAbility.__dict__[name].__set__ for name in ("id", "text", "enabled", "moves", "controls", "enhancements")
)


def read_asset(data: Mapping[str, Any], path: str, moves: list[Move]) -> Asset:
    """One Datasworn asset; the moves its abilities add are appended to *moves*."""
    data = _data.obj(data, path)
    asset_id = _data.text(data, "_id", path)
    abilities = []
    here = f"{path}.abilities"
    for index, item in enumerate(_data.array(data, "abilities", path)):
        where = f"{here}[{index}]"
        ability = _data.obj(item, where)
        ability_moves = []
        if ability.get("moves") is not None:
            for key, move in _data.items(ability, "moves", where):
                read = read_move(move, _data.key_path(f"{where}.moves", key))
                moves.append(read)
                ability_moves.append(read.id)
        controls: tuple[AssetControl, ...] = ()
        if ability.get("controls") is not None:
            controls = tuple(
                read_control(k, v, _data.key_path(f"{where}.controls", k))
                for k, v in _data.items(ability, "controls", where)
            )
        text = _data.text(ability, "text", where)
        enabled = ability.get("enabled")
        built = _new(AssetAbility)  # every value is checked here or by the reader it comes from
        _set_id(built, _data.text(ability, "_id", where, required=False) or f"{asset_id}/abilities/{index}")
        _set_text(built, text)
        _set_enabled(
            built,
            enabled if enabled.__class__ is bool else bool(_data.get(ability, "enabled", where, bool, required=False)),
        )
        _set_moves(built, tuple(ability_moves))
        _set_controls(built, controls)
        _set_enhancements(
            built,
            read_enhancements(
                _data.array(ability, "enhance_moves", where),
                text,
                asset=asset_id,
                ability=index,
                path=f"{where}.enhance_moves",
            ),
        )
        abilities.append(built)
    controls = tuple(
        read_control(k, v, _data.key_path(f"{path}.controls", k)) for k, v in _data.items(data, "controls", path)
    )
    options = tuple(key for key, _ in _data.items(data, "options", path))
    return _data.build(
        Asset,
        id=asset_id,
        name=_data.text(data, "name", path),
        category=_data.text(data, "category", path, required=False) or "",
        abilities=tuple(abilities),
        controls=controls,
        options=options,
        requirement=_data.text(data, "requirement", path, required=False),
        count_as_impact=bool(_data.get(data, "count_as_impact", path, bool, required=False)),
        shared=bool(_data.get(data, "shared", path, bool, required=False)),
    )
