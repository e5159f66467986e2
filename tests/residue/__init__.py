"""RESIDUE tests (a package, so their module names cannot clash with other systems' tests)."""
