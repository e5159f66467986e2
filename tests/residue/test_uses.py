import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tabletop_core import InvalidInput, RuleError, ScriptedDice
from tabletop_core.residue.step_die import StepDie
from tabletop_core.residue.uses import UsesRoll, resolve_uses, roll_uses

S = StepDie


@pytest.mark.parametrize("die", [S.D4, S.D6, S.D8, S.D10, S.D12])
def test_uses_table(die):
    for value in range(1, die.sides + 1):
        result = roll_uses(die, rng=ScriptedDice([value]))
        assert result.after is (die.down() if value <= 2 else die)
        assert result.returned == (die is S.D4 and value <= 2)


def test_d4_stepping_down_returns_the_card():
    result = resolve_uses("d4", 2)
    assert result.returned
    assert str(result) == "Uses d4 → 2: Uses ⇩, return the card to its deck"
    assert str(resolve_uses("d8", 5)) == "Uses d8 → 5: no change"


def test_bad_input():
    with pytest.raises(RuleError):
        roll_uses(0, rng=ScriptedDice([1]))
    with pytest.raises(InvalidInput):
        resolve_uses("d6", 0)
    with pytest.raises(InvalidInput):
        UsesRoll(die="d6", value=2, after="d6")


@given(st.sampled_from([S.D4, S.D6, S.D8, S.D10, S.D12]), st.data())
def test_round_trip(die, data):
    value = data.draw(st.integers(1, die.sides))  # every drawn case is a real roll of that die
    result = resolve_uses(die, value)
    assert UsesRoll.from_dict(json.loads(json.dumps(result.to_dict()))) == result
