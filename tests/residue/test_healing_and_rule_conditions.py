"""Bleeding on every healing, and a Condition gained from a rule (issue 13, item 2).

Glossary: "Bleeding: Starts d6. -1 HP whenever you Commit. When recovering HP, roll
Bleeding. On 1-2, Bleeding ⇩." and "Dehydration: All Actions -★. Remove when Water
returns."
"""

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import tabletop_core as tc
from tabletop_core import ScriptedDice
from tabletop_core import residue as rs
from tabletop_core.residue.actions import commit_action
from tabletop_core.residue.conditions import Condition, Conditions
from tabletop_core.residue.healing import Healing, heal, resolve_healing, roll_bleeding
from tabletop_core.residue.hp import Health
from tabletop_core.residue.inventory import InventoryKind
from tabletop_core.residue.rest import finish_recover_hp
from tabletop_core.residue.wanderer import Wanderer


def sheet(*, hp=3, max_hp=6, inventory="d6"):
    return Wanderer.new(
        hp=hp,
        max_hp=max_hp,
        endurance_dice=["d8"],
        inventory=inventory,
        luck="d6",
        strain_threshold=3,
        rng=ScriptedDice([7]),
    )


def bleeding(wanderer, times=1):
    for _ in range(times):
        wanderer = wanderer.gain_condition("Bleeding")
    return wanderer


# -- Bleeding: every healing rolls it ---------------------------------------------


def test_decision_bleeding_rolled_on_an_entry_heal_1_2_steps_down():
    w = bleeding(sheet())  # Bleeding d6
    done, after = heal(w, 2, rng=ScriptedDice([2]))
    assert (done.before.hp, done.after.hp, done.recovered) == (3, 5, 2)
    assert done.bleeding is not None
    assert (done.bleeding.die, done.bleeding.value) == (rs.StepDie.D6, 2)
    assert after.conditions.bleeding is rs.StepDie.D4
    assert after.health == Health(5, 6)
    assert str(done) == "+2 HP: 3 -> 5/6 · Bleeding d6 → 2: Bleeding ⇩ d4"


def test_bleeding_3_plus_no_change_and_a_d4_stepping_down_removes_it():
    w = bleeding(sheet())
    _done, after = heal(w, 1, rng=ScriptedDice([3]))
    assert after.conditions.bleeding is rs.StepDie.D6
    low = attrs.evolve(w, conditions=attrs.evolve(w.conditions, bleeding=rs.StepDie.D4))
    _done, after = heal(low, 1, rng=ScriptedDice([1]))
    assert not after.conditions.has(Condition.BLEEDING)


def test_no_hp_recovered_no_bleeding_roll_and_no_bleeding_no_roll():
    full = bleeding(sheet(hp=6))
    done, after = heal(full, 2, rng=ScriptedDice([]))  # nothing drawn: DiceExhausted otherwise
    assert done.recovered == 0
    assert done.bleeding is None
    assert after.conditions.bleeding is rs.StepDie.D6
    done, after = heal(sheet(), 2, rng=ScriptedDice([]))
    assert done.recovered == 2
    assert done.bleeding is None


def test_the_rest_and_an_entry_heal_share_one_bleeding_roll():
    conditions = Conditions(bleeding="d8")
    roll, after = roll_bleeding(conditions, recovered=True, rng=ScriptedDice([1]))
    assert roll is not None
    assert after.bleeding is rs.StepDie.D6
    assert roll_bleeding(conditions, recovered=False, rng=ScriptedDice([])) == (None, conditions)
    w = attrs.evolve(sheet(), conditions=conditions)
    step = finish_recover_hp(w, healed=True, rng=ScriptedDice([1]))
    assert step.wanderer.conditions.bleeding is rs.StepDie.D6


def test_resolve_healing_pure_rule_and_its_errors():
    done = resolve_healing(Health(3, 6), 5, bleeding="d6", bleeding_value=6)
    assert (done.after.hp, done.recovered, done.bleeding.after) == (6, 3, rs.StepDie.D6)
    assert resolve_healing(Health(3, 6), 4, beyond_max=True).after == Health(7, 7)
    with pytest.raises(tc.InvalidInput, match="bleeding_value must be given"):
        resolve_healing(Health(3, 6), 1, bleeding="d6")
    with pytest.raises(tc.InvalidInput, match="must be None"):
        resolve_healing(Health(6, 6), 1, bleeding="d6", bleeding_value=3)
    with pytest.raises(tc.InvalidInput):
        resolve_healing(Health(3, 6), 1, bleeding="d6", bleeding_value=7)
    with pytest.raises(tc.InvalidInput):
        resolve_healing(Health(3, 6), -1)
    with pytest.raises(TypeError):
        resolve_healing(6, 1)  # type: ignore[arg-type]


def test_healing_json_round_trip_and_a_tampered_save_is_refused():
    done = resolve_healing(Health(3, 6), 2, bleeding="d6", bleeding_value=2)
    assert Healing.from_json(done.to_json()) == done
    data = done.to_dict()
    data["after"]["hp"] = 6
    with pytest.raises(tc.TabletopError):
        Healing.from_dict(data)


@given(hp=st.integers(1, 10), extra=st.integers(0, 10), amount=st.integers(0, 12), value=st.integers(1, 6))
def test_healing_never_passes_max_hp_and_rolls_bleeding_exactly_when_hp_is_recovered(hp, extra, amount, value):
    w = bleeding(sheet(hp=hp, max_hp=hp + extra))
    done, after = heal(w, amount, rng=ScriptedDice([value]))
    assert after.health.hp == min(hp + extra, hp + amount)
    assert (done.bleeding is not None) == (done.recovered > 0)


# -- a Condition gained from a rule ------------------------------------------------


def test_decision_condition_from_a_rule_dehydration_gives_the_next_attack_minus_one_star():
    w = sheet()  # Water d6: no Dehydration from the Inventory
    ruled = attrs.evolve(w, conditions=w.conditions.gain("Dehydration"))  # the way the issue wrote it
    assert ruled.conditions.has(Condition.DEHYDRATION)
    assert ruled == w.gain_condition("Dehydration")
    # the d8 showing 7 is ★★; Dehydration: All Actions -1 star
    result = commit_action(ruled.endurance, "attack", 0, conditions=ruled.conditions, rng=ScriptedDice([]))
    assert (result.action.base_stars, result.stars) == (2, 1)
    plain = commit_action(w.endurance, "attack", 0, conditions=w.conditions, rng=ScriptedDice([]))
    assert plain.stars == 2


def test_a_ruled_condition_stays_while_its_inventory_falls_and_goes_when_it_returns():
    ruled = sheet().gain_condition("Dehydration")
    down = ruled.with_inventory(ruled.inventory.step_down(InventoryKind.WATER))
    assert down.conditions.has(Condition.DEHYDRATION)
    back = down.with_inventory(down.inventory.step_up(InventoryKind.WATER))  # Water returns
    assert not back.conditions.has(Condition.DEHYDRATION)
    assert back.conditions.from_rules == ()
    other = ruled.with_inventory(ruled.inventory.step_up(InventoryKind.FOOD))
    assert other.conditions.has(Condition.DEHYDRATION)


def test_corruption_from_a_rule_is_permanent_and_die_conditions_start_d6():
    corrupt = sheet().gain_condition("Corruption")
    assert corrupt.inventory.corrupted
    assert corrupt.conditions.has(Condition.CORRUPTION)
    up = corrupt.with_inventory(corrupt.inventory.step_up(InventoryKind.FOOD))
    assert up.conditions.has(Condition.CORRUPTION)
    assert sheet().gain_condition("Fear").conditions.fear is rs.StepDie.D6
    assert sheet().gain_condition("Fear").gain_condition("fear").conditions.fear is rs.StepDie.D8


def test_a_ruled_condition_survives_json_and_a_bad_condition_is_refused():
    ruled = sheet().gain_condition("Exposed")
    assert Wanderer.from_json(ruled.to_json()) == ruled
    assert Wanderer.from_json(ruled.to_json()).conditions.has(Condition.EXPOSED)
    w = sheet()
    with pytest.raises(tc.InvalidInput):
        w.gain_condition("Sunburn")
    with pytest.raises(TypeError):
        w.gain_condition(3)  # type: ignore[arg-type]


def test_conditions_saved_before_from_rules_still_load():
    data = Conditions(fear="d6", others=("Exposed",)).to_dict()
    assert "from_rules" not in data  # an optional key: written only when it holds something
    assert Conditions.from_dict(data) == Conditions(fear="d6", others=("Exposed",))
