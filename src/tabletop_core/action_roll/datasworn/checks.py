"""Checks of a loaded ruleset's data: what loads but would give a player a wrong or empty answer.

* **coverage**: a table whose rows leave rolls of its dice without a row (a gap),
  give one roll to several rows (an overlap), or lie outside what its dice roll;
* **empty text**: a row a roll can land on that says nothing;
* **broken reference**: a link (``[Face Danger](id:...)``, ``(datasworn:...)``), a
  template (``{{table:...}}``, ``{{text>...}}``), an automatic roll, a suggested
  table, an asset ability's enhanced moves, a roll option's assets, a Delve site's
  theme, domain or denizen, or a rarity's asset, that names nothing in the ruleset.

Each problem is one line in :attr:`Ruleset.warnings`; ``load(..., strict=True)``
refuses a ruleset that has any (:class:`DataswornProblems`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from tabletop_core._validate import tuple_of
from tabletop_core.action_roll.datasworn._data import DataswornError
from tabletop_core.action_roll.datasworn.ids import canonical, is_pattern, matches, package_of
from tabletop_core.action_roll.datasworn.moves import RollOption
from tabletop_core.action_roll.datasworn.ruleset import Ruleset
from tabletop_core.action_roll.datasworn.tables import OracleTable

__all__ = ["DataswornProblems", "check_ruleset", "table_problems"]

_SHOWN = 5


class DataswornProblems(DataswornError):
    """A ruleset that ``load(..., strict=True)`` refuses: its data has problems (see :mod:`.checks`).

    Attributes:
        problems: Every problem, one line each (what :attr:`Ruleset.warnings` would hold).
    """

    def __init__(self, problems: Sequence[str]) -> None:
        problems = tuple_of("problems", problems, str)
        shown = "; ".join(problems[:_SHOWN])
        more = f"; and {len(problems) - _SHOWN} more" if len(problems) > _SHOWN else ""
        count = f"{len(problems)} problem{'s' if len(problems) != 1 else ''}"
        super().__init__("$", f"{count} in strict mode: {shown}{more}")
        self.problems = tuple(problems)


def table_problems(table: OracleTable) -> list[str]:
    """The coverage and empty-text problems of one table, one line each (none for a sound table)."""
    problems = []
    coverage = table.coverage()
    if not coverage.is_complete:
        problems.append(f"coverage: {coverage} ({table.dice})")
    for index, row in enumerate(table.rows):
        if row.is_rollable and not row.text.strip():
            problems.append(f"empty text: {table.id} row {index} ({row.low}-{row.high}) says nothing")
    return problems


_LINK = re.compile(r"\]\((?:id:|datasworn:)([^)\s]+)\)")
_TEMPLATE = re.compile(r"\{\{(?:table|text)[:>]([^}]+)\}\}")


class _Known:
    """Every id the ruleset's packages define (both formats), to tell a broken reference."""

    def __init__(self, ruleset: Ruleset, ids: set[str]) -> None:
        self.ids = ids | set(ruleset.tables) | set(ruleset.replaced) | set(ruleset.aliases)
        self.canonical = {canonical(item) for item in self.ids}

    def __contains__(self, item: str) -> bool:
        return item in self.ids or canonical(item) in self.canonical


def _walk(raw: Any, ids: set[str], references: list[tuple[str, str, str]]) -> None:
    """Collect every ``_id`` and every reference (where, what kind, target) in one package's JSON."""
    stack: list[tuple[Any, str]] = [(raw, "$")]
    while stack:
        node, owner = stack.pop()
        if type(node) is dict:
            own = node.get("_id")
            if type(own) is str:
                ids.add(own)
                owner = own
            for key, value in node.items():
                if type(value) is str:
                    if "](" in value or "{{" in value:
                        references += [(owner, "links to", link) for link in _LINK.findall(value)]
                        references += [(owner, "uses the template of", link) for link in _TEMPLATE.findall(value)]
                elif key == "oracle_rolls" and type(value) is list:
                    for roll in value:
                        if type(roll) is dict and type(roll.get("oracle")) is str:
                            references.append((owner, "rolls on", roll["oracle"]))
                    stack.append((value, owner))
                elif key == "suggestions" and type(value) is dict:
                    for kind in value.values():
                        if type(kind) is list:
                            references += [(owner, "suggests", item) for item in kind if type(item) is str]
                elif type(value) in (dict, list):
                    stack.append((value, owner))
        elif type(node) is list:
            stack.extend((item, owner) for item in node)


def _as_collection(target: str) -> str:
    """``pkg/oracles/a/b`` as the id of a collection (``pkg/collections/oracles/a/b``) in Datasworn 0.0.x."""
    package, sep, rest = target.partition("/oracles/")
    return f"{package}/collections/oracles/{rest}" if sep and "/" not in package else target


def _beside(owner: str, target: str) -> str:
    """The id of the table named like *target* beside *owner* (how a template's placeholder is read)."""
    return f"{owner.rpartition('/')[0]}/{target.rpartition('/')[2]}"


def _options(ruleset: Ruleset) -> Iterable[tuple[str, RollOption]]:
    for move in ruleset.moves.values():
        for option in move.options():
            yield move.id, option
    for asset in ruleset.assets.values():
        for ability in asset.abilities:
            for enhancement in ability.enhancements:
                for option in enhancement.options():
                    yield ability.id, option


def _elsewhere(pattern: str, absent: frozenset[str]) -> bool:
    """Whether *pattern* may name items of a package that is not loaded (the base of an expansion loaded alone)."""
    package = package_of(pattern)
    return package in absent or (package == "*" and bool(absent))


def _enhancement_problems(ruleset: Ruleset, absent: frozenset[str]) -> list[str]:
    problems = []
    moves = list(ruleset.moves.values())
    for asset in ruleset.assets.values():
        for ability in asset.abilities:
            for enhancement in ability.enhancements:
                if not enhancement.moves or all(_elsewhere(p, absent) for p in enhancement.moves):
                    continue
                if not any(
                    move.roll_type is enhancement.roll_type and any(matches(move.id, p) for p in enhancement.moves)
                    for move in moves
                ):
                    problems.append(
                        f"broken reference: {ability.id} enhances {', '.join(enhancement.moves)}, "
                        f"which names no move of roll type {enhancement.roll_type}"
                    )
    asset_ids = list(ruleset.assets)
    for owner, option in _options(ruleset):
        for pattern in option.assets:
            if _elsewhere(pattern, absent):
                continue
            if not any(asset_id == pattern or matches(asset_id, pattern) for asset_id in asset_ids):
                problems.append(f"broken reference: {owner} rolls +{option.key} of {pattern}, which names no asset")
    return problems


def _delve_problems(ruleset: Ruleset, absent: frozenset[str]) -> list[str]:
    problems = []
    missing = "which this ruleset does not have"
    for site in ruleset.delve_sites.values():
        for what, target, found in (
            ("theme", site.theme, ruleset.site_themes),
            ("domain", site.domain, ruleset.site_domains),
        ):
            if target not in found and canonical(target) not in {canonical(k) for k in found}:
                problems.append(f"broken reference: {site.id} has the {what} {target}, {missing}")
        for denizen in site.denizens:
            npc = denizen.npc
            if npc is not None and npc not in ruleset.npcs and package_of(npc) not in absent:
                problems.append(f"broken reference: {site.id} has the denizen {npc}, not an NPC of this ruleset")
    for rarity in ruleset.rarities.values():
        if rarity.asset not in ruleset.assets and package_of(rarity.asset) not in absent:
            problems.append(f"broken reference: {rarity.id} augments {rarity.asset}, not an asset of this ruleset")
    for domain in ruleset.site_domains.values():
        table = domain.name_oracle
        if table is not None and table not in ruleset.tables and package_of(table) not in absent:
            problems.append(f"broken reference: {domain.id} names sites with {table}, not a table of this ruleset")
    return problems


def check_ruleset(ruleset: Ruleset, raws: Sequence[Mapping[str, Any]]) -> tuple[str, ...]:
    """Every problem of *ruleset*'s data (*raws*: the JSON of its packages), one line each."""
    problems: list[str] = []
    for table_id in ruleset.tables:
        problems += table_problems(ruleset.tables[table_id])
    ids: set[str] = set()
    references: list[tuple[str, str, str]] = []
    for raw in raws:
        _walk(raw, ids, references)
    known = _Known(ruleset, ids)
    # An expansion loaded without its base: one note says so; what it says of the base is not repeated.
    loaded = {package.id for package in ruleset.packages}
    absent = frozenset(p.ruleset for p in ruleset.packages if p.ruleset is not None and p.ruleset not in loaded)
    seen = set()
    templates = {(owner, target) for owner, how, target in references if how == "uses the template of"}
    for owner, how, target in references:
        if is_pattern(target) or target in known or (owner, target) in seen or package_of(target) in absent:
            continue
        if how == "links to" and _as_collection(target) in known:
            continue  # a link for the reader to a collection, written with a table's path (Starship Mission)
        seen.add((owner, target))
        beside = _beside(owner, target)  # where a template's placeholder is looked up (table_rolls.fill_template)
        read = f"; read as {beside}, beside it" if (owner, target) in templates and beside in known else ""
        problems.append(f"broken reference: {owner} {how} {target}, which this ruleset does not have{read}")
    problems += _enhancement_problems(ruleset, absent) + _delve_problems(ruleset, absent)
    return tuple(problems)
