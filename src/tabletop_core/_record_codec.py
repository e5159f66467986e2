"""The one JSON shape of every record: the cattrs hooks that write it and read it back, and the converter.

:meth:`Record.to_dict <tabletop_core._record.Record.to_dict>` writes ``{"type", "version",
<fields>, <answers>}`` through the hooks here, and ``from_dict`` reads it back: the tag and
version checked (older versions migrated, :mod:`tabletop_core._migrations`), the keys that must
be present, unknown keys refused, every answer recomputed and compared, and a saved record
refused unless it writes back exactly what it said. Scalars, tuples, mappings and enums are
read strictly by :mod:`tabletop_core._codec`.

The converter is built, and cattrs imported, on first use.
"""

from __future__ import annotations

import enum
import operator
import threading
import typing
from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import TYPE_CHECKING, Any, TypeAlias, cast

import attrs

from tabletop_core import _codec
from tabletop_core._migrations import upgrade
from tabletop_core._names import enum_label, enum_value
from tabletop_core._record_display import clip_text, fields_of
from tabletop_core._record_types import JsonDict, record_base, record_type, type_name
from tabletop_core._validate import clip
from tabletop_core.errors import InvalidInput, TabletopError

if TYPE_CHECKING:
    import cattrs

    from tabletop_core._record import Record

    converter: cattrs.Converter
    """The cattrs converter shared by every record; enums travel by lower-case name."""

__all__ = [
    "check_echo",
    "converter",
    "grouped",
    "is_record_base",
    "on_converter",
    "reason",
    "record_members",
    "shared_converter",
]

_UnionType = type(int | str)


def _structure_fraction(value: object, _cls: object) -> Fraction:
    if not isinstance(value, str) or len(value) > 200:
        raise TypeError(f"expected a fraction as text such as '3/4', got {clip(value)}")
    try:
        return Fraction(value)
    except (ValueError, ZeroDivisionError):
        raise InvalidInput(f"expected a fraction as text such as '3/4', got {clip(value)}") from None


# -- the hooks that write and read the one shape ------------------------------------------


def _answers(obj: Record, fields: frozenset[str]) -> list[tuple[str, object]]:
    """The derived answers of *obj* as JSON ``(key, value)`` pairs, labels after their enums."""
    pairs: list[tuple[str, object]] = []
    for name in obj._derived:
        value = getattr(obj, name)
        if name not in fields:
            pairs.append((name, shared_converter().unstructure(value)))
        if isinstance(value, enum.Enum):
            pairs.append((f"{name}_label", enum_label(value)))
    return pairs


def _is_record(cls: object) -> bool:
    return isinstance(cls, type) and issubclass(cls, record_base()) and "__attrs_attrs__" in cls.__dict__


def _is_enum(cls: object) -> bool:
    return isinstance(cls, type) and issubclass(cls, enum.Enum)


def is_record_base(cls: object) -> bool:
    """A record class that is not itself concrete (``Record``, a tagged union's base): read by the tag."""
    return isinstance(cls, type) and issubclass(cls, record_base()) and "__attrs_attrs__" not in cls.__dict__


def record_members(hint: object) -> tuple[type[Record], ...]:
    if typing.get_origin(hint) not in (typing.Union, _UnionType):
        return ()
    members = [arg for arg in typing.get_args(hint) if arg is not type(None)]
    if len(members) < 2 or not all(isinstance(arg, type) and issubclass(arg, record_base()) for arg in members):
        return ()
    return tuple(members)


def _is_record_union(hint: object) -> bool:
    """``A | B`` (or ``A | B | None``) of record classes: read by the tag."""
    return bool(record_members(hint))


def _unstructure_any(value: object) -> object:
    return value.to_dict() if isinstance(value, record_base()) else value


def _tagged_kind(data: object, allowed: tuple[type[Record], ...], what: str) -> type[Record]:
    """The record class the ``"type"`` tag of *data* names, if it is one of *allowed* (or below one)."""
    tag = data.get("type") if isinstance(data, Mapping) else None
    if not isinstance(data, Mapping):
        raise TypeError(f"{what} must be given as a tagged object, got {type(data).__name__} {clip(data)}")
    if not isinstance(tag, str):
        raise InvalidInput(f"{what} needs a 'type' tag naming its kind, got {clip(tag)}")
    kind = record_type(tag)
    if not issubclass(kind, allowed):
        raise InvalidInput(f"{what} must be a {' or '.join(type_name(c) for c in allowed)}, got {clip(tag)}")
    return kind


def _structure_kind(data: object, cls: type[Record]) -> Record:
    return _tagged_kind(data, (cls,), cls.__name__).from_dict(cast(Mapping[str, object], data))


def _structure_union(hint: object) -> Callable[[object, object], object]:
    members = record_members(hint)
    optional = type(None) in typing.get_args(hint)
    what = " | ".join(m.__name__ for m in members)

    def structure(data: object, _cls: object) -> object:
        if data is None and optional:
            return None
        return _tagged_kind(data, members, what).from_dict(cast(Mapping[str, object], data))

    return structure


def _renames(cls: type[Record]) -> dict[str, Any]:  # Any: cattrs' **overrides share its signature with bool options
    from cattrs.gen import override

    overrides = {field: override(rename=key) for field, key in cls._json_names.items()}
    for field in cls._optional_keys:
        overrides[field] = override(rename=cls._json_names.get(field), omit_if_default=True)
    return overrides


def _unstructure_factory(cls: type[Record]) -> Callable[[Record], JsonDict]:
    from cattrs.gen import make_dict_unstructure_fn

    base = make_dict_unstructure_fn(cls, shared_converter(), **_renames(cls))
    head = {"type": type_name(cls), "version": cls._version}
    fields = frozenset(f.name for f in fields_of(cls))
    derived = cls._derived

    if not derived:

        def plain(obj: Record) -> JsonDict:
            return {**head, **base(obj)}

        return plain

    in_place = frozenset(name for name in derived if name in fields)

    def unstructure(obj: Record) -> JsonDict:
        answers = dict(_answers(obj, fields))
        data = dict(head)
        for key, value in base(obj).items():
            data[key] = value
            if key in in_place and f"{key}_label" in answers:  # a label right after its field
                data[f"{key}_label"] = answers.pop(f"{key}_label")
        data.update(answers)
        return data

    return unstructure


def _structure_factory(cls: type[Record]) -> Callable[[object, object], Record]:
    from cattrs.gen import make_dict_structure_fn

    base = make_dict_structure_fn(cls, shared_converter(), **_renames(cls))
    fields = frozenset(f.name for f in fields_of(cls))
    answer_keys = [n for n in cls._derived if n not in fields] + [f"{n}_label" for n in cls._derived]
    keys = _Keys(cls)
    mode = _codec._MODE

    def structure(data: object, _cls: object) -> Record:
        if not isinstance(data, Mapping):
            raise TypeError(f"{cls.__name__} must be given as a mapping, got {type(data).__name__} {clip(data)}")
        data = dict(data)
        short = "version" not in data
        if short and mode.get() == _codec.SAVED:
            raise InvalidInput(f"{cls.__name__}: 'version' is missing (a record inside a saved record carries its own)")
        data, written = upgrade(cls, data)
        given = {key: data.pop(key) for key in answer_keys if key in data}
        keys.check(data, written, short=short)
        token = mode.set(_codec.SHORT if short or mode.get() == _codec.SHORT else _codec.SAVED)
        try:
            obj = base(data, cls)
        finally:
            mode.reset(token)
        expected = dict(_answers(obj, fields))
        for key, value in expected.items():
            if key not in given:
                if short or cls._added.get(key, 0) > written:
                    continue  # versions before 1 (or before the answer came) did not write it; computed now
                raise InvalidInput(f"{cls.__name__}.{key} is missing (the rule gives {clip(value)})")
            said = given.pop(key)
            if not _same(said, value):
                raise InvalidInput(
                    f"{cls.__name__}.{key} does not follow the rules: the record says {clip(said)}, "
                    f"the rule gives {clip(value)}"
                )
        if given:
            raise InvalidInput(f"{cls.__name__}: unexpected key {clip(sorted(given)[0])}")
        _check_rule(cls, obj)
        return obj

    return structure


class _Keys:
    """The JSON keys of one record class's fields: which must be present, which may be left out."""

    def __init__(self, cls: type[Record]) -> None:
        self.name = cls.__name__
        by_key = {cls._json_names.get(f.name, f.name): f for f in fields_of(cls) if f.init}
        optional = {cls._json_names.get(name, name) for name in cls._optional_keys}
        self.known = frozenset(by_key)
        self.required = tuple(key for key in by_key if key not in optional)
        self.defaulted = frozenset(key for key, f in by_key.items() if f.default is not attrs.NOTHING)
        self.added = {cls._json_names.get(name, name): version for name, version in cls._added.items()}

    def check(self, data: Mapping[str, object], written: int, *, short: bool) -> None:
        """Refuse an unknown key, or a missing one no older version left out (*written*: the data's version)."""
        if len(data) > len(self.known) or not self.known.issuperset(data):
            unknown = sorted((str(key) for key in data if key not in self.known), key=len)
            raise InvalidInput(f"cannot build {self.name}: unexpected key {clip(unknown[0])}")
        if len(data) == len(self.known):
            return  # every key given: the common case of a saved record
        for key in self.required:
            if key in data:
                continue
            if key in self.defaulted and (short or self.added.get(key, 0) > written):
                continue  # the short form may leave a default out; so may data older than the key
            raise InvalidInput(f"cannot build {self.name}: {key!r} is missing")


def _check_rule(cls: type[Record], obj: Record) -> None:
    """Refuse *obj* if the rule gives another record for its inputs, naming the first field that differs."""
    try:
        rule = obj._rule()
    except TabletopError as error:
        raise InvalidInput(f"{cls.__name__} does not follow the rules: {error}") from None
    if rule is None or rule == obj:
        return
    for field in fields_of(cls):
        if field.eq and getattr(rule, field.name) != getattr(obj, field.name):
            raise InvalidInput(
                f"{cls.__name__}.{field.name} does not follow the rules: "
                f"the rule gives {clip(shared_converter().unstructure(getattr(rule, field.name)))}, "
                f"the record says {clip(shared_converter().unstructure(getattr(obj, field.name)))}"
            )
    raise InvalidInput(f"{cls.__name__} does not follow the rules")  # pragma: no cover - some field differs


def check_echo(record: Record, data: Mapping[str, object]) -> None:
    """Refuse *record* unless it writes back exactly what *data* said: nothing coerced, dropped or added.

    The fields' own converters may tidy a value (sort it, drop a repeat, derive one field from
    another); a saved record is refused instead, naming the first value that would change.
    Records inside that were read from an older version (migrated) are not compared.
    """
    difference = _difference(data, shared_converter().unstructure(record), type(record).__name__)
    if difference is not None:
        where, said, reads = difference
        raise InvalidInput(
            f"{where}: the record says {clip(said)}, which reads as {clip(reads)} "
            "(a saved record must hold exactly what it reads as)"
        )


_Difference: TypeAlias = "tuple[str, object, object] | None"


def _difference(given: object, written: object, where: str) -> _Difference:  # noqa: C901 - one case per JSON kind
    """The first place where *written* says something else than *given* (JSON kinds strict), or ``None``."""
    if isinstance(written, dict):
        if not isinstance(given, Mapping):
            return where, given, written
        if given.get("version", written.get("version")) != written.get("version") or given.get(
            "type", written.get("type")
        ) != written.get("type"):
            return None  # read from an older version or a retired type: migrated, not echoed
        defaults = _omitted_defaults(written.get("type"))
        keys = {key if type(key) is str else str(key): key for key in written}
        for key, value in given.items():
            name = key if type(key) is str else str(key)
            if name in keys:
                found = _difference(value, written[keys.pop(name)], f"{where}.{name}")
                if found is not None:
                    return found
            elif name not in defaults or _difference(value, defaults[name], "") is not None:
                return f"{where}.{name}", value, "nothing"  # an optional key at its default is written as nothing
        if keys:
            name = next(iter(keys))
            return f"{where}.{name}", "nothing", written[keys[name]]
        return None
    if isinstance(written, (list, tuple)):
        if not isinstance(given, (list, tuple)) or len(given) != len(written):
            return where, given, written
        for index, (a, b) in enumerate(zip(given, written, strict=True)):
            found = _difference(a, b, f"{where}[{index}]")
            if found is not None:
                return found
        return None
    if type(written) is float:
        same = isinstance(given, (int, float)) and not isinstance(given, bool) and given == written
    elif type(written) is int:
        same = not isinstance(given, (bool, float)) and _as_index(given) == written
    elif isinstance(given, enum.Enum):
        same = enum_value(given) == written  # a member given from Python
    else:
        same = type(given) is type(written) and given == written
    return None if same else (where, given, written)


def _as_index(value: object) -> int | None:
    try:
        return operator.index(value)  # type: ignore[arg-type]  # ints and numpy ints; anything else: None
    except TypeError:
        return None


_DEFAULTS: dict[str, dict[str, object]] = {}


def _omitted_defaults(tag: object) -> Mapping[str, object]:
    """The keys a record type leaves out when they hold their default (``_optional_keys``), with that default."""
    if not isinstance(tag, str):
        return {}
    found = _DEFAULTS.get(tag)
    if found is None:
        cls = record_type(tag)
        found = {}
        if "__attrs_attrs__" in cls.__dict__:
            fields = attrs.fields_dict(cast("type[attrs.AttrsInstance]", cls))
            for name in cls._optional_keys:
                default = fields[name].default
                if isinstance(default, attrs.Factory):  # type: ignore[arg-type]  # attrs' own class
                    default = cast(Any, default).factory()  # Any: checked, a Factory
                found[cls._json_names.get(name, name)] = shared_converter().unstructure(default)
        _DEFAULTS[tag] = found
    return found


def _same(given: object, expected: object) -> bool:
    """JSON values equal with their types (``True`` is not ``1``, ``1.0`` is not ``1``)."""
    if isinstance(expected, (list, tuple)):
        return (
            isinstance(given, (list, tuple))
            and len(given) == len(expected)
            and all(_same(a, b) for a, b in zip(given, expected, strict=True))
        )
    if type(given) is not type(expected):
        return False
    if isinstance(expected, dict):
        assert isinstance(given, dict)  # the same type as expected
        return given.keys() == expected.keys() and all(_same(given[k], expected[k]) for k in expected)
    return bool(given == expected)


# -- the converter, built on first use ---------------------------------------------------

_converter_lock = threading.Lock()
_built: cattrs.Converter | None = None
_setups: list[Callable[[cattrs.Converter], None]] = []


def on_converter(setup: Callable[[cattrs.Converter], None]) -> None:
    """Run *setup* (which registers hooks, nothing else) on the shared converter when it is built.

    A module adding hooks for its own types calls this at import instead of reading
    :data:`converter`, so importing it does not load cattrs; *setup* runs at once if
    the converter already exists, else when it is built, in the order of the calls.
    """
    with _converter_lock:
        if _built is None:
            _setups.append(setup)
            return
    setup(_built)


def shared_converter() -> cattrs.Converter:
    """The shared converter (see :data:`converter`), built with every hook on first use."""
    global _built
    if _built is None:
        with _converter_lock:
            if _built is None:
                import cattrs

                made = cattrs.Converter(forbid_extra_keys=True)
                made.register_unstructure_hook_func(_is_enum, enum_value)
                _codec.install(made)
                made.register_unstructure_hook(Fraction, str)
                made.register_structure_hook(Fraction, _structure_fraction)
                made.register_unstructure_hook_factory(_is_record, _unstructure_factory)
                made.register_structure_hook_factory(_is_record, _structure_factory)
                made.register_unstructure_hook_func(is_record_base, _unstructure_any)
                made.register_structure_hook_func(is_record_base, _structure_kind)
                made.register_unstructure_hook_func(_is_record_union, _unstructure_any)
                made.register_structure_hook_factory(_is_record_union, _structure_union)
                for setup in _setups:
                    setup(made)
                _setups.clear()
                globals()["converter"] = made  # later reads of the name skip __getattr__
                _built = made
    return _built


if not TYPE_CHECKING:

    def __getattr__(name: str) -> object:
        if name == "converter":
            return shared_converter()
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

    def __dir__() -> list[str]:
        return sorted({*globals(), "converter"})


def grouped(error: BaseException) -> bool:
    return bool(getattr(error, "exceptions", None))


def reason(error: BaseException, path: str = "") -> str:
    """The innermost messages of a (possibly grouped) exception, each after the field it is about, clipped."""
    for note in getattr(error, "__notes__", ()):
        if isinstance(note, str) and " @ attribute " in note:
            path = f"{path}.{note.rsplit(' @ attribute ', 1)[1]}" if path else note.rsplit(" @ attribute ", 1)[1]
        elif isinstance(note, str) and " @ index " in note:
            path = f"{path}[{note.rsplit(' @ index ', 1)[1]}]"
    inner = getattr(error, "exceptions", None)
    if inner:
        return clip_text("; ".join(reason(sub, path) for sub in inner), 400)
    where = f"{path}: " if path else ""
    return clip_text(f"{where}{type(error).__name__}: {error}", 400)
