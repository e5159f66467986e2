import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

import tabletop_core as tc
from tabletop_core.residue.hp import DamageResult, Health, resolve_damage


def test_lose_hp_directly_defense_does_not_apply():
    assert Health(6, 8).lose(2) == Health(4, 8)
    assert Health(2, 8).lose(5) == Health(0, 8)


def test_gain_hp_up_to_max_unless_stated_otherwise():
    assert Health(6, 8).gain(1) == Health(7, 8)
    assert Health(6, 8).gain(5) == Health(8, 8)
    assert Health(6, 8).gain(5, beyond_max=True) == Health(11, 11)


def test_suffer_damage_with_commit_defense():
    hit = Health(6, 8).suffer(4, blocked=1)
    assert hit.lost == 3
    assert hit.after == Health(3, 8)
    assert str(hit) == "Suffer 4 Damage, Defense blocks 1: -3 HP (HP 6 -> 3/8)"
    blocked = Health(6, 8).suffer(2, blocked=3)
    assert blocked.lost == 0
    assert blocked.after == Health(6, 8)
    undefended = resolve_damage(Health(6, 8), damage=2)
    assert undefended.lost == 2
    assert str(undefended) == "Suffer 2 Damage: -2 HP (HP 6 -> 4/8)"


def test_zero_hp_is_defeat():
    hit = Health(2, 8).suffer(5)
    assert hit.defeated
    assert hit.after.is_defeated
    assert hit.lost == 2
    assert str(hit.after) == "HP 0/8 (defeated)"
    assert "(defeated)" in str(hit)
    assert not Health(1, 8).is_defeated
    assert Health(3, 8).missing == 5


def test_bad_input_raises():
    with pytest.raises(tc.InvalidInput, match="hp must be an int from 0 to max_hp 8, got 9"):
        Health(9, 8)
    with pytest.raises(tc.InvalidInput, match="max_hp"):
        Health(0, 0)
    with pytest.raises(TypeError, match="hp must be an int"):
        Health(1.5, 8)
    health = Health(5, 8)
    with pytest.raises(tc.InvalidInput, match="amount"):
        health.lose(-1)
    with pytest.raises(tc.InvalidInput, match="damage"):
        health.suffer(-1)
    with pytest.raises(tc.InvalidInput, match="blocked"):
        health.suffer(1, blocked=-1)
    with pytest.raises(TypeError, match="health must be a Health"):
        resolve_damage(5, damage=1)
    with pytest.raises(TypeError, match="beyond_max"):
        health.gain(1, beyond_max=1)
    assert health == Health(5, 8)


operations = st.lists(
    st.tuples(st.sampled_from(["lose", "gain", "suffer"]), st.integers(0, 20), st.integers(0, 5)), max_size=30
)


@given(st.integers(1, 30), operations)
def test_hp_never_above_max_hp_nor_below_zero(max_hp, ops):
    health = Health(max_hp, max_hp)
    for op, amount, blocked in ops:
        if op == "lose":
            health = health.lose(amount)
        elif op == "gain":
            health = health.gain(amount)
        else:
            result = health.suffer(amount, blocked=blocked)
            assert result.lost == min(result.before.hp, max(0, amount - blocked))
            health = result.after
        assert 0 <= health.hp <= health.max_hp == max_hp


def test_json_round_trip():
    hit = Health(6, 8).suffer(4, blocked=1)
    assert DamageResult.from_dict(json.loads(json.dumps(hit.to_dict()))) == hit
    assert Health.from_json(Health(3, 9).to_json()) == Health(3, 9)
    with pytest.raises(tc.InvalidInput):
        Health.from_dict({"hp": 9, "max_hp": 8})
