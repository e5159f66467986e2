import pytest
from hypothesis import given
from hypothesis import strategies as st

import tabletop_core as tc
from tabletop_core.d20 import tier_for_level
from tabletop_core.d20.tiers import TierUse, check_tier, levels_in_tier, tier_allows


@pytest.mark.parametrize(
    ("levels", "tier"),
    [((1, 4), 1), ((5, 8), 2), ((9, 12), 3), ((13, 16), 4), ((17, 20), 5)],
)
def test_tiers_from_the_text(levels, tier):
    first, last = levels
    assert tier_for_level(first) == tier
    assert tier_for_level(last) == tier
    assert levels_in_tier(tier) == range(first, last + 1)


@given(level=st.integers(1, 20))
def test_every_level_is_in_its_tier(level):
    assert level in levels_in_tier(tier_for_level(level))


@pytest.mark.parametrize("what", [*TierUse, "feat", "object", "spell"])
def test_your_tier_or_lower(what):
    assert tier_allows(level=9, tier=3, what=what)
    assert tier_allows(level=9, tier=1, what=what)
    assert not tier_allows(level=8, tier=3, what=what)
    check_tier(level=20, tier=5, what=what)
    with pytest.raises(tc.RuleError, match="Tier 2 or lower, not Tier 3"):
        check_tier(level=8, tier=3, what=what)


@pytest.mark.parametrize(
    ("call", "error"),
    [
        (lambda: tier_for_level(0), tc.InvalidInput),
        (lambda: tier_for_level(21), tc.InvalidInput),
        (lambda: tier_for_level(1.0), TypeError),
        (lambda: levels_in_tier(6), tc.InvalidInput),
        (lambda: tier_allows(level=3, tier=0), tc.InvalidInput),
        (lambda: tier_allows(level=3, tier=1, what="weapon"), tc.InvalidInput),
    ],
)
def test_bad_levels_and_tiers(call, error):
    with pytest.raises(error):
        call()
