"""Load a Datasworn ruleset (Starforged, or any in the same format) into typed, frozen views.

:func:`load` takes a path, an open file or JSON already parsed. Everything is
checked up front, so a malformed file fails at once with the JSON path of the
problem (:class:`DataswornError`); keys this reader does not know (from a newer
Datasworn version) are ignored. When :func:`load` parses the file itself, each
oracle table object is built the first time it is used (thousands of rows are
checked, not built, at load).
"""

from __future__ import annotations

import difflib
import os
import re
import types
from collections.abc import Iterable, Iterator, Mapping
from typing import Any, TypeVar

import attrs

from tabletop_core._bounds import check_bounds, read_json_file
from tabletop_core._record import Record
from tabletop_core._validate import check_type, of_type
from tabletop_core.action_roll.datasworn import _data
from tabletop_core.action_roll.datasworn._data import DataswornError
from tabletop_core.action_roll.datasworn.assets import Asset, read_asset
from tabletop_core.action_roll.datasworn.moves import Move, read_move
from tabletop_core.action_roll.datasworn.table_reader import check_table, read_table
from tabletop_core.action_roll.datasworn.table_rolls import TableRoll, roll_table
from tabletop_core.action_roll.datasworn.tables import OracleTable
from tabletop_core.errors import InvalidInput
from tabletop_core.rng import RngLike

__all__ = ["SUPPORTED_VERSION", "OracleCollection", "Ruleset", "load"]

SUPPORTED_VERSION = "0.0.10"
"""The Datasworn format version this reader was written against (``@datasworn/starforged`` 0.0.10)."""
_VERSION = re.compile(r"(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)(?:[-+].*)?")

T = TypeVar("T")


@attrs.frozen
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


class _Tables(Mapping[str, OracleTable]):
    """Oracle tables by id: every table checked when the file is loaded, each built on first use.

    Used only for JSON that :func:`load` parsed itself, so nothing else can change
    the data before a table is built.
    """

    __slots__ = ("_built", "_raw", "names")

    def __init__(self, raw: dict[str, tuple[Mapping[str, Any], str]], names: dict[str, str]) -> None:
        self._raw = raw
        self._built: dict[str, OracleTable] = {}
        self.names = names

    def __getitem__(self, key: str) -> OracleTable:
        table = self._built.get(key)
        if table is None:
            data, path = self._raw[key]
            table = self._built[key] = read_table(data, path)
        return table

    def __iter__(self) -> Iterator[str]:
        return iter(self._raw)

    def __len__(self) -> int:
        return len(self._raw)

    def __repr__(self) -> str:
        return f"<{len(self)} oracle tables>"


def _frozen_map(kind: type) -> Any:
    def convert(value: Any, field: Any) -> Mapping[str, Any]:
        expected = f"{field.name} must be a mapping of id to {kind.__name__}"
        if not isinstance(value, Mapping):
            raise TypeError(f"{expected}, got {type(value).__name__}")
        if isinstance(value, _Tables):
            return value  # checked when it was read
        for key, item in value.items():
            if not isinstance(key, str) or not isinstance(item, kind):
                raise TypeError(f"{expected}, got {key!r}: {type(item).__name__}")
        if isinstance(value, types.MappingProxyType):
            return value
        return types.MappingProxyType(dict(value))

    return attrs.field(converter=attrs.Converter(convert, takes_field=True))


@attrs.frozen(eq=False)
class Ruleset:
    """A loaded Datasworn ruleset: its moves, oracle tables and assets, by id.

    Attributes:
        id: The ruleset's id (``starforged``).
        title: Its title.
        datasworn_version: The Datasworn format version the file declares.
        license: The license URL the file declares (Starforged: CC-BY-4.0).
        moves: Every move by id (asset abilities' moves included).
        tables: Every rollable oracle table by id, nested ones included.
        collections: The top-level oracle collections, as nested in the data.
        assets: Every asset by id.
        warnings: What the reader noticed but loaded anyway (another format version).
    """

    id: str = attrs.field(validator=of_type(str))
    title: str = attrs.field(validator=of_type(str))
    datasworn_version: str = attrs.field(validator=of_type(str))
    license: str | None = attrs.field(validator=attrs.validators.optional(of_type(str)))
    moves: Mapping[str, Move] = _frozen_map(Move)
    tables: Mapping[str, OracleTable] = _frozen_map(OracleTable)
    collections: tuple[OracleCollection, ...] = _data.tuple_field(OracleCollection)
    assets: Mapping[str, Asset] = _frozen_map(Asset)
    warnings: tuple[str, ...] = _data.tuple_field(str, default=())

    def move(self, key: str) -> Move:
        """A move by id, by name (any case) or by the last part of its id (``face_danger``).

        Raises:
            InvalidInput: no move (or more than one) answers to *key*; the message suggests close names.
            TypeError: *key* is not a str.
        """
        return _find("move", self.moves, key)

    def table(self, key: str) -> OracleTable:
        """An oracle table by id, by name or by the end of its id (``name/given``); see :meth:`move`."""
        return _find("oracle table", self.tables, key)

    def asset(self, key: str) -> Asset:
        """An asset by id, by name or by the last part of its id; see :meth:`move`."""
        return _find("asset", self.assets, key)

    def roll(self, key: str, *, rng: RngLike = None, follow: bool = True) -> TableRoll:
        """Roll the table named *key*, following references to other tables of this ruleset.

        See :func:`~tabletop_core.action_roll.datasworn.roll_table`.
        """
        return roll_table(self.table(key), rng=rng, tables=self, follow=follow)

    # Oracle rolls beyond one plain roll (table_choices): several, a collection, flipped, chosen.

    def roll_times(self, key: str, times: int | None = None, *, rng: RngLike = None, follow: bool = True) -> Any:
        """Roll the table *key* several times as one result (``None``: as many as it recommends at most).

        See :func:`~tabletop_core.action_roll.datasworn.roll_times`; returns an ``OracleResults``.
        """
        from tabletop_core.action_roll.datasworn.table_choices import roll_times

        return roll_times(self.table(key), times, rng=rng, tables=self, follow=follow)

    def collection(self, key: str) -> OracleCollection:
        """An oracle collection (nested ones too) by id, by name or by the end of its id; see :meth:`move`."""
        return _find("oracle collection", _flat_collections(self.collections), key)

    def roll_collection(self, key: str, *, rng: RngLike = None, follow: bool = True) -> Any:
        """Roll every table directly in the collection *key*, in order, as one result (a whole name).

        A collection whose tables are alternatives (``table_shared_text``: one
        printed table with a column per region) is refused with its tables named:
        roll the one that applies.

        Raises:
            InvalidInput: no such collection, it has no tables of its own, or its tables are alternatives.
        """
        from tabletop_core.action_roll.datasworn.table_choices import roll_tables

        found = self.collection(key)
        if found.kind == "table_shared_text":
            names = ", ".join(f"{self.tables[t].name} ({t})" for t in found.tables)
            raise InvalidInput(f"the tables of {found.name} are alternatives: roll one of {names}")
        if not found.tables:
            nested = ", ".join(c.name for c in found.collections) or "none"
            raise InvalidInput(f"{found.name} has no tables of its own to roll (its collections: {nested})")
        listed = [self.tables[table_id] for table_id in found.tables]
        return roll_tables(found.name, found.id, listed, rng=rng, tables=self, follow=follow)

    def flip(self, result: TableRoll, *, rng: RngLike = None, follow: bool = True) -> TableRoll:
        """*result* with its tens and units swapped; see :func:`~tabletop_core.action_roll.datasworn.flip_roll`."""
        from tabletop_core.action_roll.datasworn.table_choices import flip_roll

        check_type("result", result, TableRoll)
        return flip_roll(self.table(result.table_id), result, rng=rng, tables=self, follow=follow)

    def choose(
        self, key: str, row: Any = None, *, index: int | None = None, rng: RngLike = None, follow: bool = True
    ) -> TableRoll:
        """A row of the table *key* picked by hand; see :func:`~tabletop_core.action_roll.datasworn.choose_row`."""
        from tabletop_core.action_roll.datasworn.table_choices import choose_row

        return choose_row(self.table(key), row, index=index, rng=rng, tables=self, follow=follow)

    def move_tables(self, move: str | Move, outcome: Any = None) -> tuple[OracleTable, ...]:
        """The tables a move (or one of its outcomes) points to; see :func:`~.move_oracles.move_tables`."""
        from tabletop_core.action_roll.datasworn.move_oracles import move_tables

        return move_tables(self, self.move(move) if isinstance(move, str) else move, outcome)

    def roll_move_table(
        self, move: str | Move, outcome: Any = None, *, table: str | None = None, rng: RngLike = None
    ) -> TableRoll:
        """Roll the table a move (or one of its outcomes) points to: Pay the Price from the move that says to.

        See :func:`~.move_oracles.roll_move_table`.
        """
        from tabletop_core.action_roll.datasworn.move_oracles import roll_move_table

        return roll_move_table(self, self.move(move) if isinstance(move, str) else move, outcome, table=table, rng=rng)

    def __str__(self) -> str:
        return (
            f"{self.title} (Datasworn {self.datasworn_version}): {len(self.moves)} moves, "
            f"{len(self.tables)} oracle tables, {len(self.assets)} assets"
        )


def _flat_collections(collections: Iterable[OracleCollection]) -> dict[str, OracleCollection]:
    """Every collection by id, nested ones too, in the order of the data."""
    found: dict[str, OracleCollection] = {}
    stack = list(collections)[::-1]
    while stack:
        collection = stack.pop()
        found[collection.id] = collection
        stack.extend(reversed(collection.collections))
    return found


def _find(what: str, items: Mapping[str, T], key: str) -> T:
    check_type("key", key, str)
    if key in items:
        return items[key]
    names: Mapping[str, str] = (
        items.names if isinstance(items, _Tables) else {i: str(getattr(v, "name", "")) for i, v in items.items()}
    )
    wanted = key.strip().casefold()
    by_name = [item_id for item_id, name in names.items() if name.casefold() == wanted]
    if len(by_name) == 1:
        return items[by_name[0]]
    tail = "/" + wanted.replace(" ", "_")
    by_id = [item_id for item_id in names if item_id.casefold().endswith(tail)]
    if len(by_id) == 1:
        return items[by_id[0]]
    candidates = by_name or by_id
    if candidates:
        named = ", ".join(f"{item_id} ({names[item_id]})" for item_id in sorted(candidates))
        raise InvalidInput(f"{what} {key!r} is ambiguous: give one of the ids {named}")
    close = difflib.get_close_matches(key, sorted(set(names.values())), n=3)
    hint = f"; did you mean {', '.join(close)}?" if close else ""
    raise InvalidInput(f"no {what} named {key!r}{hint}")


def load(source: str | os.PathLike[str] | Mapping[str, Any] | Any) -> Ruleset:
    """Load a Datasworn ruleset from a path, an open file or parsed JSON.

    Get the Starforged data from the npm registry (content CC-BY-4.0)::

        npm pack @datasworn/starforged@0.0.10 && tar xzf datasworn-starforged-0.0.10.tgz
        # then load("package/json/starforged.json")

    A directory is read as an unpacked npm package (its single ``json/*.json`` file).

    Raises:
        DataswornError: the data breaks the format; the message names the JSON path.
        InvalidInput: the file cannot be read or is not JSON.
        TypeError: *source* is none of the above.
    """
    # Every way in checks the limits first (size, nesting, integer size: tabletop_core._bounds).
    if isinstance(source, (Mapping, list)):
        check_bounds(source, "Datasworn data")
        return _read(source)
    if isinstance(source, (str, os.PathLike)):
        path = os.fspath(source)
        if os.path.isdir(path):
            path = _package_file(path)
        return _read(read_json_file(path, "Datasworn file"), lazy=True)
    if hasattr(source, "read"):
        return _read(read_json_file(source, "Datasworn data"), lazy=True)
    raise TypeError(f"source must be a path, an open file or parsed JSON, got {type(source).__name__}")


def _package_file(folder: str) -> str:
    inner = os.path.join(folder, "json")
    candidates = sorted(name for name in os.listdir(inner) if name.endswith(".json")) if os.path.isdir(inner) else []
    if len(candidates) != 1:
        raise InvalidInput(f"{folder!r} is a directory without exactly one json/*.json file (an unpacked npm package)")
    return os.path.join(inner, candidates[0])


def _check_version(data: Mapping[str, Any]) -> tuple[str, list[str]]:
    version = _data.text(data, "datasworn_version", "$")
    found = _VERSION.fullmatch(version)
    if not found:
        raise DataswornError("$.datasworn_version", f"expected a version like {SUPPORTED_VERSION!r}, got {version!r}")
    warnings = []
    if version != SUPPORTED_VERSION:
        supported = tuple(int(part) for part in SUPPORTED_VERSION.split("."))
        mine = tuple(int(found[i]) for i in (1, 2, 3))
        relation = "newer than" if mine > supported else "older than" if mine < supported else "a pre-release of"
        warnings.append(
            f"Datasworn {version} is {relation} {SUPPORTED_VERSION}, the version this reader was written for: "
            "fields it does not know are ignored"
        )
    return version, warnings


def _walk_moves(data: Mapping[str, Any], path: str, moves: list[Move], tables: list[Any], *, lazy: bool) -> None:
    for key, move in _data.items(data, "contents", path):
        where = _data.key_path(f"{path}.contents", key)
        moves.append(read_move(move, where))
        embedded = move.get("oracles")
        if isinstance(embedded, dict):  # Datasworn 0.1: tables that belong to the move
            for table_key, table in _data.items(move, "oracles", where):
                _add_table(table, _data.key_path(f"{where}.oracles", table_key), tables, lazy=lazy)
    for key, collection in _data.items(data, "collections", path):
        _walk_moves(collection, _data.key_path(f"{path}.collections", key), moves, tables, lazy=lazy)


def _add_table(table: Mapping[str, Any], where: str, tables: list[Any], *, lazy: bool) -> str:
    if lazy:
        table_id, name = check_table(table, where)
        tables.append((table_id, name, table, where))
        return table_id
    read = read_table(table, where)
    tables.append(read)
    return read.id


def _walk_oracles(data: Mapping[str, Any], path: str, tables: list[Any], *, lazy: bool) -> OracleCollection:
    own = []
    for key, table in _data.items(data, "contents", path):
        own.append(_add_table(table, _data.key_path(f"{path}.contents", key), tables, lazy=lazy))
    nested = tuple(
        _walk_oracles(collection, _data.key_path(f"{path}.collections", key), tables, lazy=lazy)
        for key, collection in _data.items(data, "collections", path)
    )
    return OracleCollection(
        _data.text(data, "_id", path),
        _data.text(data, "name", path),
        _data.text(data, "oracle_type", path, required=False) or "tables",
        tuple(own),
        nested,
    )


def _by_id(kind: str, items: Iterable[Any], path: str) -> types.MappingProxyType[str, Any]:
    table: dict[str, Any] = {}
    for item in items:
        if item.id in table:
            raise DataswornError(path, f"two {kind} have the id {item.id!r}")
        table[item.id] = item
    return types.MappingProxyType(table)


def _lazy_tables(found: list[tuple[str, str, Mapping[str, Any], str]]) -> _Tables:
    raw: dict[str, tuple[Mapping[str, Any], str]] = {}
    names: dict[str, str] = {}
    for table_id, name, data, path in found:
        if table_id in raw:
            raise DataswornError("$.oracles", f"two oracle tables have the id {table_id!r}")
        raw[table_id] = (data, path)
        names[table_id] = name
    return _Tables(raw, names)


def _read(data: Any, *, lazy: bool = False) -> Ruleset:
    data = _data.obj(data, "$")
    version, warnings = _check_version(data)
    moves: list[Move] = []
    tables: list[Any] = []
    for key, category in _data.items(data, "moves", "$"):
        _walk_moves(category, f"$.moves.{key}", moves, tables, lazy=lazy)
    collections = tuple(
        _walk_oracles(collection, _data.key_path("$.oracles", key), tables, lazy=lazy)
        for key, collection in _data.items(data, "oracles", "$")
    )
    assets = []
    for key, collection in _data.items(data, "assets", "$"):
        here = _data.key_path("$.assets", key)
        for asset_key, asset in _data.items(collection, "contents", here):
            assets.append(read_asset(asset, _data.key_path(f"{here}.contents", asset_key), moves))
    return Ruleset(
        _data.text(data, "_id", "$"),
        _data.text(data, "title", "$", required=False) or _data.text(data, "_id", "$"),
        version,
        _data.text(data, "license", "$", required=False),
        _by_id("moves", moves, "$.moves"),
        _lazy_tables(tables) if lazy else _by_id("oracle tables", tables, "$.oracles"),
        collections,
        _by_id("assets", assets, "$.assets"),
        tuple(warnings),
    )
