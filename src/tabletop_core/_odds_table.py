"""An odds table as text, Markdown and notebook HTML: what ``str(distribution)`` and its doors show.

:class:`~tabletop_core.odds.Distribution` keeps the probabilities; how they are written
for people (exact fractions while they are short, an approximation once they are not,
percents) lives here, so the class body holds the mathematics only. Every function takes
the ``(outcome, probability)`` pairs of :meth:`Distribution.items
<tabletop_core.odds.Distribution.items>`.

Examples:
    >>> from fractions import Fraction
    >>> print(text_table([("heads", Fraction(1, 2)), ("tails", Fraction(1, 2))]))
    outcome  probability  percent
    -----------------------------
    heads            1/2   50.00%
    tails            1/2   50.00%
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from fractions import Fraction

from tabletop_core._outcomes import label

__all__ = ["MAX_FRACTION_TEXT", "fraction_text", "html_table", "markdown_table", "percent_text", "rows", "text_table"]

MAX_FRACTION_TEXT = 24
"""Longest exact fraction a table prints; longer ones show an approximation (``≈1.23e-45``)."""

Pairs = Iterable[tuple[object, Fraction]]


def fraction_text(probability: Fraction) -> str:
    """The exact fraction when it is short enough to read, else an approximation.

    Tables of big pools (``1000d6``) would otherwise print fractions thousands of
    digits long; :attr:`Distribution.probabilities <tabletop_core.odds.Distribution.probabilities>`
    and ``to_dict`` stay exact.
    """
    text = str(probability)
    if len(text) <= MAX_FRACTION_TEXT:
        return text
    return "≈" + _scientific(probability)


def _scientific(probability: Fraction) -> str:
    # log10 of big ints works where float() would underflow to 0.
    exponent10 = math.log10(probability.numerator) - math.log10(probability.denominator)
    exponent = math.floor(exponent10)
    mantissa = 10 ** (exponent10 - exponent)
    if round(mantissa, 2) >= 10:  # 9.999 rounds up to the next power of ten
        mantissa, exponent = mantissa / 10, exponent + 1
    return f"{mantissa:.2f}e{exponent:+d}"


def percent_text(probability: Fraction) -> str:
    """The probability in percent with two decimals (``<0.01%`` for a positive one too small to show)."""
    percent = float(probability) * 100
    if probability and percent < 0.005:
        return "<0.01%"
    return f"{percent:.2f}%"


def rows(pairs: Pairs) -> list[tuple[str, str, str]]:
    """``(label, fraction, percent)`` text of each pair."""
    return [(label(o), fraction_text(p), percent_text(p)) for o, p in pairs]


def text_table(pairs: Pairs) -> str:
    """A plain-text table with aligned columns: outcome, probability, percent."""
    lines_of = [("outcome", "probability", "percent"), *rows(pairs)]
    widths = [max(len(row[i]) for row in lines_of) for i in range(3)]
    lines = [f"{a:<{widths[0]}}  {b:>{widths[1]}}  {c:>{widths[2]}}" for a, b, c in lines_of]
    lines.insert(1, "-" * len(lines[0]))
    return "\n".join(lines)


def markdown_table(pairs: Pairs) -> str:
    """A Markdown table of outcome, exact probability and percent."""
    lines = ["| outcome | probability | percent |", "|:--|--:|--:|"]
    lines += [f"| {a} | {b} | {c} |" for a, b, c in rows(pairs)]
    return "\n".join(lines)


def html_table(pairs: Pairs) -> str:
    """A notebook's HTML table of outcome, exact probability and percent (labels escaped)."""
    import html  # only notebooks ask for HTML; ``import html`` loads its big table of entities

    body = "".join(
        f"<tr><td>{html.escape(a)}</td><td>{html.escape(b)}</td><td>{c}</td></tr>" for a, b, c in rows(pairs)
    )
    return (
        "<table><thead><tr><th>outcome</th><th>probability</th><th>percent</th></tr></thead>"
        f"<tbody>{body}</tbody></table>"
    )
