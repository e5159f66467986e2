"""Check the rendered notebook pages and the records' ``_repr_html_`` in a real headless browser.

Usage (from the repository root, after ``mkdocs build --site-dir SITE``)::

    python docs/scripts/browser_check.py --site SITE --out DIR [--chromium /usr/bin/chromium]

For every notebook page (which must link its ``.ipynb`` for download) and every API page
of the built site, for the home page with a site search for "momentum" (served over HTTP:
the search runs in a web worker), and for a
page holding the ``_repr_html_`` of one instance of every record type (built by
``tests/fixtures/make_fixtures.py``), it:

* loads the page in headless Chromium with a small probe script put first in
  its ``<head>``, which records every script error and, once the page has
  loaded, the rendered size of every table;
* reads that report back from the DOM Chromium dumps after the scripts ran
  (``--dump-dom``), and takes a screenshot into *DIR*;
* fails (exit status 1, each problem on its own line) when a page raised a
  script error, shows no table, has a table drawn with no height (for the
  records page: any record whose table is missing or flat), when an API page shows a
  raw Sphinx role (``:class:`X```) or a raw ``[title][identifier]`` outside its code
  examples, when the search lists no result, or when its screenshot is blank (almost
  every pixel one colour).

CI runs it in ``.ci/stages/50-browser.sh`` and keeps the screenshots as artifacts.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import html
import http.server
import json
import pathlib
import re
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
from collections.abc import Iterator

ROOT = pathlib.Path(__file__).resolve().parents[2]
PROBE_ID = "tabletop-probe"
WAIT = "__probe-wait"  # the served site's slow answer (see the probe)
SEARCH = "momentum"  # a word on many pages: the site search must find it
PROBE = f"""<script>
(function () {{
  var errors = [], failed = [];
  window.addEventListener("error", function (e) {{
    var t = e.target;
    if (t && t !== window && (t.src || t.href)) {{ failed.push(t.tagName + " " + String(t.src || t.href)); return; }}
    errors.push(String(e.message || e.type));
  }}, true);
  window.addEventListener("unhandledrejection", function (e) {{ errors.push("unhandled: " + String(e.reason)); }});
  var origError = console.error;
  console.error = function () {{
    errors.push(Array.prototype.join.call(arguments, " "));
    origError.apply(console, arguments);
  }};
  // Text a reader sees outside code examples: a raw Sphinx role or an unresolved [title][identifier].
  function rawReferences() {{
    var content = document.querySelector(".md-content") || document.body;
    var copy = content.cloneNode(true);
    var skipped = copy.querySelectorAll("pre, .highlight, script, style");
    Array.prototype.forEach.call(skipped, function (n) {{ n.remove(); }});
    var text = copy.textContent, found = [], m;
    var patterns = [/:(?:py:)?(?:class|func|meth|attr|data|mod|exc|obj|const):`?[~!A-Za-z_]\\S*/g,
                    /\\[[^\\[\\]\\n]+\\]\\[[A-Za-z_][\\w.]*\\]/g];
    patterns.forEach(function (re) {{
      for (var n = 0; (m = re.exec(text)) && n < 25; n++) found.push(m[0]);
    }});
    return found;
  }}
  function searchResults() {{
    return Array.prototype.map.call(document.querySelectorAll(".md-search-result__item"), function (li) {{
      var a = li.querySelector("a");
      return a ? a.getAttribute("href") : "";
    }});
  }}
  function report() {{
    var tables = Array.prototype.map.call(document.querySelectorAll("table"), function (t) {{
      var box = t.getBoundingClientRect();
      var section = t.closest("[data-record]");
      return {{h: box.height, w: box.width, record: section ? section.getAttribute("data-record") : null}};
    }});
    var sections = Array.prototype.map.call(document.querySelectorAll("[data-record]"), function (s) {{
      return s.getAttribute("data-record");
    }});
    var out = document.createElement("pre");
    out.id = "{PROBE_ID}";
    out.textContent = JSON.stringify({{errors: errors, failed: failed, tables: tables, sections: sections,
                                      raw: rawReferences(), search: searchResults(),
                                      downloads: Array.prototype.map.call(document.querySelectorAll("a[download]"),
                                                                          function (a) {{ return a.href; }})}});
    document.body.appendChild(out);
  }}
  window.addEventListener("load", function () {{
    // A page asked a search (?q=...) waits for the search worker's answer, at most ~15 s. The worker
    // runs in real time while --virtual-time-budget races ahead, so the wait is a request the test's
    // server answers after 250 ms of real time: virtual time stands still while a request is open.
    var searching = new URLSearchParams(location.search).has("q"), polls = 0;
    (function wait() {{
      if ((!searching || searchResults().length > 0 || polls >= 60) && polls >= 2) {{ report(); return; }}
      polls += 1;
      if (searching) fetch("/{WAIT}?" + polls).then(wait, wait); else setTimeout(wait, 250);
    }})();
  }});
}})();
</script>"""


def records_page(path: pathlib.Path) -> int:
    """Write a page with the ``_repr_html_`` of one instance of every record type; return how many."""
    sys.path.insert(0, str(ROOT / "tests" / "fixtures"))
    import make_fixtures  # the tests' own builder of one instance per record type

    instances = make_fixtures.instances()
    parts = []
    for cls, instance in sorted(instances.items(), key=lambda item: make_fixtures.type_name(item[0])):
        name = html.escape(make_fixtures.type_name(cls))
        parts.append(f'<section data-record="{name}"><h2>{name}</h2>{instance._repr_html_()}</section>')
    style = "body{font-family:sans-serif;margin:1em} table{border-collapse:collapse} td,th{border:1px solid #ccc}"
    page = (
        "<!doctype html><html><head><meta charset='utf-8'><title>_repr_html_ of every record</title>"
        f"<style>{style}</style></head><body><h1>_repr_html_ of every record</h1>{''.join(parts)}</body></html>"
    )
    path.write_text(page, encoding="utf-8")
    return len(parts)


def _probed(page: pathlib.Path) -> pathlib.Path:
    """A copy of *page*, next to it (so its relative links still resolve), with the probe first in its head."""
    text = page.read_text(encoding="utf-8")
    head = re.search(r"<head[^>]*>", text, re.IGNORECASE)
    at = head.end() if head else 0
    probed = page.with_name(f"probe-{page.name}")
    probed.write_text(text[:at] + PROBE + text[at:], encoding="utf-8")
    return probed


def _chromium(chromium: str, *args: str) -> subprocess.CompletedProcess[str]:
    base = [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--no-first-run"]
    return subprocess.run([*base, *args], capture_output=True, text=True, timeout=120, check=False)


def _blank(png: pathlib.Path) -> str | None:
    """Why the screenshot looks blank, or ``None`` when it shows something."""
    from PIL import Image  # Pillow comes with matplotlib (the plot extra)

    with Image.open(png) as image:
        small = image.convert("RGB").resize((320, 240))
        colours = small.getcolors(maxcolors=320 * 240) or []
    if not colours:
        return "cannot read the screenshot"
    most = max(count for count, _ in colours)
    share = most / (320 * 240)
    if len(colours) < 8 or share > 0.995:
        return f"screenshot is blank ({len(colours)} colours, {share:.1%} of pixels one colour)"
    return None


def check_page(
    chromium: str,
    page: pathlib.Path,
    shot: pathlib.Path,
    *,
    records: int = 0,
    served: tuple[pathlib.Path, str] | None = None,
    query: str = "",
    tables_expected: bool = True,
    references: bool = False,
    download: bool = False,
) -> list[str]:
    """Load *page*, screenshot it into *shot*, and return its problems (none: an empty list).

    Args:
        chromium: the browser to run.
        page: the HTML file.
        shot: where the screenshot goes.
        records: the number of record sections the page must show, each with a drawn table.
        served: ``(site folder, base URL)`` when the page is loaded over HTTP (the site search's
            worker cannot start from a ``file://`` page); else the file is opened directly.
        query: a site search to run (``?q=``): the page must list at least one result.
        tables_expected: whether the page must draw a table.
        references: whether to fail on a raw Sphinx role or raw ``[title][identifier]`` in its text.
        download: whether the page must offer a file to download (a notebook page its ``.ipynb``),
            which must exist in the site.
    """
    probed = _probed(page)
    try:
        url = served[1] + probed.relative_to(served[0]).as_posix() if served else probed.as_uri()
        address = url + (f"?q={query}" if query else "")
        dumped = _chromium(chromium, "--virtual-time-budget=15000", "--dump-dom", address)
        found = re.search(rf'<pre id="{PROBE_ID}">(.*?)</pre>', dumped.stdout, re.DOTALL)
        if not found:
            return [f"{page}: no probe report in the DOM (chromium exit {dumped.returncode}: {dumped.stderr[-300:]})"]
        report = json.loads(html.unescape(found.group(1)))
        _chromium(chromium, "--virtual-time-budget=15000", "--window-size=1280,1600", f"--screenshot={shot}", address)
    finally:
        probed.unlink(missing_ok=True)
    problems = [f"{page}: script error: {error}" for error in report["errors"]]
    for failed in report["failed"]:
        tag, _, where = failed.partition(" ")
        if where.startswith(("http://", "https://")) and not (served and where.startswith(served[1])):
            continue  # a web font or CDN script: CI may have no network, and the page works without it
        if tag == "SCRIPT" and where == url:
            continue  # mkdocs-jupyter writes an empty MathJax <script src=""> (its issue 212); no notebook uses maths
        problems.append(f"{page}: could not load {tag.lower()} {where}")
    tables = report["tables"]
    if tables_expected and not tables:
        problems.append(f"{page}: no table rendered")
    flat = [t for t in tables if t["h"] <= 0 or t["w"] <= 0]
    problems += [f"{page}: a table of {t.get('record') or 'the page'} is drawn with no size" for t in flat]
    if records:
        sections = set(report["sections"])
        drawn = {t["record"] for t in tables if t["record"] and t["h"] > 0}
        if len(sections) != records:
            problems.append(f"{page}: {len(sections)} record sections in the DOM, expected {records}")
        problems += [f"{page}: {name} shows no table" for name in sorted(sections - drawn)]
    if references:
        problems += [f"{page}: shows a raw reference: {raw}" for raw in report.get("raw", [])]
    if download:
        problems += _download_problems(page, report.get("downloads", []))
    if query and not report.get("search"):
        problems.append(f"{page}: the site search for {query!r} lists no result")
    if not shot.is_file():
        problems.append(f"{page}: no screenshot was written")
    else:
        why = _blank(shot)
        if why:
            problems.append(f"{page}: {why}")
    extra = f", {len(report.get('search', []))} search results for {query!r}" if query else ""
    raw = f", {len(report.get('raw', []))} raw references" if references else ""
    print(f"{page}: {len(tables)} tables, {len(report['errors'])} script errors{raw}{extra}, screenshot {shot.name}")
    return problems


def _download_problems(page: pathlib.Path, links: list[str]) -> list[str]:
    """A page must link a download, and each linked file must be in the built site."""
    if not links:
        return [f"{page}: offers no download link"]
    problems = []
    for link in links:
        target = pathlib.Path(urllib.parse.unquote(urllib.parse.urlparse(link).path))
        if not link.startswith("file:") or not target.is_file():
            problems.append(f"{page}: the download link {link} leads to no file of the site")
    return problems


@contextlib.contextmanager
def serve(site: pathlib.Path) -> Iterator[str]:
    """Serve *site* over HTTP on a free local port for the duration; yields the base URL."""
    handler = functools.partial(_QuietHandler, directory=str(site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def do_GET(self) -> None:  # the base class's name
        if self.path.startswith(f"/{WAIT}"):
            time.sleep(0.25)  # real time, for the probe's wait
            self.send_response(204)
            self.end_headers()
            return
        super().do_GET()

    def log_message(self, format: str, *args: object) -> None:  # the base class's names
        pass


def check_site(chromium: str, site: pathlib.Path, out: pathlib.Path, *, query: str = SEARCH) -> tuple[list[str], int]:
    """The API pages (no raw reference may show) and the site search (*query* must find something)."""
    api_pages = sorted((site / "api").glob("**/index.html"))
    problems: list[str] = [] if api_pages else [f"no API pages under {site / 'api'}"]
    with serve(site) as base:
        for page in api_pages:
            name = "-".join(page.parent.relative_to(site).parts)
            problems += check_page(chromium, page, out / f"{name}.png", served=(site, base), references=True)
        problems += check_page(
            chromium, site / "index.html", out / "search.png", served=(site, base), query=query, tables_expected=False
        )
    return problems, len(api_pages)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", required=True, type=pathlib.Path, help="the built mkdocs site")
    parser.add_argument("--out", required=True, type=pathlib.Path, help="where the screenshots go")
    parser.add_argument("--chromium", default="chromium")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    pages = sorted((args.site / "notebooks").glob("*/index.html"))
    if not pages:
        print(f"no notebook pages under {args.site / 'notebooks'}", file=sys.stderr)
        return 1
    problems: list[str] = []
    for page in pages:
        problems += check_page(args.chromium, page, args.out / f"notebook-{page.parent.name}.png", download=True)
    site_problems, api_count = check_site(args.chromium, args.site, args.out)
    problems += site_problems
    with tempfile.TemporaryDirectory() as folder:
        gallery = pathlib.Path(folder) / "records.html"
        count = records_page(gallery)
        problems += check_page(args.chromium, gallery, args.out / "records.png", records=count)
    for problem in problems:
        print(f"FAIL {problem}", file=sys.stderr)
    print(
        f"{len(pages)} notebook pages, {api_count} API pages, the site search and {count} records checked: "
        f"{len(problems)} problems; screenshots in {args.out}"
    )
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
