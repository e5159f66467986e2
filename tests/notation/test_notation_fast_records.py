"""The roller's records built field by field (``_fast.fast_builder``) are the classes' own records.

The compiled plans build :class:`RollResult`, :class:`DiceRoll` and :class:`DiceMarks`
positionally, past ``__init__``. These tests pin the field order those calls rely on,
rebuild every record a roll makes through the public constructors (validators and all)
and compare field by field, type included; and they check the d20 dialect's generated
code keeps every text of the expression out of the code it writes.
"""

from __future__ import annotations

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tests.notation.test_notation_d20_differential import d20_texts
from tests.notation.test_notation_dice_ops import ops_terms

from tabletop_core import ScriptedDice
from tabletop_core._fast import fast_builder, field_names
from tabletop_core.errors import TabletopError
from tabletop_core.notation import DiceMarks, DiceRoll, Expression, GroupRoll, NotationError, RollResult, roll

# The order of the positional calls in roller.py, _d20_roller.py, _d20_eval.py and _dice_ops.py.
FIELD_ORDERS = {
    RollResult: (
        "expression",
        "total",
        "rolls",
        "label",
        "crit",
        "dialect",
        "groups",
        "comment",
        "target",
        "labels",
        "results",
    ),
    DiceRoll: ("notation", "sides", "fate", "faces", "value", "marks"),
    GroupRoll: ("notation", "values", "value", "dropped", "successes", "failures"),
    DiceMarks: (
        "dropped",
        "rerolled",
        "exploded",
        "successes",
        "failures",
        "clamped",
        "drawn",
        "compounded",
        "penetrated",
        "crits",
        "fumbles",
        "order",
    ),
}


@pytest.mark.parametrize("cls", list(FIELD_ORDERS))
def test_the_positional_builders_rely_on_this_field_order(cls):
    # A field added or moved must be added or moved in every positional call too.
    assert field_names(cls) == FIELD_ORDERS[cls]


def test_fast_builder_fills_every_field_in_order_and_is_made_once():
    values = ((1,), (2,), (3,), None, (4,), (5,), (6,), (7,), (8,), (9,), (10,), (11,))
    marks = fast_builder(DiceMarks)(*values)
    assert marks == DiceMarks(*values)
    assert fast_builder(DiceMarks) is fast_builder(DiceMarks)
    with pytest.raises(TypeError):
        fast_builder(DiceMarks)(*values[:-1])  # every field must be given


def _plain(record: object) -> object:
    """*record* rebuilt through its class's own ``__init__`` (validators included), records inside too."""
    cls = type(record)
    fields = {}
    for name in field_names(cls):
        value = getattr(record, name)
        if attrs.has(type(value)):
            value = _plain(value)
        elif type(value) is tuple:
            value = tuple(_plain(item) if attrs.has(type(item)) else item for item in value)
        fields[name] = value
    return cls(**fields)


def _same_record(fast: object, plain: object) -> None:
    assert type(fast) is type(plain)
    for name in field_names(type(plain)):
        a, b = getattr(fast, name), getattr(plain, name)
        assert a == b, name
        assert type(a) is type(b), name
        if attrs.has(type(b)):
            _same_record(a, b)
        elif type(b) is tuple:
            for x, y in zip(a, b, strict=True):
                if attrs.has(type(y)):
                    _same_record(x, y)


def _check(result: RollResult) -> None:
    plain = _plain(result)
    _same_record(result, plain)
    assert result == plain
    assert hash(result) == hash(plain)
    assert RollResult.from_dict(result.to_dict()) == result


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=d20_texts, seed=st.integers(0, 2**32 - 1))
def test_d20_dialect_records_equal_the_classes_own(text, seed):
    try:
        result = roll(text, dialect="d20", rng=seed)
    except NotationError:
        return
    _check(result)


@settings(max_examples=150, deadline=None)
@given(term=ops_terms(max_count=6, max_sides=8), seed=st.integers(0, 2**32 - 1), plus=st.integers(-3, 3))
def test_default_dialect_records_equal_the_classes_own(term, seed, plus):
    for expression in (Expression(term), f"{term}+{plus}", f"1d20+{term}"):
        _check(roll(expression, rng=seed))


@pytest.mark.parametrize(
    "text", ["1d20+5", "2d6", "3d6", "8d6mi2", "8d6ma5", "4d6kh3", "4d6dl1", "2d20kl1", "3d6r1", "4d6!", "1d20+1d4+3"]
)
@pytest.mark.parametrize("dialect", ["default", "d20"])
def test_common_rolls_records_equal_the_classes_own(text, dialect):
    try:
        result = roll(text, dialect=dialect, rng=7)
    except NotationError:
        assert dialect == "d20"  # some are default-dialect spellings only
        return
    _check(result)


@pytest.mark.parametrize(
    ("text", "faces", "total", "label"),
    [
        ("1d100 % 7 + 2d6 / 3", [50, 3, 4], 3, None),  # 50 % 7 = 1; 1 + 7/3 = 3.33 -> 3
        ("1d20 [a'), __import__('os')] + 2 __import__('os').getcwd()", [5], 7, "__import__('os').getcwd()"),
        ('(1d6 [" + "], 3)kh1 {0} {shown} \\n"', [2], 3, '{0} {shown} \\n"'),
        ("-(1d6 - 7) * 2 >= 3 == 1", [1], 1, None),  # -(1 - 7) * 2 = 12 >= 3 -> 1; 1 == 1 -> 1
        ("1d6 >= 2 >= 2", [3], 0, None),  # (3 >= 2) = 1; 1 >= 2 -> 0: left to right (chained, Python says 1)
        ("1d6 < 2 < 2", [6], 1, None),  # (6 < 2) = 0; 0 < 2 -> 1
        ("1d20 - -1d4 + 0.5 * 2", [3, 2], 6, None),
    ],
)
def test_d20_generated_plans_read_texts_as_values_and_operators_left_to_right(text, faces, total, label):
    result = roll(text, dialect="d20", rng=ScriptedDice(faces))
    assert (result.total, result.label) == (total, label)
    _check(result)


@pytest.mark.parametrize(
    ("text", "faces", "message"),
    [
        ("1d6 / (1d4 - 1d4)", [3, 2, 2], "division by zero"),
        ("(1d6, 2)kh1 % 0", [3], "division by zero"),
        ("1d6 // (1d1 - 1)", [3, 1], "division by zero"),
    ],
)
def test_d20_generated_plans_refuse_division_by_zero_with_a_notation_error(text, faces, message):
    dice = ScriptedDice(faces)
    with pytest.raises(NotationError, match=message) as caught:
        roll(text, dialect="d20", rng=dice)
    assert isinstance(caught.value, TabletopError)
    assert dice.remaining == len(faces)  # a failed roll gives its dice back
