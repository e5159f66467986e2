"""CallbackDice: dice asked for one at a time (an app prompting the player for each die)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tabletop_core as tc
from tabletop_core.dice import d6, d20


def asker(answers):
    """A callback answering *answers* in order, recording the sides it was asked for."""
    queue = list(answers)
    asked: list[int] = []

    def ask(sides):
        asked.append(sides)
        return queue.pop(0)

    return ask, asked


def test_each_die_is_asked_for_in_order_and_a_d1_never():
    ask, asked = asker([4, 9, 2])
    dice = tc.CallbackDice(ask)
    assert (dice.roll(6), dice.roll(1), dice.roll(10), dice.roll(2)) == (4, 1, 9, 2)
    assert asked == [6, 10, 2]
    assert dice.asked == ((6, 4), (10, 9), (2, 2))
    assert list(dice.roll_many(1, 3)) == [1, 1, 1]
    assert asked == [6, 10, 2]


def test_an_answer_that_does_not_fit_is_refused_and_not_used():
    ask, _ = asker([7, 0, 5])
    dice = tc.CallbackDice(ask)
    with pytest.raises(tc.InvalidInput, match=r"answered 7 for a d6: expected 1\.\.6"):
        dice.roll(6)
    with pytest.raises(tc.InvalidInput, match="answered 0"):
        dice.roll(6)
    assert dice.roll(6) == 5
    assert dice.asked == ((6, 5),)


@pytest.mark.parametrize("answer", ["3", 3.0, True, None])
def test_an_answer_that_is_not_an_int_is_a_type_error(answer):
    with pytest.raises(TypeError, match="as an int"):
        tc.CallbackDice(lambda sides: answer).roll(6)


def test_ask_must_be_callable_and_sides_at_least_1():
    with pytest.raises(TypeError, match="callable"):
        tc.CallbackDice(6)
    with pytest.raises(tc.InvalidInput):
        tc.CallbackDice(lambda sides: 1).roll(0)


def test_a_call_that_fails_hands_its_answers_out_again_so_nobody_rolls_twice():
    # A Fortune Test asks for a d20 then a d6; the d6's answer does not fit: the call fails and keeps
    # the d20's answer, which the next call takes without asking for it again.
    ask, asked = asker([14, 8, 5])
    dice = tc.CallbackDice(ask)
    with pytest.raises(tc.InvalidInput):
        tc.d20.roll_test(stakes="mid", fortune=True, rng=dice)
    assert asked == [20, 6]
    assert dice.asked == ()
    test = tc.d20.roll_test(stakes="mid", fortune=True, rng=dice)
    assert asked == [20, 6, 6]  # only the d6 is asked for again
    assert (test.flat_roll, test.fortune_die) == (14, 5)
    assert dice.asked == ((20, 14), (6, 5))


def test_kept_answers_for_other_dice_are_dropped():
    ask, asked = asker([3, 7, 4])
    dice = tc.CallbackDice(ask)

    def refused():
        with dice.atomic():
            dice.roll(6)
            raise RuntimeError("the rule refused")

    with pytest.raises(RuntimeError):
        refused()
    assert d20.roll(rng=dice) == 7  # asked anew: the kept d6 answer does not fit a d20
    assert d6.roll(rng=dice) == 4
    assert asked == [6, 20, 6]


@settings(max_examples=50, deadline=None)
@given(st.lists(st.integers(1, 12), min_size=1, max_size=20), st.data())
def test_the_faces_asked_for_are_the_faces_rolled(sides, data):
    faces = [data.draw(st.integers(1, s)) for s in sides]  # a d1 shows 1, and is never asked for
    ask, asked = asker([face for face, s in zip(faces, sides, strict=True) if s > 1])
    dice = tc.CallbackDice(ask)
    assert dice.roll_each(sides) == tuple(faces)
    assert asked == [s for s in sides if s > 1]
    assert dice.asked == tuple((s, f) for s, f in zip(sides, faces, strict=True) if s > 1)
