"""The fast paths behind one door (issue 11 item 7): fast and plain constructions agree on every field."""

from __future__ import annotations

import itertools

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import tabletop_core as tc
from tabletop_core import action_roll as ar
from tabletop_core import d20
from tabletop_core._fast import BoundedCache, fast_build, field_names, memo
from tabletop_core.action_roll.action import _judged
from tabletop_core.action_roll.outcome import action_score, judge


def _same_fields(fast, plain):
    assert type(fast) is type(plain)
    for field in attrs.fields(type(plain)):
        a, b = getattr(fast, field.name), getattr(plain, field.name)
        assert a == b, field.name
        assert type(a) is type(b), field.name


@pytest.mark.parametrize(("stat", "adds", "momentum"), [(0, 0, 0), (2, 1, -3), (3, 0, -6), (5, 4, 10), (10, 10, -1)])
def test_action_results_fast_and_plain_agree_on_every_field(stat, adds, momentum):
    for die, first, second in itertools.product(range(1, 7), range(1, 11), range(1, 11)):
        _judged.cache_clear()  # build it, not just read it back
        fast = _judged(die, first, second, stat, adds, momentum)
        score, cancelled = action_score(die, stat + adds, momentum)
        plain = ar.ActionResult(
            die,
            (first, second),
            stat,
            adds,
            momentum,
            action_die_cancelled=cancelled,
            action_score=score,
            outcome=judge(score, first, second),
            is_match=first == second,
        )
        _same_fields(fast, plain)
        assert fast == plain
        assert hash(fast) == hash(plain)
        assert ar.ActionResult.from_dict(fast.to_dict()) == fast


def test_every_field_of_action_result_is_set_by_the_fast_path():
    # A new field added to ActionResult without the fast path would fail here, not pass silently.
    assert set(field_names(ar.ActionResult)) == {f.name for f in attrs.fields(ar.ActionResult)}
    result = ar.resolve_action(action_die=3, challenge_dice=(2, 9), stat=1)
    for name in field_names(ar.ActionResult):
        getattr(result, name)  # a missing slot would raise AttributeError


@given(
    flat=st.integers(1, 20),
    die=st.integers(1, 6),
    modifier=st.integers(-30, 30),
    fortune=st.booleans(),
    misfortune=st.booleans(),
    fatigue=st.integers(0, 10),
    stakes=st.sampled_from(list(d20.Stakes)),
    kind=st.sampled_from([k for k in d20.TestKind if k is not d20.TestKind.FLAT_ROLL]),
)
def test_roll_test_and_resolve_test_agree_on_every_field(
    flat, die, modifier, fortune, misfortune, fatigue, stakes, kind
):
    needs = fortune != misfortune
    dice = [flat, die] if needs else [flat]
    kwargs = {
        "stakes": stakes,
        "modifier": modifier,
        "fortune": fortune,
        "misfortune": misfortune,
        "fatigue": fatigue,
        "kind": kind,
    }
    rolled = d20.roll_test(**kwargs, rng=tc.ScriptedDice(dice))
    plain = d20.resolve_test(flat_roll=flat, fortune_die=die if needs else None, **kwargs)
    _same_fields(rolled, plain)
    # the same call again shares the value
    assert d20.roll_test(**kwargs, rng=tc.ScriptedDice(dice)) is rolled


def test_equal_but_different_arguments_never_share_a_cached_test():
    assert d20.roll_test(stakes="mid", modifier=1, rng=tc.ScriptedDice([10])).total == 11
    for bad in (True, 1.0):
        with pytest.raises(TypeError):
            d20.roll_test(stakes="mid", modifier=bad, rng=tc.ScriptedDice([10]))
    d20.roll_test(stakes="mid", modifier=(1, 1), rng=tc.ScriptedDice([10]))
    with pytest.raises(TypeError):
        d20.roll_test(stakes="mid", modifier=(1, True), rng=tc.ScriptedDice([10]))
    with pytest.raises(TypeError):
        d20.roll_test(stakes="mid", fatigue=1.0, rng=tc.ScriptedDice([10]))
    with pytest.raises(TypeError):
        d20.roll_test(stakes="mid", fortune=1.0, rng=tc.ScriptedDice([10, 3]))
    # lists are not keys: checked every time
    assert d20.roll_test(stakes="mid", modifier=[1, 2], rng=tc.ScriptedDice([10])).total == 13


def test_fast_build_needs_every_field():
    with pytest.raises(TypeError, match=r"needs every field: missing \['burned_momentum'\], unknown \[\]"):
        fast_build(
            ar.ActionResult,
            action_die=1,
            challenge_dice=(1, 1),
            stat=0,
            adds=0,
            momentum=0,
            action_die_cancelled=False,
            action_score=1,
            outcome=ar.Outcome.MISS,
            is_match=True,
        )
    with pytest.raises(TypeError, match=r"unknown \['colour'\]"):
        fast_build(d20.Modifier, value=1, colour="red")


def test_memo_tells_types_apart():
    calls = []

    @memo(maxsize=4)
    def double(n):
        calls.append(n)
        return n * 2

    assert (double(1), double(1), double(True), double(1.0)) == (2, 2, 2, 2.0)
    assert calls == [1, True, 1.0]


def test_bounded_cache_stays_bounded():
    cache: BoundedCache[int, int] = BoundedCache(3)
    for i in range(10):
        assert cache.put(i, i * i) == i * i
        assert len(cache) <= 3
    assert cache[9] == 81


def test_residue_action_results_fast_and_plain_agree_on_every_field():
    # resolve_action builds its ActionResult without the constructor's checks: for every
    # slot, die, Value, Delirium reroll, Skill bonus, Dehydration and Luck roll it must be the
    # value the constructor gives (and accepts).
    from tabletop_core.residue.actions import ActionResult, resolve_action
    from tabletop_core.residue.endurance import ActionSlot
    from tabletop_core.residue.step_die import StepDie

    dice = [d for d in StepDie if not d.is_zero]
    checked = 0
    for slot, die, dehydrated in itertools.product(ActionSlot, dice, (False, True)):
        bonus = 1 if slot is ActionSlot.SKILL else 0
        for value, rerolled, luck in itertools.product(
            range(1, die.sides + 1), (None, 1), (None, (StepDie.D4, 2), (StepDie.D6, 3), (StepDie.D4, 4))
        ):
            fast = resolve_action(
                slot=slot,
                die=die,
                value=value,
                committed_value=rerolled,
                skill_bonus=bonus,
                dehydrated=dehydrated,
                luck=None if luck is None else luck[0],
                luck_value=None if luck is None else luck[1],
            )
            plain = ActionResult(**{f.name: getattr(fast, f.name) for f in attrs.fields(ActionResult)})
            _same_fields(fast, plain)
            assert ActionResult.from_dict(fast.to_dict()) == fast
            checked += 1
    assert checked == len(ActionSlot) * 2 * (4 + 6 + 8 + 10 + 12) * 2 * 4  # every combination was built


def test_a_callers_own_luck_modifier_still_meets_the_full_checks():
    from tabletop_core.residue.actions import resolve_action

    with pytest.raises(tc.InvalidInput, match="Luck's"):
        resolve_action(slot="move", die="d8", value=5, modifiers=[(1, "luck")], luck="d6", luck_value=1)
    kept = resolve_action(slot="move", die="d8", value=5, modifiers=[(1, "luck")])  # no Luck roll: a plain +★
    assert kept.stars == 2
