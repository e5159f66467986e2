"""Datasworn data for Ironsworn: Starforged: moves, oracle tables and assets.

Datasworn is the community's JSON edition of the Ironsworn games' rules
content. The library ships none of it: get the Starforged file yourself (it is
``json/starforged.json`` in the ``@datasworn/starforged`` npm package, under
CC-BY-4.0) and load it with :func:`load`.
"""

from tabletop_core.action_roll.datasworn._data import DataswornError, plain_text
from tabletop_core.action_roll.datasworn.assets import Asset, AssetAbility, AssetControl
from tabletop_core.action_roll.datasworn.moves import Move, MoveOutcome, RollOption, RollType, TriggerCondition
from tabletop_core.action_roll.datasworn.oracles import (
    Coverage,
    OracleRoll,
    OracleRow,
    OracleTable,
    TableRoll,
    roll_table,
)
from tabletop_core.action_roll.datasworn.reader import SUPPORTED_VERSION, OracleCollection, Ruleset, load

__all__ = [
    "SUPPORTED_VERSION",
    "Asset",
    "AssetAbility",
    "AssetControl",
    "Coverage",
    "DataswornError",
    "Move",
    "MoveOutcome",
    "OracleCollection",
    "OracleRoll",
    "OracleRow",
    "OracleTable",
    "RollOption",
    "RollType",
    "Ruleset",
    "TableRoll",
    "TriggerCondition",
    "load",
    "plain_text",
    "roll_table",
]
