import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from support import round_trip
from tabletop_core import InvalidInput, RuleError, ScriptedDice, TabletopError
from tabletop_core.residue.actions import MINUS, ActionResult, CommitResult, StarModifier, commit_action, resolve_action
from tabletop_core.residue.conditions import Condition, Conditions
from tabletop_core.residue.endurance import ActionSlot, Endurance
from tabletop_core.residue.stars import stars
from tabletop_core.residue.step_die import StepDie

A = ActionSlot
S = StepDie


def ep(values=(7, 2, 5), dice=("d8", "d6", "d6")):
    return Endurance.start(dice, rng=ScriptedDice(values))


def test_the_example_chat_line():
    result = resolve_action(slot=A.ATTACK, die="d8", value=7, luck="d6", luck_value=5)
    assert str(result) == "Commit Attack d8 → 7: ★★ +★ luck (d6 → 5) = ★★★"
    assert result.stars == 3
    assert result.damage == 3  # each ★ becomes 1 Damage before Defense
    assert result.blocks == 0


def test_commit_skill_adds_the_skill_bonus():
    result = resolve_action(slot=A.SKILL, die="d6", value=4, skill_bonus=2)
    assert (result.base_stars, result.stars) == (1, 3)
    assert str(result) == "Commit Skill d6 → 4: ★ +2★ Skill = ★★★"
    with pytest.raises(InvalidInput, match="skill_bonus"):
        resolve_action(slot=A.ATTACK, die="d6", value=4, skill_bonus=1)


def test_defense_blocks_and_move_gives_travel_stars():
    assert resolve_action(slot=A.DEFENSE, die="d10", value=9).blocks == 3
    move = resolve_action(slot="move", die="d12", value=12)
    assert move.travel_stars == 4
    assert move.damage == 0


def test_dehydration_and_the_floor():
    result = resolve_action(slot=A.ATTACK, die="d6", value=2, dehydrated=True)
    assert result.stars == 0  # Minimum 0
    assert str(result) == f"Commit Attack d6 → 2: 0★ {MINUS}★ Dehydration = 0★"
    assert resolve_action(slot=A.ATTACK, die="d6", value=6, dehydrated=True).stars == 1


def test_luck_for_the_action_rows():
    nothing = resolve_action(slot=A.MOVE, die="d8", value=3, luck="d6", luck_value=2)
    assert nothing.stars == 1
    assert nothing.luck.after is S.D4
    assert str(nothing) == "Commit Move d8 → 3: ★ no luck (d6 → 2) Luck ⇩ d4 = ★"
    top = resolve_action(slot=A.MOVE, die="d8", value=3, luck="d6", luck_value=6)
    assert top.stars == 2
    assert top.luck.after is S.D8
    with pytest.raises(InvalidInput):
        resolve_action(slot=A.MOVE, die="d8", value=3, luck="d6")
    with pytest.raises(RuleError):
        resolve_action(slot=A.MOVE, die="d8", value=3, luck=0, luck_value=1)


def test_extra_modifiers_keep_their_reasons():
    result = resolve_action(slot=A.ATTACK, die="d8", value=6, modifiers=[(1, "Rifle"), StarModifier(-2, "Dark")])
    assert [str(m) for m in result.modifiers] == ["+★ Rifle", f"{MINUS}2★ Dark"]
    assert result.stars == 1
    with pytest.raises(InvalidInput):
        StarModifier(0, "nothing")
    with pytest.raises(TypeError):
        resolve_action(slot=A.ATTACK, die="d8", value=6, modifiers=[1])


@pytest.mark.parametrize("die", [S.D4, S.D6, S.D8, S.D10, S.D12])
def test_every_value_reads_the_success_table(die):
    for value in range(1, die.sides + 1):
        assert resolve_action(slot=A.SKILL, die=die, value=value).stars == stars(value)


def test_commit_action_moves_the_die_and_resolves():
    result = commit_action(ep(), A.ATTACK, 0, luck="d6", rng=ScriptedDice([5]))
    assert str(result) == "Commit Attack d8 → 7: ★★ +★ luck (d6 → 5) = ★★★"
    assert result.endurance.slot(A.ATTACK)[0].value == 7
    assert result.before == ep()
    assert result.luck_after is S.D6
    assert result.hp_lost == 0


def test_fear_forbids_low_dice_and_names_it():
    state = ep()
    with pytest.raises(RuleError, match="Fear"):
        commit_action(state, A.SKILL, 1, conditions=Conditions(fear="d6"), rng=ScriptedDice([]))
    assert state == ep()
    assert commit_action(state, A.SKILL, 0, conditions=Conditions(fear="d6"), rng=ScriptedDice([])).stars == 2


def test_fatigue_forbids_high_dice():
    with pytest.raises(RuleError, match="Fatigue"):
        commit_action(ep(values=(8, 2, 5)), A.SKILL, 0, conditions=Conditions(fatigue="d8"), rng=ScriptedDice([]))


def test_delirium_rerolls_the_committed_die():
    result = commit_action(ep(), A.ATTACK, 0, conditions=Conditions(delirium="d6"), rng=ScriptedDice([2]))
    assert result.action.committed_value == 7
    assert result.action.value == 2
    assert result.stars == 0
    assert result.endurance.slot(A.ATTACK)[0].value == 2
    assert str(result) == "Commit Attack d8 → 7, Delirium reroll → 2: 0★"
    same = commit_action(ep(), A.ATTACK, 0, conditions=Conditions(delirium="d6"), rng=ScriptedDice([7]))
    assert same.action.delirium_reroll


def test_bleeding_costs_one_hp_per_commit():
    result = commit_action(ep(), A.DEFENSE, 2, conditions=Conditions(bleeding="d8"), rng=ScriptedDice([]))
    assert result.hp_lost == 1
    assert str(result).endswith(f"; Bleeding {MINUS}1 HP")


def test_panic_rerolls_the_pool_after_commit_skill_only():
    result = commit_action(ep(), A.SKILL, 0, conditions=Conditions(panic="d6"), rng=ScriptedDice([1, 6]))
    assert [d.value for d in result.endurance.pool] == [1, 6]
    assert result.endurance.strain == 0
    assert "Panic rerolls the EP: d6 → 1, d6 → 6" in str(result)
    attack = commit_action(ep(), A.ATTACK, 0, conditions=Conditions(panic="d6"), rng=ScriptedDice([]))
    assert attack.panic is None


def test_dehydration_from_conditions():
    result = commit_action(ep(), A.ATTACK, 0, conditions=Conditions(others=[Condition.DEHYDRATION]), rng=1)
    assert result.stars == 1


def test_luck_zero_and_empty_pool_change_nothing():
    state = ep()
    with pytest.raises(RuleError, match="Luck"):
        commit_action(state, A.SKILL, 0, luck=0, rng=ScriptedDice([]))
    with pytest.raises(RuleError, match="No Dice Available"):
        commit_action(Endurance(), A.SKILL, 0, rng=ScriptedDice([]))
    with pytest.raises(InvalidInput):
        commit_action(state, A.ATTACK, 0, skill_bonus=1, rng=ScriptedDice([]))


def test_records_refuse_inconsistent_data():
    good = resolve_action(slot=A.SKILL, die="d6", value=4, skill_bonus=1)
    data = good.to_dict()
    with pytest.raises(InvalidInput):
        ActionResult.from_dict({**data, "stars": 5})
    with pytest.raises(InvalidInput):
        ActionResult.from_dict({**data, "base_stars": 2})
    with pytest.raises(InvalidInput):
        ActionResult.from_dict({**data, "committed_value": 5})


@given(
    st.sampled_from(list(A)),
    st.sampled_from([S.D4, S.D6, S.D8, S.D10, S.D12]),
    st.data(),
    st.booleans(),
    st.sampled_from([None, S.ZERO, S.D4, S.D8]),
    st.lists(st.sampled_from([c for c in Condition if c.has_die]), max_size=3),
)
def test_commit_properties(slot, die, data, dehydrated, luck, gained):
    values = data.draw(st.lists(st.integers(1, die.sides), min_size=2, max_size=2))
    state = Endurance.start([die, die], rng=ScriptedDice(values))
    conditions = Conditions(others=[Condition.DEHYDRATION] if dehydrated else [])
    for condition in gained:
        conditions = conditions.gain(condition)
    snapshot = state.to_dict()
    extra = data.draw(st.lists(st.integers(1, 12), min_size=4, max_size=4))
    try:
        result = commit_action(state, slot, 0, conditions=conditions, luck=luck, rng=ScriptedDice(extra))
    except TabletopError:
        assert state.to_dict() == snapshot
        return
    assert isinstance(result, CommitResult)
    assert result.stars >= 0
    assert result.endurance.total_dice == 2
    assert round_trip(result) == result
    assert round_trip(result.action) == result.action


def test_markdown_and_html():
    result = resolve_action(slot=A.ATTACK, die="d8", value=7, luck="d6", luck_value=5)
    assert result.to_markdown() == "Commit Attack d8 → 7: ★★ +★ luck (d6 → 5) = **★★★**"
    assert resolve_action(slot=A.MOVE, die="d6", value=4).to_markdown() == "Commit Move d6 → 4: **★**"
    assert "Commit Move" in resolve_action(slot=A.MOVE, die="d6", value=4)._repr_html_()
    commit = commit_action(ep(), A.DEFENSE, 2, conditions=Conditions(bleeding="d8"), rng=ScriptedDice([]))
    assert commit.to_markdown() == f"Commit Defense d6 → 5: **★**; Bleeding {MINUS}1 HP"


def test_modifiers_and_skill_bonus_are_bounded_and_typed():
    # A typo such as 10**30 must be refused, not overflow a batch or build a giant chat line.
    assert StarModifier(99, "card").stars == 99
    assert StarModifier(-99, "card").stars == -99
    with pytest.raises(InvalidInput, match="stars"):
        StarModifier(100, "card")
    with pytest.raises(InvalidInput, match="stars"):
        StarModifier(-(10**30), "card")
    with pytest.raises(TypeError, match="reason must be a str"):
        StarModifier(1, 3)
    with pytest.raises(TypeError, match="stars must be an int"):
        StarModifier(1.0, "card")
    with pytest.raises(InvalidInput, match="skill_bonus"):
        resolve_action(slot=A.SKILL, die="d8", value=3, skill_bonus=10**30)
    with pytest.raises(InvalidInput, match="stars"):
        resolve_action(slot=A.SKILL, die="d8", value=3, modifiers=[(100, "card")])
    assert resolve_action(slot=A.SKILL, die="d12", value=12, skill_bonus=99).stars == 103
    assert str(resolve_action(slot=A.SKILL, die="d12", value=12, skill_bonus=99)).endswith("= 103★")


def test_numpy_integers_become_python_ints():
    import numpy as np

    result = ActionResult(
        slot="skill",
        die="d6",
        value=np.int64(3),
        committed_value=np.int64(3),
        base_stars=np.int64(1),
        modifiers=[StarModifier(np.int64(1), "card")],
        luck=None,
        stars=np.int64(2),
    )
    assert type(result.stars) is int
    assert type(result.base_stars) is int
    assert json.loads(result.to_json())["stars"] == 2


def test_commit_action_reads_a_generator_of_modifiers_once():
    result = commit_action(ep(), A.ATTACK, 0, modifiers=((1, "Rifle") for _ in range(1)), rng=ScriptedDice([]))
    assert [str(m) for m in result.action.modifiers] == ["+★ Rifle"]
    assert result.stars == 3
