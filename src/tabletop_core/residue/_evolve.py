"""A fast ``attrs.evolve`` for the Journey engine's own state transitions.

``attrs.evolve`` re-runs ``__init__`` (every converter, validator and
``__attrs_post_init__``) on every copy; a simulated Journey makes about a dozen
copies per choice, and that checking was a third of the simulator's time.
:func:`replace` copies the fields as they are and sets the changed ones,
so it is only for values the engine itself produced from states that were
already checked (public constructors and ``from_dict`` still validate
everything).
"""

from __future__ import annotations

from typing import Any, TypeVar

import attrs

from tabletop_core._validate import clip

__all__ = ["replace"]

_T = TypeVar("_T", bound=attrs.AttrsInstance)
_NAMES: dict[type, tuple[str, ...]] = {}


def replace(instance: _T, **changes: Any) -> _T:
    """A copy of the attrs *instance* with *changes*, without re-running ``__init__``.

    Raises:
        TypeError: a name in *changes* is not a field of the instance's class.
    """
    cls = type(instance)
    names = _NAMES.get(cls)
    if names is None:
        names = _NAMES[cls] = tuple(field.name for field in attrs.fields(cls))
    new = object.__new__(cls)
    setter = object.__setattr__  # frozen classes refuse plain assignment
    for name in names:
        setter(new, name, getattr(instance, name))
    for name, value in changes.items():
        if name not in names:
            raise TypeError(f"{cls.__name__} has no field {clip(name)}")
        setter(new, name, value)
    return new
