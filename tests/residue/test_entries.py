"""The glossary's Keywords & Entries: Keyword, Gain/Lose Keyword, Framework, Entry Checks,
Entry Limitation, Requires X, and "You may continue your journey"."""

import json

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import tabletop_core as tc
from tabletop_core.residue.conditions import Condition
from tabletop_core.residue.entries import (
    Entry,
    EntryCheck,
    EntryOption,
    EntryOutcome,
    Requirement,
    RequirementKind,
    requirements_met,
)
from tabletop_core.residue.inventory import Inventory
from tabletop_core.residue.items import Item, Loadout
from tabletop_core.residue.wanderer import Wanderer


def wanderer(**changes):
    base = Wanderer.new(
        hp=6,
        endurance_dice=["d6"],
        inventory=Inventory(food="d6", water="d6", battery="d4", gear="d8", resolve="0"),
        luck="d6",
        strain_threshold=3,
        keywords=["Marked"],
        framework="Scavenger",
        skills=["Mechanics"],
        loadout=Loadout((Item("Crowbar"),), ()),
        rng=tc.ScriptedDice([4]),
    )
    return attrs.evolve(base, **changes)


def json_round_trip(value):
    return type(value).from_dict(json.loads(json.dumps(value.to_dict())))


W = wanderer()


# -- Keyword, Gain Keyword, Lose Keyword, Framework -------------------------------------------


def test_gain_keyword_takes_or_records_it_once():
    w = W.gain_keyword("Oathbound")
    assert w.keywords == ("Marked", "Oathbound")
    assert w.has_keyword("Oathbound")
    assert w.gain_keyword("Oathbound") == w  # a tag is held or not
    assert W.keywords == ("Marked",)  # the old state is unchanged


def test_lose_keyword_removes_it():
    assert W.lose_keyword("Marked").keywords == ()
    assert W.lose_keyword("Unknown") == W  # nothing to remove


def test_keyword_bad_input():
    with pytest.raises(tc.InvalidInput, match="non-empty"):
        W.gain_keyword("  ")
    with pytest.raises(TypeError, match="keyword"):
        W.gain_keyword(3)
    with pytest.raises(TypeError, match="keyword"):
        W.lose_keyword(None)
    with pytest.raises(TypeError, match="keywords"):
        wanderer(keywords="Marked")
    with pytest.raises(TypeError, match="framework"):
        wanderer(framework=5)


def test_framework_is_the_characters_background_or_role():
    assert W.framework == "Scavenger"
    assert Requirement("framework", "Scavenger").met(W)
    assert not Requirement("framework", "Medic").met(W)
    assert not Requirement("framework", "Scavenger").met(wanderer(framework=None))


def test_the_wanderer_with_keywords_round_trips():
    assert json_round_trip(W) == W
    assert Wanderer.from_json(W.to_json()).keywords == ("Marked",)


# -- the six kinds of requirement ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("requirement", "met"),
    [
        (Requirement(RequirementKind.SKILL, "Mechanics"), True),
        (Requirement("skill", "Medicine"), False),
        (Requirement("item", "Crowbar"), True),
        (Requirement("item", "Rope"), False),
        (Requirement("keyword", "Marked"), True),
        (Requirement("keyword", "Oathbound"), False),
        (Requirement("framework", "Scavenger"), True),
        (Requirement("resource", "Battery"), True),  # d4: above 0
        (Requirement("resource", "Battery", at_least="d6"), False),
        (Requirement("resource", "Gear", at_least="d8"), True),
        (Requirement("resource", "Resolve"), False),  # at 0
        (Requirement("condition", "Fear"), False),
    ],
)
def test_each_kind_of_requirement(requirement, met):
    assert requirement.met(W) is met
    assert json_round_trip(requirement) == requirement


def test_a_condition_requirement_reads_the_conditions():
    afraid = attrs.evolve(W, conditions=W.conditions.gain(Condition.FEAR))
    assert Requirement("condition", "Fear").met(afraid)


def test_requires_x_works_only_while_the_requirement_is_met():
    lamp = (Requirement("resource", "Battery"),)
    assert requirements_met(lamp, W)
    drained = W.with_inventory(attrs.evolve(W.inventory, battery="0"))
    assert not requirements_met(lamp, drained)  # Depletion: the ability stops
    assert requirements_met((), W)  # no requirement: always works


def test_requirement_bad_input():
    with pytest.raises(tc.InvalidInput, match="kind"):
        Requirement("luck", "x")
    with pytest.raises(tc.InvalidInput, match="name"):
        Requirement("resource", "Ammo")
    with pytest.raises(tc.InvalidInput, match="name"):
        Requirement("condition", "Sleepy")
    with pytest.raises(tc.InvalidInput, match="name"):
        Requirement("keyword", "")
    with pytest.raises(tc.InvalidInput, match="at_least"):
        Requirement("keyword", "Marked", at_least="d6")
    with pytest.raises(TypeError, match="wanderer"):
        Requirement("keyword", "Marked").met("W")
    with pytest.raises(TypeError, match="requires"):
        requirements_met(Requirement("keyword", "Marked"), W)


# -- Entry Checks --------------------------------------------------------------------------------

GATE = Entry(
    "12",
    checks=(
        EntryCheck("The gate opens.", requires=(Requirement("keyword", "Key"),), lose=("Key",)),
        EntryCheck("The guard nods you through.", requires=(Requirement("keyword", "Marked"),), gain=("Known",)),
        EntryCheck("The mechanism yields.", requires=(Requirement("skill", "Mechanics"),)),
        EntryCheck("Nothing happens.", continue_journey=True),
    ),
    options=(
        EntryOption("Pry the panel", limitation=(Requirement("item", "Crowbar"),), continue_journey=False),
        EntryOption("Pray", limitation=(Requirement("framework", "Priest"),), gain=("Blessed",)),
        EntryOption("Leave"),
    ),
)


def test_entry_checks_go_top_to_bottom_and_the_first_that_applies_wins():
    # Marked and Mechanics both apply: the Marked line is higher, so it is followed.
    assert GATE.first_applicable(W).text == "The guard nods you through."
    keyed = W.gain_keyword("Key")
    assert GATE.first_applicable(keyed).text == "The gate opens."
    assert GATE.first_applicable(wanderer(keywords=())).text == "The mechanism yields."
    assert GATE.first_applicable(wanderer(keywords=(), skills=())).text == "Nothing happens."
    assert Entry("x", checks=GATE.checks[:1]).first_applicable(W) is None


def test_following_a_check_gains_and_loses_its_keywords_and_may_continue_the_journey():
    outcome = GATE.check(W.gain_keyword("Key"))
    assert outcome.text == "The gate opens."
    assert outcome.wanderer.keywords == ("Marked",)  # Lose Keyword: Key
    assert outcome.continue_journey
    assert str(outcome) == "12: The gate opens. · You may continue your journey"
    assert GATE.check(W).wanderer.keywords == ("Marked", "Known")  # Gain Keyword
    none = Entry("x", checks=GATE.checks[:1]).check(W)
    assert (none.text, none.wanderer, none.continue_journey) == ("", W, True)
    assert json_round_trip(outcome) == outcome


# -- Entry Limitation ----------------------------------------------------------------------------


def test_an_entry_limitation_blocks_an_option():
    assert GATE.available_options(W) == (0, 2)  # not a Priest: "Pray" is not offered
    with pytest.raises(tc.RuleError, match="Framework: Priest"):
        GATE.choose(1, W)
    pried = GATE.choose(0, W)
    assert (pried.text, pried.continue_journey) == ("Pry the panel", False)
    assert GATE.choose(1, wanderer(framework="Priest")).wanderer.has_keyword("Blessed")
    assert GATE.available_options(wanderer(loadout=Loadout())) == (2,)  # no Crowbar: no prying
    with pytest.raises(tc.InvalidInput, match="index"):
        GATE.choose(3, W)
    with pytest.raises(tc.InvalidInput, match="no options"):
        Entry("y").choose(0, W)
    assert str(GATE.options[0]) == "Pry the panel (requires Item: Crowbar)"


def test_entry_round_trip_and_rendering():
    assert json_round_trip(GATE) == GATE
    assert str(GATE) == "Entry 12: 4 checks, 3 options"
    assert str(GATE.checks[0]) == "[Keyword: Key] The gate opens."
    assert str(GATE.checks[-1]) == "[otherwise] Nothing happens."
    assert str(Requirement("resource", "Gear", at_least="d8")) == "Resource: Gear d8+"


def test_entry_bad_input():
    with pytest.raises(TypeError, match="checks"):
        Entry("x", checks=EntryCheck("a"))
    with pytest.raises(TypeError, match=r"options\[0\]"):
        Entry("x", options=("Leave",))
    with pytest.raises(TypeError, match=r"gain\b|keywords"):
        EntryCheck("a", gain="Key")
    with pytest.raises(tc.InvalidInput, match="keywords"):
        EntryCheck("a", gain=("",))
    with pytest.raises(TypeError, match="wanderer"):
        GATE.first_applicable(None)


# -- properties ------------------------------------------------------------------------------------

KEYWORDS = st.lists(st.sampled_from(["Key", "Marked", "Known", "Blessed"]), max_size=4, unique=True)


@given(KEYWORDS, st.sampled_from(["Key", "Marked", "Known", "Blessed"]))
def test_gain_then_lose_a_keyword(held, keyword):
    w = wanderer(keywords=held)
    assert w.gain_keyword(keyword).has_keyword(keyword)
    assert not w.lose_keyword(keyword).has_keyword(keyword)
    assert w.gain_keyword(keyword).lose_keyword(keyword).keywords == tuple(k for k in held if k != keyword)


@given(KEYWORDS, st.booleans(), st.booleans())
def test_the_first_applicable_check_is_the_topmost_that_applies(held, mechanic, priest):
    w = wanderer(keywords=held, skills=("Mechanics",) if mechanic else (), framework="Priest" if priest else None)
    found = GATE.first_applicable(w)
    applying = [c for c in GATE.checks if c.applies(w)]
    assert found == applying[0]
    assert json_round_trip(GATE.check(w)) == GATE.check(w)


@given(KEYWORDS, st.integers(-2, 5))
def test_choosing_raises_and_changes_nothing_or_follows_the_option(held, index):
    w = wanderer(keywords=held)
    before = w.to_json()
    try:
        outcome = GATE.choose(index, w)
    except tc.TabletopError:
        assert index not in GATE.available_options(w)
    else:
        assert index in GATE.available_options(w)
        assert isinstance(outcome, EntryOutcome)
    assert w.to_json() == before
