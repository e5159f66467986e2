"""Ironsworn: Delve: sites from a theme and a domain, their features and dangers, and the delve moves.

The data is the invented docs/examples/mini-classic.json and mini-delve.json; the real
Delve data is tested in test_datasworn_rulesets_real.py.
"""

import itertools
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tabletop_core import ScriptedDice
from tabletop_core.action_roll import Outcome, Rank, resolve_action
from tabletop_core.action_roll.datasworn import OracleRow, OracleTable, load
from tabletop_core.action_roll.delve import (
    DelveMoves,
    DelveResult,
    DelveSite,
    delve_the_depths,
    delve_the_depths_odds,
    overlay_rows,
    simulate_delve,
)
from tabletop_core.errors import DiceExhausted, InvalidInput, RuleError

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples"


@pytest.fixture(scope="module")
def ruleset():
    return load(EXAMPLES / "mini-classic.json", EXAMPLES / "mini-delve.json")


@pytest.fixture(scope="module")
def moves(ruleset):
    return DelveMoves.from_ruleset(ruleset)


@pytest.fixture(scope="module")
def site(ruleset):
    return DelveSite.from_data(ruleset.delve_site("Bat Cave"), ruleset)


def test_a_site_is_a_theme_a_domain_and_a_ranked_track(site):
    """Discover a Site: "choose the theme and domain ... and give it a rank\"."""
    assert (site.theme.name, site.domain.name, site.rank, site.track.ticks) == ("Ancient", "Cavern", Rank.DANGEROUS, 0)
    assert str(site) == "Bat Cave (Ancient Cavern): Bat Cave (dangerous): [··········] 0/40 ticks, progress score 0"
    assert DelveSite.from_json(site.to_json()) == site


@pytest.mark.parametrize(
    ("rank", "ticks"),
    [(Rank.TROUBLESOME, 12), (Rank.DANGEROUS, 8), (Rank.FORMIDABLE, 4), (Rank.EXTREME, 2), (Rank.EPIC, 1)],
)
def test_progress_per_area_by_rank(site, rank, ticks):
    """ "Troublesome site: 3 progress per area. Dangerous: 2. Formidable: 1. Extreme: 2 ticks. Epic: 1 tick.\""""
    fresh = DelveSite.discover("x", site.theme, site.domain, rank)
    assert fresh.mark_progress().track.ticks == ticks


def test_features_are_the_theme_rows_then_the_domain_rows(site):
    features = site.features()
    assert [str(row) for row in features.rows] == [
        "1-10 Evidence of lost knowledge",
        "11-20 Inscrutable relics",
        "21-60 Twisting passages",
        "61-88 Underground lake",
        "89-98 Something unusual or unexpected",
        "99 You transition into a new theme",
        "100 You transition into a new domain",
    ]
    assert features.coverage().is_complete
    assert features.odds().probability(features.rows[2]) == Fraction(40, 100)


def test_dangers_put_the_cards_over_the_reveal_a_danger_table(site, moves):
    """Reveal a Danger: 1-30 "Check the theme card", 31-45 "Check the domain card"; the cards' rows take those rolls."""
    dangers = site.dangers(moves.danger)
    assert [str(row) for row in dangers.rows] == [
        "1-15 Ancient trap",
        "16-30 Ancient evil resurgent",
        "31-38 Cave-in",
        "39-45 Flooding",
        "46-90 You face a hazard.",
        "91-100 Roll twice more on this table.",
    ]
    assert dangers.coverage().is_complete
    rolled = delve_the_depths(site, moves, stat="edge", value=1, rng=ScriptedDice([1, 9, 9, 20]))
    assert rolled.danger is not None
    assert rolled.danger.text == "Ancient evil resurgent"


@given(
    st.lists(st.tuples(st.integers(1, 100), st.integers(0, 30)), max_size=5),
    st.lists(st.tuples(st.integers(1, 100), st.integers(0, 30)), min_size=1, max_size=5),
)
def test_overlaid_rows_give_every_roll_to_an_upper_row_where_one_claims_it(over, under):
    upper = [OracleRow(low, min(100, low + span), f"over {i}") for i, (low, span) in enumerate(over)]
    lower = [OracleRow(low, min(100, low + span), f"under {i}") for i, (low, span) in enumerate(under)]
    rows = overlay_rows(upper, lower)
    for roll in range(1, 101):
        claimed_over = [row.text for row in upper if row.low <= roll <= row.high]
        claimed_under = [row.text for row in lower if row.low <= roll <= row.high]
        landed = [row.text for row in rows if row.low <= roll <= row.high]
        if claimed_over:
            assert sorted(landed) == sorted(claimed_over)
        else:
            assert sorted(landed) == sorted(claimed_under)


@pytest.mark.parametrize(
    ("dice", "marks", "opportunity", "danger", "to_choose"),
    [
        ([3, 2, 4, 55], 1, "A clue offers insight.", None, False),  # strong hit: mark progress, Find an Opportunity
        ([2, 4, 8, 50], 1, None, None, False),  # weak hit, edge 46-65: "Mark progress."
        ([2, 4, 8, 90, 10], 2, None, "Ancient trap", False),  # weak hit, 81-100: twice, Reveal a Danger
        ([2, 4, 8, 78, 95], 1, "You find a helpful object.", None, False),  # 76-80: take both
        ([2, 4, 8, 70], 0, None, None, True),  # 66-75: choose one (not chosen)
        ([1, 8, 9, 60], 0, None, "You face a hazard.", False),  # miss: Reveal a Danger
    ],
)
def test_delve_the_depths_does_what_its_outcome_and_row_say(site, moves, dice, marks, opportunity, danger, to_choose):
    """Strong hit: "Mark progress and Find an Opportunity"; weak hit: "roll on the following table according
    to your stat"; miss: "Reveal a Danger\"."""
    result = delve_the_depths(site, moves, stat="edge", value=3, rng=ScriptedDice(dice))
    assert result.marks == marks
    assert (result.opportunity.text if result.opportunity else None) == opportunity
    assert (result.danger.text if result.danger else None) == danger
    assert result.to_choose is to_choose
    assert result.site.track.ticks == 8 * marks
    assert DelveResult.from_json(result.to_json()) == result


def test_a_choice_the_player_makes_is_applied(site, moves):
    progress = delve_the_depths(site, moves, stat="edge", value=3, choose="progress", rng=ScriptedDice([2, 4, 8, 70]))
    assert (progress.marks, progress.opportunity, progress.to_choose) == (1, None, False)
    found = delve_the_depths(
        site, moves, stat="edge", value=3, choose="opportunity", rng=ScriptedDice([2, 4, 8, 70, 5])
    )
    assert (found.marks, found.opportunity.text) == (0, "The terrain favors you.")


def test_bad_delve_arguments(site, moves):
    with pytest.raises(InvalidInput, match="stat must be one of edge, shadow, wits"):
        delve_the_depths(site, moves, stat="iron", value=2)
    with pytest.raises(InvalidInput, match="choose must be"):
        delve_the_depths(site, moves, stat="wits", value=2, choose="both")
    dice = ScriptedDice([2, 4])
    with pytest.raises(DiceExhausted):
        delve_the_depths(site, moves, stat="wits", value=2, rng=dice)
    assert dice.remaining == 2  # all or none: the move's dice are given back


def test_exact_odds_of_each_row_against_brute_force(site, moves):
    """Enumerate the action die, both challenge dice and the d100 the outcome leads to."""
    odds = delve_the_depths_odds(site, moves, stat="shadow", value=2)
    assert sum(odds.probabilities) == 1
    tables = {
        Outcome.STRONG_HIT: moves.opportunity,
        Outcome.WEAK_HIT: moves.depths["shadow"],
        Outcome.MISS: site.dangers(moves.danger),
    }
    expected: dict = {}
    for action, first, second in itertools.product(range(1, 7), range(1, 11), range(1, 11)):
        outcome = resolve_action(action_die=action, challenge_dice=(first, second), stat=2).outcome
        for roll in range(1, 101):
            key = (outcome, tables[outcome].row_for(roll))
            expected[key] = expected.get(key, Fraction(0)) + Fraction(1, 600 * 100)
    assert dict(odds.items()) == expected


def test_the_batch_is_the_pure_rule_die_for_die(site, moves):
    batch = simulate_delve(500, stat="wits", value=2, momentum=-3, rng=5)
    for index in range(len(batch)):
        dice = [int(batch.action_dice[index]), *(int(v) for v in batch.challenge_dice[index])]
        one = resolve_action(action_die=dice[0], challenge_dice=dice[1:], stat=2, momentum=-3)
        assert batch.outcome(index) is one.outcome
    assert all(1 <= int(v) <= 100 for v in batch.follow_rolls)
    assert "Delve the Depths rolls at +wits" in str(batch)


def test_returning_to_a_site_clears_the_lower_challenge_die_in_boxes(site):
    """ "Roll both challenge dice, take the lowest value, and clear that number of progress boxes.\""""
    explored = site.mark_progress(times=3)  # 24 ticks: 6 boxes
    assert explored.return_to((4, 2)).track.score == 4
    assert explored.return_to((10, 9)).track.ticks == 0
    again, dice = explored.return_to_site(rng=ScriptedDice([5, 3]))
    assert (dice, again.track.score) == ((5, 3), 3)


def test_locate_your_objective_and_going_on_after_a_miss(site):
    """Miss: "clear all but one filled progress and raise the site's rank by one (if not already epic)\"."""
    explored = site.mark_progress(times=4)
    assert str(explored.locate_objective(rng=ScriptedDice([3, 9]))) == "Progress 8 vs 3 · 9 -> weak hit"
    deeper = explored.after_miss()
    assert (deeper.rank, deeper.track.ticks) == (Rank.FORMIDABLE, 4)


def test_the_denizen_matrix(site, ruleset):
    """A ready-made site's matrix names its denizens as the players see them: the NPC's name (Cave Bat, not
    ``minidelve/npcs/beasts/cave_bat``), and a named one with what it is ("The Old One (Troll)")."""
    table = site.denizen_table()
    assert table.coverage().is_complete
    assert [row.text for row in table.rows] == [
        ruleset.npc("minidelve/npcs/beasts/cave_bat").name,
        "Troll",
        "(common denizen: yours to choose)",
        "(uncommon denizen: yours to choose)",
        "The Old One (Troll)",
        "(unforeseen denizen: yours to choose)",
    ]
    assert [d.npc for d in site.denizens][:2] == ["minidelve/npcs/beasts/cave_bat", "miniclassic/npcs/beasts/troll"]
    assert table.odds().probability(table.rows[0]) == Fraction(27, 100)
    bare = DelveSite.discover("Mine", site.theme, site.domain, Rank.EPIC)
    with pytest.raises(RuleError, match="no denizen matrix"):
        bare.denizen_table()


def test_the_moves_tables_come_from_the_moves(ruleset, moves):
    assert sorted(moves.depths) == ["edge", "shadow", "wits"]
    assert moves.opportunity.id == "minidelve/oracles/moves/find_an_opportunity"
    assert moves.danger.id == "minidelve/oracles/moves/reveal_a_danger"
    with pytest.raises(InvalidInput, match="no move named 'Delve the Depths'"):
        DelveMoves.from_ruleset(load(EXAMPLES / "mini-classic.json"))


def test_a_table_of_another_size_is_refused_as_dangers():
    with pytest.raises(TypeError):
        overlay_rows([OracleRow(1, 2, "a")], "rows")
    with pytest.raises(TypeError, match="reveal_a_danger"):
        DelveSite.discover("x", *_parts(), Rank.EPIC).dangers("table")


def _parts():
    from tabletop_core.action_roll.datasworn import SiteDomain, SiteTheme

    return SiteTheme("t", "T", features=(OracleRow(1, 100, "f"),)), SiteDomain("d", "D")


def test_a_site_of_your_own_rolls_as_the_data_does():
    theme, domain = _parts()
    site = DelveSite.discover("Hole", theme, domain, Rank.TROUBLESOME)
    danger = OracleTable.from_rows("Danger", [(1, 100, "Bats")])
    assert [str(row) for row in site.dangers(danger).rows] == ["1-100 Bats"]


def test_the_move_points_to_the_table_of_the_stat_rolled(ruleset):
    """Delve the Depths: "On a weak hit, roll on the following table according to your stat", the table being
    a collection of three columns (Edge, Shadow, Wits); on a strong hit, Find an Opportunity's; on a miss,
    Reveal a Danger's."""
    move = ruleset.move("Delve the Depths")
    assert [t.name for t in ruleset.move_tables(move, Outcome.WEAK_HIT)] == ["Edge", "Shadow", "Wits"]
    assert [t.name for t in ruleset.move_tables(move, Outcome.WEAK_HIT, option="wits")] == ["Wits"]
    assert [t.name for t in ruleset.move_tables(move, Outcome.STRONG_HIT, option="wits")] == ["Find an Opportunity"]
    assert [t.name for t in ruleset.move_tables(move, Outcome.MISS)] == ["Reveal a Danger"]
    rolled = ruleset.roll_move_table(move, Outcome.WEAK_HIT, option="shadow", rng=ScriptedDice([50]))
    assert rolled.table_id == moves_of(ruleset).depths["shadow"].id


def moves_of(ruleset):
    return DelveMoves.from_ruleset(ruleset)


def test_the_command_line_rolls_the_table_of_the_stat(capsys):
    """`tabletop move "Delve the Depths" --option wits --table`: a weak hit rolls the Wits table."""
    from tabletop_core.cli import main

    data = ["--data", str(EXAMPLES / "mini-classic.json"), "--data", str(EXAMPLES / "mini-delve.json")]
    command = ["move", "Delve the Depths", *data, "--stats", "3,2,2,1,1", "--option", "wits", "--table"]
    assert main([*command, "--dice", "4,3,8,60"]) == 0
    out = capsys.readouterr().out
    assert "-> weak hit" in out
    assert "Wits (1d100): 60 -> Choose one: Mark progress or Find an Opportunity." in out
