"""Markdown for chat: a result's line with its outcome in bold (``to_markdown()`` of the RESIDUE records)."""

from __future__ import annotations

__all__ = ["bold", "bold_after"]

_SPECIAL = str.maketrans({c: "\\" + c for c in "\\`*_[]<~"})  # not > or |: they mean nothing inside a line


def escape(text: str) -> str:
    """*text* with Markdown's special characters escaped (names are the caller's free text)."""
    return text.translate(_SPECIAL)


def bold(text: str) -> str:
    """*text* escaped, in bold."""
    return f"**{escape(text)}**" if text else ""


def bold_after(text: str, marker: str) -> str:
    """*text* escaped, what follows the last *marker* in bold (all of it when there is no *marker*)."""
    cut = text.rfind(marker)
    if cut < 0:
        return bold(text)
    head, tail = text[: cut + len(marker)], text[cut + len(marker) :]
    return escape(head) + bold(tail)
