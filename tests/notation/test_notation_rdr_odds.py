"""Exact odds of the ``rdr`` dialect against brute force, and its shortcuts against its walks.

Brute force (``notation_brute.brute_outcomes``) rolls the text itself on every sequence of
dice, each with its probability: the odds must be the same, exactly, for every operator
that draws a bounded number of dice (keep/drop with rpg-dice-roller's ``slice``, targets,
``ro``, ``uo``, ``min``/``max``, crits, sort, groups, the arithmetic with its signs).
Loops (``!``, ``r``, ``u``) cannot be brute-forced (rpg-dice-roller lets them run to
1,000): their odds are checked against the default dialect's where the rules agree, and
the kernel's algebra against a walk of every path of the engine.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from notation_brute import brute_outcomes

from tabletop_core import ScriptedDice
from tabletop_core.notation import Limits, NotationError, distribution, parse, roll
from tabletop_core.notation._kernel.budget import Budget
from tabletop_core.notation._kernel.engine import finish_term, start_term
from tabletop_core.notation._kernel.weights import Calculator
from tabletop_core.notation._rdr.dice import term_rule
from tabletop_core.notation._rdr.odds import _walk, per_die_rule, term_weights
from tabletop_core.notation.dialect_rdr import RdrDice

BOUNDED = [
    "1d6",
    "3d4kh4",  # slice(0, -1): one die kept
    "3d4kh5",
    "3d4dh4",
    "3d4dl4",
    "4d4kh3dl1",  # several keep/drops, their drops added up
    "4d4dl1dh1",  # a middle range
    "2d4>=3f<2",
    "3d4>2f>3",  # a die meeting both counts as a success only
    "3d4ro<2",
    "3d4uo",
    "2d4uo>2",
    "4d4min2max3",
    "4d4max3min2",
    "3d4cs>3cf<2",
    "3d4sd",
    "{2d4, 1d6}k1",
    "{2d4, 1d6}kl1",
    "{1d4+1d6}k1",  # one sub-expression: its dice together
    "{2d4}dl1",
    "{2d4, 1d6}>3",
    "{1d4, 1d6, 2}>2f<2",
    "{1d4*2, 1d6}dh1s",
    "1dF^2",
    "3%1dF",
    "2^1dF",
    "2dF*-1",
    "1d4/3",
    "1d4%-1",
    "1d6 % 4",
    "max(1d4, 1d6)",
    "floor(1d6/4)*2",
    "round(1d4/3)",
    "ceil(2.56 * d4)",
    "1d4+-2",
    "(1d4-3)^2",
    "4dF.1",
    "2d%kh1",
]


@pytest.mark.parametrize("text", BOUNDED)
def test_odds_are_brute_force(text: str) -> None:
    """Every sequence of dice rolled by the text itself gives these odds, exactly."""
    limits = Limits(max_odds_work=50_000_000)
    expected = brute_outcomes(text, dialect="rdr")
    found = dict(distribution(text, dialect="rdr", limits=limits).items())
    assert found == expected


@st.composite
def _texts(draw: st.DrawFn) -> str:
    """A small text of bounded operators: at most three dice of four sides, some arithmetic."""

    def term() -> str:
        count = draw(st.integers(1, 3))
        die = draw(st.sampled_from(["4", "3", "F", "2"]))
        mods = draw(
            st.lists(
                st.sampled_from(
                    ["kh1", "kl2", "dh1", "d2", "k4", ">2", ">=2f<2", "ro<2", "uo", "min2", "max2", "cs>2", "s", "sd"]
                ),
                max_size=2,
            )
        )
        return f"{count}d{die}{''.join(mods)}"

    parts = [term()]
    for _ in range(draw(st.integers(0, 1))):
        parts.append(draw(st.sampled_from(["+", "-", "*", "/", "%", "^"])))
        parts.append(draw(st.sampled_from(["2", "-1", "0.5", term()])))
    return "".join(parts)


@settings(max_examples=60, deadline=None)
@given(_texts())
def test_generated_odds_are_brute_force(text: str) -> None:
    """Generated texts of bounded operators: the odds are what every sequence of dice gives."""
    try:
        parse(text, dialect="rdr")
    except NotationError:
        assume(False)  # not notation (``uo>=2f<2``: rpg-dice-roller refuses it too)
    refusal = None
    try:
        found = dict(distribution(text, dialect="rdr", limits=Limits(max_odds_work=50_000_000)).items())
    except NotationError as error:
        refusal = str(error)
    if refusal is not None:
        assert "finite" in refusal or "complex" in refusal, refusal
        with pytest.raises(NotationError, match=r"finite|complex|real"):
            brute_outcomes(text, dialect="rdr")  # some sequence of dice makes the roll refuse the same total
        return
    expected = brute_outcomes(text, dialect="rdr")
    assert found == expected


@pytest.mark.parametrize(
    ("ours", "default"),
    [
        ("2d6!", "2d6!"),  # a summed explosion: each die's chain, as die by die
        ("3d4!>=3", "3d4!>=3"),
        ("3d6!!", "3d6!!"),
        ("3d6!p", "3d6!p"),
        ("2d6r<3", "2d6r<3"),  # a reroll until it stops
        ("4d6r", "4d6r1"),  # a bare r rerolls the lowest face
        ("4d6!!kh3", "4d6!!kh3"),  # compounded: a chain is one die for keep/drop too
        ("5d10>=8", "5d10>=8"),
    ],
)
def test_loops_agree_with_the_default_dialect(ours: str, default: str) -> None:
    """Where rpg-dice-roller's rule and the default dialect's agree, so do their exact odds."""
    assert dict(distribution(ours, dialect="rdr").items()) == dict(distribution(default).items())


def _dice(text: str) -> RdrDice:
    token = parse(text, dialect="rdr").tokens[0]  # type: ignore[union-attr]
    assert isinstance(token, RdrDice)
    return token


@pytest.mark.parametrize(
    "text", ["3d4kh2", "3d4kh5", "4d3dl1", "3d4>2f<2", "2d4!", "2d3!!", "2d4r<2", "3d4ro<3", "3dFkh1"]
)
def test_the_algebra_is_the_walk(text: str) -> None:
    """A term the kernel's algebra computes has the odds a walk of every path of the engine gives."""
    limits = Limits(explode_depth=3, max_odds_work=50_000_000)
    dice = _dice(text)
    rule = term_rule(dice, limits.explode_depth)
    assert per_die_rule(rule) is not None
    algebra = term_weights(Calculator(text, limits), dice, text)

    def run(source: object) -> float:
        value, _record = finish_term(start_term(rule, source, Budget(10**6, text, 10**6)))  # type: ignore[arg-type]
        return float(value)

    walked = _walk(Calculator(text, limits), run)
    assert _normal(algebra) == _normal(walked)


def _normal(weights: dict[float, int]) -> dict[float, Fraction]:
    total = sum(weights.values())
    return {value: Fraction(weight, total) for value, weight in weights.items() if weight}


@pytest.mark.parametrize("text", ["4d6!kh3", "2d6!r<2", "3d6u", "2d4!min2", "3d6r<7", "3d2u"])
def test_terms_the_algebra_cannot_take_are_walked(text: str) -> None:
    """Explosions kept die by die, loops over clamps, unique dice: walked when small, refused with why when big."""
    rule = term_rule(_dice(text))
    assert per_die_rule(rule) is None
    refusal = None
    try:
        odds = distribution(text, dialect="rdr", limits=Limits(explode_depth=3))
    except NotationError as error:
        refusal = str(error)
    if refusal is not None:
        assert "exact odds would take more than" in refusal
        return
    rolling = Limits(explode_depth=3, max_dice=10_000)  # rpg-dice-roller's 1,000 rounds a die, within the budget
    for seed in range(20):
        assert odds.probability(roll(text, rng=seed, dialect="rdr", limits=rolling).total) > 0


def test_every_face_rerolled_leaves_the_last_face() -> None:
    """``1d6r<7`` rerolls every face: after rpg-dice-roller's 1,000 rounds the last face stands, each 1 in 6."""
    assert dict(distribution("1d6r<7", dialect="rdr").items()) == {face: Fraction(1, 6) for face in range(1, 7)}
    assert dict(distribution("3d2u", dialect="rdr").items()) == {4: Fraction(1, 2), 5: Fraction(1, 2)}


def test_totals_are_rounded_and_fractions_have_means() -> None:
    """Totals are rpg-dice-roller's (rounded to 2 decimals, floats where not whole); means are exact."""
    odds = distribution("1d6/4", dialect="rdr")
    assert dict(odds.items()) == {v: Fraction(1, 6) for v in (0.25, 0.5, 0.75, 1, 1.25, 1.5)}
    assert odds.mean() == Fraction(7, 8)
    assert odds.probability(roll("1d6/4", rng=ScriptedDice([3]), dialect="rdr").total) == Fraction(1, 6)
    third = distribution("1d3/3", dialect="rdr")
    assert 0.33 in dict(third.items())
    assert 0.67 in dict(third.items())


def test_an_infinite_total_has_no_odds() -> None:
    """``1/(1d2-1)`` can divide by zero: rpg-dice-roller's total would be Infinity; the odds are refused, with why."""
    with pytest.raises(NotationError, match="not a finite number"):
        distribution("1/(1d2-1)", dialect="rdr")
