"""The entries of a Rest Step's log: each rule's own result (which keeps its dice) or a line of text.

A :class:`~tabletop_core.residue.rest.RestStep` logs what happened as records: an
Inventory roll, a Recover, a Condition roll, Check Luck, Start Day, and the few
records here that join a roll to what it paid for (:class:`StrainPaid`,
:class:`HPRecovered`, :class:`RecoverAlternative`) or hold a line no rule result
holds (:class:`RestNote`). ``str()`` of each is one line.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

import attrs

from tabletop_core._frozen import frozen
from tabletop_core._record import Record
from tabletop_core._record_codec import on_converter
from tabletop_core._record_types import record_type
from tabletop_core._validate import clip, int_field, of_type
from tabletop_core.errors import InvalidInput
from tabletop_core.residue.conditions import ConditionRoll
from tabletop_core.residue.inventory import InventoryUse

if TYPE_CHECKING:
    import cattrs

__all__ = ["HPRecovered", "RecoverAlternative", "RestNote", "StrainPaid"]


@frozen
class RestNote(Record):
    """A line of a Rest Step that no rule result holds (or a log line saved by an older version)."""

    line: str = attrs.field(validator=of_type(str))

    def __str__(self) -> str:
        return self.line


@frozen
class StrainPaid(Record):
    """Strain Payoff: 1 Strain paid with one Inventory roll."""

    use: InventoryUse = attrs.field(validator=of_type(InventoryUse))
    strain: int = int_field(low=0, high=10**6)

    def __str__(self) -> str:
        return f"{self.use}, Strain {self.strain}"


@frozen
class HPRecovered(Record):
    """Recover HP: one Food or Water roll for 1 HP."""

    use: InventoryUse = attrs.field(validator=of_type(InventoryUse))
    hp: int = int_field(low=0, high=10**6)
    max_hp: int = int_field(low=1, high=10**6)

    def __str__(self) -> str:
        return f"{self.use}: +1 HP ({self.hp}/{self.max_hp})"


@frozen
class RecoverAlternative(Record):
    """Recover HP's Panic or Fatigue alternative: any Inventory rolled, then the Condition."""

    use: InventoryUse = attrs.field(validator=of_type(InventoryUse))
    roll: ConditionRoll = attrs.field(validator=of_type(ConditionRoll))

    def __str__(self) -> str:
        return f"{self.use}; {self.roll}"


def _any_record(value: object) -> Record:
    if not isinstance(value, Record):
        raise TypeError(f"log entries must be records (a rule's result or a RestNote), got {type(value).__name__}")
    return value


def _log(values: object) -> tuple[Record, ...]:
    if isinstance(values, (str, bytes)) or not isinstance(values, (list, tuple)):
        raise TypeError(f"log must be a sequence of records, got {type(values).__name__}")
    return tuple(_any_record(value) for value in values)


def _structure_record(data: object, _cls: object) -> Record:
    tag = data.get("type") if isinstance(data, Mapping) else None
    if not isinstance(tag, str):
        raise InvalidInput(f"a record needs a 'type' tag naming its kind, got {clip(tag)}")
    assert isinstance(data, Mapping)
    return record_type(tag).from_dict(data)


def _tag_records(converter: cattrs.Converter) -> None:
    # A field typed as any record (a Rest Step's log, a Journey event's rule result) travels tagged.
    converter.register_unstructure_hook_func(lambda t: t is Record or t == "Record", lambda value: value.to_dict())
    converter.register_structure_hook_func(lambda t: t is Record or t == "Record", _structure_record)


on_converter(_tag_records)
