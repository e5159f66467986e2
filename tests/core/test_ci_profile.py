"""CI runs hypothesis derandomised: `.ci/run` exports CI=true and tests/conftest.py picks the "ci" profile."""

import os

from hypothesis import settings


def test_the_ci_variable_selects_a_derandomised_profile():
    on_ci = os.environ.get("CI", "").strip().lower() not in {"", "0", "false", "no"}
    assert settings.default.derandomize is on_ci
    assert settings.default.deadline is None
