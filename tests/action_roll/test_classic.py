"""Ironsworn (Classic): debilities, momentum, experience, bonds, the failure track, progress kinds, the oracle.

Each rule's test quotes the Ironsworn rulebook's words (as the Datasworn Classic data
gives its moves); see docs/classic.md for the sources and readings.
"""

import itertools
from fractions import Fraction

import attrs
import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from tabletop_core import ScriptedDice
from tabletop_core.action_roll import (
    Meter,
    Momentum,
    Odds,
    Outcome,
    ProgressTrack,
    Rank,
    Stats,
    action_odds,
    burn_momentum,
    resolve_action,
    resolve_oracle,
    resolve_progress,
)
from tabletop_core.action_roll.classic import (
    ADVANCE_NEW_ASSET,
    ADVANCE_UPGRADE,
    Bonds,
    ClassicCharacter,
    ClassicOracleAnswer,
    ClassicTrackKind,
    Debilities,
    Debility,
    DebilityGroup,
    Experience,
    FailureTrack,
    ask_the_oracle_classic,
    classic_move_odds,
    classic_oracle_odds,
    classic_reward,
    continue_after_miss,
    failure_reward,
    make_classic_move,
    resolve_classic_oracle,
    reward_odds,
    simulate_rewards,
    vow_experience,
    yes_from,
)
from tabletop_core.action_roll.datasworn import Move, load
from tabletop_core.action_roll.next_move import NextMoveAdd, next_move_add
from tabletop_core.errors import InvalidInput, RuleError

HERO = ClassicCharacter(Stats(edge=3, heart=2, iron=2, shadow=1, wits=1))


@pytest.fixture(scope="module")
def classic():
    from pathlib import Path

    examples = Path(__file__).resolve().parents[2] / "docs" / "examples"
    return load(examples / "mini-classic.json", examples / "mini-delve.json")


# -- debilities ---------------------------------------------------------------------------


def test_the_eight_debilities_in_their_groups():
    """Conditions (wounded, shaken, unprepared, encumbered), banes (maimed, corrupted), burdens (cursed, tormented)."""
    groups = {group: [d.value for d in Debility if d.group is group] for group in DebilityGroup}
    assert groups == {
        DebilityGroup.CONDITION: ["wounded", "shaken", "unprepared", "encumbered"],
        DebilityGroup.BANE: ["maimed", "corrupted"],
        DebilityGroup.BURDEN: ["cursed", "tormented"],
    }


def test_wounded_shaken_and_unprepared_block_their_meter():
    """ "If you are wounded, shaken, or unprepared, you cannot increase the associated track.\""""
    assert {d: d.blocks for d in Debility if d.blocks} == {
        Debility.WOUNDED: Meter.HEALTH,
        Debility.SHAKEN: Meter.SPIRIT,
        Debility.UNPREPARED: Meter.SUPPLY,
    }
    wounded = HERO.suffer("health", 3).mark_debility("wounded")
    with pytest.raises(RuleError, match="health cannot be raised while wounded is marked"):
        wounded.recover(Meter.HEALTH, 1)
    assert wounded.recover("spirit", 1).spirit.value == 5
    assert wounded.clear_debility("wounded").recover("health", 2).health.value == 4
    assert Debility.UNPREPARED.is_shared
    assert not Debility.WOUNDED.is_shared


@pytest.mark.parametrize(("count", "max_momentum", "reset"), [(0, 10, 2), (1, 9, 1), (2, 8, 0), (5, 5, 0), (8, 2, 0)])
def test_each_debility_lowers_max_momentum_and_the_reset(count, max_momentum, reset):
    """Each debility: max momentum -1; reset +2, "+1 with one debility marked", 0 with more than one."""
    marked = Debilities(list(Debility)[:count])
    assert (marked.max_momentum, marked.momentum_reset) == (max_momentum, reset)
    hero = HERO
    for debility in list(Debility)[:count]:
        hero = hero.mark_debility(debility)
    assert (hero.max_momentum, hero.momentum_reset, hero.momentum.max_value) == (max_momentum, reset, max_momentum)


def test_momentum_above_the_new_max_drops_to_it():
    hero = HERO.gain_momentum(8)  # +10
    assert hero.momentum.value == 10
    assert hero.mark_debility("maimed").momentum.value == 9


def test_banes_are_permanent_and_burdens_clear_only_with_their_quest():
    """ "Banes are permanent"; burdens: "clearing a burden can only be accomplished by resolving the quest\"."""
    hero = HERO.mark_debility("maimed").mark_debility("cursed")
    with pytest.raises(RuleError, match="maimed is a bane: it is permanent"):
        hero.clear_debility("maimed")
    with pytest.raises(RuleError, match="cursed is a burden"):
        hero.clear_debility("cursed")
    assert hero.resolve_burden("cursed").debilities.marked == (Debility.MAIMED,)
    with pytest.raises(RuleError, match="maimed is not a burden"):
        hero.resolve_burden("maimed")
    with pytest.raises(RuleError, match="maimed is already marked"):
        hero.mark_debility(Debility.MAIMED)
    with pytest.raises(InvalidInput, match="debility must be one of"):
        hero.mark_debility("bruised")


def test_the_rules_section_of_the_data_agrees(classic):
    """The Datasworn Classic rules section lists the same debilities, blocks and permanence."""
    from_data = {i.key: (i.prevents_recovery, i.permanent, i.shared) for i in classic.rules.impacts}
    mine = {d.value: ((d.blocks.value,) if d.blocks else (), d.is_permanent, d.is_shared) for d in Debility}
    assert from_data == mine


@given(st.sets(st.sampled_from(list(Debility))))
def test_a_character_counts_every_debility_marked(marked):
    hero = HERO
    for debility in sorted(marked, key=list(Debility).index):
        hero = hero.mark_debility(debility)
    assert hero.momentum.impacts == len(marked) == hero.debilities.count
    assert type(hero).from_json(hero.to_json()) == hero


# -- momentum: burning is the same rule -------------------------------------------------------


def test_burning_cancels_the_challenge_dice_below_momentum():
    """Classic: when you burn momentum, "cancel any challenge dice whose values are less than your momentum".

    Brute force over every action die, pair of challenge dice, stat and positive momentum:
    the outcome of cancelling is the outcome the shared burn gives (the score replaced by momentum).
    """
    for momentum in range(1, 11):
        for action, first, second, stat in itertools.product(range(1, 7), range(1, 11), range(1, 11), (0, 2)):
            cancelled = (first < momentum) + (second < momentum)
            classic = [Outcome.MISS, Outcome.WEAK_HIT, Outcome.STRONG_HIT][cancelled]
            result = resolve_action(action_die=action, challenge_dice=(first, second), stat=stat, momentum=momentum)
            burned, after = burn_momentum(result, Momentum(momentum))
            assert burned.outcome is classic
            assert after.value == 2


# -- experience -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rank", "strong", "weak"),
    [
        (Rank.TROUBLESOME, 1, 0),
        (Rank.DANGEROUS, 2, 1),
        (Rank.FORMIDABLE, 3, 2),
        (Rank.EXTREME, 4, 3),
        (Rank.EPIC, 5, 4),
    ],
)
def test_fulfill_your_vow_marks_experience_by_rank(rank, strong, weak):
    """Strong hit: "Mark experience (troublesome=1; dangerous=2; formidable=3; extreme=4; epic=5)".

    Weak hit: "mark experience (troublesome=0; dangerous=1; formidable=2; extreme=3; epic=4)".
    """
    assert vow_experience(rank, Outcome.STRONG_HIT) == strong
    assert vow_experience(rank, Outcome.WEAK_HIT) == weak
    assert vow_experience(rank, Outcome.MISS) == 0
    for kind in (ClassicTrackKind.JOURNEY, ClassicTrackKind.COMBAT, ClassicTrackKind.DELVE):
        assert classic_reward(kind, rank, Outcome.STRONG_HIT) == 0


def test_completing_a_vow_marks_experience_and_ends_the_track():
    hero = HERO.add_challenge(ClassicTrackKind.VOW, "Oath", Rank.EXTREME).mark_progress("Oath", times=20)
    assert hero.challenge("Oath").track.score == 10
    done = hero.complete("Oath", resolve_progress(progress_score=10, challenge_dice=(3, 10)))
    assert (done.experience.earned, done.challenges) == (3, ())
    assert hero.complete("Oath", resolve_progress(progress_score=10, challenge_dice=(10, 10))) == hero
    with pytest.raises(InvalidInput, match="progress score 10"):
        hero.complete("Oath", resolve_progress(progress_score=3, challenge_dice=(1, 1)))


def test_a_journey_or_fight_gives_no_experience():
    hero = HERO.add_challenge(ClassicTrackKind.JOURNEY, "North", Rank.TROUBLESOME).mark_progress("North", times=2)
    done = hero.complete("North", resolve_progress(progress_score=6, challenge_dice=(1, 2)))
    assert (done.experience.earned, done.challenges) == (0, ())


def test_on_a_miss_the_quest_goes_on_with_one_box_and_a_higher_rank():
    """ "Clear all but one filled progress, and raise the quest's rank by one (if not already epic).\""""
    track = ProgressTrack(Rank.DANGEROUS, ticks=27)
    assert (continue_after_miss(track).rank, continue_after_miss(track).ticks) == (Rank.FORMIDABLE, 4)
    assert continue_after_miss(ProgressTrack(Rank.EPIC, ticks=3)).ticks == 0
    assert continue_after_miss(ProgressTrack(Rank.EPIC, ticks=40)).rank is Rank.EPIC
    hero = HERO.add_challenge(ClassicTrackKind.VOW, "Oath", Rank.TROUBLESOME).mark_progress("Oath", times=2)
    assert hero.continue_after_miss("Oath").challenge("Oath").track == ProgressTrack(Rank.DANGEROUS, 4, "Oath")


def test_forsaking_a_vow_costs_spirit_by_rank():
    """ "You suffer -spirit equal to the rank of your quest (troublesome=1; ...; epic=5).\""""
    hero = HERO.add_challenge(ClassicTrackKind.VOW, "Oath", Rank.FORMIDABLE)
    assert hero.forsake_vow("Oath").spirit.value == 2
    with pytest.raises(InvalidInput, match="not a vow"):
        HERO.add_challenge(ClassicTrackKind.COMBAT, "Fight", Rank.EPIC).forsake_vow("Fight")


def test_advance_spends_three_for_an_asset_and_two_for_an_upgrade():
    """ "Spend 3 experience to add a new asset, or 2 experience to upgrade an asset.\""""
    assert (ADVANCE_NEW_ASSET, ADVANCE_UPGRADE) == (3, 2)
    hero = HERO.earn_experience(5).advance(new_asset=True).advance(new_asset=False)
    assert (hero.experience.earned, hero.experience.spent, hero.experience.available) == (5, 5, 0)
    with pytest.raises(RuleError, match="needs 2 available, there are 0"):
        hero.advance(new_asset=False)


def test_experience_has_no_cap_unless_a_limit_is_given():
    assert Experience().earn(100).earned == 100
    assert Experience(limit=30).earn(40).earned == 30
    with pytest.raises(InvalidInput, match="spent must be at most earned"):
        Experience(earned=2, spent=3)


@given(st.lists(st.integers(0, 6), max_size=20), st.lists(st.integers(0, 6), max_size=20))
def test_experience_available_is_never_negative(earned, spent):
    experience = Experience()
    for n in earned:
        experience = experience.earn(n)
    for n in spent:
        if n <= experience.available:
            experience = experience.spend(n)
        else:
            with pytest.raises(RuleError):
                experience.spend(n)
    assert experience.available == experience.earned - experience.spent >= 0


# -- bonds and the failure track ---------------------------------------------------------------


def test_forging_a_bond_marks_a_tick_on_the_bonds_track():
    """Forge a Bond: "make note of the bond, mark a tick on your bond progress track\"."""
    hero = HERO
    for name in ("Kira", "Arn", "Ona", "Finn", "Ysa"):
        hero = hero.forge_bond(name)
    assert (hero.bonds.ticks, hero.bonds.score, hero.bonds.names) == (5, 1, ("Kira", "Arn", "Ona", "Finn", "Ysa"))
    assert hero.clear_bond("Arn").bonds == Bonds(4, ("Kira", "Ona", "Finn", "Ysa"))
    assert hero.clear_bond("Arn", keep_tick=True).bonds.ticks == 5
    with pytest.raises(RuleError, match="already noted"):
        hero.forge_bond("Kira")
    with pytest.raises(RuleError, match="no bond with 'Bo'"):
        hero.clear_bond("Bo")


def test_the_failure_track_marks_a_tick_per_miss_and_two_on_a_progress_move():
    """Mark Your Failure: "mark a tick on your failure track ... a progress move, mark two ticks\"."""
    track = FailureTrack().mark_failure().mark_failure(progress_move=True)
    assert track.ticks == 3
    assert not track.is_ready
    assert FailureTrack(24).is_ready
    assert not FailureTrack(23).is_ready


@pytest.mark.parametrize(("outcome", "xp"), [(Outcome.STRONG_HIT, 3), (Outcome.WEAK_HIT, 2), (Outcome.MISS, 1)])
def test_learn_from_your_failures_pays_three_two_or_one_and_clears(outcome, xp):
    """ "Take 3 experience and clear all progress" / "Take 2 experience..." / "Take 1 experience...\"."""
    assert failure_reward(outcome) == xp
    hero = attrs.evolve(HERO, failure=FailureTrack(28))
    dice = {Outcome.STRONG_HIT: (1, 2), Outcome.WEAK_HIT: (1, 9), Outcome.MISS: (8, 9)}[outcome]
    learned = hero.learn_from_failures(resolve_progress(progress_score=7, challenge_dice=dice))
    assert (learned.experience.earned, learned.failure.ticks) == (xp, 0)
    with pytest.raises(RuleError, match="failure track of \\+6 or greater, it is 0"):
        HERO.learn_from_failures(resolve_progress(progress_score=0, challenge_dice=dice))


# -- Ask the Oracle ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("odds", "first_yes"),
    [
        (Odds.ALMOST_CERTAIN, 11),
        (Odds.LIKELY, 26),
        (Odds.FIFTY_FIFTY, 51),
        (Odds.UNLIKELY, 76),
        (Odds.SMALL_CHANCE, 91),
    ],
)
def test_the_classic_oracle_says_yes_on_a_roll_at_or_over(odds, first_yes):
    """ "The answer is 'yes' if you roll": 11, 26, 51, 76 or 91 "or greater\"."""
    assert yes_from(odds) == first_yes
    assert resolve_classic_oracle(odds=odds, roll=first_yes).answer
    assert not resolve_classic_oracle(odds=odds, roll=first_yes - 1).answer
    assert classic_oracle_odds(odds).probability(lambda a: a[0]) == resolve_oracle_probability(odds)


def resolve_oracle_probability(odds):
    return sum(Fraction(1, 100) for roll in range(1, 101) if resolve_oracle(odds=odds, roll=roll).answer)


def test_the_data_tables_agree_with_the_classic_oracle(classic):
    table = classic.table("miniclassic/oracles/moves/ask_the_oracle/likely")
    for roll in range(1, 101):
        assert (table.row_for(roll).text == "Yes") is resolve_classic_oracle(odds=Odds.LIKELY, roll=roll).answer


def test_a_classic_match_and_its_record():
    """ "On a match, an extreme result or twist has occurred.\""""
    answer = ask_the_oracle_classic(Odds.UNLIKELY, rng=ScriptedDice([88]))
    assert (
        str(answer) == "Ask the Oracle (unlikely, yes on 76 or greater): 88 -> yes (match: an extreme result or twist)"
    )
    assert ClassicOracleAnswer.from_json(answer.to_json()) == answer
    tampered = answer.to_dict() | {"answer": False}
    with pytest.raises(InvalidInput, match="Classic rule"):
        ClassicOracleAnswer.from_dict(tampered)


# -- moves ---------------------------------------------------------------------------------------


def test_an_action_move_rolls_the_shared_action_roll(classic):
    result = make_classic_move(classic.move("Face Danger"), HERO, option="edge", rng=ScriptedDice([4, 3, 8]))
    assert str(result.action) == "Action 4 + 3 = 7 vs 3 · 8 -> weak hit"


def test_a_progress_move_rolls_against_the_track_of_its_kind(classic):
    hero = HERO.add_challenge(ClassicTrackKind.VOW, "Oath", Rank.DANGEROUS).mark_progress("Oath", times=3)
    hero = hero.add_challenge(ClassicTrackKind.JOURNEY, "North", Rank.DANGEROUS)
    vow = make_classic_move(classic.move("Fulfill Your Vow"), hero, rng=ScriptedDice([5, 7]))
    assert str(vow.progress) == "Progress 6 vs 5 · 7 -> weak hit"
    assert vow.outcome_text == "On a __weak hit__, you do it, at a cost."
    journey = make_classic_move(classic.move("Reach Your Destination"), hero, rng=ScriptedDice([1, 1]))
    assert journey.progress.progress_score == 0
    site = make_classic_move(classic.move("Locate Your Objective"), hero, track="Oath", rng=ScriptedDice([5, 7]))
    assert site.progress.progress_score == 6
    with pytest.raises(InvalidInput, match="challenges of its kind: none"):
        make_classic_move(classic.move("Locate Your Objective"), hero, rng=ScriptedDice([5, 7]))


def test_write_your_epilogue_rolls_against_the_bonds(classic):
    """ "Roll the challenge dice and compare to your bonds.\""""
    hero = HERO
    for name in "ABCDEFGHIJKL":
        hero = hero.forge_bond(name)
    result = make_classic_move(classic.move("Write Your Epilogue"), hero, rng=ScriptedDice([2, 4]))
    assert str(result.progress) == "Progress 3 vs 2 · 4 -> weak hit"
    with pytest.raises(InvalidInput, match="rolls the bonds track"):
        make_classic_move(classic.move("Write Your Epilogue"), hero, track=3)


def test_learn_from_your_failures_needs_the_track_at_six(classic):
    move = classic.move("Learn From Your Failures")
    with pytest.raises(RuleError, match="failure track of \\+6 or greater"):
        make_classic_move(move, HERO)
    ready = attrs.evolve(HERO, failure=FailureTrack(26))
    assert make_classic_move(move, ready, rng=ScriptedDice([1, 2])).outcome is Outcome.STRONG_HIT


# -- a one-shot add for the next move ------------------------------------------------------


def test_find_an_opportunity_holds_plus_one_for_the_next_move_and_momentum_on_a_hit(classic):
    """Find an Opportunity: "Take action now: ... make a move (not a progress move) which leverages the
    opportunity. When you do, add +1 and take +1 momentum on a hit." The next action roll takes the +1
    (7 vs 3 · 7 is a weak hit, 8 a strong hit), and once made the add is spent and the momentum taken."""
    add = next_move_add(classic.move("Find an Opportunity"))
    assert add == NextMoveAdd(1, "Find an Opportunity", momentum_on_hit=1)
    hero = ClassicCharacter(Stats(3, 2, 2, 1, 1)).hold_next_move_add(add)
    result = make_classic_move(classic.move("Face Danger"), hero, option="edge", rng=ScriptedDice([4, 3, 7]))
    assert (result.action.adds, result.action.action_score, result.outcome) == (1, 8, Outcome.STRONG_HIT)
    after = hero.after_move(result)
    assert (after.next_move, after.momentum.value) == (None, 3)
    again = make_classic_move(classic.move("Face Danger"), after, option="edge", rng=ScriptedDice([4, 3, 7]))
    assert (again.action.adds, again.outcome) == (0, Outcome.WEAK_HIT)  # taken once


def test_a_miss_spends_the_add_without_the_momentum(classic):
    hero = ClassicCharacter(Stats(3, 2, 2, 1, 1)).hold_next_move_add(NextMoveAdd(1, "x", momentum_on_hit=1))
    miss = make_classic_move(classic.move("Face Danger"), hero, option="edge", rng=ScriptedDice([1, 9, 9]))
    assert miss.outcome is Outcome.MISS
    assert (hero.after_move(miss).next_move, hero.after_move(miss).momentum.value) == (None, 2)


def test_a_progress_move_does_not_take_the_add(classic):
    """ "Make another move now (not a progress move), and add +1" (Reach Your Destination's strong hit)."""
    add = next_move_add(classic.move("Reach Your Destination"), Outcome.STRONG_HIT)
    assert add == NextMoveAdd(1, "Reach Your Destination")
    assert next_move_add(classic.move("Reach Your Destination"), Outcome.WEAK_HIT) is None
    hero = ClassicCharacter(Stats(3, 2, 2, 1, 1)).add_challenge(ClassicTrackKind.VOW, "Oath", Rank.EPIC)
    hero = hero.hold_next_move_add(add)
    vow = make_classic_move(classic.move("Fulfill Your Vow"), hero, rng=ScriptedDice([1, 1]))
    assert hero.after_move(vow).next_move == add
    assert [str(o.label) for o, _ in classic_move_odds(classic.move("Face Danger"), hero)][:1] == ["edge"]
    held, plain = (classic_move_odds(classic.move("Face Danger"), h)[0][1] for h in (hero, hero.drop_next_move_add()))
    assert held == action_odds(stat=3, adds=1)
    assert plain == action_odds(stat=3)


def test_an_add_for_one_move_waits_for_that_move(classic):
    """Fulfill Your Vow's weak hit: "You may Swear an Iron Vow to set things right. If you do, add +1"."""
    vow = Move.from_datasworn(
        {"_id": "c/moves/quest/fulfill_your_vow", "name": "Fulfill Your Vow", "roll_type": "no_roll",
         "trigger": {"text": "When you fulfill your vow..."},
         "text": "On a __weak hit__, there is more to be done. You may [Swear an Iron Vow](id:c/moves/quest/swear)"
                 " to set things right. If you do, add +1."}
    )  # fmt: skip
    add = next_move_add(vow)
    assert add == NextMoveAdd(1, "Fulfill Your Vow", move="Swear an Iron Vow")
    swear = Move.from_datasworn(
        {"_id": "c/moves/quest/swear", "name": "Swear an Iron Vow", "roll_type": "action_roll", "trigger":
         {"conditions": [{"method": "player_choice", "roll_options": [{"using": "stat", "stat": "heart"}]}]}}
    )  # fmt: skip
    hero = ClassicCharacter(Stats(3, 2, 2, 1, 1)).hold_next_move_add(add)
    other = make_classic_move(classic.move("Face Danger"), hero, option="edge", rng=ScriptedDice([4, 3, 7]))
    assert other.action.adds == 0
    assert hero.after_move(other).next_move == add
    sworn = make_classic_move(swear, hero, rng=ScriptedDice([4, 3, 7]))
    assert sworn.action.adds == 1
    assert hero.after_move(sworn).next_move is None


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Take control: Make another move now (not a progress move), and add +1.", NextMoveAdd(1, "M")),
        ("* Add +2 on your next move (not a progress move)", NextMoveAdd(2, "M")),
        ("When you do, add +1 and take +1 momentum on a hit.", NextMoveAdd(1, "M", momentum_on_hit=1)),
        ("If you use this exchange to [Gather Information](id:x), make that move now and add +1.",
         NextMoveAdd(1, "M", move="Gather Information")),
        ("Whenever your connection aids you on a move, add +1 and take +1 momentum on a hit.", None),
        ("Take +2 momentum.", None),
    ],
)  # fmt: skip
def test_the_one_shot_adds_a_move_text_gives(text, expected):
    """Standing bonuses ("whenever your connection aids you") are not one-shot adds."""
    move = Move.from_datasworn(
        {"_id": "x/moves/m", "name": "M", "roll_type": "no_roll", "trigger": {"text": "When..."}, "text": text}
    )
    assert next_move_add(move) == expected


def test_one_add_is_held_at_a_time_and_saves_with_the_character():
    hero = ClassicCharacter(Stats(3, 2, 2, 1, 1)).hold_next_move_add(NextMoveAdd(1, "Find an Opportunity"))
    with pytest.raises(RuleError, match="held already"):
        hero.hold_next_move_add(NextMoveAdd(1, "Secure an Advantage"))
    assert ClassicCharacter.from_json(hero.to_json()) == hero
    assert str(hero).endswith("held: +1 on the next move (not a progress move) (Find an Opportunity)")
    with pytest.raises(InvalidInput):
        NextMoveAdd(0)
    with pytest.raises(TypeError):
        hero.hold_next_move_add(1)


def test_classic_move_odds_are_the_shared_odds(classic):
    hero = HERO.add_challenge(ClassicTrackKind.VOW, "Oath", Rank.FORMIDABLE).mark_progress("Oath", times=5)
    (_option, odds), *_ = classic_move_odds(classic.move("Fulfill Your Vow"), hero)
    assert odds.probability(Outcome.STRONG_HIT) == Fraction(16, 100)
    best = classic_move_odds(classic.move("Face Danger"), HERO)[0]
    assert best[0].label == "edge"
    assert best[1].probability(Outcome.MISS) == Fraction(139, 600)  # stat +3: the same 139/600 as Starforged


def test_the_rolls_view_carries_stats_meters_momentum_and_assets(classic):
    hero = HERO.add_asset(classic.asset("Hawk")).lose_momentum(5).suffer("supply", 2)
    view = hero.for_rolls()
    assert (view.stats, view.momentum.value, view.party.supply.value, [a.name for a in view.assets]) == (
        HERO.stats,
        -3,
        3,
        ["Hawk"],
    )


# -- exact odds and batches ------------------------------------------------------------------------


@pytest.mark.parametrize("score", range(11))
@pytest.mark.parametrize("rank", list(Rank))
def test_reward_odds_against_brute_force(rank, score):
    expected: dict[int, Fraction] = {}
    for first, second in itertools.product(range(1, 11), repeat=2):
        xp = vow_experience(rank, resolve_progress(progress_score=score, challenge_dice=(first, second)).outcome)
        expected[xp] = expected.get(xp, Fraction(0)) + Fraction(1, 100)
    assert dict(reward_odds(ClassicTrackKind.VOW, rank, progress_score=score).items()) == expected


def test_the_reward_batch_is_the_pure_rule_die_for_die():
    batch = simulate_rewards(2000, ClassicTrackKind.VOW, Rank.EPIC, progress_score=6, rng=7)
    for index in range(len(batch)):
        first, second = (int(v) for v in batch.challenge_dice[index])
        outcome = resolve_progress(progress_score=6, challenge_dice=(first, second)).outcome
        assert int(batch.experience[index]) == vow_experience(Rank.EPIC, outcome)
        assert batch.outcome(index) == vow_experience(Rank.EPIC, outcome)
    assert batch.labels == (0, 4, 5)
    exact = reward_odds(ClassicTrackKind.VOW, Rank.EPIC, progress_score=6)
    for xp, count in batch.counts().items():
        assert abs(count / len(batch) - float(exact.probability(xp))) < 0.05


def test_the_reward_batch_shares_follow_the_exact_odds():
    from scipy.stats import chisquare

    batch = simulate_rewards(50_000, ClassicTrackKind.VOW, Rank.DANGEROUS, progress_score=4, rng=11)
    exact = reward_odds(ClassicTrackKind.VOW, Rank.DANGEROUS, progress_score=4)
    observed = [batch.counts()[xp] for xp in batch.labels]
    expected = [float(exact.probability(xp)) * len(batch) for xp in batch.labels]
    assert chisquare(observed, expected).pvalue > 0.001
    assert np.all(batch.experience >= 0)


def test_bad_arguments_are_refused():
    with pytest.raises(TypeError, match="kind"):
        classic_reward("vow", Rank.EPIC, Outcome.MISS)
    with pytest.raises(InvalidInput, match="progress_score"):
        simulate_rewards(10, ClassicTrackKind.VOW, Rank.EPIC, progress_score=11)
    with pytest.raises(InvalidInput, match="kind must be one of"):
        ClassicTrackKind.parse("quest")
    with pytest.raises(InvalidInput, match="momentum must count"):
        ClassicCharacter(Stats(1, 1, 1, 1, 1), momentum=Momentum(2, impacts=1))
    with pytest.raises(InvalidInput, match="health must be a health meter"):
        attrs.evolve(HERO, health=HERO.spirit)
