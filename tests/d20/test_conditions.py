import json

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import tabletop_core as tc
from tabletop_core.d20 import (
    Condition,
    ConditionInstance,
    Conditions,
    Duration,
    implied_conditions,
)
from tabletop_core.d20.conditions import direct_implications

C = Condition
RULES_TEXT_CONDITIONS = [
    "Blinded", "Charmed", "Clumsy", "Deafened", "Defeated", "Doomed", "Fatigue", "Frightened", "Hasted",
    "Helpless", "Hidden", "Immobilized", "Impaired", "Incapacitated", "Invisible", "Off Guard", "Paralyzed",
    "Persistent Damage", "Petrified", "Prone", "Restrained", "Sickened", "Silenced", "Slowed", "Stable",
    "Staggered", "Stunned", "Surprised", "Unconscious", "Unfocused",
]  # fmt: skip


def test_every_condition_of_the_text():
    assert sorted(c.value for c in Condition) == sorted(RULES_TEXT_CONDITIONS)
    for name in RULES_TEXT_CONDITIONS:
        assert Condition.parse(name).value == name
        assert Condition.parse(name.lower()) is Condition.parse(name)


def test_unknown_condition_is_invalid_input():
    with pytest.raises(tc.InvalidInput, match=r"condition must be one of .*got 'Dazed'"):
        Condition.parse("Dazed")
    with pytest.raises(tc.InvalidInput):
        implied_conditions("Dazed")
    with pytest.raises(TypeError, match="condition"):
        implied_conditions(3)
    with pytest.raises(tc.InvalidInput):
        Conditions().add("Dazed")


@pytest.mark.parametrize(
    ("condition", "gains"),
    [
        (C.PARALYZED, {C.IMMOBILIZED, C.INCAPACITATED, C.OFF_GUARD}),
        (C.PETRIFIED, {C.PARALYZED}),
        (C.PRONE, {C.OFF_GUARD}),
        (C.RESTRAINED, {C.IMMOBILIZED, C.HELPLESS, C.OFF_GUARD}),
        (C.SICKENED, {C.IMPAIRED}),
        (C.SILENCED, {C.DEAFENED}),
        (C.STABLE, {C.UNCONSCIOUS}),
        (C.STAGGERED, {C.IMPAIRED, C.HELPLESS, C.OFF_GUARD, C.SLOWED, C.UNFOCUSED}),
        (C.STUNNED, {C.IMMOBILIZED, C.OFF_GUARD, C.UNFOCUSED}),
        (C.UNCONSCIOUS, {C.PRONE, C.BLINDED, C.HELPLESS, C.INCAPACITATED, C.UNFOCUSED}),
        (C.DEFEATED, {C.PRONE}),
        (C.BLINDED, set()),
    ],
)
def test_direct_implications_from_the_text(condition, gains):
    assert direct_implications(condition) == gains


def test_implications_are_transitive():
    assert implied_conditions(C.PETRIFIED) == {C.PARALYZED, C.IMMOBILIZED, C.INCAPACITATED, C.OFF_GUARD}
    assert implied_conditions(C.STABLE) == {
        C.UNCONSCIOUS, C.PRONE, C.BLINDED, C.HELPLESS, C.INCAPACITATED, C.UNFOCUSED, C.OFF_GUARD,
    }  # fmt: skip
    assert implied_conditions(C.DEFEATED) == {C.PRONE, C.OFF_GUARD}


@given(condition=st.sampled_from(Condition))
def test_implied_conditions_are_closed_under_implication(condition):
    implied = implied_conditions(condition)
    assert condition not in implied
    for other in implied:
        assert implied_conditions(other) <= implied | {condition}
    assert direct_implications(condition) <= implied


# -- Core Rule "Condition" ------------------------------------------------------------


def test_same_condition_keeps_longest_duration():
    state = Conditions().add("clumsy", duration=Duration.of(rounds=3)).add("clumsy", duration=Duration.of(minutes=1))
    assert state.instances_of("clumsy") == (ConditionInstance(condition=C.CLUMSY, duration=Duration(10)),)
    state = state.add("clumsy", duration=Duration.of(rounds=2))
    assert state.instances_of("clumsy")[0].duration.rounds == 10
    assert state.add("clumsy").instances_of("clumsy")[0].duration == Duration.UNTIL_REMOVED


def test_durations_count_down_in_rounds_minutes_hours():
    state = Conditions().add("hasted", duration=Duration.of(minutes=1)).add("slowed", duration=Duration.of(hours=1))
    assert state.advance(rounds=9).has("hasted")
    assert not state.advance(rounds=10).has("hasted")
    assert state.advance(minutes=59).has("slowed")
    after, ended = state.advance_report(hours=1)
    assert not after.instances
    assert [i.condition for i in ended] == [C.HASTED, C.SLOWED]
    assert Duration.of(days=1).rounds == 14_400
    assert str(Duration.of(minutes=2)) == "2 minutes"
    assert str(Duration.of(rounds=1)) == "1 round"
    assert str(Duration.of(hours=1)) == "1 hour"


def test_fatigue_is_cumulative_and_reaches_defeated_at_ten():
    state = Conditions()
    for expected in range(1, 10):
        state = state.add("fatigue")
        assert state.fatigue == expected
        assert not state.has("defeated")
    state = state.add("fatigue")
    assert state.fatigue == 10
    assert state.has("defeated")
    assert state.has("prone")  # Defeated: you fall Prone


def test_gaining_staggered_gains_one_fatigue():
    # Fatigue, "Gained when: You gain Staggered", whatever makes you Staggered.
    state = Conditions().add("staggered")
    assert state.fatigue == 1
    assert state.add("staggered", duration=Duration.of(rounds=2)).fatigue == 1  # already Staggered: no new gain
    assert state.remove("staggered").add("staggered").fatigue == 2
    nine = Conditions().add("fatigue", value=9).add("staggered")
    assert nine.fatigue == 10
    # the tenth Fatigue defeats; Defeated ends Staggered, and you Fall Prone
    assert nine.present == {C.DEFEATED, C.FATIGUE, C.PRONE}


def test_doomed_of_staggered_reaching_zero_defeats():
    # Defeated, "Gained when: Your Doomed value reaches 0 while Staggered."
    dying = Conditions().add("staggered").add("doomed", value=2, source="Staggered at 0 HP")
    assert not dying.reduce("doomed", source="Staggered at 0 HP").has("defeated")
    assert dying.reduce("doomed", 2, source="Staggered at 0 HP").has("defeated")
    assert dying.set_doomed(0, source="Staggered at 0 HP").has("defeated")
    # Another Effect's Doomed says itself what happens at 0; a Doomed ending without Staggered defeats no one.
    cursed = dying.add("doomed", value=1, source="curse")
    assert not cursed.reduce("doomed", source="curse").has("defeated")
    assert not Conditions().add("doomed", value=1, source="Staggered at 0 HP").reduce("doomed").has("defeated")


def test_long_rest_reduces_fatigue_and_zero_ends_it():
    state = Conditions().add("fatigue", value=2)
    assert state.reduce("fatigue").fatigue == 1
    assert not state.reduce("fatigue", 2).has("fatigue")
    with pytest.raises(tc.RuleError, match="does not have it"):
        Conditions().reduce("fatigue")


def test_doomed_is_tracked_per_source():
    state = Conditions().add("doomed", value=3, source="curse").add("doomed", value=5, source="poison")
    assert state.doomed == {"curse": 3, "poison": 5}
    state = state.reduce("doomed", source="curse")
    assert state.doomed == {"curse": 2, "poison": 5}
    state = state.reduce("doomed", 2, source="curse")
    assert state.doomed == {"poison": 5}
    assert state.add("doomed", value=2, source="poison").doomed == {"poison": 2}  # the stronger value
    assert state.set_doomed(0, source="poison").doomed == {}


def test_persistent_damage_highest_per_energy_each_duration_tracked():
    state = (
        Conditions()
        .add("persistent damage", value=4, energy="fire", duration=Duration.of(rounds=3))
        .add("persistent damage", value=2, energy="fire")
        .add("persistent damage", value=3, energy="acid")
    )
    assert state.persistent_damage == {"acid": 3, "fire": 4}
    assert state.advance(rounds=3).persistent_damage == {"acid": 3, "fire": 2}
    assert state.advance(minutes=1).persistent_damage == {}
    # Ends when 1 minute passes, whatever longer Duration is asked for.
    assert Conditions().add("persistent damage", value=1, energy="cold", duration=Duration.of(hours=1)).instances[
        0
    ].duration == Duration.of(minutes=1)


def test_removing_ends_every_instance():
    state = (
        Conditions()
        .add("persistent damage", value=4, energy="fire")
        .add("persistent damage", value=2, energy="acid")
        .add("prone")
    )
    assert state.remove("persistent damage").present == {C.PRONE}
    # Removing an implied Condition does not end the one implying it.
    assert state.remove("off guard").has("off guard")


def test_suppression_has_no_effect_but_duration_counts_down():
    state = Conditions().add("frightened", duration=Duration.of(rounds=2)).add("hasted")
    state = state.suppress("frightened", by="hasted")
    assert not state.has("frightened")
    assert state.is_suppressed("frightened")
    assert "[suppressed by Hasted]" in str(state)
    later = state.advance(rounds=1)
    assert later.instances_of("frightened")[0].duration.rounds == 1
    assert later.remove("hasted").has("frightened")  # lifted when its suppressor goes
    assert not state.advance(rounds=2).instances_of("frightened")


def test_an_implied_condition_can_suppress():
    state = Conditions().add("frightened").suppress("frightened", by="unconscious")
    assert state.has("frightened")
    asleep = state.add("stable")  # Stable gives Unconscious
    assert asleep.is_suppressed("frightened")
    assert not asleep.has("frightened")
    assert asleep.has("unconscious")


def test_defeated_ends_ongoing_effects_and_stable_ends_staggered():
    state = (
        Conditions().add("fatigue", value=2).add("hasted").add("staggered").add("doomed", source="Staggered at 0 HP")
    )
    defeated = state.add("defeated")
    assert defeated.present == {C.DEFEATED, C.FATIGUE, C.PRONE}
    # "While Defeated: You Fall Prone": the Prone outlasts Defeated until the creature rises.
    assert defeated.remove("defeated").present == {C.FATIGUE, C.PRONE}
    stable = state.add("stable")
    assert not stable.has("staggered")
    assert stable.doomed == {}
    assert stable.has("unconscious")


def test_petrified_pauses_other_durations():
    state = Conditions().add("hasted", duration=Duration.of(rounds=2)).add("petrified", duration=Duration.of(rounds=5))
    later = state.advance(rounds=5)
    assert later.present == {C.HASTED}
    assert later.instances_of("hasted")[0].duration.rounds == 2


@pytest.mark.parametrize(
    ("call", "error"),
    [
        (lambda s: s.add("fatigue", value=-1), tc.InvalidInput),
        (lambda s: s.add("fatigue", value=1.0), TypeError),
        (lambda s: s.add("prone", value=2), tc.InvalidInput),
        (lambda s: s.add("persistent damage", value=2), tc.InvalidInput),
        (lambda s: s.add("prone", energy="fire"), tc.InvalidInput),
        (lambda s: s.add("prone", duration=3), TypeError),
        (lambda s: s.reduce("prone"), tc.InvalidInput),
        (lambda s: s.reduce("fatigue", 0), tc.InvalidInput),
        (lambda s: s.reduce("doomed", source="nobody"), tc.RuleError),
        (lambda s: s.advance(rounds=-1), tc.InvalidInput),
        (lambda s: s.suppress("prone", by="prone"), tc.InvalidInput),
        (lambda s: s.set_doomed(2, source="nobody"), tc.RuleError),
        (lambda s: s.add("doomed", value=0, source="curse"), tc.InvalidInput),  # a value of 0 ends it
        (lambda s: s.add("fatigue", duration=Duration.of(rounds=3)), tc.InvalidInput),  # a Long Rest ends it
        (lambda s: s.mark_easier_end("fatigue"), tc.InvalidInput),  # no roll ends Fatigue
        (lambda s: s.mark_easier_end("sickened"), tc.RuleError),
        (lambda s: s.mark_easier_end("persistent damage", energy=3), TypeError),
        (
            lambda s: s.add("persistent damage", value=2, energy="fire").mark_easier_end(
                "persistent damage", energy="cold"
            ),
            tc.RuleError,
        ),
        (lambda s: s.add("sickened").mark_easier_end("sickened", easier=1), TypeError),
        (lambda s: s.add("prone", duration=Duration(3).after(-1)), tc.InvalidInput),
        (lambda s: s.add("prone", duration=Duration(3).after(1.5)), TypeError),
        (lambda s: s.add("prone", duration=Duration(3).longest(5)), TypeError),
        (lambda s: s.add("prone", duration=Duration(None).after(True)), TypeError),
        (lambda s: Conditions(instances=[*s.instances, "prone"]), TypeError),
        (lambda s: Conditions(instances="prone"), TypeError),
    ],
)
def test_bad_changes_raise_and_leave_state_unchanged(call, error):
    state = Conditions().add("fatigue", value=3).add("doomed", value=2, source="curse")
    before = state.to_dict()
    with pytest.raises(error) as caught:
        call(state)
    assert state.to_dict() == before
    message = str(caught.value)
    assert "\n" not in message
    assert "Attribute(" not in message  # one clear sentence, not attrs' tuple of internals


conditions_ops = st.lists(
    st.one_of(
        st.tuples(st.just("add"), st.sampled_from(sorted(set(Condition) - {C.PERSISTENT_DAMAGE, C.DOOMED}, key=str)),
                  st.one_of(st.none(), st.integers(0, 30))),
        st.tuples(st.just("pd"), st.sampled_from(["fire", "acid"]), st.integers(1, 8)),
        st.tuples(st.just("doom"), st.sampled_from(["a", "b"]), st.integers(1, 6)),
        st.tuples(st.just("advance"), st.integers(0, 12), st.none()),
        st.tuples(st.just("remove"), st.sampled_from(Condition), st.none()),
        st.tuples(st.just("bad"), st.none(), st.none()),
    ),
    max_size=12,
)  # fmt: skip


@given(ops=conditions_ops)
def test_any_sequence_of_changes_round_trips_and_errors_change_nothing(ops):
    state = Conditions()
    for op, a, b in ops:
        before = state
        if op == "add":
            timeless = b is None or a is C.FATIGUE  # Fatigue has no Duration
            state = state.add(a, duration=None if timeless else Duration.of(rounds=b))
        elif op == "pd":
            state = state.add("persistent damage", value=b, energy=a)
        elif op == "doom":
            state = state.add("doomed", value=b, source=a)
        elif op == "advance":
            state = state.advance(rounds=a)
        elif op == "remove":
            state = state.remove(a)
        else:
            with pytest.raises(tc.TabletopError):
                state.add("persistent damage", value=0, energy="fire")
            assert state == before
        assert 0 <= state.fatigue <= 10
        assert state.active >= state.present - {s.condition for s in state.suppressions}
    assert Conditions.from_dict(json.loads(json.dumps(state.to_dict()))) == state
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        state.instances = ()


def test_rendering():
    state = Conditions().add("staggered").add("fatigue").add("doomed", source="Staggered at 0 HP")
    assert str(state) == (
        "Staggered (until removed), Fatigue 2, Doomed (to roll) from Staggered at 0 HP (until removed); "
        "also Helpless, Impaired, Off Guard, Slowed, Unfocused"
    )
    assert str(Conditions()) == "no Conditions"
    assert state.to_markdown().splitlines()[-1] == "- implied: Helpless, Impaired, Off Guard, Slowed, Unfocused"
    assert state._repr_html_().startswith('<table class="tabletop-record">')


def test_what_the_creature_can_do():
    free = Conditions()
    assert (free.can_act, free.can_move, free.can_focus, free.can_be_willing, free.is_object) == (
        True,
        True,
        True,
        True,
        False,
    )
    assert not Conditions().add("paralyzed").can_act
    assert not Conditions().add("restrained").can_move
    assert not Conditions().add("staggered").can_focus
    assert not Conditions().add("stable").can_be_willing  # Stable -> Unconscious
    assert not Conditions().add("defeated").can_be_willing
    assert Conditions().add("petrified").is_object
    assert Conditions().add("sickened").restrictions() == ["Sickened: you can't willingly ingest anything"]
    assert Conditions().add("hasted").restrictions() == []
