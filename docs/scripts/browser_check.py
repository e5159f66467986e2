"""Check the rendered notebook pages and the records' ``_repr_html_`` in a real headless browser.

Usage (from the repository root, after ``mkdocs build --site-dir SITE``)::

    python docs/scripts/browser_check.py --site SITE --out DIR [--chromium /usr/bin/chromium]

For every notebook page of the built site, and for a page holding the
``_repr_html_`` of one instance of every record type (built by
``tests/fixtures/make_fixtures.py``), it:

* loads the page in headless Chromium with a small probe script put first in
  its ``<head>``, which records every script error and, once the page has
  loaded, the rendered size of every table;
* reads that report back from the DOM Chromium dumps after the scripts ran
  (``--dump-dom``), and takes a screenshot into *DIR*;
* fails (exit status 1, each problem on its own line) when a page raised a
  script error, shows no table, has a table drawn with no height (for the
  records page: any record whose table is missing or flat), or when its
  screenshot is blank (almost every pixel one colour).

CI runs it in ``.ci/stages/50-browser.sh`` and keeps the screenshots as artifacts.
"""

from __future__ import annotations

import argparse
import html
import json
import pathlib
import re
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parents[2]
PROBE_ID = "tabletop-probe"
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
  window.addEventListener("load", function () {{
    setTimeout(function () {{
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
      out.textContent = JSON.stringify({{errors: errors, failed: failed, tables: tables, sections: sections}});
      document.body.appendChild(out);
    }}, 500);
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


def check_page(chromium: str, page: pathlib.Path, shot: pathlib.Path, *, records: int = 0) -> list[str]:
    """Load *page*, screenshot it into *shot*, and return its problems (none: an empty list)."""
    probed = _probed(page)
    try:
        url = probed.as_uri()
        dumped = _chromium(chromium, "--virtual-time-budget=8000", "--dump-dom", url)
        found = re.search(rf'<pre id="{PROBE_ID}">(.*?)</pre>', dumped.stdout, re.DOTALL)
        if not found:
            return [f"{page}: no probe report in the DOM (chromium exit {dumped.returncode}: {dumped.stderr[-300:]})"]
        report = json.loads(html.unescape(found.group(1)))
        _chromium(chromium, "--virtual-time-budget=8000", "--window-size=1280,1600", f"--screenshot={shot}", url)
    finally:
        probed.unlink(missing_ok=True)
    problems = [f"{page}: script error: {error}" for error in report["errors"]]
    for failed in report["failed"]:
        tag, _, where = failed.partition(" ")
        if where.startswith(("http://", "https://")):
            continue  # a web font or CDN script: CI may have no network, and the page works without it
        if tag == "SCRIPT" and where == url:
            continue  # mkdocs-jupyter writes an empty MathJax <script src=""> (its issue 212); no notebook uses maths
        problems.append(f"{page}: could not load {tag.lower()} {where}")
    tables = report["tables"]
    if not tables:
        problems.append(f"{page}: no table rendered")
    flat = [t for t in tables if t["h"] <= 0 or t["w"] <= 0]
    problems += [f"{page}: a table of {t.get('record') or 'the page'} is drawn with no size" for t in flat]
    if records:
        sections = set(report["sections"])
        drawn = {t["record"] for t in tables if t["record"] and t["h"] > 0}
        if len(sections) != records:
            problems.append(f"{page}: {len(sections)} record sections in the DOM, expected {records}")
        problems += [f"{page}: {name} shows no table" for name in sorted(sections - drawn)]
    if not shot.is_file():
        problems.append(f"{page}: no screenshot was written")
    else:
        why = _blank(shot)
        if why:
            problems.append(f"{page}: {why}")
    print(f"{page}: {len(tables)} tables, {len(report['errors'])} script errors, screenshot {shot.name}")
    return problems


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
        problems += check_page(args.chromium, page, args.out / f"notebook-{page.parent.name}.png")
    with tempfile.TemporaryDirectory() as folder:
        gallery = pathlib.Path(folder) / "records.html"
        count = records_page(gallery)
        problems += check_page(args.chromium, gallery, args.out / "records.png", records=count)
    for problem in problems:
        print(f"FAIL {problem}", file=sys.stderr)
    print(
        f"{len(pages)} notebook pages and {count} records checked: {len(problems)} problems; screenshots in {args.out}"
    )
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
