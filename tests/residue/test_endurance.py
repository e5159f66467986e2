import pytest
from hypothesis import given
from hypothesis import strategies as st

from support import round_trip
from tabletop_core import InvalidInput, RuleError, ScriptedDice, TabletopError
from tabletop_core import residue as rs
from tabletop_core.residue.conditions import Condition, Conditions
from tabletop_core.residue.endurance import (
    ActionSlot,
    CommittedDie,
    Endurance,
    EnduranceDie,
    EnduranceStep,
    StrainCheck,
    check_strain,
)
from tabletop_core.residue.step_die import StepDie

S = StepDie
A = ActionSlot


def start(values=(7, 2, 5), dice=("d8", "d6", "d6")):
    return Endurance.start(dice, rng=ScriptedDice(values))


def test_start_rolls_the_dice_into_the_pool():
    ep = start()
    assert [(d.die, d.value) for d in ep.pool] == [(S.D8, 7), (S.D6, 2), (S.D6, 5)]
    assert ep.strain == 0
    assert ep.total_dice == 3
    with pytest.raises(InvalidInput):
        Endurance.start([], rng=1)
    with pytest.raises(InvalidInput):
        Endurance.start(["d6", 0], rng=1)


def test_the_four_action_slots():
    assert [s.value for s in A] == ["Skill", "Move", "Attack", "Defense"]


def test_commit_places_one_die_in_the_slot():
    ep = start().commit(A.ATTACK, 0)
    assert ep.slot(A.ATTACK) == (EnduranceDie(die=S.D8, value=7),)
    assert len(ep.pool) == 2
    ep = ep.commit("defense", 1)
    assert ep.slot(A.DEFENSE) == (EnduranceDie(die=S.D6, value=5),)
    assert str(ep) == "EP d6(2) · Attack d8(7) · Defense d6(5) · Strain 0"


def test_commit_bad_index_and_forbidden_die():
    ep = start()
    with pytest.raises(InvalidInput, match="index"):
        ep.commit(A.SKILL, 3)
    with pytest.raises(RuleError, match="Fear"):
        ep.commit(A.SKILL, 1, conditions=Conditions(fear="d6"))  # a 2
    assert ep.commit(A.SKILL, 0, conditions=Conditions(fear="d6")).slot(A.SKILL)[0].value == 7
    with pytest.raises(RuleError, match="Fatigue"):
        start(values=(8, 2, 5)).commit(A.SKILL, 0, conditions=Conditions(fatigue="d6"))


def test_recover_returns_committed_dice_and_rolls_only_those():
    ep = start().commit(A.ATTACK, 0).commit(A.MOVE, 0)  # d8(7) Attack, d6(2) Move; EP d6(5)
    step = ep.recover([0], rng=ScriptedDice([3]))
    assert step.strain_gained == 0
    assert [str(d) for d in step.after.pool] == ["d6(5)", "d8(3)"]  # the EP die is not rerolled
    assert step.after.slot(A.MOVE) == (EnduranceDie(die=S.D6, value=2),)
    everything = ep.recover(rng=ScriptedDice([1, 6]))
    assert not everything.after.committed
    with pytest.raises(RuleError, match="no committed dice"):
        start().recover(rng=1)


def test_recover_with_strain_costs_one_strain():
    ep = start().commit(A.ATTACK, 0)
    step = ep.recover_with_strain(rng=ScriptedDice([8]))
    assert step.after.strain == 1
    assert step.strain_gained == 1
    assert step.after.pool[-1] == EnduranceDie(die=S.D8, value=8)


def test_reroll_costs_one_strain_and_rerolls_only_chosen_pool_dice():
    ep = start()
    step = ep.reroll([1], rng=ScriptedDice([6]))
    assert step.after.strain == 1
    assert [d.value for d in step.after.pool] == [7, 6, 5]
    everything = ep.reroll(rng=ScriptedDice([1, 1, 1]))
    assert [d.value for d in everything.after.pool] == [1, 1, 1]
    assert str(step) == "Reroll +1 Strain: d6 → 6 · EP d8(7) d6(6) d6(5) · Strain 1"


def test_starvation_forbids_rerolling_with_strain():
    with pytest.raises(RuleError, match="Starvation"):
        start().reroll(conditions=Conditions(others=[Condition.STARVATION]), rng=ScriptedDice([1, 1, 1]))
    # Recover with Strain is still allowed.
    ep = start().commit(A.SKILL, 0)
    assert ep.recover_with_strain(conditions=Conditions(others=[Condition.STARVATION]), rng=ScriptedDice([4])).after


def test_delirium_is_rolled_whenever_strain_is_gained():
    delirious = Conditions(delirium="d6")
    step = start().reroll([0], conditions=delirious, rng=ScriptedDice([2, 8]))  # Delirium first, then the die
    assert step.delirium.value == 2
    assert step.conditions.delirium is S.D4
    assert step.after.pool[0].value == 8
    free = start().commit(A.SKILL, 0).recover(rng=ScriptedDice([5]))
    assert free.delirium is None


def test_no_dice_available():
    ep = start().commit(A.SKILL, 0).commit(A.MOVE, 0).commit(A.ATTACK, 0)
    with pytest.raises(RuleError, match="No Dice Available"):
        ep.commit(A.DEFENSE, 0)
    step = ep.no_dice_available(rng=ScriptedDice([1, 2, 3]))
    assert step.after.strain == 1
    assert len(step.after.pool) == 3
    assert not step.after.committed
    assert not step.defeated
    with pytest.raises(RuleError):
        start().no_dice_available(rng=1)
    nothing = Endurance(exhausted=["d6"], strain=2)
    defeat = nothing.no_dice_available(rng=1)
    assert defeat.defeated
    assert defeat.after == nothing
    assert "defeated" in str(defeat)


def test_exhausted_until_rest_and_banished_forever():
    ep = start().commit(A.ATTACK, 0)
    tired = ep.exhaust(pool=[0])
    assert tired.exhausted == (S.D6,)
    gone = tired.banish(committed=[0])
    assert gone.banished == (S.D8,)
    assert gone.total_dice == 3
    rested = gone.recover_exhausted(rng=ScriptedDice([4]))
    assert rested.after.exhausted == ()
    assert rested.after.banished == (S.D8,)  # Banished dice: never recovered
    assert [str(d) for d in rested.after.pool] == ["d6(5)", "d6(4)"]
    day = rested.after.start_day(rng=ScriptedDice([1, 6]))
    assert [d.value for d in day.after.pool] == [1, 6]
    with pytest.raises(RuleError, match="committed"):
        ep.start_day(rng=1)
    with pytest.raises(InvalidInput):
        ep.exhaust()


def test_cannot_banish_with_no_dice_left():
    all_gone = Endurance(banished=["d6", "d8"])
    assert not all_gone.can_banish
    with pytest.raises(RuleError, match="Cannot Banish"):
        all_gone.banish(pool=[])


def test_strain_changes():
    ep = start()
    assert ep.gain_strain(3).strain == 3
    assert ep.gain_strain(3).reduce_strain(2).strain == 1
    with pytest.raises(RuleError):
        ep.reduce_strain(1)
    assert ep.gain_strain(5).with_strain(0).strain == 0
    with pytest.raises(InvalidInput):
        Endurance(strain=-1)


def test_strain_past_its_limit_is_refused_as_the_field_refuses_it_and_changes_nothing():
    # Strain is copied without the field's converter on the hot paths: the limit is still checked.
    from tabletop_core.residue.endurance import STRAIN_LIMIT

    full = Endurance(pool=start().pool, strain=STRAIN_LIMIT)
    with pytest.raises(InvalidInput) as by_field:
        Endurance(strain=STRAIN_LIMIT + 1)
    message = str(by_field.value)
    with pytest.raises(InvalidInput) as raised:
        full.gain_strain(1)
    assert str(raised.value) == message
    with pytest.raises(InvalidInput) as raised:
        full.reroll([0], rng=ScriptedDice([3]))
    assert str(raised.value) == message
    committed = full.commit(A.MOVE, 0)
    with pytest.raises(InvalidInput) as raised:
        committed.recover_with_strain(rng=ScriptedDice([3]))
    assert str(raised.value) == message
    assert full.strain == committed.strain == STRAIN_LIMIT
    assert full.gain_strain(0) == full
    assert full.reduce_strain(STRAIN_LIMIT).strain == 0


@pytest.mark.parametrize(
    ("strain", "threshold", "expected"),
    [
        (0, 4, StrainCheck.TRAVEL_OR_REST),
        (3, 4, StrainCheck.TRAVEL_OR_REST),
        (4, 4, StrainCheck.MUST_REST),
        (11, 4, StrainCheck.MUST_REST),
        (12, 4, StrainCheck.DEFEATED),
        (13, 4, StrainCheck.DEFEATED),  # jumps past the exact multiple
        (3, 1, StrainCheck.DEFEATED),
    ],
)
def test_check_strain(strain, threshold, expected):
    assert rs.check_strain(strain, threshold) is expected


def test_check_strain_bad_input():
    with pytest.raises(InvalidInput, match="threshold"):
        check_strain(1, 0)
    with pytest.raises(InvalidInput, match="strain"):
        check_strain(-1, 3)
    with pytest.raises(TypeError):
        check_strain(1.0, 3)


def test_records_validate():
    with pytest.raises(InvalidInput):
        EnduranceDie(die="d6", value=7)
    with pytest.raises(InvalidInput):
        EnduranceDie(die=0, value=1)
    with pytest.raises(TypeError):
        Endurance(pool=[7])
    with pytest.raises(InvalidInput):
        CommittedDie(slot="Sneak", die=EnduranceDie(die="d6", value=3))


# -- properties -------------------------------------------------------------

operations = st.lists(
    st.tuples(
        st.sampled_from(["commit", "recover", "strain_recover", "reroll", "exhaust", "banish", "no_dice", "rest"]),
        st.integers(0, 5),
        st.sampled_from(list(A)),
    ),
    max_size=25,
)


@given(
    st.lists(st.sampled_from(["d4", "d6", "d8", "d10", "d12"]), min_size=1, max_size=5),
    operations,
    st.randoms(use_true_random=False),
    st.booleans(),
)
def test_dice_are_conserved_strain_never_negative_and_refusals_change_nothing(dice, ops, random, starving):
    ep = Endurance.start(dice, rng=random.randint(0, 1000))
    conditions = Conditions(fear="d6", delirium="d8", others=[Condition.STARVATION] if starving else [])
    total = ep.total_dice
    for name, index, slot in ops:
        snapshot = ep.to_dict()
        seed = random.randint(0, 1000)
        try:
            if name == "commit":
                ep = ep.commit(slot, index, conditions=conditions)
            elif name == "recover":
                ep = ep.recover([index], rng=seed).after
            elif name == "strain_recover":
                step = ep.recover_with_strain(conditions=conditions, rng=seed)
                conditions = step.conditions
                ep = step.after
            elif name == "reroll":
                ep = ep.reroll(conditions=conditions, rng=seed).after
            elif name == "exhaust":
                ep = ep.exhaust(pool=[index])
            elif name == "banish":
                ep = ep.banish(pool=[index])
            elif name == "no_dice":
                ep = ep.no_dice_available(rng=seed).after
            else:
                ep = ep.recover_exhausted(rng=seed).after
        except TabletopError:
            assert ep.to_dict() == snapshot
        assert ep.total_dice == total
        assert ep.strain >= 0
        assert all(d.value >= 6 for d in ep.slot(slot)) or not conditions.has(Condition.FEAR)
    assert round_trip(ep) == ep


def test_step_round_trips():
    step = start().reroll([0], conditions=Conditions(delirium="d6"), rng=ScriptedDice([4, 3]))
    assert isinstance(step, EnduranceStep)
    assert round_trip(step) == step
    assert step._repr_html_().startswith('<table class="tabletop-record">')


def test_committable_lists_the_dice_the_conditions_allow():
    state = start(values=(7, 2, 8), dice=("d8", "d6", "d10"))
    assert state.committable() == (0, 1, 2)
    assert state.committable(Conditions(fear="d6")) == (0, 2)
    assert state.committable(Conditions(fear="d6", fatigue="d6")) == (0,)


def test_records_name_the_field_in_type_errors_and_start_is_bounded():
    with pytest.raises(TypeError, match=r"^die must be a EnduranceDie"):
        CommittedDie(slot="skill", die=3)
    state = start()
    with pytest.raises(TypeError, match=r"^after must be a Endurance"):
        EnduranceStep(action="Reroll", before=state, after="later")
    with pytest.raises(TypeError, match=r"^delirium must be a ConditionRoll"):
        EnduranceStep(action="Reroll", before=state, after=state, delirium="d6")
    with pytest.raises(TypeError, match=r"^conditions must be a Conditions"):
        EnduranceStep(action="Reroll", before=state, after=state, conditions=["Fear"])
    assert Endurance.start(["d4"] * 100, rng=1).total_dice == 100
    with pytest.raises(InvalidInput, match="1 to 100"):
        Endurance.start(["d4"] * 101, rng=1)


def test_delirium_is_rolled_on_every_strain_gain():
    delirious = Conditions(delirium="d6")
    committed = start().commit(A.ATTACK, 0)  # d8(7) in Attack
    step = committed.recover_with_strain(conditions=delirious, rng=ScriptedDice([1, 8]))  # Delirium, then the d8
    assert (step.delirium.value, step.conditions.delirium) == (1, S.D4)
    assert step.after.strain == 1
    assert step.after.pool[-1] == EnduranceDie(die=S.D8, value=8)
    empty = start().commit(A.SKILL, 0).commit(A.MOVE, 0).commit(A.ATTACK, 0)
    step = empty.no_dice_available(conditions=delirious, rng=ScriptedDice([5, 1, 2, 3]))
    assert (step.delirium.value, step.conditions.delirium) == (5, S.D6)  # 3+: no change
    assert [d.value for d in step.after.pool] == [1, 2, 3]
    assert step.strain_gained == 1
    # No Strain, no Delirium roll:
    assert committed.recover(rng=ScriptedDice([4])).delirium is None
