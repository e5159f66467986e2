"""rpg-dice-roller itself, run by Node through ``rdr_harness.mjs``, and the dice it is given.

``RDR_PACKAGE`` names a folder the pinned package was installed into (``npm install
@dice-roller/rpg-dice-roller@5.5.1`` there: its ``node_modules`` holds the package and its
dependencies); the CI stage ``.ci/stages/45-rpg-dice-roller.sh`` does that in a cache and
sets it. Without Node or without the package, :func:`reference` says why (the tests skip).

Both sides draw the same dice: each value given is what rpg-dice-roller's number generator
returns for one draw (a d6's 1..6, a ``d%``'s 1..100, a ``dF``'s d3 as 1..3 for -1, 0, +1,
a ``dF.1``'s d6), and :class:`GivenDice` gives our roll the same values in the same order.
rpg-dice-roller draws nothing for a die with one face (its generator answers ``integer(1,
1)`` without asking the engine), so :class:`GivenDice` answers a d1 without taking a value.
"""

from __future__ import annotations

import json
import os
import pathlib
import shutil
import subprocess
from collections.abc import Sequence
from typing import Any

import numpy as np

from tabletop_core.rng import DiceSource

HARNESS = pathlib.Path(__file__).with_name("rdr_harness.mjs")
VERSION = "5.5.1"
"""The rpg-dice-roller release this dialect follows, and the CI stage installs."""


class OutOfDice(Exception):
    """The values given ran out (rpg-dice-roller's harness reports the same as an error)."""


class GivenDice(DiceSource):
    """The values given, in order, one a draw; a d1 shows 1 without taking one (as rpg-dice-roller's generator)."""

    def __init__(self, values: Sequence[int]) -> None:
        self.values = list(values)
        self.at = 0

    def roll(self, sides: int) -> int:
        if sides == 1:
            return 1
        if self.at >= len(self.values):
            raise OutOfDice
        value = self.values[self.at]
        self.at += 1
        if not 1 <= value <= sides:
            raise OutOfDice  # a value off the die: the harness refuses it too
        return value

    def roll_many(self, sides: int, n: int) -> Any:  # Any: numpy's int64 array
        return np.array([self.roll(sides) for _ in range(n)], dtype=np.int64)

    @property
    def unused(self) -> int:
        return len(self.values) - self.at


def missing() -> str | None:
    """Why rpg-dice-roller cannot be run here, or ``None`` when it can."""
    folder = os.environ.get("RDR_PACKAGE")
    if not folder:
        return "set RDR_PACKAGE to a folder holding node_modules/@dice-roller/rpg-dice-roller 5.5.1 (see .ci/stages)"
    if shutil.which("node") is None:
        return "node is not on PATH (rpg-dice-roller runs under Node)"
    package = pathlib.Path(folder, "node_modules", "@dice-roller", "rpg-dice-roller", "package.json")
    if not package.is_file():
        return f"RDR_PACKAGE={folder} holds no node_modules/@dice-roller/rpg-dice-roller"
    version = json.loads(package.read_text())["version"]
    if version != VERSION:
        return f"RDR_PACKAGE={folder} holds rpg-dice-roller {version}, not {VERSION}"
    return None


def reference(requests: Sequence[tuple[str, Sequence[int]]]) -> list[dict[str, Any]]:
    """rpg-dice-roller's answer to each ``(text, dice)``, in order (see ``rdr_harness.mjs`` for the shape)."""
    lines = "".join(json.dumps({"text": text, "dice": list(dice)}) + "\n" for text, dice in requests)
    done = subprocess.run(
        ["node", str(HARNESS)],
        input=lines,
        capture_output=True,
        text=True,
        check=False,
        env={**os.environ, "RDR_PACKAGE": os.environ["RDR_PACKAGE"]},
        timeout=600,
    )
    if done.returncode != 0:
        raise RuntimeError(f"the rpg-dice-roller harness failed ({done.returncode}): {done.stderr[-2000:]}")
    answers = [json.loads(line) for line in done.stdout.splitlines()]
    if len(answers) != len(requests):
        raise RuntimeError(f"the harness answered {len(answers)} of {len(requests)} requests: {done.stderr[-2000:]}")
    return answers
