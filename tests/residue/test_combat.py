import pytest
from hypothesis import given
from hypothesis import strategies as st

import tabletop_core as tc
from support import round_trip
from tabletop_core.residue.combat import (
    AttackResult,
    Creature,
    Encounter,
    EncounterStatus,
    Mutation,
    Retaliation,
    RunResult,
    resolve_attack,
    resolve_pass,
    resolve_retaliation,
    resolve_run,
)
from tabletop_core.residue.hp import Health

HUSK = Creature("Husk", hp=4, defense=1, damage=2)
MAW = Creature("Maw", hp=3, defense=0, damage=3)


def test_creature_stats():
    assert HUSK.max_hp == 4
    assert not HUSK.is_defeated
    assert str(HUSK) == "Husk (HP 4/4, Defense 1, Damage 2)"
    assert HUSK.take(9).is_defeated
    assert HUSK.take(3).reset() == HUSK


def test_region_mutation_applies_when_first_drawn():
    mutated = HUSK.mutated(Mutation("Glass Skin", defense=1, damage=-5))
    assert (mutated.hp, mutated.max_hp, mutated.defense, mutated.damage) == (4, 4, 2, 0)
    assert mutated.mutation.name == "Glass Skin"
    assert "Glass Skin" in str(mutated)
    with pytest.raises(tc.RuleError, match="already has the Region Mutation"):
        mutated.mutated(Mutation("Again", hp=1))
    bigger = HUSK.mutated(Mutation("Bloat", hp=2))
    assert (bigger.hp, bigger.max_hp) == (6, 6)
    assert str(Mutation("Bloat", hp=2)) == "Bloat (HP +2)"


def test_attack_stars_minus_defense_then_retaliation_even_at_zero_damage():
    enc = Encounter((HUSK,))
    hit = resolve_attack(enc, target=0, stars=3)
    assert hit.damage == 2
    assert hit.after.enemies[0].hp == 2
    assert hit.retaliators == (0,)
    weak = resolve_attack(enc, target=0, stars=1)
    assert weak.damage == 0
    assert weak.retaliators == (0,)
    zero = resolve_attack(enc, target=0, stars=0)
    assert zero.damage == 0


def test_killing_blow_no_retaliation_from_the_dead_and_combat_won():
    enc = Encounter((HUSK,))
    kill = resolve_attack(enc, target=0, stars=4)
    assert kill.damage == 3
    assert kill.after.enemies[0].hp == 1
    finish = resolve_attack(kill.after, target=0, stars=2)
    assert finish.killed
    assert finish.retaliators == ()
    assert finish.after.status is EncounterStatus.WON
    assert str(finish).endswith("every enemy defeated")
    with pytest.raises(tc.RuleError, match="Combat is over"):
        resolve_attack(finish.after, target=0, stars=1)


def test_multiple_enemies_one_target_then_every_living_enemy_retaliates_separately():
    enc = Encounter((HUSK, MAW))
    hit = resolve_attack(enc, target=1, stars=2)
    assert hit.after.enemies[1].hp == 1
    assert hit.retaliators == (0, 1)
    health = Health(8, 8)
    first = resolve_retaliation(hit.after, 0, health, blocked=1)
    assert first.result.lost == 1
    second = resolve_retaliation(hit.after, 1, first.result.after, blocked=0)
    assert second.result.lost == 3
    assert second.result.after == Health(4, 8)
    assert str(second) == "Maw retaliates: Suffer 3 Damage: -3 HP (HP 7 -> 4/8)"
    killed = resolve_attack(enc, target=1, stars=3)
    assert killed.retaliators == (0,)
    with pytest.raises(tc.RuleError, match="already defeated"):
        resolve_attack(killed.after, target=1, stars=3)
    with pytest.raises(tc.RuleError, match="cannot Retaliate"):
        resolve_retaliation(killed.after, 1, health)


def test_surprised_creatures_strike_before_your_first_attack():
    enc = Encounter((HUSK, MAW), surprised=True)
    assert enc.needs_opening
    with pytest.raises(tc.RuleError, match="Surprised"):
        resolve_attack(enc, target=0, stars=3)
    opened, strikers = enc.open()
    assert strikers == (0, 1)
    assert not opened.needs_opening
    assert resolve_attack(opened, target=0, stars=3).retaliators == (0, 1)
    with pytest.raises(tc.RuleError, match="once"):
        opened.open()
    with pytest.raises(tc.RuleError):
        Encounter((HUSK,)).open()


def test_surprise_attack_no_retaliation_after_the_first_commit_attack_only():
    enc = Encounter((HUSK,), surprise_attack=True)
    first = resolve_attack(enc, target=0, stars=2)
    assert first.retaliators == ()
    assert str(first).endswith("Surprise Attack: no Retaliation")
    second = resolve_attack(first.after, target=0, stars=2)
    assert second.retaliators == (0,)


def test_pass_counts_as_zero_and_creatures_still_retaliate():
    enc = Encounter((HUSK, MAW))
    passed = resolve_pass(enc)
    assert passed.damage == 0
    assert passed.target is None
    assert passed.after == enc
    assert passed.retaliators == (0, 1)
    assert str(passed) == "Pass: Attack counts as 0; Retaliation from Husk, Maw"
    surprise = Encounter((HUSK,), surprise_attack=True)
    assert resolve_pass(surprise).retaliators == (0,)  # Pass is not a Commit Attack


@pytest.mark.parametrize(("stars", "escaped"), [(0, False), (1, False), (2, False), (3, True), (4, True)])
def test_run_two_stars_or_fewer_fails_three_or_more_escapes(stars, escaped):
    enc = Encounter((HUSK, MAW))
    run = resolve_run(enc, stars=stars)
    assert run.escaped is escaped
    if escaped:
        assert run.retaliators == ()
        assert run.after.status is EncounterStatus.ESCAPED
        assert "Escape to an adjacent Hex, roll Gear" in str(run)
    else:
        assert run.retaliators == (0, 1)
        assert "fail to Escape" in str(run)


def test_enemy_hp_kept_after_escape_and_reset_at_rest():
    enc = Encounter((HUSK,))
    hurt = resolve_attack(enc, target=0, stars=3).after
    fled = resolve_run(hurt, stars=3).after
    assert fled.enemies[0].hp == 2
    with pytest.raises(tc.RuleError, match="escaped"):
        resolve_pass(fled)
    assert fled.enemies[0].reset().hp == 4


def test_bad_input():
    with pytest.raises(tc.InvalidInput, match="at least one Creature"):
        Encounter(())
    with pytest.raises(TypeError, match="enemies\\[0\\] must be a Creature"):
        Encounter(("Husk",))
    with pytest.raises(tc.InvalidInput, match="target must be an int from 0 to 0"):
        resolve_attack(Encounter((HUSK,)), target=1, stars=1)
    with pytest.raises(tc.InvalidInput, match="stars"):
        resolve_attack(Encounter((HUSK,)), target=0, stars=-1)
    with pytest.raises(tc.InvalidInput, match="hp must be an int from 0 to max_hp 3"):
        Creature("X", hp=4, max_hp=3)
    with pytest.raises(tc.InvalidInput, match="max_hp"):
        Creature("X", hp=0, max_hp=0)
    with pytest.raises(tc.InvalidInput, match="defense"):
        Creature("X", hp=2, defense=-1)
    with pytest.raises(TypeError, match="health must be a Health"):
        resolve_retaliation(Encounter((HUSK,)), 0, 5)


@given(
    st.lists(st.tuples(st.integers(1, 8), st.integers(0, 3), st.integers(0, 4)), min_size=1, max_size=4),
    st.lists(st.tuples(st.integers(0, 3), st.integers(0, 5)), max_size=20),
)
def test_combat_invariants(stats, attacks):
    enc = Encounter(tuple(Creature(f"c{i}", hp=h, defense=d, damage=g) for i, (h, d, g) in enumerate(stats)))
    for target, stars in attacks:
        if enc.status is not EncounterStatus.FIGHTING:
            break
        living = enc.living
        target = living[target % len(living)]
        result = resolve_attack(enc, target=target, stars=stars)
        foe = enc.enemies[target]
        assert result.damage == max(0, stars - foe.defense)
        assert result.after.enemies[target].hp == max(0, foe.hp - result.damage)
        assert result.retaliators == result.after.living
        assert all(0 <= e.hp <= e.max_hp for e in result.after.enemies)
        enc = result.after


def test_json_round_trips():
    enc = Encounter((HUSK.mutated(Mutation("Spines", damage=1)), MAW), surprised=True)
    opened, _ = enc.open()
    hit = resolve_attack(opened, target=0, stars=2)
    assert round_trip(enc) == enc
    assert round_trip(hit) == hit
    ret = resolve_retaliation(hit.after, 1, Health(5, 5), blocked=2)
    assert round_trip(ret) == ret
    run = resolve_run(hit.after, stars=1)
    assert round_trip(run) == run
    assert isinstance(hit, AttackResult)
    assert isinstance(ret, Retaliation)
    assert isinstance(run, RunResult)
    assert str(enc).startswith("Combat (fighting): Husk")
