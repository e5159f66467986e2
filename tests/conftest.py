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


# --- TABLETOP_FAST_CHECK=1: every fast path the suite reaches is checked against the plain one --
_FAST_REACHED: set[tuple[str, str]] = set()


def _fast_check() -> bool:
    return os.environ.get("TABLETOP_FAST_CHECK", "").strip().lower() not in {"", "0", "false", "no"}


def pytest_configure(config):
    if _fast_check():
        import fast_check

        fast_check.install(_FAST_REACHED)


def pytest_sessionfinish(session, exitstatus):
    """Under TABLETOP_FAST_CHECK, fail the run unless the tests reached every function that takes a fast path."""
    if not _fast_check() or session.config.option.collectonly:
        return
    import fast_check

    missed = sorted(fast_check.static_sites() - _FAST_REACHED)
    reporter = session.config.pluginmanager.get_plugin("terminalreporter")
    write = reporter.write_line if reporter is not None else print
    write(f"fast paths: {len(_FAST_REACHED)} functions checked against the plain one, {len(missed)} never reached")
    for module, function in missed:
        write(f"  not reached: {module}.{function}")
    if missed and session.exitstatus == 0:
        session.exitstatus = 1
