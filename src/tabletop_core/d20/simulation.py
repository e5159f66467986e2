"""What many simulated fights found: :class:`EncounterSimulation`, counts that add up across chunks and workers."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from fractions import Fraction
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

import attrs

from tabletop_core._frozen import frozen
from tabletop_core._intervals import wilson_interval
from tabletop_core._record import Record
from tabletop_core._validate import check_int, check_type, clip, int_in, one_line
from tabletop_core.errors import InvalidInput

if TYPE_CHECKING:
    from matplotlib.axes import Axes

__all__ = ["EncounterSimulation"]

_MAX_ROUNDS = 10**6


def _counts(name: str, value: object, key_kind: type) -> Mapping[Any, int]:  # Any: str or int keys
    if not isinstance(value, Mapping):
        raise TypeError(f"{name} must be a mapping of counts, got {type(value).__name__}")
    counts: dict[Any, int] = {}  # Any: str or int keys
    for key, count in value.items():
        if type(key) is not key_kind:
            raise TypeError(f"{name}: keys must be {key_kind.__name__}s, got {type(key).__name__} {clip(key)}")
        counts[key] = check_int(f"{name}[{clip(key)}]", count, low=0)
    # One shape however the counts were gathered: keys sorted, no zero counts (a count of 0 is no entry).
    return MappingProxyType({key: counts[key] for key in sorted(counts) if counts[key]})


def _wins(value: object) -> Mapping[str, int]:
    return _counts("wins", value, str)


def _rounds(value: object) -> Mapping[int, int]:
    return _counts("rounds", value, int)


def _hp_left(value: object) -> Mapping[str, int]:
    return _counts("hp_left", value, str)


def _defeated(value: object) -> Mapping[str, int]:
    return _counts("defeated", value, str)


def _sides(value: object) -> Mapping[str, str]:
    if not isinstance(value, Mapping):
        raise TypeError(f"sides must be a mapping of creature -> side, got {type(value).__name__}")
    for name, side in value.items():
        check_type("sides: a creature", name, str)
        check_type(f"sides[{clip(name)}]", side, str)
    return MappingProxyType(dict(value))


def _int_keys(value: object) -> object:
    """JSON turns int keys into strings: read ``{"3": 1}`` back as ``{3: 1}`` (other keys untouched, then refused)."""
    if not isinstance(value, Mapping):
        return value
    return {
        int(k) if isinstance(k, str) and k.isascii() and k.isdecimal() and len(k) < 19 else k: v
        for k, v in value.items()
    }


def _added(first: Mapping[Any, int], second: Mapping[Any, int]) -> dict[Any, int]:  # Any: str or int keys
    total = Counter(dict(first))
    total.update(dict(second))
    return {key: total[key] for key in sorted(total) if total[key]}


@frozen
class EncounterSimulation(Record):
    """What :func:`~tabletop_core.d20.simulate_encounter` found: how many fights each side won, and at what cost.

    Counts, not one row per fight, so chunks played on other workers add up with ``+``.

    Attributes:
        runs: Fights played.
        policies: Who played each side (``"heroes: focus fire; monsters: weakest"``).
        wins: Fights each side won (the only side with a creature not Defeated).
        draws: Fights that ended with every creature Defeated.
        timeouts: Fights still going when the Round limit was reached.
        rounds: How many Rounds each fight took (Rounds -> fights): the Round it was decided
            in (a defeat at a Round's end counts in that Round), or the limit.
        hp_left: Each creature's HP at the end, added over the fights.
        defeated: In how many fights each creature ended Defeated.
        sides: Each creature's side.
    """

    runs: int = attrs.field(validator=int_in(low=0))
    policies: str = attrs.field(validator=one_line())
    wins: Mapping[str, int] = attrs.field(converter=_wins)
    draws: int = attrs.field(validator=int_in(low=0))
    timeouts: int = attrs.field(validator=int_in(low=0))
    rounds: Mapping[int, int] = attrs.field(converter=_rounds)
    hp_left: Mapping[str, int] = attrs.field(converter=_hp_left)
    defeated: Mapping[str, int] = attrs.field(converter=_defeated)
    sides: Mapping[str, str] = attrs.field(converter=_sides)

    def __attrs_post_init__(self) -> None:
        if sum(self.wins.values()) + self.draws + self.timeouts != self.runs:
            raise InvalidInput("runs must equal the wins + draws + timeouts: each fight ends one way")
        if sum(self.rounds.values()) != self.runs:
            raise InvalidInput("rounds must count every fight once: their counts must add up to runs")
        for rounds in self.rounds:
            check_int("rounds: a number of Rounds", rounds, low=0, high=_MAX_ROUNDS)
        for side in self.wins:
            if side not in set(self.sides.values()):
                sides = ", ".join(clip(name) for name in self.side_names)  # names from a file: one line each
                raise InvalidInput(f"wins: {clip(side)} is not a side of the fight ({sides})")
        for what, counts in (("hp_left", self.hp_left), ("defeated", self.defeated)):
            for name in counts:
                if name not in self.sides:
                    raise InvalidInput(f"{what}: {clip(name)} is not a creature of the fight")
        for name, count in self.defeated.items():
            if count > self.runs:
                raise InvalidInput(f"defeated: {clip(name)} is Defeated in {count} fights of {self.runs}")

    def __reduce__(self) -> tuple[type[EncounterSimulation], tuple[object, ...]]:
        """Pickle support (the counts are read-only views, which pickle cannot copy): for executors' workers."""
        counts = (dict(self.wins), self.draws, self.timeouts, dict(self.rounds), dict(self.hp_left))
        return (EncounterSimulation, (self.runs, self.policies, *counts, dict(self.defeated), dict(self.sides)))

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> EncounterSimulation:  # Any: JSON data
        """Rebuild from :meth:`to_dict` data, also after JSON turned the Round numbers into strings.

        Raises:
            InvalidInput: the data is incomplete, has unknown keys or breaks a rule.
            TypeError: *data* is not a mapping.
        """
        if isinstance(data, Mapping) and "rounds" in data:
            data = {**data, "rounds": _int_keys(data["rounds"])}
        return super().from_dict(data)

    # -- reading -----------------------------------------------------------------------

    @property
    def side_names(self) -> tuple[str, ...]:
        """The sides, in the order their first creature is listed."""
        return tuple(dict.fromkeys(self.sides.values()))

    def win_share(self, side: str) -> Fraction:
        """The share of fights *side* won.

        Raises:
            InvalidInput: not a side of the fight.
        """
        self._side(side)
        return Fraction(self.wins.get(side, 0), self.runs) if self.runs else Fraction(0)

    def win_interval(self, side: str, *, z: float = 1.96) -> tuple[float, float]:
        """The Wilson score interval of :meth:`win_share` (95% by default).

        Raises:
            InvalidInput: not a side of the fight, or no runs.
        """
        self._side(side)
        return wilson_interval(self.wins.get(side, 0), self.runs, z=z)

    def defeat_share(self, name: str) -> Fraction:
        """The share of fights the creature *name* ended Defeated.

        Raises:
            InvalidInput: not a creature of the fight.
        """
        self._creature(name)
        return Fraction(self.defeated.get(name, 0), self.runs) if self.runs else Fraction(0)

    def defeat_interval(self, name: str, *, z: float = 1.96) -> tuple[float, float]:
        """The Wilson score interval of :meth:`defeat_share` (95% by default).

        Raises:
            InvalidInput: not a creature of the fight, or no runs.
        """
        self._creature(name)
        return wilson_interval(self.defeated.get(name, 0), self.runs, z=z)

    def mean_hp_left(self, name: str) -> float:
        """The creature's mean HP at the end of a fight.

        Raises:
            InvalidInput: not a creature of the fight.
        """
        self._creature(name)
        return self.hp_left.get(name, 0) / self.runs if self.runs else 0.0

    @property
    def mean_rounds(self) -> float:
        """The mean number of Rounds a fight took."""
        return sum(r * c for r, c in self.rounds.items()) / self.runs if self.runs else 0.0

    def _side(self, side: str) -> None:
        check_type("side", side, str)
        if side not in self.side_names:
            raise InvalidInput(
                f"side must be one of {', '.join(clip(name) for name in self.side_names)}, got {clip(side)}"
            )

    def _creature(self, name: str) -> None:
        check_type("name", name, str)
        if name not in self.sides:
            raise InvalidInput(f"name must be a creature of the fight ({', '.join(self.sides)}), got {clip(name)}")

    # -- together ------------------------------------------------------------------------

    def __add__(self, other: EncounterSimulation) -> EncounterSimulation:
        """Two chunks of fights of the same simulation, together.

        Raises:
            InvalidInput: the chunks were played by other policies or other creatures.
        """
        check_type("other", other, EncounterSimulation)
        if other.policies != self.policies or dict(other.sides) != dict(self.sides):
            raise InvalidInput("cannot add simulations of different fights (other policies or creatures)")
        return EncounterSimulation(
            runs=self.runs + other.runs,
            policies=self.policies,
            wins=_added(self.wins, other.wins),
            draws=self.draws + other.draws,
            timeouts=self.timeouts + other.timeouts,
            rounds=_added(self.rounds, other.rounds),
            hp_left=_added(self.hp_left, other.hp_left),
            defeated=_added(self.defeated, other.defeated),
            sides=self.sides,
        )

    # -- showing ---------------------------------------------------------------------------

    def __str__(self) -> str:
        if not self.runs:
            return f"no fights ({self.policies})"
        shares = ", ".join(self._share(s) for s in self.side_names)
        return (
            f"{self.runs} fights ({self.policies}): {shares}; draws {self.draws}, timeouts {self.timeouts}; "
            f"{self.mean_rounds:.1f} Rounds on average"
        )

    def _share(self, side: str) -> str:
        low, high = self.win_interval(side)
        return f"{side or '(no side)'} win {float(self.win_share(side)):.1%} [{low:.1%}, {high:.1%}]"

    def to_markdown(self) -> str:
        """A Markdown table: each side's wins with its 95% interval, then each creature's HP left and defeats."""
        rows = ["| side | fights won | share | 95% interval |", "|---|---:|---:|---:|"]
        for side in self.side_names:
            low, high = self.win_interval(side) if self.runs else (0.0, 0.0)
            rows.append(
                f"| {side} | {self.wins.get(side, 0)} | {float(self.win_share(side)):.1%} | {low:.1%} to {high:.1%} |"
            )
        rows += ["", "| creature | side | mean HP left | Defeated in |", "|---|---|---:|---:|"]
        for name, side in self.sides.items():
            rows.append(f"| {name} | {side} | {self.mean_hp_left(name):.1f} | {float(self.defeat_share(name)):.1%} |")
        return "\n".join(rows)

    def _rows(self) -> list[tuple[str, object]]:
        rows: list[tuple[str, object]] = [("fights", self.runs), ("policies", self.policies)]
        for side in self.side_names:
            low, high = self.win_interval(side) if self.runs else (0.0, 0.0)
            rows.append((f"{side} win", f"{float(self.win_share(side)):.1%} (95%: {low:.1%} to {high:.1%})"))
        rows += [("draws", self.draws), ("timeouts", self.timeouts), ("mean Rounds", f"{self.mean_rounds:.2f}")]
        rows += [
            (
                f"{name} ({side})",
                f"HP left {self.mean_hp_left(name):.1f}; Defeated {float(self.defeat_share(name)):.1%}",
            )
            for name, side in self.sides.items()
        ]
        return rows

    def plot(self, *, ax: Axes | None = None, title: str | None = None) -> Axes:
        """Draw each side's win share with its 95% interval, and the draws and timeouts (matplotlib: the plot extra).

        Raises:
            InvalidInput: no runs.
            TypeError: *title* is not a str, or *ax* not a matplotlib Axes.
            MissingExtra: matplotlib is missing.
        """
        from tabletop_core._charts import axes_for as _axes

        if not self.runs:
            raise InvalidInput("plot: no fights to draw")
        if title is not None and not isinstance(title, str):
            raise TypeError(f"title must be a str or None, got {type(title).__name__}")
        axes = _axes(ax)
        labels = [*self.side_names, "draw", "timeout"]
        counts = [self.wins.get(s, 0) for s in self.side_names] + [self.draws, self.timeouts]
        shares = [c / self.runs for c in counts]
        bands = [wilson_interval(c, self.runs) for c in counts]
        errors = [[s - low for s, (low, _h) in zip(shares, bands, strict=True)],
                  [high - s for s, (_l, high) in zip(shares, bands, strict=True)]]  # fmt: skip
        axes.bar(labels, shares, yerr=errors, capsize=4, color="#4c72b0")
        axes.set_ylim(0, 1)
        axes.set_ylabel("share of fights (95% interval)")
        axes.set_title(title or f"{self.runs} fights: {self.policies}")
        return axes
