"""``python -m tabletop_core`` runs the ``tabletop`` command."""

import sys

from tabletop_core.cli import main

sys.exit(main())
