import itertools
import json
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

import tabletop_core as tc
from tabletop_core import action_roll as ar
from tabletop_core.action_roll import Legacy, LegacyTrack, Outcome, ProgressTrack, Rank
from tabletop_core.action_roll.progress import BOXES, MAX_TICKS, TICKS_PER_BOX


def test_ranks_in_increasing_severity_with_ticks_per_mark():
    assert [r.name for r in Rank] == ["TROUBLESOME", "DANGEROUS", "FORMIDABLE", "EXTREME", "EPIC"]
    assert [r.ticks_per_mark for r in Rank] == [12, 8, 4, 2, 1]


def test_a_track_is_ten_boxes_of_four_ticks():
    assert (BOXES, TICKS_PER_BOX, MAX_TICKS) == (10, 4, 40)
    track = ProgressTrack(Rank.FORMIDABLE)
    assert (track.ticks, track.score, track.is_complete) == (0, 0, False)


@pytest.mark.parametrize(
    ("rank", "ticks", "score"),
    [
        (Rank.TROUBLESOME, 12, 3),
        (Rank.DANGEROUS, 8, 2),
        (Rank.FORMIDABLE, 4, 1),
        (Rank.EXTREME, 2, 0),
        (Rank.EPIC, 1, 0),
    ],
)
def test_marking_progress_by_rank(rank, ticks, score):
    track = ProgressTrack(rank).mark()
    assert (track.ticks, track.score) == (ticks, score)


def test_marks_stack():
    track = ProgressTrack(Rank.EXTREME)
    assert track.mark().mark() == track.mark(times=2)
    assert track.mark(times=2).score == 1  # 4 ticks fill a box


def test_the_track_caps_at_40_ticks():
    track = ProgressTrack(Rank.TROUBLESOME).mark(times=4)
    assert track.ticks == 40
    assert track.score == 10
    assert track.is_complete
    assert ProgressTrack(Rank.EPIC, ticks=39).mark_ticks(5).ticks == 40


def test_progress_score_counts_only_full_boxes():
    assert ProgressTrack(Rank.EPIC, ticks=23).score == 5


def test_track_renders():
    track = ProgressTrack(Rank.DANGEROUS, ticks=22, name="Reach the station")
    assert str(track) == "Reach the station (dangerous): [■■■■■2····] 22/40 ticks, progress score 5"
    assert str(ProgressTrack(Rank.EPIC)) == "epic track: [··········] 0/40 ticks, progress score 0"


def test_bad_track_input():
    with pytest.raises(TypeError, match="rank must be a Rank"):
        ProgressTrack("dangerous")  # type: ignore[arg-type]
    with pytest.raises(tc.InvalidInput, match="ticks must be an int from 0 to 40, got 41"):
        ProgressTrack(Rank.EPIC, ticks=41)
    track = ProgressTrack(Rank.EPIC, ticks=3)
    with pytest.raises(tc.InvalidInput, match="times"):
        track.mark(times=0)
    with pytest.raises(tc.InvalidInput):
        track.mark_ticks(-1)
    assert track.ticks == 3


def test_progress_roll_beats_each_die():
    assert ar.resolve_progress(progress_score=7, challenge_dice=(3, 6)).outcome is Outcome.STRONG_HIT
    assert ar.resolve_progress(progress_score=7, challenge_dice=(3, 8)).outcome is Outcome.WEAK_HIT
    assert ar.resolve_progress(progress_score=7, challenge_dice=(7, 8)).outcome is Outcome.MISS
    assert ar.resolve_progress(progress_score=10, challenge_dice=(10, 9)).outcome is Outcome.WEAK_HIT
    assert ar.resolve_progress(progress_score=0, challenge_dice=(1, 1)).outcome is Outcome.MISS


def test_progress_match_is_reported():
    result = ar.resolve_progress(progress_score=9, challenge_dice=(4, 4))
    assert result.is_match
    assert str(result) == "Progress 9 vs 4 · 4 -> strong hit (match)"
    assert result.to_markdown() == "Progress 9 vs 4 · 4 -> **strong hit** (match)"


def test_progress_roll_draws_only_the_challenge_dice():
    dice = tc.ScriptedDice([3, 8, 5])
    result = ar.progress_roll(ProgressTrack(Rank.DANGEROUS, ticks=28), rng=dice)
    assert result == ar.resolve_progress(progress_score=7, challenge_dice=(3, 8))
    assert dice.remaining == 1
    assert ar.progress_roll(7, rng=tc.ScriptedDice([3, 8])) == result
    assert ar.progress_roll(LegacyTrack(Legacy.BONDS, ticks=28), rng=tc.ScriptedDice([3, 8])) == result


def test_progress_ignores_momentum():
    with pytest.raises(TypeError):
        ar.resolve_progress(progress_score=5, challenge_dice=(1, 2), momentum=-5)  # type: ignore[call-arg]
    assert not hasattr(ar.ProgressResult, "burned_momentum")
    # "You cannot burn momentum on a progress roll"
    result = ar.resolve_progress(progress_score=3, challenge_dice=(5, 8))
    with pytest.raises(tc.RuleError, match="cannot be burned on a progress roll"):
        ar.burn_momentum(result, ar.Momentum(9))
    with pytest.raises(tc.RuleError, match="cannot be burned on a progress roll"):
        ar.burn_would_improve(result, 9)


def test_progress_roll_bad_input():
    with pytest.raises(TypeError, match="track_or_score"):
        ar.progress_roll("seven")  # type: ignore[arg-type]
    with pytest.raises(tc.InvalidInput, match="progress_score must be an int from 0 to 10, got 11"):
        ar.progress_roll(11)
    with pytest.raises(tc.InvalidInput):
        ar.resolve_progress(progress_score=5, challenge_dice=(0, 3))


def test_progress_counts_over_all_dice():
    counts = Counter(
        ar.resolve_progress(progress_score=5, challenge_dice=d).outcome
        for d in itertools.product(range(1, 11), repeat=2)
    )
    assert counts == {Outcome.STRONG_HIT: 16, Outcome.WEAK_HIT: 48, Outcome.MISS: 36}


def test_progress_result_round_trip_and_tamper():
    result = ar.resolve_progress(progress_score=6, challenge_dice=(6, 6))
    assert ar.ProgressResult.from_dict(json.loads(json.dumps(result.to_dict()))) == result
    data = result.to_dict()
    data["is_match"] = False
    with pytest.raises(tc.InvalidInput, match="does not follow the rules"):
        ar.ProgressResult.from_dict(data)


def test_legacy_tracks_earn_2_xp_per_filled_box():
    track = LegacyTrack(Legacy.QUESTS).mark(9)
    assert (track.score, track.xp) == (2, 4)
    assert ar.experience([track, LegacyTrack(Legacy.DISCOVERIES, ticks=40)]) == 24
    assert LegacyTrack(Legacy.BONDS, ticks=38).mark(12).ticks == 40
    assert str(track) == "quests legacy: [■■1·······] 9/40 ticks, 4 XP"


def test_legacy_rewards_by_rank():
    assert [r.legacy_reward for r in Rank] == [1, 2, 4, 8, 12]
    assert LegacyTrack(Legacy.QUESTS).reward(Rank.EXTREME).ticks == 8
    with pytest.raises(TypeError):
        LegacyTrack(Legacy.QUESTS).reward("epic")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        ar.experience([3])  # type: ignore[list-item]


@given(rank=st.sampled_from(Rank), marks=st.lists(st.integers(1, 5), max_size=12), ticks=st.integers(0, 40))
def test_ticks_stay_in_0_to_40(rank, marks, ticks):
    track = ProgressTrack(rank, ticks=ticks)
    for times in marks:
        before = track
        track = track.mark(times=times)
        assert track.ticks == min(40, before.ticks + times * rank.ticks_per_mark)
        assert 0 <= track.ticks <= 40
        assert track.score == track.ticks // 4
    assert ProgressTrack.from_dict(json.loads(track.to_json())) == track


@given(score=st.integers(0, 10), first=st.integers(1, 10), second=st.integers(1, 10))
def test_progress_judged_like_an_action_score(score, first, second):
    result = ar.resolve_progress(progress_score=score, challenge_dice=(first, second))
    beaten = (score > first) + (score > second)
    assert result.outcome.hits == beaten
    assert result.is_match == (first == second)


def test_a_shared_progress_track_takes_every_allys_marks():
    # "When a move prompts someone to mark progress for that challenge, it is marked on your
    # shared progress track": one value for the group, each mark added to it.
    shared = ProgressTrack(Rank.FORMIDABLE, name="Break the blockade")
    shared = shared.mark()  # Kira's move
    shared = shared.mark()  # Ash's move
    shared = shared.mark(times=2)  # Ash's move plus an asset: marks stack
    assert (shared.ticks, shared.score) == (16, 4)
    result = ar.progress_roll(shared, rng=tc.ScriptedDice([3, 5]))
    assert result.progress_score == 4
    assert result.outcome is Outcome.WEAK_HIT


def test_ticks_or_boxes_named_by_a_move():
    # "fill in the appropriate number of ticks or progress boxes": a box is 4 ticks.
    track = ProgressTrack(Rank.EPIC, ticks=3).mark_ticks(2 * TICKS_PER_BOX)
    assert (track.ticks, track.score) == (11, 2)
