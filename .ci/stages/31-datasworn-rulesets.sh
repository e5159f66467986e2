#!/usr/bin/env bash
# CI stage: every Ironsworn ruleset on the real published Datasworn data: Starforged (0.0.10 and
# 0.1.0-0), Ironsworn Classic, Delve and Sundered Isles, alone and merged onto their bases.
# Fetches each @datasworn/* package at a pinned version with `npm pack` into a cache folder
# (nothing of it enters the repository: the content is CC-BY / CC-BY-NC-SA) and runs
# tests/action_roll/test_datasworn_rulesets_real.py on them. By hand, in the project's venv:
#     bash .ci/stages/31-datasworn-rulesets.sh
# DATASWORN_CACHE moves the cache (shared with 30-datasworn.sh).
set -euo pipefail
cd "$(dirname "$0")/../.."

cache="${DATASWORN_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/tabletop_core/datasworn}"
packages=(
    "starforged 0.0.10"
    "starforged 0.1.0-0"
    "ironsworn-classic 0.0.10"
    "ironsworn-classic-delve 0.0.10"
    "sundered-isles 0.1.0-0"
)
for entry in "${packages[@]}"; do
    read -r name version <<<"$entry"
    folder="$cache/$name-$version"
    if [ ! -d "$folder/package/json" ]; then
        echo "== datasworn: npm pack @datasworn/$name@$version into $folder"
        mkdir -p "$folder"
        (cd "$folder" && npm pack --silent "@datasworn/$name@$version" >/dev/null \
            && tar xzf "datasworn-$name-$version.tgz")
    fi
done

echo "== datasworn: every ruleset on the real data"
TABLETOP_DATASWORN_PACKAGES="$cache" python -m pytest -q -s -p no:cacheprovider \
    tests/action_roll/test_datasworn_rulesets_real.py
