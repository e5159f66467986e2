"""Spaces, Ranges, Origin and Reach: where things are and how far an Effect gets.

Core Rules "Locations", "Origin" and "Reach", with the glossary's Space, Range,
Touch Range, Effect Line and Effect Area:

* **Locations** are measured in Spaces, the grid tiles that measure position,
  distance and Size: a :class:`Space` is one tile (``x``, ``y`` and, for height,
  ``z``); a distance is a whole number of Spaces.
* **Range** is the distance an Effect can Originate from you; **Touch Range** is
  within 1 Space of you (:data:`TOUCH_RANGE`).
* **Origin**: most Effects originate from you; a Spell lists its Origin, measured
  using Range: the Origin must lie within the Effect's Range of its creator.
* **Reach**: Spells and Ranged and Thrown Weapons Reach to their listed Range, Melee
  Weapons to Touch Range. An Action Reaches along an **Effect Line** (straight and
  unobstructed from its Origin to a Target) unless it lists an **Effect Area** (a
  sphere from its Origin out to a given Range).

:func:`check_reach` is the pure rule the encounter calls before an Effect or an
Attack resolves.

Readings (the text gives no geometry beyond "grid tiles"; each is in the docs'
readings list):

* Distance is counted in whole Spaces by a :class:`Metric`: ``"chebyshev"`` (the
  default: a diagonal step is 1 Space, so the 8 tiles around you, and those above and
  below, are within Touch Range) or ``"euclidean"`` (straight-line distance rounded
  up to whole Spaces). An Effect Area's "sphere" is the set of Spaces within its
  Range by that metric.
* An Effect Line is the row of tiles a straight line from the Origin's tile to the
  Target's tile crosses (one tile per step along the longest axis); it is obstructed
  when a tile strictly between the two is blocked (terrain, or an Object large enough
  to function as terrain). Creatures do not obstruct it. An Effect Area is not
  obstructed.
* Every Target of an Effect with a Range lies within that Range of its creator, as
  its Origin does ("the distance an Effect can Originate from you"); an Effect Area's
  Targets lie within the Area's Range of the Origin.

Examples:
    >>> from tabletop_core.d20 import Space
    >>> Space(0, 0).distance(Space(3, 4))
    4
    >>> Space(0, 0).distance(Space(3, 4), metric="euclidean")
    5
    >>> [str(s) for s in Space(0, 0).line(Space(3, 1))]
    ['(0, 0)', '(1, 0)', '(2, 1)', '(3, 1)']
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

from tabletop_core._enum import Enum
from tabletop_core._frozen import frozen
from tabletop_core._record import Record
from tabletop_core._validate import check_int, check_type, int_field
from tabletop_core.d20._checks import checked_label
from tabletop_core.errors import RuleError

__all__ = ["MAX_COORDINATE", "TOUCH_RANGE", "Metric", "Space", "check_reach"]

TOUCH_RANGE = 1
"""Touch Range: Effects that can Originate within 1 Space of you (Melee Weapons Reach to it)."""
MAX_COORDINATE = 10**6
"""The largest coordinate a Space may have (either sign): a map of two million tiles a side."""


class Metric(Enum):
    """How a distance between two Spaces is counted, in whole Spaces (a reading: the text gives no geometry)."""

    CHEBYSHEV = "chebyshev"
    """The longest of the steps along x, y and z: a diagonal step is 1 Space."""
    EUCLIDEAN = "euclidean"
    """The straight-line distance, rounded up to whole Spaces."""

    def __str__(self) -> str:
        return self.value


def _coordinate() -> int:
    return int_field(low=-MAX_COORDINATE, high=MAX_COORDINATE, default=0)  # type: ignore[no-any-return]


def _step(delta: int, t: int, n: int) -> int:
    """``round(delta * t / n)``, halves away from zero, in integers (exact for any size)."""
    q = (abs(delta) * t * 2 + n) // (2 * n)
    return q if delta >= 0 else -q


@frozen
class Space(Record):
    """One grid tile: a position in Spaces.

    Args:
        x: Across.
        y: Along.
        z: Up (0 on the ground; a fall drops 1 or more Spaces).

    Raises:
        InvalidInput: a coordinate beyond ±:data:`MAX_COORDINATE`.
        TypeError: a coordinate that is not an int.
    """

    x: int = _coordinate()
    y: int = _coordinate()
    z: int = _coordinate()

    def distance(self, other: Space, *, metric: Metric | str = Metric.CHEBYSHEV) -> int:
        """How many Spaces lie between this tile and *other* (0 for the same tile).

        Raises:
            TypeError: *other* is not a Space.
            InvalidInput: an unknown metric.
        """
        check_type("other", other, Space)
        metric = Metric.parse(metric)
        dx, dy, dz = abs(self.x - other.x), abs(self.y - other.y), abs(self.z - other.z)
        if metric is Metric.CHEBYSHEV:
            return max(dx, dy, dz)
        squared = dx * dx + dy * dy + dz * dz
        root = math.isqrt(squared)
        return root if root * root == squared else root + 1

    def line(self, other: Space) -> tuple[Space, ...]:
        """The tiles an Effect Line crosses from this tile to *other*, both ends included.

        One tile per step along the longest axis, the others rounded to the nearest
        tile (halves away from the start): the same tiles whichever way it is drawn
        when no rounding falls on a half.

        Raises:
            TypeError: *other* is not a Space.
        """
        check_type("other", other, Space)
        dx, dy, dz = other.x - self.x, other.y - self.y, other.z - self.z
        n = max(abs(dx), abs(dy), abs(dz))
        if n == 0:
            return (self,)
        return tuple(
            Space(self.x + _step(dx, t, n), self.y + _step(dy, t, n), self.z + _step(dz, t, n)) for t in range(n + 1)
        )

    def __str__(self) -> str:
        return f"({self.x}, {self.y})" if self.z == 0 else f"({self.x}, {self.y}, {self.z})"


def check_reach(
    *,
    effect: str,
    creator: Space,
    targets: Sequence[tuple[str, Space]],
    reach: int | None,
    origin: Space | None = None,
    area: int | None = None,
    blocked: Iterable[Space] = (),
    metric: Metric | str = Metric.CHEBYSHEV,
) -> None:
    """Refuse an Effect whose Origin or Targets lie beyond its Reach (Core Rules "Origin" and "Reach"; pure).

    Args:
        effect: The Effect's name, for the messages.
        creator: Where its creator stands.
        targets: Each Target's name and Space.
        reach: The Range it Reaches to, in Spaces (Touch Range is 1); ``None``: not measured.
        origin: Where it Originates (a Spell lists it); ``None``: from its creator.
        area: An Effect Area's Range from the Origin; ``None``: it Reaches along an Effect Line.
        blocked: Spaces that obstruct an Effect Line.
        metric: How distances are counted.

    Raises:
        RuleError: the Origin or a Target is out of Range, a Target is outside the
            Effect Area, or an Effect Line to a Target is obstructed.

    Examples:
        >>> check_reach(effect="Sword", creator=Space(0, 0), targets=[("Ogre", Space(1, 1))], reach=1)
        >>> check_reach(effect="Sword", creator=Space(0, 0), targets=[("Ogre", Space(2, 0))], reach=1)
        Traceback (most recent call last):
        ...
        tabletop_core.errors.RuleError: Sword Reaches 1 Space: Ogre at (2, 0) is 2 Spaces away
    """
    effect = checked_label("effect", effect)
    check_type("creator", creator, Space)
    if origin is not None:
        check_type("origin", origin, Space)
    reach = None if reach is None else check_int("reach", reach, low=0)
    area = None if area is None else check_int("area", area, low=0)
    if isinstance(targets, (str, bytes)) or not isinstance(targets, Iterable):
        raise TypeError(f"targets must be a sequence of (name, Space) pairs, got {type(targets).__name__}")
    pairs = []
    for i, pair in enumerate(targets):
        if not isinstance(pair, tuple) or len(pair) != 2:
            raise TypeError(f"targets[{i}] must be a (name, Space) pair, got {type(pair).__name__}")
        pairs.append((checked_label(f"targets[{i}][0]", pair[0]), check_type(f"targets[{i}][1]", pair[1], Space)))
    if isinstance(blocked, (str, bytes)) or not isinstance(blocked, Iterable):
        raise TypeError(f"blocked must be Spaces, got {type(blocked).__name__}")
    walls = frozenset(check_type(f"blocked[{i}]", b, Space) for i, b in enumerate(blocked))
    metric = Metric.parse(metric)
    start = creator if origin is None else origin
    if reach is not None:
        away = creator.distance(start, metric=metric)
        if away > reach:
            raise RuleError(
                f"{effect} can Originate {_spaces(reach)} from its creator: {start} is {_spaces(away)} away"
            )
    for name, at in pairs:
        if area is not None:
            gap = start.distance(at, metric=metric)
            if gap > area:
                raise RuleError(
                    f"{effect}'s Effect Area reaches {_spaces(area)} from {start}: "
                    f"{name} at {at} is {_spaces(gap)} away"
                )
            continue
        if reach is not None:
            gap = creator.distance(at, metric=metric)
            if gap > reach:
                raise RuleError(f"{effect} Reaches {_spaces(reach)}: {name} at {at} is {_spaces(gap)} away")
        path = start.line(at)
        for tile in path[1:-1]:
            if tile in walls:
                raise RuleError(f"{effect}'s Effect Line from {start} to {name} at {at} is obstructed at {tile}")


def _spaces(n: int) -> str:
    return f"{n} Space" if n == 1 else f"{n} Spaces"
