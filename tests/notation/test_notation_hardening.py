"""Hostile notation: deep trees, huge dice with raised limits, and caches bounded by memory."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tabletop_core import InvalidInput, ScriptedDice
from tabletop_core.notation import (
    Comparison,
    Dice,
    Explode,
    Expression,
    Limits,
    Negate,
    NotationError,
    Number,
    Product,
    Reroll,
    RollResult,
    Sum,
    distribution,
    parse,
    roll,
)
from tabletop_core.notation._default import parser as parser_module
from tabletop_core.notation._default import roll as roller_module
from tabletop_core.notation._default.nodes import nesting
from tabletop_core.notation._default.terms import MAX_NUMBER
from tabletop_core.notation._kernel import plans as plans_module
from tabletop_core.notation._kernel.cache import SizedCache
from tabletop_core.notation.limits import MAX_DEPTH, MAX_NESTING
from tabletop_core.odds import MAX_OUTCOMES


def test_hand_built_nesting_is_refused_when_the_node_is_made() -> None:
    node: Number | Negate = Number(1)
    for level in range(1, MAX_NESTING + 1):
        node = Negate(node)
        assert nesting(node) == level
    with pytest.raises(NotationError, match=f"at most {MAX_NESTING} levels deep, got {MAX_NESTING + 1}"):
        Negate(node)
    sums: Node = Number(1)
    for _ in range(MAX_NESTING + 1):  # a Sum inside a Sum prints in parentheses: one level each
        sums = Sum((sums, Number(1)), ("+",))
    assert nesting(sums) == MAX_NESTING
    with pytest.raises(NotationError, match="levels deep"):
        Sum((sums, Number(1)), ("+",))
    with pytest.raises(Exception, match="max_depth must be an int from 1 to 100"):
        Limits(max_depth=MAX_NESTING + 1)
    assert MAX_DEPTH <= MAX_NESTING


Node = Number | Negate | Sum | Product


def _deepest(kind: str) -> Node:
    """A tree at MAX_NESTING of the shapes that recurse most: nested Products and Sums, minus signs."""
    node: Node = Dice(1, 6)
    for _ in range(MAX_NESTING):
        node = Product((Number(2), Sum((Number(1), node), ("+",))), ("*",)) if kind == "alternating" else Negate(node)
    return node


def _with_frames_used(frames: int, work):  # type: ignore[no-untyped-def]
    """Call *work* with *frames* extra Python frames on the stack (a bot's own framework)."""
    return work() if frames == 0 else _with_frames_used(frames - 1, work)


@pytest.mark.parametrize("kind", ["alternating", "negate"])
def test_the_deepest_trees_leave_room_on_the_stack(kind: str) -> None:
    body = _deepest(kind)
    other = _deepest(kind)

    def everything() -> None:
        expression = Expression(body, "deep")
        text = str(expression)
        assert parse(text, limits=Limits(max_depth=MAX_NESTING)) == expression
        assert hash(body) == hash(other)
        assert body == other
        result = roll(expression, rng=1, limits=Limits(max_depth=MAX_NESTING))
        assert str(result).startswith("deep: ")
        assert result.tree.value == result.total
        assert RollResult.from_dict(result.to_dict()) == result
        assert distribution(expression, limits=Limits(max_depth=MAX_NESTING)).mean() is not None

    _with_frames_used(150, everything)


def test_a_tampered_record_with_a_deep_expression_does_not_recurse() -> None:
    data = roll("1d6", rng=1).to_dict()
    data["expression"] = "(" * 170 + "1d6" + ")" * 170
    with pytest.raises(InvalidInput, match="nesting is deeper than 100 levels"):  # refused on load, no recursion
        RollResult.from_dict(data)


def test_hand_built_trees_obey_the_length_limit() -> None:
    many = Sum(tuple(Number(7) for _ in range(600)), ("+",) * 599)  # 1,199 characters
    with pytest.raises(NotationError, match="at most 1000 characters"):
        roll(many, rng=1)
    assert roll(many, rng=1, limits=Limits(max_length=1199)).total == 4200
    with pytest.raises(Exception, match="an int from 0 to"):
        Number(MAX_NUMBER + 1)
    with pytest.raises(Exception, match="sides must be an int from 1 to"):
        Dice(1, 10**30)


def test_reroll_and_explode_on_huge_dice_are_counted_not_listed() -> None:
    raised = Limits(max_sides=10**9)
    expression = parse("1d1000000000r<999999999", limits=raised)
    assert expression.body.reroll == Reroll(Comparison("<", 999_999_999))
    with pytest.raises(NotationError, match="matches every face"):
        parse("1d1000000000r<1000000001", limits=raised)
    with pytest.raises(NotationError, match="explodes on every face"):
        parse("1d1000000000!>=1", limits=raised)
    with pytest.raises(NotationError, match="explodes on every face"):
        Dice(1, 1, explode=Explode())
    # The roll stops at the dice budget; the odds refuse before building a face table.
    with pytest.raises(NotationError, match="rolled more than 1000 dice"):
        roll("1d1000000000r<999999999", limits=raised, rng=ScriptedDice([1] * 1001))
    with pytest.raises(NotationError, match="exact odds"):
        distribution("1d1000000000r<999999999", limits=raised)


def test_odds_check_the_face_table_before_building_it() -> None:
    with pytest.raises(NotationError, match=r"more than 50000 outcomes$"):
        distribution("1d100000000", limits=Limits(max_sides=10**8))
    huge = Limits(max_sides=10**8, max_odds_outcomes=10**9, max_odds_work=10**15)
    with pytest.raises(NotationError, match=f"more than {MAX_OUTCOMES} outcomes, the most a Distribution holds"):
        distribution("1d100000000", limits=huge)


@given(
    st.sampled_from([">=", "<=", ">", "<", "="]),
    st.integers(-12, 12),
    st.integers(-3, 8),
    st.integers(0, 10),
)
def test_count_in_matches_listing(op: str, value: int, low: int, width: int) -> None:
    comparison = Comparison(op, value)
    high = low + width
    assert comparison.count_in(low, high) == sum(comparison.matches(f) for f in range(low, high + 1))


def test_sized_cache_keeps_the_newest_within_its_budget() -> None:
    cache: SizedCache[int, str] = SizedCache(max_bytes=1000)
    for key in range(20):
        cache.put(key, str(key), 100)
        assert cache.size <= 1000
    assert len(cache) == 10
    assert cache.get(0) is None
    assert cache.get(19) == "19"
    cache.put(99, "huge", 251)  # more than a quarter of the budget: not kept
    assert cache.get(99) is None
    cache.clear()
    assert (len(cache), cache.size) == (0, 0)


def _long_expression(seed: int) -> str:
    r = random.Random(seed)
    parts, length = [], 0
    while length < 990:
        part = r.choice([f"1d{r.randint(2, 9)}", str(r.randint(1, 9)), f"({r.randint(1, 9)}*2)"])
        parts.append(part)
        length += len(part) + 1
    return "+".join(parts)


def test_caches_stay_within_their_memory_budgets(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(parser_module.PARSED, "max_bytes", 400_000)
    monkeypatch.setattr(roller_module.PLANS.by_text, "max_bytes", 2_000_000)
    monkeypatch.setattr(roller_module.PLANS.by_tree, "max_bytes", 2_000_000)
    monkeypatch.setattr(plans_module, "PLAN_CACHE_BYTES", 2_000_000)
    for seed in range(60):
        text = _long_expression(seed)
        assert len(text) <= 1000
        assert roll(text, rng=seed).expression
    assert parser_module.PARSED.size <= 400_000
    assert len(parser_module.PARSED) < 60
    for cache in (roller_module.PLANS.by_text, roller_module.PLANS.by_tree):
        assert cache.size <= 2_000_000
        assert len(cache) < 60
    assert roller_module.PLANS.hot_size <= 2_000_000
    # Each long plan is counted at about 200 bytes per character.
    assert plans_module.PLAN_BYTES_PER_CHARACTER * 990 < 2_000_000 // 4


@pytest.mark.parametrize(
    ("dialect", "text", "limits", "name"),
    [
        ("default", "2000d6", Limits(), "max_dice"),
        ("d20", "2000d6", Limits(), "max_dice"),
        ("rdr", "999d6+999d6", Limits(), "max_dice"),  # rdr: 2000d6 is rpg-dice-roller's own refusal (qty)
        ("default", "1d6!", Limits(max_dice=3), "max_dice"),
        ("default", "d99999999999", Limits(), "max_sides"),
        ("d20", "d99999999999", Limits(), "max_sides"),
        ("rdr", "d99999999999", Limits(), "max_sides"),
        ("default", "(100d100)d6", Limits(), "max_dice"),
    ],
)
def test_a_limit_is_named_on_the_error_not_in_the_message(dialect: str, text: str, limits: Limits, name: str) -> None:
    """The message speaks to the player; the Limits field that refused it is on ``error.limit``/``error.detail``."""
    with pytest.raises(NotationError) as caught:
        roll(text, rng=ScriptedDice([6] * 10) if "!" in text else 1, limits=limits, dialect=dialect)
    assert caught.value.limit == f"tabletop_core.notation.Limits.{name}"
    assert caught.value.detail == f"raise Limits({name}=...) to allow more"
    assert "Limits" not in str(caught.value)


def test_odds_past_a_limit_name_it() -> None:
    """``distribution`` refusing its work names the limit too; a side count of 0 names none (no limit allows it)."""
    with pytest.raises(NotationError) as caught:
        distribution("1d100000000", limits=Limits(max_sides=10**8))
    assert caught.value.limit == "tabletop_core.notation.Limits.max_odds_outcomes"
    with pytest.raises(NotationError) as caught:
        distribution("100d6!", limits=Limits(max_odds_work=1000))
    assert caught.value.limit == "tabletop_core.notation.Limits.max_odds_work"
    with pytest.raises(NotationError) as caught:
        roll("2d(1d6-1)", rng=ScriptedDice([1]))
    assert caught.value.limit is None
