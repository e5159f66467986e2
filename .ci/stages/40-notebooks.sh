# Run every notebook of the gallery (docs/notebooks/*.ipynb) top to bottom in a fresh kernel;
# fail on any error. The notebooks are seeded and use small run counts (budget: ~2 minutes).
pip install --quiet -e ".[notebooks]"
python - <<'PY'
import pathlib
import sys
import time

import nbformat
from nbclient import NotebookClient

notebooks = sorted(pathlib.Path("docs/notebooks").glob("*.ipynb"))
if not notebooks:
    sys.exit("no notebooks found in docs/notebooks/")
start = time.perf_counter()
for path in notebooks:
    began = time.perf_counter()
    notebook = nbformat.read(path, as_version=4)
    NotebookClient(notebook, timeout=300, kernel_name="python3", resources={"metadata": {"path": str(path.parent)}}).execute()
    print(f"{path}: ran in {time.perf_counter() - began:.1f} s")
print(f"{len(notebooks)} notebooks ran in {time.perf_counter() - start:.1f} s")
PY
