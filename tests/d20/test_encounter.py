"""The encounter engine: Initiative, Rounds and Turns, the AP ledger, Effects on Targets, Dismiss,
"ends when" events, detection per observer, JSON round trips, refusals that change nothing."""

import json

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tabletop_core as tc
from tabletop_core import d20
from tabletop_core.d20 import Combatant, Condition, Conditions, Creature, Detection, Duration, Effect, Encounter
from tabletop_core.d20 import actions as A
from tabletop_core.d20 import events as E

C = Condition


def make(*specs, **extra):
    """Combatants from (name, initiative, max_hp[, conditions]) tuples."""
    combatants = []
    for spec in specs:
        name, init, hp, *rest = spec
        conditions = Conditions()
        for c in rest[0] if rest else ():
            conditions = conditions.add(c)
        combatants.append(
            Combatant(name=name, creature=Creature(max_hp=hp, conditions=conditions, **extra), initiative=init)
        )
    return Encounter.of(*combatants)


def run(encounter, action, dice=()):
    source = tc.ScriptedDice(dice)
    step = encounter.apply(action, rng=source)
    assert source.remaining == 0, "every scripted die is used"
    return step


def started(dice=(15, 9, 12)):
    fight = make(("Ana", 3, 12), ("Bo", 0, 8), ("Ogre", 1, 20))
    return run(fight, A.RollInitiative(), dice).encounter


def kinds(step):
    return [type(e).__name__ for e in step.events]


# -- Initiative ------------------------------------------------------------------------


def test_initiative_orders_by_total():
    step = run(make(("Ana", 3, 12), ("Bo", 0, 8), ("Ogre", 1, 20)), A.RollInitiative(), [15, 9, 12])
    rolled = step.events[0]
    assert isinstance(rolled, E.InitiativeRolled)
    assert [(e.creature, e.roll.total) for e in rolled.entries] == [("Ana", 18), ("Bo", 9), ("Ogre", 13)]
    assert step.encounter.order == ("Ana", "Ogre", "Bo")
    assert step.encounter.round == 1
    assert step.encounter.current == "Ana"
    assert step.encounter.ap == 3
    assert [str(e) for e in step.events] == [
        "Initiative: Ana 18, Bo 9, Ogre 13 -> order Ana, Ogre, Bo",
        "Round 1 begins",
        "Ana's Turn: 3 AP",
    ]


def test_initiative_tie_goes_to_higher_trait_then_the_first_listed():
    fight = Encounter.of(
        Combatant(name="A", creature=Creature(max_hp=5), initiative=2, trait=1),
        Combatant(name="B", creature=Creature(max_hp=5), initiative=1, trait=3),
        Combatant(name="C", creature=Creature(max_hp=5), initiative=1, trait=1),
    )
    # Totals 12, 12, 12: B has the highest Trait; A and C tie on Trait too: A is listed first.
    assert run(fight, A.RollInitiative(), [10, 11, 11]).encounter.order == ("B", "A", "C")


def test_surprised_gets_misfortune_on_initiative_and_it_ends_when_its_turn_starts():
    fight = make(("Ana", 0, 12, ["surprised"]), ("Bo", 0, 8))
    step = run(fight, A.RollInitiative(), [18, 4, 10])  # Ana: d20 18, d6 4 (Misfortune) -> 14; Bo 10
    ana = step.events[0].entries[0].roll
    assert ana.total == 14
    assert ana.misfortune == ("Surprised",)
    assert step.encounter.order == ("Ana", "Bo")
    assert not step.encounter.creature("Ana").conditions.has("surprised")  # "Ends when: Your next Turn starts."
    changed = [e for e in step.events if isinstance(e, E.ConditionsChanged)]
    assert str(changed[0]) == "Ana loses Surprised (Turn starts)"


def test_initiative_twice_is_refused():
    fight = started()
    with pytest.raises(tc.RuleError, match="already rolled"):
        fight.apply(A.RollInitiative(), rng=tc.ScriptedDice([1, 1, 1]))


# -- Action Points --------------------------------------------------------------------


@pytest.mark.parametrize(("conditions", "ap"), [((), 3), (("slowed",), 2), (("hasted",), 4), (("stunned",), 3)])
def test_turn_ap_follow_slowed_and_hasted(conditions, ap):
    fight = make(("Ana", 0, 12, conditions))
    assert run(fight, A.RollInitiative(), [10]).encounter.ap == ap


def test_base_action_points_is_a_parameter():
    fight = make(("Ana", 0, 12), base_action_points=5)
    assert run(fight, A.RollInitiative(), [10]).encounter.ap == 5


def test_actions_spend_ap_and_are_refused_when_short():
    fight = started()
    step = run(fight, A.TakeAction(name="Attack", ap=2))
    assert step.encounter.ap == 1
    assert str(step.events[0]) == "Ana spends 2 AP (Attack): 1 left"
    with pytest.raises(tc.RuleError, match="costs 2 AP; Ana has 1 left"):
        step.encounter.apply(A.TakeAction(name="Attack", ap=2))


def test_incapacitated_creature_cannot_spend_ap():
    fight = make(("Ana", 0, 12, ["paralyzed"]))
    fight = run(fight, A.RollInitiative(), [10]).encounter
    assert fight.ap == 0
    with pytest.raises(tc.RuleError, match="Incapacitated"):
        fight.apply(A.TakeAction(name="Wave", ap=0))


def test_turn_actions_need_initiative_first():
    with pytest.raises(tc.RuleError, match="roll Initiative first"):
        make(("Ana", 0, 12)).apply(A.TakeAction(name="Attack"))


# -- Rounds: Doomed, Persistent Damage, Durations --------------------------------------


def test_doomed_countdown_and_defeat_run_by_the_loop():
    # Ana (Soul 0) drops to 0 HP; at the start of her next Turn Doomed = d4(1) + 0 = 1;
    # at the end of that Round it reaches 0 while Staggered: Defeated.
    fight = make(("Ana", 5, 4), ("Ogre", 0, 20))
    fight = run(fight, A.RollInitiative(), [10, 10]).encounter  # Ana 15, Ogre 10
    fight = run(fight, A.EndTurn()).encounter  # Ogre's Turn
    step = run(fight, A.Damage(target="Ana", amount=6, by="Ogre"))
    ana = step.encounter.creature("Ana")
    assert ana.hp == 0
    assert ana.conditions.has("staggered")
    assert ana.conditions.fatigue == 1
    assert str(step.events[0]) == "Ana takes 6 Damage: HP 0"
    step = run(step.encounter, A.EndTurn(), [1])  # Round ends; Ana's Turn: Doomed d4 = 1
    turn = next(e for e in step.events if isinstance(e, E.TurnStarted))
    assert (turn.creature, turn.ap, turn.doomed_d4, turn.doomed) == ("Ana", 2, 1, 1)  # Staggered: Slowed, 2 AP
    step = run(step.encounter, A.EndTurn())  # Ogre
    step = run(step.encounter, A.EndTurn())  # end of Round 2: Doomed 1 -> 0: Defeated
    ana = step.encounter.creature("Ana")
    assert ana.is_defeated
    assert "TurnSkipped" in kinds(step)  # Round 3: Ana's Turn is skipped
    assert step.encounter.current == "Ogre"
    assert step.encounter.round == 3
    assert step.encounter.is_over


def test_persistent_damage_at_end_of_turn_with_its_flat_roll():
    fight = make(("Ana", 0, 12))
    fight = run(fight, A.RollInitiative(), [10]).encounter
    burn = Effect(name="Firebolt", creator="GM", damage=2, energy="fire", persistent_damage=3, persistent_energy="Fire")
    step = run(fight, A.UseEffect(effect=burn, targets=["Ana"]))
    assert step.encounter.creature("Ana").hp == 10
    step = run(step.encounter, A.EndTurn(), [12])  # 3 Persistent Damage, then Flat Roll 12: Setback (Mid)
    ended = next(e for e in step.events if isinstance(e, E.TurnEnded))
    assert ended.damage == 3
    assert ended.rolls[0].flat_roll == 12
    assert str(ended) == "Ana's Turn ends: 3 Persistent Damage; fire 12 -> Setback"
    ana = step.encounter.creature("Ana")
    assert ana.hp == 7
    # the next roll is Low Stakes: 5 is a Setback at Low, and 10 ends it
    step = run(step.encounter, A.EndTurn(), [10])
    assert step.encounter.creature("Ana").hp == 4
    assert not step.encounter.creature("Ana").conditions.has("persistent damage")


def test_effect_durations_count_in_rounds():
    fight = started()
    haste = Effect(name="Haste", creator="Ana", conditions=["hasted"], duration=Duration.of(rounds=1))
    step = run(fight, A.UseEffect(effect=haste, targets=["Bo"]))
    assert step.encounter.creature("Bo").conditions.has("hasted")
    fight = step.encounter
    for _ in range(2):  # Ana, Ogre
        fight = run(fight, A.EndTurn()).encounter
    assert fight.current == "Bo"
    assert fight.ap == 4
    step = run(fight, A.EndTurn())  # Round 1 ends: 1 Round passes, Haste ends
    assert "EffectEnded" in kinds(step)
    assert not step.encounter.creature("Bo").conditions.has("hasted")
    assert step.encounter.effects == ()


def test_time_outside_rounds_counts_minutes_as_ten_rounds():
    fight = make(("Ana", 0, 12))
    ward = Effect(name="Ward", creator="GM", modifiers=1, duration=Duration.of(minutes=2))
    fight = run(fight, A.UseEffect(effect=ward, targets=["Ana"])).encounter
    fight = run(fight, A.PassTime(rounds=5, minutes=1)).encounter
    assert fight.effects[0].left == Duration(5)
    step = run(fight, A.PassTime(rounds=5))
    assert step.encounter.effects == ()
    with pytest.raises(tc.RuleError):
        run(started(), A.PassTime(minutes=1))


# -- Effects on Targets: Willing, Instant, Dismiss, Stacking ------------------------------


def test_instant_effect_causes_conditions_that_stay():
    fight = started()
    shove = Effect(name="Shove", creator="Ana", conditions=["prone"], harmful=True, cost=1)
    step = run(fight, A.UseEffect(effect=shove, targets=["Ogre"]))
    assert step.encounter.effects == ()  # Instant: ends as soon as it resolves
    assert step.events[1].id == ""
    ogre = step.encounter.creature("Ogre")
    assert ogre.conditions.has("prone")
    assert ogre.conditions.has("off guard")


def test_willing_target_needed():
    fight = started()
    bless = Effect(name="Bless", creator="Ana", modifiers=1, needs_willing=True, duration=Duration.of(minutes=1))
    with pytest.raises(tc.RuleError, match="Bo is Unwilling"):
        fight.apply(A.UseEffect(effect=bless, targets=["Bo"]))
    step = run(fight, A.UseEffect(effect=bless, targets=["Bo"], willing=["Bo"]))
    assert step.encounter.applying_on("Bo")[0].effect == bless


@pytest.mark.parametrize("condition", ["unconscious", "defeated"])
def test_unconscious_and_defeated_cannot_be_willing(condition):
    fight = make(("Ana", 0, 12), ("Bo", 0, 8, [condition]))
    fight = run(fight, A.RollInitiative(), [10, 1]).encounter
    bless = Effect(name="Bless", creator="Ana", modifiers=1, needs_willing=True, duration=Duration.of(minutes=1))
    with pytest.raises(tc.RuleError, match="can't be Willing"):
        fight.apply(A.UseEffect(effect=bless, targets=["Bo"], willing=["Bo"]))


def test_dismiss_ends_the_effect_on_every_target_and_what_it_caused_stays():
    fight = started()
    storm = Effect(
        name="Storm",
        creator="Ana",
        conditions=["deafened", "slowed"],
        damage=2,
        energy="sonic",
        duration=Duration.of(minutes=1),
        cost=2,
    )
    step = run(fight, A.UseEffect(effect=storm, targets=["Bo", "Ogre"]))
    fight = step.encounter
    assert [e.id for e in fight.effects] == ["e1", "e1"]
    assert fight.creature("Bo").hp == 6
    assert fight.creature("Ogre").hp == 18
    assert fight.creature("Ogre").conditions.has("slowed")
    with pytest.raises(tc.RuleError, match="only Ana, its creator, can Dismiss"):
        fight.apply(A.Dismiss(effect="e1", by="Bo"))
    with pytest.raises(tc.InvalidInput, match="no ongoing Effect 'e9'"):
        fight.apply(A.Dismiss(effect="e9", by="Ana"))
    step = run(fight, A.Dismiss(effect="e1", by="Ana"))
    after = step.encounter
    assert after.effects == ()
    assert after.ap == fight.ap  # Dismiss costs 0 AP
    for name in ("Bo", "Ogre"):
        assert not [i for i in after.creature(name).conditions.instances if i.effect == "e1"]
        assert not after.creature(name).conditions.has("slowed")
    assert after.creature("Bo").hp == 6  # the Damage it caused stays
    assert [str(e) for e in step.events if isinstance(e, E.EffectEnded)] == [
        "Storm (e1) ends on Bo: Dismissed by Ana",
        "Storm (e1) ends on Ogre: Dismissed by Ana",
    ]


def test_an_effect_that_says_so_cannot_be_dismissed():
    fight = started()
    curse = Effect(name="Curse", creator="Ana", conditions=["clumsy"], dismissable=False, duration=Duration(5))
    fight = run(fight, A.UseEffect(effect=curse, targets=["Ogre"])).encounter
    with pytest.raises(tc.RuleError, match="can't be Dismissed"):
        fight.apply(A.Dismiss(effect="e1", by="Ana"))
    assert A.Dismiss(effect="e1", by="Ana") not in fight.choices()


def test_the_same_effect_twice_uses_the_strongest_and_dismissing_it_leaves_the_other():
    fight = make(("Ana", 0, 12), ("Bo", 0, 8), ("Cy", 0, 8))
    weak = Effect(name="Bless", creator="Bo", modifiers=1, strength=1, duration=Duration(10))
    strong = Effect(name="Bless", creator="Cy", modifiers=2, strength=2, duration=Duration(3))
    fight = run(fight, A.UseEffect(effect=weak, targets=["Ana"])).encounter
    fight = run(fight, A.UseEffect(effect=strong, targets=["Ana"])).encounter
    context = fight.test_context("Ana", kind="check")
    assert [m.value for m in context.modifiers] == [2]
    assert str(context.modifiers[0]) == "+2 (Bless by Cy (e2))"
    fight = run(fight, A.Dismiss(effect="e2", by="Cy")).encounter
    assert [m.value for m in fight.test_context("Ana", kind="check").modifiers] == [1]


def test_different_effects_stack_and_the_query_names_each():
    fight = make(("Ana", 0, 12), ("Bo", 0, 8))
    bless = Effect(name="Bless", creator="GM", modifiers=1, duration=Duration(10))
    luck = Effect(name="Luck", creator="GM", fortune=True, tests=["save"], duration=Duration(10))
    mark = Effect(name="Mark", creator="GM", misfortune=True, side="target", duration=Duration(10))
    fight = run(fight, A.UseEffect(effect=bless, targets=["Ana"])).encounter
    fight = run(fight, A.UseEffect(effect=luck, targets=["Ana"])).encounter
    fight = run(fight, A.UseEffect(effect=mark, targets=["Bo"])).encounter
    save = fight.test_context("Ana", kind="save", target="Bo")
    assert save.effects.fortune == ("Luck by GM (e2)",)
    assert save.effects.misfortune == ("Mark by GM (e3) on Bo",)
    assert [m.source for m in save.modifiers] == ["Bless by GM (e1)"]
    check = fight.test_context("Ana", kind="check")
    assert check.effects.fortune == ()


def test_defeated_ends_ongoing_effects_on_you_and_you_fall_prone():
    fight = started()
    hold = Effect(name="Hold", creator="Ana", conditions=["restrained"], duration=Duration(5))
    fight = run(fight, A.UseEffect(effect=hold, targets=["Bo"])).encounter
    fight = run(fight, A.EndCondition(target="Bo", condition="restrained")).encounter  # the GM frees Bo
    fight = run(fight, A.UseEffect(effect=hold, targets=["Bo"])).encounter
    step = run(
        fight,
        A.UseEffect(effect=Effect(name="Exhaust", creator="GM", fatigue=10), targets=["Bo"]),
    )
    bo = step.encounter.creature("Bo")
    assert bo.is_defeated
    assert step.encounter.effects == ()
    assert bo.conditions.present == {C.DEFEATED, C.FATIGUE, C.PRONE}
    assert "Hold (e2) ends on Bo: Defeated: ongoing Effects on you end" in [str(e) for e in step.events]
    revived = attrs.evolve(bo, conditions=bo.conditions.remove("fatigue")).revive(3)
    assert revived.conditions.present == {C.PRONE}  # "Fall Prone": Prone stays until you rise


def test_healing_a_defeated_creature_is_refused():
    fight = make(("Ana", 0, 12, ["defeated"]))
    with pytest.raises(tc.RuleError, match="can't receive Healing"):
        fight.apply(A.Heal(target="Ana", amount=3))
    cure = Effect(name="Cure", creator="GM", healing=3)
    with pytest.raises(tc.RuleError, match="can't receive Healing"):
        fight.apply(A.UseEffect(effect=cure, targets=["Ana"]))


def test_on_use_effect_only_on_its_creators_turn_and_pays_its_cost():
    fight = started()  # Ana's Turn
    bolt = Effect(name="Bolt", creator="Ogre", damage=3, cost=2)
    with pytest.raises(tc.RuleError, match="own Turn"):
        fight.apply(A.UseEffect(effect=bolt, targets=["Ana"]))
    riposte = attrs.evolve(bolt, trigger="a foe misses you")
    # A Trigger: off its Turn, its Cost is paid from the AP the Ogre kept (none: it has had no Turn yet)
    with pytest.raises(tc.RuleError, match="costs 2 AP; Ogre has 0 left"):
        fight.apply(A.UseEffect(effect=riposte, targets=["Ana"]))
    step = run(fight, A.UseEffect(effect=attrs.evolve(riposte, cost=0), targets=["Ana"]))
    assert step.encounter.creature("Ana").hp == 9
    assert step.encounter.ap == 3
    expensive = Effect(name="Nova", creator="Ana", damage=9, cost=4)
    with pytest.raises(tc.RuleError, match="costs 4 AP"):
        fight.apply(A.UseEffect(effect=expensive, targets=["Ogre"]))


def test_temporary_hp_keeps_the_higher_amount():
    fight = make(("Ana", 0, 12))
    shield = Effect(name="Shield", creator="GM", temporary_hp=4)
    fight = run(fight, A.UseEffect(effect=shield, targets=["Ana"])).encounter
    fight = run(fight, A.UseEffect(effect=attrs.evolve(shield, temporary_hp=2), targets=["Ana"])).encounter
    assert fight.creature("Ana").temp_hp == 4
    step = run(fight, A.Damage(target="Ana", amount=5))
    assert (step.encounter.creature("Ana").hp, step.encounter.creature("Ana").temp_hp) == (11, 0)


# -- "Ends when" events --------------------------------------------------------------------


def test_rising_ends_prone_even_when_an_ongoing_effect_imposed_it():
    fight = started()
    quake = Effect(name="Quake", creator="GM", conditions=["prone", "deafened"], duration=Duration(10))
    fight = run(fight, A.UseEffect(effect=quake, targets=["Ana"])).encounter
    assert A.Rise() in fight.choices()
    step = run(fight, A.Rise())
    ana = step.encounter.creature("Ana")
    assert not ana.conditions.has("prone")
    assert ana.conditions.has("deafened")
    assert step.encounter.effects[0].ended == (C.PRONE,)
    assert step.encounter.ap == 2
    with pytest.raises(tc.RuleError, match="not Prone"):
        step.encounter.apply(A.Rise())


def test_immobilized_cannot_rise():
    fight = make(("Ana", 0, 12, ["prone", "restrained"]))
    fight = run(fight, A.RollInitiative(), [10]).encounter
    with pytest.raises(tc.RuleError, match="Immobilized"):
        fight.apply(A.Rise())


def test_charmed_ends_when_the_charmer_harms_you_and_you_cannot_target_your_charmer():
    fight = started()  # Ana's Turn
    charm = Effect(name="Charm", creator="Ana", conditions=["charmed"], duration=Duration(10), cost=1)
    fight = run(fight, A.UseEffect(effect=charm, targets=["Ogre"])).encounter
    assert fight.charmers("Ogre") == {"Ana"}
    # the Charmed Ogre can't Target Ana with a harmful Effect
    fight_ogre = run(run(fight, A.EndTurn()).encounter, A.TakeAction(name="wait", ap=0)).encounter
    club = Effect(name="Club", creator="Ogre", damage=4, cost=2)
    with pytest.raises(tc.RuleError, match="can't Target its charmer"):
        fight_ogre.apply(A.UseEffect(effect=club, targets=["Ana"]))
    # Social Checks by the charmer gain Fortune
    social = fight.test_context("Ana", kind="check", target="Ogre", social=True)
    assert social.effects.fortune == ("target Charmed by you",)
    # The charmer harms it: Charmed ends
    step = run(fight, A.Damage(target="Ogre", amount=1, by="Ana"))
    assert not step.encounter.creature("Ogre").conditions.has("charmed")
    assert "Ogre loses Charmed (its charmer Ana harms it: Charmed ends)" in [str(e) for e in step.events]


def test_hidden_ends_when_you_act_except_hide_or_sneak():
    fight = started()
    step = run(fight, A.Hide(observers=["Ogre"], modifier=2), [13])  # 15: Success at Mid Stakes
    fight = step.encounter
    assert fight.detection("Ogre", "Ana") is Detection.HIDDEN
    assert fight.detection("Bo", "Ana") is Detection.OBSERVED
    attack = fight.test_context("Ana", kind="attack", target="Ogre", attack="melee")
    assert attack.effects.fortune == ("Hidden: target Off Guard against you",)
    against = fight.test_context("Ogre", kind="attack", target="Ana", attack="melee")
    assert against.effects.misfortune == ("target Hidden",)
    # Bo sees Ana: no Misfortune on Bo's attacks against her
    assert fight.test_context("Bo", kind="attack", target="Ana", attack="melee").effects.misfortune == ()
    step = run(fight, A.TakeAction(name="Attack", ap=1))
    assert not step.encounter.creature("Ana").conditions.has("hidden")
    assert step.encounter.detection("Ogre", "Ana") is Detection.OBSERVED


def test_a_failed_hide_spends_the_ap_and_hides_nothing():
    fight = started()
    step = run(fight, A.Hide(observers=["Ogre"]), [3])
    assert step.encounter.ap == 2
    assert step.encounter.detection("Ogre", "Ana") is Detection.OBSERVED


def test_undetected_attacker_surprises_its_target():
    fight = started()
    fight = run(fight, A.Hide(observers=["Ogre"]), [15]).encounter
    fight = run(fight, A.Sneak(), [15]).encounter
    assert fight.detection("Ogre", "Ana") is Detection.UNDETECTED
    step = run(fight, A.Damage(target="Ogre", amount=2, by="Ana"))
    assert step.encounter.creature("Ogre").conditions.has("surprised")


# -- Detection: Invisible, Search --------------------------------------------------------


def test_becoming_invisible_hides_from_those_who_observed_you_and_is_undetected_to_the_rest():
    fight = started()
    fight = run(fight, A.Hide(observers=["Ogre"]), [15]).encounter
    fight = run(fight, A.Sneak(), [15]).encounter  # Ogre: Undetected; Bo: Observed
    vanish = Effect(name="Vanish", creator="Ana", conditions=["invisible"], duration=Duration.of(minutes=1))
    step = run(fight, A.UseEffect(effect=vanish, targets=["Ana"]))
    fight = step.encounter
    assert fight.detection("Bo", "Ana") is Detection.HIDDEN
    assert fight.detection("Ogre", "Ana") is Detection.UNDETECTED
    # Attacks against an Invisible creature that isn't Observed gain Misfortune
    assert (
        "target Invisible" in fight.test_context("Bo", kind="attack", target="Ana", attack="melee").effects.misfortune
    )


@pytest.mark.parametrize(
    ("flat", "perceives", "after"),
    [
        (15, True, Detection.OBSERVED),  # Success with a Sense that can perceive you: Observed
        (15, False, Detection.HIDDEN),  # Success otherwise: Hidden
        (10, True, Detection.HIDDEN),  # Setback: Hidden
        (3, True, Detection.UNDETECTED),  # Failure: nothing found
    ],
)
def test_search_for_an_invisible_creature(flat, perceives, after):
    fight = make(("Ana", 5, 12, ["invisible"]), ("Bo", 0, 8))
    fight = run(fight, A.RollInitiative(), [10, 10]).encounter
    fight = run(fight, A.EndTurn()).encounter  # Bo's Turn
    assert fight.detection("Bo", "Ana") is Detection.UNDETECTED
    step = run(fight, A.Search(subject="Ana", perceives=perceives), [flat])
    assert step.encounter.detection("Bo", "Ana") is after
    assert step.encounter.ap == 2


# -- Roll to end (AP) ------------------------------------------------------------------------


def test_roll_to_end_sickened_spends_one_ap_and_keeps_the_dice():
    fight = make(("Ana", 0, 12, ["sickened"]))
    fight = run(fight, A.RollInitiative(), [10, 3]).encounter  # Impaired: Misfortune on Initiative too
    step = run(fight, A.RollToEnd(condition="sickened", modifier=2), [16, 2])  # 16 + 2 - 2 = 16: Success
    test = next(e for e in step.events if isinstance(e, E.TestMade))
    assert test.roll.total == 16
    assert test.roll.fortune_die == 2
    assert not step.encounter.creature("Ana").conditions.has("sickened")
    assert step.encounter.ap == 2


# -- Refusals change nothing and use no dice --------------------------------------------------


@pytest.mark.parametrize(
    "action",
    [
        A.TakeAction(name="Attack", ap=9),
        A.UseEffect(effect=Effect(name="X", creator="Ana", cost=9), targets=["Bo"]),
        A.UseEffect(effect=Effect(name="X", creator="Ana"), targets=["Nobody"]),
        A.UseEffect(effect=Effect(name="X", creator="Ana"), targets=["Bo", "Bo"]),
        A.UseEffect(effect=Effect(name="X", creator="Ana"), targets=[]),
        A.UseEffect(effect=Effect(name="X", creator="Ana"), targets=["Bo"], willing=["Ogre"]),
        A.Dismiss(effect="e1", by="Ana"),
        A.Rise(),
        A.RollToEnd(condition="sickened"),
        A.RollToEnd(condition="prone"),
        A.Sneak(),
        A.Search(subject="Ana"),
        A.Hide(observers=[]),
        A.Hide(observers=["Ana"]),
        A.Damage(target="Nobody", amount=1),
        A.Damage(target="Bo", amount=1, by="Nobody"),
        A.EndCondition(target="Bo", condition="prone"),
        A.PassTime(minutes=1),
        A.RollInitiative(),
    ],
)
def test_refused_actions_change_nothing_and_use_no_dice(action):
    fight = started()
    before = fight.to_dict()
    dice = tc.ScriptedDice([15, 4, 15, 4])
    with pytest.raises(tc.TabletopError):
        fight.apply(action, rng=dice)
    assert dice.remaining == 4
    assert fight.to_dict() == before


def test_dice_running_out_midway_uses_none():
    fight = make(("Ana", 0, 12), ("Bo", 0, 8))
    dice = tc.ScriptedDice([15])
    with pytest.raises(tc.DiceExhausted):
        fight.apply(A.RollInitiative(), rng=dice)
    assert dice.remaining == 1


@pytest.mark.parametrize("bad", [None, "EndTurn", {"type": "EndTurn"}, 3])
def test_apply_needs_an_action(bad):
    with pytest.raises(TypeError):
        started().apply(bad)


ONE = Combatant(name="A", creature=Creature(max_hp=1))


@pytest.mark.parametrize(
    ("build", "error"),
    [
        (lambda: Encounter(combatants=()), tc.InvalidInput),
        (lambda: Encounter.of(ONE, ONE), tc.InvalidInput),
        (lambda: Encounter.of("A"), TypeError),
        (lambda: Encounter(combatants=[Combatant(name="A", creature=Creature(max_hp=1))], round=1), tc.InvalidInput),
        (lambda: Encounter(combatants=[Combatant(name="A", creature=Creature(max_hp=1))], ap=2), tc.InvalidInput),
        (lambda: Combatant(name="", creature=Creature(max_hp=1)), tc.InvalidInput),
        (lambda: Combatant(name="A", creature=None), TypeError),
        (lambda: Combatant(name="A", creature=Creature(max_hp=1), initiative=1.5), TypeError),
    ],
)  # fmt: skip
def test_bad_encounters_are_refused(build, error):
    with pytest.raises(error):
        build()


def test_queries_check_their_arguments():
    fight = started()
    with pytest.raises(tc.InvalidInput):
        fight.creature("Nobody")
    with pytest.raises(TypeError):
        fight.creature(3)
    with pytest.raises(tc.InvalidInput):
        fight.detection("Ana", "Ana")
    with pytest.raises(tc.InvalidInput):
        fight.test_context("Ana", kind="dance")
    with pytest.raises(tc.InvalidInput):
        fight.test_context("Ana", kind="attack", target="Ana")
    with pytest.raises(TypeError):
        fight.test_context("Ana", kind="check", social="yes")


# -- JSON ------------------------------------------------------------------------------------


def test_state_step_actions_and_events_round_trip_through_json():
    fight = started()
    storm = Effect(name="Storm", creator="Ana", conditions=["deafened"], damage=2, energy="sonic", duration=Duration(5))
    step = run(fight, A.UseEffect(effect=storm, targets=["Bo", "Ogre"]))
    text = json.dumps(step.to_dict())
    again = d20.EncounterStep.from_dict(json.loads(text))
    assert again == step
    assert Encounter.from_json(step.encounter.to_json()) == step.encounter
    for event in step.events:
        data = event.to_dict()
        assert data["type"] == f"d20.{type(event).__name__}"
        assert E.Event.from_dict(data) == event
        assert type(event).from_dict(data) == event
    action = A.UseEffect(effect=storm, targets=["Bo"])
    assert A.Action.from_dict(json.loads(json.dumps(action.to_dict()))) == action
    # resume: the rebuilt state goes on exactly as the original
    assert run(again.encounter, A.EndTurn()) == run(step.encounter, A.EndTurn())


@pytest.mark.parametrize(
    "data",
    [
        {},
        {"type": "Nope"},
        {"type": "Rise", "ap": -1},
        {"type": "Rise", "extra": 1},
        {"type": "d20.RoundStarted", "round": 1},
        {"type": "Rise", "version": 99},
    ],
)
def test_bad_action_data_is_refused(data):
    with pytest.raises((tc.InvalidInput, TypeError)):
        A.Action.from_dict(data)


def test_markdown_and_text():
    fight = started()
    assert fight.to_markdown().startswith("Round 1, **Ana**'s Turn")
    assert str(fight).splitlines()[0] == "Round 1, Ana's Turn (3 AP left)"
    assert "before Initiative" in str(make(("Ana", 0, 12)))


# -- properties ------------------------------------------------------------------------------

effect_strategy = st.builds(
    Effect,
    name=st.sampled_from(["Bless", "Hold", "Haste"]),
    creator=st.sampled_from(["Ana", "Bo", "GM"]),
    conditions=st.lists(
        st.sampled_from(["prone", "slowed", "hasted", "restrained", "clumsy", "invisible", "hidden", "charmed"]),
        max_size=2,
    ),
    modifiers=st.integers(-2, 2),
    strength=st.integers(0, 2),
    trigger=st.just("a Trigger"),
    duration=st.one_of(st.none(), st.builds(Duration, st.one_of(st.none(), st.integers(1, 4)))),
)

NAMES = st.sampled_from(["Ana", "Bo"])
action_strategy = st.one_of(
    st.just(A.EndTurn()),
    st.builds(A.TakeAction, name=st.just("Act"), ap=st.integers(0, 4)),
    st.builds(A.UseEffect, effect=effect_strategy, targets=st.lists(NAMES, min_size=1, max_size=2, unique=True)),
    st.builds(A.Dismiss, effect=st.sampled_from(["e1", "e2", "e3"]), by=st.sampled_from(["Ana", "Bo", "GM"])),
    st.builds(A.Damage, target=st.sampled_from(["Ana", "Bo"]), amount=st.integers(0, 8)),
    st.builds(A.Heal, target=st.sampled_from(["Ana", "Bo"]), amount=st.integers(0, 8)),
    st.just(A.Rise()),
    st.builds(
        A.Attack,
        target=NAMES,
        effect=st.builds(Effect, name=st.just("Hit"), creator=NAMES, damage=st.integers(0, 6), cost=st.integers(0, 3)),
        modifier=st.integers(-3, 5),
    ),
    st.builds(A.Hide, observers=st.lists(NAMES, min_size=1, max_size=1)),
    st.just(A.Sneak()),
    st.builds(A.Search, subject=NAMES, perceives=st.booleans()),
    st.builds(A.SetDetection, observer=NAMES, subject=NAMES, state=st.sampled_from(list(Detection))),
    st.builds(A.EndCondition, target=NAMES, condition=st.sampled_from(["prone", "restrained", "hasted"])),
    st.builds(A.UseMedicsKit, target=NAMES),
    st.builds(A.Dispatch, target=NAMES),
    st.builds(A.Revive, target=NAMES, hp=st.integers(1, 3)),
    st.builds(A.RollToEnd, condition=st.sampled_from(["sickened", "restrained"])),
    st.builds(A.RollSave, targets=st.lists(NAMES, min_size=1, max_size=2, unique=True),
              trait=st.sampled_from(["body", "mind", "soul"]), on_failure=st.none() | effect_strategy),
    st.builds(A.RollCheck, skill=st.just("Brawn"), target=st.none() | NAMES, on_success=st.none() | effect_strategy,
              ap=st.integers(0, 2)),
    st.just(A.KeepFocus()),
    st.builds(A.AddCombatant, combatant=st.builds(Combatant, name=st.just("Cy"), creature=st.just(Creature(max_hp=4))),
              initiative=st.none() | st.integers(0, 20)),
    st.builds(A.RemoveCombatant, name=st.sampled_from(["Bo", "Cy"])),
    st.just(A.EndEncounter()),
    st.just(A.RollInitiative()),
    st.builds(A.PassTime, rounds=st.integers(0, 12)),
    st.builds(A.LongRest, hours=st.integers(1, 2)),
    st.builds(A.CountDownDoomed, target=NAMES),
    st.builds(A.Shatter, target=NAMES),
)  # fmt: skip


@settings(max_examples=60, deadline=None)
@given(actions=st.lists(action_strategy, max_size=12), seed=st.integers(0, 2**16))
def test_any_sequence_of_actions_keeps_ap_in_bounds_and_the_state_valid(actions, seed):
    fight = make(("Ana", 1, 10), ("Bo", 0, 8))
    fight = fight.apply(A.RollInitiative(), rng=seed).encounter
    rng = tc.dice_source(seed)
    for action in actions:
        before = fight
        try:
            step = fight.apply(action, rng=rng)
        except tc.TabletopError:
            assert fight == before  # a refused action changes nothing
            continue
        fight = step.encounter
        if fight.round:
            current = fight.creature(fight.current)
            assert 0 <= fight.ap <= current.base_action_points + 1
        assert all(
            0 < fight.held_ap(n) <= fight.creature(n).base_action_points + 1 for n in (h.creature for h in fight.held)
        )
        assert Encounter.from_dict(json.loads(json.dumps(fight.to_dict()))) == fight
        assert attrs.evolve(fight) == fight  # the engine's state passes every check of the constructor
        for event in step.events:
            assert str(event)
        if isinstance(action, A.Dismiss) and action.effect not in {e.id for e in fight.effects}:
            # Dismiss leaves no Condition of that Effect on any Target
            for name in fight.names:
                assert not [i for i in fight.creature(name).conditions.instances if i.effect == action.effect]
        # Conditions imposed by Effects are exactly those of the Effects that apply
        for name in fight.names:
            ids = {i.effect for i in fight.creature(name).conditions.instances if i.effect}
            assert ids <= {e.id for e in fight.applying_on(name)}


@settings(max_examples=40, deadline=None)
@given(effects=st.lists(effect_strategy.filter(lambda e: not e.is_instant), min_size=1, max_size=4), data=st.data())
def test_stacking_on_a_target_is_order_independent(effects, data):
    # Creators outside the encounter: a creature that uses an Effect also acts (ending its
    # own Hidden), which depends on the order of its acts, not on Stacking. What the Effects
    # impose is compared; detection is not: becoming Invisible while Hidden (a passing state
    # of one order) rightly leaves other observers Undetected rather than Hidden.
    effects = [attrs.evolve(e, creator=f"outside {e.creator}") for e in effects]

    def final(order):
        fight = make(("Ana", 0, 10), ("Bo", 0, 8))
        for effect in order:
            fight = fight.apply(A.UseEffect(effect=effect, targets=["Ana"])).encounter
        applying = fight.applying_on("Ana")
        kept = {e.id: (e.effect.name, e.effect.creator, e.effect.strength, e.effect.to_json()) for e in applying}
        imposed = sorted(
            (kept[i.effect], i.condition.name) for i in fight.creature("Ana").conditions.instances if i.effect
        )
        modifiers = sum(m.value for m in fight.test_context("Ana", kind="check").modifiers)
        return sorted(kept.values()), imposed, modifiers

    shuffled = data.draw(st.permutations(effects))
    assert final(effects) == final(shuffled)


# -- Attacks ---------------------------------------------------------------------------------


SWORD = Effect(name="Sword", creator="Ana", damage=5, energy="physical", cost=2)


def test_attack_hits_on_success_and_the_effect_resolves():
    fight = started()  # Ana's Turn
    step = run(fight, A.Attack(target="Ogre", effect=SWORD, modifier=3), [12])  # 15: Success
    assert [str(e) for e in step.events] == [
        "Ana spends 2 AP (Attack: Sword): 1 left",
        "Ana (Attack Ogre with Sword): Attack 12 + 3 = 15 · Mid Stakes -> Success",
        "Sword by Ana on Ogre: 5 physical Damage",
        "Ogre takes 5 physical Damage from Sword by Ana: HP 15",
    ]


@pytest.mark.parametrize(("hit_on_setback", "hp"), [(False, 20), (True, 15)])
def test_attack_setback_hits_only_when_the_gm_says(hit_on_setback, hp):
    fight = started()
    step = run(fight, A.Attack(target="Ogre", effect=SWORD, hit_on_setback=hit_on_setback), [12])  # 12: Setback
    assert step.encounter.creature("Ogre").hp == hp
    assert step.encounter.ap == 1  # the AP are spent either way


def test_attack_from_hiding_gains_fortune_then_hidden_ends():
    fight = started()
    fight = run(fight, A.Hide(observers=["Ogre"]), [15]).encounter
    step = run(fight, A.Attack(target="Ogre", effect=attrs.evolve(SWORD, cost=1)), [8, 3])
    test = next(e for e in step.events if isinstance(e, E.TestMade))
    assert test.roll.total == 11
    assert test.roll.fortune == ("Hidden: target Off Guard against you",)
    assert not step.encounter.creature("Ana").conditions.has("hidden")


def test_an_undetected_attacker_surprises_even_on_a_miss():
    fight = started()
    fight = run(fight, A.Hide(observers=["Ogre"]), [15]).encounter
    fight = run(fight, A.Sneak(ap=0), [15]).encounter
    step = run(fight, A.Attack(target="Ogre", effect=SWORD), [1])
    assert step.encounter.creature("Ogre").conditions.has("surprised")
    assert step.encounter.creature("Ogre").hp == 20


@pytest.mark.parametrize(
    ("action", "message"),
    [
        (A.Attack(target="Ogre", effect=attrs.evolve(SWORD, creator="Bo")), "attacks with its own Effects"),
        (A.Attack(target="Ana", effect=SWORD), "can't attack itself"),
        (A.Attack(target="Ogre", effect=attrs.evolve(SWORD, cost=4)), "costs 4 AP"),
        (A.Attack(target="Ogre", effect=attrs.evolve(SWORD, needs_willing=True)), "Willing"),
    ],
)
def test_bad_attacks_are_refused_without_rolling(action, message):
    fight = started()
    dice = tc.ScriptedDice([12])
    with pytest.raises(tc.TabletopError, match=message):
        fight.apply(action, rng=dice)
    assert dice.remaining == 1


def test_an_ambush_surprises_and_surprised_rolls_initiative_with_misfortune():
    fight = make(("Ana", 2, 12), ("Ogre", 0, 20))
    fight = run(fight, A.SetDetection(observer="Ana", subject="Ogre", state="undetected")).encounter
    assert fight.detection("Ana", "Ogre") is Detection.UNDETECTED
    rock = Effect(name="Rock", creator="Ogre", damage=3, trigger="Ana walks by")
    step = run(fight, A.UseEffect(effect=rock, targets=["Ana"]))
    assert step.encounter.creature("Ana").conditions.has("surprised")
    assert "Ana gains Surprised (Ogre, undetected, acts against it)" in [str(e) for e in step.events]
    # Initiative: Ana 14 + 2 - d6(5) = 11 (Surprised: Misfortune), Ogre 12: the Ogre goes first.
    step = run(step.encounter, A.RollInitiative(), [14, 5, 12])
    assert step.encounter.order == ("Ogre", "Ana")
    with pytest.raises(tc.InvalidInput):
        step.encounter.apply(A.SetDetection(observer="Ana", subject="Ana", state="hidden"))


# -- Medic's Kit, Dispatch, Revive --------------------------------------------------------------


def down_bo():
    fight = started()  # Ana's Turn; Bo 8 HP
    return run(fight, A.Damage(target="Bo", amount=8)).encounter


def test_medics_kit_makes_a_staggered_creature_stable():
    fight = down_bo()
    step = run(fight, A.UseMedicsKit(target="Bo"), [3])
    bo = step.encounter.creature("Bo")
    assert bo.conditions.has("stable")
    assert bo.conditions.has("unconscious")
    assert not bo.conditions.has("staggered")
    assert bo.conditions.instances_of("stable")[0].duration == Duration.of(hours=3)
    assert step.encounter.ap == 2
    with pytest.raises(tc.RuleError):
        step.encounter.apply(A.UseMedicsKit(target="Ogre"), rng=tc.ScriptedDice([1]))


def test_dispatch_defeats_a_helpless_creature_at_zero_hp():
    fight = down_bo()
    with pytest.raises(tc.RuleError, match="Helpless"):
        fight.apply(A.Dispatch(target="Ogre"))
    step = run(fight, A.Dispatch(target="Bo"))
    bo = step.encounter.creature("Bo")
    assert bo.is_defeated
    assert [str(e) for e in step.events] == [
        "Ana spends 1 AP (Dispatch Bo): 2 left",
        "Bo gains Defeated, Prone; loses Doomed, Helpless, Impaired, Slowed, Staggered, Unfocused "
        "(Ana's Dispatch succeeds)",
    ]
    revived = run(step.encounter, A.Revive(target="Bo", hp=2)).encounter.creature("Bo")
    assert revived.hp == 2
    assert not revived.is_defeated
    assert revived.conditions.has("prone")
    with pytest.raises(tc.RuleError):
        step.encounter.apply(A.Revive(target="Ana", hp=2))


def test_ongoing_effects_on_a_petrified_creature_pause():
    fight = make(("Ana", 0, 12))
    ward = Effect(name="Ward", creator="GM", modifiers=1, duration=Duration(3))
    stone = Effect(name="Stone", creator="GM", conditions=["petrified"], duration=Duration(2))
    fight = run(fight, A.UseEffect(effect=ward, targets=["Ana"])).encounter
    fight = run(fight, A.UseEffect(effect=stone, targets=["Ana"])).encounter
    fight = run(fight, A.PassTime(rounds=1)).encounter
    assert [(e.effect.name, e.left.rounds) for e in fight.effects] == [("Ward", 3), ("Stone", 1)]
    fight = run(fight, A.PassTime(rounds=1)).encounter  # Stone ends: Ward counts again
    assert [(e.effect.name, e.left.rounds) for e in fight.effects] == [("Ward", 3)]
    fight = run(fight, A.PassTime(rounds=1)).encounter
    assert [(e.effect.name, e.left.rounds) for e in fight.effects] == [("Ward", 2)]


def test_choices_list_the_legal_argument_free_actions():
    fight = make(("Ana", 0, 12, ["prone", "sickened"]), ("Bo", 0, 8))
    assert fight.choices() == [A.RollInitiative()]
    fight = run(fight, A.RollInitiative(), [15, 1, 3]).encounter  # Ana (Impaired: d6) 14, Bo 3
    hold = Effect(name="Hold", creator="GM", conditions=["slowed"], duration=Duration(3))
    fight = run(fight, A.UseEffect(effect=hold, targets=["Bo"])).encounter
    assert fight.choices() == [
        A.EndTurn(),
        A.Rise(),
        A.RollToEnd(condition="sickened"),
        A.Hide(observers=["Bo"]),
        A.Dismiss(effect="e1", by="GM"),
    ]
    for action in fight.choices():
        fight.apply(action, rng=tc.ScriptedDice([10, 2, 10]))  # each is legal now


def test_an_effect_that_dooms_is_tracked_under_its_own_name_and_stays():
    fight = make(("Ana", 0, 12))
    curse = Effect(name="Curse", creator="GM", doomed=3, conditions=["clumsy"], duration=Duration(10))
    fight = run(fight, A.UseEffect(effect=curse, targets=["Ana"])).encounter
    assert fight.creature("Ana").conditions.doomed == {"Curse by GM": 3}
    fight = run(fight, A.Dismiss(effect="e1", by="GM")).encounter
    ana = fight.creature("Ana")
    assert ana.conditions.doomed == {"Curse by GM": 3}  # caused: it stays
    assert not ana.conditions.has("clumsy")
    # reaching 0 from another source than Staggered at 0 HP does not Defeat (a documented reading)
    assert not ana.conditions.reduce("doomed", by=3, source="Curse by GM").has("defeated")


def test_defeated_and_petrified_creatures_are_objects_except_for_restoration():
    fight = make(("Ana", 0, 12, ["petrified"]), ("Bo", 0, 8))
    charm = Effect(name="Charm", creator="GM", conditions=["charmed"], target_kind="creature", duration=Duration(3))
    with pytest.raises(tc.RuleError, match="treated as an Object"):
        fight.apply(A.UseEffect(effect=charm, targets=["Ana"]))
    mend = Effect(name="Mend", creator="GM", healing=2, target_kind="creature")
    run(fight, A.UseEffect(effect=mend, targets=["Ana"]))  # restoration: still a Creature
    shatter = Effect(name="Shatter", creator="GM", damage=3, target_kind="object")
    with pytest.raises(tc.RuleError, match="Bo is a Creature"):
        fight.apply(A.UseEffect(effect=shatter, targets=["Bo"]))
    assert str(shatter) == "Shatter by GM: 3 Damage; On Use; Instant; object Targets"


def test_one_action_in_response_to_each_trigger():
    fight = started()  # Ana's Turn
    parry = Effect(name="Parry", creator="Ogre", conditions=["hasted"], trigger="an Attack against you",
                   duration=Duration(1))  # fmt: skip
    first = A.UseEffect(effect=parry, targets=["Ogre"], responding_to="Ana's Attack 1")
    fight = run(fight, first).encounter
    with pytest.raises(tc.RuleError, match="already used an Action in response to Ana's Attack 1"):
        fight.apply(first)
    fight = run(fight, attrs.evolve(first, responding_to="Ana's Attack 2")).encounter  # another Trigger
    assert len(fight.responses) == 2
    with pytest.raises(tc.InvalidInput, match="On Use"):
        fight.apply(A.UseEffect(effect=Effect(name="Bolt", creator="Ana"), targets=["Ogre"], responding_to="x"))
    for _ in range(3):
        fight = run(fight, A.EndTurn()).encounter
    assert fight.round == 2
    assert fight.responses == ()  # a new Round: the record starts again
    run(fight, first)


def test_a_defeated_creature_takes_no_actions():
    fight = started()  # Ana's Turn
    fight = run(fight, A.UseEffect(effect=Effect(name="Exhaust", creator="GM", fatigue=10), targets=["Ana"])).encounter
    assert fight.creature("Ana").is_defeated
    with pytest.raises(tc.RuleError, match="out of the fight"):
        fight.apply(A.TakeAction(name="Attack", ap=1))
    riposte = Effect(name="Riposte", creator="Ana", damage=2, trigger="a foe attacks")
    with pytest.raises(tc.RuleError, match="out of the fight"):
        fight.apply(A.UseEffect(effect=riposte, targets=["Ogre"]))
    step = run(fight, A.EndTurn())  # its Turn can still end
    assert step.encounter.current == "Ogre"


def test_every_action_and_event_kind_round_trips_and_renders():
    fight = started()
    seen_events = {}
    steps = [
        run(fight, A.Hide(observers=["Ogre"]), [15]),
        run(
            fight,
            A.UseEffect(
                effect=Effect(name="Shield", creator="GM", temporary_hp=3, duration=Duration(2)), targets=["Bo"]
            ),
        ),
        run(fight, A.Damage(target="Bo", amount=3)),
        run(fight, A.Heal(target="Ana", amount=1)),
        run(fight, A.EndTurn()),
        run(fight, A.Attack(target="Ogre", effect=SWORD), [15]),
    ]
    for _ in range(3):
        steps.append(run(steps[-1].encounter, A.EndTurn()))
    steps.append(run(steps[1].encounter, A.Dismiss(effect="e1", by="GM")))
    for step in steps:
        for event in step.events:
            seen_events[type(event).__name__] = event
    for name, event in seen_events.items():
        data = json.loads(json.dumps(event.to_dict()))
        assert data["type"] == f"d20.{name}"
        assert E.Event.from_dict(data) == event
        assert str(event)
    assert {"APSpent", "TestMade", "DetectionChanged", "ConditionsChanged", "EffectApplied", "TemporaryHPGained",
            "DamageTaken", "Healed", "TurnEnded", "TurnStarted", "RoundEnded", "RoundStarted",
            "EffectEnded"} <= set(seen_events)  # fmt: skip
    for kind in A.Action._kinds.values():
        assert issubclass(kind, A.Action)
    actions = [
        A.RollInitiative(), A.EndTurn(), A.TakeAction(name="Dash"), A.Rise(), A.Sneak(),
        A.UseEffect(effect=SWORD, targets=["Ogre"], responding_to="x"), A.Dismiss(effect="e1", by="Ana"),
        A.Damage(target="Bo", amount=1, energy="fire", by="Ana"), A.Heal(target="Bo", amount=1),
        A.RollToEnd(condition="sickened"), A.Hide(observers=["Bo"]), A.Search(subject="Bo"),
        A.EndCondition(target="Bo", condition="prone"), A.PassTime(minutes=1),
        A.Attack(target="Bo", effect=SWORD), A.SetDetection(observer="Bo", subject="Ana", state="hidden"),
        A.UseMedicsKit(target="Bo"), A.Dispatch(target="Bo"), A.Revive(target="Bo", hp=1),
        A.Move(to=d20.Space(1, 2)), A.Place(target="Bo", at=d20.Space(0, 3, 1)), A.EscapeGrapple(grapple="e1"),
        A.KeepFocus(), A.KeepFocus(effect="e2"), A.RollSave(targets=["Bo"], trait="mind"),
        A.RollCheck(skill="Brawn", on_success=SWORD),
        A.AddCombatant(combatant=Combatant(name="Cy", creature=Creature(max_hp=3))), A.RemoveCombatant(name="Cy"),
        A.EndEncounter(), A.CountDownDoomed(target="Bo"), A.Shatter(target="Bo"), A.LongRest(),
        A.AttackWith(attack="Sword", target="Bo"), A.UseAbility(ability="Mend", targets=["Bo"]),
    ]  # fmt: skip
    assert {type(a) for a in actions} == set(A.Action._kinds.values())
    for action in actions:
        assert A.Action.from_dict(json.loads(json.dumps(action.to_dict()))) == action
        assert str(action)
