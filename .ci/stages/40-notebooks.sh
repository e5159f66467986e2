# Run every notebook of the gallery (docs/notebooks/*.ipynb) top to bottom in a fresh kernel;
# fail on any error. The notebooks are seeded and use small run counts (budget: ~2 minutes).
pip install --quiet -e ".[notebooks]"
python - <<'PY'
import pathlib
import sys
import time

import nbformat
from nbclient import NotebookClient
from nbclient.exceptions import CellTimeoutError, DeadKernelError

notebooks = sorted(pathlib.Path("docs/notebooks").glob("*.ipynb"))
if not notebooks:
    sys.exit("no notebooks found in docs/notebooks/")
start = time.perf_counter()
for path in notebooks:
    began = time.perf_counter()
    # A cell here takes seconds; one stalled for 300 s once with the machine idle (a kernel
    # or messaging wait, not our code). So: a short per-cell timeout, and one retry in a
    # fresh kernel for a stall or a dead kernel. A cell that raises is never retried.
    for attempt in (1, 2):
        notebook = nbformat.read(path, as_version=4)
        client = NotebookClient(
            notebook, timeout=90, startup_timeout=60, kernel_name="python3",
            resources={"metadata": {"path": str(path.parent)}},
        )
        try:
            client.execute()
            break
        except (CellTimeoutError, DeadKernelError) as error:
            if attempt == 2:
                raise
            print(f"{path}: {type(error).__name__} after {time.perf_counter() - began:.1f} s; retrying once")
    print(f"{path}: ran in {time.perf_counter() - began:.1f} s")
print(f"{len(notebooks)} notebooks ran in {time.perf_counter() - start:.1f} s")
PY
