"""RngLike is a real type that mypy checks (issue 11 item 6)."""

from __future__ import annotations

import re
import typing

import numpy as np
import pytest

from tabletop_core.rng import DiceSource, RngLike

mypy_api = pytest.importorskip("mypy.api")


def test_rnglike_lists_the_accepted_kinds():
    kinds = set(typing.get_args(RngLike))
    assert {DiceSource, np.random.Generator, np.random.BitGenerator, np.random.SeedSequence, type(None)} <= kinds
    assert typing.Any not in kinds


def test_mypy_accepts_every_kind_and_refuses_others(tmp_path):
    lines = [
        "import numpy as np",
        "import tabletop_core as tc",
        "from tabletop_core import action_roll as ar",
        "ar.action_roll(stat=1, rng=None)",
        "ar.action_roll(stat=1, rng=42)",
        "ar.action_roll(stat=1, rng=[1, 2])",
        "ar.action_roll(stat=1, rng=np.random.default_rng(1))",
        "ar.action_roll(stat=1, rng=np.random.SeedSequence(1))",
        "ar.action_roll(stat=1, rng=tc.ScriptedDice([1, 2, 3]))",
        "ar.action_roll(stat=1, rng='seed')",  # line 10: refused
        "ar.action_roll(stat=1, rng=1.5)",  # line 11: refused
    ]
    path = tmp_path / "calls.py"
    path.write_text("\n".join(lines) + "\n")
    out, _err, status = mypy_api.run(["--strict", "--no-error-summary", str(path)])  # the project's mypy cache
    assert status == 1, out
    flagged = sorted({int(m.group(1)) for m in re.finditer(r"calls\.py:(\d+): error", out)})
    assert flagged == [10, 11], out
