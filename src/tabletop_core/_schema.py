"""A JSON Schema (draft 2020-12) for every record type, generated from the record classes.

Each schema describes the saved form of one type, exactly as ``to_dict()`` writes it and
``tabletop_core.records.load`` reads it: the ``"type"`` tag and ``"version"``, every field
(from its attrs field and type annotation), every answer (from the property's return
annotation) and the label of each enum answer; every key required but the type's
``_optional_keys``; no other key allowed. A record inside a record is a ``$ref`` to its own
type's schema; a field typed as a union of kinds (a Journey's stage, a d20 event) is an
``anyOf`` of its kinds' schemas; ``records.schema.json`` is any record at all.

The schemas are looser than the loader in one way only: the rules a schema cannot say (an
answer that must follow from the dice, a die that must fit its sides, cross-field checks)
are checked by the loader alone. Whatever a schema refuses, the loader refuses too.

Generated in one place, by one command, and shipped in the package (``tabletop_core/schemas``)::

    python -m tabletop_core._schema            # rewrite the shipped schemas
    python -m tabletop_core._schema --check    # exit 1 if they differ from a fresh generation

A record class that needs more than its annotations say declares ``_json_schema``:
``{key: schema}`` replacing the generated schema of that field or answer. A field whose
annotation says nothing JSON can hold (``Any``, ``object``) is a generation error.
"""

from __future__ import annotations

import argparse
import enum
import importlib
import inspect
import json
import re
import sys
import typing
from collections.abc import Mapping, Sequence
from fractions import Fraction
from pathlib import Path
from typing import Any

import attrs

from tabletop_core import _codec
from tabletop_core._names import enum_label, enum_value
from tabletop_core._record import Record
from tabletop_core._record_codec import is_record_base, record_members
from tabletop_core._record_display import fields_of
from tabletop_core._record_types import SYSTEMS, import_every_module, record_classes, type_name
from tabletop_core._validate import _UNSAFE

__all__ = ["ANY_RECORD", "BASE_URL", "DIALECT", "SCHEMA_DIR", "check", "generate", "main", "write"]

JsonSchema = dict[str, Any]  # Any: JSON Schema values

DIALECT = "https://json-schema.org/draft/2020-12/schema"
BASE_URL = "https://tabletop-core.github.io/tabletop_core/schemas/"
"""Where the docs site publishes the schemas; each schema's ``$id`` is this plus its file name."""
ANY_RECORD = "records.schema.json"
"""The file of the schema any record matches (an ``anyOf`` of every type's)."""
SCHEMA_DIR = Path(__file__).resolve().parent / "schemas"
"""The shipped schemas: ``<type>.schema.json`` per record type, and :data:`ANY_RECORD`."""

_FRACTION = {"type": "string", "pattern": r"^-?[0-9]+(/[1-9][0-9]*)?$"}
_ONE_LINE = "^[^" + _UNSAFE.pattern[1:-1] + "]*$"
_INT_KEYS = {"pattern": r"^(0|-?[1-9][0-9]*)$"}


class SchemaError(Exception):
    """A record class whose JSON shape its annotations do not say (add ``_json_schema``)."""


def file_name(tag: str) -> str:
    """The schema file of the record type *tag*: ``d20.TestRoll.schema.json``."""
    return f"{tag}.schema.json"


def _ref(cls: type) -> JsonSchema:
    return {"$ref": file_name(type_name(cls))}


class _Builder:
    """Builds the schema of every record class, collecting the annotations it cannot read."""

    def __init__(self, classes: Mapping[str, type[Record]]) -> None:
        self.classes = classes
        self.problems: list[str] = []

    # -- annotations ---------------------------------------------------------------

    def hint(self, hint: object, where: str) -> JsonSchema:  # noqa: C901 - one case per kind of annotation
        """The schema of values of the annotation *hint* (*where* names it in a problem)."""
        if hint is type(None) or hint is None:
            return {"type": "null"}
        if hint is bool:
            return {"type": "boolean"}
        if hint is int:
            return {"type": "integer"}
        if hint is float:
            return {"type": "number"}
        if hint is str:
            return {"type": "string"}
        if hint is Fraction:
            return dict(_FRACTION)
        if isinstance(hint, type) and issubclass(hint, enum.Enum):
            return {"type": "string", "enum": [enum_value(member) for member in hint]}
        if isinstance(hint, type) and issubclass(hint, Record):
            if hint is Record:
                return {"$ref": ANY_RECORD}
            if is_record_base(hint):
                return {"anyOf": [_ref(kind) for kind in self.kinds_of(hint)]}
            return _ref(hint)
        if record_members(hint):
            options = [_ref(kind) for member in record_members(hint) for kind in self.kinds_of(member)]
            if type(None) in typing.get_args(hint):
                options.append({"type": "null"})
            return {"anyOf": options}
        if _codec.is_optional(hint):
            inner = next(arg for arg in typing.get_args(hint) if arg is not type(None))
            return {"anyOf": [self.hint(inner, where), {"type": "null"}]}
        if _codec.is_run(hint):
            return {"type": "array", "items": self.hint(typing.get_args(hint)[0], f"{where}[]")}
        if _codec.is_fixed_tuple(hint):
            parts = [self.hint(arg, f"{where}[{i}]") for i, arg in enumerate(typing.get_args(hint))]
            return {"type": "array", "prefixItems": parts, "items": False, "minItems": len(parts)}
        if _codec.is_mapping(hint):
            key, value = typing.get_args(hint)
            schema: JsonSchema = {"type": "object", "additionalProperties": self.hint(value, f"{where}{{}}")}
            if key is int:
                schema["propertyNames"] = dict(_INT_KEYS)
            elif key is not str:
                self.problems.append(f"{where}: mapping keys of {key!r} (JSON keys are text)")
            return schema
        self.problems.append(f"{where}: {hint!r} says nothing JSON can hold; declare _json_schema")
        return {}

    def kinds_of(self, base: type) -> list[type[Record]]:
        """The concrete record classes of *base* (itself, if concrete), by tag."""
        kinds = {id(cls): cls for cls in self.classes.values() if issubclass(cls, base)}
        return sorted(kinds.values(), key=type_name)

    # -- one record class ----------------------------------------------------------

    def record(self, cls: type[Record]) -> JsonSchema:
        """The schema of the saved form of *cls*."""
        tag = type_name(cls)
        attrs.resolve_types(cls)  # type: ignore[type-var]  # every concrete record is an attrs class
        notes = _attribute_notes(cls)
        properties: JsonSchema = {
            "type": {"const": tag, "description": "The record type."},
            "version": {"const": cls._version, "description": "The format version of the type."},
        }
        required = ["type", "version"]
        optional = set(cls._optional_keys)
        by_name = {}
        for field in fields_of(cls):
            if not field.init:
                continue
            key = cls._json_names.get(field.name, field.name)
            if key in cls._json_schema:  # declared below, in place of what the annotation would say
                schema = {}
            else:
                schema = self.hint(field.type, f"{tag}.{key}")
                _bounds(schema, field)
                if field.name in notes:
                    schema = {**schema, "description": notes[field.name]}
            properties[key] = schema
            by_name[field.name] = key
            if field.name not in optional:
                required.append(key)
        for name in cls._derived:
            answer = self.answer(cls, name, tag)
            if name not in by_name:
                properties[name] = {**answer, "description": _answer_note(cls, name, notes)}
                required.append(name)
            label = self.label(cls, name)
            if label is not None:
                key = f"{name}_label"
                properties[key] = label
                if not _codec.is_optional(_answer_hint(cls, name)):
                    required.append(key)
        for key, override in cls._json_schema.items():
            properties[key] = dict(override)
        return {
            "$schema": DIALECT,
            "$id": BASE_URL + file_name(tag),
            "title": tag,
            "description": _summary(cls),
            "type": "object",
            "properties": properties,
            "required": required,
            "additionalProperties": False,
        }

    def answer(self, cls: type[Record], name: str, tag: str) -> JsonSchema:
        hint = _answer_hint(cls, name)
        if hint is None:
            self.problems.append(f"{tag}.{name}: an answer without a return annotation")
            return {}
        return self.hint(hint, f"{tag}.{name}")

    def label(self, cls: type[Record], name: str) -> JsonSchema | None:
        """The schema of ``<name>_label`` when the answer *name* is an enum (``None`` otherwise)."""
        hint = _answer_hint(cls, name)
        if _codec.is_optional(hint):
            hint = next(arg for arg in typing.get_args(hint) if arg is not type(None))
        if not (isinstance(hint, type) and issubclass(hint, enum.Enum)):
            return None
        return {
            "type": "string",
            "enum": [enum_label(member) for member in hint],
            "description": f"The display text of {name}.",
        }


def _answer_hint(cls: type[Record], name: str) -> Any:  # Any: a type annotation
    field = attrs.fields_dict(cls).get(name)  # type: ignore[arg-type]  # an attrs class
    if field is not None:
        return field.type
    raw = inspect.getattr_static(cls, name, None)
    function = raw.fget if isinstance(raw, property) else getattr(raw, "func", None)
    if function is None:
        return None
    return typing.get_type_hints(function).get("return")


def _validators(item: object) -> list[object]:
    """Every validator inside *item* (attrs' ``optional`` and ``and_`` wrappers opened)."""
    found, stack = [], [item]
    while stack:
        current = stack.pop()
        if current is None:
            continue
        found.append(current)
        stack.extend(getattr(current, "_validators", ()))
        stack.append(getattr(current, "validator", None))
    return found


def _bounds(schema: JsonSchema, field: attrs.Attribute[Any]) -> None:
    """Add the range an ``int_field``/``int_in`` gives, and the one-line pattern of a ``one_line()`` field."""
    bounds = field.metadata.get("int_bounds")
    checks = _validators(field.validator)
    for check in checks:
        bounds = bounds or getattr(check, "int_bounds", None)
    target = _nullable_part(schema)
    if bounds is not None and target.get("type") == "integer":
        low, high = bounds
        if low is not None:
            target["minimum"] = low
        if high is not None:
            target["maximum"] = high
    if any(getattr(check, "one_line", False) for check in checks) and target.get("type") == "string":
        target["pattern"] = _ONE_LINE


def _nullable_part(schema: JsonSchema) -> JsonSchema:
    """The non-null part of ``X | None``'s schema (the schema itself otherwise)."""
    options = schema.get("anyOf")
    if isinstance(options, list) and len(options) == 2 and {"type": "null"} in options:
        return next(option for option in options if option != {"type": "null"})
    return schema


_SECTION = re.compile(r"^\s*(Attributes|Args|Arguments):\s*$")
_ENTRY = re.compile(r"^(\s+)(\w+)(?: \([^)]*\))?:\s*(.*)$")


def _attribute_notes(cls: type) -> dict[str, str]:
    """The ``Attributes:`` and ``Args:`` entries of *cls*'s docstring, by name, as one-line text."""
    notes: dict[str, str] = {}
    lines = inspect.cleandoc(cls.__doc__ or "").splitlines()
    inside, indent, current = False, None, None
    for line in lines:
        if _SECTION.match(line):
            inside, indent, current = True, None, None
            continue
        if not inside:
            continue
        if line.strip() and not line.startswith((" ", "\t")):
            inside = False  # the next section or paragraph
            continue
        entry = _ENTRY.match(line)
        if entry and (indent is None or len(entry.group(1)) == indent):
            indent = len(entry.group(1))
            current = entry.group(2)
            notes[current] = entry.group(3).strip()
        elif current is not None and line.strip():
            notes[current] = f"{notes[current]} {line.strip()}".strip()
    return {name: _plain(text) for name, text in notes.items()}


def _answer_note(cls: type[Record], name: str, notes: Mapping[str, str]) -> str:
    if name in notes:
        return notes[name]
    raw = inspect.getattr_static(cls, name, None)
    function = raw.fget if isinstance(raw, property) else getattr(raw, "func", None)
    doc = inspect.getdoc(function) if function is not None else None
    return _plain(doc.split("\n\n")[0]) if doc else "An answer the rule gives (recomputed and checked on load)."


def _summary(cls: type) -> str:
    doc = inspect.cleandoc(cls.__doc__ or cls.__name__)
    return _plain(doc.split("\n\n")[0])


def _plain(text: str) -> str:
    """Docstring text as one plain line: reST roles and markup dropped."""
    text = re.sub(r":\w+:`~?([^`<]*?)(?:\s*<[^>]*>)?`", lambda m: m.group(1).rsplit(".", 1)[-1], text)
    text = text.replace("``", "`")
    return " ".join(text.split())


# -- every type --------------------------------------------------------------------


def _every_record_class() -> dict[str, type[Record]]:
    """Every concrete record class of the library (every module imported), by tag."""
    for system in SYSTEMS[1:]:
        import_every_module(system)
    importlib.import_module("tabletop_core.dice")
    return {
        tag: cls
        for tag, cls in record_classes().items()
        if type_name(cls) == tag  # a retired tag names its kinds' base, not a type of its own
        and "__attrs_attrs__" in cls.__dict__
        and cls.__module__.startswith("tabletop_core.")  # not a record class an app defines
    }


def generate() -> dict[str, JsonSchema]:
    """Every schema, by file name: one per record type, and :data:`ANY_RECORD`.

    Raises:
        SchemaError: a record class has a field or answer whose JSON shape is not known.
    """
    classes = _every_record_class()
    builder = _Builder(classes)
    schemas = {file_name(tag): builder.record(cls) for tag, cls in sorted(classes.items())}
    if builder.problems:
        raise SchemaError("; ".join(builder.problems))
    schemas[ANY_RECORD] = {
        "$schema": DIALECT,
        "$id": BASE_URL + ANY_RECORD,
        "title": "Record",
        "description": "Any result or state of tabletop_core, as records.load reads it: one of the record types.",
        "anyOf": [{"$ref": name} for name in sorted(schemas)],
    }
    return schemas


def render(schema: JsonSchema) -> str:
    """The text of a schema file (two-space indent, keys in the generated order, a final newline)."""
    return json.dumps(schema, indent=2, ensure_ascii=False) + "\n"


def write(directory: Path = SCHEMA_DIR) -> list[Path]:
    """Write every schema into *directory* (and remove schema files of types that are gone)."""
    directory.mkdir(parents=True, exist_ok=True)
    schemas = generate()
    for old in directory.glob("*.schema.json"):
        if old.name not in schemas:
            old.unlink()
    paths = []
    for name, schema in schemas.items():
        path = directory / name
        path.write_text(render(schema), encoding="utf-8")
        paths.append(path)
    return paths


def check(directory: Path = SCHEMA_DIR) -> list[str]:
    """The schema files of *directory* that differ from a fresh generation (missing and extra ones too)."""
    schemas = generate()
    present = {path.name for path in directory.glob("*.schema.json")}
    stale = sorted(present - set(schemas))
    for name, schema in schemas.items():
        path = directory / name
        if not path.exists() or path.read_text(encoding="utf-8") != render(schema):
            stale.append(name)
    return sorted(stale)


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m tabletop_core._schema [DIRECTORY] [--check]``."""
    parser = argparse.ArgumentParser(prog="python -m tabletop_core._schema", description=__doc__.split("\n\n")[0])
    parser.add_argument("directory", nargs="?", type=Path, default=SCHEMA_DIR)
    parser.add_argument("--check", action="store_true", help="exit 1 if the files differ from a fresh generation")
    args = parser.parse_args(argv)
    if args.check:
        stale = check(args.directory)
        if stale:
            print(f"{len(stale)} schema files differ from the record classes: {', '.join(stale[:10])}")
            print("regenerate them with: python -m tabletop_core._schema")
            return 1
        print(f"{len(generate())} schemas match the record classes")
        return 0
    paths = write(args.directory)
    print(f"wrote {len(paths)} schemas to {args.directory}")
    return 0


if __name__ == "__main__":  # pragma: no cover - the command line
    sys.exit(main())
