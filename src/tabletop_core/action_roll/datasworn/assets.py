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
from typing import Any, ClassVar

import attrs

from tabletop_core._frozen import frozen
from tabletop_core._record import Record
from tabletop_core._validate import check_int, check_type, of_type
from tabletop_core.action_roll.datasworn import _data
from tabletop_core.action_roll.datasworn._data import DataswornError
from tabletop_core.action_roll.datasworn.effects import AbilityEffect, EffectKind, read_effects
from tabletop_core.action_roll.datasworn.enhancements import (
    _ASSET_KINDS,
    MoveEnhancement,
    _own_asset,
    read_enhancements,
)
from tabletop_core.action_roll.datasworn.moves import Move, RollOption, read_move
from tabletop_core.action_roll.datasworn.moves import read_option as read_roll_option
from tabletop_core.errors import InvalidInput

__all__ = ["Asset", "AssetAbility", "AssetControl", "AssetEnhancement", "AssetOption"]


@frozen
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
        disables_asset: Whether checking it puts the asset out of use (a
            companion out of action, a broken module).
    """

    _optional_keys: ClassVar[tuple[str, ...]] = ("disables_asset",)

    key: str = attrs.field(validator=of_type(str))
    field_type: str = attrs.field(validator=of_type(str))
    label: str = attrs.field(validator=of_type(str))
    value: int = attrs.field(default=0, validator=lambda _i, _a, v: check_int("value", v))
    minimum: int | None = attrs.field(default=None, validator=_data.optional_int)
    maximum: int | None = attrs.field(default=None, validator=_data.optional_int)
    rollable: bool = attrs.field(default=False, validator=of_type(bool))
    is_impact: bool = attrs.field(default=False, validator=of_type(bool))
    controls: tuple[AssetControl, ...] = _data.tuple_field(object, default=())
    disables_asset: bool = attrs.field(default=False, validator=of_type(bool))

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

    @property
    def is_box(self) -> bool:
        """Whether this control is a box to check: a checkbox (battered, out of action) or a card flip (broken)."""
        return self.field_type in ("checkbox", "card_flip")


@frozen
class AssetOption(Record):
    """A field of an asset card the player fills in: a name, or a choice such as Devotant's linked stat.

    Attributes:
        key: Its key (``name``, ``linked_stat``).
        label: Its label.
        field_type: Datasworn's ``field_type``: ``text``, ``select_value``, ...
        value: What is written in (for a choice, the key of the choice made); ``None`` while blank.
        choices: For a choice, what each choice means for a roll (``linked_stat``: a
            stat); a choice is named by its label (the stat's name).
    """

    key: str = attrs.field(validator=of_type(str))
    label: str = attrs.field(validator=of_type(str))
    field_type: str = attrs.field(default="text", validator=of_type(str))
    value: str | None = attrs.field(default=None, validator=_data.optional_str)
    choices: tuple[RollOption, ...] = _data.tuple_field(RollOption, default=())

    def __attrs_post_init__(self) -> None:
        if self.choices and self.value is not None and self.choice() is None:
            keys = ", ".join(choice.label for choice in self.choices)
            raise InvalidInput(f"option {self.key!r} must be one of {keys}, got {self.value!r}")

    def choice(self) -> RollOption | None:
        """What the choice made means for a roll (``None`` while blank, or for a text field)."""
        return next((choice for choice in self.choices if choice.label == self.value), None)

    def __str__(self) -> str:
        return f"{self.label}: {self.value if self.value is not None else '(blank)'}"


@frozen
class AssetEnhancement(Record):
    """What an ability changes on its own asset once marked (Datasworn's ``enhance_asset``).

    Attributes:
        ability: The ability's index on the asset.
        controls: Controls changed: a meter's new maximum (Symbiote: health 3).
        attachments: Asset ids (``*`` wildcards) that may now be attached (the
            Rover takes a module); empty when it changes no attachments.
        attachments_max: How many may be attached (``None``: no limit).
    """

    ability: int = attrs.field(validator=lambda _i, _a, v: check_int("ability", v, low=0))
    controls: tuple[AssetControl, ...] = _data.tuple_field(AssetControl, default=())
    attachments: tuple[str, ...] = _data.tuple_field(str, default=())
    attachments_max: int | None = attrs.field(default=None, validator=_data.optional_int)


@frozen
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
        asset_enhancement: What it changes on its own asset once marked, if anything.
        options: Fields the ability adds to the card (a blade's name).
        effects: What it does that no move enhancement holds: a momentum reset
            raised ("increase your momentum reset by 1").
    """

    _optional_keys: ClassVar[tuple[str, ...]] = ("enhancements", "asset_enhancement", "options", "effects")

    id: str = attrs.field(validator=of_type(str))
    text: str = attrs.field(validator=of_type(str))
    enabled: bool = attrs.field(default=False, validator=of_type(bool))
    moves: tuple[str, ...] = _data.tuple_field(str, default=())
    controls: tuple[AssetControl, ...] = _data.tuple_field(object, default=())
    enhancements: tuple[MoveEnhancement, ...] = _data.tuple_field(MoveEnhancement, default=())
    asset_enhancement: AssetEnhancement | None = attrs.field(
        default=None, validator=attrs.validators.optional(of_type(AssetEnhancement))
    )
    options: tuple[AssetOption, ...] = _data.tuple_field(AssetOption, default=())
    effects: tuple[AbilityEffect, ...] = _data.tuple_field(AbilityEffect, default=())


@frozen
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
        option_fields: Its options in full (label, kind, choices), the abilities' too.
        attachments: Asset ids (``*`` wildcards) that may be attached to it
            (the Starship takes modules).
        attachments_max: How many may be attached (``None``: no limit).
    """

    _optional_keys: ClassVar[tuple[str, ...]] = ("option_fields", "attachments", "attachments_max")

    id: str = attrs.field(validator=of_type(str))
    name: str = attrs.field(validator=of_type(str))
    category: str = attrs.field(default="", validator=of_type(str))
    abilities: tuple[AssetAbility, ...] = _data.tuple_field(AssetAbility, default=())
    controls: tuple[AssetControl, ...] = _data.tuple_field(object, default=())
    options: tuple[str, ...] = _data.tuple_field(str, default=())
    requirement: str | None = attrs.field(default=None, validator=_data.optional_str)
    count_as_impact: bool = attrs.field(default=False, validator=of_type(bool))
    shared: bool = attrs.field(default=False, validator=of_type(bool))
    option_fields: tuple[AssetOption, ...] = _data.tuple_field(AssetOption, default=())
    attachments: tuple[str, ...] = _data.tuple_field(str, default=())
    attachments_max: int | None = attrs.field(default=None, validator=_data.optional_int)

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
        disables_asset=_flag(data, "disables_asset", path),
    )
    try:
        control.__attrs_post_init__()
    except InvalidInput as error:
        raise DataswornError(path, str(error)) from None
    return control


def _flag(data: Mapping[str, Any], key: str, path: str) -> bool:
    value = data.get(key)
    if value is None or value.__class__ is bool:  # the common case, without the checked call
        return bool(value)
    return bool(_data.get(data, key, path, bool, required=False))


def read_option(key: str, data: Mapping[str, Any], path: str) -> AssetOption:
    """One Datasworn asset option (a text field, or a choice whose choices say what a roll uses)."""
    field_type = _data.text(data, "field_type", path)
    value = data.get("value")
    label = data.get("label")
    if not data.get("choices") and label.__class__ is str and (value is None or value.__class__ is str):
        # A text field, the common option: every part checked just above.
        return _data.build(AssetOption, key=key, label=label or key, field_type=field_type, value=value, choices=())
    choices = []
    for choice_key, choice in _data.items(data, "choices", path):
        where = _data.key_path(f"{path}.choices", choice_key)
        using = _data.text(choice, "using", where, required=False)
        if using is None:
            continue  # a choice that names no roll (a plain value): kept by its key only
        choices.append(read_option_value(choice, where))
    return AssetOption(
        key,
        _data.text(data, "label", path, required=False) or key,
        field_type,
        value if isinstance(value, str) else None,
        tuple(choices),
    )


def read_option_value(data: Mapping[str, Any], path: str) -> RollOption:
    """What a choice of a ``select_value`` option rolls (a stat, a condition meter, ...)."""
    return read_roll_option(data, path)


def read_asset_enhancement(index: int, data: Mapping[str, Any], path: str) -> AssetEnhancement:
    """An ability's ``enhance_asset``: controls it changes, attachments it allows."""
    controls = []
    for key, control in _data.items(data, "controls", path):
        where = _data.key_path(f"{path}.controls", key)
        controls.append(
            AssetControl(
                key,
                _data.text(control, "field_type", where, required=False) or "condition_meter",
                _data.text(control, "label", where, required=False) or key,
                0,
                _data.integer(control, "min", where, required=False),
                _data.integer(control, "max", where, required=False),
            )
        )
    patterns, most = _attachments(data, path)
    return AssetEnhancement(index, tuple(controls), patterns, most)


def _attachments(data: Mapping[str, Any], path: str) -> tuple[tuple[str, ...], int | None]:
    found = _data.get(data, "attachments", path, dict, required=False)
    if not found:
        return (), None
    where = f"{path}.attachments"
    return _data.strings(found, "assets", where), _data.integer(found, "max", where, required=False)


def ability_effects(text: str, index: int) -> tuple[AbilityEffect, ...]:
    """The effects of an ability's *text* that no move enhancement holds (a momentum reset raised)."""
    if "momentum reset" not in text:
        return ()
    found = read_effects(text)
    return tuple(attrs.evolve(e, ability=index) for e in found if e.kind is EffectKind.MOMENTUM_RESET)


_new = object.__new__
(
    _set_id,
    _set_text,
    _set_enabled,
    _set_moves,
    _set_controls,
    _set_enhancements,
    _set_changes,
    _set_options,
    _set_effects,
) = (
    AssetAbility.__dict__[name].__set__
    for name in (
        "id",
        "text",
        "enabled",
        "moves",
        "controls",
        "enhancements",
        "asset_enhancement",
        "options",
        "effects",
    )
)


def _control_keys(controls: Any) -> frozenset[str]:
    """The keys of an asset's controls, nested ones too (checked later, where they are read)."""
    keys: set[str] = set()
    stack = [controls]
    while stack:
        found = stack.pop()
        if isinstance(found, dict):
            for key, control in found.items():
                keys.add(key)
                if isinstance(control, dict):
                    stack.append(control.get("controls"))
    return frozenset(keys)


def read_asset(data: Mapping[str, Any], path: str, moves: list[Move]) -> Asset:
    """One Datasworn asset; the moves its abilities add are appended to *moves*."""
    data = _data.obj(data, path)
    asset_id = _data.text(data, "_id", path)
    own = _control_keys(data.get("controls"))
    abilities = []
    here = f"{path}.abilities"
    for index, item in enumerate(_data.array(data, "abilities", path)):
        where = f"{here}[{index}]"
        ability = _data.obj(item, where)
        ability_moves = []
        if ability.get("moves") is not None:
            for key, move in _data.items(ability, "moves", where):
                read = read_move(move, _data.key_path(f"{where}.moves", key))
                if any(o.using in _ASSET_KINDS and not o.assets for c in read.conditions for o in c.options):
                    # A move of this asset reading "the asset": this one (Ready Grappler: its vehicle's integrity).
                    read = attrs.evolve(read, conditions=tuple(_own_asset(c, asset_id) for c in read.conditions))
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
                own=own,
            ),
        )
        changes = ability.get("enhance_asset")
        _set_changes(
            built,
            None
            if changes is None
            else read_asset_enhancement(index, _data.obj(changes, f"{where}.enhance_asset"), f"{where}.enhance_asset"),
        )
        _set_options(
            built,
            tuple(
                read_option(k, v, _data.key_path(f"{where}.options", k))
                for k, v in _data.items(ability, "options", where)
            )
            if ability.get("options")
            else (),
        )
        _set_effects(built, ability_effects(text, index))
        abilities.append(built)
    controls = tuple(
        read_control(k, v, _data.key_path(f"{path}.controls", k)) for k, v in _data.items(data, "controls", path)
    )
    option_items = _data.items(data, "options", path)
    options = tuple(key for key, _ in option_items)
    option_fields = tuple(read_option(k, v, _data.key_path(f"{path}.options", k)) for k, v in option_items)
    option_fields += tuple(o for a in abilities for o in a.options if o.key not in options)
    patterns, most = _attachments(data, path)
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
        option_fields=option_fields,
        attachments=patterns,
        attachments_max=most,
    )
