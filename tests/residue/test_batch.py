import numpy as np
import pytest

from support import assert_fits
from tabletop_core import InvalidInput, RuleError, ScriptedDice
from tabletop_core.residue.actions import resolve_action
from tabletop_core.residue.batch import simulate_inventory, simulate_stars
from tabletop_core.residue.inventory import resolve_inventory
from tabletop_core.residue.odds import action_odds, expected_rolls_to_zero, inventory_odds, star_odds
from tabletop_core.residue.step_die import StepDie

S = StepDie
ROLLABLE = [S.D4, S.D6, S.D8, S.D10, S.D12]


@pytest.mark.parametrize("die", ROLLABLE)
def test_stars_batch_fits_the_exact_odds(die):
    batch = simulate_stars(die, 20_000, rng=2026)
    assert len(batch) == 20_000
    assert_fits(batch.counts(), star_odds(die))


def test_stars_batch_with_luck_and_penalties_fits():
    batch = simulate_stars("d8", 20_000, skill_bonus=1, dehydrated=True, luck="d6", rng=11)
    assert_fits(batch.counts(), action_odds("d8", skill_bonus=1, dehydrated=True, luck="d6"))


def test_stars_batch_agrees_with_the_pure_function_on_the_same_dice():
    values = [1, 2, 3, 6, 8, 5, 7, 4]
    luck = [1, 2, 3, 6, 4, 5, 2, 6]
    batch = simulate_stars("d8", 8, dehydrated=True, modifiers=[(1, "x")], luck="d6", rng=ScriptedDice(values + luck))
    expected = [
        resolve_action(
            slot="skill", die="d8", value=v, dehydrated=True, modifiers=[(1, "x")], luck="d6", luck_value=lv
        ).stars
        for v, lv in zip(values, luck, strict=True)
    ]
    assert batch.stars.tolist() == expected
    assert batch.values.tolist() == values


def test_stars_batch_bad_input():
    with pytest.raises(RuleError):
        simulate_stars(0, 10, rng=1)
    with pytest.raises(RuleError):
        simulate_stars("d6", 10, luck=0, rng=1)
    with pytest.raises(InvalidInput):
        simulate_stars("d6", -1, rng=1)
    with pytest.raises(InvalidInput):
        simulate_stars("d6", 10, slot="attack", skill_bonus=1, rng=1)
    assert len(simulate_stars("d6", 0, rng=1)) == 0


@pytest.mark.parametrize(("die", "rolls"), [(S.D4, 1), (S.D6, 3), (S.D12, 10), (S.D8, 6)])
def test_inventory_batch_fits_the_markov_chain(die, rolls):
    batch = simulate_inventory(die, 20_000, rolls=rolls, rng=7)
    assert_fits(batch.counts(), inventory_odds(die, rolls))
    assert batch.rolls.max() <= rolls


def test_inventory_batch_agrees_with_the_pure_function_on_the_same_dice():
    values = [1, 2, 3, 4, 5, 6, 2, 6]
    batch = simulate_inventory("d6", 8, rolls=1, rng=ScriptedDice(values))
    expected = [resolve_inventory("d6", v).after.sides for v in values]
    assert batch.after.tolist() == expected


def test_rolls_until_zero_average_matches_the_exact_expectation():
    batch = simulate_inventory("d8", 20_000, rng=5)
    assert (batch.after == 0).all()
    mean = float(batch.rolls.mean())
    expected = float(expected_rolls_to_zero("d8"))  # 9
    spread = float(batch.rolls.std()) / np.sqrt(len(batch))
    assert abs(mean - expected) < 5 * spread


def test_inventory_batch_edges():
    assert len(simulate_inventory("d6", 0, rng=1)) == 0
    zero = simulate_inventory(0, 5, rng=1)
    assert zero.rolls.tolist() == [0] * 5
    with pytest.raises(InvalidInput):
        simulate_inventory("d6", 5, rolls=-1, rng=1)


def test_stars_batch_checks_modifiers_like_the_pure_rule():
    with pytest.raises(TypeError, match="modifiers"):
        simulate_stars("d6", 10, modifiers=5, rng=1)
    with pytest.raises(InvalidInput, match="stars"):
        simulate_stars("d6", 10, modifiers=[(2**62, "x")], rng=1)


@pytest.mark.parametrize(
    ("slot", "bonus", "modifiers"),
    [("attack", 0, [(-2, "armour")]), ("skill", -1, []), ("skill", 2, [(-1, "dark"), (1, "rifle")]), ("move", 0, [])],
)
def test_stars_batch_agrees_with_the_pure_function_with_the_floor(slot, bonus, modifiers):
    values = [1, 2, 3, 5, 6, 8, 9, 12, 4, 7]
    luck = [1, 2, 3, 4, 5, 6, 1, 6, 2, 3]
    batch = simulate_stars(
        "d12", 10, slot=slot, skill_bonus=bonus, modifiers=modifiers, luck="d6", rng=ScriptedDice(values + luck)
    )
    expected = [
        resolve_action(
            slot=slot, die="d12", value=v, skill_bonus=bonus, modifiers=modifiers, luck="d6", luck_value=lv
        ).stars
        for v, lv in zip(values, luck, strict=True)
    ]
    assert batch.stars.tolist() == expected
    if bonus + sum(stars for stars, _ in modifiers) < 0:
        assert min(expected) == 0  # the floor of 0 is exercised
