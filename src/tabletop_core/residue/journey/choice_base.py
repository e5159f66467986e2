"""What every choice shares: the union :class:`Choice`, its empty details, its text and its loading.

The kinds (one frozen class per kind of decision) are in
:mod:`~tabletop_core.residue.journey.choices`; ``Choice(act, ...)`` is built by
:mod:`~tabletop_core.residue.journey._choice_build`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

import attrs

from tabletop_core._tagged_union import TaggedUnion
from tabletop_core._typed import check_fields
from tabletop_core._validate import check_one_line
from tabletop_core.errors import InvalidInput
from tabletop_core.residue.hexmap import Direction
from tabletop_core.residue.inventory import InventoryKind
from tabletop_core.residue.journey._choice_build import OLD_TAG, build, from_flat, shared
from tabletop_core.residue.journey.acts import Act
from tabletop_core.residue.rest import RestChoices
from tabletop_core.residue.step_die import StepDie

__all__ = ["Choice"]


def _label() -> Any:  # Any: attrs.field's own type
    """The ``label`` field every kind has: the words :meth:`Journey.choices` gives it, outside equality."""
    return attrs.field(default="", eq=False, repr=False, kw_only=True, validator=_one_line_text)


def _one_line_text(_instance: object, attribute: Any, value: object) -> None:  # Any: attrs callback
    check_one_line(attribute.name, value)


class _ChoiceFactory(type):
    """The metaclass of :class:`Choice`: ``Choice(act, ...)`` builds the kind *act* belongs to.

    The building itself is :mod:`~tabletop_core.residue.journey._choice_build`'s: it finds the
    kinds among the subclasses of the class called.
    """

    def __call__(cls, *args: Any, **kwargs: Any) -> Any:  # Any: each kind has its own fields
        if cls is Choice:
            # Choices are frozen, so equal requests share one instance: choices() builds the
            # same few over and over, and a cache hit skips the per-kind checks.
            try:
                hash((args, tuple(kwargs.items())))
            except TypeError:  # an unhashable detail (a list for dice): built, and refused, unshared
                return build(cls, *args, **kwargs)
            return shared(cls, *args, **kwargs)
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
    _optional_keys: ClassVar[tuple[str, ...]] = ("label",)  # written only when given (a choice Journey.choices made)

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
        untagged = None if isinstance(data, Mapping) and "version" in data else OLD_TAG  # 0.1.0: no tag
        if isinstance(data, Mapping) and data.get("type", untagged) == OLD_TAG:
            old = from_flat(Choice, data)
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
        label: str = getattr(self, "label", "")
        if label:
            return label
        return self.generic()

    def generic(self) -> str:
        """The choice in the engine's own words (its act and positions), whatever its ``label``.

        ``str()`` is the label :meth:`Journey.choices` gave it (the die's size and Value, the
        enemy's name, the option's text, ...), else this.
        """
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
            label = {Act.ATTACK: "enemy", Act.BARTER: "good", Act.OPTION: "", Act.KEEP_CARD: "card"}.get(
                self.act, "Token"
            )
            parts.append(f"{label} {_shown(self.target)}".lstrip())
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


def _names(acts: frozenset[Act]) -> str:
    return ", ".join(sorted(a.name for a in acts))


def _shown(position: int | None) -> str:
    """A position as players count it, from 1 (the field keeps the index from 0)."""
    return "?" if position is None else str(position + 1)
