"""Moves: roll type, trigger conditions with their roll options, and outcomes.

Examples:
    >>> from tabletop_core.action_roll.datasworn import Move
    >>> move = Move.from_datasworn({"_id": "demo/moves/dash", "name": "Dash", "roll_type": "action_roll",
    ...     "trigger": {"text": "When you dash...", "conditions": [{"method": "player_choice",
    ...         "roll_options": [{"using": "stat", "stat": "edge"}]}]},
    ...     "outcomes": {"strong_hit": {"text": "On a __strong hit__, you make it."},
    ...                  "weak_hit": {"text": "On a __weak hit__, you make it, barely."},
    ...                  "miss": {"text": "On a __miss__, you fall."}}})
    >>> move.roll_type, [option.label for option in move.options()]
    (<RollType.ACTION_ROLL: 'action_roll'>, ['edge'])
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import attrs

from tabletop_core._enum import Enum
from tabletop_core._frozen import frozen
from tabletop_core._record import Record
from tabletop_core._validate import check_type, of_type
from tabletop_core.action_roll.datasworn import _data
from tabletop_core.action_roll.datasworn._data import DataswornError, plain_text
from tabletop_core.action_roll.outcome import Outcome

__all__ = ["Move", "MoveOutcome", "RollOption", "RollType", "TriggerCondition"]


class RollType(Enum):
    """What a move rolls (Datasworn's ``roll_type``)."""

    ACTION_ROLL = "action_roll"
    PROGRESS_ROLL = "progress_roll"
    NO_ROLL = "no_roll"
    SPECIAL_TRACK = "special_track"
    """A progress roll against a legacy track (or another special track)."""

    def __str__(self) -> str:
        return self.value.replace("_", " ")


METHODS = ("player_choice", "highest", "lowest", "all", "progress_roll", "strong_hit", "weak_hit", "miss")
"""Trigger methods: player choice, highest / lowest / every option, a progress roll, an automatic outcome."""
AUTOMATIC = {"strong_hit": Outcome.STRONG_HIT, "weak_hit": Outcome.WEAK_HIT, "miss": Outcome.MISS}


@frozen
class RollOption(Record):
    """What a roll adds to the die: a stat, a condition meter, an asset control, a fixed value or a track.

    Attributes:
        using: Datasworn's ``using``: ``stat``, ``condition_meter``,
            ``asset_control``, ``attached_asset_control`` (the vehicle a module
            is attached to), ``asset_option`` (a stat written on the card),
            ``custom``, ``progress_track``,
            ``quests_legacy``, ``bonds_legacy``, ``discoveries_legacy``, or
            another kind a newer version adds (kept, and refused when rolled).
        key: The stat, meter, control or option key (``edge``, ``health``,
            ``integrity``, ``linked_stat``); for ``custom``, its label.
        value: The fixed value of a ``custom`` option.
        assets: For ``asset_control``: the asset ids (``*`` wildcards) that
            may provide the control.
    """

    using: str = attrs.field(validator=of_type(str))
    key: str | None = attrs.field(default=None, validator=_data.optional_str)
    value: int | None = attrs.field(default=None, validator=_data.optional_int)
    assets: tuple[str, ...] = _data.tuple_field(str, default=())

    @property
    def label(self) -> str:
        """A short name for the option: ``edge``, ``health``, ``integrity``, ``linked stat``, ``progress track``."""
        if self.key is None:
            return self.using.replace("_", " ")
        return self.key.replace("_", " ") if self.using == "asset_option" else self.key


@frozen
class TriggerCondition(Record):
    """One condition of a move's trigger, with the roll options it allows.

    Attributes:
        method: How an option is picked: ``player_choice``, ``highest``,
            ``lowest``, ``all``, ``progress_roll``, or an automatic outcome
            (``strong_hit``, ``weak_hit``, ``miss``); ``None`` when the data
            gives none.
        options: The roll options.
        text: The condition's text ("With speed, mobility, or agility"), if any.
    """

    method: str | None = attrs.field(validator=_data.optional_str)
    options: tuple[RollOption, ...] = _data.tuple_field(RollOption, default=())
    text: str | None = attrs.field(default=None, validator=_data.optional_str)

    @property
    def automatic_outcome(self) -> Outcome | None:
        """The outcome this condition gives without a roll, if it is an automatic one."""
        return AUTOMATIC.get(self.method or "")


@frozen
class MoveOutcome(Record):
    """What a move says for one outcome.

    Attributes:
        outcome: Strong hit, weak hit or miss.
        text: The outcome's text (Datasworn Markdown).
        match_text: A different text for the same outcome on a match, when the data gives one.
    """

    outcome: Outcome = attrs.field(validator=of_type(Outcome))
    text: str = attrs.field(validator=of_type(str))
    match_text: str | None = attrs.field(default=None, validator=_data.optional_str)

    def text_for(self, is_match: bool) -> str:
        """The text that applies: the match variant on a match when there is one.

        Raises:
            TypeError: *is_match* is not a bool.
        """
        check_type("is_match", is_match, bool)
        return self.match_text if is_match and self.match_text is not None else self.text

    def __str__(self) -> str:
        return plain_text(self.text)


@frozen
class Move(Record):
    """A move from Datasworn data.

    Attributes:
        id: Its Datasworn ``_id``.
        name: Its name ("Face Danger").
        roll_type: What it rolls.
        trigger: The trigger text ("When you attempt something risky...").
        conditions: The trigger conditions, each with its roll options.
        outcomes: Strong hit, weak hit and miss, in that order (empty for a move without a roll).
        text: The whole move text (Datasworn Markdown).
        track_category: For a progress move, the kind of track it rolls
            against ("Vow", "Connection", "Expedition", "Combat", ...).
        oracles: Ids of oracle tables the move points to.
    """

    id: str = attrs.field(validator=of_type(str))
    name: str = attrs.field(validator=of_type(str))
    roll_type: RollType = attrs.field(validator=of_type(RollType))
    trigger: str = attrs.field(default="", validator=of_type(str))
    conditions: tuple[TriggerCondition, ...] = _data.tuple_field(TriggerCondition, default=())
    outcomes: tuple[MoveOutcome, ...] = _data.tuple_field(MoveOutcome, default=())
    text: str = attrs.field(default="", validator=of_type(str))
    track_category: str | None = attrs.field(default=None, validator=_data.optional_str)
    oracles: tuple[str, ...] = _data.tuple_field(str, default=())

    def options(self) -> tuple[RollOption, ...]:
        """Every roll option of every condition, in order."""
        return tuple(option for condition in self.conditions for option in condition.options)

    def outcome(self, outcome: Outcome) -> MoveOutcome | None:
        """What the move says for *outcome* (``None`` when it gives nothing)."""
        check_type("outcome", outcome, Outcome)
        return next((item for item in self.outcomes if item.outcome is outcome), None)

    @classmethod
    def from_datasworn(cls, data: Mapping[str, Any], *, path: str = "$") -> Move:
        """A move from the JSON of one Datasworn move.

        Raises:
            DataswornError: the data breaks the format (the message names the JSON path).
        """
        return read_move(data, path)

    def __str__(self) -> str:
        return f"{self.name} ({self.roll_type})"


def _option(using: str, key: str) -> RollOption:
    return _data.build(RollOption, using=using, key=key, value=None, assets=())


def read_option(data: Mapping[str, Any], path: str) -> RollOption:
    """One Datasworn roll option."""
    using = _data.text(data, "using", path)
    if using == "stat":
        return _option(using, _data.text(data, "stat", path))
    if using == "condition_meter":
        return _option(using, _data.text(data, "condition_meter", path))
    if using in ("asset_control", "attached_asset_control"):
        assets = _data.strings(data, "assets", path)
        return RollOption(using, _data.text(data, "control", path), assets=assets)
    if using == "asset_option":  # Devotant: roll +linked stat, the stat written on the card
        return RollOption(using, _data.text(data, "option", path), assets=_data.strings(data, "assets", path))
    if using == "custom":
        return RollOption(using, _data.text(data, "label", path), _data.integer(data, "value", path))
    key = data.get("control") or data.get("option") or data.get("stat")
    return RollOption(using, key if isinstance(key, str) else None)


_ROLL_TYPES = {kind.value: kind for kind in RollType}


def read_roll_type(data: Mapping[str, Any], path: str) -> RollType:
    """The ``roll_type`` field of a move or a move enhancement."""
    raw = _data.text(data, "roll_type", path)
    found = _ROLL_TYPES.get(raw)
    if found is None:
        names = ", ".join(_ROLL_TYPES)
        raise DataswornError(f"{path}.roll_type", f"must be one of {names}, got {raw!r}")
    return found


def read_condition(data: Any, path: str) -> TriggerCondition:
    """One Datasworn trigger condition with its roll options (null roll options read as none)."""
    if type(data) is dict and not data.get("roll_options"):  # the common condition: a method and a text
        method, text = data.get("method"), data.get("text")
        if (method is None or type(method) is str) and (text is None or type(text) is str):
            return _data.build(TriggerCondition, method=method, options=(), text=text)
    condition = _data.obj(data, path)
    method = _data.text(condition, "method", path, required=False)
    options_path = f"{path}.roll_options"
    options = tuple(
        read_option(_data.obj(option, f"{options_path}[{i}]"), f"{options_path}[{i}]")
        for i, option in enumerate(_data.array(condition, "roll_options", path))
    )
    text = _data.text(condition, "text", path, required=False)
    return _data.build(TriggerCondition, method=method, options=options, text=text)


def read_move(data: Mapping[str, Any], path: str) -> Move:
    """One Datasworn move."""
    data = _data.obj(data, path)
    move_id = _data.text(data, "_id", path)
    name = _data.text(data, "name", path)
    roll_type = read_roll_type(data, path)
    trigger_path = f"{path}.trigger"
    trigger = _data.get(data, "trigger", path, dict, required=True)
    here = f"{trigger_path}.conditions"
    conditions = [
        read_condition(item, f"{here}[{index}]")
        for index, item in enumerate(_data.array(trigger, "conditions", trigger_path))
    ]
    outcomes = []
    raw_outcomes = _data.get(data, "outcomes", path, dict, required=False)
    if raw_outcomes is not None:
        outcomes_path = f"{path}.outcomes"
        for outcome in Outcome:
            key = outcome.name.lower()
            item = _data.get(raw_outcomes, key, outcomes_path, dict, required=True)
            where = _data.key_path(outcomes_path, key)
            match = _data.get(item, "match", where, dict, required=False)
            match_text = _data.text(match, "text", f"{where}.match") if match else None
            said = _data.text(item, "text", where)
            outcomes.append(_data.build(MoveOutcome, outcome=outcome, text=said, match_text=match_text))
    tracks = _data.get(data, "tracks", path, dict, required=False)
    category = _data.text(tracks, "category", f"{path}.tracks", required=False) if tracks else None
    raw_oracles = _data.get(data, "oracles", path, (list, dict), required=False) or []
    if isinstance(raw_oracles, dict):  # Datasworn 0.1: the move's own tables, by key
        oracles: list[Any] = [
            item.get("_id") if isinstance(item, dict) and isinstance(item.get("_id"), str) else key
            for key, item in raw_oracles.items()
        ]
    else:
        oracles = raw_oracles
    if any(not isinstance(item, str) for item in oracles):
        _data.strings({"oracles": oracles}, "oracles", path)  # raises, naming the item
    return _data.build(
        Move,
        id=move_id,
        name=name,
        roll_type=roll_type,
        trigger=_data.text(trigger, "text", trigger_path, required=False) or "",
        conditions=tuple(conditions),
        outcomes=tuple(outcomes),
        text=_data.text(data, "text", path, required=False) or "",
        track_category=category,
        oracles=tuple(oracles),
    )
