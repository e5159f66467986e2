"""Write the docs' page per system listing every record type's JSON Schema: ``docs/json-schemas/<system>.md``.

    python docs/scripts/schema_pages.py

The schemas are generated from the record classes into ``src/tabletop_core/schemas`` by
``python -m tabletop_core._schema`` (the one place they are made); ``docs/schemas`` links to
that folder, so the site publishes the very files the package ships (with
``records.schema.json`` and the TypeScript declarations ``records.d.ts``). This script renders
the pages from those files; ``tests/core/test_schemas.py`` checks the committed pages are fresh.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
SCHEMAS = ROOT / "src" / "tabletop_core" / "schemas"
PAGES = ROOT / "docs" / "json-schemas"
SYSTEMS = {
    "core": "Core",
    "notation": "Dice notation",
    "action_roll": "Ironsworn: Starforged",
    "d20": "d20",
    "residue": "RESIDUE",
}
ONE_LINE_PREFIX = "^[^"


def _load() -> dict[str, dict[str, Any]]:
    return {path.name: json.loads(path.read_text(encoding="utf-8")) for path in sorted(SCHEMAS.glob("*.json"))}


def _anchor(tag: str) -> str:
    return tag.replace(".", "").lower()  # the toc extension keeps underscores, drops dots


def _link(ref: str) -> str:
    if ref == "records.schema.json":
        return "any record"
    tag = ref.removesuffix(".schema.json")
    system = tag.split(".", 1)[0]
    return f"[{tag}]({system}.md#{_anchor(tag)})"


def _file(name: str) -> str:
    return f"../schemas/{name}"


def describe(schema: dict[str, Any]) -> str:
    """A short Markdown description of a property's schema, for a table cell."""
    if "$ref" in schema:
        return _link(schema["$ref"])
    if "const" in schema:
        return f"`{json.dumps(schema['const'])}`"
    if "anyOf" in schema:
        return " or ".join(describe(option) for option in schema["anyOf"])
    if "enum" in schema:
        return "one of " + ", ".join(f"`{json.dumps(value)}`" for value in schema["enum"])
    kind = schema.get("type")
    if kind == "integer":
        low, high = schema.get("minimum"), schema.get("maximum")
        if low is not None and high is not None:
            return f"integer {low} to {high}"
        if low is not None:
            return f"integer ≥ {low}"
        return "integer" if high is None else f"integer ≤ {high}"
    if kind == "string":
        if schema.get("pattern", "").startswith(ONE_LINE_PREFIX):
            return "string (one line)"
        return 'fraction as text (`"3/4"`)' if "/" in schema.get("pattern", "") else "string"
    if kind == "array":
        if "prefixItems" in schema:
            return "[" + ", ".join(describe(item) for item in schema["prefixItems"]) + "]"
        return f"list of {describe(schema.get('items', {}))}"
    if kind == "object":
        keys = "integer keys" if "propertyNames" in schema else "text keys"
        return f"object ({keys}) of {describe(schema.get('additionalProperties', {}))}"
    if kind in ("boolean", "number", "null"):
        return {"boolean": "true or false", "number": "number", "null": "null"}[kind]
    return "any JSON value"


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def page(system: str, schemas: dict[str, dict[str, Any]]) -> str:
    """The Markdown page of one system's record types."""
    title = SYSTEMS[system]
    lines = [
        f"# JSON Schemas: {title}",
        "",
        f"Every {title} record type as `to_dict()` writes it and `records.load` reads it, generated from",
        "the record classes ([how, and what the schemas promise](../json.md#json-schemas)). Each type",
        "links its schema file (JSON Schema 2020-12); every key is required unless marked optional, and",
        "no other key is allowed. The TypeScript declarations of every type are in",
        f"[records.d.ts]({_file('records.d.ts')}); any record at all:",
        f"[records.schema.json]({_file('records.schema.json')}).",
        "This page is written by `python docs/scripts/schema_pages.py` from the shipped schemas.",
        "",
    ]
    for name, schema in schemas.items():
        tag = schema.get("title", "")
        if not name.startswith(f"{system}.") or name == "records.schema.json":
            continue
        required = set(schema.get("required", ()))
        lines += [
            f"## {tag}",
            "",
            _cell(schema.get("description", "")),
            "",
            f"Schema: [{name}]({_file(name)}) · version {schema['properties']['version']['const']}",
            "",
            "| key | value | |",
            "|:--|:--|:--|",
        ]
        for key, prop in schema["properties"].items():
            note = "" if key in required else "optional"
            text = prop.get("description", "")
            if key in ("type", "version"):
                text = ""
            lines.append(f"| `{key}` | {_cell(describe(prop))} | {_cell(' '.join(filter(None, (note, text))))} |")
        lines.append("")
    return "\n".join(lines)


def main() -> None:
    """Write every system's page into ``docs/json-schemas``."""
    schemas = _load()
    PAGES.mkdir(exist_ok=True)
    for system in SYSTEMS:
        (PAGES / f"{system}.md").write_text(page(system, schemas) + "\n", encoding="utf-8")
    print(f"wrote {len(SYSTEMS)} pages to {PAGES}")


if __name__ == "__main__":
    main()
