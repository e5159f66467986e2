import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

import tabletop_core as tc
from tabletop_core.residue.hexmap import Direction, Hex, HexMap, Region, Tile
from tabletop_core.residue.tokens import (
    Movement,
    MovementStep,
    Token,
    TokenKind,
    TokenMove,
    TokenResolution,
    move_tokens,
    token_resolution,
    tokens_at,
)

ASH = Region("Ash", ("a", "b"))
GLASS = Region("Glass", ("c",))


def region_map(region, hexes, other=None):
    tiles = [Tile(h, region=region.name) for h in hexes]
    regions = (region,) if other is None else (region, other)
    return HexMap(regions=regions, tiles=tiles)


def test_every_kind_of_token():
    assert [k.value for k in TokenKind] == ["Creature", "Hum", "Anomaly", "Portal", "Raiders", "Vendor", "NPC"]


def test_creature_moves_one_hex_toward_you_in_your_region():
    hexmap = region_map(ASH, [Hex(0, 0), Hex(0, 1), Hex(0, 2), Hex(0, 3)])
    creature = Token(TokenKind.CREATURE, Hex(0, 3), name="Husk")
    step = move_tokens(hexmap, [creature], Hex(0, 0))
    assert step.tokens[0].at == Hex(0, 2)
    assert step.moves == (TokenMove(0, Hex(0, 3), Hex(0, 2)),)
    assert step.encounter is None
    assert step.finished
    assert str(step) == "Token Movement: Token 1: (0,3) -> (0,2)"


def test_creature_outside_your_region_does_not_move():
    hexmap = HexMap(regions=(ASH, GLASS), tiles=[Tile(Hex(0, 0), region="Ash"), Tile(Hex(0, 3), region="Glass")])
    step = move_tokens(hexmap, [Token(TokenKind.CREATURE, Hex(0, 3))], Hex(0, 0))
    assert step.tokens[0].at == Hex(0, 3)
    assert step.moves == ()
    assert str(step) == "Token Movement: no Token moves"


def test_creature_stays_within_the_region():
    # From (2,1) both N (2,0) and NW (1,1) get closer; N leaves the Region, so NW is taken.
    hexmap = HexMap(
        regions=(ASH, GLASS),
        tiles=[
            Tile(Hex(0, 0), region="Ash"),
            Tile(Hex(2, 1), region="Ash"),
            Tile(Hex(2, 0), region="Glass"),
            Tile(Hex(1, 1), region="Ash"),
        ],
    )
    creature = Token(TokenKind.CREATURE, Hex(2, 1))
    assert move_tokens(hexmap, [creature], Hex(0, 0)).tokens[0].at == Hex(1, 1)
    open_map = hexmap.with_tile(Tile(Hex(2, 0), region="Ash"))
    assert move_tokens(open_map, [creature], Hex(0, 0)).tokens[0].at == Hex(2, 0)  # N first when both stay in
    blocked = hexmap.with_tile(Tile(Hex(1, 1), region="Glass"))
    assert move_tokens(blocked, [creature], Hex(0, 0)).moves == ()


def test_active_raiders_move_toward_you_anywhere_and_inactive_ones_wait():
    raiders = Token(TokenKind.RAIDERS, Hex(3, 0))
    step = move_tokens(HexMap(), [raiders, raiders.deactivate()], Hex(0, 0))
    assert step.tokens[0].at.distance(Hex(0, 0)) == 2
    assert step.tokens[1].at == Hex(3, 0)
    assert "(Inactive)" in str(step.tokens[1])
    assert step.tokens[1].activate().active


def test_vendors_npcs_portals_and_the_hum_stay_unless_their_rules_say_otherwise():
    hexmap = region_map(ASH, [Hex(0, 0), Hex(0, 2)])
    still = [Token(kind, Hex(0, 2)) for kind in (TokenKind.VENDOR, TokenKind.NPC, TokenKind.PORTAL, TokenKind.HUM)]
    assert move_tokens(hexmap, still, Hex(0, 0)).moves == ()
    wandering_npc = Token(TokenKind.NPC, Hex(0, 2), movement=Movement.TOWARD)
    assert move_tokens(hexmap, [wandering_npc], Hex(0, 0)).tokens[0].at == Hex(0, 1)
    assert wandering_npc.moves is Movement.TOWARD
    assert Token(TokenKind.CREATURE, Hex(0, 0)).moves is Movement.TOWARD_IN_REGION


def test_a_token_entering_your_hex_resolves_before_movement_goes_on():
    hexmap = region_map(ASH, [Hex(0, 0), Hex(0, 1), Hex(0, 2), Hex(1, 0)])
    first = Token(TokenKind.CREATURE, Hex(0, 1), name="Husk")
    second = Token(TokenKind.CREATURE, Hex(0, 2), name="Maw")
    third = Token(TokenKind.RAIDERS, Hex(2, 0))
    step = move_tokens(hexmap, [first, second, third], Hex(0, 0))
    assert step.encounter == 0
    assert step.next_index == 1
    assert not step.finished
    assert step.tokens[0].at == Hex(0, 0)
    assert step.tokens[1].at == Hex(0, 2)  # not moved yet
    assert "enters your Hex: resolve it" in str(step)
    rest = move_tokens(hexmap, step.tokens, Hex(0, 0), start=step.next_index)
    assert rest.tokens[1].at == Hex(0, 1)
    assert rest.tokens[2].at == Hex(1, 0)
    assert rest.finished


def test_last_token_entering_your_hex_finishes_movement():
    step = move_tokens(HexMap(), [Token(TokenKind.RAIDERS, Hex(1, 0))], Hex(0, 0))
    assert step.encounter == 0
    assert step.next_index is None


def test_token_resolution():
    here = Hex(0, 0)
    assert token_resolution(Token(TokenKind.CREATURE, here)) is TokenResolution.ENCOUNTER
    assert token_resolution(Token(TokenKind.CREATURE, here, active=False)) is TokenResolution.NOTHING
    assert token_resolution(Token(TokenKind.HUM, here)) is TokenResolution.REACH_HUM
    assert token_resolution(Token(TokenKind.ANOMALY, here)) is TokenResolution.DISCOVER_ANOMALY
    assert token_resolution(Token(TokenKind.ANOMALY, here, discovered=True)) is TokenResolution.NOTHING
    assert token_resolution(Token(TokenKind.PORTAL, here)) is TokenResolution.NOTHING
    assert token_resolution(Token(TokenKind.RAIDERS, here)) is TokenResolution.ENCOUNTER
    assert token_resolution(Token(TokenKind.VENDOR, here, mandatory=False)) is TokenResolution.OPTIONAL_ENCOUNTER
    assert token_resolution(Token(TokenKind.NPC, here, mandatory=False)) is TokenResolution.OPTIONAL_ENCOUNTER
    assert str(TokenResolution.REACH_HUM) == "remove the Hum Token and Discover Ruin"


def test_tokens_at():
    tokens = [Token(TokenKind.CREATURE, Hex(0, 0)), Token(TokenKind.PORTAL, Hex(1, 0)), Token(TokenKind.NPC, Hex(0, 0))]
    assert tokens_at(tokens, Hex(0, 0)) == (0, 2)
    assert tokens_at(tokens, Hex(5, 0)) == ()


def test_bad_input_raises_and_changes_nothing():
    tokens = (Token(TokenKind.RAIDERS, Hex(2, 0)),)
    with pytest.raises(tc.InvalidInput, match="start must be an int from 0 to 1"):
        move_tokens(HexMap(), tokens, Hex(0, 0), start=2)
    with pytest.raises(TypeError, match="tokens\\[0\\] must be a Token"):
        move_tokens(HexMap(), ["raiders"], Hex(0, 0))
    with pytest.raises(TypeError, match="wanderer must be a Hex"):
        move_tokens(HexMap(), tokens, (0, 0))
    with pytest.raises(TypeError):
        Token("Creature", Hex(0, 0))
    assert tokens[0].at == Hex(2, 0)


@given(
    st.lists(st.tuples(st.sampled_from(list(TokenKind)), st.integers(-6, 6), st.integers(-6, 6)), max_size=8),
    st.integers(-3, 3),
    st.integers(-3, 3),
)
def test_movement_never_moves_a_token_more_than_one_hex_or_away_from_you(specs, wq, wr):
    wanderer = Hex(wq, wr)
    tiles = {Hex(q, r) for _, q, r in specs} | {wanderer}
    hexmap = HexMap(regions=(ASH,), tiles=[Tile(h, region="Ash") for h in tiles])
    tokens = tuple(Token(kind, Hex(q, r)) for kind, q, r in specs)
    start = 0
    current = tokens
    while True:
        step = move_tokens(hexmap, current, wanderer, start=start)
        for move in step.moves:
            assert move.start.distance(move.end) == 1
            assert move.end.distance(wanderer) == move.start.distance(wanderer) - 1
        if step.encounter is not None:
            assert step.tokens[step.encounter].at == wanderer
        current = step.tokens
        if step.finished:
            break
        start = step.next_index
    assert len(current) == len(tokens)


def test_json_round_trip():
    token = Token(TokenKind.VENDOR, Hex(1, 2), name="Scrap Dealer", movement=Movement.STILL, mandatory=False)
    assert Token.from_dict(json.loads(json.dumps(token.to_dict()))) == token
    step = move_tokens(HexMap(), [Token(TokenKind.RAIDERS, Hex(0, 1))], Hex(0, 0))
    assert MovementStep.from_dict(json.loads(json.dumps(step.to_dict()))) == step
    assert str(token) == "Vendor Scrap Dealer at (1,2)"
    assert Direction.N  # compass used by tokens' neighbours
