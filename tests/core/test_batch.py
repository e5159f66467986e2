"""One batch shape in every system (issue 11 item 4; read-only arrays: issue 12 item 4)."""

from __future__ import annotations

import json
from fractions import Fraction

import numpy as np
import pytest

import tabletop_core as tc
from tabletop_core import action_roll as ar
from tabletop_core import d20
from tabletop_core import residue as rs
from tabletop_core.batch import MAX_BATCH, Batch

# name -> (make a batch of n rolls, the outcome of a single-roll result, its result type or None)
MAKERS = {
    "action": (lambda n: ar.simulate_action(n, stat=2, momentum=-3, rng=1), lambda r: r.outcome, ar.ActionResult),
    "action burn": (
        lambda n: ar.simulate_action(n, stat=1, momentum=7, burn=True, rng=2),
        lambda r: r.outcome,
        ar.ActionResult,
    ),
    "progress": (lambda n: ar.simulate_progress(n, 6, rng=3), lambda r: r.outcome, ar.ProgressResult),
    "test": (lambda n: d20.simulate_test(n, stakes="mid", modifier=3, rng=4), lambda r: r.outcome, d20.TestRoll),
    "test fortune": (
        lambda n: d20.simulate_test(n, stakes="high", modifier=2, misfortune=True, rng=5),
        lambda r: r.outcome,
        d20.TestRoll,
    ),
    "stars": (
        lambda n: rs.simulate_stars("d8", n, skill_bonus=1, rng=6),
        lambda r: r.stars,
        rs.ActionResult,
    ),
    "stars luck": (
        lambda n: rs.simulate_stars("d10", n, slot="attack", dehydrated=True, luck="d6", rng=7),
        lambda r: r.stars,
        rs.ActionResult,
    ),
    "inventory": (lambda n: rs.simulate_inventory("d8", n, rolls=3, rng=8), None, None),
}


@pytest.fixture(params=sorted(MAKERS))
def case(request):
    return MAKERS[request.param]


def test_every_batch_has_the_one_shape(case):
    make, outcome_of, result_type = case
    batch = make(300)
    assert isinstance(batch, Batch)
    assert len(batch) == 300 == len(batch.outcome_codes)
    counts = batch.counts()
    assert tuple(counts) == batch.labels  # every label a key, in label order
    assert sum(counts.values()) == 300
    by_row = dict.fromkeys(batch.labels, 0)
    for i in range(300):
        outcome = batch.outcome(i)
        assert outcome == batch.labels[int(batch.outcome_codes[i])]
        by_row[outcome] += 1
        if result_type is not None:
            result = batch.result(i)
            assert type(result) is result_type
            assert outcome_of(result) == outcome
    assert by_row == counts
    shares = batch.shares()
    assert isinstance(shares, tc.Distribution)
    assert dict(shares.items()) == {o: Fraction(c, 300) for o, c in counts.items() if c}
    assert str(batch).startswith("300 ")
    data = json.loads(json.dumps(batch.to_dict()))
    assert data["type"].endswith("." + type(batch).__name__)
    assert data["version"] == 1
    assert data["size"] == 300
    assert sum(data["counts"].values()) == 300


def test_every_array_is_read_only(case):
    make, _, _ = case
    batch = make(10)
    arrays = [getattr(batch, name) for name in dir(batch) if not name.startswith("_")]
    arrays = [a for a in arrays if isinstance(a, np.ndarray)]
    assert len(arrays) >= 2  # the outcome codes and at least one array of dice
    for array in arrays:
        assert not array.flags.writeable
        with pytest.raises(ValueError, match="read-only"):
            array[0] = 1


def test_empty_batch(case):
    make, _, result_type = case
    batch = make(0)
    assert len(batch) == 0
    assert set(batch.counts().values()) == {0}
    assert str(batch).startswith("0 ")
    with pytest.raises(tc.InvalidInput, match="empty batch has no shares"):
        batch.shares()
    with pytest.raises(tc.InvalidInput, match="index must be an int from 0 to -1"):
        batch.outcome(0)
    if result_type is not None:
        with pytest.raises(tc.InvalidInput):
            batch.result(0)


def test_one_max_batch():
    assert ar.batch.MAX_BATCH is MAX_BATCH
    assert rs.batch.MAX_BATCH is MAX_BATCH
    assert d20.batch.MAX_BATCH is MAX_BATCH
    assert MAX_BATCH == 10**6
    for simulate in (
        lambda: ar.simulate_action(MAX_BATCH + 1, stat=1),
        lambda: ar.simulate_progress(MAX_BATCH + 1, 3),
        lambda: d20.simulate_test(MAX_BATCH + 1, stakes="low"),
        lambda: rs.simulate_stars("d6", MAX_BATCH + 1),
        lambda: rs.simulate_inventory("d6", MAX_BATCH + 1),
    ):
        with pytest.raises(tc.InvalidInput, match=f"n must be an int from 0 to {MAX_BATCH}"):
            simulate()


def test_shares_compare_with_exact_odds():
    batch = ar.simulate_action(20_000, stat=3, rng=11)
    odds = ar.action_odds(stat=3)
    assert set(batch.shares().outcomes) == set(odds.outcomes)
    for outcome in odds.outcomes:
        assert abs(float(batch.shares().probability(outcome) - odds.probability(outcome))) < 0.02


def test_labels_cover_what_the_rules_allow():
    # d8 with +1 Skill: the Success Table gives 0..2 stars on a d8 (at most 2), +1 makes 3 the most.
    assert rs.simulate_stars("d8", 5, skill_bonus=1, rng=1).labels == (0, 1, 2, 3)
    assert rs.simulate_inventory("d6", 5, rolls=1, rng=1).labels == (rs.StepDie.ZERO, rs.StepDie.D4, rs.StepDie.D6)
    assert d20.simulate_test(1, stakes="low", rng=1).labels == tuple(d20.Outcome)
    assert ar.simulate_progress(1, 2, rng=1).labels == tuple(ar.Outcome)


def test_str_is_one_line_with_shares():
    batch = d20.simulate_test(4, stakes="mid", rng=tc.ScriptedDice([20, 12, 3, 15]))
    assert str(batch) == "4 Tests at Mid Stakes: Success 2 (50.0%), Setback 1 (25.0%), Failure 1 (25.0%)"
    batch = ar.simulate_progress(3, 7, rng=tc.ScriptedDice([1, 9, 9, 2, 3, 9]))
    assert str(batch) == (
        "3 progress rolls at progress score 7: strong hit 1 (33.3%), weak hit 1 (33.3%), miss 1 (33.3%)"
    )


def test_str_names_stars_and_final_steps():
    batch = rs.simulate_stars("d8", 3, rng=tc.ScriptedDice([1, 4, 8]))
    assert str(batch) == "3 Actions with d8: 0★ 1 (33.3%), 1★ 1 (33.3%), 2★ 1 (33.3%)"
    batch = rs.simulate_inventory("d6", 2, rolls=1, rng=tc.ScriptedDice([1, 5]))
    assert str(batch) == "2 Inventory dice from d6: ended at 0 0 (0.0%), ended at d4 1 (50.0%), ended at d6 1 (50.0%)"


def test_to_dict_names_what_every_roll_shared():
    data = ar.simulate_action(2, stat=2, adds=1, momentum=4, burn=True, rng=1).to_dict()
    assert data["parameters"] == {"stat": 2, "adds": 1, "momentum": 4, "burn": True}
    assert data["type"] == "action_roll.ActionBatch"
    assert list(data["counts"]) == ["strong_hit", "weak_hit", "miss"]
    data = rs.simulate_stars("d8", 2, skill_bonus=1, luck="d4", rng=1).to_dict()
    assert data["parameters"] == {"die": "d8", "slot": "skill", "modifiers": ["+★ Skill"], "luck": "d4"}
    data = d20.simulate_test(2, stakes="mid", modifier=3, rng=1).to_dict()
    assert data["parameters"]["template"]["stakes"] == "mid"


_OVER_THE_LIMIT = (
    lambda rng: ar.simulate_action(MAX_BATCH + 1, stat=1, rng=rng),
    lambda rng: ar.simulate_progress(MAX_BATCH + 1, 3, rng=rng),
    lambda rng: d20.simulate_test(MAX_BATCH + 1, stakes="low", fortune=True, rng=rng),
    lambda rng: rs.simulate_stars("d6", MAX_BATCH + 1, luck="d6", rng=rng),
    lambda rng: rs.simulate_inventory("d6", MAX_BATCH + 1, rng=rng),
)


@pytest.mark.parametrize("simulate", _OVER_THE_LIMIT)
def test_batch_over_the_limit_is_refused_before_any_work(simulate):
    import tracemalloc

    dice = tc.ScriptedDice([1, 2, 3])
    tracemalloc.start()
    try:
        with pytest.raises(tc.InvalidInput) as error:
            simulate(dice)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    message = str(error.value)
    assert message == f"n must be an int from 0 to 1000000 (rolls in one batch), got {MAX_BATCH + 1}"
    assert error.value.limit == "tabletop_core.batch.MAX_BATCH"
    assert "make several calls" in error.value.detail
    assert dice.remaining == 3  # not a die drawn
    assert peak < 100_000  # no array of n rows was made (one would take megabytes)


def test_batch_at_the_limit_runs():
    batch = d20.simulate_test(MAX_BATCH, stakes="low", rng=1)
    assert len(batch) == MAX_BATCH
    assert sum(batch.counts().values()) == MAX_BATCH


def test_chunked_batches_go_beyond_the_limit():
    # The documented way past MAX_BATCH: several calls on one source, counts added.
    source = tc.dice_source(5)
    whole = ar.simulate_action(3_000, stat=2, rng=5).counts()
    chunked = [ar.simulate_action(1_000, stat=2, rng=source).counts() for _ in range(3)]
    total = {outcome: sum(c[outcome] for c in chunked) for outcome in whole}
    assert sum(total.values()) == 3_000
    assert set(total) == set(whole)
