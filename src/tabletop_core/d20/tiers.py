"""Tiers: Scribe Levels 1-20 in five Tiers, and what a Tier lets you gain, use and Cast.

Core Rules "Tier" and "Tier 1" to "Tier 5": Tier 1 is LV 1-4, Tier 2 LV 5-8,
Tier 3 LV 9-12, Tier 4 LV 13-16, Tier 5 LV 17-20. Unless the GM rules otherwise,
you can gain Feats, use Objects and Cast Spells of your Tier or lower. A Feat,
Object or Spell that lists no Tier gets one from the GM: pass that Tier.

Examples:
    >>> from tabletop_core.d20.tiers import tier_allows, tier_for_level
    >>> [tier_for_level(level) for level in (1, 4, 5, 8, 9, 12, 13, 16, 17, 20)]
    [1, 1, 2, 2, 3, 3, 4, 4, 5, 5]
    >>> tier_allows(level=6, tier=2, what="spell"), tier_allows(level=6, tier=3, what="spell")
    (True, False)
"""

from __future__ import annotations

from tabletop_core._enum import Enum
from tabletop_core._names import parse_enum
from tabletop_core._validate import check_int
from tabletop_core.errors import RuleError

__all__ = [
    "LEVELS_PER_TIER",
    "MAX_LEVEL",
    "MAX_TIER",
    "TierUse",
    "check_tier",
    "levels_in_tier",
    "tier_allows",
    "tier_for_level",
]

MAX_LEVEL = 20
"""Scribe Levels run from 1 to 20."""
LEVELS_PER_TIER = 4
"""Each Tier spans four Levels."""
MAX_TIER = MAX_LEVEL // LEVELS_PER_TIER
"""Five Tiers."""


class TierUse(Enum):
    """What a Tier gates: gaining Feats, using Objects, Casting Spells."""

    FEAT = "gain Feats"
    OBJECT = "use Objects"
    SPELL = "Cast Spells"


def tier_for_level(level: int) -> int:
    """The Tier of a Scribe Level (1-4 -> 1, 5-8 -> 2, 9-12 -> 3, 13-16 -> 4, 17-20 -> 5).

    Raises:
        InvalidInput: *level* is not 1..20.
        TypeError: *level* is not an int.
    """
    level = check_int("level", level, low=1, high=MAX_LEVEL)
    return (level - 1) // LEVELS_PER_TIER + 1


def levels_in_tier(tier: int) -> range:
    """The Levels of a Tier: ``levels_in_tier(2) == range(5, 9)``."""
    tier = check_int("tier", tier, low=1, high=MAX_TIER)
    first = (tier - 1) * LEVELS_PER_TIER + 1
    return range(first, first + LEVELS_PER_TIER)


def tier_allows(*, level: int, tier: int, what: TierUse | str = TierUse.FEAT) -> bool:
    """Whether a Scribe of *level* can gain, use or Cast something of *tier* (its Tier or lower).

    The rule is the same for Feats, Objects and Spells; *what* only names the use.
    The GM may rule otherwise.
    """
    parse_enum(TierUse, what, name="what")
    item_tier = check_int("tier", tier, low=1, high=MAX_TIER)
    return item_tier <= tier_for_level(level)


def check_tier(*, level: int, tier: int, what: TierUse | str = TierUse.FEAT) -> None:
    """Raise :class:`~tabletop_core.RuleError` unless a Scribe of *level* may use something of *tier*.

    Examples:
        >>> check_tier(level=6, tier=3, what="spell")
        Traceback (most recent call last):
          ...
        tabletop_core.errors.RuleError: a LV 6 Scribe is Tier 2 and can Cast Spells of Tier 2 or lower, not Tier 3
    """
    use = parse_enum(TierUse, what, name="what")
    if not tier_allows(level=level, tier=tier, what=use):
        own = tier_for_level(level)
        raise RuleError(
            f"a LV {level} Scribe is Tier {own} and can {use.value} of Tier {own} or lower, not Tier {tier}"
        )
