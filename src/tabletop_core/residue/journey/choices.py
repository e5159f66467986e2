"""The kinds of choice a Journey offers: one frozen class per kind of decision, under :class:`Choice`.

What kind of choice is the :class:`Act` (:mod:`~tabletop_core.residue.journey.acts`); what
every kind shares is :class:`Choice` (:mod:`~tabletop_core.residue.journey.choice_base`);
``Choice(act, ...)`` and the flat choices saved before are built by
:mod:`~tabletop_core.residue.journey._choice_build` (it finds these kinds among
``Choice``'s subclasses). This module gathers them all.
"""

from __future__ import annotations

from typing import ClassVar

from tabletop_core._frozen import frozen
from tabletop_core._validate import check_type
from tabletop_core.errors import InvalidInput
from tabletop_core.residue.hexmap import Direction
from tabletop_core.residue.inventory import InventoryKind
from tabletop_core.residue.journey._choice_build import kinds
from tabletop_core.residue.journey.acts import Act
from tabletop_core.residue.journey.choice_base import Choice, _label
from tabletop_core.residue.rest import RestChoices
from tabletop_core.residue.step_die import StepDie


@frozen
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

    label: str = _label()

    def __attrs_post_init__(self) -> None:
        self._check()
        if (self.target is None) is (self.act is Act.ATTACK):
            need = "needs the enemy attacked as target" if self.act is Act.ATTACK else "takes no target"
            raise InvalidInput(f"{self.act.name} {need}")


@frozen
class MoveChoice(Choice):
    """Move one Hex (Travel) or Escape to an adjacent Hex.

    Attributes:
        act: ``MOVE`` or ``ESCAPE_TO``.
        direction: The direction.
    """

    ACTS: ClassVar[frozenset[Act]] = frozenset({Act.MOVE, Act.ESCAPE_TO})

    act: Act
    direction: Direction

    label: str = _label()

    def __attrs_post_init__(self) -> None:
        self._check()


@frozen
class PickChoice(Choice):
    """Pick one of several by position: a Portal, an optional Encounter, a Vendor's good, an Entry's option.

    Attributes:
        act: ``FAST_TRAVEL``, ``MEET``, ``BARTER``, ``OPTION`` or ``KEEP_CARD``.
        target: The Token (Fast Travel, meet), the good (Barter), the option (an Entry's) or
            the card drawn (Draw X. Choose Y.).
    """

    ACTS: ClassVar[frozenset[Act]] = frozenset({Act.FAST_TRAVEL, Act.MEET, Act.BARTER, Act.OPTION, Act.KEEP_CARD})

    act: Act
    target: int

    label: str = _label()

    def __attrs_post_init__(self) -> None:
        self._check()


@frozen
class StrainChoice(Choice):
    """Gain 1 Strain at any time: Reroll dice of the Endurance Pool, or Recover committed dice.

    :meth:`Journey.choices` offers each with ``dice=None`` (all of them) and with each die
    alone; :meth:`Journey.apply` takes any non-empty subset: build it with
    :meth:`with_dice` (``choice.with_dice((0, 2))``) or ``Choice(Act.REROLL, dice=(0, 2))``.

    Attributes:
        act: ``REROLL`` or ``RECOVER``.
        dice: The positions taken (in the pool for a Reroll, in ``endurance.committed``
            for a Recover); ``None``: all of them.
    """

    ACTS: ClassVar[frozenset[Act]] = frozenset({Act.REROLL, Act.RECOVER})

    act: Act
    dice: tuple[int, ...] | None = None

    label: str = _label()

    def __attrs_post_init__(self) -> None:
        self._check()
        if self.dice is not None and any(i < 0 for i in self.dice):
            raise InvalidInput(f"dice are positions counted from 0, got {self.dice}")

    def _offered(self) -> Choice:
        return self if self.dice is None else Choice(self.act)

    def with_dice(self, dice: tuple[int, ...] | list[int] | None) -> StrainChoice:
        """The same Reroll or Recover taking the dice at *dice* (positions from 0; ``None``: all).

        Raises:
            TypeError: *dice* is not a sequence of ints.
            InvalidInput: a position below 0, or a position repeated.

        Examples:
            >>> from tabletop_core.residue.journey import Act, Choice
            >>> str(Choice(Act.REROLL).with_dice([2, 0]))
            'gain 1 Strain to Reroll the Endurance Pool dice #1, #3'
        """
        if dice is None:
            return StrainChoice(self.act)
        if isinstance(dice, (str, bytes)) or not isinstance(dice, (tuple, list)):
            raise TypeError(f"dice must be a sequence of positions, got {type(dice).__name__}")
        positions = tuple(sorted(dice))
        if len(set(positions)) != len(positions):
            raise InvalidInput(f"dice must not repeat a position, got {list(dice)}")
        return StrainChoice(self.act, positions)


@frozen
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

    label: str = _label()

    def __attrs_post_init__(self) -> None:
        self._check()

    def _offered(self) -> Choice:
        return self if self.rest is None else Choice(self.act)


@frozen
class InventoryChoice(Choice):
    """⊙ an Inventory: pay Strain, heal, or roll instead of what is missing (Rest); pay a Barter.

    Attributes:
        act: ``PAY``, ``HEAL``, ``PANIC_ROLL``, ``FATIGUE_ROLL`` or ``BARTER_PAY``.
        kind: The Inventory rolled.
    """

    ACTS: ClassVar[frozenset[Act]] = frozenset({Act.PAY, Act.HEAL, Act.PANIC_ROLL, Act.FATIGUE_ROLL, Act.BARTER_PAY})

    act: Act
    kind: InventoryKind

    label: str = _label()

    def __attrs_post_init__(self) -> None:
        self._check()


@frozen
class BanishChoice(Choice):
    """Strain Payoff with no Inventory: banish an Endurance die.

    Attributes:
        act: ``BANISH``.
        banish: The size banished; ``None`` when none can be (Cannot Banish: defeat).
    """

    ACTS: ClassVar[frozenset[Act]] = frozenset({Act.BANISH})

    act: Act
    banish: StepDie | None = None

    label: str = _label()

    def __attrs_post_init__(self) -> None:
        self._check()


@frozen
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

    label: str = _label()

    def __attrs_post_init__(self) -> None:
        self._check()


@frozen
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

    label: str = _label()

    def __attrs_post_init__(self) -> None:
        self._check()
        if (self.item_slot is None) is (self.weapon_slot is None):
            raise InvalidInput(f"{self.act.name} names exactly one slot: an item_slot or a weapon_slot")


@frozen
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

    label: str = _label()

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
assert kinds(Choice).by_act == _KIND_OF  # what Choice(act, ...) builds: these kinds, no other
Choice.register()


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


__all__ = [
    "KINDS",
    "Act",
    "BanishChoice",
    "Choice",
    "CommitChoice",
    "InventoryChoice",
    "MoveChoice",
    "PickChoice",
    "PlainChoice",
    "SlotChoice",
    "StrainChoice",
    "SwitchChoice",
    "TakeRestChoice",
    "kind_of",
]
