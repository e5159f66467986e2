#!/usr/bin/env bash
# CI stage: check the Datasworn reader against the real published Starforged data.
# Fetches @datasworn/starforged at a pinned version with `npm pack` into a cache folder
# (nothing of it enters the repository: the content is CC-BY) and runs
# tests/action_roll/test_datasworn_real.py on it. .ci/run runs it as an extra stage;
# by hand, inside the project's virtual environment, from anywhere:
#     bash .ci/stages/30-datasworn.sh
# DATASWORN_VERSION pins another version; DATASWORN_CACHE moves the cache.
set -euo pipefail
cd "$(dirname "$0")/../.."

version="${DATASWORN_VERSION:-0.0.10}"
cache="${DATASWORN_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/tabletop_core/datasworn}/starforged-$version"
data="$cache/package/json/starforged.json"

if [ ! -f "$data" ]; then
    echo "== datasworn: npm pack @datasworn/starforged@$version into $cache"
    mkdir -p "$cache"
    (cd "$cache" && npm pack --silent "@datasworn/starforged@$version" >/dev/null \
        && tar xzf "datasworn-starforged-$version.tgz")
fi

echo "== datasworn: the real Starforged data ($version)"
TABLETOP_DATASWORN="$data" python -m pytest -q -s -p no:cacheprovider tests/action_roll/test_datasworn_real.py
