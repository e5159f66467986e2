"""Ironsworn: Delve's Wield a Rarity: the rarity die in place of the action die, and what its 6, 5 and 1 do."""

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tabletop_core import ScriptedDice
from tabletop_core.action_roll import Outcome, resolve_action
from tabletop_core.action_roll.delve import (
    RarityRoll,
    rarity_odds,
    resolve_rarity_roll,
    wield_a_rarity,
)
from tabletop_core.errors import DiceExhausted, InvalidInput


def test_a_six_is_an_automatic_strong_hit_and_momentum():
    """ "On any result with 6 showing on the rarity die, the power of the rarity manifests in a dramatic and
    obvious way. You score an automatic strong hit and take +1 momentum." (6 + 1 = 7 misses 9 and 10.)"""
    roll = resolve_rarity_roll(rarity_die=6, challenge_dice=(9, 10), stat=1)
    assert roll.action.outcome is Outcome.MISS
    assert (roll.outcome, roll.momentum, roll.backfires) == (Outcome.STRONG_HIT, 1, False)
    assert "strong hit (automatic: the rarity's power manifests); +1 momentum" in str(roll)


@pytest.mark.parametrize(
    ("dice", "outcome", "momentum"),
    [((2, 3), Outcome.STRONG_HIT, 1), ((2, 9), Outcome.WEAK_HIT, 1), ((9, 10), Outcome.MISS, 0)],
)
def test_a_five_on_a_hit_is_plus_one_momentum(dice, outcome, momentum):
    """ "On a hit with 5 showing on the rarity die, the power of the rarity manifests in a subtle way. Take +1
    momentum." (5 + 2 = 7.)"""
    roll = resolve_rarity_roll(rarity_die=5, challenge_dice=dice, stat=2)
    assert (roll.outcome, roll.momentum, roll.backfires) == (outcome, momentum, False)


@pytest.mark.parametrize(("dice", "backfires"), [((4, 9), True), ((1, 9), False)])
def test_a_one_on_a_miss_works_against_you(dice, backfires):
    """ "On a miss with 1 showing on the rarity die, the rarity's power fails or works against you." (1 + 2 = 3.)"""
    roll = resolve_rarity_roll(rarity_die=1, challenge_dice=dice, stat=2)
    assert roll.backfires is backfires
    assert ("works against you" in str(roll)) is backfires
    assert roll.momentum == 0


@given(st.integers(1, 6), st.integers(1, 10), st.integers(1, 10), st.integers(0, 5), st.integers(0, 3))
def test_the_rarity_die_is_the_action_die_otherwise(die, first, second, stat, adds):
    """ "Roll your rarity die in place of your action die": but for a 6, the outcome is the action roll's."""
    roll = resolve_rarity_roll(rarity_die=die, challenge_dice=(first, second), stat=stat, adds=adds)
    plain = resolve_action(action_die=die, challenge_dice=(first, second), stat=stat, adds=adds)
    assert roll.action == plain
    assert roll.outcome is (Outcome.STRONG_HIT if die == 6 else plain.outcome)


def test_negative_momentum_cancels_the_rarity_die_as_it_would_the_action_die():
    roll = resolve_rarity_roll(rarity_die=3, challenge_dice=(3, 4), stat=2, momentum=-3)
    assert roll.action.action_die_cancelled
    assert roll.outcome is Outcome.MISS


def _brute_force(stat, adds):
    counts = {}
    for die in range(1, 7):
        for first in range(1, 11):
            for second in range(1, 11):
                score = min(10, die + stat + adds)
                beaten = (score > first) + (score > second)
                outcome = (Outcome.MISS, Outcome.WEAK_HIT, Outcome.STRONG_HIT)[beaten]
                if die == 6:
                    outcome = Outcome.STRONG_HIT
                momentum = 1 if die == 6 or (die == 5 and outcome is not Outcome.MISS) else 0
                key = (outcome, momentum, die == 1 and outcome is Outcome.MISS)
                counts[key] = counts.get(key, 0) + 1
    return {key: Fraction(n, 600) for key, n in counts.items()}


@pytest.mark.parametrize(("stat", "adds"), [(0, 0), (1, 0), (2, 1), (3, 2), (5, 5)])
def test_the_exact_odds_are_the_brute_force_count(stat, adds):
    assert dict(rarity_odds(stat=stat, adds=adds).items()) == _brute_force(stat, adds)


def test_the_roll_draws_the_rarity_die_then_the_challenge_dice():
    assert wield_a_rarity(stat=2, rng=ScriptedDice([5, 3, 4])) == resolve_rarity_roll(
        rarity_die=5, challenge_dice=(3, 4), stat=2
    )
    with pytest.raises(DiceExhausted):
        wield_a_rarity(stat=2, rng=ScriptedDice([5, 3]))
    with pytest.raises(InvalidInput):
        wield_a_rarity(stat=2, rng=ScriptedDice([7, 3, 4]))  # a d6


def test_the_record_and_bad_input():
    roll = resolve_rarity_roll(rarity_die=6, challenge_dice=(2, 2), stat=1)
    assert RarityRoll.from_json(roll.to_json()) == roll
    assert roll.to_dict()["outcome"] == "strong_hit"
    with pytest.raises(InvalidInput):
        resolve_rarity_roll(rarity_die=7, challenge_dice=(2, 2), stat=1)
    with pytest.raises(InvalidInput):
        rarity_odds(stat=11)
    with pytest.raises(TypeError):
        RarityRoll("roll")
