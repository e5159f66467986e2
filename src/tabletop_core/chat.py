r"""One door to chat-ready text for every result, state, odds table and batch: :func:`render`.

A bot posts what a player rolled into Discord, Slack, a web page or a terminal; each
reads markup differently, and each has a message limit. ``render(result, style=...)``
writes any result or state of the library (every :class:`~tabletop_core._record.Record`
type, those of every rule system, and those added later, with no code per class), an
odds table (:class:`~tabletop_core.odds.Distribution`) or a batch's counts
(:class:`~tabletop_core.batch.Batch`) in one of four styles:

=============  ==================================================================
``"text"``     ``str(result)`` made safe to post: one line, mentions neutralised
``"markdown"`` Discord-flavoured Markdown: ``~~struck~~`` dice, the answer in ``**bold**``
``"slack"``    Slack mrkdwn: ``~struck~``, ``*bold*``, ``&``, ``<``, ``>`` escaped
``"html"``     an HTML fragment: ``<del>``, ``<strong>``, everything else escaped
=============  ==================================================================

A result is one line; an odds table or a batch is a table by nature (a code block in
Markdown and Slack, whose chats draw no Markdown tables; an HTML ``<table>``).

**User text is never markup.** Labels, comments, reasons and names from data (every
``str`` a record holds) are escaped for the style, and every ``@`` gets a zero-width
space after it, so ``@everyone``, ``<@123>`` or ``**bold**`` in a label arrive as
the player typed them and ping no one.

**max_length summarises, never cuts mid-word.** When the text is longer, the lists of
dice are folded to their count (``(1000 dice)``), then words around the answer are
dropped for ``…``; the total or outcome is kept. A table keeps its first rows and says
how many it left off. Discord allows 2,000 characters a message, Slack about 3,000
in a text block: pass those.

Examples:
    >>> import tabletop_core as tc
    >>> from tabletop_core.chat import render
    >>> roll = tc.notation.roll("4d6kh3 [**STR** <@123>]", rng=tc.ScriptedDice([6, 2, 1, 4]))
    >>> shown = render(roll, style="markdown")
    >>> print(shown.replace("\u200b", "(zero-width space)"))
    \*\*STR\*\* \<@(zero-width space)123>: 4d6kh3 (6↑, 2, ~~1↓~~, 4) = **12**
    >>> big = tc.notation.roll("1000d6", rng=1)
    >>> len(big.to_markdown()), render(big, style="markdown", max_length=2000)
    (3353, '1000d6 (1000 dice) = **3493**')
    >>> from tabletop_core import action_roll as ar
    >>> print(render(ar.action_odds(stat=2), style="markdown"))
    ```
    outcome     probability  percent
    --------------------------------
    strong hit      139/600   23.17%
    weak hit        131/300   43.67%
    miss            199/600   33.17%
    ```
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tabletop_core import _odds_table
from tabletop_core._chat_markup import STYLES, Span, Style, fit_line, fit_table, one_line, spans_of
from tabletop_core._chat_markup import escape as _escape
from tabletop_core._outcomes import label as _label
from tabletop_core._record import Record
from tabletop_core._validate import check_int, clip
from tabletop_core.errors import InvalidInput, TabletopError
from tabletop_core.odds import Distribution

if TYPE_CHECKING:
    from tabletop_core.batch import Batch

__all__ = ["DISCORD_LIMIT", "SLACK_LIMIT", "STYLES", "Style", "escape", "render"]

DISCORD_LIMIT = 2000
"""The most characters Discord shows in one message: pass it as ``max_length=``."""
SLACK_LIMIT = 3000
"""The most characters of a Slack section block's text: pass it as ``max_length=``."""


def render(
    result: Record | Distribution[Any] | Batch[Any] | TabletopError,
    style: Style = "text",
    *,
    max_length: int | None = None,
) -> str:
    """*result* as text for a chat in *style*, at most *max_length* characters.

    Args:
        result: Any result or state of the library, an odds table (``Distribution``),
            a batch (its counts), or an error the library raised (its message, which
            quotes what the player typed, escaped like any user text).
        style: ``"text"``, ``"markdown"`` (Discord), ``"slack"`` (mrkdwn) or ``"html"``.
        max_length: The longest text wanted; a longer one is summarised (dice folded,
            words dropped for ``…``, the answer kept; a table's last rows left off).

    Returns:
        One line for a result or state; a table for odds and batches.

    Raises:
        InvalidInput: an unknown *style*, or a *max_length* below 1 or too short to hold
            the answer (the message says how many characters it needs).
        TypeError: *result* is none of the above, or *max_length* is not an int.

    Examples:
        >>> import tabletop_core as tc
        >>> from tabletop_core import d20
        >>> from tabletop_core.chat import render
        >>> test = d20.roll_test(stakes="mid", modifier=3, fortune=True, rng=tc.ScriptedDice([14, 4]))
        >>> render(test, style="markdown")
        'Test 14 + 3 + d6(4) = 21 · Mid Stakes -> **Success** (Fortune: GM)'
        >>> render(test, style="html")
        'Test 14 + 3 + d6(4) = 21 · Mid Stakes -&gt; <strong>Success</strong> (Fortune: GM)'
        >>> try:
        ...     tc.notation.roll("1d6 + @everyone")
        ... except tc.TabletopError as error:
        ...     print(render(error, style="markdown").replace("\u200b", ""))
        unknown name @everyone: no variables were given (pass variables={'everyone': ...})
        >>> render(test, style="markdown", max_length=50)
        'Test 14 + 3 + d6(4) … -> **Success** (Fortune: GM)'
    """
    style = _check_style(style)
    if max_length is not None:
        max_length = check_int("max_length", max_length, low=1)
    if isinstance(result, Record):
        return fit_line(spans_of(str(result), result._user_text()), style, max_length)
    if isinstance(result, TabletopError):
        return fit_line([Span(one_line(str(result)), "user")], style, max_length)
    if isinstance(result, Distribution):
        rows = _odds_table.rows(result.items())
        header = ("outcome", "probability", "percent")
        return fit_table(header, rows, style, max_length, numeric=(False, True, True))
    from tabletop_core.batch import Batch  # numpy's machinery, loaded only when a batch is rendered

    if isinstance(result, Batch):
        counts = result.counts()
        total = sum(counts.values()) or 1
        rows = [(_label(label), f"{count:,}", f"{count / total:.2%}") for label, count in counts.items()]
        header = ("outcome", "rolls", "share")
        return fit_table(header, rows, style, max_length, title=str(result), numeric=(False, True, True))
    raise TypeError(f"render needs a result, a state, a Distribution, a batch or an error, got {type(result).__name__}")


def escape(text: str, style: Style = "text") -> str:
    r"""*text* as literal text in *style*: markup characters escaped, mentions neutralised.

    For a bot's own words around a result (a player's name in a greeting): the same
    escaping :func:`render` gives the user text inside a result. ``"text"`` only
    neutralises mentions; the others also escape their markup (``html``: as HTML).

    Raises:
        InvalidInput: an unknown *style*.
        TypeError: *text* or *style* is not a str.

    Examples:
        >>> from tabletop_core.chat import escape
        >>> print(escape("**Ana** <3", "markdown"))
        \*\*Ana\*\* \<3
        >>> print(escape("Ana & Bo <3", "slack"))
        Ana &amp; Bo &lt;3
    """
    style = _check_style(style)
    if not isinstance(text, str):
        raise TypeError(f"text must be a str, got {type(text).__name__} {clip(text)}")
    return _escape(text, style)


def _check_style(style: object) -> Style:
    """*style* after checking it is one of :data:`STYLES`.

    Raises:
        InvalidInput: another string.
        TypeError: not a string.
    """
    if not isinstance(style, str):
        raise TypeError(f"style must be a str, got {type(style).__name__} {clip(style)}")
    if style not in STYLES:
        raise InvalidInput(f"style: expected one of {', '.join(STYLES)}, got {clip(style)}")
    return style  # one of the literals, checked above
