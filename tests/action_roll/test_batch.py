import itertools

import numpy as np
import pytest

import tabletop_core as tc
from support import assert_fits
from tabletop_core import action_roll as ar
from tabletop_core.action_roll import Momentum, Outcome
from tabletop_core.batch import MAX_BATCH

ALL_DICE = list(itertools.product(range(1, 7), range(1, 11), range(1, 11)))


def every_combination():
    """ScriptedDice in the batch's draw order holding all 600 dice combinations."""
    dice, first, second = zip(*ALL_DICE, strict=True)
    return tc.ScriptedDice([*dice, *first, *second])


@pytest.mark.parametrize(
    ("stat", "adds", "momentum", "burn"),
    [
        (0, 0, 0, False),
        (2, 0, 0, False),
        (3, 2, -3, False),
        (1, 0, -6, False),
        (5, 4, 0, False),
        (2, 1, 7, True),
        (0, 0, 10, True),
        (4, 0, -2, True),
        (9, 3, 3, True),
    ],
)
def test_batch_agrees_with_the_pure_function_on_every_dice_combination(stat, adds, momentum, burn):
    batch = ar.simulate_action(600, stat=stat, adds=adds, momentum=momentum, burn=burn, rng=every_combination())
    for index, (die, first, second) in enumerate(ALL_DICE):
        expected = ar.resolve_action(
            action_die=die, challenge_dice=(first, second), stat=stat, adds=adds, momentum=momentum
        )
        if burn and ar.burn_would_improve(expected, momentum):
            expected, _ = ar.burn_momentum(expected, Momentum(momentum))
        assert int(batch.action_dice[index]) == die
        assert tuple(int(d) for d in batch.challenge_dice[index]) == (first, second)
        assert bool(batch.cancelled[index]) == expected.action_die_cancelled
        assert int(batch.scores[index]) == expected.action_score
        assert Outcome.from_code(int(batch.outcomes[index])) is expected.outcome
        assert bool(batch.matches[index]) == expected.is_match
        assert bool(batch.burned[index]) == expected.burned
        assert batch.result(index) == expected


def test_batch_counts_over_all_combinations_are_the_exact_odds():
    batch = ar.simulate_action(600, stat=2, rng=every_combination())
    assert batch.counts() == {Outcome.STRONG_HIT: 139, Outcome.WEAK_HIT: 262, Outcome.MISS: 199}
    joint = batch.match_counts()
    exact = ar.action_match_odds(stat=2)
    assert {k: v for k, v in joint.items() if v} == {k: int(p * 600) for k, p in exact.items()}


@pytest.mark.parametrize(("stat", "momentum", "burn"), [(2, 0, False), (1, -3, False), (3, 6, True), (0, 0, False)])
def test_batch_fits_the_exact_odds(stat, momentum, burn):
    batch = ar.simulate_action(200_000, stat=stat, momentum=momentum, burn=burn, rng=20261129)
    assert_fits(batch.counts(), ar.action_odds(stat=stat, momentum=momentum, burn=burn))
    assert_fits(batch.match_counts(), ar.action_match_odds(stat=stat, momentum=momentum, burn=burn))


def test_batch_is_reproducible_and_matches_single_rolls_statistically():
    first = ar.simulate_action(1000, stat=2, rng=7)
    second = ar.simulate_action(1000, stat=2, rng=7)
    assert np.array_equal(first.outcomes, second.outcomes)
    assert str(first).startswith("1000 action rolls at +2, momentum +0: strong hit ")


def test_progress_batch_agrees_with_the_pure_function():
    pairs = list(itertools.product(range(1, 11), repeat=2))
    for score in range(11):
        firsts, seconds = zip(*pairs, strict=True)
        batch = ar.simulate_progress(100, score, rng=tc.ScriptedDice([*firsts, *seconds]))
        for index, pair in enumerate(pairs):
            expected = ar.resolve_progress(progress_score=score, challenge_dice=pair)
            assert Outcome.from_code(int(batch.outcomes[index])) is expected.outcome
            assert bool(batch.matches[index]) == expected.is_match
            assert batch.result(index) == expected
        assert batch.counts() == {o: int(p * 100) for o, p in ar.progress_odds(score).items()} | {
            o: 0 for o in Outcome if ar.progress_odds(score).probability(o) == 0
        }


@pytest.mark.parametrize("score", [0, 4, 7, 10])
def test_progress_batch_fits_the_exact_odds(score):
    batch = ar.simulate_progress(100_000, score, rng=99)
    assert_fits(batch.counts(), ar.progress_odds(score))
    assert_fits(batch.match_counts(), ar.progress_match_odds(score))
    assert str(batch).startswith("100000 progress rolls")


def test_progress_batch_takes_a_track():
    track = ar.ProgressTrack(ar.Rank.FORMIDABLE, ticks=17)
    by_track = ar.simulate_progress(50, track, rng=4)
    by_score = ar.simulate_progress(50, progress_score=4, rng=4)
    assert by_track.progress_score == 4
    assert np.array_equal(by_track.outcomes, by_score.outcomes)


def test_empty_batches_and_bad_input():
    assert ar.simulate_action(0, stat=2, rng=1).counts() == dict.fromkeys(Outcome, 0)
    assert len(ar.simulate_progress(0, 3, rng=1)) == 0
    with pytest.raises(tc.InvalidInput):
        ar.simulate_action(-1, stat=2)
    with pytest.raises(tc.InvalidInput):
        ar.simulate_action(10, stat=-1)
    with pytest.raises(TypeError):
        ar.simulate_action(10, stat=2, burn="yes")
    with pytest.raises(tc.InvalidInput):
        ar.simulate_progress(10, 11)
    with pytest.raises(TypeError):
        ar.simulate_progress(10, "7")
    with pytest.raises(tc.InvalidInput):
        ar.simulate_action(3, stat=2, rng=1).result(3)
    with pytest.raises(tc.DiceExhausted):
        ar.simulate_action(2, stat=2, rng=tc.ScriptedDice([1, 2, 3]))


def test_batch_size_is_bounded_with_a_clear_error():
    # a chat bot passing a huge n gets a TabletopError, not numpy's ValueError or a MemoryError
    for n in (MAX_BATCH + 1, 10**30):
        with pytest.raises(tc.InvalidInput, match=f"n must be an int from 0 to {MAX_BATCH}"):
            ar.simulate_action(n, stat=2, rng=1)
        with pytest.raises(tc.InvalidInput, match="n must be an int from 0 to"):
            ar.simulate_progress(n, 5, rng=1)
    with pytest.raises(TypeError, match="n must be an int"):
        ar.simulate_action(10.0, stat=2, rng=1)
