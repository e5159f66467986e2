"""The base of the encounter's actions, and the converters the kinds of action share.

:class:`Action` is the tagged base every kind derives from (its dict's ``"type"`` names the
kind); the kinds live in :mod:`~tabletop_core.d20.turn_actions`, :mod:`~tabletop_core.d20.gm_actions`,
:mod:`~tabletop_core.d20.ability_actions` and :mod:`~tabletop_core.d20.roll_actions`, which import
this module; :mod:`tabletop_core.d20.actions` is the face that gathers them.
"""

from __future__ import annotations

from typing import ClassVar

from tabletop_core.d20._checks import checked_label, iterable_of
from tabletop_core.d20._members import member
from tabletop_core.d20._tagged import Tagged
from tabletop_core.d20.conditions import Condition
from tabletop_core.d20.space import Space
from tabletop_core.d20.test import (
    AttackKind,
)

__all__ = [
    "Action",
    "attack_kind_of",
    "condition_of",
    "observer_names",
    "optional_origin",
    "space_of",
    "target_names",
    "willing_names",
]


def target_names(value: object) -> tuple[str, ...]:
    """The Targets' names: a sequence of names (``targets``)."""
    items = iterable_of("targets", str, value)
    return tuple(checked_label(f"targets[{i}]", item) for i, item in enumerate(items))


def observer_names(value: object) -> tuple[str, ...]:
    """The observers' names: a sequence of names (``observers``)."""
    items = iterable_of("observers", str, value)
    return tuple(checked_label(f"observers[{i}]", item) for i, item in enumerate(items))


def willing_names(value: object) -> tuple[str, ...]:
    """The Willing Targets' names: a sequence of names (``willing``)."""
    items = iterable_of("willing", str, value)
    return tuple(checked_label(f"willing[{i}]", item) for i, item in enumerate(items))


def optional_origin(value: object) -> Space | None:
    """An Origin: a :class:`~tabletop_core.d20.Space` or ``None``."""
    if value is None or isinstance(value, Space):
        return value
    raise TypeError(f"origin must be a Space or None, got {type(value).__name__} {value!r}")


def space_of(value: object) -> Space:
    """A :class:`~tabletop_core.d20.Space` (a ``TypeError`` for anything else)."""
    if isinstance(value, Space):
        return value
    raise TypeError(f"the Space must be a Space, got {type(value).__name__} {value!r}")


def condition_of(value: object) -> Condition:
    """A :class:`~tabletop_core.d20.Condition` from itself or its name (``condition``)."""
    return member(Condition, "condition", value)


def attack_kind_of(value: object) -> str:
    """The kind of Attack, ``"melee"`` or ``"ranged"``, from an :class:`~tabletop_core.d20.AttackKind` or its name."""
    return member(AttackKind, "attack", value).name.lower()


class Action(Tagged):
    """One thing to do in an encounter. Its dict's ``"type"`` names the kind (``"EndTurn"`` will do)."""

    __slots__ = ()
    _kinds: ClassVar[dict[str, type[Tagged]]] = {}


Action.register()
