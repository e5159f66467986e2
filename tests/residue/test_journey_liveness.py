"""Liveness of the Journey on generated content (``journey_strategies``), not only the example setup.

The bound, a theorem of the engine rather than luck:

* **Days**: a Journey ends by the end of day ``setup.max_days`` (``JourneySetup.max_days``).
* **Choices**: a Journey ends within ``setup.choice_limit`` choices (``max_choices``, or
  250 a day): the choice that reaches it ends the Journey ``OUT_OF_CHOICES``.
* **Never stuck**: every phase but the end offers a choice that is always there (End Travel,
  Pass, take the blow, an Escape direction, leave, go on, discard or a slot, an Entry's
  choice or its No Dice Available Commit, Rest, a Payoff choice, end Recover HP, Luck or
  not, the demanded Commit or its No Dice Available), so ``choices()`` is empty only once
  the Journey is over.

The properties below check each on generated Journeys, with every offered choice applied
(not only the one a player picks), any sequence of choices, and the shipped policies.
"""

from __future__ import annotations

import random

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from journey_strategies import journeys, setups, wanderers

import tabletop_core as tc
from tabletop_core.residue.journey import (
    CautiousPolicy,
    GreedyPolicy,
    Journey,
    JourneyOutcome,
    play_journey,
    simulate_journey,
)

WALKS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
"""The CI profile's budget for a property over generated Journeys (each plays one to a few hundred choices)."""


def walk(journey: Journey, seed: int, *, every: bool = False) -> tuple[Journey, int]:
    """Play *journey* to its end with random offered choices; return the end and the choices made.

    With *every*, each offered choice is applied too (from a copy of the dice), and each must be accepted.
    """
    pick = random.Random(seed)
    dice = tc.dice_source(seed)
    made = 0
    while not journey.is_over:
        offered = journey.choices()
        assert offered, f"a Journey not over offers no choice: {journey.stage}"
        if every:
            for choice in offered:
                journey.apply(choice, rng=tc.dice_source(pick.randrange(2**32)))  # must not raise
        journey = journey.apply(pick.choice(offered), rng=dice).journey
        made += 1
        assert made <= journey.setup.choice_limit
    return journey, made


@WALKS
@given(journeys(), st.integers(0, 2**32))
def test_a_journey_not_over_always_offers_a_choice_and_accepts_every_one(journey, seed):
    """Every offered choice is accepted, in every state a random player reaches; none is empty before the end."""
    end, made = walk(journey, seed, every=True)
    assert end.is_over
    assert end.choices() == ()
    assert made <= end.setup.choice_limit
    assert end.day <= end.setup.max_days


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(journeys(hostile=True), st.integers(0, 2**32))
def test_a_demanded_commit_with_no_die_allowed_is_still_a_choice(journey, seed):
    """Hostile content: Fear or Fatigue, Food 0, small dice, an NPC walking in whose options all ask Commit Skill.

    Without the No Dice Available offer of a demanded Commit, 119 of 300 such Journeys played by a
    random player stalled with no choice (measured once, breaking it on purpose).
    """
    end, made = walk(journey, seed)
    assert end.is_over
    assert made <= end.setup.choice_limit


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(journeys(), st.integers(0, 2**32), st.integers(1, 60))
def test_any_sequence_of_offered_choices_ends_within_the_bound(journey, seed, limit):
    """Any sequence of offered choices ends within ``max_days`` days and ``choice_limit`` choices (made small here)."""
    journey = attrs.evolve(journey, setup=attrs.evolve(journey.setup, max_choices=limit))
    end, made = walk(journey, seed)
    assert made <= limit
    assert end.day <= end.setup.max_days
    assert end.outcome is not None
    if end.outcome is JourneyOutcome.OUT_OF_CHOICES:
        assert end.steps == limit


@WALKS
@given(journeys(finishable=True), st.integers(0, 2**32))
def test_the_shipped_policies_finish_every_generated_journey(journey, seed):
    """Cautious and Greedy end every Journey by the rules (reached, defeated or out of time), never at the choice limit.

    Content here can always be got through (``finishable``): every Creature deals 1 Damage or
    more, and no Entry's options lead back to an Entry read before. With a Creature that deals
    none and can neither be hurt nor escaped, or an Entry whose every option leads back to it,
    the rules give no way out, and only the choice limit ends the Journey (the next test).
    """
    for policy in (CautiousPolicy(), GreedyPolicy()):
        end, steps = play_journey(journey, policy, rng=seed)
        assert end.outcome in (JourneyOutcome.REACHED_HUM, JourneyOutcome.DEFEATED, JourneyOutcome.OUT_OF_TIME)
        assert len(steps) <= journey.setup.choice_limit


@WALKS
@given(journeys(), st.integers(0, 2**32))
def test_the_shipped_policies_end_every_generated_journey_even_a_combat_nobody_can_end(journey, seed):
    """With Creatures that deal no Damage too, every Journey still ends: within the bound, never a raise."""
    for policy in (CautiousPolicy(), GreedyPolicy()):
        end, steps = play_journey(journey, policy, rng=seed)
        assert end.is_over
        assert len(steps) <= journey.setup.choice_limit
        assert end.day <= journey.setup.max_days


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(wanderers(), setups(), st.integers(0, 2**32))
def test_simulate_journey_records_a_run_that_hits_a_bound_instead_of_raising(wanderer, setup, seed):
    """``max_steps`` (and the setup's choice limit) stop a run and count it in ``out_of_choices``; none is lost."""
    for policy in (CautiousPolicy(), GreedyPolicy()):
        result = simulate_journey(6, wanderer, setup, policy, rng=seed, max_steps=3)
        assert result.runs == 6
        assert result.runs == result.reached + result.out_of_time + result.out_of_choices + sum(result.defeats.values())
        unbounded = simulate_journey(6, wanderer, setup, policy, rng=seed)
        assert unbounded.runs == 6
        assert result.out_of_choices >= unbounded.out_of_choices


def test_a_run_stopped_by_max_steps_is_counted_and_adds_up():
    """A simulation of runs stopped at ``max_steps=1`` counts every run as out of choices, and chunks add up."""
    from tabletop_core.residue import Wanderer
    from tabletop_core.residue.journey import example_setup

    sheet = Wanderer.new(hp=6, endurance_dice=["d8", "d6"], inventory="d8", luck="d6", strain_threshold=3, rng=1)
    stopped = simulate_journey(5, sheet, example_setup(), CautiousPolicy(), rng=3, max_steps=1)
    assert (stopped.runs, stopped.out_of_choices) == (5, 5)
    assert "out of choices 5" in str(stopped)
    assert "| out of choices | 5 |" in stopped.to_markdown()
    both = stopped + simulate_journey(5, sheet, example_setup(), CautiousPolicy(), rng=3, first_run=5, max_steps=1)
    assert both.out_of_choices == 10
    assert type(both).from_dict(both.to_dict()) == both


def test_the_choice_limit_ends_a_journey_that_a_player_keeps_going():
    """``JourneySetup(max_choices=N)``: the N-th choice without an end ends the Journey OUT_OF_CHOICES, said so."""
    from tabletop_core.residue import Wanderer
    from tabletop_core.residue.journey import Act, Choice, JourneyEnded, example_setup, start_journey

    sheet = Wanderer.new(hp=6, endurance_dice=["d8", "d6"], inventory="d8", luck="d6", strain_threshold=9, rng=1)
    j = start_journey(sheet, attrs.evolve(example_setup(), max_choices=3), rng=tc.ScriptedDice([4, 2, 1]))
    for _ in range(2):
        j = j.apply(Choice(Act.REROLL), rng=tc.ScriptedDice([3, 3])).journey
    assert not j.is_over
    assert j.steps == 2
    last = j.apply(Choice(Act.REROLL), rng=tc.ScriptedDice([3, 3]))
    assert last.journey.outcome is JourneyOutcome.OUT_OF_CHOICES
    assert last.events[-1] == JourneyEnded(JourneyOutcome.OUT_OF_CHOICES, "3 choices: the choice limit of 3")
    assert last.journey.choices() == ()
    with pytest.raises(tc.RuleError):
        last.journey.apply(Choice(Act.REROLL))


def test_the_choice_limit_is_250_a_day_unless_given():
    from tabletop_core.residue.journey import example_setup

    assert example_setup(max_days=4).choice_limit == 1000
    assert attrs.evolve(example_setup(), max_choices=7).choice_limit == 7
    with pytest.raises(tc.InvalidInput, match="max_choices"):
        attrs.evolve(example_setup(), max_choices=0)
    assert "max_choices" not in example_setup().to_dict()  # an old setup's shape is kept
