import pytest
from hypothesis import given
from hypothesis import strategies as st

import tabletop_core as tc
from support import round_trip
from tabletop_core.residue.hexmap import (
    UNKNOWN_AREA,
    AreaDraw,
    Direction,
    Hex,
    HexMap,
    Region,
    Tile,
    draw_area,
    resolve_area_draw,
)

hexes = st.builds(Hex, st.integers(-50, 50), st.integers(-50, 50))
ASH = Region("Ash Flats", ("Crater", "Pylon", "Husk Field"), hazard="-1 HP")
GLASS = Region("Glass Wastes", ("Spire",))


def test_six_compass_directions_clockwise_from_north():
    assert [d.name for d in Direction] == ["N", "NE", "SE", "S", "SW", "NW"]
    assert Direction.N.opposite is Direction.S
    assert Direction.NE.opposite is Direction.SW
    assert Direction.NW.opposite is Direction.SE


def test_neighbours_are_the_six_adjacent_hexes():
    centre = Hex(2, -1)
    neighbours = centre.neighbours()
    assert len(set(neighbours)) == 6
    assert all(centre.distance(n) == 1 for n in neighbours)
    assert neighbours[0] == Hex(2, -2)  # North first
    assert centre.neighbour(Direction.S, 3) == Hex(2, 2)


@given(hexes, hexes)
def test_distance_is_a_metric_and_step_toward_gets_one_closer(a, b):
    assert a.distance(b) == b.distance(a) >= 0
    assert (a.distance(b) == 0) == (a == b)
    step = a.step_toward(b)
    if a == b:
        assert step == a
        assert a.direction_to(b) is None
    else:
        assert a.distance(step) == 1
        assert step.distance(b) == a.distance(b) - 1


@given(hexes, st.sampled_from(list(Direction)), st.integers(0, 20))
def test_walking_n_steps_in_one_direction_is_distance_n(start, direction, steps):
    assert start.distance(start.neighbour(direction, steps)) == steps


@given(hexes, st.sampled_from(list(Direction)), st.integers(0, 20))
def test_a_neighbour_is_the_hex_the_constructor_builds(start, direction, steps):
    # neighbour() builds in-range Hexes without the field converters: the same value, hash and order.
    found = start.neighbour(direction, steps)
    dq, dr = direction.value
    built = Hex(start.q + dq * steps, start.r + dr * steps)
    assert found == built
    assert hash(found) == hash(built)
    assert type(found.q) is int
    assert type(found.r) is int
    assert Hex.from_dict(found.to_dict()) == found


def test_a_neighbour_past_the_coordinate_limit_is_the_fields_error():
    edge = Hex(0, 10**6)
    with pytest.raises(tc.InvalidInput, match="r must be"):
        edge.neighbour(Direction.S)
    with pytest.raises(tc.InvalidInput, match="q must be"):
        Hex(-(10**6), 0).neighbour(Direction.NW)
    assert edge.neighbour(Direction.N) == Hex(0, 10**6 - 1)


def test_hex_validation():
    with pytest.raises(TypeError, match="q must be an int"):
        Hex(1.5, 0)
    with pytest.raises(tc.InvalidInput, match="r must be"):
        Hex(0, 10**7)
    with pytest.raises(TypeError, match="direction must be a Direction"):
        Hex(0, 0).neighbour("N")
    with pytest.raises(tc.InvalidInput, match="steps"):
        Hex(0, 0).neighbour(Direction.N, -1)


def test_unlisted_hex_is_undiscovered_with_no_region_and_no_area():
    tile = HexMap(regions=(ASH,)).tile(Hex(5, 5))
    assert tile == Tile(Hex(5, 5))
    assert not tile.is_discovered
    assert tile.is_new
    assert not tile.has_region_or_area
    assert "Undiscovered Region" in str(tile)


def test_discovery_region_then_area():
    base = HexMap(regions=(ASH, GLASS))
    where = Hex(1, 0)
    with_region = base.set_region(where, "Ash Flats")
    tile = with_region.tile(where)
    assert tile.region == "Ash Flats"
    assert not tile.is_discovered  # Undiscovered Area: it has a Region but no Area
    assert tile.is_new
    assert "Undiscovered Area" in str(tile)
    done = with_region.discover_area(where, "Pylon")
    assert done.is_discovered(where)
    assert not done.tile(where).is_new
    assert done.discovered_areas("Ash Flats") == {"Pylon"}
    assert done.undiscovered_areas("Ash Flats") == ("Crater", "Husk Field")
    assert done.undiscovered_regions() == ("Glass Wastes",)
    assert base.tile(where) == Tile(where)  # the original map is unchanged


def test_discovery_refusals_change_nothing():
    hexmap = HexMap(regions=(ASH,)).set_region(Hex(0, 1), "Ash Flats").discover_area(Hex(0, 1), "Crater")
    snapshot = hexmap.to_dict()
    with pytest.raises(tc.RuleError, match="already a Discovered Hex"):
        hexmap.discover_area(Hex(0, 1), "Pylon")
    with pytest.raises(tc.RuleError, match="no Region yet"):
        hexmap.discover_area(Hex(3, 3), "Pylon")
    hexmap2 = hexmap.set_region(Hex(0, 2), "Ash Flats")
    with pytest.raises(tc.RuleError, match="already on the map"):
        hexmap2.discover_area(Hex(0, 2), "Crater")
    with pytest.raises(tc.InvalidInput, match="area must be an Area of Region"):
        hexmap2.discover_area(Hex(0, 2), "Spire")
    with pytest.raises(tc.RuleError, match="already belongs"):
        hexmap.set_region(Hex(0, 1), "Ash Flats")
    with pytest.raises(tc.InvalidInput, match="region must be one of"):
        hexmap.set_region(Hex(4, 4), "Nowhere")
    assert hexmap.to_dict() == snapshot


def test_unknown_area_table_when_every_area_of_the_region_is_discovered():
    hexmap = HexMap(regions=(GLASS,))
    hexmap = hexmap.set_region(Hex(0, 0), "Glass Wastes").discover_area(Hex(0, 0), "Spire")
    hexmap = hexmap.set_region(Hex(1, 0), "Glass Wastes")
    draw = resolve_area_draw(hexmap, "Glass Wastes", None)
    assert draw == AreaDraw("Glass Wastes", UNKNOWN_AREA, unknown_table=True)
    assert "Unknown Area Table" in str(draw)
    assert hexmap.all_areas_discovered
    hexmap = hexmap.discover_area(Hex(1, 0), draw.area)
    assert hexmap.tile(Hex(1, 0)).area == UNKNOWN_AREA
    with pytest.raises(tc.InvalidInput, match="roll must be None"):
        resolve_area_draw(hexmap, "Glass Wastes", 1)


def test_area_draw_picks_among_the_undiscovered_areas():
    hexmap = HexMap(regions=(ASH,)).set_region(Hex(0, 0), "Ash Flats").discover_area(Hex(0, 0), "Pylon")
    assert resolve_area_draw(hexmap, "Ash Flats", 1).area == "Crater"
    assert resolve_area_draw(hexmap, "Ash Flats", 2).area == "Husk Field"
    assert str(resolve_area_draw(hexmap, "Ash Flats", 2)) == "Ash Flats: roll 2 -> Husk Field"
    with pytest.raises(tc.InvalidInput, match="roll must be an int from 1 to 2"):
        resolve_area_draw(hexmap, "Ash Flats", 3)
    with pytest.raises(tc.InvalidInput, match="roll must be an int from 1 to 2"):
        resolve_area_draw(hexmap, "Ash Flats", None)
    assert draw_area(hexmap, "Ash Flats", rng=tc.ScriptedDice([2])).area == "Husk Field"
    assert not hexmap.all_areas_discovered


def test_special_and_ruin_hexes():
    hexmap = HexMap(regions=(ASH,)).set_special(Hex(2, 2), "Radiation: -1 HP on entering")
    assert hexmap.tile(Hex(2, 2)).is_special
    assert "Special" in str(hexmap.tile(Hex(2, 2)))
    ruined = hexmap.set_region(Hex(3, 3), "Ash Flats").set_ruin(Hex(3, 3))
    assert ruined.tile(Hex(3, 3)).ruin
    assert "Ruin Hex" in str(ruined.tile(Hex(3, 3)))
    with pytest.raises(tc.RuleError, match="no Area can be placed on the Ruin Hex"):
        ruined.discover_area(Hex(3, 3), "Crater")
    discovered = hexmap.set_region(Hex(4, 4), "Ash Flats").discover_area(Hex(4, 4), "Crater")
    with pytest.raises(tc.RuleError, match="Ruin Hex cannot hold an Area"):
        discovered.set_ruin(Hex(4, 4))
    with pytest.raises(tc.InvalidInput, match="no Area can be placed on a Ruin Hex"):
        Tile(Hex(0, 0), region="Ash Flats", area="Crater", ruin=True)


def test_first_undiscovered_follows_a_direction_past_regions_and_areas():
    hexmap = HexMap(regions=(ASH,)).set_region(Hex(0, 0), "Ash Flats").set_region(Hex(0, 1), "Ash Flats")
    assert hexmap.first_undiscovered(Hex(0, 0), Direction.S) == Hex(0, 2)
    assert hexmap.first_undiscovered(Hex(5, 5), Direction.S) == Hex(5, 5)


def test_map_validation():
    with pytest.raises(tc.InvalidInput, match="distinct names"):
        HexMap(regions=(ASH, ASH))
    with pytest.raises(tc.InvalidInput, match="each Hex once"):
        HexMap(regions=(ASH,), tiles=(Tile(Hex(0, 0)), Tile(Hex(0, 0))))
    with pytest.raises(tc.InvalidInput, match="not on the map"):
        HexMap(tiles=(Tile(Hex(0, 0), region="Nowhere"),))
    with pytest.raises(TypeError, match="regions\\[0\\] must be a Region"):
        HexMap(regions=("Ash",))
    with pytest.raises(tc.InvalidInput, match="needs a region"):
        Tile(Hex(0, 0), area="Crater")
    with pytest.raises(tc.InvalidInput, match="distinct"):
        Region("R", ("a", "a"))
    with pytest.raises(tc.InvalidInput, match="non-empty"):
        Region("")
    with pytest.raises(TypeError):
        HexMap(regions=5)


def test_json_round_trips():
    hexmap = (
        HexMap(regions=(ASH, GLASS))
        .set_region(Hex(1, 0), "Ash Flats")
        .discover_area(Hex(1, 0), "Crater")
        .set_special(Hex(0, 3), "storm")
        .set_ruin(Hex(9, 9))
    )
    again = round_trip(hexmap)
    assert again == hexmap
    assert again.tile(Hex(1, 0)).area == "Crater"
    assert round_trip(Hex(3, -4)) == Hex(3, -4)
    assert round_trip(AreaDraw("Ash Flats", "Crater", False, 1)) == AreaDraw("Ash Flats", "Crater", False, 1)
    assert str(hexmap) == "HexMap: 2 Regions, 3 known Hexes, 1 discovered"
    assert len(hexmap) == 3
    assert list(hexmap) == list(hexmap.tiles)
    assert str(Hex(1, -2)) == "(1,-2)"
    assert str(Direction.SE) == "SE"
    assert str(ASH) == "Ash Flats (3 Areas)"
