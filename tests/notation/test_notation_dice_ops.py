"""Dice operators of the default dialect: mi/ma, !!, !p, f, cs/cf, s/sa/sd.

Fixed dice through ScriptedDice, canonical text and round trips, exact odds against
brute-force enumeration of every draw, and the result in text, Markdown and JSON.
"""

from __future__ import annotations

import contextlib
import itertools
import re
from fractions import Fraction

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from tabletop_core import InvalidInput, ScriptedDice
from tabletop_core.notation import (
    Clamp,
    Comparison,
    Crit,
    Dice,
    DiceMarks,
    Explode,
    Expression,
    Limits,
    NotationError,
    Reroll,
    RollResult,
    Select,
    distribution,
    parse,
    roll,
)
from tabletop_core.notation._kernel.render import warnings_text

from .notation_brute import brute_distribution, draws_bound

BRUTE_DRAWS = 50_000  # the most dice sequences a brute-force property walks (a moment each)


def rolled(expr: str, *faces: int) -> RollResult:
    return roll(expr, rng=ScriptedDice(faces))


# -- parsing and canonical text --------------------------------------------------


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("4d6mi2", "4d6mi2"),
        ("4d6 MA 5 mi 2", "4d6mi2ma5"),
        ("3d6!!", "3d6!!"),
        ("3d6!!>=5", "3d6!!>=5"),
        ("3d6!p", "3d6!p"),
        ("3d6!P=6", "3d6!p"),
        ("3d6!p>4", "3d6!p>4"),
        ("10d10>=8f1", "10d10>=8f1"),
        ("10d10>=8f<=2", "10d10>=8f<=2"),
        ("1d20cs>=19", "1d20cs>=19"),
        ("1d20cf<3cs20", "1d20cs20cf<3"),
        ("4d6s", "4d6sa"),
        ("4d6kh3sd", "4d6kh3sd"),
        ("4d6sdkh3", "4d6kh3sd"),
        ("5d6!!=6>=8", "5d6!!=6>=8"),
        ("5d6!!>=8", "5d6!!>=8"),
        ("3d6!!cs>=10", "3d6!!cs>=10"),
        ("d20 adv cs19", "2d20kh1cs19"),
        ("4d6r1mi2", "4d6mi2r1"),
    ],
)
def test_canonical_text(text: str, canonical: str) -> None:
    expression = parse(text)
    assert str(expression) == canonical
    assert parse(canonical) == expression


def test_nodes_built_by_hand() -> None:
    dice = Dice(
        4,
        6,
        clamp=Clamp(2, 5),
        explode=Explode(Comparison(">=", 5), "!p"),
        success=Comparison(">=", 4),
        failure=Comparison("=", 1),
        crit=Crit(Comparison(">=", 6), None),
        sort="d",
    )
    assert str(dice) == "4d6mi2ma5!p>=5>=4f1cs>=6sd"
    assert parse(str(dice)).body == dice
    assert Explode().kind == "!"
    assert Explode(kind="!!").compounds
    assert Explode(kind="!p").penetrates
    assert Clamp(3).apply(1) == 3
    assert Clamp(high=4).apply(6) == 4
    assert Clamp(2, 5).apply(4) == 4


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("4d6f1", "expected an operator"),
        ("4d6mi5ma2", "minimum must not exceed its maximum"),
        ("4d6mi2mi3", "only once"),
        ("4d6cs6cs5", "only once"),
        ("4d6sasd", "sorted only once"),
        ("1d6mi6!", "explodes on every face"),
        ("1d6ma1!!<=1", "explodes on every face"),
        ("1d6ma2r<=2", "matches every face"),
        ("4d6mi", "a number after 'mi'"),
        ("4d6cs", "a comparison such as >=19 after 'cs'"),
        ("4d6>=5f", "a comparison such as <3 or a number after 'f'"),
    ],
)
def test_bad_operators_are_clear_errors(text: str, message: str) -> None:
    with pytest.raises(NotationError, match=re.escape(message)):
        parse(text)


def test_hand_built_errors() -> None:
    with pytest.raises(NotationError, match="only with a success count"):
        Dice(2, 6, failure=Comparison("=", 1))
    with pytest.raises(NotationError, match=re.escape("mi (minimum) or ma")):
        Clamp()
    with pytest.raises(NotationError, match=re.escape("cs (critical success) or cf")):
        Crit()
    with pytest.raises(NotationError, match="sort must be one of"):
        Dice(2, 6, sort="x")
    with pytest.raises(NotationError, match="kind must be one of"):
        Explode(kind="!x")
    with pytest.raises(TypeError):
        Clamp("2")  # type: ignore[arg-type]


def test_words_that_are_not_operators_are_still_refused() -> None:
    # 'min(' and 'max(' are the math functions (notation-ops-b), not clamps.
    assert str(parse("min(1,2)")) == "min(1, 2)"
    for text in ("4d6m2", "4d6c6", "4d6min(1,2)"):
        with pytest.raises(NotationError):
            parse(text)


def test_words_are_not_read_as_operators() -> None:
    # A word after a roll is not a sort, a crit range or a unique mark: it keeps its hint.
    assert str(parse("min(4d6mi2, 10)")) == "min(4d6mi2, 10)"
    assert str(parse("4d6sdkh3")) == "4d6kh3sd"
    for text in ("1d20 strength", "4d6 sort", "1d20 csx", "2d6 use"):
        with pytest.raises(NotationError, match="unexpected word"):
            parse(text)


def test_nothing_accepted_before_changes_meaning() -> None:
    # The older operators print, roll and count exactly as before.
    assert str(parse("10d10!=10>=8")) == "10d10!=10>=8"
    result = rolled("4d6kh3", 6, 2, 5, 4)
    assert str(result) == "4d6kh3 (6↑, ~2~, 5, 4) = 15"
    assert result.rolls[0].marks == DiceMarks((1,))
    assert rolled("1d20", 20).crit == "crit"


# -- rolling with fixed dice -----------------------------------------------------


def test_clamp_shows_the_clamped_face_and_keeps_the_drawn_one() -> None:
    result = rolled("4d6mi2ma5", 1, 6, 3, 4)
    assert result.total == 14
    roll_ = result.rolls[0]
    assert roll_.faces == (2, 5, 3, 4)
    assert roll_.marks is not None
    assert roll_.marks.clamped == (0, 1)
    assert roll_.marks.drawn == (1, 6)
    assert [die.rolled for die in roll_.dice] == [1, 6, None, None]
    assert [die.clamped for die in roll_.dice] == [True, True, False, False]
    assert str(result) == "4d6mi2ma5 (1→2, 6→5, 3, 4) = 14"


def test_clamp_applies_before_reroll_and_explosion() -> None:
    # mi3 shows a 1 as 3; 'r3' then rerolls it; the 6 explodes into a 2 that shows as 3.
    result = rolled("2d6mi3r3!", 1, 4, 6, 2, 5)
    assert result.rolls[0].faces == (3, 4, 6, 3, 5)
    assert result.rolls[0].rerolled == (0, 3)
    assert result.rolls[0].exploded == (2,)
    assert result.total == 4 + 6 + 5


def test_compounding_adds_the_extra_dice_into_one_die() -> None:
    result = rolled("3d6!!", 6, 6, 2, 3, 6, 1)
    assert result.total == 24
    marks = result.rolls[0].marks
    assert marks is not None
    assert marks.exploded == (0, 1, 4)
    assert marks.compounded == (1, 2, 5)
    assert str(result) == "3d6!! (6↑!+6↑!+2=14, 3, 6↑!+1↓=7) = 24"
    assert result.to_markdown() == "3d6!! (6↑!+6↑!+2=14, 3, 6↑!+1↓=7) = **24**"


def test_compounded_dice_are_kept_and_counted_as_one() -> None:
    # Keep the best compounded die; count successes on the compounded total (Shadowrun style).
    assert rolled("2d6!!kh1", 6, 3, 5).total == 9
    result = rolled("3d6!!=6>=8", 6, 3, 2, 4)
    assert result.total == 1
    assert result.rolls[0].successes == (0,)
    assert str(result) == "3d6!!=6>=8 (6↑!+3=9✓, 2, 4: 1 success) = 1"


def test_penetrating_extra_dice_show_one_less() -> None:
    result = rolled("2d6!p", 6, 6, 2, 3)
    assert result.rolls[0].faces == (6, 5, 1, 3)
    assert result.rolls[0].marks is not None
    assert result.rolls[0].marks.penetrated == (1, 2)
    assert result.total == 15
    assert str(result) == "2d6!p (6↑!, 6→5!, 2→1↓, 3) = 15"
    assert [die.penetrated for die in result.rolls[0].dice] == [False, True, True, False]


def test_penetrating_with_a_condition() -> None:
    # Explodes on 5 or more as rolled: the penetrating 5 (shows 4) explodes too.
    result = rolled("1d6!p>=5", 5, 5, 1)
    assert result.rolls[0].faces == (5, 4, 0)
    assert result.total == 9


def test_failures_take_successes_away() -> None:
    result = rolled("10d10>=8f1", 1, 8, 9, 10, 3, 1, 2, 7, 8, 5)
    assert result.total == 4 - 2
    marks = result.rolls[0].marks
    assert marks is not None
    assert marks.failures == (0, 5)
    assert marks.successes == (1, 2, 3, 8)
    assert str(result) == "10d10>=8f1 (1↓✗, 8✓, 9✓, 10↑✓, 3, 1↓✗, 2, 7, 8✓, 5: 2 successes) = 2"
    assert rolled("3d6>=5f<3", 1, 2, 6).total == -1


def test_crit_ranges_flag_dice_and_the_roll() -> None:
    result = rolled("1d20cs>=19+5", 19)
    assert result.total == 24
    assert result.crit == "crit"
    assert result.rolls[0].marks is not None
    assert result.rolls[0].marks.crits == (0,)
    assert str(result) == "1d20cs>=19 (19 crit) + 5 = 24 (critical hit)"
    assert rolled("1d20cs>=19cf<=2", 2).crit == "fumble"
    assert rolled("1d20cs>=19", 1).crit == "fumble"  # cf left out: the lowest face
    assert rolled("1d20cf<=2", 20).crit == "crit"  # cs left out: the highest face
    assert rolled("1d20cs>=19", 10).crit is None
    # A dropped die is not flagged.
    result = rolled("2d20kl1cs20", 20, 7)
    assert result.crit is None
    assert result.rolls[0].marks is not None
    assert result.rolls[0].marks.crits == ()
    assert [die.crit for die in rolled("3d6cs6", 6, 1, 6).rolls[0].dice] == [True, False, True]


def test_sorting_changes_only_the_order_shown() -> None:
    result = rolled("4d6kh3sd", 3, 6, 1, 5)
    assert result.total == 14
    roll_ = result.rolls[0]
    assert roll_.faces == (3, 6, 1, 5)  # as rolled
    assert roll_.marks is not None
    assert roll_.marks.order == (1, 3, 0, 2)
    assert [die.value for die in roll_.shown] == [6, 5, 3, 1]
    assert str(result) == "4d6kh3sd (6↑, 5, 3, ~1↓~) = 14"
    assert str(rolled("4d6s", 3, 6, 1, 5)) == "4d6sa (1↓, 3, 5, 6↑) = 15"


def test_sorting_keeps_compounded_dice_and_rerolls_together() -> None:
    result = rolled("3d6!!sd", 2, 6, 3, 4)
    assert str(result) == "3d6!!sd (6↑!+3=9, 4, 2) = 15"
    result = rolled("2d6r1sa", 1, 5, 2)
    assert str(result) == "2d6r1sa (2, ~1↓~, 5) = 7"


def test_every_state_in_json_round_trips() -> None:
    result = rolled("4d6mi2!!>=6>=8f1cs>=9sd+1d20cs19", 1, 6, 4, 3, 5, 19)
    data = result.to_dict()
    assert RollResult.from_dict(data) == result
    marks = data["rolls"][0]["marks"]
    assert marks["clamped"] == [0]
    assert marks["drawn"] == [1]
    assert marks["compounded"] == [2]
    assert set(marks) >= {"crits", "order"}
    assert not set(marks) & {"failures", "penetrated", "fumbles"}  # the new marks are written only when used
    assert set(rolled("4d6kh3", 6, 2, 5, 4).to_dict()["rolls"][0]["marks"]) == {
        "type",
        "version",
        "dropped",
        "rerolled",
        "exploded",
        "successes",
    }
    assert data["crit"] == "crit"


def test_a_tampered_failure_count_is_refused() -> None:
    data = rolled("3d6>=5f1", 1, 5, 6).to_dict()
    assert data["rolls"][0]["value"] == 1
    data["rolls"][0]["value"] = 2
    with pytest.raises(InvalidInput):
        RollResult.from_dict(data)


def test_budgets_count_compounded_and_penetrating_dice() -> None:
    with pytest.raises(NotationError, match="rolled more than 3 dice"):
        roll("1d6!!", rng=ScriptedDice([6, 6, 6, 6, 1]), limits=Limits(max_dice=3))
    with pytest.raises(NotationError, match="rolled more than 3 dice"):
        roll("1d6!p", rng=ScriptedDice([6, 6, 6, 6, 1]), limits=Limits(max_dice=3))


def test_explosions_of_either_kind_stop_at_the_depth_cap() -> None:
    capped = Limits(explode_depth=2)
    assert roll("1d6!!", rng=ScriptedDice([6, 6, 6]), limits=capped).total == 18
    assert roll("1d6!p", rng=ScriptedDice([6, 6, 6]), limits=capped).total == 6 + 5 + 5


# -- exact odds ------------------------------------------------------------------

DEPTH = Limits(explode_depth=3)

ODDS_CASES = [
    "2d6mi2ma5",
    "3d4mi2ro2",
    "3d4ma3ro1",
    "2d4mi5",
    "2dFmi0",
    "3d4mi2!",
    "2d4!!",
    "2d4!p",
    "2d4!p>=3",
    "3d4!!kh2",
    "2d4!!=4>=5",
    "2d4!!>=3",
    "2d4!pkl1",
    "3d4!p=4>=3f1",
    "3d6>=5f1",
    "3d4!>=3>=4f1",
    "3d4!!=4kh2>=5f<2",
    "2d4mi2!!ro3kh1",
    "1d20cs>=19",
    "4d4kh3sd",
    "2d4!!+1d6!p-1d4mi2",
    "2d4>=3f1+2d6>=5",
]


@pytest.mark.parametrize("expr", ODDS_CASES)
def test_exact_odds_match_brute_force(expr: str) -> None:
    exact = dict(distribution(expr, limits=DEPTH).items())
    brute = {total: p for total, p in brute_distribution(expr, limits=DEPTH).items() if p}
    assert exact == brute


def test_odds_of_well_known_cases() -> None:
    # mi3 on a d6: 3 shows with 3/6.
    assert distribution("1d6mi3").probability(3) == Fraction(1, 2)
    # 1d6!p to depth 1: a 6 then 1..6 each less one.
    odds = distribution("1d6!p", limits=Limits(explode_depth=1))
    assert odds.probability(6 + 5) == Fraction(1, 36)
    assert odds.probability(6) == Fraction(1, 36)  # a 6 always explodes: 6 then a penetrating 1 (shows 0)
    assert odds.probability(5) == Fraction(1, 6)
    # One d10 counting 8+ with 1s taking one away.
    assert dict(distribution("1d10>=8f1").items()) == {-1: Fraction(1, 10), 0: Fraction(6, 10), 1: Fraction(3, 10)}
    # Flags and sorting change no odds.
    assert distribution("4d6kh3cs6sd") == distribution("4d6kh3")


def test_odds_of_compounding_stop_at_the_default_cap() -> None:
    odds = distribution("1d6!!")
    assert max(value for value, _p in odds.items()) == 6 * 20 + 6
    assert sum(p for _v, p in odds.items()) == 1


def test_odds_budgets_are_checked() -> None:
    with pytest.raises(NotationError, match="exact odds would"):
        distribution("200d100!!kh100>=50f2", limits=Limits(max_odds_work=10**5))


# -- properties ------------------------------------------------------------------

OPS = (">=", "<=", ">", "<", "=")


@st.composite
def ops_terms(draw: st.DrawFn, max_count: int = 3, max_sides: int = 5) -> Dice:
    """Dice terms using the operators of this file (and the older ones), valid by construction."""
    count = draw(st.integers(1, max_count))
    sides = draw(st.integers(1, max_sides))

    def comparison() -> Comparison:
        return Comparison(draw(st.sampled_from(OPS)), draw(st.integers(0, sides + 1)))

    clamp = None
    if draw(st.booleans()):
        low = draw(st.one_of(st.none(), st.integers(0, sides + 1)))
        high = draw(st.one_of(st.none(), st.integers(low or 0, sides + 2)))
        if low is not None or high is not None:
            clamp = Clamp(low, high)
    reroll = Reroll(comparison(), once=True) if draw(st.booleans()) else None
    explode = Explode(None if draw(st.booleans()) else comparison(), draw(st.sampled_from(("!", "!!", "!p"))))
    explode = explode if draw(st.booleans()) else None
    select = Select(draw(st.sampled_from(("kh", "kl", "dh", "dl"))), draw(st.integers(0, 3)))
    select = select if draw(st.booleans()) else None
    success = comparison() if draw(st.booleans()) else None
    failure = comparison() if success is not None and draw(st.booleans()) else None
    crit = Crit(comparison(), None if draw(st.booleans()) else comparison()) if draw(st.booleans()) else None
    sort = draw(st.sampled_from((None, "a", "d")))
    try:
        return Dice(count, sides, False, reroll, explode, select, success, clamp, failure, crit, sort)
    except NotationError:  # explodes or rerolls on every face shown
        return Dice(count, sides, select=select, sort=sort)


@given(ops_terms())
def test_round_trip(term: Dice) -> None:
    expression = Expression(term)
    assert parse(str(expression)) == expression


@given(ops_terms())
def test_spacing_and_case_do_not_matter(term: Dice) -> None:
    tokens = re.findall(r"\d+|kh|kl|dh|dl|ro|mi|ma|cs|cf|sa|sd|!!|!p|>=|<=|.", str(term))
    assert parse(" ".join(tokens).upper()).body == term


# How a line ends after its total, by the roll's crit flag (both dialects).
CRIT_SUFFIX = {None: "", "crit": " (critical hit)", "fumble": " (critical failure)"}
SMALL = Limits(explode_depth=2, max_dice=200)


@settings(max_examples=40, deadline=None)
@given(ops_terms(max_count=2, max_sides=4))
def test_odds_match_brute_force(term: Dice) -> None:
    expression = Expression(term)
    assume(draws_bound(expression, SMALL.explode_depth) <= BRUTE_DRAWS)
    exact = dict(distribution(expression, limits=SMALL).items())
    brute = {total: p for total, p in brute_distribution(str(expression), limits=SMALL).items() if p}
    assert exact == brute


@settings(max_examples=60, deadline=None)
@given(ops_terms(), st.integers(0, 2**32))
def test_rolls_lie_in_the_support_and_results_round_trip(term: Dice, seed: int) -> None:
    expression = Expression(term)
    result = roll(expression, rng=seed, limits=SMALL)
    assert result.total in distribution(expression, limits=SMALL)
    assert RollResult.from_dict(result.to_dict()) == result
    assert result.tree.value == result.total
    assert str(result).endswith(f"= {result.total}{CRIT_SUFFIX[result.crit]}{warnings_text(result.warnings)}")
    assert f"= **{result.total}**{CRIT_SUFFIX[result.crit]}" in result.to_markdown()
    dice = result.rolls[0].dice
    assert len(result.rolls[0].shown) == len(dice)
    assert sorted(d.value for d in result.rolls[0].shown) == sorted(d.value for d in dice)


ALPHABET = st.sampled_from(
    [*list("0123456789dDfFkKhHlLrRoOmMiIaAcCsSpPuU!%+-*/()<>=[] \t"), "mi", "ma", "cs", "cf", "sd", "!!", "!p", "d6"]
)


@settings(max_examples=300, deadline=None)
@given(st.lists(ALPHABET, max_size=30).map("".join), st.integers(0, 99))
def test_fuzzed_text_only_raises_notation_errors(text: str, seed: int) -> None:
    small = Limits(max_odds_work=10**6)
    with contextlib.suppress(NotationError):
        parse(text)
    with contextlib.suppress(NotationError):
        distribution(text, limits=small)
    with contextlib.suppress(NotationError):
        result = roll(text, rng=seed)
        assert str(result).endswith(f"= {result.total}{CRIT_SUFFIX[result.crit]}{warnings_text(result.warnings)}")


# -- unique dice (u) ---------------------------------------------------------------


def brute_unique(expression: Expression) -> dict[int, Fraction]:
    """Every ordered draw of different faces is equally likely: roll each with fixed dice."""
    term = expression.body
    assert isinstance(term, Dice)
    allowed = [r for r in range(1, term.sides + 1) if not term.rerolls(term.face_of(r))]
    draws = list(itertools.permutations(allowed, term.count))
    totals: dict[int, Fraction] = {}
    for draw in draws:
        total = roll(expression, rng=ScriptedDice(draw)).total
        totals[total] = totals.get(total, Fraction(0)) + Fraction(1, len(draws))
    return totals


def test_unique_dice_roll_again_on_a_face_taken() -> None:
    result = rolled("4d6u", 3, 3, 5, 3, 6, 1)
    assert result.total == 3 + 5 + 6 + 1
    assert result.rolls[0].rerolled == (1, 3)
    assert str(result) == "4d6u (3, ~3~, 5, ~3~, 6↑, 1↓) = 15"
    # With 'r1' a 1 is rolled again too; then keep the best 3 of the different faces.
    assert rolled("4d6r1ukh3", 1, 2, 2, 6, 5, 3).total == 6 + 5 + 3
    assert str(parse("4D6 U KH3")) == "4d6ukh3"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("4d3u", "at least as many faces as dice: 4 dice, 3 faces"),
        ("3d4r<=2u", "at least as many faces as dice: 3 dice, 2 faces"),
        ("2d6u!", "take no clamp, reroll once or explosion"),
        ("2d6mi2u", "take no clamp, reroll once or explosion"),
        ("2d6ro1u", "take no clamp, reroll once or explosion"),
        ("2d6uu", "unique only once"),
    ],
)
def test_unique_errors(text: str, message: str) -> None:
    with pytest.raises(NotationError, match=re.escape(message)):
        parse(text)


@pytest.mark.parametrize(
    "expr", ["2d4u", "3d4ukh2", "3d4udl1", "3d5>=4u", "3d5>=4f1u", "2d5r1u", "3dFu", "2d4ukl1>=2", "4d6ukh3"]
)
def test_unique_odds_match_every_draw(expr: str) -> None:
    expression = parse(expr)
    assert dict(distribution(expression).items()) == brute_unique(expression)


@st.composite
def unique_terms(draw: st.DrawFn) -> Dice:
    sides = draw(st.integers(1, 6))
    count = draw(st.integers(1, sides))
    select = Select(draw(st.sampled_from(("kh", "kl", "dh", "dl"))), draw(st.integers(0, 3)))
    success = Comparison(draw(st.sampled_from(OPS)), draw(st.integers(0, sides + 1)))
    success = success if draw(st.booleans()) else None
    failure = Comparison("<=", draw(st.integers(0, 2))) if success is not None and draw(st.booleans()) else None
    sort = draw(st.sampled_from((None, "a", "d")))
    return Dice(count, sides, select=select if draw(st.booleans()) else None, success=success,
                failure=failure, sort=sort, unique=True)  # fmt: skip


@settings(max_examples=40, deadline=None)
@given(unique_terms(), st.integers(0, 2**32))
def test_unique_round_trip_odds_and_rolls(term: Dice, seed: int) -> None:
    expression = Expression(term)
    assert parse(str(expression)) == expression
    exact = dict(distribution(expression).items())
    assert exact == brute_unique(expression)
    result = roll(expression, rng=seed)
    assert result.total in exact
    kept = [face for i, face in enumerate(result.rolls[0].faces) if i not in result.rolls[0].rerolled]
    assert len(set(kept)) == len(kept) == term.count
    assert RollResult.from_dict(result.to_dict()) == result
