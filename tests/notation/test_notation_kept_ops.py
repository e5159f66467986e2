"""The engine's flat path for the d20 dialect's operators gives what a pool running their stages gives.

A d20-dialect term whose operators are all :class:`~tabletop_core.notation._kernel.kept_ops.KeptOp`
(``k p mi ma rr ro ra e``) is rolled on plain lists (``kept_ops.flat_roller``); each
operator's stage on a :class:`~tabletop_core.notation._kernel.pool.Pool` stays the reference
(a walk for exact odds runs it). These properties hand both the same dice, scripted and fresh
from one seed, and compare the value, the record, the budget left and the dice left.
"""

from __future__ import annotations

import numpy as np
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from tests.notation.test_notation_d20_differential import dice

from tabletop_core import ScriptedDice
from tabletop_core.notation import NotationError
from tabletop_core.notation._d20.dice import term_rule
from tabletop_core.notation._d20.parser import parse_d20
from tabletop_core.notation._d20.tree import D20Dice
from tabletop_core.notation._kernel.budget import Budget
from tabletop_core.notation._kernel.engine import compile_term, finish_term, start_term
from tabletop_core.notation._kernel.kept_ops import is_flat
from tabletop_core.rng import GeneratorDice


def _pool_path(rule, source, rolls, budget):
    """The reference: the term's dice drawn into a pool, each operator's own stage run on it."""
    value, record = finish_term(start_term(rule, source, budget))
    rolls.append(record)
    return value


def _outcomes(rule, make_source, spare):
    outcomes = []
    for step in (compile_term(rule), lambda s, r, b: _pool_path(rule, s, r, b)):
        source, rolls, budget = make_source(), [], Budget(spare, "x", 1000)
        try:
            value = step(source, rolls, budget)
        except NotationError as error:  # the budget ran out: both at the same die
            outcomes.append((str(error), getattr(source, "remaining", None)))
        else:
            outcomes.append((value, rolls, budget.left, getattr(source, "remaining", None)))
    return outcomes


@st.composite
def _flat_terms(draw: st.DrawFn) -> D20Dice:
    text = draw(dice())
    try:
        node = parse_d20(text).body
    except NotationError:
        node = None
    if not isinstance(node, D20Dice) or node.sides == 0 or not is_flat(term_rule(node)):
        # Every kind of operator, several in a row, on a few dice: ``4d6k>2``, ``3d8rr<3mi2p1``.
        count = draw(st.integers(1, 5))
        sides = draw(st.sampled_from(["2", "4", "6", "10", "%"]))
        ops = draw(
            st.lists(
                st.sampled_from(
                    [
                        "k>2",
                        "kh2",
                        "p<3",
                        "pl1",
                        "k3",
                        "rr1",
                        "rr<3",
                        "ro<4",
                        "ra6",
                        "e6",
                        "e>4",
                        "eh1",
                        "mi3",
                        "ma4",
                        "k1k2",
                        "rrl1",
                    ]
                ),
                min_size=1,
                max_size=3,
            )
        )
        node = parse_d20(f"{count}d{sides}{''.join(ops)}").body
        assume(is_flat(term_rule(node)))  # one kh or kl alone is the kernel's own keep/drop
    return node


@settings(max_examples=400, deadline=None)
@given(node=_flat_terms(), seed=st.integers(0, 2**32 - 1), spare=st.integers(0, 40))
def test_flat_path_matches_the_pool_path(node, seed, spare):
    rule = term_rule(node)
    assert is_flat(rule)
    sides = rule.draw_sides
    faces = np.random.default_rng(seed).integers(1, sides, size=200, endpoint=True).tolist()
    scripted = _outcomes(rule, lambda: ScriptedDice(faces), spare)
    assert scripted[0] == scripted[1], str(node)
    fresh = _outcomes(rule, lambda: GeneratorDice(np.random.default_rng(seed)), spare)
    assert fresh[0] == fresh[1], str(node)


def test_the_benchmark_terms_take_the_flat_path():
    """The d20 dialect's common operators are rolled flat (else the property above proves nothing of them)."""
    for text in ("4d6k>2", "4d6p<3", "4d6k6", "4d6rr1", "8d6mi2", "4d6ro<3", "1d20ra1", "4d6e6mi2"):
        assert is_flat(term_rule(parse_d20(text).body)), text
