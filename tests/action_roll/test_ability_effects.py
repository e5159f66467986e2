"""Asset abilities read by their structure and applied: adds, rerolls, conditional rerolls, counted outcomes, resets.

Texts here are invented in the shape of the Starforged abilities (the real ones are read in
test_datasworn_real.py, which also checks the docs table of every ability).
"""

import json
import pathlib
from fractions import Fraction

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from tabletop_core import InvalidInput, RuleError, ScriptedDice
from tabletop_core.action_roll import (
    Momentum,
    MoveResult,
    Outcome,
    PlayerCharacter,
    Stats,
    action_odds,
    burn_move,
    make_move,
    move_odds,
    reroll_move,
    resolve_action,
)
from tabletop_core.action_roll.ability_play import bind, counted_outcome, rerolls_allowed
from tabletop_core.action_roll.datasworn import RollOption, load
from tabletop_core.action_roll.datasworn.effects import AbilityEffect, EffectKind, read_effects
from tabletop_core.action_roll.datasworn.enhancements import read_enhancements
from tabletop_core.action_roll.play_changes import momentum_reset_bonus

MINI = pathlib.Path(__file__).parents[2] / "docs" / "examples" / "mini-starforged.json"
RULES = load(MINI)
HERO = PlayerCharacter(Stats(edge=3, heart=2, iron=2, shadow=1, wits=1))


def _read(text, own=frozenset()):
    return [str(effect) for effect in read_effects(text, asset="x/assets/a", own=frozenset(own))]


# -- reading ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "own", "read"),
    [
        # A cost linked after the add does not hide it (Kinetic's "add +2 and [Lose Momentum]").
        ("When you draw on your powers, add +2 and [Lose Momentum](id:x/moves/lose_momentum) (-2).", (), ["add +2"]),
        # An add, then a reroll after a miss with an add of its own (Diplomat): the second add goes with the reroll.
        (
            "When you negotiate, add +1. On a miss, take another tack. Envision it, reroll all dice, and add +2.",
            (),
            ["add +1", "on a miss: reroll all dice", "on a miss: add +2, with the reroll"],
        ),
        # "(instead of +1)" (Tech): the reroll's add replaces the first.
        (
            "When you hack, add +1. On a weak hit, press on. If you do, reroll all dice and add +2 (instead of +1).",
            (),
            ["add +1", "on a weak hit: reroll all dice", "on a weak hit: add +2 instead, with the reroll"],
        ),
        # "reroll any dice" after a miss, across a semicolon (Utility Bot).
        (
            "When you repair, add +1. On a miss, it shows a way; you may reroll any dice, but first pay.",
            (),
            ["add +1", "on a miss: reroll any dice"],
        ),
        # A reroll of the action die below a meter of this asset, of the character, of the vehicle.
        (
            "You may reroll your action die if its value is less than the cat's health.",
            ("health",),
            ["reroll the action die if below health"],
        ),
        (
            "You may reroll your action die if its value is less than your spirit.",
            (),
            ["reroll the action die if below spirit"],
        ),
        (
            "Reroll your action die if its value is less than your vehicle's integrity.",
            (),
            ["reroll the action die if below integrity"],
        ),
        # "roll a 1 on your action die ... You may reroll that die" (Banshee).
        (
            "When you make a combat move and roll a 1 on your action die, it screams. You may reroll that die.",
            (),
            ["reroll the action die showing 1"],
        ),
        # "score a miss" in the trigger makes the reroll follow a miss (Rockhorn).
        ("When you endure and score a miss, you may reroll your action die.", (), ["on a miss: reroll the action die"]),
        # "reroll any dice on a miss" (Scoundrel).
        ("If you do, reroll any dice on a miss.", (), ["on a miss: reroll any dice"]),
        ("You may reroll one challenge die.", (), ["reroll one challenge die"]),
        ("Reroll any challenge dice.", (), ["reroll any challenge dice"]),
        # Adds of values.
        ("When you attack with it, add +its health.", ("health",), ["add +health"]),
        ("When you sail home, add +heart.", (), ["add +heart"]),
        ("When you fire it, add +integrity.", ("integrity",), ["add +integrity"]),
        ("When you pray, add +linked stat.", (), ["add +linked stat"]),
        # Counted outcomes, unconditional or with a reroll.
        ("When it takes a hit, count a weak hit as a strong hit.", (), ["count a weak hit as a strong hit"]),
        (
            "If you do, reroll any dice and count a weak hit as a strong hit.",
            (),
            ["reroll any dice", "count a weak hit as a strong hit, with the reroll"],
        ),
        ("When you rest, increase your momentum reset by 1.", (), ["momentum reset +1"]),
        ("If you do, add +2 (after you roll) and lose momentum.", (), ["add +2 after the roll"]),
        # What follows a hit is the player's to apply; so are choices of amounts and adds for later moves.
        ("When you take cover, add +1. On a strong hit, add +1 when you make a move to attack.", (), ["add +1"]),
        # Infiltrator: "On a hit, reroll any dice the first time you make a move aided by the device" is for later.
        (
            "When you check your gear for a device, add +1. On a hit, reroll any dice the first time you use it.",
            (),
            ["add +1"],
        ),
        ("When you strike, you may add +1 or +2 and suffer that as -ammo.", (), []),
        ("When you aim, lose momentum and add that amount.", (), []),
        ("On a strong hit with a match, add +1 on your next strike.", (), []),
        ("If either challenge die is below the charge, count a weak hit as a strong hit.", (), []),
        ("Then, reroll all dice and add +wits instead of +integrity.", (), ["reroll all dice"]),
    ],
)
def test_ability_text_is_read_by_its_structure(text, own, read):
    assert _read(text, own) == read


def test_a_reroll_limit_of_this_asset_reads_its_own_meter():
    (effect,) = read_effects(
        "Reroll your action die if its value is less than the bot's health.", asset="a", own=frozenset({"health"})
    )
    assert effect.below == RollOption("asset_control", "health", assets=("a",))
    (module,) = read_effects("Reroll your action die if its value is less than your vehicle's integrity.", asset="m")
    assert module.below == RollOption("attached_asset_control", "integrity", assets=("m",))


def _enhancements(text, *entries):
    data = [{"roll_type": "action_roll", "enhances": moves} for moves in entries]
    return read_enhancements(data, text, asset="x/assets/a", ability=0, path="$")


def test_each_enhancement_reads_the_sentences_whose_trigger_links_its_moves():
    text = (
        "When you [Strike](id:x/moves/strike) aided by it, add +1; if you [Clash](id:x/moves/clash), reroll any dice. "
        "When you devote time to the work, [Face Danger](id:x/moves/adventure/face_danger) and add +2."
    )
    strike, clash, danger = _enhancements(text, ["x/moves/strike"], ["x/moves/clash"], ["x/moves/*/face_danger"])
    assert [str(e) for e in strike.effects] == ["add +1"]
    assert [str(e) for e in clash.effects] == ["reroll any dice"]
    assert [str(e) for e in danger.effects] == ["add +2"]


def test_a_later_trigger_is_not_read_for_the_move_of_the_first():
    """'One time only, when you trigger the program, reroll any dice' is not part of 'When you [Face Danger] ...'."""
    (only,) = _enhancements(
        "When you [Face Danger](id:x/moves/face_danger) with a program, add +2. "
        "One time only, when you trigger it, reroll any dice.",
        ["x/moves/face_danger"],
    )
    assert [str(e) for e in only.effects] == ["add +2"]


def test_a_choose_one_list_makes_one_enhancement_per_choice():
    text = (
        "When you [Strike](id:x/moves/strike) with cannons, choose one.\n\n"
        "  * Strafing run: Add +1.\n  * Focus fire: Mark progress."
    )
    strafe, focus = _enhancements(text, ["x/moves/strike"])
    assert (strafe.choice, strafe.adds, focus.choice, focus.adds) == ("Strafing run", 1, "Focus fire", 0)
    paired = (
        "When you [Clash](id:x/moves/clash), choose one.\n\n"
        "  * Aggressive: Count a weak hit as a strong hit.\n  * Defensive: Count a miss as a weak hit."
    )
    aggressive, defensive = _enhancements(paired, ["x/moves/clash"], ["x/moves/clash"])
    assert [str(e) for e in aggressive.effects] == ["count a weak hit as a strong hit"]
    assert [str(e) for e in defensive.effects] == ["count a miss as a weak hit"]


# -- applying ----------------------------------------------------------------------------------------------


def _negotiator(*marked):
    hero = HERO.add_asset(RULES.asset("Negotiator"))
    state = hero.asset("Negotiator")
    for index in marked:
        state = state.mark_ability(index)
    return hero.update_asset(state)


def test_an_add_applies_when_used_and_its_reroll_only_after_a_miss():
    """'add +1. On a miss, ... reroll all dice and add +2 (instead of +1)'."""
    hero = _negotiator()
    leap = RULES.move("Leap")
    hit = make_move(leap, hero, option="edge", use="Negotiator", rng=ScriptedDice([5, 2, 3]))
    assert (hit.action.adds, hit.outcome, hit.rerolls) == (1, Outcome.STRONG_HIT, ())
    with pytest.raises(RuleError, match="no ability used on this roll lets you reroll now"):
        reroll_move(hit, leap, rng=1)
    miss = make_move(leap, hero, option="edge", use="Negotiator", rng=ScriptedDice([1, 9, 9]))
    assert miss.rerolls == ("action", "challenge_1", "challenge_2")
    again = reroll_move(miss, leap, rng=ScriptedDice([2, 4, 7]))
    assert [c.kind for c in again.changes] == ["reroll", "add"]
    assert (again.action.adds, again.action.action_score, again.outcome) == (2, 7, Outcome.WEAK_HIT)
    assert again.first_roll == miss.action
    assert again.rerolls == ()
    assert str(again).startswith("Leap (+edge): Action 1 + 3 + 1 = 5 vs 9 · 9 -> miss (match); rerolled action 1 -> 2")
    assert MoveResult.from_json(again.to_json()) == again


def test_reroll_all_dice_means_all_of_them():
    hero = _negotiator()
    miss = make_move(RULES.move("Leap"), hero, option="edge", use="Negotiator", rng=ScriptedDice([1, 9, 9]))
    with pytest.raises(
        InvalidInput, match=r"dice: action is not what the abilities let you reroll \(on a miss: reroll all dice"
    ):
        reroll_move(miss, RULES.move("Leap"), dice=["action"], rng=1)


def test_a_reroll_below_a_stat_is_offered_only_while_the_die_is_below_it():
    """'reroll your action die if its value is less than your heart' (heart 2)."""
    hero = _negotiator(2)
    haggle = RULES.move("Haggle")
    low = make_move(haggle, hero, option="cheap", use=1, rng=ScriptedDice([1, 8, 9]))
    assert low.rerolls == ("action",)
    assert reroll_move(low, haggle, rng=ScriptedDice([6])).action.action_die == 6
    high = make_move(haggle, hero, option="cheap", use=1, rng=ScriptedDice([2, 8, 9]))
    assert high.rerolls == ()
    assert "if below heart (2)" in str(high.used[0])


def test_a_counted_outcome_changes_the_move_read_and_its_odds():
    """'count a weak hit as a strong hit': the roll keeps its outcome, the move reads the strong hit."""
    hero = HERO.add_asset(RULES.asset("Ember Fox"))
    hero = hero.update_asset(hero.asset("Ember Fox").mark_ability(1))
    brace = RULES.move("Brace")
    result = make_move(brace, hero, use="Ember Fox", rng=ScriptedDice([2, 6, 9]))
    assert (result.action.outcome, result.outcome) == (Outcome.WEAK_HIT, Outcome.STRONG_HIT)
    assert result.outcome_text == brace.outcome(Outcome.STRONG_HIT).text
    assert str(result).endswith("-> weak hit, counted as a strong hit. On a strong hit, you shrug it off.")
    data = json.loads(result.to_json())
    data["outcome"] = "weak_hit"
    with pytest.raises(InvalidInput, match="outcome and is_match must follow the roll"):
        MoveResult.from_dict(data)
    (_, counted) = move_odds(brace, hero, use="Ember Fox")[0]
    plain = action_odds(stat=5)
    assert counted.probability(Outcome.STRONG_HIT) == plain.probability(Outcome.STRONG_HIT) + plain.probability(
        Outcome.WEAK_HIT
    )
    assert counted.probability(Outcome.WEAK_HIT) == Fraction(0)


def test_a_momentum_reset_raised_applies_when_claimed():
    """'When you are at sea, increase your momentum reset by 1': a burn then resets to +3."""
    hero = _negotiator(1)
    hero = attrs.evolve(hero, sheet=attrs.evolve(hero.sheet, momentum=Momentum(8)))
    leap = RULES.move("Leap")
    miss = make_move(leap, hero, option="edge", rng=ScriptedDice([1, 9, 4]))
    assert momentum_reset_bonus(hero, "Negotiator") == 1
    burned, after = burn_move(miss, leap, hero, use="Negotiator")
    assert (burned.outcome, after.momentum.value) == (Outcome.WEAK_HIT, 3)
    _plain, before = burn_move(miss, leap, hero)
    assert before.momentum.value == 2
    with pytest.raises(InvalidInput, match="no marked ability of Negotiator raises the momentum reset"):
        momentum_reset_bonus(_negotiator(), "Negotiator")
    assert MoveResult.from_json(burned.to_json()) == burned


@given(
    st.integers(1, 6), st.integers(1, 10), st.integers(1, 10), st.integers(1, 6), st.integers(1, 10), st.integers(1, 10)
)
def test_a_reroll_with_its_add_is_the_pure_rule_on_the_new_faces(die, first, second, new_die, new_first, new_second):
    """Whatever the dice: the rerolled move is resolve_action on the new faces with the add that comes with it."""
    hero = _negotiator()
    leap = RULES.move("Leap")
    result = make_move(leap, hero, option="edge", use="Negotiator", rng=ScriptedDice([die, first, second]))
    if result.outcome is not Outcome.MISS:
        assert result.rerolls == ()
        return
    again = reroll_move(result, leap, rng=ScriptedDice([new_die, new_first, new_second]))
    expected = resolve_action(action_die=new_die, challenge_dice=(new_first, new_second), stat=3, adds=2)
    assert (again.action.action_score, again.action.outcome) == (expected.action_score, expected.outcome)
    assert again.outcome is expected.outcome


def test_binding_reads_values_for_the_character():
    sprite = read_enhancements(
        [{"roll_type": "action_roll", "enhances": None}],
        "When you send it, add +its health. Reroll your action die if its value is less than your spirit.",
        asset="mini/assets/companion/ember_fox",
        ability=0,
        path="$",
        own=frozenset({"health"}),
    )[0]
    hero = HERO.add_asset(RULES.asset("Ember Fox"))
    bound = bind(sprite, hero)
    assert [e.amount for e in bound.effects if e.kind is EffectKind.ADD] == [2]
    assert [e.limit for e in bound.effects if e.kind is EffectKind.REROLL] == [5]
    action = resolve_action(action_die=4, challenge_dice=(3, 9), stat=2)
    assert rerolls_allowed([bound], action, action.outcome) == ("action",)
    assert counted_outcome(Outcome.MISS, [bound]) is Outcome.MISS


def test_effect_records_check_themselves():
    with pytest.raises(InvalidInput, match="a reroll must name its dice"):
        AbilityEffect(EffectKind.REROLL)
    with pytest.raises(InvalidInput, match="names both outcomes"):
        AbilityEffect(EffectKind.COUNT_AS, count_from=Outcome.MISS)
    with pytest.raises(InvalidInput, match="dice must name"):
        AbilityEffect(EffectKind.REROLL, dice=("d6",))
    effect = AbilityEffect(EffectKind.REROLL, dice=("action",), below=RollOption("stat", "heart"), on=(Outcome.MISS,))
    assert AbilityEffect.from_json(effect.to_json()) == effect
