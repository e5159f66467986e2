import json

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import tabletop_core as tc
from tabletop_core import d20
from tabletop_core.d20 import (
    Condition,
    Conditions,
    Creature,
    Duration,
    EndAttempt,
    Outcome,
    Stakes,
    TurnEnd,
    TurnStart,
    action_points,
    resolve_doomed,
)

C = Condition


def with_conditions(*names, **kwargs):
    state = Conditions()
    for name in names:
        state = state.add(name)
    return Creature(max_hp=10, conditions=state, **kwargs)


# -- Action Points -----------------------------------------------------------------


def test_action_points_slowed_hasted_incapacitated():
    assert action_points(Conditions()) == 3
    assert action_points(Conditions().add("slowed")) == 2
    assert action_points(Conditions().add("hasted")) == 4
    assert action_points(Conditions().add("hasted").add("slowed")) == 3
    assert action_points(Conditions().add("incapacitated")) == 0
    assert action_points(Conditions().add("unconscious")) == 0
    assert action_points(Conditions().add("staggered")) == 2  # Staggered gives Slowed
    assert action_points(Conditions(), base=5) == 5
    assert action_points(Conditions().add("slowed"), base=1) == 1
    assert with_conditions("hasted", base_action_points=4).action_points == 5


# -- HP, Temporary HP and Damage -------------------------------------------------------


def test_temporary_hp_absorbs_damage_first():
    hero = Creature(max_hp=10, temp_hp=3).take_damage(5)
    assert (hero.hp, hero.temp_hp) == (8, 0)
    assert Creature(max_hp=10).gain_temporary_hp(4).gain_temporary_hp(2).temp_hp == 4


def test_dropping_to_zero_staggers_dooms_and_fatigues():
    hero = Creature(max_hp=10, hp=4, soul=1).take_damage(9)
    assert hero.hp == 0
    assert hero.conditions.present == {C.STAGGERED, C.DOOMED, C.FATIGUE}
    assert hero.conditions.fatigue == 1
    assert hero.doomed is None  # rolled at the start of the next Turn
    assert hero.doomed_roll_due
    assert not hero.resolve_start_turn(doomed_d4=2).creature.doomed_roll_due
    assert hero.conditions.has("impaired")
    assert hero.conditions.has("helpless")
    assert hero.conditions.has("off guard")
    assert hero.conditions.has("slowed")
    assert hero.conditions.has("unfocused")
    # Damage at 0 HP does not stagger again.
    again = hero.take_damage(3)
    assert again.conditions.fatigue == 1


def test_doomed_is_1d4_plus_soul_minimum_1_and_counts_down_to_defeated():
    assert resolve_doomed(d4=3, soul=2) == 5
    assert resolve_doomed(d4=1, soul=-4) == 1
    hero = Creature(max_hp=10, hp=1, soul=0).take_damage(1)
    start = hero.start_turn(rng=tc.ScriptedDice([2]))
    assert start.doomed_d4 == 2
    assert start.creature.doomed == 2
    assert start.action_points == 2  # Staggered -> Slowed
    hero = start.creature.end_round()
    assert hero.doomed == 1
    assert not hero.is_defeated
    hero = hero.end_round()
    assert hero.is_defeated
    assert hero.conditions.has("prone")
    assert hero.doomed is None


def test_start_turn_pure_form_checks_the_d4():
    hero = Creature(max_hp=10, hp=1, soul=-2).take_damage(1)
    with pytest.raises(tc.InvalidInput, match="doomed_d4 must be given"):
        hero.resolve_start_turn()
    start = hero.resolve_start_turn(doomed_d4=1)
    assert start.creature.doomed == 1
    assert str(start) == "Turn starts: 2 AP; Doomed = d4(1) + Soul -2 = 1 (minimum 1)"
    with pytest.raises(tc.InvalidInput, match="doomed_d4 must be None"):
        start.creature.resolve_start_turn(doomed_d4=3)


def test_surprised_ends_when_the_turn_starts():
    start = with_conditions("surprised").start_turn(rng=tc.ScriptedDice([]))
    assert not start.creature.conditions.has("surprised")
    assert str(start) == "Turn starts: 3 AP"


def test_medics_kit_makes_stable_then_wakes_with_1_hp():
    hero = Creature(max_hp=10, hp=2).take_damage(2)
    with pytest.raises(tc.RuleError):
        Creature(max_hp=10).use_medics_kit(rng=tc.ScriptedDice([3]))
    dice = tc.ScriptedDice([3])
    stable = hero.use_medics_kit(rng=dice)
    assert dice.remaining == 0
    assert stable.conditions.has("stable")
    assert not stable.conditions.has("staggered")
    assert stable.doomed is None
    assert stable.conditions.has("unconscious")
    assert stable.hp == 0
    assert stable.conditions.instances_of("stable")[0].duration == Duration.of(hours=3)
    asleep = stable.pass_time(hours=2, minutes=59)
    assert asleep.hp == 0
    assert asleep.conditions.has("stable")
    awake = asleep.pass_time(minutes=1)
    assert awake.hp == 1
    assert not awake.conditions.has("unconscious")


def test_stable_ends_on_healing_or_damage():
    stable = Creature(max_hp=10, hp=1).take_damage(1).stabilize(hours=2)
    healed = stable.heal(3)
    assert healed.hp == 3
    assert not healed.conditions.has("stable")
    hurt = stable.take_damage(1)
    assert not hurt.conditions.has("stable")
    assert hurt.conditions.has("staggered")  # back to dying (an assumption)
    assert hurt.conditions.fatigue == 2


def test_medics_kit_too_late():
    hero = Creature(max_hp=10, hp=1).take_damage(1).resolve_start_turn(doomed_d4=1).creature.end_round()
    assert hero.is_defeated
    with pytest.raises(tc.RuleError, match="Medic's Kit"):
        hero.stabilize(hours=1)


def test_healing_from_zero_ends_staggered():
    hero = Creature(max_hp=10, hp=1).take_damage(1).heal(4)
    assert hero.hp == 4
    assert not hero.conditions.has("staggered")
    assert hero.conditions.doomed == {}
    assert hero.conditions.fatigue == 1  # Fatigue stays until a Long Rest


def test_defeated_cannot_be_healed_but_can_be_revived():
    hero = with_conditions("defeated", hp=0)
    with pytest.raises(tc.RuleError, match="can't receive Healing"):
        hero.heal(3)
    revived = hero.revive(1)
    assert revived.hp == 1
    assert not revived.is_defeated


def test_fatigue_ten_defeats_and_long_rest_removes_one():
    hero = Creature(max_hp=10, conditions=Conditions().add("fatigue", value=9))
    assert hero.long_rest().conditions.fatigue == 8
    hero = hero.take_damage(10)  # Staggered brings the tenth Fatigue
    assert hero.conditions.fatigue == 10
    assert hero.is_defeated
    assert Creature(max_hp=3).long_rest() == Creature(max_hp=3)


def test_dispatch_and_shatter():
    dying = Creature(max_hp=5, hp=1).take_damage(1)
    assert dying.dispatch().is_defeated
    with pytest.raises(tc.RuleError, match="Helpless"):
        Creature(max_hp=5).dispatch()
    stone = with_conditions("petrified")
    assert stone.take_damage(5) == stone  # can't lose HP
    assert stone.heal(5) == stone
    assert stone.shatter().is_defeated
    with pytest.raises(tc.RuleError):
        Creature(max_hp=5).shatter()


# -- Persistent Damage ----------------------------------------------------------------


def burning(value=3, energy="fire", **kwargs):
    return Creature(max_hp=20, conditions=Conditions().add("persistent damage", value=value, energy=energy), **kwargs)


def test_persistent_damage_success_ends_it():
    end = burning().end_turn(rng=tc.ScriptedDice([15]))
    assert end.damage == 3
    assert end.creature.hp == 17
    assert end.rolls[0].stakes is Stakes.MID
    assert end.rolls[0].outcome is Outcome.SUCCESS
    assert not end.creature.conditions.has("persistent damage")
    assert str(end) == "Turn ends: 3 Persistent Damage; fire: Flat Roll 15 = 15 · Mid Stakes -> Success -> ends"


def test_persistent_damage_setback_makes_next_roll_low_stakes():
    end = burning().end_turn(rng=tc.ScriptedDice([10]))
    assert end.rolls[0].outcome is Outcome.SETBACK
    assert end.creature.conditions.has("persistent damage")
    second = end.creature.end_turn(rng=tc.ScriptedDice([10]))
    assert second.rolls[0].stakes is Stakes.LOW
    assert second.rolls[0].outcome is Outcome.SUCCESS
    assert second.creature.hp == 14
    assert not second.creature.conditions.has("persistent damage")


def test_persistent_damage_low_stakes_only_for_the_roll_right_after_a_setback():
    # "Setback: Your next roll to end it becomes Low Stakes." Only the next roll: 12 is a Mid Setback,
    # 4 a Low Failure (4 or lower), so the roll after that is Mid again (9: Mid Failure).
    after_setback = burning().end_turn(rng=tc.ScriptedDice([12])).creature
    failed = after_setback.end_turn(rng=tc.ScriptedDice([4]))
    assert (failed.rolls[0].stakes, failed.rolls[0].outcome) == (Stakes.LOW, Outcome.FAILURE)
    assert not failed.creature.conditions.instances_of("persistent damage")[0].easier_end
    back_to_mid = failed.creature.end_turn(rng=tc.ScriptedDice([9]))
    assert (back_to_mid.rolls[0].stakes, back_to_mid.rolls[0].outcome) == (Stakes.MID, Outcome.FAILURE)
    # A Setback on the Low Stakes roll (5-9) keeps the next one Low.
    low_setback = after_setback.end_turn(rng=tc.ScriptedDice([5]))
    assert (low_setback.rolls[0].stakes, low_setback.rolls[0].outcome) == (Stakes.LOW, Outcome.SETBACK)
    assert low_setback.creature.end_turn(rng=tc.ScriptedDice([10])).rolls[0].stakes is Stakes.LOW


def test_persistent_damage_failure_continues_and_highest_per_energy():
    state = (
        Conditions()
        .add("persistent damage", value=3, energy="fire")
        .add("persistent damage", value=5, energy="fire")
        .add("persistent damage", value=2, energy="acid")
    )
    hero = Creature(max_hp=20, conditions=state)
    assert hero.flat_rolls_needed() == 2
    end = hero.resolve_end_turn(flat_rolls=[9, 15])  # acid first (name order), then fire
    assert end.damage == 7
    assert end.energies == ("acid", "fire")
    assert end.creature.conditions.persistent_damage == {"acid": 2}
    with pytest.raises(tc.InvalidInput, match="one d20 per Energy"):
        hero.resolve_end_turn(flat_rolls=[9])


def test_persistent_damage_ends_after_a_minute():
    assert burning().pass_time(minutes=1).conditions.persistent_damage == {}
    assert burning().end_round().conditions.persistent_damage == {"fire": 3}


# -- Sickened and Restrained ----------------------------------------------------------


def test_sickened_body_save_with_its_own_misfortune():
    hero = with_conditions("sickened")
    attempt = hero.roll_to_end("sickened", modifier=2, rng=tc.ScriptedDice([15, 3]))
    assert attempt.roll.kind.value == "Save"
    assert attempt.roll.misfortune == ("Impaired (from Sickened)",)
    assert attempt.roll.total == 14
    assert attempt.roll.outcome is Outcome.SETBACK
    assert not attempt.ended
    assert attempt.creature.conditions.instances_of("sickened")[0].easier_end
    again = attempt.creature.roll_to_end("sickened", modifier=2, rng=tc.ScriptedDice([9, 1]))  # 9 + 2 - 1 = 10
    assert again.roll.stakes is Stakes.LOW
    assert again.ended
    assert not again.creature.conditions.has("sickened")


def test_sickened_low_stakes_only_for_the_roll_right_after_a_setback():
    hero = with_conditions("sickened")
    setback = hero.apply_end_roll("sickened", d20.resolve_test(flat_roll=12, stakes="mid", kind="save"))
    assert setback.creature.end_roll_kind("sickened")[3] is Stakes.LOW
    # 3 at Low Stakes is a Failure (4 or lower): the next roll is Mid Stakes again.
    failed = setback.creature.apply_end_roll("sickened", d20.resolve_test(flat_roll=3, stakes="low", kind="save"))
    assert not failed.ended
    assert failed.creature.end_roll_kind("sickened")[3] is Stakes.MID
    attempt = failed.creature.roll_to_end("sickened", rng=tc.ScriptedDice([14, 1]))  # 14 - 1 = 13
    assert (attempt.roll.stakes, attempt.roll.outcome) == (Stakes.MID, Outcome.SETBACK)


def test_restrained_brawn_check():
    hero = with_conditions("restrained")
    attempt = hero.roll_to_end("restrained", modifier=4, rng=tc.ScriptedDice([11]))
    assert attempt.roll.modifiers[0].source == "Skill: Brawn"
    assert attempt.ended
    assert str(attempt) == "Check 11 + 4 = 15 · Mid Stakes -> Success -> Restrained ends"
    setback = hero.roll_to_end("restrained", modifier=0, rng=tc.ScriptedDice([11]))
    assert not setback.creature.conditions.instances_of("restrained")[0].easier_end  # only Sickened says so
    with pytest.raises(tc.RuleError):
        hero.roll_to_end("prone")
    with pytest.raises(tc.RuleError):
        Creature(max_hp=3).roll_to_end("sickened")


# -- data and errors ------------------------------------------------------------------


def test_records_round_trip():
    hero = Creature(max_hp=10, hp=1, soul=2, temp_hp=0).take_damage(1)
    start = hero.start_turn(rng=tc.ScriptedDice([4]))
    end = burning().end_turn(rng=tc.ScriptedDice([12]))
    attempt = with_conditions("sickened").roll_to_end("sickened", rng=tc.ScriptedDice([20, 6]))
    for record, cls in ((hero, Creature), (start, TurnStart), (end, TurnEnd), (attempt, EndAttempt)):
        assert cls.from_dict(json.loads(json.dumps(record.to_dict()))) == record


@pytest.mark.parametrize(
    ("kwargs", "error"),
    [
        ({"max_hp": 0}, tc.InvalidInput),
        ({"max_hp": 5, "hp": 6}, tc.InvalidInput),
        ({"max_hp": 5, "hp": -1}, tc.InvalidInput),
        ({"max_hp": 5, "temp_hp": -1}, tc.InvalidInput),
        ({"max_hp": 5.0}, TypeError),
        ({"max_hp": 5, "conditions": ["prone"]}, TypeError),
    ],
)
def test_bad_creatures(kwargs, error):
    with pytest.raises(error):
        Creature(**kwargs)


@given(
    events=st.lists(
        st.one_of(
            st.tuples(st.just("damage"), st.integers(-2, 15)),
            st.tuples(st.just("heal"), st.integers(-2, 15)),
            st.tuples(st.just("round"), st.just(0)),
            st.tuples(st.just("start"), st.integers(1, 4)),
            st.tuples(st.just("kit"), st.integers(1, 4)),
            st.tuples(st.just("rest"), st.just(0)),
        ),
        max_size=15,
    )
)
def test_any_events_keep_the_creature_valid_and_errors_change_nothing(events):
    hero = Creature(max_hp=12, hp=6, soul=1)
    for event, value in events:
        before = hero
        try:
            if event == "damage":
                hero = hero.take_damage(value)
            elif event == "heal":
                hero = hero.heal(value)
            elif event == "round":
                hero = hero.end_round()
            elif event == "start":
                hero = hero.start_turn(rng=tc.ScriptedDice([value])).creature
            elif event == "kit":
                hero = hero.stabilize(hours=value)
            else:
                hero = hero.long_rest()
        except (tc.TabletopError, TypeError):
            assert hero is before
        assert 0 <= hero.hp <= hero.max_hp
        assert 0 <= hero.conditions.fatigue <= 10
        assert (hero.conditions.has("staggered") or hero.conditions.has("stable")) <= (hero.hp == 0)
    assert Creature.from_json(hero.to_json()) == hero


@pytest.mark.parametrize(
    ("build", "error"),
    [
        (lambda hero, roll: TurnStart(creature=3, action_points=2), TypeError),
        (lambda hero, roll: TurnStart(creature=hero, action_points=2, doomed_d4=5), tc.InvalidInput),
        (lambda hero, roll: TurnEnd(creature=None, damage=0), TypeError),
        (lambda hero, roll: TurnEnd(creature=hero, damage=0, energies=("fire",), rolls=()), tc.InvalidInput),
        (lambda hero, roll: TurnEnd(creature=hero, damage=0, energies=(3,), rolls=(roll,)), TypeError),
        (lambda hero, roll: TurnEnd(creature=hero, damage=0, energies=("fire",), rolls=("15",)), TypeError),
        (lambda hero, roll: EndAttempt(condition="dazed", roll=roll, creature=hero), tc.InvalidInput),
        (lambda hero, roll: EndAttempt(condition="sickened", roll=15, creature=hero), TypeError),
        (lambda hero, roll: EndAttempt(condition="sickened", roll=roll, creature="hero"), TypeError),
    ],
)
def test_turn_records_check_their_fields(build, error):
    hero = Creature(max_hp=5)
    roll = d20.resolve_test(flat_roll=15, stakes="mid", kind="flat roll")
    with pytest.raises(error) as caught:
        build(hero, roll)
    assert "Attribute(" not in str(caught.value)
    attempt = EndAttempt(condition="sickened", roll=roll, creature=hero)
    assert attempt.condition is C.SICKENED  # a name is read as the Condition


def test_petrified_pauses_persistent_damage_and_doomed():
    # Petrified: "Ongoing Effects on you pause" (and you can't lose HP): no Damage, no roll to end it.
    conditions = Conditions().add("persistent damage", value=3, energy="fire").add("petrified")
    statue = Creature(max_hp=20, conditions=conditions)
    assert statue.flat_rolls_needed() == 0
    end = statue.end_turn(rng=tc.ScriptedDice([]))
    assert (end.damage, end.rolls, end.creature.hp) == (0, (), 20)
    assert end.creature.conditions.instances_of("persistent damage")[0].value == 3
    assert str(end) == "Turn ends"
    # A Staggered creature turned to stone: its Doomed value holds while it is Petrified.
    dying = Creature(max_hp=10, hp=1).take_damage(1).resolve_start_turn(doomed_d4=2).creature
    frozen = attrs.evolve(dying, conditions=dying.conditions.add("petrified")).end_round()
    assert frozen.doomed == 2
    assert dying.end_round().doomed == 1
