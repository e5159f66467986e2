import json
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

import tabletop_core as tc
from support import assert_fits
from tabletop_core.residue.hexmap import Direction, Hex, HexMap, Region, Tile
from tabletop_core.residue.hum import (
    DEFAULT_COMPASS,
    HumPlacement,
    hum_distance_odds,
    place_hum,
    reach_hum,
    resolve_hum_placement,
)
from tabletop_core.residue.tokens import Token, TokenKind

ASH = Region("Ash", ("a", "b"))


def test_default_compass_die_is_a_d6_reading_the_six_directions():
    assert DEFAULT_COMPASS == (Direction.N, Direction.NE, Direction.SE, Direction.S, Direction.SW, Direction.NW)


def test_compass_die_and_2d4_plus_3():
    placed = resolve_hum_placement(HexMap(), Hex(0, 0), compass_roll=2, distance_dice=(4, 4))
    assert placed.direction is Direction.NE
    assert placed.distance == 11
    assert placed.at == placed.target == Hex(11, -11)
    assert Hex(0, 0).distance(placed.at) == 11
    assert not placed.redirected
    low = resolve_hum_placement(HexMap(), Hex(2, 2), compass_roll=1, distance_dice=(1, 1))
    assert low.distance == 5
    assert low.at == Hex(2, -3)


def test_distance_odds_are_2d4_plus_3_by_brute_force():
    odds = hum_distance_odds()
    counts = Counter(a + b + 3 for a in range(1, 5) for b in range(1, 5))
    assert dict(odds.items()) == {k: Fraction(v, 16) for k, v in counts.items()}
    assert odds.outcomes == tuple(range(5, 12))
    assert odds.probability(8) == Fraction(1, 4)


def test_hum_is_never_placed_on_a_hex_with_a_region_or_an_area():
    # (0,8) has a Region only: still refused; the second Compass roll (NE) walks to the first Hex with neither.
    hexmap = HexMap(
        regions=(ASH,),
        tiles=[Tile(Hex(0, 8), region="Ash"), Tile(Hex(1, 7), region="Ash", area="a")],
    )
    placed = resolve_hum_placement(hexmap, Hex(0, 0), compass_roll=4, distance_dice=(2, 3), redirect_roll=2)
    assert placed.target == Hex(0, 8)
    assert placed.redirected
    assert placed.redirect_direction is Direction.NE
    assert placed.at == Hex(2, 6)
    assert "is discovered; Compass 2 -> NE" in str(placed)
    with pytest.raises(tc.InvalidInput, match="roll the Compass Die again"):
        resolve_hum_placement(hexmap, Hex(0, 0), compass_roll=4, distance_dice=(2, 3))
    with pytest.raises(tc.InvalidInput, match="redirect_roll must be None"):
        resolve_hum_placement(HexMap(), Hex(0, 0), compass_roll=4, distance_dice=(2, 3), redirect_roll=1)


def test_place_hum_rolls_compass_then_2d4_then_compass_again_only_if_needed():
    hexmap = HexMap(regions=(ASH,), tiles=[Tile(Hex(0, 8), region="Ash")])
    dice = tc.ScriptedDice([4, 2, 3, 5])
    placed = place_hum(hexmap, Hex(0, 0), rng=dice)
    assert dice.remaining == 0
    assert placed.redirect_direction is Direction.SW
    assert placed.at == Hex(-1, 9)
    dice = tc.ScriptedDice([4, 2, 3, 5])
    place_hum(HexMap(), Hex(0, 0), rng=dice)
    assert dice.remaining == 1


def test_custom_compass_faces():
    compass = (Direction.N, Direction.N, Direction.S, Direction.S)
    placed = resolve_hum_placement(HexMap(), Hex(0, 0), compass_roll=3, distance_dice=(1, 2), compass=compass)
    assert placed.at == Hex(0, 6)
    with pytest.raises(tc.InvalidInput, match="compass_roll must be an int from 1 to 4"):
        resolve_hum_placement(HexMap(), Hex(0, 0), compass_roll=5, distance_dice=(1, 2), compass=compass)
    with pytest.raises(tc.InvalidInput, match="at least one face"):
        place_hum(HexMap(), Hex(0, 0), compass=(), rng=1)
    with pytest.raises(TypeError, match="compass\\[0\\] must be a Direction"):
        place_hum(HexMap(), Hex(0, 0), compass=("N",), rng=1)


def test_bad_dice():
    with pytest.raises(tc.InvalidInput, match="distance_dice\\[1\\]"):
        resolve_hum_placement(HexMap(), Hex(0, 0), compass_roll=1, distance_dice=(1, 5))
    with pytest.raises(tc.InvalidInput, match="two d4"):
        resolve_hum_placement(HexMap(), Hex(0, 0), compass_roll=1, distance_dice=(1,))
    with pytest.raises(TypeError, match="compass_roll must be an int"):
        resolve_hum_placement(HexMap(), Hex(0, 0), compass_roll=1.0, distance_dice=(1, 1))


@given(st.integers(0, 2**32 - 1))
def test_hum_distance_is_5_to_11_before_any_redirection(seed):
    placed = place_hum(HexMap(), Hex(0, 0), rng=seed)
    assert 5 <= placed.distance <= 11
    assert Hex(0, 0).distance(placed.target) == placed.distance
    assert placed.at == placed.target


@given(st.integers(0, 2**32 - 1), st.lists(st.tuples(st.integers(-12, 12), st.integers(-12, 12)), max_size=60))
def test_hum_never_lands_on_a_discovered_hex(seed, spots):
    hexmap = HexMap(regions=(ASH,), tiles=[Tile(Hex(q, r), region="Ash") for q, r in set(spots)])
    placed = place_hum(hexmap, Hex(0, 0), rng=seed)
    assert not hexmap.tile(placed.at).has_region_or_area


def test_distance_sample_fits_the_exact_odds():
    source = tc.dice_source(2026)
    counts = Counter(place_hum(HexMap(), Hex(0, 0), rng=source).distance for _ in range(4000))
    assert_fits(counts, hum_distance_odds())


def test_apply_and_reach_the_hum():
    placed = resolve_hum_placement(HexMap(), Hex(0, 0), compass_roll=4, distance_dice=(1, 1))
    hexmap, tokens = placed.apply(HexMap(regions=(ASH,)), [Token(TokenKind.PORTAL, Hex(1, 1))])
    assert hexmap.tile(Hex(0, 5)).ruin
    assert tokens[-1] == Token(TokenKind.HUM, Hex(0, 5), name="the Hum")
    with pytest.raises(tc.RuleError, match="no Area can be placed on the Ruin Hex"):
        hexmap.set_region(Hex(0, 5), "Ash").discover_area(Hex(0, 5), "a")
    left = reach_hum(tokens, Hex(0, 5))
    assert left == (Token(TokenKind.PORTAL, Hex(1, 1)),)
    with pytest.raises(tc.RuleError, match="no Hum Token"):
        reach_hum(left, Hex(0, 5))


def test_json_round_trip():
    hexmap = HexMap(regions=(ASH,), tiles=[Tile(Hex(0, 8), region="Ash")])
    placed = resolve_hum_placement(hexmap, Hex(0, 0), compass_roll=4, distance_dice=(2, 3), redirect_roll=6)
    assert HumPlacement.from_dict(json.loads(json.dumps(placed.to_dict()))) == placed
