"""The headless-browser check of the docs (docs/scripts/browser_check.py), without a browser.

CI runs the real thing in .ci/stages/50-browser.sh; here a stand-in "chromium" answers with
a fixed report, so the verdicts themselves are tested: a page that raised a script error,
drew a flat table or left a blank screenshot fails.
"""

import html
import importlib.util
import json
import pathlib
import stat
import sys

import pytest

Image = pytest.importorskip("PIL.Image")  # Pillow comes with matplotlib (the plot extra)
ImageDraw = pytest.importorskip("PIL.ImageDraw")

ROOT = pathlib.Path(__file__).parents[2]
spec = importlib.util.spec_from_file_location("browser_check", ROOT / "docs" / "scripts" / "browser_check.py")
browser_check = importlib.util.module_from_spec(spec)
spec.loader.exec_module(browser_check)


def _fake_chromium(tmp_path, report, *, blank):
    """A stand-in for chromium: --dump-dom prints *report* as the probe does, --screenshot writes a PNG."""
    image = tmp_path / "shot-source.png"
    picture = Image.new("RGB", (400, 300), "white")
    if not blank:
        draw = ImageDraw.Draw(picture)
        for i in range(12):
            draw.rectangle((10 + 30 * i, 20, 30 + 30 * i, 200), fill=(20 * i, 100, 255 - 20 * i))
    picture.save(image)
    dom = f'<html><body><pre id="{browser_check.PROBE_ID}">{html.escape(json.dumps(report))}</pre></body></html>'
    script = tmp_path / "chromium"
    script.write_text(
        f"#!{sys.executable}\n"
        "import shutil, sys\n"
        "for arg in sys.argv[1:]:\n"
        "    if arg.startswith('--screenshot='):\n"
        f"        shutil.copy({str(image)!r}, arg.split('=', 1)[1])\n"
        "if '--dump-dom' in sys.argv:\n"
        f"    print({dom!r})\n",
        encoding="utf-8",
    )
    script.chmod(script.stat().st_mode | stat.S_IEXEC)
    return str(script)


@pytest.fixture
def page(tmp_path):
    path = tmp_path / "site" / "index.html"
    path.parent.mkdir()
    path.write_text("<html><head><title>t</title></head><body><table><tr><td>1</td></tr></table></body></html>")
    return path


GOOD = {
    "errors": [],
    "failed": [],
    "tables": [{"h": 20, "w": 50, "record": None}],
    "sections": [],
    "raw": [],
    "search": ["api/action_roll/#momentum"],
    "downloads": [],
}


def test_a_page_that_renders_passes(tmp_path, page):
    chromium = _fake_chromium(tmp_path, GOOD, blank=False)
    assert browser_check.check_page(chromium, page, tmp_path / "shot.png") == []
    assert (tmp_path / "shot.png").is_file()
    assert not (page.parent / "probe-index.html").exists()  # the probed copy is removed


@pytest.mark.parametrize(
    ("report", "blank", "problem"),
    [
        ({**GOOD, "errors": ["ReferenceError: x is not defined"]}, False, "script error: ReferenceError"),
        ({**GOOD, "tables": []}, False, "no table rendered"),
        ({**GOOD, "tables": [{"h": 0, "w": 50, "record": None}]}, False, "drawn with no size"),
        (
            {**GOOD, "failed": ["SCRIPT file:///site/missing.js"]},
            False,
            "could not load script file:///site/missing.js",
        ),
        (GOOD, True, "screenshot is blank"),
    ],
)
def test_each_kind_of_failure_is_reported(tmp_path, page, report, blank, problem):
    chromium = _fake_chromium(tmp_path, report, blank=blank)
    problems = browser_check.check_page(chromium, page, tmp_path / "shot.png")
    assert len(problems) == 1
    assert problem in problems[0]


def test_web_fonts_offline_and_the_empty_mathjax_tag_are_not_failures(tmp_path, page):
    probed_url = page.with_name("probe-index.html").as_uri()
    report = {**GOOD, "failed": ["LINK https://fonts.example/css", f"SCRIPT {probed_url}"]}
    assert browser_check.check_page(_fake_chromium(tmp_path, report, blank=False), page, tmp_path / "s.png") == []


def test_every_record_must_show_a_table(tmp_path, page):
    report = {
        **GOOD,
        "sections": ["a.One", "a.Two"],
        "tables": [{"h": 20, "w": 50, "record": "a.One"}, {"h": 0, "w": 50, "record": "a.Two"}],
    }
    problems = browser_check.check_page(
        _fake_chromium(tmp_path, report, blank=False), page, tmp_path / "s.png", records=3
    )
    assert problems == [
        f"{page}: a table of a.Two is drawn with no size",
        f"{page}: 2 record sections in the DOM, expected 3",
        f"{page}: a.Two shows no table",
    ]


def test_the_records_page_holds_one_table_per_record_type(tmp_path):
    count = browser_check.records_page(tmp_path / "records.html")
    text = (tmp_path / "records.html").read_text(encoding="utf-8")
    sections = text.split("<section data-record=")[1:]
    assert len(sections) == count > 100
    assert all("<table" in section for section in sections)


def test_the_probe_goes_first_in_the_head(page):
    probed = browser_check._probed(page)
    text = probed.read_text(encoding="utf-8")
    assert text.index(browser_check.PROBE_ID) < text.index("<title>")
    assert text.startswith("<html><head><script>")


@pytest.mark.parametrize(
    "raw",
    [":class:`~tabletop_core.rng.ScriptedDice`", "[d4][tabletop_core.dice.d4]"],
)
def test_an_api_page_showing_a_raw_reference_fails(tmp_path, page, raw):
    chromium = _fake_chromium(tmp_path, {**GOOD, "raw": [raw]}, blank=False)
    assert browser_check.check_page(chromium, page, tmp_path / "s.png") == []  # only API pages are asked
    problems = browser_check.check_page(chromium, page, tmp_path / "s.png", references=True)
    assert problems == [f"{page}: shows a raw reference: {raw}"]


def test_a_search_with_no_result_fails(tmp_path, page):
    chromium = _fake_chromium(tmp_path, {**GOOD, "search": []}, blank=False)
    problems = browser_check.check_page(chromium, page, tmp_path / "s.png", query="momentum")
    assert problems == [f"{page}: the site search for 'momentum' lists no result"]
    found = _fake_chromium(tmp_path, GOOD, blank=False)
    assert browser_check.check_page(found, page, tmp_path / "s.png", query="momentum") == []


def test_the_served_site_answers_pages_and_the_probes_wait(page):
    import time
    import urllib.request

    with browser_check.serve(page.parent) as base:
        assert b"<table>" in urllib.request.urlopen(base + "index.html").read()
        began = time.perf_counter()
        with urllib.request.urlopen(f"{base}{browser_check.WAIT}?1") as answer:
            assert answer.status == 204
        assert time.perf_counter() - began >= 0.2  # real time passes: the probe's wait holds virtual time


def test_a_notebook_page_must_link_its_notebook(tmp_path, page):
    problems = browser_check.check_page(
        _fake_chromium(tmp_path, GOOD, blank=False), page, tmp_path / "s.png", download=True
    )
    assert problems == [f"{page}: offers no download link"]
    notebook = page.parent / "x.ipynb"
    notebook.write_text("{}", encoding="utf-8")
    report = {**GOOD, "downloads": [notebook.as_uri(), (page.parent / "gone.ipynb").as_uri()]}
    problems = browser_check.check_page(
        _fake_chromium(tmp_path, report, blank=False), page, tmp_path / "s.png", download=True
    )
    assert problems == [
        f"{page}: the download link {(page.parent / 'gone.ipynb').as_uri()} leads to no file of the site"
    ]
