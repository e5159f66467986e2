"""A loaded ruleset: a base package and its expansions, merged, every item found by id or name.

:func:`~tabletop_core.action_roll.datasworn.load` builds it; :mod:`.merge` says how
packages join. Oracle tables of a file are built on first use, its assets, truths and
NPCs read on first use; the checks of the
data (table coverage, empty texts, broken references) run the first time
:attr:`Ruleset.warnings` is read, or at load with ``strict=True``.
"""

from __future__ import annotations

import difflib
import types
from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import TYPE_CHECKING, Any, TypeVar

import attrs

from tabletop_core._frozen import frozen
from tabletop_core._validate import check_type, of_type
from tabletop_core.action_roll.datasworn import _data
from tabletop_core.action_roll.datasworn.assets import Asset
from tabletop_core.action_roll.datasworn.curses import CursedVersion
from tabletop_core.action_roll.datasworn.delve_data import DelveSiteData, Rarity, SiteDomain, SiteTheme
from tabletop_core.action_roll.datasworn.ids import canonical
from tabletop_core.action_roll.datasworn.moves import Move
from tabletop_core.action_roll.datasworn.package import Later, OracleCollection, PackageInfo, TableEntry
from tabletop_core.action_roll.datasworn.sections import Npc, Rules, Truth
from tabletop_core.action_roll.datasworn.table_reader import read_table
from tabletop_core.action_roll.datasworn.table_rolls import TableRoll, roll_table
from tabletop_core.action_roll.datasworn.tables import OracleTable
from tabletop_core.errors import InvalidInput

if TYPE_CHECKING:
    from tabletop_core.action_roll.datasworn.truth_rolls import TruthRoll
    from tabletop_core.rng import RngLike  # the alias imports numpy at run time: annotations only

__all__ = ["Ruleset"]

T = TypeVar("T")


class _Tables(Mapping[str, OracleTable]):
    """Oracle tables by id: every table checked when the file is loaded, each built on first use.

    An entry is a built table, or the JSON :func:`load` parsed itself (checked, so
    nothing else can change it before the table is built) with its JSON path.
    """

    __slots__ = ("_entries", "names")

    def __init__(self, entries: dict[str, TableEntry], names: dict[str, str]) -> None:
        self._entries = entries
        self.names = names

    def __getitem__(self, key: str) -> OracleTable:
        entry = self._entries[key]
        if type(entry) is OracleTable:
            return entry
        data, path = entry  # type: ignore[misc]
        table = self._entries[key] = read_table(data, path)
        return table

    def entry(self, key: str) -> TableEntry:
        """The table, or its checked JSON and path when it is not built yet."""
        return self._entries[key]

    def __contains__(self, key: object) -> bool:
        return key in self._entries  # without building the table

    def __iter__(self) -> Iterator[str]:
        return iter(self._entries)

    def __len__(self) -> int:
        return len(self._entries)

    def __repr__(self) -> str:
        return f"<{len(self)} oracle tables>"


class _Items(Mapping[str, T]):
    """Assets, truths or NPCs by id: those of a file load parsed itself are read on first use.

    An entry is the item, or a :class:`~.package.Later` that reads it from its JSON
    (id and name read at load; the rest, with its checks, the first time it is used).
    """

    __slots__ = ("_entries",)

    def __init__(self, entries: dict[str, Any]) -> None:
        self._entries = entries

    def __getitem__(self, key: str) -> T:
        entry = self._entries[key]
        if type(entry) is Later:
            entry = self._entries[key] = entry.build()
        return entry  # type: ignore[no-any-return]

    @property
    def names(self) -> dict[str, str]:
        """Every item's name by id, without reading the items."""
        return {key: str(entry.name) for key, entry in self._entries.items()}

    def __contains__(self, key: object) -> bool:
        return key in self._entries  # without reading the item

    def __iter__(self) -> Iterator[str]:
        return iter(self._entries)

    def __len__(self) -> int:
        return len(self._entries)

    def __repr__(self) -> str:
        return f"<{len(self)} items>"


def _frozen_map(kind: type | tuple[type, ...], default: bool = False) -> Any:
    names = kind.__name__ if isinstance(kind, type) else " or ".join(k.__name__ for k in kind)

    def convert(value: Any, field: Any) -> Mapping[str, Any]:
        expected = f"{field.name.lstrip('_')} must be a mapping of id to {names}"
        if not isinstance(value, Mapping):
            raise TypeError(f"{expected}, got {type(value).__name__}")
        if isinstance(value, (_Tables, _Items)):
            return value  # checked when it was read (or read, and checked, on first use)
        for key, item in value.items():
            if not isinstance(key, str) or not isinstance(item, kind):
                raise TypeError(f"{expected}, got {key!r}: {type(item).__name__}")
        if isinstance(value, types.MappingProxyType):
            return value
        return types.MappingProxyType(dict(value))

    converter = attrs.Converter(convert, takes_field=True)
    if default:
        return attrs.field(converter=converter, factory=lambda: types.MappingProxyType({}))
    return attrs.field(converter=converter)


def _proxy(value: Mapping[str, Any]) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise TypeError(f"expected a mapping of ids, got {type(value).__name__}")
    return value if isinstance(value, types.MappingProxyType) else types.MappingProxyType(dict(value))


def _check_ids(_instance: Any, attribute: Any, value: Mapping[str, Any]) -> None:
    for key, item in value.items():
        if not isinstance(key, str) or not isinstance(item, (str, tuple)):
            raise TypeError(f"{attribute.name.lstrip('_')} must map ids to ids, got {key!r}: {type(item).__name__}")


@frozen(eq=False)
class Ruleset:
    """A loaded Datasworn ruleset: a base package and its expansions, merged; everything in it by id.

    Attributes:
        id: The ruleset's id (``starforged``; an expansion loaded alone: its own id).
        title: Its title.
        datasworn_version: The Datasworn format version the base package declares
            (each package's is in :attr:`packages`).
        license: The license URL the base package declares (Starforged: CC-BY-4.0).
        moves: Every move by id (asset abilities' moves included).
        tables: Every rollable oracle table by id, nested ones included (and the
            tables that truths, NPCs, moves and asset abilities hold).
        collections: The top-level oracle collections, as nested in the data
            (an expansion's collection that enhances one of the base is merged into it).
        assets: Every asset by id.
        truths: Every setting truth by id.
        npcs: Every NPC by id.
        rules: The rules section: stats, condition meters, impacts, special tracks, tags.
        site_themes: Delve's site themes by id.
        site_domains: Delve's site domains by id.
        delve_sites: Delve's ready-made sites by id.
        rarities: Delve's rarities by id.
        packages: The packages merged, base first, each with its Datasworn version.
        replaced: Ids an expansion replaced, each with the id that stands for it now
            (looking up the old id finds the new item).
        replacements: Every item that says it replaces others (applied or not), with what it names.
        cursed_versions: Tables that have a cursed version (Sundered Isles' cursed die), by table id.
        aliases: Ids of Datasworn 0.1 that name items written in 0.0.10 and that no renaming of keys
            finds (the tables a 0.0.10 move lists), each with the item's id: looking one up finds the item.
    """

    id: str = attrs.field(validator=of_type(str))
    title: str = attrs.field(validator=of_type(str))
    datasworn_version: str = attrs.field(validator=of_type(str))
    license: str | None = attrs.field(validator=attrs.validators.optional(of_type(str)))
    moves: Mapping[str, Move] = _frozen_map(Move)
    tables: Mapping[str, OracleTable] = _frozen_map(OracleTable)
    collections: tuple[OracleCollection, ...] = _data.tuple_field(OracleCollection)
    assets: Mapping[str, Asset] = _frozen_map(Asset)
    _notes: tuple[str, ...] = _data.tuple_field(str, default=(), alias="warnings")
    truths: Mapping[str, Truth] = _frozen_map(Truth, default=True)
    npcs: Mapping[str, Npc] = _frozen_map(Npc, default=True)
    rules: Rules = attrs.field(factory=Rules, validator=of_type(Rules))
    site_themes: Mapping[str, SiteTheme] = _frozen_map(SiteTheme, default=True)
    site_domains: Mapping[str, SiteDomain] = _frozen_map(SiteDomain, default=True)
    delve_sites: Mapping[str, DelveSiteData] = _frozen_map(DelveSiteData, default=True)
    rarities: Mapping[str, Rarity] = _frozen_map(Rarity, default=True)
    packages: tuple[PackageInfo, ...] = _data.tuple_field(PackageInfo, default=())
    replaced: Mapping[str, str] = attrs.field(
        factory=lambda: types.MappingProxyType({}), converter=_proxy, validator=_check_ids
    )
    replacements: Mapping[str, tuple[str, ...]] = attrs.field(
        factory=lambda: types.MappingProxyType({}), converter=_proxy, validator=_check_ids
    )
    cursed_versions: Mapping[str, CursedVersion] = _frozen_map(CursedVersion, default=True)
    _checks: Callable[[Ruleset], tuple[str, ...]] | None = attrs.field(
        default=None, alias="checks", repr=False, kw_only=True
    )
    aliases: Mapping[str, str] = attrs.field(
        factory=lambda: types.MappingProxyType({}), converter=_proxy, validator=_check_ids, kw_only=True
    )
    _found: dict[str, tuple[str, ...]] = attrs.field(factory=dict, init=False, repr=False)

    @property
    def warnings(self) -> tuple[str, ...]:
        """What the reader noticed but loaded anyway.

        Notes from loading (another format version, an expansion of another
        ruleset, a replacement with nothing to replace), then the checks of the
        data: tables whose rows leave gaps, overlap or lie outside the dice, rows
        without text, and references to ids the ruleset does not have. The checks
        run the first time this is read (``load(..., strict=True)`` runs them at once).
        """
        found = self._found.get("checks")
        if found is None:
            found = self._found["checks"] = self._checks(self) if self._checks is not None else ()
        return self._notes + found

    def move(self, key: str) -> Move:
        """A move by id, by name (any case) or by the last part of its id (``face_danger``).

        An id an expansion replaced finds the move that replaced it.

        Raises:
            InvalidInput: no move (or more than one) answers to *key*; the message suggests close names.
            TypeError: *key* is not a str.
        """
        return _find("move", self.moves, key, self.replaced)

    def table(self, key: str) -> OracleTable:
        """An oracle table by id, by name or by the end of its id (``name/given``); see :meth:`move`."""
        if key not in self.tables and key in self.aliases:
            key = self.aliases[key]
        return _find("oracle table", self.tables, key, self.replaced)

    def asset(self, key: str) -> Asset:
        """An asset by id, by name or by the last part of its id; see :meth:`move`."""
        return _find("asset", self.assets, key, self.replaced)

    def truth(self, key: str) -> Truth:
        """A truth by id, by name or by the last part of its id; see :meth:`move`."""
        return _find("truth", self.truths, key, self.replaced)

    def npc(self, key: str) -> Npc:
        """An NPC by id, by name or by the last part of its id; see :meth:`move`."""
        return _find("NPC", self.npcs, key, self.replaced)

    def site_theme(self, key: str) -> SiteTheme:
        """A Delve site theme by id, by name or by the last part of its id; see :meth:`move`."""
        return _find("site theme", self.site_themes, key, self.replaced)

    def site_domain(self, key: str) -> SiteDomain:
        """A Delve site domain by id, by name or by the last part of its id; see :meth:`move`."""
        return _find("site domain", self.site_domains, key, self.replaced)

    def delve_site(self, key: str) -> DelveSiteData:
        """A ready-made Delve site by id, by name or by the last part of its id; see :meth:`move`."""
        return _find("delve site", self.delve_sites, key, self.replaced)

    def rarity(self, key: str) -> Rarity:
        """A Delve rarity by id, by name or by the last part of its id; see :meth:`move`."""
        return _find("rarity", self.rarities, key, self.replaced)

    def cursed_version(self, key: str) -> CursedVersion | None:
        """The cursed version of the table *key* (found as :meth:`table` finds it), or ``None`` when it has none."""
        return self.cursed_versions.get(self.table(key).id)

    def roll_truth(self, key: str, *, rng: RngLike = None) -> TruthRoll:
        """Roll the truth *key* (found as :meth:`truth` finds it), and the tables of the option it lands on."""
        from tabletop_core.action_roll.datasworn.truth_rolls import roll_truth

        return roll_truth(self.truth(key), rng=rng, tables=self)

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
        return _find("oracle collection", _flat_collections(self.collections), key, self.replaced)

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

    def move_tables(
        self, move: str | Move, outcome: Any = None, *, option: str | None = None, match: bool | None = None
    ) -> tuple[OracleTable, ...]:
        """The tables a move (or one of its outcomes) points to; see :func:`~.move_oracles.move_tables`."""
        from tabletop_core.action_roll.datasworn.move_oracles import move_tables

        found = self.move(move) if isinstance(move, str) else move
        return move_tables(self, found, outcome, option=option, match=match)

    def roll_move_table(
        self,
        move: str | Move,
        outcome: Any = None,
        *,
        table: str | None = None,
        option: str | None = None,
        match: bool | None = None,
        rng: RngLike = None,
    ) -> TableRoll:
        """Roll the table a move (or one of its outcomes) points to: Pay the Price from the move that says to.

        See :func:`~.move_oracles.roll_move_table`.
        """
        from tabletop_core.action_roll.datasworn.move_oracles import roll_move_table

        found = self.move(move) if isinstance(move, str) else move
        return roll_move_table(self, found, outcome, table=table, option=option, match=match, rng=rng)

    def __str__(self) -> str:
        line = (
            f"{self.title} (Datasworn {self.datasworn_version}): {len(self.moves)} moves, "
            f"{len(self.tables)} oracle tables, {len(self.assets)} assets"
        )
        if len(self.packages) > 1:
            line += "; " + " + ".join(str(package) for package in self.packages)
        return line


def _flat_collections(collections: Iterable[OracleCollection]) -> dict[str, OracleCollection]:
    """Every collection by id, nested ones too, in the order of the data."""
    found: dict[str, OracleCollection] = {}
    stack = list(collections)[::-1]
    while stack:
        collection = stack.pop()
        found[collection.id] = collection
        stack.extend(reversed(collection.collections))
    return found


def _find(what: str, items: Mapping[str, T], key: str, aliases: Mapping[str, str] | None = None) -> T:
    check_type("key", key, str)
    if key in items:
        return items[key]
    if aliases and key in aliases and aliases[key] in items:
        return items[aliases[key]]
    if "/" in key:  # an id written in the other Datasworn format (0.0.10 or 0.1)
        wanted_id = canonical(key)
        for item_id in items:
            if canonical(item_id) == wanted_id:
                return items[item_id]
        for old, new in (aliases or {}).items():
            if canonical(old) == wanted_id and new in items:
                return items[new]
    names: Mapping[str, str] = (
        items.names
        if isinstance(items, (_Tables, _Items))
        else {i: str(getattr(v, "name", "")) for i, v in items.items()}
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
