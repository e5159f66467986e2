"""Saves and Checks inside an encounter: their dice in the event log, and Effects that apply by the result."""

from __future__ import annotations

import json

import pytest

import tabletop_core as tc
from tabletop_core.d20 import Combatant, Creature, Duration, Effect, Encounter, Outcome
from tabletop_core.d20 import actions as A
from tabletop_core.d20 import events as E


def run(encounter, action, dice=()):
    source = tc.ScriptedDice(dice)
    step = encounter.apply(action, rng=source)
    assert source.remaining == 0, "every scripted die is used"
    return step


def party():
    fight = Encounter.of(
        Combatant(name="Mira", creature=Creature(max_hp=10, soul=3), initiative=5, body=1, mind=2),
        Combatant(name="Bo", creature=Creature(max_hp=8), body=3),
        Combatant(name="Cy", creature=Creature(max_hp=9), body=-1),
    )
    return run(fight, A.RollInitiative(), [10, 2, 1]).encounter  # Mira's Turn


BURN = Effect(name="Fireball", creator="Mira", damage=6, energy="fire")
HALF = Effect(name="Fireball (half)", creator="Mira", damage=3, energy="fire")


def saves(step):
    return [e for e in step.events if isinstance(e, E.TestMade)]


def test_a_save_is_d20_plus_the_creatures_trait_plus_modifiers():
    """Core Rule "Save": "Roll 1d20 + Trait + Modifiers." (Each creature's own Trait.)"""
    step = run(party(), A.RollSave(targets=["Bo", "Cy"], trait="body", modifier=1, purpose="Fireball"), [12, 12])
    bo, cy = saves(step)
    assert (bo.creature, bo.roll.total, bo.roll.kind.name) == ("Bo", 16, "SAVE")  # 12 + Body 3 + 1
    assert (cy.creature, cy.roll.total) == ("Cy", 12)  # 12 - 1 + 1
    assert [m.source for m in bo.roll.modifiers] == ["Trait: Body", "Fireball"]
    assert str(bo) == "Bo (Body Save against Fireball): Save 12 + 3 + 1 = 16 · Mid Stakes -> Success"
    assert step.encounter == party()  # a Save changes nothing by itself: no AP, no Condition


def test_effects_apply_by_the_result_success_setback_failure():
    """Core Rule "Mid Stakes": Success "15 or higher", Setback "10-14", Failure "9 or lower".

    The common Spell shape: a Save, then an Effect by the result (here: Failure the whole
    Fireball, Setback half of it, Success nothing).
    """
    save = A.RollSave(targets=["Mira", "Bo", "Cy"], trait="body", purpose="Fireball", on_setback=HALF, on_failure=BURN)
    step = run(party(), save, [14, 8, 9])  # Mira 14 + 1 = 15, Bo 8 + 3 = 11, Cy 9 - 1 = 8
    assert [e.roll.outcome for e in saves(step)] == [Outcome.SUCCESS, Outcome.SETBACK, Outcome.FAILURE]
    fight = step.encounter
    assert [fight.creature(n).hp for n in ("Mira", "Bo", "Cy")] == [10, 5, 3]
    applied = [(e.effect.name, e.targets) for e in step.events if isinstance(e, E.EffectApplied)]
    assert applied == [("Fireball (half)", ("Bo",)), ("Fireball", ("Cy",))]
    # the dice first, in the order of the Targets, then what the results do
    kinds = [type(e).__name__ for e in step.events]
    assert kinds[:3] == ["TestMade"] * 3


def test_a_helpless_creature_cant_make_body_saves():
    """Core Rule "Helpless": "You can't make Body Saves." (It fails them, whatever the die.)"""
    fight = run(party(), A.UseEffect(effect=Effect(name="Net", creator="GM", conditions=["restrained"],
                                                   duration=Duration(3)), targets=["Bo"])).encounter  # fmt: skip
    step = run(fight, A.RollSave(targets=["Bo"], trait="body", on_failure=BURN), [20])
    [made] = saves(step)
    assert made.roll.outcome is Outcome.FAILURE
    assert made.roll.automatic_failure == ("Helpless (from Restrained): no Body Saves",)
    assert step.encounter.creature("Bo").hp == 2


def test_a_blinded_creature_fails_a_test_that_needs_sight():
    """Core Rule "Blinded": "You fail Tests that require Sight." """
    fight = run(party(), A.UseEffect(effect=Effect(name="Dark", creator="GM", conditions=["blinded"]),
                                     targets=["Cy"])).encounter  # fmt: skip
    step = run(fight, A.RollSave(targets=["Cy"], trait="mind", needs_sight=True), [20])
    assert saves(step)[0].roll.outcome is Outcome.FAILURE


def test_conditions_and_effects_count_on_a_save():
    """Core Rule "Impaired": "You gain Misfortune on Tests." Fatigue subtracts, Effects add their Modifiers."""
    fight = party()
    bless = Effect(name="Bless", creator="Mira", modifiers=1, tests=["save"], duration=Duration(10))
    fight = run(fight, A.UseEffect(effect=bless, targets=["Bo"])).encounter
    fight = run(fight, A.UseEffect(effect=Effect(name="Sick", creator="GM", conditions=["sickened"],
                                                 duration=Duration(5)), targets=["Bo"])).encounter  # fmt: skip
    step = run(fight, A.RollSave(targets=["Bo"], trait="soul", stakes="low"), [10, 4])
    roll = saves(step)[0].roll
    assert roll.total == 10 + 0 + 1 - 4  # Soul 0, Bless +1, Misfortune d6 4
    assert roll.misfortune == ("Impaired (from Sickened)",)


def test_a_check_with_a_skill_and_effects_by_its_result():
    """Core Rule "Check": "Roll 1d20 + Skill + Modifiers." Its Effects apply by the result."""
    fight = party()
    shove = Effect(name="Shove", creator="Mira", conditions=["prone"], harmful=True)
    check = A.RollCheck(skill="Brawn", modifier=2, target="Bo", on_success=shove, stakes="mid", ap=1)
    step = run(fight, check, [13])
    [made] = saves(step)
    assert str(made) == "Mira (Brawn Check against Bo): Check 13 + 2 = 15 · Mid Stakes -> Success"
    assert step.encounter.creature("Bo").conditions.has("prone")
    assert step.encounter.ap == 2  # the Check's Action cost 1 AP
    failed = run(fight, check, [3])
    assert not failed.encounter.creature("Bo").conditions.has("prone")


def test_a_check_reads_the_targets_conditions_and_a_frightened_actor():
    """Core Rule "Frightened": "While you can see your source of fear, you gain Misfortune on Checks." """
    fight = party()
    fear = Effect(name="Fear", creator="Bo", conditions=["frightened"], trigger="a foe", duration=Duration(3))
    fight = run(fight, A.UseEffect(effect=fear, targets=["Mira"])).encounter
    step = run(fight, A.RollCheck(skill="Persuasion", target="Bo"), [13, 2])
    assert saves(step)[0].roll.misfortune == ("Frightened",)


def test_bad_saves_and_checks_are_refused_without_rolling():
    fight = party()
    with pytest.raises(tc.InvalidInput, match="targets must name at least one creature"):
        run(fight, A.RollSave(targets=[], trait="body"))
    with pytest.raises(tc.InvalidInput, match="not in the encounter"):
        run(fight, A.RollSave(targets=["Zed"], trait="body"))
    with pytest.raises(tc.InvalidInput, match="trait"):
        A.RollSave(targets=["Bo"], trait="luck")
    with pytest.raises(tc.RuleError, match="costs 4 AP"):
        run(fight, A.RollCheck(skill="Brawn", ap=4))
    with pytest.raises(tc.RuleError, match="roll Initiative first"):
        run(Encounter.of(Combatant(name="A", creature=Creature(max_hp=3))), A.RollCheck(skill="Brawn"))
    petrify = Effect(name="Gaze", creator="GM", conditions=["petrified"])
    stone = run(fight, A.UseEffect(effect=petrify, targets=["Cy"])).encounter
    slow = Effect(name="Slow", creator="GM", conditions=["slowed"])
    with pytest.raises(tc.RuleError, match="functions as an Object"):
        run(stone, A.RollSave(targets=["Bo", "Cy"], trait="body", on_failure=slow))


def test_outside_rounds_a_save_needs_no_turn():
    """A Save is reactive: made when the GM calls for it, outside Rounds too."""
    fight = Encounter.of(Combatant(name="Bo", creature=Creature(max_hp=8), body=2))
    step = run(fight, A.RollSave(targets=["Bo"], trait="body", on_failure=HALF), [5])
    assert step.encounter.creature("Bo").hp == 5


def test_save_and_check_actions_round_trip():
    for action in (
        A.RollSave(targets=["Bo"], trait="body", on_failure=BURN, needs_hearing=True),
        A.RollCheck(creature="Bo", skill="Stealth", kind="test", on_setback=HALF, targets=["Cy"]),
    ):
        data = json.loads(json.dumps(action.to_dict()))
        assert A.Action.from_dict(data) == action
        assert str(action)
