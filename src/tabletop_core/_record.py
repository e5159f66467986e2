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

import enum
import html
import json
import re
import threading
from collections.abc import Callable, Collection, Mapping
from fractions import Fraction
from typing import TYPE_CHECKING, Any, ClassVar, TypeAlias, TypeVar, cast

import attrs

from tabletop_core._names import parse_enum
from tabletop_core._validate import as_int, clip
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

MAX_JSON_CHARS = 10_000_000
"""The longest text :meth:`Record.from_json` parses (the largest saved Journey is about 10 kB)."""
MAX_JSON_DEPTH = 64
"""The deepest nesting of lists and objects :meth:`Record.from_json` and :meth:`Record.from_dict` read."""
_MAX_NODES = 2_000_000

# -- small helpers ------------------------------------------------------------------


def enum_value(member: enum.Enum) -> str:
    """The stable machine value of an enum member in JSON: its lower-case name (``"strong_hit"``)."""
    return member.name.lower()


def enum_label(member: enum.Enum) -> str:
    """The display text of an enum member in JSON and odds tables: ``"strong hit"``."""
    return member.name.lower().replace("_", " ")


def _is_enum(cls: object) -> bool:
    return isinstance(cls, type) and issubclass(cls, enum.Enum)


def _structure_enum(value: object, cls: type[enum.Enum]) -> enum.Enum:
    # The one enum-name parser: "strong_hit" (this format), "STRONG_HIT" (0.1.0 and 0.2.0), labels too.
    return parse_enum(cls, value, name=cls.__name__)


def _strict(kind: type) -> Callable[[object, object], object]:
    """A structure hook that refuses values of another type instead of coercing them.

    cattrs would turn ``2.5``, ``"2"`` and ``True`` into the int 2, 2 and 1: data
    edited by hand or sent by a client must not silently change meaning.
    """

    def structure(value: object, _cls: object) -> object:
        if kind is int:
            return as_int("value", value)
        if kind is float and isinstance(value, int) and not isinstance(value, bool):
            return float(value)
        if type(value) is not kind:
            raise TypeError(f"expected {kind.__name__}, got {type(value).__name__} {clip(value)}")
        return value

    return structure


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


def _concrete_records() -> dict[str, type[Record]]:
    found: dict[str, type[Record]] = {}
    stack: list[type[Record]] = [Record]
    while stack:
        for sub in stack.pop().__subclasses__():
            stack.append(sub)
            if "__attrs_attrs__" in sub.__dict__:
                found[type_name(sub)] = sub
            for tag in sub.__dict__.get("_old_tags", ()):  # a retired concrete type, now this base's kinds
                found.setdefault(tag, sub)
    return found


def record_type(name: str) -> type[Record]:
    """The record class whose ``"type"`` tag is *name* (importing its system if needed).

    Raises:
        InvalidInput: no record type has that tag.
        TypeError: *name* is not a str.
    """
    if not isinstance(name, str):
        raise TypeError(f"type must be a str, got {type(name).__name__} {clip(name)}")
    system = name.partition(".")[0]
    if system in _SYSTEMS[1:]:
        import importlib

        importlib.import_module(f"tabletop_core.{system}")
    known = _concrete_records()
    if name not in known:
        raise InvalidInput(f"type: unknown record type {clip(name)}")
    return known[name]


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


def _upgrade(cls: type[Record], data: JsonDict) -> JsonDict:
    """Check the tag and version of *data* (``type``/``version`` removed), migrate it to *cls*'s version."""
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
    while version < current:
        step = _MIGRATIONS.get((tag, version))
        if step is not None:
            data = step(data)
        elif version != 0:
            raise InvalidInput(f"version: no migration of {tag} from version {version}")  # pragma: no cover
        version += 1
    return data


# -- nesting limits -------------------------------------------------------------------


def _check_nesting(data: object, what: str) -> None:
    """Refuse containers nested deeper than :data:`MAX_JSON_DEPTH` (or absurdly many items), without recursion."""
    stack: list[tuple[object, int]] = [(data, 1)]
    nodes = 0
    while stack:
        item, depth = stack.pop()
        kind = type(item)
        if kind is dict or (kind is not list and kind is not tuple and isinstance(item, Mapping)):
            children: Collection[object] = cast(Mapping[object, object], item).values()
        elif kind is list or kind is tuple:
            children = cast(Collection[object], item)
        else:
            continue
        if depth > MAX_JSON_DEPTH:
            raise InvalidInput(f"{what} is nested more than {MAX_JSON_DEPTH} levels deep")
        nodes += len(children)
        if nodes > _MAX_NODES:
            raise InvalidInput(f"{what} holds more than {_MAX_NODES:,} values")
        for child in children:
            child_kind = type(child)
            if (
                child_kind is dict
                or child_kind is list
                or (child_kind not in _SCALARS and isinstance(child, (Mapping, tuple)))
            ):
                stack.append((child, depth + 1))


_SCALARS = frozenset({str, int, float, bool, type(None)})
_STRINGS = re.compile(r'"(?:[^"\\]|\\.)*"')
_NOT_BRACKETS = re.compile(r"[^\[\]{}]+")


def _json_depth(text: str) -> int:
    """The deepest nesting of ``[`` and ``{`` in JSON *text* (brackets inside strings ignored)."""
    if text.count("[") + text.count("{") <= MAX_JSON_DEPTH:
        return 0  # too few brackets to nest too deeply: the common case costs two counts
    brackets = _NOT_BRACKETS.sub("", _STRINGS.sub("", text))
    depth = deepest = 0
    for char in brackets:
        if char in "[{":
            depth += 1
            if depth > deepest:
                deepest = depth
                if deepest > MAX_JSON_DEPTH:
                    return deepest
        else:
            depth -= 1
    return deepest


def parse_json(text: str | bytes, who: str) -> JsonDict:
    """Parse JSON *text* holding one object, within :data:`MAX_JSON_CHARS` and :data:`MAX_JSON_DEPTH`.

    Raises:
        InvalidInput: too long, too deep, not JSON, or not an object (*who* starts the message).
        TypeError: *text* is not a str or bytes.
    """
    if isinstance(text, (bytes, bytearray)):
        if len(text) > MAX_JSON_CHARS * 4:
            raise InvalidInput(f"{who}: the text is longer than {MAX_JSON_CHARS:,} characters")
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as error:
            raise InvalidInput(f"{who} needs UTF-8 text: {error.reason}") from None
    if not isinstance(text, str):
        raise TypeError(f"{who} needs a str, got {type(text).__name__}")
    if len(text) > MAX_JSON_CHARS:
        raise InvalidInput(f"{who}: the text is longer than {MAX_JSON_CHARS:,} characters")
    if _json_depth(text) > MAX_JSON_DEPTH:
        raise InvalidInput(f"{who}: the JSON is nested more than {MAX_JSON_DEPTH} levels deep")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as error:
        raise InvalidInput(f"{who} needs JSON text: {clip(str(error), 120)}") from None
    if not isinstance(data, dict):
        raise InvalidInput(f"{who} needs a JSON object, got {type(data).__name__}")
    return data


# -- the record base class ---------------------------------------------------------------


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
    * optionally ``_rule()``: the record the rule gives for this record's inputs,
      when fields hold answers the constructor does not check itself;
    * optionally ``_rows()``: the rows of its notebook table.
    """

    __slots__ = ()

    _version: ClassVar[int] = 1
    _derived: ClassVar[tuple[str, ...]] = ()
    _json_names: ClassVar[Mapping[str, str]] = {}
    _optional_keys: ClassVar[tuple[str, ...]] = ()

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
                is nested too deeply, breaks a rule, or states an answer the rule
                does not give.
            TypeError: *data* is not a mapping.
        """
        if not isinstance(data, Mapping):
            raise TypeError(f"{cls.__name__}.from_dict needs a mapping, got {type(data).__name__}")
        _check_nesting(data, f"{cls.__name__} data")
        return cls._structure(data)

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
        return cls.from_dict(parse_json(text, f"{cls.__name__}.from_json"))

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

    def structure(data: object, _cls: object) -> Record:
        if not isinstance(data, Mapping):
            raise TypeError(f"{cls.__name__} must be given as a mapping, got {type(data).__name__}")
        data = dict(data)
        old = "version" not in data
        data = _upgrade(cls, data)
        given = {key: data.pop(key) for key in answer_keys if key in data}
        obj = base(data, cls)
        expected = dict(_answers(obj, fields))
        for key, value in expected.items():
            if key not in given:
                if old:
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
                made.register_structure_hook_func(_is_enum, _structure_enum)
                for kind in (int, str, bool, float):
                    made.register_structure_hook(kind, _strict(kind))
                made.register_unstructure_hook(Fraction, str)
                made.register_structure_hook(Fraction, _structure_fraction)
                made.register_unstructure_hook_factory(_is_record, _unstructure_factory)
                made.register_structure_hook_factory(_is_record, _structure_factory)
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
