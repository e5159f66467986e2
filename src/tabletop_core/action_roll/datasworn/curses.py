"""Cursed versions of oracle tables (Sundered Isles), as the data tags them.

Sundered Isles gives some oracle tables a cursed version, for its cursed die. The
Datasworn data says so with tags on the tables (any tag namespace; Sundered Isles
uses ``sundered_isles``):

* ``cursed_by`` on a table: the id of its cursed version;
* ``cursed_version_of`` on a cursed table: the tables (ids or ``*`` patterns) it is
  the cursed version of; "wildcard matches with their own ``cursed_version_of``
  tag should be ignored" (a cursed table is never the cursed version of another);
* ``curse_behavior`` on a cursed table: ``replace_result`` (the cursed table's
  result for the same roll replaces the original's) or ``add_result`` (roll again
  on the cursed table and add its result to the original).

:func:`cursed_versions` joins both directions into one map, base table -> its
:class:`CursedVersion`; :mod:`tabletop_core.action_roll.sundered_isles` rolls the die.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import attrs

from tabletop_core._enum import Enum
from tabletop_core._frozen import frozen
from tabletop_core._record import Record
from tabletop_core._validate import of_type
from tabletop_core.action_roll.datasworn.ids import is_pattern, matches

__all__ = ["CurseBehavior", "CurseTags", "CursedVersion", "cursed_versions", "read_curse_tags"]


class CurseBehavior(Enum):
    """What a cursed table does when the cursed die calls for it."""

    REPLACE_RESULT = "replace result"
    """The cursed table's row for the same roll replaces the original result."""
    ADD_RESULT = "add result"
    """Roll again on the cursed table; its result joins the original one."""

    def __str__(self) -> str:
        return self.value


_BEHAVIORS = {member.name.lower(): member for member in CurseBehavior}


@frozen
class CursedVersion(Record):
    """A table's cursed version: which table it is, and what it does to the result.

    Attributes:
        table: The id of the table that has a cursed version.
        cursed: The id of the cursed table.
        behavior: Replace the result, or add to it.
    """

    table: str = attrs.field(validator=of_type(str))
    cursed: str = attrs.field(validator=of_type(str))
    behavior: CurseBehavior = attrs.field(default=CurseBehavior.REPLACE_RESULT, validator=of_type(CurseBehavior))

    def __str__(self) -> str:
        return f"{self.table} -> {self.cursed} ({self.behavior})"


@frozen
class CurseTags:
    """The curse tags of one table, as read (internal to the reader)."""

    cursed_by: str | None = None
    cursed_version_of: tuple[str, ...] = ()
    behavior: str | None = None


def read_curse_tags(table: Mapping[str, Any]) -> CurseTags | None:
    """The curse tags of one table's JSON, in any tag namespace; ``None`` when it has none."""
    tags = table.get("tags")
    if type(tags) is not dict:
        return None
    cursed_by = None
    versions: tuple[str, ...] = ()
    behavior = None
    for space in tags.values():
        if type(space) is not dict:
            continue
        if isinstance(space.get("cursed_by"), str):
            cursed_by = space["cursed_by"]
        found = space.get("cursed_version_of")
        if isinstance(found, str):
            versions = (found,)
        elif isinstance(found, list):
            versions = tuple(item for item in found if isinstance(item, str))
        if isinstance(space.get("curse_behavior"), str):
            behavior = space["curse_behavior"]
    if cursed_by is None and not versions and behavior is None:
        return None
    return CurseTags(cursed_by, versions, behavior)


def cursed_versions(tags: Mapping[str, CurseTags], tables: Iterable[str], notes: list[str]) -> dict[str, CursedVersion]:
    """Every table of *tables* that has a cursed version, with it; what does not add up goes to *notes*.

    A ``cursed_by`` names the cursed version outright; a ``cursed_version_of``
    (with its patterns) says it from the other side. Where both speak of one table
    and disagree, ``cursed_by`` wins and a note says so; a cursed table that names
    only itself, an unknown ``curse_behavior``, or a ``cursed_by`` naming no table
    of the ruleset is noted too.
    """
    known = list(tables)
    present = set(known)
    cursed_tables = {table_id for table_id, tag in tags.items() if tag.cursed_version_of}
    behaviors: dict[str, CurseBehavior] = {}
    for table_id, tag in tags.items():
        if tag.behavior is not None:
            behavior = _BEHAVIORS.get(tag.behavior)
            if behavior is None:
                notes.append(
                    f"curse: {table_id} has an unknown curse_behavior {tag.behavior!r}: read as replace_result"
                )
                behavior = CurseBehavior.REPLACE_RESULT
            behaviors[table_id] = behavior
    found: dict[str, CursedVersion] = {}
    for cursed_id, tag in tags.items():
        if not tag.cursed_version_of or cursed_id not in present:
            continue
        named = [p for p in tag.cursed_version_of if not is_pattern(p)]
        patterns = [p for p in tag.cursed_version_of if is_pattern(p)]
        targets = [p for p in dict.fromkeys(named) if p in present and p not in cursed_tables]
        if patterns:  # a pattern is matched against every table (ids named outright need no scan)
            targets += [
                table_id
                for table_id in known
                if table_id not in cursed_tables
                and table_id not in targets
                and any(matches(table_id, p) for p in patterns)
            ]
            order = {table_id: index for index, table_id in enumerate(known)}
            targets.sort(key=order.__getitem__)
        if not targets:
            notes.append(
                f"curse: {cursed_id} is the cursed version of {', '.join(tag.cursed_version_of)}, "
                "which names no table of this ruleset but cursed ones"
            )
        for table_id in targets:
            found[table_id] = CursedVersion(table_id, cursed_id, behaviors.get(cursed_id, CurseBehavior.REPLACE_RESULT))
    for table_id, tag in tags.items():
        if tag.cursed_by is None or table_id not in present:
            continue
        if tag.cursed_by == table_id:
            notes.append(f"curse: {table_id} is cursed by itself: ignored")
            continue
        if tag.cursed_by not in present:
            notes.append(f"curse: {table_id} is cursed by {tag.cursed_by}, which this ruleset does not have")
            continue
        earlier = found.get(table_id)
        if earlier is not None and earlier.cursed != tag.cursed_by:
            notes.append(
                f"curse: {table_id} is cursed by {tag.cursed_by}, but {earlier.cursed} says it is its cursed version"
            )
        behavior = behaviors.get(tag.cursed_by, CurseBehavior.REPLACE_RESULT)
        found[table_id] = CursedVersion(table_id, tag.cursed_by, behavior)
    return found
