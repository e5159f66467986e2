"""Events that say what happened: a Petrified creature's HP, an ongoing Effect on a Defeated creature, and a
Petrified creature refusing what an Object refuses."""

from __future__ import annotations

import pytest

import tabletop_core as tc
from tabletop_core.d20 import Combatant, Creature, Duration, Effect, Encounter
from tabletop_core.d20 import actions as A
from tabletop_core.d20 import events as E


def run(encounter, action, dice=()):
    source = tc.ScriptedDice(dice)
    step = encounter.apply(action, rng=source)
    assert source.remaining == 0, "every scripted die is used"
    return step


def pair():
    return Encounter.of(
        Combatant(name="Ana", creature=Creature(max_hp=12), initiative=5),
        Combatant(name="Ogre", creature=Creature(max_hp=20)),
    )


GAZE = Effect(name="Gaze", creator="GM", conditions=["petrified"])


def stone():
    return run(pair(), A.UseEffect(effect=GAZE, targets=["Ogre"])).encounter


def test_damage_to_a_petrified_creature_is_reported_as_not_taken():
    """Core Rule "Petrified": "You can't gain or lose HP." """
    step = run(stone(), A.Damage(target="Ogre", amount=5, by="Ana"))
    assert [str(e) for e in step.events] == ["Ogre is unaffected by 5 Damage: Petrified (can't lose HP)"]
    assert not [e for e in step.events if isinstance(e, E.DamageTaken)]
    assert step.encounter.creature("Ogre").hp == 20
    sword = Effect(name="Sword", creator="GM", damage=4, energy="physical")
    step = run(stone(), A.UseEffect(effect=sword, targets=["Ogre"]))
    assert "Ogre is unaffected by 4 physical Damage from Sword by GM: Petrified (can't lose HP)" in str(step)


def test_healing_a_petrified_creature_is_reported_as_not_gained():
    """Core Rule "Petrified": "You can't gain or lose HP." (Healing is restoration: it is not refused.)"""
    fight = run(stone(), A.Damage(target="Ogre", amount=1)).encounter
    step = run(fight, A.Heal(target="Ogre", amount=3, source="a potion"))
    assert [str(e) for e in step.events] == ["Ogre is unaffected by 3 Healing from a potion: Petrified (can't gain HP)"]


def test_an_ongoing_effect_on_a_defeated_creature_is_not_said_to_apply():
    """Core Rule "Defeated": "Ongoing Effects on you end." One used on a Defeated creature never starts."""
    fight = run(pair(), A.UseEffect(effect=Effect(name="Exhaust", creator="GM", fatigue=10), targets=["Ogre"]))
    bless = Effect(name="Bless", creator="GM", modifiers=1, duration=Duration(10))
    step = run(fight.encounter, A.UseEffect(effect=bless, targets=["Ogre", "Ana"]))
    assert [str(e) for e in step.events] == [
        "Ogre is unaffected by Bless by GM: Defeated (ongoing Effects on it end)",
        "Bless by GM (e1) on Ana: +1 on Tests",
    ]
    assert [e.target for e in step.encounter.effects] == ["Ana"]
    alone = run(fight.encounter, A.UseEffect(effect=bless, targets=["Ogre"]))
    assert [type(e).__name__ for e in alone.events] == ["Unaffected"]
    assert alone.encounter.effects == ()
    assert alone.encounter.next_id == fight.encounter.next_id  # no id for an Effect that never started


def test_an_ongoing_effect_that_defeats_does_not_stay():
    """Core Rule "Defeated": "Ongoing Effects on you end." (Its Damage is done; the rest can't stay.)"""
    drain = Effect(name="Drain", creator="GM", damage=20, modifiers=-1, duration=Duration(3))
    step = run(pair(), A.UseEffect(effect=drain, targets=["Ogre"]))
    texts = [str(e) for e in step.events]
    assert texts[0] == "Drain by GM (e1) on Ogre: -1 on Tests; 20 Damage"
    assert "Drain by GM can't stay on Ogre: Defeated (ongoing Effects on it end)" not in texts  # not Defeated yet
    assert step.encounter.effects[0].target == "Ogre"


def test_a_petrified_creature_refuses_conditions_as_an_object_does():
    """Core Rule "Petrified": "You function as an Object, except for restoration purposes." """
    hold = Effect(name="Hold", creator="GM", conditions=["restrained"], duration=Duration(3))
    with pytest.raises(tc.RuleError, match="Ogre is Petrified and functions as an Object"):
        stone().apply(A.UseEffect(effect=hold, targets=["Ogre"]))
    fatigue = Effect(name="Toil", creator="GM", fatigue=1)
    with pytest.raises(tc.RuleError, match="gives Fatigue, which only a Creature has"):
        stone().apply(A.UseEffect(effect=fatigue, targets=["Ogre"]))


def test_a_defeated_creature_refuses_conditions_as_an_object_does():
    """Core Rule "Defeated": "You function as an Object, except for restoration purposes." """
    fight = run(pair(), A.UseEffect(effect=Effect(name="Exhaust", creator="GM", fatigue=10), targets=["Ogre"]))
    shove = Effect(name="Shove", creator="GM", conditions=["prone"])
    with pytest.raises(tc.RuleError, match="Ogre is Defeated and functions as an Object"):
        fight.encounter.apply(A.UseEffect(effect=shove, targets=["Ogre"]))
