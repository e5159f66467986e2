"""The string machinery behind :func:`tabletop_core.chat.render`: spans, escaping, folding.

A chat line is first cut into *spans*, each of one kind:

* ``user``: text a player or a data file supplied (a label, a comment, a name);
  always escaped, never read for markup;
* ``plain``: the library's own words and numbers; escaped too (a notation
  expression holds ``*``), but read for the two marks the one-line ``str()`` of
  every record carries: a struck die ``~2~`` and the answer after the last
  ``" -> "`` or ``" = "``;
* ``struck`` and ``strong``: those marks, written in each style's own markup.

Mentions are neutralised in every style (a zero-width space after each ``@``), so
``@everyone`` or ``<@123>`` in a label never pings anyone. Nothing here knows a
record class: :mod:`tabletop_core.chat` feeds it ``str(result)`` and the record's
user text, so every record type, present and future, renders the same way.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable, Sequence
from typing import Literal, TypeAlias

from tabletop_core._frozen import frozen
from tabletop_core.errors import InvalidInput

__all__ = ["STYLES", "Span", "Style", "fit_line", "fit_table", "format_line", "spans_of"]

Style: TypeAlias = Literal["text", "markdown", "slack", "html"]
"""A chat style: plain ``text``, Discord-flavoured ``markdown``, ``slack`` mrkdwn, or an ``html`` fragment."""
STYLES: tuple[Style, ...] = ("text", "markdown", "slack", "html")
"""Every style :func:`~tabletop_core.chat.render` writes, in that order."""
Kind: TypeAlias = Literal["plain", "user", "struck", "strong", "answer"]  # answer: user text that is the answer

ZWSP = "\u200b"  # zero-width space: breaks a mention or a markup run without changing what a reader sees
ELLIPSIS = "…"


@frozen
class Span:
    """A run of text of one kind (see the module docstring)."""

    text: str
    kind: Kind = "plain"


# -- cutting a line into spans ------------------------------------------------------------

_STRUCK = re.compile(r"~([^~\s](?:[^~]*[^~\s])?)~")
_ANSWER_OPS = (" -> ", " = ")
_ANSWER_END = re.compile(r" \(|; | · |, | # ")  # " # ": a roll's comment follows its total


# Unicode's control characters (category Cc) and its line and paragraph separators (Zl, Zp):
# the same characters as unicodedata.category() names, in one regular expression (a 1 MB label
# costs one pass in C, not a call per character). A test checks the set against unicodedata.
_NOT_ONE_LINE = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029]")


def one_line(text: str) -> str:
    """*text* as one line: control and line/paragraph separator characters become spaces, runs collapsed."""
    return " ".join(_NOT_ONE_LINE.sub(" ", text).split())


def spans_of(line: str, user_texts: Iterable[str] = ()) -> list[Span]:
    """Cut *line* (a record's ``str()``) into spans; occurrences of *user_texts* are ``user`` spans."""
    line = one_line(line)
    mask = [False] * len(line)
    for text in sorted({one_line(t) for t in user_texts} - {""}, key=len, reverse=True):
        start = line.find(text)
        while start >= 0:
            if not any(mask[start : start + len(text)]):
                mask[start : start + len(text)] = [True] * len(text)
            start = line.find(text, start + len(text))
    raw: list[Span] = []
    start = 0
    for is_user, run in itertools.groupby(mask):  # one slice a run: a 1 MB label is not rebuilt per character
        end = start + sum(1 for _ in run)
        raw.append(Span(line[start:end], "user" if is_user else "plain"))
        start = end
    return _mark_answer(_mark_struck(raw))


def _mark_struck(spans: list[Span]) -> list[Span]:
    out: list[Span] = []
    for span in spans:
        if span.kind != "plain":
            out.append(span)
            continue
        at = 0
        for match in _STRUCK.finditer(span.text):
            if match.start() > at:
                out.append(Span(span.text[at : match.start()]))
            out.append(Span(match.group(1), "struck"))
            at = match.end()
        if at < len(span.text):
            out.append(Span(span.text[at:]))
    return out


def _mark_answer(spans: list[Span]) -> list[Span]:
    """Make the answer (after the last ``" -> "``, else the last ``" = "``, in library text) a strong span."""
    for op in _ANSWER_OPS:
        for index in range(len(spans) - 1, -1, -1):
            span = spans[index]
            at = span.text.rfind(op) if span.kind == "plain" else -1
            if at < 0:
                continue
            rest = span.text[at + len(op) :]
            end = _ANSWER_END.search(rest)
            answer = rest[: end.start()] if end else rest
            if not answer.strip():
                following = spans[index + 1] if index + 1 < len(spans) else None
                if rest or following is None or following.kind != "user":
                    break
                # The answer is a name from data ("Omen 12 -> A falling star"): bold, and still escaped.
                return [*spans[:index], span, Span(following.text, "answer"), *spans[index + 2 :]]
            tail = rest[len(answer) :]
            pieces = [Span(span.text[: at + len(op)]), Span(answer, "strong")] + ([Span(tail)] if tail else [])
            return [*spans[:index], *pieces, *spans[index + 1 :]]
    return spans


# -- escaping per style -------------------------------------------------------------------

_MENTION = re.compile("@")
_DISCORD_SPECIAL = re.compile(r"([\\*_~`|<\[\]#])")  # ">" only quotes at a line start
_DISCORD_LEADING = re.compile(r"^(\s*)([-+>#]|\d+\.)")
_SLACK_SPECIAL = re.compile(r"([*_~`])")


def _neutralise(text: str) -> str:
    return _MENTION.sub("@" + ZWSP, text)


def escape(text: str, style: Style) -> str:
    """*text* as literal text in *style* (checked by the caller): markup escaped, mentions neutralised."""
    text = _neutralise(text)
    if style == "markdown":
        return _DISCORD_SPECIAL.sub(r"\\\1", text)
    if style == "slack":
        text = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
        return _SLACK_SPECIAL.sub(ZWSP + r"\1" + ZWSP, text)  # mrkdwn has no backslash escape
    if style == "html":
        import html  # on first use: a cold start that writes no HTML does not load it (bench_cold_start)

        return html.escape(text, quote=True)
    return text


_MARKS: dict[Style, dict[str, tuple[str, str]]] = {
    "text": {"struck": ("~", "~"), "strong": ("", "")},
    "markdown": {"struck": ("~~", "~~"), "strong": ("**", "**")},
    "slack": {"struck": ("~", "~"), "strong": ("*", "*")},
    "html": {"struck": ("<del>", "</del>"), "strong": ("<strong>", "</strong>")},
}


def format_line(spans: Sequence[Span], style: Style) -> str:
    """The spans written in *style*: one line."""
    parts: list[str] = []
    for span in spans:
        text = escape(span.text, style)
        if span.kind in ("struck", "strong", "answer"):
            opening, closing = _MARKS[style]["struck" if span.kind == "struck" else "strong"]
            text = f"{opening}{text}{closing}"
        parts.append(text)
    line = "".join(parts)
    if style == "markdown":
        line = _DISCORD_LEADING.sub(r"\1\\\2", line)  # a line starting "- ", "# ", "> " or "1." is not a list/heading
    return line


# -- summarising to a length --------------------------------------------------------------

_DIE = r"-?\d+[↑↓!*]*"
_DICE_GROUP = re.compile(rf"\(((?:~?{_DIE}~?)(?:, ~?{_DIE}~?)+)\)")


def _fold_dice(spans: list[Span]) -> list[Span]:
    """Every parenthesised list of dice in library text becomes ``(N dice)``; the total stays."""
    text_of = "".join(s.text if s.kind != "struck" else f"~{s.text}~" for s in spans)
    kinds = [s.kind for s in spans]
    if "user" in kinds:
        # Fold only inside library text: rebuild around the user spans.
        out: list[Span] = []
        for span in spans:
            if span.kind == "plain":
                out.append(Span(_fold_text(span.text)))
            else:
                out.append(span)
        return _mark_answer(_mark_struck(_merge_plain(_unmark(out))))
    return _mark_answer(_mark_struck([Span(_fold_text(text_of))]))


def _fold_text(text: str) -> str:
    return _DICE_GROUP.sub(lambda m: f"({m.group(1).count(',') + 1} dice)", text)


def _unmark(spans: list[Span]) -> list[Span]:
    """Struck and strong spans back to library text (so a fold sees the dice they mark)."""
    return [
        Span(s.text, "user") if s.kind in ("user", "answer") else Span(f"~{s.text}~" if s.kind == "struck" else s.text)
        for s in spans
    ]


def _merge_plain(spans: list[Span]) -> list[Span]:
    out: list[Span] = []
    for span in spans:
        if out and out[-1].kind == span.kind == "plain":
            out[-1] = Span(out[-1].text + span.text)
        else:
            out.append(span)
    return out


def _words(spans: list[Span]) -> list[Span]:
    """The spans split at spaces into words and single spaces (so a cut never falls inside a word)."""
    out: list[Span] = []
    for span in spans:
        if span.kind in ("struck", "strong", "answer"):
            out.append(span)
            continue
        for piece in re.split(r"( )", span.text):
            if piece:
                out.append(Span(piece, span.kind))
    return out


def fit_line(spans: list[Span], style: Style, max_length: int | None) -> str:
    """The line in *style*, summarised to at most *max_length* characters.

    First every list of dice is folded to its count (``(1000 dice)``); then words
    before the answer are dropped from the nearest one outward (``…``), then words
    after it from the end. The answer (the strong span) is never cut.

    Raises:
        InvalidInput: *max_length* cannot hold even the answer.
    """
    line = format_line(spans, style)
    if max_length is None or len(line) <= max_length:
        return line
    spans = _fold_dice(_unmark(spans) if any(s.kind == "struck" for s in spans) else spans)
    line = format_line(spans, style)
    if len(line) <= max_length:
        return line
    words = _words(spans)
    answer = next((i for i, s in enumerate(words) if s.kind in ("strong", "answer")), len(words))
    head, middle, tail = words[:answer], words[answer : answer + 1], words[answer + 1 :]
    joint: list[Span] = []
    while head and head[-1].text in (" ", "=", "->"):  # the operator before the answer stays with it
        joint.insert(0, head.pop())
    cut_head = cut_tail = False
    while True:
        pieces = [*head, *([Span(ELLIPSIS)] if cut_head else []), *joint, *middle, *tail]
        if cut_tail:
            pieces += [Span(" "), Span(ELLIPSIS)]
        line = format_line(pieces, style)
        if len(line) <= max_length:
            return line
        if head and (len(_strip(head)) > 1 or not tail):
            head = _drop_last_word(head)
            cut_head = True
            if head:
                head.append(Span(" "))
        elif tail:
            tail = _drop_last_word(tail)
            cut_tail = True
        else:
            raise InvalidInput(
                f"max_length: {max_length} characters cannot hold the answer; this result needs at least {len(line)}"
            )


def _strip(words: list[Span]) -> list[Span]:
    """*words* without spaces at the end."""
    end = len(words)
    while end and words[end - 1].text == " ":
        end -= 1
    return words[:end]


def _drop_last_word(words: list[Span]) -> list[Span]:
    """*words* without their last word (and the spaces around it)."""
    return _strip(_strip(words)[:-1])


def fit_table(
    header: Sequence[str],
    rows: Sequence[Sequence[str]],
    style: Style,
    max_length: int | None,
    *,
    title: str = "",
    numeric: Sequence[bool] = (),
) -> str:
    """A table in *style*: aligned text (in a code block for Markdown and Slack) or an HTML table.

    Rows that do not fit in *max_length* are left off the end, and a last line says how many.

    Raises:
        InvalidInput: *max_length* cannot hold the header and one row.
    """
    for count in range(len(rows), 0, -1):
        text = _table(header, rows[:count], style, title, numeric, left_off=len(rows) - count)
        if max_length is None or len(text) <= max_length:
            return text
    text = _table(header, [], style, title, numeric, left_off=len(rows))
    if max_length is not None and len(text) > max_length:
        raise InvalidInput(f"max_length: {max_length} characters cannot hold this table's header ({len(text)})")
    return text


def _table(
    header: Sequence[str],
    rows: Sequence[Sequence[str]],
    style: Style,
    title: str,
    numeric: Sequence[bool],
    *,
    left_off: int,
) -> str:
    more = f"… and {left_off} more" if left_off else ""
    if style == "html":
        head = "".join(f"<th>{escape(h, style)}</th>" for h in header)
        body = "".join("<tr>" + "".join(f"<td>{escape(c, style)}</td>" for c in row) + "</tr>" for row in rows)
        caption = f"<caption>{escape(title, style)}</caption>" if title else ""
        foot = f'<tfoot><tr><td colspan="{len(header)}">{escape(more, style)}</td></tr></tfoot>' if more else ""
        return f"<table>{caption}<thead><tr>{head}</tr></thead><tbody>{body}</tbody>{foot}</table>"
    cells = [[one_line(c) for c in header], *[[one_line(c) for c in row] for row in rows]]
    widths = [max(len(row[i]) for row in cells) for i in range(len(header))]

    def line(row: Sequence[str]) -> str:
        padded = [
            cell.rjust(widths[i]) if i < len(numeric) and numeric[i] else cell.ljust(widths[i])
            for i, cell in enumerate(row)
        ]
        return "  ".join(padded).rstrip()

    lines = [line(cells[0]), "-" * len(line(cells[0])), *(line(row) for row in cells[1:])]
    if more:
        lines.append(more)
    body = "\n".join(_neutralise(text) for text in lines)
    heading = one_line(title)
    if style == "text":
        return f"{heading}\n{body}" if heading else body
    body = body.replace("```", "`" + ZWSP + "``")  # a cell cannot close the code block
    block = f"```\n{body}\n```"
    return f"{format_line([Span(heading, 'user')], style)}\n{block}" if heading else block
