"""Ironsworn: Delve's threats: the menace track and Advance a Threat.

The table is invented in the shape of Delve's (1-30 may be prevented, 31-70 mark menace,
71-100 twice); the real one is tested in test_datasworn_rulesets_real.py.
"""

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tabletop_core import ScriptedDice
from tabletop_core.action_roll import Rank
from tabletop_core.action_roll.datasworn import OracleRow, OracleTable
from tabletop_core.action_roll.delve import (
    Threat,
    ThreatAdvance,
    advance_a_threat,
    menace_marks,
    resolve_threat_advance,
    threat_advance_odds,
)
from tabletop_core.errors import DiceExhausted, InvalidInput, RuleError

TABLE = OracleTable.from_rows(
    "Advance a Threat",
    [
        (1, 30, "The threat readies its next step. If you succeed, Reach a Milestone. Otherwise, mark menace."),
        (31, 70, "The threat works subtly to advance toward its goal. Mark menace."),
        (71, 100, "The threat makes a dramatic and immediate move. Mark menace twice."),
    ],
)


def _blight(rank=Rank.DANGEROUS, menace=0):
    return Threat("The blight", "Cure the blight", rank, menace)


@pytest.mark.parametrize(
    ("roll", "marks", "may_prevent"),
    [(1, 1, True), (30, 1, True), (31, 1, False), (70, 1, False), (71, 2, False), (100, 2, False)],
)
def test_each_row_marks_menace_as_its_words_say(roll, marks, may_prevent):
    """ "Mark menace." (31-70); "Mark menace twice." (71-100); 1-30: "If you are in a position to prevent this
    development, you may attempt to do so. If you succeed, Reach a Milestone. Otherwise, mark menace."""
    advance = resolve_threat_advance(_blight(), TABLE, roll=roll)
    assert (advance.marks, advance.may_prevent) == (marks, may_prevent)
    assert advance.threat.menace == 8 * marks  # dangerous: 2 boxes a mark
    assert menace_marks(TABLE.row_for(roll)) == (marks, may_prevent)


def test_a_prevented_development_marks_no_menace():
    """ "If you succeed, Reach a Milestone. Otherwise, mark menace"."""
    advance = resolve_threat_advance(_blight(), TABLE, roll=12, prevented=True)
    assert (advance.marks, advance.threat.menace, advance.prevented) == (0, 0, True)
    assert "prevented: Reach a Milestone" in str(advance)
    with pytest.raises(InvalidInput, match="cannot be prevented"):
        resolve_threat_advance(_blight(), TABLE, roll=50, prevented=True)


@pytest.mark.parametrize(
    ("rank", "ticks"),
    [(Rank.TROUBLESOME, 12), (Rank.DANGEROUS, 8), (Rank.FORMIDABLE, 4), (Rank.EXTREME, 2), (Rank.EPIC, 1)],
)
def test_menace_is_marked_by_the_rank_of_the_vow(rank, ticks):
    """The reading: the menace track is marked as the vow's progress is (troublesome 3 boxes .. epic 1 tick)."""
    assert _blight(rank).mark_menace().menace == ticks


def test_the_last_box_realizes_the_threat_and_the_vow_is_forsaken():
    """ "If you mark the last box on the threat's menace track, the threat achieves its goal, or the final dire
    outcome occurs. You must Forsake Your Vow."""
    near = _blight(Rank.DANGEROUS, menace=36)
    advance = resolve_threat_advance(near, TABLE, roll=50)
    assert advance.is_realized
    assert advance.threat.menace == 40
    assert "the threat achieves its goal: Forsake Your Vow (Cure the blight)" in str(advance)
    with pytest.raises(RuleError, match="achieved its goal"):
        advance.threat.mark_menace()
    with pytest.raises(RuleError, match="achieved its goal"):
        advance_a_threat(advance.threat, TABLE, rng=ScriptedDice([]))


@pytest.mark.parametrize(("roll", "match"), [(11, True), (55, True), (100, True), (12, False), (50, False)])
def test_a_match_exposes_a_surprising_aspect(roll, match):
    """ "On a match, this development also exposes a surprising aspect of the threat's plan or nature"."""
    advance = resolve_threat_advance(_blight(), TABLE, roll=roll)
    assert advance.is_match is match
    assert ("surprising aspect" in str(advance)) is match


def test_the_roll_draws_one_d100():
    advance = advance_a_threat(_blight(), TABLE, rng=ScriptedDice([88]))
    assert advance == resolve_threat_advance(_blight(), TABLE, roll=88)
    with pytest.raises(DiceExhausted):
        advance_a_threat(_blight(), TABLE, rng=ScriptedDice([]))


def _brute_force(threat, prevented):
    counts = {}
    for roll in range(1, 101):
        row = TABLE.row_for(roll)
        done = resolve_threat_advance(threat, TABLE, roll=roll, prevented=prevented and menace_marks(row)[1])
        counts[done.threat.menace] = counts.get(done.threat.menace, 0) + 1
    return {ticks: Fraction(n, 100) for ticks, n in counts.items()}


@given(st.sampled_from(list(Rank)), st.integers(0, 40), st.booleans())
def test_the_exact_odds_are_the_brute_force_count(rank, menace, prevented):
    threat = _blight(rank, menace)
    if threat.is_realized:
        return
    odds = threat_advance_odds(threat, TABLE, prevented=prevented)
    assert dict(odds.items()) == _brute_force(threat, prevented)
    assert sum(p for _, p in odds.items()) == 1


@given(st.sampled_from(list(Rank)), st.integers(0, 39), st.integers(1, 100))
def test_menace_never_falls_and_stops_at_the_last_box(rank, menace, roll):
    threat = _blight(rank, menace)
    after = resolve_threat_advance(threat, TABLE, roll=roll).threat
    assert threat.menace <= after.menace <= 40


def test_records_and_bad_input():
    advance = resolve_threat_advance(_blight(), TABLE, roll=42)
    assert ThreatAdvance.from_json(advance.to_json()) == advance
    assert Threat.from_json(advance.threat.to_json()) == advance.threat
    assert str(_blight()) == "The blight (against 'Cure the blight', dangerous): menace 0/10"
    with pytest.raises(InvalidInput, match="menace"):
        Threat("x", "v", Rank.EPIC, 41)
    with pytest.raises(InvalidInput, match="name"):
        Threat(" ", "v", Rank.EPIC)
    with pytest.raises(InvalidInput, match="roll"):
        resolve_threat_advance(_blight(), TABLE, roll=101)
    with pytest.raises(InvalidInput, match="one die"):
        resolve_threat_advance(_blight(), OracleTable.from_rows("2d6", [(2, 12, "x")], dice="2d6"), roll=7)
    with pytest.raises(TypeError):
        resolve_threat_advance("threat", TABLE, roll=5)
    with pytest.raises(TypeError):
        menace_marks("row")
    assert menace_marks(OracleRow(1, 5, "Nothing happens.")) == (0, False)


def test_a_refused_advance_hands_the_die_back():
    dice = ScriptedDice([50])
    with pytest.raises(InvalidInput, match="cannot be prevented"):
        advance_a_threat(_blight(), TABLE, prevented=True, rng=dice)
    assert dice.remaining == 1
