"""Sundered Isles: the cursed die (when it is rolled, each face's effect, its odds) and cursed versions in the data.

Sources for the rule (the Datasworn data holds its tags, not its text): see docs/sundered-isles.md.
"""

import itertools
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tabletop_core import ScriptedDice
from tabletop_core.action_roll.datasworn import OracleTable, load
from tabletop_core.action_roll.datasworn.curses import CurseTags, cursed_versions
from tabletop_core.action_roll.sundered_isles import (
    CURSED_DIE_SIDES,
    CURSED_FACE,
    CurseBehavior,
    CursedDie,
    CursedRoll,
    CursedVersion,
    curse_odds,
    cursed_roll_odds,
    resolve_curse,
    roll_cursed,
    roll_with_cursed_die,
    simulate_cursed,
)
from tabletop_core.errors import DiceExhausted, InvalidInput, RuleError

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples"
OMEN = OracleTable.from_rows("Omen", [(1, 50, "Gulls"), (51, 100, "A calm sea")], id="omen")
CURSED = OracleTable.from_rows("Cursed Omen", [(1, 30, "Dead gulls"), (31, 100, "A red sea")], id="omen_cursed")


@pytest.fixture(scope="module")
def isles():
    return load(EXAMPLES / "mini-starforged.json", EXAMPLES / "mini-isles.json")


def test_the_cursed_die_is_a_d10_cursed_on_the_10():
    """The cursed die: a d10 rolled with the oracle dice; its 10 (the skull) calls the curse."""
    assert (CURSED_DIE_SIDES, CURSED_FACE) == (10, 10)
    die = CursedDie()
    assert [face for face in range(1, 11) if die.calls_the_curse(face)] == [10]
    assert die.chance == Fraction(1, 10)
    assert curse_odds().probability(True) == Fraction(1, 10)
    assert [resolve_curse(cursed_die=face) for face in (1, 9, 10)] == [False, False, True]


def test_the_curse_can_be_tuned():
    """A parameter, as the peers make it one (iron-vault: the die's size; foundry users ask for more faces)."""
    wider = CursedDie(faces=(9, 10))
    assert wider.chance == Fraction(1, 5)
    assert resolve_curse(cursed_die=9, die=wider)
    assert CursedDie(sides=6, faces=[6]).chance == Fraction(1, 6)
    for bad, message in (
        ({"sides": 1}, "sides"),
        ({"faces": ()}, "at least one face"),
        ({"faces": (10, 10)}, "must not repeat"),
        ({"faces": (11,)}, "faces must be 1..10"),
        ({"faces": "10"}, "sequence of ints"),
    ):
        with pytest.raises((InvalidInput, TypeError), match=message):
            CursedDie(**bad)
    with pytest.raises(InvalidInput, match="face"):
        CursedDie().calls_the_curse(11)


def test_a_face_without_the_skull_leaves_the_result():
    result = roll_with_cursed_die(OMEN, CURSED, rng=ScriptedDice([72, 9]))
    assert (result.is_cursed, [r.text for r in result.results()]) == (False, ["A calm sea"])
    assert str(result) == "Omen (1d100): 72 -> A calm sea; cursed die 9"


def test_replace_result_reads_the_same_roll_on_the_cursed_table():
    """`replace_result`: "Replace the original table result with the cursed table result,
    using the original table roll value\"."""
    result = roll_with_cursed_die(OMEN, CURSED, CurseBehavior.REPLACE_RESULT, rng=ScriptedDice([42, 10]))
    assert result.is_cursed
    assert [(r.table_id, r.total, r.text) for r in result.results()] == [("omen_cursed", 42, "A red sea")]
    assert result.text == "A red sea"


def test_add_result_rolls_again_on_the_cursed_table():
    """`add_result`: "Roll again on the cursed table, combining it with the original table result\"."""
    result = roll_with_cursed_die(OMEN, CURSED, CurseBehavior.ADD_RESULT, rng=ScriptedDice([42, 10, 7]))
    assert [(r.table_id, r.total, r.text) for r in result.results()] == [
        ("omen", 42, "Gulls"),
        ("omen_cursed", 7, "Dead gulls"),
    ]


def test_the_dice_are_all_or_none():
    dice = ScriptedDice([42, 10])
    with pytest.raises(DiceExhausted):
        roll_with_cursed_die(OMEN, CURSED, CurseBehavior.ADD_RESULT, rng=dice)
    assert dice.remaining == 2


def test_a_cursed_roll_round_trips_and_refuses_a_tampered_record():
    result = roll_with_cursed_die(OMEN, CURSED, rng=ScriptedDice([42, 10]))
    assert CursedRoll.from_json(result.to_json()) == result
    data = result.to_dict()
    for key, value, message in (
        ("cursed_die", 3, "cursed must be None"),
        ("cursed_die", 11, "face must be"),
        ("cursed", None, "cursed must be given"),
    ):
        with pytest.raises(InvalidInput, match=message):
            CursedRoll.from_dict({**data, key: value})
    other = roll_with_cursed_die(OMEN, CURSED, rng=ScriptedDice([43, 10]))
    with pytest.raises(InvalidInput, match="reads the same roll"):
        CursedRoll(result.roll, 10, CursedDie(), result.curse, other.cursed)


def test_a_replacing_curse_needs_the_same_dice():
    small = OracleTable.from_rows("Small", [(1, 6, "x")], dice="1d6")
    with pytest.raises(InvalidInput, match="reads the same roll"):
        roll_with_cursed_die(OMEN, small, rng=1)
    assert roll_with_cursed_die(OMEN, small, CurseBehavior.ADD_RESULT, rng=ScriptedDice([5, 10, 3])).cursed.total == 3


@pytest.mark.parametrize("behavior", list(CurseBehavior))
@pytest.mark.parametrize("faces", [(10,), (9, 10), tuple(range(1, 11))])
def test_exact_odds_against_brute_force(behavior, faces):
    """Enumerate the d100, the cursed die and (adding) the cursed table's d100."""
    die = CursedDie(faces=faces)
    expected: dict = {}
    for roll, face in itertools.product(range(1, 101), range(1, 11)):
        if not die.calls_the_curse(face):
            outcomes = [((OMEN.row_for(roll),), Fraction(1, 1000))]
        elif behavior is CurseBehavior.REPLACE_RESULT:
            outcomes = [((CURSED.row_for(roll),), Fraction(1, 1000))]
        else:
            outcomes = [((OMEN.row_for(roll), CURSED.row_for(extra)), Fraction(1, 100_000)) for extra in range(1, 101)]
        for outcome, weight in outcomes:
            expected[outcome] = expected.get(outcome, Fraction(0)) + weight
    assert dict(cursed_roll_odds(OMEN, CURSED, behavior, die=die).items()) == expected


@given(st.integers(1, 100), st.integers(1, 10), st.integers(1, 100), st.sampled_from(list(CurseBehavior)))
def test_a_roll_gives_what_the_odds_count(roll, face, extra, behavior):
    result = roll_with_cursed_die(OMEN, CURSED, behavior, rng=ScriptedDice([roll, face, extra]))
    rows = tuple(r.row for r in result.results())
    assert cursed_roll_odds(OMEN, CURSED, behavior).probability(rows) > 0
    assert result.is_cursed is (face == 10)


def test_the_batch_is_the_pure_rule_die_for_die():
    batch = simulate_cursed(2000, OMEN, CURSED, CurseBehavior.ADD_RESULT, rng=3)
    for index in range(len(batch)):
        face = int(batch.cursed_dice[index])
        assert batch.outcome(index) is resolve_curse(cursed_die=face)
        assert (int(batch.cursed_totals[index]) != 0) is (face == 10)
    shares = batch.counts()[True] / len(batch)
    assert abs(shares - 0.1) < 0.03
    replaced = simulate_cursed(100, OMEN, rng=3)
    assert all(int(t) in (0, int(r)) for t, r in zip(replaced.cursed_totals, replaced.totals, strict=True))
    with pytest.raises(RuleError, match="give cursed_table"):
        simulate_cursed(10, OMEN, behavior=CurseBehavior.ADD_RESULT)


def test_the_batch_shares_follow_the_exact_odds():
    from scipy.stats import chisquare

    die = CursedDie(faces=(8, 9, 10))
    batch = simulate_cursed(30_000, OMEN, die=die, rng=8)
    counts = batch.counts()
    expected = [float(curse_odds(die).probability(label)) * len(batch) for label in batch.labels]
    assert chisquare([counts[label] for label in batch.labels], expected).pvalue > 0.001


# -- cursed versions from the data --------------------------------------------------------


def test_the_data_tags_give_each_table_its_cursed_version(isles):
    """`cursed_by` on a table, `cursed_version_of` (with * patterns) and `curse_behavior` on its cursed table."""
    assert dict(isles.cursed_versions) == {
        "oracle_rollable:mini_isles/sea/tide": CursedVersion(
            "oracle_rollable:mini_isles/sea/tide", "oracle_rollable:mini_isles/sea/tide_cursed"
        ),
        "oracle_rollable:mini_isles/sea/wrecks/small": CursedVersion(
            "oracle_rollable:mini_isles/sea/wrecks/small",
            "oracle_rollable:mini_isles/sea/wreck_cursed",
            CurseBehavior.ADD_RESULT,
        ),
        "oracle_rollable:mini_isles/sea/wrecks/large": CursedVersion(
            "oracle_rollable:mini_isles/sea/wrecks/large",
            "oracle_rollable:mini_isles/sea/wreck_cursed",
            CurseBehavior.ADD_RESULT,
        ),
    }
    assert isles.cursed_version("Tide").cursed == "oracle_rollable:mini_isles/sea/tide_cursed"
    assert isles.cursed_version("Omen") is None


def test_rolling_a_ruleset_table_uses_its_cursed_version(isles):
    tide = roll_cursed(isles, "Tide", rng=ScriptedDice([70, 10]))
    assert str(tide) == (
        "Tide (1d100): 70 -> A racing tide; cursed die 10: cursed (replace result) -> "
        "Cursed Tide (1d100): 70 -> A tide of black blood"
    )
    wreck = roll_cursed(isles, "Large Wreck", rng=ScriptedDice([80, 10, 20]))
    assert [r.text for r in wreck.results()] == ["A shattered warship", "Its dead crew still rows"]
    plain = roll_cursed(isles, "Omen", rng=ScriptedDice([42]))  # no cursed version: no cursed die drawn
    assert (plain.cursed_die, plain.curse, str(plain)) == (None, None, "Omen (1d100): 42 -> A green moon")


def test_what_does_not_add_up_in_the_tags_is_noted():
    """A cursed table that names only itself, a cursed_by naming nothing, an unknown behavior: each noted."""
    notes: list[str] = []
    tags = {
        "a": CurseTags(cursed_by="a_cursed"),
        "a_cursed": CurseTags(cursed_version_of=("a_cursed",), behavior="replace_result"),
        "b": CurseTags(cursed_by="b"),
        "c": CurseTags(cursed_by="gone"),
        "d_cursed": CurseTags(cursed_version_of=("d",), behavior="swap_result"),
        "d": CurseTags(),
        "e": CurseTags(cursed_by="a_cursed"),
        "e_cursed": CurseTags(cursed_version_of=("e",)),
    }
    found = cursed_versions(tags, ["a", "a_cursed", "b", "c", "d", "d_cursed", "e", "e_cursed"], notes)
    assert found == {
        "a": CursedVersion("a", "a_cursed"),
        "d": CursedVersion("d", "d_cursed"),
        "e": CursedVersion("e", "a_cursed"),
    }
    assert notes == [
        "curse: d_cursed has an unknown curse_behavior 'swap_result': read as replace_result",
        "curse: a_cursed is the cursed version of a_cursed, which names no table of this ruleset but cursed ones",
        "curse: b is cursed by itself: ignored",
        "curse: c is cursed by gone, which this ruleset does not have",
        "curse: e is cursed by a_cursed, but e_cursed says it is its cursed version",
    ]


def test_bad_arguments_are_refused(isles):
    with pytest.raises(TypeError, match="ruleset"):
        roll_cursed("isles", "Tide")
    with pytest.raises(TypeError, match="behavior"):
        roll_with_cursed_die(OMEN, CURSED, "replace")
    with pytest.raises(InvalidInput, match="no oracle table named"):
        roll_cursed(isles, "Tied")
