"""The assets a character holds: the whole card as it stands.

An :class:`AssetState` keeps what a player writes and marks on an asset card:
which abilities are marked, the meters' values (integrity, health, ammo), the
boxes checked (battered, cursed, out of action, broken, a blade's oath box), the
options written in (a name, Devotant's linked stat), its clocks and counters, and
the vehicle a module is attached to. Marking an ability applies what it changes
on the card (Datasworn's ``enhance_asset``: the Symbiote's health max becomes 3,
the Rover takes one module).

Examples:
    >>> from tabletop_core.action_roll.asset_state import AssetMeter
    >>> str(AssetMeter("integrity", 3, 5))
    'integrity 3/5'
"""

from __future__ import annotations

import fnmatch
from typing import ClassVar

import attrs

from tabletop_core._frozen import frozen
from tabletop_core._record import Record
from tabletop_core._validate import check_int, check_type, int_field, of_type
from tabletop_core.action_roll.clocks import MAX_SEGMENTS, Clock
from tabletop_core.action_roll.datasworn import _data
from tabletop_core.action_roll.datasworn.assets import Asset, AssetControl, AssetEnhancement, AssetOption
from tabletop_core.action_roll.datasworn.effects import AbilityEffect
from tabletop_core.action_roll.datasworn.enhancements import MoveEnhancement
from tabletop_core.action_roll.datasworn.ids import matches as id_matches
from tabletop_core.errors import InvalidInput, RuleError

__all__ = ["AssetCounter", "AssetMeter", "AssetState"]


@frozen
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


@frozen
class AssetCounter(Record):
    """A tally on an asset card (the Snub Fighter's victory marks).

    Attributes:
        key: The control's key.
        label: Its label.
        value: The tally, minimum.. (maximum, when it has one).
        minimum: Its bottom.
        maximum: Its top, ``None`` for none.
    """

    key: str = attrs.field(validator=of_type(str))
    label: str = attrs.field(validator=of_type(str))
    value: int = int_field(default=0)
    minimum: int = int_field(default=0)
    maximum: int | None = attrs.field(default=None, validator=_data.optional_int)

    def __attrs_post_init__(self) -> None:
        if self.value < self.minimum or (self.maximum is not None and self.value > self.maximum):
            top = "" if self.maximum is None else str(self.maximum)
            raise InvalidInput(f"value of {self.key} must be {self.minimum}..{top}, got {self.value}")

    def __str__(self) -> str:
        return f"{self.label} {self.value}"


def _first_controls(asset: Asset) -> list[AssetControl]:
    """Every control of the card, nested ones too, the asset's before its abilities'."""
    stack: list[AssetControl] = list(asset.controls) + [c for a in asset.abilities for c in a.controls]
    found: list[AssetControl] = []
    while stack:
        control = stack.pop(0)
        found.append(control)
        stack[0:0] = control.controls
    return found


@frozen
class AssetState(Record):
    """An asset a character has, as its card stands.

    Attributes:
        id: The asset's Datasworn id.
        name: Its name.
        abilities: Whether each ability is marked, in order.
        meters: Its meters' current values.
        marked: Keys of its checked boxes (battered, cursed, out of action, broken, ...).
        enhancements: How its abilities change moves (each applies while its
            ability is marked; see :func:`~tabletop_core.action_roll.move_enhancements`).
        options: Its options (a name, a linked stat) with what is written in.
        clocks: Its clocks (Fugitive's, Marked's).
        counters: Its counters (the Snub Fighter's victory marks).
        boxes: Every box the card has (checked or not), with what checking it
            does (an impact: battered, cursed; out of use: out of action, broken).
            Empty in saves made before boxes were kept: any key may then be marked.
        asset_enhancements: What each ability changes on the card once marked.
        attachments: Asset ids (``*`` wildcards) that may be attached to this one.
        attachments_max: How many may be attached (``None``: no limit).
        attached_to: For a module, the id of the vehicle it is attached to.
        category: The asset's category ("Command Vehicle", "Module", ...).
        ability_effects: What its abilities do that no move enhancement holds (a
            momentum reset raised), each naming its ability; it applies while that
            ability is marked.

    Raises:
        InvalidInput: two options, clocks or counters share a key.
    """

    _optional_keys: ClassVar[tuple[str, ...]] = (
        "options",
        "clocks",
        "counters",
        "boxes",
        "asset_enhancements",
        "attachments",
        "attachments_max",
        "attached_to",
        "category",
        "ability_effects",
        "enhancements",  # added after format 1: its saves lack them
    )

    id: str = attrs.field(validator=of_type(str))
    name: str = attrs.field(validator=of_type(str))
    abilities: tuple[bool, ...] = _data.tuple_field(bool, default=())
    meters: tuple[AssetMeter, ...] = _data.tuple_field(AssetMeter, default=())
    marked: tuple[str, ...] = _data.tuple_field(str, default=())
    enhancements: tuple[MoveEnhancement, ...] = _data.tuple_field(MoveEnhancement, default=())
    options: tuple[AssetOption, ...] = _data.tuple_field(AssetOption, default=())
    clocks: tuple[Clock, ...] = _data.tuple_field(Clock, default=())
    counters: tuple[AssetCounter, ...] = _data.tuple_field(AssetCounter, default=())
    boxes: tuple[AssetControl, ...] = _data.tuple_field(AssetControl, default=())
    asset_enhancements: tuple[AssetEnhancement, ...] = _data.tuple_field(AssetEnhancement, default=())
    attachments: tuple[str, ...] = _data.tuple_field(str, default=())
    attachments_max: int | None = attrs.field(default=None, validator=_data.optional_int)
    attached_to: str | None = attrs.field(default=None, validator=_data.optional_str)
    category: str = attrs.field(default="", validator=of_type(str))
    ability_effects: tuple[AbilityEffect, ...] = _data.tuple_field(AbilityEffect, default=())

    def __attrs_post_init__(self) -> None:
        for name, items in (("meters", self.meters), ("options", self.options), ("counters", self.counters)):
            keys = [item.key for item in items]
            if len(set(keys)) != len(keys):
                raise InvalidInput(f"{name} of {self.name} must have different keys, got {keys}")
        names = [clock.name for clock in self.clocks]
        if len(set(names)) != len(names):
            raise InvalidInput(f"clocks of {self.name} must have different names, got {names}")
        if self.boxes:
            unknown = [key for key in self.marked if all(box.key != key for box in self.boxes)]
            if unknown:
                raise InvalidInput(f"marked names a box {self.name} does not have: {', '.join(unknown)}")

    @classmethod
    def from_asset(cls, asset: Asset) -> AssetState:
        """A freshly taken asset: its enabled abilities marked (and what they change applied), controls as printed."""
        check_type("asset", asset, Asset)
        meters: list[AssetMeter] = []
        marked: list[str] = []
        boxes: list[AssetControl] = []
        clocks: list[Clock] = []
        counters: list[AssetCounter] = []
        for control in _first_controls(asset):
            if control.is_meter and control.maximum is not None:
                if all(meter.key != control.key for meter in meters):
                    meters.append(AssetMeter(control.key, control.value, control.maximum, control.minimum or 0))
            elif control.is_box:
                boxes.append(attrs.evolve(control, value=0, controls=()))
                if control.value:
                    marked.append(control.key)
            elif control.field_type == "clock" and control.maximum is not None:
                label = control.label if control.label != control.key else f"{asset.name} clock"
                segments = min(max(control.maximum, 1), MAX_SEGMENTS)
                clocks.append(Clock(label, segments, min(control.value, segments)))
            elif control.field_type == "counter":
                counters.append(
                    AssetCounter(control.key, control.label, control.value, control.minimum or 0, control.maximum)
                )
        enhancements = tuple(e for ability in asset.abilities for e in ability.enhancements)
        changes = tuple(a.asset_enhancement for a in asset.abilities if a.asset_enhancement is not None)
        fresh = cls(
            asset.id,
            asset.name,
            tuple(False for _ in asset.abilities),
            tuple(meters),
            tuple(marked),
            enhancements,
            options=asset.option_fields,
            clocks=tuple(clocks),
            counters=tuple(counters),
            boxes=tuple(boxes),
            asset_enhancements=changes,
            attachments=asset.attachments,
            attachments_max=asset.attachments_max,
            category=asset.category,
            ability_effects=tuple(e for ability in asset.abilities for e in ability.effects),
        )
        for index, ability in enumerate(asset.abilities):
            if ability.enabled:
                fresh = fresh.mark_ability(index)
        return fresh

    def refreshed(self, asset: Asset) -> AssetState:
        """This card read again from *asset* (a newer reading of the data), keeping what the player marked and wrote.

        A save keeps the move enhancements as they were read when the asset was taken;
        this re-reads them, and the boxes, options, clocks and counters, from *asset*.

        Raises:
            InvalidInput: *asset* is another asset, or has another number of abilities.
        """
        check_type("asset", asset, Asset)
        if asset.id != self.id or len(asset.abilities) != len(self.abilities):
            raise InvalidInput(f"asset must be {self.id!r} with {len(self.abilities)} abilities, got {asset.id!r}")
        fresh = AssetState.from_asset(asset)
        fresh = attrs.evolve(fresh, abilities=tuple(False for _ in fresh.abilities))
        for index, marked in enumerate(self.abilities):
            if marked:
                fresh = fresh.mark_ability(index)
        meters = tuple(self._kept_meter(m) for m in fresh.meters)
        options = tuple(self._kept_option(o) for o in fresh.options)
        clocks = tuple(self._kept_clock(c) for c in fresh.clocks)
        counters = tuple(self._kept_counter(c) for c in fresh.counters)
        marked_boxes = tuple(key for key in self.marked if any(box.key == key for box in fresh.boxes))
        return attrs.evolve(
            fresh,
            meters=meters,
            options=options,
            clocks=clocks,
            counters=counters,
            marked=marked_boxes,
            attached_to=self.attached_to,
        )

    def _kept_meter(self, meter: AssetMeter) -> AssetMeter:
        old = self.meter(meter.key)
        if old is None:
            return meter
        # A maximum raised by a marked ability the old reading missed raises the value by as much,
        # as marking it does: a full meter stays full (Symbiote's 2/2 becomes 3/3, not 2/3).
        value = old.value + max(meter.maximum - old.maximum, 0)
        return attrs.evolve(meter, value=min(max(value, meter.minimum), meter.maximum))

    def _kept_option(self, option: AssetOption) -> AssetOption:
        old = self.option(option.key)
        return option if old is None else attrs.evolve(option, value=old.value)

    def _kept_clock(self, clock: Clock) -> Clock:
        old = self._clock(clock.name)
        return clock if old is None else attrs.evolve(clock, filled=min(old.filled, clock.segments))

    def _kept_counter(self, counter: AssetCounter) -> AssetCounter:
        old = self.counter(counter.key)
        return counter if old is None else attrs.evolve(counter, value=old.value)

    # -- abilities -------------------------------------------------------------------

    def mark_ability(self, index: int) -> AssetState:
        """This asset with ability *index* (0-based) marked, as when a character upgrades it.

        What the ability changes on the card is applied: a meter's new maximum (the
        value rises with it, so a full meter stays full), the attachments it allows.

        Raises:
            InvalidInput: no such ability.
            RuleError: it is already marked.
        """
        index = check_int("index", index, low=0, high=max(len(self.abilities) - 1, 0))
        if not self.abilities:
            raise InvalidInput(f"asset {self.name!r} has no abilities to mark")
        if self.abilities[index]:
            # Counted as on the card (and the command line), 1 to 3; the index is said beside it.
            card = f"{index + 1} of {len(self.abilities)}"
            raise RuleError(f"{self.name}'s ability {card} (index {index}) is already marked")
        marked = tuple(flag or i == index for i, flag in enumerate(self.abilities))
        changed = attrs.evolve(self, abilities=marked)
        for change in self.asset_enhancements:
            if change.ability == index:
                changed = changed._enhanced(change)
        return changed

    def _enhanced(self, change: AssetEnhancement) -> AssetState:
        meters = list(self.meters)
        for control in change.controls:
            for position, meter in enumerate(meters):
                if meter.key == control.key and control.maximum is not None:
                    rise = control.maximum - meter.maximum
                    value = min(max(meter.value + max(rise, 0), meter.minimum), control.maximum)
                    meters[position] = attrs.evolve(meter, maximum=control.maximum, value=value)
        if not change.attachments:
            return attrs.evolve(self, meters=tuple(meters))
        patterns = tuple(dict.fromkeys((*self.attachments, *change.attachments)))
        return attrs.evolve(self, meters=tuple(meters), attachments=patterns, attachments_max=change.attachments_max)

    def is_marked_ability(self, index: int) -> bool:
        """Whether ability *index* (0-based) is marked."""
        index = check_int("index", index, low=0, high=max(len(self.abilities) - 1, 0))
        return bool(self.abilities) and self.abilities[index]

    # -- meters ------------------------------------------------------------------------

    def meter(self, key: str) -> AssetMeter | None:
        """The meter with *key*, or ``None``."""
        check_type("key", key, str)
        return next((meter for meter in self.meters if meter.key == key), None)

    def set_meter(self, key: str, value: int) -> AssetState:
        """This asset with meter *key* at *value*.

        Raises:
            InvalidInput: no such meter, or *value* outside its range.
            RuleError: raising a meter a checked box holds down ("battered: cannot
                raise integrity until Repaired"; clear the box first).
        """
        meter = self.meter(key)
        if meter is None:
            names = ", ".join(m.key for m in self.meters) or "none"
            raise InvalidInput(f"asset {self.name!r} has no meter {key!r} (its meters: {names})")
        value = check_int("value", value, low=meter.minimum, high=meter.maximum)
        if value > meter.value and "battered" in self.marked and key == "integrity":
            raise RuleError(f"{self.name} is battered: its integrity cannot be raised until it is repaired")
        new = attrs.evolve(meter, value=value)
        return attrs.evolve(self, meters=tuple(new if m.key == key else m for m in self.meters))

    # -- boxes -------------------------------------------------------------------------

    def box(self, key: str) -> AssetControl | None:
        """The box with *key* (``battered``, ``out_of_action``), or ``None``; its label works too."""
        check_type("key", key, str)
        wanted = key.strip().lower()
        return next((b for b in self.boxes if wanted in (b.key.lower(), b.label.lower())), None)

    def _box_key(self, key: str) -> str:
        found = self.box(key)
        if found is not None:
            return found.key
        if not self.boxes:
            return key  # a save made before boxes were kept: any key
        names = ", ".join(b.key for b in self.boxes)
        raise InvalidInput(f"asset {self.name!r} has no box {key!r} (its boxes: {names})")

    def is_marked(self, key: str) -> bool:
        """Whether the box *key* is checked."""
        return self._box_key(key) in self.marked

    def mark(self, key: str) -> AssetState:
        """This asset with the box *key* checked (battered, cursed, out of action, broken, a blade's oath box).

        Raises:
            InvalidInput: the card has no such box.
            RuleError: it is checked already.
        """
        found = self._box_key(key)
        if found in self.marked:
            raise RuleError(f"{found} of {self.name} is already marked")
        return attrs.evolve(self, marked=(*self.marked, found))

    def clear(self, key: str) -> AssetState:
        """This asset with the box *key* cleared (a repair clears battered).

        Raises:
            InvalidInput: the card has no such box.
            RuleError: it is not checked, or it is cursed ("permanent").
        """
        found = self._box_key(key)
        if found not in self.marked:
            raise RuleError(f"{found} of {self.name} is not marked")
        if found == "cursed":
            raise RuleError(f"cursed is permanent: {self.name} stays cursed")
        return attrs.evolve(self, marked=tuple(k for k in self.marked if k != found))

    @property
    def impacts(self) -> tuple[str, ...]:
        """The checked boxes that are impacts (battered, cursed)."""
        return tuple(b.key for b in self.boxes if b.is_impact and b.key in self.marked)

    @property
    def is_out_of_use(self) -> bool:
        """Whether a checked box puts the asset out of use (a companion out of action, a broken module).

        Its abilities then change no move and its meters give no roll option.
        """
        return any(b.disables_asset and b.key in self.marked for b in self.boxes)

    # -- options -----------------------------------------------------------------------

    def option(self, key: str) -> AssetOption | None:
        """The option *key* (``name``, ``linked_stat``; its label works too), or ``None``."""
        check_type("key", key, str)
        wanted = key.strip().lower().replace(" ", "_")
        return next((o for o in self.options if wanted in (o.key.lower(), o.label.lower().replace(" ", "_"))), None)

    def set_option(self, key: str, value: str | None) -> AssetState:
        """This asset with *value* written in option *key* (``None`` blanks it).

        Raises:
            InvalidInput: no such option, or not one of its choices (Devotant's linked
                stat must name a stat).
            TypeError: *value* is not a str or None.
        """
        found = self.option(key)
        if found is None:
            names = ", ".join(o.key for o in self.options) or "none"
            raise InvalidInput(f"asset {self.name!r} has no option {key!r} (its options: {names})")
        if value is not None:
            value = check_type("value", value, str).strip()
            if found.choices:
                value = value.lower()
        new = attrs.evolve(found, value=value)  # a choice not offered is refused here
        return attrs.evolve(self, options=tuple(new if o.key == found.key else o for o in self.options))

    @property
    def title(self) -> str:
        """The name shown for this asset: its card name, with the name written on it (``Starship 'Wayfarer'``)."""
        written = self.option("name")
        if written is not None and written.value:
            return f"{self.name} {written.value!r}"
        return self.name

    # -- clocks and counters -------------------------------------------------------------

    def _clock(self, name: str) -> Clock | None:
        return next((c for c in self.clocks if c.name == name), None)

    def clock(self, name: str | None = None) -> Clock:
        """The clock named *name*, or the card's only clock.

        Raises:
            InvalidInput: no such clock (or several, and *name* was not given).
        """
        if name is None:
            if len(self.clocks) == 1:
                return self.clocks[0]
        else:
            wanted = check_type("name", name, str).strip().lower()
            found = [c for c in self.clocks if c.name.lower() == wanted or wanted in ("clock", "the clock")]
            if len(found) == 1:
                return found[0]
        names = ", ".join(repr(c.name) for c in self.clocks) or "none"
        raise InvalidInput(f"name must name a clock of {self.name} (its clocks: {names})")

    def advance_clock(self, n: int = 1, *, name: str | None = None) -> AssetState:
        """Fill *n* segments of the clock *name* (the card's only clock when not given)."""
        clock = self.clock(name)
        return attrs.evolve(self, clocks=tuple(c.advance(n) if c is clock else c for c in self.clocks))

    def reset_clock(self, *, name: str | None = None) -> AssetState:
        """Empty the clock *name* (the card's only clock when not given)."""
        clock = self.clock(name)
        return attrs.evolve(self, clocks=tuple(c.reset() if c is clock else c for c in self.clocks))

    def counter(self, key: str) -> AssetCounter | None:
        """The counter *key* (its label works too), or ``None``."""
        check_type("key", key, str)
        wanted = key.strip().lower()
        return next((c for c in self.counters if wanted in (c.key.lower(), c.label.lower())), None)

    def set_counter(self, key: str, value: int) -> AssetState:
        """This asset with counter *key* at *value*.

        Raises:
            InvalidInput: no such counter, or *value* outside its range.
        """
        found = self.counter(key)
        if found is None:
            names = ", ".join(c.key for c in self.counters) or "none"
            raise InvalidInput(f"asset {self.name!r} has no counter {key!r} (its counters: {names})")
        new = attrs.evolve(found, value=check_int("value", value))
        return attrs.evolve(self, counters=tuple(new if c is found else c for c in self.counters))

    # -- attachments ---------------------------------------------------------------------

    def accepts(self, asset_id: str) -> bool:
        """Whether an asset with id *asset_id* may be attached to this one (by its attachment patterns).

        Datasworn 0.0.10's Rover names ``*/assets/modules/*`` where the module
        assets' ids read ``*/assets/module/*``; the plural is read as the singular.
        """
        check_type("asset_id", asset_id, str)
        for pattern in self.attachments:
            if (
                fnmatch.fnmatchcase(asset_id, pattern)
                or fnmatch.fnmatchcase(asset_id, pattern.replace("/modules/", "/module/"))
                or id_matches(asset_id, pattern)  # a pattern of the other Datasworn format
            ):
                return True
        return False

    def attach_to(self, vehicle: AssetState | None) -> AssetState:
        """This asset attached to *vehicle* (``None``: detached); see :meth:`PlayerCharacter.attach`.

        Raises:
            RuleError: *vehicle* does not take this asset.
        """
        if vehicle is None:
            return attrs.evolve(self, attached_to=None)
        check_type("vehicle", vehicle, AssetState)
        if not vehicle.accepts(self.id):
            raise RuleError(
                f"{vehicle.name} takes no {self.name} (it takes {', '.join(vehicle.attachments) or 'none'})"
            )
        return attrs.evolve(self, attached_to=vehicle.id)

    def __str__(self) -> str:
        parts = [str(meter) for meter in self.meters] + [
            (b.label if (b := self.box(key)) is not None else key) for key in self.marked
        ]
        parts += [str(clock) for clock in self.clocks if clock.filled]
        parts += [str(counter) for counter in self.counters if counter.value]
        parts += [str(o) for o in self.options if o.value is not None and o.key != "name"]
        if self.attached_to is not None:
            parts.append(f"on {self.attached_to.rpartition('/')[2].replace('_', ' ')}")
        return f"{self.title} ({', '.join(parts)})" if parts else self.title
