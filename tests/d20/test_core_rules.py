"""Core Rules Effect through Time, each with the text's own numbers where the other test files leave a gap."""

from __future__ import annotations

import attrs
import pytest

import tabletop_core as tc
from tabletop_core import d20
from tabletop_core.d20 import Combatant, Creature, Duration, Effect, Encounter, Space, Thing
from tabletop_core.d20 import actions as A


def run(encounter, action, dice=()):
    source = tc.ScriptedDice(dice)
    step = encounter.apply(action, rng=source)
    assert source.remaining == 0, "every scripted die is used"
    return step


def pair():
    return Encounter.of(
        Combatant(name="Ana", creature=Creature(max_hp=12), initiative=5),
        Combatant(name="Bo", creature=Creature(max_hp=8)),
    )


def test_effect_identical_overlapping_effects_apply_only_the_longest_duration():
    # "Identical overlapping Effects only apply the longest Duration."
    ward = Effect(name="Ward", creator="GM", modifiers=1, duration=Duration(3))
    fight = run(pair(), A.UseEffect(effect=ward, targets=["Ana"])).encounter
    fight = run(fight, A.UseEffect(effect=attrs.evolve(ward, duration=Duration(5)), targets=["Ana"])).encounter
    applying = fight.applying_on("Ana")
    assert [(e.id, e.left) for e in applying] == [("e2", Duration(5))]
    assert [m.value for m in fight.test_context("Ana", kind="check").modifiers] == [1]  # +1 once, not +2


def test_dismiss_at_any_time_for_zero_ap_even_off_the_creators_turn():
    # "You can Dismiss an Effect you created at any time (0 AP)."
    fight = run(pair(), A.RollInitiative(), [15, 2]).encounter  # Ana's Turn, 3 AP
    parry = Effect(name="Parry", creator="Bo", modifiers=2, trigger="an Attack", duration=Duration(1))
    fight = run(fight, A.UseEffect(effect=parry, targets=["Bo"], responding_to="Ana's Attack")).encounter
    step = run(fight, A.Dismiss(effect="e1", by="Bo"))  # on Ana's Turn
    assert step.encounter.effects == ()
    assert (step.encounter.current, step.encounter.ap) == ("Ana", 3)


def test_time_minutes_hours_and_days_convert_to_rounds():
    # "1 minute lasts 10 Rounds"; outside Rounds the GM tracks minutes, hours and days.
    assert Duration.of(minutes=1) == Duration(10)
    assert Duration.of(hours=1) == Duration(600)
    assert Duration.of(days=1) == Duration(14_400)
    vigil = Effect(name="Vigil", creator="GM", modifiers=1, duration=Duration.of(days=1))
    fight = run(pair(), A.UseEffect(effect=vigil, targets=["Ana"])).encounter
    fight = run(fight, A.PassTime(hours=1)).encounter
    assert fight.effects[0].left == Duration(13_800)
    step = run(fight, A.PassTime(days=1))
    assert step.encounter.effects == ()


def test_stacking_fortune_from_two_effects_rolls_the_extra_d6_once():
    # "Some rules set their own stacking: Fortune, Misfortune...": two Effects giving Fortune roll one d6.
    luck = Effect(name="Luck", creator="GM", fortune=True, duration=Duration(3))
    aid = Effect(name="Aid", creator="GM", fortune=True, duration=Duration(3))
    fight = pair()
    for effect in (luck, aid):
        fight = run(fight, A.UseEffect(effect=effect, targets=["Ana"])).encounter
    fight = run(fight, A.RollInitiative(), [10, 3, 2]).encounter  # Ana: d20 and one Fortune d6; Bo: d20
    step = run(fight, A.Hide(observers=["Bo"]), [11, 4])  # 11 + d6(4) = 15: Success at Mid Stakes, one d6
    roll = step.events[1].roll
    assert (roll.flat_roll, roll.fortune_die, roll.total) == (11, 4, 15)
    assert len(roll.fortune) == 2  # both Effects named, one die
    curse = Effect(name="Curse", creator="GM", misfortune=True, duration=Duration(3))
    cursed = run(fight, A.UseEffect(effect=curse, targets=["Ana"])).encounter
    step = run(cursed, A.Hide(observers=["Bo"]), [14])  # Fortune and Misfortune cancel: no d6
    assert (step.events[1].roll.fortune_die, step.events[1].roll.total) == (None, 14)


def test_willing_objects_are_never_willing_and_unwilling_creatures_cannot_be_targeted():
    # "A Creature is Willing when it chooses to be"; "Effects that need a Willing Target can't target them."
    heal = Effect(name="Mend", creator="GM", healing=3, needs_willing=True)
    fight = Encounter(
        combatants=[Combatant(name="Ana", creature=Creature(max_hp=12, hp=5))],
        things=[Thing(name="Statue")],
    )
    with pytest.raises(tc.RuleError, match="Ana is Unwilling"):
        fight.apply(A.UseEffect(effect=heal, targets=["Ana"]))
    assert run(fight, A.UseEffect(effect=heal, targets=["Ana"], willing=["Ana"])).encounter.creature("Ana").hp == 8
    with pytest.raises(tc.RuleError, match="only a Creature is Willing"):
        fight.apply(A.UseEffect(effect=attrs.evolve(heal, healing=0, modifiers=1), targets=["Statue"]))


def test_locations_large_enough_to_manipulate_are_objects_and_remain_locations():
    # Core Rule "Locations": Locations you can manipulate also count as Objects and remain Locations.
    ledge = Thing(name="Ledge", position=Space(2, 0), terrain=True)
    fight = Encounter(
        combatants=[Combatant(name="Ana", creature=Creature(max_hp=12), position=Space(0, 0))], things=[ledge]
    )
    for kind in ("object", "location", "any"):
        crack = Effect(name="Crack", creator="GM", damage=1, target_kind=kind)
        assert run(fight, A.UseEffect(effect=crack, targets=["Ledge"])).events[-1].thing == "Ledge"
    with pytest.raises(tc.RuleError, match="targets Creatures: Ledge is an Object"):
        fight.apply(A.UseEffect(effect=Effect(name="Charm", creator="GM", target_kind="creature"), targets=["Ledge"]))
    assert d20.space.TOUCH_RANGE == 1  # Touch Range: within 1 Space
