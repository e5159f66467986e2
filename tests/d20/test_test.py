import itertools
import json

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import tabletop_core as tc
from tabletop_core import d20
from tabletop_core.d20 import (
    AttackKind,
    Modifier,
    Outcome,
    Stakes,
    TestEffects,
    TestKind,
    TestRoll,
    Trait,
    attack_trait,
    resolve_test,
    roll_test,
)

instances = st.one_of(
    st.booleans(),
    st.integers(0, 5),
    st.lists(st.sampled_from(["Off Guard", "GM", "Hidden", "Impaired"]), max_size=4),
)


def count(value):
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, int):
        return value
    return len(value)


# -- Core Rule "Test", "Test Total", "Modifier" ------------------------------------


def test_total_is_flat_roll_plus_modifiers():
    roll = resolve_test(flat_roll=11, stakes=Stakes.MID, modifier=4)
    assert (roll.flat_roll, roll.modifier, roll.fortune_die, roll.fatigue) == (11, 4, None, 0)
    assert roll.total == 15
    assert roll.outcome is Outcome.SUCCESS
    assert roll.stakes is Stakes.MID


def test_negative_modifiers_subtract():
    roll = resolve_test(flat_roll=11, stakes=Stakes.MID, modifier=-2)
    assert roll.total == 9
    assert roll.outcome is Outcome.FAILURE


def test_every_modifier_is_kept_with_its_source():
    roll = resolve_test(
        flat_roll=8,
        stakes="low",
        modifier=[Modifier.skill("Brawn", 3), Modifier.proficiency(2), Modifier(value=-1, source="cover"), 1],
        kind="check",
    )
    assert roll.modifier == 5
    assert roll.total == 13
    assert [m.source for m in roll.modifiers] == ["Skill: Brawn", "Proficiency", "cover", "Modifier"]
    assert roll.terms() == [
        ("d20", 8, "Flat Roll"),
        ("Skill: Brawn", 3, "Modifier"),
        ("Proficiency", 2, "Modifier"),
        ("cover", -1, "Modifier"),
        ("Modifier", 1, "Modifier"),
    ]


# -- Core Rule "Check" and "Save" ---------------------------------------------------


@pytest.mark.parametrize(
    ("kind", "trait"),
    [
        (AttackKind.MELEE, Trait.BODY),
        (AttackKind.RANGED, Trait.MIND),
        (AttackKind.THROWN, Trait.MIND),
        (AttackKind.SPELL, Trait.SOUL),
    ],
)
def test_attacks_and_spells_use_traits(kind, trait):
    assert attack_trait(kind) is trait
    assert attack_trait(kind.name.lower()) is trait


def test_check_save_attack():
    check = resolve_test(flat_roll=12, stakes="mid", modifier=Modifier.skill("Agility", 3), kind=TestKind.CHECK)
    assert check.total == 15
    assert str(check).startswith("Check 12 + 3 = 15")
    save = resolve_test(flat_roll=12, stakes="mid", modifier=Modifier.trait("body", 2), kind="save")
    assert save.total == 14
    assert save.modifiers[0].source == "Trait: Body"
    attack = resolve_test(flat_roll=12, stakes="mid", modifier=Modifier.trait(attack_trait("ranged"), 1), kind="attack")
    assert attack.modifiers[0].source == "Trait: Mind"


def test_flat_roll_is_the_bare_die():
    # Core Rule "Flat Roll": roll 1d20 and read the topmost face.
    roll = resolve_test(flat_roll=15, stakes="mid", kind="flat roll")
    assert roll.total == 15
    assert roll.outcome is Outcome.SUCCESS
    with pytest.raises(tc.InvalidInput, match="Flat Roll"):
        resolve_test(flat_roll=15, stakes="mid", kind="flat roll", modifier=2)
    with pytest.raises(tc.InvalidInput, match="Flat Roll"):
        resolve_test(flat_roll=15, stakes="mid", kind="flat roll", fatigue=1)
    # Fortune and Misfortune are Modifiers: a Flat Roll takes neither (and rolls no d6).
    with pytest.raises(tc.InvalidInput, match="Fortune and Misfortune are Modifiers"):
        resolve_test(flat_roll=15, stakes="mid", kind="flat roll", fortune=True, fortune_die=3)
    dice = tc.ScriptedDice([15, 3])
    with pytest.raises(tc.InvalidInput, match="Flat Roll"):
        roll_test(stakes="mid", kind="flat roll", misfortune="Impaired", rng=dice)
    assert dice.remaining == 2


def test_no_special_natural_twenty_or_one():
    assert resolve_test(flat_roll=20, stakes="high", modifier=-1).outcome is Outcome.SETBACK
    assert resolve_test(flat_roll=1, stakes="low", modifier=9).outcome is Outcome.SUCCESS


# -- Core Rules "Fortune" and "Misfortune" -----------------------------------------


def test_fortune_adds_a_d6():
    roll = resolve_test(flat_roll=14, stakes=Stakes.MID, modifier=3, fortune=True, fortune_die=4)
    assert roll.total == 21
    assert roll.fortune_value == 4


def test_misfortune_subtracts_a_d6():
    roll = resolve_test(flat_roll=14, stakes=Stakes.MID, modifier=3, misfortune=True, fortune_die=4)
    assert roll.total == 13
    assert roll.outcome is Outcome.SETBACK


def test_multiple_fortune_rolls_one_d6():
    roll = resolve_test(flat_roll=10, stakes="low", fortune=["Off Guard", "Hidden", "GM"], fortune_die=6)
    assert roll.total == 16
    assert len(roll.fortune) == 3
    dice = tc.ScriptedDice([10, 6, 99])
    rolled = roll_test(stakes="low", fortune=3, rng=dice)
    assert dice.used == (10, 6)
    assert rolled.total == 16


def test_fortune_and_misfortune_cancel_and_roll_no_die():
    dice = tc.ScriptedDice([10])
    roll = roll_test(stakes="mid", fortune=2, misfortune="Impaired", rng=dice)
    assert dice.remaining == 0
    assert roll.fortune_die is None
    assert roll.cancelled
    assert roll.total == 10
    with pytest.raises(tc.InvalidInput, match="fortune_die must be None: Fortune and Misfortune cancel"):
        resolve_test(flat_roll=10, stakes="mid", fortune=True, misfortune=True, fortune_die=3)


def test_fortune_die_required_exactly_when_not_cancelled():
    with pytest.raises(tc.InvalidInput, match="fortune_die must be given"):
        resolve_test(flat_roll=10, stakes="mid", fortune=True)
    with pytest.raises(tc.InvalidInput, match="fortune_die must be given"):
        resolve_test(flat_roll=10, stakes="mid", misfortune=True)
    with pytest.raises(tc.InvalidInput, match="no Fortune or Misfortune"):
        resolve_test(flat_roll=10, stakes="mid", fortune_die=3)
    with pytest.raises(tc.InvalidInput, match="fortune_die"):
        resolve_test(flat_roll=10, stakes="mid", fortune=True, fortune_die=7)


@given(fortune=instances, misfortune=instances, d20=st.integers(1, 20), d6=st.integers(1, 6))
def test_fortune_and_misfortune_cancel_whatever_their_counts(fortune, misfortune, d20, d6):
    f, m = count(fortune), count(misfortune)
    die = d6 if (f > 0) != (m > 0) else None
    roll = resolve_test(flat_roll=d20, stakes="mid", fortune=fortune, misfortune=misfortune, fortune_die=die)
    expected = d20 + (d6 if f and not m else -d6 if m and not f else 0)
    assert roll.total == expected
    assert roll.cancelled == bool(f and m)
    dice = tc.ScriptedDice([d20, d6])
    rolled = roll_test(stakes="mid", fortune=fortune, misfortune=misfortune, rng=dice)
    assert dice.remaining == (0 if die else 1)  # never more than one d6, none when cancelled
    assert rolled == roll


# -- Fatigue ----------------------------------------------------------------------


def test_fatigue_three_costs_three_on_every_test():
    roll = resolve_test(flat_roll=12, stakes="mid", modifier=5, fatigue=3)
    assert roll.total == 14
    assert roll.outcome is Outcome.SETBACK
    assert roll.terms()[-1] == ("Fatigue", -3, "Fatigue")


# -- automatic failure and effects ---------------------------------------------------


def test_automatic_failure_fails_whatever_the_dice():
    roll = resolve_test(flat_roll=20, stakes="low", modifier=10, automatic_failure="Blinded: needs Sight")
    assert roll.total == 30
    assert roll.outcome is Outcome.FAILURE
    assert "fails automatically: Blinded: needs Sight" in str(roll)


def test_effects_feed_straight_in():
    effects = TestEffects(fortune=("target Off Guard",), misfortune=("Impaired",), fatigue=2)
    dice = tc.ScriptedDice([13])
    roll = roll_test(stakes="mid", modifier=4, effects=effects, rng=dice)
    assert roll.cancelled
    assert roll.total == 15
    assert roll.fatigue == 2
    assert roll == resolve_test(flat_roll=13, stakes="mid", modifier=4, effects=effects)
    with pytest.raises(TypeError, match="effects"):
        roll_test(stakes="mid", effects={"fortune": 1})


# -- rolling --------------------------------------------------------------------


def test_roll_test_draws_d20_then_d6():
    roll = roll_test(stakes="mid", modifier=3, fortune="target Off Guard", kind="check", rng=tc.ScriptedDice([14, 4]))
    assert (roll.flat_roll, roll.fortune_die) == (14, 4)
    assert str(roll) == "Check 14 + 3 + d6(4) = 21 · Mid Stakes -> Success (Fortune: target Off Guard)"


def test_roll_test_same_seed_same_result():
    first = [roll_test(stakes="mid", fortune=True, rng=7) for _ in range(3)]
    assert first == [roll_test(stakes="mid", fortune=True, rng=7) for _ in range(3)]
    source = tc.dice_source(3)
    rolls = [roll_test(stakes="high", modifier=2, misfortune=True, rng=source) for _ in range(200)]
    assert all(1 <= r.flat_roll <= 20 and 1 <= r.fortune_die <= 6 for r in rolls)
    assert {type(r.total) for r in rolls} == {int}


def test_bad_call_uses_no_dice():
    dice = tc.ScriptedDice([10, 3])
    with pytest.raises(tc.InvalidInput):
        roll_test(stakes="mid", fatigue=-1, rng=dice)
    with pytest.raises(tc.InvalidInput):
        roll_test(stakes="huge", rng=dice)
    assert dice.remaining == 2


# -- bad input --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        ({"flat_roll": 0}, tc.InvalidInput, "flat_roll must be an int from 1 to 20, got 0"),
        ({"flat_roll": 21}, tc.InvalidInput, "flat_roll must be an int from 1 to 20, got 21"),
        ({"flat_roll": 10, "fatigue": -1}, tc.InvalidInput, "fatigue must be an int from 0 to 10, got -1"),
        ({"flat_roll": 10, "fatigue": 11}, tc.InvalidInput, "fatigue"),
        ({"flat_roll": 10.0}, TypeError, "flat_roll must be an int"),
        ({"flat_roll": True}, TypeError, "flat_roll must be an int"),
        ({"flat_roll": 10, "modifier": "3"}, TypeError, "modifier"),
        ({"flat_roll": 10, "modifier": 2.5}, TypeError, "modifier"),
        ({"flat_roll": 10, "modifier": 10**10}, tc.InvalidInput, "modifier"),
        ({"flat_roll": 10, "modifier": [10**9, 1]}, tc.InvalidInput, "Modifiers must add up to an int from"),
        ({"flat_roll": 10, "fortune": 1.0}, TypeError, "fortune"),
        ({"flat_roll": 10, "fortune": -1}, tc.InvalidInput, "fortune"),
        ({"flat_roll": 10, "fortune": [""]}, tc.InvalidInput, "fortune"),
        ({"flat_roll": 10, "kind": "dance"}, tc.InvalidInput, "kind must be one of"),
        ({"flat_roll": 10, "kind": 3}, TypeError, "kind"),
    ],
)
def test_bad_input_is_a_clear_error(kwargs, error, message):
    with pytest.raises(error, match=message):
        resolve_test(stakes="mid", **kwargs)


@given(
    flat_roll=st.integers(-5, 25),
    fatigue=st.integers(-3, 13),
    modifier=st.one_of(st.integers(-50, 50), st.floats(), st.text(max_size=2), st.none()),
)
def test_any_input_gives_a_roll_or_a_tabletop_or_type_error(flat_roll, fatigue, modifier):
    try:
        roll = resolve_test(flat_roll=flat_roll, stakes="low", modifier=modifier, fatigue=fatigue)
    except (tc.TabletopError, TypeError):
        assert not (1 <= flat_roll <= 20 and 0 <= fatigue <= 10 and isinstance(modifier, int))
    else:
        assert roll.total == flat_roll + modifier - fatigue


def test_results_are_immutable():
    roll = resolve_test(flat_roll=10, stakes="mid")
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        roll.flat_roll = 11


# -- data -----------------------------------------------------------------------------


@given(
    d20_=st.integers(1, 20),
    d6=st.integers(1, 6),
    fortune=instances,
    misfortune=instances,
    fatigue=st.integers(0, 10),
    modifier=st.lists(st.integers(-9, 9), max_size=3),
    kind=st.sampled_from(sorted(set(TestKind) - {TestKind.FLAT_ROLL}, key=list(TestKind).index)),
    stakes=st.sampled_from(Stakes),
)
def test_json_round_trip(d20_, d6, fortune, misfortune, fatigue, modifier, kind, stakes):
    f, m = count(fortune), count(misfortune)
    roll = resolve_test(
        flat_roll=d20_,
        stakes=stakes,
        modifier=modifier,
        fortune=fortune,
        misfortune=misfortune,
        fortune_die=d6 if (f > 0) != (m > 0) else None,
        fatigue=fatigue,
        kind=kind,
    )
    assert TestRoll.from_dict(json.loads(json.dumps(roll.to_dict()))) == roll
    assert TestRoll.from_json(roll.to_json()) == roll


def test_from_dict_validates():
    data = resolve_test(flat_roll=10, stakes="mid").to_dict()
    with pytest.raises(tc.InvalidInput):
        TestRoll.from_dict({**data, "flat_roll": 21})
    with pytest.raises(tc.InvalidInput):
        TestRoll.from_dict({**data, "fortune_die": 3})
    with pytest.raises(tc.InvalidInput):
        TestRoll.from_dict({**data, "stakes": "EXTREME"})


def test_test_classes_are_not_collected():
    assert TestRoll.__test__ is False
    assert TestKind.__test__ is False
    assert TestEffects.__test__ is False
    assert d20.TestBatch.__test__ is False


# -- the fast roll path ---------------------------------------------------------------


@given(
    d20_=st.integers(1, 20),
    d6=st.integers(1, 6),
    stakes=st.sampled_from(Stakes),
    modifier=st.integers(-200, 200),
    fortune=st.booleans(),
    misfortune=st.booleans(),
    fatigue=st.integers(0, 10),
    kind=st.sampled_from(sorted(set(TestKind) - {TestKind.FLAT_ROLL}, key=list(TestKind).index)),
)
def test_everyday_rolls_equal_the_pure_function(d20_, d6, stakes, modifier, fortune, misfortune, fatigue, kind):
    kwargs = {
        "stakes": stakes,
        "modifier": modifier,
        "fortune": fortune,
        "misfortune": misfortune,
        "fatigue": fatigue,
        "kind": kind,
    }
    die = d6 if fortune != misfortune else None
    expected = resolve_test(flat_roll=d20_, fortune_die=die, **kwargs)
    source = tc.GeneratorDice.__new__(tc.GeneratorDice)  # a GeneratorDice serving fixed faces
    source._blocks = {20: [d20_], 6: [d6]}
    source._next_block = {}
    source._generator = None
    rolled = roll_test(**kwargs, rng=source)
    assert rolled == expected
    assert str(rolled) == str(expected)
    assert rolled.to_dict() == expected.to_dict()
    assert roll_test(**kwargs, rng=tc.ScriptedDice([d20_, d6])) == expected


def test_everyday_rolls_share_values_and_the_cache_stays_bounded():
    from tabletop_core.d20 import test as module

    source = tc.dice_source(9)
    limit = module._PLANS.limit
    rolls = [roll_test(stakes=Stakes.MID, modifier=m % 300, rng=source) for m in range(limit + 50)]
    assert len(module._PLANS) <= limit
    assert all(r.total == r.flat_roll + (m % 300) for m, r in enumerate(rolls))
    # the same dice with the same arguments give one shared value
    again = roll_test(stakes=Stakes.MID, modifier=3, rng=tc.ScriptedDice([rolls[3].flat_roll]))
    assert again is roll_test(stakes=Stakes.MID, modifier=3, rng=tc.ScriptedDice([rolls[3].flat_roll]))


class _Loaded(tc.DiceSource):
    """A user's DiceSource that breaks the contract: faces outside the die, numpy ints."""

    def __init__(self, values):
        self.values = list(values)

    def roll(self, sides):
        return self.values.pop(0)

    def roll_many(self, sides, n):
        raise NotImplementedError


def test_user_dice_sources_are_still_checked():
    import numpy as np

    with pytest.raises(tc.InvalidInput, match="flat_roll must be an int from 1 to 20, got 25"):
        roll_test(stakes=Stakes.MID, modifier=2, rng=_Loaded([25]))
    with pytest.raises(tc.InvalidInput, match="fortune_die"):
        roll_test(stakes=Stakes.MID, fortune=True, rng=_Loaded([5, 9]))
    roll = roll_test(stakes=Stakes.MID, modifier=2, rng=_Loaded([np.int64(13)]))
    assert type(roll.flat_roll) is int
    assert roll.total == 15


FAST_PATH_CALLS = [
    {"stakes": Stakes.MID, "modifier": 3, "fortune": True, "misfortune": False, "fatigue": 0, "kind": TestKind.CHECK},
    {"stakes": Stakes.MID, "modifier": 3, "fortune": False, "misfortune": True, "fatigue": 0, "kind": TestKind.CHECK},
    {"stakes": Stakes.MID, "modifier": 3, "fortune": True, "misfortune": True, "fatigue": 0, "kind": TestKind.CHECK},
    {"stakes": Stakes.HIGH, "modifier": 0, "fortune": False, "misfortune": False, "fatigue": 2, "kind": TestKind.SAVE},
    {"stakes": Stakes.LOW, "modifier": -4, "fortune": True, "misfortune": False, "fatigue": 10, "kind": TestKind.TEST},
    {
        "stakes": Stakes.LOW,
        "modifier": 500,
        "fortune": False,
        "misfortune": False,
        "fatigue": 0,
        "kind": TestKind.ATTACK,
    },
]


@pytest.mark.parametrize("kwargs", FAST_PATH_CALLS)
def test_cached_fast_path_equals_the_uncached_path_on_the_same_dice(kwargs):
    # effects=TestEffects() adds nothing but sends roll_test down its general, uncached path.
    needs_d6 = kwargs["fortune"] != kwargs["misfortune"]
    for d20_, d6 in itertools.product(range(1, 21), range(1, 7) if needs_d6 else [None]):
        dice = [d20_] if d6 is None else [d20_, d6]
        slow = roll_test(**kwargs, effects=TestEffects(), rng=tc.ScriptedDice(dice))
        first = roll_test(**kwargs, rng=tc.ScriptedDice(dice))
        again = roll_test(**kwargs, rng=tc.ScriptedDice(dice))  # served from the cache
        expected_total = (
            d20_
            + kwargs["modifier"]
            - kwargs["fatigue"]
            + ((d6 if kwargs["fortune"] else -d6) if d6 is not None else 0)
        )
        assert slow.total == expected_total
        for fast in (first, again):
            assert fast == slow
            assert str(fast) == str(slow)
            assert fast.to_dict() == slow.to_dict()
            assert fast.to_json() == slow.to_json()
            assert fast.to_markdown() == slow.to_markdown()
            assert fast._repr_html_() == slow._repr_html_()
            assert TestRoll.from_json(fast.to_json()) == slow


def test_cache_key_tells_every_argument_apart():
    # The same dice under each variation of the arguments: a cache keyed too loosely would hand back
    # the result of an earlier, different call.
    base = {"stakes": Stakes.MID, "modifier": 3, "fortune": True, "misfortune": False, "fatigue": 1,
            "kind": TestKind.CHECK}  # fmt: skip
    variations = [
        {}, {"stakes": Stakes.HIGH}, {"modifier": 4}, {"fortune": False, "misfortune": True},
        {"fatigue": 2}, {"kind": TestKind.SAVE},
    ]  # fmt: skip
    seen = set()
    for change in variations:
        kwargs = {**base, **change}
        rolled = roll_test(**kwargs, rng=tc.ScriptedDice([12, 5]))
        assert rolled == resolve_test(flat_roll=12, fortune_die=5, **kwargs)
        seen.add(str(rolled))
    assert len(seen) == len(variations)
