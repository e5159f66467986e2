"""`import tabletop_core.action_roll` and single rolls start without numpy; the first batch loads it.

numpy costs about 100 ms of a process's start (issue 30): a bot rolling one action roll per
cold start should not pay it. The batches (numpy arrays) are lazy names of the face.
"""

import subprocess
import sys

import pytest


def _loaded_after(code: str) -> set[str]:
    script = f"import sys\n{code}\nprint('\\n'.join(sorted(sys.modules)))"
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True).stdout
    return set(out.split())


@pytest.mark.parametrize(
    "code",
    [
        "import tabletop_core.action_roll",
        "from tabletop_core import action_roll as ar; ar.action_roll(stat=2)",  # fresh entropy
        "from tabletop_core import action_roll as ar; ar.resolve_action(action_die=4, challenge_dice=(3, 8), stat=2)",
        "from tabletop_core import action_roll as ar; ar.progress_roll(7); ar.ask_the_oracle(ar.Odds.LIKELY)",
        "from tabletop_core import action_roll as ar; ar.action_odds(stat=2).probability(ar.Outcome.MISS)",
    ],
)
def test_the_import_and_single_rolls_load_no_numpy(code: str) -> None:
    assert "numpy" not in _loaded_after(code)


def test_the_first_batch_loads_numpy_and_the_lazy_names_are_the_real_ones() -> None:
    loaded = _loaded_after(
        "from tabletop_core import action_roll as ar\n"
        "from tabletop_core.action_roll import batch\n"
        "assert ar.simulate_action is batch.simulate_action and ar.ProgressBatch is batch.ProgressBatch\n"
        "assert len(ar.simulate_action(10, stat=2, rng=1)) == 10"
    )
    assert "numpy" in loaded


def test_the_lazy_batch_names_are_in_the_face() -> None:
    from tabletop_core import action_roll as ar

    for name in ("ActionBatch", "ProgressBatch", "simulate_action", "simulate_progress"):
        assert name in ar.__all__
        assert name in dir(ar)
