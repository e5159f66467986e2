"""RESIDUE's Tokens on the HexMap and Token Movement.

A :class:`Token` is a Creature, the Hum, an Anomaly, a Portal, Raiders, a
Vendor or an NPC standing on a Hex. A Token resolves when the Wanderer enters
its Hex or when it enters the Wanderer's Hex (:func:`token_resolution` says
what resolving it means).

Token Movement is the first step of the Rest Phase. Tokens move in the order
they are listed; :func:`move_tokens` stops as soon as one enters the
Wanderer's Hex, so the caller resolves that Encounter *before* movement goes
on (call :func:`move_tokens` again with ``start=step.next_index``).

Readings the glossary leaves open, chosen as a player at the table would:

* Creatures move 1 Hex toward the Wanderer when their Hex is in the Wanderer's
  Region, and stay inside that Region (among the steps that get closer, the
  first one clockwise from North that stays in the Region; none: it waits).
* Active Raiders move 1 Hex toward the Wanderer wherever they are.
* Vendors, NPCs, Anomalies, Portals and the Hum do not move unless the caller
  gives them a :class:`Movement` (their own rules).
* An Inactive Token neither moves nor initiates an Encounter, even when the
  Wanderer walks onto its Hex, until it is activated.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from tabletop_core._enum import Enum
from tabletop_core._fast import fast_build, fast_replace
from tabletop_core._frozen import frozen
from tabletop_core._record import Record
from tabletop_core._typed import check_fields
from tabletop_core._validate import check_int, check_type, clip, of_type, one_line, tuple_of
from tabletop_core.errors import InvalidInput
from tabletop_core.residue.combat import Creature
from tabletop_core.residue.hexmap import Hex, HexMap

__all__ = [
    "Movement",
    "MovementStep",
    "Token",
    "TokenKind",
    "TokenMove",
    "TokenResolution",
    "move_tokens",
    "token_resolution",
    "tokens_at",
]


class TokenKind(Enum):
    """The kinds of Token the glossary names."""

    CREATURE = "Creature"
    HUM = "Hum"
    ANOMALY = "Anomaly"
    PORTAL = "Portal"
    RAIDERS = "Raiders"
    VENDOR = "Vendor"
    NPC = "NPC"

    def __str__(self) -> str:
        return self.value


class Movement(Enum):
    """How a Token moves during Token Movement."""

    STILL = "does not move"
    TOWARD_IN_REGION = "moves 1 Hex toward you within your Region"
    TOWARD = "moves 1 Hex toward you"

    def __str__(self) -> str:
        return self.value


_DEFAULT_MOVEMENT = {
    TokenKind.CREATURE: Movement.TOWARD_IN_REGION,
    TokenKind.RAIDERS: Movement.TOWARD,
}


class TokenResolution(Enum):
    """What resolving a Token means."""

    ENCOUNTER = "Encounter"
    OPTIONAL_ENCOUNTER = "optional Encounter"
    REACH_HUM = "remove the Hum Token and Discover Ruin"
    DISCOVER_ANOMALY = "Discover Anomaly"
    NOTHING = "nothing happens"

    def __str__(self) -> str:
        return self.value


def _default_movement(token: Token) -> Movement:
    return _DEFAULT_MOVEMENT.get(token.kind, Movement.STILL)


@frozen
class Token(Record):
    """One Token on the HexMap.

    Args:
        kind: What the Token represents.
        at: The Hex it stands on.
        name: A label (the Creature's or NPC's name); free text.
        active: ``False`` for an Inactive Token (it neither moves nor initiates Encounters).
        movement: How it moves; ``None`` takes the kind's default (Creatures
            within your Region, Raiders toward you, the rest stay put).
        mandatory: For Raiders, Vendors and NPCs, whether their section makes
            the Encounter mandatory (Creatures always trigger one).
        discovered: For an Anomaly, whether it has been Discovered already.
        foe: For a Creature or Raiders Token in a Journey, the Creature it stands for
            (with its current HP); ``None`` otherwise.
    """

    _optional_keys = ("foe",)  # added after format 1: its saves lack them

    kind: TokenKind = attrs.field(validator=of_type(TokenKind))
    at: Hex = attrs.field(validator=of_type(Hex))
    name: str = attrs.field(default="", validator=one_line())
    active: bool = attrs.field(default=True, validator=of_type(bool))
    movement: Movement | None = attrs.field(default=None, validator=attrs.validators.optional(of_type(Movement)))
    mandatory: bool = attrs.field(default=True, validator=of_type(bool))
    discovered: bool = attrs.field(default=False, validator=of_type(bool))
    foe: Creature | None = attrs.field(default=None, validator=attrs.validators.optional(of_type(Creature)))

    @property
    def moves(self) -> Movement:
        """How this Token moves (its own :attr:`movement` or the kind's default)."""
        return self.movement if self.movement is not None else _default_movement(self)

    def move_to(self, where: Hex) -> Token:
        """The same Token on *where*."""
        check_type("where", where, Hex)
        return fast_replace(self, at=where)  # a checked Hex: nothing else to validate (Token Movement's hot step)

    def activate(self) -> Token:
        """The Token made Active."""
        return attrs.evolve(self, active=True)

    def deactivate(self) -> Token:
        """The Token made Inactive."""
        return attrs.evolve(self, active=False)

    def __str__(self) -> str:
        label = f"{self.kind} {self.name}".rstrip()
        state = "" if self.active else " (Inactive)"
        return f"{label} at {self.at}{state}"


def token_resolution(token: Token) -> TokenResolution:
    """What resolving *token* means, when the Wanderer and it share a Hex.

    * Creature: an Encounter (unless Inactive).
    * Hum: remove the Hum Token and Discover Ruin.
    * Anomaly: Discover Anomaly if it is not yet Discovered, else nothing.
    * Portal: no Encounter (it is a Fast Travel point).
    * Raiders, Vendors, NPCs: an Encounter, mandatory or optional as their section says.
    """
    check_type("token", token, Token)
    if token.kind is TokenKind.HUM:
        return TokenResolution.REACH_HUM
    if token.kind is TokenKind.ANOMALY:
        return TokenResolution.NOTHING if token.discovered else TokenResolution.DISCOVER_ANOMALY
    if token.kind is TokenKind.PORTAL or not token.active:
        return TokenResolution.NOTHING
    if token.kind is TokenKind.CREATURE or token.mandatory:
        return TokenResolution.ENCOUNTER
    return TokenResolution.OPTIONAL_ENCOUNTER


def tokens_at(tokens: Sequence[Token], where: Hex) -> tuple[int, ...]:
    """The indexes of the Tokens standing on *where*, in list order.

    Raises:
        TypeError: *where* is not a Hex, or *tokens* is not a sequence of Tokens.
    """
    check_type("where", where, Hex)
    try:
        return tuple(i for i, token in enumerate(tokens) if token.at == where)
    except (AttributeError, TypeError):  # checked only when it fails: the engine calls this on every Hex
        tuple_of("tokens", tokens, Token)
        raise


@frozen
class TokenMove(Record):
    """One Token's move during Token Movement."""

    index: int
    start: Hex
    end: Hex

    def __attrs_post_init__(self) -> None:
        check_fields(self)  # types from the annotations: a tampered save gets a TypeError naming the field

    def __str__(self) -> str:
        return f"Token {self.index + 1}: {self.start} -> {self.end}"


@frozen
class MovementStep(Record):
    """The result of :func:`move_tokens`: Token Movement up to the next Encounter.

    Attributes:
        tokens: Every Token after the moves.
        moves: The moves made, in order.
        encounter: The index of the Token that entered the Wanderer's Hex (resolve
            it now), or ``None`` when Token Movement finished without one.
        next_index: Where Token Movement goes on after the Encounter (``None`` when finished).
    """

    tokens: tuple[Token, ...]
    moves: tuple[TokenMove, ...] = ()
    encounter: int | None = None
    next_index: int | None = None

    def __attrs_post_init__(self) -> None:
        check_fields(self)  # types from the annotations: a tampered save gets a TypeError naming the field

    @property
    def finished(self) -> bool:
        """Whether every Token has had its move."""
        return self.next_index is None

    def __str__(self) -> str:
        moved = ", ".join(str(m) for m in self.moves) or "no Token moves"
        if self.encounter is not None:
            return f"Token Movement: {moved}; {self.tokens[self.encounter]} enters your Hex: resolve it"
        return f"Token Movement: {moved}"


def _step(hexmap: HexMap, token: Token, wanderer: Hex) -> Hex:
    """Where *token* goes this Token Movement."""
    if not token.active or token.at == wanderer:
        return token.at
    moves = token.moves
    if moves is Movement.STILL:
        return token.at
    if moves is Movement.TOWARD:
        return token.at.step_toward(wanderer)
    region = hexmap.region_of(wanderer)
    if region is None or hexmap.region_of(token.at) != region:
        return token.at
    here = token.at.distance(wanderer)
    for candidate in token.at.neighbours():
        if candidate.distance(wanderer) < here and hexmap.region_of(candidate) == region:
            return candidate
    return token.at


def move_tokens(hexmap: HexMap, tokens: Sequence[Token], wanderer: Hex, *, start: int = 0) -> MovementStep:
    """Resolve Token Movement from token *start* on, stopping at the first Encounter.

    Args:
        hexmap: The map (Regions decide which Creatures move).
        tokens: Every Token on the map, in the order they move.
        wanderer: The Wanderer's Hex.
        start: The first Token still to move (``next_index`` of the previous step).

    Returns:
        The Tokens after moving; ``encounter`` names a Token that entered the
        Wanderer's Hex and must be resolved before calling again with
        ``start=next_index``.

    Examples:
        >>> from tabletop_core.residue.hexmap import Hex, HexMap
        >>> raiders = Token(TokenKind.RAIDERS, Hex(0, 2))
        >>> step = move_tokens(HexMap(), [raiders], Hex(0, 0))
        >>> step.tokens[0].at, step.encounter
        (Hex(q=0, r=1), None)
    """
    check_type("hexmap", hexmap, HexMap)
    check_type("wanderer", wanderer, Hex)
    current = list(tokens)
    for index, token in enumerate(current):
        check_type(f"tokens[{index}]", token, Token)
    start = check_int("start", start, low=0)
    if start > len(current):
        raise InvalidInput(f"start must be an int from 0 to {len(current)}, got {clip(start)}")
    # The records below hold the checked Tokens and Hexes and ints worked out here, of the types
    # their checks demand: built without them (every Travel and Rest moves the Tokens).
    moves: list[TokenMove] = []
    for index in range(start, len(current)):
        token = current[index]
        target = _step(hexmap, token, wanderer)
        if target == token.at:
            continue
        moves.append(fast_build(TokenMove, index=index, start=token.at, end=target))
        current[index] = token.move_to(target)
        if target == wanderer:
            following = index + 1 if index + 1 < len(current) else None
            done = tuple(moves)
            return fast_build(MovementStep, tokens=tuple(current), moves=done, encounter=index, next_index=following)
    return fast_build(MovementStep, tokens=tuple(current), moves=tuple(moves), encounter=None, next_index=None)
