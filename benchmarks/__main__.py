"""Run every ``bench_*.py`` module in this folder: ``python -m benchmarks [NAME ...]``."""

from __future__ import annotations

import importlib
import pathlib
import sys


def main(names: list[str]) -> None:
    folder = pathlib.Path(__file__).parent
    modules = sorted(path.stem for path in folder.glob("bench_*.py"))
    chosen = [m for m in modules if not names or any(name in m for name in names)]
    for module in chosen:
        print(f"== {module}")
        importlib.import_module(f"benchmarks.{module}").run()
        print()


if __name__ == "__main__":
    main(sys.argv[1:])
