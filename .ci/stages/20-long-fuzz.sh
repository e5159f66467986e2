# The long profiles of the project's own fuzzer and tamperer, measured (tests/fuzz_run.py):
# every public callable of the surface the docs' API pages define, with every one-argument
# swap, random hostile values and two-argument swaps; every record type records.load knows,
# its saved document changed one node at a time. Each target is a failure of this stage:
# 0 bare exceptions, 0 records loaded altered, 0 loaded-then-unusable records, every call
# answered within 1 s and 100 MB. The default pytest run takes quick samples of the same calls.
# `python tests/fuzz_run.py --break slow` (or bare, altered, unusable, memory) fails on purpose.
# About 18 minutes measured on a 2-core machine at load 8 (other sessions); a few minutes alone.
python tests/fuzz_run.py --profile long
