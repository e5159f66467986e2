import pytest
from hypothesis import given
from hypothesis import strategies as st

from support import round_trip
from tabletop_core import InvalidInput, RuleError, ScriptedDice
from tabletop_core import residue as rs
from tabletop_core.residue.luck import (
    LuckCheck,
    LuckForAction,
    LuckTest,
    check_luck,
    resolve_check_luck,
    resolve_luck_for_action,
    resolve_luck_test,
)
from tabletop_core.residue.step_die import StepDie

S = StepDie
ROLLABLE = [S.D4, S.D6, S.D8, S.D10, S.D12]


@pytest.mark.parametrize("luck", ROLLABLE)
def test_luck_test_table(luck):
    for value in range(1, luck.sides + 1):
        result = rs.luck_test(luck, rng=ScriptedDice([value]))
        assert result.value == value
        if value <= 2:
            assert (result.passed, result.after) == (False, luck.down())  # Fail. Luck ⇩
        elif value == luck.sides:
            assert (result.passed, result.after) == (True, luck.up())  # Pass. Luck ⇧
        else:
            assert (result.passed, result.after) == (True, luck)  # Pass


def test_luck_test_exact_numbers():
    assert rs.luck_test("d6", rng=ScriptedDice([6])).after is S.D8  # Max Value wins over 3+
    assert rs.luck_test("d12", rng=ScriptedDice([12])).after is S.D12  # d12 ⇧ remains d12
    assert rs.luck_test("d4", rng=ScriptedDice([1])).after is S.ZERO
    assert rs.luck_test("d4", rng=ScriptedDice([4])).after is S.D6
    assert rs.luck_test("d4", rng=ScriptedDice([3])).after is S.D4


@pytest.mark.parametrize("luck", ROLLABLE)
def test_luck_for_action_table(luck):
    for value in range(1, luck.sides + 1):
        result = rs.luck_for_action(luck, rng=ScriptedDice([value]))
        if value <= 2:
            assert (result.bonus_stars, result.after) == (0, luck.down())
        elif value == luck.sides:
            assert (result.bonus_stars, result.after) == (1, luck.up())
        else:
            assert (result.bonus_stars, result.after) == (1, luck)


def test_luck_zero_cannot_be_rolled():
    with pytest.raises(RuleError, match="Luck is at 0"):
        rs.luck_test(S.ZERO, rng=ScriptedDice([1]))
    with pytest.raises(RuleError, match="Luck is at 0"):
        rs.luck_for_action(0, rng=ScriptedDice([1]))
    with pytest.raises(RuleError):
        resolve_luck_test(S.ZERO, 1)


def test_check_luck_at_rest():
    assert check_luck(S.ZERO, rng=ScriptedDice([])).after is S.D4  # Luck 0: increase to d4, no roll
    assert check_luck(S.ZERO).value is None
    assert check_luck("d8", rng=ScriptedDice([2])).after is S.D6
    assert check_luck("d8", rng=ScriptedDice([5])).after is S.D8
    assert check_luck("d8", rng=ScriptedDice([8])).after is S.D10
    assert str(check_luck("d8", rng=ScriptedDice([2]))) == "Check Luck d8 → 2: Luck ⇩ d6"
    assert str(check_luck("d8", rng=ScriptedDice([5]))) == "Check Luck d8 → 5: no change"
    assert str(check_luck(0)) == "Check Luck 0: Luck becomes d4"
    with pytest.raises(InvalidInput):
        resolve_check_luck(S.ZERO, 3)
    with pytest.raises(InvalidInput):
        resolve_check_luck(S.D6, None)


def test_rendering():
    assert str(rs.luck_test("d6", rng=ScriptedDice([2]))) == "Luck test d6 → 2: fail, Luck ⇩ d4"
    assert str(rs.luck_test("d6", rng=ScriptedDice([4]))) == "Luck test d6 → 4: pass"
    assert str(rs.luck_for_action("d6", rng=ScriptedDice([5]))) == "Luck d6 → 5: +★"
    assert str(rs.luck_for_action("d6", rng=ScriptedDice([6]))) == "Luck d6 → 6: +★, Luck ⇧ d8"


def test_bad_input():
    with pytest.raises(InvalidInput):
        resolve_luck_test("d6", 7)
    with pytest.raises(InvalidInput):
        rs.luck_test("d7")
    with pytest.raises(TypeError):
        rs.luck_test(6.0)
    with pytest.raises(InvalidInput):
        LuckTest(luck="d6", value=2, passed=True, after="d4")
    with pytest.raises(InvalidInput):
        LuckForAction(luck="d6", value=4, bonus_stars=0, after="d6")
    with pytest.raises(InvalidInput):
        LuckCheck(luck=0, value=None, after="d6")


@given(st.sampled_from(ROLLABLE), st.data())
def test_round_trips(luck, data):
    value = data.draw(st.integers(1, luck.sides))
    for record in (
        resolve_luck_test(luck, value),
        resolve_luck_for_action(luck, value),
        resolve_check_luck(luck, value),
        resolve_check_luck(S.ZERO, None),
    ):
        assert round_trip(record) == record
        assert record.after in S


def test_same_seed_same_result():
    assert rs.luck_test("d10", rng=3) == rs.luck_test("d10", rng=3)


def test_luck_bonus_is_the_luck_for_an_action_column():
    from tabletop_core.residue.luck import luck_bonus

    assert [luck_bonus(v) for v in range(1, 13)] == [0, 0] + [1] * 10
