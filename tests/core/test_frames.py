"""Data frames and arrays: the same columns in every system, a clear error without pandas."""

from __future__ import annotations

import builtins
from fractions import Fraction

import pandas as pd
import pytest

from tabletop_core import Distribution, InvalidInput, TabletopError, d20, notation, residue
from tabletop_core import action_roll as ar
from tabletop_core.errors import MissingExtra
from tabletop_core.frames import COUNT_COLUMNS, ODDS_COLUMNS, odds_frame


def exact_odds():
    return [
        ar.action_odds(stat=2),
        d20.stakes_odds(stakes="mid", modifier=3),
        residue.star_odds("d8"),
        notation.distribution("2d6"),
    ]


def batches():
    return [
        ar.simulate_action(200, stat=2, rng=1),
        ar.simulate_progress(200, 6, rng=1),
        d20.simulate_test(200, stakes="mid", modifier=2, rng=1),
        residue.simulate_stars("d8", 200, rng=1),
        residue.simulate_inventory("d8", 200, rng=1),
    ]


@pytest.mark.parametrize("odds", exact_odds(), ids=lambda d: type(d.outcomes[0]).__name__)
def test_distribution_frame_has_the_shared_columns_and_exact_values(odds):
    frame = odds.to_pandas()
    assert tuple(frame.columns) == ODDS_COLUMNS
    assert list(frame["outcome"]) == list(odds.outcomes)
    assert list(frame["exact"]) == list(odds.probabilities)
    assert sum(frame["exact"]) == 1
    assert frame["probability"].tolist() == [float(p) for p in odds.probabilities]
    assert odds.to_numpy().tolist() == frame["probability"].tolist()


def test_distribution_frame_labels_are_the_display_text():
    frame = ar.action_odds(stat=2).to_pandas()
    assert list(frame["label"]) == ["strong hit", "weak hit", "miss"]
    # stat 2: 60 action scores (d6 + 2) against 100 challenge-die pairs; brute force here
    strong = sum(1 for a in range(1, 7) for c1 in range(1, 11) for c2 in range(1, 11) if a + 2 > c1 and a + 2 > c2)
    assert frame["exact"][0] == Fraction(strong, 600)


@pytest.mark.parametrize("batch", batches(), ids=lambda b: type(b).__name__)
def test_batch_frame_has_the_shared_columns_and_matches_counts(batch):
    frame = batch.to_pandas()
    assert tuple(frame.columns) == COUNT_COLUMNS
    counts = batch.counts()
    assert list(frame["outcome"]) == list(counts)
    assert frame["count"].tolist() == list(counts.values())
    assert frame["count"].sum() == len(batch) == 200
    assert frame["share"].tolist() == [c / 200 for c in counts.values()]
    assert batch.to_numpy().tolist() == list(counts.values())


def test_odds_frame_exact_rows():
    frame = odds_frame(ar.action_odds, stat=[1, 2], momentum=[0, 5])
    assert list(frame.columns) == ["stat", "momentum", *ODDS_COLUMNS]
    assert len(frame) == 12
    row = frame[(frame.stat == 2) & (frame.momentum == 0) & (frame.outcome == ar.Outcome.MISS)]
    assert row["exact"].item() == ar.action_odds(stat=2).probability(ar.Outcome.MISS)
    by_parameters = frame.groupby(["stat", "momentum"])["exact"].sum()
    assert set(by_parameters) == {1}


def test_odds_frame_works_for_d20_stakes():
    frame = odds_frame(d20.stakes_odds, stakes=["low", "high"], modifier=range(3))
    assert list(frame.columns[:2]) == ["stakes", "modifier"]
    assert frame.groupby(["stakes", "modifier"])["exact"].sum().eq(1).all()


@pytest.mark.parametrize(
    ("parameters", "message"),
    [
        ({}, "at least one parameter"),
        ({"stat": []}, "stat: give at least one value"),
        ({"stat": range(400), "momentum": range(400)}, "combinations"),
    ],
)
def test_odds_frame_refuses_bad_grids(parameters, message):
    with pytest.raises(InvalidInput, match=message):
        odds_frame(ar.action_odds, **parameters)


def test_odds_frame_refuses_a_non_function():
    with pytest.raises(TypeError, match="odds function"):
        odds_frame(42, stat=[1])  # type: ignore[arg-type]


@pytest.fixture
def no_pandas(monkeypatch):
    real_import = builtins.__import__

    def fake_import(name, *args, **kwargs):
        if name == "pandas" or name.startswith("pandas."):
            raise ImportError("No module named 'pandas'")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", fake_import)


@pytest.mark.parametrize(
    "call",
    [
        lambda: Distribution({1: 1}).to_pandas(),
        lambda: ar.simulate_action(3, stat=1, rng=1).to_pandas(),
        lambda: odds_frame(ar.action_odds, stat=[1]),
    ],
    ids=["distribution", "batch", "odds_frame"],
)
def test_missing_pandas_names_the_extra(no_pandas, call):
    with pytest.raises(MissingExtra, match=r"pip install 'tabletop_core\[pandas\]'") as caught:
        call()
    assert isinstance(caught.value, TabletopError)
    assert isinstance(caught.value, ImportError)


def test_to_numpy_works_without_pandas(no_pandas):
    assert Distribution({1: 1, 2: 1}).to_numpy().tolist() == [0.5, 0.5]
    assert ar.simulate_action(10, stat=1, rng=1).to_numpy().sum() == 10


def test_frames_are_real_data_frames():
    assert isinstance(Distribution({1: 1}).to_pandas(), pd.DataFrame)


def _batches():
    from tabletop_core import d20
    from tabletop_core import residue as rs

    return [
        ar.simulate_action(500, stat=2, momentum=5, burn=True, rng=1),
        ar.simulate_progress(500, progress_score=6, rng=2),
        d20.simulate_test(500, stakes="mid", modifier=2, fortune=True, rng=3),
        rs.simulate_stars(rs.StepDie.D8, 500, rng=4),
        rs.simulate_inventory(rs.StepDie.D6, 500, rng=5),
    ]


@pytest.mark.parametrize("batch", _batches(), ids=lambda b: type(b).__name__)
def test_per_roll_frames_hold_one_row_per_roll_agreeing_with_the_batch(batch):
    frame = batch.to_pandas(per_roll=True)
    assert len(frame) == len(batch) == 500
    assert frame.index.name == "roll"
    assert list(frame.columns[:2]) == ["outcome", "label"]
    assert [frame["outcome"].iloc[i] for i in (0, 17, 499)] == [batch.outcome(i) for i in (0, 17, 499)]
    tally = frame["outcome"].value_counts()
    assert {label: int(tally.get(label, 0)) for label in batch.labels} == batch.counts()
    arrays = list(frame.columns[2:])
    assert arrays  # the dice of every roll are there too
    assert batch.to_pandas().equals(batch.to_pandas(per_roll=False))


def test_per_roll_names_a_pair_of_dice_by_position():
    batch = ar.simulate_action(50, stat=1, rng=9)
    frame = batch.to_pandas(per_roll=True)
    assert (frame["challenge_dice_1"].to_numpy() == batch.challenge_dice[:, 0]).all()
    assert (frame["challenge_dice_2"].to_numpy() == batch.challenge_dice[:, 1]).all()
    with pytest.raises(TypeError, match="per_roll must be a bool"):
        batch.to_pandas(per_roll=1)


@pytest.mark.parametrize("batch", _batches(), ids=lambda b: type(b).__name__)
def test_a_batch_repr_is_short(batch):
    text = repr(batch)
    assert text.startswith(f"<{type(batch).__name__}: 500 ")
    assert "array(" not in text
    assert len(text) < 120
