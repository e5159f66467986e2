"""Records the encounter engine builds from its own, already checked parts, without checking them again.

Every action's work ends in a new :class:`~tabletop_core.d20.Encounter`; its parts (creatures,
Effects, the Turn order) come from validated records and the engine's rules, so running every
converter and check again on each of them cost a third of a simulated fight. The tests rebuild
each state the engine makes through the checked constructor and require it equal.
"""

from __future__ import annotations

from typing import Any, TypeVar

import attrs

__all__ = ["assemble", "replaced"]

T = TypeVar("T")


def assemble(cls: type[T], **values: Any) -> T:  # Any: each field's own type
    """An instance of the attrs class *cls* holding *values* (every field, already in its checked form)."""
    obj = object.__new__(cls)
    for field in attrs.fields(cls):  # type: ignore[arg-type]  # cls is an attrs class
        object.__setattr__(obj, field.name, values[field.name])
    return obj


def replaced(obj: T, **changes: Any) -> T:  # Any: each field's own type
    """*obj* with some fields changed to values already in their checked form (a trusted ``attrs.evolve``)."""
    new = object.__new__(type(obj))
    for field in attrs.fields(type(obj)):  # type: ignore[arg-type]  # obj is an attrs instance
        object.__setattr__(new, field.name, changes[field.name] if field.name in changes else getattr(obj, field.name))
    return new
