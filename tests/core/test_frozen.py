"""``@frozen``'s shared ``__repr__``, ``__eq__`` and ``__hash__`` against the ones attrs writes.

Every value class in the library that uses :func:`tabletop_core._frozen.frozen` gets a twin built
by ``@attrs.frozen`` with the same fields and field options; both are filled with the same
values (past their validators) and must print, compare and hash alike.
"""

from __future__ import annotations

import importlib
import pkgutil
from typing import Any

import attrs
import pytest

import tabletop_core
from tabletop_core._frozen import frozen


@frozen
class _Probe:
    a: int


_SHARED_CODE = {name: getattr(_Probe, name).__code__ for name in ("__repr__", "__eq__", "__hash__")}


def _all_modules() -> list[Any]:
    found = []
    for info in pkgutil.walk_packages(tabletop_core.__path__, "tabletop_core."):
        if info.name.endswith("__main__"):
            continue
        found.append(importlib.import_module(info.name))
    return found


def _shared_classes() -> list[type]:
    seen: dict[type, None] = {}
    for module in _all_modules():
        for value in vars(module).values():
            if isinstance(value, type) and attrs.has(value) and value.__module__ == module.__name__:
                code = getattr(value.__dict__.get("__repr__"), "__code__", None)
                if code is _SHARED_CODE["__repr__"]:
                    seen[value] = None
    return list(seen)


SHARED = _shared_classes()


def test_the_library_uses_it() -> None:
    """The walk finds the classes (so the test below cannot pass on an empty list)."""
    assert len(SHARED) > 250


def _twin(cls: type) -> type:
    """The same fields with the same options, under ``@attrs.frozen`` (attrs writes the methods)."""
    own = {name: cls.__dict__[name] for name in ("__repr__", "__eq__", "__hash__") if name in cls.__dict__}
    shared = {name for name, method in own.items() if getattr(method, "__code__", None) is _SHARED_CODE[name]}
    fields = attrs.fields(cls)
    body: dict[str, Any] = {f.name: attrs.field(eq=f.eq, hash=f.hash, repr=f.repr, init=False) for f in fields}
    # A method the class wrote itself is not under test: the twin borrows it.
    body.update({name: method for name, method in own.items() if name not in shared})
    eq = True if "__eq__" in shared else (None if "__eq__" in own else False)  # None: the borrowed one
    twin = attrs.frozen(type(cls.__name__, (), body), eq=eq)
    twin.__qualname__ = cls.__qualname__
    return twin


def _fill(cls: type, values: dict[str, Any]) -> Any:
    made = object.__new__(cls)
    for name, value in values.items():
        object.__setattr__(made, name, value)
    return made


@pytest.mark.parametrize("cls", SHARED, ids=lambda cls: f"{cls.__module__}.{cls.__qualname__}")
def test_shared_methods_agree_with_attrs(cls: type) -> None:
    twin = _twin(cls)
    names = [field.name for field in attrs.fields(cls)]
    base = {name: index for index, name in enumerate(names)}
    ours, theirs = _fill(cls, base), _fill(twin, base)
    assert repr(ours) == repr(theirs)
    if "__eq__" not in cls.__dict__ or cls.__dict__["__eq__"].__code__ is not _SHARED_CODE["__eq__"]:
        return  # identity equality (eq=False) or the class's own
    assert ours == _fill(cls, base)
    assert ours != theirs
    assert theirs != ours
    assert hash(ours) == hash(_fill(cls, base))
    for name in names:  # change one field at a time: equal exactly when attrs says so
        changed = {**base, name: "changed"}
        assert (ours == _fill(cls, changed)) is (theirs == _fill(twin, changed)), name
        if theirs == _fill(twin, changed):
            assert hash(ours) == hash(_fill(cls, changed)), name


def test_own_methods_are_kept() -> None:
    """A ``__repr__``/``__eq__``/``__hash__`` in the class body is the class's, as with attrs."""

    @frozen
    class Own:
        a: int

        def __repr__(self) -> str:
            return "own"

        def __eq__(self, other: object) -> bool:
            return True

        __hash__ = object.__hash__

    assert repr(Own(1)) == "own"
    assert Own(1) == Own(2)


def test_field_options() -> None:
    """``repr=False``, a ``repr`` callable, ``eq=False`` and ``hash=False`` read as attrs reads them."""

    @frozen
    class Options:
        shown: int
        hidden: int = attrs.field(repr=False)
        custom: int = attrs.field(repr=lambda value: f"<{value}>")
        ignored: int = attrs.field(eq=False, default=0)
        unhashed: int = attrs.field(hash=False, default=0)

    assert repr(Options(1, 2, 3)) == "Options(shown=1, custom=<3>, ignored=0, unhashed=0)"
    assert Options(1, 2, 3, ignored=9) == Options(1, 2, 3)
    assert Options(1, 2, 3, unhashed=1) != Options(1, 2, 3)
    assert hash(Options(1, 2, 3, unhashed=1)) == hash(Options(1, 2, 3))


def test_identity_when_eq_false() -> None:
    @frozen(eq=False)
    class Batch:
        a: int

    one = Batch(1)
    assert one != Batch(1)
    assert one == one
    assert repr(one) == "Batch(a=1)"  # attrs drops the ``<locals>`` path too


def test_eq_key_refused() -> None:
    with pytest.raises(TypeError, match="eq_key"):

        @frozen
        class Keyed:
            a: str = attrs.field(eq=str.lower)


class _Outer:
    @frozen
    class Inner:
        a: int


def test_nested_class_named_by_its_path() -> None:
    """A class inside a class prints ``Outer.Inner(...)`` (only a function's ``<locals>`` is cut)."""
    assert repr(_Outer.Inner(1)) == repr(_fill(_twin(_Outer.Inner), {"a": 1})) == "_Outer.Inner(a=1)"


def test_every_value_class_takes_the_shared_methods() -> None:
    """A new ``@attrs.frozen`` class would compile its own three methods again: only the options
    ``@frozen`` does not take keep it (``order=True``, ``cache_hash=True``)."""
    import pathlib
    import re

    source = pathlib.Path(tabletop_core.__file__).parent
    kept = []
    for path in sorted(source.rglob("*.py")):
        for found in re.finditer(r"^\s*@attrs\.frozen(\([^)]*\))?", path.read_text(encoding="utf-8"), re.M):
            options = found[1] or ""
            if "order=True" not in options and "cache_hash=True" not in options:
                kept.append(f"{path.relative_to(source)}: {found[0].strip()}")
    assert kept == []
