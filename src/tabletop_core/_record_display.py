"""How a record shows itself: one line of Markdown for chat, a small table for notebooks.

:class:`~tabletop_core._record.Record`'s display methods (``to_markdown``,
``_repr_html_``, ``_repr_markdown_``) are thin doors to these functions; a record
class says what its table holds with ``_rows()`` and ``_caption()``.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from typing import TYPE_CHECKING, cast

import attrs

from tabletop_core._names import enum_label

if TYPE_CHECKING:
    from tabletop_core._record import Record

__all__ = ["clip_text", "fields_of", "html_table", "markdown_line", "markdown_table", "table_rows", "user_text"]


def fields_of(cls: type) -> tuple[attrs.Attribute[object], ...]:
    """The attrs fields of a record class (every concrete Record is an attrs class)."""
    fields: tuple[attrs.Attribute[object], ...] = attrs.fields(cast("type[attrs.AttrsInstance]", cls))
    return fields


def clip_text(text: str, limit: int) -> str:
    """*text*, cut to *limit* characters with an ellipsis when longer."""
    return text if len(text) <= limit else text[:limit] + "…"


def markdown_line(record: Record) -> str:
    """One line of Discord-flavoured Markdown for chat: ``render(record, style="markdown")``."""
    # The string machinery is loaded on the first chat line: `import tabletop_core` does not need it.
    from tabletop_core._chat_markup import fit_line, spans_of

    return fit_line(spans_of(str(record), record._user_text()), "markdown", None)


def user_text(record: Record) -> list[str]:
    """Every ``str`` *record* holds (labels, comments, reasons, names from data), nested records included."""
    found: list[str] = []
    stack: list[object] = [record]
    seen = 0
    while stack and seen < 10_000:
        value = stack.pop()
        seen += 1
        if isinstance(value, enum.Enum):
            continue
        if isinstance(value, str):
            found.append(value)
        elif attrs.has(type(value)):
            stack += [getattr(value, f.name) for f in fields_of(type(value))]
        elif isinstance(value, Mapping):
            stack += [*value.keys(), *value.values()]
        elif isinstance(value, (tuple, list, frozenset, set)):
            stack += list(value)
    return found


def table_rows(record: Record) -> list[tuple[str, object]]:
    """The rows of *record*'s notebook table by default: ``(name, value)``, every field, then every answer."""
    fields = [f.name for f in fields_of(type(record)) if f.init and not f.name.startswith("_")]
    names = fields + [name for name in record._derived if name not in fields]
    return [(name.replace("_", " "), getattr(record, name)) for name in names]


def html_table(record: Record) -> str:
    """*record*'s notebook table as HTML: its caption, then a row per ``_rows()`` item."""
    import html  # on first use: a cold start that shows no HTML does not load it (bench_cold_start)

    body = "".join(
        f'<tr><th style="text-align:left">{html.escape(name)}</th>'
        f'<td style="text-align:left">{html.escape(_cell(value))}</td></tr>'
        for name, value in record._rows()
    )
    caption = html.escape(clip_text(record._caption(), 300))
    return (
        f'<table class="tabletop-record"><caption style="text-align:left">{caption}</caption>'
        f"<tbody>{body}</tbody></table>"
    )


def markdown_table(record: Record) -> str:
    """*record*'s notebook table as Markdown."""
    lines = [f"**{_markdown_escape(clip_text(record._caption(), 300))}**", "", "| | |", "|:--|:--|"]
    lines += [f"| {_markdown_escape(name)} | {_markdown_escape(_cell(value))} |" for name, value in record._rows()]
    return "\n".join(lines)


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
        return clip_text(" · ".join(_cell(item) for item in items), 200) if items else "-"
    if isinstance(value, Mapping):
        return clip_text(", ".join(f"{_cell(k)}: {_cell(v)}" for k, v in value.items()), 200) or "-"
    return clip_text(str(value), 200)


_MARKDOWN_SPECIAL = str.maketrans({c: "\\" + c for c in "\\`*_[]<>|~"})


def _markdown_escape(text: str) -> str:
    return " ".join(text.translate(_MARKDOWN_SPECIAL).split())
