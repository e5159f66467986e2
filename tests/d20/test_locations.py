"""Core Rules "Locations", "Origin", "Reach", "Creature" and "Object" in an encounter; escaping a Grapple."""

from __future__ import annotations

import itertools
import json

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tabletop_core as tc
from tabletop_core import d20
from tabletop_core.d20 import Combatant, Creature, Duration, Effect, Encounter, Space, Thing, check_reach
from tabletop_core.d20 import actions as A
from tabletop_core.d20 import events as E


def run(encounter, action, dice=()):
    source = tc.ScriptedDice(dice)
    step = encounter.apply(action, rng=source)
    assert source.remaining == 0, "every scripted die is used"
    return step


def refused(encounter, action, error, match, dice=(5, 5, 5)):
    """The action raises *error*, changes nothing and uses none of the dice."""
    source = tc.ScriptedDice(dice)
    before = encounter.to_dict()
    with pytest.raises(error, match=match):
        encounter.apply(action, rng=source)
    assert encounter.to_dict() == before
    assert source.remaining == len(dice)


def on_map(*extra, things=(), blocked=(), **creatures):
    """Ana at (0, 0) and the Ogre at *ogre* (default (2, 0)); Ana's Turn with 3 AP."""
    ogre = creatures.pop("ogre", Space(2, 0))
    combatants = [
        Combatant(name="Ana", creature=Creature(max_hp=12), initiative=5, position=Space(0, 0), **creatures),
        Combatant(name="Ogre", creature=Creature(max_hp=20), position=ogre),
        *extra,
    ]
    fight = Encounter(combatants=combatants, things=things, blocked=blocked)
    dice = [10] * len(combatants)
    return run(fight, A.RollInitiative(), dice).encounter


# -- Spaces and Ranges -------------------------------------------------------------------------


def test_distances_in_spaces():
    assert Space(0, 0).distance(Space(1, 1)) == 1  # a diagonal step: 1 Space
    assert Space(0, 0).distance(Space(3, 4)) == 4
    assert Space(0, 0).distance(Space(3, 4), metric="euclidean") == 5
    assert Space(0, 0).distance(Space(1, 1), metric="euclidean") == 2  # sqrt 2, rounded up
    assert Space(0, 0, 0).distance(Space(0, 0, 3)) == 3  # height counts
    assert Space(2, 2).distance(Space(2, 2)) == 0


def test_line_crosses_one_tile_per_step():
    assert Space(0, 0).line(Space(4, 0)) == tuple(Space(x, 0) for x in range(5))
    assert Space(0, 0).line(Space(3, 1)) == (Space(0, 0), Space(1, 0), Space(2, 1), Space(3, 1))
    assert Space(1, 1).line(Space(1, 1)) == (Space(1, 1),)


@given(a=st.tuples(st.integers(-50, 50), st.integers(-50, 50)), b=st.tuples(st.integers(-50, 50), st.integers(-50, 50)))
def test_line_properties(a, b):
    start, end = Space(*a), Space(*b)
    path = start.line(end)
    assert (path[0], path[-1]) == (start, end)
    assert len(path) == start.distance(end) + 1
    assert all(p.distance(q) == 1 for p, q in itertools.pairwise(path))
    assert start.distance(end) == end.distance(start)


def test_bad_spaces_are_refused():
    with pytest.raises(TypeError):
        Space(1.5, 0)
    with pytest.raises(tc.InvalidInput):
        Space(10**7, 0)
    with pytest.raises(tc.InvalidInput):
        Space(0, 0).distance(Space(1, 1), metric="taxicab")
    with pytest.raises(TypeError):
        Space(0, 0).distance((1, 1))


def test_touch_range_is_within_one_space():
    check_reach(effect="Sword", creator=Space(0, 0), targets=[("Ogre", Space(1, 1))], reach=d20.space.TOUCH_RANGE)
    with pytest.raises(tc.RuleError, match="Sword Reaches 1 Space: Ogre at \\(2, 0\\) is 2 Spaces away"):
        check_reach(effect="Sword", creator=Space(0, 0), targets=[("Ogre", Space(2, 0))], reach=1)


def test_origin_is_measured_by_range_and_an_area_by_its_own_range():
    # A Spell with Range 6 lists its Origin; its Effect Area fills 2 Spaces around it.
    kwargs = {"effect": "Fireball", "creator": Space(0, 0), "reach": 6, "area": 2}
    check_reach(targets=[("A", Space(8, 0)), ("B", Space(6, 2))], origin=Space(6, 0), **kwargs)
    with pytest.raises(tc.RuleError, match="can Originate 6 Spaces from its creator: \\(7, 0\\) is 7 Spaces away"):
        check_reach(targets=[("A", Space(8, 0))], origin=Space(7, 0), **kwargs)
    with pytest.raises(tc.RuleError, match="Effect Area reaches 2 Spaces from \\(6, 0\\): C at \\(9, 0\\) is 3"):
        check_reach(targets=[("C", Space(9, 0))], origin=Space(6, 0), **kwargs)


def test_an_effect_line_is_obstructed_by_a_blocked_space_between():
    kwargs = {"effect": "Bolt", "creator": Space(0, 0), "targets": [("Ogre", Space(4, 0))], "reach": 10}
    check_reach(blocked=[Space(2, 1)], **kwargs)
    with pytest.raises(tc.RuleError, match="Effect Line from \\(0, 0\\) to Ogre at \\(4, 0\\) is obstructed at"):
        check_reach(blocked=[Space(2, 0)], **kwargs)
    # An Effect Area is not obstructed.
    check_reach(blocked=[Space(2, 0)], **{**kwargs, "area": 5})


# -- Reach in the encounter ---------------------------------------------------------------------

SWORD = Effect(name="Sword", creator="Ana", damage=5, energy="physical", cost=2)


def test_melee_attack_reaches_to_touch_range():
    far = on_map()  # the Ogre 2 Spaces away
    refused(far, A.Attack(target="Ogre", effect=SWORD, modifier=3), tc.RuleError, "Sword Reaches 1 Space")
    near = on_map(ogre=Space(1, 1))
    step = run(near, A.Attack(target="Ogre", effect=SWORD, modifier=3), [12])  # 15: Success
    assert step.encounter.creature("Ogre").hp == 15


def test_ranged_attack_reaches_to_its_listed_range():
    bow = Effect(name="Bow", creator="Ana", damage=4, reach=6, cost=1)
    fight = on_map(ogre=Space(6, 3))
    assert run(fight, A.Attack(target="Ogre", effect=bow, attack="ranged"), [15]).encounter.creature("Ogre").hp == 16
    too_far = on_map(ogre=Space(7, 0))
    refused(too_far, A.Attack(target="Ogre", effect=bow, attack="ranged"), tc.RuleError, "Bow Reaches 6 Spaces")
    unlisted = Effect(name="Sling", creator="Ana", damage=2)
    refused(fight, A.Attack(target="Ogre", effect=unlisted, attack="thrown"), tc.InvalidInput, "listed Range")


def test_spell_with_an_origin_and_an_area_hits_what_the_area_covers():
    fire = Effect(name="Fireball", creator="Ana", damage=6, energy="fire", reach=8, area=1, harmful=True, cost=2)
    bo = Combatant(name="Bo", creature=Creature(max_hp=8), position=Space(6, 1))
    fight = on_map(bo, ogre=Space(6, 0))
    step = run(fight, A.UseEffect(effect=fire, targets=["Ogre", "Bo"], origin=Space(6, 0)))
    assert (step.encounter.creature("Ogre").hp, step.encounter.creature("Bo").hp) == (14, 2)
    refused(fight, A.UseEffect(effect=fire, targets=["Ogre", "Bo"], origin=Space(9, 0)), tc.RuleError, "Originate")
    wall = on_map(bo, ogre=Space(6, 0), blocked=[Space(3, 0)])
    bolt = Effect(name="Bolt", creator="Ana", damage=3, reach=8)
    refused(wall, A.UseEffect(effect=bolt, targets=["Ogre"]), tc.RuleError, "obstructed at \\(3, 0\\)")
    assert run(wall, A.UseEffect(effect=fire, targets=["Ogre"], origin=Space(6, 0))).encounter.creature("Ogre").hp == 14


def test_no_map_no_reach_check_and_no_origin():
    fight = Encounter.of(
        Combatant(name="Ana", creature=Creature(max_hp=5)), Combatant(name="Bo", creature=Creature(max_hp=5))
    )
    fight = run(fight, A.RollInitiative(), [12, 3]).encounter
    bolt = Effect(name="Bolt", creator="Ana", damage=3, reach=2)
    assert run(fight, A.UseEffect(effect=bolt, targets=["Bo"])).encounter.creature("Bo").hp == 2
    refused(fight, A.UseEffect(effect=bolt, targets=["Bo"], origin=Space(1, 1)), tc.RuleError, "no map")
    refused(fight, A.Move(to=Space(1, 0)), tc.RuleError, "no map")
    with pytest.raises(tc.RuleError, match="no map"):
        fight.distance("Ana", "Bo")


def test_a_map_needs_every_position_and_one_creature_a_space():
    with pytest.raises(tc.InvalidInput, match="Bo has none"):
        Encounter.of(
            Combatant(name="Ana", creature=Creature(max_hp=5), position=Space(0, 0)),
            Combatant(name="Bo", creature=Creature(max_hp=5)),
        )
    with pytest.raises(tc.InvalidInput, match="same Space"):
        Encounter.of(
            Combatant(name="Ana", creature=Creature(max_hp=5), position=Space(0, 0)),
            Combatant(name="Bo", creature=Creature(max_hp=5), position=Space(0, 0)),
        )
    with pytest.raises(tc.InvalidInput, match="blocked Space"):
        Encounter(
            combatants=[Combatant(name="A", creature=Creature(max_hp=5), position=Space(0, 0))], blocked=[Space(0, 0)]
        )


# -- Move and Place -----------------------------------------------------------------------------


def test_move_spends_ap_and_changes_position():
    fight = on_map(speed=4)
    step = run(fight, A.Move(to=Space(1, 2)))
    assert step.encounter.position("Ana") == Space(1, 2)
    assert step.encounter.ap == 2
    assert [str(e) for e in step.events] == ["Ana spends 1 AP (Move): 2 left", "Ana moves from (0, 0) to (1, 2)"]
    assert step.encounter.distance("Ana", "Ogre") == 2
    refused(fight, A.Move(to=Space(5, 0)), tc.RuleError, "Moves 4 Spaces at most: \\(5, 0\\) is 5 away")
    refused(fight, A.Move(to=Space(2, 0)), tc.RuleError, "Ogre stands in \\(2, 0\\)")
    walled = on_map(blocked=[Space(1, 0)])
    refused(walled, A.Move(to=Space(1, 0)), tc.RuleError, "terrain")


def test_immobilized_cannot_move_prone_crawls_and_moving_ends_hidden():
    fight = on_map()
    held = run(
        fight,
        A.UseEffect(
            effect=Effect(name="Web", creator="GM", conditions=["immobilized"], duration=Duration(3)), targets=["Ana"]
        ),
    ).encounter
    refused(held, A.Move(to=Space(1, 0)), tc.RuleError, "Immobilized")
    down = run(
        fight, A.UseEffect(effect=Effect(name="Shove", creator="GM", conditions=["prone", "hidden"]), targets=["Ana"])
    ).encounter
    step = run(down, A.Move(to=Space(0, 1)))
    assert "Ana crawls from (0, 0) to (0, 1)" in [str(e) for e in step.events]
    assert not step.encounter.creature("Ana").conditions.has(d20.Condition.HIDDEN)  # acting ends Hidden


def test_frightened_cannot_move_closer_to_the_source_of_fear():
    fear = Effect(name="Roar", creator="Ogre", conditions=["frightened"], duration=Duration(3), trigger="a foe nears")
    fight = run(on_map(ogre=Space(4, 0)), A.UseEffect(effect=fear, targets=["Ana"])).encounter  # Triggered: off-Turn
    refused(fight, A.Move(to=Space(1, 0)), tc.RuleError, "Frightened of Ogre")
    assert run(fight, A.Move(to=Space(0, 1))).encounter.position("Ana") == Space(0, 1)  # not closer: allowed


def test_place_is_the_gm_moving_something_without_ap():
    fight = on_map(things=[Thing(name="Crate", position=Space(5, 5))])
    step = run(fight, A.Place(target="Ogre", at=Space(1, 0)))
    assert (step.encounter.position("Ogre"), step.encounter.ap) == (Space(1, 0), 3)
    assert str(step.events[0]) == "Ogre is placed from (2, 0) to (1, 0)"
    assert run(fight, A.Place(target="Crate", at=Space(4, 4))).encounter.position("Crate") == Space(4, 4)
    refused(fight, A.Place(target="Ogre", at=Space(0, 0)), tc.RuleError, "Ana stands in")
    refused(fight, A.Place(target="Nobody", at=Space(0, 0)), tc.InvalidInput, "not in the encounter")


# -- Creatures, Objects, swarms and assemblies ---------------------------------------------------


def test_a_swarm_is_a_single_creature():
    rats = Combatant(name="Rats", creature=Creature(max_hp=15), swarm=30, position=Space(5, 0))
    fight = on_map(rats, ogre=Space(6, 0))
    assert fight.order == ("Ana", "Ogre", "Rats")  # one Initiative and one Turn for the swarm
    fire = Effect(name="Fireball", creator="Ana", damage=6, reach=8, area=2, cost=2)
    step = run(fight, A.UseEffect(effect=fire, targets=["Rats", "Ogre"], origin=Space(5, 0)))
    damaged = [e for e in step.events if isinstance(e, E.DamageTaken)]
    assert [(e.creature, e.amount) for e in damaged] == [("Rats", 6), ("Ogre", 6)]  # the swarm is hit once
    assert str(rats).startswith("Rats (a swarm of 30) at (5, 0)")
    with pytest.raises(tc.InvalidInput, match="0 \\(not a swarm\\) or 2 or more"):
        Combatant(name="Rat", creature=Creature(max_hp=1), swarm=1)


def test_objects_take_damage_and_no_conditions():
    crate = Thing(name="Crate", position=Space(1, 0), hp=5)
    fight = on_map(things=[crate])
    kick = Effect(name="Kick", creator="Ana", damage=3, energy="physical", reach=1)
    step = run(fight, A.UseEffect(effect=kick, targets=["Crate"]))
    assert str(step.events[-1]) == "Crate takes 3 physical Damage from Kick by Ana: HP 2"
    step = run(step.encounter, A.UseEffect(effect=kick, targets=["Crate"]))
    assert step.encounter.thing("Crate").is_broken
    shove = Effect(name="Shove", creator="Ana", conditions=["prone"], reach=1)
    refused(
        fight, A.UseEffect(effect=shove, targets=["Crate"]), tc.RuleError, "only a Creature has: Crate is an Object"
    )
    bless = Effect(name="Bless", creator="Ana", modifiers=1, needs_willing=True, duration=Duration(3))
    refused(fight, A.UseEffect(effect=bless, targets=["Crate"]), tc.RuleError, "only a Creature is Willing")
    charm = Effect(name="Charm", creator="Ana", target_kind="creature", duration=Duration(3))
    refused(fight, A.UseEffect(effect=charm, targets=["Crate"]), tc.RuleError, "targets Creatures: Crate is an Object")


def test_an_ongoing_effect_on_an_object_counts_down_and_is_dismissed():
    fight = on_map(things=[Thing(name="Door", position=Space(1, 0))])
    lock = Effect(name="Arcane Lock", creator="Ana", duration=Duration(2), cost=1)
    step = run(fight, A.UseEffect(effect=lock, targets=["Door"]))
    assert [e.target for e in step.encounter.effects] == ["Door"]
    again = run(step.encounter, A.Dismiss(effect="e1", by="Ana"))
    assert again.encounter.effects == ()
    assert "Arcane Lock (e1) ends on Door: Dismissed by Ana" in [str(e) for e in again.events]
    later = step.encounter
    for _ in range(4):  # two Rounds of two Turns
        later = run(later, A.EndTurn()).encounter
    assert later.effects == ()


def test_an_assembly_is_one_object_to_a_creature_large_enough_to_manipulate_it():
    parts = [Thing(name="Wheel", position=Space(1, 1), hp=3), Thing(name="Axle", position=Space(1, 2), hp=3)]
    cart = Thing(name="Cart", position=Space(1, 0), size=2, hp=10, parts=["Wheel", "Axle"])
    smash = Effect(name="Smash", creator="Ana", damage=4, reach=2)
    small = on_map(things=[cart, *parts])
    refused(small, A.UseEffect(effect=smash, targets=["Cart"]), tc.RuleError, "not large enough to manipulate it")
    assert run(small, A.UseEffect(effect=smash, targets=["Wheel"])).encounter.thing("Wheel").hp == 0
    big = on_map(things=[cart, *parts], size=2)
    assert run(big, A.UseEffect(effect=smash, targets=["Cart"])).encounter.thing("Cart").hp == 6
    with pytest.raises(tc.InvalidInput, match="not an Object of the encounter"):
        on_map(things=[cart])
    with pytest.raises(tc.InvalidInput, match="assembly of itself"):
        Encounter(
            combatants=[Combatant(name="A", creature=Creature(max_hp=3))],
            things=[Thing(name="X", parts=["Y"]), Thing(name="Y", parts=["X"])],
        )


def test_terrain_counts_as_a_location_and_obstructs_lines():
    wall = Thing(name="Wall", position=Space(1, 0), terrain=True, size=3)
    giant = Combatant(name="Giant", creature=Creature(max_hp=90), terrain=True, size=4, position=Space(0, 3))
    fight = on_map(giant, things=[wall])
    quake = Effect(name="Quake", creator="GM", damage=2, target_kind="location")
    step = run(fight, A.UseEffect(effect=quake, targets=["Wall", "Giant"]))
    assert step.encounter.creature("Giant").hp == 88  # still a Creature
    refused(
        fight,
        A.UseEffect(effect=quake, targets=["Ogre"]),
        tc.RuleError,
        "targets Locations: Ogre is a Creature too small",
    )
    bolt = Effect(name="Bolt", creator="Ana", damage=3, reach=5)
    refused(fight, A.UseEffect(effect=bolt, targets=["Ogre"]), tc.RuleError, "obstructed at \\(1, 0\\)")
    refused(fight, A.Move(to=Space(1, 0)), tc.RuleError, "terrain")


# -- Escaping a Grapple (Core Rule "Restrained") ---------------------------------------------------

GRAPPLE = Effect(name="Grapple", creator="GM", conditions=["restrained"], grapple=True, duration=Duration.UNTIL_REMOVED)


def grappled(**effect):
    fight = on_map(ogre=Space(1, 0))
    return run(fight, A.UseEffect(effect=attrs.evolve(GRAPPLE, **effect), targets=["Ana"])).encounter


def test_escape_a_grapple_with_a_mid_stakes_brawn_check():
    fight = grappled()
    assert fight.creature("Ana").conditions.has(d20.Condition.RESTRAINED)
    step = run(fight, A.EscapeGrapple(modifier=2), [13])  # 13 + 2 = 15: Success at Mid Stakes
    assert [str(e) for e in step.events] == [
        "Ana spends 1 AP (escape Grapple by GM): 2 left",
        "Ana (escape Grapple by GM): Check 13 + 2 = 15 · Mid Stakes -> Success",
        "Grapple (e1) ends on Ana: escapes the Grapple (Grapple by GM)",
        "Ana loses Helpless, Immobilized, Off Guard, Restrained (escapes the Grapple (Grapple by GM))",
    ]
    assert step.encounter.effects == ()
    held = run(fight, A.EscapeGrapple(modifier=2), [12])  # 14: Setback, still held
    assert held.encounter.creature("Ana").conditions.has(d20.Condition.RESTRAINED)
    assert held.encounter.ap == 2
    assert held.events[1].roll.outcome is d20.Outcome.SETBACK


def test_escape_counts_conditions_and_refuses_what_the_rules_refuse():
    fight = grappled()
    sick = run(
        fight, A.UseEffect(effect=Effect(name="Poison", creator="GM", conditions=["sickened"]), targets=["Ana"])
    ).encounter
    step = run(sick, A.EscapeGrapple(modifier=2), [15, 4])  # Impaired: Misfortune d6(4): 15 + 2 - 4 = 13
    assert (step.events[1].roll.total, step.events[1].roll.outcome) == (13, d20.Outcome.SETBACK)
    refused(fight, A.RollToEnd(condition="restrained"), tc.RuleError, "escapes it instead")
    refused(on_map(), A.EscapeGrapple(), tc.RuleError, "not Restrained by a Grapple")
    refused(grappled(end_roll=False), A.EscapeGrapple(), tc.RuleError, "can't escape it by a roll")
    refused(fight, A.EscapeGrapple(grapple="e9"), tc.InvalidInput, "e9 is not a Grapple")
    net = Effect(name="Net", creator="GM", conditions=["restrained"], end_roll=False, duration=Duration(5))
    netted = run(on_map(), A.UseEffect(effect=net, targets=["Ana"])).encounter
    refused(netted, A.RollToEnd(condition="restrained"), tc.RuleError, "says no roll ends it")
    with pytest.raises(tc.InvalidInput, match="needs conditions=\\['restrained'\\]"):
        Effect(name="Hug", creator="GM", grapple=True, duration=Duration(2))


def test_two_grapples_need_naming_and_escaping_one_leaves_the_other():
    fight = grappled()
    fight = run(fight, A.UseEffect(effect=attrs.evolve(GRAPPLE, creator="Ogre2"), targets=["Ana"])).encounter
    refused(fight, A.EscapeGrapple(), tc.InvalidInput, "more than one Grapple")
    step = run(fight, A.EscapeGrapple(grapple="e1", modifier=5), [15])
    assert step.encounter.creature("Ana").conditions.has(d20.Condition.RESTRAINED)
    assert [e.id for e in step.encounter.effects] == ["e2"]


# -- JSON and the property ----------------------------------------------------------------------


def test_a_map_round_trips_through_json():
    fight = on_map(
        Combatant(name="Rats", creature=Creature(max_hp=9), swarm=20, position=Space(3, 3, 1), speed=6),
        things=[Thing(name="Crate", position=Space(4, 4), hp=3, terrain=True)],
        blocked=[Space(9, 9)],
    )
    data = json.loads(json.dumps(fight.to_dict()))
    assert Encounter.from_dict(data) == fight


moves = st.builds(A.Move, to=st.builds(Space, st.integers(-3, 3), st.integers(-3, 3)))
acts = st.one_of(
    moves,
    st.just(A.EndTurn()),
    st.just(A.EscapeGrapple(modifier=3)),
    st.builds(
        A.Attack,
        target=st.sampled_from(["Ana", "Ogre"]),
        effect=st.sampled_from([SWORD, attrs.evolve(SWORD, creator="Ogre")]),
    ),
    st.builds(
        A.Place,
        target=st.sampled_from(["Ana", "Ogre", "Crate"]),
        at=st.builds(Space, st.integers(-3, 3), st.integers(-3, 3)),
    ),
    st.just(A.UseEffect(effect=GRAPPLE, targets=["Ana"])),
    st.just(A.UseEffect(effect=attrs.evolve(GRAPPLE, creator="Ogre", cost=1), targets=["Ana"])),
)


@settings(max_examples=60, deadline=None)
@given(actions=st.lists(acts, max_size=12), seed=st.integers(0, 2**16))
def test_any_sequence_on_a_map_keeps_ap_positions_and_the_state_valid(actions, seed):
    fight = on_map(things=[Thing(name="Crate", position=Space(-1, -1), hp=4)], blocked=[Space(0, 2)])
    rng = tc.dice_source(seed)
    for action in actions:
        before = fight
        try:
            step = fight.apply(action, rng=rng)
        except tc.TabletopError:
            assert fight == before
            continue
        fight = step.encounter
        assert 0 <= fight.ap <= 4
        spaces = [fight.position(n) for n in fight.names]
        assert len(set(spaces)) == len(spaces)
        assert Space(0, 2) not in spaces
        assert Encounter.from_dict(json.loads(json.dumps(fight.to_dict()))) == fight


def test_saves_from_before_the_map_still_load():
    # A format-1 save written before Spaces, Objects and Grapples: the new fields take their defaults.
    fight = run(on_map(), A.UseEffect(effect=GRAPPLE, targets=["Ana"])).encounter
    data = json.loads(json.dumps(fight.to_dict()))
    for key in ("things", "blocked", "metric"):  # pop: optional keys, written only when not at their default
        data.pop(key, None)
    for c in data["combatants"]:
        for key in ("position", "size", "speed", "swarm", "terrain"):
            c.pop(key, None)
    for e in data["effects"]:
        for key in ("reach", "area", "grapple", "end_roll"):
            e["effect"].pop(key, None)
    old = Encounter.from_dict(data)
    assert not old.has_map
    assert old.effects[0].effect.grapple is False
    assert old.creature("Ana") == fight.creature("Ana")


def test_choices_offer_escaping_a_grapple_and_only_the_rolls_the_effects_allow():
    fight = grappled()
    assert A.EscapeGrapple(grapple="e1") in fight.choices()
    assert A.RollToEnd(condition="restrained") not in fight.choices()
    for action in fight.choices():
        fight.apply(action, rng=tc.ScriptedDice([10, 2, 10]))  # each is legal now
    net = Effect(name="Net", creator="GM", conditions=["restrained"], end_roll=False, duration=Duration(5))
    netted = run(on_map(), A.UseEffect(effect=net, targets=["Ana"])).encounter
    assert not [a for a in netted.choices() if isinstance(a, (A.RollToEnd, A.EscapeGrapple))]
    assert A.EscapeGrapple(grapple="e1") not in grappled(end_roll=False).choices()


def test_an_attack_on_an_object_is_refused_clearly():
    fight = on_map(things=[Thing(name="Crate", position=Space(1, 0))])
    refused(fight, A.Attack(target="Crate", effect=SWORD), tc.RuleError, "Crate is an Object: use the Effect on it")


spaces = st.builds(Space, st.integers(-6, 6), st.integers(-6, 6), st.integers(-2, 2))


@given(creator=spaces, target=spaces, reach=st.integers(0, 12), metric=st.sampled_from(["chebyshev", "euclidean"]))
def test_reach_is_exactly_the_distance_and_grows_with_range(creator, target, reach, metric):
    gap = creator.distance(target, metric=metric)
    kwargs = {"effect": "E", "creator": creator, "targets": [("T", target)], "metric": metric}
    if gap <= reach:
        check_reach(reach=reach, **kwargs)
        check_reach(reach=reach + 1, **kwargs)  # a longer Range reaches at least as far
    else:
        with pytest.raises(tc.RuleError, match="Reaches"):
            check_reach(reach=reach, **kwargs)
