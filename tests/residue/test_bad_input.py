"""Any input to the public RESIDUE functions raises a TabletopError or a TypeError, nothing else."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tabletop_core import InvalidInput, TabletopError
from tabletop_core import residue as rs
from tabletop_core.residue.stars import render_stars

junk = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-20, 20),
    st.floats(allow_nan=True),
    st.text(max_size=5),
    st.sampled_from(["d7", "d8", "0", "food", "Fear", "attack", "D12"]),
    st.lists(st.integers(-3, 15), max_size=4),
    st.sampled_from(list(rs.StepDie)),
    st.sampled_from([10**30, -(10**30), "d" + "9" * 5000, [(1, "x")], [(10**30, "x")], ((1, 2),), [None]]),
)

CALLS = [
    lambda a, b: rs.stars(a),
    lambda a, b: rs.outcome(a, b),
    lambda a, b: rs.StepDie.parse(a),
    lambda a, b: rs.roll_inventory(a, kind=b, rng=1),
    lambda a, b: rs.resolve_inventory(a, b),
    lambda a, b: rs.luck_test(a, rng=1),
    lambda a, b: rs.luck_for_action(a, rng=1),
    lambda a, b: rs.resolve_luck_test(a, b),
    lambda a, b: rs.luck.resolve_check_luck(a, b),
    lambda a, b: rs.check_strain(a, b),
    lambda a, b: rs.star_odds(a),
    lambda a, b: rs.action_odds(a, luck=b),
    lambda a, b: rs.inventory_odds(a, b),
    lambda a, b: rs.odds.expected_rolls_to_zero(a),
    lambda a, b: rs.uses.roll_uses(a, rng=1),
    lambda a, b: rs.uses.resolve_uses(a, b),
    lambda a, b: rs.resolve_action(slot=a, die=b, value=3),
    lambda a, b: rs.resolve_action(slot="skill", die=a, value=b),
    lambda a, b: rs.Endurance.start(a, rng=1),
    lambda a, b: rs.Endurance.start(["d6", "d8"], rng=1).commit(a, b),
    lambda a, b: rs.Endurance.start(["d6", "d8"], rng=1).reroll(a, rng=1),
    lambda a, b: rs.Endurance.start(["d6", "d8"], rng=1).exhaust(a, b),
    lambda a, b: rs.Inventory(food=a, water="d6", battery="d6", gear="d6", resolve=b),
    lambda a, b: rs.Inventory(food="d6", water="d6", battery="d6", gear="d6", resolve="d6").roll_any(a, rng=1),
    lambda a, b: rs.Conditions().gain(a),
    lambda a, b: rs.Conditions(fear=a, panic=b),
    lambda a, b: rs.simulate_stars(a, 3, rng=1),
    lambda a, b: rs.simulate_inventory(a, 3, rolls=b, rng=1),
    lambda a, b: rs.commit_action(rs.Endurance.start(["d6"], rng=1), a, b, rng=1),
    lambda a, b: rs.commit_action(rs.Endurance.start(["d6"], rng=1), "skill", 0, skill_bonus=a, luck=b, rng=1),
    lambda a, b: rs.commit_action(rs.Endurance.start(["d6"], rng=1), "skill", 0, modifiers=a, conditions=b, rng=1),
    lambda a, b: rs.resolve_action(slot="skill", die="d8", value=3, skill_bonus=a, modifiers=b),
    lambda a, b: rs.resolve_action(slot="skill", die="d8", value=3, luck=a, luck_value=b),
    lambda a, b: rs.resolve_action(slot="skill", die="d8", value=3, dehydrated=a, committed_value=b),
    lambda a, b: rs.actions.StarModifier(a, b),
    lambda a, b: render_stars(a),
    lambda a, b: rs.luck.check_luck(a, rng=1),
    lambda a, b: rs.luck.resolve_luck_for_action(a, b),
    lambda a, b: rs.conditions.resolve_condition_roll(a, "d6", b),
    lambda a, b: rs.conditions.resolve_condition_roll("fear", a, b),
    lambda a, b: rs.Conditions(fear="d6").roll(a, rng=1),
    lambda a, b: rs.Conditions(fear="d6", fatigue="d8").commit_blocker(a),
    lambda a, b: rs.Conditions(fear="d6").check_commit(a),
    lambda a, b: rs.Conditions(others=a),
    lambda a, b: rs.Inventory(food="d6", water="d6", battery="d6", gear="d6", resolve="d6").roll(a, rng=1),
    lambda a, b: rs.Inventory(food="d6", water="d6", battery="d6", gear="d6", resolve="d6").with_die(a, b),
    lambda a, b: rs.Inventory(food="d6", water="d6", battery="d6", gear="d6", resolve="d6").roll_any(among=a, rng=1),
    lambda a, b: rs.Endurance.start(["d6", "d8"], rng=1).commit("skill", 0).recover(a, rng=1),
    lambda a, b: rs.Endurance.start(["d6", "d8"], rng=1).banish(a, b),
    lambda a, b: rs.Endurance.start(["d6", "d8"], rng=1).gain_strain(a).reduce_strain(b),
    lambda a, b: rs.Endurance.start(a, strain=b, rng=1),
    lambda a, b: rs.odds.luck_test_odds(a),
    lambda a, b: rs.odds.luck_after_odds(a),
    lambda a, b: rs.roll_step_die(a, rng=1),
    lambda a, b: rs.simulate_stars("d6", 3, skill_bonus=a, modifiers=b, rng=1),
    lambda a, b: rs.simulate_stars("d6", 3, luck=a, dehydrated=b, rng=1),
    lambda a, b: rs.action_odds("d6", skill_bonus=a, modifiers=b),
    lambda a, b: rs.action_odds("d6", slot=a, dehydrated=b),
]


@pytest.mark.parametrize("call", range(len(CALLS)))
@given(a=junk, b=junk)
def test_only_tabletop_errors_or_type_errors_escape(call, a, b):
    try:
        CALLS[call](a, b)
    except Exception as error:  # the test is about which exceptions escape
        escaped = error
    else:
        escaped = None
    assert escaped is None or isinstance(escaped, (TabletopError, TypeError)), repr(escaped)


def test_batches_refuse_huge_n():
    with pytest.raises(InvalidInput, match="n must be"):
        rs.simulate_stars("d6", 10**9, rng=1)
    with pytest.raises(InvalidInput, match="n must be"):
        rs.simulate_inventory("d6", 10**9, rng=1)
    with pytest.raises(InvalidInput, match="rolls"):
        rs.inventory_odds("d6", 10**6)
