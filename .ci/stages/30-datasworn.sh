#!/usr/bin/env bash
# CI stage: check the Datasworn reader against the real published Starforged data.
# Fetches @datasworn/starforged at a pinned version with `npm pack` into a cache folder
# (nothing of it enters the repository: the content is CC-BY) and runs
# tests/action_roll/test_datasworn_real.py on it: every table, move and asset loads and
# rolls, every "roll twice" follows its rows, every template fills, every asset ability is
# read and docs/starforged-abilities.md is what the library does. Then it plays a short
# session on the command line, as a player would, each command required to succeed.
# .ci/run runs it as an extra stage; by hand, inside the project's virtual environment:
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

echo "== datasworn: a session on the command line"
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
hero="$scratch/hero.json"
say() { echo "\$ tabletop $*"; python -m tabletop_core "$@"; }
say character new "$hero" --stats 3,2,2,1,1 --name Kira
say character add-asset "$hero" Starship --data "$data"
say character add-asset "$hero" Overseer --data "$data" --mark 3
say character add-asset "$hero" Diplomat --data "$data" --mark 2
say character attach "$hero" Overseer Starship
say character set "$hero" Starship:name Wayfarer
say character vow "$hero" "Find the lost fleet" --rank dangerous
say move "starforged/moves/adventure/face_danger" --data "$data" --character "$hero" \
    --option "integrity (Overseer on Starship 'Wayfarer')" --seed 3
say move "starforged/moves/adventure/compel" --data "$data" --character "$hero" --option heart \
    --use Diplomat:2 --reroll --dice 1,9,9,6,2,3
say move "Withstand Damage" --data "$data" --character "$hero" --option integrity --table --dice 3,9,9,0
say move "Pay the Price" --data "$data" --table --dice 4:2
say oracle "Character Role" --data "$data" --dice 97,94,10,20,5
say oracle "starforged/collections/oracles/characters/name" --data "$data" --seed 7
say oracle starforged/oracles/characters/first_look --data "$data" --times --seed 7
say oracle "Starship Type" --data "$data" --flip --dice 17
say oracle list --data "$data" --filter "faction" >/dev/null
say character show "$hero"
