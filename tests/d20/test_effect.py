"""Energies and Effect records: Core Rules Effect, Trigger, On Use, Instant, Duration, Stacking (pure parts)."""

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

import tabletop_core as tc
from tabletop_core import d20
from tabletop_core.d20 import Condition, Conditions, Creature, Duration, Effect, Energy
from tabletop_core.d20.effect import ONGOING_CONDITIONS, applying

# -- Energies ----------------------------------------------------------------------


@pytest.mark.parametrize("spelling", ["fire", "Fire", " fire ", "FIRE", "Fire "])
def test_energy_names_are_forgiving(spelling):
    assert Energy.parse(spelling) is Energy.FIRE


def test_unknown_energy_is_refused_naming_the_set():
    with pytest.raises(tc.InvalidInput, match="energy must be one of acid, cold, fire"):
        Energy.parse("plasma")
    with pytest.raises(TypeError):
        Energy.parse(3)
    with pytest.raises(tc.InvalidInput):
        Conditions().add("persistent damage", value=3, energy="plasma")


def test_same_energy_spelled_twice_is_one_energy_highest_applies():
    # The case: `fire` 3 and `Fire ` 5 are one Energy: only the highest (5) applies, not 8.
    state = (
        Conditions().add("persistent damage", value=3, energy="fire").add("persistent damage", value=5, energy="Fire ")
    )
    assert state.persistent_damage == {"fire": 5}
    end = Creature(max_hp=20, conditions=state).end_turn(rng=tc.ScriptedDice([20]))
    assert end.damage == 5
    assert end.creature.hp == 15
    assert state.reduce("persistent damage", energy=" FIRE", by=2).persistent_damage == {"fire": 3}


# -- Effect records ----------------------------------------------------------------


def test_effect_with_no_trigger_or_dash_is_on_use_and_no_duration_is_instant():
    plain = Effect(name="Shove", creator="Ogre", conditions=["prone"])
    assert plain.on_use
    assert plain.is_instant
    assert Effect(name="Shove", creator="Ogre", trigger="—").on_use
    ward = Effect(name="Ward", creator="Ana", trigger="a foe enters your Space", duration=Duration.of(minutes=1))
    assert not ward.on_use
    assert not ward.is_instant
    assert str(ward) == "Ward by Ana: no listed effect; Trigger: a foe enters your Space; 1 minute"


def test_effect_rendering_and_round_trip():
    effect = Effect(
        name="Firebolt",
        creator="Ana",
        damage=6,
        energy=" Fire",
        persistent_damage=2,
        persistent_energy="fire",
        cost=2,
    )
    assert effect.energy == "fire"
    assert effect.is_harmful
    assert str(effect) == "Firebolt by Ana: 6 fire Damage; Persistent Damage 2 fire; On Use; Instant; 2 AP"
    assert Effect.from_dict(effect.to_dict()) == effect
    assert Effect.from_json(effect.to_json()) == effect


@pytest.mark.parametrize(
    ("kwargs", "error"),
    [
        ({"name": ""}, tc.InvalidInput),
        ({"name": 3}, TypeError),
        ({"creator": None}, TypeError),
        ({"conditions": ["staggered"]}, tc.InvalidInput),  # caused by its own rules, not imposed
        ({"conditions": ["fatigue"]}, tc.InvalidInput),
        ({"conditions": ["nonsense"]}, tc.InvalidInput),
        ({"conditions": 3}, TypeError),
        ({"persistent_damage": 3}, tc.InvalidInput),  # needs its Energy
        ({"persistent_energy": "fire"}, tc.InvalidInput),
        ({"energy": "fire"}, tc.InvalidInput),  # an Energy without Damage
        ({"damage": 2, "healing": 2}, tc.InvalidInput),
        ({"damage": -1}, tc.InvalidInput),
        ({"damage": 2.0}, TypeError),
        ({"duration": 3}, TypeError),
        ({"fortune": 1}, TypeError),
        ({"tests": ["dance"]}, tc.InvalidInput),
        ({"side": "nobody"}, tc.InvalidInput),
        ({"cost": -1}, tc.InvalidInput),
    ],
)
def test_bad_effects_are_refused(kwargs, error):
    with pytest.raises(error):
        Effect(**{"name": "X", "creator": "GM", **kwargs})


def test_an_effect_on_checks_covers_attacks_and_spells():
    effect = Effect(name="Focus", creator="GM", modifiers=1, tests=["check"])
    assert effect.covers("attack")
    assert effect.covers("spell")
    assert effect.covers("check")
    assert not effect.covers("save")
    assert Effect(name="All", creator="GM", modifiers=1).covers("save")


def test_ongoing_conditions_leave_out_the_caused_ones():
    assert Condition.PRONE in ONGOING_CONDITIONS
    assert not {Condition.STAGGERED, Condition.DEFEATED, Condition.FATIGUE} & ONGOING_CONDITIONS


# -- Stacking (pure) ---------------------------------------------------------------


def bless(creator, strength, rounds):
    return Effect(name="Bless", creator=creator, modifiers=strength, strength=strength, duration=Duration(rounds))


def test_same_effect_strongest_applies_then_most_duration_left():
    weak, strong = bless("A", 1, 9), bless("B", 2, 2)
    assert applying([(weak, Duration(9), "e1"), (strong, Duration(2), "e2")]) == ("e2",)
    short, long = bless("A", 1, 2), bless("B", 1, 5)
    assert applying([(short, Duration(2), "e1"), (long, Duration(5), "e2")]) == ("e2",)
    forever = bless("C", 1, 1)
    assert applying([(long, Duration(5), "e2"), (forever, Duration(None), "e3")]) == ("e3",)


def test_different_effects_stack():
    other = Effect(name="Haste", creator="A", conditions=["hasted"], duration=Duration(3))
    assert applying([(bless("A", 1, 2), Duration(2), "e1"), (other, Duration(3), "e2")]) == ("e1", "e2")


def test_applying_checks_its_entries():
    with pytest.raises(TypeError):
        applying([("not an effect", Duration(2), "e1")])
    with pytest.raises(TypeError):
        applying([3])


entries = st.lists(
    st.tuples(
        st.sampled_from(["Bless", "Haste"]),
        st.sampled_from(["A", "B", "C"]),
        st.integers(0, 3),
        st.one_of(st.none(), st.integers(1, 20)),
    ),
    max_size=6,
)


@given(entries=entries, data=st.data())
def test_stacking_is_order_independent(entries, data):
    built = [
        (
            Effect(name=name, creator=creator, modifiers=strength, strength=strength, duration=Duration(rounds)),
            Duration(rounds),
            f"e{i}",
        )
        for i, (name, creator, strength, rounds) in enumerate(entries)
    ]
    shuffled = data.draw(st.permutations(built))
    assert set(applying(built)) == set(applying(shuffled))
    # exactly one per Effect name applies
    assert len(applying(built)) == len({name for name, *_ in entries})


def test_stacking_brute_force_over_small_cases():
    # Every pair of Bless instances: the kept one is never weaker, nor shorter at equal strength.
    options = [(s, r) for s in (0, 1, 2) for r in (1, 2, None)]
    for (s1, r1), (s2, r2) in itertools.product(options, repeat=2):
        a, b = bless("A", s1, r1), bless("B", s2, r2)
        (kept,) = applying([(a, Duration(r1), "e1"), (b, Duration(r2), "e2")])
        winner, loser = (a, b) if kept == "e1" else (b, a)
        assert winner.strength >= loser.strength
        if winner.strength == loser.strength:
            assert Duration(winner.duration.rounds)._key() >= Duration(loser.duration.rounds)._key()


def test_public_names():
    assert {"Effect", "Energy", "Encounter", "Combatant", "EncounterStep", "Detection"} <= set(d20.__all__)
    assert d20.actions.RollInitiative is not None  # the submodules are there to import
    assert d20.events.Event is not None


@pytest.mark.parametrize("cls", [Energy, d20.Detection, d20.effect.TargetKind])
def test_enum_lookups_by_value_refuse_clearly(cls):
    first = next(iter(cls))
    assert cls(first.value) is first
    with pytest.raises(tc.InvalidInput, match=f"{cls.__name__} has no member with value 'plasma'"):
        cls("plasma")
    with pytest.raises(tc.InvalidInput):
        cls(3)
    with pytest.raises(TypeError):
        cls([1])
