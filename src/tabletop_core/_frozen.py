"""``@frozen``: an ``@attrs.frozen`` class whose ``__repr__``, ``__eq__`` and ``__hash__`` are shared.

attrs writes those three methods as Python source for every class and compiles it when the
class is created. Across the library's value classes that is most of what importing a rule
system costs: for ``tabletop_core.residue.journey`` about 190 kB of generated source, three
quarters of it ``__repr__``, ``__eq__`` and ``__hash__``, compiled in some 45 ms on every cold
start. Their behaviour does not depend on the class beyond its field names, so here it is
written once: the methods are closures over each class's field names, built when the class is
decorated. attrs still writes ``__init__`` (defaults, converters, validators) and everything
else it does for a frozen class.

What each method does is what attrs' would, field options included:

* ``__repr__``: ``ClassName(a=1, b='x')``, fields with ``repr=False`` left out and a field's
  own ``repr=callable`` used. (attrs also guards against a value that contains itself; a frozen
  value cannot, and containers guard themselves.)
* ``__eq__``: same class, and equal fields (``eq=False`` fields ignored); ``NotImplemented``
  for another class, as attrs.
* ``__hash__``: the class and the hashed fields (``hash=False`` or ``eq=False`` fields left out).

A method the class body defines itself is kept, as attrs' own auto-detection would. A field
compared by an ``eq_key`` is refused (none in the library has one; such a class keeps
``@attrs.frozen``). ``tests/core/test_frozen.py`` holds the shared methods to the ones
attrs generates, on every value class in the library.
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

import attrs

__all__ = ["frozen"]

_C = TypeVar("_C", bound=type)

if TYPE_CHECKING:
    # To the type checker this is attrs' own ``frozen``, so its attrs plugin knows every class
    # (``attrs.evolve``, ``attrs.fields``, converters, private names) exactly as before.
    from attrs import frozen as frozen
else:

    def frozen(
        cls: _C | None = None, /, *, kw_only: bool = False, eq: bool = True, repr: bool = True
    ) -> _C | Callable[[_C], _C]:
        """Make *cls* a frozen, slotted attrs class with shared ``__repr__``/``__eq__``/``__hash__``.

        Used as ``@frozen`` or ``@frozen(kw_only=True)`` exactly where ``@attrs.frozen`` would
        be; ``eq=False`` keeps identity equality and hashing (the batches, which hold arrays);
        ``repr=False`` writes no ``__repr__`` (a base class's is used).
        """

        def decorate(body: _C) -> _C:
            own = dict(body.__dict__)  # what the class body itself defines is kept
            made: _C = attrs.frozen(body, kw_only=kw_only, repr=False, eq=False)
            keyed = [field.name for field in attrs.fields(made) if field.eq_key is not None]
            if keyed:
                raise TypeError(f"@frozen compares fields as they are; {made.__qualname__}.{keyed[0]} has an eq_key")
            if repr:
                _install_repr(made, own)
            if eq:
                _install_eq_and_hash(made, own)
            return made

        return decorate if cls is None else decorate(cls)


def _install_repr(cls: type, own: Any) -> None:
    if "__repr__" in own:
        return
    shown = tuple(
        (field.name, repr if field.repr is True else field.repr)
        for field in attrs.fields(cls)
        if field.repr is not False
    )

    def __repr__(self: object) -> str:
        name = self.__class__.__qualname__.rsplit(">.", 1)[-1]
        inner = ", ".join([f"{field}={show(getattr(self, field))}" for field, show in shown])
        return f"{name}({inner})"

    _place(cls, __repr__)


def _install_eq_and_hash(cls: type, own: Any) -> None:
    fields = attrs.fields(cls)
    if "__eq__" not in own:
        _place(cls, _eq(_values([field.name for field in fields if field.eq])))
    if "__eq__" not in own and "__hash__" not in own:
        hashed = [field.name for field in fields if (field.eq if field.hash is None else field.hash)]
        _place(cls, _hash(_values(hashed), hash(cls.__qualname__)))


def _values(names: list[str]) -> Callable[[Any], tuple[Any, ...]]:
    """What reads a value's *names* fields as one tuple (``operator.attrgetter``, in C, for two or more)."""
    if not names:
        return lambda _value: ()
    if len(names) == 1:
        one = operator.attrgetter(names[0])
        return lambda value: (one(value),)
    return operator.attrgetter(*names)


def _eq(values: Callable[[Any], tuple[Any, ...]]) -> Callable[[Any, Any], Any]:
    def __eq__(self: Any, other: Any) -> Any:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return values(self) == values(other)

    return __eq__


def _hash(values: Callable[[Any], tuple[Any, ...]], salt: int) -> Callable[[Any], int]:
    def __hash__(self: Any) -> int:
        return hash((salt, values(self)))

    return __hash__


def _place(cls: type, method: Callable[..., Any]) -> None:
    method.__qualname__ = f"{cls.__qualname__}.{method.__name__}"
    method.__module__ = cls.__module__
    setattr(cls, method.__name__, method)
