"""Reading one Datasworn package (a ruleset or an expansion) before it is merged into a ruleset.

A package's moves, oracle tables, assets, truths, NPCs, rules and Delve content
are read and checked here, with what each item ``replaces`` and what each
collection ``enhances`` or ``replaces``: :mod:`.merge` applies those when the
package joins a ruleset. Both Datasworn 0.0.10 and 0.1 are read: the kind of
every item is known from where it sits in the file, not from its id.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

import attrs

from tabletop_core._frozen import frozen
from tabletop_core._record import Record
from tabletop_core._validate import of_type
from tabletop_core.action_roll.datasworn import _data
from tabletop_core.action_roll.datasworn._data import DataswornError
from tabletop_core.action_roll.datasworn.assets import Asset, read_asset
from tabletop_core.action_roll.datasworn.curses import CurseTags, read_curse_tags
from tabletop_core.action_roll.datasworn.delve_data import (
    DelveSiteData,
    Rarity,
    SiteDomain,
    SiteTheme,
    read_delve_site,
    read_rarity,
    read_site_part,
)
from tabletop_core.action_roll.datasworn.ids import canonical
from tabletop_core.action_roll.datasworn.moves import Move, read_move
from tabletop_core.action_roll.datasworn.renames import move_table_id
from tabletop_core.action_roll.datasworn.sections import (
    Npc,
    Rules,
    Truth,
    read_npc,
    read_rules,
    read_truth,
    truth_tables,
)
from tabletop_core.action_roll.datasworn.table_reader import check_table, read_table
from tabletop_core.action_roll.datasworn.tables import OracleTable

__all__ = [
    "SUPPORTED_VERSION",
    "SUPPORTED_VERSIONS",
    "OracleCollection",
    "Package",
    "PackageInfo",
    "read_package",
]

SUPPORTED_VERSION = "0.0.10"
"""The Datasworn format version this reader was first written against (``@datasworn/starforged`` 0.0.10)."""
SUPPORTED_VERSIONS = ("0.0.10", "0.1")
"""The Datasworn formats read without a note: 0.0.10, and every 0.1.x (``@datasworn/*`` 0.1.0-0)."""
_VERSION = re.compile(r"(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)(?:[-+].*)?")


@frozen
class OracleCollection(Record):
    """A group of oracle tables, as the data nests them.

    Attributes:
        id: Its Datasworn ``_id``.
        name: Its name.
        kind: Datasworn's ``oracle_type``: ``tables`` (a folder of tables),
            ``table_shared_rolls`` or ``table_shared_text`` (one printed
            table whose columns are rolled separately).
        tables: Ids of the tables directly in it (in :attr:`Ruleset.tables`).
        collections: The collections nested in it.
    """

    id: str = attrs.field(validator=of_type(str))
    name: str = attrs.field(validator=of_type(str))
    kind: str = attrs.field(validator=of_type(str))
    tables: tuple[str, ...] = _data.tuple_field(str, default=())
    collections: tuple[OracleCollection, ...] = _data.tuple_field(object, default=())


@frozen
class PackageInfo(Record):
    """One Datasworn package of a ruleset: what it is and which format it is written in.

    Attributes:
        id: The package's id (``starforged``, ``sundered_isles``).
        kind: ``ruleset`` (a base) or ``expansion``.
        ruleset: For an expansion, the id of the ruleset it expands.
        datasworn_version: The Datasworn format version the package declares.
        title: Its title.
        license: The license URL it declares.
    """

    id: str = attrs.field(validator=of_type(str))
    kind: str = attrs.field(validator=of_type(str))
    ruleset: str | None = attrs.field(default=None, validator=_data.optional_str)
    datasworn_version: str = attrs.field(default=SUPPORTED_VERSION, validator=of_type(str))
    title: str = attrs.field(default="", validator=of_type(str))
    license: str | None = attrs.field(default=None, validator=_data.optional_str)

    @property
    def format(self) -> str:
        """The format family: ``"0.0.10"`` or ``"0.1"`` (or the version itself, for another)."""
        version = self.datasworn_version
        return "0.1" if version.startswith("0.1.") else version.partition("-")[0].partition("+")[0]

    def __str__(self) -> str:
        base = f" of {self.ruleset}" if self.ruleset else ""
        return f"{self.id} ({self.kind}{base}, Datasworn {self.datasworn_version})"


TableEntry = OracleTable | tuple[Mapping[str, Any], str]
"""A table read from a package: built, or checked and kept as (JSON, path) to be built on first use."""


class Later:
    """An item of a file :func:`load` parsed itself, read from its JSON the first time it is used.

    Loading keeps, for an asset, a truth or an NPC, its JSON, its path and its id and
    name (read and checked at load); the rest is read on first use, with the same
    checks and the same errors (the JSON path of a problem). Nobody else holds that
    JSON, so nothing changes it before it is read.
    """

    __slots__ = ("data", "extra", "name", "path", "read")

    def __init__(self, read: Any, data: Mapping[str, Any], path: str, name: str, extra: tuple[Any, ...] = ()) -> None:
        self.read = read
        self.data = data
        self.path = path
        self.name = name
        self.extra = extra

    def build(self) -> Any:
        """The item, read from its JSON."""
        return self.read(self.data, self.path, *self.extra)


def built(entry: Any) -> Any:
    """*entry* itself, or the item a :class:`Later` reads."""
    return entry.build() if type(entry) is Later else entry


def _asset_alone(data: Mapping[str, Any], path: str) -> Asset:
    return read_asset(data, path, [])


def _has_moves(raw: Mapping[str, Any]) -> bool:
    """Whether an asset's abilities add moves (read at load: the ruleset's moves include them)."""
    abilities = raw.get("abilities")
    return type(abilities) is not list or any(type(a) is not dict or a.get("moves") for a in abilities)


@attrs.define
class Package:
    """Everything read from one package, before merging (internal to the reader)."""

    info: PackageInfo
    moves: dict[str, Move] = attrs.field(factory=dict)
    tables: dict[str, TableEntry] = attrs.field(factory=dict)
    table_names: dict[str, str] = attrs.field(factory=dict)
    collections: list[OracleCollection] = attrs.field(factory=list)
    assets: dict[str, Asset | Later] = attrs.field(factory=dict)
    truths: dict[str, Truth | Later] = attrs.field(factory=dict)
    npcs: dict[str, Npc | Later] = attrs.field(factory=dict)
    rules: Rules = attrs.field(factory=Rules)
    site_themes: dict[str, SiteTheme] = attrs.field(factory=dict)
    site_domains: dict[str, SiteDomain] = attrs.field(factory=dict)
    delve_sites: dict[str, DelveSiteData] = attrs.field(factory=dict)
    rarities: dict[str, Rarity] = attrs.field(factory=dict)
    replaces: dict[str, tuple[str, ...]] = attrs.field(factory=dict)
    """Item id -> the ids (or patterns) it says it replaces."""
    enhances: dict[str, tuple[str, ...]] = attrs.field(factory=dict)
    """Collection id -> the collections it says it enhances."""
    members: dict[str, tuple[str, ...]] = attrs.field(factory=dict)
    """Move category or asset collection id -> the ids of its moves or assets."""
    curses: dict[str, CurseTags] = attrs.field(factory=dict)
    """Table id -> its curse tags (Sundered Isles' cursed versions), for tables that have any."""
    aliases: dict[str, str] = attrs.field(factory=dict)
    """The 0.1 id of an item written in 0.0.10 that no renaming of keys finds -> its id (a move's tables)."""
    warnings: list[str] = attrs.field(factory=list)
    raw: Mapping[str, Any] = attrs.field(factory=dict)


def _ids(data: Mapping[str, Any], key: str, path: str) -> tuple[str, ...]:
    """``replaces`` / ``enhances``: one id (Datasworn 0.0.10) or a list of ids and patterns (0.1)."""
    value = data.get(key)
    if value is None:
        return ()
    if isinstance(value, str):
        return (value,)
    return _data.strings(data, key, path)


def _version(data: Mapping[str, Any]) -> tuple[str, list[str]]:
    version = _data.text(data, "datasworn_version", "$")
    found = _VERSION.fullmatch(version)
    if not found:
        raise DataswornError("$.datasworn_version", f"expected a version like {SUPPORTED_VERSION!r}, got {version!r}")
    mine = tuple(int(found[i]) for i in (1, 2, 3))
    if mine == (0, 0, 10) or mine[:2] == (0, 1):
        return version, []
    relation = "newer than" if mine > (0, 1, 0) else "older than"
    return version, [
        f"Datasworn {version} is {relation} the versions this reader was written for "
        f"({SUPPORTED_VERSION} and 0.1.x): fields it does not know are ignored"
    ]


class _Reader:
    def __init__(self, package: Package, *, lazy: bool) -> None:
        self.package = package
        self.lazy = lazy

    def table(self, table: Mapping[str, Any], where: str) -> str:
        package = self.package
        if self.lazy:
            table_id, name = check_table(table, where)
            entry: TableEntry = (table, where)
        else:
            built = read_table(table, where)
            table_id, name, entry = built.id, built.name, built
        if table_id in package.tables:
            raise DataswornError(where, f"two oracle tables have the id {table_id!r}")
        package.tables[table_id] = entry
        package.table_names[table_id] = name
        replaces = table.get("replaces")
        if replaces is not None:
            package.replaces[table_id] = _ids(table, "replaces", where)
        if "tags" in table:
            curse = read_curse_tags(table)
            if curse is not None:
                package.curses[table_id] = curse
        return table_id

    def move(self, move: Move, data: Mapping[str, Any], where: str) -> None:
        if move.id in self.package.moves:
            raise DataswornError("$.moves", f"two moves have the id {move.id!r}")
        self.package.moves[move.id] = move
        if data.get("replaces") is not None:
            self.package.replaces[move.id] = _ids(data, "replaces", where)

    def moves(self, data: Mapping[str, Any], path: str, category: str, members: list[str]) -> None:
        for key, raw in _data.items(data, "contents", path):
            where = _data.key_path(f"{path}.contents", key)
            move = read_move(raw, where)
            self.move(move, raw, where)
            members.append(move.id)
            embedded = raw.get("oracles")
            if isinstance(embedded, dict):  # Datasworn 0.1: tables that belong to the move
                for table_key, table in _data.items(raw, "oracles", where):
                    self.table(table, _data.key_path(f"{where}.oracles", table_key))
            elif embedded and ":" not in move.id:  # 0.0.10: the move lists its tables; 0.1 names them after it
                own = f"{move.id.partition('/')[0]}/oracles/moves/"
                for table_id in move.oracles:
                    if table_id.startswith(own):  # its own, not a table of another collection it points to
                        self.package.aliases[move_table_id(canonical(move.id), table_id)] = table_id
        for key, collection in _data.items(data, "collections", path):
            self.moves(collection, _data.key_path(f"{path}.collections", key), category, members)

    def collection(self, data: Mapping[str, Any], path: str) -> OracleCollection:
        own = [
            self.table(table, _data.key_path(f"{path}.contents", key))
            for key, table in _data.items(data, "contents", path)
        ]
        nested = tuple(
            self.collection(collection, _data.key_path(f"{path}.collections", key))
            for key, collection in _data.items(data, "collections", path)
        )
        collection_id = _data.text(data, "_id", path)
        self.links(collection_id, data, path)
        return OracleCollection(
            collection_id,
            _data.text(data, "name", path),
            _data.text(data, "oracle_type", path, required=False) or "tables",
            tuple(own),
            nested,
        )

    def links(self, collection_id: str, data: Mapping[str, Any], path: str) -> None:
        """Note what a collection enhances or replaces."""
        if data.get("enhances") is not None:
            self.package.enhances[collection_id] = _ids(data, "enhances", path)
        if data.get("replaces") is not None:
            self.package.replaces[collection_id] = _ids(data, "replaces", path)

    def assets(self, data: Mapping[str, Any], path: str, moves: list[Move]) -> list[str]:
        found = []
        for asset_key, raw in _data.items(data, "contents", path):
            where = _data.key_path(f"{path}.contents", asset_key)
            asset: Asset | Later
            if self.lazy and type(raw) is dict and not _has_moves(raw):
                asset_id = _data.text(raw, "_id", where)
                asset = Later(_asset_alone, raw, where, _data.text(raw, "name", where))
            else:
                read = read_asset(raw, where, moves)
                asset, asset_id = read, read.id
            if asset_id in self.package.assets:
                raise DataswornError("$.assets", f"two assets have the id {asset_id!r}")
            self.package.assets[asset_id] = asset
            found.append(asset_id)
            if raw.get("replaces") is not None:
                self.package.replaces[asset_id] = _ids(raw, "replaces", where)
            for index, ability in enumerate(_data.array(raw, "abilities", where)):
                if isinstance(ability, dict) and isinstance(ability.get("oracles"), dict):  # 0.1: an ability's tables
                    here = f"{where}.abilities[{index}]"
                    for key, table in _data.items(ability, "oracles", here):
                        self.table(table, _data.key_path(f"{here}.oracles", key))
        for key, nested in _data.items(data, "collections", path):
            found += self.assets(nested, _data.key_path(f"{path}.collections", key), moves)
        return found

    def npcs(self, data: Mapping[str, Any], path: str) -> None:
        for key, raw in _data.items(data, "contents", path):
            where = _data.key_path(f"{path}.contents", key)
            tables = tuple(
                self.table(table, _data.key_path(f"{where}.oracles", table_key))
                for table_key, table in _data.items(raw, "oracles", where)
            )
            npc: Npc | Later
            if self.lazy:
                npc_id = _data.text(raw, "_id", where)
                npc = Later(read_npc, raw, where, _data.text(raw, "name", where), (tables,))
            else:
                read_one = read_npc(raw, where, tables)
                npc, npc_id = read_one, read_one.id
            if npc_id in self.package.npcs:
                raise DataswornError("$.npcs", f"two NPCs have the id {npc_id!r}")
            self.package.npcs[npc_id] = npc
            if raw.get("replaces") is not None:
                self.package.replaces[npc_id] = _ids(raw, "replaces", where)
        for key, nested in _data.items(data, "collections", path):
            self.npcs(nested, _data.key_path(f"{path}.collections", key))

    def truth(self, data: Mapping[str, Any], where: str) -> None:
        held: dict[int, list[str]] = {}
        for index, _table_id, table, table_path in truth_tables(data, where):
            held.setdefault(index, []).append(self.table(table, table_path))
        tables = {index: tuple(ids) for index, ids in held.items()}
        truth: Truth | Later
        if self.lazy:
            data = _data.obj(data, where)
            truth_id = _data.text(data, "_id", where)
            truth = Later(read_truth, data, where, _data.text(data, "name", where), (tables,))
        else:
            read = read_truth(data, where, tables)
            truth, truth_id = read, read.id
        if truth_id in self.package.truths:
            raise DataswornError("$.truths", f"two truths have the id {truth_id!r}")
        self.package.truths[truth_id] = truth
        if data.get("replaces") is not None:
            self.package.replaces[truth_id] = _ids(data, "replaces", where)


def _kind(data: Mapping[str, Any]) -> tuple[str, str | None]:
    kind = _data.text(data, "type", "$", required=False) or "ruleset"
    if kind not in ("ruleset", "expansion"):
        raise DataswornError("$.type", f"must be 'ruleset' or 'expansion', got {kind!r}")
    base = _data.text(data, "ruleset", "$", required=kind == "expansion")
    return kind, base


def read_package(data: Any, *, lazy: bool = False) -> Package:
    """Read one package's JSON (parsed); *lazy* keeps each table's JSON, checked, to build on first use."""
    data = _data.obj(data, "$")
    version, warnings = _version(data)
    kind, base = _kind(data)
    package_id = _data.text(data, "_id", "$")
    info = PackageInfo(
        package_id,
        kind,
        base,
        version,
        _data.text(data, "title", "$", required=False) or package_id,
        _data.text(data, "license", "$", required=False),
    )
    package = Package(info, warnings=warnings, raw=data)
    reader = _Reader(package, lazy=lazy)
    for key, category in _data.items(data, "moves", "$"):
        where = f"$.moves.{key}"
        members: list[str] = []
        reader.moves(category, where, key, members)
        category_id = _data.text(category, "_id", where, required=False) or key
        reader.links(category_id, category, where)
        package.members[category_id] = tuple(members)
    package.collections = [
        reader.collection(collection, _data.key_path("$.oracles", key))
        for key, collection in _data.items(data, "oracles", "$")
    ]
    asset_moves: list[Move] = []
    for key, collection in _data.items(data, "assets", "$"):
        where = _data.key_path("$.assets", key)
        members_found = reader.assets(collection, where, asset_moves)
        collection_id = _data.text(collection, "_id", where, required=False) or key
        reader.links(collection_id, collection, where)
        package.members[collection_id] = tuple(members_found)
    for move in asset_moves:
        if move.id in package.moves:
            raise DataswornError("$.moves", f"two moves have the id {move.id!r}")
        package.moves[move.id] = move
    for key, truth in _data.items(data, "truths", "$"):
        reader.truth(truth, _data.key_path("$.truths", key))
    for key, collection in _data.items(data, "npcs", "$"):
        where = _data.key_path("$.npcs", key)
        reader.npcs(collection, where)
        collection_id = _data.text(collection, "_id", where, required=False) or key
        reader.links(collection_id, collection, where)
    package.rules = read_rules(data.get("rules"), "$.rules")
    for key, item in _data.items(data, "site_themes", "$"):
        theme = read_site_part(item, _data.key_path("$.site_themes", key), kind="theme")
        package.site_themes[theme.id] = theme  # type: ignore[assignment]
    for key, item in _data.items(data, "site_domains", "$"):
        domain = read_site_part(item, _data.key_path("$.site_domains", key), kind="domain")
        package.site_domains[domain.id] = domain  # type: ignore[assignment]
    for key, item in _data.items(data, "delve_sites", "$"):
        site = read_delve_site(item, _data.key_path("$.delve_sites", key))
        package.delve_sites[site.id] = site
    for key, item in _data.items(data, "rarities", "$"):
        rarity = read_rarity(item, _data.key_path("$.rarities", key))
        package.rarities[rarity.id] = rarity
    return package
