"""RESIDUE's Hum: placing the Hum Token with the Compass Die and 2d4+3, and reaching it.

Place the Hum: roll the Compass Die for a direction and 2d4+3 for a distance
(5 to 11 Hexes) from the Wanderer's Hex. The Hum never goes on a Discovered
Hex, whether it has a Region or an Area: then roll the Compass Die again and
follow that direction until the first Hex with neither. The Hum's Hex is the
Ruin Hex: no Area is placed on it, and reaching it removes the Hum Token.

The Compass Die's faces are a parameter (:data:`DEFAULT_COMPASS`): the boxed
game's die is not public, and a d6 whose faces 1..6 read N, NE, SE, S, SW, NW
is the natural reading of a die that picks one of a hex's six directions
(an assumption, documented as such).

Examples:
    >>> from tabletop_core.residue.hexmap import Hex, HexMap
    >>> placed = resolve_hum_placement(HexMap(), Hex(0, 0), compass_roll=4, distance_dice=(2, 3))
    >>> str(placed)
    'Hum: Compass 4 -> S, 2d4+3 = 2+3+3 = 8 -> Hum at (0,8)'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from tabletop_core._fast import fast_build
from tabletop_core._frozen import frozen
from tabletop_core._record import Record
from tabletop_core._typed import check_fields
from tabletop_core._validate import check_int, check_type, clip
from tabletop_core.errors import InvalidInput, RuleError
from tabletop_core.odds import Distribution
from tabletop_core.residue.hexmap import DIRECTIONS, Direction, Hex, HexMap
from tabletop_core.residue.tokens import Token, TokenKind
from tabletop_core.rng import DiceSource, dice_source

if TYPE_CHECKING:
    from tabletop_core.rng import RngLike

__all__ = [
    "DEFAULT_COMPASS",
    "HUM_DISTANCE_BONUS",
    "HumPlacement",
    "hum_distance_odds",
    "place_hum",
    "reach_hum",
    "resolve_hum_placement",
]

DEFAULT_COMPASS: tuple[Direction, ...] = DIRECTIONS
"""The assumed Compass Die: a d6 whose faces 1..6 read N, NE, SE, S, SW, NW."""

HUM_DISTANCE_BONUS = 3
"""The +3 of the Hum's 2d4+3 distance."""


def _check_compass(compass: Sequence[Direction]) -> tuple[Direction, ...]:
    if isinstance(compass, (str, bytes)) or not isinstance(compass, Sequence):
        raise TypeError(f"compass must be a sequence of Direction, got {type(compass).__name__}")
    faces = tuple(compass)
    if not faces:
        raise InvalidInput("compass must have at least one face, got none")
    for index, face in enumerate(faces):
        check_type(f"compass[{index}]", face, Direction)
    return faces


@frozen
class HumPlacement(Record):
    """Where the Hum goes, with every die that placed it.

    Attributes:
        origin: The Hex the distance is counted from (the Wanderer's).
        compass_roll: The Compass Die's face.
        direction: The direction it reads.
        distance_dice: The two d4 of 2d4+3.
        distance: 2d4+3, from 5 to 11.
        target: The Hex *distance* Hexes away in *direction*.
        redirect_roll: The second Compass Die roll, when *target* was discovered.
        redirect_direction: The direction it reads.
        at: The Hex the Hum Token is placed on (the Ruin Hex).
    """

    origin: Hex
    compass_roll: int
    direction: Direction
    distance_dice: tuple[int, int]
    distance: int
    target: Hex
    at: Hex
    redirect_roll: int | None = None
    redirect_direction: Direction | None = None

    def __attrs_post_init__(self) -> None:
        # Free on purpose: which direction a Compass face reads (the caller's compass is not
        # stored), so compass_roll and redirect_roll are only checked to be faces (>= 1).
        check_fields(self)
        check_int("compass_roll", self.compass_roll, low=1)
        for i, die in enumerate(self.distance_dice):
            check_int(f"distance_dice[{i}]", die, low=1, high=4)
        distance = sum(self.distance_dice) + HUM_DISTANCE_BONUS
        if self.distance != distance:
            raise InvalidInput(f"distance must be 2d4+3 = {distance}")
        if self.target != self.origin.neighbour(self.direction, self.distance):
            raise InvalidInput(f"target must be {self.distance} Hexes {self.direction.name} of {self.origin}")
        if (self.redirect_roll is None) != (self.redirect_direction is None):
            raise InvalidInput("redirect_roll and redirect_direction are given together or not at all")
        if self.redirect_roll is None:
            if self.at != self.target:
                raise InvalidInput(f"at must be the target {self.target} when not redirected, got {self.at}")
        else:
            check_int("redirect_roll", self.redirect_roll, low=1)
            if self.at == self.target or self.target.direction_to(self.at) is not self.redirect_direction:
                raise InvalidInput(f"at must lie {self.redirect_direction} of the target {self.target}, got {self.at}")

    @property
    def redirected(self) -> bool:
        """Whether the first target was a Discovered Hex."""
        return self.redirect_roll is not None

    def apply(self, hexmap: HexMap, tokens: Sequence[Token]) -> tuple[HexMap, tuple[Token, ...]]:
        """Mark the Ruin Hex on *hexmap* and add the Hum Token to *tokens*."""
        check_type("hexmap", hexmap, HexMap)
        return hexmap.set_ruin(self.at), (*tokens, Token(TokenKind.HUM, self.at, name="the Hum"))

    def __str__(self) -> str:
        a, b = self.distance_dice
        text = (
            f"Hum: Compass {self.compass_roll} -> {self.direction}, "
            f"2d4+3 = {a}+{b}+{HUM_DISTANCE_BONUS} = {self.distance}"
        )
        if self.redirected:
            text += (
                f" -> {self.target} is discovered; Compass {self.redirect_roll} -> {self.redirect_direction}"
                f" to the first Undiscovered Hex"
            )
        return f"{text} -> Hum at {self.at}"


def resolve_hum_placement(
    hexmap: HexMap,
    origin: Hex,
    *,
    compass_roll: int,
    distance_dice: tuple[int, int],
    redirect_roll: int | None = None,
    compass: Sequence[Direction] = DEFAULT_COMPASS,
) -> HumPlacement:
    """Place the Hum from dice already rolled.

    Args:
        hexmap: The map (a Hex with a Region or an Area cannot hold the Hum).
        origin: The Hex the distance is counted from.
        compass_roll: The Compass Die's face (1..number of compass faces).
        distance_dice: The two d4 of 2d4+3.
        redirect_roll: The second Compass Die roll: required exactly when the
            first target has a Region or an Area.
        compass: The direction each Compass Die face reads (face 1 first).

    Raises:
        InvalidInput: a die does not fit, or *redirect_roll* is missing or not needed.
    """
    check_type("hexmap", hexmap, HexMap)
    check_type("origin", origin, Hex)
    faces = _check_compass(compass)
    compass_roll = check_int("compass_roll", compass_roll, low=1, high=len(faces))
    if not isinstance(distance_dice, Sequence) or len(distance_dice) != 2:
        raise InvalidInput(f"distance_dice must be two d4 values, got {clip(distance_dice)}")
    a = check_int("distance_dice[0]", distance_dice[0], low=1, high=4)
    b = check_int("distance_dice[1]", distance_dice[1], low=1, high=4)
    direction = faces[compass_roll - 1]
    distance = a + b + HUM_DISTANCE_BONUS
    target = origin.neighbour(direction, distance)
    blocked = hexmap.tile(target).has_region_or_area
    if not blocked:
        if redirect_roll is not None:
            raise InvalidInput(f"redirect_roll must be None when {target} is undiscovered, got {clip(redirect_roll)}")
        # Every field as __attrs_post_init__ demands, from the checked dice above: built without it
        # (every simulated Journey places the Hum). The rarer redirect below takes the full checks.
        return fast_build(
            HumPlacement,
            origin=origin,
            compass_roll=compass_roll,
            direction=direction,
            distance_dice=(a, b),
            distance=distance,
            target=target,
            at=target,
            redirect_roll=None,
            redirect_direction=None,
        )
    if redirect_roll is None:
        raise InvalidInput(
            f"redirect_roll must be an int from 1 to {len(faces)}: {target} is discovered, roll the Compass Die again"
        )
    redirect_roll = check_int("redirect_roll", redirect_roll, low=1, high=len(faces))
    redirect = faces[redirect_roll - 1]
    at = hexmap.first_undiscovered(target, redirect)
    return HumPlacement(origin, compass_roll, direction, (a, b), distance, target, at, redirect_roll, redirect)


def _roll_compass(dice: DiceSource, faces: int) -> int:
    """The Compass Die's face; a Compass of one face reads it without a roll (no d1 is asked for)."""
    return dice.roll(faces) if faces > 1 else 1


def place_hum(
    hexmap: HexMap,
    origin: Hex,
    *,
    compass: Sequence[Direction] = DEFAULT_COMPASS,
    rng: RngLike = None,
) -> HumPlacement:
    """Roll the Compass Die and 2d4+3 (and the Compass Die again if needed) to place the Hum.

    Draws the Compass Die, then the two d4, then a second Compass Die only
    when the first target is discovered (a Compass of one face is read, not rolled). Call :meth:`HumPlacement.apply` to
    put the Token on the map.
    """
    check_type("hexmap", hexmap, HexMap)
    check_type("origin", origin, Hex)
    faces = _check_compass(compass)
    dice = dice_source(rng)
    compass_roll = _roll_compass(dice, len(faces))
    a, b = dice.roll(4), dice.roll(4)
    target = origin.neighbour(faces[compass_roll - 1], a + b + HUM_DISTANCE_BONUS)
    redirect = _roll_compass(dice, len(faces)) if hexmap.tile(target).has_region_or_area else None
    return resolve_hum_placement(
        hexmap, origin, compass_roll=compass_roll, distance_dice=(a, b), redirect_roll=redirect, compass=faces
    )


def hum_distance_odds() -> Distribution[int]:
    """The exact distribution of the Hum's distance, 2d4+3: 5..11, 8 the most likely (1/4)."""
    return Distribution.from_function(lambda a, b: a + b + HUM_DISTANCE_BONUS, 4, 4)


def _tokens(tokens: object) -> tuple[Token, ...]:
    """*tokens* as a tuple, checked to be a sequence of :class:`Token` (else ``TypeError``)."""
    if isinstance(tokens, (str, bytes)) or not isinstance(tokens, Sequence):
        raise TypeError(f"tokens must be a sequence of Token, got {type(tokens).__name__}")
    return tuple(check_type(f"tokens[{i}]", token, Token) for i, token in enumerate(tokens))


def reach_hum(tokens: Sequence[Token], where: Hex) -> tuple[Token, ...]:
    """Reach the Hum on *where*: the Tokens without the Hum Token (read the Ruin Entry next).

    Raises:
        RuleError: no Hum Token stands on *where*.
    """
    tokens = _tokens(tokens)
    check_type("where", where, Hex)
    kept = tuple(t for t in tokens if not (t.kind is TokenKind.HUM and t.at == where))
    if len(kept) == len(tokens):
        raise RuleError(f"there is no Hum Token on {where}")
    return kept
