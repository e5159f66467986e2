import pytest
from hypothesis import given
from hypothesis import strategies as st

import tabletop_core as tc
from support import round_trip
from tabletop_core.action_roll import (
    Character,
    ConditionMeter,
    Impact,
    Impacts,
    Meter,
    Momentum,
    Party,
)
from tabletop_core.action_roll.impacts import ImpactGroup


def test_health_spirit_supply_run_0_to_5_and_start_at_5():
    hero, party = Character(), Party()
    assert (hero.health.value, hero.spirit.value, party.supply.value) == (5, 5, 5)
    assert hero.health.maximum == hero.spirit.maximum == party.supply.maximum == 5
    assert hero.momentum == Momentum(2)
    with pytest.raises(tc.InvalidInput, match="value must be an int from 0 to 5, got 6"):
        ConditionMeter(Meter.HEALTH, 6)


def test_suffer_and_recover_clamp_and_report():
    meter = ConditionMeter.full(Meter.SPIRIT)
    hurt = meter.suffer(2)
    assert hurt.value == 3
    assert hurt.recover(4).value == 5
    floored = hurt.suffer(5)
    assert (floored.value, floored.shortfall, floored.is_zero) == (0, 2, True)
    assert str(floored) == "spirit 0/5 (2 more could not be taken below 0)"
    assert floored == ConditionMeter(Meter.SPIRIT, 0)  # the report is not part of the value


def test_asset_meters_have_their_own_range():
    integrity = ConditionMeter.full(Meter.INTEGRITY, maximum=5)
    companion = ConditionMeter(Meter.ASSET, 4, maximum=4)
    assert companion.recover(3).value == 4
    assert integrity.suffer(2).value == 3
    with pytest.raises(tc.InvalidInput):
        ConditionMeter(Meter.ASSET, 5, maximum=4)


def test_impacts_in_four_groups():
    groups = {impact: impact.group for impact in Impact}
    assert [i for i, g in groups.items() if g is ImpactGroup.MISFORTUNE] == [
        Impact.WOUNDED,
        Impact.SHAKEN,
        Impact.UNPREPARED,
    ]
    assert [i for i, g in groups.items() if g is ImpactGroup.VEHICLE_TROUBLE] == [Impact.BATTERED, Impact.CURSED]
    assert [i for i, g in groups.items() if g is ImpactGroup.BURDEN] == [
        Impact.DOOMED,
        Impact.TORMENTED,
        Impact.INDEBTED,
    ]
    assert [i for i, g in groups.items() if g is ImpactGroup.LASTING_EFFECT] == [
        Impact.PERMANENTLY_HARMED,
        Impact.TRAUMATIZED,
    ]


def test_each_impact_lowers_max_momentum_and_reset():
    impacts = Impacts()
    assert (impacts.max_momentum, impacts.momentum_reset) == (10, 2)
    impacts = impacts.mark(Impact.DOOMED)
    assert (impacts.max_momentum, impacts.momentum_reset) == (9, 1)
    impacts = impacts.mark(Impact.TRAUMATIZED)
    assert (impacts.max_momentum, impacts.momentum_reset) == (8, 0)
    impacts = impacts.mark(Impact.SHAKEN)
    assert (impacts.max_momentum, impacts.momentum_reset) == (7, 0)


def test_vehicle_troubles_count_only_while_aboard():
    impacts = Impacts().mark(Impact.BATTERED).mark(Impact.CURSED)
    assert impacts.count == 0
    assert impacts.board().count == 2
    assert impacts.board().disembark().count == 0
    assert "not aboard, not counted" in str(impacts)


def test_a_misfortune_blocks_raising_its_meter_until_cleared():
    hero = Character().suffer(Meter.HEALTH, 5).mark_impact(Impact.WOUNDED)
    with pytest.raises(tc.RuleError, match="health cannot be raised while wounded is marked"):
        hero.recover(Meter.HEALTH, 1)
    assert hero.recover(Meter.SPIRIT, 1).spirit.value == 5  # other meters are free
    healed = hero.clear_impact(Impact.WOUNDED).recover(Meter.HEALTH, 2)
    assert healed.health.value == 2
    shaken = Character().mark_impact(Impact.SHAKEN)
    with pytest.raises(tc.RuleError):
        shaken.recover(Meter.SPIRIT, 1)


def test_battered_blocks_integrity_until_repaired():
    impacts = Impacts().mark(Impact.BATTERED)
    hull = ConditionMeter(Meter.INTEGRITY, 0)
    with pytest.raises(tc.RuleError, match="integrity cannot be raised while battered"):
        hull.recover(2, impacts=impacts)
    assert hull.recover(2, impacts=impacts.clear(Impact.BATTERED)).value == 2


def test_burdens_clear_only_by_resolving_their_quest():
    impacts = Impacts().mark(Impact.INDEBTED)
    with pytest.raises(tc.RuleError, match="resolving its quest"):
        impacts.clear(Impact.INDEBTED)
    assert impacts.resolve_burden(Impact.INDEBTED).count == 0
    with pytest.raises(tc.RuleError, match="not a burden"):
        impacts.resolve_burden(Impact.WOUNDED)


@pytest.mark.parametrize("impact", [Impact.PERMANENTLY_HARMED, Impact.TRAUMATIZED, Impact.CURSED])
def test_lasting_effects_and_cursed_are_permanent(impact):
    impacts = Impacts().mark(impact)
    with pytest.raises(tc.RuleError, match="permanent"):
        impacts.clear(impact)
    assert impacts.is_marked(impact)


def test_marking_twice_or_clearing_unmarked_is_a_rule_error():
    impacts = Impacts().mark(Impact.WOUNDED)
    with pytest.raises(tc.RuleError, match="already marked"):
        impacts.mark(Impact.WOUNDED)
    with pytest.raises(tc.RuleError, match="not marked"):
        impacts.clear(Impact.SHAKEN)
    with pytest.raises(TypeError):
        impacts.mark("wounded")  # type: ignore[arg-type]
    with pytest.raises(tc.InvalidInput, match="repeat"):
        Impacts([Impact.WOUNDED, Impact.WOUNDED])


def test_character_momentum_follows_impacts():
    hero = Character(momentum=Momentum(10))
    hero = hero.mark_impact(Impact.WOUNDED)
    assert hero.momentum == Momentum(9, impacts=1)
    hero = hero.mark_impact(Impact.BATTERED)  # not aboard: not counted
    assert hero.momentum.impacts == 1
    aboard = hero.board()
    assert aboard.momentum == Momentum(8, impacts=2)
    assert aboard.momentum.reset_value == 0
    with pytest.raises(tc.InvalidInput, match="momentum must count"):
        Character(momentum=Momentum(2), impacts=Impacts([Impact.DOOMED]))


def test_character_momentum_moves():
    hero = Character().gain_momentum(3).lose_momentum(12)
    assert hero.momentum.value == -6
    assert hero.momentum.shortfall == 1


def test_supply_is_shared_by_the_party():
    party = Party()
    alice, bob = Character(name="Alice"), Character(name="Bob")
    party = party.sacrifice_resources(2)
    assert party.supply.value == 3
    party = party.resupply(1)
    assert party.supply.value == 4
    party = party.sacrifice_resources(6)
    assert party.supply.value == 0
    assert party.supply.shortfall == 2
    assert party.unprepared  # Sacrifice Resources took the party to 0
    alice, bob = party.share_with(alice), party.share_with(bob)
    assert alice.impacts.is_marked(Impact.UNPREPARED)
    assert bob.impacts.is_marked(Impact.UNPREPARED)
    assert alice.momentum.max_value == 9
    with pytest.raises(tc.RuleError, match="supply cannot be raised while unprepared"):
        party.resupply(2)
    party = party.clear_unprepared().resupply(2)
    alice = party.share_with(alice)
    assert not alice.impacts.is_marked(Impact.UNPREPARED)
    assert alice.momentum.max_value == 10
    assert str(party) == "party supply 2/5"
    with pytest.raises(tc.RuleError):
        party.clear_unprepared()


def test_character_refuses_supply_and_wrong_meters():
    with pytest.raises(tc.InvalidInput, match="supply is the party's"):
        Character().suffer(Meter.SUPPLY, 1)
    with pytest.raises(tc.InvalidInput, match="health must be a health meter"):
        Character(health=ConditionMeter(Meter.SPIRIT, 3))


def test_states_render_and_round_trip():
    hero = Character(name="Kira").suffer(Meter.SPIRIT, 2).mark_impact(Impact.SHAKEN).board()
    assert str(hero) == "Kira: health 5/5, spirit 3/5, momentum +2 (max +9, reset +1); shaken"
    for value in (hero, hero.impacts, hero.health, Party().sacrifice_resources(5), Impacts()):
        assert round_trip(value) == value
        assert "\n" not in str(value)
        assert value._repr_html_().startswith('<table class="tabletop-record">')
    assert str(Impacts()) == "no impacts"


operations = st.lists(
    st.tuples(
        st.sampled_from(["suffer", "recover", "mark", "clear", "board", "gain", "lose"]),
        st.sampled_from([Meter.HEALTH, Meter.SPIRIT]),
        st.sampled_from(list(Impact)),
        st.integers(0, 7),
    ),
    max_size=15,
)


@given(steps=operations)
def test_character_invariants(steps):
    hero = Character()
    for name, meter, impact, amount in steps:
        before = hero
        try:
            if name in {"suffer", "recover"}:
                hero = getattr(hero, name)(meter, amount)
            elif name == "mark":
                hero = hero.mark_impact(impact)
            elif name == "clear":
                hero = hero.clear_impact(impact)
            elif name == "board":
                hero = hero.board() if not hero.impacts.aboard else hero.disembark()
            else:
                hero = getattr(hero, f"{name}_momentum")(amount)
        except tc.RuleError:
            assert hero == before  # a refused move changes nothing
        assert 0 <= hero.health.value <= 5
        assert 0 <= hero.spirit.value <= 5
        assert -6 <= hero.momentum.value <= hero.momentum.max_value == 10 - hero.impacts.count
        assert round_trip(hero) == hero


@pytest.mark.parametrize("kind", [Meter.HEALTH, Meter.SPIRIT, Meter.SUPPLY])
def test_health_spirit_and_supply_always_top_out_at_5(kind):
    # "three condition meters: health, spirit, and supply" run 0..5; only asset meters have their own range.
    with pytest.raises(tc.InvalidInput, match=f"maximum of a {kind} meter must be 5, got 8"):
        ConditionMeter(kind, 3, maximum=8)
    with pytest.raises(tc.InvalidInput, match="must be 5"):
        ConditionMeter.full(kind, maximum=4)
    assert ConditionMeter(Meter.ASSET, 8, maximum=8).value == 8
    assert ConditionMeter.full(Meter.INTEGRITY, maximum=6).value == 6
