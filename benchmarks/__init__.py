"""Side-by-side benchmarks against peers; run them all with ``python -m benchmarks``."""
