"""The public contract of DESIGN.md, called exactly as that section writes it.

Outside tests are written from the "Public contract" section of DESIGN.md and the
rules texts, not from this code. This file calls every name listed there, with the
argument kinds shown (keyword-only where shown, positional where shown) and the
import paths shown, and checks the exact numbers of the rules texts.
"""

from __future__ import annotations

import inspect
import json
from fractions import Fraction
from typing import Any

import numpy as np
import pytest

import tabletop_core as tc
from tabletop_core import action_roll as ar
from tabletop_core import d20
from tabletop_core import residue as rs
from tabletop_core.dice import d4, d6, d8, d10, d12, d100
from tabletop_core.dice import d20 as die20


def round_trip(x: Any) -> None:
    data = json.loads(json.dumps(x.to_dict()))
    assert type(x).from_dict(data) == x


def one_line(x: Any) -> None:
    text = str(x)
    assert text
    assert "\n" not in text


def is_py_int(x: Any) -> bool:
    return type(x) is int


# ---------------------------------------------------------------- core


def test_die_roll_and_distribution() -> None:
    die = tc.Die(6)
    value = die.roll(rng=tc.ScriptedDice([4]))
    assert value == 4
    assert is_py_int(value)
    assert is_py_int(die.roll(rng=1))
    dist = die.distribution()
    assert isinstance(dist, tc.Distribution)
    assert dist.mean() == Fraction(7, 2)
    assert sum(p for _, p in dist.items()) == 1
    assert [o for o, _ in dist.items()] == [1, 2, 3, 4, 5, 6]
    assert dist.probability(3) == Fraction(1, 6)
    assert dist.probability(lambda v: v >= 5) == Fraction(1, 3)


def test_die_keyword_only_rng() -> None:
    with pytest.raises(TypeError):
        tc.Die(6).roll(1)  # type: ignore[misc]


def test_standard_dice() -> None:
    for die, sides, name in [
        (d4, 4, "d4"),
        (d6, 6, "d6"),
        (d8, 8, "d8"),
        (d10, 10, "d10"),
        (d12, 12, "d12"),
        (die20, 20, "d20"),
        (d100, 100, "d100"),
    ]:
        assert str(die) == name
        assert die == tc.Die(sides)
        assert die.distribution().mean() == Fraction(sides + 1, 2)
        v = die.roll(rng=7)
        assert is_py_int(v)
        assert 1 <= v <= sides
    assert str(d6) == "d6"
    # tc.d20 is the rules package, not a die
    assert hasattr(tc.d20, "resolve_test")


def test_scripted_dice() -> None:
    src = tc.ScriptedDice([3, 5])
    assert d6.roll(rng=src) == 3
    assert d6.roll(rng=src) == 5
    with pytest.raises(tc.DiceExhausted):
        d6.roll(rng=src)
    with pytest.raises(tc.InvalidInput):
        d6.roll(rng=tc.ScriptedDice([7]))
    with pytest.raises(tc.InvalidInput):
        d6.roll(rng=tc.ScriptedDice([0]))
    assert issubclass(tc.DiceExhausted, tc.TabletopError)
    assert issubclass(tc.InvalidInput, tc.TabletopError)
    assert issubclass(tc.InvalidInput, ValueError)
    assert issubclass(tc.RuleError, tc.TabletopError)


def test_dice_source() -> None:
    source = tc.dice_source(np.random.default_rng(5))
    assert isinstance(source, tc.DiceSource)
    v = source.roll(6)
    assert is_py_int(v)
    assert 1 <= v <= 6
    many = tc.dice_source(np.random.default_rng(5)).roll_many(6, 10)
    assert isinstance(many, np.ndarray)
    assert many.shape == (10,)
    assert ((many >= 1) & (many <= 6)).all()
    assert tc.dice_source() is not None
    assert tc.dice_source(rng=None) is not None
    assert list(tc.dice_source(42).roll_many(6, 5)) == list(tc.dice_source(42).roll_many(6, 5))
    assert tc.dice_source(np.random.SeedSequence(3)).roll(20) >= 1
    assert tc.dice_source(np.random.PCG64(3)).roll(20) >= 1
    assert tc.dice_source([1, 2, 3]).roll(20) >= 1
    scripted = tc.ScriptedDice([1, 2])
    assert tc.dice_source(scripted) is scripted


def test_distribution() -> None:
    dist = tc.Distribution({"a": 1, "b": 3})
    assert dist.probability("b") == Fraction(3, 4)
    assert isinstance(dist.probability("a"), Fraction)
    assert sum(p for _, p in dist.items()) == 1
    mapped = d6.distribution().map(lambda v: v % 2)
    assert isinstance(mapped, tc.Distribution)
    assert mapped.probability(0) == Fraction(1, 2)
    text = str(d6.distribution())
    assert "1/6" in text or "16.6" in text or "16.7" in text


def test_top_level_errors() -> None:
    for name in ("TabletopError", "InvalidInput", "RuleError", "DiceExhausted"):
        assert name in tc.__all__


# ---------------------------------------------------------------- notation


def test_notation_roll_total_label() -> None:
    r = tc.notation.roll("1d20+5 [attack]", rng=tc.ScriptedDice([12]))
    assert r.total == 17
    assert is_py_int(r.total)
    assert r.label == "attack"
    one_line(r)
    r2 = tc.notation.roll("2d6", rng=3)
    assert is_py_int(r2.total)
    assert 2 <= r2.total <= 12


def test_notation_distribution() -> None:
    dist = tc.notation.distribution("2d6")
    assert dist.probability(7) == Fraction(6, 36)
    assert sum(p for _, p in dist.items()) == 1
    assert tc.notation.distribution("d%").mean() == Fraction(101, 2)
    assert tc.notation.distribution("dF").probability(0) == Fraction(1, 3)
    assert tc.notation.distribution("7/2").probability(3) == 1
    assert tc.notation.distribution("-d4").probability(-4) == Fraction(1, 4)


@pytest.mark.parametrize(
    "expr",
    [
        "3d6",
        "d6",
        "d%",
        "dF",
        "4dF",
        "2d6+3",
        "1d20-2",
        "2*d6",
        "d20/2",
        "-d4",
        "(2d6+1)*2",
        "4d6kh3",
        "4d6kl1",
        "4d6dh1",
        "4d6dl1",
        "3d6!",
        "3d6!>=5",
        "4d6r<2",
        "4d6ro<2",
        "5d10>=8",
        "5d10<=2",
        "5d10=10",
        "1d20+5 [attack]",
        "2D6 + 3",
        "4D6KH3",
        " 1 d 20 ",
    ],
)
def test_notation_grammar(expr: str) -> None:
    e = tc.notation.parse(expr)
    assert tc.notation.parse(str(e)) == e
    assert tc.notation.parse(expr) == e  # value equality
    r = tc.notation.roll(expr, rng=11)
    assert is_py_int(r.total)
    one_line(r)
    with pytest.raises(AttributeError):
        e.foo = 1  # type: ignore[attr-defined]


def test_notation_values() -> None:
    roll = tc.notation.roll
    S = tc.ScriptedDice
    assert roll("4d6kh3", rng=S([1, 2, 3, 4])).total == 9
    assert roll("4d6kl1", rng=S([1, 2, 3, 4])).total == 1
    assert roll("4d6dh1", rng=S([1, 2, 3, 4])).total == 6
    assert roll("4d6dl1", rng=S([1, 2, 3, 4])).total == 9
    assert roll("5d10>=8", rng=S([8, 9, 10, 1, 7])).total == 3
    assert roll("5d10<=2", rng=S([1, 2, 3, 4, 5])).total == 2
    assert roll("5d10=10", rng=S([10, 10, 3, 4, 5])).total == 2
    assert roll("1d6!", rng=S([6, 6, 2])).total == 14
    assert roll("1d6!>=5", rng=S([5, 6, 1])).total == 12
    assert roll("1d6r<2", rng=S([1, 1, 4])).total == 4
    assert roll("1d6ro<2", rng=S([1, 1])).total == 1
    assert roll("7/2").total == 3
    assert roll("-7/2").total in (-4, -3)
    assert roll("2*3+1").total == 7
    assert roll("2*(3+1)").total == 8
    assert roll("-(2)").total == -2
    assert roll("d%", rng=S([100])).total == 100
    assert roll("dF", rng=S([1])).total in (-1,)


def test_notation_error() -> None:
    assert issubclass(tc.notation.NotationError, tc.InvalidInput)
    with pytest.raises(tc.notation.NotationError) as info:
        tc.notation.parse("1d20+ [atk]")
    assert str(info.value) == "1d20+ [atk]: expected a number or a die at column 6"
    with pytest.raises(tc.notation.NotationError, match="column"):
        tc.notation.roll("2d6 +* 3", rng=1)
    with pytest.raises(tc.InvalidInput):
        tc.notation.distribution("2d")


def test_notation_limits() -> None:
    from tabletop_core.notation import limits

    assert limits.MAX_LENGTH == 1000
    assert limits.MAX_DEPTH == 50
    assert limits.MAX_DICE == 1000
    assert limits.MAX_SIDES == 10_000
    with pytest.raises(tc.notation.NotationError):
        tc.notation.parse("1+" * 600 + "1")
    with pytest.raises(tc.notation.NotationError):
        tc.notation.parse("(" * 51 + "1" + ")" * 51)
    tc.notation.parse("(" * 50 + "1" + ")" * 50)
    with pytest.raises(tc.notation.NotationError):
        tc.notation.roll("1001d6", rng=1)
    tc.notation.roll("1000d6", rng=1)
    with pytest.raises(tc.notation.NotationError):
        tc.notation.parse("d10001")
    tc.notation.parse("d10000")


# ---------------------------------------------------------------- action roll


def test_action_outcome_enum() -> None:
    assert {o.name for o in ar.Outcome} >= {"STRONG_HIT", "WEAK_HIT", "MISS"}


def test_resolve_action_fields() -> None:
    r = ar.resolve_action(action_die=4, challenge_dice=(3, 8), stat=2)
    assert r.action_die == 4
    assert r.stat == 2
    assert r.adds == 0
    assert r.momentum == 0
    assert tuple(r.challenge_dice) == (3, 8)
    assert r.action_score == 6
    assert is_py_int(r.action_score)
    assert r.outcome is ar.Outcome.WEAK_HIT
    assert r.is_match is False
    assert r.action_die_cancelled is False
    one_line(r)
    round_trip(r)
    with pytest.raises(TypeError):
        ar.resolve_action(4, (3, 8), 2)  # type: ignore[misc]


def test_action_rules_numbers() -> None:
    strong = ar.resolve_action(action_die=6, challenge_dice=[2, 5], stat=3, adds=1)
    assert strong.action_score == 10
    assert strong.outcome is ar.Outcome.STRONG_HIT
    capped = ar.resolve_action(action_die=6, challenge_dice=[9, 10], stat=5, adds=3)
    assert capped.action_score == 10
    assert capped.outcome is ar.Outcome.WEAK_HIT
    tie = ar.resolve_action(action_die=3, challenge_dice=[5, 5], stat=2)
    assert tie.outcome is ar.Outcome.MISS
    assert tie.is_match
    match_strong = ar.resolve_action(action_die=6, challenge_dice=[4, 4], stat=3)
    assert match_strong.outcome is ar.Outcome.STRONG_HIT
    assert match_strong.is_match
    # negative momentum equal to the action die cancels it
    c = ar.resolve_action(action_die=3, challenge_dice=(2, 7), stat=2, momentum=-3)
    assert c.action_die_cancelled
    assert c.action_score == 2
    assert c.outcome is ar.Outcome.MISS
    nc = ar.resolve_action(action_die=3, challenge_dice=(2, 7), stat=2, momentum=-2)
    assert not nc.action_die_cancelled
    assert nc.action_score == 5
    with pytest.raises(tc.InvalidInput):
        ar.resolve_action(action_die=7, challenge_dice=(2, 7), stat=2)
    with pytest.raises(tc.InvalidInput):
        ar.resolve_action(action_die=3, challenge_dice=(11, 7), stat=2)


def test_action_roll_draw_order() -> None:
    r = ar.action_roll(stat=2, rng=tc.ScriptedDice([4, 3, 8]))
    assert r.action_die == 4
    assert tuple(r.challenge_dice) == (3, 8)
    r2 = ar.action_roll(stat=1, adds=1, momentum=3, rng=5)
    assert is_py_int(r2.action_die)
    assert all(is_py_int(c) for c in r2.challenge_dice)
    assert is_py_int(r2.action_score)
    with pytest.raises(tc.DiceExhausted):
        ar.action_roll(stat=2, rng=tc.ScriptedDice([4, 3]))


def test_momentum() -> None:
    m = ar.Momentum()
    assert m.value == 2
    assert m.impacts == 0
    assert m.max_value == 10
    assert m.reset_value == 2
    assert ar.Momentum(value=2, impacts=1).max_value == 9
    assert ar.Momentum(value=2, impacts=1).reset_value == 1
    assert ar.Momentum(value=0, impacts=2).reset_value == 0
    assert ar.Momentum(value=0, impacts=3).reset_value == 0
    assert m.gain(3).value == 5
    assert m.gain(20).value == 10
    assert ar.Momentum(value=2, impacts=1).gain(20).value == 9
    assert m.lose(3).value == -1
    assert m.lose(20).value == -6
    burned = ar.Momentum(value=7).burn()
    assert burned.value == 2
    assert ar.Momentum(value=7, impacts=1).burn().value == 1
    with pytest.raises(tc.RuleError):
        ar.Momentum(value=0).burn()
    with pytest.raises(tc.RuleError):
        ar.Momentum(value=-2).burn()
    assert m.value == 2  # unchanged
    one_line(m)
    round_trip(m)
    round_trip(ar.Momentum(value=-3, impacts=2))


def test_burn_momentum() -> None:
    r = ar.resolve_action(action_die=2, challenge_dice=(6, 8), stat=1)
    assert r.outcome is ar.Outcome.MISS
    new, mom = ar.burn_momentum(r, ar.Momentum(value=9))
    assert new.action_score == 9
    assert new.outcome is ar.Outcome.STRONG_HIT
    assert tuple(new.challenge_dice) == (6, 8)
    assert mom.value == 2
    assert isinstance(new, ar.ActionResult)
    assert isinstance(mom, ar.Momentum)
    with pytest.raises(tc.RuleError):
        ar.burn_momentum(r, ar.Momentum(value=0))


def test_rank_and_track() -> None:
    ticks = {ar.Rank.TROUBLESOME: 12, ar.Rank.DANGEROUS: 8, ar.Rank.FORMIDABLE: 4, ar.Rank.EXTREME: 2, ar.Rank.EPIC: 1}
    for rank, t in ticks.items():
        assert rank.ticks_per_mark == t
        track = ar.ProgressTrack(rank).mark()
        assert track.ticks == t
    assert [r.name for r in ar.Rank] == ["TROUBLESOME", "DANGEROUS", "FORMIDABLE", "EXTREME", "EPIC"]
    t = ar.ProgressTrack(ar.Rank.DANGEROUS)
    assert t.ticks == 0
    assert t.score == 0
    assert not t.is_complete
    assert t.mark(times=3).score == 6
    assert t.mark(times=3).ticks == 24
    assert t.mark().mark().mark() == t.mark(times=3)
    with pytest.raises(TypeError):
        t.mark(3)  # type: ignore[misc]  # times is keyword-only, as DESIGN writes it
    assert ar.ProgressTrack(ar.Rank.TROUBLESOME).mark(times=4).score == 10
    assert ar.ProgressTrack(ar.Rank.TROUBLESOME).mark(times=4).ticks == 40
    assert ar.ProgressTrack(ar.Rank.TROUBLESOME).mark(times=4).is_complete
    assert ar.ProgressTrack(ar.Rank.EPIC, ticks=7).score == 1
    assert ar.ProgressTrack(ar.Rank.EXTREME, ticks=39).score == 9
    assert t.ticks == 0
    one_line(t.mark())
    round_trip(t.mark(times=2))


def test_progress() -> None:
    p = ar.resolve_progress(progress_score=7, challenge_dice=(3, 9))
    assert p.outcome is ar.Outcome.WEAK_HIT
    assert p.progress_score == 7
    assert tuple(p.challenge_dice) == (3, 9)
    assert not p.is_match
    m = ar.resolve_progress(progress_score=10, challenge_dice=(10, 10))
    assert m.outcome is ar.Outcome.MISS
    assert m.is_match
    one_line(p)
    round_trip(p)
    track = ar.ProgressTrack(ar.Rank.DANGEROUS).mark(times=3)
    r = ar.progress_roll(track, rng=tc.ScriptedDice([5, 7]))
    assert r.progress_score == 6
    assert r.outcome is ar.Outcome.WEAK_HIT
    r2 = ar.progress_roll(6, rng=tc.ScriptedDice([5, 7]))
    assert r2 == r
    r3 = ar.progress_roll(track, rng=3)
    assert is_py_int(r3.progress_score)
    assert all(is_py_int(c) for c in r3.challenge_dice)


def test_oracle() -> None:
    thresholds = {
        ar.Odds.ALMOST_CERTAIN: 90,
        ar.Odds.LIKELY: 75,
        ar.Odds.FIFTY_FIFTY: 50,
        ar.Odds.UNLIKELY: 25,
        ar.Odds.SMALL_CHANCE: 10,
    }
    for odds, th in thresholds.items():
        assert odds.threshold == th
        assert ar.resolve_oracle(odds=odds, roll=th).answer is True
        assert ar.resolve_oracle(odds=odds, roll=th + 1).answer is False
    a = ar.resolve_oracle(odds=ar.Odds.LIKELY, roll=66)
    assert a.roll == 66
    assert a.answer is True
    assert a.is_match is True
    assert ar.resolve_oracle(odds=ar.Odds.LIKELY, roll=100).is_match is True
    assert ar.resolve_oracle(odds=ar.Odds.LIKELY, roll=10).is_match is False
    one_line(a)
    round_trip(a)
    for _ in range(3):
        v = ar.oracle_roll(rng=9)
        assert is_py_int(v)
        assert 1 <= v <= 100
    assert ar.oracle_roll(rng=tc.ScriptedDice([42])) == 42
    ans = ar.ask_the_oracle(ar.Odds.FIFTY_FIFTY, rng=tc.ScriptedDice([50]))
    assert ans.answer is True
    assert ans.roll == 50
    ans2 = ar.ask_the_oracle(ar.Odds.FIFTY_FIFTY, rng=1)
    assert is_py_int(ans2.roll)
    with pytest.raises(tc.InvalidInput):
        ar.resolve_oracle(odds=ar.Odds.LIKELY, roll=0)
    with pytest.raises(tc.InvalidInput):
        ar.resolve_oracle(odds=ar.Odds.LIKELY, roll=101)


def test_action_odds_exact() -> None:
    dist = ar.action_odds(stat=2)
    assert dist.probability(ar.Outcome.STRONG_HIT) == Fraction(139, 600)
    assert dist.probability(ar.Outcome.WEAK_HIT) == Fraction(262, 600)
    assert dist.probability(ar.Outcome.MISS) == Fraction(199, 600)
    assert ar.action_odds(stat=1, adds=1) == dist
    assert ar.action_odds(stat=1, adds=1, momentum=0).probability(ar.Outcome.MISS) == Fraction(199, 600)
    assert sum(p for _, p in dist.items()) == 1
    assert [o for o, _ in dist.items()] == [ar.Outcome.STRONG_HIT, ar.Outcome.WEAK_HIT, ar.Outcome.MISS]
    pd = ar.progress_odds(10)
    assert pd.probability(ar.Outcome.MISS) == Fraction(1, 100)
    assert pd.probability(ar.Outcome.WEAK_HIT) == Fraction(18, 100)
    assert pd.probability(ar.Outcome.STRONG_HIT) == Fraction(81, 100)
    assert sum(p for _, p in ar.progress_odds(0).items()) == 1


def test_simulate_action() -> None:
    n = 5000
    sim = ar.simulate_action(n, stat=2, rng=123)
    counts = sim.counts()
    assert isinstance(counts, dict)
    assert set(counts) <= set(ar.Outcome)
    assert all(isinstance(k, ar.Outcome) for k in counts)
    assert all(is_py_int(v) for v in counts.values())
    assert sum(counts.values()) == n
    assert counts[ar.Outcome.STRONG_HIT] / n == pytest.approx(139 / 600, abs=0.03)
    sim2 = ar.simulate_action(10, stat=1, adds=1, momentum=-2, rng=1)
    assert sum(sim2.counts().values()) == 10
    for name in ("outcomes",):
        assert isinstance(getattr(sim, name), np.ndarray)


# ---------------------------------------------------------------- d20


def test_stakes() -> None:
    assert (d20.Stakes.LOW.success_at, d20.Stakes.LOW.setback_at) == (10, 5)
    assert (d20.Stakes.MID.success_at, d20.Stakes.MID.setback_at) == (15, 10)
    assert (d20.Stakes.HIGH.success_at, d20.Stakes.HIGH.setback_at) == (20, 15)
    S, B, F = d20.Outcome.SUCCESS, d20.Outcome.SETBACK, d20.Outcome.FAILURE
    table = {
        d20.Stakes.LOW: [(10, S), (9, B), (5, B), (4, F)],
        d20.Stakes.MID: [(15, S), (14, B), (10, B), (9, F)],
        d20.Stakes.HIGH: [(20, S), (19, B), (15, B), (14, F), (25, S), (-3, F)],
    }
    for stakes, rows in table.items():
        for total, outcome in rows:
            assert d20.classify(total, stakes) is outcome


def test_resolve_test() -> None:
    t = d20.resolve_test(flat_roll=12, stakes=d20.Stakes.MID, modifier=3)
    assert t.flat_roll == 12
    assert t.modifier == 3
    assert t.fatigue == 0
    assert t.fortune_die is None
    assert t.total == 15
    assert is_py_int(t.total)
    assert t.stakes is d20.Stakes.MID
    assert t.outcome is d20.Outcome.SUCCESS
    one_line(t)
    round_trip(t)
    f = d20.resolve_test(flat_roll=12, stakes=d20.Stakes.HIGH, fortune=True, fortune_die=4)
    assert f.total == 16
    assert f.fortune_die == 4
    assert f.outcome is d20.Outcome.SETBACK
    round_trip(f)
    mf = d20.resolve_test(flat_roll=12, stakes=d20.Stakes.LOW, misfortune=True, fortune_die=4)
    assert mf.total == 8
    assert mf.outcome is d20.Outcome.SETBACK
    both = d20.resolve_test(flat_roll=12, stakes=d20.Stakes.LOW, fortune=True, misfortune=True)
    assert both.total == 12
    assert both.fortune_die is None
    fat = d20.resolve_test(flat_roll=12, stakes=d20.Stakes.MID, modifier=4, fatigue=2)
    assert fat.total == 14
    assert fat.fatigue == 2
    assert fat.outcome is d20.Outcome.SETBACK
    with pytest.raises(tc.InvalidInput):
        d20.resolve_test(flat_roll=12, stakes=d20.Stakes.MID, fortune=True)
    with pytest.raises(tc.InvalidInput):
        d20.resolve_test(flat_roll=12, stakes=d20.Stakes.MID, fortune_die=3)
    with pytest.raises(tc.InvalidInput):
        d20.resolve_test(flat_roll=12, stakes=d20.Stakes.MID, fortune=True, misfortune=True, fortune_die=3)
    with pytest.raises(tc.InvalidInput):
        d20.resolve_test(flat_roll=21, stakes=d20.Stakes.MID)
    with pytest.raises(tc.InvalidInput):
        d20.resolve_test(flat_roll=12, stakes=d20.Stakes.MID, fortune=True, fortune_die=7)
    with pytest.raises(TypeError):
        d20.resolve_test(12, d20.Stakes.MID)  # type: ignore[misc]


def test_roll_test_draw_order() -> None:
    t = d20.roll_test(stakes=d20.Stakes.MID, fortune=True, rng=tc.ScriptedDice([11, 5]))
    assert t.flat_roll == 11
    assert t.fortune_die == 5
    assert t.total == 16
    t2 = d20.roll_test(stakes=d20.Stakes.MID, rng=tc.ScriptedDice([11]))
    assert t2.total == 11
    assert t2.outcome is d20.Outcome.SETBACK
    t3 = d20.roll_test(stakes=d20.Stakes.LOW, modifier=2, misfortune=True, fatigue=1, rng=tc.ScriptedDice([10, 3]))
    assert t3.total == 8
    t4 = d20.roll_test(stakes=d20.Stakes.HIGH, rng=4)
    assert is_py_int(t4.total)
    assert is_py_int(t4.flat_roll)


def test_contest() -> None:
    assert {s.name for s in d20.Side} >= {"ACTOR", "TARGET"}
    c = d20.resolve_contest(actor_total=15, target_total=12, actor_trait=1, target_trait=3)
    assert c.winner is d20.Side.ACTOR
    assert c.outcome is d20.Outcome.SUCCESS
    tie = d20.resolve_contest(actor_total=12, target_total=12, actor_trait=3, target_trait=1)
    assert tie.winner is d20.Side.ACTOR
    tie2 = d20.resolve_contest(actor_total=12, target_total=12, actor_trait=2, target_trait=2)
    assert tie2.winner is d20.Side.TARGET
    assert tie2.outcome is d20.Outcome.FAILURE
    one_line(c)
    round_trip(c)


def test_conditions() -> None:
    C = d20.Condition
    names = {
        "PETRIFIED",
        "PARALYZED",
        "IMMOBILIZED",
        "INCAPACITATED",
        "OFF_GUARD",
        "PRONE",
        "RESTRAINED",
        "SICKENED",
        "SILENCED",
        "SLOWED",
        "STABLE",
        "STAGGERED",
        "STUNNED",
        "SURPRISED",
        "UNCONSCIOUS",
        "UNFOCUSED",
        "HIDDEN",
        "DEFEATED",
        "IMPAIRED",
        "HELPLESS",
        "BLINDED",
        "DEAFENED",
        "DOOMED",
    }
    assert names <= {c.name for c in C}
    implied = d20.implied_conditions(C.PETRIFIED)
    assert isinstance(implied, frozenset)
    assert {C.PARALYZED, C.IMMOBILIZED, C.INCAPACITATED, C.OFF_GUARD} <= implied
    assert d20.implied_conditions(C.PARALYZED) >= {C.IMMOBILIZED, C.INCAPACITATED, C.OFF_GUARD}
    assert {C.IMMOBILIZED, C.HELPLESS, C.OFF_GUARD} <= d20.implied_conditions(C.RESTRAINED)
    assert C.OFF_GUARD in d20.implied_conditions(C.PRONE)
    unc = d20.implied_conditions(C.UNCONSCIOUS)
    assert {C.PRONE, C.BLINDED, C.HELPLESS, C.INCAPACITATED, C.UNFOCUSED, C.OFF_GUARD} <= unc
    stag = d20.implied_conditions(C.STAGGERED)
    assert {C.IMPAIRED, C.HELPLESS, C.OFF_GUARD, C.SLOWED, C.UNFOCUSED} <= stag


def test_tiers() -> None:
    t = d20.tier_for_level(1)
    assert is_py_int(t)
    assert t >= 1
    assert d20.tier_for_level(20) >= d20.tier_for_level(1)
    with pytest.raises(tc.InvalidInput):
        d20.tier_for_level(0)


def test_stakes_odds_and_simulate() -> None:
    dist = d20.stakes_odds(stakes=d20.Stakes.MID)
    assert dist.probability(d20.Outcome.SUCCESS) == Fraction(6, 20)
    assert dist.probability(d20.Outcome.SETBACK) == Fraction(5, 20)
    assert dist.probability(d20.Outcome.FAILURE) == Fraction(9, 20)
    assert sum(p for _, p in dist.items()) == 1
    assert d20.stakes_odds(stakes=d20.Stakes.HIGH).probability(d20.Outcome.SUCCESS) == Fraction(1, 20)
    assert d20.stakes_odds(stakes=d20.Stakes.LOW, modifier=2).probability(d20.Outcome.FAILURE) == Fraction(2, 20)
    fo = d20.stakes_odds(stakes=d20.Stakes.HIGH, fortune=True)
    # 20 or higher from d20 + d6: count pairs
    wins = sum(1 for a in range(1, 21) for b in range(1, 7) if a + b >= 20)
    assert fo.probability(d20.Outcome.SUCCESS) == Fraction(wins, 120)
    both = d20.stakes_odds(stakes=d20.Stakes.MID, fortune=True, misfortune=True)
    assert both == dist
    fat = d20.stakes_odds(stakes=d20.Stakes.MID, modifier=1, fatigue=1)
    assert fat == dist
    n = 4000
    sim = d20.simulate_test(n, stakes=d20.Stakes.MID, rng=7)
    counts = sim.counts()
    assert all(isinstance(k, d20.Outcome) for k in counts)
    assert all(is_py_int(v) for v in counts.values())
    assert sum(counts.values()) == n
    sim2 = d20.simulate_test(50, stakes=d20.Stakes.LOW, modifier=1, fortune=True, misfortune=False, fatigue=1, rng=2)
    assert sum(sim2.counts().values()) == 50


def test_test_classes_not_collected() -> None:
    for name in dir(d20):
        obj = getattr(d20, name)
        if name.startswith("Test") and inspect.isclass(obj):
            assert obj.__dict__.get("__test__", None) is False or getattr(obj, "__test__", True) is False, name


# ---------------------------------------------------------------- RESIDUE


def test_stars_table() -> None:
    table = {1: 0, 2: 0, 3: 1, 4: 1, 5: 1, 6: 2, 7: 2, 8: 2, 9: 3, 10: 3, 11: 3, 12: 4}
    for value, n in table.items():
        s = rs.stars(value)
        assert s == n
        assert is_py_int(s)
    for bad in (0, 13):
        with pytest.raises(tc.InvalidInput):
            rs.stars(bad)


def test_step_die() -> None:
    SD = rs.StepDie
    assert [d.name for d in SD] == ["ZERO", "D4", "D6", "D8", "D10", "D12"]
    assert [d.sides for d in SD] == [0, 4, 6, 8, 10, 12]
    assert SD.ZERO.up() is SD.D4
    assert SD.D8.up() is SD.D10
    assert SD.D12.up() is SD.D12
    assert SD.D4.down() is SD.ZERO
    assert SD.ZERO.down() is SD.ZERO
    assert SD.D10.down() is SD.D8


def test_roll_inventory() -> None:
    r = rs.roll_inventory(rs.StepDie.D6, rng=tc.ScriptedDice([2]))
    assert r.value == 2
    assert r.after is rs.StepDie.D4
    r2 = rs.roll_inventory(rs.StepDie.D6, rng=tc.ScriptedDice([3]))
    assert r2.after is rs.StepDie.D6
    r3 = rs.roll_inventory(rs.StepDie.D4, rng=tc.ScriptedDice([1]))
    assert r3.after is rs.StepDie.ZERO
    with pytest.raises(tc.RuleError):
        rs.roll_inventory(rs.StepDie.ZERO, rng=1)
    one_line(r)
    round_trip(r)
    assert is_py_int(rs.roll_inventory(rs.StepDie.D12, rng=5).value)


def test_luck_test() -> None:
    SD = rs.StepDie
    fail = rs.luck_test(SD.D6, rng=tc.ScriptedDice([2]))
    assert fail.value == 2
    assert fail.passed is False
    assert fail.after is SD.D4
    ok = rs.luck_test(SD.D6, rng=tc.ScriptedDice([3]))
    assert ok.passed is True
    assert ok.after is SD.D6
    top = rs.luck_test(SD.D6, rng=tc.ScriptedDice([6]))
    assert top.passed is True
    assert top.after is SD.D8
    top12 = rs.luck_test(SD.D12, rng=tc.ScriptedDice([12]))
    assert top12.passed
    assert top12.after is SD.D12
    d4top = rs.luck_test(SD.D4, rng=tc.ScriptedDice([4]))
    assert d4top.passed
    assert d4top.after is SD.D6
    with pytest.raises(tc.RuleError):
        rs.luck_test(SD.ZERO, rng=1)
    one_line(top)
    round_trip(top)


def test_luck_for_action() -> None:
    SD = rs.StepDie
    a = rs.luck_for_action(SD.D8, rng=tc.ScriptedDice([1]))
    assert a.value == 1
    assert a.bonus_stars == 0
    assert a.after is SD.D6
    b = rs.luck_for_action(SD.D8, rng=tc.ScriptedDice([5]))
    assert b.bonus_stars == 1
    assert b.after is SD.D8
    c = rs.luck_for_action(SD.D8, rng=tc.ScriptedDice([8]))
    assert c.bonus_stars == 1
    assert c.after is SD.D10
    with pytest.raises(tc.RuleError):
        rs.luck_for_action(SD.ZERO, rng=1)
    one_line(c)
    round_trip(c)


def test_check_strain() -> None:
    SC = rs.StrainCheck
    assert rs.check_strain(2, 3) is SC.TRAVEL_OR_REST
    assert rs.check_strain(3, 3) is SC.MUST_REST
    assert rs.check_strain(8, 3) is SC.MUST_REST
    assert rs.check_strain(9, 3) is SC.DEFEATED
    assert rs.check_strain(11, 3) is SC.DEFEATED
    assert rs.check_strain(0, 4) is SC.TRAVEL_OR_REST


def test_star_odds() -> None:
    dist = rs.star_odds(rs.StepDie.D12)
    assert dist.probability(0) == Fraction(2, 12)
    assert dist.probability(1) == Fraction(3, 12)
    assert dist.probability(2) == Fraction(3, 12)
    assert dist.probability(3) == Fraction(3, 12)
    assert dist.probability(4) == Fraction(1, 12)
    assert sum(p for _, p in dist.items()) == 1
    d6o = rs.star_odds(rs.StepDie.D6)
    assert d6o.probability(0) == Fraction(2, 6)
    assert d6o.probability(2) == Fraction(1, 6)
    with pytest.raises(tc.RuleError):
        rs.star_odds(rs.StepDie.ZERO)


# ---------------------------------------------------------------- bad input at the edge


@pytest.mark.parametrize("weights", ["x", "d6", [1, 2], [(1, 2, 3)], [("a",)]])
def test_distribution_malformed_weights_is_type_error(weights: Any) -> None:
    with pytest.raises(TypeError):
        tc.Distribution(weights)


@pytest.mark.parametrize("source", [tc.dice_source(1), tc.ScriptedDice([1, 2, 3])])
def test_roll_many_huge_n_is_invalid_input(source: tc.DiceSource) -> None:
    from tabletop_core.rng import MAX_ROLL_MANY

    with pytest.raises(tc.InvalidInput, match="n must be"):
        source.roll_many(6, 10**30)
    with pytest.raises(tc.InvalidInput, match="MAX_ROLL_MANY = 10,000,000 dice"):
        source.roll_many(6, MAX_ROLL_MANY + 1)
    with pytest.raises(tc.InvalidInput):
        d6.distribution().sample(10**30, rng=1)


# ---------------------------------------------------------------- more of the contract, as a reader would try it


def test_action_str_matches_design_example() -> None:
    r = ar.resolve_action(action_die=4, challenge_dice=(3, 8), stat=2)
    assert str(r) == "Action 4 + 2 = 6 vs 3 · 8 -> weak hit"
    assert "weak hit" in r._repr_html_()


@pytest.mark.parametrize(("stat", "adds", "momentum"), [(0, 0, 0), (2, 0, 0), (3, 1, -4), (1, 0, -1), (5, 4, 0)])
def test_action_odds_brute_force(stat: int, adds: int, momentum: int) -> None:
    counts = dict.fromkeys(ar.Outcome, 0)
    for a in range(1, 7):
        for c1 in range(1, 11):
            for c2 in range(1, 11):
                r = ar.resolve_action(action_die=a, challenge_dice=(c1, c2), stat=stat, adds=adds, momentum=momentum)
                counts[r.outcome] += 1
    dist = ar.action_odds(stat=stat, adds=adds, momentum=momentum)
    for outcome, n in counts.items():
        assert dist.probability(outcome) == Fraction(n, 600)


@pytest.mark.parametrize("score", range(11))
def test_progress_odds_brute_force(score: int) -> None:
    counts = dict.fromkeys(ar.Outcome, 0)
    for c1 in range(1, 11):
        for c2 in range(1, 11):
            counts[ar.resolve_progress(progress_score=score, challenge_dice=(c1, c2)).outcome] += 1
    for outcome, n in counts.items():
        assert ar.progress_odds(score).probability(outcome) == Fraction(n, 100)


@pytest.mark.parametrize(
    ("modifier", "fortune", "misfortune", "fatigue"),
    [(0, False, False, 0), (3, True, False, 0), (-2, False, True, 1), (1, True, True, 2), (0, True, False, 4)],
)
@pytest.mark.parametrize("stakes", list(d20.Stakes))
def test_stakes_odds_brute_force(
    stakes: d20.Stakes, modifier: int, fortune: bool, misfortune: bool, fatigue: int
) -> None:
    extra = fortune != misfortune
    counts = dict.fromkeys(d20.Outcome, 0)
    for flat in range(1, 21):
        for die in range(1, 7) if extra else [None]:
            t = d20.resolve_test(
                flat_roll=flat,
                stakes=stakes,
                modifier=modifier,
                fortune=fortune,
                misfortune=misfortune,
                fortune_die=die,
                fatigue=fatigue,
            )
            counts[t.outcome] += 1
    total = 120 if extra else 20
    dist = d20.stakes_odds(stakes=stakes, modifier=modifier, fortune=fortune, misfortune=misfortune, fatigue=fatigue)
    for outcome, n in counts.items():
        assert dist.probability(outcome) == Fraction(n, total)


def test_simulate_action_rows_match_pure_function() -> None:
    sim = ar.simulate_action(300, stat=2, adds=1, momentum=-3, rng=np.random.default_rng(9))
    for i in range(300):
        c1, c2 = (int(c) for c in sim.challenge_dice[i])
        pure = ar.resolve_action(
            action_die=int(sim.action_dice[i]), challenge_dice=(c1, c2), stat=2, adds=1, momentum=-3
        )
        assert int(sim.scores[i]) == pure.action_score
        assert bool(sim.matches[i]) == pure.is_match
    counts = sim.counts()
    assert sum(counts.values()) == 300
    pure_counts = dict.fromkeys(ar.Outcome, 0)
    for i in range(300):
        c1, c2 = (int(c) for c in sim.challenge_dice[i])
        r = ar.resolve_action(action_die=int(sim.action_dice[i]), challenge_dice=(c1, c2), stat=2, adds=1, momentum=-3)
        pure_counts[r.outcome] += 1
    assert counts == pure_counts


def test_simulate_test_rows_match_pure_function() -> None:
    sim = d20.simulate_test(200, stakes=d20.Stakes.MID, modifier=2, fortune=True, rng=np.random.default_rng(4))
    pure_counts = dict.fromkeys(d20.Outcome, 0)
    for i in range(200):
        assert sim.fortune_dice is not None
        t = d20.resolve_test(
            flat_roll=int(sim.flat_rolls[i]),
            stakes=d20.Stakes.MID,
            modifier=2,
            fortune=True,
            fortune_die=int(sim.fortune_dice[i]),
        )
        assert int(sim.totals[i]) == t.total
        pure_counts[t.outcome] += 1
    assert sim.counts() == pure_counts


def test_tier_table() -> None:
    expected = {1: 1, 4: 1, 5: 2, 8: 2, 9: 3, 12: 3, 13: 4, 16: 4, 17: 5, 20: 5}
    for level, tier in expected.items():
        assert d20.tier_for_level(level) == tier
    with pytest.raises(tc.InvalidInput):
        d20.tier_for_level(21)


def test_every_test_class_in_the_package_is_not_collected() -> None:
    import importlib
    import pkgutil

    found = []
    for info in pkgutil.walk_packages(tc.__path__, "tabletop_core."):
        module = importlib.import_module(info.name)
        for name, obj in vars(module).items():
            if name.startswith("Test") and inspect.isclass(obj) and obj.__module__ == module.__name__:
                found.append(name)
                assert obj.__dict__.get("__test__") is False, f"{info.name}.{name}"
    assert {"TestRoll", "TestBatch"} <= set(found)


def test_every_module_says_what_it_exports() -> None:
    """Every module of the package has an ``__all__`` of names it defines (issue 30: "every module with an __all__")."""
    import importlib
    import pkgutil

    modules = 0
    for info in pkgutil.walk_packages(tc.__path__, "tabletop_core."):
        module = importlib.import_module(info.name)  # __main__ runs the command only as a script
        exported = getattr(module, "__all__", None)
        assert isinstance(exported, list), f"{info.name} has no __all__ list"
        for name in exported:
            assert isinstance(name, str), f"{info.name}.__all__ holds {name!r}"
            assert hasattr(module, name), f"{info.name}.__all__ names {name!r}, which it does not define"
        modules += 1
    assert modules > 200


def test_step_die_values_roll_through_the_chain() -> None:
    chain = [rs.StepDie.ZERO]
    while chain[-1] is not rs.StepDie.D12:
        chain.append(chain[-1].up())
    assert chain == list(rs.StepDie)
    down = [rs.StepDie.D12]
    while down[-1] is not rs.StepDie.ZERO:
        down.append(down[-1].down())
    assert down == list(reversed(list(rs.StepDie)))


def test_star_odds_brute_force() -> None:
    for die in list(rs.StepDie)[1:]:
        dist = rs.star_odds(die)
        for n in range(5):
            expected = Fraction(sum(1 for v in range(1, die.sides + 1) if rs.stars(v) == n), die.sides)
            assert dist.probability(n) == expected


# ---------------------------------------------------------------- a failing roll uses none of the caller's dice


@pytest.mark.parametrize(
    ("call", "values"),
    [
        (lambda dice: d20.roll_test(stakes=d20.Stakes.MID, fortune=True, rng=dice), [11]),
        (lambda dice: d20.roll_test(stakes=d20.Stakes.MID, misfortune=True, rng=dice), [11, 7]),
        (lambda dice: ar.action_roll(stat=2, rng=dice), [4, 3]),
        (lambda dice: ar.progress_roll(5, rng=dice), [3]),
        (lambda dice: tc.notation.roll("3d6", rng=dice), [1, 2]),
        (lambda dice: tc.notation.roll("1d6+1d8", rng=dice), [1]),
        (lambda dice: tc.notation.roll("2d6!", rng=dice), [6, 2]),
        (lambda dice: tc.notation.roll("1d6+1d4", rng=dice), [3, 5]),
        (lambda dice: ar.simulate_action(2, stat=2, rng=dice), [1, 2, 3, 4, 5]),
        (lambda dice: d20.simulate_test(2, stakes=d20.Stakes.MID, fortune=True, rng=dice), [1, 2, 3]),
        (lambda dice: d6.distribution().sample(3, rng=dice), [1, 2]),
    ],
)
def test_failed_roll_leaves_scripted_dice_unused(call: Any, values: list[int]) -> None:
    dice = tc.ScriptedDice(values)
    with pytest.raises((tc.DiceExhausted, tc.InvalidInput)):
        call(dice)
    assert dice.remaining == len(values)


def test_scripted_dice_still_roll_through_the_atomic_paths() -> None:
    t = d20.roll_test(stakes=d20.Stakes.MID, misfortune=True, rng=tc.ScriptedDice([11, 2]))
    assert (t.flat_roll, t.fortune_die, t.total) == (11, 2, 9)
    assert tc.notation.roll("2d6!", rng=tc.ScriptedDice([6, 2, 3])).total == 11
    assert sum(ar.simulate_action(1, stat=2, rng=tc.ScriptedDice([4, 3, 8])).counts().values()) == 1
    sim = d20.simulate_test(1, stakes=d20.Stakes.MID, fortune=True, rng=tc.ScriptedDice([11, 4]))
    assert sim.counts()[d20.Outcome.SUCCESS] == 1
