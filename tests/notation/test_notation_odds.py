"""Exact odds: hand-checked numbers, brute-force enumeration, keep/drop on large pools, limits."""

from __future__ import annotations

from fractions import Fraction
from itertools import product
from math import comb

import pytest
from notation_brute import brute_distribution

from tabletop_core import Distribution
from tabletop_core.notation import Limits, NotationError, distribution, parse
from tabletop_core.notation._default.odds import explodes_anywhere


def test_two_d6():
    odds = distribution("2d6")
    assert odds.probability(7) == Fraction(1, 6)
    assert odds.probability(2) == Fraction(1, 36)
    assert sum(odds.probabilities) == 1


def test_four_d6_keep_three():
    odds = distribution("4d6kh3")
    assert odds.probability(18) == Fraction(21, 1296)
    assert odds.probability(3) == Fraction(1, 1296)
    assert odds.mean() == Fraction(15869, 1296)


def test_advantage_and_disadvantage():
    advantage = distribution("2d20kh1")
    assert advantage.probability(20) == Fraction(39, 400)
    assert distribution("2d20kl1").probability(1) == Fraction(39, 400)


def test_modifier_and_label():
    assert distribution("1d20+5 [attack]").at_least(20) == Fraction(3, 10)


def test_fate_dice():
    odds = distribution("4dF")
    assert odds.outcomes == (-4, -3, -2, -1, 0, 1, 2, 3, 4)
    assert odds.probability(0) == Fraction(19, 81)


def test_reroll_repeatedly_is_uniform_over_the_rest():
    assert distribution("1d6r<3") == Distribution.uniform([3, 4, 5, 6])


def test_reroll_once():
    odds = distribution("1d6ro1")
    assert odds.probability(1) == Fraction(1, 36)
    assert odds.probability(6) == Fraction(7, 36)


def test_success_counting_is_binomial():
    odds = distribution("5d10>=8")
    for k in range(6):
        assert odds.probability(k) == comb(5, k) * Fraction(3, 10) ** k * Fraction(7, 10) ** (5 - k)


def test_exploding_die_at_the_cap():
    odds = distribution("1d6!", limits=Limits(explode_depth=2))
    assert odds.probability(5) == Fraction(1, 6)
    assert odds.probability(11) == Fraction(1, 36)
    assert odds.probability(18) == Fraction(1, 216)  # three sixes: the cap stops there
    assert max(odds.outcomes) == 18
    assert explodes_anywhere("1d6!+1")
    assert not explodes_anywhere("1d6+1")


def test_default_explosion_cap_is_used():
    assert max(distribution("1d6!").outcomes) == 21 * 6


def test_division_and_negation():
    assert distribution("1d6/2") == Distribution({0: 1, 1: 2, 2: 2, 3: 1})
    assert distribution("-1d4").outcomes == (-4, -3, -2, -1)
    with pytest.raises(NotationError, match="divisor can be 0"):
        distribution("1d6/(1d2-1)")


def test_against_itertools_enumeration():
    for count, sides, keep in [(3, 6, 2), (5, 4, 3), (4, 8, 1), (6, 3, 4), (7, 4, 2), (8, 3, 3), (7, 3, 6)]:
        weights: dict[int, int] = {}
        for faces in product(range(1, sides + 1), repeat=count):
            total = sum(sorted(faces, reverse=True)[:keep])
            weights[total] = weights.get(total, 0) + 1
        assert distribution(f"{count}d{sides}kh{keep}") == Distribution(weights)
        weights = {}
        for faces in product(range(1, sides + 1), repeat=count):
            total = sum(sorted(faces)[:keep])
            weights[total] = weights.get(total, 0) + 1
        assert distribution(f"{count}d{sides}kl{keep}") == Distribution(weights)


SMALL = [
    "2d6+3",
    "3d4kh2",
    "4d4dl1",
    "3d4dh1",
    "3d6kl2",
    "2dF+1",
    "3d4>=3",
    "4d4kh2>=3",
    "2d4ro1",
    "2d4ro<3kh1",
    "2d4!",
    "2d4!>=3",
    "2d4!=4>=3",
    "2d4!kh1",
    "3d3!kl2",
    "2d4!>=3kh1>=3",
    "2d4!ro1",
    "1d6*1d4-2",
    "(1d4+1)/1d3",
    "-1d4*-2",
    "2d4=4",
    "3dF!kh2",
]


@pytest.mark.parametrize("text", SMALL)
def test_against_brute_force(text):
    limits = Limits(explode_depth=2)
    expected = Distribution(brute_distribution(text, limits))
    assert distribution(text, limits=limits) == expected


def test_large_keep_is_computed_without_enumeration():
    odds = distribution("10d10kh3")
    assert (
        odds.probability(30)
        == 1
        - Fraction(9, 10) ** 10
        - 10 * Fraction(1, 10) * Fraction(9, 10) ** 9
        - comb(10, 2) * Fraction(1, 100) * Fraction(9, 10) ** 8
    )
    assert min(odds.outcomes) == 3
    assert len(odds) == 28


def test_keep_one_of_a_thousand_dice_is_the_maximum():
    odds = distribution("1000d10kh1")
    for k in range(1, 11):
        assert odds.at_most(k) == Fraction(k, 10) ** 1000
    assert distribution("1000d10kl1").at_least(2) == Fraction(9, 10) ** 1000


def test_too_large_is_a_clear_error():
    with pytest.raises(NotationError, match="exact odds would have more than 50000 outcomes"):
        distribution("1000d10000")
    with pytest.raises(NotationError, match="exact odds would take more than"):
        distribution("100d6!")
    with pytest.raises(NotationError, match="exact odds would take more than"):
        distribution("1000d10kh999")
    with pytest.raises(NotationError, match="more than 10 outcomes"):
        distribution("3d6", limits=Limits(max_odds_outcomes=10))
    with pytest.raises(NotationError, match="exact odds would"):
        distribution("1d10000*1d10000")


def test_distribution_is_cached_and_accepts_trees():
    assert distribution("3d8") is distribution("3d8")
    assert distribution(parse("3d8")) == distribution("3d8")
    with pytest.raises(TypeError):
        distribution(3)  # type: ignore[arg-type]


def _sum_counts(count: int, sides: int) -> dict[int, int]:
    ways = {0: 1}
    for _ in range(count):
        step: dict[int, int] = {}
        for total, n in ways.items():
            for face in range(1, sides + 1):
                step[total + face] = step.get(total + face, 0) + n
        ways = step
    return ways


@pytest.mark.parametrize(("count", "sides"), [(20, 6), (13, 10), (50, 4), (9, 100)])
def test_large_sums_match_die_by_die_counting(count, sides):
    assert distribution(f"{count}d{sides}") == Distribution(_sum_counts(count, sides))


def test_hundred_d6_extremes():
    odds = distribution("100d6")
    assert odds.probability(600) == Fraction(1, 6**100)
    assert odds.probability(101) == Fraction(100, 6**100)
    assert odds.mean() == 350


def test_huge_numbers_do_not_blow_up_the_odds():
    big = "9" * 900
    assert distribution(f"1d4*{big}").outcomes[0] == int(big)
    with pytest.raises(NotationError, match="outcomes"):
        distribution(f"1d10000*{big}+1d10000*{big[:-5]}", limits=Limits(max_length=5000))


def test_a_thousand_d6_exactly():
    # 1000 dice may be rolled (MAX_DICE), so their sum has exact odds too.
    odds = distribution("1000d6")
    assert odds.outcomes[0] == 1000
    assert odds.outcomes[-1] == 6000
    assert odds.probability(6000) == Fraction(1, 6**1000)
    assert odds.probability(5999) == Fraction(1000, 6**1000)
    assert odds.probability(5998) == Fraction(1000 + comb(1000, 2), 6**1000)
    assert odds.mean() == 3500


def test_a_thousand_dice_success_count_is_binomial():
    odds = distribution("1000d100<=41")
    assert len(odds) == 1001
    for k in (0, 1, 410, 999, 1000):
        assert odds.probability(k) == comb(1000, k) * Fraction(41, 100) ** k * Fraction(59, 100) ** (1000 - k)


def test_big_sums_are_refused_before_the_work(monkeypatch):
    # The size and cost of a sum of alike dice are known before computing it: a
    # refusal must not come after the work it refuses.
    from tabletop_core.notation._default import odds as odds_module
    from tabletop_core.notation._kernel import weights as weights_module

    def must_not_run(*_args, **_kwargs):  # pragma: no cover - fails the test if reached
        raise AssertionError("the sum was computed before the budget was checked")

    monkeypatch.setattr(weights_module, "power_by_recurrence", must_not_run)
    monkeypatch.setattr(odds_module.Calculator, "squaring", must_not_run)
    with pytest.raises(NotationError, match="more than 1000 steps"):
        distribution("1000d6", limits=Limits(max_odds_work=1000))
    with pytest.raises(NotationError, match="outcomes"):
        distribution("1000d100", limits=Limits(max_odds_work=10**12))


def test_refusals_are_remembered(monkeypatch):
    from tabletop_core.notation._default import odds as odds_module

    calls = []
    real = odds_module.compute

    def counting(expression, limits):
        calls.append(str(expression))
        return real(expression, limits)

    monkeypatch.setattr(odds_module, "compute", counting)
    odds_module.CACHE.clear()
    for _ in range(3):
        with pytest.raises(NotationError, match="exact odds would take more than"):
            distribution("100d6!")
    assert calls == ["100d6!"]  # the refused work was done once, not three times
    assert distribution("2d4kh1") is distribution("2d4kh1")
    assert distribution("2d4kh1") is distribution(parse("2 d4kh1"))
    assert calls == ["100d6!", "2d4kh1"]
    # The commonest rolls are read without a tree (and without _compute); their tree finds the same answer.
    assert distribution("d4 + 1") is distribution(parse("1d4+1")) is distribution("1d4+1")
    assert calls == ["100d6!", "2d4kh1"]


def test_the_cache_is_bounded_by_memory():
    from tabletop_core.notation._kernel.cache import SizedCache
    from tabletop_core.notation._kernel.distributions import Known as _Known

    small = Distribution({1: 1, 2: 3})
    cache: SizedCache[object, _Known] = SizedCache(4 * _Known(small, None).bits)

    def put(key: object, known: _Known) -> None:  # as distribution() does: sized by the answer's bits
        cache.put(key, known, known.bits)

    for key in range(10):
        put(key, _Known(small, None))
    assert cache.size <= cache.max_bytes
    assert cache.get(0) is None  # the oldest answers made room
    assert cache.get(9) is not None
    big = Distribution(dict.fromkeys(range(100), 1))
    put("big", _Known(big, None))  # more than a quarter of the cache: not kept
    assert cache.get("big") is None
    refusal = _Known(None, "too big")
    put("refused", refusal)
    with pytest.raises(NotationError, match="too big"):
        cache.get("refused").result()


def test_odds_limits_at_their_edges():
    assert len(distribution("3d6", limits=Limits(max_odds_outcomes=16))) == 16
    with pytest.raises(NotationError, match="more than 15 outcomes"):
        distribution("3d6", limits=Limits(max_odds_outcomes=15))
    assert len(distribution("1000d2", limits=Limits(max_odds_outcomes=1001))) == 1001
    with pytest.raises(NotationError, match="more than 1000 outcomes"):
        distribution("1000d2", limits=Limits(max_odds_outcomes=1000))
    # explode_depth=0: a die never explodes, for odds as for rolls.
    assert distribution("1d6!", limits=Limits(explode_depth=0)) == Distribution.uniform(range(1, 7))
