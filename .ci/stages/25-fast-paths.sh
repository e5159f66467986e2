# The fast paths (tabletop_core._fast: fast_build, fast_replace, fast_builder skip a class's
# validators) checked against the plain construction wherever the tests reach them: with
# TABLETOP_FAST_CHECK=1 every door builds both ways and fails the calling test on any
# difference, every state a Journey transition returns is rebuilt the plain way, and the run
# fails unless it reached every function that calls a door (read from the source; tests/fast_check.py).
# The RESIDUE and notation tests reach all of them (the hot paths of the Journey engine and the
# roller). `TABLETOP_FAST_CHECK=1 pytest tests/core/test_fast_sites.py` fails: too few reached.
echo "== fast paths: RESIDUE and notation tests, every fast build checked against the plain one"
TABLETOP_FAST_CHECK=1 python -m pytest -q -p no:cacheprovider tests/residue tests/notation tests/core/test_fast_sites.py
