"""Cold start of the d20 system (issue 30): ``import tabletop_core.d20`` and a fight load no numpy.

numpy is loaded by the first batch (``simulate_test``) or simulation (``simulate_encounter``:
its seeds are numpy's), never by the import, a Test, or an encounter's actions and choices
with fresh or scripted dice.
"""

from __future__ import annotations

import subprocess
import sys

import pytest


def _loaded(code: str) -> tuple[list[str], set[str]]:
    """Run *code* in a fresh interpreter: the lines it printed, and the modules loaded at the end."""
    script = f"import sys\n{code}\nprint('--modules--')\nprint('\\n'.join(sorted(sys.modules)))"
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True).stdout
    printed, _, modules = out.partition("--modules--\n")
    return printed.splitlines(), set(modules.split())


def test_the_import_a_test_and_a_fight_load_no_numpy() -> None:
    printed, loaded = _loaded(
        "import tabletop_core as tc\n"
        "from tabletop_core import d20\n"
        "print(d20.roll_test(stakes='mid', modifier=2, rng=tc.ScriptedDice([14])))\n"
        "fight = d20.Encounter.of(\n"
        "    d20.Combatant(name='Ana', creature=d20.Creature(max_hp=8)),\n"
        "    d20.Combatant(name='Bo', creature=d20.Creature(max_hp=8)))\n"
        "fight = fight.apply(d20.actions.RollInitiative()).encounter\n"
        "print(len(fight.choices()) > 0, fight.round)\n"
        "print(d20.stakes_odds(stakes='mid', modifier=2).probability(d20.Outcome.SUCCESS))\n"
    )
    assert printed == ["Test 14 + 2 = 16 · Mid Stakes -> Success", "True 1", "2/5"]
    assert "numpy" not in loaded


@pytest.mark.parametrize(
    "code",
    [
        "d20.simulate_test(5, stakes='mid')",
        "d20.simulate_encounter(2, d20.Encounter.of("
        "d20.Combatant(name='A', creature=d20.Creature(max_hp=1), side='a'),"
        "d20.Combatant(name='B', creature=d20.Creature(max_hp=1), side='b')), d20.FocusFire(), rng=1)",
    ],
)
def test_numpy_loads_with_the_first_batch_or_simulation(code: str) -> None:
    _, loaded = _loaded(f"from tabletop_core import d20\n{code}\n")
    assert "numpy" in loaded
