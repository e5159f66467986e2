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

This module holds the base class; the machinery it stands on has a module each:
:mod:`tabletop_core._record_types` (tags and the registry of record classes),
:mod:`tabletop_core._migrations` (format versions), :mod:`tabletop_core._record_codec`
(the hooks and the converter; :mod:`tabletop_core._codec` reads the scalars),
:mod:`tabletop_core._bounds` (the size and nesting limits) and
:mod:`tabletop_core._record_display` (chat line and notebook tables).
"""

from __future__ import annotations

import contextvars
import functools
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar, cast

from tabletop_core import _codec

# The machinery every record shares, each in a module of its own; the public names stay importable here.
from tabletop_core._bounds import MAX_JSON_CHARS, MAX_JSON_DEPTH, check_bounds, parse_json
from tabletop_core._migrations import MigrationStep, migration
from tabletop_core._names import enum_label, enum_value
from tabletop_core._record_codec import check_echo, grouped, on_converter, reason, shared_converter
from tabletop_core._record_display import html_table, markdown_line, markdown_table, table_rows, user_text
from tabletop_core._record_types import JsonDict, note_record_base, note_record_class, record_type, type_name
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
    "JsonDict",
    "MigrationStep",
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


# -- the record base class ---------------------------------------------------------------

_BOUNDS_CHECKED: contextvars.ContextVar[bool] = contextvars.ContextVar("tabletop_core_bounds_checked", default=False)
"""Whether the data being read was already checked against the limits (by the outermost read)."""

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
      an answer of ``_derived`` may be named too (it is computed, as always);
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
        note_record_class(cls)
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
            check_echo(record, data)
        return record

    @classmethod
    def _structure(cls: type[R], data: Mapping[str, object]) -> R:
        try:
            return shared_converter().structure(data, cls)
        except TabletopError:
            raise
        except TypeError as error:
            if not grouped(error):
                raise
            raise InvalidInput(f"cannot build {cls.__name__}: {reason(error)}") from error
        except Exception as error:  # cattrs groups every failure; report it as one.
            raise InvalidInput(f"cannot build {cls.__name__}: {reason(error)}") from error

    def to_json(self) -> str:
        """Return :meth:`to_dict` as a JSON string."""
        import json  # on first use: a cold start that writes no JSON does not load it (bench_cold_start)

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
        return markdown_line(self)

    def _user_text(self) -> list[str]:
        """Every ``str`` this record holds (labels, comments, reasons, names from data), nested records included.

        :func:`tabletop_core.chat.render` escapes these and never reads markup in them.
        """
        return user_text(self)

    def _caption(self) -> str:
        """The table's caption: the chat line (``str(self)``) unless a record says otherwise."""
        return str(self)

    def _rows(self) -> list[tuple[str, object]]:
        """The rows of the notebook table: ``(name, value)``; by default every field, then every answer."""
        return table_rows(self)

    def _repr_html_(self) -> str:
        return html_table(self)

    def _repr_markdown_(self) -> str:
        return markdown_table(self)


note_record_base(Record)


if not TYPE_CHECKING:

    def __getattr__(name: str) -> object:
        if name == "converter":  # the shared converter, built on first use (importing this does not load cattrs)
            return shared_converter()
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

    def __dir__() -> list[str]:
        return sorted({*globals(), "converter"})
