"""The library's speed tricks, in one place, so the rule modules read as rules.

Three doors, each plain to call:

* :func:`fast_build`: an instance of a frozen attrs class from values already known
  valid (the pure rule computed them), without re-running its converters,
  validators and ``__attrs_post_init__``. Every field must be given: a new field
  cannot be forgotten in a fast path.
* :func:`fast_replace`: a copy with some fields changed, the same way (the Journey
  engine's state transitions).
* :func:`fast_builder`: the builder itself, taking every field positionally, for a
  hot path that builds one class many times (the notation roller's results).
* :func:`memo` and :class:`BoundedCache`: bounded caches for results that are
  immutable values, so equal calls may share one result.

Only values the library itself produced from checked inputs may go through
:func:`fast_build` and :func:`fast_replace`; public constructors and ``from_dict``
still validate everything. ``tests/core/test_fast.py`` builds every class that uses
them both ways and checks every field agrees.
"""

from __future__ import annotations

import functools
import keyword
import types
from collections.abc import Callable
from typing import Any, ParamSpec, TypeVar

import attrs

__all__ = ["BoundedCache", "fast_build", "fast_builder", "fast_replace", "field_names", "memo"]

T = TypeVar("T")
P = ParamSpec("P")
_A = TypeVar("_A", bound=attrs.AttrsInstance)
K = TypeVar("K")
V = TypeVar("V")

_NAMES: dict[type, tuple[str, ...]] = {}
_new = object.__new__
_set = object.__setattr__  # frozen classes refuse plain assignment


def field_names(cls: type) -> tuple[str, ...]:
    """The attrs field names of *cls*, in order (computed once per class)."""
    names = _NAMES.get(cls)
    if names is None:
        names = _NAMES[cls] = tuple(field.name for field in attrs.fields(cls))
    return names


def _setter(cls: type, name: str) -> Callable[[object, object], None]:
    """What sets field *name* on a new instance of *cls*, past the frozen ``__setattr__``.

    A slotted class's field is a member descriptor; its ``__set__`` is about a third
    cheaper than ``object.__setattr__``, which has to look the descriptor up first.
    """
    for klass in cls.__mro__:
        found = klass.__dict__.get(name)
        if type(found) is types.MemberDescriptorType:
            return found.__set__  # (instance, value) -> None
        if found is not None:
            break
    return functools.partial(_set_named, name=name)


def _set_named(instance: object, value: object, *, name: str) -> None:
    _set(instance, name, value)


def _generated(cls: type, kind: str) -> Callable[..., Any]:  # Any: instances of *cls*
    """The builder (``kind="build"``, keyword-only; ``"positional"``) or copier (``"copy"``) of *cls*, written once.

    One line per field, as attrs writes its own ``__init__``: a loop of ``getattr`` and
    ``object.__setattr__`` over the names cost about three times as much, and the Journey
    simulator builds or copies a value on nearly every rule it applies. The builders take
    every field, so a missing or unknown one is a TypeError.
    """
    table = _TABLES[kind]
    found = table.get(cls)
    if found is not None:
        return found
    names = field_names(cls)
    for name in names:  # attrs field names are identifiers; nothing else is pasted into the code
        if not name.isidentifier() or keyword.iskeyword(name) or name.startswith("_fast_"):
            raise TypeError(f"{cls.__name__} field {name!r} cannot be built fast")
    if kind == "copy":
        head = "def made(_fast_from):"
        values = tuple(f"_fast_from.{name}" for name in names)
    else:
        star = "*, " if kind == "build" and names else ""
        head = f"def made({star}{', '.join(names)}):"
        values = names
    lines = "".join(f"    _fast_set_{i}(_fast_made, {value})\n" for i, value in enumerate(values))
    source = f"{head}\n    _fast_made = _fast_new(_fast_cls)\n{lines}    return _fast_made\n"
    namespace: dict[str, Any] = {"_fast_new": _new, "_fast_cls": cls}  # Any: the code's globals
    namespace.update({f"_fast_set_{i}": _setter(cls, name) for i, name in enumerate(names)})
    exec(source, namespace)  # fixed text around checked names
    made: Callable[..., Any] = namespace["made"]  # Any: instances of *cls*
    table[cls] = made
    return made


# Any: instances of the key class. A table per kind, so the hot lookups need no (class, kind) tuple.
_BUILDERS: dict[type, Callable[..., Any]] = {}
_COPIERS: dict[type, Callable[..., Any]] = {}
_TABLES = {"build": _BUILDERS, "copy": _COPIERS, "positional": {}}


def fast_build(cls: type[T], **fields: object) -> T:
    """An instance of the frozen attrs class *cls* with exactly *fields*, without validation.

    Raises:
        TypeError: a field of *cls* is missing from *fields*, or a name is not a field.
    """
    try:
        build = _BUILDERS.get(cls) or _generated(cls, "build")
        return build(**fields)  # type: ignore[no-any-return]  # an instance of cls
    except TypeError:
        names = field_names(cls)
        missing = [name for name in names if name not in fields]
        unknown = [name for name in fields if name not in names]
        if not missing and not unknown:
            raise
        raise TypeError(f"fast_build({cls.__name__}) needs every field: missing {missing}, unknown {unknown}") from None


def fast_builder(cls: type[T]) -> Callable[..., T]:
    """The function building the frozen attrs class *cls* from every field, positionally, without validation.

    For a hot path that builds many instances of one class: fetch it once, call it
    with every field in the class's order (see :func:`field_names`).

    Raises:
        TypeError: a field name cannot be pasted into generated code.
    """
    return _generated(cls, "positional")


def fast_replace(instance: _A, **changes: Any) -> _A:  # Any: any field's value; only the names are checked
    """A copy of the attrs *instance* with *changes*, without re-running ``__init__``.

    Raises:
        TypeError: a name in *changes* is not a field of the instance's class.
    """
    cls = type(instance)
    new: _A = (_COPIERS.get(cls) or _generated(cls, "copy"))(instance)
    names = _NAME_SETS.get(cls)
    if names is None:
        names = _NAME_SETS[cls] = frozenset(field_names(cls))
    for name, value in changes.items():
        if name not in names:
            raise TypeError(f"{cls.__name__} has no field {name!r}")
        _set(new, name, value)
    return new


_NAME_SETS: dict[type, frozenset[str]] = {}


def memo(maxsize: int) -> Callable[[Callable[P, T]], Callable[P, T]]:
    """A bounded cache for a pure function of checked scalars whose results are immutable values.

    Arguments are told apart by type too (``1``, ``True`` and ``1.0`` are different keys).
    Check the arguments before the call: a cached function never sees a repeated call.

    Args:
        maxsize: The most results kept (least recently used ones go first).

    Examples:
        >>> @memo(maxsize=16)
        ... def square(n: int) -> int:
        ...     return n * n
        >>> square(3), square(3), square(True)
        (9, 9, 1)
    """

    def decorate(func: Callable[P, T]) -> Callable[P, T]:
        return functools.lru_cache(maxsize=maxsize, typed=True)(func)  # type: ignore[return-value]  # same call

    return decorate


class BoundedCache(dict[K, V]):
    """A dict that empties itself when full: a lookup table for immutable values, bounded in memory.

    Put the types of numeric arguments in the key (``(type(x), x)``), so that ``1``,
    ``True`` and ``1.0`` never share an entry.

    Args:
        limit: The most entries; :meth:`put` past it starts again from empty.
    """

    __slots__ = ("limit",)

    def __init__(self, limit: int) -> None:
        super().__init__()
        self.limit = limit

    def put(self, key: K, value: V) -> V:
        """Keep *value* under *key* and return it."""
        if len(self) >= self.limit:
            self.clear()  # the next calls refill it
        self[key] = value
        return value
