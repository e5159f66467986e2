import pytest
from hypothesis import given
from hypothesis import strategies as st

from support import round_trip
from tabletop_core import InvalidInput, RuleError, ScriptedDice
from tabletop_core.residue.conditions import Condition, ConditionRoll, Conditions, resolve_condition_roll
from tabletop_core.residue.inventory import Inventory
from tabletop_core.residue.step_die import StepDie

S = StepDie
C = Condition
DIE_CONDITIONS = [C.FEAR, C.BLEEDING, C.PANIC, C.FATIGUE, C.DELIRIUM]


def test_every_glossary_condition_exists():
    names = {c.value for c in C}
    assert names == {
        "Starvation",
        "Dehydration",
        "Depletion",
        "Exposed",
        "Corruption",
        "Fear",
        "Bleeding",
        "Panic",
        "Fatigue",
        "Delirium",
    }
    assert {c for c in C if c.has_die} == set(DIE_CONDITIONS)


@pytest.mark.parametrize("condition", DIE_CONDITIONS)
def test_condition_die_starts_d6_and_steps_up_to_d12(condition):
    state = Conditions().gain(condition)
    assert state.die(condition) is S.D6  # Starts d6
    assert state.has(condition)
    dice = []
    for _ in range(5):
        state = state.gain(condition)  # Same Condition Again
        dice.append(state.die(condition))
    assert dice == [S.D8, S.D10, S.D12, S.D12, S.D12]


@pytest.mark.parametrize("condition", DIE_CONDITIONS)
def test_condition_roll_1_2_steps_down_and_d4_removes(condition):
    state = Conditions(**{condition.name.lower(): "d6"})
    roll, after = state.roll(condition, rng=ScriptedDice([2]))
    assert (roll.value, roll.after, after.die(condition)) == (2, S.D4, S.D4)
    roll, after = after.roll(condition, rng=ScriptedDice([3]))
    assert after.die(condition) is S.D4
    assert not roll.removed
    roll, after = after.roll(condition, rng=ScriptedDice([1]))
    assert roll.removed
    assert not after.has(condition)
    assert f"{condition} d4 → 1: {condition} ⇩ 0 (removed)" == str(roll)
    with pytest.raises(RuleError, match="not on the Wanderer"):
        after.roll(condition, rng=ScriptedDice([1]))


def test_fear_only_6_plus_and_fatigue_only_7_minus():
    fear = Conditions(fear="d6")
    assert [fear.commit_blocker(v) for v in (5, 6, 12)] == [C.FEAR, None, None]
    fatigue = Conditions(fatigue="d6")
    assert [fatigue.commit_blocker(v) for v in (7, 8, 1)] == [None, C.FATIGUE, None]
    both = Conditions(fear="d6", fatigue="d6")
    assert [v for v in range(1, 13) if both.commit_blocker(v) is None] == [6, 7]
    with pytest.raises(RuleError, match="Fear"):
        fear.check_commit(5)
    with pytest.raises(RuleError, match="Fatigue"):
        fatigue.check_commit(8)


def test_other_conditions_and_inventory():
    state = Conditions().gain("dehydration")
    assert state.has(C.DEHYDRATION)
    assert not state.remove(C.DEHYDRATION).has(C.DEHYDRATION)
    inventory = Inventory(food=0, water="d4", battery="d4", gear=0, resolve="d4")
    synced = Conditions(fear="d8").with_inventory(inventory)
    assert synced.active == {C.FEAR, C.STARVATION, C.EXPOSED}
    assert str(synced) == "Conditions: Fear d8, Starvation, Exposed"
    assert str(Conditions()) == "Conditions: none"
    with pytest.raises(InvalidInput):
        Conditions(others=[C.FEAR])
    with pytest.raises(TypeError):
        Conditions(others="Fear")
    with pytest.raises(InvalidInput):
        Conditions().step_down(C.EXPOSED)


def test_step_down_and_apply():
    state = Conditions(panic="d4")
    assert not state.step_down(C.PANIC).has(C.PANIC)
    roll = resolve_condition_roll(C.PANIC, "d8", 5)
    with pytest.raises(RuleError):
        state.apply(roll)


def test_bad_rolls():
    with pytest.raises(RuleError):
        resolve_condition_roll(C.FEAR, 0, 1)
    with pytest.raises(InvalidInput):
        resolve_condition_roll(C.FEAR, "d6", 7)
    with pytest.raises(InvalidInput):
        resolve_condition_roll(C.EXPOSED, "d6", 3)
    with pytest.raises(InvalidInput):
        ConditionRoll(condition=C.FEAR, die="d6", value=1, after="d6")
    with pytest.raises(InvalidInput):
        Condition.parse("dread")


conditions = st.builds(
    Conditions,
    fear=st.sampled_from(list(S)),
    bleeding=st.sampled_from(list(S)),
    panic=st.sampled_from(list(S)),
    fatigue=st.sampled_from(list(S)),
    delirium=st.sampled_from(list(S)),
    others=st.lists(st.sampled_from([c for c in C if not c.has_die])),
)


@given(conditions, st.sampled_from(list(C)))
def test_round_trip_and_gain_never_leaves_the_chain(state, condition):
    assert round_trip(state) == state
    gained = state.gain(condition)
    assert gained.has(condition)
    assert round_trip(gained) == gained
    if condition.has_die:
        assert gained.die(condition) in (S.D6, S.D8, S.D10, S.D12)
        roll = resolve_condition_roll(condition, gained.die(condition), 1)
        assert round_trip(roll) == roll


def test_commit_checks_refuse_values_no_die_shows():
    fear = Conditions(fear="d6")
    for bad in (0, 13, 99):
        with pytest.raises(InvalidInput, match="value"):
            fear.commit_blocker(bad)
        with pytest.raises(InvalidInput, match="value"):
            fear.check_commit(bad)
    for bad in ("5", 5.5, True, None):
        with pytest.raises(TypeError, match="value"):
            fear.commit_blocker(bad)
        with pytest.raises(TypeError, match="value"):
            fear.check_commit(bad)
