"""The project's own fuzzer over every public callable (see tests/fuzz_support.py).

The default run takes a fixed-seed sample of the one-argument swaps; the long profile
(``TABLETOP_FUZZ=long pytest tests/test_fuzz_public.py``, run by ``.ci/run``) takes every
swap and adds two-argument swaps and random hostile values.
"""

from __future__ import annotations

import importlib

import pytest

import tabletop_core as tc
from fuzz_support import MODULES, PROFILE, check_valid, judge, run, targets
from tabletop_core import action_roll as ar
from tabletop_core import residue as rs
from tabletop_core.residue import journey as jr


def test_the_fuzzer_finds_every_public_module_and_many_callables():
    packages = {target.package for target in targets()}
    assert packages == {
        *("core", "notation", "action_roll", "action_roll.datasworn", "d20", "residue", "residue.journey"),
        *("action_roll.classic", "action_roll.delve", "action_roll.sundered_isles"),
        *("errors", "batch", "records", "frames", "plots"),  # rng, dice and odds: all re-exported by core
        *("d20.conditions", "d20.contest", "d20.tiers"),  # the rarer d20 names, behind their submodules
        *(
            "residue.actions",
            "residue.batch",
            "residue.combat",
            "residue.conditions",
            "residue.death",
            "residue.decks",
            "residue.endurance",
            "residue.entries",
            "residue.entry_effects",
            "residue.healing",
            "residue.hexmap",
            "residue.hum",
            "residue.inventory",
            "residue.items",
            "residue.luck",
            "residue.odds",
            "residue.requirements",
            "residue.rest",
            "residue.tokens",
            "residue.uses",
            "residue.journey.phases",
            "residue.journey.trips",
            "residue.rest_log",
        ),  # the rarer RESIDUE names, behind their submodules
    }
    names = {target.name for target in targets()}
    for module_name in MODULES:
        module = importlib.import_module(module_name)
        for name in module.__all__:
            value = getattr(module, name)
            if callable(value) and not isinstance(value, type(tc)):
                assert any(n.endswith(f".{name}") for n in names) or name in (
                    "Node",
                    "DiceSource",
                    "Policy",
                    "Tally",
                    "Survival",
                ), name
    assert "residue.Wanderer.new" in names
    assert "action_roll.Outcome.is_better_than" in names
    assert "residue.journey.CautiousPolicy.choose" in names


def test_every_public_callable_has_a_valid_call():
    # A new public name without an example (inferred or in fuzz_support.EXPLICIT) fails
    # here, so nothing public can dodge the fuzzer.
    missing = [problem for target in targets() if (problem := check_valid(target))]
    assert missing == []


def test_no_public_call_raises_a_bare_exception():
    report = run(PROFILE)
    assert sum(report.calls.values()) > 2000
    assert report.failures == [], f"{len(report.failures)} bare exceptions:\n" + "\n".join(report.failures[:40])


@pytest.mark.parametrize(
    ("error", "verdict"),
    [
        (None, None),
        (tc.InvalidInput("bad"), None),
        (TypeError("one line"), None),
        (TypeError("two\nlines"), "multi-line"),
        (ValueError("bare"), "ValueError"),
        (KeyError("x"), "KeyError"),
        (StopIteration(), "StopIteration"),
        (AttributeError("x"), "AttributeError"),
    ],
)
def test_the_judge(error, verdict):
    reason = judge(error)
    if verdict is None:
        assert reason is None
    else:
        assert verdict in reason


# -- the cases issue 12 names -----------------------------------------------------


def test_outcome_compared_with_a_string_is_a_type_error():
    with pytest.raises(TypeError, match="Outcome"):
        ar.Outcome.MISS.is_better_than("miss")


def _journey():
    wanderer = rs.Wanderer.new(
        hp=10, endurance_dice=["d6", "d8"], inventory="d6", luck="d6", strain_threshold=3, rng=tc.ScriptedDice([3, 2])
    )
    return jr.start_journey(wanderer, jr.example_setup(), rng=7)


@pytest.mark.parametrize("policy", [jr.CautiousPolicy(), jr.GreedyPolicy()])
def test_a_policy_given_no_choices_says_so(policy):
    with pytest.raises(tc.InvalidInput, match="choices must not be empty"):
        policy.choose(_journey(), [])


@pytest.mark.parametrize("policy", [jr.CautiousPolicy(), jr.GreedyPolicy()])
def test_a_policy_given_wrong_types_is_a_type_error(policy):
    with pytest.raises(TypeError, match="journey must be a Journey"):
        policy.choose(None, _journey().choices())
    with pytest.raises(TypeError, match=r"choices\[0\] must be a Choice"):
        policy.choose(_journey(), ["x"])


def test_reach_hum_checks_its_arguments():
    with pytest.raises(TypeError, match="tokens"):
        rs.hum.reach_hum("x", rs.Hex(0, 0))
    with pytest.raises(TypeError, match="where must be a Hex"):
        rs.hum.reach_hum((), "x")


@pytest.mark.parametrize("policy", [None, "cautious", 3])
def test_play_journey_checks_its_policy(policy):
    with pytest.raises(TypeError, match="policy"):
        rs.journey.play_journey(_journey(), policy)
