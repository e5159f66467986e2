from tabletop_core.d20 import TestEffects, resolve_contest, resolve_test, roll_contest
from tabletop_core.rng import ScriptedDice


def test_chat_lines():
    check = resolve_test(
        flat_roll=14, stakes="mid", modifier=3, fortune="target Off Guard", fortune_die=4, kind="check"
    )
    assert str(check) == "Check 14 + 3 + d6(4) = 21 · Mid Stakes -> Success (Fortune: target Off Guard)"
    assert (
        str(resolve_test(flat_roll=9, stakes="high", modifier=-2, misfortune="Impaired", fortune_die=6, fatigue=2))
        == "Test 9 - 2 - d6(6) - 2 = -1 · High Stakes -> Failure (Misfortune: Impaired; Fatigue 2)"
    )
    assert (
        str(resolve_test(flat_roll=12, stakes="low", fortune="Hidden", misfortune="Clumsy", kind="attack"))
        == "Attack 12 = 12 · Low Stakes -> Success (Fortune (Hidden) and Misfortune (Clumsy) cancel: no d6)"
    )
    assert (
        str(resolve_test(flat_roll=18, stakes="mid", kind="save", automatic_failure="Helpless: no Body Saves"))
        == "Save 18 = 18 · Mid Stakes -> Failure (fails automatically: Helpless: no Body Saves)"
    )
    assert str(resolve_contest(actor_total=9, target_total=12, actor_trait=0, target_trait=0)) == (
        "Contest 9 vs 12 -> target wins: Failure"
    )


def test_markdown_and_html():
    roll = resolve_test(flat_roll=14, stakes="mid", modifier=3, fortune="target Off Guard", fortune_die=4, fatigue=1)
    # One line for chat (Discord draws no Markdown tables); the table is the notebook's.
    assert roll.to_markdown() == (
        "Test 14 + 3 + d6(4) - 1 = 20 · Mid Stakes -> **Success** (Fortune: target Off Guard; Fatigue 1)"
    )
    table = roll._repr_markdown_()
    assert "| d6 (target Off Guard) (Fortune) | +4 |" in table
    assert "| Fatigue (Fatigue) | -1 |" in table
    assert "| Test Total | 20 |" in table
    page = roll._repr_html_()
    assert page.startswith(
        '<table class="tabletop-record"><caption style="text-align:left">Test 14 + 3 + d6(4) - 1 = 20'
    )
    cell = '<th style="text-align:left">{}</th><td style="text-align:left">{}</td>'
    assert cell.format("d6 (target Off Guard) (Fortune)", "+4") in page
    assert cell.format("Fatigue (Fatigue)", "-1") in page
    assert cell.format("Test Total", 20) in page
    assert cell.format("Test Result", "success") in page
    contest = roll_contest(actor_trait=1, target_trait=0, rng=ScriptedDice([3, 4]))
    assert contest._repr_html_().startswith(
        f'<table class="tabletop-record"><caption style="text-align:left">{str(contest).replace(">", "&gt;")}</caption>'
    )
    assert cell.format("winner", "target") + "</tr>" in contest._repr_html_()
    assert str(TestEffects()) == "no effect on the Test"
    assert str(TestEffects(fortune=("a",), misfortune=("b",), automatic_failure=("c",), fatigue=2)) == (
        "Fortune (a); Misfortune (b); they cancel: no d6; fails automatically (c); Fatigue -2"
    )


def test_a_source_or_reason_longer_than_the_limit_is_refused_before_any_work():
    """A Fortune's reason is text a bot passes straight through: at most MAX_LABEL_CHARS of it.

    Each Test an odds table builds re-reads the reasons, so a 1 MB reason once took 0.6 s.
    """
    import pytest

    import tabletop_core as tc
    from tabletop_core import d20
    from tabletop_core.d20.modifier import MAX_LABEL_CHARS

    longest = "x" * MAX_LABEL_CHARS
    assert d20.roll_test(stakes="mid", fortune=longest, rng=ScriptedDice([10, 3])).total >= 10
    with pytest.raises(tc.InvalidInput, match=r"fortune must be at most 10,000 characters, got 10,001"):
        d20.stakes_odds(stakes="mid", fortune=longest + "x")
