# Import contracts (issue 30): the declared layers and no import circle, checked by import-linter.
# The contracts, and the ignore entries for what today's code still breaks (each under a comment
# naming its circle or upward import), are in .importlinter; tests/core/test_import_contracts.py
# checks that every entry is still needed and that a new upward import or circle breaks them.
# A new upward import or a new circle fails here: fix the code, do not add an entry.
lint-imports --no-cache
