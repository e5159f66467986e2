"""The default dialect reads rpg-dice-roller's operators that have an integer meaning, as rpg-dice-roller reads them.

Each operator: how it reads (canonical ``str()``, read back equal), what it rolls on given
dice, and its exact odds against brute force (every sequence of dice rolled by the roller
itself) or, for loops that brute force cannot end, against the ``rdr`` dialect's walk of the
same rule. The deliberate differences that remain are on the dialects page.
"""

from __future__ import annotations

import pytest
from notation_brute import brute_distribution

from tabletop_core import ScriptedDice
from tabletop_core.notation import Limits, NotationError, distribution, parse, roll

READINGS = [
    ("4d6<>3", "4d6<>3"),  # not equal, rpg-dice-roller's <>
    ("4d6r<>3", "4d6r<>3"),
    ("4d6r!=3", "4d6r<>3"),  # != after r compares
    ("4d6cs!=3", "4d6cs<>3"),
    ("4d6!=6", "4d6!"),  # after a die, != is an explosion on =6 (as rpg-dice-roller reads it)
    ("4dF.1", "4dF.1"),
    ("4dF.2", "4dF"),
    ("4d6!!p", "4d6!!p"),
    ("4d6r", "4d6r1"),  # a bare r rerolls the lowest face
    ("4d6ro", "4d6ro1"),
    ("4dFr", "4dFr=-1"),
    ("2d6min3", "2d6mi3"),
    ("4d6max5min2", "4d6mi2ma5"),
    ("3d6kh2dl1", "3d6kh2dl1"),  # several keep/drops
    ("4d6kh1kh3", "4d6kh3"),  # one of a kind written twice: the last (rpg-dice-roller keeps it)
    ("6d10>=8!>=9", "6d10!>=9>=8"),  # a success count before the explosion
    ("2d%u>80", "2d100u>80"),  # unique with a comparison: only faces above 80 must be unique
    ("2d%>80u", "2d100>80u"),  # a success count, then plain unique
    ("d64uo<=35", "1d64uo<=35"),
    ("{7d%}d3", "7d100dl3"),  # a bare d after a group drops the lowest
    ("{4d6, 3d8}d1", "{4d6, 3d8}dl1"),
    ("{4d6, 2d10}s", "{4d6sa, 2d10sa}"),  # a sorted group sorts its terms' dice
    ("4d6>=3f!=1", "4d6>=3f<>1"),
]


@pytest.mark.parametrize(("text", "canonical"), READINGS)
def test_reads_as_rpg_dice_roller(text: str, canonical: str) -> None:
    """Each operator is read, its canonical text reads back to the same expression."""
    expression = parse(text)
    assert str(expression) == canonical
    assert parse(canonical) == expression


def test_unique_with_a_comparison_rolls_as_rpg_dice_roller() -> None:
    """rpg-dice-roller's ``2d%u>80`` on 90, 90, 85 is 175 (the repeated 90 rerolled); so is ours (it was 2)."""
    assert roll("2d%u>80", rng=ScriptedDice([90, 90, 85])).total == 175
    assert roll("6d10u<=4", rng=ScriptedDice([1, 1, 4, 2, 9, 9, 3])).total == 28


@pytest.mark.parametrize(
    ("text", "dice", "total"),
    [
        ("2d10!<>8", [4, 6, 3, 10, 8, 5, 8], 44),  # rpg-dice-roller's own test: the same dice, die by die
        ("6d10>=8!>=9", [4, 5, 6, 3, 10, 6, 8], 2),
        ("6d10!>=9>=8", [4, 5, 6, 3, 10, 6, 8], 2),
        ("3d6cs>3cf<3", [5, 4, 1], 10),
        ("4d6sd", [4, 6, 5, 1], 16),
        ("2d6r<=4", [4, 5, 6], 11),
        ("2d6u", [4, 4, 4, 6], 10),
        ("2d6uo", [4, 4, 4], 8),
        ("6d10min3max6", [10, 2, 3, 7, 1, 9], 27),
        ("3d6kh2dl1", [1, 5, 6], 11),
        ("4d6kh3dl2", [1, 2, 3, 4], 7),
        ("4dF.1", [1, 2, 6, 6], 1),
        ("{7d%}d3", [10, 20, 30, 40, 50, 60, 70], 220),
        ("{4d6, 2d10, d4}s", [4, 5, 1, 3, 8, 6, 3], 30),
    ],
)
def test_rpg_dice_roller_cases_roll_the_same(text: str, dice: list[int], total: int) -> None:
    """rpg-dice-roller's own cases (and the quirks' rolls) where both read the text alike give its totals."""
    assert roll(text, rng=ScriptedDice(dice)).total == total


BOUNDED = [
    "3d4kh2dl1",
    "4d4dh1dl1",
    "4d4kh3kl3",
    "3d4kh1kl1",
    "4d4dl1dh1>2",
    "5d3dh2dl2",
    "2d4<>3",
    "3d4>=2f<>3",
    "4dF.1",
    "3dF.1kh2",
    "2dF.1>0f<0",
    "2d4!!p",
    "2d4>=3!",
    "3d4uo>2",
    "2d4uo<3kh1",
    "3d4ro",
    "2d4min2max3",
    "{2d4,1d6}d1",
    "{2d4,1d4}s",
]


@pytest.mark.parametrize("text", BOUNDED)
def test_odds_are_brute_force(text: str) -> None:
    """Every sequence of dice rolled by the roller itself gives these odds, exactly (explosions capped at 3)."""
    limits = Limits(explode_depth=3, max_odds_work=50_000_000)
    assert dict(distribution(text, limits=limits).items()) == brute_distribution(text, limits)


@pytest.mark.parametrize("text", ["3d4u>2", "2d6u>4", "3d4u<3kh2", "4d6u>=5", "2d10u<>5", "3d4r", "2dFr", "3d4r<>2"])
def test_loops_agree_with_the_rdr_walk(text: str) -> None:
    """Unique with a test and bare rerolls loop: the kernel's walk of the rdr dialect gives the same odds."""
    assert dict(distribution(text).items()) == dict(distribution(text, dialect="rdr").items())


def test_a_repeated_explosion_keeps_the_last() -> None:
    """``4d6!>=5!`` explodes on 6 only (rpg-dice-roller keeps the last of a kind)."""
    assert str(parse("4d6!>=5!")) == "4d6!"


def test_still_refused_with_a_reason() -> None:
    """Unique dF.1 and unique dice needing more faces than a die has are refused, saying why."""
    with pytest.raises(NotationError, match="faces"):
        parse("7d6u")
    with pytest.raises(NotationError, match="keep or drop only once"):
        parse("{4d6, 3d8}kh1dl1")
