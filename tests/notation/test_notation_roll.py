"""Rolling: each operator with fixed dice, every die kept, rendering, JSON round trips."""

from __future__ import annotations

import json

import pytest

from tabletop_core import DiceExhausted, ScriptedDice
from tabletop_core.notation import DiceRoll, Limits, NotationError, RollResult, parse, roll


def dice(*values: int) -> ScriptedDice:
    return ScriptedDice(values)


def test_attack_with_label():
    result = roll("1d20+5 [attack]", rng=dice(17))
    assert result.total == 22
    assert result.label == "attack"
    assert str(result) == "attack: 1d20 (17) + 5 = 22"


def test_numbers_and_precedence():
    assert roll("2+3*4").total == 14
    assert roll("(2+3)*4").total == 20
    assert roll("7/2").total == 3
    assert roll("-7/2").total == -4  # integer division rounds down
    assert roll("10-2-3").total == 5
    assert roll("--3").total == 3


def test_plain_dice_sum():
    result = roll("3d6", rng=dice(1, 4, 6))
    assert result.total == 11
    assert result.rolls[0].faces == (1, 4, 6)
    assert str(result) == "3d6 (1↓, 4, 6↑) = 11"


def test_percentile_die():
    assert roll("d%", rng=dice(100)).total == 100


def test_fate_dice_read_from_a_d3():
    result = roll("4dF", rng=dice(1, 2, 3, 3))
    assert result.rolls[0].faces == (-1, 0, 1, 1)
    assert result.total == 1
    assert str(result) == "4dF (-, 0, +, +) = 1"


def test_keep_highest():
    result = roll("4d6kh3", rng=dice(6, 2, 5, 4))
    assert result.total == 15
    assert result.rolls[0].dropped == (1,)
    assert str(result) == "4d6kh3 (6↑, ~2~, 5, 4) = 15"
    assert result.to_markdown() == "4d6kh3 (6↑, ~~2~~, 5, 4) = **15**"


def test_keep_lowest_drop_highest_drop_lowest():
    assert roll("2d20kl1", rng=dice(15, 3)).total == 3
    assert roll("4d6dh1", rng=dice(6, 2, 5, 4)).total == 11
    assert roll("4d6dl1", rng=dice(6, 2, 5, 4)).total == 15
    assert roll("2d20kh5", rng=dice(15, 3)).total == 18  # more than rolled keeps all
    assert roll("2d20dl5", rng=dice(15, 3)).total == 0  # dropping more than rolled drops all


def test_ties_drop_the_later_die():
    result = roll("2d20kh1", rng=dice(12, 12))
    assert result.rolls[0].dropped == (1,)


def test_explode_on_max():
    result = roll("3d6!", rng=dice(6, 6, 2, 3, 1))
    assert result.total == 18
    assert result.rolls[0].exploded == (0, 1)
    assert str(result) == "3d6! (6↑!, 6↑!, 2, 3, 1↓) = 18"


def test_explode_on_threshold():
    result = roll("2d10!>=9", rng=dice(9, 10, 3, 4))
    assert result.total == 26
    assert result.rolls[0].exploded == (0, 1)


def test_explosion_depth_cap():
    limits = Limits(explode_depth=2)
    result = roll("1d6!", rng=dice(6, 6, 6), limits=limits)
    assert result.total == 18  # the third six does not explode again
    assert result.rolls[0].exploded == (0, 1)


def test_reroll_repeatedly():
    result = roll("1d20r<3", rng=dice(1, 2, 15))
    assert result.total == 15
    assert result.rolls[0].rerolled == (0, 1)
    assert str(result) == "1d20r<3 (~1↓~, ~2~, 15) = 15"


def test_reroll_once():
    result = roll("1d20ro<3", rng=dice(1, 2))
    assert result.total == 2
    assert result.rolls[0].rerolled == (0,)


def test_reroll_exact_face():
    assert roll("2d6r1", rng=dice(1, 3, 4)).total == 7


def test_success_counting():
    result = roll("5d10>=8", rng=dice(9, 3, 8, 10, 1))
    assert result.total == 3
    assert result.rolls[0].successes == (0, 2, 3)
    assert str(result) == "5d10>=8 (9✓, 3, 8✓, 10↑✓, 1↓: 3 successes) = 3"
    assert roll("3d6<=2", rng=dice(1, 2, 3)).total == 2
    assert roll("3d6=6", rng=dice(6, 6, 3)).total == 2


def test_success_counting_with_explosions_counts_each_die():
    # 10-again: the extra die counts as well.
    result = roll("2d10!=10>=8", rng=dice(10, 8, 3))
    assert result.total == 2
    assert result.rolls[0].exploded == (0,)


def test_keep_then_count():
    result = roll("4d6kh3>=5", rng=dice(6, 1, 5, 2))
    assert result.total == 2  # kept 6, 5, 2


def test_keep_on_exploding_dice_keeps_whole_chains():
    # chains: 6+4=10, 5, 3 -> keep the best two chains: 10 and 5
    result = roll("3d6!kh2", rng=dice(6, 4, 5, 3))
    assert result.total == 15
    assert result.rolls[0].dropped == (3,)


def test_reroll_then_explode_then_keep():
    result = roll("3d6r1!kh2", rng=dice(1, 6, 2, 4, 3))
    # die 1: 1 rerolled -> 6 explodes -> 2 (chain 8); die 2: 4; die 3: 3
    assert result.total == 12
    assert result.rolls[0].rerolled == (0,)
    assert result.rolls[0].exploded == (1,)
    assert result.rolls[0].dropped == (4,)


def test_every_die_is_kept():
    result = roll("1d20ro<3+4d6kh3", rng=dice(1, 12, 6, 2, 5, 4))
    assert [r.notation for r in result.rolls] == ["1d20ro<3", "4d6kh3"]
    assert [d.value for d in result.dice] == [1, 12, 6, 2, 5, 4]
    assert [d.kept for d in result.dice] == [False, True, True, False, True, True]
    assert result.dice[0].rerolled
    assert result.dice[3].dropped


def test_grouped_breakdown():
    result = roll("(2d6+1)*2-1d4/2 [dmg]", rng=dice(3, 4, 4))
    assert result.total == 14
    assert str(result) == "dmg: (2d6 (3, 4) + 1) * 2 - 1d4 (4↑) / 2 = 14"


def test_division_by_zero():
    with pytest.raises(NotationError, match="division by zero"):
        roll("1d6/(1-1)", rng=dice(3))


def test_explosion_budget_is_checked_while_rolling():
    limits = Limits(max_dice=3)
    roll("1d6!", rng=dice(6, 6, 1), limits=limits)
    with pytest.raises(NotationError, match="rolled more than 3 dice"):
        roll("1d6!", rng=dice(6, 6, 6, 1), limits=limits)


def test_reroll_budget():
    with pytest.raises(NotationError, match="rolled more than 2 dice"):
        roll("1d6r1", rng=dice(1, 1, 2), limits=Limits(max_dice=2))


def test_seeded_rolls_repeat():
    assert roll("4d6kh3+1d8", rng=7) == roll("4d6kh3+1d8", rng=7)


def test_roll_accepts_a_parsed_expression():
    assert roll(parse("2d6"), rng=dice(1, 2)).total == 3


def test_scripted_dice_running_out():
    with pytest.raises(DiceExhausted):
        roll("2d6", rng=dice(1))


def test_wrong_types():
    with pytest.raises(TypeError):
        roll(4)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        roll("1d6", rng="seed")


@pytest.mark.parametrize("text", ["1d20+5 [attack]", "4d6kh3", "3d6!", "5d10>=8", "1d20r<3", "4dF", "2*(1d4+1)"])
def test_json_round_trip(text):
    result = roll(text, rng=11)
    assert type(result).from_dict(json.loads(json.dumps(result.to_dict()))) == result
    assert RollResult.from_json(result.to_json()) == result


def test_dice_roll_views():
    term = roll("4d6kh3", rng=dice(6, 2, 5, 1)).rolls[0]
    assert isinstance(term, DiceRoll)
    assert term.kept == (6, 2, 5)
    assert [str(d) for d in term.dice] == ["6↑", "2", "5", "~1↓~"]
    assert str(term) == "4d6kh3 (6↑, 2, 5, ~1↓~)"
    assert term.dice[0].is_max
    assert term.dice[3].is_min
    assert not term.counts_successes


def test_breakdown_and_html():
    result = roll("1d20+5", rng=dice(20))
    assert result.breakdown == "1d20 (20↑) + 5"
    assert result.to_markdown() == "1d20 (20↑) + 5 = **25** (critical hit)"
    assert result._repr_html_() == (
        '<table class="tabletop-record"><caption style="text-align:left">1d20+5 = 25</caption><tbody>'
        '<tr><th style="text-align:left">expression</th><td style="text-align:left">1d20+5</td></tr>'
        '<tr><th style="text-align:left">1d20</th><td style="text-align:left">20 = 20</td></tr>'
        '<tr><th style="text-align:left">total</th><td style="text-align:left">25</td></tr></tbody></table>'
    )
    dropped = roll("4d6kh3", rng=ScriptedDice([6, 2, 5, 4]))._repr_html_()
    assert "6, 5, 4 = 15 (dropped 2)" in dropped
    assert "~" not in dropped
    assert roll("1d20", rng=dice(1)).to_markdown() == "1d20 (1↓) = **1** (critical failure)"


def test_one_die_results_are_built_once_per_face():
    first = roll("1d20+5", rng=dice(7))
    assert first.total == 12
    assert roll("1d20+5", rng=dice(7)) is first  # immutable, so shared
    assert roll("1d20+5", rng=dice(8)).total == 13
    assert roll("-1d100*2", rng=dice(50)).total == -100
    for _ in range(2):
        with pytest.raises(NotationError, match="division by zero"):
            roll("1d20/0", rng=dice(3))


@pytest.mark.parametrize("text", ["4d6kh3", "2d20kl1+3", "3d6!", "5d10>=8", "1d6r<3+1d4ro1", "4dF", "3d4!kh2-1"])
def test_rolls_fit_the_exact_odds(text):
    from collections import Counter

    from support import assert_fits
    from tabletop_core import dice_source
    from tabletop_core.notation import distribution

    source = dice_source(20261129)
    counts = Counter(roll(text, rng=source).total for _ in range(4000))
    odds = distribution(text)
    # Merge the far tail (exploding dice) so every expected count is large enough.
    common = {o for o, p in odds.items() if p * 4000 >= 5}
    merged_counts = Counter()
    for outcome, n in counts.items():
        merged_counts[outcome if outcome in common else "tail"] += n
    merged = odds.map(lambda o: o if o in common else "tail")
    assert_fits(merged_counts, merged)


def test_result_tree_mirrors_the_expression():
    result = roll("(2d6+1)*2-1d4 [dmg]", rng=dice(3, 4, 2))
    tree = result.tree
    assert tree.value == result.total == 14
    product, die = tree.children
    assert (product.value, die.value) == (16, 2)
    assert die.roll is result.rolls[1]
    assert str(product.children[0]) == "2d6+1 = 8"
    assert roll("-1d4", rng=dice(3)).tree.children[0].value == 3


def test_unary_minus_parentheses_and_division_with_dice():
    assert roll("-1d4", rng=dice(3)).total == -3
    result = roll("-(1d6+2)*2", rng=dice(5))
    assert result.total == -14
    assert str(result) == "-(1d6 (5) + 2) * 2 = -14"
    assert roll("2d6/3", rng=dice(6, 1)).total == 2
    assert roll("-1d6/4", rng=dice(5)).total == -2  # rounds down, as integer division does


def test_spacing_case_bare_keep_and_percent_with_fixed_dice():
    result = roll("  2D20 K + D%  [ Sneak Attack ] ", rng=dice(4, 17, 100))
    assert result.expression == "2d20kh1+1d100 [Sneak Attack]"
    assert result.total == 117
    assert result.label == "Sneak Attack"
    assert str(result) == "Sneak Attack: 2d20kh1 (~4~, 17) + 1d100 (100↑) = 117"
