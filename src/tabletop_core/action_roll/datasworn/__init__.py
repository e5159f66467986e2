"""Datasworn data for the Ironsworn games: moves, oracle tables, assets, truths, NPCs, rules, Delve sites.

Datasworn is the community's JSON edition of the Ironsworn games' rules
content: Starforged, Ironsworn (Classic), Delve, Sundered Isles, and homebrew in
the same format. The library ships none of it: get a package yourself (the
``@datasworn/*`` npm packages; ``json/starforged.json`` in ``@datasworn/starforged``
is under CC-BY-4.0) and load it, with any expansions, with :func:`load`.
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
    from tabletop_core.action_roll.datasworn.checks import DataswornProblems
    from tabletop_core.action_roll.datasworn.delve_data import (
        DelveSiteData,
        Denizen,
        Frequency,
        Rarity,
        SiteDomain,
        SiteTheme,
    )
    from tabletop_core.action_roll.datasworn.effects import AbilityEffect, EffectKind
    from tabletop_core.action_roll.datasworn.enhancements import MoveEnhancement
    from tabletop_core.action_roll.datasworn.ids import canonical, matches
    from tabletop_core.action_roll.datasworn.move_oracles import embedded_tables, move_tables, roll_move_table
    from tabletop_core.action_roll.datasworn.moves import Move, MoveOutcome, RollOption, RollType, TriggerCondition
    from tabletop_core.action_roll.datasworn.package import SUPPORTED_VERSIONS, PackageInfo
    from tabletop_core.action_roll.datasworn.reader import SUPPORTED_VERSION, OracleCollection, Ruleset, load
    from tabletop_core.action_roll.datasworn.readings import AbilityReading, ability_readings, readings_markdown
    from tabletop_core.action_roll.datasworn.sections import (
        Npc,
        NpcVariant,
        RuleImpact,
        RuleMeter,
        Rules,
        RuleStat,
        SpecialTrack,
        Truth,
        TruthOption,
    )
    from tabletop_core.action_roll.datasworn.table_choices import (
        OracleResults,
        choose_row,
        flip_roll,
        roll_tables,
        roll_times,
    )
    from tabletop_core.action_roll.datasworn.table_rolls import TableRoll, fill_template, flip_digits, roll_table
    from tabletop_core.action_roll.datasworn.tables import Coverage, OracleRoll, OracleRow, OracleTable
    from tabletop_core.action_roll.datasworn.truth_rolls import TruthRoll, roll_truth

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
    "SUPPORTED_VERSIONS": ".package",
    "OracleCollection": ".package",
    "PackageInfo": ".package",
    "Ruleset": ".ruleset",
    "load": ".reader",
    "DataswornProblems": ".checks",
    "canonical": ".ids",
    "matches": ".ids",
    "DelveSiteData": ".delve_data",
    "Denizen": ".delve_data",
    "Frequency": ".delve_data",
    "Rarity": ".delve_data",
    "SiteDomain": ".delve_data",
    "SiteTheme": ".delve_data",
    "Npc": ".sections",
    "NpcVariant": ".sections",
    "RuleImpact": ".sections",
    "RuleMeter": ".sections",
    "Rules": ".sections",
    "RuleStat": ".sections",
    "SpecialTrack": ".sections",
    "Truth": ".sections",
    "TruthOption": ".sections",
    "TruthRoll": ".truth_rolls",
    "roll_truth": ".truth_rolls",
}
__getattr__, __dir__ = lazy_attributes(__name__, _WHERE)

__all__ = [
    "SUPPORTED_VERSION",
    "SUPPORTED_VERSIONS",
    "AbilityEffect",
    "AbilityReading",
    "Asset",
    "AssetAbility",
    "AssetControl",
    "AssetEnhancement",
    "AssetOption",
    "Coverage",
    "DataswornError",
    "DataswornProblems",
    "DelveSiteData",
    "Denizen",
    "EffectKind",
    "Frequency",
    "Move",
    "MoveEnhancement",
    "MoveOutcome",
    "Npc",
    "NpcVariant",
    "OracleCollection",
    "OracleResults",
    "OracleRoll",
    "OracleRow",
    "OracleTable",
    "PackageInfo",
    "Rarity",
    "RollOption",
    "RollType",
    "RuleImpact",
    "RuleMeter",
    "RuleStat",
    "Rules",
    "Ruleset",
    "SiteDomain",
    "SiteTheme",
    "SpecialTrack",
    "TableRoll",
    "TriggerCondition",
    "Truth",
    "TruthOption",
    "TruthRoll",
    "ability_readings",
    "canonical",
    "choose_row",
    "embedded_tables",
    "fill_template",
    "flip_digits",
    "flip_roll",
    "load",
    "matches",
    "move_tables",
    "plain_text",
    "readings_markdown",
    "roll_move_table",
    "roll_table",
    "roll_tables",
    "roll_times",
    "roll_truth",
]
