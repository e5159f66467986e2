"""What an asset ability changes about moves: extra roll options, automatic outcomes, adds, rerolls.

Datasworn gives each asset ability a list ``enhance_moves``: which moves it
changes (ids with ``*`` wildcards; none listed means every move of its roll
type), and trigger conditions the ability adds (a new roll option such as
``roll +health`` of the companion, an automatic outcome, or only a
circumstance, "aided by your combat bot"). The arithmetic an ability grants is
written only in its text ("add +1", "reroll your action die if its value is less
than the glowcat's health", "on a miss, reroll all dice and add +2"), so it is
read (:mod:`~tabletop_core.action_roll.datasworn.effects`) from the sentences
whose trigger links the enhanced move, or, for an enhancement of every move, from
the sentences whose trigger links none; from the whole text when no sentence
qualifies. A "choose one" list makes one enhancement per choice.

Examples:
    >>> from tabletop_core.action_roll.datasworn.enhancements import read_enhancements
    >>> (boost,) = read_enhancements(
    ...     [{"roll_type": "action_roll", "enhances": ["demo/moves/dash"],
    ...       "trigger": {"conditions": [{"text": "Beside your hound"}]}}],
    ...     "When you [Dash](id:demo/moves/dash) beside your hound, add +1. You may reroll your action die.",
    ...     asset="demo/assets/hound", ability=0, path="$")
    >>> boost.adds, boost.reroll, boost.when
    (1, 'action die', 'Beside your hound')
    >>> [str(effect) for effect in boost.effects]
    ['add +1', 'reroll the action die']
"""

from __future__ import annotations

import fnmatch
import re
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

import attrs

from tabletop_core._frozen import frozen
from tabletop_core._record import Record
from tabletop_core._validate import check_int, check_type, of_type
from tabletop_core.action_roll.datasworn import _data
from tabletop_core.action_roll.datasworn.effects import (
    AbilityEffect,
    EffectKind,
    read_effects,
    split_sentences,
    subject_links,
)
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


@frozen
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
        adds: What it adds to the roll as it is made ("add +1"): the fixed adds
            among :attr:`effects` that need no outcome and no reroll.
        reroll: The widest reroll it grants with no outcome asked for (a key of
            :data:`REROLLS`), or ``None``; :attr:`effects` tells the whole of it.
        when: The circumstance, as the data words it ("Aided by your combat bot").
        effects: Everything read from the ability's text about this
            enhancement's moves (see :mod:`~tabletop_core.action_roll.datasworn.effects`):
            adds (of a number, or of a value such as "+its health"), rerolls (with
            the die's limit and the outcome they follow), outcomes counted as
            others, adds after the roll.
        choice: For one choice of a "choose one" list, its label ("Strafing
            run"): each choice is its own enhancement.
    """

    _optional_keys: ClassVar[tuple[str, ...]] = ("effects", "choice")

    asset: str = attrs.field(validator=of_type(str))
    ability: int = attrs.field(validator=lambda _i, _a, v: check_int("ability", v, low=0))
    roll_type: RollType = attrs.field(validator=of_type(RollType))
    moves: tuple[str, ...] = _data.tuple_field(str, default=())
    conditions: tuple[TriggerCondition, ...] = _data.tuple_field(TriggerCondition, default=())
    adds: int = attrs.field(default=0, validator=lambda _i, _a, v: check_int("adds", v, low=0, high=10))
    reroll: str | None = attrs.field(default=None, validator=_reroll)
    when: str = attrs.field(default="", validator=of_type(str))
    effects: tuple[AbilityEffect, ...] = _data.tuple_field(AbilityEffect, default=())
    choice: str = attrs.field(default="", validator=of_type(str))

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

    @property
    def asset_name(self) -> str:
        """The asset's name as its id spells it (``combat bot``)."""
        return self.asset.rpartition("/")[2].replace("_", " ")

    def __str__(self) -> str:
        parts = [self.when] if self.when else []
        if self.choice:
            parts.append(self.choice)
        if self.effects:
            parts += [str(effect) for effect in self.effects]
        else:
            if self.adds:
                parts.append(f"add +{self.adds}")
            if self.reroll:
                parts.append(f"reroll {self.reroll}")
        parts += [f"roll +{option.label}" for c in self.conditions if c.method for option in c.options]
        parts += [f"automatic {c.automatic_outcome}" for c in self.conditions if c.automatic_outcome]
        return f"{self.asset_name}: {'; '.join(parts) or 'changes the move'}"


def _matches(move_id: str, pattern: str) -> bool:
    if "*" not in pattern:
        return move_id == pattern or ((":" in pattern) != (":" in move_id) and id_matches(move_id, pattern))
    return fnmatch.fnmatchcase(move_id, pattern) or id_matches(move_id, pattern)  # id_matches: across formats


_STARTS = ("when ", "once per", "one time only", "if you make", "if you are ", "if you have")
_LINK = re.compile(r"\(id:([^)\s]+)\)")
_BULLET = re.compile(r"^\s*\*\s+([^:\n]{1,40}):\s*(.*)$", re.MULTILINE)


def _groups(sentences: Sequence[str]) -> list[tuple[tuple[str, ...], list[str]]]:
    """The sentences in groups, each with the move ids its trigger links.

    A sentence whose trigger links moves, or that opens a new trigger ("When you
    ...", "Once per fight"), starts a group; any other ("If you do, ...", "On a
    miss, ...", a list item) joins the group before it.
    """
    groups: list[tuple[tuple[str, ...], list[str]]] = []
    for sentence in sentences:
        linked = subject_links(sentence)
        if linked or not groups or sentence.lower().startswith(_STARTS):
            groups.append((linked, [sentence]))
        else:
            groups[-1][1].append(sentence)
    return groups


def _mine(sentences: list[str], sole: tuple[str, ...] | None, moves: tuple[str, ...]) -> list[str]:
    """The sentences about *moves* (every move of the roll type, when empty); all of them when none is.

    A text that links no move is all about its enhancements. *sole* (the moves of an
    ability's only enhancement) is kept for the signature's sake: a sole enhancement's
    text is split like any other, so "One time only, when you trigger the program,
    reroll any dice" is not read as part of "When you [Face Danger] ..., add +2".
    """
    del sole
    if "(id:" not in " ".join(sentences):
        return sentences
    groups = _groups(sentences)
    if moves:
        mine = [s for linked, said in groups if any(_matches(m, p) for m in linked for p in moves) for s in said]
    else:
        mine = [s for linked, said in groups if not linked for s in said]
    return mine or sentences


def _summary(effects: Sequence[AbilityEffect]) -> tuple[int, str | None]:
    """The ``adds`` and ``reroll`` of an enhancement: fixed adds as the roll is made, the widest plain reroll."""
    adds = min(sum(e.amount for e in effects if e.is_before_the_roll and e.value_of is None), 10)
    kinds = set()
    for effect in effects:
        if effect.kind is EffectKind.REROLL and not effect.on:
            if effect.dice == ("action",):
                kinds.add("action die")
            elif len(effect.dice) == 3:
                kinds.add("any dice")
            else:
                kinds.add("one challenge die" if effect.choose == "one" else "challenge dice")
    return adds, next((kind for kind in REROLLS if kind in kinds), None)


def _text_effects(
    text: str, sole: tuple[str, ...] | None, moves: tuple[str, ...], asset: str, own: frozenset[str]
) -> tuple[AbilityEffect, ...]:
    """What an ability's *text* grants the *moves* of one of its enhancements (*sole*: the only one's moves)."""
    lower = text.lower()
    if "add +" not in lower and "reroll" not in lower and "count a" not in lower:
        return ()
    sentences = _mine(split_sentences(text), sole, moves)
    return read_effects(text, asset=asset, own=own, sentences=sentences)


def _choices(text: str) -> list[tuple[str, str]]:
    """The items of a "choose one" list in *text*: ``(label, rest)`` ("Strafing run", "Add +1 and ...")."""
    if "\n" not in text or "*" not in text:
        return []
    return [(label.strip(), rest.strip()) for label, rest in _BULLET.findall(text)]


def _split_choices(found: list[MoveEnhancement], text: str, asset: str, own: frozenset[str]) -> list[MoveEnhancement]:
    """Enhancements of an ability with a "choose one" list: one per choice, each with that choice's effects.

    Where the data gives one enhancement per choice (the same moves each time), the
    choices go to them in order (or by the label their circumstance names); otherwise
    an enhancement whose circumstance names one choice is that choice, and any other
    becomes one enhancement per choice. The effects are read when first
    asked for, like every enhancement's.
    """
    items = _choices(text)
    if len(items) < 2:
        return found
    lead = tuple(label.lower() + ":" for label, _ in items)  # the sentences outside the list: read on first use
    sole = found[0].moves if len(found) == 1 else None
    by_moves: dict[tuple[RollType, tuple[str, ...]], list[int]] = {}
    for index, enhancement in enumerate(found):
        by_moves.setdefault((enhancement.roll_type, enhancement.moves), []).append(index)
    chosen: dict[int, MoveEnhancement] = {}
    for indexes in by_moves.values():
        if len(indexes) == len(items):
            order = _by_label([found[i] for i in indexes], items)
            for index, (label, rest) in zip(indexes, order, strict=True):
                pending = _Pending(text, sole, found[index].moves, asset, own, lead, rest)
                chosen[index] = _with_choice(found[index], pending, label)
    result: list[MoveEnhancement] = []
    for index, enhancement in enumerate(found):
        if index in chosen:
            result.append(chosen[index])
            continue
        named = [item for item in items if item[0].lower() in enhancement.when.lower()]
        # An enhancement whose circumstance names one choice ("... (and choosing a manual scan)",
        # Sensor Array) is that choice alone; else each choice is offered with it.
        for label, rest in named if len(named) == 1 else items:
            pending = _Pending(text, sole, enhancement.moves, asset, own, lead, rest)
            result.append(_with_choice(enhancement, pending, label))
    return result


def _by_label(enhancements: list[MoveEnhancement], items: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """*items* in the order of *enhancements*: by the label each one's circumstance names, else as listed."""
    picked = [next((item for item in items if item[0].lower() in e.when.lower()), None) for e in enhancements]
    if all(item is not None for item in picked) and len(set(picked)) == len(items):
        return [item for item in picked if item is not None]
    return items


def _with_choice(enhancement: MoveEnhancement, pending: _Pending, choice: str) -> MoveEnhancement:
    copy = _new(MoveEnhancement)
    for name in ("asset", "ability", "roll_type", "moves", "conditions", "when"):
        _SETTERS[name](copy, getattr(enhancement, name))
    _set_effects(copy, pending)
    _set_adds(copy, pending)
    _set_reroll(copy, pending)
    _set_choice(copy, choice)
    return copy


def read_enhancements(
    data: Sequence[Any], text: str, *, asset: str, ability: int, path: str, own: frozenset[str] = frozenset()
) -> tuple[MoveEnhancement, ...]:
    """The ``enhance_moves`` of one asset ability (*data*, at JSON *path*), its effects read from *text*.

    A roll option naming an asset control without saying which asset is this asset's.
    Every part of *data* is checked here; the effects (adds, rerolls, ...) are read
    from *text* the first time one of them is asked for (a ruleset has hundreds of
    abilities), except for an ability with a "choose one" list, which is read at
    once (each choice is its own enhancement). *own* is the keys of the asset's
    controls ("+integrity" of an asset without one is its vehicle's).

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
        pending = _Pending(text, sole, moves, asset, own)
        when = "; ".join([condition.text for condition in conditions if condition.text])
        enhancement = _new(MoveEnhancement)
        _set_asset(enhancement, asset)
        _set_ability(enhancement, ability)
        _set_roll_type(enhancement, roll_type)
        _set_moves(enhancement, moves)
        _set_conditions(enhancement, conditions)
        _set_adds(enhancement, pending)
        _set_reroll(enhancement, pending)
        _set_effects(enhancement, pending)
        _set_when(enhancement, when)
        _set_choice(enhancement, "")
        found.append(enhancement)
    if "\n" in text and "* " in text and _choices_with_effects(text):
        return tuple(_split_choices(found, text, asset, own))
    return tuple(found)


_EFFECT_WORDS = re.compile(r"add \+|reroll|count an? ", re.IGNORECASE)


def _choices_with_effects(text: str) -> bool:
    """Whether *text* has a "choose one" list some of whose choices add, reroll or count an outcome."""
    return any(_EFFECT_WORDS.search(rest) for _label, rest in _choices(text))


class _Pending:
    """Held in the ``adds``, ``reroll`` and ``effects`` slots of a read enhancement until one of them is asked for.

    For one choice of a "choose one" list, *lead* holds the labels of the list's items
    (the sentences outside the list are the others) and *choice* the text of the choice.
    """

    __slots__ = ("asset", "choice", "lead", "moves", "own", "sole", "text")

    def __init__(
        self,
        text: str,
        sole: tuple[str, ...] | None,
        moves: tuple[str, ...],
        asset: str,
        own: frozenset[str],
        lead: tuple[str, ...] | None = None,
        choice: str | None = None,
    ) -> None:
        self.text = text
        self.sole = sole
        self.moves = moves
        self.asset = asset
        self.own = own
        self.lead = lead
        self.choice = choice

    def read(self) -> tuple[AbilityEffect, ...]:
        """The effects: of the sentences about the moves, and of the choice when it is one."""
        if self.lead is None or self.choice is None:
            return _text_effects(self.text, self.sole, self.moves, self.asset, self.own)
        outside = [s for s in split_sentences(self.text) if not s.lower().startswith(self.lead)]
        base = read_effects(self.text, asset=self.asset, own=self.own, sentences=_mine(outside, self.sole, self.moves))
        return (*base, *read_effects(self.choice, asset=self.asset, own=self.own))


class _ReadOnFirstUse:
    """The ``adds``, ``reroll`` and ``effects`` attributes: the slot's value, read from the ability text the first time.

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
            effects = value.read()
            adds, reroll = _summary(effects)
            _set_adds(instance, adds)
            _set_reroll(instance, reroll)
            _set_effects(instance, effects)
            return self.slot.__get__(instance, owner)
        return value

    def __set__(self, instance: Any, value: Any) -> None:
        self.slot.__set__(instance, value)


_new = object.__new__
_ADDS_SLOT = MoveEnhancement.__dict__["adds"]
_REROLL_SLOT = MoveEnhancement.__dict__["reroll"]
_EFFECTS_SLOT = MoveEnhancement.__dict__["effects"]
_SETTERS = {
    name: MoveEnhancement.__dict__[name].__set__
    for name in ("asset", "ability", "roll_type", "moves", "conditions", "when", "choice")
}
_set_asset, _set_ability, _set_roll_type, _set_moves, _set_conditions, _set_when, _set_choice = _SETTERS.values()
_set_adds = _ADDS_SLOT.__set__
_set_reroll = _REROLL_SLOT.__set__
_set_effects = _EFFECTS_SLOT.__set__
for _name, _slot in (("adds", _ADDS_SLOT), ("reroll", _REROLL_SLOT), ("effects", _EFFECTS_SLOT)):
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
