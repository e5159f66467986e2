"""The kernel's one dice-term engine gives what the loops it replaced gave, die for die.

Before the redesign (issue 27) each kind of term had its own loop (rerolls, explosions,
clamps, keep/drop, both, the later operators; three more in the d20 dialect). Those loops
are kept as references (``legacy_terms``, ``legacy_d20``); these properties replay the same
scripted dice through the engine and through the old loop and compare every field.
"""

from __future__ import annotations

from fractions import Fraction

import legacy_terms
import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tests.notation.test_notation_d20_differential import d20_texts

from tabletop_core import ScriptedDice
from tabletop_core.notation import Comparison, Dice, Limits, Reroll, Select
from tabletop_core.notation._default.lowering import term_rule
from tabletop_core.notation._kernel.budget import Budget
from tabletop_core.notation._kernel.engine import compile_term
from tabletop_core.rng import GeneratorDice

_OPS = (">=", "<=", ">", "<", "=")


@st.composite
def _rerolling_terms(draw: st.DrawFn) -> Dice:
    sides = draw(st.integers(2, 8))
    fate = draw(st.booleans()) and sides == 3
    low, high = (-1, 1) if fate else (1, sides)
    condition = Comparison(draw(st.sampled_from(_OPS)), draw(st.integers(low - 1, high + 1)))
    # A repeated reroll of every face never stops (Dice refuses it): that one is rerolled once.
    once = draw(st.booleans()) or condition.count_in(low, high) == high - low + 1
    count = draw(st.integers(1, 6))
    select = draw(st.none() | st.builds(Select, st.sampled_from(("kh", "kl", "dh", "dl")), st.integers(0, 7)))
    success = draw(st.none() | st.builds(Comparison, st.sampled_from(_OPS), st.integers(low, high)))
    return Dice(count, sides, fate, Reroll(condition, once), None, select, success)


@settings(max_examples=300, deadline=None)
@given(term=_rerolling_terms(), seed=st.integers(0, 2**32 - 1), spare=st.integers(0, 40))
def test_rerolls_fast_path_matches_general_path(term, seed, spare):
    for old in (legacy_terms._rerolled_dice, legacy_terms._modified_dice):
        engine, reference = _both_paths(old, term, seed, spare, Limits())
        assert engine == reference


def _both_paths(old_loop, term: Dice, seed: int, spare: int, limits: Limits) -> list[object]:
    """What the engine and an old loop make of the same scripted dice (or how they fail)."""
    faces = np.random.default_rng(seed).integers(1, term.sides, size=400, endpoint=True).tolist()
    outcomes: list[object] = []
    text = str(term)
    for step in (compile_term(term_rule(term, limits.explode_depth)), old_loop(term, text, limits)):
        source, rolls, budget = ScriptedDice(faces), [], Budget(spare, text, limits.max_dice)
        try:
            value = step(source, rolls, budget)
        except Exception as error:  # both must fail alike
            outcomes.append((type(error), str(error)))
        else:
            outcomes.append((value, rolls, budget.left, source.remaining))
    return outcomes


@given(seed=st.integers(0, 2**32 - 1), sizes=st.lists(st.integers(0, 5000), min_size=1, max_size=8))
@settings(deadline=None)
def test_take_gives_the_faces_roll_would(seed, sizes):
    taking = GeneratorDice(np.random.default_rng(seed))
    rolling = GeneratorDice(np.random.default_rng(seed))
    for n in sizes:
        taken = taking._take(6, n)
        assert taken == [rolling.roll(6) for _ in range(n)]
        assert all(type(face) is int for face in taken)


SET_SELECTIONS = [
    "(4d6, 3d8)kh1",
    "(4d6, 3d8)kl1",
    "(1d4, 2+2, 3d6kl1)kh1",
    "(1d6, 1d6, 1d8)ph1",
    "(1d6, 1d6, 1d8)pl2",
    "(1d6, 2d4)k>3",
    "(1d6, 2d4)p3",
    "(1d6, 2d4)k<4",
    "(1d6, -1d4, 1d8)kh2",
    "(1d6, 1d4)kh0",
    "(1d6, 1d4)kh5",
    "(1d6, 1d4)pl5",
    "(1d6, 1d4)kh1 + 3",
    "(1d6, 0.5, 1d4)kl1",
    "(1d6, 1d4)k1k2",
]


@pytest.mark.parametrize("expr", SET_SELECTIONS)
def test_set_selection_odds_match_every_combination(expr, monkeypatch):
    """The d20 dialect's shortcut for one keep/drop on a set equals listing every combination."""
    from tabletop_core.notation import dialect_d20
    from tabletop_core.notation._d20 import odds as d20_odds
    from tabletop_core.notation.limits import DEFAULT_LIMITS

    tree = dialect_d20.parse_d20(expr)
    fast = d20_odds.Odds(expr, DEFAULT_LIMITS).node(tree.body)
    monkeypatch.setattr(d20_odds.Odds, "members_fast", lambda _self, _members, _ops: None)
    listed = d20_odds.Odds(expr, DEFAULT_LIMITS).node(tree.body)

    def odds(weights):  # ways, as probabilities
        return {value: Fraction(ways, sum(weights.values())) for value, ways in weights.items()}

    assert odds(fast) == odds(listed)


@st.composite
def _clamped_terms(draw: st.DrawFn) -> Dice:
    from tabletop_core.notation import Clamp

    sides = draw(st.integers(1, 10))
    low = draw(st.none() | st.integers(0, sides + 2))
    high = draw(st.none() | st.integers(0, sides + 2))
    if low is None and high is None:
        low = 2
    if low is not None and high is not None and low > high:
        low, high = high, low
    count = draw(st.integers(1, 12))  # past _BULK: scripted dice come from roll_many there
    select = draw(st.none() | st.builds(Select, st.sampled_from(("kh", "kl", "dh", "dl")), st.integers(0, 13)))
    return Dice(count, sides, select=select, clamp=Clamp(low, high))


@settings(max_examples=300, deadline=None)
@given(term=_clamped_terms(), seed=st.integers(0, 2**32 - 1))
def test_clamp_fast_path_matches_general_path(term, seed):
    assert legacy_terms._clamps_only(term)
    faces = np.random.default_rng(seed).integers(1, term.sides, size=40, endpoint=True).tolist()
    outcomes = []
    steps = (
        compile_term(term_rule(term, Limits().explode_depth)),
        legacy_terms._clamped_dice(term),
        legacy_terms.extended_dice(term, str(term), Limits()),
    )
    for step in steps:
        source, rolls, budget = ScriptedDice(faces), [], Budget(100, str(term), 1000)
        value = step(source, rolls, budget)
        outcomes.append((value, rolls, budget.left, source.remaining))
    assert outcomes[0] == outcomes[1] == outcomes[2]


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=d20_texts, seed=st.integers(0, 2**32 - 1))
def test_d20_compiled_plan_matches_the_evaluator(text, seed):
    """A d20-dialect roll's plan gives the old member model's result: total, dice, crit, records."""
    import legacy_d20

    from tabletop_core.notation._d20 import roll as d20_roll
    from tabletop_core.notation._d20.parser import as_d20_expression
    from tabletop_core.notation.errors import NotationError

    try:
        expression = as_d20_expression(text, None)[0]
    except NotationError:
        return
    plan = d20_roll.compile_plan(expression, Limits())[0]
    faces = np.random.default_rng(seed).integers(1, 20, size=1_100, endpoint=True).tolist()
    outcomes = []
    for run in (plan, lambda source: legacy_d20.roll_slow(expression, source, Limits())):
        source = _AnySides(faces)
        try:
            result = run(source)
        except NotationError as error:
            outcomes.append(str(error))
            continue
        # A plain term's marks are None on one path and empty on the other: compare what they say.
        dice = [(r.notation, r.faces, r.value, r.dropped, r.rerolled, r.exploded, r.dice) for r in result.rolls]
        records = (result.groups, result.labels, result.to_markdown())
        outcomes.append((result.expression, result.total, result.crit, result.label, dice, str(result), records))
    assert outcomes[0] == outcomes[1], text


class _AnySides(ScriptedDice):
    """Scripted faces folded onto whatever die is asked for (so one script fits every term)."""

    def roll(self, sides: int) -> int:
        return (super().roll(20) - 1) % sides + 1

    def roll_many(self, sides: int, n: int) -> np.ndarray:
        return np.array([self.roll(sides) for _ in range(n)], dtype=np.int64)


@st.composite
def _exploding_terms(draw: st.DrawFn) -> Dice:
    from tabletop_core.notation import Explode

    sides = draw(st.integers(2, 8))
    fate = draw(st.booleans()) and sides == 3
    low, high = (-1, 1) if fate else (1, sides)
    on = draw(st.none() | st.builds(Comparison, st.sampled_from(_OPS), st.integers(low, high)))
    if on is not None and on.count_in(low, high) == high - low + 1:
        on = None  # an explosion on every face never stops (Dice refuses it)
    return Dice(draw(st.integers(1, 6)), sides, fate, None, Explode(on))


@settings(max_examples=300, deadline=None)
@given(term=_exploding_terms(), seed=st.integers(0, 2**32 - 1), spare=st.integers(0, 30), depth=st.integers(0, 5))
def test_explosions_fast_path_matches_general_path(term, seed, spare, depth):
    for old in (legacy_terms._exploded_dice, legacy_terms._modified_dice):
        engine, reference = _both_paths(old, term, seed, spare, Limits(explode_depth=depth))
        assert engine == reference


@pytest.mark.parametrize(
    "expr",
    ["{4d6, 3d8}kh1", "{1d6, 1d8, 2d4}kl1", "{1d20+5, 1d20+5}kh1>=15", "{1d6, -1d4}kh1", "{2d6, 1d12, 5}dl2"],
)
def test_best_item_of_a_group_odds_match_every_combination(expr):
    """Keeping one item by rank: the shortcut's odds against every combination of item totals."""
    import itertools
    from fractions import Fraction

    from tabletop_core.notation import distribution, parse

    group = parse(expr).body
    items = [dict(distribution(parse(str(item))).items()) for item in group.items]
    expected: dict[int, Fraction] = {}
    for combo in itertools.product(*(list(item.items()) for item in items)):
        values = tuple(value for value, _ in combo)
        chance = Fraction(1)
        for _, p in combo:
            chance *= p
        value = group.value_of(values)[0]
        expected[value] = expected.get(value, Fraction(0)) + chance
    assert dict(distribution(expr).items()) == expected


@settings(max_examples=400, deadline=None)
@given(
    count=st.integers(1, 8),
    sides=st.integers(1, 6),
    how=st.sampled_from(("kh", "kl", "dh", "dl")),
    n=st.integers(0, 9),
    seed=st.integers(0, 2**32 - 1),
)
def test_quick_keep_drop_matches_the_general_finisher(count, sides, how, n, seed):
    """The quick finisher's keep/drop (one die out: the last of the lowest or highest) is the general one's."""
    from tabletop_core.notation._kernel.finish import finisher, quick_finisher

    rule = term_rule(Dice(count, sides, select=Select(how, n)), Limits().explode_depth)
    faces = np.random.default_rng(seed).integers(1, sides, size=count, endpoint=True).tolist()
    quick = quick_finisher(rule)
    assert quick is not None
    assert quick(list(faces), None, [], [], []) == finisher(rule)(list(faces), None, None, None)
