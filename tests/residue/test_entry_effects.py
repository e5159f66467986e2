"""Entries read by an engine: tests, effects and "You may continue your journey" (issue 13, item 2)."""

import pytest

import tabletop_core as tc
from tabletop_core import ScriptedDice
from tabletop_core import residue as rs
from tabletop_core.residue.conditions import Condition
from tabletop_core.residue.entries import (
    Entry,
    EntryCheck,
    EntryEffect,
    EntryEffectResult,
    EntryOption,
    EntryTest,
    EntryTestKind,
    Requirement,
    apply_entry_effect,
    entry_line,
)
from tabletop_core.residue.luck import resolve_luck_test
from tabletop_core.residue.wanderer import Wanderer


def sheet(**extra):
    return Wanderer.new(
        hp=4, max_hp=6, endurance_dice=["d8"], inventory="d6", luck="d6", strain_threshold=3,
        rng=ScriptedDice([7]), **extra,
    )  # fmt: skip


def test_entry_checks_top_to_bottom_follow_the_first_that_applies():
    w = sheet(keywords=["Marked"], skills=["Climb"])
    entry = Entry(
        "Gate",
        checks=(
            EntryCheck("key", requires=(Requirement("keyword", "Key"),)),
            EntryCheck("climb", requires=(Requirement("skill", "Climb"),), effect=EntryEffect(hp=1)),
            EntryCheck("marked", requires=(Requirement("keyword", "Marked"),)),
        ),
    )
    assert entry.first_applicable(w).text == "climb"  # the second applies, the third is never read
    assert entry_line(entry.first_applicable(w)).hp == 1


@pytest.mark.parametrize(
    ("kind", "value", "met"),
    [
        ("skill", "Climb", True),
        ("item", "Rope", False),
        ("keyword", "Marked", True),
        ("framework", "Scout", True),
        ("resource", "Water", True),
        ("condition", "Fear", False),
    ],
)
def test_option_limitations_on_each_of_the_six_kinds(kind, value, met):
    w = sheet(keywords=["Marked"], skills=["Climb"], framework="Scout")
    entry = Entry("Ledge", options=(EntryOption("go", limitation=(Requirement(kind, value),)), EntryOption("leave")))
    assert entry.available_options(w) == ((0, 1) if met else (1,))


def test_commit_skill_plus_skill_passes_on_the_listed_stars():
    test = EntryTest("commit skill", skill_bonus=1, need=2, passed=EntryEffect(gain=("Over",)))
    assert test.kind is EntryTestKind.COMMIT_SKILL
    # A d8 showing 4 is ★, +1 Skill -> ★★: the Entry's ★★ is met
    result = rs.commit_action(sheet().endurance, "skill", 0, skill_bonus=1, rng=ScriptedDice([]))
    assert result.stars == 3  # the d8 shows 7: ★★ +1 Skill
    assert test.passes(result.stars)
    assert test.passes(2)
    assert not test.passes(1)
    assert str(test) == "Commit Skill (+1 Skill): ★★+ to pass"


def test_luck_test_passes_on_3_plus_and_fails_on_1_2():
    test = EntryTest("Luck Test", passed=EntryEffect(hp=2), failed=EntryEffect(hp=-1))
    assert test.passes(resolve_luck_test("d6", 3))
    assert not test.passes(resolve_luck_test("d6", 2))
    line = EntryOption("try", test=test)
    assert entry_line(line, passed=True).hp == 2
    assert entry_line(line, passed=False).hp == -1
    with pytest.raises(tc.InvalidInput, match="skill_bonus"):
        EntryTest("Luck Test", skill_bonus=1)
    with pytest.raises(TypeError):
        test.passes(3)


def test_entry_line_merges_keywords_effect_and_test_and_ends_the_entry():
    line = EntryOption(
        "bargain",
        gain=("Owed",),
        effect=EntryEffect(lose=("Marked",), item="Rope"),
        test=EntryTest("Luck Test", failed=EntryEffect(go_to="17")),
    )
    passed = entry_line(line, passed=True)
    assert (passed.gain, passed.lose, passed.item, passed.continue_journey) == (("Owed",), ("Marked",), "Rope", True)
    failed = entry_line(line, passed=False)
    assert failed.go_to == "17"
    assert entry_line(EntryOption("stay", continue_journey=False)).continue_journey is False
    with pytest.raises(tc.InvalidInput, match="passed"):
        entry_line(line)
    with pytest.raises(tc.InvalidInput, match="passed"):
        entry_line(EntryOption("x"), passed=True)


def test_apply_entry_effect_heals_with_bleeding_and_applies_every_sheet_part():
    w = sheet(keywords=["Marked"]).gain_condition("Bleeding")
    effect = EntryEffect(hp=1, inventory=(("water", -1), ("food", 1)), condition="Dehydration", gain=("Met",),
                         lose=("Marked",))  # fmt: skip
    done = apply_entry_effect(w, effect, rng=ScriptedDice([1]))
    after = done.wanderer
    assert after.health.hp == 5
    assert done.healing.bleeding.value == 1
    assert after.conditions.bleeding is rs.StepDie.D4
    assert (after.inventory.water, after.inventory.food) == (rs.StepDie.D4, rs.StepDie.D8)
    assert after.conditions.has(Condition.DEHYDRATION)
    assert after.keywords == ("Met",)
    assert EntryEffectResult.from_json(done.to_json()) == done
    assert "Bleeding d6 → 1" in str(done)


def test_apply_entry_effect_loses_hp_directly_and_refuses_resolve_under_corruption():
    w = sheet().gain_condition("Corruption")
    done = apply_entry_effect(w, EntryEffect(hp=-5, inventory=(("resolve", 1),)), rng=ScriptedDice([]))
    assert done.hp_lost == 5
    assert done.wanderer.health.hp == 0
    assert done.refused == ("Corruption: Resolve cannot normally be regained",)
    assert done.wanderer.inventory.resolve is rs.StepDie.D6


def test_entry_effect_bad_input():
    with pytest.raises(tc.InvalidInput):
        EntryEffect(condition="Sunburn")
    with pytest.raises(tc.InvalidInput):
        EntryEffect(inventory=(("water", 9),))
    with pytest.raises(TypeError):
        EntryEffect(inventory=("water",))
    with pytest.raises(tc.InvalidInput):
        EntryEffect(item=" ")
    with pytest.raises(TypeError):
        apply_entry_effect(sheet(), "heal")
    assert str(EntryEffect()) == "You may continue your journey"
    assert EntryEffect.from_json(EntryEffect(hp=2, item="Rope").to_json()) == EntryEffect(hp=2, item="Rope")
