import itertools
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tabletop_core import InvalidInput, RuleError
from tabletop_core import residue as rs
from tabletop_core.residue.odds import (
    LuckRow,
    action_odds,
    expected_rolls_to_zero,
    inventory_odds,
    inventory_transition,
    luck_after_odds,
    luck_test_odds,
    star_odds,
)
from tabletop_core.residue.step_die import StepDie

S = StepDie
ROLLABLE = [S.D4, S.D6, S.D8, S.D10, S.D12]

# The Success Table written out by hand, independent of the library.
TABLE = {1: 0, 2: 0, 3: 1, 4: 1, 5: 1, 6: 2, 7: 2, 8: 2, 9: 3, 10: 3, 11: 3, 12: 4}


def brute(func, *sizes):
    counts = Counter(func(*faces) for faces in itertools.product(*(range(1, s + 1) for s in sizes)))
    total = sum(counts.values())
    return {k: Fraction(v, total) for k, v in counts.items()}


@pytest.mark.parametrize("die", ROLLABLE)
def test_star_odds_match_brute_force(die):
    assert dict(rs.star_odds(die).items()) == brute(TABLE.get, die.sides)


def test_star_odds_exact_numbers():
    assert star_odds("d12").probability(4) == Fraction(1, 12)
    assert star_odds("d12").mean() == Fraction(22, 12)
    assert star_odds("d6").probability(0) == Fraction(1, 3)
    assert star_odds("d10").probability(3) == Fraction(2, 10)
    with pytest.raises(RuleError):
        star_odds(0)


@given(
    st.sampled_from(ROLLABLE),
    st.integers(0, 3),
    st.booleans(),
    st.sampled_from([None, *ROLLABLE]),
    st.integers(-2, 2),
)
def test_action_odds_match_brute_force(die, bonus, dehydrated, luck, extra):
    modifiers = [(extra, "rule")] if extra else []

    def by_hand(*faces):
        total = TABLE[faces[0]] + bonus - dehydrated + extra
        if len(faces) > 1:
            total += faces[1] >= 3
        return max(0, total)

    sizes = (die.sides,) if luck is None else (die.sides, luck.sides)
    odds = action_odds(die, skill_bonus=bonus, dehydrated=dehydrated, luck=luck, modifiers=modifiers)
    assert dict(odds.items()) == brute(by_hand, *sizes)


@pytest.mark.parametrize("luck", ROLLABLE)
def test_luck_odds(luck):
    odds = luck_test_odds(luck)
    assert odds.probability(LuckRow.FAIL) == Fraction(2, luck.sides)
    assert odds.probability(LuckRow.PASS_AND_STEP_UP) == Fraction(1, luck.sides)
    assert odds.probability(LuckRow.PASS) == Fraction(luck.sides - 3, luck.sides)
    after = luck_after_odds(luck)
    assert after.probability(luck.down()) == Fraction(2, luck.sides)
    if luck is not S.D12:
        assert after.probability(luck.up()) == Fraction(1, luck.sides)
    else:
        assert after.probability(S.D12) == Fraction(10, 12)


def test_inventory_odds():
    assert inventory_transition("d8") == {S.D6: Fraction(1, 4), S.D8: Fraction(3, 4)}
    assert inventory_transition(0) == {S.ZERO: 1}
    assert dict(inventory_odds("d6").items()) == {S.D4: Fraction(1, 3), S.D6: Fraction(2, 3)}
    assert inventory_odds("d4", rolls=2).probability(S.ZERO) == Fraction(3, 4)
    assert inventory_odds("d10", rolls=0).probability(S.D10) == 1
    assert sum(inventory_odds("d12", rolls=15).probabilities) == 1


def test_expected_rolls_to_zero_is_the_sum_of_sides_over_two():
    # Each step is geometric with p = 2/sides: sides/2 rolls on average.
    for die in ROLLABLE:
        closed = sum(Fraction(d.sides, 2) for d in ROLLABLE if d.sides <= die.sides)
        assert expected_rolls_to_zero(die) == closed
    assert expected_rolls_to_zero("d12") == 20
    assert expected_rolls_to_zero(0) == 0


def test_inventory_odds_closed_form_for_d4():
    for k in range(6):
        assert inventory_odds("d4", rolls=k).probability(S.ZERO) == 1 - Fraction(1, 2) ** k


def test_expected_rolls_agree_with_the_distribution_tail():
    # E[T] = sum over k of P(T > k), iterating the chain's rows (floats: only a cross-check).
    state = {S.D6: 1.0}
    tail = 0.0
    for _ in range(400):
        tail += sum(p for d, p in state.items() if not d.is_zero)
        following = {}
        for die, p in state.items():
            for after, q in inventory_transition(die).items():
                following[after] = following.get(after, 0.0) + p * float(q)
        state = following
    assert abs(tail - float(expected_rolls_to_zero("d6"))) < 1e-9


def test_the_light_outcome_function_agrees_with_resolve_action_on_every_case():
    # action_odds enumerates action_stars; resolve_action must give the same Outcome for every
    # die, Value, Luck die and Luck Value, Skill bonus, Dehydration and listed modifier.
    from tabletop_core.residue.actions import action_modifiers, action_stars, resolve_action

    lucks = [(None, None)] + [(luck, v) for luck in ROLLABLE for v in range(1, luck.sides + 1)]
    cases = 0
    for die in ROLLABLE:
        for value in range(1, die.sides + 1):
            for bonus, dehydrated, extra in itertools.product((-2, 0, 1, 3), (False, True), ((), ((-1, "dark"),))):
                fixed = action_modifiers(slot="skill", skill_bonus=bonus, dehydrated=dehydrated, modifiers=extra)
                shift = sum(m.stars for m in fixed)
                for luck, luck_value in lucks:
                    result = resolve_action(
                        slot="skill",
                        die=die,
                        value=value,
                        skill_bonus=bonus,
                        dehydrated=dehydrated,
                        modifiers=extra,
                        luck=luck,
                        luck_value=luck_value,
                    )
                    assert result.stars == action_stars(value, shift, luck_value)
                    # and both agree with the Success Table written out by hand
                    luck_star = luck_value is not None and luck_value >= 3
                    by_hand = TABLE[value] + bonus - dehydrated - len(extra) + luck_star
                    assert result.stars == max(0, by_hand)
                    cases += 1
    assert cases == 40 * 41 * 16


def test_action_odds_checks_its_arguments_once():
    with pytest.raises(TypeError, match="modifiers"):
        action_odds("d8", modifiers=5)
    with pytest.raises(InvalidInput, match="skill_bonus"):
        action_odds("d8", slot="attack", skill_bonus=1)
    with pytest.raises(InvalidInput, match="slot"):
        action_odds("d8", slot="sneak")
    with pytest.raises(RuleError, match="luck"):
        action_odds("d8", luck=0)
    # a generator of modifiers is read once and still counts
    assert action_odds("d4", modifiers=((1, "x") for _ in range(1))).probability(1) == Fraction(1, 2)
