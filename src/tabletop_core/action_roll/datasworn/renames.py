"""The keys Datasworn 0.1 renamed in Starforged's ids, so that a 0.1 expansion finds a 0.0.10 base's items.

Datasworn 0.1 did more than move the kind of an id into a prefix: Starforged's oracle
collections lost their plural (``characters`` -> ``character``), the vaults became
``precursor_vault`` and the given-name table ``given_name``. Sundered Isles, written in
0.1, replaces ``oracle_collection:starforged/character``; in ``@datasworn/starforged``
0.0.10 that is ``starforged/collections/oracles/characters``.

:data:`RENAMES` was read off the two published editions of the same content,
``@datasworn/starforged`` 0.0.10 and 0.1.0-0, by pairing every table and collection of one
with its twin in the other; ``tests/action_roll/test_datasworn_rulesets_real.py`` checks on
the real data that every 0.0.10 table and collection id, renamed, is an id of 0.1.0-0.
What no table of renames can say (the tables a 0.0.10 move holds: 0.1 puts the move's
category in their ids) the reader takes from the move itself (:func:`move_table_id`).

Examples:
    >>> from tabletop_core.action_roll.datasworn.renames import renamed
    >>> renamed("oracle_rollable", ("starforged", "vaults", "interior", "feature"))
    ('starforged', 'precursor_vault', 'interior', 'feature')
    >>> renamed("oracle_rollable", ("homebrew", "vaults", "interior"))
    ('homebrew', 'vaults', 'interior')
"""

from __future__ import annotations

__all__ = ["RENAMES", "move_table_id", "renamed"]

_ORACLES = ("oracle_rollable", "oracle_collection")

RENAMES: tuple[tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]], ...] = tuple(
    (kinds, tuple(old.split("/")), tuple(new.split("/")))
    for kinds, old, new in (
        # (kinds of id, the keys of 0.0.10, the keys of 0.1): applied in this order to the keys
        # after the kind. A planet's "settlements" keeps its name.
        (_ORACLES, "starforged/characters", "starforged/character"),
        (_ORACLES, "starforged/creatures", "starforged/creature"),
        (_ORACLES, "starforged/derelicts", "starforged/derelict"),
        (_ORACLES, "starforged/derelict/zones", "starforged/derelict/zone"),
        (_ORACLES, "starforged/factions", "starforged/faction"),
        (_ORACLES, "starforged/location_themes", "starforged/location_theme"),
        (_ORACLES, "starforged/planets", "starforged/planet"),
        (_ORACLES, "starforged/settlements", "starforged/settlement"),
        (_ORACLES, "starforged/starships", "starforged/starship"),
        (_ORACLES, "starforged/vaults", "starforged/precursor_vault"),
        (("oracle_rollable",), "starforged/character/name/given", "starforged/character/name/given_name"),
    )
)
"""Each rename: the kinds of id it applies to, the keys Datasworn 0.0.10 wrote, the keys 0.1 writes."""


def _starts(keys: tuple[str, ...], prefix: tuple[str, ...]) -> bool:
    return keys[: len(prefix)] == prefix


def renamed(kind: str, keys: tuple[str, ...]) -> tuple[str, ...]:
    """The keys of a 0.0.10 id of *kind* (its path, split at ``/``) as Datasworn 0.1 names them."""
    if not keys or keys[0] != "starforged":
        return keys
    for kinds, old, new in RENAMES:
        if kind in kinds and _starts(keys, old):
            keys = new + keys[len(old) :]
    return keys


def move_table_id(move_id: str, table_id: str) -> str:
    """The 0.1 id of a table a 0.0.10 move lists in its ``oracles``, from the move's 0.1 id.

    Datasworn 0.1 keeps a move's tables inside the move, so their ids carry the move's
    category: Starforged 0.0.10's ``starforged/oracles/moves/ask_the_oracle/likely``,
    listed by ``move:starforged/fate/ask_the_oracle``, is 0.1's
    ``move.oracle_rollable:starforged/fate/ask_the_oracle.likely``.

    Examples:
        >>> move_table_id("move:starforged/suffer/withstand_damage", "starforged/oracles/moves/withstand_damage")
        'move.oracle_rollable:starforged/suffer/withstand_damage.withstand_damage'
    """
    path = move_id.partition(":")[2]
    return f"move.oracle_rollable:{path}.{table_id.rpartition('/')[2]}"
