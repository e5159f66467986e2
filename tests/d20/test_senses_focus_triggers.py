"""Frightened by detection, sense tags and immunity, Focus, and Triggered Effects' Cost and one Action per Trigger."""

from __future__ import annotations

import attrs
import pytest

import tabletop_core as tc
from tabletop_core import d20
from tabletop_core.d20 import Combatant, Creature, Duration, Effect, Encounter, Space
from tabletop_core.d20 import actions as A
from tabletop_core.d20 import events as E


def run(encounter, action, dice=()):
    source = tc.ScriptedDice(dice)
    step = encounter.apply(action, rng=source)
    assert source.remaining == 0, "every scripted die is used"
    return step


def pair(**ogre):
    fight = Encounter.of(
        Combatant(name="Ana", creature=Creature(max_hp=12), initiative=5, position=ogre.pop("ana_at", None)),
        Combatant(name="Ogre", creature=Creature(max_hp=20), position=ogre.pop("at", None), **ogre),
    )
    return run(fight, A.RollInitiative(), [10, 2]).encounter  # Ana's Turn


ROAR = Effect(name="Roar", creator="Ogre", conditions=["frightened"], trigger="a foe comes near", duration=Duration(5))
SWORD = Effect(name="Sword", creator="Ana", damage=3, cost=1)


def frightened(fight):
    return run(fight, A.UseEffect(effect=ROAR, targets=["Ana"])).encounter


# -- Frightened reads detection -----------------------------------------------------------------


def test_frightened_gains_misfortune_only_while_it_can_see_its_source():
    """Core Rule "Frightened": "While you can see your source of fear, you gain Misfortune on Checks."

    The source is the creator of the Effect that Frightened you. Observed: Misfortune; Hidden
    or Undetected (Invisible) to you: you can't see it, so no Misfortune.
    """
    fight = frightened(pair())
    assert fight.test_context("Ana", kind="attack", target="Ogre").effects.misfortune == ("Frightened",)
    assert fight.test_context("Ana", kind="check").effects.misfortune == ("Frightened",)
    for state, dice in (("hidden", [15, 3]), ("undetected", [15])):
        unseen = run(fight, A.SetDetection(observer="Ana", subject="Ogre", state=state)).encounter
        assert unseen.test_context("Ana", kind="check").effects.misfortune == ()
        # Undetected: one d20 and no d6 (no Misfortune); Hidden: Misfortune for the Hidden target only
        step = run(unseen, A.Attack(target="Ogre", effect=SWORD), dice)
        roll = next(e for e in step.events if isinstance(e, E.TestMade)).roll
        assert "Frightened" not in roll.misfortune


def test_frightened_of_an_invisible_source_sees_nothing():
    """Core Rule "Invisible": "You're Undetected to all Creatures." A Frightened creature can't see it."""
    fight = frightened(pair())
    vanish = Effect(name="Vanish", creator="Ogre", conditions=["invisible"], trigger="—", duration=Duration(3))
    vanish = attrs.evolve(vanish, trigger="its foe is afraid")
    fight = run(fight, A.UseEffect(effect=vanish, targets=["Ogre"], responding_to="Ana's fear"))
    assert fight.encounter.detection("Ana", "Ogre") is d20.Detection.HIDDEN  # it had been Observed
    assert fight.encounter.test_context("Ana", kind="check").effects.misfortune == ()


def test_frightened_with_a_source_outside_the_encounter_counts_as_seen():
    """Core Rule "Frightened": "While you can see your source of fear" (a GM's fear: taken as seen, a reading)."""
    fight = pair()
    dread = Effect(name="Dread", creator="GM", conditions=["frightened"], duration=Duration(2))
    fight = run(fight, A.UseEffect(effect=dread, targets=["Ana"])).encounter
    assert fight.test_context("Ana", kind="check").effects.misfortune == ("Frightened",)
    assert fight.test_context("Ana", kind="check", sees_fear_source=False).effects.misfortune == ()


def test_frightened_cannot_move_closer_only_while_it_sees_its_source():
    """Core Rule "Frightened": "While you can see your source of fear, you can't willingly Move closer to it." """
    fight = frightened(pair(ana_at=Space(0, 0), at=Space(5, 0)))
    with pytest.raises(tc.RuleError, match="Frightened of Ogre"):
        fight.apply(A.Move(to=Space(2, 0)))
    unseen = run(fight, A.SetDetection(observer="Ana", subject="Ogre", state="undetected")).encounter
    assert run(unseen, A.Move(to=Space(2, 0))).encounter.position("Ana") == Space(2, 0)


# -- senses ---------------------------------------------------------------------------------------


FLASH = Effect(name="Flash", creator="GM", conditions=["stunned"], senses=["visual"], duration=Duration(1))
BOOM = Effect(name="Boom", creator="GM", damage=4, senses=["auditory"])


def test_blinded_is_immune_to_visual_effects():
    """Core Rule "Blinded": "You're Immune to visual Effects." """
    fight = pair()
    blind = run(fight, A.UseEffect(effect=Effect(name="Dark", creator="GM", conditions=["blinded"]), targets=["Ana"]))
    step = run(blind.encounter, A.UseEffect(effect=FLASH, targets=["Ana", "Ogre"]))
    assert not step.encounter.creature("Ana").conditions.has("stunned")
    assert step.encounter.creature("Ogre").conditions.has("stunned")
    unaffected = [e for e in step.events if isinstance(e, E.Unaffected)]
    assert [str(e) for e in unaffected] == ["Ana is unaffected by Flash by GM: Blinded (Immune to visual Effects)"]
    applied = next(e for e in step.events if isinstance(e, E.EffectApplied))
    assert applied.targets == ("Ogre",)
    assert [e.target for e in step.encounter.effects] == ["Ogre"]


def test_deafened_is_immune_to_auditory_effects_and_silenced_gives_it():
    """Core Rule "Deafened": "You're Immune to auditory Effects." Core Rule "Silenced": "You gain Deafened." """
    fight = pair()
    hush = Effect(name="Hush", creator="GM", conditions=["silenced"], duration=Duration(3))
    fight = run(fight, A.UseEffect(effect=hush, targets=["Ana"])).encounter
    step = run(fight, A.UseEffect(effect=BOOM, targets=["Ana", "Ogre"]))
    assert step.encounter.creature("Ana").hp == 12
    assert step.encounter.creature("Ogre").hp == 16
    assert "Deafened (from Silenced) (Immune to auditory Effects)" in str(step)


def test_a_petrified_creature_senses_nothing_so_no_sensory_effect_reaches_it():
    """Core Rule "Petrified": "You can't sense anything." """
    fight = pair()
    fight = run(
        fight, A.UseEffect(effect=Effect(name="Gaze", creator="GM", conditions=["petrified"]), targets=["Ogre"])
    )
    step = run(fight.encounter, A.UseEffect(effect=BOOM, targets=["Ogre"]))
    assert [str(e) for e in step.events] == ["Ogre is unaffected by Boom by GM: Petrified (can't sense anything)"]


def test_an_effect_with_no_sense_reaches_the_blinded():
    """Core Rule "Blinded": only *visual* Effects are covered by its immunity."""
    fight = pair()
    fight = run(fight, A.UseEffect(effect=Effect(name="Dark", creator="GM", conditions=["blinded"]), targets=["Ana"]))
    plain = attrs.evolve(BOOM, senses=())
    assert run(fight.encounter, A.UseEffect(effect=plain, targets=["Ana"])).encounter.creature("Ana").hp == 8


def test_sense_tags_read_forgivingly_and_render():
    assert FLASH.senses == (d20.Sense.SIGHT,)
    both = Effect(name="X", creator="GM", senses=["Hearing", "sight", "visual"])
    assert both.senses == (d20.Sense.SIGHT, d20.Sense.HEARING)  # each once, in Sense order
    assert "visual" in str(FLASH)
    with pytest.raises(tc.InvalidInput, match="sense"):
        Effect(name="X", creator="GM", senses=["psychic"])
    with pytest.raises(TypeError, match="senses"):
        Effect(name="X", creator="GM", senses="visual")
    assert Effect.from_dict(FLASH.to_dict()) == FLASH
    assert "senses" not in Effect(name="X", creator="GM").to_dict()  # an older Effect's shape


# -- Focus ------------------------------------------------------------------------------------------


HOLD = Effect(name="Hold Person", creator="Ana", conditions=["paralyzed"], focus=True, duration=Duration(10), cost=2)


def test_focus_is_kept_up_by_spending_ap_on_each_of_your_turns():
    """Focus: "a sustained state of concentration you keep up by spending Action Points on each of your Turns."

    The AP a Turn costs is a parameter (``focus_cost``, default 1: the text gives none). A Turn of
    its creator that ends without it kept up ends the Focus, and the Effect with it.
    """
    fight = pair()
    step = run(fight, A.UseEffect(effect=HOLD, targets=["Ogre"]))
    assert step.encounter.focus_kept == ("e1",)  # started this Turn: this Turn's Focus is paid
    fight = run(run(step.encounter, A.EndTurn()).encounter, A.EndTurn()).encounter  # Ogre's Turn, then Ana's
    assert fight.creature("Ogre").conditions.has("paralyzed")
    assert fight.choices().count(A.KeepFocus()) == 1
    step = run(fight, A.KeepFocus())
    assert [str(e) for e in step.events] == ["Ana spends 1 AP (keep up Focus on Hold Person (e1)): 2 left"]
    fight = run(run(step.encounter, A.EndTurn()).encounter, A.EndTurn()).encounter  # kept: it goes on
    assert fight.creature("Ogre").conditions.has("paralyzed")
    step = run(fight, A.EndTurn())  # not kept up this Turn: the Focus ends
    assert "Hold Person (e1) ends on Ogre: Ana's Focus ends (not kept up this Turn)" in str(step)
    assert not step.encounter.creature("Ogre").conditions.has("paralyzed")


def test_unfocused_ends_your_focus_and_you_cant_start_one():
    """Core Rule "Unfocused": "Your Focus ends." and "You can't start to Focus." """
    fight = pair()
    fight = run(fight, A.UseEffect(effect=HOLD, targets=["Ogre"])).encounter
    daze = Effect(name="Daze", creator="GM", conditions=["stunned"], duration=Duration(1))
    step = run(fight, A.UseEffect(effect=daze, targets=["Ana"]))  # Stunned gives Unfocused
    assert "Hold Person (e1) ends on Ogre: Ana is Unfocused (your Focus ends)" in str(step)
    assert not step.encounter.creature("Ogre").conditions.has("paralyzed")
    with pytest.raises(tc.RuleError, match="Unfocused: it can't start to Focus"):
        step.encounter.apply(A.UseEffect(effect=attrs.evolve(HOLD, cost=0), targets=["Ogre"]))


def test_staggered_at_zero_hp_is_unfocused_and_ends_the_focus():
    """Core Rule "Staggered": "You gain ... Unfocused." — so dropping to 0 HP ends your Focus."""
    fight = run(pair(), A.UseEffect(effect=HOLD, targets=["Ogre"])).encounter
    step = run(fight, A.Damage(target="Ana", amount=12))
    assert step.encounter.effects == ()


def test_one_focus_at_a_time():
    """Core Rule "Unfocused": "Your Focus ends": *your* Focus, one (a reading: starting another ends the first)."""
    fight = run(pair(), A.UseEffect(effect=attrs.evolve(HOLD, cost=0), targets=["Ogre"])).encounter
    other = attrs.evolve(HOLD, name="Web", conditions=["restrained"], cost=0)
    step = run(fight, A.UseEffect(effect=other, targets=["Ogre"]))
    assert [e.effect.name for e in step.encounter.effects] == ["Web"]
    assert "Hold Person (e1) ends on Ogre: Ana starts another Focus" in str(step)


def test_focus_needs_an_ongoing_effect_and_a_creator_in_the_encounter():
    with pytest.raises(tc.InvalidInput, match="Focus"):
        Effect(name="X", creator="Ana", focus=True)
    with pytest.raises(tc.RuleError, match="Focus"):
        pair().apply(A.UseEffect(effect=attrs.evolve(HOLD, creator="GM"), targets=["Ogre"]))
    with pytest.raises(tc.RuleError, match="no Focus"):
        pair().apply(A.KeepFocus())


# -- Triggered Effects: their Cost, and one Action per Trigger ---------------------------------------


PARRY = Effect(name="Parry", creator="Ogre", modifiers=2, trigger="an Attack against you", duration=Duration(1), cost=1)


def test_a_triggered_effects_cost_is_paid_from_the_ap_its_creator_kept():
    """Cost: "what you pay to use an Effect, such as Action Points". A Triggered Effect costs it too.

    The AP a creature has left when its Turn ends stay with it until its next Turn starts
    (a reading): a Triggered Effect off its Turn spends them.
    """
    fight = pair()  # Round 1, Ana's Turn: the Ogre has had no Turn, so it holds no AP
    with pytest.raises(tc.RuleError, match="Parry costs 1 AP; Ogre has 0"):
        fight.apply(A.UseEffect(effect=PARRY, targets=["Ogre"]))
    fight = run(run(fight, A.EndTurn()).encounter, A.TakeAction(name="Stomp", ap=1)).encounter  # Ogre: 2 AP left
    fight = run(fight, A.EndTurn()).encounter  # Ana's Turn; the Ogre keeps its 2 AP
    assert fight.held_ap("Ogre") == 2
    step = run(fight, A.UseEffect(effect=PARRY, targets=["Ogre"]))
    assert str(step.events[0]) == "Ogre spends 1 AP (Parry): 1 left"
    assert step.encounter.held_ap("Ogre") == 1
    assert step.encounter.ap == 3  # Ana's own AP are untouched
    fight = run(step.encounter, A.EndTurn()).encounter  # the Ogre's Turn: it gains its AP afresh
    assert (fight.ap, fight.held_ap("Ogre")) == (3, 3)


def test_only_one_action_in_response_to_each_trigger_without_naming_it():
    """Core Rule "Trigger": "You can use only one Action in response to each Trigger."

    A Triggered Effect answers the last action taken unless ``responding_to`` names the occurrence.
    """
    fight = pair()
    free = attrs.evolve(PARRY, cost=0)
    riposte = Effect(name="Riposte", creator="Ogre", damage=1, trigger="an Attack against you")
    fight = run(fight, A.Attack(target="Ogre", effect=SWORD), [3]).encounter
    fight = run(fight, A.UseEffect(effect=free, targets=["Ogre"])).encounter
    with pytest.raises(tc.RuleError, match="already used an Action in response to the last action"):
        fight.apply(A.UseEffect(effect=riposte, targets=["Ana"]))
    fight = run(fight, A.Attack(target="Ogre", effect=SWORD), [3]).encounter  # a new Trigger
    run(fight, A.UseEffect(effect=riposte, targets=["Ana"]))


def test_a_response_by_another_creature_to_the_same_trigger_is_its_own():
    fight = Encounter.of(
        Combatant(name="Ana", creature=Creature(max_hp=12), initiative=5),
        Combatant(name="Bo", creature=Creature(max_hp=8)),
        Combatant(name="Ogre", creature=Creature(max_hp=20)),
    )
    fight = run(fight, A.RollInitiative(), [10, 2, 2]).encounter
    ward = Effect(name="Ward", creator="Bo", modifiers=1, trigger="an ally is attacked", duration=Duration(1))
    fight = run(fight, A.UseEffect(effect=attrs.evolve(PARRY, cost=0), targets=["Ogre"])).encounter
    run(fight, A.UseEffect(effect=ward, targets=["Ana"]))
