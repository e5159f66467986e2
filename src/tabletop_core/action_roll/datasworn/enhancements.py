"""What an asset ability changes about moves: extra roll options, automatic outcomes, adds, rerolls.

Datasworn gives each asset ability a list ``enhance_moves``: which moves it
changes (ids with ``*`` wildcards; none listed means every move of its roll
type), and trigger conditions the ability adds (a new roll option such as
``roll +health`` of the companion, an automatic outcome, or only a
circumstance, "aided by your combat bot"). The adds and rerolls an ability
grants are written only in its text ("add +1", "reroll any dice", "you may
reroll your action die"), so they are read from the sentences of the text that
name the enhanced move (or from the whole text when no sentence names it).

Examples:
    >>> from tabletop_core.action_roll.datasworn.enhancements import read_enhancements
    >>> (boost,) = read_enhancements(
    ...     [{"roll_type": "action_roll", "enhances": ["demo/moves/dash"],
    ...       "trigger": {"conditions": [{"text": "Beside your hound"}]}}],
    ...     "When you [Dash](id:demo/moves/dash) beside your hound, add +1. You may reroll your action die.",
    ...     asset="demo/assets/hound", ability=0, path="$")
    >>> boost.adds, boost.reroll, boost.when
    (1, 'action die', 'Beside your hound')
"""

from __future__ import annotations

import fnmatch
import re
from collections.abc import Mapping, Sequence
from typing import Any

import attrs

from tabletop_core._record import Record
from tabletop_core._validate import check_int, check_type, of_type
from tabletop_core.action_roll.datasworn import _data
from tabletop_core.action_roll.datasworn.ids import matches as id_matches
from tabletop_core.action_roll.datasworn.moves import (
    _ROLL_TYPES,
    Move,
    RollOption,
    RollType,
    TriggerCondition,
    read_condition,
    read_roll_type,
)
from tabletop_core.errors import InvalidInput

__all__ = ["REROLLS", "MoveEnhancement", "read_enhancements"]

REROLLS: Mapping[str, tuple[str, ...]] = {
    "any dice": ("action", "challenge_1", "challenge_2"),
    "action die": ("action",),
    "challenge dice": ("challenge_1", "challenge_2"),
    "one challenge die": ("challenge_1", "challenge_2"),
}
"""What an ability lets a player reroll, and the dice (as :func:`~tabletop_core.action_roll.reroll` names them)."""


def _reroll(_instance: Any, attribute: Any, value: Any) -> None:
    if value is not None and value not in REROLLS:
        check_type(attribute.name, value, str)
        raise InvalidInput(f"reroll must be one of {', '.join(REROLLS)} or None, got {value!r}")


@attrs.frozen
class MoveEnhancement(Record):
    """One way an asset ability changes moves.

    Attributes:
        asset: The asset's id.
        ability: The ability's index on the asset (it applies only while marked).
        roll_type: The kind of move it changes.
        moves: Ids of the moves it changes (``*`` wildcards); empty: every
            move of its roll type.
        conditions: Trigger conditions it adds: roll options (``roll +health``
            of this asset), an automatic outcome, or only a circumstance.
        adds: What it adds to the roll ("add +1"), read from the ability text.
        reroll: What it lets you reroll (a key of :data:`REROLLS`), read from the ability text.
        when: The circumstance, as the data words it ("Aided by your combat bot").
    """

    asset: str = attrs.field(validator=of_type(str))
    ability: int = attrs.field(validator=lambda _i, _a, v: check_int("ability", v, low=0))
    roll_type: RollType = attrs.field(validator=of_type(RollType))
    moves: tuple[str, ...] = _data.tuple_field(str, default=())
    conditions: tuple[TriggerCondition, ...] = _data.tuple_field(TriggerCondition, default=())
    adds: int = attrs.field(default=0, validator=lambda _i, _a, v: check_int("adds", v, low=0, high=10))
    reroll: str | None = attrs.field(default=None, validator=_reroll)
    when: str = attrs.field(default="", validator=of_type(str))

    def applies_to(self, move: Move) -> bool:
        """Whether this changes *move* (same roll type, and its id matches when moves are listed).

        Raises:
            TypeError: *move* is not a Move.
        """
        check_type("move", move, Move)
        if move.roll_type is not self.roll_type:
            return False
        return not self.moves or any(_matches(move.id, pattern) for pattern in self.moves)

    def options(self) -> tuple[RollOption, ...]:
        """The roll options its conditions name."""
        return tuple(option for condition in self.conditions for option in condition.options)

    def __str__(self) -> str:
        parts = [self.when] if self.when else []
        if self.adds:
            parts.append(f"add +{self.adds}")
        if self.reroll:
            parts.append(f"reroll {self.reroll}")
        parts += [f"roll +{option.label}" for c in self.conditions if c.method for option in c.options]
        parts += [f"automatic {c.automatic_outcome}" for c in self.conditions if c.automatic_outcome]
        return f"{self.asset.rpartition('/')[2].replace('_', ' ')}: {'; '.join(parts) or 'changes the move'}"


_CLAUSE = re.compile(r"[.;!?]\s+")  # after line breaks and list bullets become "; " (an alternation is slow in re)
_LINK = re.compile(r"\(id:([^)\s]+)\)")
_REROLL_WORDS = (
    (("any dice", "all dice"), "any dice"),
    (("one challenge die", "a challenge die"), "one challenge die"),
    (("any challenge dice", "both challenge dice", "the challenge dice"), "challenge dice"),
    (("your action die", "the action die", "that action die", "that die", "it ", "it.", "it,"), "action die"),
)
"""What follows "reroll " in (lower-cased) text, and what it covers."""


def _rerolls(text: str) -> set[str]:
    found: set[str] = set()
    at = text.find("reroll ")
    while at >= 0:
        rest = text[at + 7 : at + 40]
        found.update(kind for words, kind in _REROLL_WORDS if rest.startswith(words))
        at = text.find("reroll ", at + 7)
    return found


def _adds(text: str) -> int:
    """The largest "add +N" in (lower-cased) *text*, 0 when none (str.find: a regex scan is slower here)."""
    best = 0
    at = text.find("add +")
    while at >= 0:
        digits = text[at + 5 : at + 7]
        number = digits if digits.isdigit() else digits[:1]
        if number.isdigit() and (at == 0 or not text[at - 1].isalnum()):
            best = max(best, int(number))
        at = text.find("add +", at + 5)
    return best


def _matches(move_id: str, pattern: str) -> bool:
    if "*" not in pattern:
        return move_id == pattern or ((":" in pattern) != (":" in move_id) and id_matches(move_id, pattern))
    return fnmatch.fnmatchcase(move_id, pattern) or id_matches(move_id, pattern)  # id_matches: across formats


def _groups(text: str) -> list[tuple[tuple[str, ...], str]]:
    """The (lower-cased) ability text in groups, each with the move ids it links.

    A clause linking moves, or opening with "when you", starts a group; any
    other clause ("you may then reroll...", "if you do, ...") joins the group before it.
    """
    groups: list[tuple[tuple[str, ...], list[str]]] = []
    for clause in _CLAUSE.split(text.replace("\n", "; ").replace(" * ", "; ")):
        if not clause.strip():
            continue
        linked = tuple(_LINK.findall(clause)) if "(id:" in clause else ()
        if linked or not groups or clause.lstrip().startswith("when you"):
            groups.append((linked, [clause]))
        else:
            groups[-1][1].append(clause)
    return [(linked, " ".join(clauses)) for linked, clauses in groups]


def _about_every_link(text: str, sole: tuple[str, ...] | None) -> bool:
    """Whether every move the (lower-cased) text links is one that *sole* (the only enhancement's moves) names."""
    if "(id:" not in text:
        return True
    if not sole:
        return False
    return all(any(_matches(link, p) for p in sole) for link in _LINK.findall(text))


def _effects(text: str, groups: list[tuple[tuple[str, ...], str]], moves: Sequence[str]) -> tuple[int, str | None]:
    """The adds and reroll the part of *text* (lower-cased) about *moves* (every move, when empty) grants."""
    if moves:
        mine = [said for linked, said in groups if any(_matches(m, p) for m in linked for p in moves)]
    else:
        mine = [said for linked, said in groups if not linked]
    said = " ".join(mine) if mine else text
    adds = _adds(said)
    reroll = None
    if "reroll" in said:
        kinds = _rerolls(said)
        reroll = next((kind for kind in REROLLS if kind in kinds), None)  # the widest the text grants
    return min(adds, 10), reroll


def read_enhancements(
    data: Sequence[Any], text: str, *, asset: str, ability: int, path: str
) -> tuple[MoveEnhancement, ...]:
    """The ``enhance_moves`` of one asset ability (*data*, at JSON *path*), its adds and rerolls read from *text*.

    A roll option naming an asset control without saying which asset is this asset's.
    Every part of *data* is checked here; the adds and rerolls are read from *text*
    the first time one of them is asked for (a ruleset has hundreds of abilities).

    Raises:
        DataswornError: the data breaks the format (the message names the JSON path).
    """
    if not data:
        return ()
    found = []
    sole = None
    for index, item in enumerate(data):
        fast = _fast_parts(item)  # the common shape, checked inline (hundreds in a ruleset)
        if fast is None:
            roll_type, moves, conditions = _checked_parts(item, f"{path}[{index}]", asset)
        else:
            roll_type, moves, conditions = fast
            conditions = tuple(_own_asset(condition, asset) for condition in conditions)
        if len(data) == 1:
            sole = moves
        pending = _Pending(text, sole, moves)
        when = "; ".join([condition.text for condition in conditions if condition.text])
        enhancement = _new(MoveEnhancement)
        _set_asset(enhancement, asset)
        _set_ability(enhancement, ability)
        _set_roll_type(enhancement, roll_type)
        _set_moves(enhancement, moves)
        _set_conditions(enhancement, conditions)
        _set_adds(enhancement, pending)
        _set_reroll(enhancement, pending)
        _set_when(enhancement, when)
        found.append(enhancement)
    return tuple(found)


def _text_effects(text: str, sole: tuple[str, ...] | None, moves: tuple[str, ...]) -> tuple[int, str | None]:
    """The adds and reroll an ability's *text* grants the *moves* of one of its enhancements.

    *sole* is the moves of the ability's only enhancement, ``None`` when it has several.
    """
    lower = text.lower()
    if "add +" not in lower and "reroll" not in lower:
        return 0, None
    # Split the text only when it also speaks of other moves (the read is then per enhancement).
    groups: list[tuple[tuple[str, ...], str]] = [((), lower)] if _about_every_link(lower, sole) else _groups(lower)
    return _effects(lower, groups, moves)


class _Pending:
    """Held in the ``adds`` and ``reroll`` slots of a read enhancement until one of them is asked for."""

    __slots__ = ("moves", "sole", "text")

    def __init__(self, text: str, sole: tuple[str, ...] | None, moves: tuple[str, ...]) -> None:
        self.text = text
        self.sole = sole
        self.moves = moves


class _ReadOnFirstUse:
    """The ``adds`` and ``reroll`` attributes: the slot's value, read from the ability text the first time.

    Loading a ruleset checks every enhancement's structure at once; only reading its
    text waits. Equality, hashing, ``repr`` and JSON all go through this attribute,
    so they see the values read.
    """

    __slots__ = ("slot",)

    def __init__(self, slot: Any) -> None:
        self.slot = slot

    def __get__(self, instance: Any, owner: Any = None) -> Any:
        if instance is None:
            return self
        value = self.slot.__get__(instance, owner)
        if type(value) is _Pending:
            adds, reroll = _text_effects(value.text, value.sole, value.moves)
            _set_adds(instance, adds)
            _set_reroll(instance, reroll)
            return adds if self.slot is _ADDS_SLOT else reroll
        return value

    def __set__(self, instance: Any, value: Any) -> None:
        self.slot.__set__(instance, value)


_new = object.__new__
_ADDS_SLOT = MoveEnhancement.__dict__["adds"]
_REROLL_SLOT = MoveEnhancement.__dict__["reroll"]
(_set_asset, _set_ability, _set_roll_type, _set_moves, _set_conditions, _set_when) = (
    MoveEnhancement.__dict__[name].__set__ for name in ("asset", "ability", "roll_type", "moves", "conditions", "when")
)
_set_adds = _ADDS_SLOT.__set__
_set_reroll = _REROLL_SLOT.__set__
for _name, _slot in (("adds", _ADDS_SLOT), ("reroll", _REROLL_SLOT)):
    setattr(MoveEnhancement, _name, _ReadOnFirstUse(_slot))


def _checked_parts(item: Any, where: str, asset: str) -> tuple[RollType, tuple[str, ...], tuple[TriggerCondition, ...]]:
    """An enhancement's roll type, moves and conditions, every part checked with its JSON path."""
    item = _data.obj(item, where)
    roll_type = read_roll_type(item, where)
    moves = _data.strings(item, "enhances", where)
    trigger_path = _data.key_path(where, "trigger")
    trigger = _data.get(item, "trigger", where, dict, required=False) or {}
    conditions_path = _data.key_path(trigger_path, "conditions")
    conditions = tuple(
        _own_asset(read_condition(condition, f"{conditions_path}[{i}]"), asset)
        for i, condition in enumerate(_data.array(trigger, "conditions", trigger_path))
    )
    return roll_type, moves, conditions


def _fast_parts(item: Any) -> tuple[RollType, tuple[str, ...], tuple[TriggerCondition, ...]] | None:
    """The same for the common enhancement (moves as strings, conditions without roll options), else ``None``."""
    if type(item) is not dict:
        return None
    roll_type = _ROLL_TYPES.get(item.get("roll_type"))  # type: ignore[arg-type]
    moves = item.get("enhances")
    trigger = item.get("trigger")
    if roll_type is None or (moves is not None and type(moves) is not list):
        return None
    if moves and any(type(move) is not str for move in moves):
        return None
    conditions: tuple[TriggerCondition, ...] = ()
    if trigger is not None:
        if type(trigger) is not dict:
            return None
        raw = trigger.get("conditions")
        if raw:
            if type(raw) is not list:
                return None
            built = []
            for condition in raw:
                if type(condition) is not dict or condition.get("roll_options"):
                    return None  # roll options take the checked path
                method, text = condition.get("method"), condition.get("text")
                if (method is not None and type(method) is not str) or (text is not None and type(text) is not str):
                    return None
                built.append(_data.build(TriggerCondition, method=method, options=(), text=text))
            conditions = tuple(built)
    return roll_type, tuple(moves) if moves else (), conditions


def _own_asset(condition: TriggerCondition, asset: str) -> TriggerCondition:
    options = condition.options
    if not options or not any(o.using in _ASSET_KINDS and not o.assets for o in options):
        return condition
    mine = tuple(
        _data.build(RollOption, using=o.using, key=o.key, value=o.value, assets=(asset,))
        if o.using in _ASSET_KINDS and not o.assets
        else o
        for o in options
    )
    return _data.build(TriggerCondition, method=condition.method, options=mine, text=condition.text)


_ASSET_KINDS = ("asset_control", "attached_asset_control", "asset_option")
"""Roll options that read an asset (a meter, its vehicle's meter, an option): without assets named, this one."""
