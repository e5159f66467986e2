import json
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

import tabletop_core as tc
from support import assert_fits
from tabletop_core import action_roll as ar
from tabletop_core.action_roll import Odds
from tabletop_core.action_roll.oracle import read_oracle_dice


def test_the_five_odds_and_thresholds():
    assert [(o.name, o.threshold) for o in Odds] == [
        ("ALMOST_CERTAIN", 90),
        ("LIKELY", 75),
        ("FIFTY_FIFTY", 50),
        ("UNLIKELY", 25),
        ("SMALL_CHANCE", 10),
    ]


@pytest.mark.parametrize(("odds", "yes_up_to"), [(o, o.threshold) for o in Odds])
def test_yes_at_or_under_the_threshold(odds, yes_up_to):
    assert ar.resolve_oracle(odds=odds, roll=yes_up_to).answer is True
    assert ar.resolve_oracle(odds=odds, roll=yes_up_to + 1).answer is False
    assert ar.resolve_oracle(odds=odds, roll=1).answer is True
    assert ar.resolve_oracle(odds=odds, roll=100).answer is False


def test_matches_are_11_22_to_99_and_100():
    matches = [roll for roll in range(1, 101) if ar.resolve_oracle(odds=Odds.LIKELY, roll=roll).is_match]
    assert matches == [11, 22, 33, 44, 55, 66, 77, 88, 99, 100]


def test_oracle_roll_is_one_d100_draw():
    dice = tc.ScriptedDice([100, 7])
    assert ar.oracle_roll(rng=dice) == 100
    assert dice.remaining == 1
    assert ar.oracle_roll(rng=3) == ar.oracle_roll(rng=3)


def test_oracle_rolls_and_answers_fit_the_exact_odds():
    # 1..100 each equally likely, and Ask the Oracle's (answer, match) as oracle_odds says.
    source = tc.dice_source(9)
    rolls = Counter(ar.oracle_roll(rng=source) for _ in range(20_000))
    assert_fits(rolls, tc.Distribution.uniform(range(1, 101)))
    for odds in (Odds.LIKELY, Odds.SMALL_CHANCE):
        answers = Counter()
        for _ in range(5_000):
            answer = ar.ask_the_oracle(odds, rng=source)
            answers[(answer.answer, answer.is_match)] += 1
        assert_fits(answers, ar.oracle_odds(odds))


def test_reading_two_d10_as_tens_and_units():
    assert read_oracle_dice(0, 0) == 100
    assert read_oracle_dice(0, 7) == 7
    assert read_oracle_dice(4, 0) == 40
    assert read_oracle_dice(10, 10) == 100  # a d10 numbered 1..10
    assert read_oracle_dice(1, 1) == 11
    with pytest.raises(tc.InvalidInput, match="tens"):
        read_oracle_dice(11, 0)


def test_ask_the_oracle_renders():
    answer = ar.ask_the_oracle(Odds.SMALL_CHANCE, rng=tc.ScriptedDice([64]))
    assert answer.roll == 64
    assert answer.answer is False
    assert str(answer) == "Ask the Oracle (small chance, yes on 10 or under): 64 -> no"
    assert answer.to_markdown().endswith("-> **no**")
    assert ar.OracleAnswer.from_dict(json.loads(json.dumps(answer.to_dict()))) == answer


def test_odds_parse():
    assert Odds.parse("fifty-fifty") is Odds.FIFTY_FIFTY
    assert Odds.parse("Small chance") is Odds.SMALL_CHANCE
    with pytest.raises(tc.InvalidInput, match="odds must be one of"):
        Odds.parse("maybe")


def test_bad_oracle_input():
    with pytest.raises(tc.InvalidInput, match="roll must be an int from 1 to 100, got 0"):
        ar.resolve_oracle(odds=Odds.LIKELY, roll=0)
    with pytest.raises(tc.InvalidInput):
        ar.resolve_oracle(odds=Odds.LIKELY, roll=101)
    with pytest.raises(TypeError, match="odds must be a Odds"):
        ar.resolve_oracle(odds="likely", roll=5)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        ar.ask_the_oracle(75)  # type: ignore[arg-type]
    data = ar.resolve_oracle(odds=Odds.LIKELY, roll=5).to_dict()
    data["answer"] = False
    with pytest.raises(tc.InvalidInput, match="does not follow the rules"):
        ar.OracleAnswer.from_dict(data)


@given(odds=st.sampled_from(Odds), roll=st.integers(1, 100))
def test_oracle_properties(odds, roll):
    answer = ar.resolve_oracle(odds=odds, roll=roll)
    assert answer.answer == (roll <= odds.threshold)
    tens, units = divmod(roll % 100, 10)
    assert answer.is_match == (tens == units)
    assert read_oracle_dice(tens, units) == roll
    assert ar.OracleAnswer.from_dict(json.loads(answer.to_json())) == answer
