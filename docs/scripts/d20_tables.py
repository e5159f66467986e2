"""Write the d20 tables into the docs page: ``python docs/scripts/d20_tables.py``.

Fills the marked regions of ``docs/d20.md`` with tables the library generates:
the Success / Setback / Failure chances by modifier for each Stakes, with and
without Fortune (:func:`tabletop_core.d20.odds_table`), and the Condition
implications. A test checks the page matches, so the page cannot drift from the library.
"""

from __future__ import annotations

import pathlib
import re
import sys

from tabletop_core.d20 import Condition, Stakes, implied_conditions, odds_table
from tabletop_core.d20.conditions import direct_implications

PAGE = pathlib.Path(__file__).resolve().parents[1] / "d20.md"


def odds_tables() -> str:
    """One odds table per Stakes."""
    parts = []
    for stakes in Stakes:
        parts += [f"#### {stakes}", "", odds_table(stakes), ""]
    return "\n".join(parts).rstrip("\n")


def implication_table() -> str:
    """Each Condition that brings others: what its rule gives, and everything that follows."""
    lines = ["| Condition | its rule gives | with everything those give |", "|:--|:--|:--|"]
    for condition in Condition:
        direct = direct_implications(condition)
        if not direct:
            continue
        order = list(Condition).index
        lines.append(
            f"| {condition} | {', '.join(str(c) for c in sorted(direct, key=order))} "
            f"| {', '.join(str(c) for c in sorted(implied_conditions(condition), key=order))} |"
        )
    return "\n".join(lines)


REGIONS = {"d20-odds-tables": odds_tables, "d20-implications": implication_table}


def region(text: str, name: str) -> str:
    """The text between ``<!-- name:start -->`` and ``<!-- name:end -->`` (without the blank lines around it)."""
    match = re.search(rf"<!-- {name}:start -->\n(.*?)<!-- {name}:end -->", text, re.S)
    if match is None:
        raise ValueError(f"no region {name} in the page")
    return match.group(1).strip("\n")


def update(page: pathlib.Path = PAGE) -> pathlib.Path:
    """Rewrite every region of *page* from the library and return the path."""
    text = page.read_text()
    for name, render in REGIONS.items():
        region(text, name)  # the region must exist
        start, end = f"<!-- {name}:start -->", f"<!-- {name}:end -->"
        head, rest = text.split(start, 1)
        _old, tail = rest.split(end, 1)
        text = f"{head}{start}\n\n{render()}\n\n{end}{tail}"
    page.write_text(text)
    return page


if __name__ == "__main__":
    print(update(pathlib.Path(sys.argv[1]) if len(sys.argv) > 1 else PAGE))
