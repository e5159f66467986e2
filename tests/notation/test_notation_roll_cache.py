"""The roll cache: plans per expression, and one shared result per face of a one-die roll.

``roll("1d20+5")`` builds each face's result once and hands the same immutable
object out again. These tests check that a cached result is indistinguishable
from one built without any cache, from the same dice.
"""

from __future__ import annotations

import json

import attrs
import numpy as np
import pytest

from tabletop_core import ScriptedDice
from tabletop_core.notation import Limits, RollResult, roll
from tabletop_core.notation._d20 import roll as d20_roll_module
from tabletop_core.notation._default import roll as roller_module
from tabletop_core.notation._default.parser import as_expression
from tabletop_core.notation._kernel import plans as plans_module
from tabletop_core.rng import DiceSource

ONE_DIE = ["1d20+5", "1d20+5 [attack]", "d%", "2*1d6-1", "-1d4", "(1d8+2)/3", "1d1"]


def _clear_caches() -> None:
    roller_module.PLANS.clear()
    d20_roll_module.PLANS.clear()


@pytest.fixture
def uncached(monkeypatch):
    """Roll with every cache off: no memo of one-die results, no kept plans."""

    def roll_uncached(expr: str, values: list[int]) -> RollResult:
        monkeypatch.setattr(roller_module, "MEMO_SIDES", 0)
        _clear_caches()
        try:
            return roll(expr, rng=ScriptedDice(values))
        finally:
            monkeypatch.undo()
            _clear_caches()

    return roll_uncached


@pytest.mark.parametrize("expr", ONE_DIE)
def test_cached_results_equal_uncached_ones(expr, uncached):
    sides = roller_module.single_die(as_expression(expr, None)[0].body).sides
    for face in (1, sides, (sides + 1) // 2):
        first = roll(expr, rng=ScriptedDice([face]))
        cached = roll(expr, rng=ScriptedDice([face]))
        assert cached is first  # served from the memo
        fresh = uncached(expr, [face])
        assert cached is not fresh
        assert cached == fresh
        assert json.dumps(cached.to_dict()) == json.dumps(fresh.to_dict())
        assert cached.to_json() == fresh.to_json()
        assert str(cached) == str(fresh)
        assert cached.to_markdown() == fresh.to_markdown()
        assert cached._repr_html_() == fresh._repr_html_()
        assert cached.tree == fresh.tree


def test_shared_results_cannot_be_changed():
    result = roll("1d20+5", rng=ScriptedDice([7]))
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        result.total = 99  # type: ignore[misc]
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        result.rolls[0].faces = (20,)  # type: ignore[misc]
    assert not hasattr(result, "__dict__")  # slots: no attribute can be added either
    data = result.to_dict()
    data["total"] = 99
    data["rolls"][0]["faces"].append(3)
    assert roll("1d20+5", rng=ScriptedDice([7])).to_dict()["total"] == 12
    assert roll("1d20+5", rng=ScriptedDice([7])).rolls[0].faces == (7,)


def test_memo_is_keyed_by_expression_and_limits():
    assert roll("1d20+5", rng=ScriptedDice([3])).total == 8
    assert roll("1d20+6", rng=ScriptedDice([3])).total == 9
    assert roll("1d20+5 [a]", rng=ScriptedDice([3])).label == "a"
    assert roll("1d20+5", rng=ScriptedDice([3])).label is None
    strict = Limits(max_length=6)
    assert roll("1d20+5", rng=ScriptedDice([3]), limits=strict).total == 8
    with pytest.raises(Exception, match="at most 5 characters"):
        roll("1d20+5", rng=ScriptedDice([3]), limits=Limits(max_length=5))


def test_shared_results_live_in_their_plan_and_are_bounded(monkeypatch):
    _clear_caches()
    results = {roll("1d20+5", rng=seed) for seed in range(300)}
    assert len({id(result) for result in results}) <= 20  # one shared result per face
    assert {result.total for result in results} <= set(range(6, 26))
    # Every plan cache is bounded by the estimated size of its plans (faces included).
    monkeypatch.setattr(plans_module, "PLAN_CACHE_BYTES", 20_000)
    for k in range(200):
        for face in (1, 2, 3):
            assert roll(f"1d4+{k}", rng=ScriptedDice([face])).total == face + k
    assert roller_module.PLANS.hot_size <= 20_000
    assert len(roller_module.PLANS.hot) < 200
    assert roller_module.PLANS.by_text.size <= roller_module.PLANS.by_text.max_bytes
    assert roller_module.PLANS.by_tree.size <= roller_module.PLANS.by_tree.max_bytes


class _SloppySource(DiceSource):
    """Breaks the DiceSource contract: numpy ints, and faces off the die."""

    def __init__(self, faces: list[object]) -> None:
        self.faces = faces

    def roll(self, sides: int) -> int:
        return self.faces.pop(0)  # type: ignore[return-value]

    def roll_many(self, sides: int, n: int) -> np.ndarray:  # pragma: no cover - one die only
        raise NotImplementedError


def test_a_sloppy_source_does_not_leak_into_the_memo():
    _clear_caches()
    sloppy = roll("1d12+1", rng=_SloppySource([np.int64(4), 0, 13]))
    assert sloppy.total == 5
    roll("1d12+1", rng=_SloppySource([0]))
    roll("1d12+1", rng=_SloppySource([13]))
    clean = roll("1d12+1", rng=ScriptedDice([4]))
    assert type(clean.total) is int
    assert type(clean.rolls[0].faces[0]) is int


# Rolls of a few dice (at most _MEMO_LEAVES ways to fall): one result per way, in a tree of draws.
FEW_DICE = [
    ("1d20+1d4+3", "default"),
    ("2d20kh1+5", "default"),
    ("{1d6, 1d4}kh1", "default"),
    ("2d6 [fire] + 1d4", "default"),
    ("1d20ra1", "d20"),
    ("1d20+5 >= 15", "d20"),
    ("1d6ro<3+1d4 to hit", "d20"),
    ("(1d8, 1d6)kh1", "d20"),
    ("(2d6)kh1", "d20"),
]


WAYS = [[1] * 4, [20] * 4, [2, 1, 3, 1], [20, 1, 4, 2], [3, 3, 1, 1]]  # faces, folded onto each die (_AnySides)


@pytest.mark.parametrize(("expr", "dialect"), FEW_DICE)
def test_results_shared_by_draws_equal_uncached_ones(expr, dialect, monkeypatch):
    from tests.notation.test_notation_roll_paths import _AnySides

    def fresh(values: list[int]) -> RollResult:
        monkeypatch.setattr(roller_module, "MEMO_LEAVES", 0)
        monkeypatch.setattr(d20_roll_module, "MEMO_LEAVES", 0)
        _clear_caches()
        try:
            return roll(expr, rng=_AnySides(values), dialect=dialect)
        finally:
            monkeypatch.undo()
            _clear_caches()

    for values in WAYS:
        source = _AnySides(values)
        first = roll(expr, rng=source, dialect=dialect)
        used = source.remaining
        again = _AnySides(values)
        cached = roll(expr, rng=again, dialect=dialect)
        assert cached is first  # served from the tree of draws
        assert again.remaining == used  # the same dice drawn
        uncached = fresh(values)
        assert cached is not uncached
        assert cached == uncached
        assert cached.to_json() == uncached.to_json()
        assert (str(cached), cached.to_markdown(), cached.crit) == (
            str(uncached),
            uncached.to_markdown(),
            uncached.crit,
        )


def test_the_tree_of_draws_holds_at_most_its_ways():
    _clear_caches()
    results = [roll("1d4+1d6", rng=seed) for seed in range(2_000)]
    assert len({id(result) for result in results}) == 24  # every way, each made once
    assert {result.total for result in results} == set(range(2, 11))
    # Too many ways: nothing shared.
    results = [roll("3d20", rng=seed) for seed in range(50)]
    assert len({id(result) for result in results}) == 50


def test_a_sloppy_source_does_not_leak_into_the_tree_of_draws():
    _clear_caches()
    sloppy = roll("1d12+1d4", rng=_SloppySource([np.int64(4), 2, 0, 1, 13, 2]))
    assert sloppy.total == 6
    roll("1d12+1d4", rng=_SloppySource([0, 1]))
    roll("1d12+1d4", rng=_SloppySource([4, 13]))
    clean = roll("1d12+1d4", rng=ScriptedDice([4, 2]))
    assert type(clean.rolls[0].faces[0]) is int
    assert clean.total == 6
