#!/usr/bin/env bash
# CI stage: the rendered site and every record's _repr_html_ in a real headless browser.
# Builds the docs into a temporary folder, then docs/scripts/browser_check.py loads each notebook
# page, each API page, the site search for "momentum" and a page of one _repr_html_ per record type
# in headless Chromium: no script error, tables drawn with a size (every record's), no raw Sphinx
# role or raw [title][identifier] on an API page, at least one search result, screenshots not blank. The screenshots are kept as artifacts
# in $BROWSER_ARTIFACTS (default: a new temporary folder, printed at the end).
# Installs Debian's chromium with apt-get when it is missing; skips (saying so) only when there is
# neither chromium nor apt-get. By hand, inside the project's venv: bash .ci/stages/50-browser.sh
set -euo pipefail
cd "$(dirname "$0")/../.."

chromium="${CHROMIUM:-$(command -v chromium || command -v chromium-browser || true)}"
if [ -z "$chromium" ]; then
    if command -v apt-get >/dev/null 2>&1; then
        echo "== browser: installing chromium with apt-get"
        sudo=""
        if [ "$(id -u)" != 0 ] && command -v sudo >/dev/null 2>&1; then sudo="sudo"; fi
        $sudo apt-get install -y -q chromium >/dev/null 2>&1 \
            || { $sudo apt-get update -q >/dev/null && $sudo apt-get install -y -q chromium >/dev/null; }
        chromium="$(command -v chromium)"
    else
        echo "== browser: SKIPPED: no chromium on PATH and no apt-get to install it (set CHROMIUM=/path/to/chromium)"
        exit 0
    fi
fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
out="${BROWSER_ARTIFACTS:-$(mktemp -d)/browser-screenshots}"
echo "== browser: building the docs into $work/site"
NO_MKDOCS_2_WARNING=1 mkdocs build --strict --site-dir "$work/site"  # never -q: it hides the warnings --strict fails on
echo "== browser: $("$chromium" --version 2>/dev/null || echo chromium)"
python docs/scripts/browser_check.py --site "$work/site" --out "$out" --chromium "$chromium"
