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

echo "== datasworn: a Classic character through a vow and a delve, on the command line"
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
classic="$cache/ironsworn-classic-0.0.10/package/json/classic.json"
delve="$cache/ironsworn-classic-delve-0.0.10/package/json/delve.json"
hero="$scratch/kira.json"
say() { echo "\$ tabletop $*"; python -m tabletop_core "$@"; }
expect() {  # the last command's output must hold $1
    grep -qF -- "$1" "$scratch/out" || { echo "expected: $1" >&2; exit 1; }
}
say classic new "$hero" --stats 3,2,2,1,1 --name Kira
say classic move "$hero" "Swear an Iron Vow" --data "$classic" --dice 5,3,4
say classic vow "$hero" "Avenge my kin" --rank dangerous
say classic progress "$hero" "Avenge my kin" --times 4
say classic move "$hero" "Fulfill Your Vow" --data "$classic" --dice 3,5 | tee "$scratch/out"
expect "'Avenge my kin' is complete: +2 experience"
say classic advance "$hero" --upgrade
say classic vow "$hero" "Alva's Rest" --rank dangerous --kind delve
say move "Delve the Depths" --data "$classic" --data "$delve" --stats 3,2,2,1,1 --option wits \
    --dice 4,3,8,60 --table | tee "$scratch/out"
expect "Wits (1d100): 60 -> Choose one: Mark progress or Find an Opportunity."
say classic progress "$hero" "Alva's Rest"
say classic hold "$hero" "Find an Opportunity" --data "$classic" --data "$delve"
say classic move "$hero" "Face Danger" --option edge --data "$classic" --data "$delve" --dice 4,3,7 \
    | tee "$scratch/out"
expect "Action 4 + 3 + 1 = 8 vs 3 · 7 -> strong hit"
say classic debility "$hero" wounded
say classic move "$hero" "Locate Your Objective" --data "$classic" --data "$delve" --dice 1,1 | tee "$scratch/out"
expect '"Alva'"'"'s Rest" is complete'
say classic show "$hero"
