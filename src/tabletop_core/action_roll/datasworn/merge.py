"""Merging packages into one ruleset, as the Datasworn format defines it.

A ruleset is one base package (``"type": "ruleset"``) and any number of
expansions (``"type": "expansion"``), merged in order, the base first:

* an item (move, oracle table, asset, truth, NPC) whose ``replaces`` names items
  of an earlier package takes their place: they leave the ruleset, and their ids
  find it ("references to the replaced object can be considered equivalent to
  this object"); ``replaces`` may hold ``*`` / ``**`` patterns;
* a collection that ``replaces`` a collection of an earlier package takes its
  place, and everything in the old collection leaves the ruleset with it (what an
  expansion keeps, it lists again; Sundered Isles does so table by table);
* a collection that ``enhances`` one of an earlier package adds its contents to
  it: an oracle collection's tables and sub-collections join the target's; a move
  category's moves and an asset collection's assets simply join the ruleset;
* an item that names another item *of its own package* in ``replaces`` is an
  alternative to it (Delve's "Reveal a Danger (alternate version)"): both stay,
  and :attr:`Ruleset.replacements` says which stands in for which.

Ids of Datasworn 0.0.10 and 0.1 are matched through
:func:`~tabletop_core.action_roll.datasworn.ids.canonical`, so an expansion
written in 0.1 replaces and enhances items of a base written in 0.0.10.
A ``replaces`` or ``enhances`` that finds nothing is kept as written, with a
note in :attr:`Ruleset.warnings`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, TypeVar

import attrs

from tabletop_core.action_roll.datasworn.curses import CurseTags, cursed_versions
from tabletop_core.action_roll.datasworn.ids import canonical, is_pattern, matches
from tabletop_core.action_roll.datasworn.package import OracleCollection, Package, TableEntry, built
from tabletop_core.action_roll.datasworn.ruleset import Ruleset, _Items, _Tables
from tabletop_core.action_roll.datasworn.sections import Rules
from tabletop_core.errors import InvalidInput

__all__ = ["merge_packages", "order_packages"]

T = TypeVar("T")


def order_packages(packages: Sequence[Package]) -> list[Package]:
    """The packages base first, then the expansions in the order given.

    Raises:
        InvalidInput: more than one base ruleset, or two packages with the same id.
    """
    seen: set[str] = set()
    for package in packages:
        if package.info.id in seen:
            raise InvalidInput(f"the package {package.info.id!r} is given twice")
        seen.add(package.info.id)
    bases = [p for p in packages if p.info.kind == "ruleset"]
    if len(bases) > 1:
        names = ", ".join(p.info.id for p in bases)
        raise InvalidInput(f"a ruleset is one base package and its expansions; got {len(bases)} bases: {names}")
    return bases + [p for p in packages if p.info.kind != "ruleset"]


class _Merged:
    """The ruleset as it grows, package after package."""

    def __init__(self) -> None:
        self.moves: dict[str, Any] = {}
        self.tables: dict[str, TableEntry] = {}
        self.table_names: dict[str, str] = {}
        self.assets: dict[str, Any] = {}
        self.truths: dict[str, Any] = {}
        self.npcs: dict[str, Any] = {}
        self.site_themes: dict[str, Any] = {}
        self.site_domains: dict[str, Any] = {}
        self.delve_sites: dict[str, Any] = {}
        self.rarities: dict[str, Any] = {}
        self.collections: list[OracleCollection] = []
        self.members: dict[str, tuple[str, ...]] = {}
        self.rules = Rules()
        self.curses: dict[str, CurseTags] = {}
        self.replaced: dict[str, str] = {}
        self.replacements: dict[str, tuple[str, ...]] = {}
        self.aliases: dict[str, str] = {}
        self.notes: list[str] = []
        self.removed: set[str] = set()
        """Items taken out with a collection an expansion replaced (their ids may be replaced one by one)."""
        self.has_base = True
        """Whether a base ruleset is merged: without one, a missing target is said once, not per item."""

    # -- items ---------------------------------------------------------------------

    def _kinds(self) -> tuple[dict[str, Any], ...]:
        return (
            self.moves,
            self.tables,
            self.assets,
            self.truths,
            self.npcs,
            self.site_themes,
            self.site_domains,
            self.delve_sites,
            self.rarities,
        )

    def _alias(self, old: str, new: str) -> None:
        for key, target in self.replaced.items():
            if target == old:
                self.replaced[key] = new
        self.replaced[old] = new

    def replace_items(
        self, new_id: str, patterns: tuple[str, ...], earlier: set[str], by_canonical: Mapping[str, list[str]]
    ) -> bool:
        """Take out the earlier items *patterns* name, pointing their ids at *new_id*; whether any was found.

        *by_canonical* holds the earlier ids by their 0.1 form: an id named outright is
        looked up there, and only a pattern is matched against every item.
        """
        found = False
        wildcards = [pattern for pattern in patterns if is_pattern(pattern)]
        named = {
            old for pattern in patterns if not is_pattern(pattern) for old in by_canonical.get(canonical(pattern), ())
        }
        for items in self._kinds():
            if wildcards:
                olds = [key for key in items if key in earlier and key != new_id]
                olds = [key for key in olds if key in named or any(matches(key, p) for p in wildcards)]
            else:
                olds = [key for key in named if key in items and key != new_id]
            for old in olds:
                del items[old]
                self.table_names.pop(old, None)
                self._alias(old, new_id)
                found = True
        for old in [key for key in self.removed if key in earlier]:  # taken out with its collection already
            if any(_names(old, pattern) for pattern in patterns):
                self._alias(old, new_id)
                found = True
        return found

    # -- oracle collections -------------------------------------------------------------

    def collection_ids(self) -> set[str]:
        found: set[str] = set()
        stack = list(self.collections)
        while stack:
            collection = stack.pop()
            found.add(collection.id)
            stack.extend(collection.collections)
        return found

    def edit_collections(self, change: Callable[[OracleCollection], OracleCollection | None]) -> None:
        """Rebuild the tree with *change* applied to every collection (``None`` drops it)."""

        def walk(collections: Iterable[OracleCollection]) -> tuple[OracleCollection, ...]:
            kept = []
            for collection in collections:
                changed = change(collection)
                if changed is None:
                    continue
                kept.append(attrs.evolve(changed, collections=walk(changed.collections)))
            return tuple(kept)

        self.collections = list(walk(self.collections))


def _names(item_id: str, pattern: str) -> bool:
    if item_id == pattern or canonical(item_id) == canonical(pattern):
        return True
    return is_pattern(pattern) and matches(item_id, pattern)


def _tables_of(collection: OracleCollection) -> list[str]:
    found = list(collection.tables)
    for nested in collection.collections:
        found += _tables_of(nested)
    return found


def _replace_collection(merged: _Merged, new: OracleCollection, patterns: tuple[str, ...]) -> bool:
    """Put *new* where the collections *patterns* name stood; their tables leave the ruleset."""
    placed = False

    def change(collection: OracleCollection) -> OracleCollection | None:
        nonlocal placed
        if collection.id == new.id or not any(_names(collection.id, p) for p in patterns):
            return collection
        for table_id in _tables_of(collection):
            merged.tables.pop(table_id, None)
            merged.table_names.pop(table_id, None)
            merged.removed.add(table_id)
        merged._alias(collection.id, new.id)
        if placed:
            return None
        placed = True
        return new

    merged.edit_collections(change)
    return placed


def _enhance_collection(merged: _Merged, new: OracleCollection, targets: tuple[str, ...]) -> bool:
    found = False

    def change(collection: OracleCollection) -> OracleCollection:
        nonlocal found
        if collection.id == new.id or not any(_names(collection.id, t) for t in targets):
            return collection
        found = True
        return attrs.evolve(
            collection,
            tables=(*collection.tables, *new.tables),
            collections=(*collection.collections, *new.collections),
        )

    merged.edit_collections(change)
    return found


def _join_collections(merged: _Merged, package: Package) -> None:
    for collection in package.collections:
        replaces = package.replaces.get(collection.id, ())
        enhances = package.enhances.get(collection.id, ())
        if replaces and _replace_collection(merged, collection, replaces):
            continue
        if enhances and _enhance_collection(merged, collection, enhances):
            continue
        for wanted, what in ((replaces, "replaces"), (enhances, "enhances")):
            if wanted and merged.has_base:
                targets = ", ".join(wanted)
                merged.notes.append(f"{collection.id} {what} {targets}, which this ruleset does not have: kept as is")
        merged.collections.append(collection)


def _join_groups(merged: _Merged, package: Package, earlier: set[str]) -> None:
    """Move categories and asset collections that replace earlier ones take their members out."""
    for group, members in package.members.items():
        for pattern in package.replaces.get(group, ()):
            gone = [g for g in merged.members if _names(g, pattern)]
            if not gone and merged.has_base:
                merged.notes.append(f"{group} replaces {pattern}, which this ruleset does not have")
            for old in gone:
                for item in merged.members.pop(old):
                    if item in earlier:
                        merged.moves.pop(item, None)
                        merged.assets.pop(item, None)
                        merged.removed.add(item)
                merged._alias(old, group)
        for pattern in package.enhances.get(group, ()):
            if merged.has_base and not any(_names(g, pattern) for g in merged.members):
                merged.notes.append(f"{group} enhances {pattern}, which this ruleset does not have")
        merged.members[group] = members


def _join_items(merged: _Merged, package: Package) -> None:
    earlier = {key for items in merged._kinds() for key in items}
    _join_collections(merged, package)
    _join_groups(merged, package, earlier)
    if package.replaces:
        _replace_items(merged, package, earlier)
    _add_items(merged, package)


def _replace_items(merged: _Merged, package: Package, earlier: set[str]) -> None:
    """The package's items that replace earlier ones take their place (or stand beside their own alternative)."""
    by_canonical: dict[str, list[str]] = {}
    for key in earlier:
        by_canonical.setdefault(canonical(key), []).append(key)
    own = package.tables.keys() | package.moves.keys() | package.assets.keys()
    own |= package.truths.keys() | package.npcs.keys()
    own_canonical: dict[str, set[str]] = {}
    for key in own:
        own_canonical.setdefault(canonical(key), set()).add(key)

    def names_own(pattern: str, item_id: str) -> bool:
        """Whether *pattern* names an item of this package other than *item_id*."""
        if not is_pattern(pattern):
            return bool(own_canonical.get(canonical(pattern), set()) - {item_id})
        return any(matches(key, pattern) for key in own if key != item_id)

    for item_id, patterns in package.replaces.items():
        if item_id in package.members:
            continue  # groups and collections: done above
        merged.replacements[item_id] = patterns
        if item_id not in own:
            continue  # a collection's replaces, done above
        inside = [p for p in patterns if names_own(p, item_id)]
        if inside and len(inside) == len(patterns):
            continue  # an alternative within its own package: both stay
        if not merged.replace_items(item_id, patterns, earlier, by_canonical) and merged.has_base and not inside:
            merged.notes.append(f"{item_id} replaces {', '.join(patterns)}, which this ruleset does not have")


def _add_items(merged: _Merged, package: Package) -> None:
    """The package's items join the ruleset (an id two packages both define is refused)."""
    sections = (
        (merged.moves, package.moves),
        (merged.assets, package.assets),
        (merged.truths, package.truths),
        (merged.npcs, package.npcs),
        (merged.site_themes, package.site_themes),
        (merged.site_domains, package.site_domains),
        (merged.delve_sites, package.delve_sites),
        (merged.rarities, package.rarities),
    )
    for target, items in sections:
        twice = target.keys() & items.keys()
        if twice:
            raise InvalidInput(f"{package.info.id} has {min(twice)!r}, which an earlier package has too")
        target.update(items)
    twice = merged.tables.keys() & package.tables.keys()
    if twice:
        raise InvalidInput(f"{package.info.id} has the oracle table {min(twice)!r}, which an earlier package has too")
    merged.tables.update(package.tables)
    merged.table_names.update(package.table_names)
    merged.rules = merged.rules.merged(package.rules)
    merged.curses.update(package.curses)
    merged.aliases.update(package.aliases)


def _stand_ins(
    patterns: tuple[str, ...], replaced: Mapping[str, str], by_canonical: Mapping[str, list[str]]
) -> tuple[str, ...]:
    """*patterns* with the ids that now stand for what they name (an enhancement of a replaced move).

    *by_canonical* holds the replaced ids by their 0.1 form (an id named outright is looked up).
    """
    extra = []
    named = {old for p in patterns if not is_pattern(p) for old in by_canonical.get(canonical(p), ())}
    wildcards = [p for p in patterns if is_pattern(p)]
    olds = replaced if wildcards else [old for old in replaced if old in named]  # in the order they were replaced
    for old in olds:
        new = replaced[old]
        if new in patterns or new in extra:
            continue
        if old in named or any(matches(old, pattern) for pattern in wildcards):
            extra.append(new)
    return (*patterns, *extra) if extra else patterns


def _follow_replacements(merged: _Merged) -> None:
    """Point the base's asset abilities at the moves and assets that replaced the ones they name."""
    if not merged.replaced:
        return
    by_canonical: dict[str, list[str]] = {}
    for old in merged.replaced:
        by_canonical.setdefault(canonical(old), []).append(old)
    for asset_id, entry in list(merged.assets.items()):
        asset = built(entry)  # an expansion replaced moves: every asset is read to follow them
        merged.assets[asset_id] = asset
        abilities = []
        changed = False
        for ability in asset.abilities:
            enhancements = []
            for enhancement in ability.enhancements:
                moves = _stand_ins(enhancement.moves, merged.replaced, by_canonical)
                if moves is not enhancement.moves:
                    enhancement = attrs.evolve(enhancement, moves=moves)
                    changed = True
                enhancements.append(enhancement)
            abilities.append(attrs.evolve(ability, enhancements=tuple(enhancements)) if changed else ability)
        if changed:
            merged.assets[asset_id] = attrs.evolve(asset, abilities=tuple(abilities))


def merge_packages(packages: Sequence[Package], checks: Callable[[Ruleset], tuple[str, ...]] | None = None) -> Ruleset:
    """One ruleset from *packages* (base first: see :func:`order_packages`), merged as the module says.

    Raises:
        InvalidInput: no package, more than one base, a package given twice, or an id
            that two packages both define without one replacing the other.
    """
    if not packages:
        raise InvalidInput("a ruleset needs at least one Datasworn package")
    ordered = order_packages(packages)
    merged = _Merged()
    base = ordered[0].info
    merged.has_base = base.kind == "ruleset"
    for package in ordered:
        merged.notes += [f"{package.info.id}: {note}" if len(ordered) > 1 else note for note in package.warnings]
        info = package.info
        if info.kind == "expansion":
            if base.kind == "expansion" and info is base:
                merged.notes.append(
                    f"{info.id} is an expansion of {info.ruleset!r}, loaded without it: "
                    "what it says of that ruleset's moves, tables and assets finds nothing"
                )
            elif base.kind == "ruleset" and info.ruleset != base.id:
                merged.notes.append(f"{info.id} is an expansion of {info.ruleset!r}, merged onto {base.id!r}")
        _join_items(merged, package)
    _follow_replacements(merged)
    curses = cursed_versions(merged.curses, merged.tables, merged.notes)
    formats = {p.info.format for p in ordered}
    if len(formats) > 1:
        merged.notes.append(
            "the packages mix Datasworn formats ("
            + ", ".join(f"{p.info.id} {p.info.datasworn_version}" for p in ordered)
            + "): ids are matched across the two"
        )
    return Ruleset(
        base.id,
        base.title,
        base.datasworn_version,
        base.license,
        merged.moves,
        _Tables(merged.tables, merged.table_names),
        tuple(merged.collections),
        _Items(merged.assets),
        tuple(merged.notes),
        _Items(merged.truths),
        _Items(merged.npcs),
        merged.rules,
        merged.site_themes,
        merged.site_domains,
        merged.delve_sites,
        merged.rarities,
        tuple(p.info for p in ordered),
        merged.replaced,
        merged.replacements,
        curses,
        checks=checks,
        aliases=merged.aliases,
    )
