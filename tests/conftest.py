"""Shared test settings: hypothesis runs derandomised on CI so a run cannot flake.

The "ci" profile is chosen when the ``CI`` environment variable is set to anything but
empty, ``0`` or ``false`` (``.ci/run`` exports ``CI=true``); pytest's header names the
profile in use (``hypothesis profile 'ci'``).
"""

import os

from hypothesis import HealthCheck, settings

settings.register_profile("ci", derandomize=True, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("dev", deadline=None, derandomize=False)  # explicit: hypothesis derandomises by default on CI


def on_ci() -> bool:
    """Whether the ``CI`` environment variable asks for the CI profile."""
    return os.environ.get("CI", "").strip().lower() not in {"", "0", "false", "no"}


settings.load_profile("ci" if on_ci() else "dev")
