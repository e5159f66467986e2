"""Abilities on combatants: named Effects and attacks, actions that name them, and choices() listing every
legal action with its legal targets."""

from __future__ import annotations

import json

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tabletop_core as tc
from tabletop_core import d20
from tabletop_core.d20 import AttackProfile, Combatant, Creature, Duration, Effect, Encounter, Space
from tabletop_core.d20 import actions as A
from tabletop_core.d20 import events as E


def run(encounter, action, dice=()):
    source = tc.ScriptedDice(dice)
    step = encounter.apply(action, rng=source)
    assert source.remaining == 0, "every scripted die is used"
    return step


SWORD = AttackProfile(effect=Effect(name="Sword", creator="Ana", damage=5, energy="physical", cost=2), modifier=1)
BOW = AttackProfile(effect=Effect(name="Bow", creator="Ana", damage=3, cost=1, reach=10), attack="ranged")
MEND = Effect(name="Mend", creator="Ana", healing=4, cost=1)
PARRY = Effect(name="Parry", creator="Ogre", modifiers=2, trigger="an Attack against you", duration=Duration(1))


def fight(**extra):
    ana = Combatant(
        name="Ana", creature=Creature(max_hp=12), initiative=5, body=2, mind=1, attacks=[SWORD, BOW], effects=[MEND]
    )
    ogre = Combatant(name="Ogre", creature=Creature(max_hp=20), effects=[PARRY], side="monsters")
    return Encounter.of(
        attrs.evolve(ana, side="heroes", **extra.pop("ana", {})),
        Combatant(name="Bo", creature=Creature(max_hp=8), side="heroes"),
        attrs.evolve(ogre, **extra.pop("ogre", {})),
    )


def started(**extra):
    return run(fight(**extra), A.RollInitiative(), [10, 2, 2]).encounter  # Ana's Turn


def test_an_attack_named_by_the_creature_that_holds_it():
    """Core Rule "Check": "Attacks ... use a Trait instead: Body for Melee Attacks, Mind for Ranged and Thrown"."""
    step = run(started(), A.AttackWith(attack="Sword", target="Ogre"), [12])
    made = next(e for e in step.events if isinstance(e, E.TestMade))
    assert str(made) == "Ana (Attack Ogre with Sword): Attack 12 + 2 + 1 = 15 · Mid Stakes -> Success"
    assert [m.source for m in made.roll.modifiers] == ["Trait: Body", "Sword"]
    assert step.encounter.creature("Ogre").hp == 15
    assert step.encounter.ap == 1
    shot = run(started(), A.AttackWith(attack="Bow", target="Ogre", modifier=2), [12])
    made = next(e for e in shot.events if isinstance(e, E.TestMade))
    assert [(m.source, m.value) for m in made.roll.modifiers] == [("Trait: Mind", 1), ("situation", 2)]


def test_an_effect_named_by_the_creature_that_holds_it():
    fight = run(started(), A.Damage(target="Bo", amount=5)).encounter
    step = run(fight, A.UseAbility(ability="Mend", targets=["Bo"]))
    assert step.encounter.creature("Bo").hp == 7
    parry = run(step.encounter, A.UseAbility(ability="Parry", by="Ogre", targets=["Ogre"]))
    assert parry.encounter.applying_on("Ogre")[0].effect.name == "Parry"


def test_unknown_abilities_are_refused_with_what_there_is():
    with pytest.raises(tc.InvalidInput, match=r"Ana has no attack 'Axe' \(it has Sword, Bow\)"):
        started().apply(A.AttackWith(attack="Axe", target="Ogre"))
    with pytest.raises(tc.InvalidInput, match=r"Bo has no Effect 'Mend' \(it has none\)"):
        started().apply(A.UseAbility(ability="Mend", by="Bo", targets=["Bo"]))


def test_a_combatant_holds_only_its_own_effects_each_name_once():
    with pytest.raises(tc.InvalidInput, match="holds its own Effects"):
        Combatant(name="Bo", creature=Creature(max_hp=3), effects=[MEND])
    with pytest.raises(tc.InvalidInput, match="named once"):
        Combatant(name="Ana", creature=Creature(max_hp=3), attacks=[SWORD, SWORD])
    with pytest.raises(TypeError, match="attacks"):
        Combatant(name="Ana", creature=Creature(max_hp=3), attacks=["Sword"])
    ana = fight().combatant("Ana")
    assert Combatant.from_dict(json.loads(json.dumps(ana.to_dict()))) == ana
    plain = Combatant(name="Ana", creature=Creature(max_hp=3))
    assert "attacks" not in plain.to_dict()  # an older save's shape


# -- choices -----------------------------------------------------------------------------------------


def test_choices_list_each_attack_with_each_legal_target():
    choices = started().choices()
    assert A.AttackWith(attack="Sword", target="Ogre") in choices
    assert A.AttackWith(attack="Sword", target="Bo") in choices  # legal (the GM's table decides sides)
    assert A.AttackWith(attack="Sword", target="Ana") not in choices  # "can't attack itself"
    assert A.UseAbility(ability="Mend", targets=["Bo"]) in choices
    assert A.UseAbility(ability="Parry", by="Ogre", targets=["Ogre"]) in choices  # a response, off its Turn
    for action in choices:
        started().apply(action, rng=tc.ScriptedDice([10] * 8))  # each is legal now


def test_choices_respect_reach_on_a_map():
    """Core Rule "Reach": "Melee Weapons Reach to Touch Range." Ranged ones to their listed Range."""
    spaces = [Space(0, 0), Space(0, 3), Space(5, 0)]
    placed = Encounter(
        combatants=[attrs.evolve(c, position=at) for c, at in zip(fight().combatants, spaces, strict=True)]
    )
    choices = run(placed, A.RollInitiative(), [10, 2, 2]).encounter.choices()
    assert A.AttackWith(attack="Sword", target="Ogre") not in choices
    assert A.AttackWith(attack="Bow", target="Ogre") in choices


def test_choices_respect_the_ap_left_and_the_charmer():
    """Core Rule "Charmed": "You can't Target your charmer with harmful Effects." """
    fight = started()
    fight = run(fight, A.TakeAction(name="Dash", ap=2)).encounter  # 1 AP left: no Sword (2 AP)
    assert A.AttackWith(attack="Sword", target="Ogre") not in fight.choices()
    assert A.AttackWith(attack="Bow", target="Ogre") in fight.choices()
    charm = Effect(name="Charm", creator="Ogre", conditions=["charmed"], trigger="a foe looks", duration=Duration(3))
    fight = run(fight, A.UseEffect(effect=charm, targets=["Ana"])).encounter
    assert A.AttackWith(attack="Bow", target="Ogre") not in fight.choices()
    assert A.AttackWith(attack="Bow", target="Bo") in fight.choices()


def test_a_response_already_made_drops_out_of_the_choices():
    """Core Rule "Trigger": "You can use only one Action in response to each Trigger." """
    fight = run(started(), A.UseAbility(ability="Parry", by="Ogre", targets=["Ogre"])).encounter
    assert not [c for c in fight.choices() if isinstance(c, A.UseAbility) and c.by == "Ogre"]


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**16), steps=st.integers(1, 30))
def test_every_choice_offered_is_legal_and_every_attack_not_offered_is_refused(seed, steps):
    """choices() is exactly the legal AttackWith and UseAbility actions (brute force over every name and target)."""
    rng = tc.dice_source(seed)
    encounter = fight().apply(A.RollInitiative(), rng=rng).encounter
    for _ in range(steps):
        if encounter.is_over:
            break
        offered = encounter.choices()
        name = encounter.current
        me = encounter.combatant(name)
        candidates = [A.AttackWith(attack=a.name, target=t) for a in me.attacks for t in encounter.names]
        candidates += [A.UseAbility(ability=e.name, targets=[t]) for e in me.effects for t in encounter.names]
        for action in candidates:
            try:
                encounter.apply(action, rng=tc.dice_source(1))
                legal = True
            except tc.TabletopError:
                legal = False
            assert legal == (action in offered), action
        for action in offered:
            encounter.apply(action, rng=tc.dice_source(2))
        encounter = encounter.apply(offered[rng.roll(len(offered)) - 1], rng=rng).encounter


def test_ability_actions_round_trip_and_render():
    parry = A.UseAbility(ability="Parry", by="Ogre", targets=["Ogre"], responding_to="Ana's Attack")
    for action in (A.AttackWith(attack="Sword", target="Ogre", modifier=1), parry):
        assert A.Action.from_dict(json.loads(json.dumps(action.to_dict()))) == action
        assert str(action)
    assert AttackProfile.from_dict(SWORD.to_dict()) == SWORD
    assert str(SWORD) == "Sword (melee, +1, Mid Stakes): 5 physical Damage; 2 AP"
    assert isinstance(d20.AttackProfile, type)
