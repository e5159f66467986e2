"""The truths, NPCs and rules sections of a Datasworn package, as frozen views.

* A **truth** ("Cataclysm", "The Old World") is a question about the setting with
  options, each on a range of a d100 roll: a truth is rolled like an oracle table
  (:meth:`Truth.table`), and an option may hold oracle tables of its own ("We suspect
  the sun plague was caused by: ..."), which the ruleset's tables hold too.
* An **NPC** is a foe or person with a rank, a nature, features, drives and tactics,
  and variants; an NPC that holds oracle tables gives them to the ruleset.
* The **rules** section names the ruleset's stats, condition meters, impacts (Classic's
  debilities), special tracks (bonds, legacies, the failure track) and tags.

Examples:
    >>> from tabletop_core.action_roll.datasworn.sections import read_truth
    >>> truth = read_truth({"_id": "demo/truths/sky", "name": "The Sky", "options": [
    ...     {"min": 1, "max": 50, "summary": "Clear.", "description": "The sky is clear."},
    ...     {"min": 51, "max": 100, "summary": "Ashen.", "description": "Ash falls."}]}, "$")
    >>> [str(row) for row in truth.table().rows]
    ['1-50 Clear.', '51-100 Ashen.']
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import attrs

from tabletop_core._frozen import frozen
from tabletop_core._record import Record
from tabletop_core._validate import check_int, check_type, of_type
from tabletop_core.action_roll.datasworn import _data
from tabletop_core.action_roll.datasworn._data import DataswornError
from tabletop_core.action_roll.datasworn.tables import OracleRow, OracleTable, parse_dice
from tabletop_core.action_roll.progress import Rank
from tabletop_core.errors import InvalidInput

__all__ = [
    "Npc",
    "NpcVariant",
    "RuleImpact",
    "RuleMeter",
    "RuleStat",
    "Rules",
    "SpecialTrack",
    "Truth",
    "TruthOption",
    "read_npc",
    "read_rules",
    "read_truth",
    "truth_tables",
]

_RANKS = tuple(Rank)


def _optional_rank(_instance: Any, attribute: Any, value: Any) -> None:
    if value is not None:
        check_type(attribute.name, value, Rank)


@frozen
class TruthOption(Record):
    """One option of a truth, on a range of the truth's roll.

    Attributes:
        low: The lowest roll that gives it (``None`` for an option that is chosen, never rolled).
        high: The highest roll that gives it.
        summary: Its one-line summary (Datasworn Markdown; empty when the data gives none).
        description: Its full text.
        quest_starter: Its quest starter, if any.
        tables: Ids of the oracle tables the option holds (in :attr:`Ruleset.tables`).
    """

    low: int | None = attrs.field(validator=_data.optional_int)
    high: int | None = attrs.field(validator=_data.optional_int)
    summary: str = attrs.field(default="", validator=of_type(str))
    description: str = attrs.field(default="", validator=of_type(str))
    quest_starter: str | None = attrs.field(default=None, validator=_data.optional_str)
    tables: tuple[str, ...] = _data.tuple_field(str, default=())

    def __attrs_post_init__(self) -> None:
        if (self.low is None) != (self.high is None):
            raise InvalidInput(f"low and high must both be ints or both None, got {self.low!r} and {self.high!r}")
        if self.low is not None and self.high is not None and self.low > self.high:
            raise InvalidInput(f"low must not be above high, got {self.low} and {self.high}")

    @property
    def text(self) -> str:
        """What a roll on the truth shows: the summary, or the description when there is none."""
        return self.summary or self.description


@frozen
class Truth(Record):
    """A setting truth: a question with options on ranges of a roll.

    Attributes:
        id: Its Datasworn ``_id``.
        name: Its name ("Cataclysm").
        dice: The dice its options are rolled with (``1d100``).
        options: Its options, in order.
    """

    id: str = attrs.field(validator=of_type(str))
    name: str = attrs.field(validator=of_type(str))
    dice: str = attrs.field(default="1d100", validator=of_type(str))
    options: tuple[TruthOption, ...] = _data.tuple_field(TruthOption, default=())

    def __attrs_post_init__(self) -> None:
        parse_dice(self.dice)
        if not self.options:
            raise InvalidInput(f"truth {self.id!r} must have at least one option")

    def table(self) -> OracleTable:
        """The truth as an oracle table: one row per option, its text the option's summary."""
        rows = tuple(OracleRow(option.low, option.high, option.text) for option in self.options)
        return OracleTable(self.id, self.name, rows, dice=self.dice)

    def option_for(self, roll: int) -> TruthOption | None:
        """The option a roll of the truth's dice lands on (the first, where options overlap), or ``None``."""
        row = self.table().row_for(roll)
        if row is None:
            return None
        return self.options[self.table().rows.index(row)]

    def __str__(self) -> str:
        return f"{self.name} ({len(self.options)} options)"


@frozen
class NpcVariant(Record):
    """A variant of an NPC ("Chiton queen").

    Attributes:
        id: Its Datasworn ``_id``.
        name: Its name.
        rank: Its rank, if the data gives one.
        nature: Its nature, if given.
        description: Its text.
    """

    id: str = attrs.field(validator=of_type(str))
    name: str = attrs.field(validator=of_type(str))
    rank: Rank | None = attrs.field(default=None, validator=_optional_rank)
    nature: str | None = attrs.field(default=None, validator=_data.optional_str)
    description: str = attrs.field(default="", validator=of_type(str))


@frozen
class Npc(Record):
    """A foe or person from a package's NPC section.

    Attributes:
        id: Its Datasworn ``_id``.
        name: Its name.
        rank: Its rank as a foe (troublesome .. epic), if the data gives one.
        nature: Its nature ("Ironlander", "Monster").
        summary: A short description, if any.
        features: Its features, as listed.
        drives: Its drives.
        tactics: Its tactics.
        variants: Its variants.
        quest_starter: Its quest starter, if any.
        description: Its full text.
        tables: Ids of oracle tables it holds (in :attr:`Ruleset.tables`).
    """

    id: str = attrs.field(validator=of_type(str))
    name: str = attrs.field(validator=of_type(str))
    rank: Rank | None = attrs.field(default=None, validator=_optional_rank)
    nature: str | None = attrs.field(default=None, validator=_data.optional_str)
    summary: str | None = attrs.field(default=None, validator=_data.optional_str)
    features: tuple[str, ...] = _data.tuple_field(str, default=())
    drives: tuple[str, ...] = _data.tuple_field(str, default=())
    tactics: tuple[str, ...] = _data.tuple_field(str, default=())
    variants: tuple[NpcVariant, ...] = _data.tuple_field(NpcVariant, default=())
    quest_starter: str | None = attrs.field(default=None, validator=_data.optional_str)
    description: str = attrs.field(default="", validator=of_type(str))
    tables: tuple[str, ...] = _data.tuple_field(str, default=())

    def __str__(self) -> str:
        rank = f", {self.rank}" if self.rank is not None else ""
        return f"{self.name} ({self.nature or 'NPC'}{rank})"


@frozen
class RuleStat(Record):
    """A stat the rules name (edge, heart, ...)."""

    key: str = attrs.field(validator=of_type(str))
    label: str = attrs.field(validator=of_type(str))
    description: str = attrs.field(default="", validator=of_type(str))


@frozen
class RuleMeter(Record):
    """A condition meter the rules name, with its range and starting value.

    Attributes:
        key: Its key (``health``).
        label: Its label.
        minimum: Its lowest value.
        maximum: Its highest value.
        value: Its starting value.
        rollable: Whether a move may roll it.
        shared: Whether allies share it (supply).
        description: Its text.
    """

    key: str = attrs.field(validator=of_type(str))
    label: str = attrs.field(validator=of_type(str))
    minimum: int = attrs.field(default=0, validator=lambda _i, _a, v: check_int("minimum", v))
    maximum: int = attrs.field(default=5, validator=lambda _i, _a, v: check_int("maximum", v))
    value: int = attrs.field(default=5, validator=lambda _i, _a, v: check_int("value", v))
    rollable: bool = attrs.field(default=True, validator=of_type(bool))
    shared: bool = attrs.field(default=False, validator=of_type(bool))
    description: str = attrs.field(default="", validator=of_type(str))

    def __attrs_post_init__(self) -> None:
        if not self.minimum <= self.value <= self.maximum:
            raise InvalidInput(f"meter {self.key!r} must start within {self.minimum}..{self.maximum}, got {self.value}")


@frozen
class RuleImpact(Record):
    """An impact (Starforged) or debility (Classic) the rules name.

    Attributes:
        key: Its key (``wounded``).
        label: Its label.
        category: The key of its group (``misfortunes``, ``conditions``, ``banes``, ``burdens``).
        prevents_recovery: The meters that cannot be raised while it is marked.
        permanent: Whether it can never be cleared.
        shared: Whether allies share it.
        description: Its text.
    """

    key: str = attrs.field(validator=of_type(str))
    label: str = attrs.field(validator=of_type(str))
    category: str = attrs.field(validator=of_type(str))
    prevents_recovery: tuple[str, ...] = _data.tuple_field(str, default=())
    permanent: bool = attrs.field(default=False, validator=of_type(bool))
    shared: bool = attrs.field(default=False, validator=of_type(bool))
    description: str = attrs.field(default="", validator=of_type(str))


@frozen
class SpecialTrack(Record):
    """A special track the rules name: Classic's bonds, Starforged's legacies, Delve's failure track."""

    key: str = attrs.field(validator=of_type(str))
    label: str = attrs.field(validator=of_type(str))
    optional: bool = attrs.field(default=False, validator=of_type(bool))
    shared: bool = attrs.field(default=False, validator=of_type(bool))
    description: str = attrs.field(default="", validator=of_type(str))


@frozen
class Rules(Record):
    """A ruleset's rules section: stats, condition meters, impacts, special tracks and tags, by key.

    An expansion's rules are merged onto its base's (an entry of the expansion
    replaces the base's entry with the same key).
    """

    stats: tuple[RuleStat, ...] = _data.tuple_field(RuleStat, default=())
    condition_meters: tuple[RuleMeter, ...] = _data.tuple_field(RuleMeter, default=())
    impacts: tuple[RuleImpact, ...] = _data.tuple_field(RuleImpact, default=())
    special_tracks: tuple[SpecialTrack, ...] = _data.tuple_field(SpecialTrack, default=())
    tags: tuple[str, ...] = _data.tuple_field(str, default=())

    def merged(self, other: Rules) -> Rules:
        """These rules with *other*'s entries added (an entry with a key already here replaces it)."""
        check_type("other", other, Rules)

        def join(mine: tuple[Any, ...], theirs: tuple[Any, ...], key: str = "key") -> tuple[Any, ...]:
            by_key = {getattr(item, key) if key else item: item for item in mine}
            by_key.update({getattr(item, key) if key else item: item for item in theirs})
            return tuple(by_key.values())

        return Rules(
            join(self.stats, other.stats),
            join(self.condition_meters, other.condition_meters),
            join(self.impacts, other.impacts),
            join(self.special_tracks, other.special_tracks),
            join(self.tags, other.tags, key=""),
        )

    def __str__(self) -> str:
        return (
            f"{len(self.stats)} stats, {len(self.condition_meters)} condition meters, {len(self.impacts)} impacts, "
            f"{len(self.special_tracks)} special tracks, {len(self.tags)} tags"
        )


# -- readers ------------------------------------------------------------------------------


def _range(data: Mapping[str, Any], path: str) -> tuple[int | None, int | None]:
    """``min``/``max`` of a row or option (0.0.10), or its ``roll: {min, max}`` (0.1)."""
    where = path
    if "roll" in data and "min" not in data:
        span = _data.get(data, "roll", path, dict, required=False) or {}
        where = f"{path}.roll"
        data = span
    low = _data.integer(data, "min", where, required=False)
    high = _data.integer(data, "max", where, required=False)
    if (low is None) != (high is None):
        raise DataswornError(where, f"min and max must both be integers or both null, got {low!r} and {high!r}")
    if low is not None and high is not None and low > high:
        raise DataswornError(where, f"min {low} is above max {high}")
    return low, high


def truth_tables(data: Mapping[str, Any], path: str) -> list[tuple[int, str, dict[str, Any], str]]:
    """The oracle tables a truth's options hold: ``(option index, id, table JSON, JSON path)``.

    Datasworn 0.0.10 gives an option at most one ``table`` without an id (its text
    names it ``{{table:<truth id>/<option index>}}``): it gets that id, and the
    truth's name with the option's number as its name. Datasworn 0.1 gives an
    option ``oracles`` with ids of their own.
    """
    truth_id = _data.text(data, "_id", path)
    name = _data.text(data, "name", path)
    found = []
    here = f"{path}.options"
    for index, item in enumerate(_data.array(data, "options", path)):
        where = f"{here}[{index}]"
        option = _data.obj(item, where)
        table = option.get("table")
        if table is not None:
            table = dict(_data.obj(table, f"{where}.table"))
            table.setdefault("_id", f"{truth_id}/{index}")
            table.setdefault("name", f"{name} {index + 1}")
            found.append((index, table["_id"], table, f"{where}.table"))
        for key, embedded in _data.items(option, "oracles", where):
            table_id = _data.text(embedded, "_id", _data.key_path(f"{where}.oracles", key))
            found.append((index, table_id, dict(embedded), _data.key_path(f"{where}.oracles", key)))
    return found


def read_truth(data: Mapping[str, Any], path: str, tables: Mapping[int, tuple[str, ...]] | None = None) -> Truth:
    """One Datasworn truth; *tables* gives, by option index, the ids of the tables it holds."""
    data = _data.obj(data, path)
    truth_id = _data.text(data, "_id", path)
    dice = _data.text(data, "dice", path, required=False) or "1d100"
    try:
        parse_dice(dice)
    except InvalidInput as error:
        raise DataswornError(f"{path}.dice", str(error)) from None
    options = []
    here = f"{path}.options"
    raw_options = _data.array(data, "options", path, required=True)
    if not raw_options:
        raise DataswornError(here, "a truth needs at least one option")
    for index, item in enumerate(raw_options):
        where = f"{here}[{index}]"
        option = _data.obj(item, where)
        low, high = _range(option, where)
        options.append(
            _data.build(
                TruthOption,
                low=low,
                high=high,
                summary=_data.text(option, "summary", where, required=False) or "",
                description=_data.text(option, "description", where, required=False) or "",
                quest_starter=_data.text(option, "quest_starter", where, required=False),
                tables=(tables or {}).get(index, ()),
            )
        )
    return _data.build(Truth, id=truth_id, name=_data.text(data, "name", path), dice=dice, options=tuple(options))


def _rank(data: Mapping[str, Any], path: str) -> Rank | None:
    value = _data.integer(data, "rank", path, required=False)
    if value is None:
        return None
    if not 1 <= value <= len(_RANKS):
        raise DataswornError(f"{path}.rank", f"must be 1..{len(_RANKS)} (troublesome..epic), got {value}")
    rank: Rank = _RANKS[value - 1]
    return rank


def read_npc(data: Mapping[str, Any], path: str, tables: tuple[str, ...] = ()) -> Npc:
    """One Datasworn NPC with its variants."""
    data = _data.obj(data, path)
    npc_id = _data.text(data, "_id", path)
    variants = []
    for key, variant in _data.items(data, "variants", path):
        where = _data.key_path(f"{path}.variants", key)
        variants.append(
            _data.build(
                NpcVariant,
                id=_data.text(variant, "_id", where, required=False) or f"{npc_id}/variants/{key}",
                name=_data.text(variant, "name", where),
                rank=_rank(variant, where),
                nature=_data.text(variant, "nature", where, required=False),
                description=_data.text(variant, "description", where, required=False) or "",
            )
        )
    return _data.build(
        Npc,
        id=npc_id,
        name=_data.text(data, "name", path),
        rank=_rank(data, path),
        nature=_data.text(data, "nature", path, required=False),
        summary=_data.text(data, "summary", path, required=False),
        features=_data.strings(data, "features", path),
        drives=_data.strings(data, "drives", path),
        tactics=_data.strings(data, "tactics", path),
        variants=tuple(variants),
        quest_starter=_data.text(data, "quest_starter", path, required=False),
        description=_data.text(data, "description", path, required=False) or "",
        tables=tables,
    )


def _flag(data: Mapping[str, Any], key: str, path: str, default: bool = False) -> bool:
    value = _data.get(data, key, path, bool, required=False)
    return default if value is None else bool(value)


def read_rules(data: Mapping[str, Any] | None, path: str) -> Rules:
    """A package's ``rules`` section (absent: empty rules)."""
    if data is None:
        return Rules()
    data = _data.obj(data, path)
    stats = tuple(
        _data.build(
            RuleStat,
            key=key,
            label=_data.text(item, "label", _data.key_path(f"{path}.stats", key), required=False) or key,
            description=_data.text(item, "description", _data.key_path(f"{path}.stats", key), required=False) or "",
        )
        for key, item in _data.items(data, "stats", path)
    )
    meters = []
    for key, item in _data.items(data, "condition_meters", path):
        where = _data.key_path(f"{path}.condition_meters", key)
        low = _data.integer(item, "min", where, required=False)
        high = _data.integer(item, "max", where, required=False)
        value = _data.integer(item, "value", where, required=False)
        try:
            meters.append(
                RuleMeter(
                    key,
                    _data.text(item, "label", where, required=False) or key,
                    0 if low is None else low,
                    5 if high is None else high,
                    (5 if high is None else high) if value is None else value,
                    _flag(item, "rollable", where, default=True),
                    _flag(item, "shared", where),
                    _data.text(item, "description", where, required=False) or "",
                )
            )
        except InvalidInput as error:
            raise DataswornError(where, str(error)) from None
    impacts = []
    for category, group in _data.items(data, "impacts", path):
        group_path = _data.key_path(f"{path}.impacts", category)
        for key, item in _data.items(group, "contents", group_path):
            where = _data.key_path(f"{group_path}.contents", key)
            impacts.append(
                _data.build(
                    RuleImpact,
                    key=key,
                    label=_data.text(item, "label", where, required=False) or key,
                    category=category,
                    prevents_recovery=_data.strings(item, "prevents_recovery", where),
                    permanent=_flag(item, "permanent", where),
                    shared=_flag(item, "shared", where),
                    description=_data.text(item, "description", where, required=False) or "",
                )
            )
    tracks = []
    for key, item in _data.items(data, "special_tracks", path):
        where = _data.key_path(f"{path}.special_tracks", key)
        tracks.append(
            _data.build(
                SpecialTrack,
                key=key,
                label=_data.text(item, "label", where, required=False) or key,
                optional=_flag(item, "optional", where),
                shared=_flag(item, "shared", where),
                description=_data.text(item, "description", where, required=False) or "",
            )
        )
    tags = tuple(key for key, _ in _data.items(data, "tags", path))
    return Rules(stats, tuple(meters), tuple(impacts), tuple(tracks), tags)
