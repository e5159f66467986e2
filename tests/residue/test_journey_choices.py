"""The choices as a tagged union: one frozen class per kind, its own fields checked, old saves migrated."""

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tabletop_core as tc
from tabletop_core.records import load
from tabletop_core.residue.hexmap import Direction
from tabletop_core.residue.inventory import InventoryKind
from tabletop_core.residue.journey import (
    Act,
    CautiousPolicy,
    Choice,
    Journey,
    JourneyStep,
    example_setup,
    start_journey,
)
from tabletop_core.residue.journey.choices import (
    KINDS,
    BanishChoice,
    CommitChoice,
    InventoryChoice,
    MoveChoice,
    PickChoice,
    PlainChoice,
    SlotChoice,
    StrainChoice,
    SwitchChoice,
    TakeRestChoice,
    kind_of,
)
from tabletop_core.residue.journey.events import ChoiceMade, PhaseBegan
from tabletop_core.residue.journey.phases import CommitPhase
from tabletop_core.residue.rest import RestChoices
from tabletop_core.residue.step_die import StepDie
from tabletop_core.residue.wanderer import Wanderer

# One well-formed Choice per act (built by the factory), and the kind it must be.
EXAMPLES = {
    Act.COMMIT_MOVE: (Choice(Act.COMMIT_MOVE, 0, True), CommitChoice),
    Act.MOVE: (Choice(Act.MOVE, direction=Direction.NE), MoveChoice),
    Act.END_TRAVEL: (Choice(Act.END_TRAVEL), PlainChoice),
    Act.ATTACK: (Choice(Act.ATTACK, 1, False, 0), CommitChoice),
    Act.PASS: (Choice(Act.PASS), PlainChoice),
    Act.RUN: (Choice(Act.RUN, None), CommitChoice),
    Act.DEFEND: (Choice(Act.DEFEND, 2, True), CommitChoice),
    Act.NO_DEFENSE: (Choice(Act.NO_DEFENSE), PlainChoice),
    Act.ESCAPE_TO: (Choice(Act.ESCAPE_TO, direction=Direction.S), MoveChoice),
    Act.RECOVER: (Choice(Act.RECOVER, dice=(1,)), StrainChoice),
    Act.REROLL: (Choice(Act.REROLL), StrainChoice),
    Act.TRAVEL: (Choice(Act.TRAVEL), PlainChoice),
    Act.REST: (Choice(Act.REST, rest=RestChoices(pay=1)), TakeRestChoice),
    Act.PAY: (Choice(Act.PAY, kind=InventoryKind.FOOD), InventoryChoice),
    Act.STOP_PAYING: (Choice(Act.STOP_PAYING), PlainChoice),
    Act.BANISH: (Choice(Act.BANISH, banish=StepDie.D4), BanishChoice),
    Act.HEAL: (Choice(Act.HEAL, kind=InventoryKind.WATER), InventoryChoice),
    Act.PANIC_ROLL: (Choice(Act.PANIC_ROLL, kind=InventoryKind.GEAR), InventoryChoice),
    Act.FATIGUE_ROLL: (Choice(Act.FATIGUE_ROLL, kind=InventoryKind.RESOLVE), InventoryChoice),
    Act.END_REST: (Choice(Act.END_REST), PlainChoice),
    Act.SWITCH: (Choice(Act.SWITCH, item_slot=1, weapon_slot=0), SwitchChoice),
    Act.BARTER: (Choice(Act.BARTER, target=2), PickChoice),
    Act.LEAVE: (Choice(Act.LEAVE), PlainChoice),
    Act.FAST_TRAVEL: (Choice(Act.FAST_TRAVEL, target=3), PickChoice),
    Act.MEET: (Choice(Act.MEET, target=0), PickChoice),
    Act.GO_ON: (Choice(Act.GO_ON), PlainChoice),
    Act.PLACE: (Choice(Act.PLACE, item_slot=0), SlotChoice),
    Act.DISCARD_CARD: (Choice(Act.DISCARD_CARD), PlainChoice),
    Act.RECYCLE: (Choice(Act.RECYCLE, weapon_slot=1), SlotChoice),
    Act.ACTIVATE: (Choice(Act.ACTIVATE, item_slot=2), SlotChoice),
    Act.LUCK: (Choice(Act.LUCK), PlainChoice),
    Act.NO_LUCK: (Choice(Act.NO_LUCK), PlainChoice),
    Act.OPTION: (Choice(Act.OPTION, target=1), PickChoice),
    Act.COMMIT_SKILL: (Choice(Act.COMMIT_SKILL, 0), CommitChoice),
    Act.GAIN_ITEM: (Choice(Act.GAIN_ITEM), PlainChoice),
    Act.LEAVE_ITEM: (Choice(Act.LEAVE_ITEM), PlainChoice),
    Act.SHUFFLE: (Choice(Act.SHUFFLE), PlainChoice),
    Act.NO_SHUFFLE: (Choice(Act.NO_SHUFFLE), PlainChoice),
    Act.KEEP_CARD: (Choice(Act.KEEP_CARD, target=0), PickChoice),
    Act.BARTER_PAY: (Choice(Act.BARTER_PAY, kind=InventoryKind.WATER), InventoryChoice),
}
ACTS = list(Act)
OLD_FIELDS = ("die", "luck", "target", "direction", "rest", "kind", "banish", "item_slot", "weapon_slot", "dice")


def sheet():
    return Wanderer.new(hp=6, endurance_dice=("d8", "d8", "d6"), inventory="d8", luck="d6", strain_threshold=3, rng=1)


def test_every_act_belongs_to_exactly_one_kind():
    assert set(EXAMPLES) == set(Act)
    assert sorted(a.name for kind in KINDS for a in kind.ACTS) == sorted(a.name for a in Act)
    assert len(KINDS) == 10
    for act, (choice, kind) in EXAMPLES.items():
        assert kind_of(act) is kind
        assert type(choice) is kind
        assert isinstance(choice, Choice)
        assert choice.act is act


@pytest.mark.parametrize("act", ACTS, ids=[a.name for a in ACTS])
def test_each_kind_holds_only_its_own_fields_and_reads_the_others_as_empty(act):
    choice, kind = EXAMPLES[act]
    own = {name for name in OLD_FIELDS if name in {f.name for f in kind.__attrs_attrs__}}
    data = choice.to_dict()
    assert data["type"] == f"residue.{kind.__name__}"
    assert set(data) == {"type", "version", "act", *own}
    for name in set(OLD_FIELDS) - own:
        assert getattr(choice, name) == (False if name == "luck" else None)
        with pytest.raises(AttributeError):
            setattr(choice, name, 1)  # frozen, and no such slot


@pytest.mark.parametrize("act", ACTS, ids=[a.name for a in ACTS])
def test_a_field_the_kind_does_not_use_is_refused(act):
    _, kind = EXAMPLES[act]
    own = {f.name for f in kind.__attrs_attrs__}
    values = {
        "die": 0,
        "luck": True,
        "target": 0,
        "direction": Direction.N,
        "rest": RestChoices(),
        "kind": InventoryKind.FOOD,
        "banish": StepDie.D6,
        "item_slot": 0,
        "weapon_slot": 0,
        "dice": (0,),
    }
    for name, value in values.items():
        if name in own:
            continue
        with pytest.raises(tc.InvalidInput, match=f"{act.name} is a {kind.__name__}, which holds no {name}"):
            Choice(act, **{name: value})
        with pytest.raises(TypeError):
            kind(act, **{name: value})  # the class itself has no such field


def test_positions_count_from_zero_and_each_kind_checks_its_own_rules():
    with pytest.raises(tc.InvalidInput, match="die is a position counted from 0, got -1"):
        Choice(Act.DEFEND, -1)
    with pytest.raises(tc.InvalidInput, match="target is a position counted from 0, got -2"):
        Choice(Act.BARTER, target=-2)
    with pytest.raises(tc.InvalidInput, match="item_slot is a position counted from 0"):
        Choice(Act.SWITCH, item_slot=-1, weapon_slot=0)
    with pytest.raises(tc.InvalidInput, match="dice are positions counted from 0"):
        Choice(Act.REROLL, dice=(0, -1))
    with pytest.raises(tc.InvalidInput, match="ATTACK needs the enemy attacked as target"):
        Choice(Act.ATTACK, 0)
    with pytest.raises(tc.InvalidInput, match="RUN takes no target"):
        CommitChoice(Act.RUN, 0, False, 1)
    with pytest.raises(tc.InvalidInput, match="PLACE names exactly one slot"):
        Choice(Act.PLACE)
    with pytest.raises(tc.InvalidInput, match="PLACE names exactly one slot"):
        SlotChoice(Act.PLACE, 0, 0)
    with pytest.raises(tc.InvalidInput, match="MOVE needs direction"):
        Choice(Act.MOVE)
    with pytest.raises(tc.InvalidInput, match="SWITCH needs weapon_slot"):
        Choice(Act.SWITCH, item_slot=0)
    with pytest.raises(tc.InvalidInput, match="MoveChoice takes ESCAPE_TO, MOVE, not PASS"):
        MoveChoice(Act.PASS, Direction.N)
    with pytest.raises(TypeError, match="die"):
        Choice(Act.DEFEND, True)  # a bool is not a position, even with Choice(Act.DEFEND, 1) built before
    with pytest.raises(TypeError, match="luck"):
        Choice(Act.DEFEND, 1, 1)
    with pytest.raises(TypeError, match="act"):
        Choice("ATTACK", 0, False, 0)
    with pytest.raises(TypeError, match="unknown details"):
        Choice(Act.PASS, colour="red")
    with pytest.raises(TypeError, match="dice"):
        Choice(Act.REROLL, dice=[0])  # unhashable: built unshared, and refused by the type check


def test_equal_requests_share_one_instance_and_compare_by_kind():
    assert Choice(Act.ATTACK, 1, False, 0) is Choice(Act.ATTACK, 1, False, 0)
    assert Choice(Act.ATTACK, 1, False, 0) == CommitChoice(Act.ATTACK, 1, False, 0)
    assert Choice(Act.ATTACK, 1, False, 0) != Choice(Act.ATTACK, 1, True, 0)
    assert Choice(Act.LUCK) != Choice(Act.NO_LUCK)
    assert str(Choice(Act.SWITCH, item_slot=1, weapon_slot=0)) == (
        "Switch Items between an Item Slot and a Weapon Slot Item Slot 2 <-> Weapon Slot 1"
    )
    assert str(Choice(Act.REROLL, dice=(0, 2))) == "gain 1 Strain to Reroll the Endurance Pool dice #1, #3"


def test_a_bad_choice_leaves_the_journey_unchanged():
    j = start_journey(sheet(), example_setup(), rng=3)
    before = j.to_json()
    with pytest.raises(tc.InvalidInput):
        j.apply(Choice(Act.COMMIT_MOVE, 0, target=1), rng=1)
    with pytest.raises(tc.InvalidInput):
        j.apply(Choice.from_dict({**Choice(Act.COMMIT_MOVE, 0).to_dict(), "direction": "n"}), rng=1)
    with pytest.raises(tc.RuleError, match="not a choice now"):
        j.apply(Choice(Act.COMMIT_MOVE, 7), rng=1)  # well-formed, but the pool has 3 dice
    with pytest.raises(TypeError, match="choice"):
        j.apply({"act": "pass"}, rng=1)
    assert j.to_json() == before


# -- saves of the single Choice class (format 1, 0.1.0) --------------------------------------


def _flat(choice: Choice, *, tagged: bool = True) -> dict:
    """*choice* as the single flat Choice class saved it."""
    data = choice.to_dict()
    flat = dict.fromkeys(OLD_FIELDS) | {"luck": False}
    flat |= {k: v for k, v in data.items() if k in OLD_FIELDS}
    flat["act"] = data["act"]
    return ({"type": "residue.Choice", "version": 1} if tagged else {}) | flat


@pytest.mark.parametrize("act", ACTS, ids=[a.name for a in ACTS])
def test_a_saved_flat_choice_loads_as_its_kind(act):
    choice, kind = EXAMPLES[act]
    for tagged in (True, False):
        loaded = Choice.from_dict(json.loads(json.dumps(_flat(choice, tagged=tagged))))
        assert type(loaded) is kind
        assert loaded == choice
    assert load(_flat(choice)) == choice


def test_a_saved_flat_choice_with_a_field_its_kind_does_not_hold_is_refused():
    data = _flat(Choice(Act.PASS)) | {"die": 1}
    with pytest.raises(tc.InvalidInput, match="a saved PASS Choice holds die, which a PlainChoice does not"):
        Choice.from_dict(data)
    with pytest.raises(tc.InvalidInput, match="unknown keys"):
        Choice.from_dict(_flat(Choice(Act.PASS)) | {"colour": "red"})
    with pytest.raises(tc.InvalidInput, match="act"):
        Choice.from_dict(_flat(Choice(Act.PASS)) | {"act": "dance"})
    with pytest.raises(tc.InvalidInput, match="version"):
        Choice.from_dict(_flat(Choice(Act.PASS)) | {"version": 7})
    with pytest.raises(tc.InvalidInput, match="PickChoice data holds a PlainChoice"):
        PickChoice.from_dict(_flat(Choice(Act.PASS)))


def test_saved_records_holding_flat_choices_load_equal():
    j = start_journey(sheet(), example_setup(), rng=5)
    phase = CommitPhase(must=Choice(Act.ATTACK, None, False, 1), before=j.stage)
    data = phase.to_dict()
    data["must"] = _flat(phase.must)
    assert CommitPhase.from_dict(data) == phase
    step = j.apply(j.choices()[0], rng=1)
    data = step.to_dict()
    data["choice"] = _flat(step.choice)
    assert JourneyStep.from_dict(data) == step


# -- any offered choice round-trips through JSON and applies ---------------------------------


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**16), st.lists(st.integers(0, 10**6), min_size=1, max_size=40))
def test_any_offered_choice_round_trips_through_json_and_applies(seed, picks):
    j = start_journey(sheet(), example_setup(), rng=seed)
    policy = CautiousPolicy()
    for step, pick in enumerate(picks):
        if j.is_over:
            break
        offered = j.choices()
        choice = offered[pick % len(offered)] if step % 2 else policy.choose(j, offered)
        loaded = Choice.from_json(choice.to_json())
        assert type(loaded) is type(choice)
        assert loaded == choice
        assert kind_of(choice.act) is type(choice)
        before = j.to_json()
        applied = j.apply(loaded, rng=seed + step)
        assert applied == j.apply(choice, rng=seed + step)
        assert j.to_json() == before
        assert Journey.from_json(applied.journey.to_json()) == applied.journey
        j = applied.journey


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**16), st.lists(st.integers(0, 10**6), min_size=1, max_size=30))
def test_every_step_opens_with_its_choice_and_names_the_phase_it_changed_to(seed, picks):
    j = start_journey(sheet(), example_setup(), rng=seed)
    for step_no, pick in enumerate(picks):
        if j.is_over:
            break
        offered = j.choices()
        step = j.apply(offered[pick % len(offered)], rng=seed + step_no)
        assert step.events[0] == ChoiceMade(step.choice)
        assert sum(type(e) is ChoiceMade for e in step.events) == 1
        begun = [e.phase for e in step.events if type(e) is PhaseBegan]
        changed = step.journey.phase is not j.phase and not step.journey.is_over
        assert begun == ([step.journey.phase] if changed else [])
        assert str(step).startswith(f"Day {step.journey.day}: {step.choice}: ")
        assert "choose: " not in str(step)  # str() leads with the choice and does not repeat it
        j = step.journey


def test_registering_a_kind_leaves_the_union_working():
    CommitChoice.register()  # a kind travels as itself: no hook that would call to_dict from to_dict
    choice = Choice(Act.ATTACK, 0, False, 0)
    assert Choice.from_dict(choice.to_dict()) == choice
