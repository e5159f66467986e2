"""Type checks of a record's fields from their annotations, for records built by hand.

``check_fields(record)`` (called from ``__attrs_post_init__``) checks every field
against its annotation: ``int`` (not a bool), ``bool``, ``str``, a class, ``X | None``,
``tuple[X, ...]`` and ``tuple[X, Y]``; other annotations (``Any``, mappings, arrays)
are left to the record's own validators. A wrong type is a :class:`TypeError` that
names the record and the field, so ``Journey(encounter="x", ...)`` fails at once and
not with an ``AttributeError`` deep in a later call.
"""

from __future__ import annotations

import types
import typing
from collections.abc import Callable
from typing import NoReturn

import attrs

__all__ = ["check_fields"]

Check = Callable[[str, object], None]


def _fail(name: str, expected: str, value: object) -> NoReturn:
    raise TypeError(f"{name} must be {expected}, got {type(value).__name__}")


def _checker(hint: object) -> Check | None:
    """A function checking a value against *hint*, or ``None`` when the hint is not checked."""
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        return _union_checker(typing.get_args(hint))
    if origin is tuple:
        args = typing.get_args(hint)
        if len(args) == 2 and args[1] is Ellipsis:
            return _run_checker(_checker(args[0]))
        return _fixed_checker([_checker(a) for a in args])
    if hint is int:
        return _check_int
    if isinstance(hint, type) and origin is None and hint is not object:
        return _instance_checker(hint)
    return None


def _check_int(name: str, value: object) -> None:
    if isinstance(value, bool) or not isinstance(value, int):
        _fail(name, "an int", value)


def _instance_checker(kind: type) -> Check:
    expected = f"{'an' if kind.__name__[0] in 'AEIOU' else 'a'} {kind.__name__}"

    def check_instance(name: str, value: object) -> None:
        if not isinstance(value, kind):
            _fail(name, expected, value)

    return check_instance


def _union_checker(options: tuple[object, ...]) -> Check | None:
    """``X | None`` is checked (None, or an X); wider unions are left to the record."""
    rest = [o for o in options if o is not type(None)]
    inner = _checker(rest[0]) if len(rest) == 1 else None
    if inner is None:
        return None

    def check_optional(name: str, value: object) -> None:
        if value is not None:
            inner(name, value)

    return check_optional


def _run_checker(element: Check | None) -> Check:
    def check_run(name: str, value: object) -> None:
        if not isinstance(value, tuple):
            _fail(name, "a tuple", value)
        if element is not None:
            for i, item in enumerate(value):
                element(f"{name}[{i}]", item)

    return check_run


def _fixed_checker(parts: list[Check | None]) -> Check:
    def check_fixed(name: str, value: object) -> None:
        if not isinstance(value, tuple) or len(value) != len(parts):
            _fail(name, f"a tuple of {len(parts)}", value)
        for i, (part, item) in enumerate(zip(parts, value, strict=True)):
            if part is not None:
                part(f"{name}[{i}]", item)

    return check_fixed


def _exact(hint: object) -> frozenset[type]:
    """Types whose values pass *hint*'s check at once (``type(value) in ...``); others take the full check."""
    if typing.get_origin(hint) in (typing.Union, types.UnionType):
        options = typing.get_args(hint)
        if len(options) == 2 and type(None) in options:
            inner = _exact(next(o for o in options if o is not type(None)))
            return inner | {type(None)} if inner else frozenset()
        return frozenset()
    if isinstance(hint, type) and typing.get_origin(hint) is None and hint is not object and hint is not tuple:
        return frozenset({hint})  # int too: a bool's type is not int, so it takes the full check
    return frozenset()


_CHECKS: dict[type, tuple[tuple[str, str, Check, frozenset[type]], ...]] = {}


def _checks(cls: type) -> tuple[tuple[str, str, Check, frozenset[type]], ...]:
    cached = _CHECKS.get(cls)
    if cached is not None:
        return cached
    attrs.resolve_types(cls)
    found = []
    for field in attrs.fields(cls):
        check = _checker(field.type)
        if check is not None:
            found.append((field.name, f"{cls.__name__}.{field.name}", check, _exact(field.type)))
    _CHECKS[cls] = tuple(found)
    return _CHECKS[cls]


def check_fields(record: object) -> None:
    """Check every annotated field of the attrs instance *record* (see the module docs).

    Raises:
        TypeError: a field holds a value of the wrong type (the message names the field).
    """
    for attribute, name, check, exact in _checks(type(record)):
        value = getattr(record, attribute)
        if type(value) not in exact:  # the common case (a value of exactly the annotated type) needs no call
            check(name, value)
