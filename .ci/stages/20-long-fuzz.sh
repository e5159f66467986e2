# The long profile of the project's own fuzzer (tests/test_fuzz_public.py): every public
# callable with every one-argument swap, random hostile values and two-argument swaps.
# About 1.5 minutes on 2 cores; the default pytest run takes a quick sample of it.
TABLETOP_FUZZ=long pytest -q -p no:randomly tests/test_fuzz_public.py
