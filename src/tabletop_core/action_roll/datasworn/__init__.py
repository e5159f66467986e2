"""Datasworn data for Ironsworn: Starforged: moves, oracle tables and assets.

Datasworn is the community's JSON edition of the Ironsworn games' rules
content. The library ships none of it: get the Starforged file yourself (it is
``json/starforged.json`` in the ``@datasworn/starforged`` npm package, under
CC-BY-4.0) and load it with :func:`load`.
"""

from typing import TYPE_CHECKING

from tabletop_core._lazy import lazy_attributes

if TYPE_CHECKING:
    from tabletop_core.action_roll.datasworn._data import DataswornError, plain_text
    from tabletop_core.action_roll.datasworn.assets import Asset, AssetAbility, AssetControl
    from tabletop_core.action_roll.datasworn.enhancements import MoveEnhancement
    from tabletop_core.action_roll.datasworn.moves import Move, MoveOutcome, RollOption, RollType, TriggerCondition
    from tabletop_core.action_roll.datasworn.reader import SUPPORTED_VERSION, OracleCollection, Ruleset, load
    from tabletop_core.action_roll.datasworn.table_rolls import TableRoll, roll_table
    from tabletop_core.action_roll.datasworn.tables import Coverage, OracleRoll, OracleRow, OracleTable

# Loaded on first use: ``import tabletop_core`` stays fast, and the moves and assets
# the rest of action_roll needs do not pull in the reader and the oracle tables.
_WHERE = {
    "DataswornError": "._data",
    "plain_text": "._data",
    "Asset": ".assets",
    "AssetAbility": ".assets",
    "AssetControl": ".assets",
    "MoveEnhancement": ".enhancements",
    "Move": ".moves",
    "MoveOutcome": ".moves",
    "RollOption": ".moves",
    "RollType": ".moves",
    "TriggerCondition": ".moves",
    "Coverage": ".tables",
    "OracleRoll": ".tables",
    "OracleRow": ".tables",
    "OracleTable": ".tables",
    "TableRoll": ".table_rolls",
    "roll_table": ".table_rolls",
    "SUPPORTED_VERSION": ".reader",
    "OracleCollection": ".reader",
    "Ruleset": ".reader",
    "load": ".reader",
}
__getattr__, __dir__ = lazy_attributes(__name__, _WHERE)

__all__ = [
    "SUPPORTED_VERSION",
    "Asset",
    "AssetAbility",
    "AssetControl",
    "Coverage",
    "DataswornError",
    "Move",
    "MoveEnhancement",
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
