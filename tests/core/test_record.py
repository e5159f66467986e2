import enum
import json
import sys

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import tabletop_core as tc
from tabletop_core._record import Record
from tabletop_core._validate import check_int, int_field
from tabletop_core.dice import DieRoll, d6


class Colour(enum.Enum):
    RED = "red"
    BLUE = "blue"


@attrs.frozen
class Sample(Record):
    colour: Colour
    rolls: tuple[DieRoll, ...]
    score: int = int_field(low=0, high=10, default=0)

    def __str__(self) -> str:
        return f"{self.colour.name} <{self.score}>"


def test_nested_records_and_enums_round_trip_through_json():
    sample = Sample(Colour.BLUE, (DieRoll(6, 3), DieRoll(10, 10)), score=7)
    data = sample.to_dict()
    die = {"type": "core.DieRoll", "version": 1}
    assert data == {
        "type": f"{Sample.__module__}.Sample",
        "version": 1,
        "colour": "blue",
        "rolls": [{**die, "sides": 6, "value": 3}, {**die, "sides": 10, "value": 10}],
        "score": 7,
    }
    assert Sample.from_dict(json.loads(json.dumps(data))) == sample
    assert Sample.from_json(sample.to_json()) == sample


def test_enums_by_name_are_checked():
    with pytest.raises(tc.InvalidInput, match="red, blue"):
        Sample.from_dict({"colour": "GREEN", "rolls": []})
    assert Sample.from_dict({"colour": "red", "rolls": []}).colour is Colour.RED
    assert Sample.from_dict({"colour": "RED", "rolls": []}).colour is Colour.RED  # as 0.1.0 wrote it


def test_html_is_escaped():
    assert Sample(Colour.RED, ())._repr_html_() == (
        '<table class="tabletop-record"><caption style="text-align:left">RED &lt;0&gt;</caption><tbody>'
        '<tr><th style="text-align:left">colour</th><td style="text-align:left">red</td></tr>'
        '<tr><th style="text-align:left">rolls</th><td style="text-align:left">-</td></tr>'
        '<tr><th style="text-align:left">score</th><td style="text-align:left">0</td></tr></tbody></table>'
    )
    assert Sample(Colour.RED, ())._repr_markdown_().splitlines()[0] == "**RED \\<0\\>**"


@given(score=st.integers(-100, 100))
def test_int_field_validates_and_names_the_field(score):
    if 0 <= score <= 10:
        assert Sample(Colour.RED, (), score=score).score == score
    else:
        with pytest.raises(tc.InvalidInput, match="score must be an int from 0 to 10"):
            Sample(Colour.RED, (), score=score)


def test_int_field_converts_numpy_ints_and_refuses_other_types():
    import numpy as np

    value = Sample(Colour.RED, (), score=np.int64(4)).score
    assert type(value) is int
    for bad in (True, 4.0, "4", np.bool_(True)):
        with pytest.raises(TypeError, match="score must be an int"):
            Sample(Colour.RED, (), score=bad)


def test_check_int_messages():
    with pytest.raises(tc.InvalidInput, match="n must be an int >= 0, got -1"):
        check_int("n", -1, low=0)
    with pytest.raises(tc.InvalidInput, match="n must be an int <= 3, got 4"):
        check_int("n", 4, high=3)


def test_plot_without_matplotlib_says_how_to_install(monkeypatch):
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    monkeypatch.setitem(sys.modules, "matplotlib.pyplot", None)
    with pytest.raises(ImportError, match=r"tabletop_core\[plot\]"):
        d6.distribution().plot()


@pytest.mark.parametrize("bad", [2.5, "2", True, None])
def test_from_dict_does_not_coerce_wrong_types(bad):
    # cattrs alone would read 2.5 as 2, "2" as 2 and True as 1.
    with pytest.raises(tc.InvalidInput, match="cannot build Sample"):
        Sample.from_dict({"colour": "RED", "rolls": [], "score": bad})


def test_from_dict_refuses_a_string_for_a_bool_and_a_number_for_a_string():
    @attrs.frozen
    class Flags(Record):
        name: str
        on: bool
        weight: float

    assert Flags.from_dict({"name": "a", "on": False, "weight": 1}).weight == 1.0
    with pytest.raises(tc.InvalidInput):
        Flags.from_dict({"name": "a", "on": "false", "weight": 1.0})
    with pytest.raises(tc.InvalidInput):
        Flags.from_dict({"name": 3, "on": False, "weight": 1.0})
