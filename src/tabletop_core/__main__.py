"""``python -m tabletop_core`` runs the ``tabletop`` command."""

import sys

from tabletop_core.cli import main

__all__: list[str] = []  # a script: it runs the command, it exports nothing

if __name__ == "__main__":
    sys.exit(main())
