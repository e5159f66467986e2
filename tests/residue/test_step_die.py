import pytest
from hypothesis import given
from hypothesis import strategies as st

from tabletop_core import InvalidInput, RuleError, ScriptedDice
from tabletop_core import residue as rs
from tabletop_core.residue.step_die import StepDie, check_value

S = StepDie


def test_the_chain_in_order():
    assert [d.sides for d in S] == [0, 4, 6, 8, 10, 12]
    assert S.ZERO.up() is S.D4
    assert S.D4.up() is S.D6
    assert S.D6.up() is S.D8
    assert S.D8.up() is S.D10
    assert S.D10.up() is S.D12
    assert S.D12.up() is S.D12  # d12 ⇧ remains d12
    assert S.D12.down() is S.D10
    assert S.D4.down() is S.ZERO  # d4 ⇩ becomes 0
    assert S.ZERO.down() is S.ZERO


def test_max_and_min_value():
    assert S.D8.max_value == 8
    assert S.D4.max_value == 4
    assert S.D12.min_value == 1
    assert S.ZERO.max_value == 0


@given(st.sampled_from(list(S)), st.lists(st.booleans(), max_size=20))
def test_a_step_die_never_leaves_the_chain(start, moves):
    die = start
    for up in moves:
        die = die.up() if up else die.down()
        assert die in S


@given(st.sampled_from(list(S)), st.integers(-10, 10))
def test_step_matches_repeated_up_and_down(start, steps):
    die = start
    for _ in range(abs(steps)):
        die = die.up() if steps > 0 else die.down()
    assert start.step(steps) is die


def test_zero_cannot_be_rolled():
    with pytest.raises(RuleError, match="0"):
        rs.roll_step_die(S.ZERO, rng=ScriptedDice([1]))
    with pytest.raises(RuleError):
        S.ZERO.roll(rng=1)


def test_roll_uses_the_dice_source():
    assert S.D8.roll(rng=ScriptedDice([8])) == 8
    assert 1 <= S.D4.roll(rng=5) <= 4


@pytest.mark.parametrize(
    ("text", "expected"), [("d8", S.D8), ("D12", S.D12), ("4", S.D4), (6, S.D6), (0, S.ZERO), ("0", S.ZERO)]
)
def test_parse(text, expected):
    assert S.parse(text) is expected


@pytest.mark.parametrize("bad", ["d7", 7, "d20", "x", "", -4, "²", "d٨"])
def test_parse_rejects_dice_off_the_chain(bad):
    with pytest.raises(InvalidInput, match="step die"):
        S.parse(bad)


@pytest.mark.parametrize("bad", [None, 8.0, True, [8]])
def test_parse_rejects_wrong_types(bad):
    with pytest.raises(TypeError):
        S.parse(bad)


def test_str():
    assert str(S.D10) == "d10"
    assert str(S.ZERO) == "0"


def test_check_value():
    assert check_value(S.D6, 6) == 6
    with pytest.raises(InvalidInput):
        check_value(S.D6, 7)
    with pytest.raises(RuleError):
        check_value(S.ZERO, 1)


@pytest.mark.parametrize("bad", ["d" + "9" * 5000, "9" * 5000, "d0012"])
def test_parse_refuses_long_numbers_cleanly(bad):
    # int() of over 4,300 digits raises a bare ValueError; the parser must answer first.
    with pytest.raises(InvalidInput, match="step die"):
        S.parse(bad)


def test_rollable_and_step_after():
    from tabletop_core.residue.step_die import STEP_DOWN_AT_MOST, rollable, step_after

    assert STEP_DOWN_AT_MOST == 2  # "1-2 ⇩"
    assert rollable("d6") is S.D6
    with pytest.raises(RuleError, match=r"^Water is at 0 and cannot be rolled$"):
        rollable(0, label="Water")
    with pytest.raises(InvalidInput, match="luck must be a step die"):
        rollable("d7", name="luck")
    for die in (S.D4, S.D6, S.D8, S.D10, S.D12):
        assert [step_after(die, v) for v in range(1, die.sides + 1)] == [die.down()] * 2 + [die] * (die.sides - 2)


def test_named_enums_read_the_same_way():
    from tabletop_core.residue.conditions import Condition
    from tabletop_core.residue.endurance import ActionSlot
    from tabletop_core.residue.inventory import InventoryKind

    assert ActionSlot.parse(" attack ") is ActionSlot.ATTACK
    assert InventoryKind.parse("FOOD") is InventoryKind.FOOD
    assert Condition.parse("fear") is Condition.FEAR
    # The shared Enum.parse names the class in words; the library's own calls name their parameter.
    with pytest.raises(InvalidInput, match=r"^action slot must be one of skill, move, attack, defense, got 'sneak'$"):
        ActionSlot.parse("sneak")
    with pytest.raises(InvalidInput, match=r"^slot must be one of skill, move, attack, defense, got 'sneak'$"):
        ActionSlot.parse("sneak", name="slot")
    with pytest.raises(TypeError, match="kind must be a InventoryKind or its name"):
        InventoryKind.parse(3)


def test_check_value_fast_path_keeps_the_checks():
    import numpy as np

    assert check_value(S.D6, 1) == 1
    assert type(check_value(S.D6, np.int64(6))) is int
    with pytest.raises(TypeError):
        check_value(S.D6, True)
    with pytest.raises(InvalidInput):
        check_value(S.D6, 0)
    with pytest.raises(InvalidInput):
        check_value(S.D4, 5)
