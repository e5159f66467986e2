"""Asset abilities that change moves, and moves that roll every option (Continue a Legacy).

The data is invented (docs/examples/mini-starforged.json and dicts written here), never
the real Datasworn text.
"""

import pathlib
from fractions import Fraction

import attrs
import numpy as np
import pytest

from tabletop_core import InvalidInput, RuleError, ScriptedDice
from tabletop_core.action_roll import (
    Legacy,
    LegacyTrack,
    MoveResult,
    Outcome,
    PlayerCharacter,
    Stats,
    action_odds,
    make_move,
    move_enhancements,
    move_odds,
    move_odds_each,
    move_options,
    progress_odds,
    resolve_progress,
)
from tabletop_core.action_roll.character import AssetState
from tabletop_core.action_roll.datasworn import Move, MoveEnhancement, RollOption, RollType, TriggerCondition, load
from tabletop_core.action_roll.datasworn.effects import AbilityEffect, EffectKind
from tabletop_core.action_roll.datasworn.enhancements import read_enhancements

MINI = pathlib.Path(__file__).parents[2] / "docs" / "examples" / "mini-starforged.json"
KITE = "mini/assets/module/signal_kite"


@pytest.fixture(scope="module")
def mini():
    return load(MINI)


@pytest.fixture
def hero():
    return PlayerCharacter(Stats(edge=3, heart=2, iron=2, shadow=1, wits=1))


def _with_kite(mini, hero, *marked):
    state = AssetState.from_asset(mini.asset("Signal Kite"))
    for index in marked:
        state = state.mark_ability(index)
    return hero.add_asset(state)


# -- reading -----------------------------------------------------------------------------


def test_abilities_read_their_move_enhancements(mini):
    kite = mini.asset("Signal Kite")
    found = [(e.ability, e.moves, e.adds, e.reroll, e.when) for a in kite.abilities for e in a.enhancements]
    assert found == [
        (0, ("mini/moves/daring/leap",), 1, None, "Guided by the kite"),
        (0, ("mini/moves/*/brace",), 0, "action die", "Under the kite"),
        (1, ("mini/moves/daring/leap",), 0, None, "By the kite's line"),
        (2, ("mini/moves/daring/haggle",), 0, None, "Under its colours"),
        (2, (), 2, "any dice", "With the kite aloft"),
    ]
    lift = kite.abilities[1].enhancements[0].options()
    assert lift == (RollOption("asset_control", "lift", assets=(KITE,)),)  # "assets": null is this asset
    assert kite.abilities[2].enhancements[0].conditions[0].automatic_outcome is Outcome.WEAK_HIT


def _one(text, enhances=None, conditions=None):
    data = [{"roll_type": "action_roll", "enhances": enhances, "trigger": {"conditions": conditions or []}}]
    return read_enhancements(data, text, asset="x/assets/a", ability=0, path="$")


@pytest.mark.parametrize(
    ("text", "enhances", "adds", "reroll"),
    [
        ("When you [Run](id:x/moves/run), add +2.", ["x/moves/run"], 2, None),
        (
            "When you [Run](id:x/moves/run), add +1; if you [Hide](id:x/moves/hide), take +1 momentum.",
            ["x/moves/hide"],
            0,
            None,
        ),
        (
            "When you [Run](id:x/moves/run), add +1. You may then reroll your action die.",
            ["x/moves/run"],
            1,
            "action die",
        ),
        ("Lead in. When you [Run](id:x/moves/run), add +1. When you act alone, reroll any dice.", None, 0, "any dice"),
        ("When you [Run](id:x/moves/run), you may reroll one challenge die.", ["x/moves/*"], 0, "one challenge die"),
        ("When you [Run](id:x/moves/run), reroll any challenge dice.", ["x/moves/run"], 0, "challenge dice"),
        ("If your action die is low, you may reroll it.", None, 0, "action die"),
        ("When you [Run](id:x/moves/run) far, take +1 momentum.", ["x/moves/swim"], 0, None),  # no link: whole text
        ("When you run, add +3. When you fly, add +12.", None, 10, None),  # at most 10
    ],
)
def test_adds_and_rerolls_are_read_from_the_text_about_the_move(text, enhances, adds, reroll):
    (enhancement,) = _one(text, enhances)
    assert (enhancement.adds, enhancement.reroll) == (adds, reroll)


@pytest.mark.parametrize("first", ["effects", "adds", "reroll", "eq", "hash", "json", "evolve", "repr"])
def test_adds_and_reroll_read_on_first_use_are_the_same_values_every_way(first):
    # The reader keeps the ability text and reads adds and reroll when one is first asked
    # for; whichever question comes first, the enhancement is the one built directly.
    text = "When you [Run](id:x/moves/run), add +2. You may then reroll your action die."
    (read,) = _one(text, ["x/moves/run"])
    effects = (
        AbilityEffect(EffectKind.ADD, 2, text="When you Run, add +2."),
        AbilityEffect(EffectKind.REROLL, dice=("action",), text="You may then reroll your action die."),
    )
    built = MoveEnhancement(
        "x/assets/a", 0, RollType.ACTION_ROLL, ("x/moves/run",), adds=2, reroll="action die", effects=effects
    )
    asked = {
        "effects": lambda: read.effects == effects,
        "adds": lambda: read.adds,
        "reroll": lambda: read.reroll,
        "eq": lambda: read == built,
        "hash": lambda: hash(read) == hash(built),
        "json": lambda: read.to_dict() == built.to_dict(),
        "evolve": lambda: attrs.evolve(read, when="w") == attrs.evolve(built, when="w"),
        "repr": lambda: repr(read) == repr(built),
    }[first]()
    assert asked in (2, "action die", True)
    assert (read.adds, read.reroll) == (2, "action die")
    assert read == built
    assert hash(read) == hash(built)
    assert MoveEnhancement.from_dict(read.to_dict()) == built


@pytest.mark.parametrize(
    ("data", "path", "message"),
    [
        ([{"roll_type": "dance"}], r"\$\[0\]\.roll_type", "must be one of"),
        ([{"roll_type": "action_roll", "enhances": [3]}], r"\$\[0\]\.enhances\[0\]", "expected a string"),
        ([{"roll_type": "action_roll", "trigger": []}], r"\$\[0\]\.trigger", "expected an object"),
        ([7], r"\$\[0\]", "expected an object"),
    ],
)
def test_malformed_enhancements_name_the_json_path(data, path, message):
    with pytest.raises(InvalidInput, match=rf"{path}: {message}"):
        read_enhancements(data, "", asset="a", ability=0, path="$")


def test_an_enhancement_applies_by_roll_type_and_move_id_pattern(mini):
    brace, leap, keep = mini.move("Brace"), mini.move("Leap"), mini.move("Keep a Promise")
    (_, under) = mini.asset("Signal Kite").abilities[0].enhancements
    assert under.applies_to(brace)
    assert not under.applies_to(leap)
    anything = attrs.evolve(under, moves=())
    assert anything.applies_to(leap)
    assert not anything.applies_to(keep)  # a progress move, not an action roll
    with pytest.raises(TypeError, match="move must be a Move"):
        under.applies_to("Brace")
    with pytest.raises(InvalidInput, match="reroll must be one of"):
        attrs.evolve(under, reroll="some dice")


# -- the character's assets change the move -------------------------------------------


def test_only_marked_abilities_of_held_assets_apply(mini, hero):
    leap = mini.move("Leap")
    assert move_enhancements(leap, hero) == ()
    kite = mini.asset("Signal Kite")
    with_kite = hero.add_asset(kite)
    assert move_enhancements(leap, with_kite) == (kite.abilities[0].enhancements[0],)
    marked = _with_kite(mini, hero, 1)
    assert move_enhancements(leap, marked) == (
        kite.abilities[0].enhancements[0],
        kite.abilities[1].enhancements[0],
    )


def test_an_asset_adds_a_roll_option_with_its_meter(mini, hero):
    leap = mini.move("Leap")
    assert [str(o) for o in move_options(leap, hero.add_asset(mini.asset("Signal Kite")))] == ["edge (+3)", "iron (+2)"]
    hero = _with_kite(mini, hero, 1)
    options = move_options(leap, hero)
    assert [str(o) for o in options] == ["edge (+3)", "iron (+2)", "lift (Signal Kite) (+4)"]
    assert (options[2].source, options[2].condition, options[2].option) == (1, 0, 0)
    result = make_move(leap, hero, option="lift (Signal Kite)", rng=ScriptedDice([2, 5, 9]))
    assert (result.action.stat, result.action.action_score, result.outcome) == (4, 6, Outcome.WEAK_HIT)
    assert result.used == (move_enhancements(leap, hero)[1],)
    assert str(result).startswith("Leap (+lift (Signal Kite)): Action 2 + 4 = 6 vs 5 · 9 -> weak hit")
    odds = {o.label: d for o, d in move_odds(leap, hero)}
    assert odds["lift (Signal Kite)"] == action_odds(stat=4, momentum=2)


def test_the_meter_rolled_is_the_assets_current_value(mini, hero):
    hero = _with_kite(mini, hero, 1)
    hero = hero.update_asset(hero.assets[0].set_meter("lift", 1))
    result = make_move(mini.move("Leap"), hero, option=2, rng=ScriptedDice([2, 5, 9]))
    assert result.action.stat == 1


def test_adds_apply_when_the_player_uses_the_ability(mini, hero):
    leap = mini.move("Leap")
    hero = hero.add_asset(mini.asset("Signal Kite"))
    plain = make_move(leap, hero, option="edge", rng=ScriptedDice([2, 5, 9]))
    for use in ("Signal Kite", KITE, 0, [0], move_enhancements(leap, hero)[0]):
        used = make_move(leap, hero, option="edge", use=use, rng=ScriptedDice([2, 5, 9]))
        assert (plain.action.action_score, used.action.action_score) == (5, 6)
        assert (plain.outcome, used.outcome) == (Outcome.MISS, Outcome.WEAK_HIT)
    both = make_move(leap, hero, option="edge", adds=2, use="Signal Kite", rng=ScriptedDice([2, 5, 9]))
    assert both.action.adds == 3
    assert {o.label: d for o, d in move_odds(leap, hero, use=0)}["edge"] == action_odds(stat=3, adds=1, momentum=2)


def test_rerolls_an_ability_grants_are_named_on_the_result(mini, hero):
    brace = mini.move("Brace")
    hero = hero.add_asset(mini.asset("Signal Kite"))
    result = make_move(brace, hero, use="Signal Kite", rng=ScriptedDice([1, 9, 9]))
    assert result.rerolls == ("action",)
    assert make_move(brace, hero, rng=ScriptedDice([1, 9, 9])).rerolls == ()
    hero = _with_kite(mini, PlayerCharacter(Stats(edge=3, heart=2, iron=2, shadow=1, wits=1)), 2)
    wits = Move(
        "x/moves/think",
        "Think",
        RollType.ACTION_ROLL,
        conditions=[TriggerCondition("player_choice", [RollOption("stat", "wits"), RollOption("stat", "edge")])],
    )
    aloft = next(e for e in move_enhancements(wits, hero) if e.adds == 2)
    thought = make_move(wits, hero, option="wits", use=aloft, rng=ScriptedDice([1, 9, 9]))
    assert (thought.action.adds, thought.rerolls) == (2, ("action", "challenge_1", "challenge_2"))
    with pytest.raises(RuleError, match=r"applies only when rolling \+wits"):
        make_move(wits, hero, option="edge", use=aloft, rng=ScriptedDice([1, 9, 9]))
    # the odds count the adds only where the ability applies
    odds = {o.label: d for o, d in move_odds(wits, hero, use=aloft)}
    assert odds["wits"] == action_odds(stat=1, adds=2, momentum=2)
    assert odds["edge"] == action_odds(stat=3, momentum=2)


def test_an_asset_grants_an_automatic_outcome(mini, hero):
    haggle = mini.move("Haggle")
    hero = _with_kite(mini, hero, 2)
    labels = [o.label for o in move_options(haggle, hero)]
    assert labels[-1] == "automatic weak hit (Signal Kite)"
    result = make_move(haggle, hero, option=labels[-1], rng=ScriptedDice([]))
    assert (result.automatic, result.outcome, result.outcome_text) == (
        Outcome.WEAK_HIT,
        Outcome.WEAK_HIT,
        haggle.outcome(Outcome.WEAK_HIT).text,
    )
    assert ("automatic weak hit (Signal Kite)", {Outcome.WEAK_HIT: 1}) in [
        (o.label, dict(d.items())) for o, d in move_odds(haggle, hero)
    ]


def test_bad_uses_are_refused_and_change_nothing(mini, hero):
    leap = mini.move("Leap")
    dice = ScriptedDice([2, 5, 9])
    with pytest.raises(RuleError, match="no asset ability of this character changes Leap"):
        make_move(leap, hero, option="edge", use=0, rng=dice)
    kite_hero = hero.add_asset(mini.asset("Signal Kite"))
    with pytest.raises(InvalidInput, match="'Skiff' matches none of the enhancements of Leap"):
        make_move(leap, kite_hero, option="edge", use="Skiff", rng=dice)
    with pytest.raises(InvalidInput, match="use must be"):
        make_move(leap, kite_hero, option="edge", use=3, rng=dice)
    other = mini.asset("Signal Kite").abilities[0].enhancements[1]
    with pytest.raises(RuleError, match="does not apply to Leap"):
        make_move(leap, kite_hero, option="edge", use=other, rng=dice)
    with pytest.raises(RuleError, match="adds come to 11"):
        make_move(leap, kite_hero, option="edge", adds=10, use=0, rng=dice)
    with pytest.raises(TypeError, match="use must be a sequence"):
        make_move(leap, kite_hero, option="edge", use=2.5, rng=dice)
    assert dice.remaining == 3


def test_results_with_enhancements_and_characters_round_trip(mini, hero):
    hero = _with_kite(mini, hero, 1, 2)
    assert PlayerCharacter.from_json(hero.to_json()) == hero
    result = make_move(mini.move("Leap"), hero, option=2, use=0, rng=3)
    assert MoveResult.from_json(result.to_json()) == result
    again = MoveEnhancement.from_json(result.used[0].to_json())
    assert again == result.used[0]


def test_marking_an_ability(mini):
    state = AssetState.from_asset(mini.asset("Signal Kite"))
    assert state.abilities == (True, False, False)
    assert state.mark_ability(2).abilities == (True, False, True)
    with pytest.raises(RuleError, match="already marked"):
        state.mark_ability(0)
    with pytest.raises(InvalidInput, match="index"):
        state.mark_ability(3)
    with pytest.raises(InvalidInput, match="no abilities"):
        AssetState("a", "A").mark_ability(0)


# -- a move that rolls every option: Continue a Legacy ----------------------------------


@pytest.fixture
def veteran(hero):
    return attrs.evolve(
        hero,
        quests=LegacyTrack(Legacy.QUESTS, 24),
        bonds=LegacyTrack(Legacy.BONDS, 12),
        discoveries=LegacyTrack(Legacy.DISCOVERIES, 3),
    )


def test_a_condition_that_rolls_all_its_options_is_one_option_and_one_move(mini, veteran):
    move = mini.move("Pass It On")
    assert [o.label for o in move_options(move, veteran)] == ["each of quests legacy, bonds legacy, discoveries legacy"]
    result = make_move(move, veteran, rng=ScriptedDice([5, 7, 2, 9, 4, 4]))
    assert [(p.option, p.progress) for p in result.parts] == [
        ("quests legacy", resolve_progress(progress_score=6, challenge_dice=(5, 7))),
        ("bonds legacy", resolve_progress(progress_score=3, challenge_dice=(2, 9))),
        ("discoveries legacy", resolve_progress(progress_score=0, challenge_dice=(4, 4))),
    ]
    assert [p.outcome for p in result.parts] == [Outcome.WEAK_HIT, Outcome.WEAK_HIT, Outcome.MISS]
    assert result.parts[2].outcome_text == "On a __miss__, it turns against them."
    assert (result.outcome, result.is_match, result.roll) == (Outcome.WEAK_HIT, True, None)
    assert str(result) == (
        "Pass It On: quests legacy: Progress 6 vs 5 · 7 -> weak hit; bonds legacy: Progress 3 vs 2 · 9 -> weak hit; "
        "discoveries legacy: Progress 0 vs 4 · 4 -> miss (match)"
    )
    assert MoveResult.from_json(result.to_json()) == result
    data = result.to_dict()
    data["outcome"] = "miss"
    with pytest.raises(InvalidInput, match="outcome and is_match must follow the roll"):
        MoveResult.from_dict(data)


def _brute_force_each(scores):
    """Every face of every track's two challenge dice (10**6 cases for three tracks), counted."""
    faces = np.arange(1, 11)
    grids = np.meshgrid(*([faces] * (2 * len(scores))), indexing="ij")
    codes = []
    for index, score in enumerate(scores):
        first, second = grids[2 * index], grids[2 * index + 1]
        beaten = (score > first).astype(int) + (score > second).astype(int)
        codes.append(beaten)  # 2 strong hit, 1 weak hit, 0 miss
    by_code = {2: Outcome.STRONG_HIT, 1: Outcome.WEAK_HIT, 0: Outcome.MISS}
    stacked = np.stack([c.ravel() for c in codes], axis=1)
    keys, counts = np.unique(stacked, axis=0, return_counts=True)
    total = 100 ** len(scores)
    return {tuple(by_code[int(k)] for k in key): Fraction(int(n), total) for key, n in zip(keys, counts, strict=True)}


def test_joint_odds_of_every_roll_match_brute_force(mini, veteran):
    move = mini.move("Pass It On")
    each = move_odds_each(move, veteran)
    assert dict(each.items()) == _brute_force_each([6, 3, 0])
    ((option, best),) = move_odds(move, veteran)
    assert option.label.startswith("each of")
    assert best == each.map(
        lambda outcomes: max(outcomes, key=lambda o: (o is not Outcome.MISS, o is Outcome.STRONG_HIT))
    )
    assert best.probability(Outcome.MISS) == progress_odds(6).probability(Outcome.MISS) * progress_odds(3).probability(
        Outcome.MISS
    )


def test_joint_odds_of_a_single_roll_option(mini, hero):
    leap = mini.move("Leap")
    assert move_odds_each(leap, hero, option="edge") == action_odds(stat=3, momentum=2).map(lambda o: (o,))
    with pytest.raises(RuleError, match="without a roll"):
        move_odds_each(mini.move("Pay a Toll"), hero)
    with pytest.raises(RuleError, match="cannot be rolled"):
        move_odds_each(mini.move("Soothe the Hound"), hero)
