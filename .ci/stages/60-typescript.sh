# TypeScript declarations of every record type, shipped beside the JSON Schemas
# (src/tabletop_core/schemas/records.d.ts): generated from the schemas with
# json-schema-to-typescript from npm at the version pinned below, and checked with tsc.
# The stage fails when the shipped schemas differ from the record classes, when the shipped
# declarations differ from a fresh generation, or when tsc refuses them.
#     bash .ci/stages/60-typescript.sh            # check (as CI does)
#     bash .ci/stages/60-typescript.sh --write    # rewrite records.d.ts (after python -m tabletop_core._schema)
# About 30 s, most of it npm install.
set -euo pipefail
cd "$(dirname "$0")/../.."

generator=16.0.0  # json-schema-to-typescript
compiler=5.9.3    # typescript
schemas=src/tabletop_core/schemas
shipped="$schemas/records.d.ts"

python -m tabletop_core._schema --check

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
echo "== npm install json-schema-to-typescript@$generator typescript@$compiler"
(cd "$tmp" && npm init -y >/dev/null && npm install --no-audit --no-fund --silent \
    "json-schema-to-typescript@$generator" "typescript@$compiler")
cp docs/scripts/schema_typescript.mjs "$tmp/"
node "$tmp/schema_typescript.mjs" "$schemas" "$tmp/records.d.ts" "$generator"

if [[ "${1:-}" == "--write" ]]; then
    cp "$tmp/records.d.ts" "$shipped"
    echo "wrote $shipped"
elif ! diff -u "$shipped" "$tmp/records.d.ts" > "$tmp/diff.txt"; then
    head -n 40 "$tmp/diff.txt"
    echo "$shipped differs from a fresh generation: run bash .ci/stages/60-typescript.sh --write"
    exit 1
fi

# The declarations compile under --strict, and a wrong value is refused (the check can fail).
mkdir "$tmp/check" "$tmp/check/no-types"
cp "$shipped" "$tmp/check/records.d.ts"
cat > "$tmp/check/use.ts" <<'TS'
import type { D20TestRoll, Record } from "./records";
const roll: D20TestRoll = JSON.parse("{}");
const any: Record = roll;
export const kind: string = any.type;
TS
cat > "$tmp/check/wrong.ts" <<'TS'
import type { D20TestRoll } from "./records";
export const stakes: D20TestRoll["stakes"] = "medium";
TS
tsc="$tmp/node_modules/.bin/tsc"
"$tsc" --noEmit --strict --typeRoots "$tmp/check/no-types" "$tmp/check/records.d.ts" "$tmp/check/use.ts"
if "$tsc" --noEmit --strict --typeRoots "$tmp/check/no-types" "$tmp/check/wrong.ts" > /dev/null; then
    echo "tsc took a Stakes the declarations do not allow: the check would pass anything"
    exit 1
fi
echo "records.d.ts: $(grep -c '^export interface' "$shipped") record interfaces, fresh, and tsc --strict passes"
