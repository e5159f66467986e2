"""The shipped policies: which foe each goes after, the order of what they do, and that every fight ends."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tabletop_core as tc
from tabletop_core import d20
from tabletop_core.d20 import AttackProfile, Combatant, Conditions, Creature, Effect, Encounter, Space
from tabletop_core.d20 import actions as A
from tabletop_core.d20.policies import policy_named


def armed(name, hp, side, *, damage=3, cost=2, hurt=0, heal=False, **extra):
    attack = AttackProfile(effect=Effect(name="Hit", creator=name, damage=damage, cost=cost))
    effects = [Effect(name="Mend", creator=name, healing=5, cost=1)] if heal else []
    creature = Creature(max_hp=hp, hp=hp - hurt, conditions=extra.pop("conditions", Conditions()))
    return Combatant(name=name, creature=creature, side=side, attacks=[attack], effects=effects, **extra)


def started(*combatants):
    dice = [20] + [1] * (len(combatants) - 1)  # the first listed goes first
    return Encounter.of(*combatants).apply(A.RollInitiative(), rng=tc.ScriptedDice(dice)).encounter


def test_attack_weakest_goes_after_the_fewest_hp():
    fight = started(armed("Ana", 9, "a"), armed("Big", 20, "b"), armed("Small", 12, "b", hurt=5))
    assert d20.AttackWeakest().choose(fight, fight.choices()) == A.AttackWith(attack="Hit", target="Small")


def test_focus_fire_goes_after_the_most_hurt():
    fight = started(armed("Ana", 9, "a"), armed("Big", 20, "b", hurt=15), armed("Small", 4, "b"))
    assert d20.FocusFire().choose(fight, fight.choices()) == A.AttackWith(attack="Hit", target="Big")
    assert d20.AttackWeakest().choose(fight, fight.choices()) == A.AttackWith(attack="Hit", target="Small")


def test_attack_nearest_goes_after_the_closest_on_a_map():
    fight = started(
        armed("Ana", 9, "a", position=Space(0, 0)),
        armed("Far", 3, "b", position=Space(1, 1)),
        armed("Near", 30, "b", position=Space(0, 1)),
    )
    assert d20.AttackNearest().choose(fight, fight.choices()) == A.AttackWith(attack="Hit", target="Far")


def test_a_prone_creature_rises_first():
    """Core Rule "Prone": "Ends when: • You use the Move Action to rise." (Prone gives Off Guard.)"""
    fight = started(armed("Ana", 9, "a", conditions=Conditions().add("prone")), armed("Ogre", 9, "b"))
    assert d20.FocusFire().choose(fight, fight.choices()) == A.Rise()


def test_an_ally_at_half_hp_is_healed_first():
    fight = started(armed("Ana", 9, "a", heal=True), armed("Bo", 10, "a", hurt=6), armed("Ogre", 9, "b"))
    assert d20.AttackWeakest().choose(fight, fight.choices()) == A.UseAbility(ability="Mend", targets=["Bo"])


def test_with_no_foe_standing_a_downed_one_is_dispatched():
    """Core Rule "Defeated": "Gained when: ... A Dispatch succeeds against you at 0 HP." """
    fight = started(armed("Ana", 9, "a"), armed("Ogre", 9, "b"))
    fight = fight.apply(A.Damage(target="Ogre", amount=9)).encounter
    assert d20.AttackWeakest().choose(fight, fight.choices()) == A.Dispatch(target="Ogre")


def test_out_of_reach_on_a_map_it_moves_toward_its_foe_then_ends_the_turn():
    fight = started(
        armed("Ana", 9, "a", position=Space(0, 0), speed=2),
        armed("Ogre", 9, "b", position=Space(6, 0)),
    )
    step = d20.AttackNearest().choose(fight, fight.choices())
    assert step == A.Move(to=Space(2, 0))
    jammed = started(armed("Ana", 9, "a", position=Space(0, 0)), armed("Ogre", 9, "b", position=Space(6, 0)))
    assert d20.AttackNearest().choose(jammed, jammed.choices()) == A.EndTurn()  # no speed: no Move listed


def test_free_actions_are_not_played_so_the_turn_ends():
    fight = started(armed("Ana", 9, "a", cost=0), armed("Ogre", 9, "b"))
    assert d20.FocusFire().choose(fight, fight.choices()) == A.EndTurn()


def test_policies_check_what_they_are_given():
    fight = started(armed("Ana", 9, "a"), armed("Ogre", 9, "b"))
    with pytest.raises(TypeError, match="encounter"):
        d20.FocusFire().choose("fight", fight.choices())
    with pytest.raises(tc.InvalidInput, match="must not be empty"):
        d20.FocusFire().choose(fight, [])
    with pytest.raises(tc.InvalidInput, match="roll Initiative first"):
        d20.FocusFire().choose(Encounter.of(armed("Ana", 9, "a")), [A.RollInitiative()])
    assert policy_named("Focus-Fire") == d20.FocusFire()
    with pytest.raises(tc.InvalidInput, match="weakest, focus_fire, nearest"):
        policy_named("berserk")


@settings(max_examples=30, deadline=None)
@given(
    sizes=st.tuples(st.integers(1, 4), st.integers(1, 4)),
    hp=st.integers(1, 15),
    damage=st.integers(0, 6),
    cost=st.integers(1, 4),
    policy=st.sampled_from(["weakest", "focus_fire", "nearest"]),
    seed=st.integers(0, 2**16),
)
def test_every_fight_played_by_a_policy_ends(sizes, hp, damage, cost, policy, seed):
    """Liveness: every Turn ends and, given Rounds enough, one side is left (or the Rounds run out)."""
    heroes = [armed(f"H{i}", hp, "heroes", damage=damage, cost=cost) for i in range(sizes[0])]
    monsters = [armed(f"M{i}", hp, "monsters", damage=damage, cost=cost) for i in range(sizes[1])]
    rng = tc.dice_source(seed)
    fight = Encounter.of(*heroes, *monsters).apply(A.RollInitiative(), rng=rng).encounter
    chooser = policy_named(policy)
    for _ in range(20_000):
        if fight.is_over or fight.round > 30:
            break
        choices = fight.choices()
        action = chooser.choose(fight, choices)
        assert action in choices
        fight = fight.apply(action, rng=rng).encounter
    else:
        raise AssertionError("the fight never ended")
    assert fight.is_over or fight.round > 30
