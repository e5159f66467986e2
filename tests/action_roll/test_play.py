"""A full character, making moves from Datasworn data, and changing a roll."""

import itertools
import json
import pathlib
from fractions import Fraction

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop_core import DiceExhausted, InvalidInput, RuleError, ScriptedDice
from tabletop_core.action_roll import (
    ActionResult,
    Impact,
    Legacy,
    LegacyTrack,
    Meter,
    Momentum,
    MoveResult,
    Outcome,
    PlayerCharacter,
    ProgressTrack,
    Rank,
    RollChange,
    Stats,
    TrackKind,
    action_odds,
    add_after,
    burn_momentum,
    burn_would_improve,
    change_odds,
    legacy_reward,
    make_move,
    move_odds,
    move_options,
    progress_odds,
    reroll,
    resolve_action,
    resolve_progress,
    resolve_reroll,
)
from tabletop_core.action_roll.character import AssetState
from tabletop_core.action_roll.datasworn import load

MINI = pathlib.Path(__file__).parents[2] / "docs" / "examples" / "mini-starforged.json"


@pytest.fixture(scope="module")
def mini():
    return load(MINI)


@pytest.fixture
def hero():
    return PlayerCharacter(Stats(edge=3, heart=2, iron=2, shadow=1, wits=1))


# -- the character ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kind", "rank", "outcome", "full", "ticks"),
    [
        (TrackKind.VOW, Rank.EPIC, Outcome.STRONG_HIT, False, 12),
        (TrackKind.VOW, Rank.EPIC, Outcome.WEAK_HIT, False, 8),
        (TrackKind.VOW, Rank.EPIC, Outcome.WEAK_HIT, True, 12),
        (TrackKind.VOW, Rank.TROUBLESOME, Outcome.WEAK_HIT, False, 0),
        (TrackKind.VOW, Rank.FORMIDABLE, Outcome.MISS, True, 0),
        (TrackKind.CONNECTION, Rank.DANGEROUS, Outcome.WEAK_HIT, False, 2),
        (TrackKind.EXPEDITION, Rank.FORMIDABLE, Outcome.WEAK_HIT, False, 2),
        (TrackKind.EXPEDITION, Rank.EXTREME, Outcome.STRONG_HIT, False, 8),
        (TrackKind.COMBAT, Rank.EPIC, Outcome.STRONG_HIT, False, 0),
        (TrackKind.SCENE_CHALLENGE, Rank.EPIC, Outcome.STRONG_HIT, False, 0),
    ],
)
def test_legacy_rewards(kind, rank, outcome, full, ticks):
    assert legacy_reward(kind, rank, outcome, full_reward=full) == ticks


def test_track_kinds_pay_into_their_legacy():
    assert [k.legacy for k in TrackKind] == [Legacy.QUESTS, Legacy.BONDS, Legacy.DISCOVERIES, None, None]
    assert TrackKind.parse("Scene Challenge") is TrackKind.SCENE_CHALLENGE
    with pytest.raises(InvalidInput, match="kind must be one of"):
        TrackKind.parse("duel")


def test_completing_challenges_marks_legacy(hero):
    hero = hero.add_challenge(TrackKind.EXPEDITION, "Rift", Rank.EXTREME).mark_progress("Rift", times=20)
    hero = hero.add_challenge(TrackKind.CONNECTION, "Ash", Rank.FORMIDABLE)
    track = hero.challenge("Rift").track
    assert track.score == 10
    missed = hero.complete("Rift", resolve_progress(progress_score=10, challenge_dice=(10, 10)))
    assert missed == hero  # a miss leaves the track to recommit or abandon
    done = hero.complete("Rift", resolve_progress(progress_score=10, challenge_dice=(10, 3)))
    assert (done.discoveries.ticks, [c.name for c in done.challenges]) == (4, ["Ash"])
    with pytest.raises(InvalidInput, match="progress score 10, got 4"):
        hero.complete("Rift", resolve_progress(progress_score=4, challenge_dice=(1, 1)))
    with pytest.raises(InvalidInput, match="no challenge named 'Nope'"):
        hero.complete("Nope", resolve_progress(progress_score=4, challenge_dice=(1, 1)))
    with pytest.raises(InvalidInput, match="already named 'Ash'"):
        hero.add_challenge(TrackKind.VOW, "Ash", Rank.EPIC)


def test_character_round_trips_through_json(hero, mini):
    hero = hero.add_asset(mini.asset("Skiff")).add_challenge(TrackKind.VOW, "Oath", Rank.EPIC)
    hero = attrs_evolve_sheet(hero)
    again = PlayerCharacter.from_json(hero.to_json())
    assert again == hero
    assert again.assets[0].meter("integrity").value == 2


def attrs_evolve_sheet(hero):
    return attrs.evolve(hero, sheet=hero.sheet.suffer(Meter.HEALTH, 2).mark_impact(Impact.SHAKEN))


def test_assets_on_the_character(hero, mini):
    hero = hero.add_asset(mini.asset("Clockwork Hound"))
    hound = hero.assets[0]
    assert (hound.abilities, str(hound)) == ((True, False), "Clockwork Hound (health 3/3)")
    hurt = hound.set_meter("health", 1)
    hero = hero.update_asset(hurt)
    assert hero.assets[0].meter("health").value == 1
    with pytest.raises(InvalidInput, match="value must be an int from 0 to 3"):
        hound.set_meter("health", 4)
    with pytest.raises(RuleError, match="already has Clockwork Hound"):
        hero.add_asset(mini.asset("Clockwork Hound"))
    with pytest.raises(InvalidInput, match="has no asset"):
        hero.update_asset(AssetState("x", "X"))


def test_stats_and_experience(hero):
    assert hero.stats["edge"] == 3
    assert hero.stats["WITS"] == 1
    with pytest.raises(InvalidInput, match="stat must be one of"):
        hero.stats["luck"]
    with pytest.raises(InvalidInput, match="edge must be an int from 0 to 10"):
        Stats(edge=11, heart=2, iron=2, shadow=1, wits=1)
    assert hero.experience == 0


# -- moves ------------------------------------------------------------------------------


def test_options_carry_the_characters_values(mini, hero):
    options = move_options(mini.move("Brace"), hero)
    assert [(o.label, o.value) for o in options] == [("highest of iron, health", 5)]
    hurt = attrs_evolve_sheet(hero)  # health 3
    assert move_options(mini.move("Brace"), hurt)[0].value == 3
    soothe = move_options(mini.move("Soothe the Hound"), hero)[0]
    assert soothe.value is None
    assert "no asset" in soothe.reason
    with_hound = hero.add_asset(mini.asset("Clockwork Hound"))
    assert move_options(mini.move("Soothe the Hound"), with_hound)[0].value == 3
    assert [str(o) for o in move_options(mini.move("Haggle"), hero)] == [
        "cheap (+3)",
        "costly (+1)",
        "automatic strong hit",
    ]


def test_make_an_action_move_with_adds_and_momentum(mini, hero):
    result = make_move(mini.move("Leap"), hero, option="iron", adds=1, rng=ScriptedDice([4, 3, 8]))
    assert result.action == resolve_action(action_die=4, challenge_dice=(3, 8), stat=2, adds=1, momentum=2)
    assert (result.outcome, result.is_match) == (Outcome.WEAK_HIT, False)
    assert str(result) == "Leap (+iron): Action 4 + 2 + 1 = 7 vs 3 · 8 -> weak hit. On a weak hit, you land badly."
    cancelled = attrs.evolve(hero, sheet=hero.sheet.lose_momentum(6))  # momentum -4
    result = make_move(mini.move("Leap"), cancelled, option=0, rng=ScriptedDice([4, 3, 8]))
    assert result.action.action_die_cancelled
    assert result.outcome is Outcome.MISS


def test_the_match_variant_of_an_outcome(mini, hero):
    result = make_move(mini.move("Leap"), hero, option="edge", rng=ScriptedDice([6, 2, 2]))
    assert (result.outcome, result.is_match) == (Outcome.STRONG_HIT, True)
    assert result.outcome_text.startswith("On a __strong hit__ with a match")


def test_automatic_outcomes(mini, hero):
    result = make_move(mini.move("Haggle"), hero, option=2)
    assert (result.automatic, result.outcome, result.roll) == (Outcome.STRONG_HIT, Outcome.STRONG_HIT, None)
    assert str(result) == "Haggle (automatic strong hit): automatic strong hit. On a strong hit, it is yours."
    granted = make_move(mini.move("Leap"), hero, automatic=Outcome.WEAK_HIT, rng=ScriptedDice([]))
    assert granted.outcome is Outcome.WEAK_HIT


def test_progress_and_legacy_moves(mini, hero):
    hero = hero.add_challenge(TrackKind.VOW, "Oath", Rank.FORMIDABLE).mark_progress("Oath", times=7)
    result = make_move(mini.move("Keep a Promise"), hero, rng=ScriptedDice([3, 9]))
    assert result.progress == resolve_progress(progress_score=7, challenge_dice=(3, 9))
    assert (
        str(result) == "Keep a Promise (progress track): Progress 7 vs 3 · 9 -> weak hit. "
        "On a weak hit, it is kept, but more is asked of you."
    )
    by_score = make_move(mini.move("Keep a Promise"), hero, track=2, rng=ScriptedDice([3, 9]))
    assert by_score.outcome is Outcome.MISS
    hero = attrs.evolve(hero, bonds=LegacyTrack(Legacy.BONDS, 20))
    legacy = make_move(mini.move("Look Back"), hero, rng=ScriptedDice([4, 6]))
    assert legacy.progress.progress_score == 5
    assert legacy.outcome is Outcome.WEAK_HIT
    with pytest.raises(RuleError, match="adds do not apply"):
        make_move(mini.move("Keep a Promise"), hero, adds=1, rng=ScriptedDice([3, 9]))


def test_move_errors(mini, hero):
    with pytest.raises(RuleError, match="without a roll"):
        make_move(mini.move("Pay a Toll"), hero)
    with pytest.raises(InvalidInput, match=r"option must name one of the options of Leap \(0: edge \(\+3\); 1: iron"):
        make_move(mini.move("Leap"), hero)
    with pytest.raises(InvalidInput, match="option 'wits' matches none"):
        make_move(mini.move("Leap"), hero, option="wits")
    with pytest.raises(RuleError, match="cannot be rolled by this character"):
        make_move(mini.move("Soothe the Hound"), hero, rng=ScriptedDice([1, 1, 1]))
    with pytest.raises(InvalidInput, match="track must name the track"):
        make_move(mini.move("Keep a Promise"), hero)
    with pytest.raises(TypeError, match="character must be a PlayerCharacter"):
        make_move(mini.move("Leap"), "hero")
    dice = ScriptedDice([4, 3])
    with pytest.raises(DiceExhausted):
        make_move(mini.move("Leap"), hero, option=0, rng=dice)
    assert dice.remaining == 2


def test_move_results_round_trip(mini, hero):
    result = make_move(mini.move("Leap"), hero, option=1, rng=5)
    assert MoveResult.from_json(result.to_json()) == result
    data = result.to_dict()
    data["outcome"] = "strong_hit" if result.outcome is not Outcome.STRONG_HIT else "miss"
    with pytest.raises(InvalidInput, match="outcome and is_match must follow the roll"):
        MoveResult.from_dict(data)


def test_move_odds_best_option_first(mini, hero):
    odds = move_odds(mini.move("Leap"), hero)
    assert [o.label for o, _ in odds] == ["edge", "iron"]
    assert odds[0][1] == action_odds(stat=3, momentum=2)
    haggle = move_odds(mini.move("Haggle"), hero)
    assert [o.label for o, _ in haggle] == ["automatic strong hit", "cheap", "costly"]
    burn = move_odds(mini.move("Leap"), hero, burn=True)
    assert burn[1][1] == action_odds(stat=2, momentum=2, burn=True)
    hero = hero.add_challenge(TrackKind.VOW, "Oath", Rank.EPIC)
    ((_, progress),) = move_odds(mini.move("Keep a Promise"), hero)
    assert progress == progress_odds(0)


# -- changing a roll --------------------------------------------------------------------


def test_reroll_keeps_the_first_faces():
    first = resolve_action(action_die=2, challenge_dice=(9, 4), stat=2)
    change = reroll(first, ["challenge_1", "action"], rng=ScriptedDice([5, 3]))
    assert change.rerolled == ("action", "challenge_1")  # drawn in rolling order
    assert (change.before, change.after.action_die, change.after.challenge_dice) == (first, 5, (3, 4))
    assert (change.outcome, change.improved) == (Outcome.STRONG_HIT, True)
    assert str(change) == "rerolled action 2 -> 5, challenge_1 9 -> 3: Action 5 + 2 = 7 vs 3 · 4 -> strong hit"
    assert RollChange.from_json(change.to_json()) == change


def test_adds_after_the_roll_then_burn():
    first = resolve_action(action_die=1, challenge_dice=(5, 8), stat=2, momentum=7)
    change = add_after(first, 2)
    assert (change.after.adds, change.after.action_score, change.outcome) == (2, 5, Outcome.MISS)
    assert burn_would_improve(change.after, 7)
    burned, after = burn_momentum(change.after, Momentum(7))
    assert (burned.outcome, after.value) == (Outcome.WEAK_HIT, 2)
    with pytest.raises(RuleError, match="before momentum is burned"):
        add_after(burned, 1)
    with pytest.raises(RuleError, match="before momentum is burned"):
        reroll(burned, "action", rng=ScriptedDice([1]))


def test_negative_momentum_cancels_a_rerolled_action_die():
    first = resolve_action(action_die=2, challenge_dice=(1, 1), stat=1, momentum=-3)
    change = resolve_reroll(first, action_die=3)
    assert change.after.action_die_cancelled
    assert change.after.action_score == 1


@pytest.mark.parametrize(
    ("call", "error", "message"),
    [
        (lambda r: reroll(r, [], rng=1), InvalidInput, "at least one die"),
        (lambda r: reroll(r, ["action", "action"], rng=1), InvalidInput, "at most once"),
        (lambda r: reroll(r, ["d6"], rng=1), InvalidInput, r"dice\[0\] must be one of action"),
        (lambda r: reroll(r, 6, rng=1), TypeError, "dice must be die names"),
        (lambda r: resolve_reroll(r), InvalidInput, "at least one rerolled die"),
        (lambda r: resolve_reroll(r, challenge_2=11), InvalidInput, "challenge_2 must be an int from 1 to 10"),
        (lambda r: add_after(r, 0), InvalidInput, "adds must be an int from 1 to 10"),
        (lambda r: add_after(r, 10), InvalidInput, "at most 10"),
        (lambda r: add_after("r", 1), TypeError, "result must be a ActionResult"),
    ],
)
def test_change_errors(call, error, message):
    first = resolve_action(action_die=2, challenge_dice=(9, 4), stat=2, adds=1)
    with pytest.raises(error, match=message):
        call(first)


def test_tampered_changes_are_refused():
    change = resolve_reroll(resolve_action(action_die=2, challenge_dice=(9, 4), stat=2), challenge_1=3)
    data = change.to_dict()
    data["rerolled"] = ["challenge_2"]
    with pytest.raises(InvalidInput, match="must keep their faces"):
        RollChange.from_dict(data)


def test_a_failed_reroll_consumes_no_dice():
    dice = ScriptedDice([4])
    with pytest.raises(DiceExhausted):
        reroll(resolve_action(action_die=2, challenge_dice=(9, 4), stat=2), ["action", "challenge_2"], rng=dice)
    assert dice.remaining == 1


def _brute_force(stat, adds, momentum, reroll_policy, add_policy, burn):
    counts = {}
    for die, first, second in itertools.product(range(1, 7), range(1, 11), range(1, 11)):
        start = resolve_action(action_die=die, challenge_dice=(first, second), stat=stat, adds=adds, momentum=momentum)
        names = list(reroll_policy(start)) if reroll_policy else []
        sides = {"action": range(1, 7), "challenge_1": range(1, 11), "challenge_2": range(1, 11)}
        ends = []
        if names:
            for faces in itertools.product(*(sides[n] for n in sorted(names, key=list(sides).index))):
                given = dict(zip(sorted(names, key=list(sides).index), faces, strict=False))
                ends.append(
                    resolve_reroll(
                        start,
                        action_die=given.get("action"),
                        challenge_1=given.get("challenge_1"),
                        challenge_2=given.get("challenge_2"),
                    ).after
                )
        else:
            ends = [start]
        for end in ends:
            extra = add_policy(end) if add_policy else 0
            if extra:
                end = add_after(end, extra).after
            if burn and burn_would_improve(end, momentum):
                end = burn_momentum(end, Momentum(momentum))[0]
            counts[end.outcome] = counts.get(end.outcome, 0) + Fraction(1, 600 * len(ends))
    return counts


def _reroll_tens(result):
    return [n for n, d in zip(("challenge_1", "challenge_2"), result.challenge_dice, strict=False) if d == 10]


def _reroll_action_on_miss(result):
    return ["action"] if result.outcome is Outcome.MISS else []


def _add_one_on_weak_hit(result):
    return 1 if result.outcome is Outcome.WEAK_HIT else 0


@settings(max_examples=25, deadline=None)
@given(
    stat=st.integers(0, 4),
    momentum=st.integers(-6, 10),
    reroll_policy=st.sampled_from([None, _reroll_tens, _reroll_action_on_miss]),
    add_policy=st.sampled_from([None, _add_one_on_weak_hit]),
    burn=st.booleans(),
)
def test_change_odds_match_brute_force(stat, momentum, reroll_policy, add_policy, burn):
    odds = change_odds(stat=stat, momentum=momentum, reroll=reroll_policy, add_after=add_policy, burn=burn)
    assert dict(odds.items()) == {
        k: v for k, v in _brute_force(stat, 0, momentum, reroll_policy, add_policy, burn).items() if v
    }


def test_change_odds_without_changes_is_the_action_odds():
    assert change_odds(stat=2, momentum=5, burn=True) == action_odds(stat=2, momentum=5, burn=True)
    assert str(change_odds(stat=2, reroll=_reroll_tens).probability(Outcome.MISS)) == "17419/60000"


def test_results_of_moves_are_json(mini, hero):
    result = make_move(mini.move("Brace"), hero, rng=3)
    data = json.loads(result.to_json())
    assert data["option"] == "highest of iron, health"
    assert ActionResult.from_dict(data["action"]) == result.action


def test_with_action_rejudges_the_move(mini, hero):
    result = make_move(mini.move("Leap"), hero, option="iron", rng=ScriptedDice([1, 9, 9]))
    change = reroll(result.action, ["challenge_1", "challenge_2"], rng=ScriptedDice([1, 2]))
    again = result.with_action(change.after, mini.move("Leap"))
    assert (result.outcome, again.outcome) == (Outcome.MISS, Outcome.STRONG_HIT)
    assert again.outcome_text == "On a __strong hit__, you land it. Take +1 momentum."
    with pytest.raises(InvalidInput, match="move must be"):
        result.with_action(change.after, mini.move("Brace"))


def test_track_argument_kinds(mini, hero):
    track = ProgressTrack(Rank.EPIC, ticks=12)
    assert (
        make_move(mini.move("Keep a Promise"), hero, track=track, rng=ScriptedDice([1, 5])).progress.progress_score == 3
    )


def test_recommit_clears_the_lowest_die_in_boxes_and_raises_the_rank(hero):
    hero = hero.add_challenge(TrackKind.VOW, "Oath", Rank.EXTREME).mark_progress("Oath", times=10)  # 20 ticks
    again, dice = hero.recommit("Oath", rng=ScriptedDice([9, 3]))
    track = again.challenge("Oath").track
    assert (dice, track.ticks, track.rank) == ((9, 3), 8, Rank.EPIC)
    epic, _ = again.recommit("Oath", challenge_dice=(10, 10))
    assert (epic.challenge("Oath").track.ticks, epic.challenge("Oath").track.rank) == (0, Rank.EPIC)
    dice_left = ScriptedDice([4])
    with pytest.raises(DiceExhausted):
        hero.recommit("Oath", rng=dice_left)
    assert dice_left.remaining == 1
    with pytest.raises(InvalidInput, match="challenge_dice"):
        hero.recommit("Oath", challenge_dice=(0, 3))
