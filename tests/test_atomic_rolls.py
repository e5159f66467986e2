"""A failed call leaves the caller's ScriptedDice untouched: every rolling function, enumerated.

The rolling functions are every public callable with an ``rng`` parameter, found by
the fuzzer's enumeration (tests/fuzz_support.py), not listed by hand: a new one is
checked as soon as it is public.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tabletop_core as tc
from fuzz_support import adversarial_calls, invoke, targets, valid_call
from tabletop_core import d20
from tabletop_core import residue as rs

ROLLING = [t for t in targets() if t.rolls and t.name != "core.dice_source"]  # dice_source draws nothing
CASES = [
    (target, call)
    for target in ROLLING
    for call in adversarial_calls(target, valid_call(target))
    if call.swapped != "rng"
]
SCRIPTS = ([3, 2, 4, 1, 2, 3, 4, 2, 1, 3], [2, 2, 2], [4], [])


def _run(target, call, dice):
    try:
        invoke(target, call.args, {**call.kwargs, "rng": dice})
    except Exception:
        return True
    return False


def test_the_rolling_functions_are_found_by_enumeration():
    names = {t.name for t in ROLLING}
    assert len(ROLLING) >= 45
    for name in ("d20.roll_contest", "residue.Wanderer.new", "action_roll.action_roll", "notation.roll"):
        assert name in names
    assert all("rng" in {p.name for p in t.parameters} for t in ROLLING)


def test_every_failed_rolling_call_hands_every_scripted_die_back():
    failed = 0
    leaks = []
    for target, call in CASES:
        for values in SCRIPTS:
            dice = tc.ScriptedDice(values)
            if _run(target, call, dice):
                failed += 1
                if dice.remaining != len(values):
                    leaks.append(f"{call.describe()} with {values}: used {dice.used}")
    assert failed > 1000  # the sweep really exercises failures
    assert leaks == []


@settings(max_examples=300)
@given(case=st.sampled_from(CASES), values=st.lists(st.integers(1, 6), max_size=14))
def test_a_bad_argument_never_consumes_scripted_dice(case, values):
    target, call = case
    dice = tc.ScriptedDice(values)
    if _run(target, call, dice):
        assert dice.remaining == len(values), f"{call.describe()} used {dice.used}"


# -- the cases issue 12 names -----------------------------------------------------


def test_roll_contest_that_fails_after_its_first_dice_draws_nothing():
    # "x" names a Misfortune source, so the actor needs a third die the script lacks.
    dice = tc.ScriptedDice([3, 4])
    with pytest.raises(tc.DiceExhausted):
        d20.roll_contest(actor_trait=1, target_trait=0, actor_misfortune="x", rng=dice)
    assert dice.remaining == 2


def test_roll_contest_that_runs_out_of_dice_hands_back_the_first():
    dice = tc.ScriptedDice([3])
    with pytest.raises(tc.DiceExhausted):
        d20.roll_contest(actor_trait=1, target_trait=0, rng=dice)
    assert dice.remaining == 1


def test_wanderer_with_a_bad_strain_threshold_draws_nothing():
    dice = tc.ScriptedDice([8, 6, 4])
    with pytest.raises(tc.InvalidInput, match="strain_threshold"):
        rs.Wanderer.new(
            hp=10, endurance_dice=["d8", "d6", "d4"], inventory="d6", luck="d6", strain_threshold=-5, rng=dice
        )
    assert dice.remaining == 3
    wanderer = rs.Wanderer.new(
        hp=10, endurance_dice=["d8", "d6", "d4"], inventory="d6", luck="d6", strain_threshold=3, rng=dice
    )
    assert [d.value for d in wanderer.endurance.pool] == [8, 6, 4]
    assert dice.remaining == 0
