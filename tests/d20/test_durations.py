"""Durations counted from the Turn an Effect started in (Core Rules "Duration" and "Time").

The reading (docs/d20-encounters.md, "Readings"): an ongoing Effect applied during a Turn
counts its Duration from that Turn: an N-Round Effect ends at the start of that creature's
Turn N Rounds later, so it covers N Turns of every creature (the Turn it started in counts
for the creature whose Turn it was). One applied outside a Turn (before Initiative) counts
from the start of the next Round. A Condition's own Duration (Persistent Damage's minute,
Stable's hours) counts the same way.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tabletop_core as tc
from tabletop_core.d20 import Combatant, Creature, Duration, Effect, Encounter
from tabletop_core.d20 import actions as A
from tabletop_core.d20 import events as E

NAMES = ("Ana", "Bo", "Cy")


def run(encounter, action, dice=()):
    source = tc.ScriptedDice(dice)
    step = encounter.apply(action, rng=source)
    assert source.remaining == 0, "every scripted die is used"
    return step


def trio():
    # Initiative Modifiers 3, 2, 1 with the same d20: the order is Ana, Bo, Cy.
    return Encounter.of(
        *(Combatant(name=n, creature=Creature(max_hp=50), initiative=3 - i) for i, n in enumerate(NAMES))
    )


def started():
    return run(trio(), A.RollInitiative(), [10, 10, 10]).encounter


def to_turn_of(fight, name):
    while fight.current != name:
        fight = run(fight, A.EndTurn()).encounter
    return fight


def turns_covered(fight, effect_id, applied_on_turn_of):
    """Each creature's Turns during which the Effect was in place, until it ends (the Turn it started in counts)."""
    covered = dict.fromkeys(NAMES, 0)
    if applied_on_turn_of is not None:
        covered[applied_on_turn_of] += 1
    ended_at = None
    for _ in range(200):
        step = run(fight, A.EndTurn())
        for event in step.events:
            if isinstance(event, E.EffectEnded) and event.id == effect_id:
                ended_at = step.encounter.round, step.encounter.current
                return covered, ended_at, step
            if isinstance(event, E.TurnStarted):
                covered[event.creature] += 1
        fight = step.encounter
    raise AssertionError("the Effect never ended")


@pytest.mark.parametrize("applier", NAMES)
@pytest.mark.parametrize("target", NAMES)
@pytest.mark.parametrize("rounds", [1, 2, 3])
def test_an_n_round_effect_covers_n_turns_of_every_creature_from_any_position(applier, target, rounds):
    """Core Rule "Duration": "Ongoing Effects persist for the listed Duration."

    Core Rule "Time": "When your GM tracks Rounds, count Durations in Rounds", and Rounds
    "divide play into 6-second intervals": an N-Round Effect lasts N whole Rounds from the
    moment it was applied, so it covers N Turns of each creature, wherever in the
    Initiative order it was applied. It ends at the start of its applier's Turn N Rounds later.
    """
    fight = to_turn_of(started(), applier)
    round_applied = fight.round
    haste = Effect(name="Haste", creator=applier, conditions=["hasted"], duration=Duration.of(rounds=rounds))
    step = run(fight, A.UseEffect(effect=haste, targets=[target]))
    assert step.encounter.effects[0].anchor == applier
    covered, ended_at, ended = turns_covered(step.encounter, "e1", applier)
    assert covered == dict.fromkeys(NAMES, rounds)
    assert ended_at == (round_applied + rounds, applier)
    # It ends as the applier's Turn starts: before its AP are counted.
    kinds = [type(e).__name__ for e in ended.events]
    assert kinds.index("EffectEnded") < kinds.index("TurnStarted")
    assert not ended.encounter.creature(target).conditions.has("hasted")


@pytest.mark.parametrize("rounds", [1, 2, 4])
def test_an_effect_applied_before_initiative_covers_the_first_n_rounds(rounds):
    """Core Rule "Duration": "Ongoing Effects persist for the listed Duration."

    Applied outside a Turn (before Initiative), it counts from the start of Round 1: it
    covers Rounds 1 to N and ends as Round N + 1 begins.
    """
    ward = Effect(name="Ward", creator="GM", modifiers=1, duration=Duration.of(rounds=rounds))
    fight = run(trio(), A.UseEffect(effect=ward, targets=["Bo"])).encounter
    assert fight.effects[0].anchor is None
    fight = run(fight, A.RollInitiative(), [10, 10, 10]).encounter  # Ana's first Turn starts here
    covered, ended_at, _step = turns_covered(fight, "e1", "Ana")
    assert covered == dict.fromkeys(NAMES, rounds)
    assert ended_at == (rounds + 1, "Ana")


def test_a_one_round_effect_used_on_the_last_turn_still_touches_every_turn():
    """Core Rule "Duration": "Ongoing Effects persist for the listed Duration."

    The issue's case: a 1-Round Effect used on the last Turn of a Round ended at that
    Round's end, before it touched any other Turn.
    """
    fight = to_turn_of(started(), "Cy")
    slow = Effect(name="Slow", creator="Cy", conditions=["slowed"], duration=Duration(1))
    fight = run(fight, A.UseEffect(effect=slow, targets=["Ana"])).encounter
    step = run(fight, A.EndTurn())  # Round 1 ends, Ana's Turn in Round 2 starts
    assert step.encounter.creature("Ana").conditions.has("slowed")
    assert step.encounter.ap == 2  # Slowed: "You only gain 2 AP at the start of your Turn."
    fight = to_turn_of(step.encounter, "Cy")
    assert fight.round == 2
    assert [e.effect.name for e in fight.effects] == []  # ended at the start of Cy's Turn


def test_a_triggered_effect_on_another_creatures_turn_counts_from_that_turn():
    """Core Rule "Duration": "Ongoing Effects persist for the listed Duration."

    A Triggered Effect used on Bo's Turn by Cy started in Bo's Turn: it counts from there.
    """
    fight = to_turn_of(started(), "Bo")
    parry = Effect(name="Parry", creator="Cy", modifiers=2, trigger="an Attack", duration=Duration(1))
    fight = run(fight, A.UseEffect(effect=parry, targets=["Cy"])).encounter
    assert fight.effects[0].anchor == "Bo"
    covered, ended_at, _step = turns_covered(fight, "e1", "Bo")
    assert covered == dict.fromkeys(NAMES, 1)
    assert ended_at == (2, "Bo")


def test_an_effect_whose_anchor_is_defeated_still_counts_at_its_skipped_turn():
    """Core Rule "Duration": "Ongoing Effects persist for the listed Duration."

    A Defeated creature's Turn is skipped; the time still passes there.
    """
    fight = started()  # Ana's Turn
    ward = Effect(name="Ward", creator="Ana", modifiers=1, duration=Duration(2))
    fight = run(fight, A.UseEffect(effect=ward, targets=["Bo"])).encounter
    exhaust = Effect(name="Exhaust", creator="GM", fatigue=10)
    fight = run(fight, A.UseEffect(effect=exhaust, targets=["Ana"])).encounter
    assert fight.creature("Ana").is_defeated
    fight = to_turn_of(run(fight, A.EndTurn()).encounter, "Cy")
    step = run(fight, A.EndTurn())  # Round 2: Ana's Turn is skipped; Ward runs 1 Round
    assert [e.left for e in step.encounter.effects] == [Duration(1)]
    step = run(to_turn_of(step.encounter, "Cy"), A.EndTurn())  # Round 3: Ana's skipped Turn: Ward ends
    kinds = [type(e).__name__ for e in step.events]
    assert "EffectEnded" in kinds
    assert kinds.index("EffectEnded") < kinds.index("TurnSkipped")
    assert step.encounter.effects == ()


def test_persistent_damage_ends_when_one_minute_passes_counted_from_when_it_was_gained():
    """Core Rule "Persistent Damage": "Ends when: • 1 minute passes."

    Core Rule "Time": "1 minute lasts 10 Rounds." Ana (first in the order) gains it on
    Bo's Turn of Round 1 and fails every roll to end it: she takes it at the end of her
    Turns in Rounds 2 to 11, 10 times, and it ends at the start of Bo's Turn in Round 11.
    """
    fight = to_turn_of(started(), "Bo")
    burn = Effect(name="Burn", creator="Bo", persistent_damage=1, persistent_energy="fire")
    fight = run(fight, A.UseEffect(effect=burn, targets=["Ana"])).encounter
    [instance] = fight.creature("Ana").conditions.instances_of("persistent damage")
    assert (instance.duration, instance.anchor) == (Duration(10), "Bo")
    taken = 0
    for _ in range(60):
        ana = fight.current == "Ana"
        burning = fight.creature("Ana").conditions.has("persistent damage")
        step = run(fight, A.EndTurn(), [1] if ana and burning else [])  # a 1 never ends it
        taken += sum(1 for e in step.events if isinstance(e, E.TurnEnded) and e.creature == "Ana" and e.damage)
        fight = step.encounter
        if not fight.creature("Ana").conditions.has("persistent damage"):
            break
    assert taken == 10
    assert (fight.round, fight.current) == (11, "Bo")
    assert fight.creature("Ana").hp == 40


def test_stable_wakes_after_its_hours_counted_from_the_medics_kit():
    """Core Rule "Stable": "After 1d4 hours, you wake with 1 HP."

    1 hour is 600 Rounds: the Medic's Kit used on Bo's Turn wakes its patient at the start
    of Bo's Turn 600 Rounds later.
    """
    fight = to_turn_of(started(), "Bo")
    fight = run(fight, A.Damage(target="Cy", amount=50)).encounter
    fight = run(fight, A.UseMedicsKit(target="Cy"), [1]).encounter  # 1 hour
    [stable] = fight.creature("Cy").conditions.instances_of("stable")
    assert (stable.duration, stable.anchor) == (Duration(600), "Bo")
    for _ in range(3 * 600 - 1):
        fight = run(fight, A.EndTurn()).encounter
    assert (fight.round, fight.current) == (601, "Ana")
    assert fight.creature("Cy").hp == 0
    step = run(fight, A.EndTurn())
    assert step.encounter.creature("Cy").hp == 1
    assert not step.encounter.creature("Cy").conditions.has("unconscious")


@settings(max_examples=40, deadline=None)
@given(
    order_size=st.integers(1, 4),
    applier=st.integers(0, 3),
    target=st.integers(0, 3),
    rounds=st.integers(1, 4),
    start_round=st.integers(1, 3),
)
def test_any_position_any_length_covers_exactly_n_turns_each(order_size, applier, target, rounds, start_round):
    """Core Rule "Duration": "Ongoing Effects persist for the listed Duration" (every order, every position)."""
    names = [f"C{i}" for i in range(order_size)]
    fight = Encounter.of(
        *(Combatant(name=n, creature=Creature(max_hp=9), initiative=order_size - i) for i, n in enumerate(names))
    )
    fight = run(fight, A.RollInitiative(), [10] * order_size).encounter
    applier_name, target_name = names[applier % order_size], names[target % order_size]
    while (fight.round, fight.current) != (start_round, applier_name):
        fight = run(fight, A.EndTurn()).encounter
    mark = Effect(name="Mark", creator="GM", modifiers=1, duration=Duration(rounds))
    fight = run(fight, A.UseEffect(effect=mark, targets=[target_name])).encounter
    covered = dict.fromkeys(names, 0)
    covered[applier_name] += 1
    slots = 0
    while fight.effects:
        step = run(fight, A.EndTurn())
        slots += 1
        if not step.encounter.effects:
            break
        covered[step.encounter.current] += 1
        fight = step.encounter
    assert covered == dict.fromkeys(names, rounds)
    assert slots == rounds * order_size  # N Rounds of Turns, to the slot
