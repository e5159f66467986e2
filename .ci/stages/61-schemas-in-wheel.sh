# The wheel ships every JSON Schema and the TypeScript declarations (tabletop_core/schemas):
# builds a wheel of the checkout and compares its schema files with the source folder's.
#     bash .ci/stages/61-schemas-in-wheel.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
pip wheel --quiet --no-deps --wheel-dir "$tmp" .
python - "$tmp"/*.whl <<'PY'
import sys
import zipfile
from pathlib import Path

source = {p.name for p in Path("src/tabletop_core/schemas").iterdir() if p.suffix in {".json", ".ts"}}
with zipfile.ZipFile(sys.argv[1]) as wheel:
    shipped = {Path(n).name for n in wheel.namelist() if n.startswith("tabletop_core/schemas/")}
missing = sorted(source - shipped)
if missing or len(source) < 200:
    sys.exit(f"the wheel lacks {len(missing)} schema files: {missing[:10]}")
print(f"the wheel ships all {len(source)} schema files (records.d.ts included)")
PY
