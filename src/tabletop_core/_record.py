"""The shared data and rendering behaviour of every result and rule state.

Every result and state in the library is an ``@attrs.frozen`` class that also
derives from :class:`Record`, which gives it one JSON shape and one display:

* ``to_dict()`` writes ``{"type": "<system>.<Class>", "version": N, <fields>,
  <derived answers>}``: the type tag, the format version of that type, every
  field (inputs and every die; enums as their lower-case name, tuples as lists,
  nested records as tagged dicts) and the answers the class declares in
  ``_derived`` (total, outcome, ...). An enum-valued answer is followed by
  ``<name>_label``, its display text (``"outcome": "strong_hit",
  "outcome_label": "strong hit"``).
* ``from_dict()`` reads that shape back: it refuses another type's tag, a
  version newer than this library writes, and a record whose answers disagree
  with the rule (each answer is recomputed from the inputs); an older version is
  upgraded through the migration registry first (data without a type tag is
  version 0, the shape tabletop_core 0.1.0 and 0.2.0 wrote).
* ``to_json()`` / ``from_json()``; ``from_json`` checks the text's size and nesting
  depth before parsing it, ``from_dict`` the mapping's nesting depth.
* ``_repr_html_`` / ``_repr_markdown_``: a small table of the rows the record
  declares (by default its fields and answers), for notebooks; ``to_markdown()``
  for chat (one line of Markdown made from ``str()``; :mod:`tabletop_core.chat` has
  every style).
"""

from __future__ import annotations

import contextvars
import enum
import functools
import html
import json
import operator
import threading
import typing
from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import TYPE_CHECKING, Any, ClassVar, TypeAlias, TypeVar, cast

import attrs

from tabletop_core import _codec
from tabletop_core._bounds import MAX_JSON_CHARS, MAX_JSON_DEPTH, check_bounds, parse_json
from tabletop_core._validate import clip
from tabletop_core.errors import InvalidInput, TabletopError

if TYPE_CHECKING:
    import cattrs

    converter: cattrs.Converter
    """The cattrs converter shared by every record; enums travel by lower-case name.

    Built (and cattrs imported) on first use: the first ``to_dict``/``from_dict``, or
    the first access of this name, so ``import tabletop_core`` does not load cattrs.
    """

__all__ = [
    "MAX_JSON_CHARS",
    "MAX_JSON_DEPTH",
    "Record",
    "clip",
    "converter",
    "enum_label",
    "enum_value",
    "from_checked",
    "migration",
    "on_converter",
    "parse_json",
    "record_type",
    "shared_converter",
    "type_name",
]

R = TypeVar("R", bound="Record")

JsonDict: TypeAlias = dict[str, Any]  # Any: JSON values of every kind, which a reader indexes freely
"""A JSON object as :meth:`Record.to_dict` writes it."""
MigrationStep: TypeAlias = Callable[[JsonDict], JsonDict]
"""A function upgrading one type's fields from one format version to the next."""


# -- small helpers ------------------------------------------------------------------


def enum_value(member: enum.Enum) -> str:
    """The stable machine value of an enum member in JSON: its lower-case name (``"strong_hit"``)."""
    return member.name.lower()


def enum_label(member: enum.Enum) -> str:
    """The display text of an enum member in JSON and odds tables: ``"strong hit"``."""
    return member.name.lower().replace("_", " ")


def _structure_fraction(value: object, _cls: object) -> Fraction:
    if not isinstance(value, str) or len(value) > 200:
        raise TypeError(f"expected a fraction as text such as '3/4', got {clip(value)}")
    try:
        return Fraction(value)
    except (ValueError, ZeroDivisionError):
        raise InvalidInput(f"expected a fraction as text such as '3/4', got {clip(value)}") from None


# -- type tags, versions and migrations -------------------------------------------------


def type_name(cls: type) -> str:
    """The ``"type"`` tag of a record class: ``"<system>.<Class>"``.

    The system is the subpackage (``action_roll``, ``d20``, ``notation``,
    ``residue``) or ``core`` for the top-level modules: ``"d20.TestRoll"``,
    ``"core.DieRoll"``. A record class defined outside tabletop_core is tagged
    with its full module path, or with its ``_type_tag`` class attribute.
    """
    tag = cls.__dict__.get("_type_tag")
    if isinstance(tag, str):
        return tag
    module = cls.__module__
    if module != "tabletop_core" and not module.startswith("tabletop_core."):
        return f"{module}.{cls.__qualname__}"  # a record defined outside the library keeps its full name
    parts = module.split(".")
    system = parts[1] if len(parts) > 2 else "core"
    return f"{system}.{cls.__qualname__}"


_SYSTEMS = ("core", "action_roll", "d20", "notation", "residue")


_registry: dict[str, type[Record]] = {}
"""Every concrete record class by tag, built once (and again when a new record class is defined)."""


def _concrete_records() -> dict[str, type[Record]]:
    """The registry of record classes by tag, walked from :class:`Record`'s subclasses when stale."""
    global _registry
    current = _registry
    if current:
        return current
    found: dict[str, type[Record]] = {}
    stack: list[type[Record]] = [Record]
    while stack:
        for sub in stack.pop().__subclasses__():
            stack.append(sub)
            if "__attrs_attrs__" in sub.__dict__:
                found[type_name(sub)] = sub
            for tag in sub.__dict__.get("_old_tags", ()):  # a retired concrete type, now this base's kinds
                found.setdefault(tag, sub)
    _registry = found  # swapped whole, never changed in place: a reader in another thread sees old or new
    return found


def record_type(name: str) -> type[Record]:
    """The record class whose ``"type"`` tag is *name* (importing its system if needed).

    Raises:
        InvalidInput: no record type has that tag.
        TypeError: *name* is not a str.
    """
    found = _registry.get(name) if type(name) is str else None
    if found is not None:
        return found  # the common case: one dict lookup
    if not isinstance(name, str):
        raise TypeError(f"type must be a str, got {type(name).__name__} {clip(name)}")
    system = name.partition(".")[0]
    if system in _SYSTEMS[1:]:
        import importlib

        importlib.import_module(f"tabletop_core.{system}")
    _forget_records()  # a system just imported, or a class defined since the last walk
    known = _concrete_records()
    if name not in known and system in _SYSTEMS[1:] and system not in _walked:
        _import_every_module(system)  # a record class in a module its package loads lazily
        known = _concrete_records()
    if name not in known:
        raise InvalidInput(f"type: unknown record type {clip(name)}")
    return known[name]


_walked: set[str] = set()


def _import_every_module(system: str) -> None:
    """Import every module of the *system* subpackage, once, then mark the registry stale."""
    import importlib
    import pkgutil

    _walked.add(system)
    package = importlib.import_module(f"tabletop_core.{system}")
    for info in pkgutil.walk_packages(package.__path__, f"{package.__name__}."):
        if not info.name.endswith("__main__"):
            importlib.import_module(info.name)
    _forget_records()


def _forget_records() -> None:
    """Mark the registry stale: a record class was just defined."""
    global _registry
    _registry = {}


_MIGRATIONS: dict[tuple[str, int], MigrationStep] = {}


def migration(type_tag: str, from_version: int) -> Callable[[MigrationStep], MigrationStep]:
    """Register the function that upgrades *type_tag*'s data from *from_version* to the next version.

    The function takes the fields (without ``"type"`` and ``"version"``) as written
    by *from_version* and returns them as *from_version* + 1 writes them. A type
    with no function registered for the step from version 0 (tabletop_core 0.1.0 and 0.2.0)
    reads that data unchanged: version 1 only added the tag, the version and the
    derived answers, which are recomputed.

    Examples:
        >>> @migration("example.Point", 1)
        ... def _point_1_to_2(data):
        ...     data["x"] = data.pop("left")  # version 2 renamed "left" to "x"
        ...     return data
    """

    def register(function: MigrationStep) -> MigrationStep:
        _MIGRATIONS[(type_tag, from_version)] = function
        return function

    return register


def _upgrade(cls: type[Record], data: JsonDict) -> tuple[JsonDict, int]:
    """Check the tag and version of *data* (``type``/``version`` removed), migrate it to *cls*'s version.

    Returns the migrated fields and the version the data was written in.
    """
    tag = type_name(cls)
    current = cls._version
    if "version" not in data:
        if data.get("type") == tag:
            raise InvalidInput(f"{cls.__name__}: 'version' is missing")
        version = 0  # tabletop_core 0.1.0 and 0.2.0 wrote neither a tag nor a version
    else:
        raw = data.pop("version")
        given = data.pop("type", None)
        if given != tag:
            if given is None:
                raise InvalidInput(f"{cls.__name__}: 'type' is missing")
            if isinstance(given, str):
                raise InvalidInput(f"type: expected {tag!r}, got {clip(given)}")
            raise TypeError(f"type must be a str, got {type(given).__name__} {clip(given)}")
        if isinstance(raw, bool) or not isinstance(raw, int):
            raise TypeError(f"version must be an int, got {type(raw).__name__} {clip(raw)}")
        version = raw
        if not 1 <= version <= current:
            raise InvalidInput(
                f"version: {tag} data of version {clip(version)} cannot be read; "
                f"this tabletop_core reads versions 0 to {current}"
            )
    written = version
    while version < current:
        step = _MIGRATIONS.get((tag, version))
        if step is not None:
            data = step(data)
        elif version != 0:
            raise InvalidInput(f"version: no migration of {tag} from version {version}")  # pragma: no cover
        version += 1
    return data, written


# -- the record base class ---------------------------------------------------------------

_BOUNDS_CHECKED: contextvars.ContextVar[bool] = contextvars.ContextVar("tabletop_core_bounds_checked", default=False)
"""Whether the data being read was already checked against the limits (by the outermost read)."""

_UnionType = type(int | str)
F = TypeVar("F", bound=Callable[..., Any])


def from_checked(cls: type[R], data: Mapping[str, object]) -> R:
    """``cls.from_dict(data)`` for *data* that :func:`~tabletop_core._bounds.parse_json` already checked."""
    token = _BOUNDS_CHECKED.set(True)
    try:
        return cls.from_dict(data)
    finally:
        _BOUNDS_CHECKED.reset(token)  # Any: a from_dict of any record class


def _bounded(function: F) -> F:
    """*function* (a ``from_dict``) with the limits checked first, once for the outermost call."""

    @functools.wraps(function)
    def from_dict(cls: type[Record], data: object, **options: Any) -> object:  # Any: a subclass's own keywords
        if _BOUNDS_CHECKED.get():
            return function(cls, data, **options)
        check_bounds(data, f"{cls.__name__} data")
        token = _BOUNDS_CHECKED.set(True)
        try:
            return function(cls, data, **options)
        finally:
            _BOUNDS_CHECKED.reset(token)

    from_dict._checks_bounds = True  # type: ignore[attr-defined]  # marks a wrapped function
    return cast(F, from_dict)


def _rebind_class_cell(function: object, cls: type) -> None:  # Any: a from_dict of any record
    """Point *function*'s ``__class__`` cell (zero-argument ``super()``) at *cls*, attrs' slotted copy.

    attrs rebuilds a slotted class and re-points the cells of the functions in its body, but
    it cannot see inside :func:`_bounded`'s wrapper; this does it for the wrapped function.
    """
    for cell in getattr(function, "__closure__", None) or ():
        try:
            old = cell.cell_contents
        except ValueError:  # an empty cell
            continue
        if (
            isinstance(old, type)
            and old is not cls
            and (old.__module__, old.__qualname__)
            == (
                cls.__module__,
                cls.__qualname__,
            )
        ):
            cell.cell_contents = cls


class Record:
    """Mixin for frozen attrs classes: one JSON shape, checked answers, one display.

    A subclass declares, as class attributes:

    * ``_version``: its format version (1 in this release); bump it when the
      shape changes and register a :func:`migration` from the old one;
    * ``_derived``: the names of its answers (properties or fields computed by
      the rule): written by ``to_dict``, recomputed and compared by ``from_dict``;
    * optionally ``_json_names``: JSON keys for fields whose name is taken
      (``{"type": "item_type"}``: ``"type"`` is the tag);
    * optionally ``_optional_keys``: fields added later with a default, written only
      when they differ from it (so what older versions wrote keeps its exact shape);
      the only fields a saved record may leave out;
    * optionally ``_added``: ``{field: version}`` for a field a version bump added,
      so data of an older version may lack it (it then gets the field's default);
    * optionally ``_json_schema``: ``{key: JSON Schema}`` for a field or answer whose
      annotation does not say all its JSON shape (see :mod:`tabletop_core._schema`);
    * optionally ``_rule()``: the record the rule gives for this record's inputs,
      when fields hold answers the constructor does not check itself;
    * optionally ``_rows()``: the rows of its notebook table.

    Everything else about reading comes from the fields' type annotations (see
    :mod:`tabletop_core._codec`): a record class needs no reading code of its own.
    """

    __slots__ = ()

    _version: ClassVar[int] = 1
    _derived: ClassVar[tuple[str, ...]] = ()
    _json_names: ClassVar[Mapping[str, str]] = {}
    _optional_keys: ClassVar[tuple[str, ...]] = ()
    _added: ClassVar[Mapping[str, int]] = {}
    _json_schema: ClassVar[Mapping[str, Mapping[str, Any]]] = {}  # Any: JSON Schema values

    def __init_subclass__(cls, **kwargs: Any) -> None:  # Any: whatever a subclass's own bases take
        super().__init_subclass__(**kwargs)
        _forget_records()
        own = cls.__dict__.get("from_dict")
        if not isinstance(own, classmethod):
            return
        if not getattr(own.__func__, "_checks_bounds", False):
            # A subclass's own from_dict (a tagged union picking its kind, ...) reads the data
            # before Record.from_dict does: check the bounds before it runs too.
            cls.from_dict = classmethod(_bounded(own.__func__))  # type: ignore[assignment]
        else:
            _rebind_class_cell(getattr(own.__func__, "__wrapped__", None), cls)

    def to_dict(self) -> JsonDict:
        """Return JSON-ready data in the one shape; ``type(x).from_dict(x.to_dict()) == x``."""
        data = shared_converter().unstructure(self)
        assert isinstance(data, dict)  # attrs classes unstructure to dicts
        return data

    @classmethod
    def from_dict(cls: type[R], data: Mapping[str, object]) -> R:
        """Rebuild an object from :meth:`to_dict` data (any format version), checking every field and answer.

        Raises:
            InvalidInput: the data is of another type, incomplete, has unknown keys,
                is nested too deeply or holds too large an integer, breaks a rule, or
                states an answer the rule does not give.
            TypeError: *data* is not a mapping.
        """
        if not isinstance(data, Mapping):
            raise TypeError(f"{cls.__name__}.from_dict needs a mapping, got {type(data).__name__}")
        outermost = _codec.reading() is None
        if not _BOUNDS_CHECKED.get():
            check_bounds(data, f"{cls.__name__} data")
            token = _BOUNDS_CHECKED.set(True)
            try:
                record = cls._structure(data)
            finally:
                _BOUNDS_CHECKED.reset(token)
        else:
            record = cls._structure(data)
        if outermost and data.get("version") == cls._version:
            _check_echo(record, data)
        return record

    @classmethod
    def _structure(cls: type[R], data: Mapping[str, object]) -> R:
        try:
            return shared_converter().structure(data, cls)
        except TabletopError:
            raise
        except TypeError as error:
            if not _grouped(error):
                raise
            raise InvalidInput(f"cannot build {cls.__name__}: {_reason(error)}") from error
        except Exception as error:  # cattrs groups every failure; report it as one.
            raise InvalidInput(f"cannot build {cls.__name__}: {_reason(error)}") from error

    def to_json(self) -> str:
        """Return :meth:`to_dict` as a JSON string."""
        return json.dumps(self.to_dict())

    @classmethod
    def from_json(cls: type[R], text: str | bytes) -> R:
        """Rebuild an object from :meth:`to_json` output.

        Raises:
            InvalidInput: the text is longer than :data:`MAX_JSON_CHARS`, nested deeper
                than :data:`MAX_JSON_DEPTH`, not JSON, or not a valid record.
            TypeError: *text* is not a str or bytes.
        """
        return from_checked(cls, parse_json(text, f"{cls.__name__}.from_json"))

    # -- answers ------------------------------------------------------------------

    def _rule(self) -> Record | None:
        """The record the rule gives for this record's inputs, or ``None`` (nothing to recompute)."""
        return None

    # -- display ------------------------------------------------------------------

    def to_markdown(self) -> str:
        """One line of Discord-flavoured Markdown for chat: ``render(self, style="markdown")``.

        The answer in bold, struck dice ``~~struck~~``, user text escaped
        (:func:`tabletop_core.chat.render` has the other styles and ``max_length``).
        """
        from tabletop_core._chat_markup import fit_line, spans_of  # the string machinery, which imports no record

        return fit_line(spans_of(str(self), self._user_text()), "markdown", None)

    def _user_text(self) -> list[str]:
        """Every ``str`` this record holds (labels, comments, reasons, names from data), nested records included.

        :func:`tabletop_core.chat.render` escapes these and never reads markup in them.
        """
        found: list[str] = []
        stack: list[object] = [self]
        seen = 0
        while stack and seen < 10_000:
            value = stack.pop()
            seen += 1
            if isinstance(value, enum.Enum):
                continue
            if isinstance(value, str):
                found.append(value)
            elif attrs.has(type(value)):
                stack += [getattr(value, f.name) for f in _fields(type(value))]
            elif isinstance(value, Mapping):
                stack += [*value.keys(), *value.values()]
            elif isinstance(value, (tuple, list, frozenset, set)):
                stack += list(value)
        return found

    def _caption(self) -> str:
        """The table's caption: the chat line (``str(self)``) unless a record says otherwise."""
        return str(self)

    def _rows(self) -> list[tuple[str, object]]:
        """The rows of the notebook table: ``(name, value)``; by default every field, then every answer."""
        fields = [f.name for f in _fields(type(self)) if f.init and not f.name.startswith("_")]
        names = fields + [name for name in self._derived if name not in fields]
        return [(name.replace("_", " "), getattr(self, name)) for name in names]

    def _repr_html_(self) -> str:
        body = "".join(
            f'<tr><th style="text-align:left">{html.escape(name)}</th>'
            f'<td style="text-align:left">{html.escape(_cell(value))}</td></tr>'
            for name, value in self._rows()
        )
        caption = html.escape(_clip_text(self._caption(), 300))
        return (
            f'<table class="tabletop-record"><caption style="text-align:left">{caption}</caption>'
            f"<tbody>{body}</tbody></table>"
        )

    def _repr_markdown_(self) -> str:
        lines = [f"**{_markdown_escape(_clip_text(self._caption(), 300))}**", "", "| | |", "|:--|:--|"]
        lines += [f"| {_markdown_escape(name)} | {_markdown_escape(_cell(value))} |" for name, value in self._rows()]
        return "\n".join(lines)


def _fields(cls: type) -> tuple[attrs.Attribute[object], ...]:
    """The attrs fields of a record class (every concrete Record is an attrs class)."""
    fields: tuple[attrs.Attribute[object], ...] = attrs.fields(cast("type[attrs.AttrsInstance]", cls))
    return fields


def _clip_text(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[:limit] + "…"


def _cell(value: object) -> str:
    """One table cell as plain text (escaped by the caller)."""
    if isinstance(value, enum.Enum):
        return enum_label(value)
    if isinstance(value, bool):
        return "yes" if value else "no"
    if value is None:
        return "-"
    if isinstance(value, (tuple, list, frozenset)):
        items = sorted(value, key=str) if isinstance(value, frozenset) else value
        return _clip_text(" · ".join(_cell(item) for item in items), 200) if items else "-"
    if isinstance(value, Mapping):
        return _clip_text(", ".join(f"{_cell(k)}: {_cell(v)}" for k, v in value.items()), 200) or "-"
    return _clip_text(str(value), 200)


_MARKDOWN_SPECIAL = str.maketrans({c: "\\" + c for c in "\\`*_[]<>|~"})


def _markdown_escape(text: str) -> str:
    return " ".join(text.translate(_MARKDOWN_SPECIAL).split())


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
    return isinstance(cls, type) and issubclass(cls, Record) and "__attrs_attrs__" in cls.__dict__


def _is_enum(cls: object) -> bool:
    return isinstance(cls, type) and issubclass(cls, enum.Enum)


def _is_record_base(cls: object) -> bool:
    """A record class that is not itself concrete (``Record``, a tagged union's base): read by the tag."""
    return isinstance(cls, type) and issubclass(cls, Record) and "__attrs_attrs__" not in cls.__dict__


def _record_members(hint: object) -> tuple[type[Record], ...]:
    if typing.get_origin(hint) not in (typing.Union, _UnionType):
        return ()
    members = [arg for arg in typing.get_args(hint) if arg is not type(None)]
    if len(members) < 2 or not all(isinstance(arg, type) and issubclass(arg, Record) for arg in members):
        return ()
    return tuple(members)


def _is_record_union(hint: object) -> bool:
    """``A | B`` (or ``A | B | None``) of record classes: read by the tag."""
    return bool(_record_members(hint))


def _unstructure_any(value: object) -> object:
    return value.to_dict() if isinstance(value, Record) else value


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
    members = _record_members(hint)
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
    fields = frozenset(f.name for f in _fields(cls))
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
    fields = frozenset(f.name for f in _fields(cls))
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
        data, written = _upgrade(cls, data)
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
                if short:
                    continue  # versions before 1 did not write the answers; they are computed now
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
        by_key = {cls._json_names.get(f.name, f.name): f for f in _fields(cls) if f.init}
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
    for field in _fields(cls):
        if field.eq and getattr(rule, field.name) != getattr(obj, field.name):
            raise InvalidInput(
                f"{cls.__name__}.{field.name} does not follow the rules: "
                f"the rule gives {clip(shared_converter().unstructure(getattr(rule, field.name)))}, "
                f"the record says {clip(shared_converter().unstructure(getattr(obj, field.name)))}"
            )
    raise InvalidInput(f"{cls.__name__} does not follow the rules")  # pragma: no cover - some field differs


def _check_echo(record: Record, data: Mapping[str, object]) -> None:
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
        cls = _registry.get(tag) or record_type(tag)
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
                made.register_unstructure_hook_func(_is_record_base, _unstructure_any)
                made.register_structure_hook_func(_is_record_base, _structure_kind)
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


def _grouped(error: BaseException) -> bool:
    return bool(getattr(error, "exceptions", None))


def _reason(error: BaseException, path: str = "") -> str:
    """The innermost messages of a (possibly grouped) exception, each after the field it is about, clipped."""
    for note in getattr(error, "__notes__", ()):
        if isinstance(note, str) and " @ attribute " in note:
            path = f"{path}.{note.rsplit(' @ attribute ', 1)[1]}" if path else note.rsplit(" @ attribute ", 1)[1]
        elif isinstance(note, str) and " @ index " in note:
            path = f"{path}[{note.rsplit(' @ index ', 1)[1]}]"
    inner = getattr(error, "exceptions", None)
    if inner:
        return _clip_text("; ".join(_reason(sub, path) for sub in inner), 400)
    where = f"{path}: " if path else ""
    return _clip_text(f"{where}{type(error).__name__}: {error}", 400)
