"""The attrs fields the encounter's actions and events share: one definition of each kind of field.

Each helper returns an ``attrs.field`` (typed ``Any``, as :func:`~tabletop_core._validate.int_field`
is) for a class body: ``target: str = name_field("target")``.
"""

from __future__ import annotations

from typing import Any

import attrs

from tabletop_core._validate import int_field
from tabletop_core.d20._checks import checked_label
from tabletop_core.d20._members import member
from tabletop_core.d20.modifier import (
    MODIFIER_LIMIT,
)
from tabletop_core.d20.stakes import Stakes

__all__ = [
    "BIG",
    "DEFAULT_ACTION_AP",
    "amount_field",
    "ap_field",
    "modifier_field",
    "name_field",
    "optional_name_field",
    "stakes_of",
    "text_field",
]

BIG = 10**9
"""The largest HP, Damage, AP or Round an action or event holds."""
DEFAULT_ACTION_AP = 1
"""AP an Action costs when the rules text gives no cost (Move, Hide, Sneak, Search): an assumption."""


def name_field(what: str, **kwargs: Any) -> Any:  # Any: attrs.field's own type
    """A one-line name (a creature, an Effect id, a Trigger), checked and reported as *what*."""
    return attrs.field(converter=lambda value: checked_label(what, value), **kwargs)


def optional_name_field(what: str) -> Any:  # Any: attrs.field's own type
    """A one-line name or ``None`` (the default)."""
    return attrs.field(default=None, converter=lambda value: None if value is None else checked_label(what, value))


def text_field(what: str, *, strip: bool = False, **kwargs: Any) -> Any:  # Any: attrs.field's own type
    """Free text (a reason, a source), a str; *strip* trims the spaces around it."""

    def convert(value: object) -> str:
        if not isinstance(value, str):
            raise TypeError(f"{what} must be a str, got {type(value).__name__} {value!r}")
        return value.strip() if strip else value

    return attrs.field(converter=convert, **kwargs)


def amount_field(**kwargs: Any) -> Any:  # Any: attrs.field's own type
    """A count of HP, Damage, AP or Rounds: 0 to :data:`BIG`."""
    return int_field(low=0, high=BIG, **kwargs)


def ap_field() -> Any:  # Any: attrs.field's own type
    """An Action's Cost in AP, default :data:`DEFAULT_ACTION_AP`."""
    return int_field(low=0, high=1000, default=DEFAULT_ACTION_AP)


def modifier_field() -> Any:  # Any: attrs.field's own type
    """A Check's Skill and Modifiers (or a Trait), default 0."""
    return int_field(low=-MODIFIER_LIMIT, high=MODIFIER_LIMIT, default=0)


def stakes_of(value: object) -> Stakes:
    """A converter: a Check's Stakes from a member or its name."""
    return member(Stakes, "stakes", value)
