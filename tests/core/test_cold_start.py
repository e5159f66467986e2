"""Cold start: which modules each path loads, in a fresh interpreter (issue 30).

numpy costs about 100 ms of a process's start; a bot on a serverless platform pays its start
on every cold start, a CLI user on every command. numpy is loaded by the first batch, array
or seeded (numpy-backed) source, never by the import, fresh-entropy dice, scripted dice, exact
odds or ``tabletop roll``. Seeded dice draw from numpy exactly as they always did.
"""

from __future__ import annotations

import os
import pathlib
import random
import subprocess
import sys

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from scipy import stats

import tabletop_core as tc
from tabletop_core.rng import ENTROPY_DICE_WITHOUT_NUMPY, GeneratorDice, python_faces

SYSTEMS = ("tabletop_core.action_roll", "tabletop_core.d20", "tabletop_core.residue", "tabletop_core.notation")


def _run(code: str) -> tuple[list[str], set[str]]:
    """Run *code* in a fresh interpreter: the lines it printed, and the modules loaded at the end."""
    script = f"import sys\n{code}\nprint('--modules--')\nprint('\\n'.join(sorted(sys.modules)))"
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True).stdout
    printed, _, modules = out.partition("--modules--\n")
    return printed.splitlines(), set(modules.split())


def test_the_core_import_loads_no_numpy_no_cattrs_no_system_no_chart() -> None:
    _, loaded = _run("import tabletop_core, tabletop_core.batch, tabletop_core.records, tabletop_core.frames")
    heavy = {"numpy", "cattrs", "matplotlib", "pandas", "tabletop_core.plots", "tabletop_core.cli", *SYSTEMS}
    assert sorted(loaded & heavy) == []


def test_fresh_entropy_and_scripted_dice_load_no_numpy() -> None:
    printed, loaded = _run(
        "import tabletop_core as tc\n"
        "from tabletop_core.dice import d20, d6\n"
        "source = tc.dice_source()\n"
        "faces = [d20.roll(), d6.roll(rng=None), *source.roll_each([6, 10, 10]), tc.notation.roll('4d6kh3').total]\n"
        "faces.append(d6.roll(rng=tc.ScriptedDice([5])))\n"
        "print(all(type(face) is int for face in faces), 1 <= faces[0] <= 20, faces[-1], repr(source))\n"
        "print(tc.notation.distribution('3d6').probability(10), d6.distribution().mean())\n"
    )
    assert printed == ["True True 5 GeneratorDice(fresh OS entropy)", "1/8 7/2"]
    assert "numpy" not in loaded


def test_the_roll_command_loads_no_numpy_and_no_rule_system() -> None:
    printed, loaded = _run("from tabletop_core.cli import main\nprint(main(['roll', '1d20']))\n")
    assert printed[-1] == "0"
    assert printed[0].startswith("1d20 (")
    assert sorted(loaded & {"numpy", "cattrs", *SYSTEMS[:3]}) == []


EXAMPLES = pathlib.Path(__file__).resolve().parents[2] / "docs" / "examples"


@pytest.mark.parametrize(
    "argv",
    [
        ["odds", "action", "--stat", "2"],
        ["odds", "progress", "--score", "7"],
        ["odds", "test", "--stakes", "high", "--modifier", "5", "--fortune"],
        ["odds", "residue", "d8", "--slot", "attack", "--luck", "d6"],
        ["action", "--stat", "2"],
        ["progress", "--score", "7"],
        ["oracle"],
        ["test", "--modifier", "3"],
        ["contest", "--actor-trait", "2", "--target-trait", "1"],
        ["residue", "stars", "d8"],
        ["residue", "luck", "d6"],
        ["residue", "inventory", "food", "d8"],
        [
            "move",
            "Leap",
            "--option",
            "edge",
            "--stats",
            "3,2,2,1,1",
            "--data",
            str(EXAMPLES / "mini-starforged.json"),
        ],
        ["character", "show", str(EXAMPLES / "kira.json")],
        ["classic", "show", str(EXAMPLES / "ash.json")],
        ["encounter", str(EXAMPLES / "fight.json")],
    ],
    ids=" ".join,
)
def test_a_command_with_one_roll_or_exact_odds_loads_no_numpy(argv: list[str]) -> None:
    """Every system registers its commands with ``tabletop``: none of them may load numpy on the
    way in (``--seed`` and ``simulate`` do, to draw numpy's stream)."""
    printed, loaded = _run(f"from tabletop_core.cli import main\nprint(main({argv!r}))\n")
    assert printed[-1] == "0", printed
    assert "numpy" not in loaded


def test_a_seeded_command_loads_numpy_for_its_stream() -> None:
    """The check above can see numpy: a seed draws from numpy's generator."""
    printed, loaded = _run(
        "from tabletop_core.cli import main\nprint(main(['action', '--stat', '2', '--seed', '7']))\n"
    )
    assert printed[-1] == "0"
    assert "numpy" in loaded


_ROLLER = {
    "tabletop_core.notation._kernel.records",
    "tabletop_core.notation._kernel.dice_records",
    "tabletop_core.notation._kernel.engine",
    "tabletop_core.notation._default.roll",
    "tabletop_core.notation._default.render",
}


def test_odds_load_no_roller_and_the_first_roll_does() -> None:
    """A process that only reads odds never loads the roller, its records or its renderer."""
    printed, loaded = _run(
        "import tabletop_core.notation as notation\nprint(notation.distribution('4d6kh3').probability(18))\n"
    )
    assert printed == ["7/432"]  # three sixes or four: 21 of 1,296
    assert sorted(loaded & _ROLLER) == []
    printed, loaded = _run(
        "import tabletop_core as tc\nprint(tc.notation.roll('2d6', rng=tc.ScriptedDice([3, 4])))\n"
        "print(tc.notation.RollResult.__name__)\n"
    )
    assert printed == ["2d6 (3, 4) = 7", "RollResult"]
    assert loaded >= _ROLLER


def test_rolls_and_odds_load_no_json_and_no_html() -> None:
    """JSON and HTML load when a record is first written or read as JSON, or shown as HTML (each a
    few milliseconds of every cold start before)."""
    printed, loaded = _run(
        "import tabletop_core as tc\n"
        "import tabletop_core.residue.journey, tabletop_core.d20, tabletop_core.action_roll\n"
        "result = tc.notation.roll('1d20+5', rng=tc.ScriptedDice([12]))\n"
        "print(result, tc.notation.distribution('3d6').probability(10), tc.render(result, style='markdown'))\n"
    )
    assert printed == ["1d20 (12) + 5 = 17 1/8 1d20 (12) + 5 = **17**"]
    assert sorted(loaded & {"json", "html"}) == []


@pytest.mark.parametrize(
    "code",
    [
        "result.to_json()",
        "type(result).from_json(result.to_json())",
        "result._repr_html_()",
        "render(result, style='html')",
    ],
)
def test_json_and_html_load_on_first_use(code: str) -> None:
    printed, loaded = _run(
        "import tabletop_core as tc\nfrom tabletop_core.chat import render\n"
        f"result = tc.notation.roll('1d20', rng=tc.ScriptedDice([3]))\nprint(bool({code}))\n"
    )
    assert printed == ["True"]
    assert loaded & {"json", "html"}


@pytest.mark.parametrize(
    "code",
    [
        "tc.dice_source(7).roll(6)",  # a seed: numpy's stream
        "tc.dice_source().roll_many(6, 3)",  # a vector of dice: an array
        "tc.Distribution({1: 1, 2: 1}).to_numpy()",  # an odds table of arrays
        "tc.Distribution({1: 1, 2: 1}).sample(3)",
        "tc.dice_source().generator",  # the Generator behind fresh entropy, asked for
    ],
)
def test_numpy_loads_when_a_seed_an_array_or_its_generator_is_first_needed(code: str) -> None:
    _, loaded = _run(f"import tabletop_core as tc\n{code}\n")
    assert "numpy" in loaded


def test_seeded_dice_draw_numpys_stream_exactly() -> None:
    """The first block of a seeded source is numpy's ``integers(1, sides, size=8, endpoint=True)``."""
    source = tc.dice_source(2024)
    expected = np.random.default_rng(2024).integers(1, 6, size=8, endpoint=True).tolist()
    assert [source.roll(6) for _ in range(8)] == expected
    # ... in a fresh process too, where nothing else has loaded numpy first
    printed, _ = _run("import tabletop_core as tc\ns = tc.dice_source(2024)\nprint([s.roll(6) for _ in range(8)])")
    assert printed == [str(expected)]


def test_fresh_entropy_moves_to_numpy_after_its_budget_and_keeps_rolling_fair_faces() -> None:
    printed, loaded = _run(
        "import tabletop_core as tc\n"
        "from tabletop_core.rng import ENTROPY_DICE_WITHOUT_NUMPY\n"
        "source = tc.dice_source()\n"
        "first = [source.roll(6) for _ in range(ENTROPY_DICE_WITHOUT_NUMPY // 2)]\n"
        "print('numpy' in sys.modules)\n"
        "rest = [source.roll(6) for _ in range(ENTROPY_DICE_WITHOUT_NUMPY)]\n"
        "print('numpy' in sys.modules, sorted(set(first)) == sorted(set(rest)) == [1, 2, 3, 4, 5, 6])\n"
        "print(all(type(face) is int for face in rest))\n"
    )
    assert printed == ["False", "True True", "True"]
    assert "numpy" in loaded


def _python_backed() -> GeneratorDice:
    """A fresh-entropy source on its Python generator (this process has numpy loaded: force it)."""
    source = GeneratorDice._fresh()
    assert source._python is not None
    return source


@given(sides=st.one_of(st.integers(1, 64), st.just(2**62), st.integers(2**31, 2**62)), size=st.integers(0, 50))
def test_the_python_draw_gives_faces_of_the_die(sides: int, size: int) -> None:
    faces = python_faces(random.Random(sides * 1000 + size), sides, size)
    assert len(faces) == size
    assert all(type(face) is int and 1 <= face <= sides for face in faces)


@pytest.mark.parametrize("sides", [2, 3, 6, 10, 20, 100])
def test_the_python_draw_is_fair(sides: int) -> None:
    """Chi-square goodness of fit over 60,000 faces: a biased draw (a modulo) fails it at 1e-6."""
    faces = python_faces(random.Random(sides), sides, 60_000)
    counts = np.bincount(faces, minlength=sides + 1)[1:]
    assert stats.chisquare(counts).pvalue > 1e-6


def test_a_python_backed_source_serves_every_path_a_rule_takes() -> None:
    source = _python_backed()
    assert 1 <= source.roll(20) <= 20
    assert all(1 <= face <= 10 for face in source.roll_each([6, 10, 10]))
    assert len(source._take(6, 30)) == 30  # the notation's slice of a block
    assert tc.notation.roll("8d6!", rng=source).total >= 8
    assert source.roll_many(6, 5).dtype == np.int64  # an array: numpy's generator from here on
    assert source._python is None
    assert 1 <= source.roll(6) <= 6


def test_the_budget_is_a_few_thousand_dice() -> None:
    assert 1_000 <= ENTROPY_DICE_WITHOUT_NUMPY <= 100_000


@pytest.mark.skipif(not hasattr(os, "fork"), reason="the platform has no os.fork")
def test_a_forked_child_reseeds_a_python_backed_source() -> None:
    """Without numpy loaded, a child made by os.fork still does not repeat its parent's dice."""
    printed, loaded = _run(
        "import os\n"
        "import tabletop_core as tc\n"
        "source = tc.dice_source()\n"
        "source.roll(1000)\n"
        "read, write = os.pipe()\n"
        "pid = os.fork()\n"
        "draws = ','.join(str(source.roll(1000)) for _ in range(32))\n"
        "if pid == 0:\n"
        "    os.write(write, draws.encode())\n"
        "    os._exit(0)\n"
        "os.close(write)\n"
        "child = os.read(read, 100000).decode()\n"
        "os.waitpid(pid, 0)\n"
        "print(child != draws, len(child.split(',')) == 32)\n"
    )
    assert printed == ["True True"]
    assert "numpy" not in loaded
