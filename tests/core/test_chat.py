"""The one door to chat text, ``tabletop_core.chat.render``, on every record type and every style.

The instances come from ``tests/fixtures/make_fixtures.py`` (one per concrete record type, found
by walking the package), so a record type added by any system is covered here without a line
of code for it; ``test_json_shape`` checks that the builder has an instance of every type.
"""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import tabletop_core as tc
from tabletop_core import action_roll as ar
from tabletop_core import d20
from tabletop_core._chat_markup import ZWSP, escape, spans_of
from tabletop_core._record import Record, type_name
from tabletop_core.chat import DISCORD_LIMIT, STYLES, render

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
_spec = importlib.util.spec_from_file_location("make_fixtures", FIXTURES / "make_fixtures.py")
make_fixtures = importlib.util.module_from_spec(_spec)
sys.modules.setdefault("make_fixtures", make_fixtures)
_spec.loader.exec_module(make_fixtures)

INSTANCES: dict[type[Record], Record] = make_fixtures.instances()
TYPES = sorted(INSTANCES, key=type_name)
HOSTILE = "@everyone <@123> **x** ~y~ `z` _w_ |q| [a](https://b.example) # h -> PWNED = 99"
OUR_TAGS = re.compile(r"</?(?:del|strong)>")


def test_every_record_type_is_covered():
    assert set(INSTANCES) == set(make_fixtures.record_types())
    assert len(TYPES) > 100


def _struck_ok(markdown: str) -> bool:
    """Every ``~`` in Discord Markdown is escaped or half of a ``~~`` pair (Discord ignores a single one)."""
    unescaped = re.sub(r"\\~", "", markdown)
    return "~" not in re.sub(r"~~", "", unescaped)


@pytest.mark.parametrize("cls", TYPES, ids=type_name)
def test_every_record_renders_one_line_in_every_style(cls):
    record = INSTANCES[cls]
    lines = {style: render(record, style) for style in STYLES}
    for style, line in lines.items():
        assert line, style
        assert "\n" not in line, (style, line)
    assert lines["text"] == " ".join(str(record).split()).replace("@", "@" + ZWSP)
    assert _struck_ok(lines["markdown"]), lines["markdown"]
    assert record.to_markdown() == lines["markdown"] or type(record).to_markdown is not Record.to_markdown
    assert "<" not in OUR_TAGS.sub("", lines["html"]), lines["html"]
    assert "<" not in lines["slack"]
    assert ">" not in lines["slack"]


def _hostile_variants(record: Record) -> list[tuple[str, Record]]:
    """*record* with each of its ``str`` fields set to HOSTILE, where the class accepts it."""
    out = []
    for field in attrs.fields(type(record)):
        if not field.init or not isinstance(getattr(record, field.name), str):
            continue
        try:
            out.append((field.name, attrs.evolve(record, **{field.name.lstrip("_"): HOSTILE})))
        except (tc.TabletopError, TypeError, ValueError):
            continue  # a name from data the class checks (a move's id, a Condition): not free text
    return out


HOSTILE_CASES = [
    pytest.param(cls, name, variant, id=f"{type_name(cls)}.{name}")
    for cls in TYPES
    for name, variant in _hostile_variants(INSTANCES[cls])
    if HOSTILE in str(variant)
]


def test_many_record_types_carry_free_text():
    assert len({case.values[0] for case in HOSTILE_CASES}) >= 10


@pytest.mark.parametrize(("cls", "field", "record"), HOSTILE_CASES)
def test_user_text_is_escaped_and_pings_no_one(cls, field, record):
    for style in STYLES:
        out = render(record, style)
        assert "@everyone" not in out, style
        assert "@" + ZWSP + "everyone" in out, style
        assert "<@123>" not in out, style
    markdown = render(record, "markdown")
    assert escape(HOSTILE, "markdown") in markdown
    assert "**PWNED**" not in markdown
    assert "**x**" not in markdown
    assert _struck_ok(markdown)
    assert escape(HOSTILE, "slack") in render(record, "slack")
    assert "*PWNED*" not in render(record, "slack")
    html = render(record, "html")
    assert "<strong>PWNED" not in html
    assert "<a" not in html
    assert "<@" not in html


@pytest.mark.parametrize("cls", TYPES, ids=type_name)
def test_max_length_summarises_and_keeps_the_answer(cls):
    record = INSTANCES[cls]
    full = render(record, "markdown")
    answer = re.findall(r"\*\*(.+?)\*\*", full)
    for limit in (len(full) // 2, 40):
        needs = _needs(record, limit)
        if needs:
            assert needs > limit  # refused only when even "… -> answer …" is longer
            continue
        short = render(record, "markdown", max_length=limit)
        assert len(short) <= limit
        if answer:
            assert f"**{answer[-1]}**" in short
        words = set(re.findall(r"[\w↑↓]+", full)) | {"dice"}
        assert set(re.findall(r"[\w↑↓]+", short)) <= words | set(re.findall(r"\d+", short)), (full, short)


def _needs(record, limit):
    """The characters the answer needs when *limit* cannot hold it (0 when it can)."""
    try:
        render(record, "markdown", max_length=limit)
    except tc.InvalidInput as error:
        found = re.search(r"cannot hold the answer; this result needs at least (\d+)", str(error))
        if found is None:
            raise
        return int(found.group(1))
    return 0


def test_a_thousand_dice_fit_a_discord_message_with_the_total():
    result = tc.notation.roll("1000d6", rng=7)
    assert len(result.to_markdown()) > DISCORD_LIMIT
    short = render(result, "markdown", max_length=DISCORD_LIMIT)
    assert short == f"1000d6 (1000 dice) = **{result.total}**"


def test_kept_and_dropped_dice_use_each_chats_strike():
    result = tc.notation.roll("4d6kh3 [strength]", rng=tc.ScriptedDice([6, 2, 1, 4]))
    assert str(result) == "strength: 4d6kh3 (6↑, 2, ~1↓~, 4) = 12"
    assert render(result, "markdown") == "strength: 4d6kh3 (6↑, 2, ~~1↓~~, 4) = **12**"
    assert render(result, "slack") == "strength: 4d6kh3 (6↑, 2, ~1↓~, 4) = *12*"
    assert render(result, "html") == "strength: 4d6kh3 (6↑, 2, <del>1↓</del>, 4) = <strong>12</strong>"


def test_the_d20_test_is_one_line_of_markdown():
    test = d20.roll_test(stakes="mid", modifier=3, fortune=True, rng=tc.ScriptedDice([14, 4]))
    assert test.to_markdown() == "Test 14 + 3 + d6(4) = 21 · Mid Stakes -> **Success** (Fortune: GM)"


def test_a_label_that_looks_like_markup_is_not_markup():
    result = tc.notation.roll("1d6 [~3~ -> 6]", rng=tc.ScriptedDice([2]))
    assert render(result, "markdown") == r"\~3\~ -> 6: 1d6 (2) = **2**"


def test_max_length_cuts_at_words_and_says_so():
    test = d20.roll_test(stakes="mid", modifier=3, fortune=True, rng=tc.ScriptedDice([14, 4]))
    assert render(test, "markdown", max_length=50) == "Test 14 + 3 + d6(4) … -> **Success** (Fortune: GM)"
    assert render(test, "markdown", max_length=30) == "Test … -> **Success** …"
    with pytest.raises(tc.InvalidInput, match="max_length: 10 characters cannot hold the answer"):
        render(test, "markdown", max_length=10)


def test_odds_and_batches_are_tables():
    odds = ar.action_odds(stat=2)
    assert render(odds, "text") == str(odds)
    block = render(odds, "markdown")
    assert block.startswith("```\noutcome")
    assert block.endswith("```")
    assert "139/600" in block
    assert render(odds, "html").startswith("<table><thead><tr><th>outcome</th>")
    short = render(odds, "text", max_length=120)
    assert len(short) <= 120
    assert short.endswith("… and 2 more")
    batch = ar.simulate_action(1000, stat=2, rng=1)
    table = render(batch, "slack")
    assert table.splitlines()[0] == escape(str(batch), "slack")
    assert sum(int(row.split()[-2].replace(",", "")) for row in table.splitlines()[4:-1]) == 1000


def test_bad_arguments_are_refused():
    roll = tc.notation.roll("1d6", rng=1)
    with pytest.raises(tc.InvalidInput, match="style: expected one of text, markdown, slack, html, got 'bbcode'"):
        render(roll, "bbcode")
    with pytest.raises(tc.InvalidInput, match="max_length"):
        render(roll, max_length=0)
    with pytest.raises(TypeError, match="max_length"):
        render(roll, max_length="10")
    with pytest.raises(TypeError, match="render needs a result"):
        render("1d6")


@given(st.text(max_size=60))
def test_any_label_text_is_literal_in_markdown(label):
    """Whatever a label holds, it arrives escaped; the answer stays bold unless the label holds its characters."""
    from tabletop_core._chat_markup import format_line, one_line

    spans = spans_of(f"{label}: 1d6 (2) = 2", [label])
    assert "".join(s.text for s in spans) == one_line(f"{label}: 1d6 (2) = 2")
    out = format_line(spans, "markdown")
    if one_line(label):
        assert escape(one_line(label), "markdown") in out
    if not set(label) & set("= 2"):
        assert out.endswith("= **2**")
    assert "@everyone" not in out
