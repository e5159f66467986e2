"""What a notebook shows: odds tables and batches render as balanced HTML tables.

Records (results and states) are checked in test_json_shape.py; this covers the
Distribution every odds function returns and the batch of every system.
"""

from __future__ import annotations

from html.parser import HTMLParser
from typing import Any

import pytest

from tabletop_core import Distribution, d20, notation, residue
from tabletop_core import action_roll as ar


class Table(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[str] = []
        self.tags: list[str] = []
        self.cells: list[list[str]] = []
        self._in_cell = False

    def handle_starttag(self, tag: str, attrs: Any) -> None:
        self.tags.append(tag)
        self.stack.append(tag)
        if tag == "tr":
            self.cells.append([])
        if tag in ("td", "th"):
            self.cells[-1].append("")
            self._in_cell = True

    def handle_endtag(self, tag: str) -> None:
        assert self.stack, f"</{tag}> closes nothing"
        assert self.stack.pop() == tag, f"unbalanced </{tag}>"
        if tag in ("td", "th"):
            self._in_cell = False

    def handle_data(self, data: str) -> None:
        if self._in_cell:
            self.cells[-1][-1] += data


def parse(page: str) -> Table:
    table = Table()
    table.feed(page)
    table.close()
    assert table.stack == []
    assert table.tags[0] == "table"
    assert set(table.tags) <= {"table", "caption", "thead", "tbody", "tr", "th", "td"}
    return table


ODDS = {
    "action": ar.action_odds(stat=2),
    "stakes": d20.stakes_odds(stakes="mid", modifier=3),
    "stars": residue.star_odds("d8"),
    "notation": notation.distribution("2d6"),
    "escaped": Distribution({"<b>x</b>": 1}),
}


@pytest.mark.parametrize("name", ODDS)
def test_odds_render_as_a_table_with_one_row_per_outcome(name):
    odds = ODDS[name]
    table = parse(odds._repr_html_())
    assert table.cells[0] == ["outcome", "probability", "percent"]
    assert len(table.cells) == len(odds) + 1
    assert [row[1] for row in table.cells[1:]] == [str(p) for p in odds.probabilities]


def test_caller_text_is_escaped():
    assert "<b>" not in ODDS["escaped"]._repr_html_()


BATCHES = {
    "action": lambda: ar.simulate_action(100, stat=2, rng=1),
    "progress": lambda: ar.simulate_progress(100, 6, rng=1),
    "test": lambda: d20.simulate_test(100, stakes="mid", rng=1),
    "stars": lambda: residue.simulate_stars("d8", 100, rng=1),
    "inventory": lambda: residue.simulate_inventory("d8", 100, rng=1),
}


@pytest.mark.parametrize("name", BATCHES)
def test_batches_render_as_a_captioned_table_of_counts(name):
    batch = BATCHES[name]()
    page = batch._repr_html_()
    table = parse(page)
    assert table.tags[:2] == ["table", "caption"]
    assert f"<caption>100 {batch._describe()}" in page.replace("&#x27;", "'")
    assert table.cells[0] == ["outcome", "count", "share"]
    assert [int(row[1]) for row in table.cells[1:]] == list(batch.counts().values())
    assert sum(float(row[2].rstrip("%")) for row in table.cells[1:]) == pytest.approx(100)
