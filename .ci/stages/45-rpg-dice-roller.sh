#!/usr/bin/env bash
# CI stage: the rdr dialect against rpg-dice-roller itself, run side by side under Node.
# Fetches @dice-roller/rpg-dice-roller at a pinned version with `npm pack` into a cache
# folder and installs that tarball there (npm resolves its dependencies: mathjs, random-js),
# nothing of it entering the repository. Then runs tests/notation/test_notation_rdr_differential.py
# with RDR_PACKAGE pointing at the cache: rpg-dice-roller's own test cases (rdr_cases.json,
# written by tests/notation/rdr_extract_cases.py from its repository), the recorded quirks and
# RDR_EXAMPLES hypothesis-generated texts, each rolled by both on the same dice in the same order.
# Missing node, a failed install or a skipped test fails the stage (RDR_REQUIRED=1 turns the
# module's skip into a failure): the stage exists to run them. By hand, inside the venv:
#     bash .ci/stages/45-rpg-dice-roller.sh
# RDR_VERSION pins another version (the tests expect 5.5.1); RDR_CACHE moves the cache;
# RDR_TARBALL installs a tarball already fetched (say /work/data/...-5.5.1.tgz) instead of npm pack.
set -euo pipefail
cd "$(dirname "$0")/../.."

version="${RDR_VERSION:-5.5.1}"
cache="${RDR_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/tabletop_core/rpg-dice-roller}/$version"
package="$cache/node_modules/@dice-roller/rpg-dice-roller/package.json"

if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
    echo "== rpg-dice-roller: FAILED: node and npm must be on PATH" >&2
    exit 1
fi
if [ ! -f "$package" ]; then
    mkdir -p "$cache"
    tarball="$cache/dice-roller-rpg-dice-roller-$version.tgz"
    if [ -n "${RDR_TARBALL:-}" ]; then
        echo "== rpg-dice-roller: using $RDR_TARBALL"
        cp "$RDR_TARBALL" "$tarball"
    else
        echo "== rpg-dice-roller: npm pack @dice-roller/rpg-dice-roller@$version into $cache"
        (cd "$cache" && npm pack --silent "@dice-roller/rpg-dice-roller@$version" >/dev/null)
    fi
    (cd "$cache" && echo '{"private": true}' >package.json \
        && npm install --silent --no-audit --no-fund --no-save "./dice-roller-rpg-dice-roller-$version.tgz" >/dev/null)
fi
installed="$(node -p "require('$package').version")"
if [ "$installed" != "$version" ]; then
    echo "== rpg-dice-roller: FAILED: $cache holds $installed, not $version" >&2
    exit 1
fi

echo "== rpg-dice-roller: $(node --version), rpg-dice-roller $installed, ${RDR_EXAMPLES:=1500} generated texts"
log="$(mktemp)"
trap 'rm -f "$log"' EXIT
RDR_PACKAGE="$cache" RDR_REQUIRED=1 RDR_EXAMPLES="$RDR_EXAMPLES" python -m pytest -q -s -rs \
    -p no:cacheprovider -p no:randomly tests/notation/test_notation_rdr_differential.py | tee "$log"
if grep -q "skipped" "$log"; then
    echo "== rpg-dice-roller: FAILED: a test skipped although the package is installed" >&2
    exit 1
fi
