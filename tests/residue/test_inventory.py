import pytest
from hypothesis import given
from hypothesis import strategies as st

from support import round_trip
from tabletop_core import InvalidInput, RuleError, ScriptedDice, TabletopError
from tabletop_core import residue as rs
from tabletop_core.residue.conditions import Condition
from tabletop_core.residue.inventory import Inventory, InventoryKind, InventoryRoll, InventoryUse, resolve_inventory
from tabletop_core.residue.step_die import StepDie

S = StepDie
K = InventoryKind


def bag(**changes):
    dice = {"food": "d6", "water": "d6", "battery": "d8", "gear": "d8", "resolve": "d10"}
    dice.update(changes)
    return Inventory(**dice)


@pytest.mark.parametrize("die", [S.D4, S.D6, S.D8, S.D10, S.D12])
def test_inventory_table_1_2_steps_down_3_plus_no_change(die):
    for value in range(1, die.sides + 1):
        result = resolve_inventory(die, value)
        assert result.after is (die.down() if value <= 2 else die)
        assert result.stepped_down == (value <= 2)


def test_roll_inventory_public_names():
    result = rs.roll_inventory(S.D4, rng=ScriptedDice([2]))
    assert (result.value, result.after) == (2, S.ZERO)  # d4 ⇩ becomes 0
    result = rs.roll_inventory("d8", rng=ScriptedDice([3]))
    assert (result.value, result.after) == (3, S.D8)


def test_inventory_zero_cannot_be_rolled():
    with pytest.raises(RuleError, match="0"):
        rs.roll_inventory(S.ZERO, rng=ScriptedDice([1]))
    with pytest.raises(RuleError, match="Gear"):
        bag(gear=0).roll(K.GEAR, rng=ScriptedDice([1]))


def test_bad_values():
    with pytest.raises(InvalidInput):
        resolve_inventory(S.D6, 7)
    with pytest.raises(InvalidInput):
        rs.roll_inventory("d7")
    with pytest.raises(TypeError):
        rs.roll_inventory(None)
    with pytest.raises(InvalidInput, match="kind"):
        rs.roll_inventory("d6", kind="ammo")


def test_roll_record_validates_consistency():
    with pytest.raises(InvalidInput, match="after"):
        InventoryRoll(die=S.D6, value=1, after=S.D6)


@pytest.mark.parametrize(
    ("kind", "condition"),
    [
        (K.FOOD, Condition.STARVATION),
        (K.WATER, Condition.DEHYDRATION),
        (K.BATTERY, Condition.DEPLETION),
        (K.GEAR, Condition.EXPOSED),
        (K.RESOLVE, Condition.CORRUPTION),
    ],
)
def test_each_inventory_at_zero_brings_its_condition(kind, condition):
    assert kind.condition is condition
    inventory = bag(**{kind.name.lower(): "d4"})
    use = inventory.roll(kind, rng=ScriptedDice([1]))
    assert use.after.die(kind) is S.ZERO
    assert condition in use.after.conditions
    assert use.gained == {condition}
    assert str(condition) in str(use)


@pytest.mark.parametrize("kind", [K.FOOD, K.WATER, K.BATTERY, K.GEAR])
def test_condition_is_removed_when_the_inventory_returns(kind):
    empty = bag(**{kind.name.lower(): 0})
    assert kind.condition in empty.conditions
    back = empty.step_up(kind)
    assert back.die(kind) is S.D4
    assert kind.condition not in back.conditions


def test_corruption_is_not_removed_and_resolve_cannot_normally_be_regained():
    corrupt = bag(resolve="d4").roll(K.RESOLVE, rng=ScriptedDice([2])).after
    assert corrupt.corrupted
    with pytest.raises(RuleError, match="Corruption"):
        corrupt.step_up(K.RESOLVE)
    back = corrupt.step_up(K.RESOLVE, by_rule=True)  # a rule says otherwise
    assert back.resolve is S.D4
    assert Condition.CORRUPTION in back.conditions


def test_resolve_at_zero_is_corruption_from_the_start():
    assert bag(resolve=0).corrupted


def test_step_up_and_down():
    inventory = bag(food="d12")
    assert inventory.step_up(K.FOOD).food is S.D12
    assert inventory.step_down("food").food is S.D10
    assert inventory.with_die(K.GEAR, "d4").gear is S.D4


def test_inventory_restriction_when_any_inventory_is_asked_for():
    inventory = bag()
    first = inventory.roll_any(K.FOOD, rng=ScriptedDice([5]))
    assert first.after.last_used is K.FOOD
    with pytest.raises(RuleError, match="Inventory Restriction"):
        first.after.roll_any(K.FOOD, rng=ScriptedDice([5]))
    assert K.FOOD not in first.after.allowed()
    # A rule says otherwise:
    again = first.after.roll_any(K.FOOD, repeat_allowed=True, rng=ScriptedDice([5]))
    assert again.roll.kind is K.FOOD
    # A named roll ("⊙ Food") is what the rule asked for.
    assert first.after.roll(K.FOOD, rng=ScriptedDice([5])).roll.kind is K.FOOD


def test_restriction_lifts_when_it_is_the_only_available_inventory():
    only_food = Inventory(food="d6", water=0, battery=0, gear=0, resolve=0, last_used=K.FOOD)
    assert only_food.allowed() == (K.FOOD,)
    assert only_food.roll_any(rng=ScriptedDice([4])).roll.kind is K.FOOD


def test_restriction_within_a_subset():
    inventory = bag(last_used=K.FOOD)
    assert inventory.allowed(among=[K.FOOD, K.WATER]) == (K.WATER,)
    assert inventory.roll_any(among=["food", "water"], rng=ScriptedDice([3])).roll.kind is K.WATER
    only = bag(water=0, last_used=K.FOOD)
    assert only.allowed(among=[K.FOOD, K.WATER]) == (K.FOOD,)
    with pytest.raises(RuleError, match="may not be used"):
        inventory.roll_any(K.GEAR, among=[K.FOOD, K.WATER], rng=ScriptedDice([3]))


def test_default_choice_is_the_largest_allowed_die():
    inventory = bag()  # resolve d10 is the largest
    assert inventory.roll_any(rng=ScriptedDice([3])).roll.kind is K.RESOLVE
    assert inventory.roll_any(rng=ScriptedDice([3])).after.roll_any(rng=ScriptedDice([3])).roll.kind is K.BATTERY


def test_no_inventory_above_zero():
    empty = Inventory(food=0, water=0, battery=0, gear=0, resolve=0)
    with pytest.raises(RuleError, match="no Inventory"):
        empty.roll_any(rng=ScriptedDice([1]))
    with pytest.raises(RuleError, match="at 0"):
        bag(gear=0).roll_any(K.GEAR, rng=ScriptedDice([1]))


def test_rendering_and_round_trips():
    use = bag().roll(K.FOOD, rng=ScriptedDice([2]))
    assert str(use) == "⊙ Food d6 → 2: Food ⇩ d4"
    assert str(rs.roll_inventory("d6", rng=ScriptedDice([5]))) == "⊙ Inventory d6 → 5: no change"
    assert "Food d4" in str(use.after)
    assert use.to_markdown() == "⊙ Food d6 → 2: **Food ⇩ d4**"  # what the roll did, in bold
    assert use._repr_html_().startswith('<table class="tabletop-record">')
    for record in (use, use.roll, use.after, bag(resolve=0, last_used=K.GEAR)):
        assert round_trip(record) == record
    data = use.after.to_dict()
    assert data["food"] == "d4"
    assert data["last_used"] == "food"


def test_from_dict_rejects_bad_data():
    with pytest.raises(InvalidInput):
        Inventory.from_dict({"food": "D7", "water": "D6", "battery": "D6", "gear": "D6", "resolve": "D6"})
    with pytest.raises(InvalidInput):
        InventoryRoll.from_dict({"die": "D6", "value": 1, "after": "D6", "kind": None})


inventories = st.builds(
    Inventory,
    food=st.sampled_from(list(S)),
    water=st.sampled_from(list(S)),
    battery=st.sampled_from(list(S)),
    gear=st.sampled_from(list(S)),
    resolve=st.sampled_from(list(S)),
    last_used=st.none() | st.sampled_from(list(K)),
)


@given(inventories, st.sampled_from(list(K)), st.integers(1, 12))
def test_bad_calls_raise_and_change_nothing(inventory, kind, value):
    before = inventory.to_dict()
    try:
        use = inventory.roll_any(kind, rng=ScriptedDice([value]))
    except TabletopError:
        pass
    else:
        assert isinstance(use, InventoryUse)
        assert use.before == inventory
        assert kind in inventory.allowed()
    assert inventory.to_dict() == before
    assert round_trip(inventory) == inventory


def test_inventory_use_must_be_consistent():
    use = bag().roll(K.FOOD, rng=ScriptedDice([2]))
    data = use.to_dict()
    with pytest.raises(InvalidInput):
        InventoryUse.from_dict({**data, "after": bag().to_dict()})
    with pytest.raises(InvalidInput):
        InventoryUse.from_dict({**data, "roll": {**data["roll"], "kind": None}})
    with pytest.raises(InvalidInput):
        InventoryUse.from_dict({**data, "before": bag(food="d8").to_dict()})


def test_kind_is_read_before_the_die_at_zero_is_refused():
    with pytest.raises(InvalidInput, match="kind"):
        rs.roll_inventory(0, kind="ammo", rng=ScriptedDice([1]))
    with pytest.raises(InvalidInput, match="kind"):
        resolve_inventory(0, 1, kind="ammo")
    with pytest.raises(RuleError, match=r"^Gear is at 0"):
        rs.roll_inventory(0, kind="gear", rng=ScriptedDice([1]))


def test_among_must_name_inventories():
    with pytest.raises(TypeError, match="among"):
        bag().roll_any(among=5, rng=ScriptedDice([3]))
    with pytest.raises(InvalidInput, match="among"):
        bag().roll_any(among=[], rng=ScriptedDice([3]))
    with pytest.raises(TypeError, match="among"):
        bag().allowed(among=[1])


def test_among_may_be_a_generator():
    kinds = (k for k in ("food", "water"))
    with pytest.raises(RuleError, match="may not be used here"):
        bag().roll_any(K.GEAR, among=kinds, rng=ScriptedDice([3]))
    assert bag().roll_any(among=(k for k in ("water",)), rng=ScriptedDice([3])).roll.kind is K.WATER
