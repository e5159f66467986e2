"""The choices a Journey offers: what kind (:class:`Act`) and its details (:class:`Choice`)."""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar, cast

import attrs

from tabletop_core._enum import Enum
from tabletop_core._record import converter, type_name
from tabletop_core._typed import check_fields
from tabletop_core._validate import check_type, clip
from tabletop_core.errors import InvalidInput
from tabletop_core.residue.hexmap import Direction
from tabletop_core.residue.inventory import InventoryKind
from tabletop_core.residue.journey._union import TaggedUnion
from tabletop_core.residue.rest import (
    RestChoices,
)
from tabletop_core.residue.step_die import StepDie


class Act(Enum):
    """The kinds of choice."""

    COMMIT_MOVE = "Commit Move for Travel"
    MOVE = "move one Hex"
    END_TRAVEL = "End Travel"
    ATTACK = "Commit Attack"
    PASS = "Pass"
    RUN = "Run (Commit Move)"
    DEFEND = "Commit Defense"
    NO_DEFENSE = "take the blow"
    ESCAPE_TO = "Escape to an adjacent Hex"
    RECOVER = "gain 1 Strain to Recover committed dice"
    REROLL = "gain 1 Strain to Reroll the Endurance Pool"
    TRAVEL = "return to the Travel Phase"
    REST = "Rest"
    PAY = "pay 1 Strain: ⊙ Inventory"
    STOP_PAYING = "stop paying Strain"
    BANISH = "No Inventory: banish an Endurance die"
    HEAL = "⊙ Food or Water: +1 HP"
    PANIC_ROLL = "⊙ Inventory instead, then roll Panic"
    FATIGUE_ROLL = "⊙ Inventory instead, then roll Fatigue"
    END_REST = "end Recover HP: Check Luck, Start Day"
    SWITCH = "Switch Items between an Item Slot and a Weapon Slot"
    BARTER = "Barter for a Vendor's good"
    LEAVE = "leave the Vendor"
    FAST_TRAVEL = "Fast Travel to another Portal"
    MEET = "meet (an optional Encounter)"
    GO_ON = "go on without the optional Encounters"
    PLACE = "put the gained card in a slot"
    DISCARD_CARD = "discard the gained card"
    RECYCLE = "Recycle an Item: Gear ⇧"
    ACTIVATE = "activate an Item (roll its Uses)"
    LUCK = "⊙ Luck for the Action"
    NO_LUCK = "resolve the Action without Luck"
    OPTION = "choose an Entry's option"
    COMMIT_SKILL = "Commit Skill"
    GAIN_ITEM = "Gain Item X (from wherever it is)"
    LEAVE_ITEM = "leave the Item"
    SHUFFLE = "shuffle the deck"
    NO_SHUFFLE = "leave the deck as it is"

    def __str__(self) -> str:
        return self.value


class _ChoiceFactory(type):
    """The metaclass of :class:`Choice`: ``Choice(act, ...)`` builds the kind *act* belongs to."""

    def __call__(cls, *args: Any, **kwargs: Any) -> Any:  # Any: each kind has its own fields
        if cls is Choice:
            # Choices are frozen, so equal requests share one instance: choices() builds the
            # same few over and over, and a cache hit skips the per-kind checks.
            try:
                hash((args, tuple(kwargs.items())))
            except TypeError:  # an unhashable detail (a list for dice): built, and refused, unshared
                return _build(*args, **kwargs)
            return _shared(*args, **kwargs)
        return super().__call__(*args, **kwargs)


class Choice(TaggedUnion, metaclass=_ChoiceFactory):
    """One choice the rules give the player: a tagged union, one frozen class per kind of decision.

    Each kind holds only its own fields and checks them when built: a
    :class:`CommitChoice` (die, Luck, the enemy attacked), a :class:`MoveChoice`
    (a direction), a :class:`PickChoice` (a Token, a good, an Entry's option), a
    :class:`StrainChoice` (the dice a Reroll or Recover takes), a :class:`TakeRestChoice`,
    an :class:`InventoryChoice`, a :class:`BanishChoice`, a :class:`SwitchChoice`, a
    :class:`SlotChoice` and a :class:`PlainChoice` (no details). Every kind has ``act``
    (:class:`Act`); :func:`kind_of` names the class each act belongs to.

    ``Choice(act, die, luck, target, *, direction, rest, kind, banish, item_slot,
    weapon_slot, dice)`` still works: it builds the kind *act* belongs to and raises
    :class:`~tabletop_core.errors.InvalidInput` for a detail that kind does not hold.
    Reading a detail a kind does not hold gives its empty value (``None``, ``False``).
    ``Choice.from_dict`` reads the tagged dict of any kind, and the flat shape of the
    single ``Choice`` class saved before (format version 1).

    Positions (``die``, ``target``, the slots, ``dice``) are indexes from 0; ``str()``
    shows them from 1, as players count (``Commit Attack enemy 1 die 2``).

    Examples:
        >>> from tabletop_core.residue.journey import Act, Choice
        >>> attack = Choice(Act.ATTACK, 1, False, 0)
        >>> type(attack).__name__, str(attack)
        ('CommitChoice', 'Commit Attack enemy 1 die 2')
        >>> Choice.from_dict(attack.to_dict()) == attack
        True
    """

    __slots__ = ()

    if TYPE_CHECKING:  # the factory's signature, as the single Choice class had it

        def __init__(
            self,
            act: Act,
            die: int | None = None,
            luck: bool = False,
            target: int | None = None,
            *,
            direction: Direction | None = None,
            rest: RestChoices | None = None,
            kind: InventoryKind | None = None,
            banish: StepDie | None = None,
            item_slot: int | None = None,
            weapon_slot: int | None = None,
            dice: tuple[int, ...] | None = None,
        ) -> None: ...

        act: Act

    ACTS: ClassVar[frozenset[Act]] = frozenset()
    """The acts this kind of choice takes."""

    _old_tags: ClassVar[tuple[str, ...]] = ("residue.Choice",)  # the single class of format 1: loads as its kind

    # -- the details a kind does not hold read as empty (each kind's fields override these) --

    @property
    def die(self) -> int | None:
        """The Endurance Pool position to Commit (:class:`CommitChoice`)."""
        return None

    @property
    def luck(self) -> bool:
        """⊙ Luck once for the Action (:class:`CommitChoice`)."""
        return False

    @property
    def target(self) -> int | None:
        """The enemy, Token, good or option chosen (:class:`CommitChoice`, :class:`PickChoice`)."""
        return None

    @property
    def direction(self) -> Direction | None:
        """The direction moved (:class:`MoveChoice`)."""
        return None

    @property
    def rest(self) -> RestChoices | None:
        """A whole Rest's choices at once (:class:`TakeRestChoice`)."""
        return None

    @property
    def kind(self) -> InventoryKind | None:
        """The Inventory rolled (:class:`InventoryChoice`)."""
        return None

    @property
    def banish(self) -> StepDie | None:
        """The size of Endurance die banished (:class:`BanishChoice`)."""
        return None

    @property
    def item_slot(self) -> int | None:
        """The Item Slot used (:class:`SwitchChoice`, :class:`SlotChoice`)."""
        return None

    @property
    def weapon_slot(self) -> int | None:
        """The Weapon Slot used (:class:`SwitchChoice`, :class:`SlotChoice`)."""
        return None

    @property
    def dice(self) -> tuple[int, ...] | None:
        """The dice a Reroll or Recover takes (:class:`StrainChoice`)."""
        return None

    @classmethod
    def from_dict(cls: type[C], data: Mapping[str, object]) -> C:
        """Rebuild the kind the ``"type"`` tag names; a flat ``residue.Choice`` dict of format 1 too.

        Raises:
            InvalidInput: no tag, an unknown kind, a detail the act's kind does not hold,
                or data that does not build it.
            TypeError: *data* is not a mapping.
        """
        if isinstance(data, Mapping) and data.get("type", _OLD_TAG) == _OLD_TAG:  # untagged: 0.1.0
            old = _from_flat(data)
            if not isinstance(old, cls):
                raise InvalidInput(f"{cls.__name__} data holds a {type(old).__name__}")
            return old
        return super().from_dict(data)

    def _offered(self) -> Choice:
        """The choice as :meth:`Journey.choices` offers it (details it leaves to the player removed)."""
        return self

    def _check(self) -> None:
        """Check the field types, the act and that every position counts from 0."""
        check_fields(self)  # types from the annotations: a tampered save gets a TypeError naming the field
        if self.act not in self.ACTS:
            raise InvalidInput(f"{type(self).__name__} takes {_names(self.ACTS)}, not {self.act.name}")
        # Positions are only checked for sign here: a Choice is a request, and Journey.apply
        # refuses one the Journey does not offer (a position past the end) with a RuleError.
        for name in ("die", "target", "item_slot", "weapon_slot"):
            value = getattr(self, name)
            if value is not None and value < 0:
                raise InvalidInput(f"{name} is a position counted from 0, got {value}")

    def __str__(self) -> str:
        parts = [str(self.act)]
        if self.kind is not None:
            parts.append(str(self.kind))
        if self.banish is not None:
            parts.append(str(self.banish))
        if self.act is Act.SWITCH:
            parts.append(f"Item Slot {_shown(self.item_slot)} <-> Weapon Slot {_shown(self.weapon_slot)}")
        elif self.item_slot is not None:
            parts.append(f"Item Slot {_shown(self.item_slot)}")
        elif self.weapon_slot is not None:
            parts.append(f"Weapon Slot {_shown(self.weapon_slot)}")
        if self.target is not None:
            label = {Act.ATTACK: "enemy", Act.BARTER: "good"}.get(self.act, "Token")
            parts.append(f"{label} {_shown(self.target)}")
        if self.die is not None:
            parts.append(f"die {_shown(self.die)}")
        if self.luck:
            parts.append("with Luck")
        if self.direction is not None:
            parts.append(str(self.direction))
        if self.dice is not None:
            parts.append("dice " + ", ".join(f"#{i + 1}" for i in self.dice))
        return " ".join(parts)


C = TypeVar("C", bound=Choice)


@attrs.frozen
class CommitChoice(Choice):
    """Commit a die: Commit Move (Travel), Attack, Run, Defense, Commit Skill.

    Attributes:
        act: ``COMMIT_MOVE``, ``ATTACK``, ``RUN``, ``DEFEND`` or ``COMMIT_SKILL``.
        die: The Endurance Pool position (``None`` with an empty pool: No Dice
            Available is resolved first, then the die is chosen).
        luck: ⊙ Luck once for the Action.
        target: The enemy attacked (``ATTACK`` only, which needs it).
    """

    ACTS: ClassVar[frozenset[Act]] = frozenset({Act.COMMIT_MOVE, Act.ATTACK, Act.RUN, Act.DEFEND, Act.COMMIT_SKILL})

    act: Act
    die: int | None = None
    luck: bool = False
    target: int | None = None

    def __attrs_post_init__(self) -> None:
        self._check()
        if (self.target is None) is (self.act is Act.ATTACK):
            need = "needs the enemy attacked as target" if self.act is Act.ATTACK else "takes no target"
            raise InvalidInput(f"{self.act.name} {need}")


@attrs.frozen
class MoveChoice(Choice):
    """Move one Hex (Travel) or Escape to an adjacent Hex.

    Attributes:
        act: ``MOVE`` or ``ESCAPE_TO``.
        direction: The direction.
    """

    ACTS: ClassVar[frozenset[Act]] = frozenset({Act.MOVE, Act.ESCAPE_TO})

    act: Act
    direction: Direction

    def __attrs_post_init__(self) -> None:
        self._check()


@attrs.frozen
class PickChoice(Choice):
    """Pick one of several by position: a Portal, an optional Encounter, a Vendor's good, an Entry's option.

    Attributes:
        act: ``FAST_TRAVEL``, ``MEET``, ``BARTER`` or ``OPTION``.
        target: The Token (Fast Travel, meet), the good (Barter) or the option (an Entry's).
    """

    ACTS: ClassVar[frozenset[Act]] = frozenset({Act.FAST_TRAVEL, Act.MEET, Act.BARTER, Act.OPTION})

    act: Act
    target: int

    def __attrs_post_init__(self) -> None:
        self._check()


@attrs.frozen
class StrainChoice(Choice):
    """Gain 1 Strain at any time: Reroll dice of the Endurance Pool, or Recover committed dice.

    :meth:`Journey.choices` offers each once with ``dice=None``; :meth:`Journey.apply`
    takes it with any non-empty subset.

    Attributes:
        act: ``REROLL`` or ``RECOVER``.
        dice: The positions taken (in the pool for a Reroll, in ``endurance.committed``
            for a Recover); ``None``: all of them.
    """

    ACTS: ClassVar[frozenset[Act]] = frozenset({Act.REROLL, Act.RECOVER})

    act: Act
    dice: tuple[int, ...] | None = None

    def __attrs_post_init__(self) -> None:
        self._check()
        if self.dice is not None and any(i < 0 for i in self.dice):
            raise InvalidInput(f"dice are positions counted from 0, got {self.dice}")

    def _offered(self) -> Choice:
        return self if self.dice is None else Choice(self.act)


@attrs.frozen
class TakeRestChoice(Choice):
    """Rest (from Check Strain).

    Attributes:
        act: ``REST``.
        rest: For a whole Rest at once, its choices
            (:class:`~tabletop_core.residue.rest.RestChoices`); ``None`` rests one
            choice at a time (Strain Payoff, Recover HP).
    """

    ACTS: ClassVar[frozenset[Act]] = frozenset({Act.REST})

    act: Act
    rest: RestChoices | None = None

    def __attrs_post_init__(self) -> None:
        self._check()

    def _offered(self) -> Choice:
        return self if self.rest is None else Choice(self.act)


@attrs.frozen
class InventoryChoice(Choice):
    """⊙ an Inventory in the Rest: pay Strain, heal, or roll instead of what is missing.

    Attributes:
        act: ``PAY``, ``HEAL``, ``PANIC_ROLL`` or ``FATIGUE_ROLL``.
        kind: The Inventory rolled.
    """

    ACTS: ClassVar[frozenset[Act]] = frozenset({Act.PAY, Act.HEAL, Act.PANIC_ROLL, Act.FATIGUE_ROLL})

    act: Act
    kind: InventoryKind

    def __attrs_post_init__(self) -> None:
        self._check()


@attrs.frozen
class BanishChoice(Choice):
    """Strain Payoff with no Inventory: banish an Endurance die.

    Attributes:
        act: ``BANISH``.
        banish: The size banished; ``None`` when none can be (Cannot Banish: defeat).
    """

    ACTS: ClassVar[frozenset[Act]] = frozenset({Act.BANISH})

    act: Act
    banish: StepDie | None = None

    def __attrs_post_init__(self) -> None:
        self._check()


@attrs.frozen
class SwitchChoice(Choice):
    """Switch the Items of an Item Slot and a Weapon Slot.

    Attributes:
        act: ``SWITCH``.
        item_slot: The Item Slot.
        weapon_slot: The Weapon Slot.
    """

    ACTS: ClassVar[frozenset[Act]] = frozenset({Act.SWITCH})

    act: Act
    item_slot: int
    weapon_slot: int

    def __attrs_post_init__(self) -> None:
        self._check()


@attrs.frozen
class SlotChoice(Choice):
    """Use one slot: put a gained card there, Recycle its Item or activate it. Exactly one slot is named.

    Attributes:
        act: ``PLACE``, ``RECYCLE`` or ``ACTIVATE``.
        item_slot: The Item Slot, or ``None`` with a Weapon Slot.
        weapon_slot: The Weapon Slot, or ``None`` with an Item Slot.
    """

    ACTS: ClassVar[frozenset[Act]] = frozenset({Act.PLACE, Act.RECYCLE, Act.ACTIVATE})

    act: Act
    item_slot: int | None = None
    weapon_slot: int | None = None

    def __attrs_post_init__(self) -> None:
        self._check()
        if (self.item_slot is None) is (self.weapon_slot is None):
            raise InvalidInput(f"{self.act.name} names exactly one slot: an item_slot or a weapon_slot")


@attrs.frozen
class PlainChoice(Choice):
    """A choice with no details: End Travel, Pass, take the blow, Travel, leave, Luck or not, ...

    Attributes:
        act: One of the acts no other kind takes.
    """

    ACTS: ClassVar[frozenset[Act]] = frozenset(
        {
            Act.END_TRAVEL,
            Act.PASS,
            Act.NO_DEFENSE,
            Act.TRAVEL,
            Act.STOP_PAYING,
            Act.END_REST,
            Act.LEAVE,
            Act.GO_ON,
            Act.DISCARD_CARD,
            Act.LUCK,
            Act.NO_LUCK,
            Act.GAIN_ITEM,
            Act.LEAVE_ITEM,
            Act.SHUFFLE,
            Act.NO_SHUFFLE,
        }
    )

    act: Act

    def __attrs_post_init__(self) -> None:
        self._check()


KINDS: tuple[type[Choice], ...] = (
    CommitChoice,
    MoveChoice,
    PickChoice,
    StrainChoice,
    TakeRestChoice,
    InventoryChoice,
    BanishChoice,
    SwitchChoice,
    SlotChoice,
    PlainChoice,
)
"""Every kind of :class:`Choice`; each :class:`Act` belongs to exactly one."""

_KIND_OF: dict[Act, type[Choice]] = {act: kind for kind in KINDS for act in kind.ACTS}
assert len(_KIND_OF) == len(Act) == sum(len(kind.ACTS) for kind in KINDS)  # each act in exactly one kind
Choice.register()

_FIELDS: dict[type[Choice], dict[str, attrs.Attribute[Any]]] = {
    kind: {field.name: field for field in attrs.fields(cast(Any, kind)) if field.name != "act"} for kind in KINDS
}  # Any: attrs fields of any type
_OLD_TAG = "residue.Choice"
_EMPTY: dict[str, object] = {
    "die": None,
    "luck": False,
    "target": None,
    "direction": None,
    "rest": None,
    "kind": None,
    "banish": None,
    "item_slot": None,
    "weapon_slot": None,
    "dice": None,
}


def kind_of(act: Act) -> type[Choice]:
    """The kind of :class:`Choice` *act* belongs to.

    Examples:
        >>> kind_of(Act.MOVE).__name__
        'MoveChoice'

    Raises:
        TypeError: *act* is not an :class:`Act`.
    """
    check_type("act", act, Act)
    return _KIND_OF[act]


@functools.lru_cache(maxsize=4096, typed=True)  # typed: die=True is refused, not taken for die=1
def _shared(*args: Any, **details: Any) -> Choice:  # Any: the factory's arguments, checked by _build
    return _build(*args, **details)


def _build(act: Act, *args: object, **details: object) -> Choice:
    """``Choice(act, die, luck, target, **details)``: the kind *act* belongs to, with only its details."""
    kind = kind_of(act)
    if len(args) > 3:
        raise TypeError(f"Choice takes at most 4 positional arguments (act, die, luck, target), got {len(args) + 1}")
    for name, value in zip(("die", "luck", "target"), args, strict=False):
        if name in details:
            raise TypeError(f"Choice got two values for {name}")
        details[name] = value
    unknown = sorted(set(details) - set(_EMPTY))
    if unknown:
        raise TypeError(f"Choice got unknown details {unknown}")
    own = _FIELDS[kind]
    given: dict[str, object] = {}
    for name, value in details.items():
        if value is _EMPTY[name] or (name == "luck" and value is False):
            continue
        if name not in own:
            raise InvalidInput(f"{act.name} is a {kind.__name__}, which holds no {name} (got {clip(value)})")
        given[name] = value
    missing = [name for name, field in own.items() if field.default is attrs.NOTHING and name not in given]
    if missing:
        raise InvalidInput(f"{act.name} needs {', '.join(missing)}")
    built: Choice = cast(Any, kind)(act, **given)  # Any: the kind's own fields, checked just above
    return built


def _from_flat(data: Mapping[str, object]) -> Choice:
    """A Choice saved as the single flat class (format version 1): the kind its act belongs to."""
    version = data.get("version", 1)
    if version != 1:
        raise InvalidInput(f"version: no migration of {_OLD_TAG} from version {clip(version)}")
    raw = data.get("act")
    act = _saved_act(raw)
    unknown = sorted(set(data) - set(_EMPTY) - {"type", "version", "act"})
    if unknown:
        raise InvalidInput(f"a saved Choice has unknown keys {unknown}")
    kind = _KIND_OF[act]
    own = _FIELDS[kind]
    kept: dict[str, object] = {"type": type_name(kind), "version": 1, "act": data["act"]}
    for name, value in data.items():
        if name in _EMPTY and value is not None and not (name == "luck" and value is False):
            if name not in own:
                raise InvalidInput(f"a saved {act.name} Choice holds {name}, which a {kind.__name__} does not")
            kept[name] = value
    return kind.from_dict(kept)


def _saved_act(raw: object) -> Act:
    """The :class:`Act` a saved choice names (the record converter's reading)."""
    try:
        act = converter.structure(raw, Act)
    except Exception as error:  # cattrs reports each failure in its own way
        raise InvalidInput(f"act: not a kind of choice: {clip(raw)}") from error
    assert isinstance(act, Act)
    return act


def _names(acts: frozenset[Act]) -> str:
    return ", ".join(sorted(a.name for a in acts))


def _shown(position: int | None) -> str:
    """A position as players count it, from 1 (the field keeps the index from 0)."""
    return "?" if position is None else str(position + 1)
