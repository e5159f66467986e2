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
    from tabletop_core.action_roll.datasworn.assets import (
        Asset,
        AssetAbility,
        AssetControl,
        AssetEnhancement,
        AssetOption,
    )
    from tabletop_core.action_roll.datasworn.effects import AbilityEffect, EffectKind
    from tabletop_core.action_roll.datasworn.enhancements import MoveEnhancement
    from tabletop_core.action_roll.datasworn.move_oracles import embedded_tables, move_tables, roll_move_table
    from tabletop_core.action_roll.datasworn.moves import Move, MoveOutcome, RollOption, RollType, TriggerCondition
    from tabletop_core.action_roll.datasworn.reader import SUPPORTED_VERSION, OracleCollection, Ruleset, load
    from tabletop_core.action_roll.datasworn.readings import AbilityReading, ability_readings, readings_markdown
    from tabletop_core.action_roll.datasworn.table_choices import (
        OracleResults,
        choose_row,
        flip_roll,
        roll_tables,
        roll_times,
    )
    from tabletop_core.action_roll.datasworn.table_rolls import TableRoll, fill_template, flip_digits, roll_table
    from tabletop_core.action_roll.datasworn.tables import Coverage, OracleRoll, OracleRow, OracleTable

# Loaded on first use: ``import tabletop_core`` stays fast, and the moves and assets
# the rest of action_roll needs do not pull in the reader and the oracle tables.
_WHERE = {
    "DataswornError": "._data",
    "plain_text": "._data",
    "Asset": ".assets",
    "AssetAbility": ".assets",
    "AssetControl": ".assets",
    "AssetEnhancement": ".assets",
    "AssetOption": ".assets",
    "MoveEnhancement": ".enhancements",
    "AbilityEffect": ".effects",
    "embedded_tables": ".move_oracles",
    "move_tables": ".move_oracles",
    "roll_move_table": ".move_oracles",
    "EffectKind": ".effects",
    "AbilityReading": ".readings",
    "ability_readings": ".readings",
    "readings_markdown": ".readings",
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
    "fill_template": ".table_rolls",
    "flip_digits": ".table_rolls",
    "OracleResults": ".table_choices",
    "choose_row": ".table_choices",
    "flip_roll": ".table_choices",
    "roll_tables": ".table_choices",
    "roll_times": ".table_choices",
    "SUPPORTED_VERSION": ".reader",
    "OracleCollection": ".reader",
    "Ruleset": ".reader",
    "load": ".reader",
}
__getattr__, __dir__ = lazy_attributes(__name__, _WHERE)

__all__ = [
    "SUPPORTED_VERSION",
    "AbilityEffect",
    "AbilityReading",
    "Asset",
    "AssetAbility",
    "AssetControl",
    "AssetEnhancement",
    "AssetOption",
    "Coverage",
    "DataswornError",
    "EffectKind",
    "Move",
    "MoveEnhancement",
    "MoveOutcome",
    "OracleCollection",
    "OracleResults",
    "OracleRoll",
    "OracleRow",
    "OracleTable",
    "RollOption",
    "RollType",
    "Ruleset",
    "TableRoll",
    "TriggerCondition",
    "ability_readings",
    "choose_row",
    "embedded_tables",
    "fill_template",
    "flip_digits",
    "flip_roll",
    "load",
    "move_tables",
    "plain_text",
    "readings_markdown",
    "roll_move_table",
    "roll_table",
    "roll_tables",
    "roll_times",
]
