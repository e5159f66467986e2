# The long profiles of the project's own fuzzer and tamperer, measured (tests/fuzz_run.py):
# every public callable of the surface the docs' API pages define, with every one-argument
# swap, random hostile values and two-argument swaps; every record type records.load knows,
# its saved document changed one node at a time. Each target is a failure of this stage:
# 0 bare exceptions, 0 records loaded altered, 0 loaded-then-unusable records, every call
# answered within 1 s and 100 MB. The default pytest run takes quick samples of the same calls.
# `python tests/fuzz_run.py --break slow` (or bare, altered, unusable, memory) fails on purpose.
# Measured: 18 minutes on a shared 2-core machine at load average 8 (before the long tamper
# profile was halved to 20 random deep nodes per type); the quick profile took 47 s there.
python tests/fuzz_run.py --profile long
