"""Datasworn ids of both formats, and the ``*`` / ``**`` patterns that match them.

Datasworn 0.0.10 writes an id as a path whose second part says the kind
(``starforged/moves/adventure/face_danger``, ``starforged/collections/oracles/core``);
0.1 writes the kind as a prefix and drops it from the path
(``move:starforged/adventure/face_danger``, ``oracle_collection:starforged/core``),
with ``.`` between a node and what it holds
(``asset.ability.move:starforged/module/grappler.0.ready_grappler``); it also renamed
some of Starforged's keys (``characters`` -> ``character``: :mod:`.renames`).
:func:`canonical` writes either as the 0.1 form, so an id of one version is matched
against a pattern of the other (an expansion in 0.1 over a base in 0.0.10).

In a pattern, ``*`` stands for any one key of the path and ``**`` for any number of
keys (none included), as the Datasworn format defines them; every other key must be
equal.

Examples:
    >>> from tabletop_core.action_roll.datasworn.ids import canonical, matches
    >>> canonical("starforged/assets/command_vehicle/starship")
    'asset:starforged/command_vehicle/starship'
    >>> matches("starforged/assets/command_vehicle/starship", "asset:*/command_vehicle/*")
    True
    >>> matches("move:starforged/suffer/endure_harm", "move:*/combat/*")
    False
"""

from __future__ import annotations

import functools
import re

from tabletop_core._validate import check_type
from tabletop_core.action_roll.datasworn.renames import renamed

__all__ = ["canonical", "is_pattern", "matches", "package_of"]

_KINDS = {
    "moves": "move",
    "assets": "asset",
    "oracles": "oracle_rollable",
    "npcs": "npc",
    "truths": "truth",
    "site_themes": "delve_site_theme",
    "site_domains": "delve_site_domain",
    "delve_sites": "delve_site",
    "rarities": "rarity",
    "atlas": "atlas_entry",
}
"""0.0.10: the second part of an item's id, and the 0.1 prefix of its kind."""
_COLLECTIONS = {
    "moves": "move_category",
    "assets": "asset_collection",
    "oracles": "oracle_collection",
    "npcs": "npc_collection",
    "atlas": "atlas_collection",
}
"""0.0.10: the part after ``collections/``, and the 0.1 prefix of that kind of collection."""
_ABILITY_MOVE = re.compile(r"([^/]+)/assets/([^/]+)/([^/]+)/abilities/([^/]+)/moves/([^/]+)")
_SPLIT = re.compile(r"[/.]")


def canonical(item_id: str) -> str:
    """*item_id* written as Datasworn 0.1 writes it (a 0.1 id, or one of unknown shape, unchanged).

    Examples:
        >>> canonical("classic/collections/oracles/moves")
        'oracle_collection:classic/moves'
        >>> canonical("*/assets/ritual/*/abilities/*/moves/*")
        'asset.ability.move:*/ritual/*.*.*'

    Raises:
        TypeError: *item_id* is not a str.
    """
    if type(item_id) is not str:
        check_type("item_id", item_id, str)
    return _canonical(item_id)


@functools.lru_cache(maxsize=8192)
def _canonical(item_id: str) -> str:
    if ":" in item_id:
        return item_id
    ability_move = _ABILITY_MOVE.fullmatch(item_id)
    if ability_move:
        package, collection, asset, ability, move = ability_move.groups()
        return f"asset.ability.move:{package}/{collection}/{asset}.{ability}.{move}"
    parts = item_id.split("/")
    if len(parts) >= 4 and parts[1] == "collections" and parts[2] in _COLLECTIONS:
        kind = _COLLECTIONS[parts[2]]
        return f"{kind}:{'/'.join(renamed(kind, (parts[0], *parts[3:])))}"
    if len(parts) >= 3 and parts[1] in _KINDS:
        kind = _KINDS[parts[1]]
        return f"{kind}:{'/'.join(renamed(kind, (parts[0], *parts[2:])))}"
    return item_id


def _parts(item_id: str) -> tuple[str, tuple[str, ...]]:
    kind, _, path = _canonical(item_id).rpartition(":")
    return kind, tuple(_SPLIT.split(path))


def is_pattern(item_id: str) -> bool:
    """Whether *item_id* holds a wildcard (``*`` or ``**``)."""
    return "*" in item_id


def matches(item_id: str, pattern: str) -> bool:
    """Whether *item_id* is *pattern*, or fits it (``*``: any one key, ``**``: any keys), in either format.

    Examples:
        >>> matches("oracle_rollable:starforged/core/peril/sea", "oracle_rollable:*/**/peril/**")
        True
        >>> matches("starforged/moves/combat/strike", "starforged/moves/*/strike")
        True

    Raises:
        TypeError: *item_id* or *pattern* is not a str.
    """
    if type(item_id) is not str or type(pattern) is not str:
        check_type("item_id", item_id, str)
        check_type("pattern", pattern, str)
    return _matches(item_id, pattern)


@functools.lru_cache(maxsize=65536)
def _matches(item_id: str, pattern: str) -> bool:
    if item_id == pattern:
        return True
    kind, keys = _parts(item_id)
    wanted_kind, wanted = _parts(pattern)
    if kind != wanted_kind and wanted_kind != "*":
        return False
    return _fits(keys, wanted)


def _fits(keys: tuple[str, ...], wanted: tuple[str, ...]) -> bool:
    # A small backtracking match: a pattern has at most a few "**" (Datasworn nests 4 deep).
    if not wanted:
        return not keys
    head, rest = wanted[0], wanted[1:]
    if head == "**":
        return any(_fits(keys[skip:], rest) for skip in range(len(keys) + 1))
    if not keys:
        return False
    return (head == "*" or head == keys[0]) and _fits(keys[1:], rest)


def package_of(item_id: str) -> str:
    """The package an id belongs to (its first key): ``starforged``, ``sundered_isles``.

    Examples:
        >>> package_of("move:sundered_isles/suffer/withstand_damage"), package_of("delve/moves/delve/delve_the_depths")
        ('sundered_isles', 'delve')
    """
    return _parts(check_type("item_id", item_id, str))[1][0]
