"""Validating documents against the shipped JSON Schemas (``tabletop_core/schemas``) with ``jsonschema``."""

from __future__ import annotations

import functools
import json
from typing import Any

from jsonschema import Draft202012Validator
from referencing import Registry, Resource

from tabletop_core._schema import ANY_RECORD, SCHEMA_DIR, file_name


@functools.cache
def shipped() -> dict[str, dict[str, Any]]:
    """Every shipped schema by file name."""
    return {path.name: json.loads(path.read_text(encoding="utf-8")) for path in sorted(SCHEMA_DIR.glob("*.json"))}


@functools.cache
def registry() -> Registry:
    """The schemas by their ``$id``, so each ``$ref`` resolves to a shipped file (no network)."""
    return Registry().with_resources((schema["$id"], Resource.from_contents(schema)) for schema in shipped().values())


@functools.cache
def validator(tag: str | None = None) -> Draft202012Validator:
    """The validator of the record type *tag* (``None``: any record)."""
    schema = shipped()[ANY_RECORD if tag is None else file_name(tag)]
    return Draft202012Validator(schema, registry=registry())


def problems(document: Any, tag: str | None = None) -> list[str]:
    """Why the schema of *tag* (any record, if ``None``) refuses *document*; empty when it passes."""
    if tag is None and isinstance(document, dict) and isinstance(document.get("type"), str):
        tag = document["type"] if file_name(document["type"]) in shipped() else None
    found = []
    try:
        for error in validator(tag).iter_errors(document):
            where = "".join(f"[{p!r}]" for p in error.absolute_path) or "<root>"
            found.append(f"{where}: {error.message[:200]}")
            if len(found) >= 3:
                break
    except (ValueError, RecursionError) as error:  # jsonschema quoting an int of 5,000 digits, or 5,000 levels
        found.append(f"refused, and the message failed: {str(error)[:100]}")
    return found
