import json

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import tabletop_core as tc
from tabletop_core.residue.conditions import Condition
from tabletop_core.residue.death import DefeatCause
from tabletop_core.residue.endurance import ActionSlot, Endurance, EnduranceDie
from tabletop_core.residue.hp import Health
from tabletop_core.residue.inventory import Inventory, InventoryKind
from tabletop_core.residue.rest import (
    RecoverAction,
    RestChoices,
    RestResult,
    RestStep,
    RestStepName,
    banish_for_strain,
    before_resting,
    check_luck_step,
    finish_recover_hp,
    pay_strain,
    recover_hp,
    recover_one,
    rest,
    start_day,
    strain_payoff,
    wear_and_tear,
)
from tabletop_core.residue.step_die import StepDie
from tabletop_core.residue.wanderer import Wanderer

FOOD, WATER, BATTERY, GEAR, RESOLVE = InventoryKind


def wanderer(*, hp=5, max_hp=6, strain=0, threshold=3, inventory="d6", luck="d6", dice=("d8", "d6"), values=None):
    values = values or [4] * len(dice)
    w = Wanderer.new(
        hp=hp,
        max_hp=max_hp,
        endurance_dice=dice,
        inventory=inventory,
        luck=luck,
        strain_threshold=threshold,
        rng=tc.ScriptedDice(values),
    )
    return attrs.evolve(w, endurance=w.endurance.with_strain(strain))


def empty_bag(**dice):
    base = {"food": "0", "water": "0", "battery": "0", "gear": "0", "resolve": "0"}
    base.update(dice)
    return Inventory(**base)


def test_before_resting_recovers_committed_dice_for_one_strain():
    w = wanderer()
    w = attrs.evolve(w, endurance=w.endurance.commit(ActionSlot.MOVE, 0))
    step = before_resting(w, rng=tc.ScriptedDice([7]))
    assert step.wanderer.strain == 1
    assert step.wanderer.endurance.committed == ()
    assert len(step.wanderer.endurance.pool) == 2
    assert step.name is RestStepName.BEFORE_RESTING
    nothing = before_resting(wanderer(), rng=tc.ScriptedDice([]))
    assert nothing.wanderer == wanderer()
    assert str(nothing) == "Before Resting: nothing to do"


def test_wear_and_tear_rolls_each_inventory_above_zero_once():
    w = wanderer(inventory=Inventory(food="d6", water="d4", battery="0", gear="d8", resolve="d10"))
    step = wear_and_tear(w, rng=tc.ScriptedDice([2, 3, 1, 9]))
    bag = step.wanderer.inventory
    assert (bag.food, bag.water, bag.battery, bag.gear, bag.resolve) == (
        StepDie.D4,
        StepDie.D4,
        StepDie.ZERO,
        StepDie.D6,
        StepDie.D10,
    )
    assert len(step.log) == 4
    assert bag.last_used is None  # the restriction starts afresh in the next step
    assert Condition.DEPLETION in step.wanderer.conditions.active


def test_strain_payoff_pays_until_below_the_threshold():
    w = wanderer(strain=5, threshold=3)
    step = strain_payoff(w, rng=tc.ScriptedDice([4, 4, 4]))
    assert step.wanderer.strain == 2
    assert len(step.log) == 3
    kinds = [line.split()[1] for line in step.lines]
    assert kinds[0] != kinds[1] != kinds[2]  # never the same Inventory twice in a row
    more = strain_payoff(w, pay=5, rng=tc.ScriptedDice([4] * 5))
    assert more.wanderer.strain == 0
    with pytest.raises(tc.InvalidInput, match="pay must be an int from 3 to 5"):
        strain_payoff(w, pay=2, rng=1)
    below = strain_payoff(wanderer(strain=2, threshold=3), rng=tc.ScriptedDice([]))
    assert below.wanderer.strain == 2
    assert below.log == ()


def test_strain_payoff_choices_follow_the_inventory_restriction():
    w = wanderer(strain=4, threshold=3)
    step = strain_payoff(w, choices=[GEAR, RESOLVE], rng=tc.ScriptedDice([1, 6]))
    assert step.wanderer.inventory.gear is StepDie.D4
    with pytest.raises(tc.RuleError, match="Inventory Restriction"):
        strain_payoff(w, choices=[GEAR, GEAR], rng=tc.ScriptedDice([5, 5]))


def test_no_inventory_banishes_one_endurance_die_and_sets_strain_to_zero():
    w = wanderer(strain=4, threshold=3, inventory=empty_bag(), dice=("d8", "d6"))
    step = strain_payoff(w, rng=tc.ScriptedDice([]))
    assert step.defeat is None
    assert step.wanderer.strain == 0
    assert step.wanderer.endurance.banished == (StepDie.D6,)
    assert step.lines == ("No Inventory: banish d6, Strain set to 0",)
    chosen = strain_payoff(w, banish=StepDie.D8, rng=tc.ScriptedDice([]))
    assert chosen.wanderer.endurance.banished == (StepDie.D8,)
    with pytest.raises(tc.RuleError, match="no d12"):
        strain_payoff(w, banish=StepDie.D12, rng=1)


def test_inventory_running_out_midway_banishes_only_while_strain_must_be_paid():
    w = wanderer(strain=4, threshold=3, inventory=empty_bag(food="d4"))
    step = strain_payoff(w, rng=tc.ScriptedDice([1]))  # Food d4 -> 0, Strain 3, still at the ST
    assert step.wanderer.strain == 0
    assert len(step.wanderer.endurance.banished) == 1
    optional = strain_payoff(w, pay=4, rng=tc.ScriptedDice([3, 1]))
    assert optional.wanderer.strain == 2
    assert optional.wanderer.endurance.banished == ()
    assert optional.lines[-1] == "no Inventory left: the rest of the Strain stays"


def test_cannot_banish_is_defeat_and_banishing_the_last_die_is_defeat():
    w = wanderer(strain=3, threshold=3, inventory=empty_bag(), dice=("d6",))
    last = strain_payoff(w, rng=tc.ScriptedDice([]))
    assert last.defeat.cause is DefeatCause.BANISHED
    assert last.wanderer.endurance_dice == 0
    nothing = attrs.evolve(w, endurance=Endurance(banished=(StepDie.D6,), strain=3))
    step = strain_payoff(nothing, rng=tc.ScriptedDice([]))
    assert step.defeat.cause is DefeatCause.BANISHED
    assert "no Endurance die to banish" in str(step)


@given(st.integers(0, 20), st.integers(1, 6), st.integers(0, 2**32 - 1), st.sampled_from(["0", "d4", "d6", "d12"]))
def test_strain_is_below_the_threshold_after_strain_payoff(strain, threshold, seed, die):
    w = wanderer(strain=strain, threshold=threshold, inventory=empty_bag(food=die, water=die))
    step = strain_payoff(w, rng=seed)
    if step.defeat is None:
        assert step.wanderer.strain < threshold
    assert step.wanderer.strain <= strain


def test_recover_hp_food_or_water_one_hp_per_roll_alternating_up_to_max():
    w = wanderer(hp=2, max_hp=6)
    step = recover_hp(w, rng=tc.ScriptedDice([4, 4, 4, 4]))
    assert step.wanderer.health == Health(6, 6)
    rolled = [line.split()[1] for line in step.lines]
    assert rolled == ["Food", "Water", "Food", "Water"]
    planned = recover_hp(w, plan=[(RecoverAction.HP, WATER), (RecoverAction.HP, FOOD)], rng=tc.ScriptedDice([1, 5]))
    assert planned.wanderer.health.hp == 4
    assert planned.wanderer.inventory.water is StepDie.D4
    with pytest.raises(tc.RuleError, match="Inventory Restriction"):
        recover_hp(w, plan=[(RecoverAction.HP, WATER), (RecoverAction.HP, WATER)], rng=tc.ScriptedDice([4, 4]))
    full = wanderer(hp=6, max_hp=6)
    with pytest.raises(tc.RuleError, match="already at Max HP"):
        recover_hp(full, plan=[(RecoverAction.HP, FOOD)], rng=tc.ScriptedDice([4]))
    assert recover_hp(full, rng=tc.ScriptedDice([])).log == ()


def test_recover_hp_uses_the_only_one_left_twice_in_a_row():
    w = wanderer(hp=3, max_hp=6, inventory=empty_bag(water="d8"))
    step = recover_hp(w, rng=tc.ScriptedDice([5, 5, 5]))
    assert step.wanderer.health.hp == 6
    dry = wanderer(hp=3, max_hp=6, inventory=empty_bag(gear="d8"))
    assert recover_hp(dry, rng=tc.ScriptedDice([])).wanderer.health.hp == 3
    with pytest.raises(tc.RuleError, match="no Food or Water"):
        recover_hp(dry, plan=[(RecoverAction.HP, None)], rng=1)


def test_bleeding_rolls_when_recovering_hp():
    w = wanderer(hp=4, max_hp=6)
    w = attrs.evolve(w, conditions=w.conditions.gain(Condition.BLEEDING))
    step = recover_hp(w, rng=tc.ScriptedDice([4, 4, 2]))
    assert step.wanderer.conditions.bleeding is StepDie.D4
    assert "Bleeding" in step.lines[-1]
    assert step.log[-1].die is not None  # the Bleeding roll, kept whole


def test_panic_and_fatigue_alternative():
    w = wanderer(hp=6, max_hp=6)
    w = attrs.evolve(w, conditions=w.conditions.gain(Condition.PANIC).gain(Condition.FATIGUE))
    step = recover_hp(
        w, plan=[(RecoverAction.PANIC, GEAR), (RecoverAction.FATIGUE, BATTERY)], rng=tc.ScriptedDice([4, 1, 3, 5])
    )
    assert step.wanderer.conditions.panic is StepDie.D4
    assert step.wanderer.conditions.fatigue is StepDie.D6
    assert step.wanderer.health.hp == 6
    plain = wanderer()
    with pytest.raises(tc.RuleError, match="needs Panic"):
        recover_hp(plain, plan=[(RecoverAction.PANIC, GEAR)], rng=1)
    with pytest.raises(TypeError, match="plan\\[0\\]"):
        recover_hp(plain, plan=["food"], rng=1)


def test_check_luck_and_luck_zero():
    assert check_luck_step(wanderer(luck="d6"), rng=tc.ScriptedDice([6])).wanderer.luck is StepDie.D8
    assert check_luck_step(wanderer(luck="d6"), rng=tc.ScriptedDice([2])).wanderer.luck is StepDie.D4
    assert check_luck_step(wanderer(luck="0"), rng=tc.ScriptedDice([])).wanderer.luck is StepDie.D4


def test_start_day_rolls_available_dice_and_brings_exhausted_ones_back():
    w = wanderer(dice=("d8", "d6", "d4"), values=[1, 1, 1])
    w = attrs.evolve(w, endurance=w.endurance.exhaust(pool=[1]).banish(pool=[1]))
    step = start_day(w, rng=tc.ScriptedDice([5, 6, 7]))
    endurance = step.wanderer.endurance
    assert [d.die for d in endurance.pool] == [StepDie.D8, StepDie.D6]
    assert endurance.exhausted == ()
    assert endurance.banished == (StepDie.D4,)
    assert all(d.value > 1 for d in endurance.pool)
    committed = attrs.evolve(w, endurance=w.endurance.commit(ActionSlot.SKILL, 0))
    with pytest.raises(tc.RuleError, match="committed"):
        start_day(committed, rng=1)


def test_rest_runs_every_step_in_order():
    w = wanderer(hp=3, max_hp=6, strain=4, threshold=3)
    w = attrs.evolve(w, endurance=w.endurance.commit(ActionSlot.ATTACK, 0))
    result = rest(w, rng=2026)
    assert [s.name for s in result.steps] == list(RestStepName)
    assert result.defeat is None
    assert result.wanderer.strain < 3
    assert result.wanderer.endurance.committed == ()
    assert str(result).startswith("Before Resting: Recover with Strain +1 Strain")
    assert rest(w, rng=2026) == result  # same seed, same Rest


def test_rest_stops_at_a_defeat():
    w = wanderer(strain=3, threshold=3, inventory=empty_bag(), dice=("d6",))
    result = rest(w, rng=1)
    assert result.defeat.cause is DefeatCause.BANISHED
    assert result.steps[-1].name is RestStepName.STRAIN_PAYOFF


def test_rest_choices():
    w = wanderer(hp=4, max_hp=6, strain=4, threshold=3)
    choices = RestChoices(pay=4, recover_plan=((RecoverAction.HP, WATER),))
    result = rest(w, choices=choices, rng=7)
    assert result.wanderer.strain == 0
    assert result.wanderer.health.hp == 5
    with pytest.raises(TypeError, match="choices"):
        rest(w, choices={"pay": 4}, rng=7)


def test_json_round_trips():
    w = wanderer(strain=4)
    result = rest(w, rng=3)
    assert RestResult.from_dict(json.loads(json.dumps(result.to_dict()))) == result
    assert RestStep.from_json(result.steps[2].to_json()) == result.steps[2]
    assert Wanderer.from_json(w.to_json()) == w
    choices = RestChoices(pay=2, payoff_choices=(FOOD, None), recover_plan=((RecoverAction.PANIC, GEAR),))
    assert RestChoices.from_json(choices.to_json()) == choices


def test_wanderer_sheet():
    w = wanderer(inventory=empty_bag(food="d6"))
    assert Condition.DEHYDRATION in w.conditions.active
    assert w.endurance_dice == 2
    assert w.strain_check.name == "TRAVEL_OR_REST"
    assert "Dehydration" in str(w)
    assert isinstance(w.endurance.pool[0], EnduranceDie)
    with pytest.raises(tc.InvalidInput, match="strain_threshold"):
        wanderer(threshold=0)
    with pytest.raises(tc.InvalidInput, match="hp"):
        wanderer(hp=7, max_hp=6)


def test_one_payment_at_a_time_keeps_the_inventory_restriction():
    w = wanderer(strain=4, threshold=3)
    first = pay_strain(w, GEAR, rng=tc.ScriptedDice([5]))
    assert first.wanderer.strain == 3
    with pytest.raises(tc.RuleError, match="Inventory Restriction"):
        pay_strain(first.wanderer, GEAR, rng=tc.ScriptedDice([5]))
    second = pay_strain(first.wanderer, FOOD, rng=tc.ScriptedDice([1]))
    assert second.wanderer.inventory.food is StepDie.D4
    with pytest.raises(tc.RuleError, match="no Strain"):
        pay_strain(wanderer(strain=0), rng=1)


def test_banish_for_strain_only_when_no_inventory_and_strain_must_be_paid():
    with pytest.raises(tc.RuleError, match="every Inventory is at 0"):
        banish_for_strain(wanderer(strain=3))
    with pytest.raises(tc.RuleError, match="must still be paid"):
        banish_for_strain(wanderer(strain=2, inventory=empty_bag()))
    step = banish_for_strain(wanderer(strain=3, inventory=empty_bag()), StepDie.D8)
    assert step.wanderer.endurance.banished == (StepDie.D8,)
    assert step.wanderer.strain == 0


def test_recover_one_roll_at_a_time_and_bleeding_at_the_end():
    w = wanderer(hp=4, max_hp=6)
    w = attrs.evolve(w, conditions=w.conditions.gain(Condition.BLEEDING))
    one = recover_one(w, RecoverAction.HP, WATER, rng=tc.ScriptedDice([4]))
    assert one.wanderer.health.hp == 5
    with pytest.raises(tc.RuleError, match="Inventory Restriction"):
        recover_one(one.wanderer, RecoverAction.HP, WATER, rng=tc.ScriptedDice([4]))
    done = finish_recover_hp(one.wanderer, healed=True, rng=tc.ScriptedDice([1]))
    assert done.wanderer.conditions.bleeding is StepDie.D4
    assert done.wanderer.inventory.last_used is None
    assert finish_recover_hp(one.wanderer, healed=False, rng=tc.ScriptedDice([])).log == ()
    with pytest.raises(TypeError, match="healed"):
        finish_recover_hp(w, healed=1)
