"""Choices that describe themselves, come grouped by decision, and say which dice they will ask for."""

from __future__ import annotations

import random

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from journey_strategies import journeys

import tabletop_core as tc
from tabletop_core.residue.combat import Creature, Encounter
from tabletop_core.residue.entries import Entry, EntryOption, EntryTest
from tabletop_core.residue.hexmap import Direction, Hex
from tabletop_core.residue.inventory import InventoryKind
from tabletop_core.residue.items import Item, Loadout, Vendor
from tabletop_core.residue.journey import (
    Act,
    Choice,
    ChoiceGroup,
    DicePlan,
    Journey,
    StrainChoice,
    example_setup,
    start_journey,
)
from tabletop_core.residue.journey.offers import offered
from tabletop_core.residue.journey.phases import CombatPhase, EntryPhase, TradePhase, Trip
from tabletop_core.residue.wanderer import Wanderer
from tabletop_core.rng import DiceSource


def sheet(values=(7, 2, 5), **kw):
    return Wanderer.new(
        hp=6,
        endurance_dice=["d8", "d6", "d8"],
        inventory="d8",
        luck="d6",
        strain_threshold=3,
        rng=tc.ScriptedDice(values),
        **kw,
    )


def start(w=None):
    return start_journey(w or sheet(), example_setup(), rng=tc.ScriptedDice([4, 2, 1]))


class Recording(DiceSource):
    """Random dice that remember the size of each die asked for."""

    def __init__(self, seed: int) -> None:
        self.inner = tc.dice_source(seed)
        self.sides: list[int] = []

    def roll(self, sides: int) -> int:
        self.sides.append(sides)
        return self.inner.roll(sides)

    def roll_many(self, sides, n):
        return [self.roll(sides) for _ in range(n)]


# -- words -----------------------------------------------------------------------------------


def test_a_commit_names_the_die_its_size_and_value_and_luck():
    labels = [str(c) for c in start().choices()]
    assert labels[:4] == [
        "Commit Move with die 1, a d8 showing 7",
        "Commit Move with die 1, a d8 showing 7 and ⊙ Luck d6",
        "Commit Move with die 2, a d6 showing 2",
        "Commit Move with die 2, a d6 showing 2 and ⊙ Luck d6",
    ]


def test_an_attack_names_the_enemy_and_a_defense_the_blow():
    husk = Creature("Husk", hp=3, defense=1, damage=2)
    fight = attrs.evolve(start(), stage=CombatPhase(Encounter((husk,)), then=Trip()))
    labels = [str(c) for c in fight.choices()]
    assert labels[0] == "Commit Attack on Husk (HP 3/3, Defense 1, Damage 2) with die 1, a d8 showing 7"
    assert "Pass: the Attack counts as 0 and every living enemy Retaliates" in labels
    assert "Run (Commit Move) with die 3, a d8 showing 5" in labels
    defending = attrs.evolve(fight, stage=CombatPhase(Encounter((husk,)), retaliators=(0,), then=Trip()))
    words = [str(c) for c in defending.choices()]
    assert "Commit Defense against Husk's 2 Damage with die 1, a d8 showing 7" in words
    assert "take the blow: Husk's 2 Damage, no Defense" in words


def test_an_entrys_option_is_its_text_and_a_good_its_name_and_price():
    gate = Entry("Gate", options=(EntryOption("Climb the wall", test=EntryTest("Commit Skill", need=2)),))
    reading = attrs.evolve(start(), stage=EntryPhase(entry=gate))
    assert next(str(c) for c in reading.choices()) == "Gate: Climb the wall [Commit Skill: ★★+ to pass]"
    knife = Item("Knife")
    trader = Vendor("Trader", tradeable=(InventoryKind.FOOD,), goods=(knife,), prices=(2,))
    w = sheet(loadout=Loadout((None,), ()))
    j = attrs.evolve(start(w), setup=attrs.evolve(example_setup(), vendors=(trader,)), vendors=(trader,))
    trading = attrs.evolve(j, stage=TradePhase(vendor="Trader"))
    assert str(trading.choices()[0]) == "Barter for Knife [Item] from Trader: 2 ⊙ of Food"
    assert str(trading.choices()[-1]) == "leave Vendor Trader"


def test_a_move_names_the_hex_and_what_the_map_knows_of_it():
    moving = start().apply(Choice(Act.COMMIT_MOVE, die=0), rng=tc.ScriptedDice([])).journey
    labels = [str(c) for c in moving.choices()]
    assert labels[0] == "move N to (0,-1), a New Hex"
    assert labels[6] == "End Travel (lose 2 Travel ★)"


def test_the_label_is_outside_equality_and_kept_in_a_saved_choice():
    offered_now = start().choices()
    plain = Choice(Act.COMMIT_MOVE, die=0)
    assert offered_now[0] == plain
    assert hash(offered_now[0]) == hash(plain)
    assert str(plain) == "Commit Move for Travel die 1"
    data = offered_now[0].to_dict()
    assert data["label"] == "Commit Move with die 1, a d8 showing 7"
    assert "label" not in plain.to_dict()
    assert str(Choice.from_dict(data)) == "Commit Move with die 1, a d8 showing 7"
    step = start().apply(offered_now[0], rng=tc.ScriptedDice([]))
    assert str(step).startswith("Day 1: Commit Move with die 1, a d8 showing 7: ")


# -- subsets ----------------------------------------------------------------------------------


def test_a_reroll_is_offered_for_all_the_dice_and_each_die_and_any_subset_is_built_with_with_dice():
    j = start()
    rerolls = [c for c in j.choices() if c.act is Act.REROLL]
    assert rerolls == [Choice(Act.REROLL), *(Choice(Act.REROLL, dice=(i,)) for i in range(3))]
    assert str(rerolls[2]) == "gain 1 Strain to Reroll die 2, a d6 showing 2"
    pair = rerolls[0].with_dice([2, 0])
    assert pair == StrainChoice(Act.REROLL, (0, 2))
    step = j.apply(pair, rng=tc.ScriptedDice([1, 8]))
    assert [d.value for d in step.journey.wanderer.endurance.pool] == [1, 2, 8]
    with pytest.raises(tc.InvalidInput, match="repeat"):
        rerolls[0].with_dice([1, 1])
    with pytest.raises(tc.InvalidInput, match="which"):
        j.apply(rerolls[0].with_dice([0, 5]))  # no die 6


# -- the menu ---------------------------------------------------------------------------------------


def test_the_menu_groups_the_choices_by_decision():
    husk = Creature("Husk", hp=3, defense=1, damage=2)
    wisp = Creature("Wisp", hp=1)
    fight = attrs.evolve(start(), stage=CombatPhase(Encounter((husk, wisp)), then=Trip()))
    menu = fight.menu()
    assert [str(g) for g in menu] == [
        "Commit Attack on Husk (HP 3/3, Defense 1, Damage 2): which die? (6 choices)",
        "Commit Attack on Wisp (HP 1/1, Defense 0, Damage 0): which die? (6 choices)",
        "Pass: the Attack counts as 0 and every living enemy Retaliates",
        "Run (Commit Move): which die? (6 choices)",
        "Reroll for 1 Strain: which dice? (4 choices)",
    ]
    assert [c for g in menu for c in g.choices] == list(fight.choices())
    assert ChoiceGroup.from_dict(menu[0].to_dict()) == menu[0]
    with pytest.raises(tc.InvalidInput, match="at least one"):
        ChoiceGroup(Act.PASS, "Pass", ())


# -- the dice a choice asks for ------------------------------------------------------------------------


def test_dice_for_names_the_dice_before_they_are_rolled():
    j = start()
    assert j.dice_for(Choice(Act.COMMIT_MOVE, die=0)) == DicePlan((), more=False)
    assert j.dice_for(Choice(Act.COMMIT_MOVE, die=0, luck=True)) == DicePlan((6,), more=False)
    assert j.dice_for(Choice(Act.REROLL)) == DicePlan((8, 6, 8), more=True)  # 200 trials: not proved closed
    assert j.dice_for(Choice(Act.REROLL), budget=500) == DicePlan((8, 6, 8), more=False)
    moving = j.apply(Choice(Act.COMMIT_MOVE, die=0), rng=tc.ScriptedDice([])).journey
    plan = moving.dice_for(Choice(Act.MOVE, direction=Direction.S))
    assert plan == DicePlan((8, 3), more=True)  # Gear d8, the Region d3; the Area's die depends on the Region
    assert str(plan) == "d8, then d3, then maybe more"
    assert str(DicePlan((), more=False)) == "no dice"
    with pytest.raises(tc.RuleError):
        j.dice_for(Choice(Act.PASS))
    with pytest.raises(tc.InvalidInput):
        j.dice_for(Choice(Act.REROLL), budget=0)
    with pytest.raises(tc.InvalidInput):
        DicePlan((1,), more=False)  # never a die of fewer than 2 sides


def test_an_app_asks_the_player_for_exactly_the_dice_named():
    j = start()
    asked: list[int] = []

    def player(sides):
        asked.append(sides)
        return 1

    choice = Choice(Act.REROLL)
    plan = j.dice_for(choice)
    j.apply(choice, rng=tc.CallbackDice(player))
    assert tuple(asked) == plan.dice


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(journeys(), st.integers(0, 2**32))
def test_the_dice_a_choice_names_are_the_dice_it_asks_for_and_never_a_d1(journey, seed):
    """Along a random walk on generated content: the dice named come first, in order; all of them when closed."""
    pick = random.Random(seed)
    for _ in range(60):
        if journey.is_over:
            break
        choice = pick.choice(journey.choices())
        plan = journey.dice_for(choice, budget=60)
        dice = Recording(pick.randrange(2**32))
        after = journey.apply(choice, rng=dice).journey
        assert tuple(dice.sides[: len(plan.dice)]) == plan.dice
        if not plan.more:
            assert tuple(dice.sides) == plan.dice
        assert all(sides >= 2 for sides in dice.sides)
        journey = after


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(journeys(), st.integers(0, 2**32))
def test_choices_are_the_offered_ones_labelled_and_the_menu_partitions_them(journey, seed):
    pick = random.Random(seed)
    for _ in range(60):
        if journey.is_over:
            break
        described = journey.choices()
        plain = offered(journey)
        assert [c for c in described if not (isinstance(c, StrainChoice) and c.dice is not None)] == list(plain)
        for choice in described:
            text = str(choice)
            assert text
            assert "\n" not in text
            assert choice.label == text
        assert [c for g in journey.menu() for c in g.choices] == list(described)
        journey = journey.apply(pick.choice(described), rng=tc.dice_source(pick.randrange(2**32))).journey


def test_a_journey_saved_with_labelled_choices_in_its_log_loads_equal():
    j = start()
    step = j.apply(j.choices()[0], rng=tc.ScriptedDice([]))
    from tabletop_core.residue.journey import JourneyStep

    assert JourneyStep.from_json(step.to_json()) == step
    assert Journey.from_json(step.journey.to_json()) == step.journey
    assert Hex(0, 0) == step.journey.position


# -- Markdown ----------------------------------------------------------------------------------------


def _unmarked(markdown: str) -> str:
    """Markdown back to its text: bold marks and escapes removed, the day's separator as str() has it."""
    import re

    text = re.sub(r"\\(.)", r"\1", markdown.replace("**", ""))
    return text.replace(" · ", ": ", 1)


def test_a_steps_markdown_bolds_its_outcomes():
    husk = Creature("Husk", hp=3, defense=1, damage=2)
    fight = attrs.evolve(start(), stage=CombatPhase(Encounter((husk,)), then=Trip()))
    step = fight.apply(Choice(Act.ATTACK, 0, False, 0), rng=tc.ScriptedDice([]))
    markdown = step.to_markdown()
    assert markdown != str(step)
    assert markdown.startswith("**Day 1** · Commit Attack enemy 1 die 1: ")  # a plain Choice: its generic words
    assert "Commit Attack d8 → 7: **★★**" in markdown
    assert "= **1 Damage** -> Husk **2/3 HP**" in markdown
    assert _unmarked(markdown) == str(step)


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(journeys(), st.integers(0, 2**32))
def test_markdown_is_the_steps_line_with_bold_and_escapes_only(journey, seed):
    pick = random.Random(seed)
    dice = tc.dice_source(seed)
    for _ in range(80):
        if journey.is_over:
            break
        step = journey.apply(pick.choice(journey.choices()), rng=dice)
        markdown = step.to_markdown()
        assert "\n" not in markdown
        assert markdown.startswith(f"**Day {step.journey.day}** · ")
        assert _unmarked(markdown) == str(step)
        journey = step.journey
