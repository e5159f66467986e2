from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

import tabletop_core as tc
from tabletop_core.dice import Die, DieRoll, d4, d6, d8, d10, d12, d20, d100


def test_standard_dice_have_their_sides_and_names():
    dice = (d4, d6, d8, d10, d12, d20, d100)
    assert [die.sides for die in dice] == [4, 6, 8, 10, 12, 20, 100]
    assert [str(die) for die in dice] == ["d4", "d6", "d8", "d10", "d12", "d20", "d100"]


def test_die_is_a_frozen_value():
    assert Die(6) == d6
    assert hash(Die(6)) == hash(d6)
    with pytest.raises(AttributeError):
        d6.sides = 8  # type: ignore[misc]


@pytest.mark.parametrize("sides", [0, -1])
def test_die_needs_at_least_one_side(sides):
    with pytest.raises(tc.InvalidInput, match="sides must be an int from 1"):
        Die(sides)


@pytest.mark.parametrize("sides", [6.0, "6", True, None])
def test_die_sides_must_be_an_int(sides):
    with pytest.raises(TypeError, match="sides must be an int"):
        Die(sides)


def test_roll_uses_the_rng_contract():
    assert d20.roll(rng=tc.ScriptedDice([17])) == 17
    assert d20.roll(rng=99) == d20.roll(rng=99)
    assert type(d20.roll(rng=99)) is int


@given(sides=st.integers(1, 500))
def test_distribution_is_uniform_over_the_faces(sides):
    distribution = Die(sides).distribution()
    assert distribution.outcomes == tuple(range(1, sides + 1))
    assert set(distribution.probabilities) == {Fraction(1, sides)}
    assert distribution.mean() == Fraction(sides + 1, 2)


def test_die_roll_record():
    record = DieRoll(sides=6, value=6)
    assert str(record) == "d6(6)"
    assert record.is_max
    assert not record.is_min
    assert record.die == d6
    assert DieRoll.from_dict(record.to_dict()) == record
    assert DieRoll.from_json(record.to_json()) == record


@pytest.mark.parametrize(("sides", "value"), [(6, 7), (6, 0), (0, 1)])
def test_die_roll_record_must_fit(sides, value):
    with pytest.raises(tc.InvalidInput):
        DieRoll(sides=sides, value=value)


def test_from_dict_rejects_bad_data_with_a_clear_error():
    with pytest.raises(tc.InvalidInput, match="cannot build DieRoll: 'value' is missing"):
        DieRoll.from_dict({"sides": 6})
    with pytest.raises(tc.InvalidInput, match="value"):
        DieRoll.from_dict({"sides": 6, "value": 9})
    with pytest.raises(tc.InvalidInput):
        DieRoll.from_dict({"sides": 6, "value": 2, "extra": 1})
    with pytest.raises(TypeError):
        DieRoll.from_dict([6, 2])  # type: ignore[arg-type]
    with pytest.raises(tc.InvalidInput, match="JSON"):
        DieRoll.from_json("{not json")


def test_records_render_for_notebooks():
    assert DieRoll(sides=8, value=3)._repr_html_() == (
        '<table class="tabletop-record"><caption style="text-align:left">d8(3)</caption><tbody>'
        '<tr><th style="text-align:left">sides</th><td style="text-align:left">8</td></tr>'
        '<tr><th style="text-align:left">value</th><td style="text-align:left">3</td></tr></tbody></table>'
    )
    assert DieRoll(sides=8, value=3)._repr_markdown_() == "**d8(3)**\n\n| | |\n|:--|:--|\n| sides | 8 |\n| value | 3 |"
    assert DieRoll(sides=8, value=3).to_markdown() == "d8(3)"
