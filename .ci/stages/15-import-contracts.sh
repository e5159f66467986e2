# Import contracts (issue 30): the declared layers and no import circle, checked by import-linter.
# The contracts are in .importlinter and carry no ignore entry; tests/core/test_import_contracts.py
# checks that they stay so, and that a copy of the package with one upward import or one new
# circle breaks them. A new upward import or a new circle fails here: fix the code.
lint-imports --no-cache
