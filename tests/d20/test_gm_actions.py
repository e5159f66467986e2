"""The GM's table: combatants joining and leaving, ending Round tracking, time in minutes, hours and days,
Doomed counted down, a Petrified form shattered, a Long Rest."""

from __future__ import annotations

import json

import pytest

import tabletop_core as tc
from tabletop_core.d20 import Combatant, Conditions, Creature, Duration, Effect, Encounter
from tabletop_core.d20 import actions as A
from tabletop_core.d20 import events as E


def run(encounter, action, dice=()):
    source = tc.ScriptedDice(dice)
    step = encounter.apply(action, rng=source)
    assert source.remaining == 0, "every scripted die is used"
    return step


def trio():
    fight = Encounter.of(
        Combatant(name="Ana", creature=Creature(max_hp=12), initiative=3, side="heroes"),
        Combatant(name="Bo", creature=Creature(max_hp=8), initiative=1, side="heroes"),
        Combatant(name="Ogre", creature=Creature(max_hp=20), side="monsters"),
    )
    return run(fight, A.RollInitiative(), [12, 10, 5]).encounter  # Ana 15, Bo 11, Ogre 5


def kinds(step):
    return [type(e).__name__ for e in step.events]


# -- joining and leaving --------------------------------------------------------------------


def test_a_newcomer_rolls_initiative_and_takes_its_place_in_the_order():
    """Core Rule "Initiative": higher Test Totals act first (the newcomer's Initiative Test rolled as it joins)."""
    fight = trio()
    wolf = Combatant(name="Wolf", creature=Creature(max_hp=6), initiative=2, side="monsters")
    step = run(fight, A.AddCombatant(combatant=wolf), [11])  # 13: between Ana (15) and Bo (11)
    assert step.encounter.order == ("Ana", "Wolf", "Bo", "Ogre")
    assert step.encounter.current == "Ana"
    added = step.events[0]
    assert str(added) == "Wolf joins: Initiative 11 + 2 = 13 -> order Ana, Wolf, Bo, Ogre"
    fight = run(step.encounter, A.EndTurn()).encounter
    assert fight.current == "Wolf"


def test_a_newcomer_given_its_initiative_before_the_current_creature_waits_for_the_next_round():
    fight = run(trio(), A.EndTurn()).encounter  # Bo's Turn
    wolf = Combatant(name="Wolf", creature=Creature(max_hp=6), side="monsters")
    step = run(fight, A.AddCombatant(combatant=wolf, initiative=20))
    assert step.encounter.order == ("Wolf", "Ana", "Bo", "Ogre")
    assert (step.encounter.current, step.encounter.ap) == ("Bo", 3)
    fight = run(run(step.encounter, A.EndTurn()).encounter, A.EndTurn()).encounter  # Ogre, then Round 2
    assert (fight.round, fight.current) == (2, "Wolf")


def test_a_tie_with_a_newcomer_goes_to_the_higher_trait_then_to_those_already_there():
    """Core Rule "Contest": "On a tie, the higher governing Trait wins." (Then the creature listed first.)"""
    fight = trio()
    low = Combatant(name="Imp", creature=Creature(max_hp=3), side="monsters")
    high = Combatant(name="Elf", creature=Creature(max_hp=3), trait=2, side="monsters")
    fight = run(fight, A.AddCombatant(combatant=low, initiative=11)).encounter
    fight = run(fight, A.AddCombatant(combatant=high, initiative=11)).encounter
    assert fight.order == ("Ana", "Elf", "Bo", "Imp", "Ogre")


def test_a_newcomer_before_initiative_rolls_with_everyone():
    fight = Encounter.of(Combatant(name="Ana", creature=Creature(max_hp=5)))
    fight = run(fight, A.AddCombatant(combatant=Combatant(name="Bo", creature=Creature(max_hp=5)))).encounter
    assert fight.names == ("Ana", "Bo")
    with pytest.raises(tc.InvalidInput, match="before Initiative"):
        fight.apply(A.AddCombatant(combatant=Combatant(name="Cy", creature=Creature(max_hp=5)), initiative=3))
    with pytest.raises(tc.InvalidInput, match="distinct names"):
        fight.apply(A.AddCombatant(combatant=Combatant(name="Bo", creature=Creature(max_hp=5))))


def test_a_creature_leaves_and_the_effects_on_it_end():
    fight = run(trio(), A.EndTurn()).encounter  # Bo's Turn
    hold = Effect(name="Hold", creator="Bo", conditions=["restrained"], duration=Duration(3))
    fight = run(fight, A.UseEffect(effect=hold, targets=["Ogre"])).encounter
    step = run(fight, A.RemoveCombatant(name="Ogre", reason="flees"))
    assert step.encounter.names == ("Ana", "Bo")
    assert step.encounter.effects == ()
    assert "Ogre leaves the encounter (flees)" in [str(e) for e in step.events]
    assert step.encounter.is_over


def test_the_current_creature_leaving_passes_the_turn_without_its_end_of_turn_rules():
    fight = trio()
    burn = Effect(name="Burn", creator="GM", persistent_damage=2, persistent_energy="fire")
    fight = run(fight, A.UseEffect(effect=burn, targets=["Ana"])).encounter
    step = run(fight, A.RemoveCombatant(name="Ana"))  # no Flat Roll: it never ends that Turn
    assert (step.encounter.current, step.encounter.ap) == ("Bo", 3)
    assert "TurnEnded" not in kinds(step)
    with pytest.raises(tc.RuleError, match="last creature"):
        Encounter.of(Combatant(name="A", creature=Creature(max_hp=1))).apply(A.RemoveCombatant(name="A"))


@pytest.mark.parametrize("leaver", ["Ana", "Bo", "Ogre"])
@pytest.mark.parametrize("when", ["Ana", "Bo", "Ogre"])
def test_a_duration_counted_from_a_leavers_turn_keeps_its_length(leaver, when):
    """Core Rule "Duration": "Ongoing Effects persist for the listed Duration", whoever leaves meanwhile.

    A 2-Round Effect applied on the leaver's Turn in Round 1 ends where the leaver's Turn in
    Round 3 would have started: as the next creature's Turn starts (Ana's in Round 4 when the
    leaver was last in the order). The leaver leaves on *when*'s next Turn (its own: at once).
    """
    order = ("Ana", "Bo", "Ogre")
    fight = trio()
    while fight.current != leaver:
        fight = run(fight, A.EndTurn()).encounter
    mark = Effect(name="Mark", creator="GM", modifiers=1, duration=Duration(2))
    target = next(n for n in order if n != leaver)
    fight = run(fight, A.UseEffect(effect=mark, targets=[target])).encounter
    while fight.current != when:
        fight = run(fight, A.EndTurn()).encounter
    fight = run(fight, A.RemoveCombatant(name=leaver)).encounter
    for _ in range(20):
        if not fight.effects:
            break
        fight = run(fight, A.EndTurn()).encounter
    successor = order[(order.index(leaver) + 1) % 3]
    assert (fight.round, fight.current) == (3 + (leaver == "Ogre"), successor)


# -- leaving Round tracking, and time outside it --------------------------------------------------


def test_ending_the_encounter_leaves_round_tracking_and_time_passes_in_minutes():
    """Core Rule "Time": "Otherwise, your GM tracks time in minutes, hours, and days." """
    fight = trio()
    ward = Effect(name="Ward", creator="Ana", modifiers=1, duration=Duration.of(minutes=1))
    fight = run(fight, A.UseEffect(effect=ward, targets=["Bo"])).encounter
    step = run(fight, A.EndEncounter(reason="the Ogre surrenders"))
    assert str(step.events[0]) == "Round tracking ends after Round 1 (the Ogre surrenders)"
    fight = step.encounter
    assert (fight.round, fight.order, fight.current, fight.ap) == (0, (), None, 0)
    assert fight.effects[0].anchor is None
    assert fight.effects[0].left == Duration(10)
    with pytest.raises(tc.RuleError, match="no Rounds are tracked"):
        fight.apply(A.EndTurn())
    step = run(fight, A.PassTime(minutes=1))
    assert str(step.events[0]) == "1 minute passes"
    assert step.encounter.effects == ()
    again = run(step.encounter, A.RollInitiative(), [10, 10, 10]).encounter  # a new fight
    assert again.round == 1


def test_a_stable_creatures_wake_up_in_hours_is_one_step():
    """Core Rule "Stable": "After 1d4 hours, you wake with 1 HP." (Counted outside Rounds.)"""
    fight = trio()
    fight = run(fight, A.Damage(target="Bo", amount=8)).encounter
    fight = run(fight, A.UseMedicsKit(target="Bo"), [3]).encounter  # 3 hours
    fight = run(fight, A.EndEncounter()).encounter
    fight = run(fight, A.PassTime(hours=2, minutes=59)).encounter
    assert fight.creature("Bo").hp == 0
    step = run(fight, A.PassTime(minutes=1))
    assert step.encounter.creature("Bo").hp == 1
    assert not step.encounter.creature("Bo").conditions.has("unconscious")
    assert "Bo loses Blinded, Helpless, Incapacitated, Off Guard, Prone, Stable, Unconscious, Unfocused" in str(step)


def test_persistent_damage_is_counted_while_time_passes_outside_rounds():
    """Core Rule "Persistent Damage": "At the end of your Turn, take the Persistent Damage, then make a Mid Stakes
    Flat Roll" and "Ends when: • 1 minute passes." Outside Rounds each Round of the time passed counts."""
    fight = Encounter.of(Combatant(name="Ana", creature=Creature(max_hp=20)))
    burn = Effect(name="Burn", creator="GM", persistent_damage=3, persistent_energy="fire")
    fight = run(fight, A.UseEffect(effect=burn, targets=["Ana"])).encounter
    step = run(fight, A.PassTime(hours=1), [4, 12, 10])  # Failure (Mid), Setback (Mid), then Low: 10 is a Success
    ana = step.encounter.creature("Ana")
    assert ana.hp == 20 - 9
    assert not ana.conditions.has("persistent damage")
    rolls = [e for e in step.events if isinstance(e, E.TestMade)]
    assert [str(r.roll.outcome) for r in rolls] == ["Failure", "Setback", "Success"]
    assert [r.roll.stakes.name for r in rolls] == ["MID", "MID", "LOW"]


def test_persistent_damage_outside_rounds_ends_when_the_minute_passes():
    """Core Rule "Persistent Damage": "Ends when: • 1 minute passes." (Ten Rounds: ten times, at most.)"""
    fight = Encounter.of(Combatant(name="Ana", creature=Creature(max_hp=40)))
    burn = Effect(name="Burn", creator="GM", persistent_damage=2, persistent_energy="fire")
    fight = run(fight, A.UseEffect(effect=burn, targets=["Ana"])).encounter
    step = run(fight, A.PassTime(days=1), [1] * 10)
    assert step.encounter.creature("Ana").hp == 20
    assert not step.encounter.creature("Ana").conditions.has("persistent damage")


def test_doomed_runs_out_while_time_passes_outside_rounds():
    """Core Rule "Staggered at 0 HP": "At the start of your next Turn, roll 1d4 + your Soul (minimum 1)." and
    "At the end of each Round, reduce your Doomed value by 1." ... "When your Doomed value reaches 0, you gain
    Defeated." (Outside Rounds, each Round of the time passed counts.)"""
    fight = Encounter.of(Combatant(name="Ana", creature=Creature(max_hp=6, soul=1)))
    fight = run(fight, A.Damage(target="Ana", amount=6)).encounter
    step = run(fight, A.PassTime(minutes=1), [2])  # Doomed 2 + 1 = 3: Defeated at the end of the third Round
    assert step.encounter.creature("Ana").is_defeated
    assert "Ana's Doomed (Staggered at 0 HP): d4(2) + Soul 1 = 3" in [str(e) for e in step.events]
    early = run(fight, A.PassTime(rounds=2), [2])
    assert early.encounter.creature("Ana").doomed == 1


def test_pass_time_while_rounds_are_tracked_is_still_refused():
    with pytest.raises(tc.RuleError, match="end the encounter"):
        trio().apply(A.PassTime(minutes=1))


# -- Doomed, Shatter, Long Rest ------------------------------------------------------------------


def test_the_gm_counts_down_an_effects_doomed():
    """Core Rule "Doomed": "When an Effect makes you Doomed, it tells you: ... When the value counts down" and
    "If multiple Effects make you Doomed, track each one separately." """
    fight = trio()
    curse = Effect(name="Curse", creator="GM", doomed=2)
    hex_ = Effect(name="Hex", creator="GM", doomed=5)
    fight = run(run(fight, A.UseEffect(effect=curse, targets=["Bo"])).encounter,
                A.UseEffect(effect=hex_, targets=["Bo"])).encounter  # fmt: skip
    with pytest.raises(tc.InvalidInput, match="Curse by GM, Hex by GM"):
        fight.apply(A.CountDownDoomed(target="Bo"))
    step = run(fight, A.CountDownDoomed(target="Bo", source="Curse by GM"))
    assert str(step.events[0]) == "Bo's Doomed (Curse by GM): 2 -> 1"
    step = run(step.encounter, A.CountDownDoomed(target="Bo", source="Curse by GM"))
    assert str(step.events[0]) == "Bo's Doomed (Curse by GM): 1 -> 0: it ends (the Effect says what follows)"
    assert step.encounter.creature("Bo").conditions.doomed == {"Hex by GM": 5}
    assert not step.encounter.creature("Bo").is_defeated


def test_shattering_a_petrified_creature_defeats_it():
    """Core Rule "Petrified": "If your stone form shatters, you gain Defeated." """
    fight = trio()
    stone = Effect(name="Gaze", creator="Ogre", conditions=["petrified"], duration=Duration.of(minutes=1),
                   trigger="a foe meets its eyes")  # fmt: skip
    fight = run(fight, A.UseEffect(effect=stone, targets=["Bo"])).encounter
    step = run(fight, A.Shatter(target="Bo"))
    assert step.encounter.creature("Bo").is_defeated
    assert step.encounter.effects == ()
    with pytest.raises(tc.RuleError, match="only a Petrified"):
        fight.apply(A.Shatter(target="Ana"))


def test_a_long_rest_removes_one_fatigue():
    """Core Rule "Fatigue": "Recovery: • You finish a Long Rest: remove 1 Fatigue." """
    conditions = Conditions().add("fatigue", value=3)
    fight = Encounter.of(
        Combatant(name="Ana", creature=Creature(max_hp=5, conditions=conditions)),
        Combatant(name="Bo", creature=Creature(max_hp=5, conditions=Conditions().add("fatigue"))),
    )
    step = run(fight, A.LongRest())
    assert [step.encounter.creature(n).conditions.fatigue for n in ("Ana", "Bo")] == [2, 0]
    assert str(step.events[0]) == "8 hours pass"
    assert str(step.events[-1]) == "Ana, Bo finish a Long Rest (8 hours)"
    only = run(fight, A.LongRest(creatures=["Ana"], hours=10)).encounter
    assert [only.creature(n).conditions.fatigue for n in ("Ana", "Bo")] == [2, 1]
    with pytest.raises(tc.RuleError, match="end the encounter"):
        trio().apply(A.LongRest())


def test_gm_actions_round_trip_and_render():
    actions = [
        A.AddCombatant(combatant=Combatant(name="Wolf", creature=Creature(max_hp=6)), initiative=4),
        A.RemoveCombatant(name="Wolf", reason="flees"),
        A.EndEncounter(reason="peace"),
        A.CountDownDoomed(target="Bo", source="Curse by GM", by=2),
        A.Shatter(target="Bo"),
        A.LongRest(creatures=["Ana"], hours=6),
    ]
    for action in actions:
        assert A.Action.from_dict(json.loads(json.dumps(action.to_dict()))) == action
        assert str(action)
