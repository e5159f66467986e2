import attrs
import pytest

from tabletop_core._fast import fast_replace as replace
from tabletop_core.residue.journey import CautiousPolicy, Journey, example_setup, play_journey, start_journey
from tabletop_core.residue.wanderer import Wanderer


def _wanderer():
    return Wanderer.new(hp=6, endurance_dice=["d8", "d8", "d6"], inventory="d8", luck="d6", strain_threshold=3, rng=4)


def test_replace_is_attrs_evolve_without_the_checks():
    journey = start_journey(_wanderer(), example_setup(), rng=2)
    assert replace(journey, day=3, steps=2) == attrs.evolve(journey, day=3, steps=2)
    assert replace(journey) == journey
    assert replace(journey, day=3) is not journey
    assert journey.day == 1  # the original is untouched
    with pytest.raises(TypeError, match="no field 'nope'"):
        replace(journey, nope=1)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_state_the_engine_builds_passes_the_full_checks(seed):
    # The engine copies states with replace(); rebuilding each through __init__ (all the
    # validators and __attrs_post_init__) must give the same state back.
    start = start_journey(_wanderer(), example_setup(), rng=seed)
    _end, steps = play_journey(start, CautiousPolicy(), rng=seed)
    for step in steps:
        journey = step.journey
        rebuilt = Journey(**{f.name: getattr(journey, f.name) for f in attrs.fields(Journey)})
        assert rebuilt == journey
        wanderer = journey.wanderer
        assert Wanderer(**{f.name: getattr(wanderer, f.name) for f in attrs.fields(Wanderer)}) == wanderer


@pytest.mark.parametrize("seed", [1, 2])
def test_every_hexmap_with_tile_builds_passes_the_full_checks(seed):
    # HexMap.with_tile copies the map and updates its lookup index instead of re-checking
    # every tile: rebuilding each map through __init__ must give the same map and index.
    from tabletop_core.residue.hexmap import HexMap

    start = start_journey(_wanderer(), example_setup(), rng=seed)
    _end, steps = play_journey(start, CautiousPolicy(), rng=seed)
    for step in steps:
        hexmap = step.journey.hexmap
        rebuilt = HexMap(regions=hexmap.regions, tiles=hexmap.tiles)
        assert rebuilt == hexmap
        assert {t.hex: hexmap.tile(t.hex) for t in hexmap.tiles} == {t.hex: t for t in hexmap.tiles}


def test_with_tile_refuses_a_region_not_on_the_map_and_changes_nothing():
    import tabletop_core as tc
    from tabletop_core.residue.hexmap import Hex, Tile

    hexmap = start_journey(_wanderer(), example_setup(), rng=1).hexmap
    before = hexmap.tiles
    with pytest.raises(tc.InvalidInput, match="names region 'Atlantis', which is not on the map"):
        hexmap.with_tile(Tile(Hex(4, 4), region="Atlantis"))
    assert hexmap.tiles == before
    moved = hexmap.with_tile(Tile(Hex(4, 4), region="Rot Woods"))
    assert moved.tile(Hex(4, 4)).region == "Rot Woods"
    assert hexmap.tile(Hex(4, 4)).region is None  # the original map and its index are untouched


def _rebuilt(value):
    """*value* rebuilt through every constructor (validators, converters, __attrs_post_init__), all the way down."""
    if isinstance(value, tuple):
        return tuple(_rebuilt(item) for item in value)
    if attrs.has(type(value)):
        fields = attrs.fields(type(value))
        return type(value)(**{f.alias: _rebuilt(getattr(value, f.name)) for f in fields if f.init})
    return value


def _played(policy, seeds):
    """Every step of the Journeys played under the *policy* named, one from each seed."""
    from tabletop_core.residue.journey import GreedyPolicy

    chosen = CautiousPolicy() if policy == "cautious" else GreedyPolicy()
    for seed in seeds:
        _end, steps = play_journey(start_journey(_wanderer(), example_setup(), rng=seed), chosen, rng=seed)
        yield from steps


@pytest.mark.parametrize("policy", ["cautious", "greedy"])
def test_every_value_the_rules_copy_passes_the_full_checks_all_the_way_down(policy):
    # The dice rules (Health, Creature, Inventory, Conditions, Endurance, Tile, Token, the Rest
    # steps) copy values with fast_replace: every one the engine reaches, rebuilt through its
    # constructor at every level, must be the same value.
    from tabletop_core.residue.journey import Act

    acts = set()
    for step in _played(policy, range(1, 9)):
        acts.add(step.choice.act)
        journey = step.journey
        assert _rebuilt(journey.wanderer) == journey.wanderer
        assert _rebuilt(journey.tokens) == journey.tokens
        assert _rebuilt(journey.hexmap.tiles) == journey.hexmap.tiles
        assert _rebuilt(journey.stage) == journey.stage
    rest = {Act.PAY, Act.HEAL, Act.END_REST} if policy == "cautious" else set()  # greedy seldom Rests
    assert {Act.COMMIT_MOVE, Act.ATTACK} | rest <= acts  # the rules that copy values were reached


@pytest.mark.parametrize("policy", ["cautious", "greedy"])
def test_every_result_record_the_rules_build_fast_passes_the_full_checks(policy):
    # Commits (ActionResult, CommitResult), Inventory rolls (InventoryRoll, InventoryUse), Token
    # Movement and the engine's own dice (DieRolled) are built with fast_build: every event of
    # played Journeys, rebuilt through its constructor at every level, must be the same record.
    from tabletop_core.residue.actions import CommitResult
    from tabletop_core.residue.inventory import InventoryUse
    from tabletop_core.residue.journey.events import DieRolled, RuleApplied
    from tabletop_core.residue.tokens import MovementStep

    seen = set()
    for step in _played(policy, range(1, 7)):
        for event in step.events:
            seen.add(type(event.result) if isinstance(event, RuleApplied) else type(event))
            assert _rebuilt(event) == event
    assert {CommitResult, InventoryUse, MovementStep, DieRolled} <= seen


def test_the_builder_and_copier_are_written_once_per_class_and_set_every_field():
    from tabletop_core._fast import _generated, fast_build, field_names

    journey = start_journey(_wanderer(), example_setup(), rng=2)
    copy = _generated(Journey, "copy")
    assert _generated(Journey, "copy") is copy
    twin = copy(journey)
    assert twin == journey
    assert twin is not journey
    assert all(getattr(twin, name) is getattr(journey, name) for name in field_names(Journey))
    built = fast_build(Journey, **{name: getattr(journey, name) for name in field_names(Journey)})
    assert built == journey
    assert _generated(Journey, "build") is _generated(Journey, "build")


def test_a_class_whose_field_names_would_clash_with_the_generated_code_is_refused():
    from tabletop_core._fast import fast_build

    @attrs.frozen
    class Clash:
        _fast_made: int

    with pytest.raises(TypeError, match="cannot be built fast"):
        fast_build(Clash, _fast_made=1)


def test_start_journey_shares_the_start_map_of_a_setup_and_builds_what_the_checks_demand():
    import copy

    from tabletop_core.residue.hexmap import Hex, HexMap
    from tabletop_core.residue.hum import place_hum
    from tabletop_core.residue.journey.engine import _start_map

    setup = example_setup()
    assert _start_map(setup) is _start_map(setup)
    twin = copy.deepcopy(setup)
    assert _start_map(twin) == _start_map(setup)
    assert _start_map(twin) is not _start_map(setup)
    plain = HexMap(regions=setup.regions).set_region(Hex(0, 0), setup.start_region)
    assert _start_map(setup) == plain.discover_area(Hex(0, 0), setup.start_area)
    for seed in range(12):
        journey = start_journey(_wanderer(), setup, rng=seed)
        assert _rebuilt(journey.tokens) == journey.tokens  # each foe on its Token
        assert _rebuilt(journey.hexmap.tiles) == journey.hexmap.tiles
        placement = place_hum(_start_map(setup), Hex(0, 0), compass=setup.compass, rng=seed)
        assert _rebuilt(placement) == placement


def test_an_area_entrys_effect_is_built_once_per_entry_and_is_the_effect_it_states():
    import copy

    from tabletop_core.residue.entries import EntryEffect
    from tabletop_core.residue.journey.steps import _effect_of

    entries = [e for e in example_setup().entries if e.hp or e.inventory or e.condition]
    assert entries
    for entry in entries:
        effect = _effect_of(entry)
        assert _effect_of(entry) is effect
        steps = tuple((kind, max(-5, min(5, n))) for kind, n in entry.inventory)
        assert effect == EntryEffect(hp=entry.hp, inventory=steps, condition=entry.condition)
        twin = copy.deepcopy(entry)
        assert _effect_of(twin) == effect
        assert _effect_of(twin) is not effect
