"""What the library makes of every asset ability: what it applies, and what it leaves to the player's reading.

:func:`ability_readings` goes through every ability of every asset of a ruleset
and says, in a line each, what the library applies (roll options and automatic
outcomes from the data's ``enhance_moves``, the effects read from the text, what
``enhance_asset`` changes on the card, the moves, clocks, counters, boxes and
options it adds) and what it leaves to the player (momentum gained, progress
marked, legacy ticks, costs paid, circumstances, dice preset or replaced, ...).
:func:`readings_markdown` makes the table the docs print for Starforged.

Examples:
    >>> from tabletop_core.action_roll.datasworn import load
    >>> from tabletop_core.action_roll.datasworn.readings import ability_readings
    >>> mini = load("docs/examples/mini-starforged.json")
    >>> negotiator = [r for r in ability_readings(mini) if r.asset_name == "Negotiator"]
    >>> negotiator[0].applied
    ('every action roll: add +1; on a miss: reroll all dice; on a miss: add +2 instead, with the reroll',)
    >>> negotiator[1].applied, negotiator[1].left
    (('when claimed: momentum reset +1',), ())
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

import attrs

from tabletop_core._frozen import frozen
from tabletop_core._record import Record
from tabletop_core._validate import check_int, check_type, of_type
from tabletop_core.action_roll.datasworn import _data
from tabletop_core.action_roll.datasworn.assets import Asset, AssetAbility
from tabletop_core.action_roll.datasworn.effects import EffectKind
from tabletop_core.action_roll.datasworn.enhancements import MoveEnhancement
from tabletop_core.action_roll.datasworn.moves import Move, RollType

__all__ = ["AbilityReading", "ability_readings", "readings_markdown"]


@frozen
class AbilityReading(Record):
    """What the library applies of one asset ability, and what it leaves to the player.

    Attributes:
        asset_id: The asset's id.
        asset_name: Its name.
        ability: The ability's number on the card, 1..3 (as the card shows it).
        applied: What the library applies, one item each.
        left: What the ability says that the library leaves to the player's reading.
    """

    asset_id: str = attrs.field(validator=of_type(str))
    asset_name: str = attrs.field(validator=of_type(str))
    ability: int = attrs.field(validator=lambda _i, _a, v: check_int("ability", v, low=1))
    applied: tuple[str, ...] = _data.tuple_field(str, default=())
    left: tuple[str, ...] = _data.tuple_field(str, default=())

    def __str__(self) -> str:
        applied = "; ".join(self.applied) or "nothing"
        left = ", ".join(self.left) or "nothing"
        return f"{self.asset_name} {self.ability}: applies {applied}; leaves {left}"


_COSTS = ("lose_momentum", "endure_stress", "endure_harm", "sacrifice_resources", "withstand_damage", "pay_the_price")
_LEFT_WORDS: tuple[tuple[str, str], ...] = (
    (r"take \+\d+ momentum|take another \+\d+ momentum|\+momentum|momentum equal to|as \+momentum", "momentum gained"),
    (r"mark progress|marking future progress", "progress marked"),
    (r"legacy track|legacy reward", "legacy ticks and rewards"),
    (
        r"preset your action die|replace the value of your action die|instead of rolling the action die|"
        r"make it the value of|preset the action die",
        "the action die preset or replaced",
    ),
    (r"roll three challenge dice", "three challenge dice, two kept"),
    (r"once per|one time only|once every", "how often it may be used"),
    (r"add \+\d+ or \+\d+|add that amount|\+that amount", "an add whose amount the player picks"),
    (r"instead of \+(?!\d)", "another stat for the roll"),
    (r"count an? (?:strong hit|weak hit|miss) as", "an outcome counted as another"),
    (
        r"take \+\d+ (?:spirit|health|supply|integrity|cargo|ammo|fire|safety|shields)|give .{0,40}\+\d? ?health|"
        r"suffer -|set (?:its|your) \w+ to|\+\d+ ammo|-ammo|-cargo|\+cargo",
        "meters and tallies changed",
    ),
    (r"burn momentum|reset momentum|do not reset", "burning and resetting momentum"),
    (r"envision", "what to envision"),
    (r"discard this asset|gain this ability|exchange this asset", "changes to the asset itself"),
    (r"ask the oracle|roll on the", "oracle rolls it asks for"),
    (r"counts as an impact", "counting as an impact"),
)


def _move_names(patterns: Iterable[str], moves: Mapping[str, Move], roll_type: RollType) -> str:
    names = []
    for pattern in patterns:
        found = [m.name for m in moves.values() if _matches(m.id, pattern) and m.roll_type is roll_type]
        if found:
            names += found
        else:
            names.append(f"{pattern.rpartition('/')[2].replace('_', ' ')} (no such {roll_type} move)")
    return ", ".join(dict.fromkeys(names))


def _matches(move_id: str, pattern: str) -> bool:
    import fnmatch

    return move_id == pattern if "*" not in pattern else fnmatch.fnmatchcase(move_id, pattern)


def _every(enhancement: MoveEnhancement) -> str:
    patterns = enhancement.moves
    if not patterns:
        return (
            f"every {enhancement.roll_type}"
            if enhancement.roll_type is not RollType.PROGRESS_ROLL
            else ("every progress move")
        )
    if all(p.endswith("/*") for p in patterns):
        return ", ".join(f"every {p.rstrip('/*').rpartition('/')[2]} move" for p in patterns)
    return ""


def _enhancement_items(enhancement: MoveEnhancement, moves: Mapping[str, Move]) -> tuple[list[str], list[str]]:
    """What one enhancement applies, and what of it is the player's."""
    target = _every(enhancement) or _move_names(enhancement.moves, moves, enhancement.roll_type)
    head = f"{target}{' (' + enhancement.choice + ')' if enhancement.choice else ''}: "
    applied: list[str] = []
    left: list[str] = []
    if enhancement.roll_type is RollType.NO_ROLL:
        return [], ["what it changes on a move without a roll"]
    if "no such" in target:
        return [f"{target}: nothing (the data names no move of its roll type)"], []
    for condition in enhancement.conditions:
        if condition.automatic_outcome is not None:
            applied.append(f"option: automatic {condition.automatic_outcome}")
        elif condition.method and condition.options:
            picked = ", ".join(f"+{o.label}" for o in condition.options)
            applied.append(f"option: roll {picked}")
        elif condition.options:
            applied.append(f"only when rolling {', '.join('+' + o.label for o in condition.options)}")
    for effect in enhancement.effects:
        if enhancement.roll_type is not RollType.ACTION_ROLL and effect.kind is EffectKind.REROLL:
            left.append("a reroll on a progress roll")
            continue
        applied.append(str(effect))
    if enhancement.when:
        left.append("its circumstance (use= claims it)")
    if not applied:
        return [], left
    return [head + "; ".join(applied)], left


def _ability_items(asset: Asset, ability: AssetAbility, moves: Mapping[str, Move]) -> AbilityReading:
    applied: list[str] = []
    left: list[str] = []
    for enhancement in ability.enhancements:
        mine, theirs = _enhancement_items(enhancement, moves)
        applied += mine
        left += theirs
    for move_id in ability.moves:
        move = moves.get(move_id)
        applied.append(f"the move {move.name if move else move_id} ({move.roll_type if move else 'move'})")
    change = ability.asset_enhancement
    if change is not None:
        applied += [f"once marked: {c.label} max {c.maximum}" for c in change.controls if c.maximum is not None]
        if change.attachments:
            most = "any number of" if change.attachments_max is None else str(change.attachments_max)
            applied.append(f"once marked: takes {most} attached module(s)")
    for control in ability.controls:
        if control.field_type == "clock":
            applied.append(f"a {control.maximum}-segment clock ({control.label})")
        elif control.field_type == "counter":
            applied.append(f"a counter ({control.label})")
        elif control.is_box:
            applied.append(f"a box ({control.label})")
        elif control.is_meter:
            applied.append(f"a meter ({control.label})")
    applied += [f"an option to write in ({o.label})" for o in ability.options]
    applied += [f"when claimed: {effect}" for effect in ability.effects]
    lower = re.sub(r"\(id:[^)]*\)", "", ability.text.lower())
    links = set(re.findall(r"\(id:[^)]*/([a-z_]+)\)", ability.text))
    if links & set(_COSTS):
        left.append("costs it asks the player to pay")
    for pattern, words in _LEFT_WORDS:
        if re.search(pattern, lower) and words not in left:
            if words == "an outcome counted as another" and any("count a" in a for a in applied):
                continue
            left.append(words)
    if not ability.enhancements and not applied:
        left.insert(0, "all of it (the data gives it no structure to apply)")
    return AbilityReading(asset.id, asset.name, 0 + 1, tuple(applied), tuple(dict.fromkeys(left)))


def ability_readings(ruleset: Any) -> tuple[AbilityReading, ...]:
    """A reading of every ability of every asset of *ruleset* (a Ruleset, or anything with ``assets`` and ``moves``).

    Raises:
        TypeError: *ruleset* has no mappings ``assets`` and ``moves``.
    """
    if not isinstance(getattr(ruleset, "moves", None), Mapping) or not isinstance(
        getattr(ruleset, "assets", None), Mapping
    ):
        raise TypeError(f"ruleset must be a Ruleset (with assets and moves), got {type(ruleset).__name__}")
    moves: Mapping[str, Move] = ruleset.moves
    found = []
    for asset in ruleset.assets.values():
        for index, ability in enumerate(asset.abilities):
            reading = _ability_items(asset, ability, moves)
            found.append(attrs.evolve(reading, ability=index + 1))
    return tuple(found)


def _cell(items: Iterable[str]) -> str:
    return "<br>".join(item.replace("|", "\\|") for item in items) or "—"


def readings_markdown(readings: Iterable[AbilityReading]) -> str:
    """The readings as a Markdown table: asset, ability, what the library applies, what it leaves to the player.

    Raises:
        TypeError: an item of *readings* is not an AbilityReading.
    """
    if isinstance(readings, (str, bytes)) or not isinstance(readings, Iterable):
        raise TypeError(f"readings must be AbilityReading values, got {type(readings).__name__}")
    readings = list(readings)
    for index, reading in enumerate(readings):
        check_type(f"readings[{index}]", reading, AbilityReading)
    lines = ["| asset | ability | the library applies | left to the player |", "|---|---|---|---|"]
    for reading in readings:
        lines.append(f"| {reading.asset_name} | {reading.ability} | {_cell(reading.applied)} | {_cell(reading.left)} |")
    return "\n".join(lines)
