import pytest
from hypothesis import example, given
from hypothesis import strategies as st

import tabletop_core as tc
from tabletop_core.d20 import (
    Condition,
    Conditions,
    Outcome,
    Side,
    TestEffects,
    TestKind,
    effects_between,
    effects_on_test,
    roll_test,
)


def on(*names, **kwargs):
    state = Conditions()
    for name in names:
        state = state.add(name)
    return effects_on_test(state, **kwargs)


def test_no_conditions_no_effects():
    assert on(kind="attack") == TestEffects()
    assert on(kind="attack", side="target") == TestEffects()


def test_impaired_misfortune_on_every_test():
    for kind in ("test", "check", "save", "attack", "spell", "initiative"):
        assert on("impaired", kind=kind).misfortune == ("Impaired",)
    assert on("impaired", kind="flat roll") == TestEffects()
    assert on("sickened", kind="save", trait="body").misfortune == ("Impaired (from Sickened)",)


def test_clumsy():
    assert on("clumsy", kind="attack", attack="ranged").misfortune == ("Clumsy",)
    assert on("clumsy", kind="check", skill="Agility").misfortune == ("Clumsy",)
    assert on("clumsy", kind="save", trait="body").misfortune == ("Clumsy",)
    assert on("clumsy", kind="save", trait="mind").misfortune == ()
    assert on("clumsy", kind="check", skill="Brawn").misfortune == ()


def test_frightened_only_on_checks_while_seeing_the_source():
    assert on("frightened", kind="check").misfortune == ("Frightened",)
    assert on("frightened", kind="attack").misfortune == ("Frightened",)
    assert on("frightened", kind="check", sees_fear_source=False).misfortune == ()
    assert on("frightened", kind="save", trait="soul").misfortune == ()
    assert on("frightened", "blinded", kind="check").misfortune == ()  # a Blinded creature can't see it
    assert on("frightened", "unconscious", kind="check").misfortune == ()  # Unconscious gives Blinded


def test_surprised_misfortune_on_initiative():
    assert on("surprised", kind="initiative").misfortune == ("Surprised",)
    assert on("surprised", kind="check").misfortune == ()


def test_blinded_deafened_helpless_fail_automatically():
    assert on("blinded", kind="check", needs_sight=True).automatic_failure == ("Blinded: needs Sight",)
    assert on("blinded", kind="check").automatic_failure == ()
    assert on("silenced", kind="check", needs_hearing=True).automatic_failure == (
        "Deafened (from Silenced): needs Hearing",
    )
    assert on("helpless", kind="save", trait="body").automatic_failure == ("Helpless: no Body Saves",)
    assert on("helpless", kind="save", trait="mind").automatic_failure == ()
    effects = on("unconscious", kind="save", trait="body")
    roll = roll_test(stakes="low", modifier=20, kind="save", effects=effects, rng=tc.ScriptedDice([20]))
    assert roll.outcome is Outcome.FAILURE


def test_hidden_and_invisible_attackers_gain_fortune():
    assert on("hidden", kind="attack").fortune == ("Hidden: target Off Guard against you",)
    assert on("invisible", kind="attack").fortune == ("Invisible: target has not Observed you",)
    assert on("invisible", kind="attack", observed=True).fortune == ()


def test_attacks_against_the_creature():
    assert on("off guard", kind="attack", side=Side.TARGET).fortune == ("target Off Guard",)
    assert on("prone", kind="attack", side="target").fortune == ("target Off Guard (from Prone)",)
    assert on("hidden", kind="attack", side="target").misfortune == ("target Hidden",)
    assert on("invisible", kind="attack", side="target").misfortune == ("target Invisible",)
    assert on("invisible", kind="attack", side="target", observed=True).misfortune == ()
    assert on("off guard", kind="save", trait="body", side="target") == TestEffects()


def test_charmed_target_gives_charmer_fortune_on_social_checks():
    assert on("charmed", kind="check", side="target", social_by_charmer=True).fortune == ("target Charmed by you",)
    assert on("charmed", kind="check", side="target") == TestEffects()


def test_fatigue_penalty():
    state = Conditions().add("fatigue", value=3)
    assert effects_on_test(state, kind="check").fatigue == 3
    assert effects_on_test(state, kind="attack", side="target").fatigue == 0
    roll = roll_test(stakes="mid", modifier=5, effects=effects_on_test(state, kind="check"), rng=tc.ScriptedDice([12]))
    assert roll.total == 14


def test_staggered_creature_reads_all_its_implied_conditions():
    state = Conditions().add("staggered")
    assert state.active >= {Condition.IMPAIRED, Condition.HELPLESS, Condition.OFF_GUARD, Condition.SLOWED}
    assert effects_on_test(state, kind="check").misfortune == ("Impaired (from Staggered)",)
    assert effects_on_test(state, kind="attack", side="target").fortune == ("target Off Guard (from Staggered)",)


def test_suppressed_conditions_have_no_effect():
    state = Conditions().add("impaired").add("hasted").suppress("impaired", by="hasted")
    assert effects_on_test(state, kind="check") == TestEffects()


def test_feeds_straight_into_roll_test():
    attacker = Conditions().add("fatigue", value=1)
    target = Conditions().add("off guard")
    effects = effects_between(attacker, target, kind="attack", attack="melee")
    roll = roll_test(stakes="mid", modifier=3, kind="attack", effects=effects, rng=tc.ScriptedDice([14, 4]))
    assert str(roll) == "Attack 14 + 3 + d6(4) - 1 = 20 · Mid Stakes -> Success (Fortune: target Off Guard; Fatigue 1)"


def test_effects_between_cancels():
    effects = effects_between(Conditions().add("impaired"), Conditions().add("prone"), kind="attack", attack="thrown")
    roll = roll_test(stakes="mid", kind="attack", effects=effects, rng=tc.ScriptedDice([15]))
    assert roll.cancelled
    assert roll.fortune_die is None


def test_bad_query():
    with pytest.raises(tc.InvalidInput, match="side"):
        on(kind="check", side="bystander")
    with pytest.raises(tc.InvalidInput, match="kind"):
        on(kind="dance")
    with pytest.raises(TypeError, match="needs_sight"):
        on(kind="check", needs_sight="yes")
    with pytest.raises(TypeError, match="conditions"):
        effects_on_test(["prone"], kind="check")
    with pytest.raises(tc.InvalidInput, match="trait"):
        on(kind="save", trait="luck")


@given(
    names=st.sets(st.sampled_from(Condition), max_size=6),
    kind=st.sampled_from(TestKind),
    side=st.sampled_from(Side),
)
def test_effects_name_their_conditions_and_only_grow(names, kind, side):
    state = Conditions()
    # Defeated ends every other Condition, and valued Conditions need values: leave them out here.
    # Frightened too: Blinding a Frightened creature takes its Misfortune away (it can't see the source).
    left_out = {Condition.DEFEATED, Condition.DOOMED, Condition.PERSISTENT_DAMAGE, Condition.FRIGHTENED}
    for name in sorted(names - left_out, key=str):
        smaller = effects_on_test(state, kind=kind, side=side, trait="body", needs_sight=True)
        state = state.add(name)
        bigger = effects_on_test(state, kind=kind, side=side, trait="body", needs_sight=True)
        for kind_of in ("fortune", "misfortune", "automatic_failure"):
            assert bool(getattr(smaller, kind_of)) <= bool(getattr(bigger, kind_of))
            for reason in getattr(bigger, kind_of):
                assert any(str(c) in reason for c in state.active)
        assert bigger.fatigue == (state.fatigue if side is Side.ACTOR and kind is not TestKind.FLAT_ROLL else 0)


_SOME_CONDITIONS = st.lists(
    st.sampled_from(sorted(set(Condition) - {Condition.PERSISTENT_DAMAGE}, key=str)), max_size=4
)


def _state(names):
    state = Conditions()
    for name in names:
        try:
            state = state.add(name)
        except tc.InvalidInput:  # a Condition with a value (Fatigue, Doomed, Persistent Damage...)
            state = state.add(name, value=1)
    return state


@given(
    actor=_SOME_CONDITIONS,
    target=st.none() | _SOME_CONDITIONS,
    kind=st.sampled_from(sorted(TestKind, key=str)),
    trait=st.none() | st.sampled_from(["body", "mind", "soul"]),
    attack=st.none() | st.sampled_from(["melee", "ranged"]),
    flags=st.tuples(*[st.booleans()] * 6),
)
@example(
    actor=[], target=[Condition.CHARMED], kind=TestKind.CHECK, trait=None, attack=None, flags=(False,) * 5 + (True,)
)
@example(
    actor=[Condition.INVISIBLE],
    target=[Condition.INVISIBLE],
    kind=TestKind.ATTACK,
    trait=None,
    attack="melee",
    flags=(False, False, True, False, True, False),
)
def test_one_reading_of_the_test_keywords(actor, target, kind, trait, attack, flags):
    """effects_between reads its keywords once (TestQuery) and each side as effects_on_test does."""
    from tabletop_core.d20.effects import TestQuery, effects_of_query

    sight, hearing, fear, seen, seen_target, charmer = flags
    keywords = {"kind": kind, "trait": trait, "attack": attack, "needs_sight": sight, "needs_hearing": hearing}
    mine, theirs = _state(actor), None if target is None else _state(target)
    between = effects_between(
        mine,
        theirs,
        **keywords,
        sees_fear_source=fear,
        actor_observed=seen,
        target_observed=seen_target,
        social_by_charmer=charmer,
    )
    asked = TestQuery.of(**keywords, sees_fear_source=fear)
    assert between == effects_of_query(
        mine, theirs, asked, actor_observed=seen, target_observed=seen_target, social_by_charmer=charmer
    )
    alone = effects_on_test(mine, **keywords, sees_fear_source=fear, observed=seen)
    if theirs is None:
        assert between == alone
    else:
        against = effects_on_test(
            theirs,
            side=Side.TARGET,
            kind=kind,
            trait=trait,
            attack=attack,
            observed=seen_target,
            social_by_charmer=charmer,
        )
        assert set(between.fortune) == set(alone.fortune) | set(against.fortune)
        assert set(between.misfortune) == set(alone.misfortune) | set(against.misfortune)
        assert between.fatigue == alone.fatigue
